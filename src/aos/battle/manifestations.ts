/**
 * Manifestations in a Pitched Battle: summoning them with their lore's spells and banishing them
 * (4th edition 7.0-7.2; CORE-SPELLS, CORE-UNBIND, CORE-BANISH).
 *
 * - An army's manifestation lore (roster `manifestationLore`) gives each of its manifestations a unit of the
 *   battle, created with the armies (after the rosters' units, so their ids do not move) and kept off the
 *   battlefield (status "destroyed", no models) until summoned. A manifestation is a unit of its summoner's
 *   army but never of the starting army (PB-START-ARMY: it was not set up before the first battle round).
 * - Summoning is a SPELL in its army's hero phase through the CORE-SPELLS machinery: a WIZARD with a spell left
 *   this phase (power level, 1.1) casts "Summon X" (casting roll 2D6 against the casting value; a double 1
 *   miscasts: D3 mortal damage to the wizard and no more spells for it this phase); an enemy WIZARD within 30"
 *   tries to unbind (CORE-UNBIND, as for Metamorphosis); each summon spell once per phase per army; only while
 *   that manifestation is not on the battlefield ("If there is not a friendly X on the battlefield"). The spot
 *   is picked with the spell among a few candidates: the furthest point toward the nearest enemy unit, toward
 *   the nearest objective and toward the enemy territory that obeys the lore's rule (wholly within N" of the
 *   caster, more than M" from all enemy units), stays on the battlefield and 1/2" from friendly units.
 * - Banish Manifestation (7.2): in its hero phase, instead of a spell (or a prayer), each WIZARD and PRIEST can
 *   pick a MANIFESTATION within 30" that was not summoned this turn and was not picked to be banished this
 *   turn, and roll 2D6 + 1 per enemy manifestation on the battlefield after the first: equal to or more than
 *   the banishment value, it is removed from play. It can be summoned again later.
 *
 * Decisions where the seeds are silent (README):
 * - A manifestation is a unit like any other once summoned: it moves, runs, shoots, charges and fights with its
 *   warscroll's weapons and can be attacked; slain, it leaves the battlefield and can be summoned again. Its
 *   warscroll abilities are not played (no warscroll ability is).
 * - It does not contest objectives (its warscroll has no Control characteristic) and does not count for
 *   terrain control (PB-GS-08).
 * - Any manifestation can be picked to be banished, friendly or enemy (7.2 says "a MANIFESTATION").
 * - Banishing uses one of the unit's uses this phase: a PRIEST's prayer first (when it has one left), else a
 *   WIZARD's spell; a WIZARD that miscast this phase has no spell left to use.
 * - Summon prayers (invocation lores) are read from the data but not played: the engine has no prayers.
 */
import { afterCast, powerLevel } from "./passive2.js";
import { InputError } from "../../core/errors.js";
import type { Point } from "../battleplans/index.js";
import { findLore, type ManifestationLore, manifestationWarscroll, rosterUnitSchema, type Roster, type WarscrollLibrary } from "../armies/index.js";
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { clampToBattlefield, pointDistance } from "./geometry.js";
import { castingRoll } from "./spells.js";
import type { Player } from "./state.js";
import { canEndOn } from "./terrain.js";
import { unitProfile, type UnitProfile, type UnitState } from "./units.js";
import { loreseekersBonus } from "./traits.js";
import { banishBonus } from "./magic6.js";
import { castingBonus } from "./casting.js";

/** Banish Manifestation's range (7.2) and the unbinding range (CORE-UNBIND). */
export const BANISH_RANGE = 30;
/** A summoned manifestation keeps this far from friendly units (as deployment does). */
export const SUMMON_FRIEND_GAP = 0.5;
/** Candidate spots are searched along each direction in this many steps, from the furthest in. */
const SPOT_STEPS = 32;

export type SummonToward = "enemy" | "objective" | "territory";

export interface ManifestationEvent {
  event: "summoned" | "banished";
  round: number;
  turn: number;
  /** The unit that summoned or banished it. */
  by: number;
}

/** One manifestation an army can summon: its unit, the spell that sets it up and its banishment value. */
export interface ManifestationRecord {
  unit: number;
  owner: Player;
  lore: string;
  spell: string;
  kind: "spell" | "prayer";
  castingValue: number;
  /** The set-up rule: (wholly) within `range`" of the caster, more than `enemyGap`" from all enemy units. */
  range: number;
  wholly: boolean;
  enemyGap: number;
  banishment: number;
  /** Each summoning and banishment, in order. */
  history: ManifestationEvent[];
}

export interface ManifestationsData {
  /** Each army's manifestation lore (null: none). */
  lores: [string | null, string | null];
  units: ManifestationRecord[];
}

// ---- set-up ----------------------------------------------------------------------------------------------

/**
 * Appends each army's manifestations to `profiles` (their units follow the rosters' units) and returns the
 * records, or undefined if neither roster picked a lore. An unknown lore is an InputError naming the field.
 */
export function manifestationProfiles(rosters: [Roster, Roster], profiles: UnitProfile[], library: WarscrollLibrary): ManifestationsData | undefined {
  if (rosters.every((r) => r.manifestationLore === undefined)) return undefined;
  const data: ManifestationsData = { lores: [null, null], units: [] };
  rosters.forEach((roster, owner) => {
    if (roster.manifestationLore === undefined) return;
    const lore = findLore(library.lores ?? [], roster.manifestationLore);
    if (!lore)
      throw new InputError(`${owner === 0 ? "a" : "b"}.manifestationLore: no manifestation lore "${roster.manifestationLore.slice(0, 80)}" in ${library.source}`);
    data.lores[owner] = lore.name;
    for (const { spell, manifestation } of loreManifestations(lore)) {
      const entry = rosterUnitSchema.parse({ id: manifestation.name, warscroll: manifestation.name });
      const p = unitProfile(manifestationWarscroll(manifestation, roster.faction), entry, owner, roster);
      p.isGeneral = false;
      p.startingArmy = false;
      data.units.push({
        unit: profiles.length,
        owner: owner as Player,
        lore: lore.name,
        spell: spell.name,
        kind: spell.kind,
        castingValue: spell.castingValue,
        range: spell.setUp.range,
        wholly: spell.setUp.wholly,
        enemyGap: spell.setUp.enemyGap,
        banishment: manifestation.banishment,
        history: [],
      });
      profiles.push(p);
    }
  });
  return data;
}

/** The lore's manifestations in spell order, each with the first spell that summons it. */
function loreManifestations(lore: ManifestationLore) {
  const out: { spell: ManifestationLore["spells"][number]; manifestation: ManifestationLore["manifestations"][number] }[] = [];
  for (const spell of lore.spells)
    for (const name of spell.manifestations) {
      const manifestation = lore.manifestations.find((m) => m.name === name)!;
      if (!out.some((x) => x.manifestation === manifestation)) out.push({ spell, manifestation });
    }
  return out;
}

/** Manifestation units start off the battlefield, with no models, until summoned. */
export function withDormantManifestations(units: UnitState[], data: ManifestationsData | undefined): UnitState[] {
  for (const r of data?.units ?? []) {
    const u = units[r.unit]!;
    u.status = "destroyed";
    u.models = 0;
  }
  return units;
}

// ---- lookups ---------------------------------------------------------------------------------------------

export function manifestationRecord(b: Battle, id: number): ManifestationRecord | undefined {
  return b.data.manifestations?.units.find((r) => r.unit === id);
}

export function isManifestation(b: Battle, id: number): boolean {
  return manifestationRecord(b, id) !== undefined;
}

/** The last time it was summoned (null: never). */
export function lastSummoned(r: ManifestationRecord): ManifestationEvent | null {
  for (let i = r.history.length - 1; i >= 0; i--) if (r.history[i]!.event === "summoned") return r.history[i]!;
  return null;
}

export function summonedThisTurn(b: Battle, r: ManifestationRecord): boolean {
  const s = lastSummoned(r);
  return s !== null && s.round === b.data.round && s.turn === b.data.turn;
}

/** Manifestations of `player` on the battlefield. */
export function manifestationsOnBattlefield(b: Battle, player: Player): ManifestationRecord[] {
  return (b.data.manifestations?.units ?? []).filter((r) => r.owner === player && b.unit(r.unit).status === "deployed");
}

/** 7.2: +1 to the banishment roll for each enemy manifestation on the battlefield after the first. */
export function banishmentBonus(b: Battle, player: Player): number {
  return Math.max(0, manifestationsOnBattlefield(b, (1 - player) as Player).length - 1);
}

/** Spells `w` can still use this phase (1.1, CORE-SPELLS: none after a miscast). */
export function spellsLeft(b: Battle, w: number): number {
  const d = b.data;
  const level = powerLevel(b, w, "wizard"); // its power level now (passive2.ts)
  if (level === 0 || d.spells.blocked.includes(w)) return 0;
  return Math.max(0, level - d.spells.cast.filter((x) => x === w).length);
}

/** Prayers a PRIEST can still use this phase (its power level, 1.1). */
export function prayersLeft(b: Battle, p: number): number {
  return Math.max(0, powerLevel(b, p, "priest") - (b.data.spells.prayed ?? []).filter((x) => x === p).length);
}

// ---- summoning -------------------------------------------------------------------------------------------

/** The centre of a territory (movement.ts centroid: the corners' mean, summed in order). */
function centroid(poly: readonly Point[]): Point {
  return { x: poly.reduce((s, p) => s + p.x, 0) / poly.length, y: poly.reduce((s, p) => s + p.y, 0) / poly.length };
}

/**
 * Where `wizard` can set up the manifestation of `r`: along the line from the caster toward the nearest
 * enemy unit, the nearest objective and the enemy territory's centre, the furthest of 32 points (the set-up
 * range in 32 steps) that obeys the rule. Spots within 1" of an earlier one are dropped.
 */
export function summonSpots(b: Battle, wizard: number, r: ManifestationRecord): { toward: SummonToward; at: Point }[] {
  const c = b.footprint(wizard);
  const radius = b.profile(r.unit).baseRadius;
  const reach = r.wholly ? c.radius + r.range - radius : c.radius + r.range + radius;
  if (reach <= 0) return [];
  const enemy = (1 - r.owner) as Player;
  const targets: { toward: SummonToward; at: Point }[] = [];
  let nearest = -1;
  let nearestD = Infinity;
  for (const e of b.deployed(enemy)) {
    const dist = b.distance(wizard, e);
    if (dist < nearestD) {
      nearestD = dist;
      nearest = e;
    }
  }
  if (nearest >= 0) targets.push({ toward: "enemy", at: { x: b.unit(nearest).x, y: b.unit(nearest).y } });
  const objectives = b.objectives();
  if (objectives.length > 0) {
    let best = objectives[0]!;
    for (const o of objectives) if (pointDistance(c, o) < pointDistance(c, best)) best = o;
    targets.push({ toward: "objective", at: { x: best.x, y: best.y } });
  }
  targets.push({ toward: "territory", at: centroid(b.territoryPolygon(enemy)) });
  const others = b.deployed().map((id) => ({ id, fp: b.footprint(id), enemy: b.ownerOf(id) === enemy }));
  const ok = (p: Point): boolean => {
    const dc = Math.hypot(p.x - c.x, p.y - c.y);
    if (r.wholly ? dc + radius > c.radius + r.range + 1e-9 : dc - radius > c.radius + r.range + 1e-9) return false;
    for (const o of others) {
      const gap = Math.hypot(o.fp.x - p.x, o.fp.y - p.y) - o.fp.radius - radius;
      if (o.enemy ? !(gap > r.enemyGap) : gap < SUMMON_FRIEND_GAP) return false;
    }
    // CORE-UNSTABLE: not set up on the tall part of unstable terrain (terrain.ts, the kernel's canStand).
    return canEndOn(b.data.terrain, { x: p.x, y: p.y, radius });
  };
  const spots: { toward: SummonToward; at: Point }[] = [];
  for (const t of targets) {
    const dx = t.at.x - c.x;
    const dy = t.at.y - c.y;
    const len = Math.hypot(dx, dy);
    if (len < 1e-9) continue;
    for (let i = SPOT_STEPS; i >= 1; i--) {
      const s = (reach * i) / SPOT_STEPS;
      const p = clampToBattlefield({ x: c.x + (dx / len) * s, y: c.y + (dy / len) * s }, radius);
      if (!ok(p)) continue;
      if (!spots.some((q) => Math.hypot(q.at.x - p.x, q.at.y - p.y) < 1)) spots.push({ toward: t.toward, at: p });
      break;
    }
  }
  return spots;
}

/** Summon spells `player`'s WIZARDS can cast now, each with its spots (a wizard, a manifestation, a spot each). */
export function summonChoices(b: Battle, player: Player): Choice[] {
  const d = b.data;
  const m = d.manifestations;
  if (!m) return [];
  const attempted = d.spells.summoned ?? [];
  const out: Choice[] = [];
  for (const w of b.deployed(player)) {
    if (spellsLeft(b, w) === 0) continue;
    for (const r of m.units) {
      if (r.owner !== player || r.kind !== "spell" || attempted.includes(r.spell) || b.unit(r.unit).status === "deployed") continue;
      for (const spot of summonSpots(b, w, r)) {
        const label = `${b.profile(w).name} casts ${r.spell}${r.spell.endsWith(b.profile(r.unit).name) ? "" : ` (${b.profile(r.unit).name})`}: set up toward ${spot.toward === "enemy" ? "the nearest enemy" : spot.toward === "objective" ? "the nearest objective" : "the enemy territory"} at (${spot.at.x.toFixed(1)}, ${spot.at.y.toFixed(1)})`;
        const unit = r.unit;
        const at = spot.at;
        out.push({ label, tag: { kind: "summon", wizard: w, unit, toward: spot.toward }, apply: (bb) => castSummon(bb, w, unit, at) });
      }
    }
  }
  return out;
}

/** Casts the summon spell of manifestation `unit` with `wizard`; cast, it is set up at `at`. */
export function castSummon(b: Battle, wizard: number, unit: number, at: Point): void {
  const d = b.data;
  const r = manifestationRecord(b, unit)!;
  d.spells.summoned = [...(d.spells.summoned ?? []), r.spell]; // the same spell once per phase per army
  d.spells.cast.push(wizard);
  // Indomitable Loreseekers (traits.ts) and "add 1 to casting rolls for this unit when it uses a SUMMON ability" (casting.ts).
  if (!castingRoll(b, wizard, r.castingValue, r.spell, loreseekersBonus(b, wizard) + castingBonus(b, wizard, true))) return;
  setUpManifestation(b, r, at, wizard);
  afterCast(b, wizard); // passive2.ts: a heal after a spell
}

/** Sets up a summoned manifestation: a new arrival (no damage, nothing done this turn), summoned now. */
export function setUpManifestation(b: Battle, r: ManifestationRecord, at: Point, by: number): void {
  const u = b.unit(r.unit);
  u.status = "deployed";
  u.models = b.profile(r.unit).startModels;
  u.damage = 0;
  u.x = at.x;
  u.y = at.y;
  u.moved = u.ran = u.retreated = u.charged = u.chargeTried = u.shot = u.fought = false;
  u.inCombatAtStart = false;
  u.destroyedBy = null;
  // A summoned unit (Pitched Battles 2021 3.1): under Fatigued Warriors (PB-BP-09) it cannot shoot or charge
  // in the turn it was added.
  u.added = { round: b.data.round, turn: b.data.turn };
  r.history.push({ event: "summoned", round: b.data.round, turn: b.data.turn, by });
  b.say(`  ${b.profile(r.unit).name} is set up at (${at.x.toFixed(1)}, ${at.y.toFixed(1)}).`);
}

// ---- banishing -------------------------------------------------------------------------------------------

/** Whether `id` can use Banish Manifestation now: a PRIEST with a prayer left or a WIZARD with a spell left. */
export function canBanish(b: Battle, id: number): boolean {
  return prayersLeft(b, id) > 0 || spellsLeft(b, id) > 0;
}

/** Manifestations `caster` can pick: on the battlefield within 30", not summoned this turn, not picked this turn. */
export function banishTargets(b: Battle, caster: number): ManifestationRecord[] {
  const picked = b.data.spells.banished ?? [];
  return (b.data.manifestations?.units ?? []).filter(
    (r) => b.unit(r.unit).status === "deployed" && !summonedThisTurn(b, r) && !picked.includes(r.unit) && b.distance(caster, r.unit) <= BANISH_RANGE,
  );
}

export function banishChoices(b: Battle, player: Player): Choice[] {
  if (!b.data.manifestations) return [];
  const out: Choice[] = [];
  for (const caster of b.deployed(player)) {
    if (!canBanish(b, caster)) continue;
    const bonus = banishmentBonus(b, player) + loreseekersBonus(b, caster) + banishBonus(b, caster); // magic6.ts: a banishment-roll modifier
    for (const r of banishTargets(b, caster)) {
      const target = r.unit;
      out.push({
        label: `${b.profile(caster).name} banishes ${r.owner === player ? "friendly " : ""}${b.profile(target).name} (2D6${bonus > 0 ? ` + ${bonus}` : ""} against ${r.banishment}+)`,
        tag: { kind: "banish", caster, target },
        apply: (bb) => banish(bb, caster, target),
      });
    }
  }
  return out;
}

/** 7.2 Banish Manifestation: uses a prayer or a spell of `caster`; 2D6 + the bonus reaching the value banishes. */
export function banish(b: Battle, caster: number, target: number): void {
  const d = b.data;
  const r = manifestationRecord(b, target)!;
  const player = b.ownerOf(caster);
  if (prayersLeft(b, caster) > 0) d.spells.prayed = [...(d.spells.prayed ?? []), caster];
  else d.spells.cast.push(caster);
  d.spells.banished = [...(d.spells.banished ?? []), target];
  const bonus = banishmentBonus(b, player) + loreseekersBonus(b, caster) + banishBonus(b, caster); // Indomitable Loreseekers (traits.ts); magic6.ts
  const roll = b.roll2D6() + bonus;
  const name = `${b.profile(caster).name} tries to banish ${b.profile(target).name}`;
  if (roll < r.banishment) {
    b.say(`${name}: ${roll}${bonus > 0 ? ` (+${bonus})` : ""} against ${r.banishment}+, it stays.`);
    return;
  }
  const u = b.unit(target);
  u.status = "destroyed";
  u.models = 0;
  u.damage = 0;
  r.history.push({ event: "banished", round: d.round, turn: d.turn, by: caster });
  b.say(`${name}: ${roll}${bonus > 0 ? ` (+${bonus})` : ""} against ${r.banishment}+, it is banished and removed from play.`);
}

/** The hero phase's manifestation choices (hero.ts): summon spells, then Banish Manifestation. */
export function manifestationChoices(b: Battle, player: Player): Choice[] {
  if (!b.data.manifestations) return [];
  return [...summonChoices(b, player), ...banishChoices(b, player)];
}

/** The chance that 2D6 reaches `need` (policy estimates). */
export function chance2D6(need: number): number {
  if (need <= 2) return 1;
  if (need > 12) return 0;
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let c = 1; c <= 6; c++) if (a + c >= need) n++;
  return n / 36;
}
