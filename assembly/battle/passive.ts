// Passive abilities in the kernel: the twin of src/aos/abilities/passive.ts and src/aos/battle/passive.ts (docs/
// abilities.md "Passive abilities: conditions and kinds"). The conditions on a unit's state (EF.P_*: damage
// points, models, battle round, in combat with an enemy X, contesting an objective, territory, enemies near) read
// on the holder; the kinds 74-79 (save and Attacks modifiers, passive STRIKE-FIRST/LAST, weapon abilities given, no
// critical hits, ignored modifiers) and a named weapon's Rend and Damage, collected by effects.ts attackEffects and
// read by actions.ts resolveAttacks, commands.ts and the strike order.
import { contests, control, inPlay, objectiveWhollyWithin, objX, objY, partlyWithinTerritory, whollyWithinTerritory } from "./board";
import { OBJECTIVE_RADIUS } from "./math";
import { ef, effHit, effWound, efI, hasKind, nEffects, sourceFor } from "./effects";
import { EF } from "./layout";
import { deployedOf, dist, enemiesInCombat, nObjectives, owner, recBit, round, st, ui, UI, ur, ux, uy } from "./state";
import { US } from "./layout";
import { DAMAGE_SET_KIND, SET_DAMAGE_SET } from "./passive4";
import { DAMAGE_DOUBLE_KIND } from "./passive5";

export const SAVE_KIND: i32 = 74;
export const ATTACKS_KIND: i32 = 75;
export const STRIKE_KIND: i32 = 76;
export const WEAPON_ABILITY_KIND: i32 = 77;
export const NO_CRITS_KIND: i32 = 78;
export const IGNORE_KIND: i32 = 79;
export const WARD_ROLL_KIND: i32 = 80;
/** passive3.ts's no-charge-damage (encode-passive3.ts PASSIVE3_KINDS): the attacker's Charge (+1 Damage) does nothing. */
export const NO_CHARGE_KIND: i32 = 149;

/** encode.ts U.PASSIVE: the unit passes record k's inCombatWith or targetAnyKeywords filter. */
// @ts-ignore: decorator
@inline export function passesFilter(u: i32, k: i32): bool {
  const m = (<u64><u32>ui(u, UI.PASSIVE)) | ((<u64><u32>ui(u, UI.PASSIVE_HI)) << 32);
  return (m & recBit(k)) != 0;
}

/** passive.ts holderOf: the unit-state conditions' unit, the affected `x` or the unit with the ability `s`. */
// @ts-ignore: decorator
@inline export function holderOf(k: i32, s: i32, x: i32): i32 { return efI(k, EF.P_HOLDER) != 0 ? s : x; }

/**
 * battle/passive.ts passiveView objective: unit h contests an objective of kind `obj` (EF.P_OBJECTIVE's code: 1 any,
 * 2 its army controls, 3 its army does not control, 4 wholly outside its army's territory, 5 objective4's, 6 terrain5's: one
 * its army controls that no other friendly unit contests). Also read at use by
 * status.ts and healing.ts, and on a held effect by effects.ts (the objective4 area).
 */
export function objectiveHolds(h: i32, obj: i32): bool {
  const me = owner(h);
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o) || !contests(h, o)) continue;
    if (obj == 6) {
      // terrain5: one it controls that no other friendly unit contests.
      if (control(o) != me) continue;
      let other = false;
      for (let m = deployedOf(me); m != 0; m &= m - 1) {
        const y = <i32>ctz<u64>(m);
        if (y != h && contests(y, o)) {
          other = true;
          break;
        }
      }
      if (!other) return true;
      continue;
    }
    if (obj == 5) {
      if (control(o) == me && objectiveWhollyWithin(1 - me, o)) return true; // objective4: one it controls wholly within enemy territory
      continue;
    }
    if (obj == 1 || (obj == 4 ? !partlyWithinTerritory(me, objX(o), objY(o), OBJECTIVE_RADIUS) : (control(o) == me) == (obj == 2))) return true;
  }
  return false;
}

/** battle/objective4.ts sameObjective: units a and c both contest one objective (the objective4 area). */
export function sameObjective(a: i32, c: i32): bool {
  for (let o = 0; o < nObjectives; o++) if (inPlay(o) && contests(a, o) && contests(c, o)) return true;
  return false;
}

/** passive.ts passiveConditionsHold on the holder h (records with EF.P_FLAGS bit 1). */
export function passiveHolds(k: i32, h: i32): bool {
  const models = ui(h, UI.MODELS);
  const mn = efI(k, EF.P_MIN_MODELS);
  if (mn > 0 && models < mn) return false;
  const mx = efI(k, EF.P_MAX_MODELS);
  if (mx > 0 && models > mx) return false;
  const r0 = efI(k, EF.P_ROUND_MIN);
  const r1 = efI(k, EF.P_ROUND_MAX);
  if (r0 > 0 || r1 > 0) {
    if (round < (r0 > 0 ? r0 : 1) || round > (r1 > 0 ? r1 : 5)) return false;
  }
  const parity = efI(k, EF.P_FLAGS) & 48;
  if (parity != 0 && ((round & 1) == 1) != (parity == 16)) return false;
  const damage = ui(h, UI.DAMAGE);
  const dm = efI(k, EF.P_DAMAGED);
  if (dm != 0 && damage > 0 != (dm == 1)) return false;
  if (damage < efI(k, EF.P_DMG_MIN)) return false;
  const dmax = efI(k, EF.P_DMG_MAX);
  if (dmax >= 0 && damage > dmax) return false;
  if (!inCombatWithHolds(k, h)) return false;
  const obj = efI(k, EF.P_OBJECTIVE);
  if (obj != 0 && !objectiveHolds(h, obj)) return false;
  const ter = efI(k, EF.P_TERRITORY);
  if (ter != 0) {
    const me = owner(h);
    const x = ux(h);
    const y = uy(h);
    const r = ur(h);
    const ok =
      ter == 1 ? !partlyWithinTerritory(me, x, y, r) : ter == 2 ? whollyWithinTerritory(1 - me, x, y, r) : ter == 3 ? !partlyWithinTerritory(1 - me, x, y, r) : whollyWithinTerritory(me, x, y, r);
    if (!ok) return false;
  }
  const range = ef(k, EF.P_ENEMY_RANGE);
  if (range >= 0) {
    let any = false;
    for (let m = deployedOf(1 - owner(h)); m != 0; m &= m - 1) {
      if (dist(h, <i32>ctz<u64>(m)) <= range + 1e-9) {
        any = true;
        break;
      }
    }
    if (any == (efI(k, EF.P_ENEMY_NONE) != 0)) return false;
  }
  return true;
}

// ---- the attack's modifiers (passive.ts passiveAttackMod, AttackMods' passive fields) ----------------------

let hitNeg: i32 = 0;
let woundNeg: i32 = 0;
let saveMod: i32 = 0;
let saveNeg: i32 = 0;
/** Ignored modifiers: 0 none, 1 negative, 2 positive, 3 both (passive.ts mergeSign). */
let ignoreHitWound: i32 = 0;
let ignoreSave: i32 = 0;
export let noCrits: bool = false;
/** passive3.ts: the attacker's Charge (+1 Damage), its own or given, does nothing. */
export let noChargeDamage: bool = false;
let wardRoll: i32 = 0;
let noWard: bool = false;
// The weapon mods (passive.ts WeaponMod), in order: weapon-index mask (0 every weapon), Companion only, Rend,
// Damage, Attacks, weapon ability (1 Crit (2 Hits), 2 Crit (Auto-wound), 3 Crit (Mortal), 4 Anti-charge, 5 Charge).
const MAX_WMODS: i32 = 32;
let nWMods: i32 = 0;
const W_MASK = memory.data(MAX_WMODS * 4, 16);
const W_COMP = memory.data(MAX_WMODS * 4, 16);
const W_REND = memory.data(MAX_WMODS * 4, 16);
const W_DAMAGE = memory.data(MAX_WMODS * 4, 16);
const W_ATTACKS = memory.data(MAX_WMODS * 4, 16);
const W_ABILITY = memory.data(MAX_WMODS * 4, 16);
/** passive4: the Damage characteristic set to this (0 none). */
const W_DSET = memory.data(MAX_WMODS * 4, 16);
/** passive5: the fixed (or set) Damage characteristic doubled (1) or not (0). */
const W_DDBL = memory.data(MAX_WMODS * 4, 16);

// @ts-ignore: decorator
@inline function wget(base: usize, i: i32): i32 { return load<i32>(base + (<usize>i << 2)); }
// @ts-ignore: decorator
@inline function wset(base: usize, i: i32, v: i32): void { store<i32>(base + (<usize>i << 2), v); }

const mergeSign = (a: i32, b: i32): i32 => (a == 0 || a == b ? b : 3);

/** effects.ts attackEffects: a new attack. */
export function resetPassiveMods(): void {
  hitNeg = 0;
  woundNeg = 0;
  saveMod = 0;
  saveNeg = 0;
  ignoreHitWound = 0;
  ignoreSave = 0;
  noCrits = false;
  noChargeDamage = false;
  wardRoll = 0;
  noWard = false;
  nWMods = 0;
}

/** The negative parts of the hit and wound modifiers (effects.ts adds each one it takes). */
export function noteHitWound(hit: i32, wound: i32): void {
  if (hit < 0) hitNeg += hit;
  if (wound < 0) woundNeg += wound;
}

/** Whether record k's kind is one of passive.ts's attack kinds (effects.ts attackEffects' loop). */
// @ts-ignore: decorator
@inline export function isPassiveAttackKind(kind: i32): bool { return kind == SAVE_KIND || kind == ATTACKS_KIND || kind == WEAPON_ABILITY_KIND || kind == NO_CRITS_KIND || kind == IGNORE_KIND || kind == WARD_ROLL_KIND || kind == NO_CHARGE_KIND || kind == DAMAGE_SET_KIND || kind == DAMAGE_DOUBLE_KIND; }

/** passive.ts passiveAttackMod for record k (its source found): true when it took it (effects.ts skips its own).
 * `times`: an Attacks modifier's multiple (EF.P_PER_MODELS: for every N models in the target; effects.ts). */
export function passiveAttackMod(k: i32, kind: i32, times: i32 = 1): bool {
  const per = (efI(k, EF.P_FLAGS) & 8) != 0;
  if (kind <= 5 && !(per && (kind == 2 || kind == 3))) return false;
  const v = efI(k, EF.VALUE) * times; // times is 1 but for an Attacks modifier's
  if (kind == SAVE_KIND) {
    saveMod += v;
    if (v < 0) saveNeg += v;
    return true;
  }
  if (kind == NO_CRITS_KIND) {
    noCrits = true;
    return true;
  }
  if (kind == NO_CHARGE_KIND) {
    noChargeDamage = true;
    return true;
  }
  if (kind == WARD_ROLL_KIND) {
    if (efI(k, EF.EXTRA) != 0) noWard = true;
    else wardRoll += v;
    return true;
  }
  if (kind == IGNORE_KIND) {
    const rolls = efI(k, EF.EXTRA);
    if (rolls == 0) ignoreHitWound = mergeSign(ignoreHitWound, v);
    else if (rolls == 1) ignoreSave = mergeSign(ignoreSave, v);
    return true;
  }
  pushMod(efI(k, EF.P_WEAPONS), (efI(k, EF.P_FLAGS) & 2) != 0, kind == 2 ? v : 0, kind == 3 ? v : 0, kind == ATTACKS_KIND ? v : 0, kind == WEAPON_ABILITY_KIND ? v : 0, kind == DAMAGE_SET_KIND ? v : 0, kind == DAMAGE_DOUBLE_KIND ? 1 : 0);
  return true;
}

/**
 * One weapon mod for this attack (passive.ts WeaponMod): the weapons (mask, 0 every weapon; Companion ones only), the
 * Rend, Damage and Attacks modifiers, a weapon ability's code, a Damage set to a value (0 none), the Damage doubled (passive5). Past MAX_WMODS it is
 * dropped (the encoder's 64 records never reach 32 weapon mods on one attack in practice).
 */
function pushMod(mask: i32, comp: bool, rend: i32, damage: i32, attacks: i32, ability: i32, dset: i32, ddbl: i32 = 0): void {
  if (nWMods >= MAX_WMODS) return;
  const i = nWMods++;
  wset(W_MASK, i, mask);
  wset(W_COMP, i, comp ? 1 : 0);
  wset(W_REND, i, rend);
  wset(W_DAMAGE, i, damage);
  wset(W_ATTACKS, i, attacks);
  wset(W_ABILITY, i, ability);
  wset(W_DSET, i, dset);
  wset(W_DDBL, i, ddbl); // passive5: the Damage doubled (1)
}

/** hero3: a Crit held for a while (effects.ts attackEffects, TURN_SET weapon-ability; code 1-3): a weapon mod for every weapon. */
export function heldAbilityMod(code: i32): void {
  pushMod(0, false, 0, 0, 0, code, 0);
}

/**
 * passive4 (passive4.ts heldDamageSet): record k held for a while setting the Damage characteristic (SET_DAMAGE_SET) of
 * the named weapons (EF.P_WEAPONS, 0 every weapon): a weapon mod. True when it took it.
 */
export function heldDamageSet(k: i32, set: i32, v: i32): bool {
  if (set != SET_DAMAGE_SET) return false;
  pushMod(efI(k, EF.P_WEAPONS), false, 0, 0, 0, 0, v);
  return true;
}

/** declared4: a ward-roll modifier held for a while on the attack's target (declared4.ts SET_WARD_ROLL), with the passive ones. */
/** passive.ts inCombatWithHolds: record k's EF.P_COMBAT_WITH enemy units (passing U.PASSIVE bit k, charged as
 * EF.P_COMBAT_CHARGED says) in combat with `h`; true without the condition (also read by status.ts useForAWhile). */
export function inCombatWithHolds(k: i32, h: i32): bool {
  const count = efI(k, EF.P_COMBAT_WITH);
  if (count <= 0) return true;
  const ch = efI(k, EF.P_COMBAT_CHARGED);
  let n = 0;
  for (let m = enemiesInCombat(h) & deployedOf(1 - owner(h)); m != 0; m &= m - 1) {
    const y = <i32>ctz<u64>(m);
    if (!passesFilter(y, k)) continue;
    if (ch >= 0 && st(y, US.CHARGED) != (ch == 1)) continue;
    n++;
  }
  return n >= count;
}

/** Elite Guardians (status.ts, a for-the-turn "no-ward" held on the unit): no ward rolls for it (wardAfterRolls). */
export function noteNoWard(): void {
  noWard = true;
}

export function noteWardRoll(v: i32): void {
  wardRoll += v;
}

/** declared4: a modifier of Companion or named weapons held for a while (declared4.ts heldWeaponMod): a weapon mod as a passive one's. */
export function pushWeaponMod(mask: i32, comp: bool, rend: i32, damage: i32, attacks: i32): void {
  pushMod(mask, comp, rend, damage, attacks, 0, 0);
}

/** passive.ts wardAfterRolls: the ward (0 none) after the ward-roll modifiers; past 6+ none. */
export function wardAfterRolls(ward: i32): i32 {
  if (ward == 0 || noWard) return 0;
  const w = ward - wardRoll;
  return w > 6 ? 0 : max<i32>(2, w);
}

/** passive.ts afterIgnoring. */
function afterIgnoring(total: i32, neg: i32, ignore: i32): i32 {
  if (ignore == 3) return 0;
  if (ignore == 1) return total - neg;
  if (ignore == 2) return neg;
  return total;
}

/** attacks.ts attackInput's hit modifier: the situation's (cover) and the effects', after ignoring. */
export function passiveHit(cover: i32, traits: i32): i32 {
  return afterIgnoring(cover + effHit + traits, min<i32>(0, cover) + hitNeg + min<i32>(0, traits), ignoreHitWound);
}

/** attacks.ts attackInput's wound modifier: the effects' and the bundled traits' (traits.ts), after ignoring. */
export function passiveWound(traits: i32): i32 {
  return afterIgnoring(effWound + traits, woundNeg + min<i32>(0, traits), ignoreHitWound);
}

/** The save modifier with the bundled traits' (CORE-SAVE: plan.ts caps a positive one at +1). */
export function passiveSave(traits: i32): i32 {
  return min<i32>(1, afterIgnoring(saveMod + traits, saveNeg + min<i32>(0, traits), ignoreSave));
}

/** A save modifier held for a while (status.ts: a for-the-turn record's, attack.ts), with the passive ones. */
export function noteSave(v: i32): void {
  saveMod += v;
  if (v < 0) saveNeg += v;
}

/** Grief-stricken's ignore-positive on the target: its positive save modifiers are ignored (attack.ts). */
export function ignorePositiveSave(): void {
  if (saveMod != 0) ignoreSave = mergeSign(ignoreSave, 2);
}

/** Whether there are weapon mods or no critical hits (resolveAttacks reads the weapons' below only then). */
// @ts-ignore: decorator
@inline export function weaponModsOn(): bool { return nWMods > 0 || noCrits || noChargeDamage; }

// passive.ts weaponAfterMods for one weapon: what it adds.
export let wRend: i32 = 0;
export let wDamage: i32 = 0;
export let wAttacks: i32 = 0;
/** passive4: the weapon's Damage characteristic set to this (0 none; the highest of several). */
export let wDamageSet: i32 = 0;
/** passive5: the weapon's fixed (or set) Damage characteristic doubled. */
export let wDamageDouble: bool = false;
/** The Crit it is given (0 none), Anti-charge and Charge (+1 Damage) given (only to a weapon without them). */
export let wCrit: i32 = 0;
export let wAnti: bool = false;
export let wCharge: bool = false;

/** The weapon mods for the weapon at index `i` in the attacker's list (companion: it is a Companion weapon). */
export function weaponMods(i: i32, companion: bool, crit: i32, antiCharge: bool, chargeDamage: bool): void {
  wRend = 0;
  wDamage = 0;
  wAttacks = 0;
  wDamageSet = 0;
  wDamageDouble = false;
  wCrit = crit;
  wAnti = false;
  wCharge = false;
  for (let j = 0; j < nWMods; j++) {
    const mask = wget(W_MASK, j);
    if (mask != 0 && (mask & (1 << i)) == 0) continue;
    const comp = wget(W_COMP, j) != 0;
    if (comp && !companion) continue;
    wRend += wget(W_REND, j);
    wDamage += wget(W_DAMAGE, j);
    wDamageSet = max<i32>(wDamageSet, wget(W_DSET, j));
    if (wget(W_DDBL, j) != 0) wDamageDouble = true;
    const a = wget(W_ATTACKS, j);
    if (!(companion && a > 0 && !comp)) wAttacks += a;
    const ab = wget(W_ABILITY, j);
    if (ab >= 1 && ab <= 3) {
      if (wCrit == 0) wCrit = ab;
    } else if (ab == 4) {
      if (!antiCharge) wAnti = true;
    } else if (ab == 5) {
      if (!chargeDamage) wCharge = true;
    }
  }
  if (noCrits) wCrit = 0;
  if (noChargeDamage) wCharge = false;
}

// ---- STRIKE-FIRST / STRIKE-LAST, control ------------------------------------------------------------------

/** src/aos/battle/passive.ts hasPassiveStrike: a passive strike record (EF.EXTRA 0 first, 1 last) holds for u. */
export function passiveStrike(u: i32, last: bool): bool {
  if (!hasKind(STRIKE_KIND)) return false;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != STRIKE_KIND || (efI(k, EF.EXTRA) == 1) != last) continue;
    if (sourceFor(k, u) >= 0) return true;
  }
  return false;
}

/** passive.ts controlIgnored: how u's control modifiers are ignored (0 none, 1 negative, 2 positive, 3 both). */
export function controlIgnored(u: i32): i32 {
  if (!hasKind(IGNORE_KIND)) return 0;
  let sign = 0;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != IGNORE_KIND || efI(k, EF.EXTRA) != 2) continue;
    if (sourceFor(k, u) >= 0) sign = mergeSign(sign, efI(k, EF.VALUE));
  }
  return sign;
}
