/**
 * Healing and returning slain models, from the effect language (docs/abilities.md "Healing and returning
 * slain models"): the played abilities with a `heal`, `return-models`, `forbid-heal` or Bone Cage `token`
 * effect. The kernel's twin is assembly/battle/healing.ts: the same abilities in the same order, the same
 * targets, the same dice.
 *
 * The seeds are silent on the core rules of both (the 4th-edition excerpt has no Heal (X) and no returning);
 * our decisions, from the warscroll texts:
 * - Heal (X) removes up to X damage points allocated to the unit (CORE-ALLOC keeps fewer than its Health, so it
 *   never brings back a model).
 * - Returned models join a unit on the battlefield (not a destroyed one), up to the models it was set up with;
 *   its footprint grows about its centre (units.ts footprintRadius of the models), one model at a time, and
 *   stops before a model whose footprint would leave the battlefield, overlap another footprint, stand on the
 *   tall part of unstable terrain (CORE-UNSTABLE: models cannot be set up there) or come within 3" of an enemy
 *   unit it was not already in combat with (a returned model is not set up in combat unless its unit is).
 * - Harrowing Shrieks: a unit within 3" of an enemy unit with the ability is neither healed nor given models.
 *
 * When (the policy, the same in both engines and in the search: none of these is a decision, each only helps
 * its army, so it is used whenever it does something):
 * - "Your Hero Phase" abilities at the end of the hero phase, after spells and replacements (turn.ts nextPhase):
 *   Blessed Blood (a damaged unit), Countless Servants, Repair Construct, No Rest for the Wicked; "End of Any
 *   Turn" abilities at the end of the turn before control (turn.ts): the active player's, then the opponent's
 *   (Victory Feast, Bone Harvest); "Start of Any Turn" ones when the turn starts, before the hero phase (turn.ts
 *   beginTurn), the active player's then the opponent's (imported Regeneration); Stolen Hours after each of the unit's fights (combat.ts fight).
 * - Within a step: the abilities in data order, each by its units in ascending id; "Once Per Turn (Army)" the
 *   first unit that uses it; "Once Per Battle (Army)" once for the army (BattleData.effectsUsed), "Once Per
 *   Battle" once for each unit (damage.ts usedByUnit).
 * - One target (Countless Servants, Repair Construct): the most wounds returned (models that would return times
 *   Health), then the lowest id; not used without one. Each target (No Rest for the Wicked): every unit whom
 *   names with slain models that a roll can return (Health at most the roll's maximum), by ascending id, a roll
 *   each; it is used once the models a mean roll returns come to 8 Health or more, or from battle round 4 to any.
 */
import { passiveView } from "./passive.js";
import { battleEffects, battleView } from "./effects.js";
import { returnBanned } from "./tail4.js";
import { killedHolds } from "./kills5.js";
import { keywordIn, type PlayedEffect } from "../abilities/index.js";
import { whomHolds } from "../abilities/attack.js";
import { BATTLEFIELD } from "../battleplans/geometry.js";
import type { Battle } from "./battle.js";
import { COMBAT_RANGE, edgeDistance } from "./geometry.js";
import type { Player } from "./state.js";
import { addToken, hasToken, removeToken } from "./tokens.js";
import { footprintRadius } from "./units.js";
import { canEndOn } from "./terrain.js";
import type { DiceExpr } from "../../core/dice.js";
import { isStepHeal, markUsedByUnit, usedByUnit } from "./damage.js";

type ReturnDo = Extract<PlayedEffect["effect"]["do"], { kind: "return-models" }>;
type TokenDo = Extract<PlayedEffect["effect"]["do"], { kind: "token" }>;

/** The kinds this file plays. */
export function isHealingEffect(pe: PlayedEffect): boolean {
  const d = pe.effect.do;
  if (isStepHeal(pe)) return false; // damage.ts: the declared steps play it
  return d.kind === "heal" || d.kind === "return-models" || d.kind === "forbid-heal" || (d.kind === "token" && (d.start === true || d.roll !== undefined || pe.ability.effects.some((e) => e.do.kind === "return-models")));
}

function effectsOf(b: Battle): PlayedEffect[] {
  return battleEffects(b).filter(isHealingEffect);
}

function rollDice(b: Battle, d: DiceExpr): number {
  let v = d.plus;
  for (let i = 0; i < d.count; i++) v += b.rng.roll(d.sides);
  return Math.max(0, v);
}

/** Harrowing Shrieks: an enemy unit with a forbid-heal effect whose `whom` names `id`. */
export function healingForbidden(b: Battle, id: number): boolean {
  const forbid = battleEffects(b).filter((pe) => pe.effect.do.kind === "forbid-heal");
  if (forbid.length === 0) return false;
  const v = battleView(b);
  const enemy = (1 - b.ownerOf(id)) as Player;
  for (const pe of forbid)
    for (const s of b.deployed(enemy)) if (b.profile(s).warscroll.toLowerCase() === pe.ability.warscroll.toLowerCase() && whomHolds(v, pe.effect, s, id)) return true;
  return false;
}

/** Slain models may not be returned to `id`: Harrowing Shrieks (healingForbidden), or tail4.ts's no-return (Redemptor Casket). */
export function returnsForbidden(b: Battle, id: number): boolean {
  return healingForbidden(b, id) || returnBanned(b, id);
}

/** Heal (X): removes up to X damage points; returns those removed. */
function heal(b: Battle, id: number, x: number): number {
  const u = b.unit(id);
  const healed = Math.min(u.damage, Math.max(0, x));
  u.damage -= healed;
  return healed;
}

/** Slain models of a unit on the battlefield: the models it was set up with less those left. */
function slainModels(b: Battle, id: number): number {
  return b.unit(id).status === "deployed" ? b.profile(id).startModels - b.unit(id).models : 0;
}

/** How many of `want` models can return (see the file's comment: battlefield, enemies' combat ranges). */
export function returnable(b: Battle, id: number, want: number): number {
  const u = b.unit(id);
  const p = b.profile(id);
  const limit = Math.min(want, slainModels(b, id));
  if (limit <= 0) return 0;
  const enemies = b.deployed((1 - b.ownerOf(id)) as Player);
  const engaged = enemies.filter((e) => b.distance(id, e) <= COMBAT_RANGE + 1e-9);
  const others = enemies.filter((e) => !engaged.includes(e));
  const around = b.deployed().filter((o) => o !== id);
  let n = 0;
  while (n < limit) {
    const r = footprintRadius(u.models + n + 1, p.baseRadius);
    if (u.x - r < -1e-9 || u.x + r > BATTLEFIELD.width + 1e-9 || u.y - r < -1e-9 || u.y + r > BATTLEFIELD.depth + 1e-9) break;
    const at = { x: u.x, y: u.y, radius: r };
    // No footprint overlaps another (paths.ts clearSpot), none stands on unstable terrain's tall part (CORE-UNSTABLE).
    if (around.some((o) => { const c = b.footprint(o); return Math.hypot(u.x - c.x, u.y - c.y) < r + c.radius; })) break;
    if (!canEndOn(b.data.terrain, at)) break;
    if (others.some((e) => edgeDistance(at, b.footprint(e)) <= COMBAT_RANGE + 1e-9)) break;
    n++;
  }
  return n;
}

/** The models effect `d` would return to `t` for a roll of `roll` (a health budget) or its count. */
function wanted(b: Battle, d: ReturnDo, t: number, roll: number): number {
  const p = b.profile(t);
  if (d.health) return Math.floor(roll / p.health);
  if (d.instead && ((d.instead.keyword !== undefined && keywordIn(p.keywords, d.instead.keyword)) || (d.instead.healthOne && p.health === 1))) return d.instead.count;
  return roll;
}

function giveModels(b: Battle, pe: PlayedEffect, s: number, t: number, n: number): void {
  if (n <= 0) return;
  b.unit(t).models += n;
  b.say(`${b.profile(s).name} uses ${pe.ability.name}: ${n} slain model${n === 1 ? "" : "s"} return${n === 1 ? "s" : ""} to ${b.profile(t).name}.`);
}

function usedOnce(b: Battle, player: Player, pe: PlayedEffect): boolean {
  return (b.data.effectsUsed?.[player] ?? []).includes(pe.key);
}

function markUsed(b: Battle, player: Player, pe: PlayedEffect): void {
  (b.data.effectsUsed ??= [[], []])[player].push(pe.key);
}

const limitOf = (pe: PlayedEffect) => (pe.ability.when.timing === "phase" ? pe.ability.when.limit : "none");

/** A return-models effect used by `s` now; returns whether it was used. */
function useReturn(b: Battle, pe: PlayedEffect, d: ReturnDo, s: number): boolean {
  const c = pe.effect.conditions;
  if (c.token !== undefined && !hasToken(b.unit(s), c.token)) return false;
  if (c.inCombat !== undefined && b.inCombat(s) !== c.inCombat) return false; // "If this unit is in combat" (damage.ts)
  const v = battleView(b);
  const candidates = b.deployed(b.ownerOf(s)).filter((t) => whomHolds(v, pe.effect, s, t) && slainModels(b, t) > 0 && !returnsForbidden(b, t));
  if (d.targets === "each") {
    const max = (d.health ?? d.count)!;
    const top = max.count * max.sides + max.plus;
    const mean = Math.floor((max.count * (max.sides + 1)) / 2 + max.plus); // D3+3: 5
    const targets = candidates.filter((t) => b.profile(t).health <= top);
    const worth = targets.reduce((sum, t) => sum + Math.min(slainModels(b, t), Math.floor(mean / b.profile(t).health)) * b.profile(t).health, 0);
    if (worth <= 0 || (worth < 8 && b.data.round < 4)) return false;
    for (const t of targets) {
      const roll = rollDice(b, max);
      giveModels(b, pe, s, t, returnable(b, t, wanted(b, d, t, roll)));
    }
    return true;
  }
  // One target: the most wounds returned, then the lowest id (a count, not a roll, for the pick).
  const count = d.count ?? d.health!;
  let best = -1;
  let bestScore = 0;
  for (const t of candidates) {
    const score = returnable(b, t, wanted(b, d, t, count.count === 0 ? count.plus : count.count * count.sides + count.plus)) * b.profile(t).health;
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  if (best < 0) return false;
  if (d.on !== undefined) {
    const r = b.rng.d6();
    b.say(`${b.profile(s).name} uses ${pe.ability.name} on ${b.profile(best).name}: rolls ${r}${r >= d.on ? "" : ", nothing"}.`);
    if (r < d.on) return true;
  }
  let n = count.count === 0 ? count.plus : rollDice(b, count);
  if (d.least !== undefined && n < d.least) n = 0; // "Roll a D3. On a 2+, return ... equal to the roll"
  giveModels(b, pe, s, best, returnable(b, best, wanted(b, d, best, n)));
  for (const e of pe.ability.effects) if (e.do.kind === "token" && e.do.action === "remove") removeToken(b.unit(s), e.do.token);
  return true;
}

/** One army's "Your Hero Phase" healing and returning abilities (the end of its hero phase). */
export function useHeroHealing(b: Battle, player: Player): void {
  for (const pe of effectsOf(b)) {
    const w = pe.ability.when;
    if (w.timing !== "phase" || w.phase !== "hero") continue;
    const d = pe.effect.do;
    if (d.kind !== "heal" && d.kind !== "return-models") continue;
    const limit = limitOf(pe);
    if (limit === "once-per-battle-army" && usedOnce(b, player, pe)) continue;
    for (const s of b.deployed(player)) {
      if (b.profile(s).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase()) continue;
      if (limit === "once-per-battle" && usedByUnit(b, pe, s)) continue; // once for each unit (damage.ts)
      let used = false;
      if (d.kind === "heal") used = useHeal(b, pe, s);
      else used = useReturn(b, pe, d, s);
      if (!used) continue;
      if (limit === "once-per-battle") markUsedByUnit(b, pe, s);
      if (limit === "once-per-battle-army") markUsed(b, player, pe);
      if (limit !== "none" && limit !== "once-per-turn" && limit !== "once-per-battle") break;
    }
  }
}

/** A dice heal of the unit with the ability: used when it is damaged (and may be healed). */
function useHeal(b: Battle, pe: PlayedEffect, s: number): boolean {
  const d = pe.effect.do;
  if (d.kind !== "heal" || d.amount === "damage-dealt") return false;
  const c = pe.effect.conditions;
  if (c.slewThisTurn !== undefined && (b.unit(s).slewThisTurn === true) !== c.slewThisTurn) return false;
  if (c.killed !== undefined && !killedHolds(b, s, c.killed)) return false; // kills5.ts: "If any enemy models were slain by this unit's attacks this turn"
  if (c.objective !== undefined && !passiveView(b).objective(s, c.objective)) return false; // objective4: "If this unit is contesting an objective you do not control"
  if (b.unit(s).damage === 0 || healingForbidden(b, s)) return false;
  // "Heal (X) this unit, where X is half the number of damage points this unit has (rounding up)" (damage.ts).
  const x = d.amount === "half-damage" ? Math.ceil(b.unit(s).damage / 2) : rollDice(b, d.amount);
  const healed = heal(b, s, x);
  b.say(`${b.profile(s).name} uses ${pe.ability.name}: Heal (${x}), ${healed} damage point${healed === 1 ? "" : "s"} removed.`);
  return true;
}

/**
 * The abilities of a turn's start or end, in their order: the active player's, then the opponent's, each
 * effect whose "Your"/"Enemy"/"Any" fits that player (Start/End of Any, Your or Enemy Turn).
 */
function* turnEdgeEffects(b: Battle, phase: "start-of-turn" | "end-of-turn"): Generator<[Player, PlayedEffect]> {
  const effects = effectsOf(b);
  for (const player of [b.active, b.opponent]) {
    for (const pe of effects) {
      const w = pe.ability.when;
      if (w.timing !== "phase" || w.phase !== phase || (w.whose === "your" && player !== b.active) || (w.whose === "enemy" && player === b.active)) continue;
      yield [player, pe];
    }
  }
}

/** The end of a turn, before control: the active player's "End of Any Turn" abilities, then the opponent's. */
export function useEndOfTurnHealing(b: Battle): void {
  for (const [player, pe] of turnEdgeEffects(b, "end-of-turn")) {
    const d = pe.effect.do;
    const limit = limitOf(pe);
    if (limit === "once-per-battle-army" && usedOnce(b, player, pe)) continue;
    for (const s of b.deployed(player)) {
      if (b.profile(s).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase()) continue;
      if (limit === "once-per-battle" && usedByUnit(b, pe, s)) continue; // once for each unit (damage.ts)
      // Returning slain models at the end of a turn (damage.ts: "End of Any Turn: You can return D3 slain models to this unit").
      const used = d.kind === "heal" ? useHeal(b, pe, s) : d.kind === "return-models" ? useReturn(b, pe, d, s) : d.kind === "token" && d.roll ? useTokenRoll(b, pe, d, s) : false;
      if (!used) continue;
      if (limit === "once-per-battle") markUsedByUnit(b, pe, s);
      if (limit === "once-per-battle-army") markUsed(b, player, pe);
      if (limit !== "none" && limit !== "once-per-turn" && limit !== "once-per-battle") break;
    }
  }
}

/**
 * The start of a turn, before its hero phase (turn.ts beginTurn): the active player's "Start of Any/Your Turn"
 * healing and returning abilities, then the opponent's "Start of Any/Enemy Turn" ones (Regeneration's Heal
 * (D3)); the same policy and limits as the hero phase's.
 */
export function useStartOfTurnHealing(b: Battle): void {
  for (const [player, pe] of turnEdgeEffects(b, "start-of-turn")) {
    const d = pe.effect.do;
    if (d.kind !== "heal" && d.kind !== "return-models") continue;
    const limit = limitOf(pe);
    if (limit === "once-per-battle-army" && usedOnce(b, player, pe)) continue;
    for (const s of b.deployed(player)) {
      if (b.profile(s).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase()) continue;
      if (limit === "once-per-battle" && usedByUnit(b, pe, s)) continue; // once for each unit (damage.ts)
      const used = d.kind === "heal" ? useHeal(b, pe, s) : useReturn(b, pe, d, s);
      if (!used) continue;
      if (limit === "once-per-battle") markUsedByUnit(b, pe, s);
      if (limit === "once-per-battle-army") markUsed(b, player, pe);
      if (limit !== "none" && limit !== "once-per-turn" && limit !== "once-per-battle") break;
    }
  }
}

/** Bone Harvest: an empty Harvester rolls a dice per enemy unit destroyed this battle (+1 if it fought); any 4+ fills it. */
function useTokenRoll(b: Battle, pe: PlayedEffect, d: TokenDo, s: number): boolean {
  const u = b.unit(s);
  if (hasToken(u, d.token) || !d.roll) return false;
  const enemy = (1 - b.ownerOf(s)) as Player;
  const destroyed = b.data.units.filter((x) => b.ownerOf(x.id) === enemy && x.destroyedBy !== null).length;
  if (destroyed === 0) return false;
  const bonus = u.fought ? d.roll.foughtBonus : 0;
  let hit = false;
  for (let i = 0; i < destroyed; i++) if (b.rng.d6() + bonus >= d.roll.on) hit = true;
  if (hit) addToken(u, d.token);
  b.say(`${b.profile(s).name} uses ${pe.ability.name}: ${destroyed} dice, ${hit ? "full" : "still empty"}.`);
  return true;
}

/** Stolen Hours: after a fight of `id`, Heal (X), X the damage points its attacks allocated. */
export function afterFightHealing(b: Battle, id: number, allocated: number): void {
  if (b.unit(id).damage === 0 || b.unit(id).status !== "deployed") return;
  for (const pe of effectsOf(b)) {
    const d = pe.effect.do;
    if (pe.ability.when.timing !== "passive" || d.kind !== "heal") continue;
    if (b.profile(id).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase()) continue;
    if (d.amount !== "damage-dealt") {
      // "Each time this unit uses a FIGHT ability, after that FIGHT ability has been resolved, Heal (D3) this unit" (damage.ts).
      if (healingForbidden(b, id)) return;
      const x = d.amount === "half-damage" ? Math.ceil(b.unit(id).damage / 2) : rollDice(b, d.amount);
      const healed = heal(b, id, x);
      b.say(`  ${b.profile(id).name}'s ${pe.ability.name}: Heal (${x}), ${healed} damage point${healed === 1 ? "" : "s"} removed.`);
      return;
    }
    if (allocated <= 0) return;
    if (healingForbidden(b, id)) return;
    const healed = heal(b, id, allocated);
    b.say(`  ${b.profile(id).name}'s ${pe.ability.name}: Heal (${allocated}), ${healed} damage point${healed === 1 ? "" : "s"} removed.`);
    return;
  }
}

/** Bone Cage: the tokens a unit starts the battle with (create.ts). */
export function startTokens(effects: readonly PlayedEffect[], warscroll: string): string[] {
  const out: string[] = [];
  for (const pe of effects) {
    const d = pe.effect.do;
    if (d.kind === "token" && d.start && pe.ability.warscroll.toLowerCase() === warscroll.toLowerCase() && !out.includes(d.token)) out.push(d.token);
  }
  return out;
}
