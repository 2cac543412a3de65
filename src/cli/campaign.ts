/**
 * `tactica campaign`: a whole map campaign played AI against AI (the campaign's scripted policy on both
 * sides, every battle simulated by the AoS engine), printed turn by turn — orders, moves and their dice,
 * battles with their points and results, retreats and scatters, Banners, Influence — and the result.
 */
import { CAMPAIGN_USAGE } from "./usage.js";
import { loadCore } from "../core/wasm.js";
import { basename } from "node:path";
import { z } from "zod";
import { parseCommandArgs, seedOption } from "./args.js";
import { campaignCoverage, coverageBlock } from "./coverage.js";
import { bundledLibrary, bundledRosters, type WarscrollLibrary } from "../aos/armies/index.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { Rng } from "../core/rng.js";
import { type AgentKind, agentKindOf } from "../planner/agents.js";
import { budgetOption, budgetText } from "../planner/budget.js";
import { campaignAgent } from "../campaign/agents.js";
import { coachCampaign } from "../campaign/coach.js";
import { BattleTable } from "../campaign/search.js";
import { withReasons } from "./terminal/reasons.js";
import { printable } from "./text.js";
import { kernelRollout } from "../campaign/battles.js";
import type { LoadedGame } from "../saves/load.js";
import { type CampaignSetup, startCampaign } from "../saves/setups.js";
import { checkSaveFile, playAndSave, refuseBesideResume, resumeFrom, SAVE_ARGS, saveOptionFields, stoppedLine } from "./saves.js";
import {
  type CampaignConfig,
  campaignResult,
  CampaignState,
  DEFAULT_TURNS,
  everyUnitOf,
  INFLUENCE_MODES,
  influenceNow,
  MAX_TURNS,
  parseMap,
  PLAYERS,
  resolveCampaignArmy,
  territoriesOf,
} from "../campaign/index.js";
import { humanAgent, stateLogFeed, stdinLines } from "./human.js";
import { campaignView } from "./terminal/campaign.js";
import { humanSeats, playAtTerminal, tookBack } from "./terminal/session.js";
import { readJsonInput } from "./io.js";
import { loadListFile, playLibrary, readListBytes, withListWarscrolls } from "./lists.js";
import { bsdataOption, loadLibrary } from "./units.js";

/** The mcts agent's budget when --budget is not given: iterations, so a campaign is a function of its seed. */
const DEFAULT_BUDGET = "200";

/** Agent names (`policy` is the older name of `scripted`: agentKindOf). */
const AGENTS = ["scripted", "policy", "mcts", "random", "human"] as const;

const optionsSchema = z.strictObject({
  map: z.string().min(1).max(4096).optional(),
  a: z.string().min(1).max(4096).optional(),
  b: z.string().min(1).max(4096).optional(),
  seed: seedOption,
  turns: z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(MAX_TURNS, `must be at most ${MAX_TURNS}`).default(DEFAULT_TURNS),
  influence: z.enum(INFLUENCE_MODES).default("final"),
  agents: z
    .string()
    .max(40)
    .default("scripted,scripted")
    .transform((s) => s.split(",").map((x) => agentKindOf(x.trim())))
    .refine((xs) => xs.length === 2 && xs.every((x) => (AGENTS as readonly string[]).includes(x)), { message: `must be two of: ${AGENTS.join(", ")} (e.g. human,mcts)` }),
  budget: budgetOption(DEFAULT_BUDGET),
  bsdata: z.string().min(1).max(4096).optional(),
  json: z.boolean(),
  ...saveOptionFields,
});

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A bundled army's name, a roster / campaign army file, or an exported list (imported on the fly); the error names the option. */
async function loadCampaignArmy(ref: string | undefined, fallback: number, field: string, lists: ListsContext) {
  const bundled = bundledRosters();
  if (ref === undefined) return resolveCampaignArmy(bundled[fallback]!.roster, field, lists.library);
  const byName = bundled.find((r) => r.roster.name.toLowerCase() === ref.toLowerCase() || basename(r.file, ".json") === ref);
  if (byName) return resolveCampaignArmy(byName.roster, field, lists.library);
  if (!(await looksLikeJsonFile(ref))) {
    const l = await loadListFile(ref, lists.library, field);
    for (const w of l.warnings) process.stderr.write(`${field}: ${ref}: ${w}\n`);
    lists.library = withListWarscrolls(lists.library, [l]);
    return resolveCampaignArmy(l.json, field, lists.library);
  }
  let json: unknown;
  try {
    json = await readJsonInput(ref);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${field}: ${e.message} (a roster or campaign army file, or one of: ${bundled.map((r) => r.roster.name).join(", ")})`);
    throw e;
  }
  return resolveCampaignArmy(json, field, lists.library);
}

interface ListsContext {
  library: WarscrollLibrary;
}

async function looksLikeJsonFile(ref: string): Promise<boolean> {
  if (ref === "-") return true;
  try {
    return Buffer.from(await readListBytes(ref)).toString("utf8").trimStart().startsWith("{");
  } catch {
    return true; // readJsonInput says what is wrong with it
  }
}

export async function campaignCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { map: { type: "string" }, a: { type: "string" }, b: { type: "string" }, seed: { type: "string" }, turns: { type: "string" }, influence: { type: "string" }, bsdata: { type: "string" }, agents: { type: "string" }, budget: { type: "string" }, json: { type: "boolean", default: false }, ...SAVE_ARGS });
  if (positionals.length) throw new InputError(`unexpected argument "${positionals[0]!.slice(0, 60)}"\n${CAMPAIGN_USAGE}`);
  const opts = parseOrThrow(optionsSchema, { ...values, bsdata: bsdataOption(values.bsdata) }, "campaign");
  // Before anything is played: --save can be written and replaces nothing a user would lose.
  await checkSaveFile(opts, "campaign", [{ flag: "--map", file: opts.map }, { flag: "--a", file: opts.a }, { flag: "--b", file: opts.b }]);
  const game = opts.resume === undefined ? await newCampaign(opts) : await resumeCampaign(opts, values);
  let state = game.state;
  const config = state.config;
  const map = config.board.map;
  const options = state.data.options;
  // The --seed the campaign was started with (a save keeps it among its options).
  const seedGiven = opts.resume === undefined ? opts.seed : typeof game.saved?.options?.seed === "number" ? game.saved.options.seed : opts.seed;
  // The battles in the Wasm rollout kernel: the same battles as the TypeScript engine, several times faster.
  const core = await loadCore();
  config.rollout = kernelRollout(core);
  const agentNames = values.agents === undefined && game.saved?.agents ? parseOrThrow(optionsSchema.shape.agents, game.saved.agents.join(","), `${opts.resume}: agents`) : opts.agents;
  // A human player sees the campaign's log as it happens (on stderr), the map as text and each territory's
  // terrain, neighbours and Influence, and picks from the numbered choices; `u` takes a decision back in a fresh
  // campaign that is not being saved.
  const humanPlays = agentNames.includes("human");
  const io = { readLine: stdinLines(), prompt: (s: string) => void process.stderr.write(`${s}\n`) };
  const news = stateLogFeed((s: CampaignState) => s.data.log ?? null);
  const status = (s: CampaignState) => standing(s.config, s.data);
  const session = humanPlays && opts.resume === undefined && opts.save === undefined && opts["stop-after"] === undefined;
  // `?` asks the coach (the campaign search, src/campaign/coach.ts, its own table of battles); the mcts
  // player's decisions come with its search's reason (terminal/reasons.ts).
  const coachTable = new BattleTable(core);
  const coach = (s: CampaignState, player: number) => campaignCoachLines(s, player, coachTable);
  const human = humanAgent(io, news, undefined, "campaign", { ...campaignView(status), takeBack: session, coach, hotSeat: agentNames.every((n) => n === "human") });
  const agents = agentNames.map((n, i) => {
    if (n === "human") return human;
    const a = campaignAgent(n as AgentKind, opts.budget, core);
    return humanPlays ? withReasons(a, i, io.prompt, "of its lines won or ahead", "Influence margin") : a;
  });
  if (session) {
    const start = () => {
      const s = startCampaign(game.setup as never, game.seed).state;
      s.config.rollout = kernelRollout(core);
      // The decision RNG as newCampaign leaves it: the --seed stream after the campaign's own seed.
      const rng = new Rng(opts.seed);
      rng.nextU32();
      return { state: s, rng };
    };
    ({ state } = playAtTerminal({ start, agents: agents as never, humans: humanSeats(agentNames), onTakeBack: tookBack(io, news, status) }));
  } else {
    if (opts.resume !== undefined && humanPlays) io.prompt([`Resumed from ${opts.resume} after ${game.steps.length} steps; the last of the log:`, ...news(state).slice(-12)].join("\n"));
    const recording = { kind: "campaign" as const, state, rng: game.rng, setup: game.setup, seed: game.seed, steps: game.steps, agents: agentNames, options: { seed: seedGiven, agents: agentNames.join(","), ...(opts.resume ? { resume: opts.resume } : { turns: opts.turns, influence: opts.influence }) } };
    if (playAndSave(recording, agents as never, opts.save, opts["stop-after"])) {
      out([...(humanPlays ? news(state) : state.data.log!), "", stoppedLine("campaign", game.steps, opts.save)].join("\n"));
      return 0;
    }
  }
  const d = state.data;
  const result = campaignResult(config, d);
  // Every result that depends on abilities says which are not played (src/aos/abilities): each realm's army,
  // its reinforcements and Generals' warscrolls counted with its roster's.
  const abilities = campaignCoverage(config);
  if (opts.json) {
    out(
      JSON.stringify({
        seed: seedGiven,
        map: map.name,
        territories: map.territories.map((t) => t.id),
        armies: config.armies.map((a) => ({ name: a.name, faction: a.roster.faction, roster: a.roster.name })),
        options,
        hq: d.hq.map((h) => (h === null ? null : map.territories[h]!.id)),
        turns: d.history,
        result: { ...result, winnerName: result.winner === null ? null : config.armies[result.winner].name, turnsPlayed: d.turn, eliminated: d.eliminated },
        abilities,
        final: {
          owner: d.owner,
          razed: d.razed,
          fortified: d.fortified,
          banners: d.banners.map((b) => ({ ...b, at: b.at === null ? null : map.territories[b.at]!.id })),
        },
      }),
    );
    return 0;
  }
  const lines = [
    `Map campaign on ${map.name} (${map.territories.length} territories) — ${config.armies[0].name} (${config.armies[0].roster.faction}) against ${config.armies[1].name} (${config.armies[1].roster.faction}), seed ${seedGiven}, ${options.turns} turns, ${agentNames[0] === agentNames[1] && agentNames[0] === "scripted" ? "scripted policy on both sides" : `players ${agentNames.join(" vs ")}${agentNames.includes("mcts") ? ` (mcts: ${budgetText(opts.budget)} a decision)` : ""}`}`,
    "",
    ...(humanPlays ? news(state) : d.log!),
    "",
    "Final standing",
  ];
  for (const p of PLAYERS) {
    const mine = territoriesOf(d, p);
    const specials = mine.filter((t) => config.board.special[t]).map((t) => config.board.names[t]);
    lines.push(
      `  ${config.armies[p].name}: ${d.eliminated[p] ? "eliminated; " : ""}${plural(mine.length, "territory", "territories")}, ${plural(d.banners.filter((b) => b.owner === p).length, "Banner")}, Influence ${result.influence[p]}${options.influence === "per-turn" ? ` (holding ${influenceNow(config, d, p)} now)` : ""}${specials.length ? `; special sections: ${specials.join(", ")}` : ""}`,
    );
  }
  lines.push(`Result: ${result.winner === null ? "a draw" : `${config.armies[result.winner].name} wins`} — ${result.reason}`, ...coverageBlock(abilities));
  out(lines.join("\n"));
  return 0;
}

type CampaignOpts = z.output<typeof optionsSchema>;

/** A resolved campaign army as a save keeps it (a campaign army file; automatic reinforcements stay automatic). */
function armyJson(a: CampaignConfig["armies"][number]): unknown {
  return { name: a.name, roster: a.roster, ...(a.automatic ? {} : { reinforcements: a.reinforcements.map((r) => r.unit) }), generals: a.generals };
}

/**
 * A new campaign from the options: its setup (as a save keeps it) and the state. The campaign's own RNG is
 * seeded by the first draw of the --seed stream, which then goes on as the decision RNG.
 */
async function newCampaign(opts: CampaignOpts): Promise<LoadedGame<CampaignState>> {
  const mapJson = opts.map === undefined ? undefined : await readJsonInput(opts.map);
  if (mapJson !== undefined) parseMap(mapJson, opts.map!);
  const lists: ListsContext = { library: await loadLibrary(opts.bsdata, "bundled") };
  const armies = [await loadCampaignArmy(opts.a, 0, "--a", lists), await loadCampaignArmy(opts.b, 1, "--b", lists)];
  // Only the warscrolls the armies name (rosters, reinforcements, Generals) go into the save.
  const rosters = armies.map(everyUnitOf);
  const library = lists.library === bundledLibrary() ? undefined : playLibrary(rosters, lists.library);
  const setup: CampaignSetup = { a: armyJson(armies[0]!), b: armyJson(armies[1]!), turns: opts.turns, influence: opts.influence, ...(mapJson !== undefined ? { map: mapJson } : {}), ...(library ? { library } : {}) };
  const rng = new Rng(opts.seed);
  const seed = rng.nextU32();
  return { kind: "campaign", state: startCampaign(setup, seed).state, rng, setup, seed, steps: [] };
}

/** --resume FILE: a saved campaign; the options that set a campaign up come from the file. */
async function resumeCampaign(opts: CampaignOpts, values: Record<string, unknown>): Promise<LoadedGame<CampaignState>> {
  refuseBesideResume(values, ["map", "a", "b", "turns", "influence", "bsdata"]);
  return (await resumeFrom(opts.resume!, "campaign", opts.seed, values.seed !== undefined)) as LoadedGame<CampaignState>;
}

/** `?` at the terminal: the campaign coach's top 3 for this decision (200 iterations, seeded). */
export function campaignCoachLines(s: CampaignState, player: number, table: BattleTable): string[] {
  const r = coachCampaign(s, player, { iterations: 200 }, 1, table);
  return [`Coach (${r.iterations} iterations; battles drawn from a table of real ones):`, ...r.moves.map((m, i) => `  ${i + 1}. ${printable(m.label)} — ${printable(m.reason)}`)];
}

/** What a human player sees on `s`: the turn, and each realm's territories, Banners and Influence. */
function standing(config: CampaignConfig, d: CampaignState["data"]): string[] {
  const lines = [`Campaign turn ${d.turn}`];
  for (const p of PLAYERS) {
    const mine = territoriesOf(d, p);
    lines.push(`${config.armies[p].name}: ${plural(mine.length, "territory", "territories")}, Influence ${influenceNow(config, d, p)}${d.eliminated[p] ? " (eliminated)" : ""}`);
    lines.push(`  territories: ${mine.map((t) => `${config.board.names[t]}${d.razed[t] ? " (razed)" : ""}${d.fortified[t] ? " (fortified)" : ""}`).join(", ") || "none"}`);
    for (const b of d.banners.filter((x) => x.owner === p)) {
      // CAMP-RAZE: in the other realm's land it occupies it (it may Raze it; it takes it by holding a turn).
      const occupied = b.at !== null && d.owner[b.at] !== null && d.owner[b.at] !== p ? ` (occupying ${config.armies[d.owner[b.at]!].name}'s land${d.razed[b.at] ? ", Razed" : ""})` : "";
      lines.push(`  ${b.name}: ${b.at === null ? "scattered" : `in ${config.board.names[b.at]}${occupied}`}`);
    }
  }
  return lines;
}
