/**
 * The combat phase's non-FIGHT abilities (CORE-FIGHT-ORDER: "The active player uses Combat Phase abilities
 * that are not FIGHT abilities, then the opponent does the same"), from the effect language: the played
 * abilities whose timing is a combat phase and whose effect is mortal damage on a roll (Fourfold Slayers,
 * Holy Blades of Bone, Reaped Like Corn, Necrotic Impetus, Stormbolt Tempest) or a model slain on a roll
 * (Stuff 'Em in Me Bag) or STRIKE-FIRST on a roll (Hold the Shieldwall). They are used after Feral Roar (feral-roar.ts) and before the first fight.
 *
 * Every one of them only helps its army, so an army uses each whenever it can; which enemy unit is the
 * target is the scripted rule below (the same in the search: the step is not a decision). The kernel's twin is
 * assembly/battle/combat-abilities.ts: the same abilities in the same order, the same targets, the same dice.
 *
 * - Order: the active player's, then the opponent's; within an army the abilities in data order, and for each
 *   ability the units that have it by ascending id. A unit uses each ability at most once in the step ("Any
 *   Combat Phase", "Once Per Turn": the step is once per turn); "Once Per Turn (Army)": the first unit that
 *   can; "Once Per Battle (Army)": once for the battle (BattleData.effectsUsed).
 * - Targets: enemy units `whom` names (in combat: within 3", the filter) that satisfy `targetCharged`; the
 *   unit with the ability needs `minModels` models (Reaped Like Corn: "within the combat ranges of 5 or more
 *   models in this unit", a unit being one footprint here). "Each" (Necrotic Impetus): every such unit, by
 *   ascending id. "One": the one with the most expected mortal damage (a chance to slay the most likely for a
 *   slay), then the fewest wounds left, then the lowest id.
 * - Mortal damage: the dice (a D6 or D3 per model, per target model or once), each counted when its roll
 *   (plus a bonus against a keyword) reaches `on` (`better`: a lower threshold with enough models), worth 1
 *   or its roll; then the target's ward (attacks.ts inflictMortal), allocation and casualties (killer: the
 *   unit with the ability, not a melee attack).
 * - STRIKE-FIRST on a roll (Hold the Shieldwall: it did not charge, an enemy in combat with it did): a D6, on
 *   `on`+ a token until the next turn starts (combat.ts reads it with the keyword). Not rolled by a unit that
 *   has STRIKE-FIRST already (nothing to gain).
 * - A slay (Stuff 'Em in Me Bag): a D6; if it is at least double the target's Health, 1 model is slain (no
 *   ward: it is not damage).
 * - Necrotic Impetus' relentless discipline points (a token gain after the mortal damage): the army gains the
 *   damage points the ability allocated (BattleData.factionPoints; nothing spends them yet, and the kernel
 *   does not carry them).
 */
import { sameObjectiveTargets } from "./terrain5.js";
import { chargeStartAbility } from "./declared2.js";
import { battleEffects, battleView, unitWard } from "./effects.js";
import { type PlayedEffect, keywordIn, passes } from "../abilities/index.js";
import { edgeDistance } from "./geometry.js";
import { turnToken, whomHolds } from "../abilities/attack.js";
import type { Battle } from "./battle.js";
import { carriersLeft, inflictMortal } from "./attacks.js";
import { weaponAttacks } from "./damaged.js";
import { bothSidesTargets } from "./mortal4.js";
import { destroyIfSlain } from "./casualties.js";
import type { Player } from "./state.js";
import { addToken, hasToken, TOKEN } from "./tokens.js";
import { hasKeyword } from "./units.js";
import { visible } from "./visibility.js";
import { durationGroup, useForAWhile } from "./status.js";
import { isNewMortal, isStepHeal, markUsedByUnit, mortalScoreNew, rollMortalNew, usedByUnit, useStepHeal } from "./damage.js";
import { resisted } from "./common.js";
import { useFightTwice } from "./timing2.js";
import { arrivedToken } from "./reserves.js";
import { useSeize } from "./hero3.js";
import { fightTwicePick, useSwitchOn } from "./combat3.js";
import { passedAcross } from "./move3.js";

type MortalDo = Extract<PlayedEffect["effect"]["do"], { kind: "mortal" }>;
type TurnDo = Extract<PlayedEffect["effect"]["do"], { kind: "for-the-turn" }>;

/** The effects this step plays: combat-phase abilities' mortal damage and slays (data order). */
export function isCombatStepEffect(pe: PlayedEffect): boolean {
  const w = pe.ability.when;
  const d = pe.effect.do;
  return w.timing === "phase" && w.phase === "combat" && (d.kind === "mortal" || d.kind === "slay" || (d.kind === "strike" && d.order === "first") || d.kind === "for-the-turn");
}

export function combatStepEffects(b: Battle): PlayedEffect[] {
  return battleEffects(b).filter(isCombatStepEffect);
}

/**
 * The declared-ability steps of the other phases (docs/abilities.md "Declared abilities in every phase"):
 * mortal damage and slays on a picked enemy target, used at the end of the charge, shooting and hero phases
 * and at the end of a turn (turn.ts), the active player's then the opponent's, with the combat step's order,
 * targets and dice. Kernel: the same records (EF.DECL_PHASE), assembly/battle/combat-abilities.ts.
 */
export const STEP_PHASES = ["combat", "charge", "shooting", "hero", "end-of-turn", "movement", "start-of-turn", "shooting-start", "charge-start"] as const;
export type StepPhase = (typeof STEP_PHASES)[number];

/** The step that plays `pe` (combat: isCombatStepEffect; the others: mortal damage and slays), or null. */
export function stepPhaseOf(pe: PlayedEffect): StepPhase | null {
  if (isCombatStepEffect(pe)) return "combat";
  const w = pe.ability.when;
  const d = pe.effect.do;
  if (d.kind === "fight-twice") return w.timing === "phase" && w.phase === "combat" ? "combat" : null; // timing2.ts
  if (d.kind === "seize") return w.timing === "phase" && w.phase === "start-of-turn" ? "start-of-turn" : null; // hero3.ts
  if (d.kind === "switch-on") return w.timing === "phase" && w.phase === "combat" ? "combat" : null; // combat3.ts
  // Effects for a while (status.ts): a shooting phase's at its start, the others' where the phase's step is.
  // A charge phase's charge-roll modifiers at its start, before any charge (declared2.ts chargeStartAbility).
  if (w.timing === "phase" && d.kind === "for-the-turn" && d.afterDamage === undefined)
    return w.phase === "shooting" ? "shooting-start" : w.phase === "deployment" ? null : w.phase === "charge" && chargeStartAbility(pe.ability) ? "charge-start" : w.phase;
  if (w.timing !== "phase" || (d.kind !== "mortal" && d.kind !== "slay" && d.kind !== "terrain-mortal" && !isStepHeal(pe))) return null;
  return (STEP_PHASES as readonly string[]).includes(w.phase) ? (w.phase as StepPhase) : null;
}

/** Whether `player` may use `pe`'s ability now: its timing's "Your" / "Enemy" against the active player. */
function whoseHolds(b: Battle, pe: PlayedEffect, player: Player): boolean {
  const w = pe.ability.when;
  if (w.timing !== "phase" || w.whose === "any") return true;
  return (w.whose === "your") === (player === b.data.active);
}

/** The threshold and bonus of a mortal effect for source `s` on target `t`. */
function mortalRoll(b: Battle, d: MortalDo, s: number, t: number): { n: number; on: number; bonus: number } {
  const models = (id: number) => b.unit(id).models;
  let on = d.on ?? 1;
  if (d.better && models(d.better.of === "self" ? s : t) >= d.better.models) on = d.better.on;
  const bonus = d.bonus && keywordIn(b.profile(t).keywords, d.bonus.keyword) ? d.bonus.add : 0;
  const per = d.per === "once" ? 1 : d.per === "model" ? models(s) : d.per === "round" ? b.data.round : models(t);
  return { n: d.dice.count * (d.rolls ?? 1) * per, on, bonus };
}

/** Expected mortal damage times the die's sides (an integer, so both engines compare the same numbers). */
export function mortalScore(b: Battle, d: MortalDo, s: number, t: number): number {
  const { n, on, bonus } = mortalRoll(b, d, s, t);
  if (isNewMortal(d)) return mortalScoreNew(b, d, s, t, on); // damage.ts: the forms of every phase
  let sum = 0;
  // A rolled damage ("inflict D3 mortal damage"): its mean times 2, so the score stays an integer.
  const each = d.damage ? d.damage.count * (d.damage.sides + 1) : null;
  for (let r = 1; r <= d.dice.sides; r++) if (r + bonus >= on) sum += each ?? (d.each === "roll" ? r : d.each);
  return n * sum;
}

function woundsLeft(b: Battle, id: number): number {
  return b.unit(id).models * b.profile(id).health - b.unit(id).damage;
}

/** The targets effect `pe` of source `s` may have now (ascending ids). */
function targetsOf(b: Battle, pe: PlayedEffect, s: number): number[] {
  const v = battleView(b);
  const c = pe.effect.conditions;
  return b
    .deployed((1 - b.ownerOf(s)) as Player)
    .filter((t) => whomHolds(v, pe.effect, s, t) && (c.targetCharged === undefined || b.unit(t).charged === c.targetCharged) && (!c.visible || visible(b, s, t)) && (!c.passedAcross || passedAcross(b, s, t)));
}

/** The scripted pick of one target: the highest score, then the fewest wounds left, then the lowest id; null when none scores. */
function pickTarget(b: Battle, targets: readonly number[], score: (t: number) => number): number | null {
  let best: number | null = null;
  let bestScore = 0;
  for (const t of targets) {
    const sc = score(t);
    if (sc <= 0) continue;
    if (best === null || sc > bestScore || (sc === bestScore && woundsLeft(b, t) < woundsLeft(b, best))) {
      best = t;
      bestScore = sc;
    }
  }
  return best;
}

/**
 * The for-the-turn effects of `pe`'s ability set by its mortal damage (afterDamage: Shriek of Terror's -1 to hit) on
 * `t`: `dealt` the damage points allocated; with afterRoll (combat3.ts) `rolled`, the points its roll counted before the ward.
 */
function afterMortal(b: Battle, pe: PlayedEffect, s: number, t: number, dealt: number, rolled: number, slain: number): void {
  const i = pe.ability.effects.indexOf(pe.effect);
  const next = pe.ability.effects[i + 1];
  if (!next || next.do.kind !== "for-the-turn" || next.do.afterDamage === undefined) return;
  // The mortal4 area (mortal4.ts): the models slain (afterSlain), on the unit with the ability (afterSelf).
  const holder = next.do.afterSelf ? s : t;
  if ((next.do.afterSlain ? slain : next.do.afterRoll ? rolled : dealt) < next.do.afterDamage || b.unit(holder).status !== "deployed") return;
  addToken(b.unit(holder), turnToken({ ability: pe.ability, effect: next, key: pe.key }));
  b.say(`  ${b.profile(holder).name}: ${pe.ability.name} for the rest of the turn.`);
}

/** Mortal damage of `d` from `s` on `t`, rolled, warded and allocated; returns the damage points allocated. */
export function resolveMortal(b: Battle, pe: PlayedEffect, d: MortalDo, s: number, t: number): number {
  const { n, on, bonus } = mortalRoll(b, d, s, t);
  let points = 0;
  if (isNewMortal(d)) points = rollMortalNew(b, d, s, t, on); // damage.ts
  else
    for (let i = 0; i < n; i++) {
      const r = b.rng.roll(d.dice.sides);
      if (r + bonus < on) continue;
      if (d.damage) for (let j = 0; j < d.damage.count; j++) points += b.rng.roll(d.damage.sides);
      else points += d.each === "roll" ? r : d.each;
    }
  const r = inflictMortal(b.profile(t), b.unit(t), points, b.rng, unitWard(b, t, s));
  b.say(`${b.profile(s).name} uses ${pe.ability.name} on ${b.profile(t).name}: ${points} mortal damage${points !== r.damage ? ` (${r.damage} after the ward)` : ""}${r.slain ? `, ${r.slain} slain` : ""}.`);
  destroyIfSlain(b, t, { unit: s, melee: false }, r.slain);
  afterMortal(b, pe, s, t, r.damage, points, r.slain);
  return r.damage;
}

type TerrainDo = Extract<PlayedEffect["effect"]["do"], { kind: "terrain-mortal" }>;

/** The units a terrain-mortal effect of `s` hits around feature `f` (ascending ids): within `within` of it, passing whom's filter. */
function aroundTerrain(b: Battle, pe: PlayedEffect, d: TerrainDo, s: number, f: { x: number; y: number; radius: number }): number[] {
  const me = b.ownerOf(s);
  // terrain5 (Cursed Destroyers: "each other unit"): never the unit with the ability (Smash Down's filter already leaves it out).
  return b.deployed().filter((x) => x !== s && (d.sides === "both" || b.ownerOf(x) !== me) && passes(b.profile(x), pe.effect.whom.filter) && edgeDistance(b.footprint(x), f) <= d.within + 1e-9);
}

/**
 * Smash Down: the terrain feature within `range` of `s` with the most enemy units minus friendly ones around it
 * (the units it would hit; at least one more enemy), the first in the battle's terrain list on a tie; then a
 * roll for each unit around it by ascending id, each counted roll inflicting mortal damage (the ward applies).
 * Returns whether it was used. Kernel: assembly/battle/combat-abilities.ts terrainMortal.
 */
function terrainMortal(b: Battle, pe: PlayedEffect, d: TerrainDo, s: number): boolean {
  const me = b.ownerOf(s);
  let best = -1;
  let bestScore = 0;
  b.data.terrain.forEach((f, i) => {
    if (edgeDistance(b.footprint(s), f) > d.range + 1e-9) return;
    const sc = aroundTerrain(b, pe, d, s, f).reduce((n, x) => n + (b.ownerOf(x) === me ? -1 : 1), 0);
    if (sc > bestScore) [best, bestScore] = [i, sc];
  });
  if (best < 0) return false;
  const f = b.data.terrain[best]!;
  b.say(`${b.profile(s).name} uses ${pe.ability.name} on the terrain feature at (${f.x}, ${f.y}).`);
  for (const x of aroundTerrain(b, pe, d, s, f)) {
    if (b.unit(x).status !== "deployed") continue;
    let points = 0;
    for (let i = 0; i < d.dice.count; i++) {
      const r = b.rng.roll(d.dice.sides);
      if (r >= (d.on ?? 1)) points += d.each === "roll" ? r : d.each;
    }
    if (points === 0) continue;
    const r = inflictMortal(b.profile(x), b.unit(x), points, b.rng, unitWard(b, x, s));
    b.say(`  ${b.profile(x).name}: ${points} mortal damage${points !== r.damage ? ` (${r.damage} after the ward)` : ""}${r.slain ? `, ${r.slain} slain` : ""}.`);
    destroyIfSlain(b, x, { unit: s, melee: false }, r.slain);
  }
  return true;
}

type SlayRule = Extract<PlayedEffect["effect"]["do"], { kind: "slay" }>["rule"];
/** The least roll that slays: double the Health, more than it, or it (the kernel's slayNeeds, EF.VALUE 0/1/2). */
export function slayNeeds(rule: SlayRule, health: number): number {
  return rule === "roll-at-least-double-health" ? 2 * health : rule === "roll-exceeds-health" ? health + 1 : health;
}

/** The step's score of a slay on a target of `health` (the kernel's pickTarget): the dice times the faces that slay; declared6's 2D6: the ways of 36 above the Health. */
export function slayScore(d: { rule: SlayRule; rolls?: number | undefined }, health: number): number {
  if (d.rule === "2d6-exceeds-health") return twoDiceAbove(health);
  return (d.rolls ?? 1) * Math.max(0, 7 - slayNeeds(d.rule, health));
}

/** The ways of 36 that two dice sum to more than `n`. */
function twoDiceAbove(n: number): number {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let c = 1; c <= 6; c++) if (a + c > n) ways++;
  return ways;
}

/** Stuff 'Em in Me Bag: a D6; at least double the target's Health (or the rule's other threshold) slays 1 model ("Roll 3 dice": each one). */
function resolveSlay(b: Battle, pe: PlayedEffect, s: number, t: number, rule: SlayRule, rolls = 1, hurl = 0): void {
  if (rule === "2d6-exceeds-health") {
    // declared6: "Roll 2D6. If the roll exceeds the target's Health characteristic, it is automatically destroyed."
    const r = b.rng.d6() + b.rng.d6();
    const destroyed = r > b.profile(t).health;
    b.say(`${b.profile(s).name} uses ${pe.ability.name} on ${b.profile(t).name}: rolls ${r}${destroyed ? ", it is destroyed" : ", nothing"}.`);
    if (!destroyed) return;
    const u = b.unit(t);
    const n = u.models;
    u.models = 0;
    u.damage = 0;
    destroyIfSlain(b, t, { unit: s, melee: false }, n);
    return;
  }
  for (let i = 0; i < rolls && b.unit(t).status === "deployed"; i++) {
    const r = b.rng.d6();
    const slain = r >= slayNeeds(rule, b.profile(t).health);
    b.say(`${b.profile(s).name} uses ${pe.ability.name} on ${b.profile(t).name}: rolls ${r}${slain ? ", 1 model slain" : ", nothing"}.`);
    if (!slain) continue;
    const u = b.unit(t);
    const health = b.profile(t).health;
    u.models -= 1;
    if (u.models === 0) u.damage = 0;
    destroyIfSlain(b, t, { unit: s, melee: false }, 1);
    if (hurl > 0) hurlBody(b, pe, s, health, hurl);
  }
}

/**
 * Hurled Body's second half: after its slay, mortal damage equal to the slain model's Health on a visible enemy
 * unit within `range` of `s` (the first target too, if it stands). "You can pick": it only hurts the enemy, so it
 * is always used; the pick: the most of that damage the unit can take (its wounds left, at most the Health), then
 * the fewest wounds left, then the lowest id (pickTarget). The ward applies. Kernel: combat-abilities.ts hurlBody.
 */
function hurlBody(b: Battle, pe: PlayedEffect, s: number, health: number, range: number): void {
  const near = b.deployed((1 - b.ownerOf(s)) as Player).filter((x) => b.distance(x, s) <= range + 1e-9 && visible(b, s, x));
  const t = pickTarget(b, near, (x) => Math.min(health, woundsLeft(b, x)));
  if (t === null || resisted(b, s, t, pe.ability.name)) return;
  const r = inflictMortal(b.profile(t), b.unit(t), health, b.rng, unitWard(b, t, s));
  b.say(`  ${b.profile(s).name} hurls the body at ${b.profile(t).name}: ${health} mortal damage${health !== r.damage ? ` (${r.damage} after the ward)` : ""}${r.slain ? `, ${r.slain} slain` : ""}.`);
  destroyIfSlain(b, t, { unit: s, melee: false }, r.slain);
}

/** One army's non-FIGHT combat-phase abilities (see the file's comment for the order and the targets). */
export function useCombatAbilities(b: Battle, player: Player): void {
  useStepAbilities(b, player, "combat");
}

/** The up-to-N targets of `pe` ("Pick up to 3 enemy units"): the N best by the step's pick, in ascending ids. */
function bestTargets(b: Battle, targets: readonly number[], n: number, score: (t: number) => number): number[] {
  const out: number[] = [];
  let left = [...targets];
  for (let i = 0; i < n; i++) {
    const t = pickTarget(b, left, score);
    if (t === null) break;
    out.push(t);
    left = left.filter((x) => x !== t);
  }
  return out.sort((x, y) => x - y);
}


/**
 * A step ability just used by unit `s`: its limit noted (once per battle for each unit, or for the army);
 * true when no other unit may use it this step (once per turn or per battle for the army). The kernel's twin
 * is assembly/battle/combat-abilities.ts noteStepUse.
 */
function noteStepUse(b: Battle, pe: PlayedEffect, s: number, limit: string, player: Player): boolean {
  if (limit === "once-per-battle") markUsedByUnit(b, pe, s);
  if (limit === "once-per-battle-army") (b.data.effectsUsed ??= [[], []])[player].push(pe.key);
  return limit === "once-per-turn-army" || limit === "once-per-battle-army";
}

/** One army's declared abilities of the step of `phase` (combat: the non-FIGHT ones, CORE-FIGHT-ORDER). */
export function useStepAbilities(b: Battle, player: Player, phase: StepPhase): void {
  const effects = battleEffects(b).filter((pe) => stepPhaseOf(pe) === phase && whoseHolds(b, pe, player));
  if (effects.length === 0) return;
  const used = (b.data.effectsUsed ??= [[], []]);
  for (const pe of effects) {
    const limit = pe.ability.when.timing === "phase" ? pe.ability.when.limit : "none";
    if (limit === "once-per-battle-army" && used[player].includes(pe.key)) continue;
    const name = pe.ability.warscroll.toLowerCase();
    for (const s of b.deployed(player)) {
      if (b.profile(s).warscroll.toLowerCase() !== name || b.unit(s).status !== "deployed") continue;
      if (limit === "once-per-battle" && usedByUnit(b, pe, s)) continue; // damage.ts: once for each unit
      const c = pe.effect.conditions;
      if (c.minModels !== undefined && b.unit(s).models < c.minModels) continue;
      const d = pe.effect.do;
      // "If this unit is damaged" (damage.ts).
      if (c.damaged !== undefined && (b.unit(s).damage > 0) !== c.damaged && (d.kind === "mortal" || d.kind === "slay" || d.kind === "heal")) continue;
      if (d.kind === "heal") {
        // damage.ts: Heal (X) of friendly units, or of the unit itself in a phase healing.ts does not play.
        if (c.inCombat !== undefined && b.inCombat(s) !== c.inCombat) continue;
        if (!useStepHeal(b, pe, s)) continue;
        if (noteStepUse(b, pe, s, limit, player)) break;
        continue;
      }
      if (d.kind === "strike") {
        if (strikeFirstOnRoll(b, pe, s, d.on ?? 1)) used[player].push(...(limit === "once-per-battle-army" ? [pe.key] : []));
        continue;
      }
      if (d.kind === "switch-on") {
        // combat3.ts: an aura switched on for the rest of the turn.
        if (!useSwitchOn(b, pe, s)) continue;
        if (noteStepUse(b, pe, s, limit, player)) break;
        continue;
      }
      if (d.kind === "fight-twice") {
        // timing2.ts: "This unit can use 2 FIGHT abilities this phase".
        // combat3.ts: a friendly unit picked to fight twice (whom), else the unit itself.
        const who = pe.effect.whom.side === "friendly" ? fightTwicePick(b, pe, s) : s;
        if (who < 0 || !useFightTwice(b, who, pe.ability.name, d.heroes === true)) continue;
        if (noteStepUse(b, pe, s, limit, player)) break;
        continue;
      }
      if (d.kind === "seize") {
        // hero3.ts: "You control the target objective".
        if (!useSeize(b, s, player)) continue;
        if (noteStepUse(b, pe, s, limit, player)) break;
        continue;
      }
      if (d.kind === "for-the-turn" && d.afterDamage !== undefined) continue; // set by the mortal damage before it
      if (d.kind === "for-the-turn" && durationGroup(pe) === null) continue; // used with its ability's first effect (status.ts)
      if (d.kind === "terrain-mortal") {
        if (!terrainMortal(b, pe, d, s)) continue;
        if (noteStepUse(b, pe, s, limit, player)) break;
        continue;
      }
      // "If this unit charged this phase/turn" / "did not charge": the unit with the ability (a declared mortal damage or slay).
      if ((d.kind === "mortal" || d.kind === "slay") && c.charged !== undefined && b.unit(s).charged !== c.charged) continue;
      // "If this unit was set up this turn using the 'X' ability" (reserves.ts arrive).
      if ((d.kind === "mortal" || d.kind === "slay") && c.arrived !== undefined && !b.unit(s).tokens.includes(arrivedToken(c.arrived))) continue;
      // "If this unit is (not) in combat" (damage.ts).
      if ((d.kind === "mortal" || d.kind === "slay") && c.inCombat !== undefined && b.inCombat(s) !== c.inCombat) continue;
      let usedNow = false;
      // Effects for a while (status.ts): its own conditions, target and dice.
      if (d.kind === "for-the-turn") usedNow = useForAWhile(b, pe, s, phase);
      const targets = d.kind === "for-the-turn" ? [] : targetsOf(b, pe, s);
      if (d.kind === "for-the-turn") {
        // used above (status.ts useForAWhile, with an enemy's resistance roll)
      } else if (d.kind === "slay") {
        const t = pickTarget(b, targets, (x) => slayScore(d, b.profile(x).health));
        if (t !== null) {
          if (!resisted(b, s, t, pe.ability.name)) resolveSlay(b, pe, s, t, d.rule, d.rolls ?? 1, d.hurl ?? 0);
          usedNow = true;
        }
      } else if (d.kind === "mortal") {
        const score = (x: number) => mortalScore(b, d, s, x);
        // mortal4.ts: both armies' units; terrain5.ts: the enemy units contesting an objective the unit contests.
        const chosen = d.bothSides ? bothSidesTargets(b, pe, s) : d.targets === "each" ? (c.sameObjective ? sameObjectiveTargets(b, s, targets) : targets) : bestTargets(b, targets, d.upTo ?? 1, score);
        let dealt = 0;
        for (const t of chosen) if (b.unit(t).status === "deployed" && !resisted(b, s, t, pe.ability.name)) dealt += resolveMortal(b, pe, d, s, t);
        usedNow = chosen.length > 0;
        if (usedNow) gainTokens(b, pe, player, dealt);
      }
      if (!usedNow) continue;
      if (noteStepUse(b, pe, s, limit, player)) break;
    }
  }
}

/**
 * Hold the Shieldwall: if the unit did not charge this turn (`charged: false`) and is in combat with an enemy
 * unit that charged (`targetCharged: true`), a dice; on `on`+ it has STRIKE-FIRST for the rest of the turn (a
 * token, removed at the start of the next turn). Returns whether it was used (the dice rolled).
 */
function strikeFirstOnRoll(b: Battle, pe: PlayedEffect, s: number, on: number): boolean {
  const c = pe.effect.conditions;
  const u = b.unit(s);
  if (hasToken(u, TOKEN.strikeFirst) || hasKeyword(b.profile(s), "STRIKE-FIRST")) return false; // nothing to gain
  if (c.charged !== undefined && u.charged !== c.charged) return false;
  const enemies = b.enemiesInCombat(s);
  if (enemies.length === 0 || (c.targetCharged !== undefined && !enemies.some((e) => b.unit(e).charged === c.targetCharged))) return false;
  const r = b.rng.d6();
  b.say(`${b.profile(s).name} uses ${pe.ability.name}: rolls ${r}${r >= on ? ", STRIKE-FIRST for the rest of the turn" : ", nothing"}.`);
  if (r >= on) addToken(u, TOKEN.strikeFirst);
  return true;
}

/** The ability's token gains after its mortal damage (Necrotic Impetus: relentless discipline, the damage allocated). */
function gainTokens(b: Battle, pe: PlayedEffect, player: Player, dealt: number): void {
  for (const e of pe.ability.effects) {
    if (e.do.kind !== "token" || e.do.action !== "gain" || e.do.token !== "relentless-discipline" || dealt <= 0) continue;
    b.data.factionPoints[player] += dealt;
    b.say(`  ${b.data.armies[player]} gains ${dealt} relentless discipline points (${pe.ability.name}).`);
  }
}
