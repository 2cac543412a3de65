/**
 * Things that happen at the start of a battle round, as pure functions over plain inputs: The Vice's moves
 * and removal (PB-BP-08), the Veins of Ghur's set-up from 2D6 (PB-BP-12), Tectonic Interference's alpha
 * objective (PB-BP-06), Seismic Shift (PB-REALM-SEISMIC) and First Blood's vantage point (PB-BP-03).
 * Randomness only through the injected dice (an `Rng` is one).
 */
import { InputError } from "../../core/errors.js";
import { intersection, type Point } from "./geometry.js";
import { inPlayByMap, objective, objectivePosition } from "./objectives.js";
import type { Battleplan, Objective } from "./schema.js";

/** Anything that rolls an n-sided die: `Rng` (src/core/rng.ts), or scripted dice in tests. */
export interface Dice {
  roll(sides: number): number;
}

export type MapEvent =
  | { kind: "move"; objective: string; from: Point; to: Point; ruleId: string; text: string }
  | { kind: "remove"; objective: string; ruleId: string; text: string }
  | { kind: "set-up"; objective: string; at: Point | null; ruleId: string; text: string };

const at = (p: Point) => `(${p.x}", ${p.y}")`;

/**
 * What the map does at the start of `round` (2..5), before priority is determined: objectives that move,
 * are removed or are set up. A Veins objective's position is null here: it needs its 2D6 (veinsPosition).
 */
export function mapEventsAtRoundStart(plan: Battleplan, round: number): MapEvent[] {
  const events: MapEvent[] = [];
  for (const o of plan.objectives) {
    if (o.removedInRound === round) {
      events.push({ kind: "remove", objective: o.id, ruleId: plan.ruleId, text: `${plan.name}: objective ${o.id} is removed from the battlefield` });
    } else if (o.setUpInRound === round && round > 1) {
      const p = o.positions ? o.positions[0]!.at : null;
      const where = p ? ` at ${at(p)}` : " where its line crosses the line of a 2D6 roll";
      events.push({ kind: "set-up", objective: o.id, at: p, ruleId: plan.ruleId, text: `${plan.name}: objective ${o.id} is set up${where}` });
    } else if (inPlayByMap(o, round) && inPlayByMap(o, round - 1) && o.positions?.some((p) => p.fromRound === round)) {
      const from = objectivePosition(o, round - 1)!;
      const to = objectivePosition(o, round)!;
      events.push({ kind: "move", objective: o.id, from, to, ruleId: plan.ruleId, text: `${plan.name}: objective ${o.id} moves from ${at(from)} to ${at(to)}` });
    }
  }
  return events;
}

/** PB-BP-12: a 2D6 roll for a Veins objective. */
export function rollVeins(dice: Dice): number {
  return dice.roll(6) + dice.roll(6);
}

/** PB-BP-12: where the objective's line crosses the line numbered `roll` (2..12). */
export function veinsPosition(plan: Battleplan, objectiveId: string, roll: number): Point {
  const o = objective(plan, objectiveId);
  const rollLine = plan.rollLines?.[String(roll)];
  if (!o.line || !rollLine) throw new InputError(`veinsRolls.${objectiveId}: ${plan.name} sets up no objective from a 2D6 roll of ${roll}`);
  const p = intersection(o.line, rollLine);
  if (!p) throw new InputError(`veinsRolls.${objectiveId}: the line of ${objectiveId} does not cross line ${roll}`);
  return p;
}

/** PB-BP-06: the D3 for the alpha objective of a battle round. */
export function rollAlpha(dice: Dice): number {
  return dice.roll(3);
}

export function alphaObjective(plan: Battleplan, roll: number): Objective {
  const o = plan.objectives.find((x) => x.number === roll);
  if (!plan.alphaObjective || !o) throw new InputError(`alphaRoll: ${plan.name} has no alpha objective ${roll}`);
  return o;
}

export function betaObjectives(plan: Battleplan, roll: number): Objective[] {
  const alpha = alphaObjective(plan, roll);
  return plan.objectives.filter((o) => o.number !== undefined && o.id !== alpha.id);
}

/** PB-REALM-SEISMIC: the objectives the player taking the second turn in round 3 may remove (not prime). */
export function seismicShiftChoices(onBattlefield: readonly Objective[]): Objective[] {
  return onBattlefield.filter((o) => !o.prime);
}

/** PB-REALM-SEISMIC: why this removal is not allowed, or null if it is. */
export function whyNotSeismicShift(round: number, pick: string, onBattlefield: readonly Objective[]): string | null {
  if (round !== 3) return `Seismic Shift happens only at the start of the third battle round, not round ${round}`;
  const o = onBattlefield.find((x) => x.id === pick);
  if (!o) return `"${pick.slice(0, 40)}" is not an objective on the battlefield (${onBattlefield.map((x) => x.id).join(", ") || "none"})`;
  if (o.prime) return `${pick} is a prime objective and cannot be removed`;
  return null;
}

/** PB-BP-03: extra command points when receiving the start-of-round command points. The vantage point in
 * force is the one picked in the previous battle round (it is picked after the command points are received). */
export function vantagePointCommandPoints(vantagePoint: string | null, controlled: readonly string[]): 0 | 1 {
  return vantagePoint !== null && controlled.includes(vantagePoint) ? 1 : 0;
}
