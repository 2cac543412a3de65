// The kernel's interpreter of the effect language (src/aos/abilities): the played effects of the battle's
// warscrolls, encoded by src/aos/rollout/encode.ts as records (EF slots) in data order, with three masks per
// unit (UM.EF_SOURCE: it has the effect's ability; UM.EF_WHOM: it passes the effect's filter; UM.EF_NEAR: it
// passes the filter of the effect's "near" condition). Mirrors src/aos/abilities/attack.ts (attackMods,
// controlAfterEffects) and src/aos/battle/effects.ts: the same records in the same order, the same geometry.
import { attackerOrdersHold, ordersHold } from "./cities6";
import { hypot } from "./math";
import { EF, EFFECT, H, MAX_EFFECTS, UF, US } from "./layout";
import { traitWard } from "./traits";
import { chargeDiceHeld } from "./declared2";
import { passive3Holds } from "./passive3";
import { bitOf, deployedMask, dist, efMask, flag, hasRec, inCombat, inF, inI, inMask, owner, recBit, round, st, ui, UI, UM, ur, ux, uy } from "./state";
import { heldWeaponMod, SET_WARD_ROLL } from "./declared4";
import { DAMAGE_SET_KIND, SET_DAMAGE_SET } from "./passive4";
import { DAMAGE_DOUBLE_KIND } from "./passive5";
import { ATTACKS_KIND, NO_CHARGE_KIND, noteNoWard, controlIgnored, heldAbilityMod, heldDamageSet, holderOf, wardAfterRolls, ignorePositiveSave, isPassiveAttackKind, noteHitWound, noteSave, noteWardRoll, objectiveHolds, passesFilter, passiveAttackMod, passiveHolds, resetPassiveMods, sameObjective } from "./passive";
import { SET_WEAPON_ABILITY } from "./hero3";
import { killsHold } from "./kills5";
import { attackRecs, controlRecs } from "./speed";
import { pointsHold } from "./hashut6";
import { inOvergrowth, resetOvergrown } from "./sylvaneth6";
import { P6_FLAGS, targetControlHolds } from "./passive6";

const SLOTS: i32 = EFFECT;
const EFF = memory.data(MAX_EFFECTS * SLOTS * 8, 16);
/** The records' slots as i32 (each <i32> of its f64, as efI read it), filled with EFF: efI reads these, half the bytes
 * and no conversion. */
const EFF_I = memory.data(MAX_EFFECTS * SLOTS * 4, 16);

export let nEffects: i32 = 0;
/** A for-the-turn record is a ward (status.ts): effectWard reads the records then. */
let turnWards = false;
/** Kinds present (bit = EF kind code 0-63; kinds2: codes 64-127; kinds3: codes 128-191), so an attack without any skips the loop. */
let kinds: u64 = 0;
let kinds2: u64 = 0;
let kinds3: u64 = 0;
/** Move kinds present (bit = code - 42: charge-barrier, charge-after, move modifiers; encode.ts MOVE_KINDS). */
export let moveKinds: i32 = 0;
/** A record needs the units passed across (EF.M3_PASSED: move3.ts records them only then). */
export let passedRecords = false;
/** A record reads the unmodified charge roll (EF.M3_CHARGE_ROLL: move3.ts records it only then). */
export let chargeRollRecords = false;
/** "Once per phase (army)" effects used this phase (bit = record), per player. */
export let effectPhase0: u64 = 0;
export let effectPhase1: u64 = 0;
/** "Once per battle (army)" records used (bit = record), per player (combat-abilities.ts). */
export let effectBattle0: u64 = 0;
export let effectBattle1: u64 = 0;
/** Warscroll spells the active army cast this phase (bit = the spell's first record; warscroll-spells.ts). */
export let spellsCast: u64 = 0;
export function setSpellsCast(m: u64): void {
  spellsCast = m;
}

// @ts-ignore: decorator
@inline export function ef(k: i32, f: i32): f64 { return load<f64>(EFF + (<usize>(k * SLOTS + f) << 3)); }
// @ts-ignore: decorator
@inline export function efI(k: i32, f: i32): i32 { return load<i32>(EFF_I + (<usize>(k * SLOTS + f) << 2)); }
/** The records of each kind code 0-191 (bit = record, in record order): a scan of one kind visits only those. */
const KIND_RECS = memory.data(192 * 8, 16);
/** The records of kind `kind` (0 for a code past 191: none is loaded). */
// @ts-ignore: decorator
@inline export function kindRecs(kind: i32): u64 {
  return <u32>kind < 192 ? load<u64>(KIND_RECS + (<usize>kind << 3)) : 0;
}
/** Whether any record is of kind `kind` (EF kind code). */
// @ts-ignore: decorator
@inline export function hasKind(kind: i32): bool {
  return kind < 64 ? (kinds & ((<u64>1) << <u64>kind)) != 0 : kind < 128 ? (kinds2 & ((<u64>1) << <u64>(kind - 64))) != 0 : (kinds3 & ((<u64>1) << <u64>(kind - 128))) != 0;
}

export function loadEffects(): void {
  nEffects = inI(H.N_EFFECTS);
  const off = inI(H.OFF_EFFECTS);
  kinds = 0;
  kinds2 = 0;
  kinds3 = 0;
  moveKinds = 0;
  turnWards = false;
  passedRecords = false;
  chargeRollRecords = false;
  memory.fill(KIND_RECS, 0, 192 * 8);
  for (let k = 0; k < nEffects; k++) {
    for (let f = 0; f < SLOTS; f++) {
      const v = inF(off + k * SLOTS + f);
      store<f64>(EFF + (<usize>(k * SLOTS + f) << 3), v);
      store<i32>(EFF_I + (<usize>(k * SLOTS + f) << 2), <i32>v);
    }
    const kind = efI(k, EF.KIND);
    if (<u32>kind < 192) store<u64>(KIND_RECS + (<usize>kind << 3), load<u64>(KIND_RECS + (<usize>kind << 3)) | recBit(k));
    if ((kind == TURN || kind == SPELL_TURN) && (efI(k, EF.TURN_SET) == 8 || efI(k, EF.TURN_SET) == SET_WARD_ROLL || efI(k, EF.TURN_SET) == SET_NO_WARD)) turnWards = true; // a ward (or declared4's ward-roll modifier, or Elite Guardians' no-ward) held for a while (status.ts)
    if (kind < 64) kinds |= (<u64>1) << <u64>kind;
    else if (kind < 128) kinds2 |= (<u64>1) << <u64>(kind - 64);
    else kinds3 |= (<u64>1) << <u64>(kind - 128);
    if (kind >= 42 && kind <= 45) moveKinds |= 1 << (kind - 42);
    if (efI(k, EF.M3_PASSED) != 0) passedRecords = true; // move3.ts
    if (efI(k, EF.M3_CHARGE_ROLL) != 0 || (kind == 7 && efI(k, EF.PER) == 7)) chargeRollRecords = true; // a condition, or mortal damage (kind 7) with a dice per point of the roll
  }
  spellWardRecs = 0;
  spellFirstRecs = 0;
  spellLastRecs = 0;
  spellControlRecs = 0;
  for (let k = 0; k < nEffects; k++) {
    // pick5: a declared ability's control score held for a while (a TURN record, TURN_SET 11) is read as a spell's.
    if (efI(k, EF.KIND) == TURN && efI(k, EF.TURN_SET) == 11) spellControlRecs |= recBit(k);
    if (efI(k, EF.KIND) != SPELL_TURN) continue;
    const set = efI(k, EF.TURN_SET);
    if (set == 8) spellWardRecs |= recBit(k);
    else if (set == 9) spellFirstRecs |= recBit(k);
    else if (set == 10) spellLastRecs |= recBit(k);
    else if (set == 11) spellControlRecs |= recBit(k);
  }
  resetEffects();
}

/** The starting position's once-per-phase uses (after state.ts resetBattle). */
export function resetEffects(): void {
  effectPhase0 = inMask(H.EFFECT_PHASE0, H.EFFECT_PHASE0_HI);
  effectPhase1 = inMask(H.EFFECT_PHASE1, H.EFFECT_PHASE1_HI);
  effectBattle0 = inMask(H.EFFECT_BATTLE0, H.EFFECT_BATTLE0_HI);
  effectBattle1 = inMask(H.EFFECT_BATTLE1, H.EFFECT_BATTLE1_HI);
  spellsCast = inMask(H.SPELLS_CAST, H.SPELLS_CAST_HI);
  resetOvergrown(); // sylvaneth6.ts: each player's overgrown tokens
}

/** turn.ts: "once per phase" is per phase (commandsUsed is cleared with the phase). */
export function clearEffectPhase(): void {
  effectPhase0 = 0;
  effectPhase1 = 0;
}

// @ts-ignore: decorator
@inline function whollyWithin(a: i32, b: i32, range: f64): bool {
  return hypot(ux(a) - ux(b), uy(a) - uy(b)) + ur(a) - ur(b) <= range + 1e-9;
}

/** attack.ts whomHolds: the affected unit x is whom record k names, from the source s. */
export function whomHolds(k: i32, s: i32, x: i32): bool {
  const side = efI(k, EF.SIDE);
  if (side == 0) return x == s;
  if (side == 1) {
    if (owner(x) != owner(s)) return false;
    if (x == s && efI(k, EF.INCLUDE_SELF) == 0) return false;
  } else if (owner(x) == owner(s)) return false;
  if (!hasRec(x, UM.EF_WHOM, k)) return false;
  const range = ef(k, EF.RANGE);
  if (range >= 0 && x != s) {
    if (efI(k, EF.WHOLLY) != 0 ? !whollyWithin(x, s, range) : dist(x, s) > range + 1e-9) return false;
  }
  return true;
}

/** attack.ts conditionsHold: charged, a friendly unit near. */
function conditionsHold(k: i32, s: i32, x: i32, t: i32 = -1): bool {
  // The unit-state conditions are the holder's: the affected unit, or the unit with the ability (passive.ts).
  const h = holderOf(k, s, x);
  const charged = efI(k, EF.CHARGED);
  if (charged >= 0 && st(h, US.CHARGED) != (charged == 1)) return false;
  // The trigger token on the unit with the ability (attack.ts: Loyal Gryph-hound's ward while its hound is there).
  if (efI(k, EF.TRIG_TOKEN_NEEDED) != 0 && !st(s, US.TRIGGER_TOKEN)) return false;
  // An aura switched on for the rest of the turn (combat3.ts): record k's bit on the unit with the ability.
  if (efI(k, EF.C3_SWITCHED) != 0 && (efMask(s, UM.EF_TURN) & recBit(k)) == 0) return false;
  // attack.ts: the affected unit is (not) in combat.
  const combat = efI(k, EF.IN_COMBAT);
  if (combat != 0 && inCombat(h) != (combat == 1)) return false;
  if ((efI(k, EF.P_FLAGS) & 1) != 0 && !passiveHolds(k, h)) return false;
  // sylvaneth6 (attack.ts): "while it is wholly within the creeping overgrowth" (the holder).
  const og = efI(k, EF.SY6_OVERGROWTH);
  if (og != 0 && !inOvergrowth(h, og == 2)) return false;
  // objective4 (attack.ts): "while they are contesting the same objective as this unit".
  if ((efI(k, EF.O4) & 16) != 0 && !sameObjective(x, s)) return false;
  // objective4 (attack.ts's token condition): the battle's mark on the unit with the ability (objective4.ts useMarks).
  if ((efI(k, EF.O4) & 32) != 0 && !st(s, US.O4_MARK)) return false;
  // kills5 (attack.ts's killed and kill-mark token conditions): the kills of the unit with the ability.
  if (!killsHold(k, s)) return false;
  // hashut6 (passive.ts passiveConditionsHold): the holder's daemonic power points.
  if (!pointsHold(k, h)) return false;
  if (efI(k, EF.P3_STATE) != 0 && !passive3Holds(k, h, s, t)) return false;
  // cities6 (attack.ts): the holder is (not) under orders.
  if (!ordersHold(k, h)) return false;
  const range = ef(k, EF.NEAR_RANGE);
  if (range >= 0) {
    const me = owner(x);
    const wholly = efI(k, EF.NEAR_WHOLLY) != 0;
    const them = efI(k, EF.NEAR_MEASURED) == 0;
    const nearModels = efI(k, EF.P2_NEAR_MODELS); // passive2: the near unit's models at least (0: any)
    let found = false;
    for (let m = deployedMask; m != 0; m &= m - 1) {
      const y = <i32>ctz<u64>(m);
      if (y == x || (owner(y) != me && (efI(k, EF.P3_STATE) & 16) == 0) || !hasRec(y, UM.EF_NEAR, k)) continue; // P3_STATE 16: "(friendly or enemy)" (passive3)
      if (nearModels > 0 && ui(y, UI.MODELS) < nearModels) continue;
      const a = them ? y : x;
      const b = them ? s : y;
      if (wholly ? whollyWithin(a, b, range) : dist(a, b) <= range + 1e-9) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/** attack.ts sourceFor: the first source (by id) for which record k applies to x, or -1 (t: the attack's target, passive3's targetWithin). */
export function sourceFor(k: i32, x: i32, t: i32 = -1): i32 {
  const bit = recBit(k);
  // Shortcuts with the same answer: "self" has one candidate, x; friendly / enemy need x to pass the filter.
  if (efI(k, EF.SIDE) == 0) return (efMask(x, UM.EF_SOURCE) & bit) != 0 && (deployedMask & bitOf(x)) != 0 && conditionsHold(k, x, x, t) ? x : -1;
  if ((efMask(x, UM.EF_WHOM) & bit) == 0) return -1;
  for (let m = deployedMask; m != 0; m &= m - 1) {
    const s = <i32>ctz<u64>(m);
    if (!hasRec(s, UM.EF_SOURCE, k)) continue;
    if (whomHolds(k, s, x) && conditionsHold(k, s, x, t)) return s;
  }
  return -1;
}

// The modifiers of the last attackEffects call (attack.ts AttackMods).
export let effHit: i32 = 0;
export let effWound: i32 = 0;
export let effRend: i32 = 0;
export let effDamage: i32 = 0;
export let effHitFail: i32 = 1;
export let effWoundFail: i32 = 1;
export let effWard: i32 = 0;
/** A hit modifier for the attacker's Companion weapons only (attack.ts AttackMods.companionHit). */
export let effCompanionHit: i32 = 0;
/** The attacker's weapons' Attacks (attack.ts AttackMods.attacks: effects held for a while, status.ts); a held save modifier goes with the passive ones (passive.ts noteSave). */
export let effAttacks: i32 = 0;
/** The attacker's weapon abilities other than Companion have no effect (AttackMods.noWeaponAbilities). */
export let effNoWeaponAbilities: bool = false;

/**
 * The spells' for-the-turn records (SPELL_TURN) of a ward, STRIKE-FIRST, STRIKE-LAST and a control score (TURN_SET 8,
 * 9, 10, 11: encode.ts DURATION_SETS), set by loadEffects: read by effectWard, the strike order and controlEffects.
 */
let spellWardRecs: u64 = 0;
let spellFirstRecs: u64 = 0;
let spellLastRecs: u64 = 0;
let spellControlRecs: u64 = 0;

/** warscroll-spells.ts spellStrike: a spell's STRIKE-FIRST (first) or STRIKE-LAST is on u. */
export function spellStrikeOn(u: i32, first: bool): bool {
  const recs = first ? spellFirstRecs : spellLastRecs;
  return recs != 0 && ((efMask(u, UM.EF_TURN) | efMask(u, UM.SPELL_UNTIL0) | efMask(u, UM.SPELL_UNTIL1)) & recs) != 0;
}

/** The for-the-turn kind (encode.ts EFFECT_KINDS). */
export const TURN: i32 = 10;
/** A warscroll spell's hit or wound modifier (encode.ts SPELL_KINDS): read like for-the-turn (warscroll-spells.ts). */
export const SPELL_TURN: i32 = 35;
const ATTACK_KINDS: u64 = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5) | (1 << TURN) | ((<u64>1) << SPELL_TURN);
/** passive.ts's attack kinds 74, 75, 77, 78, 79 (bits of kinds2). */
const PASSIVE_ATTACK_KINDS2: u64 = (1 << 10) | (1 << 11) | (1 << 13) | (1 << 14) | (1 << 15) | (1 << 16);
/** Elite Guardians: a for-the-turn "no-ward" (schema.ts DURATION_SETS index): ward rolls cannot be made for the holder. */
export const SET_NO_WARD: i32 = 20;
/** passive.ts's ward-roll kind (80): read with the wards (effectWard) when it is on the unit's own ward rolls. */
const WARD_ROLL: i32 = 80;

/** attack.ts ignoresPositive: a spell's ignore-positive record (SPELL_TURN, TURN_SET 3) is on u. */
function ignoresPositive(u: i32): bool {
  if (!hasKind(SPELL_TURN)) return false;
  const on = efMask(u, UM.EF_TURN) | efMask(u, UM.SPELL_UNTIL0) | efMask(u, UM.SPELL_UNTIL1);
  if (on == 0) return false;
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == SPELL_TURN && efI(k, EF.TURN_SET) == 3 && (on & recBit(k)) != 0) return true;
  return false;
}

/** attack.ts attackMods: the played effects on `a`'s attacks on `t`; marks a once-per-phase reaction used. */
export function attackEffects(a: i32, t: i32, melee: bool, rendWeapon: bool, onlyWard: bool = false): void {
  effHit = 0;
  effWound = 0;
  effRend = 0;
  effDamage = 0;
  effHitFail = 1;
  effWoundFail = 1;
  effWard = 0;
  effCompanionHit = 0;
  effNoWeaponAbilities = false;
  effAttacks = 0;
  resetPassiveMods();
  if ((kinds & <u64>ATTACK_KINDS) == 0 && (kinds2 & PASSIVE_ATTACK_KINDS2) == 0 && !hasKind(NO_CHARGE_KIND) && !hasKind(DAMAGE_SET_KIND) && !hasKind(DAMAGE_DOUBLE_KIND)) return;
  // Grief-stricken (attack.ts ignoresPositive): the attacker's positive hit and wound modifiers are ignored.
  const ignorePositive = ignoresPositive(a);
  for (let rm = attackRecs(onlyWard); rm != 0; rm &= rm - 1) {
    const k = <i32>ctz<u64>(rm); // speed.ts: the records the test below may pass, in order
    const kind = efI(k, EF.KIND);
    if ((kind > 5 && kind != TURN && kind != SPELL_TURN && !isPassiveAttackKind(kind)) || (onlyWard && kind != 4 && kind != TURN && kind != SPELL_TURN && !(kind == WARD_ROLL && efI(k, EF.DIRECTION) == 1))) continue;
    const attack = efI(k, EF.ATTACK);
    if (attack != 0 && (attack == 1) != melee) continue;
    if (kind == TURN || kind == SPELL_TURN) {
      // Put earlier on the unit it concerns (status.ts putForAWhile: the attacker, or the target for "against",
      // save and ward), for the rest of the turn or until a player's next turn; its pick's conditions were checked then.
      const set = efI(k, EF.TURN_SET);
      if ((set >= 9 && set != SET_WEAPON_ABILITY && set != SET_WARD_ROLL && set != SET_DAMAGE_SET && set != SET_NO_WARD) || (onlyWard && set != 8 && set != SET_WARD_ROLL && set != SET_NO_WARD)) continue; // STRIKE-FIRST / STRIKE-LAST: the fight order's
      const x = efI(k, EF.DIRECTION) == 1 || set == 4 || set == 8 || set == SET_WARD_ROLL || set == SET_NO_WARD ? t : a;
      if (((efMask(x, UM.EF_TURN) | efMask(x, UM.SPELL_UNTIL0) | efMask(x, UM.SPELL_UNTIL1)) & recBit(k)) == 0) continue;
      // objective4 (attack.ts): "... while it is contesting an objective you do not control", on the unit holding it.
      const ow = efI(k, EF.O4) & 7;
      if (ow != 0 && !objectiveHolds(x, ow)) continue;
      const tv = efI(k, EF.VALUE);
      if (set == 3) continue;
      // Grief-stricken: positive modifiers to the ignoring unit's hit and wound rolls (the attacker's), and to its save rolls.
      if (tv > 0 && set <= 1 && ignorePositive) continue;
      if (tv > 0 && set == 4 && ignoresPositive(t)) continue;
      // passive4 (attack.ts heldTargetHolds, heldWeaponMod): the attack's target, named weapons, a Damage set to a value.
      if (efI(k, EF.TARGET_KEYWORDS) != 0 && !hasRec(t, UM.EF_NEAR, k)) continue;
      const ttm = efI(k, EF.TARGET_MIN_MODELS);
      if (ttm > 0 && ui(t, UI.MODELS) < ttm) continue;
      if (!targetControlHolds(efI(k, P6_FLAGS), a, t)) continue; // passive6: the target's Control against the attacker's
      if ((efI(k, EF.P_FLAGS) & 4) != 0 && !passesFilter(t, k)) continue;
      if ((efI(k, EF.P_FLAGS) & 64) != 0 && !passesFilter(a, k)) continue; // the attacker's filter
      if (!attackerOrdersHold(k, a)) continue; // cities6: the attacker under orders
      if (efI(k, EF.D6_TARGET_CHARGED) != 0 && !st(t, US.CHARGED)) continue; // declared6: the attack's target charged this turn
      // declared4 (declared4.ts): Companion or named weapons' modifiers; passive4 (passive.ts heldDamageSet): a Damage set.
      if (heldWeaponMod(k, set, tv) || heldDamageSet(k, set, tv)) continue;
      if (set == 2) effNoWeaponAbilities = true;
      else if (set == SET_WEAPON_ABILITY) heldAbilityMod(tv); // hero3: a Crit for a while (hero3.ts)
      else if (set == SET_WARD_ROLL) noteWardRoll(tv); // declared4: the holder's ward rolls (declared4.ts)
      else if (set == SET_NO_WARD) noteNoWard(); // Elite Guardians: no ward rolls for the holder (passive.ts wardAfterRolls)
      else if (efI(k, EF.COMPANION_ONLY) != 0) effCompanionHit += tv;
      else if (set == 0) {
        effHit += tv;
        noteHitWound(tv, 0);
      } else if (set == 1) {
        effWound += tv;
        noteHitWound(0, tv);
      } else if (set == 4) noteSave(tv);
      else if (set == 5) effRend += tv;
      else if (set == 6) effDamage += tv;
      else if (set == 7) effAttacks += tv;
      else if (set == 8) effWard = effWard == 0 ? tv : min<i32>(effWard, tv);
      continue;
    }
    const tc = efI(k, EF.TARGET_CHARGED);
    if (tc >= 0 && st(t, US.CHARGED) != (tc == 1)) continue;
    if (ignorePositive && kind <= 1 && efI(k, EF.VALUE) > 0) continue;
    // attack.ts: the target's keywords (U.EF_NEAR bit k) and models.
    if (efI(k, EF.TARGET_KEYWORDS) != 0 && !hasRec(t, UM.EF_NEAR, k)) continue;
    const tm = efI(k, EF.TARGET_MIN_MODELS);
    if (tm > 0 && ui(t, UI.MODELS) < tm) continue;
    if (!targetControlHolds(efI(k, P6_FLAGS), a, t)) continue; // passive6: the target's Control against the attacker's
    // passive.ts passiveTargetHolds: the target has one of targetAnyKeywords (U.PASSIVE bit k).
    if ((efI(k, EF.P_FLAGS) & 4) != 0 && !passesFilter(t, k)) continue;
    // passive4 (attack.ts attackerHolds): the attacking unit passes the attacker's filter (U.PASSIVE bit k).
    if ((efI(k, EF.P_FLAGS) & 64) != 0 && !passesFilter(a, k)) continue;
    if (!attackerOrdersHold(k, a)) continue; // cities6 (attack.ts attackerOrdersHold): the attacker under orders
    // objective4 (attack.ts): "for attacks that target enemy units contesting an objective".
    if ((efI(k, EF.O4) & 8) != 0 && !objectiveHolds(t, 1)) continue;
    // hashut6 (attack.ts): a ward against spells, prayers and manifestations' abilities only (effectWard: inflictMortal's source; an attack: a manifestation's).
    if (efI(k, EF.H6_MAGIC) != 0 && !(onlyWard ? wardMagic : flag(a, UF.MANIFESTATION))) continue;
    const x = kind == 4 || efI(k, EF.DIRECTION) == 1 ? t : a;
    const s = sourceFor(k, x, t);
    if (s < 0) continue;
    // attack.ts: "for every N models in the target unit, add M to its Attacks characteristic" (Titanic Boulderclub).
    let times = 1;
    if (kind == ATTACKS_KIND && efI(k, EF.P_PER_MODELS) > 0) {
      times = ui(t, UI.MODELS) / efI(k, EF.P_PER_MODELS);
      if (times == 0) continue;
    }
    if (efI(k, EF.LIMITED) != 0) {
      const p = owner(s);
      const used = p == 0 ? effectPhase0 : effectPhase1;
      if (!rendWeapon || (used & recBit(k)) != 0) continue;
      if (p == 0) effectPhase0 |= recBit(k);
      else effectPhase1 |= recBit(k);
    }
    if (passiveAttackMod(k, kind, times)) continue;
    const v = efI(k, EF.VALUE);
    if (kind == 0) {
      effHit += v;
      noteHitWound(v, 0);
    } else if (kind == 1) {
      effWound += v;
      noteHitWound(0, v);
    } else if (kind == 2) effRend += v;
    else if (kind == 3) effDamage += v;
    else if (kind == 4) effWard = effWard == 0 ? v : min<i32>(effWard, v);
    else {
      const rolls = efI(k, EF.EXTRA);
      if ((rolls & 1) != 0) effHitFail = max<i32>(effHitFail, v);
      if ((rolls & 2) != 0) effWoundFail = max<i32>(effWoundFail, v);
    }
  }
  // Grief-stricken on the target: its positive save modifiers are ignored too (attack.ts).
  if (!onlyWard && ignoresPositive(t)) ignorePositiveSave();
}

/** hashut6 (effects.ts unitWard's `from`): the damage effectWard is asked about is a spell's, a prayer's or a manifestation's ability's (actions.ts inflictMortal). */
export let wardMagic: bool = false;
export function setWardMagic(v: bool): void {
  wardMagic = v;
}

/** effects.ts unitWard: the unit's ward against any damage, the lowest of its own and the effects' (0 none). */
export function effectWard(t: i32): i32 {
  // The bundled traits' ward with the unit's own (traits.ts: Soul-forged Guardians).
  const tw = traitWard(t);
  const own = tw == 0 ? ui(t, UI.WARD) : ui(t, UI.WARD) == 0 ? tw : min<i32>(ui(t, UI.WARD), tw);
  if (!hasKind(4) && !turnWards && !hasKind(WARD_ROLL)) return own;
  attackEffects(t, t, true, false, true);
  const w = effWard;
  // With the ward-roll modifiers on the unit's own ward rolls (passive.ts wardAfterRolls).
  return wardAfterRolls(w == 0 ? own : own == 0 ? w : min<i32>(own, w));
}

/** The charge-dice kind (encode.ts EFFECT_KINDS). */
const CHARGE_DICE: i32 = 11;

/** attack.ts chargeDiceAfterEffects: the dice of u's charge roll, 2 plus the charge-dice effects' (to their maximum). */
export function chargeDice(u: i32): i32 {
  // Those held on it for a while after the passive ones (declared2.ts).
  if (!hasKind(CHARGE_DICE)) return chargeDiceHeld(u, 2);
  let dice = 2;
  for (let m = kindRecs(CHARGE_DICE); m != 0; m &= m - 1) {
    const k = <i32>ctz<u64>(m);
    if (sourceFor(k, u) < 0) continue;
    dice = max<i32>(dice, min<i32>(efI(k, EF.EXTRA), dice + efI(k, EF.VALUE)));
  }
  return chargeDiceHeld(u, dice);
}

/** attack.ts controlAfterEffects: `base` plus the control effects' additions, then their maxima, at least 1. */
export function controlEffects(u: i32, base: i32, inFriendlyTerritory: bool): i32 {
  if (!hasKind(6) && spellControlRecs == 0) return base;
  let add = 0;
  let mx = i32.MAX_VALUE;
  const ignorePositive = ignoresPositive(u);
  const spellOn = (efMask(u, UM.EF_TURN) | efMask(u, UM.SPELL_UNTIL0) | efMask(u, UM.SPELL_UNTIL1)) & spellControlRecs;
  // "Ignore negative modifiers to the control scores of ..." (passive.ts controlIgnored): 1 negative, 2 positive, 3 both.
  const ignored = controlIgnored(u);
  for (let rm = spellOn | controlRecs(); rm != 0; rm &= rm - 1) {
    const k = <i32>ctz<u64>(rm); // speed.ts: the spell records on the unit and those of kind 6, in order
    // A spell's control modifier for the rest of the turn (Omens of Decay: times the battle round), on the unit.
    if ((spellOn & recBit(k)) != 0) {
      add += efI(k, EF.VALUE) * (efI(k, EF.SP_PER_ROUND) != 0 ? round : 1);
      continue;
    }
    if (efI(k, EF.KIND) != 6) continue;
    if (ignorePositive && efI(k, EF.VALUE) > 0 && efI(k, EF.EXTRA) == 0) continue; // Grief-stricken
    const add0 = efI(k, EF.VALUE);
    if (add0 < 0 && (ignored & 1) != 0) continue;
    if (add0 > 0 && (ignored & 2) != 0) continue;
    const contesting = efI(k, EF.CONTESTING);
    if (contesting == 1 && !inFriendlyTerritory) continue;
    if (contesting == 2) continue;
    if (sourceFor(k, u) < 0) continue;
    add += efI(k, EF.VALUE);
    const cap = efI(k, EF.EXTRA);
    if (cap > 0) mx = min<i32>(mx, cap);
  }
  return max<i32>(1, min<i32>(mx, base + add));
}
