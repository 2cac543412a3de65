/**
 * `tactica battle`: plays a Pitched Battle between two armies with the given agents and prints the log and
 * the scoring sheet (PB-SCORESHEET); `--json` gives the full record (every decision, the sheet, the log).
 */
import { BATTLE_USAGE } from "./usage.js";
import { basename } from "node:path";
import { z } from "zod";
import { coverageLines, rosterCoverage } from "./coverage.js";
import { parseCommandArgs, seedOption } from "./args.js";
import { bundledLibrary, bundledRosters, type Roster, rosterSchema, validateRoster } from "../aos/armies/index.js";
import { BATTLEPLAN_IDS, battleplanFor, findBattleplan, rollBattleplan } from "../aos/battleplans/index.js";
import { pitchedBattleGame } from "../aos/battle/game.js";
import { scriptedPolicy } from "../aos/battle/policy.js";
import type { BattleData, TerrainFeature } from "../aos/battle/state.js";
import { terrainSchema } from "../aos/battle/terrain.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { Rng } from "../core/rng.js";
import { type Agent, playOut, randomAgent } from "../planner/agents.js";
import { humanAgent, logFeed, stdinLines } from "./human.js";
import { readJsonInput } from "./io.js";
import { loadArmies } from "./lists.js";
import { bsdataOption } from "./units.js";


const AGENTS: Record<string, Agent> = { policy: scriptedPolicy as Agent, random: randomAgent as Agent };
const AGENT_NAMES = [...Object.keys(AGENTS), "human"];

const optionsSchema = z.strictObject({
  plan: z.string().min(1).max(60).default("roll"),
  a: z.string().min(1).max(4096).optional(),
  b: z.string().min(1).max(4096).optional(),
  seed: seedOption,
  agents: z
    .string()
    .default("policy,random")
    .transform((s) => s.split(",").map((x) => x.trim()))
    .refine((xs) => xs.length === 2 && xs.every((x) => AGENT_NAMES.includes(x)), { message: `must be two of: ${AGENT_NAMES.join(", ")} (e.g. policy,random or human,policy)` }),
  terrain: z.string().min(1).max(4096).optional(),
  bsdata: z.string().min(1).max(4096).optional(),
  json: z.boolean(),
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
  const { values, positionals } = parseCommandArgs(argv, { plan: { type: "string" }, a: { type: "string" }, b: { type: "string" }, seed: { type: "string" }, agents: { type: "string" }, terrain: { type: "string" }, bsdata: { type: "string" }, json: { type: "boolean", default: false } });
  if (positionals.length) throw new InputError(`unexpected argument "${positionals[0]!.slice(0, 60)}"\n${BATTLE_USAGE}`);
  const opts = parseOrThrow(optionsSchema, { ...values, bsdata: bsdataOption(values.bsdata) }, "battle");
  const { rosters: [a, b], library } = await loadArmies([opts.a, opts.b], opts.bsdata);
  const terrain = await loadTerrain(opts.terrain);
  const rng = new Rng(opts.seed);
  let plan = opts.plan === "roll" ? null : findBattleplan(opts.plan);
  let planRoll: string | null = null;
  if (!plan) {
    const r = rollBattleplan(rng);
    plan = battleplanFor(r.table, r.planRoll);
    planRoll = `PB-BATTLEPLAN-ROLL: table roll ${r.tableRoll} (table ${r.table}), plan roll ${r.planRoll}`;
  }
  const state = pitchedBattleGame.newInitialState({ rosters: [a, b], battleplan: plan.id, log: true, ...(terrain ? { terrain } : {}), ...(library ? { library } : {}) }, rng.nextU32());
  // A human player sees the log as it happens (on stderr) and picks from the numbered choices.
  const news = logFeed(() => state.data.log ?? null);
  const io = { readLine: stdinLines(), prompt: (s: string) => void process.stderr.write(`${s}\n`) };
  const human = humanAgent(io, news, () => situation(state.data), "battle");
  const agents = opts.agents.map((n) => (n === "human" ? human : AGENTS[n]!));
  const steps = playOut(state, agents as never, rng, 100_000);
  const d = state.data;
  // Every result that depends on abilities says which are not played (src/aos/abilities).
  const abilities = [a, b].map((r) => rosterCoverage(r, library));
  if (opts.json) {
    out(JSON.stringify({ seed: opts.seed, battleplan: plan.id, planRoll, agents: opts.agents, armies: d.armies, attacker: d.attacker, terrain: d.terrain, result: d.end?.result ?? null, victoryPoints: d.victoryPoints, sheet: d.sheet, decisions: steps, log: d.log, abilities }));
  } else {
    // With a human at the table the log was shown during play: the rest of it, then the sheet.
    const log = opts.agents.includes("human") ? news() : d.log!;
    out([`${plan.name} — ${d.armies[0]} against ${d.armies[1]}, seed ${opts.seed}, agents ${opts.agents.join(" vs ")}`, ...(planRoll ? [planRoll] : []), "", ...log, "", ...formatSheet(d), "", ...coverageLines(abilities)].join("\n"));
  }
  return 0;
}

/** What a human player sees on `s`: round and score, command points, objectives and every unit. */
export function situation(d: BattleData): string[] {
  const when = d.round === 0 ? "Set-up" : `Battle round ${d.round}, ${d.armies[d.active]}'s turn`;
  const manifestations = new Set((d.manifestations?.units ?? []).map((r) => r.unit));
  const lines = [`${when} — VP ${d.victoryPoints[0]} : ${d.victoryPoints[1]}, command points ${d.commandPoints[0]} : ${d.commandPoints[1]}`];
  const held = Object.entries(d.control).map(([id, p]) => `${id} ${p === null ? "(nobody)" : `(${d.armies[p]})`}`);
  if (held.length) lines.push(`Objectives: ${held.join(", ")}`);
  for (const p of [0, 1] as const) {
    lines.push(`${d.armies[p]}:`);
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
