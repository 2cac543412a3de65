/**
 * Where a decision goes on the board, for the arrows of Play (the AI's moves), the Coach (its top moves) and
 * the Review (the move made and the review's best choice): the unit or model that acts, where it stood and
 * where it went — read from the engine's own states before and after the decision, so an arrow ends exactly
 * where the engine put the unit (a move's destination, a charge's contact point) — or, for a decision that
 * moves nothing (a shot, a spell, a strike), what it points at.
 *
 * `probe(before, action)` reads what it needs from the state before the decision (the choice's tag, every
 * position) and gives a function of the state after it: the session and the review's replay apply the action
 * themselves, with no copy of the state. `lineOf` is for a decision not taken (the coach's, the review's best
 * choice): it applies the action to a copy (the engine's dice come from the state's own seeded RNG, so the copy
 * moves as the game would have).
 */
import type { PitchedBattleState } from "../../src/aos/battle/game.js";
import { choices } from "../../src/aos/battle/flow.js";
import type { MesbgState } from "../../src/mesbg/game.js";
import { argA, argB, K, kindOf } from "../../src/mesbg/actions.js";
import type { Action, GameState } from "../../src/planner/game.js";

export interface Point {
  x: number;
  y: number;
}

/** A decision on the board: `unit` (an AoS unit's or a MESBG model's id) went from `from` to `to`, or points at `to`. */
export interface MoveLine {
  unit: number;
  from: Point;
  to: Point;
  /** The unit itself went from `from` to `to` (false: `to` is its target or objective, or `from` itself: a ring). */
  moved: boolean;
  /** The enemy unit or model it charges, shoots, fights or casts at. */
  target?: number;
  objective?: string;
}

/** Reads the state before a decision; called with the state after it, gives the decision's line (null: nothing to draw). */
export type Probe<S> = (before: S, action: Action, player: number) => (after: S) => MoveLine | null;

/** Less than this (inches) is standing still: positions are floats. */
const STILL = 0.05;
const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The decision's line for a decision not taken: applied to a copy of `state`. */
export function lineOf<S extends GameState<S>>(probe: Probe<S>, state: S, action: Action, player: number): MoveLine | null {
  const finish = probe(state, action, player);
  const copy = state.clone();
  copy.apply(action);
  return finish(copy);
}

/** Among pieces on the board before and after, the one that went farthest (null: none moved). */
function farthest(before: Map<number, Point>, after: Map<number, Point>): { id: number; d: number } | null {
  let best: { id: number; d: number } | null = null;
  for (const [id, p] of before) {
    const q = after.get(id);
    const d = q ? dist(p, q) : 0;
    if (d > STILL && (!best || d > best.d)) best = { id, d };
  }
  return best;
}

const AOS_POINTS = new Set(["shoot", "fight", "cast", "banish"]);

function aosPositions(s: PitchedBattleState): Map<number, Point> {
  return new Map(s.data.units.flatMap((u, i) => (u.status === "deployed" ? [[i, { x: u.x, y: u.y }] as const] : [])));
}

/**
 * A Pitched Battle decision: a move, charge or retreat from where the unit stood to where it ended; a shot, a
 * fight, a spell to its target; a unit set up (deployment, arrival from reserve) a ring where it stands.
 */
export const aosProbe: Probe<PitchedBattleState> = (before, action) => {
  const tag = choices(before.battle)[action]?.tag;
  const was = aosPositions(before);
  const objectives = before.battle.objectives();
  const t = tag as { kind: string; unit?: number; wizard?: number; caster?: number; target?: number; to?: { kind: string; id?: string; unit?: number }; objective?: string | null } | undefined;
  const actor = t?.unit ?? t?.wizard ?? t?.caster;
  const target = t?.target ?? (t?.to?.kind === "enemy" ? t.to.unit : undefined);
  const objective = t?.to?.kind === "objective" ? t.to.id : (t?.objective ?? undefined);
  return (after) => {
    const now = aosPositions(after);
    const extra = { ...(target !== undefined ? { target } : {}), ...(objective ? { objective } : {}) };
    if (t && AOS_POINTS.has(t.kind) && actor !== undefined && target !== undefined) {
      const from = was.get(actor) ?? now.get(actor);
      const to = was.get(target) ?? now.get(target);
      if (from && to) return { unit: actor, from, to, moved: false, ...extra };
    }
    if (actor !== undefined) {
      const a = was.get(actor);
      const b = now.get(actor);
      if (a && b && dist(a, b) > STILL) return { unit: actor, from: a, to: b, moved: true, ...extra };
    }
    // Set up this decision (deployment, from reserve): a ring where it stands.
    const placed = actor !== undefined && !was.has(actor) && now.has(actor) ? actor : [...now.keys()].find((id) => !was.has(id));
    if (placed !== undefined) return { unit: placed, from: now.get(placed)!, to: now.get(placed)!, moved: false, ...extra };
    const far = farthest(was, now);
    if (far) return { unit: far.id, from: was.get(far.id)!, to: now.get(far.id)!, moved: true, ...extra };
    if (actor === undefined) {
      const o = objective ? objectives.find((q) => q.id === objective) : undefined;
      return o ? { unit: -1, from: { x: o.x, y: o.y }, to: { x: o.x, y: o.y }, moved: false, objective: o.id } : null;
    }
    const from = was.get(actor) ?? now.get(actor);
    if (!from) return null;
    const tp = target !== undefined ? (was.get(target) ?? now.get(target)) : undefined;
    const o = objective ? objectives.find((q) => q.id === objective) : undefined;
    return { unit: actor, from, to: tp ?? (o ? { x: o.x, y: o.y } : from), moved: false, ...extra };
  };
};

function mesbgPositions(s: MesbgState): Map<number, Point> {
  const d = s.data;
  return new Map(d.models.flatMap((m) => (m.alive && (d.turn > 0 || m.x !== 0 || m.y !== 0) ? [[m.id, { x: m.x, y: m.y }] as const] : [])));
}

/** The model a MESBG decision is about: named in the action, or the one whose activation, shot or spell it is. */
function mesbgActor(s: MesbgState, action: Action): number | undefined {
  const k = kindOf(action);
  if (k === K.ACTIVATE || k === K.SHOOT || k === K.MIGHT || k === K.STANCE || k === K.STRIKER) return argA(action);
  for (let i = s.data.stack.length - 1; i >= 0; i--) {
    const f = s.data.stack[i] as { model?: number; caster?: number; shooter?: number };
    const id = f.model ?? f.caster ?? f.shooter;
    if (id !== undefined) return id;
  }
  return undefined;
}

function mesbgTarget(action: Action): number | undefined {
  const k = kindOf(action);
  if (k === K.CHARGE || k === K.CHARGE2 || k === K.SPEAR_CHARGE || k === K.STRIKE_AT) return argA(action);
  if (k === K.SHOOT || k === K.CAST) return argB(action);
  return undefined;
}

/**
 * A MESBG decision: a model's move, charge, crawl, back-away or compelled move from where it stood to where it
 * ended (the model that went farthest); a shot, a spell or a strike to its target; an activation a ring round
 * the model. Deployment (whole formations set up at once) draws nothing.
 */
export const mesbgProbe: Probe<MesbgState> = (before, action) => {
  const was = mesbgPositions(before);
  const actor = mesbgActor(before, action);
  const target = mesbgTarget(action);
  const k = kindOf(action);
  const pointsOnly = k === K.SHOOT || k === K.CAST || k === K.STRIKE_AT;
  return (after) => {
    const now = mesbgPositions(after);
    const extra = target !== undefined ? { target } : {};
    const tp = target !== undefined ? was.get(target) : undefined;
    const from = actor !== undefined ? was.get(actor) : undefined;
    if (pointsOnly && tp) return from ? { unit: actor!, from, to: tp, moved: false, ...extra } : { unit: target!, from: tp, to: tp, moved: false, ...extra };
    const far = farthest(was, now);
    if (far) return { unit: far.id, from: was.get(far.id)!, to: now.get(far.id)!, moved: true, ...extra };
    if (actor === undefined || !from) return tp ? { unit: target!, from: tp, to: tp, moved: false, ...extra } : null;
    return { unit: actor, from, to: tp ?? from, moved: false, ...extra };
  };
};
