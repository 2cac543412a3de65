// Triggers on unmodified save rolls, the kernel's twin of src/aos/battle/save-triggers.ts (read its comment for
// the rules): the effect records of kind save-roll (38, encode.ts TRIGGER_KINDS; slots EF.TRIG_*), read before
// the attack's dice, then played after the attack ability with the sampler's count of unmodified 1s and 6s
// (aos_odds.ts saveOnes, saveSixes). The same records in the same order, the same dice.
import { saveOnes, saveSixes } from "../aos_odds";
import { roll } from "../rng";
import { destroyIfSlain, inflictMortal } from "./actions";
import { EF, MAX_EFFECTS, US } from "./layout";
import { efI, hasKind, kindRecs, sourceFor } from "./effects";
import { deployed, setSt } from "./state";
import { recBit } from "./state";

const SAVE_ROLL: i32 = 38;

/** The records that concern the attack being made (bit k), and each one's unit with the ability. */
let triggers: u64 = 0;
const SOURCES = memory.data(MAX_EFFECTS * 4, 4);

/** save-triggers.ts saveTriggers: the save-roll records that concern `a`'s attacks of one type on `t`. */
export function saveTriggers(a: i32, t: i32, melee: bool): void {
  triggers = 0;
  if (!hasKind(SAVE_ROLL)) return;
  for (let m = kindRecs(SAVE_ROLL); m != 0; m &= m - 1) {
    const k = <i32>ctz<u64>(m);
    const attack = efI(k, EF.ATTACK);
    if (attack != 0 && (attack == 1) != melee) continue;
    const s = sourceFor(k, t);
    if (s < 0) continue;
    triggers |= recBit(k);
    store<i32>(SOURCES + (<usize>k << 2), s);
  }
}

/** save-triggers.ts applySaveTriggers: after the attack ability (`damage` -1: no attack was made, no rolls). */
export function applySaveTriggers(a: i32, damage: i32): void {
  if (triggers == 0 || damage < 0) return;
  for (let m = triggers; m != 0; m &= m - 1) {
    const k = <i32>ctz<u64>(m);
    const n = efI(k, EF.TRIG_ROLL) == 1 ? saveOnes : saveSixes;
    if (n == 0) continue;
    const s = load<i32>(SOURCES + (<usize>k << 2));
    if (efI(k, EF.TRIG_REMOVE_TOKEN) != 0) {
      setSt(s, US.TRIGGER_TOKEN, false);
      continue;
    }
    if (!deployed(a)) continue;
    const count = efI(k, EF.DICE_COUNT);
    const sides = efI(k, EF.DICE_SIDES);
    const plus = efI(k, EF.VALUE);
    let points = 0;
    for (let i = 0; i < n; i++) {
      let v = plus;
      for (let j = 0; j < count; j++) v += roll(<u32>sides);
      points += v < 0 ? 0 : v;
    }
    inflictMortal(a, points, s);
    destroyIfSlain(a, s, false);
  }
  triggers = 0;
}
