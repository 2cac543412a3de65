// The passive2 area's kinds in the kernel, the twin of src/aos/battle/passive2.ts (read its comment for the rules):
// the cast-heal records (kind 148: EF.P2_HEAL, afterCast after each spell cast); the unbinding and chanting records (kinds 146, 147: EF.VALUE added to those rolls, rollBonus); the power-level records (kind 145: EF.VALUE, the conditions of any record) read where spells and prayers are
// counted (powerLevel); the slain-roll records (kind 144, encode.ts PASSIVE2_KINDS; slots EF.P2_ON, EF.P2_DICE, the mortal dice in
// DICE_COUNT, DICE_SIDES, VALUE), read before a fight's dice, played after the FIGHT ability (after the save-roll
// triggers) with the models of the target its attacks slew. The `power` kind has no kernel code: the encoder
// writes the power level and keywords create.ts gave the profile. The same records in the same order, the same dice.
import { roll } from "../rng";
import { destroyIfSlain, inflictMortal } from "./actions";
import { EF, MAX_EFFECTS } from "./layout";
import { efI, hasKind, nEffects, sourceFor } from "./effects";
import { deployed, recBit, setUi, UI, ui } from "./state";
import { healingForbidden } from "./healing";
import { castingTurnBonus, powerTurnBonus } from "./magic6";

const SLAIN_ROLL: i32 = 144;
const POWER_LEVEL: i32 = 145;
export const UNBINDING: i32 = 146;
export const CHANTING: i32 = 147;
const CAST_HEAL: i32 = 148;

/** passive2.ts afterCast: after a SPELL ability `w` cast successfully has been resolved, its cast-heal records heal it. */
export function afterCast(w: i32): void {
  if (!hasKind(CAST_HEAL) || !deployed(w) || ui(w, UI.DAMAGE) == 0 || healingForbidden(w)) return;
  let heal = 0;
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == CAST_HEAL && sourceFor(k, w) >= 0) heal += efI(k, EF.P2_HEAL);
  const healed = min<i32>(ui(w, UI.DAMAGE), heal);
  if (healed > 0) setUi(w, UI.DAMAGE, ui(w, UI.DAMAGE) - healed);
}

/** passive2.ts rollBonus: the sum of the records of `kind` (UNBINDING, CHANTING) that apply to `u` (each once). */
export function rollBonus(u: i32, kind: i32): i32 {
  const held = kind == CHANTING ? castingTurnBonus(u, true) : 0; // magic6.ts: for a while
  if (!hasKind(kind)) return held;
  let sum = held;
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == kind && sourceFor(k, u) >= 0) sum += efI(k, EF.VALUE);
  return sum;
}

/** passive2.ts powerLevel: `u`'s WIZARD (`priest` false) or PRIEST power level now, at least 0. */
export function powerLevel(u: i32, priest: bool): i32 {
  const base = ui(u, priest ? UI.PRIEST : UI.WIZARD);
  if (base == 0) return base;
  const held = powerTurnBonus(u); // magic6.ts: for the rest of the turn
  if (!hasKind(POWER_LEVEL)) return max<i32>(0, base + held);
  let add = held;
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == POWER_LEVEL && sourceFor(k, u) >= 0) add += efI(k, EF.VALUE);
  return max<i32>(0, base + add);
}

/** The records that concern the fight being made (bit k), and each one's unit with the ability. */
let slainTriggers: u64 = 0;
const SOURCES = memory.data(MAX_EFFECTS * 4, 4);

/** passive2.ts slainTriggers: the slain-roll records that concern a fight on `t`. */
export function findSlainTriggers(t: i32): void {
  slainTriggers = 0;
  if (!hasKind(SLAIN_ROLL)) return;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != SLAIN_ROLL) continue;
    const s = sourceFor(k, t);
    if (s < 0) continue;
    slainTriggers |= recBit(k);
    store<i32>(SOURCES + (<usize>k << 2), s);
  }
}

/** passive2.ts applySlainTriggers: after the FIGHT ability of `a`, `slain` models of its target slain by its attacks. */
export function applySlainTriggers(a: i32, slain: i32): void {
  if (slainTriggers == 0) return;
  const m0 = slainTriggers;
  slainTriggers = 0;
  if (slain <= 0) return;
  for (let m = m0; m != 0; m &= m - 1) {
    if (!deployed(a)) return;
    const k = <i32>ctz<u64>(m);
    const on = efI(k, EF.P2_ON);
    const n = slain * efI(k, EF.P2_DICE);
    const count = efI(k, EF.DICE_COUNT);
    const sides = efI(k, EF.DICE_SIDES);
    const plus = efI(k, EF.VALUE);
    let points = 0;
    for (let i = 0; i < n; i++) {
      if (roll(6) < on) continue;
      let v = plus;
      for (let j = 0; j < count; j++) v += roll(<u32>sides);
      points += v < 0 ? 0 : v;
    }
    if (points <= 0) continue;
    const s = load<i32>(SOURCES + (<usize>k << 2));
    inflictMortal(a, points, s);
    destroyIfSlain(a, s, false);
  }
}
