/**
 * ME-PAIR: at the end of the Move phase every model in base contact with an enemy is put in exactly one
 * combat — one model against one or more enemies, all touching it — with as many one-on-one combats as
 * possible (the most combats). When a group of touching models can be split more than one best way, the
 * player with priority chooses.
 */
import { act, argA, K } from "./actions.js";
import type { Combat, FrameOf } from "./frames.js";
import type { Handler } from "./handler.js";
import { contacts, type St } from "./state.js";

/** Contact graph components of engaged models (ids ascending inside each). */
function components(st: St): { nodes: number[]; adj: Map<number, number[]> }[] {
  const adj = new Map<number, number[]>();
  for (const m of st.d.models) {
    if (!m.alive) continue;
    const c = contacts(st, m).map((e) => e.id);
    if (c.length) adj.set(m.id, c);
  }
  const seen = new Set<number>();
  const out: { nodes: number[]; adj: Map<number, number[]> }[] = [];
  for (const start of [...adj.keys()].sort((a, b) => a - b)) {
    if (seen.has(start)) continue;
    const nodes: number[] = [];
    const queue = [start];
    seen.add(start);
    while (queue.length) {
      const v = queue.shift()!;
      nodes.push(v);
      for (const u of adj.get(v)!) if (!seen.has(u)) {
        seen.add(u);
        queue.push(u);
      }
    }
    out.push({ nodes: nodes.sort((a, b) => a - b), adj });
  }
  return out;
}

function subsets<T>(xs: T[], nonEmpty: boolean): T[][] {
  const out: T[][] = [];
  for (let mask = nonEmpty ? 1 : 0; mask < 1 << xs.length; mask++) out.push(xs.filter((_, i) => mask & (1 << i)));
  // Larger groups first: the search meets full covers sooner.
  return out.sort((a, b) => b.length - a.length);
}

const MAX_NODES_SEARCHED = 20_000;
const MAX_OPTIONS = 6;

/** The best splits of one component into combats (most combats first found first), up to MAX_OPTIONS. */
export function bestPartitions(nodes: number[], adj: Map<number, number[]>): Combat[][] {
  let best: Combat[][] = [];
  let bestCount = -1;
  let visited = 0;
  const unassigned = new Set(nodes);
  const current: Combat[] = [];
  const free = (v: number) => (adj.get(v) ?? []).filter((u) => unassigned.has(u)).sort((a, b) => a - b);
  const rec = (): void => {
    if (++visited > MAX_NODES_SEARCHED) return;
    if (unassigned.size === 0) {
      if (current.length > bestCount) {
        bestCount = current.length;
        best = [];
      }
      if (current.length === bestCount && best.length < MAX_OPTIONS) best.push(current.map((c) => ({ lone: c.lone, others: [...c.others] })));
      return;
    }
    // An upper bound: every remaining pair a combat.
    if (current.length + Math.floor(unassigned.size / 2) < bestCount) return;
    const v = Math.min(...unassigned);
    const nv = free(v);
    if (nv.length === 0) return; // v could no longer be placed
    unassigned.delete(v);
    // v at the centre of a combat.
    for (const leaves of subsets(nv, true)) {
      leaves.forEach((u) => unassigned.delete(u));
      const c: Combat = leaves.length === 1 ? { lone: Math.min(v, leaves[0]!), others: [Math.max(v, leaves[0]!)] } : { lone: v, others: leaves };
      current.push(c);
      rec();
      current.pop();
      leaves.forEach((u) => unassigned.add(u));
    }
    // v one of several models fighting a neighbour c.
    for (const c of nv) {
      unassigned.delete(c);
      const rest = free(c);
      for (const more of subsets(rest, true)) {
        more.forEach((u) => unassigned.delete(u));
        current.push({ lone: c, others: [v, ...more].sort((a, b) => a - b) });
        rec();
        current.pop();
        more.forEach((u) => unassigned.add(u));
      }
      unassigned.add(c);
    }
    unassigned.add(v);
  };
  rec();
  return best;
}

/** Every component's best splits. */
export function pairOptions(st: St): Combat[][][] {
  return components(st).map((c) => bestPartitions(c.nodes, c.adj));
}

/** Pairs everything now, taking the first best split where there is a choice (Sorcerous Blast, tests). */
export function pairOffNow(st: St): Combat[] {
  return pairOptions(st).flatMap((opts) => opts[0] ?? []);
}

export function describeCombat(st: St, c: Combat): string {
  return `${st.m(c.lone).name} vs ${c.others.map((o) => st.m(o).name).join(" + ")}`;
}

export const pairingHandler: Handler<FrameOf<"pairing">> = {
  step(st, f) {
    if (f.stage === "compute") {
      st.d.combats = [];
      for (const opts of pairOptions(st)) {
        if (opts.length === 1) st.d.combats.push(...opts[0]!);
        else if (opts.length > 1) f.ambiguous.push(opts);
      }
      f.stage = "choose";
    }
    return f.ambiguous.length === 0 ? "pop" : "wait";
  },
  player: (st) => st.d.priority,
  options: (_st, f) => f.ambiguous[0]!.map((_, i) => act(K.PAIR, i)),
  describe: (st, f, a) => `pair off: ${f.ambiguous[0]![argA(a)]!.map((c) => describeCombat(st, c)).join("; ")}`,
  choose(st, f, a) {
    st.d.combats.push(...f.ambiguous[0]![argA(a)]!);
    f.ambiguous.shift();
  },
};
