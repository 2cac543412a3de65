/**
 * Contesting and controlling objectives (CORE-CONTEST, CORE-CONTROL, CORE-STANDARD), with the plans that
 * change it: Altars of the Beast (PB-BP-07) and the Backbone of Success (PB-BP-11).
 */
import { altarControl, backboneContestingModels, type ContestingUnit, OBJECTIVE_RADIUS, whollyWithin } from "../battleplans/index.js";
import type { Battle, ObjectiveInPlay } from "./battle.js";
import { unitControl } from "./damaged.js";
import { controlWithEffects } from "./effects.js";
import { mountingDread } from "./traits.js";
import { contestingModels, objectiveDistance, pointDistance } from "./geometry.js";
import { isManifestation } from "./manifestations.js";
import type { Player } from "./state.js";
import { hasKeyword } from "./units.js";

/** PB-BP-07, PB-BP-11: ranges to an objective, measured to the marker's edge (geometry.ts objectiveDistance). */
const ALTAR_RANGE = 3;
const BACKBONE_RANGE = 6;

/** Objectives a unit contests (models within combat range of the marker): [objective, models]. */
export function contested(b: Battle, id: number, objectives = b.objectives()): [ObjectiveInPlay, number][] {
  const out: [ObjectiveInPlay, number][] = [];
  // CORE-BANISH: a manifestation has no Control characteristic and contests nothing (manifestations.ts).
  if (isManifestation(b, id)) return out;
  const fp = b.footprint(id);
  for (const o of objectives) {
    const n = contestingModels(fp, b.unit(id).models, b.profile(id).baseRadius, o);
    if (n > 0) out.push([o, n]);
  }
  return out;
}

/**
 * CORE-CONTEST: each unit counts for one objective only; for a unit in range of several, its controller
 * picks (active player first). The pick here: the nearest objective (documented in the README).
 */
function contestAssignments(b: Battle, objectives: ObjectiveInPlay[]): Map<string, { id: number; models: number }[]> {
  const by = new Map<string, { id: number; models: number }[]>(objectives.map((o) => [o.id, []]));
  for (const id of b.deployed()) {
    const options = contested(b, id, objectives);
    if (options.length === 0) continue;
    const fp = b.footprint(id);
    const [o, models] = options.reduce((best, x) => (pointDistance(fp, x[0]) < pointDistance(fp, best[0]) ? x : best));
    by.get(o.id)!.push({ id, models });
  }
  return by;
}

/**
 * A unit's control score on an objective: Control x contesting models, at least 1; +1 with a STANDARD BEARER.
 * Control is the Battle Damaged one while that applies (PB-REALM-FERAL-ROAR).
 */
export function controlScore(b: Battle, id: number, models: number, o?: ObjectiveInPlay): number {
  const p = b.profile(id);
  const base = Math.max(1, unitControl(p, b.unit(id)) * models) + (hasKeyword(p, "STANDARD BEARER") ? 1 : 0);
  // The played abilities (effects.ts): Stalwart Defenders' +3 on an objective wholly within friendly territory, Beast's maximum of 1.
  // Mounting Dread (traits.ts): minus the battle round in combat with NIGHTHAUNT units, on an objective (not in the
  // policy's estimate, which has none), added with the other modifiers; at least 1 (CORE-CONTROL).
  const dread = o !== undefined ? mountingDread(b, id) : 0;
  const score = controlWithEffects(b, id, base - dread, o !== undefined && whollyWithin(b.territoryPolygon(b.ownerOf(id)), { x: o.x, y: o.y, radius: OBJECTIVE_RADIUS }));
  return dread > 0 ? Math.max(1, score) : score;
}

/** CORE-CONTROL, run after deployment and at the end of each turn. */
export function updateControl(b: Battle, _active: Player): void {
  const objectives = b.objectives();
  for (const key of Object.keys(b.data.control)) if (!objectives.some((o) => o.id === key)) delete b.data.control[key];
  if (b.plan.id === "apex-predators") {
    for (const o of objectives) altarCheck(b, o);
    return;
  }
  const by = contestAssignments(b, objectives);
  for (const o of objectives) {
    const units = by.get(o.id)!;
    const score: [number, number] = [0, 0];
    if (b.plan.id === "power-in-numbers") {
      // PB-BP-11: with a Battleline unit within 6", only Battleline models contest.
      const view: ContestingUnit[] = b.deployed().map((id) => {
        const c = units.find((u) => u.id === id);
        return {
          side: b.side(b.ownerOf(id)),
          models: c ? controlScore(b, id, c.models, o) : 0,
          battleline: b.isBattleline(id),
          within6: objectiveDistance(b.footprint(id), o) <= BACKBONE_RANGE,
          contesting: !!c,
        };
      });
      const s = backboneContestingModels(view);
      score[b.playerOf("attacker")] = s.attacker;
      score[b.playerOf("defender")] = s.defender;
    } else {
      for (const u of units) score[b.ownerOf(u.id)] += controlScore(b, u.id, u.models, o);
    }
    const before = b.data.control[o.id] ?? null;
    if (score[0] !== score[1]) {
      const winner: Player = score[0] > score[1] ? 0 : 1;
      if (before !== winner) b.say(`${b.data.armies[winner]} gains control of ${o.id} (control score ${score[winner]} to ${score[1 - winner]}).`);
      b.data.control[o.id] = winner;
    } else b.data.control[o.id] = before;
  }
}

function leaderWithin(b: Battle, player: Player, o: ObjectiveInPlay): boolean {
  return b.deployed(player).some((id) => b.isLeader(id) && objectiveDistance(b.footprint(id), o) <= ALTAR_RANGE);
}

/** PB-BP-07: control lapses when no friendly Leader is within 3". */
function altarCheck(b: Battle, o: ObjectiveInPlay): void {
  const c = b.data.control[o.id] ?? null;
  const next = altarControl(c === null ? null : b.side(c), { kind: "check", controllerLeaderWithin3: c !== null && leaderWithin(b, c, o) });
  b.data.control[o.id] = next === null ? null : b.playerOf(next);
}

/** PB-BP-07: a Leader finished a move within 3" of altars. */
export function altarLeaderMoved(b: Battle, id: number, retreat: boolean): void {
  if (b.plan.id !== "apex-predators" || !b.isLeader(id)) return;
  const me = b.ownerOf(id);
  for (const o of b.objectives()) {
    if (objectiveDistance(b.footprint(id), o) > ALTAR_RANGE) continue;
    const c = b.data.control[o.id] ?? null;
    const next = altarControl(c === null ? null : b.side(c), { kind: "leader-move", side: b.side(me), retreat, enemyLeaderWithin3: leaderWithin(b, (1 - me) as Player, o) });
    const np = next === null ? null : b.playerOf(next);
    if (np !== c && np !== null) b.say(`${b.data.armies[np]} claims the altar ${o.id} with ${b.profile(id).name}.`);
    b.data.control[o.id] = np;
  }
}

/** PB-BP-07: a Leader slew an enemy Leader in melee near altars. */
export function altarLeaderSlain(b: Battle, killer: number, victimAt: { x: number; y: number; radius: number }): void {
  if (b.plan.id !== "apex-predators" || !b.isLeader(killer)) return;
  for (const o of b.objectives()) {
    if (objectiveDistance(b.footprint(killer), o) > ALTAR_RANGE || objectiveDistance(victimAt, o) > ALTAR_RANGE) continue;
    const next = altarControl(null, { kind: "leader-slain-in-melee", side: b.side(b.ownerOf(killer)) });
    b.data.control[o.id] = next === null ? null : b.playerOf(next);
  }
}
