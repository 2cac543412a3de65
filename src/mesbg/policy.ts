/**
 * A sensible scripted MESBG player (an `Agent`): the default opponent and the baseline the search must beat.
 * It deploys in a battle line and takes priority; moves its front fighters first, then spears and pikes
 * (to support whoever is now engaged), then archers (who hold still or half-move so they can shoot); takes
 * the Terror test only when the charge it would make once passed is on a Terror-causer; casts a damaging power at the most valuable enemy in
 * range (Terrifying Aura first if it has Will to spare); charges when it can — preferring enemies a friend
 * already fights, cavalry into infantry, the weakest Defence — and hurls throwing spears on the way in;
 * otherwise advances on the nearest enemy (Cavalry at half pace, keeping with the foot). It shoots for the best expected damage, shields when
 * outclassed, wields a hand-and-a-half weapon (a Staff of Power) two-handed only when the exact fight odds say so, spends Might to
 * win a duel or save a Hero, Fate whenever wounded, Will to resist a damaging power.
 */
import type { Rng } from "../core/rng.js";
import { CHANCE, type Action } from "../planner/game.js";
import type { Agent } from "../planner/agents.js";
import { act, argA, argB, argC, K, kindOf } from "./actions.js";
import type { FrameOf } from "./frames.js";
import type { MesbgState } from "./game.js";
import { canActivate, menu } from "./move.js";
import { type MoveOpt, planCharges, planCompel, planSpearCharges } from "./moveOptions.js";
import { MISSILE_CHART } from "./profiles.js";
import { causesTerror, defenceOf, engaged, gap, type ModelState, type St, willKeepingLast } from "./state.js";
import { woundCode, woundProbability } from "./woundChart.js";
import { duel, strikesPmf } from "./odds/kernel.js";
import { type FightPlan, goodRollOffFaces, type SidePlan } from "./odds/plan.js";

const first = (acts: Action[], kind: number): Action | undefined => acts.find((a) => kindOf(a) === kind);
const ofKind = (acts: Action[], kind: number): Action[] => acts.filter((a) => kindOf(a) === kind);

function nearestEnemyGap(st: St, m: ModelState): number {
  let g = Infinity;
  for (const e of st.d.models) if (e.alive && e.side !== m.side) g = Math.min(g, gap(st, m, e));
  return g;
}

/** Rough fighting weight: what a model brings to a duel. */
function punch(st: St, m: ModelState): number {
  const p = st.info(m).p;
  return p.fight + 1.5 * p.attacks + 0.5 * p.strength;
}

function activationOrder(st: St, m: ModelState): number {
  const i = st.info(m);
  const g = Math.min(50, nearestEnemyGap(st, m));
  if (i.powers.length > 0 && m.will > 0) return g / 100;
  if (i.spear || i.pike) return 2 + g / 100;
  if (i.bow) return 3 + g / 100;
  return 1 + g / 100;
}

function chooseActivation(st: St, f: FrameOf<"activation">, acts: Action[]): Action {
  const m = st.m(f.model);
  const i = st.info(m);
  const mm = menu(st, f);
  const terror = first(acts, K.TERROR);
  const supports = mm.moves.some(isSupport);
  if (terror !== undefined && !i.bow && !supports && wouldChargeTerror(st, f, m)) return terror;
  const cast = chooseCast(st, m, ofKind(acts, K.CAST));
  if (cast !== undefined) return cast;
  const stand = first(acts, K.STAND);
  if (stand !== undefined) return stand;
  // Support an engaged friend with a spear or pike before anything else.
  const support = mm.moves.findIndex(isSupport);
  if (support >= 0 && acts.some((a) => kindOf(a) === K.MOVE && argA(a) === support)) return acts.find((a) => kindOf(a) === K.MOVE && argA(a) === support)!;
  const charge = bestCharge(st, m, acts, mm.charges);
  if (charge !== undefined) return charge;
  if (mm.moves.length > 0) {
    const g = nearestEnemyGap(st, m);
    if (i.bow && !m.shot) {
      const range = Math.max(...i.missiles.filter((w) => w !== "throwing spear").map((w) => MISSILE_CHART[w].range));
      if (g <= range) return acts.find((a) => kindOf(a) === K.END)!;
      const half = mm.moves.findIndex(isHalf);
      if (half >= 0) return acts.find((a) => kindOf(a) === K.MOVE && argA(a) === half)!;
    }
    // Advance: the longest of the "toward" moves, straight ahead if the line grazes a neighbour. Cavalry
    // keeps pace with the foot (a half move) until it has a charge, rather than riding into the enemy alone.
    const paced = i.cavalry;
    let best = -1;
    let bestLen = 0.5;
    mm.moves.forEach((o, k) => {
      if (!isAdvance(o) || isHalf(o) !== paced) return;
      const score = o.len + (o.tag === "veer" ? -0.5 : 0);
      if (score > bestLen) {
        bestLen = score;
        best = k;
      }
    });
    if (best >= 0) return acts.find((a) => kindOf(a) === K.MOVE && argA(a) === best)!;
  }
  return acts.find((a) => kindOf(a) === K.END)!;
}

// What a move is for, by its tag (never by its label: labels carry model names, and an enemy called
// "half move orc" or a friend called "support guard" must not change what the policy does).
const isSupport = (o: MoveOpt): boolean => o.tag === "support" || o.tag === "addPike";
const isHalf = (o: MoveOpt): boolean => o.tag === "half" || o.tag === "aheadHalf";
const isAdvance = (o: MoveOpt): boolean => o.tag === "toward" || o.tag === "veer" || o.tag === "half" || o.tag === "ahead" || o.tag === "aheadHalf";

/**
 * ME-RULES Terror: the test is worth taking only when, with it passed, the charge this policy would make is
 * on a Terror-causer (a failed test freezes the model for the turn). The charges are planned as after a pass
 * (`fearless`), from where it stands with what is left of its Move once it has stood up if prone.
 */
function wouldChargeTerror(st: St, f: FrameOf<"activation">, m: ModelState): boolean {
  const reach = m.prone ? f.budget - st.info(m).p.move / 2 : f.budget;
  if (!(reach > 0.05)) return false;
  const charges = planCharges(st, m, reach, f.zone, true);
  const byAction = new Map<Action, MoveOpt>();
  for (const c of charges) byAction.set(c.targets.length === 1 ? act(K.CHARGE, c.targets[0]!) : act(K.CHARGE2, c.targets[0]!, c.targets[1]!), c);
  for (const c of planSpearCharges(st, m, charges)) byAction.set(act(K.SPEAR_CHARGE, c.targets[0]!), c);
  const best = bestCharge(st, m, [...byAction.keys()].sort((a, b) => a - b), byAction);
  return best !== undefined && byAction.get(best)!.targets.some((id) => causesTerror(st, st.m(id)));
}

function bestCharge(st: St, m: ModelState, acts: Action[], charges: Map<Action, { targets: number[]; kind: string }>): Action | undefined {
  let best: Action | undefined;
  let bestScore = -Infinity;
  for (const a of acts) {
    const o = charges.get(a);
    if (!o) continue;
    let score = 0;
    for (const id of o.targets) {
      const t = st.m(id);
      if (engaged(st, t)) score += 3; // gang up: a multiple combat, and the loser more likely trapped
      if (st.info(m).cavalry && st.info(t).infantry) score += 3;
      score += (punch(st, m) - punch(st, t)) / 2 - defenceOf(st, t) / 3;
      if (st.info(t).hero) score += 1;
    }
    if (o.kind === "spear") score += 1.5;
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  // A warrior does not throw itself at something far stronger alone.
  return bestScore > -6 ? best : undefined;
}

/**
 * ME-RULES Will of Evil: the Will a Will of Evil caster keeps back from casting: its last point and one for
 * each Fight phase it may fight in from this turn on (at most WILL_OF_EVIL_TURNS of them), as it
 * loses a point after every Fight phase it fights in and is banished at 0. Near the turn cap it needs fewer.
 */
export const WILL_OF_EVIL_TURNS = 6;
export function willOfEvilReserve(st: St): number {
  return 1 + Math.min(WILL_OF_EVIL_TURNS, st.d.maxTurns - st.d.turn + 1);
}

function chooseCast(st: St, m: ModelState, casts: Action[]): Action | undefined {
  if (casts.length === 0) return undefined;
  const powers = st.info(m).powers;
  const spare = m.will - (st.info(m).willOfEvil ? willOfEvilReserve(st) : 1);
  if (spare < 1) return undefined;
  const dice = Math.min(2, spare);
  const pick = (name: string, want: (t: ModelState) => number): Action | undefined => {
    let best: Action | undefined;
    let bestV = -Infinity;
    for (const a of casts) {
      if (powers[argA(a)]!.name !== name || argC(a) !== (name === "Terrifying Aura" ? 1 : dice)) continue;
      const v = want(st.m(argB(a)));
      if (v > bestV) {
        bestV = v;
        best = a;
      }
    }
    return bestV > 0 ? best : undefined;
  };
  const value = (t: ModelState) => st.info(t).value;
  return (
    (spare >= 3 ? pick("Terrifying Aura", () => 1) : undefined) ??
    pick("Black Dart", value) ??
    pick("Sorcerous Blast", (t) => value(t) + (engaged(st, t) ? 5 : 0)) ??
    pick("Transfix", (t) => (st.info(t).hero || st.info(t).monster ? value(t) : 0)) ??
    pick("Compel", (t) => (st.info(t).hero || st.info(t).monster ? value(t) : 0))
  );
}

function chooseShot(st: St, acts: Action[]): Action {
  let best = acts.find((a) => kindOf(a) === K.DONE)!;
  let bestV = 0;
  for (const a of acts) {
    if (kindOf(a) !== K.SHOOT) continue;
    const m = st.m(argA(a));
    const t = st.m(argB(a));
    const w = st.info(m).missiles[argC(a)]!;
    const hit = (7 - Math.min(6, st.info(m).p.shoot + (m.movedAtAll ? 1 : 0))) / 6;
    const wound = woundProbability(woundCode(MISSILE_CHART[w].strength, defenceOf(st, t)), 0);
    const v = hit * wound * (st.info(t).value / st.info(t).p.wounds) * (engaged(st, t) ? 0.5 : 1);
    if (v > bestV) {
      bestV = v;
      best = a;
    }
  }
  return best;
}

function chooseStance(st: St, f: FrameOf<"combat">, acts: Action[]): Action {
  const m = st.m(argA(acts[0]!));
  const mine = f.sides[m.side]!.map((id) => st.m(id));
  const theirs = f.sides[m.side === 0 ? 1 : 0]!.map((id) => st.m(id));
  const sum = (xs: ModelState[], g: (x: ModelState) => number) => xs.reduce((s, x) => s + g(x), 0);
  const myFv = Math.max(...mine.map((x) => st.info(x).p.fight));
  const theirFv = Math.max(...theirs.map((x) => st.info(x).p.fight));
  const outclassed = sum(theirs, (x) => st.info(x).p.attacks) > sum(mine, (x) => st.info(x).p.attacks) && theirFv > myFv;
  const by = (stance: number) => acts.find((a) => argB(a) === stance);
  if (outclassed && by(2) !== undefined) return by(2)!;
  // ME-HAND-AND-A-HALF: one hand or two, by the exact odds of the fight against the strongest enemy in it.
  if (by(0) !== undefined && by(1) !== undefined) return twoHandsPay(st, m, theirs) ? by(1)! : by(0)!;
  if (myFv >= theirFv && by(1) !== undefined) return by(1)!;
  return by(0) ?? acts[0]!;
}

/**
 * ME-HAND-AND-A-HALF with ME-TWO-HANDED and ME-ELVEN: does `m` do better two-handed? The exact one-on-one
 * fight (src/mesbg/odds) of `m` against the strongest enemy of the combat (the highest punch, then the lowest
 * id), each with its profile's Attacks, its Wounds and Fate left, that enemy one-handed unless it has a
 * two-handed weapon; the value of the wounds each side expects to deal (its points per Wound) minus those it
 * expects to take; one-handed on a tie. Friends, supports, charging Cavalry's bonus die and traps are left
 * out of this estimate (the engine plays them). `assembly/mesbg_rollout/stance.ts` is the twin.
 */
export function twoHandsPay(st: St, m: ModelState, theirs: ModelState[]): boolean {
  let foe = theirs[0]!;
  for (const t of theirs) if (punch(st, t) > punch(st, foe) || (punch(st, t) === punch(st, foe) && t.id < foe.id)) foe = t;
  return stanceScore(st, m, foe, true) > stanceScore(st, m, foe, false);
}

export function stanceScore(st: St, m: ModelState, foe: ModelState, two: boolean): number {
  const mi = st.info(m);
  const fi = st.info(foe);
  const side = (x: ModelState, y: ModelState, twoHands: boolean): SidePlan => ({
    duelDice: st.info(x).p.attacks,
    duelMod: twoHands && !st.info(x).burly ? -1 : 0,
    fight: st.info(x).p.fight,
    strikes: st.info(x).p.attacks,
    woundCode: woundCode(st.info(x).p.strength, defenceOf(st, y)),
    woundBonus: twoHands ? 1 : 0,
    wounds: x.wounds,
    fate: x.fate,
  });
  const mineGood = st.alignment(m.side) === "good";
  const myElven = mi.elven && !two;
  const foeElven = fi.elven && !fi.twoHanded;
  const plan: FightPlan = {
    a: side(m, foe, two),
    b: side(foe, m, fi.twoHanded),
    goodRollOffFaces: mineGood ? goodRollOffFaces(myElven, foeElven) : goodRollOffFaces(foeElven, myElven),
    aIsGood: mineGood,
  };
  const [aWins, bWins] = duel(plan);
  const expected = (pmf: number[]) => pmf.reduce((sum, p, k) => sum + k * p, 0);
  const dealt = aWins * expected(strikesPmf(plan.a, plan.b)) * (fi.value / fi.p.wounds);
  const taken = bWins * expected(strikesPmf(plan.b, plan.a)) * (mi.value / mi.p.wounds);
  return dealt - taken;
}

export const mesbgPolicy: Agent<MesbgState> = {
  name: "policy",
  act(state: MesbgState, player: number, rng: Rng): Action {
    const st = state.st;
    const acts = state.legalActions(player);
    if (acts.length === 0) throw new Error("policy: no legal action");
    if (state.currentPlayer() === CHANCE) return acts[rng.roll(acts.length) - 1]!;
    const f = st.top()!;
    switch (f.kind) {
      case "setup":
        return acts[0]!; // the south half; a battle line, forward
      case "priority":
        return acts.find((a) => argA(a) === player) ?? acts[0]!;
      case "movePhase": {
        const ms = acts.filter((a) => kindOf(a) === K.ACTIVATE).map((a) => st.m(argA(a))).filter((m) => canActivate(st, m));
        if (ms.length === 0) return first(acts, K.DONE)!;
        ms.sort((a, b) => activationOrder(st, a) - activationOrder(st, b) || a.id - b.id);
        return acts.find((a) => kindOf(a) === K.ACTIVATE && argA(a) === ms[0]!.id)!;
      }
      case "activation":
        return chooseActivation(st, f, acts);
      case "shootPhase":
        return chooseShot(st, acts);
      case "combat":
        switch (kindOf(acts[acts.length - 1]!)) {
          case K.STANCE:
            return chooseStance(st, f, acts);
          case K.STRIKE_AT: {
            // Finish the weakest, and prefer a trapped or prone victim (two strikes per Attack).
            const score = (id: number) => st.m(id).wounds - (f.trapped.includes(id) || st.m(id).prone ? 1 : 0);
            return [...acts].sort((a, b) => score(argA(a)) - score(argA(b)) || a - b)[0]!;
          }
          case K.STRIKER:
            return [...acts].sort((a, b) => Number(st.info(st.m(argA(a))).hero) - Number(st.info(st.m(argA(b))).hero) || a - b)[0]!;
          default:
            // Might to win the duel when offered; otherwise the first option (backing away straight back).
            return first(acts, K.MIGHT) ?? acts[0]!;
        }
      case "wound":
        if (f.stage === "fate") return first(acts, K.FATE) ?? acts[0]!;
        return st.m(f.target).wounds <= 1 ? (first(acts, K.MIGHT) ?? acts[0]!) : first(acts, K.PASS)!;
      case "hit": {
        const t = st.m(f.target);
        const worth = st.info(t).hero || st.info(t).monster || st.m(f.source).might >= 2;
        return worth ? (first(acts, K.MIGHT) ?? acts[0]!) : first(acts, K.PASS)!;
      }
      case "shot":
        return st.info(st.m(f.target)).hero ? (first(acts, K.MIGHT) ?? acts[0]!) : first(acts, K.PASS)!;
      case "courage": {
        // The least Will that passes, but never a Will of Evil model's last point (it would be banished).
        const spend = first(acts, K.SPEND);
        return spend !== undefined && argA(spend) <= willKeepingLast(st, st.m(f.model)) ? spend : first(acts, K.PASS)!;
      }
      case "cast":
        if (f.stage === "resist") {
          const t = st.m(f.target);
          // Up to 2 dice from its store, never a Will of Evil model's last point.
          const n = Math.min(2, willKeepingLast(st, t), t.will);
          return acts[n]!;
        }
        if (f.stage === "might") return ofKind(acts, K.MIGHT)[0] ?? first(acts, K.PASS)!;
        return chooseCompel(st, f, acts);
      default:
        return acts[0]!;
    }
  },
};

/** Compel: drag the victim into the caster's strongest model (a charge), else leave it be. */
function chooseCompel(st: St, f: FrameOf<"cast">, acts: Action[]): Action {
  const victim = st.m(f.target);
  let best = acts[0]!;
  let bestV = 0;
  for (const a of acts) {
    const o = st.memo(`compel:${f.target}`, () => planCompel(st, victim))[argA(a)];
    if (!o || o.kind !== "charge") continue;
    const v = Math.max(...o.targets.map((id) => punch(st, st.m(id)))) - punch(st, victim);
    if (v > bestV) {
      bestV = v;
      best = a;
    }
  }
  return best;
}
