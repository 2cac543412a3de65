// What units do, die by die in the engine's order: moves and runs (CORE-MOVE, CORE-RUN, CORE-FLY), charges
// (CORE-CHARGE), shooting with cover (PB-COVER), fights with pile-ins (CORE-PILEIN), the attack sequence
// (the sampler of aos_odds.ts, with the plan src/aos/odds/plan.ts would build), damage allocation
// (CORE-ALLOC), casualties, and Metamorphosis with miscasts and unbinding (CORE-SPELLS, CORE-UNBIND).
// Mirrors src/aos/battle/movement.ts, charge.ts, shooting.ts, combat.ts, attacks.ts, casualties.ts, hero.ts.
import { sampleOnce } from "../aos_odds";
import { moveModifier } from "./moves";
import { passiveHit, passiveSave, passiveStrike, passiveWound, wardAfterRolls, wAnti, wAttacks, wCharge, wCrit, wDamage, weaponMods, weaponModsOn, wRend } from "./passive";
import { attackEffects, chargeDice, effCompanionHit, effDamage, effectWard, effHit, effHitFail, effNoWeaponAbilities, effRend, effWard, effWound, effWoundFail, efI, hasKind, nEffects } from "./effects";
import { roll } from "../rng";
import { altarLeaderMoved, altarLeaderSlain } from "./board";
import { attacksC, attacksP, attacksS, weaponAttacks } from "./commands";
import { CHARGE_END, clampTo, COMBAT_RANGE, contactPoint, distanceToSegment, hypot, jsRound, outX, outY } from "./math";
import { EF, UF, US, WF } from "./layout";
import { chargeEnd } from "./terrain";
import { moveDestination, pileInEnd } from "./paths";
import { afterFightHealing } from "./healing";
import { afterRecord, declareFightAfter, fightNextPicked, pickedToFightNext } from "./fight-order";
import { applySaveTriggers, saveTriggers } from "./save-triggers";
import { hasRec, UM } from "./state";
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
  // Ignored modifiers (passive.ts): cover's -1 is a negative hit modifier too.
  const hitModifier = passiveHit(inCover(a, t) ? -1 : 0);
  const woundModifier = passiveWound();
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
    if (mods) {
      weaponMods(w - first, companion, crit, wi(w, WI.ANTI_CHARGE) != 0, chargeDamage);
      crit = wCrit;
      if (wCharge) chargeDamage = true;
      if (wAnti) antiGiven = 1;
      pRend = wRend;
      pDamage = wDamage;
      pAttacks = wAttacks;
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
    store<f64>(p, <f64>attacksC);
    store<f64>(p + 8, <f64>attacksS);
    store<f64>(p + 16, <f64>(attacksP + pAttacks));
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
    store<f64>(p + 96, <f64>max<i32>(0, wi(w, WI.REND) + pRend + anti + effRend));
    store<f64>(p + 104, <f64>wi(w, WI.DC));
    store<f64>(p + 112, <f64>wi(w, WI.DS));
    // CORE-CHARGE-DMG
    store<f64>(p + 120, <f64>(wi(w, WI.DP) + pDamage + (charged && chargeDamage && !effNoWeaponAbilities ? 1 : 0) + effDamage));
    n++;
  }
  store<f64>(PLAN, <f64>n);
  store<f64>(PLAN + 8, <f64>ui(t, UI.SAVE));
  store<f64>(PLAN + 16, <f64>passiveSave()); // CORE-SAVE: a positive save modifier capped at +1
  store<f64>(PLAN + 24, 0);
  // 18.1: of several wards, the lowest value applies.
  const ward = ui(t, UI.WARD);
  store<f64>(PLAN + 32, <f64>wardAfterRolls(effWard == 0 ? ward : ward == 0 ? effWard : min<i32>(ward, effWard)));
  store<f64>(PLAN + 40, <f64>ui(t, UI.MODELS));
  store<f64>(PLAN + 48, <f64>ui(t, UI.HEALTH));
  store<f64>(PLAN + 56, <f64>effHitFail);
  store<f64>(PLAN + 64, <f64>effWoundFail);
  store<f64>(PLAN + 72, 0);
  const damage = sampleOnce(PLAN);
  allocateDamage(t, damage);
  return damage;
}

/** The models the last allocation slew (read by destroyIfSlain: casualties.ts's `slain`, for Victory Feast). */
export let lastSlain: i32 = 0;

export function setLastSlain(n: i32): void {
  lastSlain = n;
}

/** CORE-ALLOC (attacks.ts allocateDamage): damage points one at a time; returns the models slain. */
export function allocateDamage(t: i32, points: i32): i32 {
  const models = ui(t, UI.MODELS);
  lastSlain = 0;
  if (points <= 0 || models <= 0) return 0;
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
export function inflictMortal(t: i32, points: i32): i32 {
  const ward = effectWard(t); // its own, or a better one an ability gives it (effects.ts unitWard)
  let kept = points;
  if (ward != 0) {
    kept = 0;
    for (let i = 0; i < points; i++) if (roll(6) < ward) kept++;
  }
  allocateDamage(t, kept);
  return kept;
}

/** casualties.ts destroyIfSlain: removes a unit with no models left and records who did it. */
export function destroyIfSlain(t: i32, killer: i32, melee: bool): bool {
  // Victory Feast (healing.ts): models slain by the killer this turn.
  if (killer >= 0 && lastSlain > 0) setSt(killer, US.SLEW_TURN, true);
  lastSlain = 0;
  if (ui(t, UI.MODELS) > 0 || !deployed(t)) return false;
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
  let distance = ui(u, UI.MOVE_DC) > 0 ? <f64>rollDice(ui(u, UI.MOVE_DC), ui(u, UI.MOVE_DS), ui(u, UI.MOVE_DP)) : ud(u, UD.MOVE);
  // Move and run modifiers (moves.ts): the Move at least 0, the run roll's addition at least 0.
  distance = Math.max(0, distance + <f64>moveModifier(u, 0));
  if (run) distance += <f64>max<i32>(0, roll(6) + moveModifier(u, 1));
  moveDestination(u, tx, ty, distance); // CORE-MOVE, CORE-FLY, CORE-UNSTABLE (paths.ts)
  setPosition(u, outX, outY);
  setSt(u, US.MOVED, true);
  setSt(u, US.RAN, run);
  altarLeaderMoved(u);
}

// ---- shooting, charges, fights ---------------------------------------------------------------------------

export function shoot(u: i32, t: i32): void {
  saveTriggers(u, t, false);
  // CORE-SHOOT-IN-COMBAT: in combat, only the weapons with Shoot in Combat.
  const damage = resolveAttacks(u, t, true, dist(u, t), inCombat(u));
  setSt(u, US.SHOT, true);
  destroyIfSlain(t, u, false);
  applySaveTriggers(u, damage); // save-roll triggers (save-triggers.ts: Loyal Gryph-hound)
}

/** CORE-CHARGE: 2D6 against the gap less 1/2"; success ends within 1/2" of the target. */
export function charge(u: i32, t: i32): void {
  const gap = dist(u, t);
  // CORE-CHARGE: 2D6, or more dice with a charge-dice effect (Heralds of Righteousness), rolled one by one.
  const n = chargeDice(u);
  let r: i32 = 0;
  for (let i = 0; i < n; i++) r += roll(6);
  // "Add N to charge rolls" (moves.ts); Thrashing Desperation reads the unmodified roll (terrain.ts chargeEnd).
  const unmodified = r;
  r = max<i32>(0, r + moveModifier(u, 2));
  setSt(u, US.CHARGE_TRIED, true);
  // CORE-CHARGE, CORE-UNSTABLE: within 1/2" of the target, clear of other footprints (paths.ts clearSpot), off
  // unstable terrain's tall part (terrain.ts chargeEnd), or it fails.
  if (chargeEnd(u, ux(u), uy(u), ur(u), ux(t), uy(t), ur(t), gap, <f64>r, unmodified)) {
    setPosition(u, outX, outY);
    setSt(u, US.CHARGED, true);
    setSt(u, US.MOVED, true);
    altarLeaderMoved(u);
  }
}

/** CORE-STRIKE-ORDER (combat.ts strikeFirst / strikeLast). */
// STRIKE-FIRST by keyword or for the rest of the turn by an ability (combat.ts hasStrikeFirst: Hold the Shieldwall).
// @ts-ignore: decorator
@inline function hasStrikeFirst(u: i32): bool { return flag(u, UF.STRIKE_FIRST) || st(u, US.STRIKE_FIRST_TURN) || passiveStrike(u, false); }
export function strikeFirst(u: i32): bool {
  return st(u, US.IN_COMBAT_AT_START) && hasStrikeFirst(u) && !hasStrikeLast(u);
}
// STRIKE-LAST by keyword or for the rest of the turn (combat.ts / moves.ts hasStrikeLast: Brace for Impact).
// @ts-ignore: decorator
@inline function hasStrikeLast(u: i32): bool { return flag(u, UF.STRIKE_LAST) || st(u, US.STRIKE_LAST_TURN) || passiveStrike(u, true); }
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
    if (st(u, US.FOUGHT)) continue;
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
  // CORE-PILEIN: with room, or no pile-in (paths.ts pileInEnd).
  if (pileInEnd(u, t)) {
    setPosition(u, outX, outY);
    altarLeaderMoved(u); // PB-BP-07: a pile-in is a move other than a retreat (combat.ts fight)
  }
  const woundsBefore = woundsLeft(t);
  saveTriggers(u, t, true);
  const damage = resolveAttacks(u, t, false, 0);
  setSt(u, US.FOUGHT, true);
  destroyIfSlain(t, u, true);
  applySaveTriggers(u, damage); // save-roll triggers (save-triggers.ts: Acid Ichor), before Stolen Hours
  // Stolen Hours (healing.ts): the damage points allocated, at most the wounds the target had left.
  afterFightHealing(u, min<i32>(damage, woundsBefore));
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
  if (!castingRoll(w, 5)) return;
  setSt(target, US.METAMORPHOSIS, true);
}

/** spells.ts unbindsAsWizard: u has a passive unbind record's ability (encode.ts UNBIND_KIND). */
function unbindsAsWizard(u: i32): bool {
  if (!hasKind(UNBIND_KIND)) return false;
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == UNBIND_KIND && hasRec(u, UM.EF_SOURCE, k)) return true;
  return false;
}
const UNBIND_KIND: i32 = 36;

/** spells.ts castingRoll: double 1 miscasts (D3 mortal), below the casting value fails, an enemy WIZARD within 30" unbinds. */
export function castingRoll(w: i32, castingValue: i32): bool {
  return castingRollValue(w, castingValue) > 0;
}

/** spells.ts castingRollValue: the casting roll when the spell is cast, else 0. */
export function castingRollValue(w: i32, castingValue: i32): i32 {
  const a = roll(6);
  const c = roll(6);
  const r = a + c;
  if (a == 1 && c == 1) {
    const dmg = roll(3);
    markSpells(w);
    setUi(w, UI.BLOCKED, 1);
    inflictMortal(w, dmg);
    destroyIfSlain(w, -1, false);
    return 0;
  }
  if (r < castingValue) return 0;
  const enemy = 1 - owner(w);
  for (let m = deployedOf(enemy); m != 0; m &= m - 1) {
    const e = <i32>ctz<u64>(m);
    if ((ui(e, UI.WIZARD) <= 0 && !unbindsAsWizard(e)) || !within(e, w, UNBIND_RANGE)) continue;
    const u = roll(6) + roll(6);
    if (u > r) return 0;
    break;
  }
  return r;
}
