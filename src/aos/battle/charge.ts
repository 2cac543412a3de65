/**
 * The charge phase (CORE-CHARGE): a unit not in combat that did not run or retreat picks an enemy within
 * 12", rolls 2D6 and, if the roll reaches the gap less 1/2", moves into combat: it ends within 1/2" of the
 * target, in contact, never inside it or on top of another unit, and without FLY by a straight line that
 * crosses no other footprint (a screen in front of the target blocks that line: a spot round the side may
 * still be open; paths.ts clearSpot, terrain.ts chargeEnd).
 */
import { gainMomentum } from "./common.js";
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { CHARGE_END } from "./geometry.js";
import { altarLeaderMoved } from "./objectives.js";
import { fatigued } from "./replacement.js";
import type { Player } from "./state.js";
import { clearSpot } from "./paths.js";
import { chargeEnd } from "./terrain.js";
import { chargeDice } from "./effects.js";
import { noteChargeRoll, notePassing } from "./move3.js";
import { nextPhase } from "./turn.js";
import { chargeBarred, mayChargeAfterMoving, moveModifier } from "./moves.js";
import { rescueCharge } from "./charge-rerolls.js";

export const CHARGE_REACH = 12;

function canCharge(b: Battle, id: number): boolean {
  const u = b.unit(id);
  // PB-BP-09 Fatigued Warriors: a summoned unit cannot charge in the turn it was added (replacement.ts).
  // Keep Up! / Vanguard Chamber (moves.ts): a run or retreat may not stop it.
  return !u.chargeTried && !b.inCombat(id) && mayChargeAfterMoving(b, id) && !fatigued(b, id);
}

export function chargeChoices(b: Battle, player: Player): Choice[] {
  const out: Choice[] = [];
  for (const id of b.deployed(player)) {
    if (!canCharge(b, id)) continue;
    for (const t of b.deployed((1 - player) as Player))
      if (b.distance(id, t) <= CHARGE_REACH) out.push({ label: `${b.profile(id).name} charges ${b.profile(t).name}`, tag: { kind: "charge", unit: id, target: t }, apply: (bb) => charge(bb, id, t) });
  }
  out.push({ label: "end the charge phase", tag: { kind: "end" }, apply: (bb) => nextPhase(bb) });
  return out;
}

export function charge(b: Battle, id: number, target: number): void {
  const u = b.unit(id);
  const gap = b.distance(id, target);
  // CORE-CHARGE: 2D6, or more dice with a charge-dice effect (Heralds of Righteousness), rolled one by one.
  const n = chargeDice(b, id);
  let dice: readonly number[] = Array.from({ length: n }, () => b.rollD6());
  const name = b.profile(id).name;
  // Each unit attempts one charge per phase, whether or not it succeeds.
  u.chargeTried = true;
  // CORE-CHARGE, CORE-UNSTABLE: the charge ends within 1/2" of the target, on no other footprint, by a line
  // through none (without FLY), off unstable terrain's tall part — or fails. "Add N to charge rolls" (moves.ts);
  // Thrashing Desperation reads the unmodified roll.
  const attempt = (ds: readonly number[]) => {
    const unmodified = ds.reduce((x, y) => x + y, 0);
    const roll = Math.max(0, unmodified + moveModifier(b, id, "charge"));
    return chargeEnd(b.data.terrain, b.footprint(id), b.footprint(target), gap, roll, (p) => clearSpot(b, id, p) && !chargeBarred(b, id, p, unmodified));
  };
  let end = attempt(dice);
  // A failed roll may be re-rolled or changed (charge-rerolls.ts).
  if (!end) {
    const r = rescueCharge(b, id, dice, attempt);
    if (r) [dice, end] = [r.dice, r.end];
  }
  const roll = Math.max(0, dice.reduce((x, y) => x + y, 0) + moveModifier(b, id, "charge"));
  if (end) {
    const from = { x: u.x, y: u.y };
    u.x = end.x;
    u.y = end.y;
    notePassing(b, id, from); // move3.ts: the enemy units it passed across
    noteChargeRoll(b, id, dice); // move3.ts: its unmodified charge roll
    u.charged = true;
    u.moved = true;
    b.say(`${name} charges ${b.profile(target).name} (${n}D6: ${roll} for ${gap.toFixed(1)}") and is in combat.`);
    altarLeaderMoved(b, id, false);
    gainMomentum(b, id, "charge"); // common.ts: Unstoppable Momentum
  } else {
    const blocked = roll >= gap - CHARGE_END ? ": no spot within 1/2\" of it that it reaches is clear (other units in the way or there, or unstable terrain)" : "";
    b.say(`${name} fails to charge ${b.profile(target).name} (${n}D6: ${roll} for ${gap.toFixed(1)}")${blocked}.`);
  }
}
