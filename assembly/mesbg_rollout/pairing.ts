// ME-PAIR (src/mesbg/pairing.ts): the contact graph's components, and for each the splits into combats with
// the most combats (a bounded search, the same one in the same order); the priority player takes the first
// best split of an ambiguous component, as the scripted policy does.
import { CONTACT, N, alive, allocI32, gapOf, li, rad, si, side, x, y } from "./state";

const MAX_NODES_SEARCHED: i32 = 20000;
const MAX_OPTIONS: i32 = 6;
export const OTHERS_CAP: i32 = 16;

// the combats (st.d.combats): lone, number of others, others (16 each)
export let nPairs: i32 = 0;
export let PAIR_LONE: usize = 0;
export let PAIR_N: usize = 0;
export let PAIR_OTHERS: usize = 0;

// contact graph
let ADJ: usize = 0; // N x 16 ids
let ADJN: usize = 0;
let SEEN: usize = 0;
let QUEUE: usize = 0;
let NODES: usize = 0;
let nNodes: i32 = 0;
// the search
let UN: usize = 0; // 1 while unassigned
let unCount: i32 = 0;
let STK: usize = 0; // per-level neighbour lists
let sp: i32 = 0;
let CUR_LONE: usize = 0;
let CUR_N: usize = 0;
let CUR_OTH: usize = 0;
let nCur: i32 = 0;
let BEST_LONE: usize = 0;
let BEST_N: usize = 0;
let BEST_OTH: usize = 0;
let nBest: i32 = 0; // combats in the first best split
let bestCount: i32 = -1;
let bestOptions: i32 = 0;
let visited: i32 = 0;
// per component results, to order the fight phase's list (unambiguous first)
let COMP_START: usize = 0;
let COMP_LEN: usize = 0;
let COMP_AMB: usize = 0;
let TMP_LONE: usize = 0;
let TMP_N: usize = 0;
let TMP_OTH: usize = 0;

const ADJ_CAP: i32 = 16;

export function allocPairing(): void {
  PAIR_LONE = allocI32(N);
  PAIR_N = allocI32(N);
  PAIR_OTHERS = allocI32(N * OTHERS_CAP);
  ADJ = allocI32(N * ADJ_CAP);
  ADJN = allocI32(N);
  SEEN = allocI32(N);
  QUEUE = allocI32(N);
  NODES = allocI32(N);
  UN = allocI32(N);
  STK = allocI32(N * ADJ_CAP * 2 + 64);
  CUR_LONE = allocI32(N);
  CUR_N = allocI32(N);
  CUR_OTH = allocI32(N * OTHERS_CAP);
  BEST_LONE = allocI32(N);
  BEST_N = allocI32(N);
  BEST_OTH = allocI32(N * OTHERS_CAP);
  COMP_START = allocI32(N);
  COMP_LEN = allocI32(N);
  COMP_AMB = allocI32(N);
  TMP_LONE = allocI32(N);
  TMP_N = allocI32(N);
  TMP_OTH = allocI32(N * OTHERS_CAP);
}

/** The combats given by the encoded state (shoot and fight entries). */
export function setPairs(n: i32): void {
  nPairs = n;
}

function buildAdjacency(): void {
  for (let m = 0; m < N; m++) {
    let n = 0;
    if (alive(m)) {
      const s = side(m);
      const mx = x(m);
      const my = y(m);
      const r = rad(m);
      for (let e = 0; e < N; e++) {
        if (!alive(e) || side(e) == s) continue;
        if (gapOf(mx, my, r, x(e), y(e), rad(e)) <= CONTACT) {
          if (n >= ADJ_CAP) unreachable();
          si(ADJ, m * ADJ_CAP + n, e);
          n++;
        }
      }
    }
    si(ADJN, m, n);
    si(SEEN, m, 0);
  }
}

/** Pushes free(v) (unassigned neighbours, ascending) on the stack; returns its length (at STK[sp - len]). */
function pushFree(v: i32): i32 {
  const n = li(ADJN, v);
  let k = 0;
  for (let j = 0; j < n; j++) {
    const u = li(ADJ, v * ADJ_CAP + j);
    if (li(UN, u) != 0) {
      si(STK, sp + k, u);
      k++;
    }
  }
  sp += k;
  return k;
}

function pushCombat(lone: i32): void {
  si(CUR_LONE, nCur, lone);
  si(CUR_N, nCur, 0);
  nCur++;
}
function addOther(o: i32): void {
  const c = nCur - 1;
  const n = li(CUR_N, c);
  if (n >= OTHERS_CAP) unreachable();
  si(CUR_OTH, c * OTHERS_CAP + n, o);
  si(CUR_N, c, n + 1);
}

function popcount(v: i32): i32 {
  return <i32>popcnt<u32>(<u32>v);
}

function rec(): void {
  if (++visited > MAX_NODES_SEARCHED) return;
  if (unCount == 0) {
    if (nCur > bestCount) {
      bestCount = nCur;
      bestOptions = 0;
    }
    if (nCur == bestCount && bestOptions < MAX_OPTIONS) {
      if (bestOptions == 0) {
        nBest = nCur;
        for (let c = 0; c < nCur; c++) {
          si(BEST_LONE, c, li(CUR_LONE, c));
          const n = li(CUR_N, c);
          si(BEST_N, c, n);
          for (let j = 0; j < n; j++) si(BEST_OTH, c * OTHERS_CAP + j, li(CUR_OTH, c * OTHERS_CAP + j));
        }
      }
      bestOptions++;
    }
    return;
  }
  if (nCur + unCount / 2 < bestCount) return;
  let v = -1;
  for (let k = 0; k < nNodes; k++) {
    const id = li(NODES, k);
    if (li(UN, id) != 0) {
      v = id;
      break;
    }
  }
  const base = sp;
  const nv = pushFree(v);
  if (nv == 0) {
    sp = base;
    return;
  }
  si(UN, v, 0);
  unCount--;
  // v at the centre of a combat: its free neighbours in groups, the largest groups first
  for (let size = nv; size >= 1; size--) {
    for (let mask = 1; mask < 1 << nv; mask++) {
      if (popcount(mask) != size) continue;
      for (let j = 0; j < nv; j++) if ((mask & (1 << j)) != 0) {
        si(UN, li(STK, base + j), 0);
        unCount--;
      }
      if (size == 1) {
        let l = -1;
        for (let j = 0; j < nv; j++) if ((mask & (1 << j)) != 0) l = li(STK, base + j);
        pushCombat(min(v, l));
        addOther(max(v, l));
      } else {
        pushCombat(v);
        for (let j = 0; j < nv; j++) if ((mask & (1 << j)) != 0) addOther(li(STK, base + j));
      }
      rec();
      nCur--;
      for (let j = 0; j < nv; j++) if ((mask & (1 << j)) != 0) {
        si(UN, li(STK, base + j), 1);
        unCount++;
      }
    }
  }
  // v one of several models fighting a neighbour c
  for (let ci = 0; ci < nv; ci++) {
    const c = li(STK, base + ci);
    si(UN, c, 0);
    unCount--;
    const rb = sp;
    const nr = pushFree(c);
    for (let size = nr; size >= 1; size--) {
      for (let mask = 1; mask < 1 << nr; mask++) {
        if (popcount(mask) != size) continue;
        for (let j = 0; j < nr; j++) if ((mask & (1 << j)) != 0) {
          si(UN, li(STK, rb + j), 0);
          unCount--;
        }
        pushCombat(c);
        // [v, ...more] sorted ascending (more is ascending already)
        let placed = false;
        for (let j = 0; j < nr; j++) {
          if ((mask & (1 << j)) == 0) continue;
          const u = li(STK, rb + j);
          if (!placed && v < u) {
            addOther(v);
            placed = true;
          }
          addOther(u);
        }
        if (!placed) addOther(v);
        rec();
        nCur--;
        for (let j = 0; j < nr; j++) if ((mask & (1 << j)) != 0) {
          si(UN, li(STK, rb + j), 1);
          unCount++;
        }
      }
    }
    sp = rb;
    si(UN, c, 1);
    unCount++;
  }
  si(UN, v, 1);
  unCount++;
  sp = base;
}

/**
 * Pairs every engaged model. `fightOrder`: the Fight phase's list (components with one best split first,
 * then the ambiguous ones, each taking its first split: pairingHandler with the policy's choice); else
 * pairOffNow's (every component's first split, in component order).
 */
function pairAll(fightOrder: bool): void {
  buildAdjacency();
  nPairs = 0;
  let nComp = 0;
  for (let start = 0; start < N; start++) {
    if (li(ADJN, start) == 0 || li(SEEN, start) != 0) continue;
    // breadth first from the lowest id
    let qh = 0;
    let qt = 0;
    si(QUEUE, qt++, start);
    si(SEEN, start, 1);
    nNodes = 0;
    while (qh < qt) {
      const v = li(QUEUE, qh++);
      si(NODES, nNodes++, v);
      const n = li(ADJN, v);
      for (let j = 0; j < n; j++) {
        const u = li(ADJ, v * ADJ_CAP + j);
        if (li(SEEN, u) == 0) {
          si(SEEN, u, 1);
          si(QUEUE, qt++, u);
        }
      }
    }
    // nodes ascending
    for (let i = 1; i < nNodes; i++) {
      const v = li(NODES, i);
      let j = i;
      while (j > 0 && li(NODES, j - 1) > v) {
        si(NODES, j, li(NODES, j - 1));
        j--;
      }
      si(NODES, j, v);
    }
    for (let k = 0; k < nNodes; k++) si(UN, li(NODES, k), 1);
    unCount = nNodes;
    sp = 0;
    nCur = 0;
    bestCount = -1;
    bestOptions = 0;
    nBest = 0;
    visited = 0;
    rec();
    for (let k = 0; k < nNodes; k++) si(UN, li(NODES, k), 0);
    si(COMP_START, nComp, nPairs);
    si(COMP_LEN, nComp, bestOptions > 0 ? nBest : 0);
    si(COMP_AMB, nComp, bestOptions > 1 ? 1 : 0);
    nComp++;
    if (bestOptions > 0) {
      for (let c = 0; c < nBest; c++) {
        si(PAIR_LONE, nPairs, li(BEST_LONE, c));
        const n = li(BEST_N, c);
        si(PAIR_N, nPairs, n);
        for (let j = 0; j < n; j++) si(PAIR_OTHERS, nPairs * OTHERS_CAP + j, li(BEST_OTH, c * OTHERS_CAP + j));
        nPairs++;
      }
    }
  }
  if (!fightOrder) return;
  // unambiguous components first, then the ambiguous ones (each resolved by the priority player's first option)
  let t = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < nComp; k++) {
      if (li(COMP_AMB, k) != pass) continue;
      const s0 = li(COMP_START, k);
      const len = li(COMP_LEN, k);
      for (let c = s0; c < s0 + len; c++) {
        si(TMP_LONE, t, li(PAIR_LONE, c));
        const n = li(PAIR_N, c);
        si(TMP_N, t, n);
        for (let j = 0; j < n; j++) si(TMP_OTH, t * OTHERS_CAP + j, li(PAIR_OTHERS, c * OTHERS_CAP + j));
        t++;
      }
    }
  }
  for (let c = 0; c < t; c++) {
    si(PAIR_LONE, c, li(TMP_LONE, c));
    const n = li(TMP_N, c);
    si(PAIR_N, c, n);
    for (let j = 0; j < n; j++) si(PAIR_OTHERS, c * OTHERS_CAP + j, li(TMP_OTH, c * OTHERS_CAP + j));
  }
  nPairs = t;
}

/** pairing.ts pairOffNow (Sorcerous Blast): the first best split of every component. */
export function pairOffNow(): void {
  pairAll(false);
}

/** The pairing at the end of the Move phase (pairingHandler, the priority player taking option 0). */
export function pairForFight(): void {
  pairAll(true);
}
