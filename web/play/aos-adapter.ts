/**
 * The Pitched Battle on the dashboard (runs in the play worker): its setup schema and what the board shows.
 * The setup is the CLI's `tactica battle` in data: two rosters and a battleplan (or "roll"); the seed plays
 * the same battle as `tactica battle --plan ... --seed S` up to the chance rolls, which the dashboard draws
 * from its own stream (web/play/session.ts).
 */
import { BATTLEFIELD, battleplan, territory } from "../../src/aos/battleplans/index.js";
import type { PitchedBattleState } from "../../src/aos/battle/game.js";
import { maxRange, moveEstimate, scriptedPolicy } from "../../src/aos/battle/policy.js";
import { choices } from "../../src/aos/battle/flow.js";
import type { ChoiceTag } from "../../src/aos/battle/choice.js";
import type { SheetTurn, TerrainFeature } from "../../src/aos/battle/state.js";
import { footprintRadius } from "../../src/aos/battle/units.js";
import { startAos } from "../../src/saves/setups.js";
import type { Agent } from "../../src/planner/agents.js";
import { aosMctsAgent } from "../../src/aos/agents.js";
import { rolloutStart } from "../../src/aos/search.js";
import { R, RESULT } from "../../src/aos/rollout/encode.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { deriveSeed } from "../../src/core/rng.js";
import type { Core } from "../../src/core/wasm.js";
import type { Adapter, Chances, SearchAgent } from "./session.js";
import { aosProbe } from "./move-lines.js";

/** Rollouts of the graph's cheap evaluation: kernel battles (~0.07 ms each), or a few in TypeScript without the kernel. */
export const GRAPH_ROLLOUTS = 64;
const TS_GRAPH_ROLLOUTS = 4;

/**
 * The graph's cheap evaluation of a Pitched Battle: whole battles played on by the scripted policy from here
 * (the search's own leaves: search.ts rolloutStart, then the kernel), counted as wins and draws (PB-RESULT).
 */
export function aosChances(state: PitchedBattleState, core: Core | null, seed: number): Chances {
  if (state.isTerminal()) {
    const r = state.returns();
    return { win: [r[0]! > 0 ? 1 : 0, r[1]! > 0 ? 1 : 0], draw: r[0] === 0 ? 1 : 0, source: "result" };
  }
  const { start, encoded } = rolloutStart(state, () => deriveSeed(seed, 1));
  const winners: number[] = [];
  if (start.isTerminal()) {
    const r = start.returns();
    winners.push(r[0]! > 0 ? 0 : r[1]! > 0 ? 1 : -1);
  } else if (encoded && core) {
    const seeds = Array.from({ length: GRAPH_ROLLOUTS }, (_, i) => deriveSeed(seed, 10 + i));
    const rec = core.aosRollouts(encoded, seeds, RESULT);
    for (let i = 0; i < seeds.length; i++) winners.push(rec[i * RESULT + R.WINNER]!);
  } else {
    for (let i = 0; i < TS_GRAPH_ROLLOUTS; i++) winners.push(rolloutTs(start, deriveSeed(seed, 10 + i)).winner ?? -1);
  }
  const n = winners.length;
  return { win: [winners.filter((w) => w === 0).length / n, winners.filter((w) => w === 1).length / n], draw: winners.filter((w) => w < 0).length / n, source: `${n} rollouts`, n, unit: "rollouts" };
}

// The setup (two rosters, the battleplan or "roll", terrain, a library) is src/saves/setups.ts's, as the CLI's.
export { aosSetupSchema, type AosSetup } from "../../src/saves/setups.js";

/** CORE-CHARGE: a charge roll is 2D6, so 12" is the farthest a unit can charge. */
export const CHARGE_REACH = 12;

export interface AosUnitView {
  id: number;
  name: string;
  owner: number;
  x: number;
  y: number;
  radius: number;
  models: number;
  startModels: number;
  /** Wounds left in the unit: models x Health less the damage allocated. */
  woundsLeft: number;
  health: number;
  status: "waiting" | "deployed" | "destroyed" | "reserve";
  /** Move in inches (a random Move: its mean), the charge reach and the longest ranged weapon (0: none). */
  move: number;
  charge: number;
  shoot: number;
  general: boolean;
}

/** A choice as the board sees it: which unit it is about and what it points at (ChoiceTag, simplified). */
export interface ChoiceView {
  action: number;
  label: string;
  kind: string;
  unit?: number;
  target?: number;
  objective?: string;
}

export interface AosView {
  kind: "aos";
  width: number;
  depth: number;
  plan: { id: string; name: string };
  armies: [string, string];
  human: 0 | 1;
  round: number;
  active: number;
  step: string;
  /** Whose decision it is now (-1 chance, -3 over). */
  current: number;
  attacker: number | null;
  victoryPoints: [number, number];
  commandPoints: [number, number];
  territories: { player: number; id: string; polygon: { x: number; y: number }[] }[];
  objectives: { id: string; x: number; y: number; prime: boolean; control: number | null }[];
  terrain: TerrainFeature[];
  units: AosUnitView[];
  choices: ChoiceView[];
  sheet: SheetTurn[];
  result: string | null;
  log: string[];
}

function tagTarget(tag: ChoiceTag | undefined): Pick<ChoiceView, "unit" | "target" | "objective"> {
  if (!tag) return {};
  switch (tag.kind) {
    case "move":
    case "arrive":
    case "redeploy":
      return { unit: tag.unit, ...(tag.to.kind === "objective" ? { objective: tag.to.id } : tag.to.kind === "enemy" ? { target: tag.to.unit } : {}) };
    case "shoot":
    case "charge":
    case "fight":
      return { unit: tag.unit, target: tag.target };
    case "cast":
      return { unit: tag.wizard, target: tag.target };
    case "banish":
      return { unit: tag.caster, target: tag.target };
    case "retreat":
    case "reserve":
    case "predator":
      return { unit: tag.unit };
    case "summon":
      return { unit: tag.wizard };
    case "vantage":
      return { objective: tag.objective };
    case "seismic":
    case "raid":
    case "destroy":
      return tag.objective ? { objective: tag.objective } : {};
    default:
      return {};
  }
}

export const aosAdapter: Adapter<PitchedBattleState, AosView> = {
  kind: "aos",
  start(setup, seed) {
    return startAos(setup, seed).state;
  },
  ai: scriptedPolicy as Agent<PitchedBattleState>,
  // The search's leaves are kernel rollouts: without the kernel there is no AoS search (src/aos/agents.ts).
  mcts(budget, core) {
    if (!core) return null;
    const inner = aosMctsAgent(core, budget);
    const agent: SearchAgent<PitchedBattleState> = {
      name: "mcts",
      lastSearch: null,
      act(state, player, rng) {
        inner.lastSearch = null;
        const action = inner.act(state, player, rng);
        agent.lastSearch = inner.lastSearch ? { result: inner.lastSearch, chosen: action } : null;
        return action;
      },
    };
    return agent;
  },
  evaluate: aosChances,
  probe: aosProbe,
  pointer(state, action) {
    const tag = choices(state.battle)[action]?.tag;
    return { ...(tag ? { kind: tag.kind } : {}), ...tagTarget(tag) };
  },
  view(state, human) {
    const b = state.battle;
    const d = state.data;
    const plan = battleplan(d.battleplan);
    const current = state.currentPlayer();
    const list = current === human ? choices(b) : [];
    const r = d.end?.result;
    const att = d.attacker;
    const winner = r && r.winner !== null && att !== null ? (r.winner === "attacker" ? att : 1 - att) : null;
    return {
      kind: "aos",
      width: BATTLEFIELD.width,
      depth: BATTLEFIELD.depth,
      plan: { id: plan.id, name: plan.name },
      armies: d.armies,
      human,
      round: d.round,
      active: d.active,
      step: d.step.kind,
      current,
      attacker: d.attacker,
      // Copies: the engine adds to these arrays in place, and the Review keeps a view per step (a reference
      // showed every step the final score).
      victoryPoints: [d.victoryPoints[0], d.victoryPoints[1]],
      commandPoints: [d.commandPoints[0], d.commandPoints[1]],
      territories: ([0, 1] as const).flatMap((p) => {
        const id = d.territories[p];
        return id ? [{ player: p, id, polygon: territory(plan, id).polygon }] : [];
      }),
      objectives: b.objectives().map((o) => ({ ...o, control: d.control[o.id] ?? null })),
      terrain: d.terrain,
      units: d.units.map((u, i) => {
        const p = d.profiles[i]!;
        return {
          id: i, name: p.name, owner: p.owner, x: u.x, y: u.y, radius: footprintRadius(u.models, p.baseRadius),
          models: u.models, startModels: p.startModels, woundsLeft: Math.max(0, u.models * p.health - u.damage), health: p.health,
          status: u.status, move: moveEstimate(p), charge: CHARGE_REACH, shoot: maxRange(p), general: p.isGeneral,
        };
      }),
      choices: list.map((c, action) => ({ action, label: c.label, kind: c.tag?.kind ?? d.step.kind, ...tagTarget(c.tag) })),
      sheet: d.sheet,
      result: r ? `${r.outcome}${winner === null ? "" : ` for ${d.armies[winner]}`} — ${r.reason} [${r.ruleId}]` : null,
      log: (d.log ?? []).slice(-60),
    };
  },
};
