// The kernel's working state: static memory regions (memory.data, below the heap, so the arena never
// touches them) holding the battle loaded from the encoded input (src/aos/rollout/encode.ts). `loadBattle`
// reads the profiles and the map; the first `resetBattle` builds the starting position and keeps a copy,
// which each later reset copies back, so one load serves any number of seeded rollouts.
import { footprintRadius, hypot } from "./math";
import { H, MAX_HISTORY, MAX_OBJECTIVES, MAX_TERRAIN, MAX_UNITS, MAX_WEAPONS, O, OBJECTIVE, PRIOR, SNAPSHOT, TERRAIN, TERRITORY, U, UF, UNIT, US, W, WEAPON, WF } from "./layout";

// ---- raw memory helpers ----------------------------------------------------------------------------------

// @ts-ignore: decorator
@inline export function ldF(base: usize, i: i32): f64 { return load<f64>(base + ((<usize>i) << 3)); }
// @ts-ignore: decorator
@inline export function stF(base: usize, i: i32, v: f64): void { store<f64>(base + ((<usize>i) << 3), v); }
// @ts-ignore: decorator
@inline export function ldI(base: usize, i: i32): i32 { return load<i32>(base + ((<usize>i) << 2)); }
// @ts-ignore: decorator
@inline export function stI(base: usize, i: i32, v: i32): void { store<i32>(base + ((<usize>i) << 2), v); }

/** The encoded input (f64 slots). */
export let input: usize = 0;
// @ts-ignore: decorator
@inline export function inF(i: i32): f64 { return ldF(input, i); }
// @ts-ignore: decorator
@inline export function inI(i: i32): i32 { return <i32>ldF(input, i); }

// ---- units -----------------------------------------------------------------------------------------------

/** i32 fields of a unit. */
export namespace UI {
  export const OWNER: i32 = 0;
  export const MOVE_DC: i32 = 1;
  export const MOVE_DS: i32 = 2;
  export const MOVE_DP: i32 = 3;
  export const HEALTH: i32 = 4;
  export const SAVE: i32 = 5;
  export const WARD: i32 = 6;
  export const CONTROL: i32 = 7;
  export const START_MODELS: i32 = 8;
  export const FLAGS: i32 = 9;
  export const WIZARD: i32 = 10;
  export const PRIEST: i32 = 11;
  export const ANTI_MASK: i32 = 12;
  export const FIRST_WEAPON: i32 = 13;
  export const WEAPONS: i32 = 14;
  export const MODELS: i32 = 15;
  export const DAMAGE: i32 = 16;
  export const STATUS: i32 = 17;
  export const STATE: i32 = 18;
  export const KILLED: i32 = 19;
  export const KILLED_BY_MONSTER: i32 = 20;
  export const KILLED_BY_PREDATOR: i32 = 21;
  export const KILLED_ROUND: i32 = 22;
  export const KILLED_TURN: i32 = 23;
  export const CASTS: i32 = 24;
  export const BLOCKED: i32 = 25;
  export const DAMAGED_AT: i32 = 26; // PB-REALM-FERAL-ROAR: Battle Damaged's threshold (0 none)
  export const DAMAGED_CONTROL: i32 = 27; // Control then (-1 unchanged)
  export const ISSUER: i32 = 28; // CORE-CP: 1 champion, 2 TOTEM
  export const RADIUS_MODELS: i32 = 29; // the models UD.RADIUS was computed for (touch recomputes it when they change)
  // 30-35 free (layout 4's effect masks, now the u64 fields UM.*); 30-35 and 37-41: room "bundled" (traits.ts)
  export const DISCIPLINE: i32 = 30; // traits.ts: the number after RELENTLESS DISCIPLINE (encode.ts U.DISCIPLINE)
  export const SOUL_BONDED: i32 = 31; // traits.ts: Soul-bonded's charge, -1 none (U.SOUL_BONDED)
  export const TRAIT_KEYWORDS: i32 = 32; // traits.ts: encode-traits.ts TK bits (U.TRAIT_KEYWORDS)
  export const SHOT_TARGET: i32 = 33; // traits.ts: dynamic, the unit its shooting attacks targeted this turn (U.SHOT_TARGET)
  export const COMMAND_MODELS: i32 = 34; // traits.ts commandModels: champions, standard bearers and musicians as fielded (U.COMMAND_MODELS)
  export const STATE2: i32 = 36; // more state bits (encode.ts U.STATE2: US2.*)
  // The most common texts (common.ts): momentum points (dynamic), the weapons they add to (bit = place among its weapons)
  export const MOMENTUM: i32 = 57;
  export const MOMENTUM_WEAPONS: i32 = 58;
  export const HEAT: i32 = 59; // heat tokens (dynamic)
  // 37-41 free; 42-71 reserved by area (src/aos/rollout/layout.ts "Spare room")
  export const PASSIVE: i32 = 47; // passive.ts: record k's inCombatWith / targetAnyKeywords filter passed, bits 0-31 (U.PASSIVE)
  export const PASSIVE_HI: i32 = 48; // ... bits 32-63 (U.PASSIVE_HI)
  // Mortal damage, slays and healing in every phase (damage.ts): masks over the effect records in halves (bits 0-31, 32-63)
  export const DMG_BATTLE_LO: i32 = 52; // "Once Per Battle" records the unit used (U.DMG_BATTLE)
  export const DMG_BATTLE_HI: i32 = 53;
  export const DMG_EXTRA_LO: i32 = 54; // records whose `extra` keywords it has one of (U.DMG_EXTRA; the profile)
  export const DMG_EXTRA_HI: i32 = 55;
  // the spells area's:
  export const RITUAL: i32 = 67; // a PRIEST's ritual points (encode.ts U.RITUAL: warscroll-spells.ts chantingRoll)
  // 72-75, 76-79, 80-83: layout 6's rooms declared2, passive2, timing2 (src/aos/rollout/layout.ts "Spare room")
  export const CHARGE_ROLL: i32 = 81; // move3.ts: dynamic, the unmodified roll of its charge this turn, 0 none (U.M3 bits 0-4)
  export const FIGHT_TWICE: i32 = 80; // timing2.ts: dynamic, fighting twice (encode.ts U.FIGHT_TWICE: 0 no, 1 granted, 2 the second open, 3 both used)
  export const HASHUT: i32 = 72; // hashut6.ts: dynamic points (bits 0-1) and static flags (U.HASHUT)
  export const KILLS5: i32 = 75; // kills5.ts: dynamic, its kills and kill marks (U.KILLS5: src/aos/abilities/kills5.ts KILL_BITS)
  export const C6_UNIT: i32 = 74; // cities6.ts: the cities6 room's UI 74 (U.C6_UNIT): bit 0 CITIES OF SIGMAR, bits 1.. its warscroll's index
  export const COUNT: i32 = 84;
}

/**
 * u64 fields of a unit: the effect language's masks over the effect records (effects.ts), bit k = record k
 * (MAX_EFFECTS 64; encoded as lo/hi 32-bit halves, encode.ts Mask64).
 */
export namespace UM {
  export const EF_SOURCE: i32 = 0; // it has record k's ability (its warscroll; copied with the profile)
  export const EF_WHOM: i32 = 1; // it passes record k's filter of whom
  export const EF_NEAR: i32 = 2; // it passes the filter of record k's "near" condition
  export const EF_TURN: i32 = 3; // records whose for-the-turn effect is on the unit (cleared when a turn starts)
  // Warscroll spells (warscroll-spells.ts): records whose modifier is on the unit until player 0's / 1's next turn
  export const SPELL_UNTIL0: i32 = 4;
  export const SPELL_UNTIL1: i32 = 5;
  export const COUNT: i32 = 8;
}

/** f64 fields of a unit. */
export namespace UD {
  export const MOVE: i32 = 0;
  export const BASE_RADIUS: i32 = 1;
  export const X: i32 = 2;
  export const Y: i32 = 3;
  export const RADIUS: i32 = 4; // the footprint's radius (footprintRadius of the models left)
  export const MOVE_ESTIMATE: i32 = 5; // policy: Move, a random Move at its mean
  export const MELEE_WEIGHT: i32 = 6; // policy: attacks as fielded
  export const RANGED_WEIGHT: i32 = 7;
  export const MAX_RANGE: i32 = 8;
  export const SIC_RANGE: i32 = 9; // CORE-SHOOT-IN-COMBAT: the longest range of its Shoot in Combat weapons, 0 if none
  // 16, 17, 18: layout 6's rooms declared2, passive2, timing2 (18: the move3 area's)
  export const PASSED: i32 = 18; // move3.ts: dynamic, the units it passed across this turn as a u64 mask in an f64 (U.M3 / 32; ids 0-47)
  export const COUNT: i32 = 20;
}

const UNIT_I = memory.data(MAX_UNITS * UI.COUNT * 4, 16);
const UNIT_M = memory.data(MAX_UNITS * UM.COUNT * 8, 16);
const UNIT_F = memory.data(MAX_UNITS * UD.COUNT * 8, 16);
/** Edge-to-edge distances between footprints, DIST[a * MAX_UNITS + b] = edgeDistance(a, b) as the engine orders it. */
const DIST = memory.data(MAX_UNITS * MAX_UNITS * 8, 16);
const OBJ_DIST = memory.data(MAX_UNITS * MAX_OBJECTIVES * 8, 16);

export let nUnits: i32 = 0;

// @ts-ignore: decorator
@inline export function ui(u: i32, f: i32): i32 { return ldI(UNIT_I, u * UI.COUNT + f); }
// @ts-ignore: decorator
@inline export function setUi(u: i32, f: i32, v: i32): void { stI(UNIT_I, u * UI.COUNT + f, v); }
// @ts-ignore: decorator
@inline export function ud(u: i32, f: i32): f64 { return ldF(UNIT_F, u * UD.COUNT + f); }
// @ts-ignore: decorator
@inline export function setUd(u: i32, f: i32, v: f64): void { stF(UNIT_F, u * UD.COUNT + f, v); }

/** A unit's mask over the effect records (UM.*). */
// @ts-ignore: decorator
@inline export function efMask(u: i32, f: i32): u64 { return load<u64>(UNIT_M + (<usize>(u * UM.COUNT + f) << 3)); }
// @ts-ignore: decorator
@inline export function setEfMask(u: i32, f: i32, v: u64): void { store<u64>(UNIT_M + (<usize>(u * UM.COUNT + f) << 3), v); }
/** Record k's bit in a mask over the effect records. */
// @ts-ignore: decorator
@inline export function recBit(k: i32): u64 { return (<u64>1) << <u64>k; }
/** Whether unit u's mask f holds record k. */
// @ts-ignore: decorator
@inline export function hasRec(u: i32, f: i32, k: i32): bool { return (efMask(u, f) & recBit(k)) != 0; }
/** A mask read from an encoded slot pair (bits 0-31 at i, 32-63 at hi; encode.ts Mask64). */
// @ts-ignore: decorator
@inline export function inMask(i: i32, hi: i32): u64 { return (<u64><u32>inI(i)) | ((<u64><u32>inI(hi)) << 32); }
/** The unit's state bits of U.STATE2 (US2.*). */
// @ts-ignore: decorator
@inline export function st2(u: i32, f: i32): bool { return (ui(u, UI.STATE2) & f) != 0; }
// @ts-ignore: decorator
@inline export function setSt2(u: i32, f: i32, on: bool): void {
  const s = ui(u, UI.STATE2);
  setUi(u, UI.STATE2, on ? s | f : s & ~f);
}

// @ts-ignore: decorator
@inline export function owner(u: i32): i32 { return ui(u, UI.OWNER); }
// @ts-ignore: decorator
@inline export function deployed(u: i32): bool { return ui(u, UI.STATUS) == 1; }

/**
 * The units on the battlefield (STATUS 1) and each player's units, as masks of ids (bit u), kept with every
 * change of STATUS (setStatus) and every unit added: loops over "player p's units on the battlefield" visit
 * just those, in id order (for (m = deployedOf(p); m != 0; m &= m - 1) u = ctz(m)).
 */
export let deployedMask: u64 = 0;
export let ownerMask0: u64 = 0;
export let ownerMask1: u64 = 0;
// @ts-ignore: decorator
@inline export function unitsOf(p: i32): u64 { return p == 0 ? ownerMask0 : ownerMask1; }
// @ts-ignore: decorator
@inline export function deployedOf(p: i32): u64 { return deployedMask & (p == 0 ? ownerMask0 : ownerMask1); }
// @ts-ignore: decorator
@inline export function bitOf(u: i32): u64 { return (<u64>1) << <u64>u; }

/** A unit's STATUS (1 on the battlefield, 2 off it: destroyed or not summoned, 3 in reserve), with the masks. */
export function setStatus(u: i32, s: i32): void {
  setUi(u, UI.STATUS, s);
  if (s == 1) deployedMask |= bitOf(u);
  else deployedMask &= ~bitOf(u);
}

/**
 * The units whose spell bookkeeping (CASTS, BLOCKED; a priest's prayers, US.BANISHED: manifest.ts) may be
 * other than none since the last phase's reset: the start of a phase clears just those (every unit after a
 * reset, then each caster, banished manifestation and new unit as it happens).
 */
export let spellDirty: u64 = 0;
// @ts-ignore: decorator
@inline export function markSpells(u: i32): void { spellDirty |= bitOf(u); }

/** The masks from the units' data, and every unit's spell bookkeeping to clear (after a reset). */
export function refreshMasks(): void {
  let d: u64 = 0;
  let o0: u64 = 0;
  let o1: u64 = 0;
  for (let u = 0; u < nUnits; u++) {
    if (deployed(u)) d |= bitOf(u);
    if (owner(u) == 0) o0 |= bitOf(u);
    else o1 |= bitOf(u);
  }
  deployedMask = d;
  ownerMask0 = o0;
  ownerMask1 = o1;
  spellDirty = ~(<u64>0);
}
// @ts-ignore: decorator
@inline export function flag(u: i32, f: i32): bool { return (ui(u, UI.FLAGS) & f) != 0; }
// @ts-ignore: decorator
@inline export function st(u: i32, f: i32): bool { return (ui(u, UI.STATE) & f) != 0; }
// @ts-ignore: decorator
@inline export function setSt(u: i32, f: i32, on: bool): void {
  const s = ui(u, UI.STATE);
  setUi(u, UI.STATE, on ? s | f : s & ~f);
}
// @ts-ignore: decorator
@inline export function ux(u: i32): f64 { return ud(u, UD.X); }
// @ts-ignore: decorator
@inline export function uy(u: i32): f64 { return ud(u, UD.Y); }
// @ts-ignore: decorator
@inline export function ur(u: i32): f64 { return ud(u, UD.RADIUS); }
/**
 * Battle.distance(a, b): max(0, hypot(a - b) - a.radius - b.radius), in that order. Computed when first
 * asked after either unit changed (a clock stamps each unit's last change and each pair's computation).
 */
// @ts-ignore: decorator
@inline export function dist(a: i32, b: i32): f64 {
  const i = a * MAX_UNITS + b;
  const stamp = ldI(DIST_STAMP, i);
  return stamp >= ldI(UNIT_CLOCK, a) && stamp >= ldI(UNIT_CLOCK, b) ? ldF(DIST, i) : measure(a, b);
}

/**
 * dist(a, b) <= gap, decided on the squared distance between centres when it is clear of the threshold by
 * far more than rounding (a relative 1e-9), else by measuring: the same answer, mostly without a square root.
 */
export function within(a: i32, b: i32, gap: f64): bool {
  const dx = ux(a) - ux(b);
  const dy = uy(a) - uy(b);
  const d2 = dx * dx + dy * dy;
  const reach = gap + ur(a) + ur(b);
  const r2 = reach * reach;
  if (reach > 0 && d2 < r2 * (1 - 1e-9)) return true;
  if (d2 > r2 * (1 + 1e-9)) return false;
  return dist(a, b) <= gap;
}

/** Computes the pair's two distances (both orders) and stamps them. */
function measure(a: i32, b: i32): f64 {
  if (a == b) return 0;
  const h = hypot(ux(a) - ux(b), uy(a) - uy(b));
  const ra = ur(a);
  const rb = ur(b);
  const ab = Math.max(0, h - ra - rb);
  stF(DIST, a * MAX_UNITS + b, ab);
  stF(DIST, b * MAX_UNITS + a, Math.max(0, h - rb - ra));
  stI(DIST_STAMP, a * MAX_UNITS + b, clock);
  stI(DIST_STAMP, b * MAX_UNITS + a, clock);
  return ab;
}

/** The clock: advanced by every change of a footprint or of the objectives (restarted at each reset, when
 * every distance of the starting position is known). */
export let clock: i32 = 0;
/** The unit whose footprint changed last (touch). */
export let lastTouched: i32 = -1;
// @ts-ignore: decorator
@inline export function unitClock(u: i32): i32 { return ldI(UNIT_CLOCK, u); }
let objectivesClock: i32 = 0;
const UNIT_CLOCK = memory.data(MAX_UNITS * 4, 16);
const DIST_STAMP = memory.data(MAX_UNITS * MAX_UNITS * 4, 16);
const OBJ_STAMP = memory.data(MAX_UNITS * MAX_OBJECTIVES * 4, 16);

/** MONSTER by keyword or for now by Metamorphosis (PB-REALM-METAMORPHOSIS). */
// @ts-ignore: decorator
@inline export function isMonster(u: i32): bool { return flag(u, UF.MONSTER) || st(u, US.METAMORPHOSIS); }
// @ts-ignore: decorator
@inline export function isHero(u: i32): bool { return flag(u, UF.HERO); }
// @ts-ignore: decorator
@inline export function isLeader(u: i32): bool { return flag(u, UF.LEADER) || flag(u, UF.HERO); }
// @ts-ignore: decorator
@inline export function woundsLeft(u: i32): i32 { return ui(u, UI.MODELS) * ui(u, UI.HEALTH) - ui(u, UI.DAMAGE); }

const COMBAT_REACH: f64 = 3 + 1e-9;

/**
 * After a unit moved or lost models: its footprint, and which enemies each unit has within 3" (Battle.inCombat,
 * kept up to date rather than recomputed). Its distances are recomputed when next asked (dist, objDist).
 */
export function touch(u: i32): void {
  // The footprint's radius is a function of the models left (and the fixed base): recomputed when they changed.
  const models = ui(u, UI.MODELS);
  let r = ur(u);
  if (models != ui(u, UI.RADIUS_MODELS)) {
    r = footprintRadius(models, ud(u, UD.BASE_RADIUS));
    setUd(u, UD.RADIUS, r);
    setUi(u, UI.RADIUS_MODELS, models);
  }
  clock++;
  stI(UNIT_CLOCK, u, clock);
  lastTouched = u;
  if (!deployed(u)) return;
  const x = ux(u);
  const y = uy(u);
  const me = owner(u);
  // u's own row is written by this loop only: kept in a local and stored once.
  let row = enemiesInCombat(u);
  const ubit = bitOf(u);
  for (let m = deployedOf(1 - me); m != 0; m &= m - 1) {
    const v = <i32>ctz<u64>(m);
    const vbit = bitOf(v);
    // Within 3" edge to edge: decided on squared centre distances, far from the edge of the range by more
    // than any rounding; only a pair right at it is measured exactly.
    const dx = x - ux(v);
    const dy = y - uy(v);
    const d2 = dx * dx + dy * dy;
    const reach = COMBAT_REACH + r + ur(v);
    let uv: bool;
    let vu: bool;
    if (d2 < reach * reach * (1 - 1e-9)) {
      uv = true;
      vu = true;
    } else if (d2 > reach * reach * (1 + 1e-9)) {
      uv = false;
      vu = false;
    } else {
      uv = dist(u, v) <= COMBAT_REACH;
      vu = dist(v, u) <= COMBAT_REACH;
    }
    row = uv ? row | vbit : row & ~vbit;
    const p = ENGAGED + (<usize>v << 3);
    const vrow = vu ? load<u64>(p) | ubit : load<u64>(p) & ~ubit;
    store<u64>(p, vrow);
    if (vrow != 0) engagedMask |= vbit;
    else engagedMask &= ~vbit;
  }
  store<u64>(ENGAGED + (<usize>u << 3), row);
  if (row != 0) engagedMask |= ubit;
  else engagedMask &= ~ubit;
}

/** Objectives on the battlefield now (battle.ts objectives()), as a mask: set up by the map this round, not
 * removed, with a position (a Veins objective once placed). */
export let objectivesInPlay: i32 = 0;

/** Recomputes objectivesInPlay: after the round changes, Veins are placed or objectives are removed. */
export function refreshInPlay(): void {
  let m = 0;
  const r = round < 1 ? 0 : round - 1;
  for (let o = 0; o < nObjectives; o++) {
    if (oi(o, OI.IN_MAP + r) == 0 || (sRemoved & (1 << o)) != 0) continue;
    if (oi(o, OI.VEINS) == 0 || oi(o, OI.PLACED) != 0) m |= 1 << o;
  }
  if (m != objectivesInPlay) {
    objectivesInPlay = m;
    touchObjectives();
  }
}

/** After objectives moved, appeared or left (the start of a battle round): every distance to them is stale. */
export function touchObjectives(): void {
  clock++;
  objectivesClock = clock;
}

/** hypot(unit - objective) between centres, as contestingModels and pointDistance compute it (when first asked). */
// @ts-ignore: decorator
@inline export function objDist(u: i32, o: i32): f64 {
  const i = u * MAX_OBJECTIVES + o;
  const stamp = ldI(OBJ_STAMP, i);
  if (stamp >= ldI(UNIT_CLOCK, u) && stamp >= objectivesClock) return ldF(OBJ_DIST, i);
  const d = hypot(ux(u) - objX(o), uy(u) - objY(o));
  stF(OBJ_DIST, i, d);
  stI(OBJ_STAMP, i, clock);
  return d;
}

// ---- in combat -------------------------------------------------------------------------------------------

/** Each unit's enemies within 3", edge to edge from the unit (Battle.enemiesInCombat), as a mask of ids. */
const ENGAGED = memory.data(MAX_UNITS * 8, 16);

// @ts-ignore: decorator
@inline function setEngaged(u: i32, v: i32, on: bool): void {
  const p = ENGAGED + (<usize>u << 3);
  const bit = (<u64>1) << <u64>v;
  store<u64>(p, on ? load<u64>(p) | bit : load<u64>(p) & ~bit);
}

/** Battle.enemiesInCombat(u), as a mask of unit ids. */
// @ts-ignore: decorator
@inline export function enemiesInCombat(u: i32): u64 {
  return load<u64>(ENGAGED + (<usize>u << 3));
}

/** The units in combat (an enemy within combat range), as a mask: kept by touch, else refreshEngaged. */
export let engagedMask: u64 = 0;

export function refreshEngaged(): void {
  let m: u64 = 0;
  for (let u = 0; u < nUnits; u++) if (enemiesInCombat(u) != 0) m |= bitOf(u);
  engagedMask = m;
}

/** Battle.inCombat: an enemy within combat range. */
// @ts-ignore: decorator
@inline export function inCombat(u: i32): bool {
  return enemiesInCombat(u) != 0;
}

/** A unit leaves the battlefield: it no longer engages anyone. */
/**
 * CORE-REPLACEMENT: a unit slot taken by a new unit. Its distances are stale (a past rollout's unit there):
 * they are measured again when next asked; it engages nobody until it is set up (touch).
 */
export function forgetUnitGeometry(u: i32): void {
  memory.fill(DIST_STAMP + (<usize>(u * MAX_UNITS) << 2), 0, <usize>(MAX_UNITS * 4));
  memory.fill(OBJ_STAMP + (<usize>(u * MAX_OBJECTIVES) << 2), 0, <usize>(MAX_OBJECTIVES * 4));
  for (let v = 0; v < MAX_UNITS; v++) stI(DIST_STAMP, v * MAX_UNITS + u, 0);
  for (let v = 0; v < nUnits; v++) setEngaged(v, u, false);
  store<u64>(ENGAGED + (<usize>u << 3), 0);
  refreshEngaged();
}

export function removeFromBattlefield(t: i32): void {
  for (let v = 0; v < nUnits; v++) setEngaged(v, t, false);
  store<u64>(ENGAGED + (<usize>t << 3), 0);
  refreshEngaged();
  setStatus(t, 2);
}

function countEngaged(): void {
  for (let a = 0; a < nUnits; a++) {
    store<u64>(ENGAGED + (<usize>a << 3), 0);
    if (deployed(a)) for (let e = 0; e < nUnits; e++) if (deployed(e) && owner(e) != owner(a) && dist(a, e) <= COMBAT_REACH) setEngaged(a, e, true);
  }
}

export function setPosition(u: i32, x: f64, y: f64): void {
  setUd(u, UD.X, x);
  setUd(u, UD.Y, y);
  touch(u);
}

/** The first unit of `player` chosen as general, or -1 (Battle.general). */
export function general(player: i32): i32 {
  for (let m = unitsOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (flag(u, UF.GENERAL)) return u;
  }
  return -1;
}

// ---- weapons ---------------------------------------------------------------------------------------------

export namespace WI {
  export const RANGED: i32 = 0;
  export const AC: i32 = 1;
  export const AS: i32 = 2;
  export const AP: i32 = 3;
  export const HIT: i32 = 4;
  export const WOUND: i32 = 5;
  export const REND: i32 = 6;
  export const DC: i32 = 7;
  export const DS: i32 = 8;
  export const DP: i32 = 9;
  export const CRIT: i32 = 10;
  export const COMPANION: i32 = 11;
  export const CHARGE_DAMAGE: i32 = 12;
  export const CARRIERS: i32 = 13;
  export const ANTI_CHARGE: i32 = 14;
  export const ANTI_MONSTER: i32 = 15;
  export const FLAGS: i32 = 16; // layout.ts WF: CORE-CHAMPION, CORE-SHOOT-IN-COMBAT
  export const ANTI_N: i32 = 17; // Anti-X keywords other than MONSTER and charge: how many, then their indices
  export const ANTI_K0: i32 = 18; // up to 6 keyword indices
  export const DAMAGED: i32 = 24; // PB-REALM-FERAL-ROAR: Attacks under Battle Damaged (then count, sides, plus)
  export const DAC: i32 = 25;
  export const DAS: i32 = 26;
  export const DAP: i32 = 27;
  // Necromantic Limits (encode.ts U.LIMIT_*): from this many damage points (0: never) its Attacks is LIMIT_A
  export const LIMIT_AT: i32 = 28;
  export const LIMIT_A: i32 = 29;
  export const COUNT: i32 = 30;
}
const WEAPON_I = memory.data(MAX_WEAPONS * WI.COUNT * 4, 16);
const WEAPON_RANGE = memory.data(MAX_WEAPONS * 8, 16);

// @ts-ignore: decorator
@inline export function wi(w: i32, f: i32): i32 { return ldI(WEAPON_I, w * WI.COUNT + f); }
// @ts-ignore: decorator
@inline export function wRange(w: i32): f64 { return ldF(WEAPON_RANGE, w); }

/** CORE-REPLACEMENT: weapon `from` copied to slot `to` (after the encoded weapons), carried by `carriers` models. */
export function copyWeapon(from: i32, to: i32, carriers: i32): void {
  memory.copy(WEAPON_I + (<usize>(to * WI.COUNT) << 2), WEAPON_I + (<usize>(from * WI.COUNT) << 2), <usize>(WI.COUNT * 4));
  stI(WEAPON_I, to * WI.COUNT + WI.CARRIERS, carriers);
  stF(WEAPON_RANGE, to, ldF(WEAPON_RANGE, from));
}

// ---- objectives, terrain, territories ---------------------------------------------------------------------

export namespace OI {
  export const PRIME: i32 = 0;
  export const NUMBER: i32 = 1;
  export const SET_UP: i32 = 2;
  export const REMOVED_ROUND: i32 = 3;
  export const VEINS: i32 = 4;
  export const CONTROL: i32 = 5; // dynamic
  export const PLACED: i32 = 6; // dynamic
  export const PENDING_VEINS: i32 = 7; // dynamic
  export const IN_MAP: i32 = 8; // rounds 1..5 at 8..12
  export const BORDERS: i32 = 13; // rounds 1..5 at 13..17
  export const COUNT: i32 = 24;
}
export namespace OD {
  export const PLACED_X: i32 = 0; // dynamic
  export const PLACED_Y: i32 = 1;
  export const MAP_X: i32 = 2; // rounds 1..5: x, y at 2..11
  export const VEINS_AT: i32 = 12; // rolls 2..12: x, y at 12..33
  export const COUNT: i32 = 34;
}
const OBJ_I = memory.data(MAX_OBJECTIVES * OI.COUNT * 4, 16);
const OBJ_F = memory.data(MAX_OBJECTIVES * OD.COUNT * 8, 16);
export let nObjectives: i32 = 0;

// @ts-ignore: decorator
@inline export function oi(o: i32, f: i32): i32 { return ldI(OBJ_I, o * OI.COUNT + f); }
// @ts-ignore: decorator
@inline export function setOi(o: i32, f: i32, v: i32): void { stI(OBJ_I, o * OI.COUNT + f, v); }
// @ts-ignore: decorator
@inline export function od(o: i32, f: i32): f64 { return ldF(OBJ_F, o * OD.COUNT + f); }
// @ts-ignore: decorator
@inline export function setOd(o: i32, f: i32, v: f64): void { stF(OBJ_F, o * OD.COUNT + f, v); }

// @ts-ignore: decorator
@inline function mapRound(): i32 {
  return (round < 1 ? 1 : round) - 1;
}

/** Where an objective stands this round (battle.ts objectives(): the map's position, or a Veins objective's). */
// @ts-ignore: decorator
@inline export function objX(o: i32): f64 {
  return oi(o, OI.VEINS) != 0 ? od(o, OD.PLACED_X) : od(o, OD.MAP_X + 2 * mapRound());
}
// @ts-ignore: decorator
@inline export function objY(o: i32): f64 {
  return oi(o, OI.VEINS) != 0 ? od(o, OD.PLACED_Y) : od(o, OD.MAP_X + 2 * mapRound() + 1);
}

/** Terrain features: x, y, radius (k = 0, 1, 2), the radius of the part nothing may end on (k = 3:
 * terrain.ts noStandRadius, CORE-UNSTABLE), and whether it gives cover (PB-COVER). */
const TERRAIN_F = memory.data(MAX_TERRAIN * 4 * 8, 16);
const TERRAIN_COVER = memory.data(MAX_TERRAIN * 4, 16);
export let nTerrain: i32 = 0;
// @ts-ignore: decorator
@inline export function terrain(i: i32, k: i32): f64 { return ldF(TERRAIN_F, i * 4 + k); }
// @ts-ignore: decorator
@inline export function terrainNoStand(i: i32): f64 { return ldF(TERRAIN_F, i * 4 + 3); }
/** The features with a part nothing may end on (terrainNoStand > 0), as a mask. */
export let unstableMask: i32 = 0;
/** CORE-VISIBILITY (visibility.ts sightBlockRadius): the radius of the part over 1" tall, which blocks sight, or 0. */
const TERRAIN_SIGHT = memory.data(MAX_TERRAIN * 8, 16);
// @ts-ignore: decorator
@inline export function terrainSight(i: i32): f64 { return ldF(TERRAIN_SIGHT, i); }
/** The features that block sight (terrainSight > 0), as a mask. */
export let sightMask: i32 = 0;
// @ts-ignore: decorator
@inline export function terrainCover(i: i32): bool { return ldI(TERRAIN_COVER, i) != 0; }

/** Territory polygons: player p's corner i at (p * 8 + i) * 2. */
const POLY = memory.data(2 * 8 * 2 * 8, 16);
export let polyN0: i32 = 0;
export let polyN1: i32 = 0;
// @ts-ignore: decorator
@inline export function polyN(p: i32): i32 { return p == 0 ? polyN0 : polyN1; }
// @ts-ignore: decorator
@inline export function polyX(p: i32, i: i32): f64 { return ldF(POLY, (p * 8 + i) * 2); }
// @ts-ignore: decorator
@inline export function polyY(p: i32, i: i32): f64 { return ldF(POLY, (p * 8 + i) * 2 + 1); }
/** Each edge's length (the tolerance of battleplans/geometry.ts contains) and each territory's bounding box. */
const POLY_EDGE = memory.data(2 * 8 * 8, 16);
const POLY_BOX = memory.data(2 * 4 * 8, 16);
// @ts-ignore: decorator
@inline export function polyEdge(p: i32, i: i32): f64 { return ldF(POLY_EDGE, p * 8 + i); }
// @ts-ignore: decorator
@inline export function polyMinX(p: i32): f64 { return ldF(POLY_BOX, p * 4); }
// @ts-ignore: decorator
@inline export function polyMaxX(p: i32): f64 { return ldF(POLY_BOX, p * 4 + 1); }
// @ts-ignore: decorator
@inline export function polyMinY(p: i32): f64 { return ldF(POLY_BOX, p * 4 + 2); }
// @ts-ignore: decorator
@inline export function polyMaxY(p: i32): f64 { return ldF(POLY_BOX, p * 4 + 3); }
/** Each territory's centroid (movement.ts centroid: the corners' mean, summed in order). */
export let homeX0: f64 = 0;
export let homeY0: f64 = 0;
export let homeX1: f64 = 0;
export let homeY1: f64 = 0;

// ---- the plan, the battle, the scoring fold ---------------------------------------------------------------

export let plan: i32 = 0;
export let scoringKind: i32 = 0;
export let planVictoryPoints: bool = true;
export let gloriousFrom: i32 = 0;
export let raidsFrom: i32 = 0;
export let destroyFrom: i32 = 0;
export let planAlpha: bool = false;
export let planPredators: bool = false;
export let planVantage: bool = false;
export let controlKind: i32 = 0;

export let attacker: i32 = 0;
export let round: i32 = 0;
export let turn: i32 = 0;
export let active: i32 = 0;
export let step: i32 = 0;
export let stepPlayer: i32 = 0;
export let fightPicker: i32 = 0;
/** fight-order.ts: the unit that fights next out of the alternation (-1 none), and the for-the-turn record it then gets (-1 none). */
export let fightNext: i32 = -1;
export let fightNextRecord: i32 = -1;
export let deployedFirst: i32 = -1;
export let gs0: i32 = 0;
export let gs1: i32 = 0;
export let pendingAlpha: i32 = 0;
export let pendingSeismic: i32 = -1;
export let pendingRaid: i32 = -1;
export let pendingDestroyed: i32 = 0;
export let spellMetamorphosis: bool = false;
/** PB-REALM-PREY: bit p = a MONSTER model of player p was slain this turn (turn.ts BattleData.preySlain). */
export let preySlain: i32 = 0;
export function setPreySlain(m: i32): void {
  preySlain = m;
}
/** CORE-CP: command points, and whether each army used Feral Roar this phase (PB-REALM-FERAL-ROAR). */
export let cp0: i32 = 0;
export let cp1: i32 = 0;
export let feralRoarUsed0: bool = false;
export let feralRoarUsed1: bool = false;
/** PB-BP-03: the vantage point picked this round (-1 none), and the one of the scoring fold (last round's). */
export let pendingVantage: i32 = -1;
export let sVantage: i32 = -1;
export let tactic: i32 = -1;
export let tacticUnit0: i32 = -1;
export let tacticUnit1: i32 = -1;
export let tacticUnit2: i32 = -1;
export let tacticObj0: i32 = -1;
export let tacticObj1: i32 = -1;
export let tacticOppControlled: bool = false;

// the scoring fold, by side (0 attacker, 1 defender)
export let sRound: i32 = 0;
export let sFirst: i32 = -1;
export let sTurns: i32 = 0;
export let sAlpha: i32 = 0;
export let sRemoved: i32 = 0;
export let sGloriousWinner: i32 = -1;
export let sGloriousRound: i32 = 0;
export let sTacticsAtt: i32 = 0;
export let sTacticsDef: i32 = 0;
export let sPreyAtt: i32 = 0;
export let sPreyDef: i32 = 0;
export let sPickedAtt: i32 = 0;
export let sPickedDef: i32 = 0;

/** History: round, side, attacker mask, defender mask. */
const HISTORY = memory.data(MAX_HISTORY * SNAPSHOT * 4, 16);
export let nHistory: i32 = 0;
// @ts-ignore: decorator
@inline export function hist(i: i32, k: i32): i32 { return ldI(HISTORY, i * SNAPSHOT + k); }
export function pushHistory(r: i32, side: i32, att: i32, def: i32): void {
  stI(HISTORY, nHistory * SNAPSHOT, r);
  stI(HISTORY, nHistory * SNAPSHOT + 1, side);
  stI(HISTORY, nHistory * SNAPSHOT + 2, att);
  stI(HISTORY, nHistory * SNAPSHOT + 3, def);
  nHistory++;
}

/** The whole battle's record: VP [player][round][source], tactics picked (round) and completed. */
const RECORD = memory.data(PRIOR * 8, 16);
// @ts-ignore: decorator
@inline export function record(i: i32): f64 { return ldF(RECORD, i); }
// @ts-ignore: decorator
@inline export function setRecord(i: i32, v: f64): void { stF(RECORD, i, v); }
export let vp0: i32 = 0;
export let vp1: i32 = 0;

export const SOURCE_OBJECTIVES: i32 = 0;
export const SOURCE_TACTICS: i32 = 1;
export const SOURCE_STRATEGY: i32 = 2;
export const SOURCE_REALM: i32 = 3;

/** Scores `points` VP for `player` in this round from `source`. */
export function score(player: i32, points: i32, source: i32): void {
  if (player == 0) vp0 += points;
  else vp1 += points;
  const i = player * 20 + (min<i32>(5, max<i32>(1, round)) - 1) * 4 + source;
  setRecord(i, record(i) + <f64>points);
}

// @ts-ignore: decorator
@inline export function sideOf(player: i32): i32 { return player == attacker ? 0 : 1; }
// @ts-ignore: decorator
@inline export function playerOf(side: i32): i32 { return side == 0 ? attacker : 1 - attacker; }

// ---- loading and resetting -------------------------------------------------------------------------------

let offUnits: i32 = 0;
/** The starting position (units, objectives, history, record, distances), built once per load and copied back at each reset. */
let geometrySaved = false;
const SAVED_DIST = memory.data(MAX_UNITS * MAX_UNITS * 8, 16);
const SAVED_OBJ_DIST = memory.data(MAX_UNITS * MAX_OBJECTIVES * 8, 16);
const SAVED_ENGAGED = memory.data(MAX_UNITS * 8, 16);
const SAVED_UNIT_I = memory.data(MAX_UNITS * UI.COUNT * 4, 16);
const SAVED_UNIT_M = memory.data(MAX_UNITS * UM.COUNT * 8, 16);
const SAVED_UNIT_F = memory.data(MAX_UNITS * UD.COUNT * 8, 16);
const SAVED_OBJ_I = memory.data(MAX_OBJECTIVES * OI.COUNT * 4, 16);
const SAVED_OBJ_F = memory.data(MAX_OBJECTIVES * OD.COUNT * 8, 16);
const SAVED_HISTORY = memory.data(MAX_HISTORY * SNAPSHOT * 4, 16);
const SAVED_RECORD = memory.data(PRIOR * 8, 16);

/** Every distance of the position (the starting one, once per load). */
function measureAll(): void {
  restartClock();
  for (let a = 0; a < nUnits; a++) {
    for (let b = a + 1; b < nUnits; b++) measure(a, b);
    stF(DIST, a * MAX_UNITS + a, 0);
    for (let o = 0; o < nObjectives; o++) stF(OBJ_DIST, a * MAX_OBJECTIVES + o, hypot(ux(a) - objX(o), uy(a) - objY(o)));
  }
}

function saveGeometry(): void {
  memory.copy(SAVED_DIST, DIST, <usize>(MAX_UNITS * MAX_UNITS * 8));
  memory.copy(SAVED_OBJ_DIST, OBJ_DIST, <usize>(MAX_UNITS * MAX_OBJECTIVES * 8));
  memory.copy(SAVED_ENGAGED, ENGAGED, <usize>(MAX_UNITS * 8));
  geometrySaved = true;
}

/** Advanced whenever the clock restarts (a new rollout, a new battle): caches keyed by the clock compare it too. */
export let clockEpoch: i32 = 0;

function restartClock(): void {
  clock = 0;
  clockEpoch++;
  objectivesClock = 0;
  memory.fill(UNIT_CLOCK, 0, <usize>(MAX_UNITS * 4));
  memory.fill(DIST_STAMP, 0, <usize>(nUnits * MAX_UNITS * 4));
  memory.fill(OBJ_STAMP, 0, <usize>(nUnits * MAX_OBJECTIVES * 4));
}

function restoreGeometry(): void {
  memory.copy(DIST, SAVED_DIST, <usize>(nUnits * MAX_UNITS * 8));
  memory.copy(OBJ_DIST, SAVED_OBJ_DIST, <usize>(nUnits * MAX_OBJECTIVES * 8));
  memory.copy(ENGAGED, SAVED_ENGAGED, <usize>(MAX_UNITS * 8));
  restartClock();
}

let offObjectives: i32 = 0;
let offHistory: i32 = 0;
let offPrior: i32 = 0;
let nHistory0: i32 = 0;

function meanDice(c: i32, s: i32, p: i32): f64 {
  return (<f64>c * <f64>(s + 1)) / 2 + <f64>p;
}

/**
 * The terrain of the encoded battle (its features at `offTerrain`, H.N_TERRAIN of them); loadBattle reads it,
 * and the kernel's set-up (setup.ts) again after it wrote a battle's own terrain into the input.
 */
export function loadTerrain(offTerrain: i32): void {
  nTerrain = inI(H.N_TERRAIN);
  unstableMask = 0;
  sightMask = 0;
  for (let i = 0; i < nTerrain; i++) {
    const q = offTerrain + i * TERRAIN;
    for (let k = 0; k < 3; k++) stF(TERRAIN_F, i * 4 + k, inF(q + k));
    // terrain.ts noStandRadius: the part more than 1" tall of an Unstable feature (CORE-UNSTABLE), else 0.
    const abilities = inI(q + 5);
    stF(TERRAIN_F, i * 4 + 3, (abilities & 2) != 0 && inF(q + 3) > 1 ? inF(q + 4) : 0);
    stI(TERRAIN_COVER, i, abilities & 1);
    if (terrainNoStand(i) > 0) unstableMask |= 1 << i;
    stF(TERRAIN_SIGHT, i, inF(q + 3) > 1 ? inF(q + 4) : 0);
    if (terrainSight(i) > 0) sightMask |= 1 << i;
  }
}

/** The next resetBattle builds the starting position from the input again (the set-up wrote a new one there). */
export function forgetStartingPosition(): void {
  geometrySaved = false;
}

/** The units that ignore the first damage point allocated to them each phase (encode.ts H.IGNORE_FIRST, bit = unit). */
export let ignoresFirstMask: u64 = 0;

/** Reads the static part (profiles, weapons, map) of the encoded battle at `ptr`; returns 0, or an error code. */
export function loadBattle(ptr: usize): i32 {
  input = ptr;
  geometrySaved = false;
  if (inI(H.MAGIC) != 0x7ac71ca) return 1;
  nUnits = inI(H.N_UNITS);
  nObjectives = inI(H.N_OBJECTIVES);
  nTerrain = inI(H.N_TERRAIN);
  const nWeapons = inI(H.N_WEAPONS);
  if (nUnits > MAX_UNITS || nObjectives > MAX_OBJECTIVES || nTerrain > MAX_TERRAIN || nWeapons > MAX_WEAPONS) return 2;
  offUnits = inI(H.OFF_UNITS);
  offObjectives = inI(H.OFF_OBJECTIVES);
  offHistory = inI(H.OFF_HISTORY);
  offPrior = inI(H.OFF_PRIOR);
  nHistory0 = inI(H.N_HISTORY);
  const offWeapons = inI(H.OFF_WEAPONS);
  const offTerrain = inI(H.OFF_TERRAIN);
  const offTerritory = inI(H.OFF_TERRITORY);

  ignoresFirstMask = inMask(H.IGNORE_FIRST, H.IGNORE_FIRST_HI); // actions.ts allocateDamage (ignore-first.ts)
  plan = inI(H.PLAN);
  scoringKind = inI(H.SCORING);
  planVictoryPoints = inI(H.VICTORY_POINTS) != 0;
  gloriousFrom = inI(H.GLORIOUS_FROM);
  raidsFrom = inI(H.RAIDS_FROM);
  destroyFrom = inI(H.DESTROY_FROM);
  planVantage = inI(H.VANTAGE) != 0;
  planPredators = inI(H.PREDATORS) != 0;
  planAlpha = inI(H.ALPHA) != 0;
  controlKind = inI(H.CONTROL_KIND);
  attacker = inI(H.ATTACKER);
  gs0 = inI(H.GS0);
  gs1 = inI(H.GS1);

  for (let w = 0; w < nWeapons; w++) {
    const q = offWeapons + w * WEAPON;
    const b = w * WI.COUNT;
    stI(WEAPON_I, b + WI.RANGED, inI(q + W.RANGED));
    stF(WEAPON_RANGE, w, inF(q + W.RANGE));
    stI(WEAPON_I, b + WI.AC, inI(q + W.ATTACKS_COUNT));
    stI(WEAPON_I, b + WI.AS, inI(q + W.ATTACKS_SIDES));
    stI(WEAPON_I, b + WI.AP, inI(q + W.ATTACKS_PLUS));
    stI(WEAPON_I, b + WI.HIT, inI(q + W.HIT));
    stI(WEAPON_I, b + WI.WOUND, inI(q + W.WOUND));
    stI(WEAPON_I, b + WI.REND, inI(q + W.REND));
    stI(WEAPON_I, b + WI.DC, inI(q + W.DAMAGE_COUNT));
    stI(WEAPON_I, b + WI.DS, inI(q + W.DAMAGE_SIDES));
    stI(WEAPON_I, b + WI.DP, inI(q + W.DAMAGE_PLUS));
    stI(WEAPON_I, b + WI.CRIT, inI(q + W.CRIT));
    stI(WEAPON_I, b + WI.COMPANION, inI(q + W.COMPANION));
    stI(WEAPON_I, b + WI.CHARGE_DAMAGE, inI(q + W.CHARGE_DAMAGE));
    stI(WEAPON_I, b + WI.CARRIERS, inI(q + W.CARRIERS));
    stI(WEAPON_I, b + WI.ANTI_CHARGE, inI(q + W.ANTI_CHARGE));
    stI(WEAPON_I, b + WI.ANTI_MONSTER, inI(q + W.ANTI_MONSTER));
    stI(WEAPON_I, b + WI.FLAGS, inI(q + W.FLAGS));
    const n = inI(q + W.ANTI_N);
    stI(WEAPON_I, b + WI.ANTI_N, n);
    for (let k = 0; k < n; k++) stI(WEAPON_I, b + WI.ANTI_K0 + k, inI(q + W.ANTI_K0 + k));
    stI(WEAPON_I, b + WI.DAMAGED, inI(q + W.DAMAGED));
    stI(WEAPON_I, b + WI.DAC, inI(q + W.DAMAGED_ATTACKS_COUNT));
    stI(WEAPON_I, b + WI.DAS, inI(q + W.DAMAGED_ATTACKS_SIDES));
    stI(WEAPON_I, b + WI.DAP, inI(q + W.DAMAGED_ATTACKS_PLUS));
    stI(WEAPON_I, b + WI.LIMIT_AT, 0); // set by its unit's U.LIMIT_* below
    stI(WEAPON_I, b + WI.LIMIT_A, 0);
  }

  for (let u = 0; u < nUnits; u++) {
    const o = offUnits + u * UNIT;
    setUi(u, UI.OWNER, inI(o + U.OWNER));
    setUi(u, UI.MOVE_DC, inI(o + U.MOVE_DICE_COUNT));
    setUi(u, UI.MOVE_DS, inI(o + U.MOVE_DICE_SIDES));
    setUi(u, UI.MOVE_DP, inI(o + U.MOVE_DICE_PLUS));
    setUi(u, UI.HEALTH, inI(o + U.HEALTH));
    setUi(u, UI.SAVE, inI(o + U.SAVE));
    setUi(u, UI.WARD, inI(o + U.WARD));
    setUi(u, UI.CONTROL, inI(o + U.CONTROL));
    setUi(u, UI.START_MODELS, inI(o + U.START_MODELS));
    setUi(u, UI.FLAGS, inI(o + U.FLAGS));
    setUi(u, UI.WIZARD, inI(o + U.WIZARD));
    setUi(u, UI.PRIEST, inI(o + U.PRIEST));
    setUi(u, UI.ANTI_MASK, inI(o + U.ANTI_MASK));
    setUi(u, UI.DAMAGED_AT, inI(o + U.DAMAGED_AT));
    setUi(u, UI.DAMAGED_CONTROL, inI(o + U.DAMAGED_CONTROL));
    setUi(u, UI.ISSUER, inI(o + U.ISSUER));
    setUi(u, UI.MOMENTUM_WEAPONS, inI(o + U.MOMENTUM_WEAPONS));
    setEfMask(u, UM.EF_SOURCE, inMask(o + U.EF_SOURCE, o + U.EF_SOURCE_HI));
    setUi(u, UI.DMG_EXTRA_LO, inI(o + U.DMG_EXTRA));
    setUi(u, UI.DMG_EXTRA_HI, inI(o + U.DMG_EXTRA_HI));
    setEfMask(u, UM.EF_WHOM, inMask(o + U.EF_WHOM, o + U.EF_WHOM_HI));
    setEfMask(u, UM.EF_NEAR, inMask(o + U.EF_NEAR, o + U.EF_NEAR_HI));
    setUi(u, UI.PASSIVE, inI(o + U.PASSIVE));
    setUi(u, UI.PASSIVE_HI, inI(o + U.PASSIVE_HI));
    const first = inI(o + U.FIRST_WEAPON);
    const nw = inI(o + U.WEAPONS);
    setUi(u, UI.FIRST_WEAPON, first);
    setUi(u, UI.WEAPONS, nw);
    // Necromantic Limits (encode.ts U.LIMIT_WEAPON, U.LIMIT_ATTACKS): the weapon's threshold and Attacks.
    const lw = inI(o + U.LIMIT_WEAPON);
    if (lw >= 0) {
      const la = inI(o + U.LIMIT_ATTACKS);
      stI(WEAPON_I, (first + lw) * WI.COUNT + WI.LIMIT_AT, la / 100);
      stI(WEAPON_I, (first + lw) * WI.COUNT + WI.LIMIT_A, la % 100);
    }
    setUd(u, UD.MOVE, inF(o + U.MOVE));
    setUd(u, UD.BASE_RADIUS, inF(o + U.BASE_RADIUS));
    // Policy constants (src/aos/battle/policy.ts moveEstimate, attackWeight, maxRange).
    const dc = ui(u, UI.MOVE_DC);
    setUd(u, UD.MOVE_ESTIMATE, dc > 0 ? ud(u, UD.MOVE) + meanDice(dc, ui(u, UI.MOVE_DS), ui(u, UI.MOVE_DP)) : ud(u, UD.MOVE));
    let melee: f64 = 0;
    let ranged: f64 = 0;
    let range: f64 = 0;
    let sicRange: f64 = 0;
    for (let w = first; w < first + nw; w++) {
      const weight = <f64>wi(w, WI.CARRIERS) * meanDice(wi(w, WI.AC), wi(w, WI.AS), wi(w, WI.AP));
      if (wi(w, WI.RANGED) != 0) {
        ranged += weight;
        if (wRange(w) > range) range = wRange(w);
        if ((wi(w, WI.FLAGS) & WF.SHOOT_IN_COMBAT) != 0 && wRange(w) > sicRange) sicRange = wRange(w);
      } else melee += weight;
    }
    setUd(u, UD.MELEE_WEIGHT, melee);
    setUd(u, UD.RANGED_WEIGHT, ranged);
    setUd(u, UD.MAX_RANGE, range);
    setUd(u, UD.SIC_RANGE, sicRange);
  }

  for (let i = 0; i < nObjectives; i++) {
    const b = offObjectives + i * OBJECTIVE;
    setOi(i, OI.PRIME, inI(b + O.PRIME));
    setOi(i, OI.NUMBER, inI(b + O.NUMBER));
    setOi(i, OI.SET_UP, inI(b + O.SET_UP_ROUND));
    setOi(i, OI.REMOVED_ROUND, inI(b + O.REMOVED_ROUND));
    setOi(i, OI.VEINS, inI(b + O.VEINS));
    for (let r = 0; r < 5; r++) {
      setOi(i, OI.IN_MAP + r, inI(b + O.MAP + 3 * r));
      setOd(i, OD.MAP_X + 2 * r, inF(b + O.MAP + 3 * r + 1));
      setOd(i, OD.MAP_X + 2 * r + 1, inF(b + O.MAP + 3 * r + 2));
      setOi(i, OI.BORDERS + r, inI(b + O.BORDERS + r));
    }
    for (let k = 0; k < 22; k++) setOd(i, OD.VEINS_AT + k, inF(b + O.VEINS_AT + k));
  }
  loadTerrain(offTerrain);
  polyN0 = inI(H.TERRITORY_N0);
  polyN1 = inI(H.TERRITORY_N1);
  for (let p = 0; p < 2; p++) {
    const n = polyN(p);
    let sx: f64 = 0;
    let sy: f64 = 0;
    for (let i = 0; i < n; i++) {
      const x = inF(offTerritory + p * TERRITORY + 2 * i);
      const y = inF(offTerritory + p * TERRITORY + 2 * i + 1);
      stF(POLY, (p * 8 + i) * 2, x);
      stF(POLY, (p * 8 + i) * 2 + 1, y);
      sx += x;
      sy += y;
    }
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      const j = i + 1 == n ? 0 : i + 1;
      stF(POLY_EDGE, p * 8 + i, hypot(polyX(p, i) - polyX(p, j), polyY(p, i) - polyY(p, j)));
      minX = Math.min(minX, polyX(p, i));
      maxX = Math.max(maxX, polyX(p, i));
      minY = Math.min(minY, polyY(p, i));
      maxY = Math.max(maxY, polyY(p, i));
    }
    stF(POLY_BOX, p * 4, minX);
    stF(POLY_BOX, p * 4 + 1, maxX);
    stF(POLY_BOX, p * 4 + 2, minY);
    stF(POLY_BOX, p * 4 + 3, maxY);
    if (p == 0) {
      homeX0 = sx / <f64>n;
      homeY0 = sy / <f64>n;
    } else {
      homeX1 = sx / <f64>n;
      homeY1 = sy / <f64>n;
    }
  }
  return 0;
}

/** Puts back the loaded battle's starting position (the dynamic part of the input). */
export function resetBattle(): void {
  // CORE-REPLACEMENT: replacement units of the last rollout took slots after the encoded ones.
  nUnits = inI(H.N_UNITS);
  round = inI(H.ROUND);
  turn = inI(H.TURN);
  active = inI(H.ACTIVE);
  step = inI(H.STEP);
  stepPlayer = inI(H.STEP_PLAYER);
  fightPicker = inI(H.FIGHT_PICKER);
  fightNext = inI(H.FIGHT_NEXT);
  fightNextRecord = inI(H.FIGHT_NEXT_RECORD);
  deployedFirst = inI(H.DEPLOYED_FIRST);
  vp0 = inI(H.VP0);
  vp1 = inI(H.VP1);
  pendingAlpha = inI(H.PENDING_ALPHA);
  pendingSeismic = inI(H.PENDING_SEISMIC);
  pendingRaid = inI(H.PENDING_RAID);
  pendingDestroyed = inI(H.PENDING_DESTROYED);
  spellMetamorphosis = inI(H.SPELL_METAMORPHOSIS) != 0;
  preySlain = inI(H.PREY_SLAIN);
  cp0 = inI(H.CP0);
  cp1 = inI(H.CP1);
  feralRoarUsed0 = (inI(H.COMMANDS_USED0) & 1) != 0;
  feralRoarUsed1 = (inI(H.COMMANDS_USED1) & 1) != 0;
  pendingVantage = inI(H.PENDING_VANTAGE);
  sVantage = inI(H.S_VANTAGE);
  tactic = inI(H.TACTIC);
  tacticUnit0 = inI(H.TACTIC_UNIT0);
  tacticUnit1 = inI(H.TACTIC_UNIT1);
  tacticUnit2 = inI(H.TACTIC_UNIT2);
  tacticObj0 = inI(H.TACTIC_OBJ0);
  tacticObj1 = inI(H.TACTIC_OBJ1);
  tacticOppControlled = inI(H.TACTIC_OPP_CONTROLLED) != 0;
  sRound = inI(H.S_ROUND);
  sFirst = inI(H.S_FIRST);
  sTurns = inI(H.S_TURNS);
  sAlpha = inI(H.S_ALPHA);
  sRemoved = inI(H.S_REMOVED);
  sGloriousWinner = inI(H.S_GLORIOUS_WINNER);
  sGloriousRound = inI(H.S_GLORIOUS_ROUND);
  sTacticsAtt = inI(H.S_TACTICS_ATT);
  sTacticsDef = inI(H.S_TACTICS_DEF);
  sPreyAtt = inI(H.S_PREY_ATT);
  sPreyDef = inI(H.S_PREY_DEF);
  sPickedAtt = inI(H.S_PICKED_ATT);
  sPickedDef = inI(H.S_PICKED_DEF);

  if (geometrySaved) {
    // Every later rollout of the same load: copy the starting position back.
    memory.copy(UNIT_I, SAVED_UNIT_I, <usize>(nUnits * UI.COUNT * 4));
    memory.copy(UNIT_M, SAVED_UNIT_M, <usize>(nUnits * UM.COUNT * 8));
    memory.copy(UNIT_F, SAVED_UNIT_F, <usize>(nUnits * UD.COUNT * 8));
    memory.copy(OBJ_I, SAVED_OBJ_I, <usize>(nObjectives * OI.COUNT * 4));
    memory.copy(OBJ_F, SAVED_OBJ_F, <usize>(nObjectives * OD.COUNT * 8));
    memory.copy(HISTORY, SAVED_HISTORY, <usize>(MAX_HISTORY * SNAPSHOT * 4));
    memory.copy(RECORD, SAVED_RECORD, <usize>(PRIOR * 8));
    nHistory = nHistory0;
    restoreGeometry();
    refreshMasks();
    refreshEngaged();
    return;
  }
  for (let u = 0; u < nUnits; u++) {
    const o = offUnits + u * UNIT;
    setUi(u, UI.MODELS, inI(o + U.MODELS));
    setUi(u, UI.DAMAGE, inI(o + U.DAMAGE));
    setUi(u, UI.STATUS, inI(o + U.STATUS));
    setUi(u, UI.STATE, inI(o + U.STATE));
    setUi(u, UI.KILLED, inI(o + U.KILLED));
    setUi(u, UI.KILLED_BY_MONSTER, inI(o + U.KILLED_BY_MONSTER));
    setUi(u, UI.KILLED_BY_PREDATOR, inI(o + U.KILLED_BY_PREDATOR));
    setUi(u, UI.KILLED_ROUND, inI(o + U.KILLED_ROUND));
    setUi(u, UI.KILLED_TURN, inI(o + U.KILLED_TURN));
    setUi(u, UI.CASTS, inI(o + U.CASTS));
    setUi(u, UI.BLOCKED, inI(o + U.BLOCKED));
    setUi(u, UI.STATE2, inI(o + U.STATE2));
    setUi(u, UI.SHOT_TARGET, inI(o + U.SHOT_TARGET)); // traits.ts (Deathly Barrage)
    setUi(u, UI.DMG_BATTLE_LO, inI(o + U.DMG_BATTLE));
    setUi(u, UI.DMG_BATTLE_HI, inI(o + U.DMG_BATTLE_HI));
    setUi(u, UI.MOMENTUM, inI(o + U.MOMENTUM));
    setUi(u, UI.HEAT, inI(o + U.HEAT));
    setUi(u, UI.RITUAL, inI(o + U.RITUAL)); // CORE-PRAYERS (warscroll-spells.ts)
    setUi(u, UI.FIGHT_TWICE, inI(o + U.FIGHT_TWICE)); // timing2.ts
    setUi(u, UI.KILLS5, inI(o + U.KILLS5)); // kills5.ts
    setUi(u, UI.HASHUT, inI(o + U.HASHUT)); // hashut6.ts
    setUi(u, UI.C6_UNIT, inI(o + U.C6_UNIT)); // cities6.ts
    setEfMask(u, UM.EF_TURN, inMask(o + U.EF_TURN, o + U.EF_TURN_HI));
    setEfMask(u, UM.SPELL_UNTIL0, inMask(o + U.SPELL_UNTIL0, o + U.SPELL_UNTIL0_HI));
    setEfMask(u, UM.SPELL_UNTIL1, inMask(o + U.SPELL_UNTIL1, o + U.SPELL_UNTIL1_HI));
    setUd(u, UD.X, inF(o + U.X));
    setUd(u, UD.Y, inF(o + U.Y));
    const m3 = inF(o + U.M3); // move3.ts: the charge roll + 32 x the passed-across mask
    setUi(u, UI.CHARGE_ROLL, <i32>(m3 % 32));
    setUd(u, UD.PASSED, Math.floor(m3 / 32));
    setUd(u, UD.RADIUS, footprintRadius(ui(u, UI.MODELS), ud(u, UD.BASE_RADIUS)));
    setUi(u, UI.RADIUS_MODELS, ui(u, UI.MODELS));
  }
  for (let i = 0; i < nObjectives; i++) {
    const b = offObjectives + i * OBJECTIVE;
    setOi(i, OI.CONTROL, inI(b + O.CONTROL));
    setOi(i, OI.PLACED, inI(b + O.PLACED));
    setOd(i, OD.PLACED_X, inF(b + O.PLACED_X));
    setOd(i, OD.PLACED_Y, inF(b + O.PLACED_Y));
    setOi(i, OI.PENDING_VEINS, inI(b + O.PENDING_VEINS));
  }
  refreshInPlay();
  refreshMasks();
  for (let u = 0; u < nUnits; u++) setUd(u, UD.RADIUS, footprintRadius(ui(u, UI.MODELS), ud(u, UD.BASE_RADIUS)));
  measureAll();
  countEngaged();
  refreshEngaged();
  nHistory = 0;
  for (let i = 0; i < nHistory0; i++) {
    const b = offHistory + i * SNAPSHOT;
    pushHistory(inI(b), inI(b + 1), inI(b + 2), inI(b + 3));
  }
  for (let i = 0; i < PRIOR; i++) setRecord(i, inF(offPrior + i));
  memory.copy(SAVED_UNIT_I, UNIT_I, <usize>(nUnits * UI.COUNT * 4));
  memory.copy(SAVED_UNIT_M, UNIT_M, <usize>(nUnits * UM.COUNT * 8));
  memory.copy(SAVED_UNIT_F, UNIT_F, <usize>(nUnits * UD.COUNT * 8));
  memory.copy(SAVED_OBJ_I, OBJ_I, <usize>(nObjectives * OI.COUNT * 4));
  memory.copy(SAVED_OBJ_F, OBJ_F, <usize>(nObjectives * OD.COUNT * 8));
  memory.copy(SAVED_HISTORY, HISTORY, <usize>(MAX_HISTORY * SNAPSHOT * 4));
  memory.copy(SAVED_RECORD, RECORD, <usize>(PRIOR * 8));
  saveGeometry();
}
