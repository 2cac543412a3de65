/**
 * CAMP-BATTLE: when Banners of both players stand in one territory after the moves, they fight — a Pitched
 * Battle, or in a special map section that section's own scenario (a battleplan named by the map).
 *
 * Each side's points (CAMP-GENERAL): 2,250, +200 if it stands in the territory it Fortified on an earlier
 * turn (CAMP-FORTIFY: the bonus counts from the turn after the order), +200 for each
 * Banner of its player in an adjacent territory that fights no battle this turn (one Banner may support
 * several battles around it; the seed sets no limit).
 *
 * Two ways to decide a battle:
 * - simulated: the AoS engine plays it with the scripted policy on both sides (src/aos/rollout/ts.ts), each
 *   side fielding its army at its points (armies.ts). The battleplan is the section's scenario, or rolled
 *   per PB-BATTLEPLAN-ROLL. The battle's seed is drawn from the campaign's RNG, so a campaign is a function
 *   of its seed.
 * - entered: the result is a chance node with nine outcomes (ENTERED_RESULTS: for each winner a major or
 *   minor victory, each a Massacre or not, and the draw), applied as the players enter it. For the
 *   planner's sampling the outcomes get a prior from the points: each side wins with 90% of its share of
 *   the points — 40% of it a Massacre (a major victory), 50% a major victory without one, 10% a minor
 *   victory (roughly the simulated battles of five default campaigns) — and a draw is 10%.
 *
 * The result (CAMP-RETREAT): the winner controls the territory (a fortification there is lost if it
 * changes hands); the loser retreats, or after a Massacre scatters (retreat.ts `massacreOf`: no unit left on
 * the battlefield, or twice the loser's VP and 10 more; an entered result says whether it was one); a draw
 * sends both Banners back and leaves control as it was.
 */
import { type BattleplanId, rollBattleplan } from "../aos/battleplans/index.js";
import { pitchedBattleGame, type PitchedBattleState } from "../aos/battle/game.js";
import { playPolicy, playSetUp, resultFromState } from "../aos/rollout/ts.js";
import type { RolloutResult } from "../aos/rollout/types.js";
import { rolloutsWasmCounted } from "../aos/rollout/wasm.js";
import type { Core } from "../core/wasm.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { deriveSeed, Rng } from "../core/rng.js";
import type { ChanceOutcome } from "../planner/game.js";
import { BANNER_POINTS, fieldArmy, FORTIFY_POINTS, SUPPORT_POINTS } from "./armies.js";
import { massacreByVictoryPoints, massacreOf, scatter } from "./retreat.js";
import { battleResultInputSchema } from "./schema.js";
import { type BattleRecord, type BattleResult, type CampaignConfig, type CampaignData, log, type Outcome, type Player, PLAYERS } from "./state.js";

const fmt = (n: number) => n.toLocaleString("en-GB");

/** The battles of this turn: every territory holding Banners of both players, in territory order. */
export function findBattles(config: CampaignConfig, d: CampaignData): BattleRecord[] {
  const board = config.board;
  const contested: number[] = [];
  for (let t = 0; t < board.n; t++) if (d.banners.some((b) => b.at === t && b.owner === 0) && d.banners.some((b) => b.at === t && b.owner === 1)) contested.push(t);
  return contested.map((t) => {
    const banners = PLAYERS.map((p) => d.banners.find((b) => b.at === t && b.owner === p)!.id) as [number, number];
    const supporters = PLAYERS.map((p) =>
      d.banners.filter((b) => b.owner === p && b.at !== null && board.adjacent[t]!.includes(b.at) && !contested.includes(b.at)).map((b) => b.id).sort((a, b) => a - b),
    ) as [number[], number[]];
    // CAMP-FORTIFY: the fortification is the Banner's that made it and has not moved since; it counts from
    // the turn after the order (the works are not ready the turn they are begun).
    const fortified = PLAYERS.map((p) => d.fortified[t] === true && d.owner[t] === p && d.fortifiedTurn[t]! < d.turn) as [boolean, boolean];
    const points = PLAYERS.map((p) => BANNER_POINTS + (fortified[p] ? FORTIFY_POINTS : 0) + SUPPORT_POINTS * supporters[p].length) as [number, number];
    return { territory: t, banners, points, fortified, supporters, controller: d.owner[t] ?? null, scenario: board.special[t]?.scenario ?? null, result: null };
  });
}

export function describeBattle(config: CampaignConfig, d: CampaignData, b: BattleRecord): string {
  const side = (p: Player) => {
    const banner = d.banners.find((x) => x.id === b.banners[p])!;
    const parts = [fmt(BANNER_POINTS), ...(b.fortified[p] ? [`Fortified ${FORTIFY_POINTS}`] : []), ...b.supporters[p].map((s) => `${d.banners.find((x) => x.id === s)!.name} supports ${SUPPORT_POINTS}`)];
    return `${banner.name} of ${config.armies[p].name} (${fmt(b.points[p])} points${parts.length > 1 ? `: ${parts.join(" + ")}` : ""})`;
  };
  const where = config.board.names[b.territory]!;
  const how = b.scenario ? `the special section's scenario, ${b.scenario}` : "a Pitched Battle";
  return `[CAMP-BATTLE] ${where}: ${side(0)} against ${side(1)} — ${how}`;
}

/** A simulated battle set up (CAMP-BATTLE): the armies fielded, the battleplan, the AoS set-up played by the policy. */
export interface BattleSetUp {
  state: PitchedBattleState;
  battleplan: BattleplanId;
  planRoll: string | null;
  armies: [string[], string[]];
}

/** The battle of `b` set up from `seed`: each side's army at its points, the plan (the section's or rolled), deployment. */
export function setUpBattle(config: CampaignConfig, d: CampaignData, b: BattleRecord, seed: number): BattleSetUp {
  const armies = PLAYERS.map((p) => {
    const banner = d.banners.find((x) => x.id === b.banners[p])!;
    return fieldArmy(config.armies[p], banner.general, banner.name, b.points[p], config.library);
  });
  let battleplan = b.scenario;
  let planRoll: string | null = null;
  if (!battleplan) {
    const r = rollBattleplan(new Rng(deriveSeed(seed, 2)));
    battleplan = r.battleplan;
    planRoll = `PB-BATTLEPLAN-ROLL: table ${r.table}, plan ${r.planRoll}`;
  }
  const state = playSetUp(pitchedBattleGame.newInitialState({ rosters: [armies[0]!.roster, armies[1]!.roster], battleplan, ...(config.library ? { library: config.library } : {}) }, seed));
  return { state, battleplan, planRoll, armies: [armies[0]!.units, armies[1]!.units] };
}

/** CAMP-BATTLE, simulated: the battle played by the AoS engine, each side with its army at its points. */
export function simulateBattle(config: CampaignConfig, d: CampaignData, b: BattleRecord, rng: Rng): BattleResult {
  const seed = rng.nextU32();
  const { state, battleplan, planRoll, armies } = setUpBattle(config, d, b, seed);
  const { result: res, massacre } = playBattle(config, state, deriveSeed(seed, 1));
  return { winner: res.winner, outcome: res.outcome, source: "simulated", battleplan, planRoll, victoryPoints: res.victoryPoints, armies, massacre };
}

/** Grand strategies a player completes only with a unit of its starting army on the battlefield at the end (PB-GS-02, 04, 05, 06, 07). */
const NEEDS_A_STANDING_UNIT: ReadonlySet<string> = new Set(["hold-the-line", "dominating-presence", "beast-master", "prized-sorcery", "pillars-of-belief"]);

/** What a battle's record proves about the loser's units at the end: some are left (or nothing proven). */
export function loserHasUnitsLeft(r: RolloutResult): boolean {
  if (r.winner === null) return false;
  const loser = r.grandStrategy[1 - r.winner]!;
  const winner = r.grandStrategy[r.winner];
  // The loser completed a strategy that needs a unit standing; or the winner failed Sever the Head (PB-GS-01): an enemy HERO stands.
  return (loser.completed && NEEDS_A_STANDING_UNIT.has(loser.id)) || (winner.id === "sever-the-head" && !winner.completed);
}

/**
 * The battle played to its end from `state` (its RNG reseeded with `seed`) and whether it is a Massacre
 * (CAMP-RETREAT). With `config.rollout` (the Wasm kernel) the battle is played there; its record does not
 * say which units are left, so a won battle whose VP do not make a Massacre, and whose record does not
 * prove the loser has units left (`loserHasUnitsLeft`), is played again in the TypeScript engine (the
 * identical battle) to count the loser's units — unless the hook counted them (`onBattlefield`).
 */
export function playBattle(config: CampaignConfig, state: PitchedBattleState, seed: number): { result: RolloutResult; massacre: boolean } {
  const judge = (r: RolloutResult, onBattlefield: [number, number] | null) => ({ result: r, massacre: r.winner !== null && massacreOf(r.victoryPoints, r.winner, onBattlefield?.[1 - r.winner] ?? null).massacre });
  if (config.rollout) {
    const r = config.rollout(state, seed);
    if (r.onBattlefield) return judge(r, r.onBattlefield);
    if (r.winner === null || massacreByVictoryPoints(r.victoryPoints[r.winner], r.victoryPoints[1 - r.winner]!) || loserHasUnitsLeft(r)) return judge(r, null);
  }
  const r = playCounted(state, seed);
  return judge(r, r.onBattlefield);
}

/** The battle played in the TypeScript engine from `state` (reseeded with `seed`), with each player's units left. */
function playCounted(state: PitchedBattleState, seed: number): RolloutResult & { onBattlefield: [number, number] } {
  const s = state.clone();
  s.reseed(seed);
  playPolicy(s);
  return { ...resultFromState(s), onBattlefield: [s.battle.deployed(0).length, s.battle.deployed(1).length] };
}

/**
 * The `CampaignConfig.rollout` hook that plays simulated battles in the Wasm kernel: the identical battle to
 * the TypeScript engine's, with the units each player has left on the battlefield (the kernel counts them:
 * R.ON_BATTLEFIELD), so the Massacre test never needs a replay. A battle the kernel cannot take (encode.ts
 * refuses it with an InputError) is played in the TypeScript engine.
 */
export function kernelRollout(core: Core): NonNullable<CampaignConfig["rollout"]> {
  return (state, seed) => {
    try {
      return rolloutsWasmCounted(core, state, [seed])[0]!;
    } catch (e) {
      if (e instanceof InputError) return playCounted(state, seed);
      throw e;
    }
  };
}

/** CAMP-BATTLE, entered: the nine results in action order (a Massacre is a victory's loser scattering). */
export const ENTERED_RESULTS: readonly { winner: Player | null; outcome: Outcome; massacre: boolean }[] = [
  { winner: 0, outcome: "major-victory", massacre: true },
  { winner: 0, outcome: "major-victory", massacre: false },
  { winner: 0, outcome: "minor-victory", massacre: true },
  { winner: 0, outcome: "minor-victory", massacre: false },
  { winner: null, outcome: "draw", massacre: false },
  { winner: 1, outcome: "minor-victory", massacre: false },
  { winner: 1, outcome: "minor-victory", massacre: true },
  { winner: 1, outcome: "major-victory", massacre: false },
  { winner: 1, outcome: "major-victory", massacre: true },
];

export function enteredAction(winner: Player | null, outcome: Outcome, massacre = false): number {
  return ENTERED_RESULTS.findIndex((r) => r.winner === winner && r.outcome === outcome && r.massacre === massacre);
}

/** The prior's split of a side's wins (see the header): Massacre, major victory, minor victory. */
const PRIOR_SPLIT = { massacre: 0.4, major: 0.5, minor: 0.1 } as const;

/** The prior the planner samples an entered battle's result from (see the header). */
export function enteredOutcomes(b: BattleRecord): ChanceOutcome[] {
  const share = b.points[0] / (b.points[0] + b.points[1]);
  const win = [0.9 * share, 0.9 - 0.9 * share];
  // A minor victory that is a Massacre (the loser wiped out, the VP not deciding) can be entered; the prior gives it nothing.
  return ENTERED_RESULTS.map((r, action) => ({
    action,
    probability: r.winner === null ? 0.1 : win[r.winner]! * (r.massacre ? (r.outcome === "major-victory" ? PRIOR_SPLIT.massacre : 0) : r.outcome === "major-victory" ? PRIOR_SPLIT.major : PRIOR_SPLIT.minor),
  })).filter((o) => o.probability > 0);
}

export function enteredResult(action: number): BattleResult {
  const r = ENTERED_RESULTS[action];
  if (!r) throw new Error(`battle result ${action} is not 0..${ENTERED_RESULTS.length - 1}`);
  return { ...r, source: "entered", battleplan: null, planRoll: null, victoryPoints: null, armies: null };
}

/** CAMP-BATTLE, CAMP-RETREAT: the result applied — control, then retreats queued and Massacres scattered. */
export function applyBattleResult(config: CampaignConfig, d: CampaignData, index: number, result: BattleResult): void {
  const b = d.battles[index]!;
  b.result = result;
  const t = b.territory;
  const banner = (p: Player) => d.banners.find((x) => x.id === b.banners[p])!;
  d.fought.push(...b.banners);
  const plan = result.battleplan ? ` on ${result.battleplan}${result.planRoll ? ` (${result.planRoll})` : ""}` : "";
  const vp = result.victoryPoints ? `, ${result.victoryPoints[0]} to ${result.victoryPoints[1]} VP` : "";
  const by = result.source === "entered" ? " (entered)" : "";
  if (result.winner === null) {
    log(d, `    Result${plan}: a draw${vp}${by}. Both Banners fall back; ${config.board.names[t]} stays ${b.controller === null ? "neutral" : `under ${config.armies[b.controller].name}`}`);
    for (const p of PLAYERS) d.retreats.push({ banner: b.banners[p], from: t, reason: "draw" });
    return;
  }
  const w = result.winner;
  const l = (1 - w) as Player;
  const massacre = result.massacre ? ` — a Massacre${result.victoryPoints && massacreByVictoryPoints(result.victoryPoints[w], result.victoryPoints[l]) ? " (twice the VP and 10 more)" : result.source === "simulated" ? ` (no unit of ${banner(l).name} left on the battlefield)` : ""}` : "";
  log(d, `    Result${plan}: ${banner(w).name} wins a ${result.outcome === "major-victory" ? "major" : "minor"} victory${vp}${massacre}${by}; ${config.armies[w].name} controls ${config.board.names[t]}`);
  if (d.owner[t] !== w) d.fortified[t] = false;
  d.owner[t] = w;
  if (result.massacre) scatter(config, d, banner(l), "massacred");
  else d.retreats.push({ banner: b.banners[l], from: t, reason: "defeat" });
}

/** A result the players typed (CAMP-BATTLE, entered mode) as the chance action of the battle now asked for. */
export function battleResultAction(config: CampaignConfig, d: CampaignData, json: unknown, field = "result"): number {
  const r = parseOrThrow(battleResultInputSchema, json, field);
  if (d.step.kind !== "battle-result") throw new InputError(`${field}: no battle is waiting for its result`);
  const b = d.battles[d.step.battle]!;
  const where = config.board.ids[b.territory]!;
  if (r.territory !== where) throw new InputError(`${field}.territory: the battle waiting for its result is in ${where}, not ${r.territory}`);
  return enteredAction(r.winner, r.outcome, r.massacre);
}
