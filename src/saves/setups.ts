/**
 * What each game starts from, as a saved game's `setup` holds it, and the one function per game that starts
 * it: the CLI commands (`tactica battle|mesbg|campaign`), `--resume` and the dashboard (web/play/*-adapter.ts)
 * all start games here, so a game saved by one opens in the other and replays die for die.
 *
 * A setup is either the command's inputs in data (rosters or forces, the battleplan or map, the options) or
 * `{ position }`: a hand-entered position (aos-position.ts, mesbg-position.ts), played from its decision.
 *
 * Each start also returns the decision RNG a fresh game plays with in the CLI (the agents and the chance
 * rolls draw from it): `tactica battle` rolls the battleplan and the engine's seed from the --seed stream and
 * plays on with it; `tactica mesbg` and a position draw from `deriveSeed(seed, 1)`. (The dashboard draws
 * its own, `deriveSeed(seed, 1)`; a resumed game takes the saved one.)
 */
import { z } from "zod";
import { rosterSchema, validateRoster } from "../aos/armies/index.js";
import { battleplanFor, battleplanIdSchema, rollBattleplan } from "../aos/battleplans/index.js";
import { pitchedBattleGame, type PitchedBattleState } from "../aos/battle/game.js";
import { terrainSchema } from "../aos/battle/terrain.js";
import { boardOf, type CampaignConfig, campaignOptionsSchema, CampaignState, DEFAULT_TURNS, defaultMap, INFLUENCE_MODES, MAX_TURNS, newCampaignData, parseMap, resolveCampaignArmy } from "../campaign/index.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { deriveSeed, Rng } from "../core/rng.js";
import { MAX_TURNS_LIMIT, type MesbgState, newGame } from "../mesbg/game.js";
import { parseForce } from "../mesbg/profiles.js";
import { DEFAULT_MAX_TURNS } from "../mesbg/scenario.js";
import type { GameState } from "../planner/game.js";
import { aosPositionState } from "./aos-position.js";
import type { GameKind } from "./format.js";
import { libraryOf, playLibrarySchema } from "./library.js";
import { mesbgPositionState } from "./mesbg-position.js";

export const aosSetupSchema = z.strictObject({
  a: rosterSchema,
  b: rosterSchema,
  battleplan: z.union([battleplanIdSchema, z.literal("roll")]),
  /** A battlefield set up beforehand (--terrain); absent: the defender places it (PB-TERRAIN). */
  terrain: terrainSchema.optional(),
  /** Absent: the bundled data. */
  library: playLibrarySchema.optional(),
});
export type AosSetup = z.input<typeof aosSetupSchema>;

export const mesbgSetupSchema = z.strictObject({
  a: z.unknown(),
  b: z.unknown(),
  turns: z.number().int().min(1).max(MAX_TURNS_LIMIT).default(DEFAULT_MAX_TURNS),
});
export type MesbgSetup = z.input<typeof mesbgSetupSchema>;

export const campaignSetupSchema = z.strictObject({
  /** A roster, or a campaign army file ({ roster, reinforcements, generals }). */
  a: z.unknown(),
  b: z.unknown(),
  turns: z.number().int().min(1).max(MAX_TURNS).default(DEFAULT_TURNS),
  influence: z.enum(INFLUENCE_MODES).default("final"),
  /** Absent: the bundled map. */
  map: z.unknown().optional(),
  library: playLibrarySchema.optional(),
});
export type CampaignSetup = z.input<typeof campaignSetupSchema>;

export interface Started<S extends GameState<S>> {
  state: S;
  /** The decision RNG a fresh game plays with in the CLI. */
  rng: Rng;
  /** How the battleplan was rolled (PB-BATTLEPLAN-ROLL), when it was. */
  note?: string;
}

const isPosition = (setup: unknown): setup is { position: unknown } =>
  setup !== null && typeof setup === "object" && !Array.isArray(setup) && Object.keys(setup).length === 1 && "position" in setup;

/** A Pitched Battle (`tactica battle`): both rosters cross the roster schema and the army rules. */
export function startAos(setup: unknown, seed: number): Started<PitchedBattleState> {
  if (isPosition(setup)) return { state: aosPositionState(setup.position, seed, "setup: position"), rng: new Rng(deriveSeed(seed, 1)) };
  const s = parseOrThrow(aosSetupSchema, setup, "setup");
  const library = libraryOf(s.library);
  for (const [field, r] of [["a", s.a], ["b", s.b]] as const) {
    const v = validateRoster(r, library).violations[0];
    if (v) throw new InputError(`setup: ${field}: ${r.name} is not a legal army: [${v.rule}] ${v.message}`);
  }
  // As `tactica battle`: the battleplan roll (PB-BATTLEPLAN-ROLL) comes first from the seed's stream.
  const rng = new Rng(seed);
  let plan = s.battleplan;
  let note: string | undefined;
  if (plan === "roll") {
    const r = rollBattleplan(rng);
    plan = battleplanFor(r.table, r.planRoll).id;
    note = `PB-BATTLEPLAN-ROLL: table roll ${r.tableRoll} (table ${r.table}), plan roll ${r.planRoll}`;
  }
  const state = pitchedBattleGame.newInitialState({ rosters: [s.a, s.b], battleplan: plan, log: true, ...(s.terrain ? { terrain: s.terrain } : {}), ...(s.library ? { library } : {}) }, rng.nextU32());
  return { state, rng, ...(note ? { note } : {}) };
}

/** The Forces Clash (`tactica mesbg`). */
export function startMesbg(setup: unknown, seed: number): Started<MesbgState> {
  if (isPosition(setup)) return { state: mesbgPositionState(setup.position, seed, "setup: position"), rng: new Rng(deriveSeed(seed, 1)) };
  const s = parseOrThrow(mesbgSetupSchema, setup, "setup");
  return { state: newGame(parseForce(s.a, "setup: a"), parseForce(s.b, "setup: b"), seed, s.turns, true), rng: new Rng(deriveSeed(seed, 1)) };
}

/**
 * A map campaign (`tactica campaign`). `seed` is the campaign state's own RNG seed (the CLI derives it from
 * --seed: the first draw of its stream, which then goes on as the decision RNG).
 */
export function startCampaign(setup: unknown, seed: number): Started<CampaignState> {
  const s = parseOrThrow(campaignSetupSchema, setup, "setup");
  const library = libraryOf(s.library);
  const map = s.map === undefined ? defaultMap() : parseMap(s.map, "setup: map");
  const config: CampaignConfig = {
    board: boardOf(map),
    armies: [resolveCampaignArmy(s.a, "setup: a", library), resolveCampaignArmy(s.b, "setup: b", library)],
    ...(s.library ? { library } : {}),
  };
  if (config.armies[0].name === config.armies[1].name) config.armies[1] = { ...config.armies[1], name: `${config.armies[1].name} (2)` };
  const options = campaignOptionsSchema.parse({ turns: s.turns, influence: s.influence, battles: "simulated", log: true });
  return { state: new CampaignState(config, newCampaignData(config, options), new Rng(seed)), rng: new Rng(deriveSeed(seed, 1)) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const STARTERS: Record<GameKind, (setup: unknown, seed: number) => Started<any>> = { aos: startAos, mesbg: startMesbg, campaign: startCampaign };
