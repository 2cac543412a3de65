// The bundled factions' battle traits and the bundled abilities with code of their own: the kernel's twin of
// src/aos/battle/traits.ts, rule for rule, die for die (the same uses, the same order, the same targets). Slots
// from the room "bundled" (encode-traits.ts): H.DISCIPLINE0/1, H.TRAIT_FACTIONS, H.TURN_USES; U.DISCIPLINE,
// U.SOUL_BONDED (UI.DISCIPLINE, UI.SOUL_BONDED); US.DISCIPLINE_USED, US.IMPASSIVE_RETREAT, US.FINEST_HOUR and
// U.STATE2 bit 30 (US2_FINEST_HOUR_USED).
import { hypot } from "./math";
import { H, STEP, U, UF, UNIT, US } from "./layout";
import {
  active, step, deployed, deployedMask, deployedOf, dist, enemiesInCombat, flag, inI, nUnits, owner, round, setSt, setSt2, setUi, st, st2, ui, UI, ux, uy, wi, WI, within,
} from "./state";
import { carriersLeft } from "./actions";

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
}
// @ts-ignore: decorator
@inline export function tk(u: i32, bits: i32): bool { return (ui(u, UI.TRAIT_KEYWORDS) & bits) != 0; }

/** U.STATE2 bit 30: Their Finest Hour used this battle (encode-traits.ts US2_TRAITS.FINEST_HOUR_USED). */
const US2_FINEST_HOUR_USED: i32 = 1 << 30;

/** The factions whose traits each army has: bit faction * 2 + player (encode-traits.ts TRAIT_FACTIONS). */
export let traitFactions: i32 = 0;
const OBR: i32 = 0;
const NIGHTHAUNT: i32 = 1;
const SCE: i32 = 4;
// @ts-ignore: decorator
@inline export function hasTraits(player: i32, faction: i32): bool { return (traitFactions & (1 << (faction * 2 + player))) != 0; }

/** Relentless discipline points (BattleData.factionPoints), and the army-wide uses this turn (TraitsData.turnUses). */
export let discipline0: i32 = 0;
export let discipline1: i32 = 0;
export let turnUses: i32 = 0;

/** The encoded battle's static part: the factions, each unit's RELENTLESS DISCIPLINE number and Soul-bonded charge. */
export function loadTraits(): void {
  traitFactions = inI(H.TRAIT_FACTIONS);
  const off = inI(H.OFF_UNITS);
  for (let u = 0; u < nUnits; u++) {
    setUi(u, UI.DISCIPLINE, inI(off + u * UNIT + U.DISCIPLINE));
    setUi(u, UI.SOUL_BONDED, inI(off + u * UNIT + U.SOUL_BONDED));
    setUi(u, UI.TRAIT_KEYWORDS, inI(off + u * UNIT + U.TRAIT_KEYWORDS));
  }
}

/** The starting position's points and uses (after state.ts resetBattle). */
export function resetTraits(): void {
  discipline0 = inI(H.DISCIPLINE0);
  discipline1 = inI(H.DISCIPLINE1);
  turnUses = inI(H.TURN_USES);
}

/** reserves.ts replaceUnit: a replacement unit is a new unit (CORE-REPLACEMENT): no charge, no traits' state. */
export function traitsReplacement(id: i32): void {
  setUi(id, UI.SOUL_BONDED, -1);
  setSt2(id, US2_FINEST_HOUR_USED, false);
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
  if (traitFactions == 0) return;
  if (ethereal(t)) trIgnoreSave = true;
  if (melee && st(a, US.FINEST_HOUR)) trWound += 1;
  if (st(t, US.FINEST_HOUR)) trSave += 1;
  const w = soulForgedWard(t);
  if (w != 0) trWard = w;
  if (!reacting || (discipline0 <= 0 && discipline1 <= 0)) return;
  const ap = owner(a);
  if (melee) {
    if (effWound + trWound < 1 && canUseDiscipline(a, true)) {
      spendDiscipline(a);
      trWound += 1;
    }
  } else if ((turnUses & (1 << ap)) == 0 && wardAgainst(t, effWard) != 0 && canUseDiscipline(a, true)) {
    spendDiscipline(a);
    turnUses |= 1 << ap;
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

/** traits.ts meleeScore: twice the mean Attacks of the melee weapons times their carriers left. */
export function meleeScore(u: i32): i32 {
  const first = ui(u, UI.FIRST_WEAPON);
  const last = first + ui(u, UI.WEAPONS);
  let score = 0;
  for (let w = first; w < last; w++) {
    if (wi(w, WI.RANGED) != 0) continue;
    score += (wi(w, WI.AC) * (wi(w, WI.AS) + 1) + 2 * wi(w, WI.AP)) * carriersLeft(w, u);
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
    for (let e = deployedOf(1 - player); e != 0; e &= e - 1)
      if (dist(u, <i32>ctz<u64>(e)) <= 12 + 1e-9) {
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

// ---- hooks (flow.ts) -------------------------------------------------------------------------------------

/** traits.ts traitsPhaseEnd: the hero phase's Their Finest Hour; "this phase" is over for RELENTLESS DISCIPLINE. */
export function traitsPhaseEnd(heroPhase: bool): void {
  if (traitFactions == 0) return;
  if (heroPhase) theirFinestHour(active);
  for (let u = 0; u < nUnits; u++) setSt(u, US.DISCIPLINE_USED, false);
}

/** traits.ts traitsTurnStart (the US bits are cleared with flow.ts TURN_FLAGS). */
export function traitsTurnStart(): void {
  turnUses = 0;
}
