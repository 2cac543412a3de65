// The combat phase's non-FIGHT abilities (CORE-FIGHT-ORDER), the kernel's twin of src/aos/battle/
// combat-abilities.ts: the effect records of kind mortal (7), slay (8) and strike (9) — encoded only for abilities whose
// timing is a combat phase — used after Feral Roar and before the first fight, the active player's first.
// Same order (records in data order, then the units with the ability by ascending id), same targets (the
// highest score, then the fewest wounds left, then the lowest id), same dice.
import { roll } from "../rng";
import { EF, UF, US } from "./layout";
import { carriersLeft, destroyIfSlain, inflictMortal, setLastSlain } from "./actions";
import { bothSidesTargets } from "./mortal4";
import { sameObjectiveTargets } from "./terrain5";
import { COMBAT_RANGE, hypot } from "./math";
import { ef, effectBattle0, effectBattle1, efI, hasKind, nEffects, TURN, whomHolds } from "./effects";
import { canSee } from "./paths";
import { useForAWhile } from "./status";
import { markUsedByUnit, rollNew, scoreNew, STEP_HEAL, usedByUnit, useStepHeal } from "./damage";
import { resisted } from "./common";
import { gainDiscipline } from "./traits";
import { FIGHT_TWICE, FIGHT_TWICE_HEROES, useFightTwice } from "./timing2";
import { SEIZE, useSeize } from "./hero3";
import { fightTwicePick, SWITCH_ON, useSwitchOn } from "./combat3";
import { passedAcross } from "./move3";
import { dist, nTerrain, terrain, ur, ux, uy } from "./state";
import { active, bitOf, deployed, round, deployedMask, deployedOf, enemiesInCombat, engagedMask, flag, isMonster, owner, preySlain, setPreySlain, setSt, setUi, st, touch, ui, UI, wi, WI, woundsLeft } from "./state";
import { efMask, hasRec, recBit, setEfMask, UM } from "./state";
import { stepKindRecsOf } from "./speed";

const MORTAL: i32 = 7;
const SLAY: i32 = 8;
const STRIKE: i32 = 9;
const TERRAIN_MORTAL: i32 = 30; // encode.ts DECLARED_KINDS

// The threshold, bonus and dice of the last mortalRoll call.
let rOn: i32 = 1;
let rBonus: i32 = 0;
let rN: i32 = 0;

/** combat-abilities.ts mortalRoll. */
function mortalRoll(k: i32, s: i32, t: i32): void {
  let on = efI(k, EF.ON);
  const bm = efI(k, EF.BETTER_MODELS);
  if (bm > 0 && ui(efI(k, EF.BETTER_TARGET) != 0 ? t : s, UI.MODELS) >= bm) on = efI(k, EF.BETTER_ON);
  rOn = on;
  rBonus = hasRec(t, UM.EF_NEAR, k) ? efI(k, EF.BONUS_ADD) : 0;
  const per = efI(k, EF.PER);
  rN = efI(k, EF.DICE_COUNT) * (per == 0 ? 1 : per == 1 ? ui(s, UI.MODELS) : per == 3 ? round : ui(t, UI.MODELS));
}

/** combat-abilities.ts mortalScore: expected mortal damage times the die's sides. */
export function mortalScore(k: i32, s: i32, t: i32): i32 {
  mortalRoll(k, s, t);
  if (efI(k, EF.D_NEW) != 0) return scoreNew(k, s, t, rOn); // damage.ts: the forms of every phase
  const sides = efI(k, EF.DICE_SIDES);
  const each = efI(k, EF.EACH);
  let sum = 0;
  const dmgCount = efI(k, EF.DMG_COUNT);
  const dmg = dmgCount * (efI(k, EF.DMG_SIDES) + 1); // a rolled damage: its mean times 2
  for (let r = 1; r <= sides; r++) if (r + rBonus >= rOn) sum += dmgCount > 0 ? dmg : each == 0 ? r : each;
  return rN * sum;
}

/** combat-abilities.ts targetsOf: enemies whom record k names from s, with its targetCharged condition. */
function targetOk(k: i32, s: i32, t: i32): bool {
  if (!whomHolds(k, s, t)) return false;
  const tc = efI(k, EF.TARGET_CHARGED);
  if (tc >= 0 && st(t, US.CHARGED) != (tc == 1)) return false;
  if (efI(k, EF.M3_PASSED) != 0 && !passedAcross(s, t)) return false; // move3.ts
  return efI(k, EF.VISIBLE) == 0 || canSee(s, t);
}

/**
 * combat-abilities.ts afterMortal: the record after mortal record k, set on t when `kept` (`points` rolled with
 * EF.C3_AFTER_ROLL: combat3.ts; the models `slain` with EF.M4_AFTER bit 1: mortal4.ts) reaches its AFTER_DAMAGE; on
 * the unit with the ability `s` with EF.M4_AFTER bit 2.
 */
function afterMortal(k: i32, s: i32, t: i32, kept: i32, points: i32, slain: i32): void {
  const n = k + 1;
  if (n >= nEffects || efI(n, EF.KIND) != TURN) return;
  const at = efI(n, EF.AFTER_DAMAGE);
  const m4 = efI(n, EF.M4_AFTER);
  const got = (m4 & 1) != 0 ? slain : efI(n, EF.C3_AFTER_ROLL) != 0 ? points : kept;
  const holder = (m4 & 2) != 0 ? s : t;
  if (at > 0 && got >= at && deployed(holder)) setEfMask(holder, UM.EF_TURN, efMask(holder, UM.EF_TURN) | recBit(n));
}

/** combat-abilities.ts pickTarget: the highest score, then the fewest wounds left, then the lowest id; -1 none. */
function pickTarget(k: i32, s: i32, slay: bool, candidates: u64): i32 {
  let best = -1;
  let bestScore = 0;
  for (let m = candidates; m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    if (!targetOk(k, s, t)) continue;
    const sc = slay ? (efI(k, EF.VALUE) == SLAY_2D6 ? twoDiceAbove(ui(t, UI.HEALTH)) : max<i32>(1, efI(k, EF.DICE_COUNT)) * max<i32>(0, 7 - slayNeeds(k, t))) : mortalScore(k, s, t);
    if (sc <= 0) continue;
    if (best < 0 || sc > bestScore || (sc == bestScore && woundsLeft(t) < woundsLeft(best))) {
      best = t;
      bestScore = sc;
    }
  }
  return best;
}

/** combat-abilities.ts resolveMortal: returns the damage points allocated. */
export function resolveMortal(k: i32, s: i32, t: i32): i32 {
  mortalRoll(k, s, t);
  const sides = <u32>efI(k, EF.DICE_SIDES);
  const each = efI(k, EF.EACH);
  const dmgCount = efI(k, EF.DMG_COUNT);
  const dmgSides = <u32>efI(k, EF.DMG_SIDES);
  let points = 0;
  if (efI(k, EF.D_NEW) != 0) points = rollNew(k, s, t, rOn); // damage.ts
  else
    for (let i = 0; i < rN; i++) {
      const r = roll(sides);
      if (r + rBonus < rOn) continue;
      if (dmgCount > 0) for (let j = 0; j < dmgCount; j++) points += roll(dmgSides);
      else points += each == 0 ? r : each;
    }
  const before = ui(t, UI.MODELS);
  const kept = inflictMortal(t, points, s);
  const slain = before - ui(t, UI.MODELS); // the models this slew (mortal4.ts: afterSlain)
  destroyIfSlain(t, s, false);
  afterMortal(k, s, t, kept, points, slain);
  return kept;
}

/** combat-abilities.ts slayNeeds: the least roll that slays (EF.VALUE 0 double the Health, 1 more than it, 2 it). */
function slayNeeds(k: i32, t: i32): i32 {
  const rule = efI(k, EF.VALUE);
  const h = ui(t, UI.HEALTH);
  return rule == 0 ? 2 * h : rule == 1 ? h + 1 : h;
}

/** combat-abilities.ts resolveSlay: a D6 of at least slayNeeds slays 1 model. */
function resolveSlay(k: i32, s: i32, t: i32): void {
  if (efI(k, EF.VALUE) == SLAY_2D6) {
    resolveSlay2d6(s, t);
    return;
  }
  const rolls = max<i32>(1, efI(k, EF.DICE_COUNT)); // "Roll 3 dice": each one (damage.ts)
  const hurl = efI(k, EF.SLAY_HURL);
  for (let i = 0; i < rolls && deployed(t); i++) {
    const r = roll(6);
    if (r < slayNeeds(k, t)) continue;
    const health = ui(t, UI.HEALTH);
    const left = ui(t, UI.MODELS) - 1;
    setUi(t, UI.MODELS, left);
    if (left == 0) setUi(t, UI.DAMAGE, 0);
    touch(t);
    setLastSlain(1); // casualties.ts: 1 model slain by the source (Victory Feast)
    if (isMonster(t)) setPreySlain(preySlain | (1 << owner(t))); // PB-REALM-PREY
    destroyIfSlain(t, s, false);
    if (hurl > 0) hurlBody(s, health, hurl);
  }
}

/** combat-abilities.ts hurlBody: Hurled Body's mortal damage equal to the slain model's Health on a visible enemy unit within `range`. */
function hurlBody(s: i32, health: i32, range: i32): void {
  let best = -1;
  let bestScore = 0;
  for (let m = deployedOf(1 - owner(s)); m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    if (dist(t, s) > <f64>range + 1e-9 || !canSee(s, t)) continue;
    const sc = min<i32>(health, woundsLeft(t));
    if (sc <= 0) continue;
    if (best < 0 || sc > bestScore || (sc == bestScore && woundsLeft(t) < woundsLeft(best))) {
      best = t;
      bestScore = sc;
    }
  }
  if (best < 0 || resisted(s, best)) return;
  inflictMortal(best, health, s);
  destroyIfSlain(best, s, false);
}

/** EF.VALUE of a slay record: declared6's 2D6 more than the Health destroys the unit (encode.ts; combat-abilities.ts slayScore). */
const SLAY_2D6: i32 = 3;

/** combat-abilities.ts twoDiceAbove: the ways of 36 that two dice sum to more than `n`. */
function twoDiceAbove(n: i32): i32 {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let c = 1; c <= 6; c++) if (a + c > n) ways++;
  return ways;
}

/** combat-abilities.ts resolveSlay, declared6's rule: 2D6 more than the target's Health destroys the whole unit. */
function resolveSlay2d6(s: i32, t: i32): void {
  const r = roll(6) + roll(6);
  if (r <= ui(t, UI.HEALTH)) return;
  const n = ui(t, UI.MODELS);
  setUi(t, UI.MODELS, 0);
  setUi(t, UI.DAMAGE, 0);
  touch(t);
  setLastSlain(n); // casualties.ts: the models slain by the source
  if (isMonster(t)) setPreySlain(preySlain | (1 << owner(t))); // PB-REALM-PREY
  destroyIfSlain(t, s, false);
}

/** combat-abilities.ts aroundTerrain: the units record k of s hits around terrain feature i (mask). */
function aroundTerrain(k: i32, s: i32, i: i32): u64 {
  const me = owner(s);
  const both = efI(k, EF.EACH_TARGET) != 0;
  const within = ef(k, EF.NEAR_RANGE);
  const fx = terrain(i, 0);
  const fy = terrain(i, 1);
  const fr = terrain(i, 2);
  let m: u64 = 0;
  for (let q = deployedMask; q != 0; q &= q - 1) {
    const x = <i32>ctz<u64>(q);
    if (x == s) continue; // terrain5 (Cursed Destroyers: "each other unit"); Smash Down's filter already leaves it out
    if (!both && owner(x) == me) continue;
    if (!hasRec(x, UM.EF_WHOM, k)) continue;
    if (max<f64>(0, hypot(ux(x) - fx, uy(x) - fy) - ur(x) - fr) <= within + 1e-9) m |= bitOf(x);
  }
  return m;
}

/** combat-abilities.ts terrainMortal (Smash Down): the feature with the most enemies minus friends around it, then a roll each. */
function terrainMortal(k: i32, s: i32): bool {
  const me = owner(s);
  const range = ef(k, EF.RANGE);
  let best = -1;
  let bestScore = 0;
  for (let i = 0; i < nTerrain; i++) {
    if (max<f64>(0, hypot(ux(s) - terrain(i, 0), uy(s) - terrain(i, 1)) - ur(s) - terrain(i, 2)) > range + 1e-9) continue;
    let sc = 0;
    for (let m = aroundTerrain(k, s, i); m != 0; m &= m - 1) sc += owner(<i32>ctz<u64>(m)) == me ? -1 : 1;
    if (sc > bestScore) {
      best = i;
      bestScore = sc;
    }
  }
  if (best < 0) return false;
  const sides = <u32>efI(k, EF.DICE_SIDES);
  const n = efI(k, EF.DICE_COUNT);
  const on = efI(k, EF.ON);
  const each = efI(k, EF.EACH);
  for (let m = aroundTerrain(k, s, best); m != 0; m &= m - 1) {
    const x = <i32>ctz<u64>(m);
    if (!deployed(x)) continue;
    let points = 0;
    for (let j = 0; j < n; j++) {
      const r = roll(sides);
      if (r >= on) points += each == 0 ? r : each;
    }
    if (points == 0) continue;
    inflictMortal(x, points, s);
    destroyIfSlain(x, s, false);
  }
  return true;
}

/** combat-abilities.ts strikeFirstOnRoll for each unit of `player` with record k's ability (Hold the Shieldwall). */
function strikeFirstOnRoll(k: i32, player: i32): void {
  const bit = recBit(k);
  const charged = efI(k, EF.CHARGED);
  const tc = efI(k, EF.TARGET_CHARGED);
  for (let m = deployedOf(player) & engagedMask; m != 0; m &= m - 1) {
    const s = <i32>ctz<u64>(m);
    if ((efMask(s, UM.EF_SOURCE) & bit) == 0) continue;
    if (ui(s, UI.MODELS) < efI(k, EF.MIN_MODELS)) continue;
    if (flag(s, UF.STRIKE_FIRST) || st(s, US.STRIKE_FIRST_TURN)) continue; // nothing to gain
    if (charged >= 0 && st(s, US.CHARGED) != (charged == 1)) continue;
    if (tc >= 0) {
      let found = false;
      for (let e = enemiesInCombat(s) & deployedOf(1 - player); e != 0; e &= e - 1)
        if (st(<i32>ctz<u64>(e), US.CHARGED) == (tc == 1)) {
          found = true;
          break;
        }
      if (!found) continue;
    }
    if (roll(6) >= efI(k, EF.VALUE)) setSt(s, US.STRIKE_FIRST_TURN, true);
  }
}

/** combat-abilities.ts useCombatAbilities: one army's step. */
export function useCombatAbilities(player: i32): void {
  useStepAbilities(player, 0);
}


/**
 * A step ability just used by unit `s`: its limit noted (once per battle for each unit, or for the army);
 * true when no other unit may use it this step (once per turn or per battle for the army).
 */
function noteStepUse(k: i32, s: i32, limit: i32, player: i32, bit: u64): bool {
  if (limit == 3) markUsedByUnit(s, k);
  if (limit == 2) {
    if (player == 0) effectBattle0 |= bit;
    else effectBattle1 |= bit;
  }
  return limit == 1 || limit == 2;
}

/** combat-abilities.ts useStepAbilities: one army's declared abilities of the step `phase` (STEP_PHASES index). */
export function useStepAbilities(player: i32, phase: i32): void {
  const recs = stepKindRecsOf(phase); // speed.ts: only the records of this step's phase (and kinds) can pass its checks below
  if (recs != 0) useStepRecords(player, phase, recs);
}

// @ts-ignore: decorator
@noinline function useStepRecords(player: i32, phase: i32, recs: u64): void {
  if (!hasKind(MORTAL) && !hasKind(SLAY) && !hasKind(STRIKE) && !hasKind(TURN) && !hasKind(TERRAIN_MORTAL) && !hasKind(STEP_HEAL) && !hasKind(FIGHT_TWICE) && !hasKind(FIGHT_TWICE_HEROES) && !hasKind(SEIZE) && !hasKind(SWITCH_ON)) return;
  for (let rm = recs; rm != 0; rm &= rm - 1) {
    const k = <i32>ctz<u64>(rm);
    const kind = efI(k, EF.KIND);
    if (kind != MORTAL && kind != SLAY && kind != STRIKE && kind != TURN && kind != TERRAIN_MORTAL && kind != STEP_HEAL && kind != FIGHT_TWICE && kind != FIGHT_TWICE_HEROES && kind != SEIZE && kind != SWITCH_ON) continue;
    if (efI(k, EF.DECL_PHASE) != phase) continue;
    const whose = efI(k, EF.DECL_WHOSE); // whoseHolds
    if ((whose == 1 && player != active) || (whose == 2 && player == active)) continue;
    if (kind == TURN && efI(k, EF.AFTER_DAMAGE) > 0) continue; // set by the mortal damage before it
    if (kind == TURN && efI(k, EF.F_AFTER_FIGHT) != 0) continue; // set on the unit that fights after (fight-order.ts)
    if (kind == TURN && efI(k, EF.ST_GROUP) == 0) continue; // used with its group's first record (status.ts)
    if (kind == STRIKE) {
      strikeFirstOnRoll(k, player);
      continue;
    }
    const limit = efI(k, EF.LIMIT);
    const bit = recBit(k);
    if (limit == 2 && ((player == 0 ? effectBattle0 : effectBattle1) & bit) != 0) continue;
    const minModels = efI(k, EF.MIN_MODELS);
    // Targets within combat range (every bundled one: "in combat with this unit"): a source in combat only
    // (the same answer as measuring, without measuring).
    const inCombatOnly = kind != TERRAIN_MORTAL && efI(k, EF.SIDE) == 2 && ef(k, EF.RANGE) >= 0 && ef(k, EF.RANGE) <= COMBAT_RANGE && efI(k, EF.WHOLLY) == 0;
    const inCombatNeeded = efI(k, EF.IN_COMBAT); // "If this unit is (not) in combat" (damage.ts): 0 either, 1 yes, 2 no
    for (let m = deployedOf(player); m != 0; m &= m - 1) {
      const s = <i32>ctz<u64>(m);
      if ((efMask(s, UM.EF_SOURCE) & bit) == 0 || !deployed(s)) continue;
      if (limit == 3 && usedByUnit(s, k)) continue; // damage.ts: "Once Per Battle" for each unit
      const damagedNeeded = efI(k, EF.D_DAMAGED); // "If this unit is damaged" (damage.ts)
      if (damagedNeeded != 0 && (kind == MORTAL || kind == SLAY || kind == STEP_HEAL) && (ui(s, UI.DAMAGE) > 0) != (damagedNeeded == 1)) continue;
      if (kind == SWITCH_ON) {
        // combat3.ts: an aura switched on for the rest of the turn.
        if (!useSwitchOn(k, s)) continue;
        if (noteStepUse(k, s, limit, player, bit)) break;
        continue;
      }
      if (kind == FIGHT_TWICE || kind == FIGHT_TWICE_HEROES) {
        // timing2.ts: "This unit can use 2 FIGHT abilities this phase".
        // combat3.ts: a friendly unit picked to fight twice (EF.SIDE 1), else the unit itself.
        const who = efI(k, EF.SIDE) == 1 ? fightTwicePick(k, s) : s;
        if (who < 0 || !useFightTwice(who, kind == FIGHT_TWICE_HEROES)) continue;
        if (noteStepUse(k, s, limit, player, bit)) break;
        continue;
      }
      if (kind == SEIZE) {
        // hero3.ts: "You control the target objective".
        if (!useSeize(player)) continue;
        if (noteStepUse(k, s, limit, player, bit)) break;
        continue;
      }
      if (kind == STEP_HEAL) {
        if (minModels > 0 && ui(s, UI.MODELS) < minModels) continue;
        if (inCombatNeeded != 0 && ((engagedMask & bitOf(s)) != 0) != (inCombatNeeded == 1)) continue;
        if (!useStepHeal(k, s)) continue;
        if (noteStepUse(k, s, limit, player, bit)) break;
        continue;
      }
      if (inCombatOnly && (engagedMask & bitOf(s)) == 0) continue;
      // The enemies it may target, by ascending id (those in combat with it when that is all whom can name).
      // A for-the-turn effect may be set on a friendly unit or the unit itself too (whom says which).
      const candidates = inCombatOnly ? enemiesInCombat(s) & deployedOf(1 - player) : kind == TURN ? deployedMask : deployedOf(1 - player);
      if (minModels > 0 && ui(s, UI.MODELS) < minModels) continue;
      // "If this unit charged this phase/turn" / "did not charge": the unit with the ability.
      const charged = efI(k, EF.CHARGED);
      // 2: "set up this turn using the 'X' ability" (encode.ts arrivedCondition), else whether it charged.
      if ((kind == MORTAL || kind == SLAY) && charged == 2 && !st(s, US.ARRIVED)) continue;
      if ((kind == MORTAL || kind == SLAY) && charged >= 0 && charged != 2 && st(s, US.CHARGED) != (charged == 1)) continue;
      if ((kind == MORTAL || kind == SLAY) && inCombatNeeded != 0 && ((engagedMask & bitOf(s)) != 0) != (inCombatNeeded == 1)) continue;
      let used = false;
      if (kind == TERRAIN_MORTAL) {
        if (!terrainMortal(k, s)) continue;
        if (noteStepUse(k, s, limit, player, bit)) break;
        continue;
      }
      if (kind == TURN) {
        // Effects for a while (status.ts): its conditions, target and dice (an enemy's resistance roll there).
        used = useForAWhile(k, s, phase, candidates);
      } else if (kind == SLAY) {
        const t = pickTarget(k, s, true, candidates);
        if (t >= 0) {
          if (!resisted(s, t)) resolveSlay(k, s, t);
          used = true;
        }
      } else if (efI(k, EF.EACH_TARGET) != 0) {
        // Every target, by ascending id (those the step's earlier targets leave standing).
        let targets: u64 = 0;
        if ((efI(k, EF.M4_AFTER) & 4) != 0) targets = bothSidesTargets(k, s); // mortal4.ts: both armies' units
        else
          for (let e = candidates; e != 0; e &= e - 1) {
            const t = <i32>ctz<u64>(e);
            if (targetOk(k, s, t)) targets |= bitOf(t);
          }
        // terrain5.ts (Cinders and Ashes): the enemy units contesting one objective the unit contests.
        if ((efI(k, EF.M4_AFTER) & 4) == 0 && (efI(k, EF.O4) & 16) != 0) targets = sameObjectiveTargets(s, targets);
        let dealt = 0;
        for (let e = targets; e != 0; e &= e - 1) {
          const t = <i32>ctz<u64>(e);
          if (deployed(t) && !resisted(s, t)) dealt += resolveMortal(k, s, t);
        }
        used = targets != 0;
        if (used && efI(k, EF.GAIN_DISCIPLINE) != 0) gainDiscipline(player, dealt); // Necrotic Impetus (traits.ts)
      } else if (efI(k, EF.UP_TO) > 1) {
        // bestTargets: the N best by the pick, then resolved by ascending id.
        let chosen: u64 = 0;
        for (let i = efI(k, EF.UP_TO); i > 0; i--) {
          const t = pickTarget(k, s, false, candidates & ~chosen);
          if (t < 0) break;
          chosen |= bitOf(t);
        }
        let dealt = 0;
        for (let e = chosen; e != 0; e &= e - 1) {
          const t = <i32>ctz<u64>(e);
          if (deployed(t) && !resisted(s, t)) dealt += resolveMortal(k, s, t);
        }
        used = chosen != 0;
        if (used && efI(k, EF.GAIN_DISCIPLINE) != 0) gainDiscipline(player, dealt);
      } else {
        const t = pickTarget(k, s, false, candidates);
        if (t >= 0) {
          const dealt = resisted(s, t) ? 0 : resolveMortal(k, s, t);
          used = true;
          if (efI(k, EF.GAIN_DISCIPLINE) != 0) gainDiscipline(player, dealt);
        }
      }
      if (!used) continue;
      if (noteStepUse(k, s, limit, player, bit)) break;
    }
  }
}
