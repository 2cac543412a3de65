/**
 * `tactica coach FILE [--budget B] [--top K] [--seed S] [--json]`: "here is my position — what should I do,
 * and why?". FILE is a saved game (`--save`) or a position entered by hand (README "Saved games and
 * positions"); the coach searches the decision of the player to act and lists the top K choices with their
 * win probability (and, in AoS, expected VP difference) with 95% intervals, the visits behind them and a
 * one-line reason (AoS: src/aos/coach.ts; MESBG: src/mesbg/coach.ts).
 */
import { z } from "zod";
import { parseCommandArgs, seedOption } from "./args.js";
import { COACH_USAGE } from "./usage.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { loadCore } from "../core/wasm.js";
import { budgetOption, budgetText } from "../planner/budget.js";
import { CHANCE, SIMULTANEOUS } from "../planner/game.js";
import type { PitchedBattleState } from "../aos/battle/game.js";
import { coachAos, type CoachMove } from "../aos/coach.js";
import type { MesbgState } from "../mesbg/game.js";
import { coachMesbg, type MesbgCoachCheck } from "../mesbg/coach.js";
import { readSaveFile } from "../saves/file.js";
import { loadGame } from "../saves/load.js";
import { printable } from "./text.js";
import { positionWithLists } from "./position-lists.js";
import { coverageBlock, gameCoverage } from "./coverage.js";
import { bsdataOption } from "./units.js";

/** Iterations by default: the same file and seed give the same advice. */
export const DEFAULT_COACH_BUDGET = "2000";

const optionsSchema = z.strictObject({
  budget: budgetOption(DEFAULT_COACH_BUDGET),
  top: z.coerce.number<string>().int("must be a whole number").min(1, "must be at least 1").max(20, "must be at most 20").default(3),
  seed: seedOption,
  a: z.string().min(1).max(4096).optional(),
  b: z.string().min(1).max(4096).optional(),
  bsdata: z.string().min(1).max(4096).optional(),
  json: z.boolean(),
});

interface Move {
  action: number;
  label: string;
  winProbability: number;
  winInterval: [number, number];
  expectedVpDiff: number | null;
  vpInterval: [number, number] | null;
  visits: number;
  reason: string;
}

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(0)}%` : "—");

export async function coachCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    budget: { type: "string" }, top: { type: "string" }, seed: { type: "string" }, a: { type: "string" }, b: { type: "string" }, bsdata: { type: "string" }, json: { type: "boolean", default: false },
  });
  if (positionals.length !== 1) throw new InputError(`coach: give one file (a saved game or a position)\n${COACH_USAGE}`);
  const file = positionals[0]!;
  const opts = parseOrThrow(optionsSchema, { ...values, bsdata: bsdataOption(values.bsdata) }, "coach");
  // A position's armies may be exported lists or roster files (issue 13); --a / --b replace them.
  const json = await positionWithLists(await readSaveFile(file), file, [opts.a, opts.b], { dir: opts.bsdata, given: values.bsdata !== undefined }, (w) => void process.stderr.write(`${w}\n`));
  const game = loadGame(json, opts.seed, undefined, file);
  const state = game.state;
  if (state.isTerminal()) throw new InputError(`${file}: the game is over; there is nothing to advise (tactica review is for finished games)`);
  let player = state.currentPlayer();
  if (player === CHANCE || player === SIMULTANEOUS)
    throw new InputError(`${file}: the game stands at ${player === CHANCE ? "a roll of the dice" : "simultaneous orders"}, not a player's decision; the coach advises AoS and MESBG decisions`);
  const core = await loadCore();
  let moves: Move[];
  let decision: string;
  let line: string[] = [];
  let iterations = 0;
  let check: MesbgCoachCheck | null = null;
  if (game.kind === "aos") {
    const r = coachAos(core, state as PitchedBattleState, { budget: opts.budget, top: opts.top, seed: opts.seed });
    moves = r.moves.map((m: CoachMove) => pick(m as unknown as Move & Record<string, unknown>));
    decision = `round ${r.round}, ${r.decision}`;
    line = r.principalLine.map((l) => l.label);
    iterations = r.iterations;
    player = r.player;
  } else if (game.kind === "mesbg") {
    const r = coachMesbg(core, state as MesbgState, { budget: opts.budget, top: opts.top, seed: opts.seed });
    moves = r.moves.map((m) => pick(m as unknown as Move & Record<string, unknown>));
    decision = `turn ${r.turn}`;
    line = r.principalLine;
    iterations = r.iterations;
    check = r.check;
  } else throw new InputError(`${file}: the coach advises AoS and MESBG games (a campaign's orders are simultaneous)`);
  // Every result that depends on abilities says which are not played (src/aos/abilities): the advice too.
  const abilities = gameCoverage(game);
  if (opts.json) {
    out(JSON.stringify({ game: game.kind, player, decision, budget: budgetText(opts.budget), iterations, moves, principalLine: line, ...(game.kind === "aos" ? { abilities } : { check }) }));
    return 0;
  }
  const rows = moves.map((m, i) => {
    const vp = m.expectedVpDiff === null ? "" : `, VP ${m.expectedVpDiff >= 0 ? "+" : ""}${m.expectedVpDiff.toFixed(1)} [${m.vpInterval![0].toFixed(1)}, ${m.vpInterval![1].toFixed(1)}]`;
    return [`${i + 1}. ${printable(m.label)}`, `   win ${pct(m.winProbability)} [${pct(m.winInterval[0])}, ${pct(m.winInterval[1])}]${vp}, ${m.visits} visits`, `   ${printable(m.reason)}`].join("\n");
  });
  // Numbered as the game numbers its players (battle and mesbg say "Player 1" of the first), with the army's name.
  const side = game.kind === "aos" ? (state as PitchedBattleState).data.armies[player] : (state as MesbgState).data.forces[player]?.name;
  out([`Coach: ${game.kind === "aos" ? "Pitched Battle" : "MESBG"}, Player ${player + 1}${side ? ` (${printable(side)})` : ""} to decide (${decision}); ${budgetText(opts.budget)}, ${iterations} searched`, "", ...rows, ...coverageBlock(abilities)].join("\n"));
  return 0;
}

function pick(m: Move & Record<string, unknown>): Move {
  const { action, label, winProbability, winInterval, expectedVpDiff, vpInterval, visits, reason } = m;
  return { action, label, winProbability, winInterval, expectedVpDiff, vpInterval, visits, reason };
}
