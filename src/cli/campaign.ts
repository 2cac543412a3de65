/**
 * `tactica campaign`: a whole map campaign played by two agents (scripted, mcts, random or human: the
 * scripted policy on both sides by default), every battle simulated by the AoS engine, printed turn by turn — orders, moves and their dice,
 * battles with their points and results, retreats and scatters, Banners, Influence — and the result.
 */
import { CAMPAIGN_USAGE } from "./usage.js";
import { loadCore } from "../core/wasm.js";
import { basename } from "node:path";
import { z } from "zod";
import { parseCommandArgs, seedOption } from "./args.js";
import { bundledLibrary, bundledRosters, type WarscrollLibrary } from "../aos/armies/index.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { Rng } from "../core/rng.js";
import { type AgentKind, agentKindOf, playOut } from "../planner/agents.js";
import { budgetOption, budgetText } from "../planner/budget.js";
import { campaignAgent } from "../campaign/agents.js";
import {
  boardOf,
  type CampaignConfig,
  campaignOptionsSchema,
  campaignResult,
  CampaignState,
  DEFAULT_TURNS,
  defaultMap,
  INFLUENCE_MODES,
  influenceNow,
  kernelRollout,
  MAX_TURNS,
  newCampaignData,
  parseMap,
  PLAYERS,
  resolveCampaignArmy,
  territoriesOf,
} from "../campaign/index.js";
import { humanAgent, logFeed, stdinLines } from "./human.js";
import { readJsonInput } from "./io.js";
import { loadListFile, readListBytes, withListWarscrolls } from "./lists.js";
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
  const { values, positionals } = parseCommandArgs(argv, { map: { type: "string" }, a: { type: "string" }, b: { type: "string" }, seed: { type: "string" }, turns: { type: "string" }, influence: { type: "string" }, bsdata: { type: "string" }, agents: { type: "string" }, budget: { type: "string" }, json: { type: "boolean", default: false } });
  if (positionals.length) throw new InputError(`unexpected argument "${positionals[0]!.slice(0, 60)}"\n${CAMPAIGN_USAGE}`);
  const opts = parseOrThrow(optionsSchema, { ...values, bsdata: bsdataOption(values.bsdata) }, "campaign");
  const map = opts.map === undefined ? defaultMap() : parseMap(await readJsonInput(opts.map), opts.map);
  const lists: ListsContext = { library: await loadLibrary(opts.bsdata, "bundled") };
  const armies: CampaignConfig["armies"] = [await loadCampaignArmy(opts.a, 0, "--a", lists), await loadCampaignArmy(opts.b, 1, "--b", lists)];
  const config: CampaignConfig = { board: boardOf(map), armies, ...(lists.library !== bundledLibrary() ? { library: lists.library } : {}) };
  // The battles in the Wasm rollout kernel: the same battles as the TypeScript engine, several times faster.
  const core = await loadCore();
  config.rollout = kernelRollout(core);
  if (config.armies[0].name === config.armies[1].name) config.armies[1] = { ...config.armies[1], name: `${config.armies[1].name} (2)` };
  const options = campaignOptionsSchema.parse({ turns: opts.turns, influence: opts.influence, battles: "simulated", log: true });
  const rng = new Rng(opts.seed);
  const state = new CampaignState(config, newCampaignData(config, options), new Rng(rng.nextU32()));
  // A human player sees the campaign's log as it happens (on stderr) and picks from the numbered choices.
  const news = logFeed(() => state.data.log ?? null);
  const human = humanAgent({ readLine: stdinLines(), prompt: (s) => void process.stderr.write(`${s}\n`) }, news, () => standing(config, state.data), "campaign");
  const agents = opts.agents.map((n) => (n === "human" ? human : campaignAgent(n as AgentKind, opts.budget, core)));
  playOut(state, agents as never, rng);
  const d = state.data;
  const result = campaignResult(config, d);
  if (opts.json) {
    out(
      JSON.stringify({
        seed: opts.seed,
        map: map.name,
        territories: map.territories.map((t) => t.id),
        armies: config.armies.map((a) => ({ name: a.name, faction: a.roster.faction, roster: a.roster.name })),
        options,
        hq: d.hq.map((h) => (h === null ? null : map.territories[h]!.id)),
        turns: d.history,
        result: { ...result, winnerName: result.winner === null ? null : config.armies[result.winner].name, turnsPlayed: d.turn, eliminated: d.eliminated },
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
    `Map campaign on ${map.name} (${map.territories.length} territories) — ${config.armies[0].name} (${config.armies[0].roster.faction}) against ${config.armies[1].name} (${config.armies[1].roster.faction}), seed ${opts.seed}, ${opts.turns} turns, ${opts.agents[0] === opts.agents[1] && opts.agents[0] === "scripted" ? "scripted policy on both sides" : `players ${opts.agents.join(" vs ")}${opts.agents.includes("mcts") ? ` (mcts: ${budgetText(opts.budget)} a decision)` : ""}`}`,
    "",
    ...(opts.agents.includes("human") ? news() : d.log!),
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
  lines.push(`Result: ${result.winner === null ? "a draw" : `${config.armies[result.winner].name} wins`} — ${result.reason}`);
  out(lines.join("\n"));
  return 0;
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
