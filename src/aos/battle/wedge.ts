/**
 * The moves of Kavalos Deathriders' Deathrider Wedge and Liege-Kavalos' Deathrider Commander (Ossiarch
 * Bonereapers). The Wedge (traits.ts deathriderWedge) ends: "Then, this unit and the friendly target (if any)
 * can move 10". They can move through the combat ranges of enemy units but cannot end that move in combat."
 * Deathrider Commander (Liege-Kavalos, Passive): "This unit and visible friendly Kavalos Deathriders units wholly
 * within 12" of this unit can move 12" instead of 10" when they use the 'Deathrider Wedge' ability."
 *
 * The rule (both engines; the kernel's twin is assembly/battle/wedge.ts): the Deathriders unit, then the friendly
 * target, each decides as the policy decides any move outside the movement phase (moves5.ts phaseMove): it stays
 * if it holds an objective (policy.ts holds); else it moves only toward the objective it would advance on
 * (policy.ts advanceTarget: never toward an enemy — staying in combat is the way to fight one), as far as the
 * move's length along the line of paths.ts moveEnd in the retreat's world (moveWorld(…, true): enemies' footprints
 * stop it, their combat ranges only bar where it ends). If no line gets it out of combat it stays where it is.
 * The length is 12" for the Liege-Kavalos and for a Deathriders unit wholly within 12" of a friendly Liege-Kavalos
 * that sees it (visibility.ts visible); else 10".
 */
import type { Battle } from "./battle.js";
import { whollyWithin } from "./common.js";
import { notePassing } from "./move3.js";
import { altarLeaderMoved } from "./objectives.js";
import { moveEnd, moveWorld } from "./paths.js";
import { advanceTarget, holds } from "./policy.js";
import type { Player } from "./state.js";
import { visible } from "./visibility.js";

/** Deathrider Wedge's move. */
export const WEDGE_MOVE = 10;
/** Deathrider Commander's: the move's length for the units it names. */
export const COMMANDER_MOVE = 12;

function isWarscroll(b: Battle, id: number, name: string): boolean {
  return b.profile(id).warscroll.toLowerCase() === name;
}

/** The Wedge's move for unit `id`: 12" if Deathrider Commander reaches it, else 10". */
export function wedgeDistance(b: Battle, id: number): number {
  if (isWarscroll(b, id, "liege-kavalos")) return COMMANDER_MOVE;
  for (const l of b.deployed(b.ownerOf(id))) {
    if (l === id || !isWarscroll(b, l, "liege-kavalos")) continue;
    if (whollyWithin(b, id, l, COMMANDER_MOVE) && visible(b, l, id)) return COMMANDER_MOVE;
  }
  return WEDGE_MOVE;
}

/** One unit's move (see the file comment); whether it moved. */
export function wedgeMove(b: Battle, id: number): boolean {
  if (b.unit(id).status !== "deployed") return false;
  const player = b.ownerOf(id) as Player;
  if (holds(b, player, id)) return false;
  const t = advanceTarget(b, player, id);
  if (!t || t.kind !== "objective") return false;
  const o = b.objectives().find((x) => x.id === t.id)!;
  const distance = wedgeDistance(b, id);
  const u = b.unit(id);
  const from = { x: u.x, y: u.y };
  const end = moveEnd(b.footprint(id), o, distance, moveWorld(b, id, true));
  if (end.x === from.x && end.y === from.y) return false;
  u.x = end.x;
  u.y = end.y;
  notePassing(b, id, from); // move3.ts
  b.say(`${b.profile(id).name} moves ${Math.hypot(end.x - from.x, end.y - from.y).toFixed(1)}" (Deathrider Wedge, up to ${distance}") toward objective ${o.id}, to (${end.x.toFixed(1)}, ${end.y.toFixed(1)}).`);
  altarLeaderMoved(b, id, false);
  return true;
}

/** After the Wedge's mortal damage: the Deathriders unit's move, then the friendly target's (`liege`, -1: none). */
export function wedgeMoves(b: Battle, id: number, liege: number): void {
  wedgeMove(b, id);
  if (liege >= 0) wedgeMove(b, liege);
}
