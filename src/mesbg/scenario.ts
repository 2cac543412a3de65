/**
 * ME-FORCES-CLASH "The Forces Clash": no terrain; the higher D6 picks a board half and deploys first, with
 * every Warrior within 6" of a friendly Hero; the other player deploys in the other half, more than 12"
 * from every enemy, under the same Hero rule; a D6 roll-off gives the first turn's priority; the first side
 * to wipe out the other wins. Also the turn loop (ME-TURN: Priority, Move, Shoot, Fight, End) and the board.
 *
 * Decisions where the seed is silent: the board is 48" x 48" (a standard MESBG table; "the exact size isn't
 * important"), split into south and north halves; deployment is chosen among formations a player would
 * use (a battle line forward or held back, a deep block), each built around the force's Heroes — models
 * are placed by the formation, not one by one; the game stops after `maxTurns` (default 20) and is then
 * scored by what survives (game.ts heuristic).
 */
import { act, argA, K } from "./actions.js";
import { CONTACT, gapOf, inches } from "./board.js";
import type { FrameOf } from "./frames.js";
import type { Handler } from "./handler.js";
import { CHANCE } from "../planner/game.js";
import { describeRollOff, ROLL_OFF } from "./priority.js";
import type { Force, ProfileInfo } from "./profiles.js";
import { gap, living, type ModelState, newModel, other, type St } from "./state.js";

export const BOARD = { w: 48, h: 48 };
export const DEFAULT_MAX_TURNS = 20;

export const FORMATIONS = ["battle line, forward", "battle line, held back", "deep block, forward"] as const;

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

// ------------------------------------------------------------------------------------------ formations

interface Slot {
  id: number;
  x: number;
  /** Depth behind the formation's front line (inches). */
  d: number;
}

/**
 * A formation in local coordinates: x across the board (centred on 0), depth d back from the front line.
 * Each Hero leads a group: itself and fighters in the front rank, spears and pikes right behind them (in
 * base contact, ready to support), bows a rank further back, Cavalry on the group's flanks.
 */
function formationSlots(st: St, side: number, kind: number): Slot[] {
  const mine = living(st, side);
  const heroes = mine.filter((m) => st.info(m).hero);
  const warriors = mine.filter((m) => !st.info(m).hero);
  const perSide = kind === 2 ? 2 : 4; // front-rank models beside each hero
  const groups = heroes.map((h) => ({ hero: h, members: [] as ModelState[] }));
  const cls = (m: ModelState) => {
    const i = st.info(m);
    return i.cavalry ? 3 : i.bow && !i.spear && !i.pike ? 2 : i.spear || i.pike ? 1 : 0;
  };
  warriors.sort((a, b) => cls(a) - cls(b) || a.id - b.id).forEach((w, i) => groups[i % groups.length]!.members.push(w));
  const slots: Slot[] = [];
  let cursor = 0;
  for (const g of groups) {
    const local: Slot[] = [];
    const front = g.members.filter((m) => cls(m) === 0);
    const spears = g.members.filter((m) => cls(m) === 1);
    const bows = g.members.filter((m) => cls(m) === 2);
    const cav = g.members.filter((m) => cls(m) === 3);
    // Front ranks: the hero in the middle, then alternately right and left, shoulder to shoulder.
    const rows: ModelState[][] = [[g.hero]];
    for (const m of front) {
      const row = rows[rows.length - 1]!;
      if (row.length >= 1 + 2 * perSide) rows.push([m]);
      else row.push(m);
    }
    const firstRow: Slot[] = [];
    let depth = 0;
    rows.forEach((row, ri) => {
      let right = 0;
      let left = 0;
      row.forEach((m, i) => {
        const r = st.info(m).radius;
        let slot: Slot;
        if (i === 0) {
          slot = { id: m.id, x: 0, d: depth + r };
          right = r;
          left = -r;
        } else if (i % 2 === 1) {
          slot = { id: m.id, x: right + r + CONTACT / 2, d: depth + r };
          right += 2 * r + CONTACT / 2;
        } else {
          slot = { id: m.id, x: left - r - CONTACT / 2, d: depth + r };
          left -= 2 * r + CONTACT / 2;
        }
        local.push(slot);
        if (ri === 0) firstRow.push(slot);
      });
      depth += 2 * Math.max(...row.map((m) => st.info(m).radius)) + CONTACT;
    });
    // Spears directly behind the front rank (touching), nearest the hero first.
    const frontSlots = [...firstRow].sort((a, b) => Math.abs(a.x) - Math.abs(b.x));
    spears.forEach((m, i) => {
      const r = st.info(m).radius;
      const ahead = frontSlots[i];
      if (ahead) {
        const ar = st.info(st.m(ahead.id)).radius;
        local.push({ id: m.id, x: ahead.x, d: ahead.d + ar + r + CONTACT / 2 });
        // A later rank of fighters may stand there already: then this spear goes behind them all.
        if (rows.length > 1) local[local.length - 1]!.d = depth + r + CONTACT;
      } else local.push({ id: m.id, x: (i % 2 ? -1 : 1) * Math.ceil(i / 2) * (2 * r + 0.05), d: depth + 1 + r });
    });
    const back = Math.max(...local.map((s) => s.d + st.info(st.m(s.id)).radius)) + 1;
    placeRowAt(st, bows, back, local, perSide);
    // Cavalry on the flanks, outside the widest rank.
    const width = Math.max(...local.map((s) => Math.abs(s.x) + st.info(st.m(s.id)).radius));
    cav.forEach((m, i) => {
      const r = st.info(m).radius;
      const k = Math.floor(i / 2);
      local.push({ id: m.id, x: (i % 2 === 0 ? 1 : -1) * (width + 0.6 + r), d: r + k * (2 * r + 0.2) });
    });
    const minX = Math.min(...local.map((s) => s.x - st.info(st.m(s.id)).radius));
    const maxX = Math.max(...local.map((s) => s.x + st.info(st.m(s.id)).radius));
    for (const s of local) slots.push({ id: s.id, x: s.x - minX + cursor, d: s.d });
    cursor += maxX - minX + 2;
  }
  const shift = (cursor - 2) / 2;
  return slots.map((s) => ({ ...s, x: s.x - shift }));
}

function placeRowAt(st: St, ms: ModelState[], depth: number, local: Slot[], perSide: number): void {
  ms.forEach((m, i) => {
    const r = st.info(m).radius;
    const rank = Math.floor(i / (1 + 2 * perSide));
    const k = i % (1 + 2 * perSide);
    const x = (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * (2 * r + 0.05);
    local.push({ id: m.id, x, d: depth + r + rank * (2 * r + 0.3) });
  });
}

/** Forward depth (from the centre line) of each formation's front rank. */
const FRONT_DEPTH = [2, 9, 2];

/**
 * Places `side` in its half with formation `kind`. The second player's formation is pushed back until it is
 * more than 12" from every enemy (ME-FORCES-CLASH), and never off its own edge.
 */
export function deploy(st: St, side: number, kind: number, second: boolean): void {
  const { w, h } = st.d.board;
  const south = (side === 0) === st.d.side0South;
  const slots = formationSlots(st, side, kind);
  let front = FRONT_DEPTH[kind] ?? 2;
  const maxDepth = Math.max(...slots.map((s) => s.d + st.info(st.m(s.id)).radius));
  const place = () => {
    for (const s of slots) {
      const m = st.m(s.id);
      m.x = Math.min(w - st.info(m).radius, Math.max(st.info(m).radius, w / 2 + s.x));
      m.y = south ? h / 2 - front - s.d : h / 2 + front + s.d;
    }
  };
  place();
  if (second) {
    const enemies = living(st, other(side));
    let closest = Infinity;
    for (const s of slots) for (const e of enemies) closest = Math.min(closest, gap(st, st.m(s.id), e));
    if (closest <= 12.05) {
      front = Math.min(h / 2 - maxDepth, front + (12.1 - closest));
      place();
    }
  }
}

/** ME-FORCES-CLASH deployment rules broken by `side` (empty when all is well). */
export function deploymentProblems(st: St, side: number, second: boolean): string[] {
  const out: string[] = [];
  const south = (side === 0) === st.d.side0South;
  const mine = living(st, side);
  const heroes = mine.filter((m) => st.info(m).hero);
  for (const m of mine) {
    const r = st.info(m).radius;
    if (south ? m.y + r > st.d.board.h / 2 + 1e-6 : m.y - r < st.d.board.h / 2 - 1e-6) out.push(`${m.name} is outside its half`);
    if (!st.info(m).hero && !heroes.some((hh) => gap(st, m, hh) <= 6 + 1e-9)) out.push(`${m.name} is not within 6" of a friendly Hero`);
    for (const o of mine) if (o.id > m.id && gapOf(m.x, m.y, r, o.x, o.y, st.info(o).radius) < -0.002) out.push(`${m.name} overlaps ${o.name}`);
    if (second) for (const e of living(st, other(side))) if (gap(st, m, e) <= 12) out.push(`${m.name} is within 12" of ${e.name}`);
  }
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
