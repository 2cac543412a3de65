/**
 * `tactica campaign`: a whole map campaign played AI against AI (the campaign's scripted policy on both
 * sides, every battle simulated by the AoS engine), printed turn by turn — orders, moves and their dice,
 * battles with their points and results, retreats and scatters, Banners, Influence — and the result.
 */
import { CAMPAIGN_USAGE } from "./usage.js";
import { rolloutWasmOrTs } from "../aos/rollout/wasm.js";
import { loadCore } from "../core/wasm.js";
import { basename } from "node:path";
import { z } from "zod";
import { parseCommandArgs, seedOption } from "./args.js";
import { bundledLibrary, bundledRosters, type WarscrollLibrary } from "../aos/armies/index.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { Rng } from "../core/rng.js";
import { type Agent, playOut, randomAgent } from "../planner/agents.js";
import {
  boardOf,
  type CampaignConfig,
  campaignOptionsSchema,
  campaignPolicy,
  campaignResult,
  CampaignState,
  DEFAULT_TURNS,
  defaultMap,
  INFLUENCE_MODES,
  influenceNow,
  MAX_TURNS,
  newCampaignData,
  parseMap,
  PLAYERS,
  resolveCampaignArmy,
  territoriesOf,
} from "../campaign/index.js";
import { humanAgent, stateLogFeed, stdinLines } from "./human.js";
import { campaignView } from "./terminal/campaign.js";
import { humanSeats, playAtTerminal, tookBack } from "./terminal/session.js";
import { readJsonInput } from "./io.js";
import { loadListFile, readListBytes, withListWarscrolls } from "./lists.js";
import { bsdataOption, loadLibrary } from "./units.js";


const AGENTS = ["policy", "random", "human"] as const;

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
    .default("policy,policy")
    .transform((s) => s.split(",").map((x) => x.trim()))
    .refine((xs) => xs.length === 2 && xs.every((x) => (AGENTS as readonly string[]).includes(x)), { message: `must be two of: ${AGENTS.join(", ")} (e.g. human,policy)` }),
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
  const { values, positionals } = parseCommandArgs(argv, { map: { type: "string" }, a: { type: "string" }, b: { type: "string" }, seed: { type: "string" }, turns: { type: "string" }, influence: { type: "string" }, bsdata: { type: "string" }, agents: { type: "string" }, json: { type: "boolean", default: false } });
  if (positionals.length) throw new InputError(`unexpected argument "${positionals[0]!.slice(0, 60)}"\n${CAMPAIGN_USAGE}`);
  const opts = parseOrThrow(optionsSchema, { ...values, bsdata: bsdataOption(values.bsdata) }, "campaign");
  const map = opts.map === undefined ? defaultMap() : parseMap(await readJsonInput(opts.map), opts.map);
  const lists: ListsContext = { library: await loadLibrary(opts.bsdata, "bundled") };
  const armies: CampaignConfig["armies"] = [await loadCampaignArmy(opts.a, 0, "--a", lists), await loadCampaignArmy(opts.b, 1, "--b", lists)];
  const config: CampaignConfig = { board: boardOf(map), armies, ...(lists.library !== bundledLibrary() ? { library: lists.library } : {}) };
  // The battles in the Wasm rollout kernel: the same battles as the TypeScript engine, several times faster.
  const core = await loadCore();
  config.rollout = (s, seed) => rolloutWasmOrTs(core, s, seed);
  if (config.armies[0].name === config.armies[1].name) config.armies[1] = { ...config.armies[1], name: `${config.armies[1].name} (2)` };
  const options = campaignOptionsSchema.parse({ turns: opts.turns, influence: opts.influence, battles: "simulated", log: true });
  // The campaign as the seed starts it (again on a take-back, `u`: terminal/session.ts replays from here).
  const start = () => {
    const rng = new Rng(opts.seed);
    return { state: new CampaignState(config, newCampaignData(config, options), new Rng(rng.nextU32())), rng };
  };
  const first = start();
  let state = first.state;
  // A human player sees the campaign's log as it happens (on stderr) and picks from the numbered choices.
  const news = stateLogFeed((s: CampaignState) => s.data.log ?? null);
  if (opts.agents.includes("human")) {
    const io = { readLine: stdinLines(), prompt: (s: string) => void process.stderr.write(`${s}\n`) };
    const status = (s: CampaignState) => standing(config, s.data);
    const human = humanAgent(io, news, undefined, "campaign", campaignView(status));
    const agents = opts.agents.map((n) => (n === "human" ? human : n === "random" ? randomAgent : campaignPolicy)) as Agent<CampaignState>[];
    ({ state } = playAtTerminal({ start, agents, humans: humanSeats(opts.agents), onTakeBack: tookBack(io, news, status) }));
  } else playOut(state, opts.agents.map((n) => (n === "random" ? randomAgent : campaignPolicy)) as never, first.rng);
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
    `Map campaign on ${map.name} (${map.territories.length} territories) — ${config.armies[0].name} (${config.armies[0].roster.faction}) against ${config.armies[1].name} (${config.armies[1].roster.faction}), seed ${opts.seed}, ${opts.turns} turns, ${opts.agents[0] === opts.agents[1] && opts.agents[0] === "policy" ? "scripted policy on both sides" : `players ${opts.agents.join(" vs ")}`}`,
    "",
    ...(opts.agents.includes("human") ? news(state) : d.log!),
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
