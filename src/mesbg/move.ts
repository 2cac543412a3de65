/**
 * The Move phase (ME-MOVE): the priority player activates its models one at a time, then the other player.
 * An activation is a short sequence of decisions: take a Terror test (first, if it wants to charge a
 * Terror-causer), cast a power (before or after moving), then one movement option from `moveOptions.ts`
 * (or stand up / crawl when prone, ME-PRONE), and end. Engaged, transfixed and compelled models do not
 * activate; a model engaged by a charge cannot move further this phase.
 */
import { act, argA, K, kindOf } from "./actions.js";
import { hyp, inches } from "./board.js";
import { pushCourage, terrorTestOffered } from "./courage.js";
import type { FrameOf } from "./frames.js";
import type { Handler } from "./handler.js";
import { castOptions, describeCast, pushCast } from "./magic.js";
import { doMove, type MoveOpt, planCharges, planCrawls, planMoves, planSpearCharges } from "./moveOptions.js";
import { pushShot } from "./shoot.js";
import { engaged, gap, type ModelState, other, type St, zonesOn } from "./state.js";

export function canActivate(st: St, m: ModelState): boolean {
  return m.alive && !m.activated && !m.transfixed && !m.compelled && !engaged(st, m);
}

const moverOf = (st: St, f: FrameOf<"movePhase">) => (f.step === 0 ? st.d.priority : other(st.d.priority));

export const movePhaseHandler: Handler<FrameOf<"movePhase">> = {
  step(st, f) {
    while (f.step < 2 && !st.d.models.some((m) => m.side === moverOf(st, f) && canActivate(st, m))) f.step++;
    return f.step >= 2 ? "pop" : "wait";
  },
  player: (st, f) => moverOf(st, f),
  options(st, f) {
    const p = moverOf(st, f);
    return [...st.d.models.filter((m) => m.side === p && canActivate(st, m)).map((m) => act(K.ACTIVATE, m.id)), act(K.DONE)];
  },
  describe: (st, f, a) => (kindOf(a) === K.DONE ? `${st.sideName(moverOf(st, f))} finishes moving` : `${st.m(argA(a)).name} activates`),
  choose(st, f, a) {
    if (kindOf(a) === K.DONE) {
      f.step++;
      return;
    }
    const m = st.m(argA(a));
    st.push({ kind: "activation", model: m.id, stage: "start", budget: st.info(m).p.move, zone: zonesOn(st, m), crawled: false, startX: m.x, startY: m.y });
  },
};

export interface Menu {
  actions: number[];
  moves: MoveOpt[];
  crawls: MoveOpt[];
  charges: Map<number, MoveOpt>;
}

/** The options of an activation, with the moves and charges they stand for (the policy reads them too). */
export function menu(st: St, f: FrameOf<"activation">): Menu {
  return st.memo(`act:${f.model}:${f.stage}:${f.budget}:${f.crawled}`, () => {
    const m = st.m(f.model);
    const mv = st.info(m).p.move;
    const out: Menu = { actions: [], moves: [], crawls: [], charges: new Map() };
    if (f.stage === "start" && terrorTestOffered(st, m, f.budget)) out.actions.push(act(K.TERROR));
    out.actions.push(...castOptions(st, m));
    const canMove = f.stage !== "moved" && !m.transfixed && m.terror !== "failed" && !engaged(st, m);
    if (canMove && m.prone) {
      // ME-PRONE: standing costs half the Move allowance; a crawl leaves only standing up.
      if (f.budget >= mv / 2 - 1e-9) out.actions.push(act(K.STAND));
      if (!f.crawled) {
        out.crawls = planCrawls(st, m, f.zone);
        out.crawls.forEach((_, k) => out.actions.push(act(K.CRAWL, k)));
      }
    } else if (canMove && !f.crawled && f.budget > 0.05) {
      out.moves = planMoves(st, m, f.budget, f.zone);
      out.moves.forEach((_, k) => out.actions.push(act(K.MOVE, k)));
      const charges = planCharges(st, m, f.budget, f.zone);
      for (const c of charges) out.charges.set(c.targets.length === 1 ? act(K.CHARGE, c.targets[0]!) : act(K.CHARGE2, c.targets[0]!, c.targets[1]!), c);
      for (const s of planSpearCharges(st, m, charges)) out.charges.set(act(K.SPEAR_CHARGE, s.targets[0]!), s);
      out.actions.push(...out.charges.keys());
    }
    out.actions.push(act(K.END));
    out.actions.sort((a, b) => a - b);
    return out;
  });
}

/** Ends the activation: what it did this turn stays on the model; the last move is kept for the record. */
function finish(st: St, f: FrameOf<"activation">): void {
  const m = st.m(f.model);
  m.activated = true;
  st.d.lastMove = { model: m.id, x: f.startX, y: f.startY, zone: [...f.zone] };
  f.stage = "done";
}

export const activationHandler: Handler<FrameOf<"activation">> = {
  step(st, f) {
    const m = st.m(f.model);
    if (f.stage === "done") return "pop";
    if (!m.alive) {
      f.stage = "done";
      return "pop";
    }
    // ME-RULES Terror: a failed test means no movement at all this turn.
    if (m.terror === "failed") f.budget = 0;
    if (f.stage !== "start" && engaged(st, m)) f.stage = "moved";
    const mm = menu(st, f);
    if (mm.actions.length === 1) {
      finish(st, f);
      return "pop";
    }
    return "wait";
  },
  player: (st, f) => st.m(f.model).side,
  options: (st, f) => menu(st, f).actions,
  describe(st, f, a) {
    const m = st.m(f.model);
    const mm = menu(st, f);
    switch (kindOf(a)) {
      case K.END:
        return f.stage === "start" ? `${m.name} stays where it is` : `${m.name} ends its activation`;
      case K.TERROR:
        return `${m.name} takes a Courage test to charge a Terror-causing enemy`;
      case K.CAST:
        return describeCast(st, m, a);
      case K.STAND:
        return `${m.name} stands up`;
      case K.CRAWL:
        return `${m.name} ${mm.crawls[argA(a)]!.label}`;
      case K.MOVE:
        return `${m.name} ${mm.moves[argA(a)]!.label}`;
      default:
        return `${m.name} ${mm.charges.get(a)!.label}`;
    }
  },
  choose(st, f, a) {
    const m = st.m(f.model);
    const mm = menu(st, f);
    const mv = st.info(m).p.move;
    const wasStart = f.stage === "start";
    if (wasStart) f.stage = "menu";
    switch (kindOf(a)) {
      case K.END:
        finish(st, f);
        return;
      case K.TERROR:
        pushCourage(st, m);
        return;
      case K.CAST:
        pushCast(st, m, a);
        return;
      case K.STAND:
        m.prone = false;
        f.budget -= mv / 2;
        m.moved += mv / 2;
        m.movedAtAll = true;
        st.log(`  ${m.name} stands up (${inches(f.budget)} of movement left).`);
        if (f.crawled) f.stage = "moved";
        return;
      case K.CRAWL: {
        const o = mm.crawls[argA(a)]!;
        doMove(st, m, o);
        f.crawled = true;
        f.budget -= 1;
        return;
      }
      case K.MOVE:
        doMove(st, m, mm.moves[argA(a)]!);
        f.budget = 0;
        f.stage = "moved";
        return;
      case K.SPEAR_CHARGE: {
        const o = mm.charges.get(a)!;
        st.push({ kind: "spearCharge", model: m.id, target: o.targets[0]!, stage: "throw", cx: o.x, cy: o.y, len: o.len, throwLen: o.throwAt!.len });
        // The throwing point is kept on the frame through the model's own position once it gets there.
        m.x = o.throwAt!.x;
        m.y = o.throwAt!.y;
        return;
      }
      default: {
        const o = mm.charges.get(a)!;
        doMove(st, m, o);
        f.budget = 0;
        f.stage = "moved";
      }
    }
  },
};

/** ME-THROWING-SPEAR: the model stands 1" short of its target; throw, then complete the charge or move on. */
export const spearChargeHandler: Handler<FrameOf<"spearCharge">> = {
  step(st, f) {
    const m = st.m(f.model);
    const t = st.m(f.target);
    const parent = st.d.stack[st.d.stack.length - 2];
    if (f.stage === "throw") {
      m.moved += f.throwLen;
      m.movedAtAll = true;
      m.thrown = true;
      f.stage = "after";
      const k = st.info(m).missiles.indexOf("throwing spear");
      pushShot(st, m, t, k, false);
      return "again";
    }
    if (parent?.kind !== "activation") throw new Error("spear charge outside an activation");
    if (t.alive) {
      doMove(st, m, { kind: "spear", x: f.cx, y: f.cy, len: f.len - f.throwLen, targets: [t.id], label: "" });
      st.log(`  ${m.name} completes its charge into ${t.name}.`);
      parent.budget = 0;
      parent.stage = "moved";
    } else {
      // The target fell: the charger may finish its move any way it likes.
      parent.budget = Math.max(0, parent.budget - f.throwLen);
      parent.zone = zonesOn(st, m);
      st.log(`  ${t.name} fell to the spear; ${m.name} has ${inches(parent.budget)} of movement left.`);
    }
    return "pop";
  },
};

/**
 * The control-zone invariant after an activation: the model is engaged, or outside every enemy zone, or it
 * started inside those zones and is no closer to any of them. (Back Away, Make Way, Compel and separating
 * a trapped loser may leave models inside zones; this is checked only for the model that just moved.)
 */
export function zoneViolation(st: St): string | null {
  const lm = st.d.lastMove;
  if (!lm) return null;
  const m = st.m(lm.model);
  if (!m.alive || engaged(st, m) || m.compelled) return null;
  for (const z of zonesOn(st, m)) {
    if (!lm.zone.includes(z)) {
      // A model that did not move may have been approached (by a compelled enemy, say): not a violation.
      if (m.x === lm.x && m.y === lm.y) continue;
      return `${m.name} ended its move inside ${st.m(z).name}'s control zone (${gap(st, m, st.m(z)).toFixed(3)}")`;
    }
    const e = st.m(z);
    const before = hyp(lm.x - e.x, lm.y - e.y);
    const after = hyp(m.x - e.x, m.y - e.y);
    if (after < before - 1e-6) return `${m.name} moved closer to ${e.name} inside its control zone`;
  }
  return null;
}
