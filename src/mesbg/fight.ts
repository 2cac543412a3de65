/**
 * The Fight phase. The priority player picks each combat in turn (ME-TURN); a combat is resolved as the
 * seed lists it: supporters join (ME-SPEAR, ME-PIKE), weapons are declared (ME-HAND-AND-A-HALF,
 * ME-TWO-HANDED, ME-SHIELDING), all dice are rolled (ME-DUEL, ME-CAVALRY extra Attack), Might is spent
 * (ME-MIGHT: the losing side first, then alternately), the winner is found (highest die, then highest Fight
 * Value, then the priority player's D6 — ME-ELVEN), losers back away 1" (ME-BACK-AWAY) or are trapped
 * (ME-TRAPPED, with one friend allowed to Make Way), Knock to the Ground lays them prone (ME-CAVALRY), and
 * the winners strike (ME-STRIKES): one strike per Attack, two per Attack against a trapped or prone model,
 * a lone winner choosing its victims Attack by Attack. At the end of the phase, Will of Evil (ME-RULES).
 */
import { goodRollOffFaces } from "./odds/plan.js";
import { act, argA, argB, K, kindOf } from "./actions.js";
import { CONTACT, firstEntry, freeArcMiddles, gapOf, hyp, onBoard, OVERLAP, rotate, segmentDistance, unit } from "./board.js";
import { type Combat, type FrameOf, STANCES } from "./frames.js";
import type { Handler } from "./handler.js";
import { pushHit } from "./heroics.js";
import { describeCombat } from "./pairing.js";
import { afterWillChange, engaged, gap, type ModelState, other, type St } from "./state.js";

type CombatF = FrameOf<"combat">;
type Stance = (typeof STANCES)[number];

// ---------------------------------------------------------------------------------------------- phase

function openCombats(st: St, f: FrameOf<"fightPhase">): number[] {
  const out: number[] = [];
  st.d.combats.forEach((c, i) => {
    if (f.resolved.includes(i)) return;
    const lone = st.m(c.lone);
    if (lone.alive && c.others.some((o) => st.m(o).alive)) out.push(i);
  });
  return out;
}

export function pushCombat(st: St, c: Combat): void {
  const sides: [number[], number[]] = [[], []];
  for (const id of [c.lone, ...c.others]) {
    const m = st.m(id);
    if (m.alive) sides[m.side]!.push(id);
  }
  sides[0].sort((a, b) => a - b);
  sides[1].sort((a, b) => a - b);
  st.push({
    kind: "combat", stage: "setup", sides, support: {}, stance: {}, best: {}, might: {}, toAct: -1, passed: [false, false],
    winner: -1, knock: false, losers: [], queue: [], trapped: [], strikers: [], striker: -1, attacksLeft: 0,
  });
}

export const fightPhaseHandler: Handler<FrameOf<"fightPhase">> = {
  step(st, f) {
    if (f.stage === "pick") {
      const open = openCombats(st, f);
      if (open.length === 0) {
        f.stage = "evil";
        return "again";
      }
      if (open.length > 1) return "wait";
      f.resolved.push(open[0]!);
      pushCombat(st, st.d.combats[open[0]!]!);
      return "again";
    }
    if (f.stage === "evil") {
      // ME-RULES Will of Evil: a point of Will after a Fight phase in which it fought; banished at 0.
      for (const m of st.d.models) {
        if (!m.alive || !m.fought || !st.info(m).willOfEvil) continue;
        m.will = Math.max(0, m.will - 1);
        st.log(`  ${m.name} gives up 1 Will for fighting (Will of Evil): ${m.will} left.`);
        afterWillChange(st, m);
      }
      f.stage = "done";
    }
    return "pop";
  },
  player: (st) => st.d.priority,
  options: (st, f) => openCombats(st, f).map((i) => act(K.FIGHT, i)),
  describe: (st, _f, a) => `fight ${describeCombat(st, st.d.combats[argA(a)]!)}`,
  choose(st, f, a) {
    f.resolved.push(argA(a));
    pushCombat(st, st.d.combats[argA(a)]!);
  },
};

// --------------------------------------------------------------------------------------------- helpers

const participants = (f: CombatF): number[] => [...f.sides[0], ...f.sides[1]];
const supporters = (f: CombatF): number[] => Object.keys(f.support).map(Number);
/** Everyone rolling on `side`: its participants and their supporters. */
function rollers(st: St, f: CombatF, side: number): number[] {
  return [...f.sides[side]!, ...supporters(f).filter((s) => st.m(s).side === side)];
}

/** ME-CAVALRY: charged this turn, only Infantry, and not since charged by enemy Cavalry. */
export function cavalryBonus(st: St, m: ModelState): boolean {
  return st.info(m).cavalry && m.charged && m.chargedTargets.length > 0 && !m.chargedByCavalry && m.chargedTargets.every((t) => st.info(st.m(t)).infantry);
}

export function stanceChoices(st: St, m: ModelState): Stance[] {
  const i = st.info(m);
  if (i.twoHanded) return ["two-handed"];
  const out: Stance[] = ["one-handed"];
  if (i.handAndAHalf) out.push("two-handed");
  // ME-SHIELDING: not for Cavalry, and not with both hands on the weapon.
  if (i.shield && !i.cavalry) out.push("shielding");
  return out;
}

/**
 * ME-ELVEN "Models using an Elven-made weapon": the Elven weapon of the wargear list is a one-handed weapon,
 * so a model fighting two-handed (a two-handed weapon, a hand-and-a-half weapon or a Staff of Power in both
 * hands) is not using it, nor is a supporter, who fights with its spear or pike. One fighting one-handed or
 * Shielding (its weapon still in hand) is.
 */
export function usesElvenWeapon(st: St, f: CombatF, id: number): boolean {
  return st.info(st.m(id)).elven && f.support[id] === undefined && f.stance[id] !== "two-handed";
}

function attacksOf(st: St, f: CombatF, m: ModelState): number {
  if (f.support[m.id] !== undefined) return 1;
  return st.info(m).p.attacks + (cavalryBonus(st, m) ? 1 : 0);
}

/** The side's best duel score (with Might, and `extra` more on one model's die), and its highest Fight Value. */
function sideScore(st: St, f: CombatF, side: number, extra?: { id: number; k: number }): { best: number; fv: number } {
  let best = -100;
  let fv = 0;
  for (const id of rollers(st, f, side)) {
    best = Math.max(best, (f.best[id] ?? -100) + (f.might[id] ?? 0) + (extra?.id === id ? extra.k : 0));
    fv = Math.max(fv, st.info(st.m(id)).p.fight);
  }
  return { best, fv };
}

/** 0 or 1 for the side winning on dice and Fight Value now, or -1 for a tie that goes to the D6. */
function leader(st: St, f: CombatF, extra?: { id: number; k: number }): number {
  const a = sideScore(st, f, 0, extra);
  const b = sideScore(st, f, 1, extra);
  if (a.best !== b.best) return a.best > b.best ? 0 : 1;
  if (a.fv !== b.fv) return a.fv > b.fv ? 0 : 1;
  return -1;
}

/**
 * ME-MIGHT options for `side`: for each Hero rolling on it, the fewest points on its own die that win the
 * duel (or, failing that, force the drawn-combat roll). A die is never raised above 6 (the seed is silent;
 * a D6 score above 6 means nothing to the duel).
 */
function duelMightOptions(st: St, f: CombatF, side: number): number[] {
  const out: number[] = [];
  const now = leader(st, f);
  for (const id of rollers(st, f, side)) {
    const h = st.m(id);
    if (!st.info(h).hero || h.might === 0 || !h.alive) continue;
    const base = (f.best[id] ?? -100) + (f.might[id] ?? 0);
    let draw = 0;
    for (let k = 1; k <= h.might && base + k <= 6; k++) {
      const l = leader(st, f, { id, k });
      if (l === side) {
        out.push(act(K.MIGHT, id, k));
        draw = -1;
        break;
      }
      if (l === -1 && now !== -1 && draw === 0) draw = k;
    }
    if (draw > 0) out.push(act(K.MIGHT, id, draw));
  }
  return out;
}

// ------------------------------------------------------------------------------------------ back away

interface BackOpt {
  x: number;
  y: number;
  label: string;
  makeWay?: { id: number; x: number; y: number };
}

/** Can `m` go straight from where it is to (x, y) through no base, ending clear of enemies? */
function backPathClear(st: St, m: ModelState, x: number, y: number, moved?: { id: number; x: number; y: number }): number[] | null {
  const r = st.info(m).radius;
  if (!onBoard(x, y, r, st.d.board.w, st.d.board.h)) return null;
  const [dx, dy] = unit(x - m.x, y - m.y);
  const len = hyp(x - m.x, y - m.y);
  const blockers: number[] = [];
  for (const b of st.d.models) {
    if (!b.alive || b.id === m.id) continue;
    const bx = moved?.id === b.id ? moved.x : b.x;
    const by = moved?.id === b.id ? moved.y : b.y;
    const br = st.info(b).radius;
    const hitsPath = firstEntry(m.x, m.y, dx, dy, len, bx, by, r + br - OVERLAP) < len;
    // ME-BACK-AWAY: it may end inside an enemy's control zone, never in base contact.
    const touchesAtEnd = b.side !== m.side && gapOf(x, y, r, bx, by, br) <= CONTACT;
    if (hitsPath || touchesAtEnd) blockers.push(b.id);
  }
  return blockers;
}

/** ME-TRAPPED Make Way: the shortest move (up to 1") taking friend `f` off the back-away path of `m`. */
function makeWay(st: St, m: ModelState, f: ModelState, x: number, y: number): { x: number; y: number } | null {
  const r = st.info(m).radius;
  const fr = st.info(f).radius;
  const need = r + fr + 0.004;
  const [dx, dy] = unit(x - m.x, y - m.y);
  const relx = f.x - m.x;
  const rely = f.y - m.y;
  const along = relx * dx + rely * dy;
  const across = -relx * dy + rely * dx; // signed offset from the path's line
  const moves: [number, number][] = [];
  const side = across >= 0 ? 1 : -1;
  moves.push([-dy * side * (need - Math.abs(across)), dx * side * (need - Math.abs(across))]);
  moves.push([dy * side * (need + Math.abs(across)), -dx * side * (need + Math.abs(across))]);
  const back = 1 + Math.sqrt(Math.max(0, need * need - across * across)) - along;
  if (back > 0) moves.push([dx * back, dy * back]);
  moves.sort((a, b) => hyp(a[0], a[1]) - hyp(b[0], b[1]));
  for (const [mx, my] of moves) {
    const l = hyp(mx, my);
    if (l > 1 + 1e-9) continue;
    const nx = f.x + mx;
    const ny = f.y + my;
    if (!onBoard(nx, ny, fr, st.d.board.w, st.d.board.h)) continue;
    if (segmentDistance(m.x, m.y, x, y, nx, ny) < need - 0.002) continue;
    let ok = true;
    for (const b of st.d.models) {
      if (!b.alive || b.id === f.id || b.id === m.id) continue;
      const g = gapOf(nx, ny, fr, b.x, b.y, st.info(b).radius);
      // It may enter an enemy's control zone, but not base contact with an enemy.
      if (g < -OVERLAP || (b.side !== f.side && g <= CONTACT)) ok = false;
      // Its own short move may not pass through another base.
      if (ok && l > 1e-9 && firstEntry(f.x, f.y, mx / l, my / l, l, b.x, b.y, fr + st.info(b).radius - OVERLAP) < l) ok = false;
      if (!ok) break;
    }
    if (gapOf(nx, ny, fr, x, y, r) < -OVERLAP) ok = false;
    if (ok) return { x: nx, y: ny };
  }
  return null;
}

/** ME-BACK-AWAY: the directions tried first, every 15° from straight back, left before right. */
export const BACK_GRID = [0, 15, -15, 30, -30, 45, -45, 60, -60, 75, -75];

const backLabel = (deg: number): string => (deg === 0 ? "straight back" : `back and ${Math.round(Math.abs(deg))}° to the ${deg > 0 ? "left" : "right"}`);

/**
 * ME-BACK-AWAY: "Back Away 1" in a straight line away from the winner in a direction chosen by their
 * controlling player" — every direction that leaves every winner farther off. Offered: the clear ones of
 * BACK_GRID; if none is clear, the middle of each free arc (board.ts freeArcMiddles: a gap at any other
 * angle); if there is none either, ME-TRAPPED's Make Way by one unengaged friend alone in the way of a
 * grid direction. Nothing offered: trapped.
 */
export function backAwayOptions(st: St, f: CombatF, m: ModelState): BackOpt[] {
  return st.memo(`back:${m.id}:${f.queue.length}`, () => {
    const winners = f.sides[other(m.side)]!.map((id) => st.m(id)).filter((w) => w.alive);
    if (winners.length === 0) return [];
    let cx = 0;
    let cy = 0;
    for (const w of winners) {
      cx += w.x / winners.length;
      cy += w.y / winners.length;
    }
    const [ux, uy] = unit(m.x - cx, m.y - cy);
    const out: BackOpt[] = [];
    const blocked: { x: number; y: number; blockers: number[] }[] = [];
    const tryDir = (deg: number, keepBlocked: boolean) => {
      const [dx, dy] = rotate(ux, uy, deg);
      // "Away from the winner": every winner ends farther off.
      if (winners.some((w) => dx * (m.x - w.x) + dy * (m.y - w.y) <= 1e-9)) return;
      const x = m.x + dx;
      const y = m.y + dy;
      const blockers = backPathClear(st, m, x, y);
      if (blockers && blockers.length === 0) out.push({ x, y, label: backLabel(deg) });
      else if (blockers && keepBlocked) blocked.push({ x, y, blockers });
    };
    for (const deg of BACK_GRID) tryDir(deg, true);
    if (out.length > 0) return out;
    const bases = st.d.models.filter((b) => b.alive && b.id !== m.id).map((b) => ({ x: b.x, y: b.y, r: st.info(b).radius, enemy: b.side !== m.side }));
    for (const deg of freeArcMiddles(m.x, m.y, st.info(m).radius, ux, uy, bases, winners, st.d.board.w, st.d.board.h)) tryDir(deg, false);
    if (out.length > 0) return out;
    // ME-TRAPPED: one unengaged friend alone in the way may Make Way.
    for (const b of blocked) {
      if (b.blockers.length !== 1) continue;
      const fr = st.m(b.blockers[0]!);
      if (fr.side !== m.side || engaged(st, fr) || participantsOfAll(st).has(fr.id)) continue;
      const to = makeWay(st, m, fr, b.x, b.y);
      if (!to) continue;
      const after = backPathClear(st, m, b.x, b.y, { id: fr.id, ...to });
      if (after && after.length === 0) out.push({ x: b.x, y: b.y, label: `${fr.name} makes way`, makeWay: { id: fr.id, ...to } });
    }
    return out;
  });
}

function participantsOfAll(st: St): Set<number> {
  const s = new Set<number>();
  for (const c of st.d.combats) {
    s.add(c.lone);
    c.others.forEach((o) => s.add(o));
  }
  return s;
}

/** ME-TRAPPED: after the strikes, a trapped survivor and its foes are parted just enough to stop touching. */
function separate(st: St, m: ModelState): void {
  const foes = st.d.models.filter((e) => e.alive && e.side !== m.side && gap(st, m, e) <= CONTACT);
  for (const e of foes) {
    const need = CONTACT + 0.01 - gap(st, m, e);
    const [ux, uy] = unit(m.x - e.x, m.y - e.y);
    for (const [who, sx, sy] of [[m, ux, uy], [e, -ux, -uy]] as const) {
      const nx = who.x + sx * need;
      const ny = who.y + sy * need;
      const r = st.info(who).radius;
      const free = onBoard(nx, ny, r, st.d.board.w, st.d.board.h) && st.d.models.every((b) => !b.alive || b === who || gapOf(nx, ny, r, b.x, b.y, st.info(b).radius) > (b.side !== who.side ? CONTACT : -OVERLAP));
      if (free) {
        who.x = nx;
        who.y = ny;
        break;
      }
    }
  }
}

// -------------------------------------------------------------------------------------------- combat

/** The next participant (priority player's first) with a weapon choice still to declare. */
function nextStance(st: St, f: CombatF): ModelState | undefined {
  const p = st.d.priority === 1 ? 1 : 0;
  for (const id of [...f.sides[p], ...f.sides[other(p)]]) {
    if (f.stance[id] === undefined && stanceChoices(st, st.m(id)).length > 1) return st.m(id);
  }
  return undefined;
}

function setup(st: St, f: CombatF): void {
  for (const id of participants(f)) st.m(id).fought = true;
  const inCombat = participantsOfAll(st);
  const usable = (s: ModelState, side: number) =>
    s.alive && s.side === side && !s.supported && !s.prone && !inCombat.has(s.id) && st.info(s).infantry && (st.info(s).spear || st.info(s).pike) && !engaged(st, s);
  // ME-SPEAR / ME-PIKE: each Infantry participant may take one spear, or up to two pikes (the second touching the first).
  for (const side of [0, 1]) {
    for (const id of f.sides[side]!) {
      const fm = st.m(id);
      const fi = st.info(fm);
      if (!fi.infantry) continue;
      const near = st.d.models
        .filter((s) => usable(s, side) && st.info(s).radius >= fi.radius - 1e-9 && gap(st, s, fm) <= CONTACT)
        .sort((a, b) => Number(st.info(b).pike) - Number(st.info(a).pike) || a.id - b.id);
      const first = near[0];
      if (!first) continue;
      first.supported = true;
      f.support[first.id] = id;
      st.log(`  ${first.name} supports ${fm.name} with its ${st.info(first).pike ? "pike" : "spear"}.`);
      if (!st.info(first).pike) continue;
      const second = st.d.models.find(
        (s) => usable(s, side) && st.info(s).pike && st.info(s).radius >= fi.radius - 1e-9 && (gap(st, s, first) <= CONTACT || gap(st, s, fm) <= CONTACT),
      );
      if (second) {
        second.supported = true;
        f.support[second.id] = id;
        st.log(`  ${second.name} adds its pike behind ${first.name}.`);
      }
    }
  }
}

function rollDuel(st: St, f: CombatF): void {
  const parts: string[] = [];
  for (const side of [0, 1]) {
    const bits: string[] = [];
    for (const id of rollers(st, f, side)) {
      const m = st.m(id);
      const stance = f.stance[id] ?? "one-handed";
      const dice = attacksOf(st, f, m) * (stance === "shielding" ? 2 : 1);
      // ME-TWO-HANDED: -1 on each die (Burly ignores it): a natural 6 reads 5.
      const mod = stance === "two-handed" && !st.info(m).burly && f.support[id] === undefined ? -1 : 0;
      const rolled = Array.from({ length: dice }, () => st.d6());
      f.best[id] = Math.max(...rolled) + mod;
      const tags = [stance !== "one-handed" && f.support[id] === undefined ? stance : "", f.support[id] !== undefined ? "support" : "", cavalryBonus(st, m) && f.support[id] === undefined ? "charging cavalry" : ""].filter(Boolean);
      bits.push(`${m.name} ${rolled.join(",")}${mod ? " (-1)" : ""}${tags.length ? ` [${tags.join(", ")}]` : ""}`);
    }
    parts.push(bits.join("; "));
  }
  st.log(`  Duel: ${parts[0]}  vs  ${parts[1]}`);
}

function resolveWinner(st: St, f: CombatF): void {
  const a = sideScore(st, f, 0);
  const b = sideScore(st, f, 1);
  let w = leader(st, f);
  let how = a.best !== b.best ? `${Math.max(a.best, b.best)} beats ${Math.min(a.best, b.best)}` : `tied ${a.best}, Fight Value ${Math.max(a.fv, b.fv)} beats ${Math.min(a.fv, b.fv)}`;
  if (w === -1) {
    // ME-DUEL / ME-ELVEN: the priority player's D6; Good wins on 4-6 (3-6 or 5-6 with Elven weapons in use).
    const good = st.alignment(0) === "good" ? 0 : 1;
    const elven = (s: number) => rollers(st, f, s).some((id) => usesElvenWeapon(st, f, id));
    const faces = goodRollOffFaces(elven(good), elven(other(good)));
    const d = st.d6();
    w = d >= 7 - faces ? good : other(good);
    how = `tied ${a.best} with equal Fight Values; the drawn-combat roll is ${d} (Good wins on ${7 - faces}+)`;
  }
  f.winner = w;
  f.losers = f.sides[other(w)]!.filter((id) => st.m(id).alive);
  f.queue = [...f.losers];
  f.knock = f.sides[w]!.some((id) => st.m(id).alive && cavalryBonus(st, st.m(id)));
  st.log(`  ${st.sideName(w)} wins the duel (${how}).`);
}

function setStrikers(st: St, f: CombatF): void {
  const w = f.winner;
  f.strikers = [];
  for (const id of rollers(st, f, w)) {
    const m = st.m(id);
    if (!m.alive) continue;
    if (m.prone && f.support[id] === undefined) {
      // ME-PRONE: a prone winner makes no strikes but may stand up (a player always would).
      m.prone = false;
      st.log(`  ${m.name} wins from the ground and stands up instead of striking.`);
      continue;
    }
    if (f.stance[id] === "shielding") continue; // ME-SHIELDING
    if (m.transfixed) continue; // ME-POWERS Transfix
    f.strikers.push(id);
  }
  f.striker = -1;
}

function aliveLosers(st: St, f: CombatF): number[] {
  return f.losers.filter((id) => st.m(id).alive);
}

/** One Attack against `target`: one strike, or a set of two if it is trapped or prone (ME-TRAPPED, ME-PRONE). */
function attack(st: St, f: CombatF, target: number): void {
  const s = st.m(f.striker);
  const t = st.m(target);
  const si = st.info(s);
  const twice = f.trapped.includes(target) || t.prone;
  const supporting = f.support[s.id] !== undefined;
  // ME-TWO-HANDED +1 To Wound; ME-LANCE +1 for Cavalry with a lance in a turn it charged.
  const bonus = (!supporting && f.stance[s.id] === "two-handed" ? 1 : 0) + (!supporting && si.cavalry && si.lance && s.charged ? 1 : 0);
  st.log(`  ${s.name} strikes ${t.name}${twice ? " twice (trapped)" : ""}: S${si.p.strength}${bonus ? ` +${bonus} to wound` : ""}.`);
  f.attacksLeft--;
  for (let i = 0; i < (twice ? 2 : 1); i++) pushHit(st, target, si.p.strength, bonus, si.hero ? s.id : -1);
}

export const combatHandler: Handler<CombatF> = {
  step(st, f) {
    switch (f.stage) {
      case "setup": {
        if (f.sides[0].length === 0 || f.sides[1].length === 0) return "pop";
        st.log(`Combat: ${f.sides[0].map((i) => st.m(i).name).join(" + ")} vs ${f.sides[1].map((i) => st.m(i).name).join(" + ")}`);
        setup(st, f);
        f.stage = "stance";
        return "again";
      }
      case "stance":
        if (nextStance(st, f)) return "wait";
        for (const id of participants(f)) f.stance[id] ??= stanceChoices(st, st.m(id))[0]!;
        f.stage = "roll";
        return "again";
      case "roll":
        rollDuel(st, f);
        f.stage = "might";
        {
          const l = leader(st, f);
          f.toAct = l === -1 ? other(st.d.priority) : other(l);
        }
        return "again";
      case "might": {
        const l = leader(st, f);
        for (let guard = 0; guard < 4; guard++) {
          if (l === f.toAct) break; // it is winning: nothing to spend for
          if (duelMightOptions(st, f, f.toAct).length > 0) return "wait";
          f.passed[f.toAct] = true;
          if (l === -1 && !f.passed[other(f.toAct)]) f.toAct = other(f.toAct);
          else break;
        }
        f.stage = "resolve";
        return "again";
      }
      case "resolve":
        resolveWinner(st, f);
        f.stage = "back";
        return "again";
      case "back": {
        while (f.queue.length > 0) {
          const m = st.m(f.queue[0]!);
          if (!m.alive) {
            f.queue.shift();
            continue;
          }
          const opts = backAwayOptions(st, f, m);
          if (opts.length > 1) return "wait";
          if (opts.length === 1) backAway(st, f, m, opts[0]!);
          else trap(st, f, m);
        }
        setStrikers(st, f);
        f.stage = "strike";
        return "again";
      }
      case "strike": {
        const targets = aliveLosers(st, f);
        if (targets.length === 0) {
          f.stage = "finish";
          return "again";
        }
        if (f.striker >= 0 && (f.attacksLeft === 0 || !st.m(f.striker).alive)) f.striker = -1;
        if (f.striker < 0) {
          f.strikers = f.strikers.filter((id) => st.m(id).alive);
          if (f.strikers.length === 0) {
            f.stage = "finish";
            return "again";
          }
          if (f.strikers.length > 1) return "wait";
          f.striker = f.strikers.shift()!;
          f.attacksLeft = attacksOf(st, f, st.m(f.striker));
        }
        if (targets.length > 1) return "wait";
        attack(st, f, targets[0]!);
        return "again";
      }
      case "finish":
        for (const id of f.trapped) if (st.m(id).alive) separate(st, st.m(id));
        f.stage = "done";
        return "pop";
      default:
        return "pop";
    }
  },
  player(st, f) {
    switch (f.stage) {
      case "stance":
        return nextStance(st, f)!.side;
      case "might":
        return f.toAct;
      case "back":
        return st.m(f.queue[0]!).side;
      default:
        return f.winner;
    }
  },
  options(st, f) {
    switch (f.stage) {
      case "stance": {
        const m = nextStance(st, f)!;
        return stanceChoices(st, m).map((s) => act(K.STANCE, m.id, STANCES.indexOf(s)));
      }
      case "might":
        return [act(K.PASS), ...duelMightOptions(st, f, f.toAct)];
      case "back":
        return backAwayOptions(st, f, st.m(f.queue[0]!)).map((_, k) => act(K.BACK, k));
      default:
        if (f.striker < 0) return f.strikers.filter((id) => st.m(id).alive).map((id) => act(K.STRIKER, id));
        return aliveLosers(st, f).map((id) => act(K.STRIKE_AT, id));
    }
  },
  describe(st, f, a) {
    switch (kindOf(a)) {
      case K.STANCE:
        return `${st.m(argA(a)).name} fights ${STANCES[argB(a)] === "shielding" ? "shielding" : `with its weapon ${STANCES[argB(a)]}`}`;
      case K.PASS:
        return `${st.sideName(f.toAct)} spends no Might`;
      case K.MIGHT: {
        const h = st.m(argA(a));
        return `${h.name} spends ${argB(a)} Might to make its duel roll ${(f.best[h.id] ?? 0) + (f.might[h.id] ?? 0) + argB(a)}`;
      }
      case K.BACK: {
        const m = st.m(f.queue[0]!);
        const o = backAwayOptions(st, f, m)[argA(a)]!;
        return o.makeWay ? `${o.label}; ${m.name} backs away` : `${m.name} backs away ${o.label}`;
      }
      case K.STRIKER:
        return `${st.m(argA(a)).name} strikes next`;
      default:
        return `${st.m(f.striker).name} directs an Attack at ${st.m(argA(a)).name}`;
    }
  },
  choose(st, f, a) {
    switch (kindOf(a)) {
      case K.STANCE:
        f.stance[argA(a)] = STANCES[argB(a)]!;
        return;
      case K.PASS: {
        f.passed[f.toAct] = true;
        const l = leader(st, f);
        if (l === -1 && !f.passed[other(f.toAct)]) f.toAct = other(f.toAct);
        else f.stage = "resolve";
        return;
      }
      case K.MIGHT: {
        const h = st.m(argA(a));
        h.might -= argB(a);
        f.might[h.id] = (f.might[h.id] ?? 0) + argB(a);
        st.log(`  ${h.name} spends ${argB(a)} Might: its duel roll is now ${(f.best[h.id] ?? 0) + f.might[h.id]!} (${h.might} Might left).`);
        f.passed = [false, false];
        f.toAct = other(f.toAct);
        return;
      }
      case K.BACK: {
        const m = st.m(f.queue[0]!);
        backAway(st, f, m, backAwayOptions(st, f, m)[argA(a)]!);
        return;
      }
      case K.STRIKER:
        f.strikers = f.strikers.filter((id) => id !== argA(a));
        f.striker = argA(a);
        f.attacksLeft = attacksOf(st, f, st.m(f.striker));
        return;
      default:
        attack(st, f, argA(a));
    }
  },
};

function backAway(st: St, f: CombatF, m: ModelState, o: BackOpt): void {
  if (o.makeWay) {
    const fr = st.m(o.makeWay.id);
    fr.x = o.makeWay.x;
    fr.y = o.makeWay.y;
    st.log(`  ${fr.name} makes way.`);
  }
  m.x = o.x;
  m.y = o.y;
  f.queue.shift();
  st.log(`  ${m.name} backs away 1" ${o.makeWay ? "" : o.label}.`.replace(/ \.$/, "."));
  knockDown(st, f, m);
}

function trap(st: St, f: CombatF, m: ModelState): void {
  f.trapped.push(m.id);
  f.queue.shift();
  st.log(`  ${m.name} cannot back away: trapped.`);
  knockDown(st, f, m);
}

/** ME-CAVALRY Knock to the Ground: prone after backing away, so every strike at it comes in pairs. */
function knockDown(st: St, f: CombatF, m: ModelState): void {
  if (!f.knock || m.prone) return;
  m.prone = true;
  st.log(`  ${m.name} is knocked to the ground.`);
}
