/**
 * CORE-TOKENS (23.0): tokens indicate persisting effects on the unit they are placed next to. They are not
 * models (they never count for control, coherency or model counts), they cannot be picked as the target of
 * anything, and each time their unit finishes a move or is set up they are placed next to it again.
 *
 * Here a token is an effect id in the unit's `tokens` list (UnitState): it belongs to the unit's state, so it
 * goes wherever the unit goes, and nothing that counts models, measures control or lists targets reads it.
 * Where a token stands is a function of its unit (`tokenPositions`: just outside the unit's footprint), which
 * is what "placed next to the unit after each move or set-up" comes to. A replacement unit is a new unit and
 * starts with none (CORE-REPLACEMENT).
 */
import type { Point } from "../battleplans/index.js";
import type { Battle } from "./battle.js";
import type { UnitState } from "./units.js";

/**
 * The tokens the engine places: PB-REALM-METAMORPHOSIS (MONSTER until its controller's next hero phase) and
 * PB-REALM-FERAL-ROAR (Battle Damaged does not apply until the end of the combat phase); an ability's STRIKE-FIRST
 * for the rest of the turn (combat-abilities.ts: Hold the Shieldwall).
 */
export const TOKEN = { metamorphosis: "metamorphosis", feralRoar: "feral-roar", strikeFirst: "strike-first" } as const;
export type TokenId = (typeof TOKEN)[keyof typeof TOKEN];

/** How far from the footprint's edge a token sits, in inches. */
export const TOKEN_GAP = 0.5;

export function hasToken(u: UnitState, token: string): boolean {
  return u.tokens.includes(token);
}

/** Places a token next to the unit (once: a second effect of the same kind is the same token). */
export function addToken(u: UnitState, token: string): void {
  if (!u.tokens.includes(token)) u.tokens.push(token);
}

/** The effect language's modifiers "for the rest of the turn" (abilities/attack.ts turnToken) go when the next turn starts. */
export const TURN_TOKEN_PREFIX = "for-the-turn:";
export function removeTurnTokens(u: UnitState): void {
  if (u.tokens.some((t) => t.startsWith(TURN_TOKEN_PREFIX))) u.tokens = u.tokens.filter((t) => !t.startsWith(TURN_TOKEN_PREFIX));
}

/** A spell's modifiers "until the start of your next turn" cast by `player` (warscroll-spells.ts untilToken) go when that army's turn starts. */
export function removeUntilTokens(u: UnitState, player: number): void {
  const prefix = `until-your-next-turn:${player}:`;
  if (u.tokens.some((t) => t.startsWith(prefix))) u.tokens = u.tokens.filter((t) => !t.startsWith(prefix));
}

export function removeToken(u: UnitState, token: string): void {
  const i = u.tokens.indexOf(token);
  if (i >= 0) u.tokens.splice(i, 1);
}

/**
 * Where the unit's tokens stand: next to its footprint, TOKEN_GAP beyond its edge, the first toward the
 * battlefield's top edge and the rest spaced a quarter turn apart. Empty for a unit not on the battlefield.
 */
export function tokenPositions(b: Battle, id: number): Point[] {
  const u = b.unit(id);
  if (u.status !== "deployed") return [];
  const fp = b.footprint(id);
  const r = fp.radius + TOKEN_GAP;
  // Quarter turns without trigonometry: (0, -1), (1, 0), (0, 1), (-1, 0), then again.
  const dirs: [number, number][] = [
    [0, -1],
    [1, 0],
    [0, 1],
    [-1, 0],
  ];
  return u.tokens.map((_, i) => {
    const [dx, dy] = dirs[i % 4]!;
    return { x: fp.x + dx * r, y: fp.y + dy * r };
  });
}
