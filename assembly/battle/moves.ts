// The kernel's charges and moves of the effect language (src/aos/battle/moves.ts, operation for operation):
// charge barriers (Thrashing Desperation), charging or shooting after a run or retreat (Keep Up!, Vanguard
// Chamber), and the Move, run, charge and pile-in modifiers. Records of kinds 42-44 (encode.ts MOVE_KINDS,
// slots EF.MV_*), in data order.
import { resisted } from "./common";
import { passiveStrike } from "./passive";
import { COMBAT_RANGE, CONTEST_REACH, hypot } from "./math";
import { roll } from "../rng";
import { EF, UF, US } from "./layout";
import { ef, efI, moveKinds, nEffects, sourceFor, spellStrikeOn } from "./effects";
import { inPlay } from "./board";
import { afterHeld, chargeHeld } from "./declared2";
import { moveHeld } from "./declared5";
import { deployedOf, dist, enemiesInCombat, flag, inCombat, nObjectives, objX, objY, oi, OI, owner, setSt, st, ud, UD, ui, UI, ur, ux, uy } from "./state";
import { hasRec, UM } from "./state";

const BARRIER: i32 = 42;
const AFTER: i32 = 43;
const MODIFIER: i32 = 44;

/** moves.ts contestsOwnObjective: some of the unit's models within 3" of an objective in play its player controls. */
function contestsOwnObjective(s: i32): bool {
  if (flag(s, UF.MANIFESTATION)) return false;
  const me = owner(s);
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o) || oi(o, OI.CONTROL) != me) continue;
    if (hypot(ux(s) - objX(o), uy(s) - objY(o)) <= ur(s) + CONTEST_REACH) return true;
  }
  return false;
}

/** moves.ts chargeBarred: `u` may not finish its charge with its footprint's centre at (px, py). */
export function chargeBarred(u: i32, px: f64, py: f64, unmodified: i32): bool {
  if ((moveKinds & 1) == 0) return false;
  const r = ur(u);
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != BARRIER || unmodified >= efI(k, EF.MV_UNLESS)) continue;
    const within = ef(k, EF.MV_WITHIN);
    const contesting = efI(k, EF.MV_CONTESTING) != 0;
    for (let m = deployedOf(1 - owner(u)); m != 0; m &= m - 1) {
      const s = <i32>ctz<u64>(m);
      if (!hasRec(s, UM.EF_SOURCE, k)) continue;
      if (contesting && !contestsOwnObjective(s)) continue;
      if (hypot(px - ux(s), py - uy(s)) - r - ur(s) <= within + 1e-9) return true;
    }
  }
  return false;
}

/** moves.ts actsAfter: `what` 1 a run, 2 a retreat; with `shoot`, SHOOT abilities too. */
export function actsAfter(u: i32, what: i32, shoot: bool): bool {
  if (afterHeld(u, what, shoot)) return true; // for a while, on the unit (declared2.ts)
  if ((moveKinds & 2) == 0) return false;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != AFTER) continue;
    const after = efI(k, EF.MV_AFTER);
    const mode = efI(k, EF.MV_SHOOT);
    if ((after & what) == 0 || (shoot ? (mode & 1) == 0 : (mode & 2) != 0)) continue;
    if ((after & 4) != 0) {
      if (st(u, US.CHARGE_AFTER_TURN) && hasRec(u, UM.EF_SOURCE, k)) return true;
    } else if (sourceFor(k, u) >= 0) return true;
  }
  return false;
}

/** moves.ts mayChargeAfterMoving. */
export function mayChargeAfterMoving(u: i32): bool {
  // Impassive Retreat (traits.ts): it may charge though it retreated.
  return (!st(u, US.RAN) || actsAfter(u, 1, false)) && (!st(u, US.RETREATED) || actsAfter(u, 2, false) || st(u, US.IMPASSIVE_RETREAT));
}

/** moves.ts mayShootAfterMoving. */
export function mayShootAfterMoving(u: i32): bool {
  return (!st(u, US.RAN) || actsAfter(u, 1, true)) && (!st(u, US.RETREATED) || actsAfter(u, 2, true));
}

/** moves.ts moveModifier: `which` 0 Move, 1 run rolls, 2 charge rolls, 3 pile-in. */
export function moveModifier(u: i32, which: i32): i32 {
  // "Add N to charge rolls for the target for the rest of the turn" held on it (declared2.ts).
  // "Add 2\" to the target's Move characteristic" held on it (declared5.ts).
  const held = which == 2 ? chargeHeld(u) : which == 0 ? moveHeld(u) : 0;
  if ((moveKinds & 4) == 0) return held;
  let sum = held;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != MODIFIER || efI(k, EF.MV_WHICH) != which) continue;
    if (sourceFor(k, u) >= 0) sum += efI(k, EF.VALUE);
  }
  return sum;
}

/** moves.ts useHeroChargeAfter: the first hero-phase charge-after record, on its first unit not in combat. */
export function useHeroChargeAfter(player: i32): void {
  if ((moveKinds & 2) == 0) return;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != AFTER || (efI(k, EF.MV_AFTER) & 4) == 0) continue;
    for (let m = deployedOf(player); m != 0; m &= m - 1) if (st(<i32>ctz<u64>(m), US.CHARGE_AFTER_TURN)) return;
    for (let m = deployedOf(player); m != 0; m &= m - 1) {
      const u = <i32>ctz<u64>(m);
      if (!hasRec(u, UM.EF_SOURCE, k) || inCombat(u)) continue;
      setSt(u, US.CHARGE_AFTER_TURN, true);
      return;
    }
  }
}

/** The Brace for Impact kind (encode.ts MOVE_KINDS). */
const STRIKE_LAST_ROLL: i32 = 45;

/** moves.ts hasStrikeLast. */
// @ts-ignore: decorator
@inline function strikeLastNow(u: i32): bool { return flag(u, UF.STRIKE_LAST) || st(u, US.STRIKE_LAST_TURN) || spellStrikeOn(u, false) || passiveStrike(u, true); }

/** moves.ts useChargeReactions: at the end of the charge phase, the active player's records, then the opponent's. */
export function useChargeReactions(active: i32): void {
  if ((moveKinds & 8) == 0) return;
  for (let q = 0; q < 2; q++) {
    const player = q == 0 ? active : 1 - active;
    for (let k = 0; k < nEffects; k++) {
      if (efI(k, EF.KIND) != STRIKE_LAST_ROLL) continue;
      const range = ef(k, EF.RANGE) >= 0 ? ef(k, EF.RANGE) : COMBAT_RANGE;
      for (let m = deployedOf(player); m != 0; m &= m - 1) {
        const s = <i32>ctz<u64>(m);
        if (!hasRec(s, UM.EF_SOURCE, k)) continue;
        let target = -1;
        let best: f64 = -1;
        for (let e = enemiesInCombat(s) & deployedOf(1 - player); e != 0; e &= e - 1) {
          const t = <i32>ctz<u64>(e);
          if (!st(t, US.CHARGED) || strikeLastNow(t) || dist(s, t) > range + 1e-9) continue;
          const w = ud(t, UD.MELEE_WEIGHT);
          if (w > best) {
            target = t;
            best = w;
          }
        }
        if (target < 0 || resisted(s, target)) continue;
        const on = efI(k, EF.ON);
        let hit = false;
        const n = ui(s, UI.MODELS);
        for (let i = 0; i < n; i++) if (roll(6) >= on) hit = true;
        if (hit) setSt(target, US.STRIKE_LAST_TURN, true);
      }
    }
  }
}
