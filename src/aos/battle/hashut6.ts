/**
 * The hashut6 area's engine code (docs/abilities.md "Daemonic power points and desolation tokens (hashut6)"): the
 * Helsmiths of Hashut's battle traits Leave the Land in Ruin and Harness Daemonic Power, played for any army with a
 * HELSMITHS OF HASHUT unit (imported; no bundled army has one), at the start of each turn (turn.ts beginTurn, before
 * the start-of-turn healing); the kernel's twin is assembly/battle/hashut6.ts. The points are read by the
 * `daemonic` condition (passive.ts passiveConditionsHold, on the holder).
 *
 * - Leave the Land in Ruin (Once Per Turn (Army), Start of Any Turn): each army with the traits, the active player's
 *   first, gives a desolation token to the objective in play with the lowest plan index that has no token of its own
 *   and is contested by a friendly HELSMITHS OF HASHUT unit that is not in combat (CORE-CONTEST: the footprint within
 *   3" of the marker's edge; a manifestation contests nothing). Decision (the policy): objectives only — the engines
 *   have generic terrain features but no rule of what contesting one is, so none gets a token (a legal choice).
 * - Harness Daemonic Power (Start of Your Turn, a must), after it: the active army's units lose all their points; the
 *   army gains 1 for each of its desolation tokens (on objectives still in play) and allocates them, at most 3 a unit,
 *   to its non-HOBGROT HELSMITHS OF HASHUT units on the battlefield: first the units whose warscroll has a played
 *   effect that reads the points (the `daemonic` condition), then the others, each group by ascending id, 3 each until
 *   none are left; the rest are lost.
 * - Not played: Reserves of Daemonic Power (a command; no text of the family needs it, and the policy would spend a
 *   command point the other commands use).
 */
import type { PlayedEffect } from "../abilities/index.js";
import type { Battle } from "./battle.js";
import { battleEffects } from "./effects.js";
import { CONTEST_REACH } from "./geometry.js";
import { isManifestation } from "./manifestations.js";
import type { Player } from "./state.js";
import { hasKeyword } from "./units.js";

export const MAX_POINTS = 3;

const isHashut = (b: Battle, id: number) => hasKeyword(b.profile(id), "HELSMITHS OF HASHUT");
/** A unit that may be given points: non-HOBGROT HELSMITHS OF HASHUT. */
export const takesPoints = (b: Battle, id: number) => isHashut(b, id) && !hasKeyword(b.profile(id), "HOBGROT");

/** The army has the traits: any of its units (in any state) is a HELSMITHS OF HASHUT unit. */
export function hasHashutTraits(b: Battle, player: Player): boolean {
  return b.data.units.some((u) => b.ownerOf(u.id) === player && isHashut(b, u.id));
}

/** The warscrolls (lower case) with a played effect that reads the points (the condition, or a mortal damage's roll bonus). */
export function pointReaders(effects: readonly PlayedEffect[]): Set<string> {
  const reads = (pe: PlayedEffect) => pe.effect.conditions.daemonic !== undefined || (pe.effect.do.kind === "mortal" && pe.effect.do.rollBonus?.if === "daemonic-points");
  return new Set(effects.filter(reads).map((pe) => pe.ability.warscroll.toLowerCase()));
}

const popcount = (m: number) => {
  let n = 0;
  for (let x = m; x !== 0; x &= x - 1) n++;
  return n;
};

/** The start of a turn: the tokens (both armies, the active one first), then the active army's points. */
export function useHashutTurnStart(b: Battle): void {
  const active = b.data.active as Player;
  const has = [hasHashutTraits(b, 0), hasHashutTraits(b, 1)];
  if (!has[0] && !has[1]) return;
  for (const p of [active, (1 - active) as Player]) if (has[p]) leaveTheLandInRuin(b, p);
  if (has[active]) harnessDaemonicPower(b, active);
}

function leaveTheLandInRuin(b: Battle, player: Player): void {
  const tokens = (b.data.desolation ??= [0, 0]);
  const plan = b.plan.objectives;
  const inPlay = new Set(b.objectives().map((o) => o.id));
  for (let i = 0; i < plan.length; i++) {
    if ((tokens[player] & (1 << i)) !== 0 || !inPlay.has(plan[i]!.id)) continue;
    const o = b.objectives().find((x) => x.id === plan[i]!.id)!;
    const by = b.deployed(player).find((id) => isHashut(b, id) && !isManifestation(b, id) && !b.inCombat(id) && Math.hypot(b.footprint(id).x - o.x, b.footprint(id).y - o.y) <= b.footprint(id).radius + CONTEST_REACH);
    if (by === undefined) continue;
    tokens[player] |= 1 << i;
    b.say(`${b.data.armies[player]} uses Leave the Land in Ruin: a desolation token on objective ${o.id}.`);
    return;
  }
}

function harnessDaemonicPower(b: Battle, player: Player): void {
  for (const u of b.data.units) if (b.ownerOf(u.id) === player) delete u.daemonic;
  const plan = b.plan.objectives;
  const inPlay = new Set(b.objectives().map((o) => o.id));
  let mask = 0;
  plan.forEach((o, i) => {
    if (inPlay.has(o.id)) mask |= 1 << i;
  });
  let left = popcount((b.data.desolation?.[player] ?? 0) & mask);
  if (left === 0) return;
  const readers = pointReaders(battleEffects(b));
  const units = b.deployed(player).filter((id) => takesPoints(b, id));
  const order = [...units.filter((id) => readers.has(b.profile(id).warscroll.toLowerCase())), ...units.filter((id) => !readers.has(b.profile(id).warscroll.toLowerCase()))];
  for (const id of order) {
    if (left === 0) break;
    const n = Math.min(MAX_POINTS, left);
    b.unit(id).daemonic = n;
    left -= n;
    b.say(`${b.profile(id).name} is given ${n} daemonic power point${n === 1 ? "" : "s"} (Harness Daemonic Power).`);
  }
}
