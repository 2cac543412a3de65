// The react4 area's casting and unbinding reactions (docs/abilities.md "Casting and unbinding reactions (react4)"),
// the kernel's twin of src/aos/battle/react4.ts, played inside actions.ts castingRollValue (spells.ts's twin).
// Records (encode-react4.ts REACT4_KINDS; room react4: kind codes 178-185, EF 198, H 208-211, U 119, UI 79, US bit
// 1<<29): 178 `unbind-mortal` (EF.DICE_SIDES its dice, EF.VALUE the unbinding roll of `high`, 0 without,
// EF.DMG_SIDES `high`'s dice), 179 `unbind-3d6`, 180 `casting-gamble` (EF.EACH the mortal damage on a 1, EF.ON, EF.VALUE
// the addition), 181 `casting-reroll`, 182 `unbind-for-target` (EF.VALUE the addition, EF.DICE_SIDES the mortal
// damage's dice; its whom in the generic slots). A limited one (EF.LIMITED 2: "Once Per Turn (Army)") is used for the phase in
// H.EFFECT_PHASE* (BattleData.commandsUsed), as the charge re-rolls' reactions. No header, unit or EF slot of the room.
import { roll } from "../rng";
import { destroyIfSlain, inflictMortal } from "./actions";
import { EF } from "./layout";
import { effectPhase0, effectPhase1, efI, hasKind, nEffects, whomHolds } from "./effects";
import { deployed, hasRec, owner, recBit, UM } from "./state";

export const UNBIND_MORTAL: i32 = 178;
export const UNBIND_3D6: i32 = 179;
export const CASTING_GAMBLE: i32 = 180;
export const CASTING_REROLL: i32 = 181;
export const UNBIND_FOR_TARGET: i32 = 182;

/** react4.ts effectOf: the first record of `kind` whose ability u has, not used this phase if it is limited; -1 if none. */
function recordOf(u: i32, kind: i32): i32 {
  if (!hasKind(kind)) return -1;
  const p = owner(u);
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != kind || !hasRec(u, UM.EF_SOURCE, k)) continue;
    if (efI(k, EF.LIMITED) == 2 && ((p == 0 ? effectPhase0 : effectPhase1) & recBit(k)) != 0) continue;
    return k;
  }
  return -1;
}

function use(u: i32, k: i32): void {
  if (efI(k, EF.LIMITED) != 2) return;
  if (owner(u) == 0) effectPhase0 |= recBit(k);
  else effectPhase1 |= recBit(k);
}

/** react4.ts castingGamble: the addition to the casting roll, or -1 when the caster was destroyed by the 1. */
/** react4.ts lastGamble: what Bargain added to the last casting roll (warscroll-spells.ts castSpell's `mod`). */
export let gambleAdded: i32 = 0;

export function castingGamble(w: i32): i32 {
  gambleAdded = 0;
  const k = recordOf(w, CASTING_GAMBLE);
  if (k < 0) return 0;
  use(w, k);
  const r = roll(6);
  if (r == 1) {
    inflictMortal(w, efI(k, EF.EACH), w);
    destroyIfSlain(w, -1, false);
    return deployed(w) ? 0 : -1;
  }
  gambleAdded = r >= efI(k, EF.ON) ? efI(k, EF.VALUE) : 0;
  return gambleAdded;
}

/** The casting roll's dice after castingReroll (react4.ts): the two dice. */
export let diceA: i32 = 0;
export let diceC: i32 = 0;

/** react4.ts castingReroll: diceA / diceC, the first lowest re-rolled when they would miscast or fall short. */
export function castingReroll(w: i32, a: i32, c: i32, rest: i32, castingValue: i32): void {
  diceA = a;
  diceC = c;
  if (!(a == 1 && c == 1) && a + c + rest >= castingValue) return;
  const k = recordOf(w, CASTING_REROLL);
  if (k < 0) return;
  use(w, k);
  if (c < a) diceC = roll(6);
  else diceA = roll(6);
}

/** react4.ts unbindingDice: 3 with Screamin' Mandrakk's reaction, else 2. */
export function unbindingDice(u: i32): i32 {
  return recordOf(u, UNBIND_3D6) >= 0 ? 3 : 2;
}

/** Whether u has Screamin' Mandrakk's reaction (react4.ts unbinderOf: such a unit unbinds first). */
export function unbindsFirst(u: i32): bool {
  return recordOf(u, UNBIND_3D6) >= 0;
}

/** react4.ts eaterFor: e's `unbind-for-target` record when its whom names one of the spell's targets (a mask), else -1. */
export function eaterFor(e: i32, targets: u64): i32 {
  if (targets == 0) return -1;
  const k = recordOf(e, UNBIND_FOR_TARGET);
  if (k < 0) return -1;
  for (let m = targets; m != 0; m &= m - 1) if (whomHolds(k, e, <i32>ctz<u64>(m))) return k;
  return -1;
}

/** react4.ts mortalOnCaster. */
function mortalOnCaster(unbinder: i32, caster: i32, sides: i32): void {
  if (!deployed(caster)) return;
  inflictMortal(caster, roll(sides), unbinder);
  destroyIfSlain(caster, unbinder, false);
}

/** react4.ts afterUnbind: the unbinder's `unbind-mortal` damage on the caster, then Spell-eaters' (record `eater`, -1 if not used). */
export function afterUnbind(unbinder: i32, caster: i32, unbinding: i32, eater: i32): void {
  const k = recordOf(unbinder, UNBIND_MORTAL);
  if (k >= 0) {
    const high = efI(k, EF.VALUE);
    mortalOnCaster(unbinder, caster, high > 0 && unbinding >= high ? efI(k, EF.DMG_SIDES) : efI(k, EF.DICE_SIDES));
  }
  if (eater >= 0) mortalOnCaster(unbinder, caster, efI(eater, EF.DICE_SIDES));
}
