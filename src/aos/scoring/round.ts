/**
 * The start of a battle round (PB-LENGTH): the map's own events (PB-BP-08, PB-BP-12), the alpha objective
 * (PB-BP-06), Seismic Shift (PB-REALM-SEISMIC) and the vantage point with its command point (PB-BP-03).
 */
import { parseOrThrow } from "../../core/errors.js";
import { alphaObjective, battleplan, betaObjectives, mapEventsAtRoundStart, vantagePointCommandPoints, veinsPosition, whyNotSeismicShift } from "../battleplans/index.js";
import { objectivesInPlay, whyNotInPlay } from "./checks.js";
import { fail } from "./errors.js";
import { type Note, opponentOf, type RoundEventsInput, roundEventsSchema, type ScoringState, SIDES } from "./facts.js";

/** The start of a battle round: the map's events, the alpha objective, Seismic Shift, the vantage point. */
export function startRound(state: ScoringState, input: RoundEventsInput): { state: ScoringState; notes: Note[] } {
  const events = parseOrThrow(roundEventsSchema, input, "round events");
  const plan = battleplan(state.battleplan);
  if (state.gloriousVictory) fail(["round"], `the battle is over: the ${state.gloriousVictory.winner} won a major victory in round ${state.gloriousVictory.round}`, "PB-BP-01");
  if (events.round !== state.round + 1) fail(["round"], `expected battle round ${state.round + 1}, not ${events.round}`, "PB-LENGTH");
  if (state.round > 0 && state.turnsThisRound < 2) fail(["round"], `battle round ${state.round} is not over: each player takes one turn per round`, "PB-LENGTH");

  const round = events.round;
  const second = opponentOf(events.first);
  const notes: Note[] = [];
  const next: ScoringState = { ...state, round, first: events.first, turnsThisRound: 0, alphaRoll: null, vantagePoint: null, placed: { ...state.placed }, removed: [...state.removed] };

  // PB-BP-03: command points are received before the new vantage point is picked, so last round's counts.
  const last = state.history.at(-1);
  if (plan.vantagePoint && state.vantagePoint && last) {
    for (const side of SIDES) {
      if (vantagePointCommandPoints(state.vantagePoint, last.control[side]) === 1) {
        notes.push({ ruleId: "PB-BP-03", commandPoint: side, text: `First Blood: the ${side} controls the vantage point (${state.vantagePoint}) and receives 1 extra command point` });
      }
    }
  }

  // The map: PB-BP-08 moves and removals, PB-BP-12 set-up from 2D6.
  const rolls = events.veinsRolls ?? {};
  if (Object.keys(rolls).length > 0 && !plan.rollLines) fail(["veinsRolls"], `${plan.name} sets up no objectives from 2D6 rolls (The Veins of Ghur only)`, "PB-BP-12");
  const mapEvents = mapEventsAtRoundStart(plan, round);
  for (const id of Object.keys(rolls)) {
    if (!mapEvents.some((e) => e.kind === "set-up" && e.objective === id)) {
      const o = plan.objectives.find((x) => x.id === id);
      fail(["veinsRolls", id], o ? `${id} is set up at the start of round ${o.setUpInRound}, not round ${round}` : `no objective "${id}" on ${plan.name}`, "PB-BP-12");
    }
  }
  for (const e of mapEvents) {
    if (e.kind === "set-up" && e.at === null && rolls[e.objective] !== undefined) {
      const at = veinsPosition(plan, e.objective, rolls[e.objective]!);
      next.placed[e.objective] = at;
      notes.push({ ruleId: e.ruleId, text: `${plan.name}: objective ${e.objective} is set up where its line crosses line ${rolls[e.objective]} (${at.x}", ${at.y}")` });
    } else {
      notes.push({ ruleId: e.ruleId, text: e.text });
    }
  }

  // PB-BP-06
  if (plan.alphaObjective) {
    if (events.alphaRoll === undefined) fail(["alphaRoll"], `${plan.name} needs the D3 rolled for the alpha objective at the start of each battle round`, "PB-BP-06");
    const alpha = alphaObjective(plan, events.alphaRoll);
    const betas = betaObjectives(plan, events.alphaRoll).map((o) => o.id);
    next.alphaRoll = events.alphaRoll;
    notes.push({ ruleId: "PB-BP-06", text: `${plan.name}: the D3 rolls ${events.alphaRoll}: ${alpha.id} is the alpha objective, ${betas.join(" and ")} the beta objectives` });
  } else if (events.alphaRoll !== undefined) {
    fail(["alphaRoll"], `${plan.name} has no alpha objective (Tectonic Interference only)`, "PB-BP-06");
  }

  // PB-REALM-SEISMIC: after priority is determined, by the player taking the second turn.
  if (events.seismicShift !== undefined && events.seismicShift !== null) {
    const why = whyNotSeismicShift(round, events.seismicShift, objectivesInPlay(plan, next));
    if (why) fail(["seismicShift"], why, "PB-REALM-SEISMIC");
    next.removed.push({ objective: events.seismicShift, round, by: second, reason: "seismic-shift" });
    notes.push({ ruleId: "PB-REALM-SEISMIC", text: `Seismic Shift: the ${second}, taking the second turn, removes ${events.seismicShift} from play` });
  } else if (events.seismicShift !== undefined && round !== 3) {
    fail(["seismicShift"], `Seismic Shift happens only at the start of the third battle round, not round ${round}`, "PB-REALM-SEISMIC");
  }

  // PB-BP-03
  if (events.vantagePoint !== undefined) {
    if (!plan.vantagePoint) fail(["vantagePoint"], `${plan.name} has no vantage point (First Blood only)`, "PB-BP-03");
    const why = whyNotInPlay(plan, next, events.vantagePoint);
    if (why) fail(["vantagePoint"], why, "PB-BP-03");
    next.vantagePoint = events.vantagePoint;
    notes.push({ ruleId: "PB-BP-03", text: `First Blood: the ${second}, taking the second turn, picks ${events.vantagePoint} as the vantage point` });
  }
  return { state: next, notes };
}
