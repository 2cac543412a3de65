// Mortal damage, slays and healing in every phase: the kernel's twin of src/aos/battle/damage.ts (read its
// comment for the rules and the policy). Mortal records with EF.D_NEW (the forms beyond the first ones: dice per
// the target's Health or damage points, minimum and maximum dice, a first dice, summed dice, a roll against a
// characteristic, a better damage on a high roll, bonuses to the rolls, more damage in total), heal records of
// kind STEP_HEAL (84) that the declared steps play, and the per-unit "Once Per Battle" mask (UI.DMG_BATTLE_*).
import { roll } from "../rng";
import { EF, US } from "./layout";
import { efI, whomHolds } from "./effects";
import { healingForbidden } from "./healing";
import { canSee } from "./paths";
import { deployedOf, hasRec, owner, recBit, round, setUi, st, ui, UI, UM } from "./state";

/** encode.ts STEP_HEAL_KIND. */
export const STEP_HEAL: i32 = 84;

// @ts-ignore: decorator
@inline function maskOf(u: i32, lo: i32, hi: i32): u64 { return (<u64><u32>ui(u, lo)) | ((<u64><u32>ui(u, hi)) << 32); }

/** damage.ts usedByUnit: unit u used record k's "Once Per Battle" (its own). */
export function usedByUnit(u: i32, k: i32): bool {
  return (maskOf(u, UI.DMG_BATTLE_LO, UI.DMG_BATTLE_HI) & recBit(k)) != 0;
}

/** damage.ts markUsedByUnit. */
export function markUsedByUnit(u: i32, k: i32): void {
  if (k < 32) setUiOr(u, UI.DMG_BATTLE_LO, 1 << k);
  else setUiOr(u, UI.DMG_BATTLE_HI, 1 << (k - 32));
}

// @ts-ignore: decorator
@inline function setUiOr(u: i32, f: i32, bits: i32): void { setUi(u, f, ui(u, f) | bits); }

/** damage.ts mortalDiceCount. */
function diceCount(k: i32, s: i32, t: i32): i32 {
  const per = efI(k, EF.PER);
  const perN =
    per == 0 ? 1 : per == 1 ? ui(s, UI.MODELS) : per == 2 ? ui(t, UI.MODELS) : per == 3 ? round : per == 4 ? ui(t, UI.HEALTH) : per == 5 ? ui(t, UI.DAMAGE) : per == 7 ? ui(s, UI.CHARGE_ROLL) : ui(s, UI.DAMAGE); // 7: move3.ts, the unmodified charge roll
  let n = ((efI(k, EF.D_EXTRA_FLAGS) & 8) != 0 ? 1 : efI(k, EF.DICE_COUNT)) * perN;
  const lo = efI(k, EF.D_MIN);
  const hi = efI(k, EF.D_MAX);
  if (lo > 0 && n < lo) n = lo;
  if (hi > 0 && n > hi) n = hi;
  return n;
}

/** damage.ts rollBonusOf. */
function bonusOf(k: i32, s: i32, t: i32): i32 {
  let add = hasRec(t, UM.EF_NEAR, k) ? efI(k, EF.BONUS_ADD) : 0;
  const rb = efI(k, EF.D_RB_ADD);
  if (rb > 0) {
    const c = efI(k, EF.D_RB_IF);
    // 4: the hashut6 area's "Add the number of daemonic power points this unit has" (times D_RB_ADD).
    if (c == 4) return add + rb * (ui(s, UI.HASHUT) & 3);
    // 3: the target is damaged (the mortal4 area).
    const on = c == 0 ? st(t, US.CHARGED) : c == 1 ? ui(t, UI.MODELS) > ui(s, UI.MODELS) : c == 3 ? ui(t, UI.DAMAGE) > 0 : ui(t, UI.MODELS) > efI(k, EF.D_RB_MODELS);
    if (on) add += rb;
  }
  return add;
}

/** damage.ts rollCounts: a roll with its bonus against the threshold, or the target's characteristic. */
function counts(k: i32, t: i32, r: i32, on: i32): bool {
  if (r < on) return false;
  const stat = efI(k, EF.D_VS_STAT);
  if (stat == 0) return true;
  if (stat == 2 && ui(t, UI.SAVE) == 0) return false; // no Save characteristic: nothing exceeds it
  const v = stat == 1 ? ui(t, UI.HEALTH) : stat == 2 ? ui(t, UI.SAVE) : stat == 3 ? ui(t, UI.MODELS) : ui(t, UI.DAMAGE);
  const rule = efI(k, EF.D_VS_RULE);
  return rule == 0 ? r > v : rule == 1 ? r <= v : r < v;
}

/** damage.ts extraApplies. */
function extraApplies(k: i32, s: i32, t: i32): bool {
  const flags = efI(k, EF.D_EXTRA_FLAGS) & 7;
  if (flags == 0 && efI(k, EF.D_EXTRA_ADD) == 0) return false;
  if ((flags & 2) != 0 && !st(s, US.CHARGED)) return false;
  if ((flags & 4) != 0 && (maskOf(t, UI.DMG_EXTRA_LO, UI.DMG_EXTRA_HI) & recBit(k)) == 0) return false;
  return true;
}

// @ts-ignore: decorator
@inline function mean2(count: i32, sides: i32, plus: i32): i32 { return count * (sides + 1) + 2 * plus; }

/** damage.ts faceValue (times the scale k). */
function faceValue(k: i32, r: i32): i32 {
  const top = efI(k, EF.D_TOP_FROM);
  const dmgCount = efI(k, EF.DMG_COUNT);
  const scale = dmgCount > 0 || top > 0 ? 2 : 1;
  if (top > 0 && r >= top) return mean2(efI(k, EF.D_TOP_COUNT), efI(k, EF.D_TOP_SIDES), 0);
  if (dmgCount > 0) return mean2(dmgCount, efI(k, EF.DMG_SIDES), efI(k, EF.D_DMG_PLUS));
  const each = efI(k, EF.EACH);
  return scale * (each == 0 ? r : each);
}

/** One face's worth for the pick (damage.ts mortalScoreNew's face). */
function face(k: i32, t: i32, r: i32, on: i32, extra: bool): i32 {
  if (!counts(k, t, r, on)) return 0;
  let v = faceValue(k, r);
  if (extra) {
    const scale = efI(k, EF.DMG_COUNT) > 0 || efI(k, EF.D_TOP_FROM) > 0 ? 2 : 1;
    v += scale * efI(k, EF.D_EXTRA_ADD);
    if ((efI(k, EF.D_EXTRA_FLAGS) & 1) != 0) v *= 2;
  }
  return v;
}

/** damage.ts mortalScoreNew. */
export function scoreNew(k: i32, s: i32, t: i32, on: i32): i32 {
  const n = diceCount(k, s, t);
  const bonus = bonusOf(k, s, t);
  const extra = extraApplies(k, s, t);
  const sides = efI(k, EF.DICE_SIDES);
  let sum = 0;
  if ((efI(k, EF.D_EXTRA_FLAGS) & 8) != 0 && efI(k, EF.DICE_COUNT) == 2) {
    for (let a = 1; a <= sides; a++) for (let b = 1; b <= sides; b++) sum += face(k, t, a + b + bonus, on, extra);
  } else for (let r = 1; r <= sides; r++) sum += face(k, t, r + bonus, on, extra);
  const gate = efI(k, EF.D_GATE);
  return n * sum * (gate > 0 ? 7 - gate : 1);
}

function rollDice(count: i32, sides: i32, plus: i32): i32 {
  let v = plus;
  for (let j = 0; j < count; j++) v += <i32>roll(<u32>sides);
  return v < 0 ? 0 : v;
}

/** damage.ts rollMortalNew: the mortal damage inflicted before the ward. */
export function rollNew(k: i32, s: i32, t: i32, on: i32): i32 {
  const gate = efI(k, EF.D_GATE);
  if (gate > 0 && <i32>roll(6) < gate) return 0;
  const n = diceCount(k, s, t);
  const bonus = bonusOf(k, s, t);
  const sides = <u32>efI(k, EF.DICE_SIDES);
  const summed = (efI(k, EF.D_EXTRA_FLAGS) & 8) != 0;
  const count = efI(k, EF.DICE_COUNT);
  const top = efI(k, EF.D_TOP_FROM);
  const dmgCount = efI(k, EF.DMG_COUNT);
  const each = efI(k, EF.EACH);
  let points = 0;
  for (let i = 0; i < n; i++) {
    let r = 0;
    if (summed) for (let j = 0; j < count; j++) r += <i32>roll(sides);
    else r = <i32>roll(sides);
    r += bonus;
    if (!counts(k, t, r, on)) continue;
    if (top > 0 && r >= top) points += rollDice(efI(k, EF.D_TOP_COUNT), efI(k, EF.D_TOP_SIDES), 0);
    else if (dmgCount > 0) points += rollDice(dmgCount, efI(k, EF.DMG_SIDES), efI(k, EF.D_DMG_PLUS));
    else points += each == 0 ? r : each;
  }
  if (points > 0 && extraApplies(k, s, t)) points = (efI(k, EF.D_EXTRA_FLAGS) & 1) != 0 ? points * 2 : points + efI(k, EF.D_EXTRA_ADD);
  return points;
}

/** damage.ts healScore: the damage points Heal (X) would remove from t, summed over X's outcomes. */
function healScore(k: i32, s: i32, t: i32): i32 {
  const dmg = ui(t, UI.DAMAGE);
  if (efI(k, EF.D_MIN) > 0) return min<i32>(6 * dmg, ui(s, UI.MODELS) * perModelFaces(k)); // a heal per model
  const count = efI(k, EF.DICE_COUNT);
  const sides = efI(k, EF.DICE_SIDES);
  const plus = efI(k, EF.H_DICE_PLUS);
  if (count == 0) return min<i32>(dmg, plus);
  let sum = 0;
  if (count == 1) for (let a = 1; a <= sides; a++) sum += min<i32>(dmg, max<i32>(0, plus + a));
  else for (let a = 1; a <= sides; a++) for (let b = 1; b <= sides; b++) sum += min<i32>(dmg, max<i32>(0, plus + a + b));
  return sum;
}

/** damage.ts perModelHeal: the heal of a per-model roll r (D_MIN its threshold, D_TOP_FROM / D_TOP_COUNT the better one). */
function perModelHeal(k: i32, r: i32): i32 {
  const top = efI(k, EF.D_TOP_FROM);
  return top > 0 && r >= top ? efI(k, EF.D_TOP_COUNT) : r >= efI(k, EF.D_MIN) ? efI(k, EF.H_DICE_PLUS) : 0;
}

/** damage.ts perModelFaces. */
function perModelFaces(k: i32): i32 {
  let sum = 0;
  for (let r = 1; r <= 6; r++) sum += perModelHeal(k, r);
  return sum;
}

/** damage.ts useStepHeal: Heal (X) of friendly units (or of the unit itself); whether it was used. */
export function useStepHeal(k: i32, s: i32): bool {
  const visible = efI(k, EF.VISIBLE) != 0;
  let candidates: u64 = 0;
  for (let m = deployedOf(owner(s)); m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    if (!whomHolds(k, s, t) || ui(t, UI.DAMAGE) <= 0) continue;
    if (visible && t != s && !canSee(s, t)) continue;
    if (healingForbidden(t)) continue;
    candidates |= (<u64>1) << <u64>t;
  }
  let chosen: u64 = 0;
  if (efI(k, EF.SIDE) == 0 || efI(k, EF.EACH_TARGET) != 0) chosen = candidates;
  else {
    // The N best (one without UP_TO): the most healed on average, then the lowest id.
    const n = max<i32>(1, efI(k, EF.UP_TO));
    for (let i = 0; i < n; i++) {
      let best = -1;
      let bestScore = 0;
      for (let m = candidates & ~chosen; m != 0; m &= m - 1) {
        const t = <i32>ctz<u64>(m);
        const sc = healScore(k, s, t);
        if (sc > bestScore) {
          best = t;
          bestScore = sc;
        }
      }
      if (best < 0) break;
      chosen |= (<u64>1) << <u64>best;
    }
  }
  if (chosen == 0) return false;
  const on = efI(k, EF.ON);
  for (let m = chosen; m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    if (on > 0 && <i32>roll(6) < on) continue;
    let x = 0;
    if (efI(k, EF.D_MIN) > 0) for (let i = ui(s, UI.MODELS); i > 0; i--) x += perModelHeal(k, <i32>roll(6));
    else x = rollDice(efI(k, EF.DICE_COUNT), efI(k, EF.DICE_SIDES), efI(k, EF.H_DICE_PLUS));
    setUi(t, UI.DAMAGE, ui(t, UI.DAMAGE) - min<i32>(ui(t, UI.DAMAGE), x));
  }
  return true;
}
