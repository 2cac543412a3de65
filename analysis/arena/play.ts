/**
 * Playing arena games in the current thread (a pool worker, or a test): each game is a function of the
 * request and its index alone — its seed is deriveSeed(seed, index), agent a takes side index % 2, and the
 * agents are made fresh for it — so a chunk of games gives the same records wherever and whenever it runs.
 * The games are whole games with both agents deciding every decision in the TypeScript engine (the Wasm core
 * is what the agents' searches and the campaign's battles use).
 */
import { bundledRosters } from "../../src/aos/armies/index.js";
import { aosAgent } from "../../src/aos/agents.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { campaignAgent } from "../../src/campaign/agents.js";
import { boardOf, type CampaignConfig, campaignOptionsSchema, CampaignState, defaultMap, kernelRollout, newCampaignData, resolveCampaignArmy } from "../../src/campaign/index.js";
import { deriveSeed, Rng } from "../../src/core/rng.js";
import type { Core } from "../../src/core/wasm.js";
import { mesbgAgent } from "../../src/mesbg/agents.js";
import { newGame } from "../../src/mesbg/game.js";
import { type Force, parseForce } from "../../src/mesbg/profiles.js";
import { type Agent, playOut } from "../../src/planner/agents.js";
import type { GameState } from "../../src/planner/game.js";
import { type ArenaRequest, type GameSlot, gameSlot } from "./request.js";

/** One game's outcome, from agent a's point of view. */
export interface GameRecord {
  index: number;
  plan: string;
  aSide: 0 | 1;
  winner: "a" | "b" | "draw";
  /** Decisions taken by agent a and by agent b. */
  decisions: [number, number];
  /** Milliseconds agent a and agent b spent deciding (wall time: differs from run to run). */
  ms: [number, number];
}

/** An agent that counts its decisions and the time they take. */
function timed<S extends GameState<S>>(agent: Agent<S>, clock: { n: number; ms: number }): Agent<S> {
  return {
    name: agent.name,
    act(state, player, rng) {
      const t0 = performance.now();
      const action = agent.act(state, player, rng);
      clock.ms += performance.now() - t0;
      clock.n++;
      return action;
    },
  };
}

/** What a request needs once per worker: forces parsed, the campaign's configuration built. */
interface Prepared {
  play(slot: GameSlot, seed: number): GameRecord;
}

function record<S extends GameState<S>>(slot: GameSlot, state: S, agentsAB: [Agent<S>, Agent<S>], rng: Rng, maxSteps: number): GameRecord {
  const clocks = [
    { n: 0, ms: 0 },
    { n: 0, ms: 0 },
  ];
  const [a, b] = [timed(agentsAB[0], clocks[0]!), timed(agentsAB[1], clocks[1]!)];
  playOut(state, slot.aSide === 0 ? [a, b] : [b, a], rng, maxSteps);
  const r = state.returns();
  const ra = r[slot.aSide]!;
  const rb = r[1 - slot.aSide]!;
  return {
    index: slot.index,
    plan: slot.plan,
    aSide: slot.aSide,
    winner: ra > rb ? "a" : rb > ra ? "b" : "draw",
    decisions: [clocks[0]!.n, clocks[1]!.n],
    ms: [clocks[0]!.ms, clocks[1]!.ms],
  };
}

function prepare(req: ArenaRequest, core: Core | null): Prepared {
  switch (req.game) {
    case "aos":
      return {
        play(slot, seed) {
          // As `tactica battle` starts a battle: the state's dice from the game's stream, then the agents'.
          const rng = new Rng(seed);
          const state = pitchedBattleGame.newInitialState({ rosters: req.armies, battleplan: slot.plan as never, ...(req.library ? { library: req.library } : {}) }, rng.nextU32());
          return record(slot, state, [aosAgent(req.a.kind, req.a.budget, core), aosAgent(req.b.kind, req.b.budget, core)], rng, 100_000);
        },
      };
    case "mesbg": {
      const forces = [parseForce(req.forces[0], "forces[0]"), parseForce(req.forces[1], "forces[1]")] as [Force, Force];
      return {
        play(slot, seed) {
          // As `tactica mesbg` starts a game: the state from the seed, the agents' dice from its stream 1.
          const state = newGame(forces[0], forces[1], seed, req.turns, false);
          return record(slot, state, [mesbgAgent(req.a.kind, req.a.budget, core), mesbgAgent(req.b.kind, req.b.budget, core)], new Rng(deriveSeed(seed, 1)), 2_000_000);
        },
      };
    }
    case "campaign": {
      const config = campaignConfig(core);
      const options = campaignOptionsSchema.parse({ turns: req.turns, influence: "final", battles: "simulated", log: false });
      return {
        play(slot, seed) {
          // As `tactica campaign` starts one.
          const rng = new Rng(seed);
          const state = new CampaignState(config, newCampaignData(config, options), new Rng(rng.nextU32()));
          return record(slot, state, [campaignAgent(req.a.kind, req.a.budget, core), campaignAgent(req.b.kind, req.b.budget, core)], rng, 1_000_000);
        },
      };
    }
  }
}

/**
 * The bundled map and the first two bundled armies, as `tactica campaign` plays them by default; its battles
 * in the Wasm rollout kernel when there is a core (the same battles as the TypeScript engine, die for die).
 */
export function campaignConfig(core: Core | null): CampaignConfig {
  const bundled = bundledRosters();
  const armies: CampaignConfig["armies"] = [resolveCampaignArmy(bundled[0]!.roster, "campaign army 1"), resolveCampaignArmy(bundled[1]!.roster, "campaign army 2")];
  if (armies[0].name === armies[1].name) armies[1] = { ...armies[1], name: `${armies[1].name} (2)` };
  const config: CampaignConfig = { board: boardOf(defaultMap()), armies };
  if (core) config.rollout = kernelRollout(core);
  return config;
}

/** The seed of game `index`: deriveSeed(seed, index), whatever chunk or worker plays it. */
export function gameSeed(seed: number, index: number): number {
  return deriveSeed(seed, index);
}

const prepared = new WeakMap<ArenaRequest, Prepared>();

/** Games [from, to) of `req`, in order. */
export function playArenaGames(req: ArenaRequest, from: number, to: number, core: Core | null): GameRecord[] {
  let p = prepared.get(req);
  if (!p) {
    p = prepare(req, core);
    prepared.set(req, p);
  }
  const out: GameRecord[] = [];
  for (let i = from; i < to; i++) out.push(p.play(gameSlot(req, i), gameSeed(req.seed, i)));
  return out;
}
