/**
 * The start of each battle round: command points, priority (PB-INITIATIVE, PB-ROLLOFF), the map's events
 * (The Vice, The Veins of Ghur), the alpha objective (PB-BP-06), Seismic Shift (PB-REALM-SEISMIC), the
 * vantage point (PB-BP-03) — then the first player's turn.
 */
import { mapEventsAtRoundStart, type Objective, objectivesOnBattlefield, seismicShiftChoices } from "../battleplans/index.js";
import { type RoundEventsInput, startRound as scoringStartRound } from "../scoring/index.js";
import type { Battle } from "./battle.js";
import { factionHook } from "./factions.js";
import type { Choice } from "./choice.js";
import { destroyReserves } from "./reserves.js";
import type { Player } from "./state.js";
import { beginTurn } from "./turn.js";

/** A new battle round: round 1's priority goes to who finished deploying first; later rounds roll off. */
export function startRound(b: Battle): void {
  const d = b.data;
  d.round += 1;
  d.turn = 0;
  // Start-of-round command points: 1 each (the seed assumes them without a number; see README).
  d.commandPoints[0] += 1;
  d.commandPoints[1] += 1;
  factionHook(b, "onRoundStart");
  // The round's dice, rolled now so that the choices below see the map as it will be.
  d.pending = { seismicShift: null, vantagePoint: null, raid: null, destroyed: [], alphaRoll: null, veinsRolls: {} };
  if (b.plan.alphaObjective) d.pending.alphaRoll = b.rollD3();
  for (const e of mapEventsAtRoundStart(b.plan, d.round)) if (e.kind === "set-up" && e.at === null) d.pending.veinsRolls[e.objective] = b.roll2D6();
  b.say(`— Battle round ${d.round} —`);
  // CORE-RESERVES: units still in reserve at the start of the fourth battle round are destroyed.
  destroyReserves(b);
  d.step = d.round === 1 ? { kind: "first-turn", player: d.deployedFirst ?? d.attacker! } : { kind: "priority-roll" };
}

/** PB-ROLLOFF: ties roll again, so each player wins priority with probability 1/2. */
export function priorityOutcome(b: Battle, winner: Player): void {
  b.say(`${b.data.armies[winner]} wins the priority roll-off.`);
  b.data.step = { kind: "first-turn", player: winner };
}

export function firstTurnChoices(chooser: Player): Choice[] {
  return [chooser, (1 - chooser) as Player].map((first) => ({
    label: first === chooser ? "take the first turn" : "give the opponent the first turn",
    tag: { kind: "first-turn", first } as const,
    apply(b: Battle) {
      b.data.active = first;
      b.say(`${b.data.armies[first]} takes the first turn of battle round ${b.data.round}.`);
      afterPriority(b);
    },
  }));
}

function baseEvents(b: Battle): RoundEventsInput {
  const d = b.data;
  return {
    round: d.round,
    first: b.side(d.active),
    ...(d.pending.alphaRoll !== null ? { alphaRoll: d.pending.alphaRoll } : {}),
    ...(Object.keys(d.pending.veinsRolls).length ? { veinsRolls: d.pending.veinsRolls } : {}),
  };
}

/** Objective ids on the battlefield once this round's map events happen (before Seismic Shift). */
function objectivesThisRound(b: Battle): Objective[] {
  const preview = scoringStartRound(b.data.scoring!, baseEvents(b)).state;
  const removed = new Set(preview.removed.map((r) => r.objective));
  return objectivesOnBattlefield(b.plan, b.data.round, removed).filter((o) => o.positions || preview.placed[o.id]);
}

function afterPriority(b: Battle): void {
  const second = (1 - b.data.active) as Player;
  if (b.data.round === 3 && seismicShiftChoices(objectivesThisRound(b)).length > 0) b.data.step = { kind: "seismic-shift", player: second };
  else if (b.plan.vantagePoint) b.data.step = { kind: "vantage-point", player: second };
  else finishRoundStart(b);
}

function afterSeismic(b: Battle): void {
  if (b.plan.vantagePoint) b.data.step = { kind: "vantage-point", player: (1 - b.data.active) as Player };
  else finishRoundStart(b);
}

export function seismicChoices(b: Battle): Choice[] {
  const remove = (id: string | null, label: string): Choice => ({
    label,
    tag: { kind: "seismic", objective: id },
    apply(bb) {
      bb.data.pending.seismicShift = id;
      afterSeismic(bb);
    },
  });
  return [remove(null, "remove no objective"), ...seismicShiftChoices(objectivesThisRound(b)).map((o) => remove(o.id, `Seismic Shift: remove ${o.id}`))];
}

export function vantageChoices(b: Battle): Choice[] {
  return objectivesThisRound(b)
    .filter((o) => o.id !== b.data.pending.seismicShift)
    .map((o) => ({
      label: `pick ${o.id} as the vantage point`,
      tag: { kind: "vantage", objective: o.id } as const,
      apply(bb: Battle) {
        bb.data.pending.vantagePoint = o.id;
        finishRoundStart(bb);
      },
    }));
}

function finishRoundStart(b: Battle): void {
  const d = b.data;
  const events: RoundEventsInput = {
    ...baseEvents(b),
    ...(d.pending.seismicShift !== null ? { seismicShift: d.pending.seismicShift } : {}),
    ...(d.pending.vantagePoint !== null ? { vantagePoint: d.pending.vantagePoint } : {}),
  };
  const { state, notes } = scoringStartRound(d.scoring!, events);
  d.scoring = state;
  for (const n of notes) {
    b.say(`${n.text} (${n.ruleId})`);
    if (n.commandPoint) d.commandPoints[b.playerOf(n.commandPoint)] += 1;
  }
  // Objectives that left the battlefield lose their controller (and new ones start uncontrolled).
  const inPlay = new Set(b.objectives().map((o) => o.id));
  for (const id of Object.keys(d.control)) if (!inPlay.has(id)) delete d.control[id];
  for (const id of inPlay) if (!(id in d.control)) d.control[id] = null;
  beginTurn(b, d.active);
}
