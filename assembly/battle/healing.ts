// Healing and returning slain models, the kernel's twin of src/aos/battle/healing.ts (read its comment for
// the rules and the policy): the effect records of kinds heal (24), return-models (25), forbid-heal (26) and
// the Bone Harvest token roll (27), encoded by src/aos/rollout/encode.ts healingRecord. The same records in
// the same order, each by its units in ascending id, the same targets, the same dice.
import { returnBanned } from "./tail4";
import { killsHold } from "./kills5";
import { objectiveHolds } from "./passive";
import { roll } from "../rng";
import { EF, US } from "./layout";
import { COMBAT_RANGE, DEPTH, footprintRadius, hypot, WIDTH } from "./math";
import { effectBattle0, effectBattle1, efI, hasKind, nEffects, whomHolds } from "./effects";
import { canStand } from "./terrain";
import { markUsedByUnit, usedByUnit } from "./damage";
import { active, deployed, deployedMask, deployedOf, dist, owner, round, setSt, setUi, st, touch, ud, UD, ui, UI, unitsOf, ur, ux, uy } from "./state";
import { bitOf, engagedMask, hasRec, recBit, UM } from "./state";

const HEAL: i32 = 24;
const RETURN: i32 = 25;
const FORBID: i32 = 26;
const TOKEN_ROLL: i32 = 27;

function rollDice(count: i32, sides: i32, plus: i32): i32 {
  let v = plus;
  for (let i = 0; i < count; i++) v += roll(<u32>sides);
  return v < 0 ? 0 : v;
}

/** healing.ts healingForbidden: an enemy unit with a forbid-heal record whose whom names x (Harrowing Shrieks). */
export function healingForbidden(x: i32): bool {
  if (!hasKind(FORBID)) return false;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != FORBID) continue;
    for (let m = deployedOf(1 - owner(x)); m != 0; m &= m - 1) {
      const s = <i32>ctz<u64>(m);
      if (hasRec(s, UM.EF_SOURCE, k) && whomHolds(k, s, x)) return true;
    }
  }
  return false;
}

/** healing.ts returnsForbidden: Harrowing Shrieks, or tail4.ts's no-return (Redemptor Casket). */
export function returnsForbidden(x: i32): bool {
  return healingForbidden(x) || returnBanned(x);
}

/** healing.ts slainModels. */
function slainModels(t: i32): i32 {
  return deployed(t) ? ui(t, UI.START_MODELS) - ui(t, UI.MODELS) : 0;
}

/** healing.ts returnable: how many of `want` models can return (battlefield, new enemies' combat ranges). */
export function returnable(t: i32, want: i32): i32 {
  const limit = min<i32>(want, slainModels(t));
  if (limit <= 0) return 0;
  const x = ux(t);
  const y = uy(t);
  const models = ui(t, UI.MODELS);
  const base = ud(t, UD.BASE_RADIUS);
  const enemies = deployedOf(1 - owner(t));
  let engaged: u64 = 0;
  for (let m = enemies; m != 0; m &= m - 1) {
    const e = <i32>ctz<u64>(m);
    if (dist(t, e) <= COMBAT_RANGE + 1e-9) engaged |= (<u64>1) << <u64>e;
  }
  let n = 0;
  while (n < limit) {
    const r = footprintRadius(models + n + 1, base);
    if (x - r < -1e-9 || x + r > WIDTH + 1e-9 || y - r < -1e-9 || y + r > DEPTH + 1e-9) break;
    let blocked = false;
    // No footprint overlaps another (paths.ts clearSpot), none stands on unstable terrain's tall part (CORE-UNSTABLE).
    for (let m = deployedMask; m != 0; m &= m - 1) {
      const o = <i32>ctz<u64>(m);
      if (o != t && hypot(x - ux(o), y - uy(o)) < r + ur(o)) {
        blocked = true;
        break;
      }
    }
    if (blocked || !canStand(x, y, r)) break;
    for (let m = enemies & ~engaged; m != 0; m &= m - 1) {
      const e = <i32>ctz<u64>(m);
      if (Math.max(0, hypot(x - ux(e), y - uy(e)) - r - ur(e)) <= COMBAT_RANGE + 1e-9) {
        blocked = true;
        break;
      }
    }
    if (blocked) break;
    n++;
  }
  return n;
}

/** healing.ts wanted: the models record k would return to t for `value` (a Health budget or a count). */
function wanted(k: i32, t: i32, value: i32): i32 {
  if (efI(k, EF.H_MODE) == 1) return value / ui(t, UI.HEALTH);
  const instead = efI(k, EF.H_INSTEAD);
  if (instead > 0) {
    const h1 = efI(k, EF.H_INSTEAD_H1) != 0;
    if (h1 ? ui(t, UI.HEALTH) == 1 : hasRec(t, UM.EF_NEAR, k)) return instead;
  }
  return value;
}

function giveModels(t: i32, n: i32): void {
  if (n <= 0) return;
  setUi(t, UI.MODELS, ui(t, UI.MODELS) + n);
  touch(t);
}

/** healing.ts useReturn. */
function useReturn(k: i32, s: i32): bool {
  if (efI(k, EF.H_TOKEN) != 0 && !st(s, US.BONE_CAGE_FULL)) return false;
  const inCombatNeeded = efI(k, EF.IN_COMBAT); // "If this unit is in combat" (damage.ts)
  if (inCombatNeeded != 0 && ((engagedMask & bitOf(s)) != 0) != (inCombatNeeded == 1)) return false;
  const me = owner(s);
  const count = efI(k, EF.DICE_COUNT);
  const sides = efI(k, EF.DICE_SIDES);
  const plus = efI(k, EF.H_DICE_PLUS);
  let candidates: u64 = 0;
  for (let m = deployedOf(me); m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    if (whomHolds(k, s, t) && slainModels(t) > 0 && !returnsForbidden(t)) candidates |= (<u64>1) << <u64>t;
  }
  if (efI(k, EF.EACH_TARGET) != 0) {
    const top = count * sides + plus;
    const mean = <i32>Math.floor(<f64>(count * (sides + 1)) / 2 + <f64>plus);
    let targets: u64 = 0;
    let worth = 0;
    for (let m = candidates; m != 0; m &= m - 1) {
      const t = <i32>ctz<u64>(m);
      const h = ui(t, UI.HEALTH);
      if (h > top) continue;
      targets |= (<u64>1) << <u64>t;
      worth += min<i32>(slainModels(t), mean / h) * h;
    }
    if (worth <= 0 || (worth < 8 && round < 4)) return false;
    for (let m = targets; m != 0; m &= m - 1) {
      const t = <i32>ctz<u64>(m);
      const r = rollDice(count, sides, plus);
      giveModels(t, returnable(t, wanted(k, t, r)));
    }
    return true;
  }
  const pickValue = count == 0 ? plus : count * sides + plus;
  let best = -1;
  let bestScore = 0;
  for (let m = candidates; m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    const score = returnable(t, wanted(k, t, pickValue)) * ui(t, UI.HEALTH);
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  if (best < 0) return false;
  const on = efI(k, EF.ON);
  if (on > 0 && <i32>roll(6) < on) return true;
  let n = count == 0 ? plus : rollDice(count, sides, plus);
  if (n < efI(k, EF.D_MIN)) n = 0; // "Roll a D3. On a 2+, return ... equal to the roll" (damage.ts)
  giveModels(best, returnable(best, wanted(k, best, n)));
  if (efI(k, EF.H_TOKEN) != 0) setSt(s, US.BONE_CAGE_FULL, false);
  return true;
}

/** healing.ts useHeal: a dice heal of the unit with the ability, when it is damaged. */
function useHeal(k: i32, s: i32): bool {
  const mode = efI(k, EF.H_MODE);
  if (mode == 1) return false;
  if (efI(k, EF.H_SLEW) != 0 && !st(s, US.SLEW_TURN)) return false;
  if (!killsHold(k, s)) return false; // kills5.ts: "If any enemy models were slain by this unit's attacks this turn"
  const obj = efI(k, EF.P_OBJECTIVE); // objective4: "If this unit is contesting an objective you do not control"
  if (obj != 0 && !objectiveHolds(s, obj)) return false;
  if (ui(s, UI.DAMAGE) == 0 || healingForbidden(s)) return false;
  // H_MODE 2: half the unit's damage points, rounding up (damage.ts).
  const x = mode == 2 ? (ui(s, UI.DAMAGE) + 1) / 2 : rollDice(efI(k, EF.DICE_COUNT), efI(k, EF.DICE_SIDES), efI(k, EF.H_DICE_PLUS));
  setUi(s, UI.DAMAGE, ui(s, UI.DAMAGE) - min<i32>(ui(s, UI.DAMAGE), x));
  return true;
}

// @ts-ignore: decorator
@inline function battleUsed(player: i32, k: i32): bool { return ((player == 0 ? effectBattle0 : effectBattle1) & recBit(k)) != 0; }

/** healing.ts useHeroHealing: one army's "Your Hero Phase" records, at the end of its hero phase. */
export function useHeroHealing(player: i32): void {
  if (!hasKind(HEAL) && !hasKind(RETURN)) return;
  for (let k = 0; k < nEffects; k++) {
    const kind = efI(k, EF.KIND);
    if ((kind != HEAL && kind != RETURN) || efI(k, EF.H_TIMING) != 1) continue;
    const limit = efI(k, EF.LIMIT);
    if (limit == 2 && battleUsed(player, k)) continue;
    for (let m = deployedOf(player); m != 0; m &= m - 1) {
      const s = <i32>ctz<u64>(m);
      if (!hasRec(s, UM.EF_SOURCE, k)) continue;
      if (limit == 3 && usedByUnit(s, k)) continue; // once for each unit (damage.ts)
      const used = kind == HEAL ? useHeal(k, s) : useReturn(k, s);
      if (!used) continue;
      if (limit == 3) markUsedByUnit(s, k);
      if (limit == 2) {
        if (player == 0) effectBattle0 |= recBit(k);
        else effectBattle1 |= recBit(k);
      }
      if (limit == 1 || limit == 2) break;
    }
  }
}

/** healing.ts useStartOfTurnHealing: the active player's start-of-turn records (H_TIMING 3), then the opponent's. */
export function useStartOfTurnHealing(): void {
  if (!hasKind(HEAL) && !hasKind(RETURN)) return;
  for (let i = 0; i < 2; i++) {
    const player = i == 0 ? active : 1 - active;
    for (let k = 0; k < nEffects; k++) {
      const kind = efI(k, EF.KIND);
      if ((kind != HEAL && kind != RETURN) || efI(k, EF.H_TIMING) != 3) continue;
      const whose = efI(k, EF.H_WHOSE);
      if ((whose == 1 && player != active) || (whose == 2 && player == active)) continue;
      const limit = efI(k, EF.LIMIT);
      if (limit == 2 && battleUsed(player, k)) continue;
      for (let m = deployedOf(player); m != 0; m &= m - 1) {
        const s = <i32>ctz<u64>(m);
        if (!hasRec(s, UM.EF_SOURCE, k)) continue;
        if (limit == 3 && usedByUnit(s, k)) continue; // once for each unit (damage.ts)
        const used = kind == HEAL ? useHeal(k, s) : useReturn(k, s);
        if (!used) continue;
        if (limit == 3) markUsedByUnit(s, k);
        if (limit == 2) {
          if (player == 0) effectBattle0 |= recBit(k);
          else effectBattle1 |= recBit(k);
        }
        if (limit == 1 || limit == 2) break;
      }
    }
  }
}

/** healing.ts useTokenRoll: Bone Harvest. */
function useTokenRoll(k: i32, s: i32): bool {
  if (st(s, US.BONE_CAGE_FULL)) return false;
  const enemy = 1 - owner(s);
  let destroyed = 0;
  for (let m = unitsOf(enemy); m != 0; m &= m - 1) if (ui(<i32>ctz<u64>(m), UI.KILLED) != 0) destroyed++;
  if (destroyed == 0) return false;
  const bonus = st(s, US.FOUGHT) ? efI(k, EF.H_FOUGHT_BONUS) : 0;
  const on = efI(k, EF.ON);
  let hit = false;
  for (let i = 0; i < destroyed; i++) if (<i32>roll(6) + bonus >= on) hit = true;
  if (hit) setSt(s, US.BONE_CAGE_FULL, true);
  return true;
}

/** healing.ts useEndOfTurnHealing: the active player's "End of Any Turn" records, then the opponent's. */
export function useEndOfTurnHealing(): void {
  if (!hasKind(HEAL) && !hasKind(TOKEN_ROLL) && !hasKind(RETURN)) return;
  for (let i = 0; i < 2; i++) {
    const player = i == 0 ? active : 1 - active;
    for (let k = 0; k < nEffects; k++) {
      const kind = efI(k, EF.KIND);
      if ((kind != HEAL && kind != TOKEN_ROLL && kind != RETURN) || efI(k, EF.H_TIMING) != 2) continue;
      const whose = efI(k, EF.H_WHOSE);
      if ((whose == 1 && player != active) || (whose == 2 && player == active)) continue;
      const limit = efI(k, EF.LIMIT);
      if (limit == 2 && battleUsed(player, k)) continue;
      for (let m = deployedOf(player); m != 0; m &= m - 1) {
        const s = <i32>ctz<u64>(m);
        if (!hasRec(s, UM.EF_SOURCE, k)) continue;
        if (limit == 3 && usedByUnit(s, k)) continue; // once for each unit (damage.ts)
        // Returning slain models at the end of a turn too (damage.ts).
        const used = kind == HEAL ? useHeal(k, s) : kind == RETURN ? useReturn(k, s) : useTokenRoll(k, s);
        if (!used) continue;
        if (limit == 3) markUsedByUnit(s, k);
        if (limit == 2) {
          if (player == 0) effectBattle0 |= recBit(k);
          else effectBattle1 |= recBit(k);
        }
        if (limit == 1 || limit == 2) break;
      }
    }
  }
}

/** healing.ts afterFightHealing: Stolen Hours, Heal (X) after a fight, X the damage points allocated. */
export function afterFightHealing(u: i32, allocated: i32): void {
  if (ui(u, UI.DAMAGE) == 0 || !deployed(u) || !hasKind(HEAL)) return;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != HEAL || efI(k, EF.H_TIMING) != 0) continue;
    if (!hasRec(u, UM.EF_SOURCE, k)) continue;
    if (efI(k, EF.H_MODE) != 1) {
      // "... after that FIGHT ability has been resolved, Heal (D3) this unit" (damage.ts).
      if (healingForbidden(u)) return;
      const x = efI(k, EF.H_MODE) == 2 ? (ui(u, UI.DAMAGE) + 1) / 2 : rollDice(efI(k, EF.DICE_COUNT), efI(k, EF.DICE_SIDES), efI(k, EF.H_DICE_PLUS));
      setUi(u, UI.DAMAGE, ui(u, UI.DAMAGE) - min<i32>(ui(u, UI.DAMAGE), x));
      return;
    }
    if (allocated <= 0) return;
    if (healingForbidden(u)) return;
    setUi(u, UI.DAMAGE, ui(u, UI.DAMAGE) - min<i32>(ui(u, UI.DAMAGE), allocated));
    return;
  }
}
