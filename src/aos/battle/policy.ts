/**
 * The scripted Pitched Battle player (an `Agent`): the sensible default opponent, the policy both sides play
 * in rollouts, and the baseline the planner must beat. Rule-based and stateless — every decision is a
 * function of the battle as it stands (never of the RNG, never of what it decided before) — so the Wasm
 * rollout kernel (assembly/battle/policy.ts) makes the same decisions from the same state; the
 * differential tests (test/aos/rollout-differential.test.ts) hold the two equal.
 *
 * The rules, in the order of a battle:
 * - set-up: be the attacker, take the first territory, a grand strategy the army can complete; deploy melee
 *   units at the front and shooters at the rear, spread out; predators: the three hardest-hitting units.
 *   Reserves (CORE-RESERVES): at most one unit in reserve — the first melee unit (not a HERO, the general
 *   or Battleline) an ability can take — never under Tooth and Nail's No Reserves.
 * - hero and movement phases, first (CORE-REPLACEMENT, CORE-RESERVES): a replacement for the first destroyed
 *   unit an ability can replace (the first ability, unit and user in the engine's order); then, from battle
 *   round 2, the first unit in reserve arrives. Either is set up at the spot offered for the objective not
 *   ours and held that it can get nearest to, else near the weakest enemy (`setUpPick`).
 * - priority: always take the first turn; Seismic Shift removes an objective the opponent controls; the
 *   vantage point is one the player controls.
 * - battle tactic: the pick with the best estimated chance to complete (see `tacticScore`).
 * - hero phase (CORE-BANISH, manifestations.ts): first Banish Manifestation on an enemy manifestation when
 *   2D6 plus the bonus needs 8 or less (the first caster and target that can); then a summon spell: the
 *   manifestation with the most attacks (the first on ties; the first wizard that can), set up toward the
 *   nearest enemy (else the first spot); then a warscroll spell (warscroll-spells.ts: the first wizard that
 *   can, its best spell on its best target); then Metamorphosis whenever a wizard can cast it (first wizard,
 *   first hero in range).
 * - movement: units never retreat. A manifestation (it contests nothing) advances on the nearest enemy. A unit contesting an objective holds it if it is the first of its army
 *   there, the objective is not yet ours, or an enemy contests it (a screen); every other unit advances on
 *   the nearest objective that is not ours and held (the battle tactic's objectives first), or on the
 *   nearest enemy once all are; it runs only when it is far, has no missile weapons and no enemy is near
 *   enough to charge (a unit that can charge after a run — Keep Up!, Vanguard Chamber: moves.ts — runs whenever
 *   its target is beyond its Move, see wantsToRun). Ferocious Advance: the three picked units run toward the same objective. It never
 *   picks a move that would not get the unit nearer (the engine does not offer it: paths.ts makesWay): it
 *   takes the other pace if that is offered, else the unit stays where it is.
 * - shooting: each unit in order shoots the tactic's target if in range, else the enemy with the fewest
 *   wounds left in range.
 * - charge: a unit that hits harder in melee than at range charges when the gap is at most 7 1/2" (a 2D6
 *   roll of 7 or more, 58%; more with charge dice or "Add N to charge rolls"): the tactic's target if it can,
 *   else the enemy with the fewest wounds left. Abilities used at a phase's end (Vanguard Chamber, Brace for
 *   Impact) follow the rules in moves.ts.
 * - combat: Feral Roar (1 command point) on the first MONSTER whose Battle Damaged applies and that is in
 *   combat, else none; the first unit that may fight fights the tactic's target if in range, else the weakest
 *   enemy.
 * - end of turn: raid whenever it can (Feral Foray); destroy an objective once it is worth 4 VP, or any in
 *   round 5 (Power in Numbers).
 * Ties always go to the first in the engine's order (unit ids, the plan's objectives, the choice list).
 */
import { GRAND_STRATEGIES, type GrandStrategyId, type Side } from "../scoring/index.js";
import { destroyValue } from "../scoring/victoryPoints.js";
import type { Point } from "../battleplans/index.js";
import type { DiceExpr } from "../../core/dice.js";
import type { Rng } from "../../core/rng.js";
import type { Agent } from "../../planner/agents.js";
import type { Action } from "../../planner/game.js";
import { carriersLeft } from "./attacks.js";
import type { Battle, ObjectiveInPlay } from "./battle.js";
import type { Choice, ChoiceTag, MoveTarget } from "./choice.js";
import { choices } from "./flow.js";
import type { PitchedBattleState } from "./game.js";
import { COMBAT_RANGE, CONTEST_REACH, objectiveDistance, pointDistance } from "./geometry.js";
import { controlScore } from "./objectives.js";
import { nextToDeploy, rankedSpotsOfChoices } from "./setup.js";
import { banishmentBonus, isManifestation, manifestationRecord } from "./manifestations.js";
import { inReserve } from "./reserves.js";
import { chargeDice } from "./effects.js";
import { actsAfter, moveModifier } from "./moves.js";
import { redeployPick } from "./setups.js";
import { loreseekersBonus } from "./traits.js";
import { banishBonus } from "./magic6.js";
import type { Player, TacticInPlay } from "./state.js";
import type { UnitProfile } from "./units.js";

/** Gap (edge to edge) worth a charge: 2D6 >= gap - 1/2" needs 7 or less (21/36). */
export const GOOD_CHARGE_GAP = 7.5;
/**
 * The same for a charge roll of `dice` D6 (Heralds of Righteousness: 3): the largest gap a roll reaches at
 * least as often as 2D6 reaches 7 (21/36) — 3D6 >= 10 is 62.5%, >= 11 50%, so 10 1/2"; at most the 12" reach.
 */
export function goodChargeGap(dice: number): number {
  return dice <= 2 ? GOOD_CHARGE_GAP : dice === 3 ? 10.5 : 12;
}
/** Reach of a unit's melee threat for the tactic estimates: a move, then a charge of about 7". */
const MELEE_REACH = 10;
/** Power in Numbers: destroy an objective once destroying it scores this much (or in the last round). */
export const DESTROY_AT = 4;

// ---- unit facts ------------------------------------------------------------------------------------------

export function meanDice(d: DiceExpr): number {
  return (d.count * (d.sides + 1)) / 2 + d.plus;
}

/** The distance a unit expects to move (a random Move at its mean). */
export function moveEstimate(p: UnitProfile): number {
  return p.moveDice ? p.move + meanDice(p.moveDice) : p.move;
}

/** Attacks of the unit as fielded with weapons of one type (its weight in that phase). */
export function attackWeight(p: UnitProfile, type: "melee" | "ranged"): number {
  let v = 0;
  for (const w of p.weapons) if (w.type === type) v += w.carriers * meanDice(w.attacks);
  return v;
}

export function maxRange(p: UnitProfile): number {
  let r = 0;
  for (const w of p.weapons) if (w.type === "ranged" && w.range > r) r = w.range;
  return r;
}

function woundsLeft(b: Battle, id: number): number {
  return b.unit(id).models * b.profile(id).health - b.unit(id).damage;
}

const rollP = (target: number) => (7 - Math.min(6, Math.max(2, target))) / 6;

/** Rough expected damage of `id`'s weapons of one type on `target` (no modifiers, no ward, no crits). */
export function expectedDamage(b: Battle, id: number, target: number, type: "melee" | "ranged"): number {
  const p = b.profile(id);
  const u = b.unit(id);
  const save = b.profile(target).save;
  let sum = 0;
  for (const w of p.weapons) {
    if (w.type !== type) continue;
    const unsaved = save === null ? 1 : 1 - rollP(save + w.rend);
    sum += carriersLeft(w, p, u) * meanDice(w.attacks) * rollP(w.hit) * rollP(w.wound) * unsaved * meanDice(w.damage);
  }
  return sum;
}

/** CORE-CONTEST: some of the unit's models are within 3" of the marker's edge (geometry.ts contestingModels > 0); never a manifestation. */
function contests(b: Battle, id: number, o: ObjectiveInPlay): boolean {
  if (isManifestation(b, id)) return false;
  const fp = b.footprint(id);
  return Math.hypot(fp.x - o.x, fp.y - o.y) <= fp.radius + CONTEST_REACH;
}

/** The first (lowest id) unit of `player` contesting `o`, or -1. */
function anchor(b: Battle, player: Player, o: ObjectiveInPlay): number {
  for (const id of b.deployed(player)) if (contests(b, id, o)) return id;
  return -1;
}

function enemyContests(b: Battle, player: Player, o: ObjectiveInPlay): boolean {
  return anchor(b, (1 - player) as Player, o) >= 0;
}

/** Ours and held: we control it, one of ours contests it and no enemy does. */
function settled(b: Battle, player: Player, o: ObjectiveInPlay): boolean {
  return b.data.control[o.id] === player && anchor(b, player, o) >= 0 && !enemyContests(b, player, o);
}

/** The unit a battle tactic wants destroyed this turn, or -1. */
export function tacticTarget(b: Battle, player: Player): number {
  const t = b.data.tactic;
  if (!t) return -1;
  if (t.id === "broken-ranks" || t.id === "bring-it-down") return t.units[0]!;
  if (t.id === "slay-the-warlord") return b.general((1 - player) as Player) ?? -1;
  return -1;
}

/** Among `targets` (ascending ids): the tactic's target if there, else the fewest wounds left (first on ties). */
function bestTarget(b: Battle, player: Player, targets: readonly number[]): number {
  const want = tacticTarget(b, player);
  if (want >= 0 && targets.includes(want)) return want;
  let best = targets[0]!;
  for (const t of targets) if (woundsLeft(b, t) < woundsLeft(b, best)) best = t;
  return best;
}

// ---- battle tactics --------------------------------------------------------------------------------------

/** Chance-like estimate that the unit is destroyed this turn: threat within reach against twice its wounds. */
function killChance(b: Battle, player: Player, target: number): number {
  if (b.unit(target).status !== "deployed") return 0;
  let threat = 0;
  for (const id of b.deployed(player)) {
    const p = b.profile(id);
    const d = b.distance(id, target);
    if (d <= moveEstimate(p) + MELEE_REACH) threat += expectedDamage(b, id, target, "melee");
    const range = maxRange(p);
    if (range > 0 && d <= range + moveEstimate(p)) threat += expectedDamage(b, id, target, "ranged");
  }
  return Math.min(0.9, threat / (2 * woundsLeft(b, target)));
}

/** Estimate that the player controls `o` at the end of this turn: control it can bring against what is there. */
function holdChance(b: Battle, player: Player, o: ObjectiveInPlay): number {
  let mine = 0;
  let theirs = 0;
  for (const id of b.deployed()) {
    if (isManifestation(b, id)) continue; // it contests nothing
    const score = controlScore(b, id, b.unit(id).models);
    const d = objectiveDistance(b.footprint(id), o);
    if (b.ownerOf(id) !== player) {
      if (d <= COMBAT_RANGE) theirs += score;
    } else if (d <= (b.inCombat(id) ? COMBAT_RANGE : moveEstimate(b.profile(id)) + COMBAT_RANGE)) mine += score;
  }
  if (mine <= theirs) return 0.05;
  return theirs === 0 ? 0.8 : 0.5;
}

function objectiveById(b: Battle, id: string): ObjectiveInPlay | undefined {
  return b.objectives().find((o) => o.id === id);
}

/** Estimated chance of completing a battle tactic pick (PB-BT-01..08); the policy picks the highest. */
export function tacticScore(b: Battle, player: Player, t: TacticInPlay): number {
  const enemy = (1 - player) as Player;
  switch (t.id) {
    case "broken-ranks":
    case "bring-it-down":
      return killChance(b, player, t.units[0]!);
    case "slay-the-warlord": {
      const g = b.general(enemy);
      return g === null ? 0 : killChance(b, player, g);
    }
    case "conquer":
      return holdChance(b, player, objectiveById(b, t.objectives[0]!)!);
    case "aggressive-expansion":
      return holdChance(b, player, objectiveById(b, t.objectives[0]!)!) * holdChance(b, player, objectiveById(b, t.objectives[1]!)!);
    case "ferocious-advance": {
      const [a, c, e] = t.units as [number, number, number];
      const spread = Math.max(b.distance(a, c), b.distance(a, e), b.distance(c, e));
      return spread <= 1 ? 0.5 : spread <= COMBAT_RANGE ? 0.35 : 0.1;
    }
    case "monstrous-takeover": {
      const m = t.units[0]!;
      for (const o of b.objectives()) {
        if (!contests(b, m, o) || b.data.control[o.id] !== player) continue;
        if (!b.deployed(enemy).some((x) => b.isMonster(x) && contests(b, x, o))) return 0.8;
      }
      return 0.1;
    }
    case "savage-spearhead": {
      let n = 0;
      for (const id of b.deployed(player)) if (b.profile(id).startingArmy && b.whollyWithinTerritory(id, enemy)) n++;
      return n >= 2 ? 0.7 : n === 1 ? 0.2 : 0.05;
    }
  }
}

// ---- movement --------------------------------------------------------------------------------------------

/** Ferocious Advance: the objective nearest the three units' centre (the first on ties), or null. */
function ferociousTarget(b: Battle, t: TacticInPlay): MoveTarget | null {
  const alive = t.units.filter((id) => b.unit(id).status === "deployed");
  const objectives = b.objectives();
  if (alive.length === 0 || objectives.length === 0) return null;
  let cx = 0;
  let cy = 0;
  for (const id of alive) {
    cx += b.unit(id).x;
    cy += b.unit(id).y;
  }
  cx /= alive.length;
  cy /= alive.length;
  let best = objectives[0]!;
  for (const o of objectives) if (Math.hypot(cx - o.x, cy - o.y) < Math.hypot(cx - best.x, cy - best.y)) best = o;
  return { kind: "objective", id: best.id };
}

/** Whether a unit stays on the objective it contests (see the file comment). */
export function holds(b: Battle, player: Player, id: number): boolean {
  for (const o of b.objectives()) {
    if (!contests(b, id, o)) continue;
    if (b.data.control[o.id] !== player || enemyContests(b, player, o) || anchor(b, player, o) === id) return true;
  }
  return false;
}

function nearestEnemy(b: Battle, player: Player, id: number): number {
  let best = -1;
  let bestD = Infinity;
  for (const e of b.deployed((1 - player) as Player)) {
    const d = b.distance(id, e);
    if (d < bestD) {
      bestD = d;
      best = e;
    }
  }
  return best;
}

/** Where a free unit advances: an objective not ours and held (the tactic's first), else the nearest enemy. */
export function advanceTarget(b: Battle, player: Player, id: number): MoveTarget | null {
  const objectives = b.objectives();
  const open = objectives.filter((o) => !settled(b, player, o));
  const t = b.data.tactic;
  const wanted = t && (t.id === "conquer" || t.id === "aggressive-expansion") ? open.filter((o) => t.objectives.includes(o.id)) : [];
  const pool = wanted.length > 0 ? wanted : open;
  if (pool.length > 0) {
    const fp = b.footprint(id);
    let best = pool[0]!;
    for (const o of pool) if (pointDistance(fp, o) < pointDistance(fp, best)) best = o;
    return { kind: "objective", id: best.id };
  }
  const e = nearestEnemy(b, player, id);
  return e < 0 ? null : { kind: "enemy", unit: e };
}

/**
 * A run only when far: beyond its Move, and — as a run forfeits the charge and the shooting — no enemy near
 * enough to charge and no missile weapons. A unit that can charge after a run now (Keep Up!, Vanguard Chamber:
 * moves.ts actsAfter, read before the move) runs whenever the target is beyond its Move, with missile weapons
 * too unless it is a shooter (ranged attacks above its melee ones); one that can also shoot after it always.
 */
function wantsToRun(b: Battle, player: Player, id: number, to: MoveTarget): boolean {
  const p = b.profile(id);
  const reach = moveEstimate(p);
  const e = nearestEnemy(b, player, id);
  const enemyGap = e < 0 ? Infinity : b.distance(id, e);
  const keepsCharge = actsAfter(b, id, "run", false);
  if (to.kind === "enemy") return enemyGap > reach + (keepsCharge ? 0 : 12);
  const o = objectiveById(b, (to as { id: string }).id)!;
  // Missile weapons stop the run unless it can shoot after it, or it keeps its charge and is no shooter (melee at least its ranged attacks).
  const shooter = maxRange(p) > 0 && !actsAfter(b, id, "run", true) && !(keepsCharge && attackWeight(p, "melee") >= attackWeight(p, "ranged"));
  return pointDistance(b.footprint(id), o) > reach && !shooter && (keepsCharge || enemyGap > reach + 12);
}

/** A movement order: which unit, where to, whether it runs. */
export type MovementOrder = { unit: number; to: MoveTarget; run: boolean };

/**
 * The next movement order: the first unit (by id) that wants to move, or null to end the phase. A move the
 * engine does not offer (`offered`: it would not get the unit nearer, paths.ts makesWay) is never picked:
 * the other pace toward the same place if that is offered (a run may get past what a move cannot), else the
 * unit stays where it is.
 */
export function movementOrder(b: Battle, player: Player, movable: readonly number[], offered: (unit: number, to: MoveTarget, run: boolean) => boolean): MovementOrder | null {
  const t = b.data.tactic;
  const pick = (unit: number, to: MoveTarget, run: boolean): MovementOrder | null =>
    offered(unit, to, run) ? { unit, to, run } : offered(unit, to, !run) ? { unit, to, run: !run } : null;
  for (const id of movable) {
    let order: MovementOrder | null = null;
    if (t && t.id === "ferocious-advance" && t.units.includes(id)) {
      const to = ferociousTarget(b, t);
      if (to) order = pick(id, to, true);
    } else if (isManifestation(b, id)) {
      // CORE-BANISH: a manifestation contests nothing; it goes for the nearest enemy.
      const e = nearestEnemy(b, player, id);
      if (e >= 0) {
        const to: MoveTarget = { kind: "enemy", unit: e };
        order = pick(id, to, wantsToRun(b, player, id, to));
      }
    } else if (!holds(b, player, id)) {
      const to = advanceTarget(b, player, id);
      if (to) order = pick(id, to, wantsToRun(b, player, id, to));
    }
    if (order) return order;
  }
  return null;
}

// ---- reserves and replacements (CORE-RESERVES, CORE-REPLACEMENT) ----------------------------------------

/** The policy brings units in from reserve from this battle round (reserves left at round 4 are destroyed). */
export const ARRIVE_FROM_ROUND = 2;

/**
 * Deployment: set up in reserve at most one unit — a melee unit (melee attacks at least its missile ones) that
 * is not a HERO, the general or Battleline — and never where reserves are destroyed (Tooth and Nail).
 */
export function wantsReserve(b: Battle, player: Player, id: number): boolean {
  if (b.plan.noReserves || inReserve(b, player).length > 0) return false;
  const p = b.profile(id);
  if (b.isHero(id) || p.isGeneral || p.roles.includes("Battleline")) return false;
  const melee = attackWeight(p, "melee");
  return melee > 0 && melee >= attackWeight(p, "ranged");
}

type SetUpOption = { to: MoveTarget; at: { x: number; y: number } };

/**
 * Where to set a unit up among the engine's options (in its order: objectives, then the two weakest enemies):
 * the objective not ours and held whose spot is nearest its marker (squared distance, the first on ties),
 * else the first enemy option; -1 if neither.
 */
export function setUpPick(b: Battle, player: Player, options: readonly SetUpOption[]): number {
  let best = -1;
  let bestD = Infinity;
  const objectives = b.objectives();
  options.forEach((x, i) => {
    if (x.to.kind !== "objective") return;
    const id = x.to.id;
    const o = objectives.find((y) => y.id === id)!;
    if (settled(b, player, o)) return;
    const dx = x.at.x - o.x;
    const dy = x.at.y - o.y;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best >= 0 ? best : options.findIndex((x) => x.to.kind === "enemy");
}

/**
 * Hero and movement phases, before anything else: a replacement for the first destroyed unit the engine
 * offers (its first ability, unit and user), then — from ARRIVE_FROM_ROUND — the first unit in reserve
 * arrives; each where `setUpPick` says. -1: neither.
 */
export function setUpOrder(b: Battle, player: Player, list: readonly Tagged[]): number {
  const replace = list.filter((x) => x.tag.kind === "replace") as { i: number; tag: Extract<ChoiceTag, { kind: "replace" }> }[];
  if (replace.length > 0) {
    const f = replace[0]!.tag;
    const group = replace.filter((x) => x.tag.ability === f.ability && x.tag.unit === f.unit && x.tag.user === f.user);
    const k = setUpPick(b, player, group.map((x) => x.tag));
    if (k >= 0) return group[k]!.i;
  }
  if (b.data.round >= ARRIVE_FROM_ROUND) {
    const arrive = list.filter((x) => x.tag.kind === "arrive") as { i: number; tag: Extract<ChoiceTag, { kind: "arrive" }> }[];
    if (arrive.length > 0) {
      const group = arrive.filter((x) => x.tag.unit === arrive[0]!.tag.unit);
      const k = setUpPick(b, player, group.map((x) => x.tag));
      if (k >= 0) return group[k]!.i;
    }
  }
  // Redeployment ("remove this unit and set it up again", setups.ts): after the replacements and arrivals.
  return redeployPick(b, player, list);
}

// ---- the other decisions ---------------------------------------------------------------------------------

/** PB-GS-PICK when a roster has none: one the army can complete by holding on. */
export function grandStrategyFor(b: Battle, player: Player): GrandStrategyId {
  const mine = b.data.profiles.filter((p) => p.owner === player);
  const has = (k: (p: UnitProfile) => boolean) => mine.some(k);
  if (has((p) => p.roles.includes("Battleline"))) return "hold-the-line";
  if (has((p) => p.keywords.includes("MONSTER"))) return "beast-master";
  if (has((p) => p.wizardLevel > 0)) return "prized-sorcery";
  return "dominating-presence";
}

function deploySpot(b: Battle, player: Player, cs: readonly Choice[]): number {
  const id = nextToDeploy(b, player)!;
  // The spots behind the choices, each with its distance to the enemy territory (setup.ts).
  const { spots, depths } = rankedSpotsOfChoices(b, cs, player, id);
  return pickDeploySpot(spots, depths, deploysAtRear(b.profile(id)), b.deployed(player).map((f) => b.unit(f)));
}

/** Deployment: a shooter (it hits harder at range than in melee) stands at the rear, others at the front. */
export function deploysAtRear(p: UnitProfile): boolean {
  return attackWeight(p, "ranged") > attackWeight(p, "melee");
}

/**
 * The deployment pick among ranked spots (the engine's and the set-up template's, one place): toward or
 * away from the enemy territory by `rear`, spread out from `friends` (the player's units already set up),
 * the first of equals.
 */
export function pickDeploySpot(spots: readonly Point[], depths: readonly number[], rear: boolean, friends: readonly Point[]): number {
  let best = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < spots.length; i++) {
    const s = spots[i]!;
    const depth = depths[i]!;
    let spread = 12;
    for (const f of friends) spread = Math.min(spread, Math.hypot(f.x - s.x, f.y - s.y));
    const score = (rear ? depth : -depth) + 0.25 * spread;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}

/** Power in Numbers: what destroying `id` would score now (the fold's destroyValue, this turn included). */
function destroyWorth(b: Battle, player: Player, id: string): number {
  const s = b.data.scoring!;
  const side: Side = b.side(player);
  const other: Side = side === "attacker" ? "defender" : "attacker";
  const now = { round: b.data.round, player: side, control: { [side]: b.controlledBy(player), [other]: b.controlledBy((1 - player) as Player) } as Record<Side, string[]> };
  return destroyValue([...s.history, now], side, id).victoryPoints;
}

export type Tagged = { i: number; tag: ChoiceTag };

/** CORE-BANISH: banish an enemy manifestation when 2D6 plus the bonus needs at most this (15/36 or better). */
export const BANISH_NEED = 8;

/** The first Banish Manifestation on an enemy manifestation that needs at most BANISH_NEED (or none). */
function banishPick(b: Battle, me: Player, list: Tagged[]): Tagged | undefined {
  const bonus = banishmentBonus(b, me);
  // Indomitable Loreseekers (traits.ts): +1 to the caster's banishment roll.
  return list.find((x) => x.tag.kind === "banish" && b.ownerOf(x.tag.target) !== me && manifestationRecord(b, x.tag.target)!.banishment - bonus - loreseekersBonus(b, x.tag.caster) - banishBonus(b, x.tag.caster) <= BANISH_NEED); // magic6.ts
}

/** The summon spell for the manifestation with the most attacks (the first such choice), toward the nearest enemy if it can. */
function summonPick(b: Battle, list: Tagged[]): Tagged | undefined {
  let best: Tagged | undefined;
  let bestWeight = -Infinity;
  for (const x of list) {
    if (x.tag.kind !== "summon") continue;
    const p = b.profile(x.tag.unit);
    const w = attackWeight(p, "melee") + attackWeight(p, "ranged");
    if (w > bestWeight) {
      bestWeight = w;
      best = x;
    }
  }
  if (!best || best.tag.kind !== "summon") return best;
  const { wizard, unit } = best.tag;
  return list.find((x) => x.tag.kind === "summon" && x.tag.wizard === wizard && x.tag.unit === unit && x.tag.toward === "enemy") ?? best;
}

function tagged(cs: readonly Choice[]): Tagged[] {
  return cs.map((c, i) => ({ i, tag: c.tag! }));
}

function indexOf(list: Tagged[], pred: (t: ChoiceTag) => boolean): Action {
  const hit = list.find((x) => pred(x.tag));
  if (!hit) throw new Error("policy: the engine offers no such choice");
  return hit.i;
}

const isEnd = (t: ChoiceTag) => t.kind === "end";

/** The policy's action at the current (non-chance) step of `b`. */
export function policyAction(b: Battle): Action {
  const step = b.data.step;
  if (!("player" in step)) throw new Error(`policy: no decision at step ${step.kind}`);
  const me = step.player;
  const cs = choices(b);
  switch (step.kind) {
    case "choose-attacker":
    case "territory":
      return 0;
    case "grand-strategy":
      return GRAND_STRATEGIES.findIndex((g) => g.id === grandStrategyFor(b, me));
    case "deploy": {
      // CORE-RESERVES: the reserve choices come after the spots (or after "destroyed" when there is no room).
      const reserve = cs.findIndex((c) => c.tag?.kind === "reserve" && wantsReserve(b, me, c.tag.unit));
      if (reserve >= 0) return reserve;
      return cs.filter((c) => c.tag === undefined).length <= 1 ? 0 : deploySpot(b, me, cs);
    }
    case "first-turn":
      return indexOf(tagged(cs), (t) => t.kind === "first-turn" && t.first === me);
    case "predators": {
      const list = tagged(cs);
      let best = list[0]!;
      const weight = (x: Tagged) => {
        const p = b.profile((x.tag as { unit: number }).unit);
        return attackWeight(p, "melee") + attackWeight(p, "ranged");
      };
      for (const x of list) if (weight(x) > weight(best)) best = x;
      return best.i;
    }
    case "seismic-shift": {
      const list = tagged(cs);
      return (list.find((x) => x.tag.kind === "seismic" && x.tag.objective !== null && b.data.control[x.tag.objective] === 1 - me) ?? list[0]!).i;
    }
    case "vantage-point": {
      const list = tagged(cs);
      return (list.find((x) => x.tag.kind === "vantage" && b.data.control[x.tag.objective] === me) ?? list[0]!).i;
    }
    case "battle-tactic": {
      let best = 0;
      let bestScore = -Infinity;
      for (const x of tagged(cs)) {
        const s = tacticScore(b, me, (x.tag as { tactic: TacticInPlay }).tactic);
        if (s > bestScore) {
          bestScore = s;
          best = x.i;
        }
      }
      return best;
    }
    case "hero": {
      const list = tagged(cs);
      // CORE-REPLACEMENT first (a hero-phase replacement ability: Boneshaper).
      const setUp = setUpOrder(b, me, list);
      if (setUp >= 0) return setUp;
      // Warscroll spells (warscroll-spells.ts: the first wizard's best spell, its target) before Metamorphosis.
      return (banishPick(b, me, list) ?? summonPick(b, list) ?? list.find((x) => x.tag.kind === "spell") ?? list.find((x) => x.tag.kind === "cast") ?? list.find((x) => isEnd(x.tag))!).i;
    }
    case "movement": {
      const list = tagged(cs);
      const setUp = setUpOrder(b, me, list);
      if (setUp >= 0) return setUp;
      const movable = [...new Set(list.filter((x) => x.tag.kind === "move").map((x) => (x.tag as { unit: number }).unit))];
      const same = (a: MoveTarget, c: MoveTarget) => a.kind === c.kind && (a.kind === "home" || (a.kind === "objective" ? a.id === (c as typeof a).id : a.unit === (c as typeof a).unit));
      const find = (unit: number, to: MoveTarget, run: boolean) => list.find((x) => x.tag.kind === "move" && x.tag.unit === unit && x.tag.run === run && same(x.tag.to, to));
      const order = movementOrder(b, me, movable, (unit, to, run) => find(unit, to, run) !== undefined);
      if (!order) return indexOf(list, isEnd);
      return find(order.unit, order.to, order.run)!.i;
    }
    case "shooting":
    case "charge":
    case "combat": {
      const list = tagged(cs).filter((x) => x.tag.kind === "shoot" || x.tag.kind === "charge" || x.tag.kind === "fight") as { i: number; tag: { kind: string; unit: number; target: number } }[];
      const units = [...new Set(list.map((x) => x.tag.unit))];
      for (const id of units) {
        let targets = list.filter((x) => x.tag.unit === id).map((x) => x.tag.target);
        if (step.kind === "charge") {
          const p = b.profile(id);
          const melee = attackWeight(p, "melee");
          if (melee === 0 || melee < attackWeight(p, "ranged")) continue;
          // "Add N to charge rolls" (moves.ts) lengthens the good gap by N.
          const gap = goodChargeGap(chargeDice(b, id)) + moveModifier(b, id, "charge");
          targets = targets.filter((t) => b.distance(id, t) <= gap);
          if (targets.length === 0) continue;
        }
        const t = bestTarget(b, me, targets);
        return list.find((x) => x.tag.unit === id && x.tag.target === t)!.i;
      }
      return indexOf(tagged(cs), isEnd);
    }
    case "feral-roar": {
      // PB-REALM-FERAL-ROAR: on the first battle-damaged MONSTER that will fight this phase (the choices
      // offer only MONSTERS whose Battle Damaged applies, and only with a command point to spend).
      const list = tagged(cs);
      return (list.find((x) => x.tag.kind === "command" && x.tag.unit !== null && b.inCombat(x.tag.unit)) ?? list[0]!).i;
    }
    case "raid": {
      const list = tagged(cs);
      return (list.find((x) => x.tag.kind === "raid" && x.tag.objective !== null) ?? list[0]!).i;
    }
    case "destroy-objective": {
      const list = tagged(cs);
      const last = b.data.round === 5;
      return (list.find((x) => x.tag.kind === "destroy" && x.tag.objective !== null && (last || destroyWorth(b, me, x.tag.objective) >= DESTROY_AT)) ?? list[0]!).i;
    }
  }
}

/** The scripted policy as an agent: deterministic given the state (it never draws from `rng`). */
export const scriptedPolicy: Agent<PitchedBattleState> = {
  name: "policy",
  act(state: PitchedBattleState, _player: number, _rng: Rng): Action {
    return policyAction(state.battle);
  },
};
