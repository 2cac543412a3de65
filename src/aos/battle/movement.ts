/**
 * The movement phase: each unit may make a normal move (CORE-MOVE), run (CORE-RUN) or, if in combat,
 * retreat (CORE-RETREAT: D3 mortal damage, must end outside combat range). FLY units pass over models and
 * combat ranges but cannot end in combat (CORE-FLY). A player's orders are the sensible destinations, not
 * raw coordinates: an objective, the nearest enemies, or back toward its own territory.
 */
import { fullThrottleMove, gainMomentum } from "./common.js";
import type { Point } from "../battleplans/index.js";
import type { Battle } from "./battle.js";
import type { Choice, MoveTarget } from "./choice.js";
import { inflictMortal } from "./attacks.js";
import { unitWard } from "./effects.js";
import { destroyIfSlain } from "./casualties.js";
import { rollDice } from "../../core/dice.js";
import { altarLeaderMoved } from "./objectives.js";
import type { Player } from "./state.js";
import { edgeLimit, firstContact, lastFree, leastDistance, makesWay, moveEnd, moveWorld } from "./paths.js";
import { replacementChoices } from "./replacement.js";
import { arrivalChoices } from "./reserves.js";
import { nextPhase } from "./turn.js";
import { moveModifier, retreatsUnharmed } from "./moves.js";
import { redeployChoices } from "./setups.js";
import { impassiveRetreat, pageantRun, remorselessMarch } from "./traits.js";
import { notePassing } from "./move3.js";
import { runBanned } from "./tail4.js";

/** CORE-RETREAT: 4th edition by default (D3 mortal damage); 3rd edition's free retreat is not modelled. */
const NEAREST_ENEMIES = 2;

/** The unit's Move (a random Move rolled), with the played Move modifiers (moves.ts: "Add N\" to this unit's Move"), at least 0. */
export function moveCharacteristic(b: Battle, id: number): number {
  const p = b.profile(id);
  // Full Throttle (common.ts): "this unit's Move characteristic is 10"" for the rest of the turn, instead of rolling one.
  return Math.max(0, (fullThrottleMove(b, id) ?? (p.moveDice ? rollDice(p.moveDice, b.rng) : p.move)) + moveModifier(b, id, "move"));
}

function centroid(poly: readonly Point[]): Point {
  return { x: poly.reduce((s, p) => s + p.x, 0) / poly.length, y: poly.reduce((s, p) => s + p.y, 0) / poly.length };
}

/**
 * Where a unit ends when it moves `distance` toward `to` (a normal move or run): friends' footprints and
 * enemies' combat ranges stop it, FLY passes over them but does not end in them, no move ends on unstable
 * terrain's tall part (CORE-MOVE, CORE-FLY, CORE-UNSTABLE; paths.ts: straight, or round what is in the way).
 */
export function destination(b: Battle, id: number, to: Point, distance: number): Point {
  return moveEnd(b.footprint(id), to, distance, moveWorld(b, id, false));
}

/**
 * The point a movement order heads for (the same points movementChoices gives its orders): the objective,
 * the enemy unit's footprint, or the centre of the unit's own territory; null if the objective or enemy is
 * gone. For the terminal's "where does this move end" (src/cli/terminal/aos.ts).
 */
export function moveTargetPoint(b: Battle, player: Player, to: MoveTarget): Point | null {
  if (to.kind === "objective") return b.objectives().find((o) => o.id === to.id) ?? null;
  if (to.kind === "enemy") return b.unit(to.unit).status === "deployed" ? b.footprint(to.unit) : null;
  return centroid(b.territoryPolygon(player));
}

export function movementChoices(b: Battle, player: Player): Choice[] {
  const out: Choice[] = [];
  const enemies = b.deployed((1 - player) as Player);
  const objectives = b.objectives();
  for (const id of b.deployed(player)) {
    const u = b.unit(id);
    if (u.moved) continue;
    const name = b.profile(id).name;
    if (b.inCombat(id)) {
      // CORE-RETREAT: only if it can end out of combat range with its shortest move.
      // tail4.ts: an enemy's "cannot use RETREAT abilities" (Captive Audience).
      if (!runBanned(b, id, "retreat") && retreatEnd(b, id, leastDistance(b, id, false))) out.push({ label: `${name} retreats toward its territory`, tag: { kind: "retreat", unit: id }, apply: (bb) => retreat(bb, id) });
      continue;
    }
    const targets: { label: string; at: Point; to: MoveTarget }[] = objectives.map((o) => ({ label: `objective ${o.id}`, at: o, to: { kind: "objective", id: o.id } }));
    const near = [...enemies].sort((a, c) => b.distance(id, a) - b.distance(id, c)).slice(0, NEAREST_ENEMIES);
    for (const e of near) targets.push({ label: b.profile(e).name, at: b.footprint(e), to: { kind: "enemy", unit: e } });
    targets.push({ label: "its own territory", at: centroid(b.territoryPolygon(player)), to: { kind: "home" } });
    // A move that cannot get the unit nearer (in the way: friends, enemies' combat ranges, unstable terrain,
    // the battlefield's edge) is not offered (paths.ts makesWay); nor a run, if even a run of 1 cannot.
    const world = moveWorld(b, id, false);
    const noRun = runBanned(b, id, "run"); // tail4.ts: an enemy's "cannot use RUN abilities" (Terror of the Deep Woods)
    for (const t of targets) {
      if (!makesWay(b, id, t.at, false, world)) {
        if (!noRun && makesWay(b, id, t.at, true, world)) out.push({ label: `${name} runs toward ${t.label}`, tag: { kind: "move", unit: id, to: t.to, run: true }, apply: (bb) => move(bb, id, t.at, true) });
        continue;
      }
      out.push({ label: `${name} moves toward ${t.label}`, tag: { kind: "move", unit: id, to: t.to, run: false }, apply: (bb) => move(bb, id, t.at, false) });
      if (!noRun) out.push({ label: `${name} runs toward ${t.label}`, tag: { kind: "move", unit: id, to: t.to, run: true }, apply: (bb) => move(bb, id, t.at, true) });
    }
  }
  // CORE-RESERVES and CORE-REPLACEMENT: arrivals from reserve, replacement abilities of the movement phase.
  out.push(...arrivalChoices(b, player), ...replacementChoices(b, player, "movement"), ...redeployChoices(b, player));
  out.push({ label: "end the movement phase", tag: { kind: "end" }, apply: (bb) => nextPhase(bb) });
  return out;
}

function move(b: Battle, id: number, to: Point, run: boolean): void {
  const u = b.unit(id);
  let distance = moveCharacteristic(b, id);
  distance += remorselessMarch(b, id, to, distance, run); // traits.ts: +3" for relentless discipline
  let runRoll = 0;
  if (run) {
    runRoll = pageantRun(b, id, b.rollD6()); // CORE-RUN: add a D6 ("Add N to run rolls": moves.ts; A Splendid Pageant: traits.ts)
    distance += Math.max(0, runRoll + moveModifier(b, id, "run"));
  }
  const end = destination(b, id, to, distance);
  const moved = Math.hypot(end.x - u.x, end.y - u.y);
  const from = { x: u.x, y: u.y };
  u.x = end.x;
  u.y = end.y;
  notePassing(b, id, from); // move3.ts: the enemy units it passed across
  u.moved = true;
  u.ran = run;
  b.say(`${b.profile(id).name} ${run ? `runs (D6: ${runRoll})` : "moves"} ${moved.toFixed(1)}" to (${end.x.toFixed(1)}, ${end.y.toFixed(1)}).`);
  altarLeaderMoved(b, id, false);
  if (run) gainMomentum(b, id, "run"); // common.ts: Unstoppable Momentum
}

/**
 * CORE-RETREAT's line: away from the enemies the unit fights, biased toward home; the end is the furthest point
 * on it, up to `distance`, out of every enemy's combat range and off unstable terrain's tall part — without
 * FLY not through another footprint, with FLY not ending on one (paths.ts moveWorld). Null if there is none.
 */
export function retreatEnd(b: Battle, id: number, distance: number): Point | null {
  const fp = b.footprint(id);
  const home = centroid(b.territoryPolygon(b.ownerOf(id)));
  const enemies = b.deployed((1 - b.ownerOf(id)) as Player).map((e) => b.footprint(e));
  const fx = enemies.reduce((s, e) => s + (fp.x - e.x) / (Math.hypot(fp.x - e.x, fp.y - e.y) || 1), 0) + (home.x - fp.x) * 0.05;
  const fy = enemies.reduce((s, e) => s + (fp.y - e.y) / (Math.hypot(fp.x - e.x, fp.y - e.y) || 1), 0) + (home.y - fp.y) * 0.05;
  const len = Math.hypot(fx, fy);
  if (len < 1e-9 || distance <= 0) return null;
  const ux = fx / len;
  const uy = fy / len;
  const w = moveWorld(b, id, true);
  let t = Math.min(distance, edgeLimit(fp.x, fp.y, fp.radius, ux, uy));
  for (const c of w.path) t = Math.min(t, firstContact(fp.x, fp.y, ux, uy, c));
  if (t <= 0) return null;
  const e = lastFree(fp.x, fp.y, ux, uy, t, w.end);
  return e <= 0 ? null : { x: fp.x + ux * e, y: fp.y + uy * e };
}

/** CORE-RETREAT: D3 mortal damage, then a move that may pass through combat ranges but ends outside them. */
export function retreat(b: Battle, id: number): void {
  const u = b.unit(id);
  const name = b.profile(id).name;
  // "No mortal damage is inflicted on this unit by RETREAT abilities" (moves.ts): no D3 is rolled.
  const r = retreatsUnharmed(b, id) ? { damage: 0, slain: 0 } : inflictMortal(b.profile(id), u, b.rollD3(), b.rng, unitWard(b, id));
  b.say(`${name} retreats, suffering ${r.damage} mortal damage${r.slain ? ` (${r.slain} slain)` : ""}.`);
  u.moved = true;
  u.retreated = true;
  if (destroyIfSlain(b, id, null, r.slain)) return;
  impassiveRetreat(b, id); // traits.ts: it may charge this turn, for relentless discipline
  // Offered only when its shortest move gets out (movementChoices); fewer models only make room.
  const p = retreatEnd(b, id, moveCharacteristic(b, id));
  if (p) {
    const from = { x: u.x, y: u.y };
    u.x = p.x;
    u.y = p.y;
    notePassing(b, id, from); // move3.ts
    b.say(`${name} ends its retreat at (${p.x.toFixed(1)}, ${p.y.toFixed(1)}).`);
    altarLeaderMoved(b, id, true);
    return;
  }
  b.say(`${name} cannot get out of combat range and stays where it is.`);
}
