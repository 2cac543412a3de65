// The most common BSData ability texts (docs/abilities.md "The most common texts"), the kernel's twin of
// src/aos/battle/common.ts: resistance rolls (resist, kind 94), not destroyed outright (not-destroyed, 95),
// momentum points (momentum, 96), Hidden Weapon Team (hidden, 97) and Longshanks (pass-through, 98). Records
// encoded by encode.ts COMMON_KINDS (slots EF.RS_* to EF.HD_*, U.MOMENTUM*, U.STATE2's US2_COMMON bits);
// the same rules, the same dice in the same places. Every entry point returns at once in a battle without its kind.
import { roll } from "../rng";
import { EF } from "./layout";
import { allocateDamage, destroyIfSlain } from "./actions";
import { ef, efI, hasKind, nEffects } from "./effects";
import { deployedOf, dist, hasRec, inCombat, nUnits, owner, setSt2, setUi, st2, ui, UI, UM, unitsOf, ur, ux, uy } from "./state";
import { hypot } from "./math";
import { nTerrain, terrain } from "./state";
import { rerollsResistance } from "./tail4";

export const RESIST: i32 = 94;
export const NOT_DESTROYED: i32 = 95;
export const MOMENTUM: i32 = 96;
export const HIDDEN: i32 = 97;
export const PASS_THROUGH: i32 = 98;
export const HEAT: i32 = 99;
export const OVERHEAT: i32 = 100;
export const SPELL_RESIST: i32 = 101;

/** U.STATE2: it made its resistance roll this turn (encode.ts US2_COMMON.RESISTED: its "for-the-turn:resist:" token). */
export const RESISTED: i32 = 1 << 15;
/** U.STATE2: Full Throttle for the rest of the turn; the unit used its heat-token ability this turn (by name: EF.HT_GROUP). */
export const FULL_THROTTLE: i32 = 1 << 16;
export const HEAT_USED: i32 = 1 << 17;
/** U.STATE2: it used a spell reaction that is once per phase, this phase (common.ts SPELL_RESIST_PHASE_TOKEN). */
export const SPELL_RESISTED: i32 = 1 << 18;
/** common.ts HEAT_CAP. */
const HEAT_CAP: i32 = 4;

/** The first record of kind `kind` of unit u's warscroll (data order), or -1. */
function recordOf(u: i32, kind: i32): i32 {
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == kind && hasRec(u, UM.EF_SOURCE, k)) return k;
  return -1;
}

// ---- resistance rolls ------------------------------------------------------------------------------------

/** common.ts resisted: enemy unit s's ability (a spell: `spell`) picked t as its target; true: no effect on t. */
export function resisted(s: i32, t: i32, spell: bool = false): bool {
  if ((!hasKind(RESIST) && !hasKind(SPELL_RESIST)) || owner(s) == owner(t) || ui(t, UI.STATUS) != 1) return false;
  if (spell && hasKind(SPELL_RESIST) && spellResisted(t)) return true;
  const k = recordOf(t, RESIST);
  if (k < 0) return false;
  const limit = efI(k, EF.RS_LIMIT);
  if (limit == 2) {
    // Once Per Turn (Army), by the ability's name (EF.RS_GROUP: the first record with that name).
    const group = efI(k, EF.RS_GROUP);
    for (let m = unitsOf(owner(t)); m != 0; m &= m - 1) {
      const u = <i32>ctz<u64>(m);
      if (!st2(u, RESISTED)) continue;
      const j = recordOf(u, RESIST);
      if (j >= 0 && efI(j, EF.RS_GROUP) == group) return false;
    }
  } else if (limit == 1 && st2(t, RESISTED)) return false;
  if (limit != 0) setSt2(t, RESISTED, true);
  const on = efI(k, EF.RS_ON);
  const r = roll(6);
  // tail4.ts: a failed roll re-rolled (The Flames of Hope).
  if (r < on && rerollsResistance(t) >= 0) return roll(6) >= on;
  return r >= on;
}

/** common.ts spellResisted: the target's army's reactions against spells, by ascending id of the unit with one. */
function spellResisted(t: i32): bool {
  for (let m = deployedOf(owner(t)); m != 0; m &= m - 1) {
    const x = <i32>ctz<u64>(m);
    const k = recordOf(x, SPELL_RESIST);
    if (k < 0) continue;
    if (x != t) {
      if (efI(k, EF.SIDE) != 1 || !hasRec(t, UM.EF_WHOM, k)) continue;
      if (!(hypot(ux(t) - ux(x), uy(t) - uy(x)) + ur(t) - ur(x) <= ef(k, EF.RANGE) + 1e-9)) continue;
    }
    if (efI(k, EF.RS_LIMIT) == 3) {
      if (st2(x, SPELL_RESISTED)) continue;
      setSt2(x, SPELL_RESISTED, true);
    }
    if (roll(6) >= efI(k, EF.RS_ON)) return true;
  }
  return false;
}

/** common.ts clearPhaseTokens: the end of a phase. */
export function clearPhaseBits(): void {
  if (!hasKind(SPELL_RESIST)) return;
  for (let u = 0; u < nUnits; u++) setSt2(u, SPELL_RESISTED, false);
}

// ---- destroyed outright ----------------------------------------------------------------------------------

/** common.ts avoidsDestruction: unit u would be destroyed outright; true: it is not (its damage points instead). */
export function avoidsDestruction(u: i32): bool {
  if (!hasKind(NOT_DESTROYED)) return false;
  const k = recordOf(u, NOT_DESTROYED);
  if (k < 0) return false;
  let points = efI(k, EF.ND_PLUS);
  const sides = <u32>efI(k, EF.DICE_SIDES);
  for (let i = efI(k, EF.DICE_COUNT); i > 0; i--) points += roll(sides);
  allocateDamage(u, points);
  return ui(u, UI.MODELS) > 0;
}

// ---- momentum points -------------------------------------------------------------------------------------

/** common.ts gainMomentum: event 0 a charge, 1 a run. */
export function gainMomentum(u: i32, event: i32): void {
  if (!hasKind(MOMENTUM)) return;
  const k = recordOf(u, MOMENTUM);
  if (k < 0) return;
  const now = ui(u, UI.MOMENTUM);
  setUi(u, UI.MOMENTUM, min<i32>(efI(k, EF.MO_MAX), now + efI(k, event == 0 ? EF.MO_CHARGE : EF.MO_RUN)));
}

/** common.ts momentumRoundEnd: the end of a battle round, every unit. */
export function momentumRoundEnd(): void {
  if (!hasKind(MOMENTUM)) return;
  for (let u = 0; u < nUnits; u++) {
    const now = ui(u, UI.MOMENTUM);
    if (now == 0) continue;
    const k = recordOf(u, MOMENTUM);
    setUi(u, UI.MOMENTUM, k < 0 ? 0 : max<i32>(0, now - efI(k, EF.MO_LOSS)));
  }
}

/** The Damage unit a's momentum adds to its weapon at offset `w` among its weapons (common.ts momentumDamage). */
// @ts-ignore: decorator
@inline export function momentumBonus(a: i32, w: i32): i32 {
  return hasKind(MOMENTUM) && (ui(a, UI.MOMENTUM_WEAPONS) & (1 << w)) != 0 ? ui(a, UI.MOMENTUM) : 0;
}

/** A replacement unit is a new unit: no momentum, heat or turn tokens of these kinds (tokens.ts: it starts with none). */
export function resetCommonOf(u: i32): void {
  setUi(u, UI.MOMENTUM, 0);
  setUi(u, UI.HEAT, 0);
  setSt2(u, RESISTED | FULL_THROTTLE | HEAT_USED | SPELL_RESISTED | (1 << 31), false); // 1 << 31: actions.ts IGNORED_FIRST
}

// ---- hidden weapon teams ---------------------------------------------------------------------------------

/** common.ts hiddenFrom: t is not visible to enemy unit a (UM.EF_NEAR: the escort's filter; UM.EF_WHOM: the keyword). */
export function hiddenFrom(a: i32, t: i32): bool {
  if (!hasKind(HIDDEN) || owner(a) == owner(t)) return false;
  const k = recordOf(t, HIDDEN);
  if (k < 0 || !(dist(a, t) > ef(k, EF.HD_BEYOND))) return false;
  const me = owner(t);
  // "and there are no enemy units within this unit's combat range" (passive2: EF.P2_CLEAR, -1 none).
  const clear = ef(k, EF.P2_CLEAR);
  if (clear >= 0)
    for (let m = deployedOf(1 - me); m != 0; m &= m - 1) if (dist(<i32>ctz<u64>(m), t) <= clear + 1e-9) return false;
  // terrain5 (Hunters of the Frozen Wilds): within EF.T5_TERRAIN of a terrain feature (-1: no such clause), edge to edge.
  const near = ef(k, EF.T5_TERRAIN);
  if (near >= 0) {
    let found = false;
    for (let i = 0; i < nTerrain && !found; i++) if (max<f64>(0, hypot(ux(t) - terrain(i, 0), uy(t) - terrain(i, 1)) - ur(t) - terrain(i, 2)) <= near + 1e-9) found = true;
    if (!found) return false;
  }
  if (ef(k, EF.HD_RANGE) < 0) return true; // terrain5: no escort needed
  const range = ef(k, EF.HD_RANGE) + 1e-9;
  const minModels = efI(k, EF.HD_MIN_MODELS);
  for (let m = deployedOf(me); m != 0; m &= m - 1) {
    const x = <i32>ctz<u64>(m);
    if (x == t || !hasRec(x, UM.EF_NEAR, k) || ui(x, UI.MODELS) < minModels || dist(x, t) > range) continue;
    let other = false;
    for (let q = deployedOf(me); q != 0; q &= q - 1) {
      const y = <i32>ctz<u64>(q);
      if (y != t && y != x && hasRec(y, UM.EF_WHOM, k) && dist(y, x) <= range) {
        other = true;
        break;
      }
    }
    if (!other) return true;
  }
  return false;
}

// ---- passing through -------------------------------------------------------------------------------------

/**
 * common.ts passesThrough: u can pass through o's models (UM.EF_WHOM: o has none of the record's keywords; tail4's
 * EF.T4_FLAGS bit 1: o is an enemy unit with one of them).
 */
export function passesThrough(u: i32, o: i32): bool {
  if (!hasKind(PASS_THROUGH)) return false;
  const k = recordOf(u, PASS_THROUGH);
  if (k < 0) return false;
  if ((efI(k, EF.T4_FLAGS) & 1) != 0 && owner(o) == owner(u)) return false;
  return hasRec(o, UM.EF_WHOM, k);
}

/** common.ts passesRange (tail4): u can pass through enemy unit o's combat range too (EF.T4_FLAGS bit 2). */
export function passesRange(u: i32, o: i32): bool {
  if (!hasKind(PASS_THROUGH)) return false;
  const k = recordOf(u, PASS_THROUGH);
  return k >= 0 && (efI(k, EF.T4_FLAGS) & 2) != 0 && passesThrough(u, o);
}

// ---- heat tokens ('Full Power!', Overheating) ------------------------------------------------------------

/** common.ts fullThrottleMove: the Move Full Throttle gives u this turn (the caller checks FULL_THROTTLE). */
export function fullThrottleMove(u: i32): f64 {
  const k = recordOf(u, HEAT);
  return k < 0 ? 0 : ef(k, EF.HT_MOVE);
}

/** common.ts useHeatAbilities: the end of `player`'s hero phase. */
export function useHeatAbilities(player: i32): void {
  if (!hasKind(HEAT)) return;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != HEAT || ef(k, EF.HT_MOVE) <= 0) continue;
    const army = efI(k, EF.HT_LIMIT) != 0;
    if (army) {
      const group = efI(k, EF.HT_GROUP);
      let used = false;
      for (let m = unitsOf(player); m != 0; m &= m - 1) {
        const u = <i32>ctz<u64>(m);
        if (!st2(u, HEAT_USED)) continue;
        const j = recordOf(u, HEAT);
        if (j >= 0 && efI(j, EF.HT_GROUP) == group) {
          used = true;
          break;
        }
      }
      if (used) continue;
    }
    for (let m = deployedOf(player); m != 0; m &= m - 1) {
      const s = <i32>ctz<u64>(m);
      if (!hasRec(s, UM.EF_SOURCE, k) || inCombat(s) || ui(s, UI.HEAT) >= HEAT_CAP || st2(s, FULL_THROTTLE)) continue;
      setUi(s, UI.HEAT, ui(s, UI.HEAT) + efI(k, EF.HT_HEAT));
      setSt2(s, FULL_THROTTLE, true);
      if (army) setSt2(s, HEAT_USED, true);
      overheat(s);
      if (army) break;
    }
  }
}

/** common.ts overheat. */
function overheat(u: i32): void {
  const k = recordOf(u, OVERHEAT);
  if (k < 0) return;
  const on = efI(k, EF.OH_ON);
  const n = ui(u, UI.HEAT);
  let points = 0;
  for (let i = 0; i < n; i++) if (roll(6) >= on) points++;
  if (points == 0) return;
  setUi(u, UI.HEAT, n - points);
  allocateDamage(u, points);
  destroyIfSlain(u, -1, false);
}
