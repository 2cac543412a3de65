/**
 * ME-FORCES-CLASH "The Forces Clash": no terrain; the higher D6 picks a board half and deploys first, with
 * every Warrior within 6" of a friendly Hero; the other player deploys in the other half, more than 12"
 * from every enemy, under the same Hero rule; a D6 roll-off gives the first turn's priority; the first side
 * to wipe out the other wins. Also the turn loop (ME-TURN: Priority, Move, Shoot, Fight, End) and the board.
 *
 * Decisions where the seed is silent: the board is 48" x 48" (a standard MESBG table; "the exact size isn't
 * important"), split into south and north halves; deployment (deployment.ts) is chosen among formations a
 * player would use (a battle line forward or held back, a deep block), each built around the force's Heroes
 * — models are placed by the formation, not one by one; the game stops after `maxTurns` (default 20) and is then
 * scored by what survives (game.ts heuristic).
 */
import { act, argA, K } from "./actions.js";
import { inches } from "./board.js";
import { deploy, FORMATIONS } from "./deployment.js";
import type { FrameOf } from "./frames.js";
import type { Handler } from "./handler.js";
import { CHANCE } from "../planner/game.js";
import { describeRollOff, ROLL_OFF } from "./priority.js";
import type { Force, ProfileInfo } from "./profiles.js";
import { living, type ModelState, newModel, other, type St } from "./state.js";

export { deploymentProblems, FORMATIONS } from "./deployment.js";

export const BOARD = { w: 48, h: 48 };
export const DEFAULT_MAX_TURNS = 20;

/** Every model of both forces, in force order, at the origin (deployment places them). */
export function musterModels(forces: readonly [Force, Force], infos: readonly ProfileInfo[]): ModelState[] {
  const out: ModelState[] = [];
  forces.forEach((force, s) => {
    for (const entry of force.models) {
      const info = infos.findIndex((x) => x.key === `${s}:${entry.profile}`);
      const p = force.profiles[entry.profile]!;
      for (let k = 1; k <= entry.count; k++) {
        if (out.length >= 255) throw new Error("too many models");
        out.push(newModel(out.length, s as 0 | 1, info, infos, entry.count > 1 ? `${p.name} ${k}` : p.name, 0, 0));
      }
    }
  });
  return out;
}

export const setupHandler: Handler<FrameOf<"setup">> = {
  step: (_st, f) => (f.stage === "done" ? "pop" : "wait"),
  player: (_st, f) => (f.stage === "roll" ? CHANCE : f.stage === "deploySecond" ? other(f.first) : f.first),
  chance: () => ROLL_OFF,
  options(_st, f) {
    if (f.stage === "roll") return ROLL_OFF.map((o) => o.action);
    if (f.stage === "half") return [act(K.HALF, 0), act(K.HALF, 1)];
    return FORMATIONS.map((_, i) => act(K.FORMATION, i));
  },
  describe(st, f, a) {
    if (f.stage === "roll") return describeRollOff(st, a, "Roll for the board half");
    if (f.stage === "half") return `${st.sideName(f.first)} takes the ${argA(a) === 0 ? "south" : "north"} half`;
    const s = f.stage === "deploySecond" ? other(f.first) : f.first;
    return `${st.sideName(s)} deploys in a ${FORMATIONS[argA(a)]}`;
  },
  choose(st, f, a) {
    switch (f.stage) {
      case "roll": {
        const [a0, a1] = [Math.floor(a / 65536) % 256, Math.floor(a / 256) % 256];
        if (a0 === a1) {
          st.log(`Roll for the board half: both roll ${a0}; roll again.`);
          return;
        }
        f.first = a0 > a1 ? 0 : 1;
        st.log(`${st.sideName(f.first)} wins the roll for the board half (${Math.max(a0, a1)} to ${Math.min(a0, a1)}).`);
        f.stage = "half";
        return;
      }
      case "half":
        st.d.side0South = (argA(a) === 0) === (f.first === 0);
        f.stage = "deployFirst";
        return;
      case "deployFirst":
        deploy(st, f.first, argA(a), false);
        logDeployment(st, f.first);
        f.stage = "deploySecond";
        return;
      default: {
        const s = other(f.first);
        deploy(st, s, argA(a), true);
        logDeployment(st, s);
        f.stage = "done";
      }
    }
  },
};

function logDeployment(st: St, side: number): void {
  const ms = living(st, side);
  const ys = ms.map((m) => m.y);
  const xs = ms.map((m) => m.x);
  st.log(`${st.sideName(side)} deploys ${ms.length} models across x ${inches(Math.min(...xs))}-${inches(Math.max(...xs))}, y ${inches(Math.min(...ys))}-${inches(Math.max(...ys))}.`);
}

/**
 * The share of a side's starting strength still on the board: each model's points (or a rough worth) times
 * the fraction of its Wounds left. The heuristic and the turn-cap result compare these.
 */
export function survivingShare(st: St, side: number): number {
  let now = 0;
  let all = 0;
  for (const m of st.d.models) {
    if (m.side !== side) continue;
    const i = st.info(m);
    all += i.value;
    if (m.alive) now += (i.value * m.wounds) / i.p.wounds;
  }
  return all > 0 ? now / all : 0;
}

/** ME-TURN: a new turn clears what models did last turn. */
export function beginTurn(st: St): void {
  st.d.turn++;
  for (const m of st.d.models) {
    m.activated = false;
    m.moved = 0;
    m.movedAtAll = false;
    m.charged = false;
    m.chargedTargets = [];
    m.chargedByCavalry = false;
    m.thrown = false;
    m.shot = false;
    m.cast = false;
    m.freeWill = false;
    m.terror = "none";
    m.supported = false;
    m.fought = false;
  }
  st.d.lastMove = null;
  st.log(`=== Turn ${st.d.turn} ===`);
}

/** ME-TURN End phase: temporary effects end (ME-POWERS Transfix and Compel); combats are over. */
export function endPhase(st: St): void {
  for (const m of st.d.models) {
    m.transfixed = false;
    m.compelled = false;
  }
  st.d.combats = [];
}

export const gameHandler: Handler<FrameOf<"game">> = {
  step(st, f) {
    switch (f.stage) {
      case "setup":
        f.stage = "priority";
        st.push({ kind: "setup", stage: "roll", first: -1 });
        return "again";
      case "priority":
        beginTurn(st);
        f.stage = "move";
        st.push({ kind: "priority", stage: "roll", chooser: -1 });
        return "again";
      case "move":
        st.log("-- Move phase --");
        f.stage = "pair";
        st.push({ kind: "movePhase", step: 0 });
        return "again";
      case "pair":
        f.stage = "shoot";
        st.push({ kind: "pairing", stage: "compute", ambiguous: [] });
        return "again";
      case "shoot":
        st.log("-- Shoot phase --");
        f.stage = "fight";
        st.push({ kind: "shootPhase", step: 0 });
        return "again";
      case "fight":
        st.log("-- Fight phase --");
        f.stage = "end";
        st.push({ kind: "fightPhase", stage: "pick", resolved: [] });
        return "again";
      case "end":
        endPhase(st);
        if (st.d.turn >= st.d.maxTurns) {
          const [a, b] = [survivingShare(st, 0), survivingShare(st, 1)];
          st.d.result = { winner: a > b ? 0 : b > a ? 1 : -1, reason: "turn cap" };
          st.log(`The turn cap (${st.d.maxTurns}) is reached: ${st.sideName(0)} keeps ${(100 * a).toFixed(0)}% of its strength, ${st.sideName(1)} ${(100 * b).toFixed(0)}%.`);
          return "pop";
        }
        f.stage = "priority";
        return "again";
    }
  },
};
