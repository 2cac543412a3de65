/**
 * The move3 area (docs/abilities.md "Movement, shooting and charge phases, third pass (move3)"): units a move
 * passed across. "Pick an enemy unit that this unit passed across this phase to be the target" — the engines
 * record, for each move a unit makes (a normal move, a run, a retreat, a charge), the enemy units whose
 * footprints its footprint overlapped on the way, as tokens `for-the-turn:passed-across:<id>` on the mover
 * (gone when the next turn starts, turn.ts beginTurn). The declared-ability steps read them as the target
 * condition `passedAcross` (combat-abilities.ts targetsOf). The kernel's twin is assembly/battle/move3.ts
 * (UD.PASSED, encoded from the tokens in U.M3). The same file keeps the unmodified charge roll of a unit's charge this
 * turn ("If this unit charged this phase and the unmodified charge roll was 8+": the condition `chargeRoll` of the
 * effects-for-a-while step, status.ts), as the token `for-the-turn:charge-roll:N` (the kernel's UI.CHARGE_ROLL).
 *
 * Decisions (the seeds are silent on footprints): a unit is one footprint, so it "passes across" an enemy unit
 * when the disc of its footprint, swept along the straight line of its move (every move of these engines is one
 * straight line from where it stood), overlaps the enemy's footprint: the line's distance from the enemy's
 * centre is less than the sum of the two radii. Only units that may pass over models do so (FLY; Longshanks):
 * the others stop at the enemies' combat ranges. Recorded only in a battle with a played `passedAcross` effect,
 * so other battles carry no such tokens; only units with ids 0-47 are recorded (the kernel's mask), in both engines.
 */
import type { Point } from "../battleplans/index.js";
import type { Battle } from "./battle.js";
import { battleEffects } from "./effects.js";
import type { Player } from "./state.js";
import { addToken, hasToken, TURN_TOKEN_PREFIX } from "./tokens.js";

export const PASSED_PREFIX = `${TURN_TOKEN_PREFIX}passed-across:`;
/** The largest unit id the record holds (the kernel's mask shares one f64 slot with the charge roll: encode-move3.ts). */
export const MAX_PASSED_ID = 47;

/** Whether the battle has a played effect that needs the record (the kernel's: a record with EF.M3_PASSED). */
export function recordsPassing(b: Battle): boolean {
  return battleEffects(b).some((pe) => pe.effect.conditions.passedAcross === true);
}

/**
 * Whether a disc of radius `r` moving in a straight line from (x0, y0) to (x1, y1) overlaps the disc (cx, cy, R).
 * The same operations in the same order as the kernel's move3.ts sweeps, so both engines agree to the bit.
 */
export function sweeps(x0: number, y0: number, x1: number, y1: number, r: number, cx: number, cy: number, R: number): boolean {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((cx - x0) * dx + (cy - y0) * dy) / l2 : 0;
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  const px = x0 + t * dx - cx;
  const py = y0 + t * dy - cy;
  const s = r + R;
  return px * px + py * py < s * s;
}

/** After unit `id` moved from `from` to where it stands now: the enemy units it passed across, as its tokens. */
export function notePassing(b: Battle, id: number, from: Point): void {
  if (!recordsPassing(b)) return;
  const fp = b.footprint(id);
  if (fp.x === from.x && fp.y === from.y) return;
  const u = b.unit(id);
  for (const e of b.deployed((1 - b.ownerOf(id)) as Player)) {
    if (e > MAX_PASSED_ID) continue; // the kernel's record holds units 0-52 (encode-move3.ts): both engines alike
    const c = b.footprint(e);
    if (sweeps(from.x, from.y, fp.x, fp.y, fp.radius, c.x, c.y, c.radius)) addToken(u, `${PASSED_PREFIX}${e}`);
  }
}

/** Whether unit `s` passed across unit `t` this turn. */
export function passedAcross(b: Battle, s: number, t: number): boolean {
  return hasToken(b.unit(s), `${PASSED_PREFIX}${t}`);
}

/** The ids unit tokens say it passed across (encode.ts U.M3). */
export function passedIds(tokens: readonly string[]): number[] {
  return tokens.filter((t) => t.startsWith(PASSED_PREFIX)).map((t) => Number(t.slice(PASSED_PREFIX.length)));
}

// ---- the unmodified charge roll ---------------------------------------------------------------------------

export const CHARGE_ROLL_PREFIX = `${TURN_TOKEN_PREFIX}charge-roll:`;

/** Whether the battle has a played effect that reads the charge roll (the kernel's: a record with EF.M3_CHARGE_ROLL). */
export function recordsChargeRoll(b: Battle): boolean {
  return battleEffects(b).some((pe) => pe.effect.conditions.chargeRoll !== undefined || (pe.effect.do.kind === "mortal" && pe.effect.do.per === "charge-roll"));
}

/**
 * After unit `id` charged (the charge succeeded) with these dice: the unmodified charge roll (the dice's sum, after
 * any re-roll: charge-rerolls.ts), as its token `for-the-turn:charge-roll:N` (gone when the next turn starts).
 */
export function noteChargeRoll(b: Battle, id: number, dice: readonly number[]): void {
  if (!recordsChargeRoll(b)) return;
  const u = b.unit(id);
  u.tokens = u.tokens.filter((t) => !t.startsWith(CHARGE_ROLL_PREFIX));
  addToken(u, `${CHARGE_ROLL_PREFIX}${dice.reduce((x, y) => x + y, 0)}`);
}

/** The unmodified roll of unit `s`'s charge this turn, 0 if none is recorded (encode.ts U.M3 bits 0-4). */
export function chargeRollOf(b: Battle, s: number): number {
  const t = b.unit(s).tokens.find((x) => x.startsWith(CHARGE_ROLL_PREFIX));
  return t ? Number(t.slice(CHARGE_ROLL_PREFIX.length)) : 0;
}
