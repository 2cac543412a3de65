// What units do, die by die in the engine's order: moves and runs (CORE-MOVE, CORE-RUN, CORE-FLY), charges
// (CORE-CHARGE), shooting with cover (PB-COVER), fights with pile-ins (CORE-PILEIN), the attack sequence
// (the sampler of aos_odds.ts, with the plan src/aos/odds/plan.ts would build), damage allocation
// (CORE-ALLOC), casualties, and Metamorphosis with miscasts and unbinding (CORE-SPELLS, CORE-UNBIND).
// Mirrors src/aos/battle/movement.ts, charge.ts, shooting.ts, combat.ts, attacks.ts, casualties.ts, hero.ts.
import { shootsInCombat } from "./cities6";
import { noteChargeRoll, notePassing } from "./move3";
import { afterFightMove, afterShootMove } from "./moves5";
import { destroyedMortal } from "./mortal4";
import { FULL_THROTTLE, fullThrottleMove, gainMomentum, momentumBonus } from "./common";
import { sampleOnce } from "../aos_odds";
import { moveModifier } from "./moves";
import { castingBonus, goesOnAfterMiscast } from "./casting";
import { attackEffects, chargeDice, effAttacks, effCompanionHit, effDamage, effectWard, setWardMagic, effHit, effHitFail, effNoWeaponAbilities, effRend, effWard, effWound, effWoundFail, efI, hasKind, nEffects } from "./effects";
import { strikeHeld } from "./status";
import { foughtOnce, foughtOnceLast, secondFightOpen } from "./timing2";
import { noChargeDamage, passiveHit, passiveSave, passiveStrike, passiveWound, wardAfterRolls, wAnti, wAttacks, wCharge, wCrit, wDamage, wDamageDouble, wDamageSet, weaponMods, weaponModsOn, wRend } from "./passive";
import { roll } from "../rng";
import { afterUnbind, castingGamble, castingReroll, diceA, diceC, eaterFor, unbindingDice, unbindsFirst } from "./react4";
import { anyChargeReroll, die, diceSum, lowestDie, rerollFor, setDiceCount, setDie, useReroll } from "./charge-rerolls";
import { altarLeaderMoved, altarLeaderSlain } from "./board";
import { attacksC, attacksP, attacksS, weaponAttacks } from "./commands";
import { CHARGE_END, clampTo, COMBAT_RANGE, contactPoint, distanceToSegment, hypot, jsRound, outX, outY } from "./math";
import { EF, UF, US, WF } from "./layout";
import { chargeEnd } from "./terrain";
import { moveDestination, pileInEnd } from "./paths";
import { wedgeMoves } from "./wedge";
import { afterFightHealing } from "./healing";
import { afterRecord, declareFightAfter, fightNextPicked, pickedToFightNext } from "./fight-order";
import { applySaveTriggers, saveTriggers } from "./save-triggers";
import { afterCast, applySlainTriggers, findSlainTriggers, rollBonus, UNBINDING } from "./passive2";
import { afterShooting, timberrrrr, attackTraits, deathriderWedge, pageantRun, remorselessMarch, setReacting, trAttacks, trCompanionAttacks, trHit, setWickedBonus, wickedBonus, wickedPredator, trIgnoreSave, trMortalWard, trSave, trWard, trWardRoll, trWound } from "./traits";
import { hasRec, ignoresFirstMask, setSt2, st2, UM } from "./state";
import { noteKill } from "./kills5";
import {
  active, deployed, dist, flag, isLeader, isMonster, nTerrain, nUnits, owner, round, setPosition, setSt, setUi, st, terrain, touch, turn, ud, UD, ui, UI,
  ur, ux, uy, wi, WI, wRange, spellMetamorphosis, inCombat, removeFromBattlefield, within, terrainCover, deployedMask, deployedOf, unitsOf, bitOf, engagedMask, markSpells,
  preySlain, setPreySlain, woundsLeft, fightNext,
} from "./state";
export { inCombat } from "./state";

const PLAN_HEADER: i32 = 10; // src/aos/odds/plan.ts PLAN_HEADER
const PLAN = memory.data((PLAN_HEADER + 16 * 32) * 8, 16);

function rollDice(count: i32, sides: i32, plus: i32): i32 {
  let v = plus;
  for (let i = 0; i < count; i++) v += roll(<u32>sides);
  return v < 0 ? 0 : v;
}

// ---- attacks ---------------------------------------------------------------------------------------------

/** attacks.ts carriersLeft: in proportion to the models left, at least one while any are. */
export function carriersLeft(w: i32, u: i32): i32 {
  const models = ui(u, UI.MODELS);
  if (models <= 0) return 0;
  const n = <i32>jsRound((<f64>wi(w, WI.CARRIERS) * <f64>models) / <f64>ui(u, UI.START_MODELS));
  return max<i32>(1, min<i32>(models, n));
}

/** PB-COVER (shooting.ts inCover): the target is wholly on a feature, or one lies between, nearer the target. */
export function inCover(a: i32, t: i32): bool {
  if (st(t, US.CHARGED) || flag(t, UF.FLY)) return false;
  const ax = ux(a);
  const ay = uy(a);
  const tx = ux(t);
  const ty = uy(t);
  const tr = ur(t);
  // Either test puts the feature's centre within its radius of the segment [a, t] (an end of it, or a point
  // on it): features clear of that box by more than rounding can be skipped without changing the answer.
  const x0 = Math.min(ax, tx) - 1e-6;
  const x1 = Math.max(ax, tx) + 1e-6;
  const y0 = Math.min(ay, ty) - 1e-6;
  const y1 = Math.max(ay, ty) + 1e-6;
  for (let i = 0; i < nTerrain; i++) {
    if (!terrainCover(i)) continue;
    const fx = terrain(i, 0);
    const fy = terrain(i, 1);
    const fr = terrain(i, 2);
    if (fx < x0 - fr || fx > x1 + fr || fy < y0 - fr || fy > y1 + fr) continue;
    const d = hypot(fx - tx, fy - ty);
    if (d + tr <= fr) return true;
    const crosses = distanceToSegment(fx, fy, ax, ay, tx, ty) < fr;
    if (crosses && d < hypot(fx - ax, fy - ay)) return true;
  }
  return false;
}

/**
 * attacks.ts resolveAttacks with the context of shooting.ts attackContext: `a`'s weapons of one type on `t`
 * (ranged: only those reaching `range`, and with `inCombat` only those with Shoot in Combat: shooting.ts
 * shootingWeapons), sampled, then allocated. Returns the damage, -1 if no attack.
 */
export function resolveAttacks(a: i32, t: i32, ranged: bool, range: f64, inCombat: bool = false): i32 {
  const models = ui(a, UI.MODELS);
  const charged = st(a, US.CHARGED);
  const targetCharged = st(t, US.CHARGED);
  const targetMonster = isMonster(t);
  const champion = flag(a, UF.CHAMPION);
  const beast = flag(a, UF.BEAST);
  const mask = ui(t, UI.ANTI_MASK);
  const first = ui(a, UI.FIRST_WEAPON);
  const last = first + ui(a, UI.WEAPONS);
  // The played abilities of both sides (effects.ts attackEffects, shooting.ts attackContext): a reaction that
  // lowers Rend is worth using when a weapon used has a Rend characteristic of 1 or more.
  let rendWeapon = false;
  let used = 0;
  for (let w = first; w < last; w++) {
    if (ranged ? wi(w, WI.RANGED) == 0 || wRange(w) < range : wi(w, WI.RANGED) != 0) continue;
    if (inCombat && (wi(w, WI.FLAGS) & WF.SHOOT_IN_COMBAT) == 0) continue;
    used++;
    if (wi(w, WI.REND) >= 1) rendWeapon = true;
  }
  if (used == 0) return -1;
  attackEffects(a, t, !ranged, rendWeapon);
  if (models <= 0) return -1;
  // The bundled traits (traits.ts attackTraits): passive ones, and the reactions when the attack is declared.
  attackTraits(a, t, !ranged, effWound, effWard);
  // Ignored modifiers (passive.ts): cover's -1 is a negative hit modifier too; the traits' with the rest.
  const hitModifier = passiveHit(inCover(a, t) ? -1 : 0, trHit);
  const woundModifier = passiveWound(trWound);
  const mods = weaponModsOn();
  let n = 0;
  for (let w = first; w < last; w++) {
    if (ranged ? wi(w, WI.RANGED) == 0 || wRange(w) < range : wi(w, WI.RANGED) != 0) continue;
    if (inCombat && (wi(w, WI.FLAGS) & WF.SHOOT_IN_COMBAT) == 0) continue; // CORE-SHOOT-IN-COMBAT
    const carriers = carriersLeft(w, a);
    const companion = wi(w, WI.COMPANION) != 0;
    // CORE-HIT: modifiers capped to -1..+1; CORE-COMPANION ignores positive ones (Ferocious Hunger's +1 for
    // Companion weapons comes after: plan.ts).
    let hitMod = companion ? min<i32>(0, hitModifier) + effCompanionHit : hitModifier;
    hitMod = min<i32>(1, max<i32>(-1, hitMod));
    // Passive abilities (passive.ts weaponMods): Attacks, a named weapon's Rend and Damage, weapon abilities given.
    let crit = wi(w, WI.CRIT);
    let chargeDamage = wi(w, WI.CHARGE_DAMAGE) != 0;
    let antiGiven = 0;
    let pRend = 0;
    let pDamage = 0;
    let pAttacks = 0;
    let pSet = 0; // passive4: the Damage characteristic set to a value (passive.ts weaponAfterMods)
    let pDouble = false; // passive5: a fixed (or set) Damage characteristic doubled
    if (mods) {
      weaponMods(w - first, companion, crit, wi(w, WI.ANTI_CHARGE) != 0, chargeDamage);
      crit = wCrit;
      if (wCharge) chargeDamage = true;
      if (noChargeDamage) chargeDamage = false; // passive3: "has no effect on attacks that target this unit"
      if (wAnti) antiGiven = 1;
      pRend = wRend;
      pDamage = wDamage;
      pAttacks = wAttacks;
      pSet = wDamageSet;
      pDouble = wDamageDouble;
    }
    // CORE-ANTI (Immortal Bulwark: weapon abilities other than Companion have no effect)
    let anti = 0;
    if (!effNoWeaponAbilities) {
      anti = (targetCharged ? wi(w, WI.ANTI_CHARGE) + antiGiven : 0) + (targetMonster ? wi(w, WI.ANTI_MONSTER) : 0);
      const k = wi(w, WI.ANTI_N);
      for (let j = 0; j < k; j++) if ((mask & (1 << wi(w, WI.ANTI_K0 + j))) != 0) anti++;
    }
    const p = PLAN + (<usize>(PLAN_HEADER + 16 * n) << 3);
    // PB-REALM-FERAL-ROAR: the Attacks under Battle Damaged, unless Feral Roar is on the unit.
    weaponAttacks(w, a);
    // attacks.ts attacksWithModifier: a spell's Attacks modifier (a fixed value at least 1; Companion: only a negative one).
    // Feeding Frenzy (traits.ts): melee weapons, Companion ones too; then the held modifier.
    let ap = attacksP + (ranged ? 0 : trAttacks + (companion ? trCompanionAttacks : 0)); // A Majestic Menagerie: Companion only
    // Wicked Predator (traits.ts): the Talons' fixed Attacks, up to 10 at most.
    if (wickedBonus > 0 && !ranged && attacksC == 0 && (wi(w, WI.FLAGS) & WF.TALONS) != 0) ap += max<i32>(0, min<i32>(wickedBonus, 10 - ap));
    if (effAttacks != 0 && !(effAttacks > 0 && companion)) ap = attacksC == 0 ? max<i32>(1, ap + effAttacks) : ap + effAttacks;
    store<f64>(p, <f64>attacksC);
    store<f64>(p + 8, <f64>attacksS);
    store<f64>(p + 16, <f64>(ap + pAttacks));
    store<f64>(p + 24, <f64>carriers);
    // CORE-CHAMPION: on the weapons its champion uses (plan.ts championWeapons, encoded); Companion weapons
    // only for a BEAST.
    store<f64>(p + 32, champion && (wi(w, WI.FLAGS) & WF.CHAMPION) != 0 && (!companion || beast) ? 1 : 0);
    store<f64>(p + 40, <f64>wi(w, WI.HIT));
    store<f64>(p + 48, <f64>hitMod);
    store<f64>(p + 56, 0);
    store<f64>(p + 64, <f64>wi(w, WI.WOUND));
    store<f64>(p + 72, <f64>(companion ? min<i32>(1, max<i32>(-1, min<i32>(0, woundModifier))) : min<i32>(1, max<i32>(-1, woundModifier))));
    store<f64>(p + 80, 0);
    store<f64>(p + 88, <f64>(effNoWeaponAbilities ? 0 : crit));
    // Ethereal (traits.ts): the Rend characteristic is a negative modifier to the save roll it ignores.
    store<f64>(p + 96, trIgnoreSave ? 0 : <f64>max<i32>(0, wi(w, WI.REND) + pRend + anti + effRend));
    store<f64>(p + 104, <f64>(pSet > 0 ? 0 : wi(w, WI.DC)));
    store<f64>(p + 112, <f64>(pSet > 0 ? 0 : wi(w, WI.DS)));
    // CORE-CHARGE-DMG; momentum (common.ts)
    // passive5 (passive.ts weaponAfterMods): a fixed Damage (no dice, or a set one) doubled before the modifiers.
    const baseDamage = pSet > 0 ? pSet : wi(w, WI.DP);
    store<f64>(p + 120, <f64>((pDouble && (pSet > 0 || wi(w, WI.DC) == 0) ? baseDamage * 2 : baseDamage) + pDamage + (charged && chargeDamage && !effNoWeaponAbilities ? 1 : 0) + effDamage + momentumBonus(a, w - first)));
    n++;
  }
  store<f64>(PLAN, <f64>n);
  store<f64>(PLAN + 8, <f64>ui(t, UI.SAVE));
  // CORE-SAVE: a positive save modifier is capped at +1 (passive.ts passiveSave, the traits' with the rest); Ethereal
  // ignores the negative ones (plan.ts).
  const saveMod = passiveSave(trSave);
  store<f64>(PLAN + 16, <f64>(trIgnoreSave ? max<i32>(0, saveMod) : saveMod));
  store<f64>(PLAN + 24, 0);
  // 18.1: of several wards, the lowest value applies (the traits' too); then the traits' ward-roll modifier
  // (attacks.ts attackInput: a ward past 6 is none), then the passive ones (passive.ts wardAfterRolls).
  const own = ui(t, UI.WARD);
  let ward = effWard == 0 ? own : own == 0 ? effWard : min<i32>(own, effWard);
  if (trWard != 0) ward = ward == 0 ? trWard : min<i32>(ward, trWard);
  if (trWardRoll != 0 && ward != 0) ward = ward + trWardRoll > 6 ? 0 : ward + trWardRoll;
  ward = wardAfterRolls(ward);
  store<f64>(PLAN + 32, <f64>ward);
  // attacks.ts: Indomitable Loreseekers' WARD (4+) against the attack's Crit (Mortal) damage, with the lowest applying.
  store<f64>(PLAN + 72, <f64>(trMortalWard == 0 ? 0 : ward == 0 ? trMortalWard : min<i32>(ward, trMortalWard)));
  store<f64>(PLAN + 40, <f64>ui(t, UI.MODELS));
  store<f64>(PLAN + 48, <f64>ui(t, UI.HEALTH));
  store<f64>(PLAN + 56, <f64>effHitFail);
  store<f64>(PLAN + 64, <f64>effWoundFail);
  const damage = sampleOnce(PLAN);
  allocateDamage(t, damage);
  return damage;
}

/** The models the last allocation slew (read by destroyIfSlain: casualties.ts's `slain`, for Victory Feast). */
export let lastSlain: i32 = 0;

export function setLastSlain(n: i32): void {
  lastSlain = n;
}

/** U.STATE2 bit 31 (encode.ts US2_IGNORED_FIRST): the unit has ignored its first damage point this phase
 * (ignore-first.ts IGNORED_FIRST_TOKEN; cleared with flow.ts's phase and turn). */
export const IGNORED_FIRST: i32 = 1 << 31;

/** CORE-ALLOC (attacks.ts allocateDamage): damage points one at a time; returns the models slain. */
export function allocateDamage(t: i32, points: i32): i32 {
  const models = ui(t, UI.MODELS);
  lastSlain = 0;
  if (points <= 0 || models <= 0) return 0;
  // ignore-first.ts: "Ignore the first damage point that would be allocated to this unit in each phase".
  if (ignoresFirstMask != 0 && (ignoresFirstMask & (<u64>1 << <u64>t)) != 0 && !st2(t, IGNORED_FIRST)) {
    setSt2(t, IGNORED_FIRST, true);
    points--;
    if (points <= 0) return 0;
  }
  const health = ui(t, UI.HEALTH);
  const total = ui(t, UI.DAMAGE) + points;
  const slain = min<i32>(models, total / health);
  const left = models - slain;
  setUi(t, UI.MODELS, left);
  setUi(t, UI.DAMAGE, left == 0 ? 0 : total - slain * health);
  lastSlain = slain;
  if (slain > 0) {
    touch(t);
    // PB-REALM-PREY: a MONSTER model slain (casualties.ts destroyIfSlain's `slain`), whether or not its unit is destroyed.
    if (isMonster(t)) setPreySlain(preySlain | (1 << owner(t)));
  }
  return slain;
}

/** Mortal damage (a miscast's D3): the ward still applies (attacks.ts inflictMortal). */
export function inflictMortal(t: i32, points: i32, from: i32 = -1): i32 {
  // hashut6: `from` the unit whose ability inflicts it (-1 none), -2 a spell or prayer (effects.ts unitWard's `from`).
  setWardMagic(from == -2 || (from >= 0 && flag(from, UF.MANIFESTATION)));
  const ward = effectWard(t); // its own, or a better one an ability gives it (effects.ts unitWard)
  setWardMagic(false);
  let kept = points;
  if (ward != 0) {
    kept = 0;
    for (let i = 0; i < points; i++) if (roll(6) < ward) kept++;
  }
  allocateDamage(t, kept);
  return kept;
}

/** casualties.ts destroyIfSlain: removes a unit with no models left and records who did it. */
export function destroyIfSlain(t: i32, killer: i32, melee: bool, attack: bool = false): bool {
  // Victory Feast (healing.ts): models slain by the killer this turn.
  if (killer >= 0 && lastSlain > 0) setSt(killer, US.SLEW_TURN, true);
  noteKill(t, killer, lastSlain, ui(t, UI.MODELS) == 0 && deployed(t), attack, melee); // kills5.ts (attack: shoot, fight)
  const slain = lastSlain;
  lastSlain = 0;
  // Timberrrrr! (traits.ts): each MEGA-GARGANT or GARGANT model slain falls before it is removed.
  if (slain > 0 && deployed(t)) timberrrrr(t, slain);
  if (ui(t, UI.MODELS) > 0 || !deployed(t)) return false;
  destroyedMortal(t); // Watch Out! and the like (mortal4.ts): before the unit is removed
  const x = ux(t);
  const y = uy(t);
  const r = ur(t);
  removeFromBattlefield(t);
  setUi(t, UI.DAMAGE, 0);
  setUi(t, UI.KILLED, 1);
  setUi(t, UI.KILLED_BY_MONSTER, killer >= 0 && isMonster(killer) ? 1 : 0);
  setUi(t, UI.KILLED_BY_PREDATOR, killer >= 0 && st(t, US.PREDATOR) && st(killer, US.PREDATOR) ? 1 : 0);
  setUi(t, UI.KILLED_ROUND, round);
  setUi(t, UI.KILLED_TURN, turn);
  if (melee && killer >= 0 && isLeader(t)) altarLeaderSlain(killer, x, y, r);
  return true;
}

// ---- movement --------------------------------------------------------------------------------------------

/** movement.ts move: Move (a random Move rolled), +D6 for a run (CORE-RUN). */
export function moveUnit(u: i32, tx: f64, ty: f64, run: bool): void {
  // Full Throttle (common.ts): its Move characteristic for the rest of the turn, instead of rolling one.
  let distance = st2(u, FULL_THROTTLE) ? fullThrottleMove(u) : ui(u, UI.MOVE_DC) > 0 ? <f64>rollDice(ui(u, UI.MOVE_DC), ui(u, UI.MOVE_DS), ui(u, UI.MOVE_DP)) : ud(u, UD.MOVE);
  // Move and run modifiers (moves.ts): the Move at least 0, the run roll's addition at least 0.
  distance = Math.max(0, distance + <f64>moveModifier(u, 0));
  distance += remorselessMarch(u, tx, ty, distance, run); // traits.ts: +3" for relentless discipline
  if (run) distance += <f64>max<i32>(0, pageantRun(u, <i32>roll(6)) + moveModifier(u, 1)); // A Splendid Pageant (traits.ts)
  moveDestination(u, tx, ty, distance); // CORE-MOVE, CORE-FLY, CORE-UNSTABLE (paths.ts)
  const x0 = ux(u);
  const y0 = uy(u);
  setPosition(u, outX, outY);
  notePassing(u, x0, y0); // move3.ts: the enemy units it passed across
  setSt(u, US.MOVED, true);
  setSt(u, US.RAN, run);
  altarLeaderMoved(u);
  if (run) gainMomentum(u, 1); // common.ts: Unstoppable Momentum
}

// ---- shooting, charges, fights ---------------------------------------------------------------------------

export function shoot(u: i32, t: i32): void {
  saveTriggers(u, t, false);
  // CORE-SHOOT-IN-COMBAT: in combat, only the weapons with Shoot in Combat. A declared SHOOT: its reactions (traits.ts).
  setReacting(true);
  const damage = resolveAttacks(u, t, true, dist(u, t), inCombat(u) && !shootsInCombat(u)); // cities6.ts: all its ranged weapons
  setReacting(false);
  setSt(u, US.SHOT, true);
  destroyIfSlain(t, u, false, true);
  applySaveTriggers(u, damage); // save-roll triggers (save-triggers.ts: Loyal Gryph-hound)
  afterShooting(u, t); // reactions after the SHOOT ability (traits.ts: Deathly Barrage)
  afterShootMove(u); // moves5.ts
}

/**
 * CORE-CHARGE, CORE-UNSTABLE with the dice of charge-rerolls.ts: within 1/2" of the target, clear of other
 * footprints (paths.ts clearSpot), off unstable terrain's tall part (terrain.ts chargeEnd), or it fails; the end
 * in outX/outY. "Add N to charge rolls" (moves.ts); Thrashing Desperation reads the unmodified roll.
 */
function chargeAttempt(u: i32, t: i32, gap: f64): bool {
  const unmodified = diceSum();
  const r = max<i32>(0, unmodified + moveModifier(u, 2));
  return chargeEnd(u, ux(u), uy(u), ur(u), ux(t), uy(t), ur(t), gap, <f64>r, unmodified);
}

/** CORE-CHARGE: 2D6 against the gap less 1/2"; success ends within 1/2" of the target. */
export function charge(u: i32, t: i32): void {
  const gap = dist(u, t);
  // CORE-CHARGE: 2D6, or more dice with a charge-dice effect (Heralds of Righteousness), rolled one by one.
  const n = chargeDice(u);
  setDiceCount(n);
  for (let i = 0; i < n; i++) setDie(i, roll(6));
  setSt(u, US.CHARGE_TRIED, true);
  let ok = chargeAttempt(u, t, gap);
  // A failed roll may be re-rolled or changed (charge-rerolls.ts rescueCharge).
  if (!ok && anyChargeReroll()) {
    let done = false;
    const k4 = rerollFor(u, 2);
    if (k4 >= 0) {
      const j = lowestDie();
      const old = die(j);
      if (old < 4) {
        setDie(j, 4);
        if (chargeAttempt(u, t, gap)) {
          useReroll(u, k4);
          ok = true;
          done = true;
        } else setDie(j, old);
      }
    }
    if (!done) {
      const ka = rerollFor(u, 0);
      if (ka >= 0) {
        useReroll(u, ka);
        for (let i = 0; i < n; i++) setDie(i, roll(6));
        ok = chargeAttempt(u, t, gap);
      } else {
        const k1 = rerollFor(u, 1);
        if (k1 >= 0) {
          useReroll(u, k1);
          setDie(lowestDie(), roll(6));
          ok = chargeAttempt(u, t, gap);
        }
      }
    }
  }
  if (ok) {
    const x0 = ux(u);
    const y0 = uy(u);
    setPosition(u, outX, outY);
    notePassing(u, x0, y0); // move3.ts
    noteChargeRoll(u, diceSum()); // move3.ts: the unmodified charge roll (its dice, after any re-roll)
    setSt(u, US.CHARGED, true);
    setSt(u, US.MOVED, true);
    altarLeaderMoved(u);
    gainMomentum(u, 0); // common.ts: Unstoppable Momentum
  }
}

/** CORE-STRIKE-ORDER (combat.ts strikeFirst / strikeLast). */
// STRIKE-FIRST by keyword or for the rest of the turn by an ability (combat.ts hasStrikeFirst: Hold the Shieldwall).
// @ts-ignore: decorator
@inline function hasStrikeFirst(u: i32): bool { return flag(u, UF.STRIKE_FIRST) || st(u, US.STRIKE_FIRST_TURN) || strikeHeld(u, true) || passiveStrike(u, false); }
export function strikeFirst(u: i32): bool {
  return st(u, US.IN_COMBAT_AT_START) && hasStrikeFirst(u) && !hasStrikeLast(u);
}
// STRIKE-LAST by keyword or for the rest of the turn (combat.ts / moves.ts hasStrikeLast: Brace for Impact).
// @ts-ignore: decorator
@inline function hasStrikeLast(u: i32): bool { return flag(u, UF.STRIKE_LAST) || st(u, US.STRIKE_LAST_TURN) || strikeHeld(u, false) || passiveStrike(u, true) || foughtOnceLast(u); }
export function strikeLast(u: i32): bool {
  return st(u, US.IN_COMBAT_AT_START) && hasStrikeLast(u) && !hasStrikeFirst(u);
}

/** The candidates settle() found for the combat pick it set up (read by the policy, before anything changes). */
export let lastCandidates: u64 = 0;

/** combat.ts fightCandidates as a mask of unit ids: who may be picked to fight now. */
export function fightCandidates(): u64 {
  let all: u64 = 0;
  let first: u64 = 0;
  let normal: u64 = 0;
  for (let m = engagedMask & deployedMask; m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (st(u, US.FOUGHT) && !secondFightOpen(u)) continue; // timing2.ts: a second FIGHT ability open
    const bit = bitOf(u);
    all |= bit;
    if (strikeFirst(u)) first |= bit;
    if (!strikeLast(u)) normal |= bit;
  }
  if (first != 0) return first;
  return normal != 0 ? normal : all;
}

/** combat.ts fightPicker: the picker, or the other player when the picker has nobody eligible; -1 nobody. */
export function currentFightPicker(picker: i32): i32 {
  // fight-order.ts: the unit picked to fight immediately after the last fight is the only pick.
  if (fightNext >= 0) {
    lastCandidates = bitOf(fightNext);
    return owner(fightNext);
  }
  const c = fightCandidates();
  lastCandidates = c;
  if (c == 0) return -1;
  return (c & unitsOf(picker)) != 0 ? picker : 1 - picker;
}

/** combat.ts fight: pile in (3", to 1/2"), attack, then the pick alternates (after STRIKE-FIRST, the active player). */
export function fight(u: i32, t: i32, picker: i32): i32 {
  const wasFirst = strikeFirst(u);
  if (u == fightNext) fightNextPicked(u); // its for-the-turn effect (fight-order.ts)
  // Its reaction to its own FIGHT ability: a friendly unit that may fight right after it (fight-order.ts).
  const after = declareFightAfter(u);
  const afterRec = afterRecord;
  // Deathrider Wedge (traits.ts): a FIGHT ability of its own, mortal damage instead of the pile-in and attacks.
  const liege = deathriderWedge(u, t);
  if (liege > -2) {
    wedgeMoves(u, liege); // wedge.ts: then it and the friendly target can move 10" (12": Deathrider Commander)
    setSt(u, US.FOUGHT, true);
    foughtOnce(u); // timing2.ts
    return afterTheFight(u, wasFirst, after, afterRec);
  }
  // CORE-PILEIN: with room, or no pile-in (paths.ts pileInEnd).
  if (pileInEnd(u, t)) {
    setPosition(u, outX, outY);
    altarLeaderMoved(u); // PB-BP-07: a pile-in is a move other than a retreat (combat.ts fight)
  }
  const woundsBefore = woundsLeft(t);
  saveTriggers(u, t, true);
  findSlainTriggers(t); // passive2.ts: a roll for each model slain
  const modelsBefore = ui(t, UI.MODELS);
  setWickedBonus(wickedPredator(u, t)); // traits.ts: its Talons' Attacks for this FIGHT ability
  setReacting(true); // a declared FIGHT: its reactions (traits.ts)
  const damage = resolveAttacks(u, t, false, 0);
  setReacting(false);
  setWickedBonus(0);
  const slain = modelsBefore - ui(t, UI.MODELS);
  setSt(u, US.FOUGHT, true);
  foughtOnce(u); // timing2.ts: a second FIGHT ability open
  destroyIfSlain(t, u, true, true);
  applySaveTriggers(u, damage); // save-roll triggers (save-triggers.ts: Acid Ichor), before Stolen Hours
  applySlainTriggers(u, slain); // passive2.ts, after the save-roll triggers
  // Stolen Hours (healing.ts): the damage points allocated, at most the wounds the target had left.
  afterFightHealing(u, min<i32>(damage, woundsBefore));
  return afterTheFight(u, wasFirst, after, afterRec);
}

/** combat.ts afterTheFight: a unit fighting immediately after, then the next picker. */
function afterTheFight(u: i32, wasFirst: bool, after: i32, afterRec: i32): i32 {
  afterFightMove(u); // moves5.ts
  if (after >= 0 && deployed(after) && (fightCandidates() & bitOf(after)) != 0) pickedToFightNext(after, afterRec);
  if (wasFirst) {
    const c = fightCandidates();
    let anyFirst = false;
    for (let m = c; m != 0; m &= m - 1) if (strikeFirst(<i32>ctz<u64>(m))) anyFirst = true;
    if (!anyFirst) return active;
  }
  return 1 - owner(u);
}

// ---- spells ----------------------------------------------------------------------------------------------

const UNBIND_RANGE: f64 = 30;

/** hero.ts castMetamorphosis: casting value 5 (spells.ts castingRoll). */
export function castMetamorphosis(w: i32, target: i32): void {
  spellMetamorphosis = true;
  markSpells(w);
  setUi(w, UI.CASTS, ui(w, UI.CASTS) + 1);
  if (!castingRoll(w, 5, 0, bitOf(target))) return; // its target: Spell-eaters (react4.ts)
  setSt(target, US.METAMORPHOSIS, true);
  afterCast(w); // passive2.ts: a heal after a spell
}

/** spells.ts unbindsAsWizard: u has a passive unbind record's ability (encode.ts UNBIND_KIND). */
function unbindsAsWizard(u: i32): bool {
  if (!hasKind(UNBIND_KIND)) return false;
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == UNBIND_KIND && hasRec(u, UM.EF_SOURCE, k)) return true;
  return false;
}
const UNBIND_KIND: i32 = 36;

/** spells.ts castingRoll: double 1 miscasts (D3 mortal), below the casting value fails, an enemy WIZARD within 30" unbinds. */
export function castingRoll(w: i32, castingValue: i32, bonus: i32 = 0, targets: u64 = 0): bool {
  return castingRollValue(w, castingValue, 0, bonus, targets) > 0;
}

/** spells.ts castingRollValue: the casting roll when the spell is cast, else 0. */
export function castingRollValue(w: i32, castingValue: i32, minus: i32 = 0, bonus: i32 = 0, targets: u64 = 0): i32 {
  // react4.ts: Bargain With The Mist-Daemons' D6 when the spell is declared (-1: the caster was destroyed by it).
  const gamble = castingGamble(w);
  if (gamble < 0) return 0;
  const rest = bonus + castingBonus(w) + gamble - minus;
  const a0 = roll(6);
  const c0 = roll(6);
  castingReroll(w, a0, c0, rest, castingValue); // react4.ts: Arcane Tome's re-roll of one dice
  const a = diceA;
  const c = diceC;
  const r = a + c - minus; // spells.ts: less a penalty (Cacophonic Choir's), a double 1 miscasting whatever it is
  const modified = r + bonus + castingBonus(w) + gamble; // spells.ts: Indomitable Loreseekers' +1 for a SUMMON, the passive casting-roll modifiers (casting.ts)
  if (a == 1 && c == 1) {
    const dmg = roll(3);
    markSpells(w);
    setUi(w, UI.BLOCKED, goesOnAfterMiscast(w) ? 2 : 1); // 2: miscast, not stopped (casting.ts)
    inflictMortal(w, dmg);
    destroyIfSlain(w, -1, false);
    return 0;
  }
  if (modified < castingValue) return 0;
  const enemy = 1 - owner(w);
  // spells.ts: the first eligible unit by id, or the first with Screamin' Mandrakk's reaction (react4.ts unbinderOf).
  let unbinder = -1;
  for (let m = deployedOf(enemy); m != 0; m &= m - 1) {
    const e = <i32>ctz<u64>(m);
    if ((ui(e, UI.WIZARD) <= 0 && !unbindsAsWizard(e) && eaterFor(e, targets) < 0) || !within(e, w, UNBIND_RANGE)) continue;
    if (unbinder < 0) unbinder = e;
    if (unbindsFirst(e)) {
      unbinder = e;
      break;
    }
  }
  if (unbinder >= 0) {
    const eater = eaterFor(unbinder, targets); // react4.ts: Spell-eaters
    let u = 0;
    for (let i = unbindingDice(unbinder); i > 0; i--) u += roll(6); // 2D6, or 3D6 (react4.ts)
    u += rollBonus(unbinder, UNBINDING); // passive2.ts: unbinding-roll modifiers
    if (eater >= 0) u += efI(eater, EF.VALUE); // Spell-eaters' +1
    if (u > modified) {
      afterUnbind(unbinder, w, u, eater); // react4.ts: mortal damage on the caster
      return 0;
    }
  }
  return r;
}
