/**
 * The Forces Clash on the dashboard (runs in the play worker): the setup is the CLI's `tactica mesbg` in data
 * (two forces, the turn cap) and the board shows each model as its base on the 48" x 48" board.
 */
import type { MesbgState } from "../../src/mesbg/game.js";
import { mesbgPolicy } from "../../src/mesbg/policy.js";
import { MISSILE_CHART } from "../../src/mesbg/profiles.js";
import { startMesbg } from "../../src/saves/setups.js";
import { DEFAULT_LEAF, kernelEvaluator, mesbgMctsAgent, tsEvaluator } from "../../src/mesbg/search.js";
import { Rng } from "../../src/core/rng.js";
import type { Core } from "../../src/core/wasm.js";
import type { Adapter, Chances } from "./session.js";
import { mesbgProbe } from "./move-lines.js";

/** Leaves of the graph's cheap evaluation (the search's own: one turn on, then the points lead; or the end). */
export const GRAPH_LEAVES = 16;
const TS_GRAPH_LEAVES = 4;

/**
 * The graph's cheap evaluation: the search's own leaves (search.ts DEFAULT_LEAF: the game played on by the
 * scripted player to the next turn, then who is ahead on the points still standing; a game that ends, its
 * result), so the figures between the AI's searches are on the search's scale: the share of such futures
 * each side is ahead in.
 */
export function mesbgChances(state: MesbgState, core: Core | null, seed: number): Chances {
  const evaluate = core ? kernelEvaluator(core, DEFAULT_LEAF) : tsEvaluator(DEFAULT_LEAF);
  const n = core ? GRAPH_LEAVES : TS_GRAPH_LEAVES;
  const rng = new Rng(seed);
  const root = state.clone();
  root.record(false);
  root.st.d.events = [];
  let w0 = 0;
  let w1 = 0;
  for (let i = 0; i < n; i++) {
    const r = evaluate(root.clone(), rng).returns;
    if (r[0]! > 1e-9) w0++;
    else if (r[1]! > 1e-9) w1++;
  }
  return { win: [w0 / n, w1 / n], draw: (n - w0 - w1) / n, source: `${n} futures a turn on`, n, unit: "futures a turn on" };
}

// The setup (two forces, the turn cap) is src/saves/setups.ts's, as the CLI's.
export { mesbgSetupSchema, type MesbgSetup } from "../../src/saves/setups.js";

export interface MesbgModelView {
  id: number;
  name: string;
  side: number;
  x: number;
  y: number;
  radius: number;
  wounds: number;
  alive: boolean;
  /** Set up on the board (before deployment every model waits at the origin, off the board). */
  onBoard: boolean;
  prone: boolean;
  hero: boolean;
  /** Move in inches (ME-MOVE), the charge reach (the Move: a charge is a move into contact) and the longest missile range. */
  move: number;
  charge: number;
  shoot: number;
}

export interface MesbgView {
  kind: "mesbg";
  width: number;
  depth: number;
  forces: [string, string];
  human: 0 | 1;
  turn: number;
  maxTurns: number;
  priority: number;
  current: number;
  models: MesbgModelView[];
  choices: { action: number; label: string }[];
  result: string | null;
  log: string[];
}

export const mesbgAdapter: Adapter<MesbgState, MesbgView> = {
  kind: "mesbg",
  start(setup, seed) {
    return startMesbg(setup, seed).state;
  },
  ai: mesbgPolicy,
  mcts: (budget, core) => mesbgMctsAgent(budget, core),
  evaluate: mesbgChances,
  probe: mesbgProbe,
  view(state, human) {
    const d = state.data;
    const current = state.currentPlayer();
    const r = d.result;
    return {
      kind: "mesbg",
      width: d.board.w,
      depth: d.board.h,
      forces: [d.forces[0].name, d.forces[1].name],
      human,
      turn: d.turn,
      maxTurns: d.maxTurns,
      priority: d.priority,
      current,
      models: d.models.map((m) => {
        const info = state.st.infos[m.info]!;
        return {
          id: m.id, name: m.name, side: m.side, x: m.x, y: m.y, radius: info.radius, wounds: m.wounds, alive: m.alive, onBoard: d.turn > 0 || m.x !== 0 || m.y !== 0, prone: m.prone, hero: info.hero,
          move: info.p.move, charge: info.p.move, shoot: Math.max(0, ...info.missiles.map((x) => MISSILE_CHART[x].range)),
        };
      }),
      choices: current === human ? state.legalActions(human).map((action) => ({ action, label: state.actionToString(action) })) : [],
      result: r ? (r.winner === -1 ? `a draw (${r.reason})` : `${d.forces[r.winner]!.name} wins (${r.reason})`) : null,
      log: d.events.slice(-60),
    };
  },
};
