// The bundled factions' battle traits and the bundled abilities with code of their own: the kernel's twin of
// src/aos/battle/traits.ts, rule for rule, die for die (the same uses, the same order, the same targets). Slots
// from the room "bundled" (encode-traits.ts): H.DISCIPLINE0/1, H.TRAIT_FACTIONS, H.TURN_USES; U.DISCIPLINE,
// U.SOUL_BONDED (UI.DISCIPLINE, UI.SOUL_BONDED); US.DISCIPLINE_USED, US.IMPASSIVE_RETREAT, US.FINEST_HOUR and
// U.STATE2 bit 30 (US2_FINEST_HOUR_USED).
import { hypot } from "./math";
import { H, STEP, U, UF, UNIT, US, WF } from "./layout";
import {
  active, step, deployed, deployedMask, deployedOf, dist, enemiesInCombat, flag, inI, nUnits, owner, round, setSt, setSt2, setUi, st, st2, ui, UI, ux, uy, wi, WI, within,
} from "./state";
import { carriersLeft, destroyIfSlain, inflictMortal } from "./actions";
import { roll } from "../rng";
import { COMBAT_RANGE, DEPTH, WIDTH } from "./math";
import { healingForbidden, returnable, returnsForbidden } from "./healing";
import { expectedDamage } from "./policy";
import { bitOf, engagedMask, inCombat, isHero, isMonster, touch, turn, ud, UD, ur, within, woundsLeft, wRange } from "./state";

/** encode-traits.ts TK: the keywords and warscrolls the traits ask about (UI.TRAIT_KEYWORDS). */
export namespace TK {
  export const OBR: i32 = 1;
  export const NIGHTHAUNT: i32 = 2;
  export const FEC: i32 = 4;
  export const SOB: i32 = 8;
  export const SCE: i32 = 16;
  export const NAGASH: i32 = 32;
  export const MEGA_GARGANT: i32 = 64;
  export const GARGANT: i32 = 128;
  export const INFANTRY: i32 = 256;
  export const ABHORRANT: i32 = 512;
  export const NOBLE: i32 = 1024;
  export const SERFS: i32 = 2048;
  export const KNIGHTS: i32 = 4096;
  export const WAR_MACHINE: i32 = 8192;
  export const KAVALOS_DEATHRIDERS: i32 = 1 << 16;
  export const LIEGE_KAVALOS: i32 = 1 << 17;
  export const MORTEK_CRAWLER: i32 = 1 << 18;
  export const MORTISAN_OSSIFECTOR: i32 = 1 << 19;
  export const GLAIVEWRAITH_STALKERS: i32 = 1 << 20;
  export const KNIGHT_ARCANUM: i32 = 1 << 21;
  export const PRAETORS: i32 = 1 << 22;
  export const MANCRUSHER_MOB: i32 = 1 << 23;
  export const GHOUL_KING_TERRORGHEIST: i32 = 1 << 24; // A Majestic Menagerie's warscroll
  export const ARCHREGENT: i32 = 1 << 25; // Musicians, Play!'s warscroll
  export const ROYAL_TERRORGHEIST: i32 = 1 << 26; // Wicked Predator's (with the Ghoul King's)
}
// @ts-ignore: decorator
@inline export function tk(u: i32, bits: i32): bool { return (ui(u, UI.TRAIT_KEYWORDS) & bits) != 0; }

/** U.STATE2 bit 30: Their Finest Hour used this battle (encode-traits.ts US2_TRAITS.FINEST_HOUR_USED). */
const US2_FINEST_HOUR_USED: i32 = 1 << 30;

/** The factions whose traits each army has: bit faction * 2 + player (encode-traits.ts TRAIT_FACTIONS). */
export let traitFactions: i32 = 0;
/** Every unit's UI.TRAIT_KEYWORDS or'ed: 0 when no unit has a trait or ability of this file (the hooks skip). */
export let traitUnits: i32 = 0;
const OBR: i32 = 0;
const NIGHTHAUNT: i32 = 1;
const FEC: i32 = 2;
const SOB: i32 = 3;
const SCE: i32 = 4;

/** traits.ts TRAIT_USE: the army-wide uses, bit use * 2 + player of turnUses / battleUses. */
const USE_RUTHLESS: i32 = 0;
const USE_JUMP: i32 = 1;
const USE_SLAM: i32 = 2;
const USE_BARRAGE: i32 = 3;
const USE_UNERRING: i32 = 4;
const USE_FRENZY: i32 = 5;
const USE_WICKED: i32 = 6;
// @ts-ignore: decorator
@inline function useBit(use: i32, player: i32): i32 { return 1 << (use * 2 + player); }
// @ts-ignore: decorator
@inline export function hasTraits(player: i32, faction: i32): bool { return (traitFactions & (1 << (faction * 2 + player))) != 0; }

/** Relentless discipline points (BattleData.factionPoints), and the army-wide uses this turn (TraitsData.turnUses). */
export let discipline0: i32 = 0;
export let discipline1: i32 = 0;
export let turnUses: i32 = 0;
export let battleUses: i32 = 0;
/** A Kingdom Deluded: the delusion each player believes this turn (1 A Glorious Banquet, 2 A Splendid Pageant, 0 none). */
export let belief0: i32 = 0;
export let belief1: i32 = 0;
/** Feeding Frenzy: each player's HERO this turn (-1 none). */
export let frenzy0: i32 = -1;
export let frenzy1: i32 = -1;
const BANQUET: i32 = 1;
const PAGEANT: i32 = 2;
const MENAGERIE: i32 = 3;
const MUSICIANS: i32 = 4;
// @ts-ignore: decorator
@inline function beliefOf(p: i32): i32 { return p == 0 ? belief0 : belief1; }

/** The encoded battle's static part: the factions, each unit's RELENTLESS DISCIPLINE number and Soul-bonded charge. */
export function loadTraits(): void {
  traitFactions = inI(H.TRAIT_FACTIONS);
  traitUnits = 0;
  const off = inI(H.OFF_UNITS);
  for (let u = 0; u < nUnits; u++) {
    setUi(u, UI.DISCIPLINE, inI(off + u * UNIT + U.DISCIPLINE));
    setUi(u, UI.SOUL_BONDED, inI(off + u * UNIT + U.SOUL_BONDED));
    setUi(u, UI.TRAIT_KEYWORDS, inI(off + u * UNIT + U.TRAIT_KEYWORDS));
    setUi(u, UI.COMMAND_MODELS, inI(off + u * UNIT + U.COMMAND_MODELS));
    traitUnits |= ui(u, UI.TRAIT_KEYWORDS);
  }
}

/** The starting position's points and uses (after state.ts resetBattle). */
export function resetTraits(): void {
  discipline0 = inI(H.DISCIPLINE0);
  discipline1 = inI(H.DISCIPLINE1);
  turnUses = inI(H.TURN_USES);
  battleUses = inI(H.BATTLE_USES);
  belief0 = inI(H.BELIEF0);
  belief1 = inI(H.BELIEF1);
  frenzy0 = inI(H.FRENZY0);
  frenzy1 = inI(H.FRENZY1);
}

/** reserves.ts replaceUnit: a replacement unit is a new unit (CORE-REPLACEMENT): no charge, no traits' state. */
export function traitsReplacement(id: i32): void {
  setUi(id, UI.SOUL_BONDED, -1);
  setSt2(id, US2_FINEST_HOUR_USED, false);
  setUi(id, UI.SHOT_TARGET, -1);
}

// ---- Ossiarch Bonereapers: relentless discipline -----------------------------------------------------------

// @ts-ignore: decorator
@inline function points(p: i32): i32 { return p == 0 ? discipline0 : discipline1; }
function addPoints(p: i32, n: i32): void {
  if (p == 0) discipline0 += n;
  else discipline1 += n;
}

/** factions.ts immortalElite at the start of a battle round: last round's points are lost, then the best HERO's number. */
export function traitsRoundStart(): void {
  discipline0 = 0;
  discipline1 = 0;
  if ((traitFactions & 3) == 0) return;
  for (let p = 0; p < 2; p++) {
    if (!hasTraits(p, OBR)) continue;
    let best = 0;
    for (let m = deployedOf(p); m != 0; m &= m - 1) {
      const u = <i32>ctz<u64>(m);
      if (flag(u, UF.HERO) && ui(u, UI.DISCIPLINE) > best) best = ui(u, UI.DISCIPLINE);
    }
    addPoints(p, best);
  }
}

/** combat-abilities.ts gainTokens: Necrotic Impetus' damage points allocated, as relentless discipline points. */
export function gainDiscipline(player: i32, dealt: i32): void {
  if (dealt > 0) addPoints(player, dealt);
}

/** traits.ts disciplineCost: 2 for a reinforced unit with more than half of its starting models, else 1. */
function disciplineCost(u: i32): i32 {
  return flag(u, UF.REINFORCED) && 2 * ui(u, UI.MODELS) > ui(u, UI.START_MODELS) ? 2 : 1;
}

/** traits.ts canUseDiscipline: an OBR unit (its army's faction keyword is its: the unit's RELENTLESS DISCIPLINE abilities). */
function canUseDiscipline(u: i32, checkPhase: bool): bool {
  const p = owner(u);
  if (!hasTraits(p, OBR) || !isObr(u)) return false;
  if (checkPhase && st(u, US.DISCIPLINE_USED)) return false;
  return points(p) >= disciplineCost(u);
}

// @ts-ignore: decorator
@inline function isObr(u: i32): bool { return tk(u, TK.OBR); }

function spendDiscipline(u: i32): void {
  addPoints(owner(u), -disciplineCost(u));
  setSt(u, US.DISCIPLINE_USED, true);
}

/** traits.ts remorselessMarch: 3" more for a normal move in its own movement phase that falls short of its destination. */
export function remorselessMarch(u: i32, tx: f64, ty: f64, distance: f64, run: bool): f64 {
  if (run || step != STEP.MOVEMENT || owner(u) != active || !canUseDiscipline(u, true)) return 0;
  if (hypot(tx - ux(u), ty - uy(u)) <= distance) return 0;
  spendDiscipline(u);
  return 3;
}

// The passive and reaction modifiers of the attack being resolved (traits.ts TraitMods), set by attackTraits.
export let trHit: i32 = 0;
export let trWound: i32 = 0;
export let trSave: i32 = 0;
export let trWard: i32 = 0;
export let trWardRoll: i32 = 0;
export let trIgnoreSave: bool = false;
export let trAttacks: i32 = 0;
/** traits.ts TraitMods.companionAttacks: added to the Companion melee weapons' Attacks only (A Majestic Menagerie). */
export let trCompanionAttacks: i32 = 0;
export let trMortalWard: i32 = 0;
/** actions.ts fight / shoot: the attack is an ATTACK ability being declared, so the reactions may be used. */
export let reacting: bool = false;
export function setReacting(on: bool): void {
  reacting = on;
}

/** traits.ts ethereal: a NIGHTHAUNT unit (not NAGASH) of an army with the Nighthaunt traits. */
// @ts-ignore: decorator
@inline function ethereal(u: i32): bool { return tk(u, TK.NIGHTHAUNT) && !tk(u, TK.NAGASH) && hasTraits(owner(u), NIGHTHAUNT); }

/**
 * traits.ts traitMods (passive) and reactToAttack (with `reacting`): the traits' modifiers of `a`'s attacks on
 * `t`, after the abilities' (effects.ts attackEffects: `effWound`, `effWard`).
 */
export function attackTraits(a: i32, t: i32, melee: bool, effWound: i32, effWard: i32): void {
  trHit = 0;
  trWound = 0;
  trSave = 0;
  trWard = 0;
  trWardRoll = 0;
  trIgnoreSave = false;
  trAttacks = 0;
  trCompanionAttacks = 0;
  trMortalWard = 0;
  if (traitFactions == 0) return;
  trMortalWard = mortalWardAgainst(a, t);
  if (ethereal(t)) trIgnoreSave = true;
  if (melee && st(a, US.FINEST_HOUR)) trWound += 1;
  if (st(t, US.FINEST_HOUR)) trSave += 1;
  const w = soulForgedWard(t);
  if (w != 0) trWard = w;
  if (melee && beliefOf(owner(a)) == BANQUET && st(a, US.CHARGED) && tk(a, TK.FEC) && nearFecHero(a, false)) trHit += 1;
  if (melee && beliefOf(owner(a)) == MENAGERIE && tk(a, TK.FEC) && nearFecHero(a, false)) trCompanionAttacks += 1;
  if (!melee && beliefOf(owner(t)) == MUSICIANS && tk(t, TK.FEC) && nearFecHero(t, false)) trHit -= 1;
  if (melee && frenzyOn(a)) trAttacks += 1;
  if (!reacting || (discipline0 <= 0 && discipline1 <= 0)) return;
  const ap = owner(a);
  if (melee) {
    if (effWound + trWound < 1 && canUseDiscipline(a, true)) {
      spendDiscipline(a);
      trWound += 1;
    }
  } else if ((turnUses & useBit(USE_RUTHLESS, ap)) == 0 && wardAgainst(t, effWard) != 0 && canUseDiscipline(a, true)) {
    spendDiscipline(a);
    turnUses |= useBit(USE_RUTHLESS, ap);
    trWardRoll += 1;
  }
  const w2 = wardAgainst(t, effWard);
  if ((w2 == 0 || w2 > 5) && canUseDiscipline(t, false)) {
    spendDiscipline(t);
    trWard = trWard == 0 ? 5 : min<i32>(trWard, 5);
  }
}

/** traits.ts wardAgainst: the target's own ward, the abilities' and the traits' (0 none). */
function wardAgainst(t: i32, effWard: i32): i32 {
  let w = ui(t, UI.WARD);
  if (effWard != 0) w = w == 0 ? effWard : min<i32>(w, effWard);
  if (trWard != 0) w = w == 0 ? trWard : min<i32>(w, trWard);
  return w;
}

// ---- Nighthaunt ------------------------------------------------------------------------------------------

/** traits.ts mountingDread: the battle round, for a unit in combat with a NIGHTHAUNT unit of an army with the traits. */
export function mountingDread(u: i32): i32 {
  const enemy = 1 - owner(u);
  if (!hasTraits(enemy, NIGHTHAUNT)) return 0;
  for (let m = enemiesInCombat(u) & deployedOf(enemy); m != 0; m &= m - 1) if (tk(<i32>ctz<u64>(m), TK.NIGHTHAUNT)) return round;
  return 0;
}

// ---- Stormcast Eternals ----------------------------------------------------------------------------------

/** traits.ts twiceMeanAttacks: twice weapon `w`'s mean Attacks as printed. */
// @ts-ignore: decorator
@inline function twiceMeanAttacks(w: i32): i32 {
  return wi(w, WI.AC) * (wi(w, WI.AS) + 1) + 2 * wi(w, WI.AP);
}

/** traits.ts meleeScore: twice the mean Attacks of the melee weapons times their carriers left. */
export function meleeScore(u: i32): i32 {
  const first = ui(u, UI.FIRST_WEAPON);
  const last = first + ui(u, UI.WEAPONS);
  let score = 0;
  for (let w = first; w < last; w++) {
    if (wi(w, WI.RANGED) != 0) continue;
    score += twiceMeanAttacks(w) * carriersLeft(w, u);
  }
  return score;
}

/** traits.ts theirFinestHour: the SCE unit not yet used, within 12" of an enemy, with the best meleeScore. */
function theirFinestHour(player: i32): void {
  if (!hasTraits(player, SCE)) return;
  let best = -1;
  let bestScore = 0;
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (!tk(u, TK.SCE) || st2(u, US2_FINEST_HOUR_USED)) continue;
    let near = false;
    // state.ts within: the same answer as dist(u, e) <= 12 + 1e-9, mostly without measuring.
    for (let e = deployedOf(1 - player); e != 0; e &= e - 1)
      if (within(u, <i32>ctz<u64>(e), 12 + 1e-9)) {
        near = true;
        break;
      }
    if (!near) continue;
    const sc = meleeScore(u);
    if (sc > bestScore) {
      best = u;
      bestScore = sc;
    }
  }
  if (best < 0) return;
  setSt(best, US.FINEST_HOUR, true);
  setSt2(best, US2_FINEST_HOUR_USED, true);
}

/** traits.ts soulForgedWard: 5 while the Praetors and their charge are both on the battlefield within 3" of each other. */
function soulForgedWard(t: i32): i32 {
  if ((traitUnits & TK.PRAETORS) == 0) return 0; // no Praetors, no charge
  const c = ui(t, UI.SOUL_BONDED);
  if (c >= 0) return deployed(c) && deployed(t) && dist(t, c) <= 3 + 1e-9 ? 5 : 0;
  // t may be some Praetors' charge.
  for (let m = deployedMask & deployedOf(owner(t)); m != 0; m &= m - 1) {
    const p = <i32>ctz<u64>(m);
    if (ui(p, UI.SOUL_BONDED) == t && deployed(t) && dist(p, t) <= 3 + 1e-9) return 5;
  }
  return 0;
}

/** effects.ts effectWard: the traits' ward against any damage (Soul-forged Guardians), 0 none. */
export function traitWard(t: i32): i32 {
  if (traitFactions == 0) return 0;
  return soulForgedWard(t);
}

// ---- Flesh-eater Courts ----------------------------------------------------------------------------------

// @ts-ignore: decorator
@inline export function whollyWithin(a: i32, b: i32, range: f64): bool {
  return hypot(ux(a) - ux(b), uy(a) - uy(b)) + ur(a) - ur(b) <= range + 1e-9;
}

/** traits.ts kingdomDeluded: the active player's army, then the opponent's. */
function kingdomDeluded(): void {
  for (let q = 0; q < 2; q++) {
    const p = q == 0 ? active : 1 - active;
    if (!hasTraits(p, FEC)) continue;
    const last = beliefOf(p);
    let pick: i32;
    if (!(round == 1 && turn == 0) && last != 0) {
      const r = <i32>roll(6);
      pick = r <= 2 ? pickDelusion(p, last) : r <= 4 ? last : pickDelusion(p, 0);
    } else pick = pickDelusion(p, 0);
    if (p == 0) belief0 = pick;
    else belief1 = pick;
  }
}

/** traits.ts OWN_ORDER and ENEMY_ORDER: the k-th delusion of the tie order. */
// @ts-ignore: decorator
@inline function delusionAt(own: bool, k: i32): i32 {
  return own ? (k == 0 ? BANQUET : k == 1 ? MENAGERIE : k == 2 ? PAGEANT : MUSICIANS) : (k == 0 ? PAGEANT : k == 1 ? MUSICIANS : k == 2 ? MENAGERIE : BANQUET);
}

/** traits.ts pickDelusion: the delusion worth the most this turn other than `not`, ties in the tie order. */
function pickDelusion(p: i32, not: i32): i32 {
  const own = p == active;
  const covered = coveredByDelusions(p);
  let best = 0;
  let bestValue: i64 = -1;
  for (let k = 0; k < 4; k++) {
    const d = delusionAt(own, k);
    if (d == not || !delusionAvailable(p, d)) continue;
    const v = delusionValue(p, d, own, covered);
    if (v > bestValue) {
      best = d;
      bestValue = v;
    }
  }
  return best;
}

/** traits.ts coveredByDelusions: `p`'s FEC units wholly within 12" of another FEC HERO, a mask. */
function coveredByDelusions(p: i32): u64 {
  let covered: u64 = 0;
  for (let m = deployedOf(p); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (tk(u, TK.FEC) && nearFecHero(u, false)) covered |= bitOf(u);
  }
  return covered;
}

/** traits.ts delusionAvailable: a warscroll's delusion while a friendly unit of that warscroll is on the battlefield. */
function delusionAvailable(p: i32, d: i32): bool {
  if (d != MENAGERIE && d != MUSICIANS) return true;
  const bit = d == MENAGERIE ? TK.GHOUL_KING_TERRORGHEIST : TK.ARCHREGENT;
  for (let m = deployedOf(p); m != 0; m &= m - 1) if (tk(<i32>ctz<u64>(m), bit)) return true;
  return false;
}

/** traits.ts delusionValue: what believing `d` this turn is worth to `p` (attacks x 120, an integer). */
function delusionValue(p: i32, d: i32, own: bool, covered: u64): i64 {
  if (d == PAGEANT || (d == BANQUET && !own) || (d == MUSICIANS && own)) return 0;
  const foes = deployedOf(1 - p);
  let v: i64 = 0;
  if (d == MUSICIANS) {
    for (let m = foes; m != 0; m &= m - 1) {
      const e = <i32>ctz<u64>(m);
      const reach = ud(e, UD.MOVE_ESTIMATE);
      const first = ui(e, UI.FIRST_WEAPON);
      const last = first + ui(e, UI.WEAPONS);
      for (let w = first; w < last; w++) {
        const hit = wi(w, WI.HIT);
        if (wi(w, WI.RANGED) == 0 || hit < 2 || hit > 5) continue;
        let reaches = false;
        for (let c = covered; c != 0; c &= c - 1)
          if (dist(e, <i32>ctz<u64>(c)) <= wRange(w) + reach) {
            reaches = true;
            break;
          }
        if (!reaches) continue;
        v += (<i64>twiceMeanAttacks(w) * <i64>carriersLeft(w, e) * 60) / <i64>(7 - hit);
      }
    }
    return v;
  }
  for (let c = covered; c != 0; c &= c - 1) {
    const u = <i32>ctz<u64>(c);
    const fighting = inCombat(u);
    if (d == BANQUET && fighting) continue;
    if (!fighting) {
      let near = false;
      for (let m = foes; m != 0; m &= m - 1)
        if (within(u, <i32>ctz<u64>(m), 12 + 1e-9)) {
          near = true;
          break;
        }
      if (!near) continue;
    }
    const first = ui(u, UI.FIRST_WEAPON);
    const last = first + ui(u, UI.WEAPONS);
    for (let w = first; w < last; w++) {
      if (wi(w, WI.RANGED) != 0) continue;
      const companion = wi(w, WI.COMPANION) != 0;
      const hit = wi(w, WI.HIT);
      if (d == MENAGERIE) {
        if (companion) v += 120 * <i64>carriersLeft(w, u);
      } else if (!companion && hit > 2 && hit <= 6) {
        v += (<i64>twiceMeanAttacks(w) * <i64>carriersLeft(w, u) * 60) / <i64>(7 - hit);
      }
    }
  }
  return v;
}

/** traits.ts nearFecHero: wholly within 12" of a friendly FLESH-EATER COURTS HERO (another unit unless `self`). */
function nearFecHero(u: i32, self: bool): bool {
  for (let m = deployedOf(owner(u)); m != 0; m &= m - 1) {
    const h = <i32>ctz<u64>(m);
    if ((h == u && !self) || !tk(h, TK.FEC) || !isHero(h)) continue;
    if (whollyWithin(u, h, 12)) return true;
  }
  return false;
}

/** traits.ts TraitMods.wicked: Wicked Predator's Attacks for the FIGHT ability being resolved (actions.ts fight sets it). */
export let wickedBonus: i32 = 0;
export function setWickedBonus(n: i32): void {
  wickedBonus = n;
}

/** traits.ts wickedPredator: on the unit it fights, if that has command models and the army has not used it this turn. */
export function wickedPredator(u: i32, t: i32): i32 {
  if ((traitUnits & (TK.GHOUL_KING_TERRORGHEIST | TK.ROYAL_TERRORGHEIST)) == 0) return 0;
  if (!tk(u, TK.GHOUL_KING_TERRORGHEIST | TK.ROYAL_TERRORGHEIST)) return 0;
  const p = owner(u);
  if ((turnUses & useBit(USE_WICKED, p)) != 0) return 0;
  const first = ui(u, UI.FIRST_WEAPON);
  const last = first + ui(u, UI.WEAPONS);
  let talons = false;
  for (let w = first; w < last; w++) if (wi(w, WI.RANGED) == 0 && (wi(w, WI.FLAGS) & WF.TALONS) != 0) talons = true;
  if (!talons) return 0;
  const n = min<i32>(ui(t, UI.COMMAND_MODELS), max<i32>(0, ui(t, UI.MODELS)));
  if (n <= 0) return 0;
  turnUses |= useBit(USE_WICKED, p);
  return n;
}

/** traits.ts pageantRun: a run roll of 1-3 counts as 4. */
export function pageantRun(u: i32, r: i32): i32 {
  if (r >= 4 || traitFactions == 0 || !tk(u, TK.FEC) || beliefOf(owner(u)) != PAGEANT || !nearFecHero(u, false)) return r;
  return 4;
}

/** traits.ts pageantHides: `viewer` cannot see `target`, a FEC INFANTRY HERO by a FEC INFANTRY unit of 5+ models, beyond 6". */
export function pageantHides(viewer: i32, target: i32): bool {
  if (belief0 != PAGEANT && belief1 != PAGEANT) return false;
  const me = owner(target);
  if (owner(viewer) == me || beliefOf(me) != PAGEANT) return false;
  if (!tk(target, TK.FEC) || !tk(target, TK.INFANTRY) || !isHero(target) || dist(viewer, target) <= 6 + 1e-9) return false;
  for (let m = deployedOf(me); m != 0; m &= m - 1) {
    const x = <i32>ctz<u64>(m);
    if (x != target && ui(x, UI.MODELS) >= 5 && tk(x, TK.FEC) && tk(x, TK.INFANTRY) && dist(target, x) <= COMBAT_RANGE + 1e-9) return true;
  }
  return false;
}

/** traits.ts frenzyOn. */
function frenzyOn(u: i32): bool {
  const h = owner(u) == 0 ? frenzy0 : frenzy1;
  return h >= 0 && deployed(h) && tk(u, TK.FEC) && whollyWithin(u, h, 12);
}

/** traits.ts frenzyGain: each melee weapon's carriers left of the army's FEC units in combat wholly within 12" of h. */
function frenzyGain(player: i32, h: i32): i32 {
  let n = 0;
  for (let m = deployedOf(player) & engagedMask; m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (!tk(u, TK.FEC) || !whollyWithin(u, h, 12)) continue;
    const first = ui(u, UI.FIRST_WEAPON);
    const last = first + ui(u, UI.WEAPONS);
    for (let w = first; w < last; w++) if (wi(w, WI.RANGED) == 0) n += carriersLeft(w, u);
  }
  return n;
}

const FRENZY_AT: i32 = 12;

/** traits.ts feedingFrenzy. */
function feedingFrenzy(player: i32): void {
  if (!hasTraits(player, FEC) || (battleUses & useBit(USE_FRENZY, player)) != 0) return;
  let best = -1;
  let bestGain = 0;
  for (let m = deployedOf(player) & engagedMask; m != 0; m &= m - 1) {
    const h = <i32>ctz<u64>(m);
    if (!isHero(h) || !tk(h, TK.FEC)) continue;
    const g = frenzyGain(player, h);
    if (g > bestGain) {
      best = h;
      bestGain = g;
    }
  }
  if (best < 0 || (bestGain < FRENZY_AT && round < 4)) return;
  battleUses |= useBit(USE_FRENZY, player);
  if (player == 0) frenzy0 = best;
  else frenzy1 = best;
}

/** traits.ts royalBlood: a D3 heal for each damaged ABHORRANT that may be healed, by ascending id. */
function royalBlood(player: i32): void {
  if (!hasTraits(player, FEC)) return;
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (!tk(u, TK.ABHORRANT) || ui(u, UI.DAMAGE) == 0 || healingForbidden(u)) continue;
    const x = <i32>roll(3);
    setUi(u, UI.DAMAGE, ui(u, UI.DAMAGE) - min<i32>(ui(u, UI.DAMAGE), x));
  }
}

/** traits.ts musterGuard: each NOBLE returns models to the SERFS (3) or KNIGHTS (1) unit wholly within 12" that gains the most wounds. */
function musterGuard(player: i32): void {
  if (!hasTraits(player, FEC)) return;
  let done: u64 = 0;
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const n = <i32>ctz<u64>(m);
    if (!tk(n, TK.NOBLE)) continue;
    let best = -1;
    let bestModels = 0;
    let bestScore = 0;
    for (let q = deployedOf(player); q != 0; q &= q - 1) {
      const t = <i32>ctz<u64>(q);
      if ((done & bitOf(t)) != 0 || returnsForbidden(t)) continue;
      const want = tk(t, TK.SERFS) ? 3 : tk(t, TK.KNIGHTS) ? 1 : 0;
      if (want == 0 || !whollyWithin(t, n, 12)) continue;
      const k = returnable(t, want);
      if (k * ui(t, UI.HEALTH) > bestScore) {
        best = t;
        bestModels = k;
        bestScore = k * ui(t, UI.HEALTH);
      }
    }
    if (best < 0) continue;
    done |= bitOf(best);
    setUi(best, UI.MODELS, ui(best, UI.MODELS) + bestModels);
    touch(best);
  }
}

// ---- Sons of Behemat ---------------------------------------------------------------------------------------

// @ts-ignore: decorator
@inline function isGargant(u: i32): bool { return tk(u, TK.SOB) && tk(u, TK.MEGA_GARGANT | TK.GARGANT); }

/** traits.ts weakest: the fewest wounds left, then the lowest id, among `targets` (-1 none). */
function weakest(targets: u64): i32 {
  let best = -1;
  for (let m = targets; m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    if (best < 0 || woundsLeft(t) < woundsLeft(best)) best = t;
  }
  return best;
}

/** traits.ts mortalOn. */
function mortalOn(s: i32, t: i32, points: i32): void {
  inflictMortal(t, points, s);
  destroyIfSlain(t, s, false);
}

/** traits.ts gargantCharge. */
function gargantCharge(): void {
  const player = active;
  if (!hasTraits(player, SOB)) return;
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const s = <i32>ctz<u64>(m);
    if (!isGargant(s) || !st(s, US.CHARGED) || !deployed(s)) continue;
    let targets: u64 = 0;
    for (let e = enemiesInCombat(s) & deployedOf(1 - player); e != 0; e &= e - 1) {
      const t = <i32>ctz<u64>(e);
      if (!st(t, US.GARGANT_CHARGE_TARGET)) targets |= bitOf(t);
    }
    const t = weakest(targets);
    if (t < 0) continue;
    setSt(t, US.GARGANT_CHARGE_TARGET, true);
    // 'Oo's Under The Heel Now? (a Mancrusher Mob): 1 more for each of its models.
    mortalOn(s, t, <i32>roll(3) + (tk(s, TK.MANCRUSHER_MOB) ? ui(s, UI.MODELS) : 0));
  }
}

/** traits.ts rampages: Jump Up and Down, then Colossal Slam. */
function rampages(player: i32): void {
  if (!hasTraits(player, SOB)) return;
  if ((turnUses & useBit(USE_JUMP, player)) == 0) {
    let bs = -1;
    let bt = -1;
    let bestScore = 0;
    for (let m = deployedOf(player); m != 0; m &= m - 1) {
      const s = <i32>ctz<u64>(m);
      if (!isGargant(s) || st(s, US.RAMPAGE)) continue;
      const mega = tk(s, TK.MEGA_GARGANT);
      for (let e = enemiesInCombat(s) & deployedOf(1 - player); e != 0; e &= e - 1) {
        const t = <i32>ctz<u64>(e);
        if (!tk(t, TK.INFANTRY)) continue;
        const sc = ui(t, UI.MODELS) * (mega ? 2 : 1);
        if (sc > bestScore || (sc == bestScore && bs >= 0 && woundsLeft(t) < woundsLeft(bt))) {
          bs = s;
          bt = t;
          bestScore = sc;
        }
      }
    }
    if (bs >= 0) {
      turnUses |= useBit(USE_JUMP, player);
      setSt(bs, US.RAMPAGE, true);
      const r = <i32>roll(6);
      if (r >= 3) {
        const on = tk(bs, TK.MEGA_GARGANT) ? 5 : 6;
        let points = 0;
        for (let i = ui(bt, UI.MODELS); i > 0; i--) if (<i32>roll(6) >= on) points++;
        mortalOn(bs, bt, points);
      }
    }
  }
  if ((turnUses & useBit(USE_SLAM, player)) == 0) {
    for (let m = deployedOf(player); m != 0; m &= m - 1) {
      const s = <i32>ctz<u64>(m);
      if (!isGargant(s) || st(s, US.RAMPAGE) || !tk(s, TK.MEGA_GARGANT)) continue;
      let targets: u64 = 0;
      for (let e = deployedOf(1 - player); e != 0; e &= e - 1) {
        const t = <i32>ctz<u64>(e);
        if ((isMonster(t) || tk(t, TK.WAR_MACHINE)) && ui(t, UI.START_MODELS) == 1 && dist(s, t) <= 1 + 1e-9) targets |= bitOf(t);
      }
      const t = weakest(targets);
      if (t < 0) continue;
      turnUses |= useBit(USE_SLAM, player);
      setSt(s, US.RAMPAGE, true);
      if (<i32>roll(6) >= 3) mortalOn(s, t, <i32>roll(3));
      break;
    }
  }
}

/** traits.ts timberrrrr: for each model slain, a roll-off, the winner's point of 9, a D3 on each unit of lower Health near it. */
export function timberrrrr(id: i32, slain: i32): void {
  if (traitUnits == 0 || !isGargant(id) || !hasTraits(owner(id), SOB)) return;
  const me = owner(id);
  const health = ui(id, UI.HEALTH);
  const reach = ud(id, UD.BASE_RADIUS) + 3;
  const S: f64 = Math.SQRT1_2;
  for (let k = 0; k < slain; k++) {
    let a = 0;
    let c = 0;
    while (a == c) {
      a = <i32>roll(6);
      c = <i32>roll(6);
    }
    const winner = a > c ? me : 1 - me;
    let best: u64 = 0;
    let bestScore = i32.MIN_VALUE;
    for (let d = 0; d < 9; d++) {
      const dx: f64 = d == 0 ? 0 : d == 1 ? 1 : d == 2 ? S : d == 3 ? 0 : d == 4 ? -S : d == 5 ? -1 : d == 6 ? -S : d == 7 ? 0 : S;
      const dy: f64 = d == 0 ? 0 : d == 1 ? 0 : d == 2 ? S : d == 3 ? 1 : d == 4 ? S : d == 5 ? 0 : d == 6 ? -S : d == 7 ? -1 : -S;
      const x = ux(id) + dx * reach;
      const y = uy(id) + dy * reach;
      if (x < 0 || y < 0 || x > WIDTH || y > DEPTH) continue;
      let hits: u64 = 0;
      let sc = 0;
      for (let m = deployedMask; m != 0; m &= m - 1) {
        const t = <i32>ctz<u64>(m);
        if (t == id || ui(t, UI.HEALTH) >= health) continue;
        if (Math.max(0, hypot(ux(t) - x, uy(t) - y) - ur(t)) <= 3 + 1e-9) {
          hits |= bitOf(t);
          sc += owner(t) == winner ? -1 : 1;
        }
      }
      if (sc > bestScore) {
        best = hits;
        bestScore = sc;
      }
    }
    for (let m = best; m != 0; m &= m - 1) {
      const t = <i32>ctz<u64>(m);
      if (deployed(t)) mortalOn(id, t, <i32>roll(3));
    }
  }
}

// ---- warscroll abilities ----------------------------------------------------------------------------------

/** traits.ts afterShooting: Deathly Barrage. */
export function afterShooting(shooter: i32, target: i32): void {
  if (!tk(shooter, TK.MORTEK_CRAWLER)) return;
  const player = owner(shooter);
  let others = false;
  for (let c = 0; c < nUnits; c++) if (c != shooter && owner(c) == player && ui(c, UI.SHOT_TARGET) == target) others = true;
  setUi(shooter, UI.SHOT_TARGET, target);
  if ((turnUses & useBit(USE_BARRAGE, player)) != 0 || !deployed(target) || st(target, US.STRIKE_LAST_TURN)) return;
  turnUses |= useBit(USE_BARRAGE, player);
  let ossifector = false;
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const o = <i32>ctz<u64>(m);
    if (tk(o, TK.MORTISAN_OSSIFECTOR) && whollyWithin(shooter, o, 12)) {
      ossifector = true;
      break;
    }
  }
  const total = <i32>roll(6) + (ossifector ? 1 : 0) + (others ? 1 : 0);
  if (total >= 4) setSt(target, US.STRIKE_LAST_TURN, true);
}

/** traits.ts unerringHunters. */
function unerringHunters(player: i32): void {
  if ((turnUses & useBit(USE_UNERRING, player)) != 0) return;
  for (let m = deployedOf(player) & engagedMask; m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (!tk(u, TK.GLAIVEWRAITH_STALKERS)) continue;
    turnUses |= useBit(USE_UNERRING, player);
    setSt(u, US.UNERRING, true);
    return;
  }
}

/** traits.ts pileInBonus. */
export function pileInBonus(u: i32): f64 {
  return st(u, US.UNERRING) ? 3 : 0;
}

/** traits.ts deathriderWedge: mortal damage instead of the weapons, when its mean beats their expected damage;
 * -2 if not used, else the friendly target (the first Liege-Kavalos by id within 3"), -1 for none. */
export function deathriderWedge(u: i32, t: i32): i32 {
  if (!tk(u, TK.KAVALOS_DEATHRIDERS) || !st(u, US.CHARGED)) return -2;
  let liege = -1;
  for (let m = deployedOf(owner(u)); m != 0; m &= m - 1) {
    const l = <i32>ctz<u64>(m);
    if (tk(l, TK.LIEGE_KAVALOS) && dist(u, l) <= COMBAT_RANGE + 1e-9) {
      liege = l;
      break;
    }
  }
  if (<f64>(liege >= 0 ? 4 : 2) <= expectedDamage(u, t, false)) return -2;
  let points = <i32>roll(3);
  if (liege >= 0) points += <i32>roll(3);
  mortalOn(u, t, points);
  return liege;
}

// ---- Knight-Arcanum's Indomitable Loreseekers (traits.ts loreseekers*) ------------------------------------

/** traits.ts loreseekersBonus: +1 to its SUMMON casting rolls and its banishment rolls. */
export function loreseekersBonus(w: i32): i32 {
  return tk(w, TK.KNIGHT_ARCANUM) ? 1 : 0;
}

/** traits.ts mortalWardAgainst: WARD (4+) against a manifestation's mortal damage (Crit (Mortal)) on a Knight-Arcanum. */
export function mortalWardAgainst(a: i32, t: i32): i32 {
  return tk(t, TK.KNIGHT_ARCANUM) && flag(a, UF.MANIFESTATION) ? 4 : 0;
}

/** traits.ts loreseekerBarriers: the enemy Knight-Arcanum units whose combat range manifestation `u` starts outside of (mask). */
export function loreseekerBarriers(u: i32): u64 {
  if ((traitUnits & TK.KNIGHT_ARCANUM) == 0 || !flag(u, UF.MANIFESTATION)) return 0;
  let m: u64 = 0;
  for (let q = deployedOf(1 - owner(u)); q != 0; q &= q - 1) {
    const k = <i32>ctz<u64>(q);
    if (tk(k, TK.KNIGHT_ARCANUM) && dist(u, k) > COMBAT_RANGE + 1e-9) m |= bitOf(k);
  }
  return m;
}

// ---- hooks (flow.ts) -------------------------------------------------------------------------------------

/** traits.ts traitsPhaseEnd: `phase` 0 hero, 1 charge, else another; then "this phase" is over for RELENTLESS DISCIPLINE. */
export function traitsPhaseEnd(phase: i32): void {
  if (traitUnits == 0) return;
  if (phase == 0) royalBlood(active);
  if (phase == 0) theirFinestHour(active);
  if (phase == 1) gargantCharge();
  for (let u = 0; u < nUnits; u++) setSt(u, US.DISCIPLINE_USED, false);
}

/** traits.ts traitsTurnStart (the US bits are cleared with flow.ts TURN_FLAGS): the turn's uses go, then A Kingdom Deluded. */
export function traitsTurnStart(): void {
  turnUses = 0;
  frenzy0 = -1;
  frenzy1 = -1;
  if (traitUnits == 0) return;
  for (let u = 0; u < nUnits; u++) setUi(u, UI.SHOT_TARGET, -1);
  kingdomDeluded();
}

/** traits.ts traitsPhaseStart: the movement phase's Muster Guard. */
export function traitsPhaseStart(movement: bool): void {
  if (traitFactions != 0 && movement) musterGuard(active);
}

/** traits.ts traitsCombatStep: Feeding Frenzy, the RAMPAGE abilities, Unerring Hunters. */
export function traitsCombatStep(player: i32): void {
  if (traitUnits == 0) return;
  feedingFrenzy(player);
  rampages(player);
  unerringHunters(player);
}
