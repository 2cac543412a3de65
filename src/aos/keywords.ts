/**
 * Keyword matching, remembered per string: keywords trimmed and upper-cased, and a wanted keyword trimmed and
 * upper-cased with its " (" suffix (strings never change, so this is the same as computing them each time —
 * without the garbage: keyword tests run thousands of times a battle, and for every unit and effect record
 * when a battle is encoded for the kernel).
 */
const NORMAL = new Map<string, string>();
const WANTED = new Map<string, { K: string; KP: string }>();
const LOWER = new Map<string, string>();
const MEMO_LIMIT = 50_000;

function normal(x: string): string {
  let X = NORMAL.get(x);
  if (X === undefined) {
    if (NORMAL.size >= MEMO_LIMIT) NORMAL.clear();
    X = x.trim().toUpperCase();
    NORMAL.set(x, X);
  }
  return X;
}

function wanted(k: string): { K: string; KP: string } {
  let w = WANTED.get(k);
  if (w === undefined) {
    if (WANTED.size >= MEMO_LIMIT) WANTED.clear();
    const K = k.trim().toUpperCase();
    w = { K, KP: `${K} (` };
    WANTED.set(k, w);
  }
  return w;
}

/** A keyword, with or without its parameter: "STANDARD BEARER" matches "STANDARD BEARER (1/10)", "WARD" matches "WARD (5+)". */
export function keywordInList(keywords: readonly string[], k: string): boolean {
  const { K, KP } = wanted(k);
  for (const x of keywords) {
    const X = normal(x);
    if (X === K || X.startsWith(KP)) return true;
  }
  return false;
}

/** A name trimmed and lower-cased (warscroll names compare so), remembered per string. */
export function lowerName(s: string): string {
  let L = LOWER.get(s);
  if (L === undefined) {
    if (LOWER.size >= MEMO_LIMIT) LOWER.clear();
    L = s.trim().toLowerCase();
    LOWER.set(s, L);
  }
  return L;
}
