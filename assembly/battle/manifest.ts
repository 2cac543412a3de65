// Manifestations (CORE-BANISH, CORE-SPELLS, CORE-UNBIND): src/aos/battle/manifestations.ts and the scripted
// policy's hero-phase picks (src/aos/battle/policy.ts banishPick, summonPick), decision for decision.
// Manifestation units are in the encoding from the start (off the battlefield until summoned: STATUS 2, no
// models); their summon spells and banishment values come from U.BANISHMENT and U.SUMMON, the per-phase
// bookkeeping from H.SUMMONED, U.MANIFEST_STATE and US.BANISHED (src/aos/rollout/encode.ts documents them).
import { afterCast, powerLevel } from "./passive2";
import { roll } from "../rng";
import { castingRoll } from "./actions";
import { loreseekersBonus } from "./traits";
import { banishBonus } from "./magic6";
import { summonCastingBonus } from "./casting";
import { inPlay, objX, objY, unitToObjective } from "./board";
import { clampTo, hypot, outX, outY } from "./math";
import { markAdded } from "./reserves";
import { canStand } from "./terrain";
import { H, MAX_UNITS, U, UF, UNIT, US } from "./layout";
import {
  deployed, dist, flag, homeX0, homeX1, homeY0, homeY1, inF, inI, nObjectives, nUnits, owner, removeFromBattlefield, round, setPosition, setSt, setUi,
  st, touch, turn, ud, UD, ui, UI, ur, ux, uy, within, setStatus, deployedMask, deployedOf, unitsOf, bitOf, markSpells,
} from "./state";

const BANISH_RANGE: f64 = 30;
const FRIEND_GAP: f64 = 0.5;
const SPOT_STEPS: i32 = 32;
/** policy.ts BANISH_NEED */
const BANISH_NEED: i32 = 8;

// Per unit: static (banishment, casting value, range, enemy gap, spell index; -1 where none) and dynamic
// (the stamp round * 2 + turn + 1 of its last summoning; a PRIEST's prayers used this phase).
namespace MF {
  export const BANISHMENT: i32 = 0;
  export const CASTING: i32 = 1;
  export const RANGE: i32 = 2;
  export const GAP: i32 = 3;
  export const SPELL: i32 = 4;
  export const SUMMONED: i32 = 5;
  export const PRAYERS: i32 = 6;
  export const COUNT: i32 = 8;
}
const MF_I = memory.data(MAX_UNITS * MF.COUNT * 4, 16);
// @ts-ignore: decorator
@inline function mf(u: i32, f: i32): i32 { return load<i32>(MF_I + (<usize>(u * MF.COUNT + f) << 2)); }
// @ts-ignore: decorator
@inline function setMf(u: i32, f: i32, v: i32): void { store<i32>(MF_I + (<usize>(u * MF.COUNT + f) << 2), v); }

/** Summon spells attempted this phase (bit = spell index): the same spell once per phase per army. */
let summonedMask: i32 = 0;
/** The manifestation units (bit = id): encoded from the start, never replaced, so fixed for a load. */
let manifestMask: u64 = 0;

/** Reads the manifestations' static numbers of the loaded battle (after loadBattle). */
export function loadManifestations(): void {
  const off = inI(H.OFF_UNITS);
  manifestMask = 0;
  for (let u = 0; u < nUnits; u++) {
    if (flag(u, UF.MANIFESTATION)) manifestMask |= bitOf(u);
    const o = off + u * UNIT;
    setMf(u, MF.BANISHMENT, inI(o + U.BANISHMENT));
    const s = inF(o + U.SUMMON);
    if (!flag(u, UF.MANIFESTATION) || s < 0) {
      setMf(u, MF.SPELL, -1);
      continue;
    }
    // U.SUMMON = spell * 1e6 + casting value * 1e4 + range * 100 + enemy gap
    const v = <i32>s;
    setMf(u, MF.SPELL, v / 1000000);
    setMf(u, MF.CASTING, (v / 10000) % 100);
    setMf(u, MF.RANGE, (v / 100) % 100);
    setMf(u, MF.GAP, v % 100);
  }
}

/** The starting position's bookkeeping (each rollout). */
export function resetManifestations(): void {
  const off = inI(H.OFF_UNITS);
  summonedMask = inI(H.SUMMONED);
  for (let u = 0; u < nUnits; u++) {
    const v = inI(off + u * UNIT + U.MANIFEST_STATE);
    const m = flag(u, UF.MANIFESTATION);
    setMf(u, MF.SUMMONED, m ? v : 0);
    setMf(u, MF.PRAYERS, m ? 0 : v);
  }
}

/** A new phase (turn.ts resets BattleData.spells): no summons, prayers or banishment picks yet. */
export function resetManifestPhase(units: u64): void {
  summonedMask = 0;
  for (let m = units; m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    setMf(u, MF.PRAYERS, 0);
    setSt(u, US.BANISHED, false);
  }
}

// @ts-ignore: decorator
@inline function stampNow(): i32 {
  return round * 2 + turn + 1;
}

function spellsLeft(u: i32): bool {
  return ui(u, UI.WIZARD) > 0 && ui(u, UI.BLOCKED) != 1 && ui(u, UI.CASTS) < powerLevel(u, false); // 2: miscast, goes on (casting.ts)
}

export function prayersLeft(u: i32): bool {
  return mf(u, MF.PRAYERS) < powerLevel(u, true);
}

/** A prayer used this phase (warscroll-spells.ts: manifestations.ts's BattleData.spells.prayed). */
export function usePrayer(u: i32): void {
  markSpells(u);
  setMf(u, MF.PRAYERS, mf(u, MF.PRAYERS) + 1);
}

/** manifestations.ts banishmentBonus: enemy manifestations on the battlefield after the first. */
function banishmentBonus(player: i32): i32 {
  const n = <i32>popcnt<u64>(deployedOf(1 - player) & manifestMask);
  return max<i32>(0, n - 1);
}

// ---- summon spots (manifestations.ts summonSpots) ---------------------------------------------------------

let spotX: f64 = 0;
let spotY: f64 = 0;

/**
 * The footprints on the battlefield for one manifestation's spots (firstSpot): centre, radius, whether an
 * enemy, and the squared centre distances between which spotOk must measure exactly (nearer: blocked for
 * sure; further: clear for sure, both with 1e-7 to spare, far beyond any rounding of these numbers).
 */
const AROUND = memory.data(MAX_UNITS * 5 * 8, 16);
const AROUND_ENEMY = memory.data(MAX_UNITS * 4, 16);
let nAround: i32 = 0;
/** The footprint that blocked the last spot tried: tried first at the next (the answer is the same whatever the order). */
let lastBlock: i32 = 0;
/** The squared distance from the caster's centre below which a spot is surely within range (0: measure). */
let rangeSure2: f64 = 0;

function prepareAround(radius: f64, gap: f64, enemy: i32): void {
  nAround = 0;
  lastBlock = 0;
  for (let m = deployedMask; m != 0; m &= m - 1) {
    const v = <i32>ctz<u64>(m);
    const isEnemy = owner(v) == enemy;
    const t = (isEnemy ? gap : FRIEND_GAP) + ur(v) + radius;
    const at = AROUND + (<usize>(nAround * 5) << 3);
    store<f64>(at, ux(v));
    store<f64>(at + 8, uy(v));
    store<f64>(at + 16, ur(v));
    const lo = t - 1e-7;
    store<f64>(at + 24, lo > 0 ? lo * lo : -1);
    const hi = t + 1e-7;
    store<f64>(at + 32, hi * hi);
    store<i32>(AROUND_ENEMY + (<usize>nAround << 2), isEnemy ? 1 : 0);
    nAround++;
  }
}

/** Whether footprint i of prepareAround rules out the spot (manifestations.ts summonSpots' gaps). */
// @ts-ignore: decorator
@inline function aroundBlocks(i: i32, px: f64, py: f64, radius: f64, gap: f64): bool {
  const at = AROUND + (<usize>(i * 5) << 3);
  const vx = load<f64>(at);
  const vy = load<f64>(at + 8);
  const dx = vx - px;
  const dy = vy - py;
  const d2 = dx * dx + dy * dy;
  if (d2 < load<f64>(at + 24)) return true;
  if (d2 > load<f64>(at + 32)) return false;
  const g = hypot(vx - px, vy - py) - load<f64>(at + 16) - radius;
  return load<i32>(AROUND_ENEMY + (<usize>i << 2)) != 0 ? !(g > gap) : g < FRIEND_GAP;
}

function spotOk(px: f64, py: f64, cx: f64, cy: f64, cr: f64, radius: f64, range: f64, wholly: bool, gap: f64): bool {
  const ex = px - cx;
  const ey = py - cy;
  if (!(ex * ex + ey * ey < rangeSure2)) {
    const dc = hypot(px - cx, py - cy);
    if (wholly ? dc + radius > cr + range + 1e-9 : dc - radius > cr + range + 1e-9) return false;
  }
  // Every footprint must be clear (a conjunction without side effects): the last blocker is the likeliest.
  if (lastBlock < nAround && aroundBlocks(lastBlock, px, py, radius, gap)) return false;
  for (let i = 0; i < nAround; i++) {
    if (aroundBlocks(i, px, py, radius, gap)) {
      lastBlock = i;
      return false;
    }
  }
  // CORE-UNSTABLE: not on the tall part of unstable terrain (manifestations.ts summonSpots, terrain.ts canEndOn).
  return canStand(px, py, radius);
}

function along(tx: f64, ty: f64, cx: f64, cy: f64, cr: f64, radius: f64, reach: f64, range: f64, wholly: bool, gap: f64): bool {
  const dx = tx - cx;
  const dy = ty - cy;
  const len = hypot(dx, dy);
  if (len < 1e-9) return false;
  for (let i = SPOT_STEPS; i >= 1; i--) {
    const s = (reach * <f64>i) / <f64>SPOT_STEPS;
    clampTo(cx + (dx / len) * s, cy + (dy / len) * s, radius);
    const px = outX;
    const py = outY;
    if (spotOk(px, py, cx, cy, cr, radius, range, wholly, gap)) {
      spotX = px;
      spotY = py;
      return true;
    }
  }
  return false;
}

/** The first of `w`'s spots for manifestation `m` (toward the nearest enemy, objective, enemy territory); false if none. */
function firstSpot(w: i32, m: i32): bool {
  const cx = ux(w);
  const cy = uy(w);
  const cr = ur(w);
  const radius = ud(m, UD.BASE_RADIUS);
  const range = <f64>mf(m, MF.RANGE);
  const gap = <f64>mf(m, MF.GAP);
  const wholly = flag(m, UF.SUMMON_WHOLLY);
  const reach = wholly ? cr + range - radius : cr + range + radius;
  if (reach <= 0) return false;
  const enemy = 1 - owner(m);
  prepareAround(radius, gap, enemy);
  // Within range for sure (the exact test has 1e-9 to spare, this 1e-7 more): dc + radius (wholly) or
  // dc - radius at most cr + range.
  const sure = (wholly ? cr + range - radius : cr + range + radius) - 1e-7;
  rangeSure2 = sure > 0 ? sure * sure : 0;
  let nearest = -1;
  let nearestD = Infinity;
  for (let m = deployedOf(enemy); m != 0; m &= m - 1) {
    const e = <i32>ctz<u64>(m);
    const d = dist(w, e);
    if (d < nearestD) {
      nearestD = d;
      nearest = e;
    }
  }
  if (nearest >= 0 && along(ux(nearest), uy(nearest), cx, cy, cr, radius, reach, range, wholly, gap)) return true;
  let best = -1;
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o)) continue;
    if (best < 0 || unitToObjective(w, o) < unitToObjective(w, best)) best = o;
  }
  if (best >= 0 && along(objX(best), objY(best), cx, cy, cr, radius, reach, range, wholly, gap)) return true;
  return along(enemy == 0 ? homeX0 : homeX1, enemy == 0 ? homeY0 : homeY1, cx, cy, cr, radius, reach, range, wholly, gap);
}

// ---- the policy's hero-phase pick -------------------------------------------------------------------------

export const M_NONE: i32 = 0;
export const M_BANISH: i32 = 1;
export const M_SUMMON: i32 = 2;
export let mCaster: i32 = -1;
export let mTarget: i32 = -1;

/** policy.ts banishPick then summonPick; leaves the decision in mCaster, mTarget (and the spot); M_NONE if neither. */
export function manifestOrder(me: i32): i32 {
  // Banish Manifestation: the first caster and enemy target that needs 8 or less. The targets do not depend
  // on the caster: found first (ascending ids, as the caster's loop would try them), then the casters.
  const enemyManifestations = deployedOf(1 - me) & manifestMask;
  let targets: u64 = 0;
  const bonus = max<i32>(0, <i32>popcnt<u64>(enemyManifestations) - 1); // banishmentBonus(me)
  if (enemyManifestations != 0) {
    const now = stampNow();
    for (let m = enemyManifestations; m != 0; m &= m - 1) {
      const t = <i32>ctz<u64>(m);
      // Indomitable Loreseekers' +1 is the caster's: the targets a +1 caster could pick, each checked below.
      if (mf(t, MF.SUMMONED) == now || st(t, US.BANISHED) || mf(t, MF.BANISHMENT) - bonus - 1 > BANISH_NEED) continue;
      targets |= bitOf(t);
    }
  }
  if (targets != 0) {
    for (let mc = deployedOf(me); mc != 0; mc &= mc - 1) {
      const c = <i32>ctz<u64>(mc);
      if (!(prayersLeft(c) || spellsLeft(c))) continue;
      for (let m = targets; m != 0; m &= m - 1) {
        const t = <i32>ctz<u64>(m);
        if (mf(t, MF.BANISHMENT) - bonus - loreseekersBonus(c) - banishBonus(c) > BANISH_NEED || !within(c, t, BANISH_RANGE)) continue;
        mCaster = c;
        mTarget = t;
        return M_BANISH;
      }
    }
  }
  // Summon: the manifestation with the most attacks (the first wizard that can), at its first spot. The
  // manifestations that can be summoned do not depend on the wizard: found first.
  let summonable: u64 = 0;
  for (let q = unitsOf(me) & manifestMask & ~deployedMask; q != 0; q &= q - 1) {
    const m = <i32>ctz<u64>(q);
    if (mf(m, MF.SPELL) < 0 || (summonedMask & (1 << mf(m, MF.SPELL))) != 0) continue;
    summonable |= bitOf(m);
  }
  if (summonable == 0) return M_NONE;
  let bestW = -1;
  let bestM = -1;
  let bestWeight = -Infinity;
  for (let mw = deployedOf(me); mw != 0; mw &= mw - 1) {
    const w = <i32>ctz<u64>(mw);
    if (!spellsLeft(w)) continue;
    for (let q = summonable; q != 0; q &= q - 1) {
      const m = <i32>ctz<u64>(q);
      const weight = ud(m, UD.MELEE_WEIGHT) + ud(m, UD.RANGED_WEIGHT);
      if (!(weight > bestWeight) || !firstSpot(w, m)) continue;
      bestWeight = weight;
      bestW = w;
      bestM = m;
    }
  }
  if (bestW < 0) return M_NONE;
  // spotX, spotY: the best's spot (only a successful firstSpot writes them, and each later success was a new best).
  mCaster = bestW;
  mTarget = bestM;
  return M_SUMMON;
}

// ---- the actions ------------------------------------------------------------------------------------------

/** manifestations.ts castSummon: CORE-SPELLS (miscast, casting value), CORE-UNBIND, then the set-up at the spot. */
export function castSummon(w: i32, m: i32): void {
  const x = spotX;
  const y = spotY;
  summonedMask |= 1 << mf(m, MF.SPELL);
  markSpells(w);
  setUi(w, UI.CASTS, ui(w, UI.CASTS) + 1);
  if (!castingRoll(w, mf(m, MF.CASTING), loreseekersBonus(w) + summonCastingBonus(w))) return; // Indomitable Loreseekers (traits.ts), a SUMMON's casting modifier (casting.ts)
  // manifestations.ts setUpManifestation
  setStatus(m, 1);
  setUi(m, UI.MODELS, ui(m, UI.START_MODELS));
  setUi(m, UI.DAMAGE, 0);
  setSt(m, US.MOVED | US.RAN | US.RETREATED | US.CHARGED | US.CHARGE_TRIED | US.SHOT | US.FOUGHT | US.IN_COMBAT_AT_START, false);
  setUi(m, UI.KILLED, 0);
  setUi(m, UI.KILLED_BY_MONSTER, 0);
  setUi(m, UI.KILLED_BY_PREDATOR, 0);
  setUi(m, UI.KILLED_ROUND, 0);
  setUi(m, UI.KILLED_TURN, 0);
  setMf(m, MF.SUMMONED, stampNow());
  markAdded(m); // a summoned unit: PB-BP-09 Fatigued Warriors
  setPosition(m, x, y);
  afterCast(w); // passive2.ts: a heal after a spell
}

/** manifestations.ts banish: a prayer (else a spell) of the caster; 2D6 + the bonus reaching the value removes it. */
export function banish(c: i32, t: i32): void {
  markSpells(c);
  markSpells(t);
  if (prayersLeft(c)) setMf(c, MF.PRAYERS, mf(c, MF.PRAYERS) + 1);
  else setUi(c, UI.CASTS, ui(c, UI.CASTS) + 1);
  setSt(t, US.BANISHED, true);
  const bonus = banishmentBonus(owner(c)) + loreseekersBonus(c) + banishBonus(c); // Indomitable Loreseekers (traits.ts); magic6.ts
  const r = roll(6) + roll(6) + bonus;
  if (r < mf(t, MF.BANISHMENT)) return;
  removeFromBattlefield(t);
  setUi(t, UI.MODELS, 0);
  setUi(t, UI.DAMAGE, 0);
  touch(t);
}
