/**
 * `--save FILE`, `--resume FILE` and `--stop-after N` for `tactica battle|mesbg|campaign` (issue 11,
 * "Positions"): the options, loading the file to resume from, and the save the game writes (src/saves).
 */
import { z } from "zod";
import { InputError } from "../core/errors.js";
import type { Rng } from "../core/rng.js";
import type { Agent } from "../planner/agents.js";
import type { GameState } from "../planner/game.js";
import { readSaveFile, writeJsonAtomic } from "../saves/file.js";
import { checkOutputs, type InputFile, peekJson } from "./output-file.js";
import { dirname, isAbsolute, resolve } from "node:path";
import { positionWithLists } from "./position-lists.js";
import { POSITION_FORMAT } from "../saves/aos-position.js";
import { bsdataOption } from "./units.js";
import { type GameKind, MAX_SAVE_BYTES, MAX_STEPS, SAVE_FORMAT, type SavedGame, stateSnapshot, type Step } from "../saves/format.js";
import { type LoadedGame, loadGame } from "../saves/load.js";
import { playRecorded } from "../saves/play.js";

/** The parseArgs entries of the three options. */
export const SAVE_ARGS = { save: { type: "string" }, resume: { type: "string" }, "stop-after": { type: "string" }, force: { type: "boolean", default: false } } as const;

/** Their zod fields, for each command's options schema. */
export const saveOptionFields = {
  save: z.string().min(1).max(4096).optional(),
  resume: z.string().min(1).max(4096).optional(),
  "stop-after": z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, `must be a whole number from 0 to ${MAX_STEPS}`)
    .pipe(z.coerce.number<string>().max(MAX_STEPS, `must be a whole number from 0 to ${MAX_STEPS}`))
    .optional(),
  /** --force: --save may replace an existing file that is not a save of this game (never an input, never a folder). */
  force: z.boolean(),
};

/** With --resume the setup comes from the file: the options that set a game up are refused beside it. */
export function refuseBesideResume(values: Record<string, unknown>, setupOptions: readonly string[]): void {
  for (const o of setupOptions) {
    if (values[o] !== undefined) throw new InputError(`--${o}: cannot be combined with --resume (the game's set-up is in the file)`);
  }
}

/** An existing file --save may replace without --force: a tactica save of the same game (the --resume file of the normal workflow among them). */
export async function isSaveOf(file: string, kind: GameKind): Promise<boolean> {
  const json = (await peekJson(file, MAX_SAVE_BYTES)) as { format?: unknown; version?: unknown; game?: unknown } | undefined;
  return json !== null && typeof json === "object" && json.format === SAVE_FORMAT && json.version === 1 && json.game === kind;
}

/**
 * Before the game starts: --save must be a file that can be written and that holds nothing to lose — not a
 * folder, not an input of the run (`inputs`: the armies, forces, map, terrain; the --resume file is not among
 * them: resuming and saving to the same save is the normal workflow), and, unless --force, either new or a
 * save of the same game. Exit 2 naming --save (or --force given without --save).
 */
export async function checkSaveFile(opts: { save?: string | undefined; resume?: string | undefined; force: boolean }, kind: GameKind, inputs: readonly InputFile[]): Promise<void> {
  if (opts.save !== undefined && opts.resume !== undefined) inputs = [...inputs, ...(await positionListFiles(opts.resume))];
  const what = `a tactica ${kind === "aos" ? "battle" : kind} save (format "${SAVE_FORMAT}", game "${kind}")`;
  await checkOutputs([{ flag: "--save", file: opts.save, replaces: { what, test: (f) => isSaveOf(f, kind) } }], inputs, opts.force);
}

/**
 * The list files an AoS position names as its armies (read beside it: position-lists.ts), inputs of the run
 * like --a / --b; none for a save, a bundled army's name, or a file that is no position.
 */
async function positionListFiles(file: string): Promise<InputFile[]> {
  if (file === "-") return [];
  const json = (await peekJson(file, MAX_SAVE_BYTES)) as { format?: unknown; armies?: unknown } | undefined;
  if (json === null || typeof json !== "object" || json.format !== POSITION_FORMAT || !Array.isArray(json.armies)) return [];
  return json.armies.flatMap((ref, i) => (typeof ref === "string" ? [{ flag: `${file}: armies[${i}]`, file: isAbsolute(ref) ? ref : resolve(dirname(file), ref) }] : []));
}

/** The saved game or position in `file`, replayed to its decision (exit 2 naming the field if it is not one). */
export async function resumeFrom(file: string, kind: GameKind, seed: number, seedGiven = false): Promise<LoadedGame> {
  const raw = await readSaveFile(file);
  // A saved game carries its dice (the generator's state); a --seed beside it would be ignored, so it is refused.
  const format = raw !== null && typeof raw === "object" ? (raw as { format?: unknown }).format : undefined;
  if (seedGiven && format === SAVE_FORMAT) throw new InputError(`--seed: cannot be combined with --resume of a saved game (${file} carries its own dice); --seed sets the dice of a position (format "${POSITION_FORMAT}")`);
  // A position's armies may be exported lists or roster files (issue 13: src/cli/position-lists.ts).
  const json = await positionWithLists(raw, file, [undefined, undefined], { dir: bsdataOption(undefined), given: false }, (w) => void process.stderr.write(`${w}\n`));
  return loadGame(json, seed, kind, file);
}

export interface Recording<S extends GameState<S>> {
  kind: GameKind;
  state: S;
  rng: Rng;
  setup: unknown;
  seed: number;
  steps: Step[];
  agents: readonly string[];
  /** The command's options as given, kept in the file for the reader. */
  options: Record<string, string | number | boolean | null>;
}

/** The save of the game as it stands. */
export function savedGame<S extends GameState<S>>(r: Recording<S>): SavedGame {
  const human = r.agents.indexOf("human");
  return {
    format: SAVE_FORMAT,
    version: 1,
    game: r.kind,
    human: human === 1 ? 1 : 0,
    setup: r.setup,
    seed: r.seed,
    steps: r.steps,
    rng: r.rng.state() as [number, number, number, number],
    agents: [r.agents[0]!, r.agents[1]!],
    options: r.options,
    state: stateSnapshot(r.kind, r.state),
    savedAt: new Date().toISOString(),
  };
}

/**
 * Plays the recording's game on with `agents` (writing `save` while a human plays and at the end, also when
 * the game stops early or a human quits); true if it stopped at --stop-after.
 */
export function playAndSave<S extends GameState<S>>(r: Recording<S>, agents: readonly Agent<S>[], save: string | undefined, stopAfter: number | undefined): boolean {
  const write = save === undefined ? undefined : () => writeJsonAtomic(save, savedGame(r));
  // A human's `q` or the end of their input throws: the save written before they were asked stands.
  const stopped = playRecorded(r.state, agents, r.rng, r.steps, { humans: r.agents.map((a) => a === "human"), ...(stopAfter !== undefined ? { stopAfter } : {}), ...(write ? { save: write } : {}) });
  write?.();
  return stopped;
}

/** The line a stopped game ends with. */
export function stoppedLine(command: string, steps: readonly Step[], save: string | undefined): string {
  const decisions = steps.filter((s) => s.player >= 0).length;
  return save === undefined
    ? `Stopped after ${decisions} decisions (--stop-after); nothing saved (give --save FILE to continue it later).`
    : `Stopped after ${decisions} decisions (--stop-after); saved in ${save}: tactica ${command} --resume ${save} plays on.`;
}
