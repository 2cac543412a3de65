/**
 * A Pitched Battle entered by hand, for a game played on a real table (issue 11, "Positions"): the armies,
 * each unit's place, models and damage left, the battle round, whose turn and which phase, the victory
 * points, who controls each objective, the battle tactics used and the command points. `aosPositionState`
 * turns it into the engine's state at a decision, so `tactica battle --resume POSITION.json` plays on from it
 * and the coach can search from it.
 *
 * A position starts at one of two points of a player's turn (CORE-PHASES):
 *   - "hero": the start of the turn, before the battle tactic is picked (PB-TACTIC-PICK);
 *   - "movement": the start of the movement phase, the hero phase done (`tactic`: the tactic picked this turn);
 *   - "shooting", "charge", "combat": the start of that phase, the phases before it passed with nothing done in
 *     them (no unit moved, ran, shot or charged this turn); at "combat" the units in combat are those whose
 *     footprints stand within 3" of an enemy's, and the active player picks first (CORE-FIGHT-ORDER).
 * Everything the engine keeps between turns that the table does not show is set as at the start of a turn:
 * nothing moved, ran, charged, shot or fought yet; no command used; no spell cast. Left out (refused or
 * not enterable): units in reserve, summoned manifestations, tokens (Metamorphosis, Feral Roar).
 */
import { z } from "zod";
import { bundledRosters, grandStrategyIdOf, type Roster, rosterSchema, validateRoster } from "../aos/armies/index.js";
import { BATTLEFIELD, battleplan, battleplanIdSchema, objectiveIdSchema, otherTerritory, pointSchema, territory, territoryIdSchema } from "../aos/battleplans/index.js";
import { Battle } from "../aos/battle/battle.js";
import { newBattleData } from "../aos/battle/create.js";
import { settle } from "../aos/battle/flow.js";
import { PitchedBattleState } from "../aos/battle/game.js";
import type { Player, TacticInPlay } from "../aos/battle/state.js";
import { terrainSchema } from "../aos/battle/terrain.js";
import { beginTurn, nextPhase } from "../aos/battle/turn.js";
import { footprintRadius } from "../aos/battle/units.js";
import { BATTLE_TACTICS, battleTacticIdSchema, controlSnapshotSchema, objectivesNow, scoringStateSchema, type ScoringState, type Side, startBattle } from "../aos/scoring/index.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { Rng } from "../core/rng.js";
import { libraryOf, playLibrarySchema } from "./library.js";

export const POSITION_FORMAT = "tactica-position";
export const AOS_PHASES = ["hero", "movement", "shooting", "charge", "combat"] as const;

const player = z.union([z.literal(0), z.literal(1)]);
const pair = <T extends z.ZodType>(t: T) => z.tuple([t, t]);
/** A unit of an army: its place in the roster's list (0 is the first), or its warscroll or roster id (unique in the army). */
const unitRef = z.union([z.number().int().min(0).max(99), z.string().min(1).max(80)]);

const unitSchema = z.strictObject({
  army: player,
  unit: unitRef,
  /** Where the centre of its footprint stands (inches from the south-west corner), or absent if destroyed. */
  at: pointSchema.optional(),
  /** "destroyed": slain or fled; default: on the battlefield at `at`. */
  status: z.enum(["deployed", "destroyed"]).default("deployed"),
  /** Models left (default: all of them). */
  models: z.number().int().min(0).max(200).optional(),
  /** Damage points allocated to the unit and not yet enough to slay a model (CORE-ALLOC). */
  damage: z.number().int().min(0).max(200).default(0),
});

const tacticUsedSchema = z.strictObject({ id: battleTacticIdSchema, round: z.number().int().min(1).max(5), completed: z.boolean() });

export const aosPositionSchema = z.strictObject({
  format: z.literal(POSITION_FORMAT),
  version: z.literal(1),
  game: z.literal("aos"),
  /** Each army: a roster (JSON), or the name of a bundled army. Army 0 is "a". */
  armies: pair(z.union([z.string().min(1).max(80), rosterSchema])),
  battleplan: battleplanIdSchema,
  terrain: terrainSchema.optional(),
  library: playLibrarySchema.optional(),
  attacker: player,
  /** The territory the attacker picked (default: the battleplan's first). */
  attackerTerritory: territoryIdSchema.optional(),
  /** PB-GS-PICK: each army's grand strategy (default: its roster's). */
  grandStrategies: pair(z.string().min(1).max(60).nullable()).optional(),
  round: z.number().int().min(1).max(5),
  /** Whose turn it is, and whether it is the first or the second turn of the battle round. */
  active: player,
  turn: z.enum(["first", "second"]),
  phase: z.enum(AOS_PHASES),
  victoryPoints: pair(z.number().int().min(0).max(200)),
  commandPoints: pair(z.number().int().min(0).max(20)),
  /** Who controls each objective in play (absent: nobody). */
  control: z.record(objectiveIdSchema, player.nullable()).default({}),
  /** The battle tactics each army has picked in earlier turns, and whether it completed them. */
  tactics: pair(z.array(tacticUsedSchema).max(5)).default([[], []]),
  /** phase "movement" or later: the battle tactic the active player picked this turn, with its picks (units, objectives). */
  tactic: z.strictObject({ id: battleTacticIdSchema, units: z.array(unitRef).max(3).default([]), objectives: z.array(objectiveIdSchema).max(2).default([]) }).nullable().default(null),
  units: z.array(unitSchema).min(2).max(60),
  /** PB-BP-05 Predators: each army's predator units (survival-of-the-fittest, apex-predators). */
  predators: pair(z.array(unitRef).max(3)).default([[], []]),
  /** Plan events of this round: PB-BP-06's alpha D3; PB-BP-03's vantage point. */
  alphaRoll: z.number().int().min(1).max(3).optional(),
  vantagePoint: objectiveIdSchema.optional(),
  /** PB-BP-12: where Veins objectives were set up; objectives removed earlier (seismic shift, raid, destroyed). */
  placed: z.record(objectiveIdSchema, pointSchema).optional(),
  removed: z.array(z.strictObject({ objective: objectiveIdSchema, round: z.number().int().min(1).max(5), by: player, reason: z.enum(["seismic-shift", "raid", "destroyed"]) })).max(12).default([]),
  /**
   * Who controlled what at the end of earlier turns (scoring needs the last ones: PB-BP-04 holds for two turns,
   * PB-BT-02 Conquer, PB-BP-11). Default: the previous turn ended with `control` as it stands.
   */
  history: z.array(z.strictObject({ round: z.number().int().min(1).max(5), player, control: pair(z.array(objectiveIdSchema).max(12)) })).max(10).optional(),
});
export type AosPosition = z.input<typeof aosPositionSchema>;

function rosterOf(ref: string | Roster, field: string): Roster {
  if (typeof ref !== "string") return ref;
  const found = bundledRosters().find((r) => r.roster.name.toLowerCase() === ref.toLowerCase() || r.file.replace(/^.*\//, "").replace(/\.json$/, "") === ref);
  if (!found) throw new InputError(`${field}: "${ref.slice(0, 60)}" is not a bundled army (${bundledRosters().map((r) => r.roster.name).join(", ")}); give a roster instead`);
  return found.roster;
}

/** The state at the position's decision; `seed` seeds the engine's dice from there on. */
export function aosPositionState(json: unknown, seed: number, where = "position"): PitchedBattleState {
  const pos = parseOrThrow(aosPositionSchema, json, where);
  const fail = (field: string, why: string): never => {
    throw new InputError(`${where}: ${field}: ${why}`);
  };
  const rosters = pos.armies.map((r, i) => rosterOf(r, `${where}: armies[${i}]`)) as [Roster, Roster];
  const library = libraryOf(pos.library);
  rosters.forEach((r, i) => {
    const v = validateRoster(r, library).violations[0];
    if (v) fail(`armies[${i}]`, `${r.name} is not a legal army: [${v.rule}] ${v.message}`);
  });
  const data = newBattleData(rosters, { battleplan: pos.battleplan, log: true, ...(pos.terrain ? { terrain: pos.terrain } : {}) }, library);
  const plan = battleplan(pos.battleplan);
  const firstOfArmy = [0, rosters[0].units.length];

  /** A unit reference of `army` as the engine's unit id. */
  const unitId = (army: Player, ref: string | number, field: string): number => {
    const units = rosters[army].units;
    if (typeof ref === "number") {
      if (ref >= units.length) fail(field, `${rosters[army].name} has ${units.length} units (0 to ${units.length - 1})`);
      return firstOfArmy[army]! + ref;
    }
    const named = units.flatMap((u, i) => (u.warscroll.toLowerCase() === ref.toLowerCase() || u.id?.toLowerCase() === ref.toLowerCase() ? [i] : []));
    if (named.length === 0) fail(field, `${rosters[army].name} has no unit "${ref.slice(0, 60)}" (${units.map((u) => u.id ?? u.warscroll).join(", ")})`);
    if (named.length > 1) fail(field, `${rosters[army].name} has ${named.length} units "${ref.slice(0, 60)}": give its place in the roster (${named.join(" or ")})`);
    return firstOfArmy[army]! + named[0]!;
  };

  // Who is who: attacker, territories, grand strategies.
  const attacker = pos.attacker;
  const side = (p: Player): Side => (p === attacker ? "attacker" : "defender");
  const attackerTerritory = pos.attackerTerritory ?? plan.territories[0].id;
  try {
    territory(plan, attackerTerritory);
  } catch (e) {
    fail("attackerTerritory", (e as Error).message.replace(/^territory: /, ""));
  }
  const territories = [attackerTerritory, otherTerritory(plan, attackerTerritory)];
  data.attacker = attacker;
  data.territories = attacker === 0 ? [territories[0]!, territories[1]!] : [territories[1]!, territories[0]!];
  data.deployedFirst = attacker;
  if (pos.grandStrategies) {
    pos.grandStrategies.forEach((g, p) => {
      if (g === null) return;
      const id = grandStrategyIdOf(g);
      if (!id) fail(`grandStrategies[${p}]`, `"${g.slice(0, 60)}" is not a grand strategy of the Pitched Battles 2021 pack`);
      data.grandStrategies[p] = id!;
    });
  }
  data.grandStrategies.forEach((g, p) => {
    if (g === null) fail(`grandStrategies[${p}]`, `${rosters[p]!.name} has no grand strategy: give one (PB-GS-PICK)`);
  });

  // The turn: round, whose, first or second.
  const active = pos.active;
  const first = (pos.turn === "first" ? active : 1 - active) as Player;
  data.round = pos.round;
  data.turn = pos.turn === "first" ? 0 : 1;
  data.active = active;
  data.commandPoints = [pos.commandPoints[0], pos.commandPoints[1]];
  data.victoryPoints = [pos.victoryPoints[0], pos.victoryPoints[1]];

  // Battle tactics used: one a turn, each at most once, in rounds already played (PB-TACTIC-PICK).
  const picked: ScoringState["battleTacticsPicked"] = { attacker: [], defender: [] };
  const completed = { attacker: 0, defender: 0 };
  pos.tactics.forEach((list, p) => {
    const rounds = new Set<number>();
    list.forEach((t, i) => {
      const field = `tactics[${p}][${i}]`;
      const tookTurn = t.round < pos.round || (t.round === pos.round && p !== active && pos.turn === "second");
      if (!tookTurn) fail(`${field}.round`, `${rosters[p]!.name} has not had its turn of battle round ${t.round} yet`);
      if (rounds.has(t.round)) fail(`${field}.round`, `one battle tactic a turn: ${rosters[p]!.name} already picked one in round ${t.round}`);
      if (list.findIndex((x) => x.id === t.id) !== i) fail(`${field}.id`, `${t.id} is picked twice (each battle tactic at most once: PB-TACTIC-PICK)`);
      rounds.add(t.round);
      picked[side(p as Player)].push({ id: t.id, round: t.round });
      if (t.completed) completed[side(p as Player)] += 1;
    });
  });

  // Scoring: the fold's state as at the start of this turn.
  const base = startBattle({ battleplan: pos.battleplan, attackerTerritory });
  const objectivesGuess = { ...base, round: pos.round, placed: pos.placed ?? {}, removed: pos.removed.map((r) => ({ ...r, by: side(r.by) })) };
  const inPlay = objectivesNow(objectivesGuess);
  const inPlayIds = new Set(inPlay.map((o) => o.id));
  for (const id of Object.keys(pos.control)) if (!inPlayIds.has(id)) fail(`control.${id}`, `not an objective in play in round ${pos.round} of ${plan.name} (${[...inPlayIds].join(", ")})`);
  for (const o of inPlay) if (o.at === null) fail(`placed.${o.id}`, `where was ${o.id} set up? (PB-BP-12: give its place)`);
  const control: Record<string, Player | null> = {};
  for (const o of inPlay) control[o.id] = pos.control[o.id] ?? null;
  const held = (p: Player) => Object.entries(control).flatMap(([id, c]) => (c === p ? [id] : []));
  const previousPlayer = (pos.turn === "second" ? first : 1 - active) as Player;
  const previousRound = pos.turn === "second" ? pos.round : pos.round - 1;
  const history =
    pos.history?.map((h) => ({ round: h.round, player: side(h.player), control: { attacker: h.control[attacker], defender: h.control[1 - attacker]! } })) ??
    (previousRound >= 1 ? [{ round: previousRound, player: side(previousPlayer), control: { attacker: held(attacker), defender: held((1 - attacker) as Player) } }] : []);
  if (plan.alphaObjective && pos.alphaRoll === undefined) fail("alphaRoll", `${plan.name}: give this round's D3 for the alpha objective (PB-BP-06)`);
  if (!plan.alphaObjective && pos.alphaRoll !== undefined) fail("alphaRoll", `${plan.name} has no alpha objective (PB-BP-06 is Tectonic Interference's)`);
  if (pos.vantagePoint !== undefined && !plan.vantagePoint) fail("vantagePoint", `${plan.name} has no vantage point (PB-BP-03 is First Blood's)`);
  if (pos.vantagePoint !== undefined && !inPlayIds.has(pos.vantagePoint)) fail("vantagePoint", `${pos.vantagePoint} is not an objective in play`);
  const scoring = parseOrThrow(
    scoringStateSchema,
    {
      ...base,
      round: pos.round,
      first: side(first),
      turnsThisRound: data.turn,
      alphaRoll: pos.alphaRoll ?? null,
      vantagePoint: pos.vantagePoint ?? null,
      placed: pos.placed ?? {},
      removed: objectivesGuess.removed,
      history: history.map((h, i) => parseOrThrow(controlSnapshotSchema, h, `${where}: history[${i}]`)),
      victoryPoints: { [side(0)]: pos.victoryPoints[0], [side(1)]: pos.victoryPoints[1] },
      battleTacticsPicked: picked,
      battleTacticsCompleted: completed,
    },
    where,
  );
  data.scoring = scoring;
  data.control = control;
  data.pending = { ...data.pending, alphaRoll: pos.alphaRoll ?? null };
  if (pos.vantagePoint !== undefined) data.pending.vantagePoint = pos.vantagePoint;

  // The units: every unit of both rosters, once, on the battlefield or destroyed.
  const seen = new Map<number, number>();
  pos.units.forEach((u, i) => {
    const field = `units[${i}]`;
    const id = unitId(u.army, u.unit, `${field}.unit`);
    if (seen.has(id)) fail(`${field}.unit`, `${data.profiles[id]!.name} is entered twice (units[${seen.get(id)}] too)`);
    seen.set(id, i);
    const prof = data.profiles[id]!;
    const state = data.units[id]!;
    if (u.status === "destroyed") {
      if (u.at !== undefined) fail(`${field}.at`, `${prof.name} is destroyed: it has no place on the battlefield`);
      Object.assign(state, { status: "destroyed", models: 0, damage: 0, destroyedBy: { monster: false, predator: false, round: 0, turn: 0 } });
      return;
    }
    const models = u.models ?? prof.startModels;
    if (models < 1) fail(`${field}.models`, `${prof.name} has no models left: give status "destroyed"`);
    if (models > prof.startModels) fail(`${field}.models`, `${prof.name} has ${prof.startModels} model${prof.startModels === 1 ? "" : "s"} (as fielded); ${models} is more`);
    if (u.damage >= prof.health) fail(`${field}.damage`, `${prof.name}'s models have Health ${prof.health}: ${u.damage} damage would slay one (enter one model fewer and the damage left over)`);
    if (!u.at) fail(`${field}.at`, `where does ${prof.name} stand? (x 0-${BATTLEFIELD.width}, y 0-${BATTLEFIELD.depth})`);
    const r = footprintRadius(models, prof.baseRadius);
    const { x, y } = u.at!;
    if (x - r < -1e-9 || y - r < -1e-9 || x + r > BATTLEFIELD.width + 1e-9 || y + r > BATTLEFIELD.depth + 1e-9) {
      fail(`${field}.at`, `${prof.name} (a footprint ${r.toFixed(1)}" across its centre) is off the battlefield at (${x}, ${y}): the battlefield is ${BATTLEFIELD.width}" by ${BATTLEFIELD.depth}"`);
    }
    Object.assign(state, { status: "deployed", x, y, models, damage: u.damage });
  });
  const rosterUnits = firstOfArmy[1]! + rosters[1].units.length;
  for (let id = 0; id < rosterUnits; id++) {
    if (!seen.has(id)) fail("units", `${data.profiles[id]!.name} of ${rosters[data.profiles[id]!.owner]!.name} is not entered (give its place, or status "destroyed")`);
  }
  // Footprints may touch (a unit in combat) but not overlap.
  const placed = [...seen.keys()].filter((id) => data.units[id]!.status === "deployed");
  for (let i = 0; i < placed.length; i++)
    for (let j = i + 1; j < placed.length; j++) {
      const [a, c] = [data.units[placed[i]!]!, data.units[placed[j]!]!];
      const gap = Math.hypot(a.x - c.x, a.y - c.y) - footprintRadius(a.models, data.profiles[a.id]!.baseRadius) - footprintRadius(c.models, data.profiles[c.id]!.baseRadius);
      if (gap < -0.05) fail(`units[${seen.get(placed[j]!)}].at`, `${data.profiles[c.id]!.name} overlaps ${data.profiles[a.id]!.name} (their footprints cross by ${(-gap).toFixed(1)}")`);
    }
  if (!placed.some((id) => data.profiles[id]!.owner === active)) fail("units", `${rosters[active]!.name} has no unit on the battlefield: its turn has nothing to do`);
  if (plan.predators) {
    data.predators = pos.predators.map((list, p) => list.map((ref, i) => unitId(p as Player, ref, `predators[${p}][${i}]`))) as [number[], number[]];
  } else if (pos.predators.some((l) => l.length)) fail("predators", `${plan.name} has no predators (PB-BP-05)`);

  const b = new Battle(data, new Rng(seed));
  b.say(`Position entered by hand: ${plan.name}, battle round ${pos.round}, ${data.armies[active]}'s turn (${pos.phase} phase) — VP ${pos.victoryPoints[0]} : ${pos.victoryPoints[1]}.`);
  beginTurn(b, active);
  if (pos.phase !== "hero") {
    if (pos.tactic) {
      const t = pos.tactic;
      if (picked[side(active)].some((x) => x.id === t.id)) fail("tactic.id", `${t.id} was picked before (each battle tactic at most once: PB-TACTIC-PICK)`);
      const enemy = (1 - active) as Player;
      const ownUnits = t.id === "ferocious-advance" || t.id === "monstrous-takeover";
      const units = t.units.map((ref, i) => unitId(ownUnits ? active : enemy, ref, `tactic.units[${i}]`));
      for (const o of t.objectives) if (!inPlayIds.has(o)) fail("tactic.objectives", `${o} is not an objective in play`);
      const needs = BATTLE_TACTICS.find((x) => x.id === t.id)!;
      const tip: TacticInPlay = { id: t.id, units, objectives: [...t.objectives], opponentControlledWhenPicked: t.id === "conquer" };
      if (t.id === "conquer" && tip.objectives.length !== 1) fail("tactic.objectives", `${needs.name} picks one objective`);
      data.tactic = tip;
    }
    data.step = { kind: "movement", player: active };
    // The later phases: the engine's own phase changes (CORE-PHASES), nothing done in the phases passed.
    // (PB-REALM-FERAL-ROAR's choice at the start of the combat phase comes first, as in play.)
    const step = (): string => data.step.kind;
    while (step() !== pos.phase && step() !== "feral-roar") nextPhase(b);
  } else if (pos.tactic) fail("tactic", 'the tactic is picked at the start of the hero phase: give it with phase "movement" or later only');
  settle(b);
  if (pos.phase === "combat" && data.step.kind !== "combat" && data.step.kind !== "feral-roar") fail("phase", "no unit is in combat (within 3\" of an enemy unit): the combat phase has nothing to do");
  return new PitchedBattleState(b);
}
