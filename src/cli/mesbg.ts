/** `tactica mesbg [--a FILE] [--b FILE] [--seed S] [--agents A,B] [--budget B] [--turns N] [--json]`: play The Forces Clash. */
import { MESBG_USAGE } from "./usage.js";
import { join } from "node:path";
import { z } from "zod";
import { parseCommandArgs, seedOption } from "./args.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { type Agent, type AgentKind, agentKindOf } from "../planner/agents.js";
import { budgetOption } from "../planner/budget.js";
import { type Core, loadCore } from "../core/wasm.js";
import { coachMesbg } from "../mesbg/coach.js";
import { withReasons } from "./terminal/reasons.js";
import { printable } from "./text.js";
import { mesbgAgent } from "../mesbg/agents.js";
import type { LoadedGame } from "../saves/load.js";
import { startMesbg } from "../saves/setups.js";
import { checkSaveFile, playAndSave, refuseBesideResume, resumeFrom, SAVE_ARGS, saveOptionFields, stoppedLine } from "./saves.js";
import { MAX_TURNS_LIMIT, type MesbgState } from "../mesbg/game.js";
import { parseForce } from "../mesbg/profiles.js";
import { DEFAULT_MAX_TURNS, survivingShare } from "../mesbg/scenario.js";
import { humanAgent, stateLogFeed, stdinLines } from "./human.js";
import { mesbgView } from "./terminal/mesbg.js";
import { humanSeats, playAtTerminal, tookBack } from "./terminal/session.js";
import { readJsonInput } from "./io.js";


const DATA = join(import.meta.dirname, "../../data/mesbg");
const agentName = z
  .enum(["scripted", "policy", "random", "mcts", "human"], { message: 'must be "scripted" (or "policy"), "random", "mcts" or "human"' });

const optionsSchema = z.strictObject({
  a: z.string().min(1).default(join(DATA, "minas-tirith.json")),
  b: z.string().min(1).default(join(DATA, "mordor.json")),
  seed: seedOption,
  agents: z
    .string()
    .default("policy,policy")
    .transform((s) => s.split(","))
    .pipe(z.tuple([agentName, agentName], { message: "give two agents, e.g. mcts,scripted" })),
  budget: budgetOption("200"),
  turns: z.coerce.number().int("must be a whole number").min(1).max(MAX_TURNS_LIMIT).default(DEFAULT_MAX_TURNS),
  json: z.boolean(),
  ...saveOptionFields,
});


export async function mesbgCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
      a: { type: "string" },
      b: { type: "string" },
      seed: { type: "string" },
      agents: { type: "string" },
      budget: { type: "string" },
      turns: { type: "string" },
      json: { type: "boolean", default: false },
      ...SAVE_ARGS,
    });
  if (positionals.length > 0) throw new InputError(`unexpected argument "${positionals[0]}"\n${MESBG_USAGE}`);
  const opts = parseOrThrow(optionsSchema, values, "mesbg");
  // Before anything is played: --save can be written and replaces nothing a user would lose (the forces' files, the default ones too).
  await checkSaveFile(opts, "mesbg", [{ flag: "--a", file: opts.a }, { flag: "--b", file: opts.b }]);
  const game = opts.resume === undefined ? await newMesbg(opts) : await resumeMesbg(opts, values);
  const agentNames = values.agents === undefined && game.saved?.agents ? parseOrThrow(optionsSchema.shape.agents, game.saved.agents.join(","), `${opts.resume}: agents`) : opts.agents;
  // A human player sees the log as it happens (on stderr), the models on a text map, the choices in numbers,
  // and picks from the numbered choices; `u` takes a decision back in a fresh game that is not being saved.
  const humanPlays = agentNames.includes("human");
  const io = { readLine: stdinLines(), prompt: (s: string) => void process.stderr.write(`${s}\n`) };
  const news = stateLogFeed((s: MesbgState) => s.data.events);
  const session = humanPlays && opts.resume === undefined && opts.save === undefined && opts["stop-after"] === undefined;
  // `?` asks the coach (the search, src/mesbg/coach.ts); the mcts player's decisions come with its search's reason.
  const core = agentNames.includes("mcts") || humanPlays ? await loadCore() : null;
  const human = humanAgent(io, news, undefined, "game", { ...mesbgView(situation), takeBack: session, hotSeat: agentNames.every((n) => n === "human"), coach: (s: MesbgState) => mesbgCoachLines(core, s) }) as Agent<MesbgState>;
  const agents = agentNames.map((n, i) => (n === "human" ? human : humanPlays ? withReasons(mesbgAgent(agentKindOf(n) as AgentKind, opts.budget, core), i, io.prompt) : mesbgAgent(agentKindOf(n) as AgentKind, opts.budget, core)));
  let state = game.state;
  let stopped = false;
  let steps: { player: number; action: number; text: string }[];
  if (session) {
    const start = () => {
      const s = startMesbg(game.setup as never, game.seed);
      return { state: s.state, rng: s.rng };
    };
    ({ state, steps } = playAtTerminal({ start, agents, humans: humanSeats(agentNames), onTakeBack: tookBack(io, news, situation) }));
  } else {
    if (opts.resume !== undefined && humanPlays) io.prompt([`Resumed from ${opts.resume} after ${game.steps.length} steps; the last of the log:`, ...news(state).slice(-12)].join("\n"));
    const recording = { kind: "mesbg" as const, state, rng: game.rng, setup: game.setup, seed: game.seed, steps: game.steps, agents: agentNames, options: { seed: opts.seed, agents: agentNames.join(","), ...(opts.resume ? { resume: opts.resume } : { a: opts.a, b: opts.b, turns: opts.turns }) } };
    stopped = playAndSave(recording, agents, opts.save, opts["stop-after"]);
    steps = game.steps.map(({ player, action, text }) => ({ player, action, text }));
  }
  const [a, b] = state.data.forces;
  if (stopped) {
    if (opts.json) out(JSON.stringify({ seed: game.seed, agents: agentNames, forces: [a.name, b.name], stopped: true, steps, events: state.data.events, final: state.toJSON() }));
    else out([...(humanPlays ? news(state) : state.data.events), "", stoppedLine("mesbg", game.steps, opts.save)].join("\n"));
    return 0;
  }
  const d = state.data;
  const result = d.result!;
  const survivors = [0, 1].map((s) => ({
    force: d.forces[s]!.name,
    strengthLeft: Math.round(1000 * survivingShare(state.st, s)) / 1000,
    models: d.models.filter((m) => m.side === s && m.alive).map((m) => ({ name: m.name, wounds: m.wounds, might: m.might, will: m.will, fate: m.fate })),
  }));
  const winner = result.winner === -1 ? null : d.forces[result.winner]!.name;
  if (opts.json) {
    out(JSON.stringify({ seed: game.seed, agents: agentNames, forces: [a.name, b.name], result: { winner, reason: result.reason, turns: d.turn, returns: state.returns() }, survivors, steps, events: d.events, final: state.toJSON() }));
    return 0;
  }
  out(`${a.name} (${agentNames[0]}) against ${b.name} (${agentNames[1]}), The Forces Clash, seed ${game.seed}`);
  out("");
  // With a human at the table the log was shown during play: only the rest of it now.
  for (const e of humanPlays ? news(state) : d.events) out(e);
  out("");
  out(
    result.reason === "wiped out"
      ? winner
        ? `Result: ${winner} wins in turn ${d.turn} — the enemy is wiped out.`
        : `Result: a draw in turn ${d.turn} — both forces are wiped out.`
      : `Result: the turn cap (${d.maxTurns}) is reached — ${winner ? `${winner} is ahead` : "dead even"} on what survives.`,
  );
  for (const s of survivors) {
    out(`  ${s.force}: ${s.models.length} models left, ${Math.round(100 * s.strengthLeft)}% of its strength${s.models.length ? ` — ${s.models.map((m) => m.name + (m.wounds > 1 ? ` (${m.wounds} W)` : "")).join(", ")}` : ""}`);
  }
  return 0;
}

type MesbgOpts = z.output<typeof optionsSchema>;

/** A new game from the options: its setup (as a save keeps it) and the engine's state. */
async function newMesbg(opts: MesbgOpts): Promise<LoadedGame<MesbgState>> {
  const setup = { a: await readJsonInput(opts.a), b: await readJsonInput(opts.b), turns: opts.turns };
  parseForce(setup.a, opts.a);
  parseForce(setup.b, opts.b);
  return { kind: "mesbg", ...startMesbg(setup, opts.seed), setup, seed: opts.seed, steps: [] };
}

/** --resume FILE: a saved game or a position; the options that set a game up come from the file. */
async function resumeMesbg(opts: MesbgOpts, values: Record<string, unknown>): Promise<LoadedGame<MesbgState>> {
  refuseBesideResume(values, ["a", "b", "turns"]);
  return (await resumeFrom(opts.resume!, "mesbg", opts.seed, values.seed !== undefined)) as LoadedGame<MesbgState>;
}

/** `?` at the terminal: the coach's top 3 for this decision (500 iterations), with win probability and reason. */
export function mesbgCoachLines(core: Core | null, s: MesbgState): string[] {
  const r = coachMesbg(core, s, { budget: { iterations: 500 }, top: 3, seed: 1 });
  return [
    `Coach (${r.iterations} iterations):`,
    ...r.moves.map((m, i) => `  ${i + 1}. ${printable(m.label)} — ${printable(m.reason)}`),
  ];
}

/** What a human player sees on `s`: the turn, who has priority, and every model still standing. */
export function situation(state: MesbgState): string[] {
  const d = state.data;
  const st = state.st;
  const when = d.turn === 0 ? "Set-up" : `Turn ${d.turn} of at most ${d.maxTurns}${d.priority === -1 ? "" : `, ${d.forces[d.priority]!.name} has priority`}`;
  const lines = [`${when} — strength left ${[0, 1].map((s) => `${d.forces[s]!.name} ${Math.round(100 * survivingShare(st, s))}%`).join(", ")}`];
  for (const s of [0, 1] as const) {
    const alive = d.models.filter((m) => m.side === s && m.alive);
    lines.push(`${d.forces[s]!.name} (${alive.length} models):`);
    for (const m of alive) {
      const p = st.info(m).p;
      const stores = st.info(m).hero ? `, M/W/F ${m.might}/${m.will}/${m.fate}` : "";
      const flags = [m.prone ? "prone" : "", m.transfixed ? "transfixed" : "", m.terror === "failed" ? "frozen by Terror" : ""].filter(Boolean);
      lines.push(`  ${m.name} at (${m.x.toFixed(1)}, ${m.y.toFixed(1)}), ${m.wounds}/${p.wounds} W${stores}${flags.length ? ` [${flags.join(", ")}]` : ""}`);
    }
  }
  return lines;
}
