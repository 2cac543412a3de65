/**
 * The effect language's charges and moves (docs/abilities.md "Charges and moves"): charge barriers
 * (Thrashing Desperation), charging or shooting after a run or retreat (Keep Up!, Vanguard Chamber), and the
 * Move, run, charge and pile-in modifiers. The kernel's twin is assembly/battle/moves.ts (the same records in
 * the same order, the same geometry; the rollout differential tests hold them equal).
 */
import { afterHeld, chargeHeld } from "./declared2.js";
import { moveHeld } from "./declared5.js";
import { resisted } from "./common.js";
import { hasPassiveStrike } from "./passive.js";
import type { Point } from "../battleplans/index.js";
import { sourceFor } from "../abilities/attack.js";
import type { PlayedEffect } from "../abilities/index.js";
import type { Battle } from "./battle.js";
import { battleEffects, battleView } from "./effects.js";
import { CONTEST_REACH } from "./geometry.js";
import { isManifestation } from "./manifestations.js";
import type { Player } from "./state.js";
import { addToken, hasToken } from "./tokens.js";
import { attackWeight } from "./policy.js";
import { hasKeyword } from "./units.js";
import { COMBAT_RANGE } from "./geometry.js";
import { spellStrike } from "./warscroll-spells.js";

const EPS = 1e-9;

/** STRIKE-LAST for the rest of the turn (Brace for Impact; the kernel's US.STRIKE_LAST_TURN), removed when the next turn starts. */
export const STRIKE_LAST_TOKEN = "strike-last";

/** The token a phase-timed charge-after ability leaves for the rest of the turn (removed with the turn's tokens). */
export const CHARGE_AFTER_TOKEN = "for-the-turn:charge-after";

const has = (b: Battle, kind: string) => battleEffects(b).some((pe) => pe.effect.do.kind === kind);

/** CORE-CONTEST as the policy reads it: some of the unit's models within 3" of an objective its player controls. */
function contestsOwnObjective(b: Battle, id: number): boolean {
  if (isManifestation(b, id)) return false;
  const fp = b.footprint(id);
  const me = b.ownerOf(id);
  return b.objectives().some((o) => b.data.control[o.id] === me && Math.hypot(fp.x - o.x, fp.y - o.y) <= fp.radius + CONTEST_REACH);
}

/**
 * Thrashing Desperation: whether `charger` may not finish its charge move with its footprint at `p`: a
 * charge-barrier unit of the other side that contests an objective its player controls is within the barrier's
 * distance of the spot (edge to edge) and the unmodified charge roll is below the barrier's.
 */
export function chargeBarred(b: Battle, charger: number, p: Point, unmodified: number): boolean {
  if (!has(b, "charge-barrier")) return false;
  const r = b.footprint(charger).radius;
  const me = b.ownerOf(charger);
  for (const pe of battleEffects(b)) {
    const d = pe.effect.do;
    if (d.kind !== "charge-barrier" || unmodified >= d.unlessRoll) continue;
    for (const s of b.deployed((1 - me) as Player)) {
      if (b.profile(s).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase()) continue;
      if (pe.effect.conditions.contesting === "objective-you-control" && !contestsOwnObjective(b, s)) continue;
      const f = b.footprint(s);
      if (Math.hypot(p.x - f.x, p.y - f.y) - r - f.radius <= d.within + EPS) return true;
    }
  }
  return false;
}

/** A passive charge-after effect, or a phase-timed one whose token the unit has. */
function afterHolds(b: Battle, pe: PlayedEffect, id: number): boolean {
  if (pe.ability.when.timing === "passive") return sourceFor(battleView(b), pe, id) >= 0;
  return b.unit(id).tokens.includes(CHARGE_AFTER_TOKEN) && b.profile(id).warscroll.toLowerCase() === pe.ability.warscroll.toLowerCase();
}

/** Whether `id` can use CHARGE (or, with `shoot`, SHOOT) abilities though it used a RUN / RETREAT ability this turn. */
export function actsAfter(b: Battle, id: number, what: "run" | "retreat", shoot: boolean): boolean {
  if (afterHeld(b, id, what, shoot)) return true; // for a while, on the unit (declared2.ts)
  if (!has(b, "charge-after")) return false;
  for (const pe of battleEffects(b)) {
    const d = pe.effect.do;
    if (d.kind !== "charge-after" || !d.after.includes(what) || (shoot ? !d.shoot : !d.charge)) continue;
    if (afterHolds(b, pe, id)) return true;
  }
  return false;
}

/** CORE-RETREAT: no mortal damage for the unit's retreats (a charge-after effect's noRetreatDamage that holds now). */
export function retreatsUnharmed(b: Battle, id: number): boolean {
  if (!has(b, "charge-after")) return false;
  return battleEffects(b).some((pe) => pe.effect.do.kind === "charge-after" && pe.effect.do.noRetreatDamage && afterHolds(b, pe, id));
}

/** CORE-CHARGE with charge-after: not tried, not in combat, and any run or retreat forgiven. */
export function mayChargeAfterMoving(b: Battle, id: number): boolean {
  const u = b.unit(id);
  // Impassive Retreat (traits.ts): its token lets it charge though it retreated.
  return (!u.ran || actsAfter(b, id, "run", false)) && (!u.retreated || actsAfter(b, id, "retreat", false) || u.tokens.includes("impassive-retreat"));
}

/** CORE-SHOOT with charge-after's SHOOT: any run or retreat forgiven. */
export function mayShootAfterMoving(b: Battle, id: number): boolean {
  const u = b.unit(id);
  return (!u.ran || actsAfter(b, id, "run", true)) && (!u.retreated || actsAfter(b, id, "retreat", true));
}

/** The sum of the played `kind` modifiers (Move, run, charge roll, pile-in distance) that apply to `id` (passive ones). */
export function moveModifier(b: Battle, id: number, kind: "move" | "run" | "charge" | "pile-in"): number {
  // "Add N to charge rolls for the target for the rest of the turn" held on it (declared2.ts).
  // "Add 2\" to the target's Move characteristic" held on it (declared5.ts).
  const held = kind === "charge" ? chargeHeld(b, id) : kind === "move" ? moveHeld(b, id) : 0;
  if (!has(b, kind)) return held;
  const v = battleView(b);
  let sum = held;
  for (const pe of battleEffects(b)) {
    const d = pe.effect.do;
    if (d.kind !== kind || pe.ability.when.timing !== "passive") continue;
    if (sourceFor(v, pe, id) >= 0) sum += d.value;
  }
  return sum;
}

/**
 * "Once Per Turn (Army), Your Hero Phase: for the rest of the turn, this unit can use SHOOT and/or CHARGE
 * abilities even if it used a RUN or RETREAT ability" (Vanguard Chamber), at the end of the hero phase: the
 * first ability in data order, on the first unit of `player` by id with it that is on the battlefield and not
 * in combat (the policy of both engines; the search does not see it as a decision: it only widens what the
 * unit may do).
 */
export function useHeroChargeAfter(b: Battle, player: Player): void {
  if (!has(b, "charge-after")) return;
  const used = new Set<string>();
  for (const pe of battleEffects(b)) {
    const w = pe.ability.when;
    if (pe.effect.do.kind !== "charge-after" || w.timing !== "phase" || w.phase !== "hero" || used.has(pe.key)) continue;
    used.add(pe.key);
    if (b.deployed(player).some((id) => b.unit(id).tokens.includes(CHARGE_AFTER_TOKEN))) return; // once per turn (army), whichever ability
    for (const id of b.deployed(player)) {
      if (b.profile(id).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase() || b.inCombat(id)) continue;
      addToken(b.unit(id), CHARGE_AFTER_TOKEN);
      b.say(`${b.profile(id).name} uses ${pe.ability.name}: it can shoot and charge this turn even after a run or retreat.`);
      return;
    }
  }
}

/** STRIKE-LAST by keyword or for the rest of the turn (Brace for Impact). */
export function hasStrikeLast(b: Battle, id: number): boolean {
  return hasKeyword(b.profile(id), "STRIKE-LAST") || hasToken(b.unit(id), STRIKE_LAST_TOKEN) || spellStrike(b, id, "strike-last") || hasPassiveStrike(b, id, "last"); // a spell's (warscroll-spells.ts), a passive one (passive.ts)
}

/**
 * "Any Charge Phase: pick an enemy unit that charged this turn and is in combat with this unit ... roll a dice for
 * each model in this unit; if any of the rolls are a 6, the target has STRIKE-LAST for the rest of the turn"
 * (Brace for Impact), at the end of the charge phase: the active player's abilities, then the opponent's; each in
 * data order, by its units in ascending id, each unit once. The target: among the enemy units in combat with it
 * that charged this turn and have no STRIKE-LAST yet, the most melee attacks (the policy's attackWeight), then the
 * lowest id; none, no dice. The search does not see it as a decision (it only hurts the enemy).
 */
export function useChargeReactions(b: Battle): void {
  if (!has(b, "charged-strike-last")) return;
  for (const player of [b.data.active, (1 - b.data.active) as Player]) {
    for (const pe of battleEffects(b)) {
      const d = pe.effect.do;
      const w = pe.ability.when;
      if (d.kind !== "charged-strike-last" || w.timing !== "phase" || w.phase !== "charge") continue;
      for (const s of b.deployed(player)) {
        if (b.profile(s).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase()) continue;
        let target = -1;
        let best = -1;
        for (const t of b.enemiesInCombat(s)) {
          if (!b.unit(t).charged || hasStrikeLast(b, t) || b.distance(s, t) > (pe.effect.whom.range ?? COMBAT_RANGE) + EPS) continue;
          const weight = attackWeight(b.profile(t), "melee");
          if (weight > best || (weight === best && t < target)) [target, best] = [t, weight];
        }
        if (target < 0 || resisted(b, s, target, pe.ability.name)) continue;
        const rolls: number[] = [];
        for (let i = 0; i < b.unit(s).models; i++) rolls.push(b.rollD6());
        const hit = rolls.some((r) => r >= d.on);
        if (hit) addToken(b.unit(target), STRIKE_LAST_TOKEN);
        b.say(`${b.profile(s).name} uses ${pe.ability.name} on ${b.profile(target).name} (${rolls.join(", ")})${hit ? `: it has STRIKE-LAST for the rest of the turn` : ""}.`);
      }
    }
  }
}
