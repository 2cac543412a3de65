/**
 * Action encoding: a decision is a kind and up to three small parameters packed into one integer
 * (kind·2^24 + a·2^16 + b·2^8 + c), so the same choice ("model 5 charges model 12") has the same number in
 * every state that offers it — open-loop search can replay action sequences from the root. Parameters are
 * model ids (< 256), candidate indices (< 256) or dice.
 */
import type { Action } from "../planner/game.js";

export const K = {
  CHANCE: 1, // a, b: the two D6 of a roll-off (a for side 0, b for side 1)
  HALF: 2, // a: 0 = take the south half, 1 = the north half
  FORMATION: 3, // a: formation index
  PRIORITY: 4, // a: the side that takes priority
  DONE: 5, // end my Move phase / Shoot phase
  ACTIVATE: 6, // a: model
  END: 7, // end this activation (stay where it is)
  TERROR: 8, // take the Courage test to charge a Terror-causing enemy
  CAST: 9, // a: power index, b: target, c: Will dice
  MOVE: 10, // a: move candidate index
  CHARGE: 11, // a: target
  CHARGE2: 12, // a, b: two targets
  SPEAR_CHARGE: 13, // a: target
  STAND: 14, // stand up
  CRAWL: 15, // a: crawl candidate index
  SPEND: 16, // a: Will, b: Might (a failed Courage test)
  PASS: 17, // decline (Might, Fate, Make Way, ...)
  MIGHT: 18, // a: model, b: points
  RESIST: 19, // a: Will points
  FATE: 20, // spend a Fate point
  COMPEL: 21, // a: compel-move candidate index
  PAIR: 22, // a: pairing option
  FIGHT: 23, // a: combat index
  STANCE: 24, // a: model, b: stance index (one-handed, two-handed, shielding)
  BACK: 25, // a: back-away option index
  STRIKE_AT: 26, // a: target
  STRIKER: 27, // a: model
  SHOOT: 28, // a: shooter, b: target, c: missile index in the shooter's list
} as const;
export type Kind = (typeof K)[keyof typeof K];

export function act(kind: Kind, a = 0, b = 0, c = 0): Action {
  return kind * 16777216 + a * 65536 + b * 256 + c;
}

export const kindOf = (x: Action): number => Math.floor(x / 16777216);
export const argA = (x: Action): number => Math.floor(x / 65536) % 256;
export const argB = (x: Action): number => Math.floor(x / 256) % 256;
export const argC = (x: Action): number => x % 256;

export function sortActions(xs: Action[]): Action[] {
  return [...new Set(xs)].sort((p, q) => p - q);
}
