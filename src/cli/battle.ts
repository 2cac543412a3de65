/**
 * `tactica battle`: plays a Pitched Battle between two armies with the given agents and prints the log and
 * the scoring sheet (PB-SCORESHEET); `--json` gives the full record (every decision, the sheet, the log).
 */
import { BATTLE_USAGE } from "./usage.js";
import { basename } from "node:path";
import { z } from "zod";
import { coverageBlock, gameCoverage } from "./coverage.js";
import { gamePointsWarning } from "../saves/coverage.js";
import { parseCommandArgs, seedOption } from "./args.js";
import { bundledLibrary, bundledRosters, type Roster, rosterSchema, validateRoster } from "../aos/armies/index.js";
import { battleplan, findBattleplan } from "../aos/battleplans/index.js";
import type { PitchedBattleState } from "../aos/battle/game.js";
import { aosAgent, DEFAULT_AOS_BUDGET } from "../aos/agents.js";
import type { BattleData, TerrainFeature } from "../aos/battle/state.js";
import { terrainSchema } from "../aos/battle/terrain.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { type AgentKind, agentKindOf } from "../planner/agents.js";
import { budgetOption } from "../planner/budget.js";
import { loadCore } from "../core/wasm.js";
import type { LoadedGame } from "../saves/load.js";
import { type AosSetup, startAos } from "../saves/setups.js";
import { humanAgent, stateLogFeed, stdinLines } from "./human.js";
import { aosView } from "./terminal/aos.js";
import { humanSeats, playAtTerminal, tookBack } from "./terminal/session.js";
import { coachAos } from "../aos/coach.js";
import { withReasons } from "./terminal/reasons.js";
import type { Core } from "../core/wasm.js";
import { readJsonInput } from "./io.js";
import { loadArmies } from "./lists.js";
import { checkSaveFile, playAndSave, refuseBesideResume, resumeFrom, SAVE_ARGS, saveOptionFields, stoppedLine } from "./saves.js";
import { bsdataOption } from "./units.js";


const AGENT_NAMES = ["scripted", "policy", "random", "mcts", "human"];

const optionsSchema = z.strictObject({
  plan: z.string().min(1).max(60).default("roll"),
  a: z.string().min(1).max(4096).optional(),
  b: z.string().min(1).max(4096).optional(),
  seed: seedOption,
  agents: z
    .string()
    .default("policy,random")
    .transform((s) => s.split(",").map((x) => x.trim()))
    .refine((xs) => xs.length === 2 && xs.every((x) => AGENT_NAMES.includes(x)), { message: `must be two of: ${AGENT_NAMES.join(", ")} (e.g. scripted,random or human,mcts)` }),
  budget: budgetOption(DEFAULT_AOS_BUDGET),
  terrain: z.string().min(1).max(4096).optional(),
  bsdata: z.string().min(1).max(4096).optional(),
  json: z.boolean(),
  ...saveOptionFields,
});

/** --terrain: a list of features, or a --json record of an earlier battle (its "terrain" field). */
async function loadTerrain(file: string | undefined): Promise<TerrainFeature[] | undefined> {
  if (file === undefined) return undefined;
  const json = await readJsonInput(file);
  const list = json !== null && typeof json === "object" && !Array.isArray(json) && "terrain" in json ? (json as { terrain: unknown }).terrain : json;
  return parseOrThrow(terrainSchema, list, "--terrain");
}

/** A roster file or a bundled army's name; illegal armies are refused (exit 2). */
export async function loadArmy(ref: string | undefined, fallback: number, field: string): Promise<Roster> {
  const bundled = bundledRosters();
  if (ref === undefined) return bundled[fallback]!.roster;
  const byName = bundled.find((r) => r.roster.name.toLowerCase() === ref.toLowerCase() || basename(r.file, ".json") === ref);
  if (byName) return byName.roster;
  let json: unknown;
  try {
    json = await readJsonInput(ref);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${field}: ${e.message} (a roster file, or one of: ${bundled.map((r) => r.roster.name).join(", ")})`);
    throw e;
  }
  const roster = parseOrThrow(rosterSchema, json, field);
  const report = validateRoster(roster, bundledLibrary());
  const v = report.violations[0];
  if (v) throw new InputError(`${field}: ${roster.name} is not a legal army: [${v.rule}] ${v.message} (tactica armies FILE lists every problem)`);
  return roster;
}

export async function battleCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { plan: { type: "string" }, a: { type: "string" }, b: { type: "string" }, seed: { type: "string" }, agents: { type: "string" }, budget: { type: "string" }, terrain: { type: "string" }, bsdata: { type: "string" }, json: { type: "boolean", default: false }, ...SAVE_ARGS });
  if (positionals.length) throw new InputError(`unexpected argument "${positionals[0]!.slice(0, 60)}"\n${BATTLE_USAGE}`);
  const opts = parseOrThrow(optionsSchema, { ...values, bsdata: bsdataOption(values.bsdata) }, "battle");
  // Before anything is played: --save can be written and replaces nothing a user would lose.
  await checkSaveFile(opts, "aos", [{ flag: "--a", file: opts.a }, { flag: "--b", file: opts.b }, { flag: "--terrain", file: opts.terrain }]);
  const game = opts.resume === undefined ? await newBattle(opts) : await resumeBattle(opts, values);
  // --agents, or the agents the saved game was played with.
  const agentNames = values.agents === undefined && game.saved?.agents ? parseOrThrow(optionsSchema.shape.agents, game.saved.agents.join(","), `${opts.resume}: agents`) : opts.agents;
  // A human player sees the log as it happens (on stderr), the battle in numbers and a map (terminal/), and
  // picks from the numbered choices; `?` asks the coach (the search), `u` takes a decision back.
  const humanPlays = agentNames.includes("human");
  const core = agentNames.includes("mcts") || humanPlays ? await loadCore() : null;
  const io = { readLine: stdinLines(), prompt: (s: string) => void process.stderr.write(`${s}\n`) };
  const news = stateLogFeed((s: PitchedBattleState) => s.data.log ?? null);
  // A fresh battle that is not being saved plays in the terminal session (take-back replays it from its seed);
  // a saved or resumed one is recorded decision by decision instead (saves.ts).
  const session = humanPlays && opts.resume === undefined && opts.save === undefined && opts["stop-after"] === undefined;
  const view = { ...aosView((s) => situation(s.data)), takeBack: session, hotSeat: agentNames.every((n) => n === "human"), ...(core ? { coach: (s: PitchedBattleState) => coachLines(core, s) } : {}) };
  const human = humanAgent(io, news, undefined, "battle", view);
  // At the table the mcts player's decisions come with its search's reason (terminal/reasons.ts).
  const agents = agentNames.map((n, i) => {
    if (n === "human") return human;
    const a = aosAgent(agentKindOf(n) as AgentKind, opts.budget, core);
    return humanPlays ? withReasons(a, i, io.prompt) : a;
  });
  let state = game.state;
  let stopped = false;
  let steps: { player: number; action: number; text: string }[];
  if (session) {
    const start = () => {
      const s = startAos(game.setup as AosSetup, game.seed);
      return { state: s.state, rng: s.rng };
    };
    ({ state, steps } = playAtTerminal({ start, agents: agents as never, humans: humanSeats(agentNames), onTakeBack: tookBack(io, news, (s: PitchedBattleState) => situation(s.data)), maxSteps: 100_000 }));
  } else {
    if (opts.resume !== undefined && humanPlays) io.prompt([`Resumed from ${opts.resume} after ${game.steps.length} steps; the last of the log:`, ...news(state).slice(-12)].join("\n"));
    const recording = { kind: "aos" as const, state, rng: game.rng, setup: game.setup, seed: game.seed, steps: game.steps, agents: agentNames, options: { seed: opts.seed, plan: opts.plan, agents: agentNames.join(","), ...(opts.resume ? { resume: opts.resume } : {}) } };
    stopped = playAndSave(recording, agents as never, opts.save, opts["stop-after"]);
    steps = game.steps.map(({ player, action, text }) => ({ player, action, text }));
  }
  const d = state.data;
  // Every result that depends on abilities says which are not played (src/aos/abilities).
  // Counted from the battle's own warscrolls, in its setup's library (a hand-entered position has no rosters).
  const abilities = gameCoverage(game as LoadedGame);
  // Armies of different sizes: said with the result, as the dashboard's Matchup says it (a position may have no rosters).
  const sizes = gamePointsWarning(game as LoadedGame);
  const plan = battleplan(d.battleplan);
  const planRoll = game.note ?? null;
  if (opts.json) {
    out(JSON.stringify({ seed: game.seed, battleplan: plan.id, planRoll, agents: agentNames, armies: d.armies, attacker: d.attacker, terrain: d.terrain, result: d.end?.result ?? null, victoryPoints: d.victoryPoints, sheet: d.sheet, decisions: steps, log: d.log, abilities, ...(stopped ? { stopped: true } : {}) }));
  } else {
    // With a human at the table the log was shown during play: the rest of it, then the sheet.
    const log = humanPlays ? news(state) : d.log!;
    const tail = stopped ? [stoppedLine("battle", game.steps, opts.save)] : formatSheet(d);
    out([`${plan.name} — ${d.armies[0]} against ${d.armies[1]}, seed ${game.seed}, agents ${agentNames.join(" vs ")}`, ...(planRoll ? [planRoll] : []), "", ...log, "", ...tail, ...(sizes ? ["", sizes] : []), ...coverageBlock(abilities)].join("\n"));
  }
  return 0;
}

type BattleOpts = z.output<typeof optionsSchema>;

/** A new battle from the options: its setup (as a save keeps it) and the engine's state. */
async function newBattle(opts: BattleOpts): Promise<LoadedGame<PitchedBattleState>> {
  const { rosters: [a, b], library } = await loadArmies([opts.a, opts.b], opts.bsdata);
  const terrain = await loadTerrain(opts.terrain);
  const setup: AosSetup = { a, b, battleplan: opts.plan === "roll" ? "roll" : findBattleplan(opts.plan).id, ...(terrain ? { terrain } : {}), ...(library ? { library } : {}) };
  let started: ReturnType<typeof startAos>;
  try {
    started = startAos(setup, opts.seed);
  } catch (e) {
    // Terrain that leaves a unit no room to set up (issue 17 item 14): named as the user wrote it.
    if (e instanceof InputError && opts.terrain !== undefined && e.message.startsWith("terrain: ")) throw new InputError(`--terrain ${opts.terrain}: ${e.message.slice(9)}`);
    throw e;
  }
  return { kind: "aos", ...started, setup, seed: opts.seed, steps: [] };
}

/** --resume FILE: a saved battle or a position; the options that set a battle up come from the file. */
async function resumeBattle(opts: BattleOpts, values: Record<string, unknown>): Promise<LoadedGame<PitchedBattleState>> {
  refuseBesideResume(values, ["plan", "a", "b", "terrain", "bsdata"]);
  return (await resumeFrom(opts.resume!, "aos", opts.seed, values.seed !== undefined)) as LoadedGame<PitchedBattleState>;
}

/** `?` at the terminal: the coach's top 3 for this decision (500 iterations), with win probability and reason. */
function coachLines(core: Core, s: PitchedBattleState): string[] {
  const r = coachAos(core, s, { budget: { iterations: 500 }, top: 3, seed: 1 });
  return [
    `Coach (${r.iterations} iterations):`,
    ...r.moves.map((m, i) => `  ${i + 1}. ${m.label} — ${Number.isFinite(m.winProbability) ? `${Math.round(100 * m.winProbability)}% to win` : "the only choice"}${m.reason && m.reason !== "the only choice" ? `; ${m.reason}` : ""}`),
  ];
}

/** What a human player sees on `s`: round and score, command points, objectives and every unit. */
export function situation(d: BattleData): string[] {
  const when = d.round === 0 ? "Set-up" : `Battle round ${d.round}, ${d.armies[d.active]}'s turn`;
  const manifestations = new Set((d.manifestations?.units ?? []).map((r) => r.unit));
  const lines = [`${when} — VP ${d.victoryPoints[0]} : ${d.victoryPoints[1]}, command points ${d.commandPoints[0]} : ${d.commandPoints[1]}`];
  const held = Object.entries(d.control).map(([id, p]) => `${id} ${p === null ? "(nobody)" : `(${d.armies[p]})`}`);
  if (held.length) lines.push(`Objectives: ${held.join(", ")}`);
  for (const p of [0, 1] as const) {
    const waiting = d.units.filter((u, i) => d.profiles[i]!.owner === p && u.status === "waiting").length;
    lines.push(`${d.armies[p]}:${waiting ? ` (${waiting} unit${waiting === 1 ? "" : "s"} still to set up)` : ""}`);
    d.units.forEach((u, i) => {
      const prof = d.profiles[i]!;
      if (prof.owner !== p || u.status === "waiting") return;
      const where =
        u.status === "deployed" ? `at (${u.x.toFixed(1)}, ${u.y.toFixed(1)})` : u.status === "reserve" ? "in reserve" : manifestations.has(i) ? "(a manifestation, not on the battlefield)" : "destroyed";
      const wounds = u.status === "deployed" ? `, ${u.models} model${u.models === 1 ? "" : "s"}${u.damage ? `, ${u.damage} damage` : ""}` : "";
      const tokens = u.tokens.length ? ` [${u.tokens.join(", ")}]` : "";
      lines.push(`  ${prof.name} ${where}${wounds}${tokens}`);
    });
  }
  return lines;
}

/** The scoring sheet: VP per turn for each army, the rules behind them, totals and the result. */
export function formatSheet(d: BattleData): string[] {
  const att = d.attacker!;
  const name = (p: number) => `${d.armies[p]} (${p === att ? "attacker" : "defender"})`;
  const lines = ["Scoring sheet (PB-SCORESHEET)", `  ${name(0)}  vs  ${name(1)}`];
  for (const t of d.sheet) {
    const vp = [0, 1].map((p) => t.lines.filter((l) => l.player === p).reduce((s, l) => s + l.victoryPoints, 0));
    const who = t.player === null ? "end of battle" : `round ${t.round}, ${d.armies[t.player]}'s turn`;
    const tactic = t.battleTactic ? ` — tactic ${t.battleTactic}: ${t.battleTacticCompleted ? "completed" : "not completed"}` : "";
    lines.push(`  ${who}: +${vp[0]} / +${vp[1]}${tactic}`);
    for (const l of t.lines) lines.push(`      ${d.armies[l.player]} +${l.victoryPoints} [${l.ruleId}] ${l.text}`);
  }
  lines.push(`  Total: ${d.victoryPoints[0]} to ${d.victoryPoints[1]}`);
  const r = d.end?.result;
  if (r) {
    const winner = r.winner === null ? null : r.winner === "attacker" ? att : 1 - att;
    // Worded as `tactica score` words it ("Major victory"); --json keeps the id ("major-victory").
    const outcome = r.outcome.charAt(0).toUpperCase() + r.outcome.slice(1).replace(/-/g, " ");
    lines.push(`  Result [${r.ruleId}]: ${outcome}${winner === null ? "" : ` for ${d.armies[winner]}`} — ${r.reason}`);
  }
  return lines;
}
