/**
 * The battle traits of the five bundled factions and the bundled warscroll abilities that need code of their
 * own (docs/abilities.md "The bundled factions' battle traits"): played here in the TypeScript engine and by
 * the kernel's twin, assembly/battle/traits.ts, die for die (test/aos/abilities-bundled.test.ts). Each is used
 * by a scripted rule, the same in both engines and in the search (none is a search decision: the rules below
 * say when an army uses each one). The texts are the BSData catalogues' (Battle Traits: <faction>).
 *
 * A battle trait belongs to an army with a unit of its faction's keyword (abilities.ts armyHasFaction, as the
 * reserve and replacement traits read it).
 */
import type { Battle } from "./battle.js";
import type { Player } from "./state.js";
import { addToken, hasToken, removeToken } from "./tokens.js";
import { hasKeyword, isCompanion, type UnitProfile } from "./units.js";
import type { AttackMods } from "../abilities/attack.js";
import { COMBAT_RANGE, edgeDistance } from "./geometry.js";
import { carriersLeft, inflictMortal } from "./attacks.js";
import { destroyIfSlain } from "./casualties.js";
import { unitWard } from "./effects.js";
import { healingForbidden, returnable, returnsForbidden } from "./healing.js";
import { expectedDamage, moveEstimate } from "./policy.js";
import { STRIKE_LAST_TOKEN } from "./moves.js";
import { BATTLEFIELD } from "../battleplans/geometry.js";

/** What the bundled traits change in one attack (attacks.ts attackInput applies it). */
export interface TraitMods {
  /** Added to the hit / wound modifiers (then capped with the others, CORE-HIT / CORE-WOUND; Companion ignores positive ones). */
  hit: number;
  wound: number;
  /** A save modifier for the target (a positive one capped at +1, CORE-SAVE). */
  save: number;
  /** A ward the target has against this attack's damage (0 none): the lowest ward applies (18.1). */
  ward: number;
  /** Subtracted from the target's ward rolls (Ruthless Extermination: 1). */
  wardRoll: number;
  /** Negative modifiers to the target's save rolls are ignored, the Rend characteristic included (Ethereal). */
  ignoreNegativeSave: boolean;
  /** Added to the Attacks characteristic of the attacker's melee weapons, Companion ones included (Feeding Frenzy). */
  attacks: number;
  /** Added to the Attacks characteristic of the attacker's Companion melee weapons only (A Majestic Menagerie). */
  companionAttacks: number;
  /** Wicked Predator: added to the Attacks of Terrorgheist's Skeletal Talons, to a maximum of 10 (0 none; set by combat.ts fight). */
  wicked: number;
  /** A ward against the attack's mortal damage only (Crit (Mortal): Indomitable Loreseekers' 4), 0 none. */
  mortalWard: number;
  /** The traits that applied, for the log. */
  applied: string[];
}

export const noTraitMods = (): TraitMods => ({ hit: 0, wound: 0, save: 0, ward: 0, wardRoll: 0, ignoreNegativeSave: false, attacks: 0, companionAttacks: 0, wicked: 0, mortalWard: 0, applied: [] });

/** The tokens the traits leave on units (each a kernel state bit: encode-traits.ts). */
export const TRAIT_TOKEN = {
  /** Used a RELENTLESS DISCIPLINE ability this phase (US 8192). */
  disciplineUsed: "relentless-discipline-used",
  /** Impassive Retreat: it can use CHARGE abilities though it retreated, for the rest of the turn (US 32768). */
  impassiveRetreat: "impassive-retreat",
  /** Their Finest Hour this turn (US 131072), and used this battle (U.STATE2 bit 30). */
  finestHour: "their-finest-hour",
  finestHourUsed: "their-finest-hour-used",
  /** Used a RAMPAGE ability this turn (US 262144). */
  rampage: "rampage",
  /** Picked as the target of Gargant Charge this turn (US 524288). */
  gargantCharged: "gargant-charge-target",
  /** Unerring Hunters: +3" to its pile-in moves for the rest of the turn (US 1048576). */
  unerring: "unerring-hunters",
} as const;

/** The army-wide uses (TraitsData.turnUses / battleUses): bit use * 2 + player. */
export const TRAIT_USE = { ruthless: 0, jumpUpAndDown: 1, colossalSlam: 2, deathlyBarrage: 3, unerringHunters: 4, feedingFrenzy: 5, wickedPredator: 6 } as const;
const useBit = (use: number, player: Player) => 1 << (use * 2 + player);

function usedThisTurn(b: Battle, use: number, player: Player): boolean {
  return ((b.data.traits?.turnUses ?? 0) & useBit(use, player)) !== 0;
}
function markTurn(b: Battle, use: number, player: Player): void {
  const t = (b.data.traits ??= {});
  t.turnUses = (t.turnUses ?? 0) | useBit(use, player);
}
function usedThisBattle(b: Battle, use: number, player: Player): boolean {
  return ((b.data.traits?.battleUses ?? 0) & useBit(use, player)) !== 0;
}
function markBattle(b: Battle, use: number, player: Player): void {
  const t = (b.data.traits ??= {});
  t.battleUses = (t.battleUses ?? 0) | useBit(use, player);
}

const OBR = "OSSIARCH BONEREAPERS";
const NIGHTHAUNT = "NIGHTHAUNT";
const SCE = "STORMCAST ETERNALS";
const FEC = "FLESH-EATER COURTS";
const SOB = "SONS OF BEHEMAT";

/** The army of `player` has the battle traits of `faction` (a unit with its keyword). */
export function hasTraits(b: Battle, player: Player, faction: string): boolean {
  return b.data.profiles.some((p) => p.owner === player && hasKeyword(p, faction));
}

// ---- Ossiarch Bonereapers: relentless discipline (CORE-OBR-DISCIPLINE, factions.ts gains them) --------------

/**
 * The points a RELENTLESS DISCIPLINE ability costs `id`: 1, or 2 for a reinforced unit with more than half of
 * its starting models ("If that unit is reinforced and has more than half of its starting models, spend 2").
 */
export function disciplineCost(b: Battle, id: number): number {
  const p = b.profile(id);
  return p.reinforced && 2 * b.unit(id).models > p.startModels ? 2 : 1;
}

/** Whether `id` (an OSSIARCH BONEREAPERS unit) can use a RELENTLESS DISCIPLINE ability now: points, and not used one this phase. */
function canUseDiscipline(b: Battle, id: number, checkPhase = true): boolean {
  const player = b.ownerOf(id);
  if (!hasKeyword(b.profile(id), OBR) || !hasTraits(b, player, OBR)) return false;
  if (checkPhase && hasToken(b.unit(id), TRAIT_TOKEN.disciplineUsed)) return false;
  return b.data.factionPoints[player] >= disciplineCost(b, id);
}

function spendDiscipline(b: Battle, id: number, name: string): void {
  const player = b.ownerOf(id);
  const cost = disciplineCost(b, id);
  b.data.factionPoints[player] -= cost;
  addToken(b.unit(id), TRAIT_TOKEN.disciplineUsed);
  b.say(`${b.data.armies[player]} spends ${cost} relentless discipline point${cost === 1 ? "" : "s"}: ${name} (${b.profile(id).name}).`);
}


/**
 * Remorseless March (Your Movement Phase): +3" to the unit's Move for the rest of the phase, no RUN for the rest
 * of the turn. The rule: used by an OSSIARCH BONEREAPERS unit making a normal move (not a run) whose destination
 * point is further from its footprint's centre than its Move (`distance`, after the Move modifiers), when it
 * can pay. Returns the inches added (3 or 0).
 */
export function remorselessMarch(b: Battle, id: number, to: { x: number; y: number }, distance: number, run: boolean): number {
  if (run || b.data.step.kind !== "movement" || b.ownerOf(id) !== b.data.active || !canUseDiscipline(b, id)) return 0;
  const u = b.unit(id);
  if (Math.hypot(to.x - u.x, to.y - u.y) <= distance) return 0;
  spendDiscipline(b, id, "Remorseless March, +3\" Move");
  return 3;
}

/**
 * Impassive Retreat (Your Movement Phase): for the rest of the turn the unit can use CHARGE abilities though it
 * retreated. The rule: used right after an OSSIARCH BONEREAPERS unit with melee weapons retreats, when it can pay
 * (the scripted policy never retreats; the search and players do).
 */
export function impassiveRetreat(b: Battle, id: number): void {
  if (b.unit(id).status !== "deployed" || b.ownerOf(id) !== b.data.active || !canUseDiscipline(b, id)) return;
  if (!b.profile(id).weapons.some((w) => w.type === "melee")) return;
  spendDiscipline(b, id, "Impassive Retreat");
  addToken(b.unit(id), TRAIT_TOKEN.impassiveRetreat);
}

/** Impassive Retreat's token: `id` may charge though it retreated this turn. */
export function chargesAfterRetreat(b: Battle, id: number): boolean {
  return hasToken(b.unit(id), TRAIT_TOKEN.impassiveRetreat);
}

/**
 * The reactions to an attack ability (a FIGHT or a SHOOT of `attacker` on `target`), declared before its dice:
 * the attacker's army first (Pitiless Assault for a fight, Ruthless Extermination for a shooting), then the
 * target's (Inviolate Legions). Each is used when it changes the attack and the army can pay:
 * - Pitiless Assault (+1 to wound for the fight): the attacks' wound modifier so far is below +1;
 * - Ruthless Extermination (-1 to ward rolls, Once Per Turn (Army)): the target has a ward against it;
 * - Inviolate Legions (WARD (5+) against the attack): the target's ward against it is not 5+ or better.
 * `mods`: the abilities' modifiers (effects.ts attackEffects); `tr`: the traits' so far, changed here.
 */
export function reactToAttack(b: Battle, attacker: number, target: number, melee: boolean, mods: AttackMods, tr: TraitMods): void {
  if (!b.data.factionPoints.some((x) => x > 0)) return;
  const ap = b.ownerOf(attacker);
  if (melee) {
    if (mods.wound + tr.wound < 1 && canUseDiscipline(b, attacker)) {
      spendDiscipline(b, attacker, "Pitiless Assault, +1 to wound");
      tr.wound += 1;
      tr.applied.push("Pitiless Assault");
    }
  } else if (!usedThisTurn(b, TRAIT_USE.ruthless, ap) && wardAgainst(b, target, mods, tr) !== 0 && canUseDiscipline(b, attacker)) {
    spendDiscipline(b, attacker, "Ruthless Extermination, -1 to ward rolls");
    markTurn(b, TRAIT_USE.ruthless, ap);
    tr.wardRoll += 1;
    tr.applied.push("Ruthless Extermination");
  }
  const w = wardAgainst(b, target, mods, tr);
  if ((w === 0 || w > 5) && canUseDiscipline(b, target, false)) {
    spendDiscipline(b, target, "Inviolate Legions, WARD (5+)");
    tr.ward = tr.ward === 0 ? 5 : Math.min(tr.ward, 5);
    tr.applied.push("Inviolate Legions");
  }
}

/** The target's ward against an attack (its own, the abilities', the traits'; 0 none), before ward-roll modifiers. */
function wardAgainst(b: Battle, target: number, mods: AttackMods, tr: TraitMods): number {
  let w = b.profile(target).ward ?? 0;
  for (const x of [mods.ward, tr.ward]) if (x !== 0) w = w === 0 ? x : Math.min(w, x);
  return w;
}

// ---- passive traits of the attack sequence --------------------------------------------------------------

/** Ethereal: "Ignore negative modifiers to save rolls for friendly NIGHTHAUNT units, excluding NAGASH". */
export function ethereal(b: Battle, id: number): boolean {
  const p = b.profile(id);
  return hasKeyword(p, NIGHTHAUNT) && !hasKeyword(p, "NAGASH") && hasTraits(b, b.ownerOf(id), NIGHTHAUNT);
}

/** The passive traits' modifiers of `attacker`'s attacks on `target` (shooting.ts attackContext). */
export function traitMods(b: Battle, attacker: number, target: number, melee: boolean): TraitMods {
  const tr = noTraitMods();
  if (ethereal(b, target)) {
    tr.ignoreNegativeSave = true;
    tr.applied.push("Ethereal");
  }
  // Their Finest Hour: +1 to wound for the unit's combat attacks, +1 to its save rolls, for the rest of the turn.
  if (melee && hasToken(b.unit(attacker), TRAIT_TOKEN.finestHour)) {
    tr.wound += 1;
    tr.applied.push("Their Finest Hour");
  }
  if (hasToken(b.unit(target), TRAIT_TOKEN.finestHour)) {
    tr.save += 1;
    tr.applied.push("Their Finest Hour");
  }
  const w = soulForgedWard(b, target);
  if (w !== 0) {
    tr.ward = w;
    tr.applied.push("Soul-forged Guardians");
  }
  if (melee && believes(b, b.ownerOf(attacker), BANQUET) && b.unit(attacker).charged && hasKeyword(b.profile(attacker), FEC) && nearFecHero(b, attacker, false)) {
    tr.hit += 1;
    tr.applied.push("A Glorious Banquet");
  }
  // A Majestic Menagerie: +1 Attacks for the Companion melee weapons of a FLESH-EATER COURTS unit wholly within
  // 12" of another FLESH-EATER COURTS HERO (attacks.ts attackInput adds it to those weapons only).
  if (melee && believes(b, b.ownerOf(attacker), MENAGERIE) && hasKeyword(b.profile(attacker), FEC) && nearFecHero(b, attacker, false)) {
    tr.companionAttacks += 1;
    tr.applied.push("A Majestic Menagerie");
  }
  // Musicians, Play!: -1 to hit for shooting attacks that target such a unit.
  if (!melee && believes(b, b.ownerOf(target), MUSICIANS) && hasKeyword(b.profile(target), FEC) && nearFecHero(b, target, false)) {
    tr.hit -= 1;
    tr.applied.push("Musicians, Play!");
  }
  if (melee && frenzyOn(b, attacker)) {
    tr.attacks += 1;
    tr.applied.push("Feeding Frenzy");
  }
  tr.mortalWard = mortalWardAgainst(b, attacker, target);
  return tr;
}

/** A ward the traits give `id` against any damage (Soul-forged Guardians), 0 none: effects.ts unitWard adds it. */
export function traitWard(b: Battle, id: number): number {
  return soulForgedWard(b, id);
}

// ---- Nighthaunt ----------------------------------------------------------------------------------------

/**
 * Mounting Dread: "Subtract the current battle round number from the control scores of enemy units while they
 * are in combat with any friendly NIGHTHAUNT units." What `id`'s control score loses (0 none).
 */
export function mountingDread(b: Battle, id: number): number {
  const enemy = (1 - b.ownerOf(id)) as Player;
  if (!hasTraits(b, enemy, NIGHTHAUNT)) return 0;
  return b.enemiesInCombat(id).some((e) => hasKeyword(b.profile(e), NIGHTHAUNT)) ? b.data.round : 0;
}

// ---- Stormcast Eternals ---------------------------------------------------------------------------------

/**
 * Their Finest Hour (Once Per Turn (Army), Your Hero Phase; a unit once per battle): "For the rest of the turn,
 * add 1 to wound rolls for that unit's combat attacks and add 1 to save rolls for that unit." Used at the end of
 * the hero phase (after the other hero-phase abilities, turn.ts) on the STORMCAST ETERNALS unit that has not used
 * it and is in combat or within 12" of an enemy unit, with the most melee attacks left (combat-abilities.ts
 * turnScore's measure: twice the mean Attacks times the carriers left), then the lowest id; none: not used.
 */
export function theirFinestHour(b: Battle, player: Player): void {
  if (!hasTraits(b, player, SCE)) return;
  let best = -1;
  let bestScore = 0;
  for (const id of b.deployed(player)) {
    const u = b.unit(id);
    if (!hasKeyword(b.profile(id), SCE) || hasToken(u, TRAIT_TOKEN.finestHourUsed)) continue;
    if (!b.deployed((1 - player) as Player).some((e) => b.distance(id, e) <= 12 + 1e-9)) continue;
    const sc = meleeScore(b, id);
    if (sc > bestScore) [best, bestScore] = [id, sc];
  }
  if (best < 0) return;
  addToken(b.unit(best), TRAIT_TOKEN.finestHour);
  addToken(b.unit(best), TRAIT_TOKEN.finestHourUsed);
  b.say(`${b.data.armies[player]} uses Their Finest Hour on ${b.profile(best).name}: +1 to wound in combat and +1 to save rolls for the rest of the turn.`);
}

/** Twice a weapon's mean Attacks as printed (an integer: D6+6 is 19). */
function twiceMeanAttacks(w: { attacks: { count: number; sides: number; plus: number } }): number {
  return w.attacks.count * (w.attacks.sides + 1) + 2 * w.attacks.plus;
}

/** Twice the mean Attacks of the unit's melee weapons times their carriers left (an integer; as fielded otherwise). */
export function meleeScore(b: Battle, id: number): number {
  const p = b.profile(id);
  const u = b.unit(id);
  let score = 0;
  for (const w of p.weapons) {
    if (w.type !== "melee") continue;
    score += twiceMeanAttacks(w) * carriersLeft(w, p, u);
  }
  return score;
}

/**
 * Praetors' Soul-bonded (Deployment Phase): "Pick a friendly STORMCAST ETERNALS HERO to be this unit's
 * soul-bonded charge for the rest of the battle." Picked when the battle is created (before deployment; the pick
 * depends on no position): the army's general if it is a STORMCAST ETERNALS HERO, else its first such HERO by id.
 */
export function pickSoulBonded(profiles: readonly UnitProfile[]): [number, number][] {
  const out: [number, number][] = [];
  profiles.forEach((p, id) => {
    if (p.warscroll.toLowerCase() !== "praetors" || p.replacementOf !== undefined) return;
    const heroes = profiles.map((h, i) => ({ h, i })).filter((x) => x.h.owner === p.owner && hasKeyword(x.h, SCE) && hasKeyword(x.h, "HERO"));
    const charge = heroes.find((x) => x.h.isGeneral) ?? heroes[0];
    if (charge) out.push([id, charge.i]);
  });
  return out;
}

/**
 * Soul-forged Guardians: "While this unit's soul-bonded charge is within this unit's combat range, both this unit
 * and that soul-bonded charge have WARD (5+)." The ward `id` has by it (5, or 0).
 */
function soulForgedWard(b: Battle, id: number): number {
  const bonded = b.data.traits?.bonded;
  if (!bonded) return 0;
  for (const [praetors, charge] of bonded) {
    if (id !== praetors && id !== charge) continue;
    if (b.unit(praetors).status !== "deployed" || b.unit(charge).status !== "deployed") continue;
    if (b.distance(praetors, charge) <= 3 + 1e-9) return 5;
  }
  return 0;
}

// ---- Flesh-eater Courts ---------------------------------------------------------------------------------

/**
 * The delusions A Kingdom Deluded can pick: the battle traits' two, then the two of the bundled warscrolls
 * ("or, unless otherwise specified, from the warscroll of a friendly unit on the battlefield"): A Majestic
 * Menagerie (Abhorrant Ghoul King on Royal Terrorgheist) and Musicians, Play! (Abhorrant Archregent).
 */
export const DELUSIONS = ["A Glorious Banquet", "A Splendid Pageant", "A Majestic Menagerie", "Musicians, Play!"] as const;
const BANQUET = 1;
const PAGEANT = 2;
const MENAGERIE = 3;
const MUSICIANS = 4;
/** The warscroll whose delusion each of the last two is (encode-traits.ts TK_WARSCROLL has the same two). */
export const DELUSION_WARSCROLLS: Readonly<Record<number, string>> = { [MENAGERIE]: "abhorrant ghoul king on royal terrorgheist", [MUSICIANS]: "abhorrant archregent" };
/** The order the pick prefers on a tie: in the army's own turn, and in the enemy's. */
const OWN_ORDER = [BANQUET, MENAGERIE, PAGEANT, MUSICIANS] as const;
const ENEMY_ORDER = [PAGEANT, MUSICIANS, MENAGERIE, BANQUET] as const;

/** The delusion `player` believes this turn (traits.ts DELUSIONS index + 1, 0 none). */
function believes(b: Battle, player: Player, delusion: number): boolean {
  return (b.data.traits?.belief?.[player] ?? 0) === delusion;
}

/**
 * A Kingdom Deluded (Start of Any Turn, a must): the first turn of the battle, pick a delusion; later, a delusion
 * roll of D6: 1-2 a different delusion than last turn's, 3-4 the same (even if its warscroll's unit was
 * destroyed), 5-6 any. A warscroll's delusion can be picked while a friendly unit of that warscroll is on the
 * battlefield. The pick (both engines): the delusion worth the most this turn (delusionValue), ties in the order
 * OWN_ORDER in the army's own turn and ENEMY_ORDER in the enemy's — so A Glorious Banquet in its own turn and
 * A Splendid Pageant in the enemy's when nothing is at stake. Made at the start of the turn, before the
 * start-of-turn healing.
 */
function kingdomDeluded(b: Battle): void {
  const d = b.data;
  for (const player of [d.active, (1 - d.active) as Player]) {
    if (!hasTraits(b, player, FEC)) continue;
    const t = (d.traits ??= {});
    const belief = (t.belief ??= [0, 0]);
    const last = belief[player];
    let pick: number;
    let roll = 0;
    if (!(d.round === 1 && d.turn === 0) && last !== 0) {
      roll = b.rollD6();
      pick = roll <= 2 ? pickDelusion(b, player, last) : roll <= 4 ? last : pickDelusion(b, player, 0);
    } else pick = pickDelusion(b, player, 0);
    belief[player] = pick;
    b.say(`${d.armies[player]}: A Kingdom Deluded${roll ? ` (delusion roll ${roll})` : ""}, it believes ${DELUSIONS[pick - 1]} this turn.`);
  }
}

/** The delusion `player` picks this turn, other than `not` (0: any). */
function pickDelusion(b: Battle, player: Player, not: number): number {
  const own = player === b.data.active;
  const covered = coveredByDelusions(b, player);
  let best = 0;
  let bestValue = -1;
  for (const delusion of own ? OWN_ORDER : ENEMY_ORDER) {
    if (delusion === not || !delusionAvailable(b, player, delusion)) continue;
    const v = delusionValue(b, player, delusion, own, covered);
    if (v > bestValue) [best, bestValue] = [delusion, v];
  }
  return best;
}

/** The battle traits' delusions always; a warscroll's while a friendly unit of that warscroll is on the battlefield. */
function delusionAvailable(b: Battle, player: Player, delusion: number): boolean {
  const w = DELUSION_WARSCROLLS[delusion];
  return w === undefined || b.deployed(player).some((id) => b.profile(id).warscroll.toLowerCase() === w);
}

/**
 * What believing `delusion` this turn is worth to `player`, in attacks gained or taken away (x 120: twice the
 * mean Attacks, times 60 so each hit roll's share is a whole number; an integer, so both engines agree):
 * - A Glorious Banquet (its own turn only): +1 to hit for the combat attacks of its FLESH-EATER COURTS units
 *   wholly within 12" of another FLESH-EATER COURTS HERO that are out of combat with an enemy within 12" (they may
 *   charge), each non-Companion melee weapon worth its attacks / (7 - Hit) (what +1 adds to a hit's chance, as a
 *   share; none on a 2+);
 * - A Majestic Menagerie (either turn): +1 Attacks for the Companion melee weapons of such units in combat or with
 *   an enemy within 12", worth each carrier left;
 * - Musicians, Play! (the enemy's turn only): -1 to hit for the enemy's shooting attacks at such units, each enemy
 *   ranged weapon of Hit 2+ to 5+ that can reach one of them (range plus its Move, policy.ts threat's reach) worth
 *   its attacks / (7 - Hit);
 * - A Splendid Pageant: 0 (its run bonus and hidden heroes are the fallback when nothing else is worth anything).
 */
export function delusionValue(b: Battle, player: Player, delusion: number, own: boolean, covered = coveredByDelusions(b, player)): number {
  if (delusion === PAGEANT || (delusion === BANQUET && !own) || (delusion === MUSICIANS && own)) return 0;
  const enemy = (1 - player) as Player;
  const foes = b.deployed(enemy);
  let v = 0;
  if (delusion === MUSICIANS) {
    for (const e of foes) {
      const p = b.profile(e);
      const u = b.unit(e);
      const reach = moveEstimate(p);
      for (const w of p.weapons) {
        if (w.type !== "ranged" || w.hit < 2 || w.hit > 5) continue;
        if (!covered.some((id) => b.distance(e, id) <= w.range + reach)) continue;
        v += (twiceMeanAttacks(w) * carriersLeft(w, p, u) * 60) / (7 - w.hit);
      }
    }
    return v;
  }
  for (const id of covered) {
    const inCombat = b.inCombat(id);
    if (delusion === BANQUET && inCombat) continue;
    if (!inCombat && !foes.some((e) => b.distance(id, e) <= 12 + 1e-9)) continue;
    const p = b.profile(id);
    const u = b.unit(id);
    for (const w of p.weapons) {
      if (w.type !== "melee") continue;
      const companion = isCompanion(w);
      if (delusion === MENAGERIE) {
        if (companion) v += 120 * carriersLeft(w, p, u);
      } else if (!companion && w.hit > 2 && w.hit <= 6) {
        v += (twiceMeanAttacks(w) * carriersLeft(w, p, u) * 60) / (7 - w.hit);
      }
    }
  }
  return v;
}

/** The units the delusions' effects concern: `player`'s FLESH-EATER COURTS units wholly within 12" of another such HERO. */
function coveredByDelusions(b: Battle, player: Player): number[] {
  return b.deployed(player).filter((id) => hasKeyword(b.profile(id), FEC) && nearFecHero(b, id, false));
}

/** `id` is wholly within 12" of a friendly FLESH-EATER COURTS HERO (another unit, unless `self`). */
function nearFecHero(b: Battle, id: number, self: boolean): boolean {
  const me = b.ownerOf(id);
  const a = b.footprint(id);
  return b.deployed(me).some((h) => {
    if ((h === id && !self) || !hasKeyword(b.profile(h), FEC) || !b.isHero(h)) return false;
    const c = b.footprint(h);
    return Math.hypot(a.x - c.x, a.y - c.y) + a.radius - c.radius <= 12 + 1e-9;
  });
}

/**
 * A Splendid Pageant's run: "if you roll a 1-3 when determining the distance that unit can move, you can use a
 * value of 4 instead" for a FLESH-EATER COURTS unit wholly within 12" of a friendly FLESH-EATER COURTS HERO.
 */
export function pageantRun(b: Battle, id: number, roll: number): number {
  if (roll >= 4 || !hasKeyword(b.profile(id), FEC) || !believes(b, b.ownerOf(id), PAGEANT) || !nearFecHero(b, id, false)) return roll;
  b.say(`  A Splendid Pageant: the run roll of ${roll} counts as 4.`);
  return 4;
}

/**
 * A Splendid Pageant's cover: "While a friendly FLESH-EATER COURTS INFANTRY HERO unit is within the combat range
 * of a friendly FLESH-EATER COURTS INFANTRY unit that has 5 or more models, that HERO is not visible to enemy
 * units more than 6" away." Whether `viewer` cannot see `target` for it (visibility.ts visible).
 */
export function pageantHides(b: Battle, viewer: number, target: number): boolean {
  const me = b.ownerOf(target);
  if (b.ownerOf(viewer) === me || !believes(b, me, PAGEANT)) return false;
  const p = b.profile(target);
  if (!hasKeyword(p, FEC) || !hasKeyword(p, "INFANTRY") || !b.isHero(target) || b.distance(viewer, target) <= 6 + 1e-9) return false;
  return b.deployed(me).some((x) => x !== target && b.unit(x).models >= 5 && hasKeyword(b.profile(x), FEC) && hasKeyword(b.profile(x), "INFANTRY") && b.distance(target, x) <= COMBAT_RANGE + 1e-9);
}

/** Feeding Frenzy is on `id`'s melee weapons: its army's target this turn is on the battlefield and `id` is wholly within 12" of it (the target itself too). */
function frenzyOn(b: Battle, id: number): boolean {
  const h = b.data.traits?.frenzy?.[b.ownerOf(id)] ?? -1;
  if (h < 0 || b.unit(h).status !== "deployed" || !hasKeyword(b.profile(id), FEC)) return false;
  const a = b.footprint(id);
  const c = b.footprint(h);
  return Math.hypot(a.x - c.x, a.y - c.y) + a.radius - c.radius <= 12 + 1e-9;
}

/** The extra attacks Feeding Frenzy on HERO `h` gives `player`'s units in combat now: each melee weapon's carriers left. */
function frenzyGain(b: Battle, player: Player, h: number): number {
  const c = b.footprint(h);
  let n = 0;
  for (const id of b.deployed(player)) {
    if (!hasKeyword(b.profile(id), FEC) || !b.inCombat(id)) continue;
    const a = b.footprint(id);
    if (Math.hypot(a.x - c.x, a.y - c.y) + a.radius - c.radius > 12 + 1e-9) continue;
    const p = b.profile(id);
    const u = b.unit(id);
    for (const w of p.weapons) if (w.type === "melee") n += carriersLeft(w, p, u);
  }
  return n;
}

/** Feeding Frenzy is used once its gain reaches this many attacks (or from battle round 4 on any gain). */
export const FRENZY_AT = 12;

/**
 * Feeding Frenzy (Once Per Battle (Army), Any Combat Phase): "Pick a friendly FLESH-EATER COURTS HERO in combat to
 * be the target. For the rest of the turn, add 1 to the Attacks characteristic of melee weapons, including
 * Companion weapons, used by friendly FLESH-EATER COURTS units while they are wholly within 12" of the target."
 * The combat step (both engines): the HERO in combat with the most extra attacks for the army's units in combat
 * (frenzyGain), then the lowest id; used once that reaches FRENZY_AT, or from battle round 4 when it is any.
 */
function feedingFrenzy(b: Battle, player: Player): void {
  if (!hasTraits(b, player, FEC) || usedThisBattle(b, TRAIT_USE.feedingFrenzy, player)) return;
  let best = -1;
  let bestGain = 0;
  for (const h of b.deployed(player)) {
    if (!b.isHero(h) || !hasKeyword(b.profile(h), FEC) || !b.inCombat(h)) continue;
    const g = frenzyGain(b, player, h);
    if (g > bestGain) [best, bestGain] = [h, g];
  }
  if (best < 0 || (bestGain < FRENZY_AT && b.data.round < 4)) return;
  markBattle(b, TRAIT_USE.feedingFrenzy, player);
  const f = ((b.data.traits ??= {}).frenzy ??= [-1, -1]);
  f[player] = best;
  b.say(`${b.data.armies[player]} uses Feeding Frenzy on ${b.profile(best).name}: +1 Attacks for melee weapons wholly within 12" for the rest of the turn.`);
}

/**
 * Royal Blood (Once Per Turn (Army), Your Hero Phase): "Pick any number of friendly ABHORRANTS to be the targets.
 * Heal (D3) each target." Every damaged ABHORRANT that may be healed (healing.ts healingForbidden), by ascending
 * id, a D3 each; at the end of the hero phase, after the other healing.
 */
function royalBlood(b: Battle, player: Player): void {
  if (!hasTraits(b, player, FEC)) return;
  for (const id of b.deployed(player)) {
    if (!hasKeyword(b.profile(id), "ABHORRANT") || b.unit(id).damage === 0 || healingForbidden(b, id)) continue;
    const x = b.rollD3();
    const healed = Math.min(b.unit(id).damage, x);
    b.unit(id).damage -= healed;
    b.say(`Royal Blood: ${b.profile(id).name} heals ${healed} (D3: ${x}).`);
  }
}

/**
 * Muster Guard (Once Per Turn (Army), Your Movement Phase): "Pick any number of friendly NOBLES to be the targets.
 * For each target, pick 1 of the following: return up to 3 slain models to a friendly SERFS unit wholly within
 * 12" of it; return 1 slain model to a friendly KNIGHTS unit wholly within 12" of it. The same unit cannot have
 * models returned to it by this ability more than once per turn." At the start of the movement phase (before
 * any move): each NOBLE by ascending id returns models to the unit that gets the most wounds back (the models
 * that can return, healing.ts returnable, times their Health), then the lowest id; none: nothing.
 */
function musterGuard(b: Battle, player: Player): void {
  if (!hasTraits(b, player, FEC)) return;
  const done: number[] = [];
  for (const n of b.deployed(player)) {
    if (!hasKeyword(b.profile(n), "NOBLE")) continue;
    const c = b.footprint(n);
    let best = -1;
    let bestModels = 0;
    let bestScore = 0;
    for (const t of b.deployed(player)) {
      if (done.includes(t) || returnsForbidden(b, t)) continue;
      const p = b.profile(t);
      const want = hasKeyword(p, "SERFS") ? 3 : hasKeyword(p, "KNIGHTS") ? 1 : 0;
      if (want === 0) continue;
      const a = b.footprint(t);
      if (Math.hypot(a.x - c.x, a.y - c.y) + a.radius - c.radius > 12 + 1e-9) continue;
      const k = returnable(b, t, want);
      if (k * p.health > bestScore) [best, bestModels, bestScore] = [t, k, k * p.health];
    }
    if (best < 0) continue;
    done.push(best);
    b.unit(best).models += bestModels;
    b.say(`Muster Guard (${b.profile(n).name}): ${bestModels} slain model${bestModels === 1 ? "" : "s"} return${bestModels === 1 ? "s" : ""} to ${b.profile(best).name}.`);
  }
}

/** Wicked Predator's warscrolls and weapon (encode-traits.ts TK_WARSCROLL; the kernel's WF.TALONS). */
export const WICKED_WARSCROLLS = ["abhorrant ghoul king on royal terrorgheist", "royal terrorgheist"] as const;
export const WICKED_WEAPON = "terrorgheist's skeletal talons";

/**
 * The champions, standard bearers and musicians in a unit (Wicked Predator): CHAMPION 1 (CHAMPION (n): n),
 * STANDARD BEARER (a/N) and MUSICIAN (a/N) a for every N models it was fielded with (no fraction: 1), at most the
 * models left — the owner allocates damage to them last (as CORE-STANDARD keeps the standard while the unit stands).
 */
export function commandModels(p: UnitProfile, models: number): number {
  let n = 0;
  for (const k of p.keywords) {
    const m = /^(?:CHAMPION|STANDARD BEARER|MUSICIAN)(?:\s*\((\d+)(?:\/(\d+))?\))?$/i.exec(k.trim());
    if (!m) continue;
    n += m[2] !== undefined ? Number(m[1]) * Math.floor(p.startModels / Number(m[2])) : m[1] !== undefined ? Number(m[1]) : 1;
  }
  return Math.min(n, Math.max(0, models));
}

/**
 * Wicked Predator (Once Per Turn (Army), Any Combat Phase): "Pick an enemy unit in combat with this unit to be the
 * target. For each champion, standard bearer, and musician in the target unit, add 1 to the Attacks characteristic of
 * this unit's Terrorgheist's Skeletal Talons, to a maximum of 10, for the rest of the phase. Those additional attacks
 * must target that enemy unit." Used (both engines) when a unit with it fights, after its pile-in, on the unit it
 * fights, if that unit has a champion, standard bearer or musician and the army has not used it this turn — the first
 * such fight of the turn takes it. Its Attacks are added to that FIGHT ability's attacks (attacks.ts attackInput);
 * returns how many (0: not used).
 */
export function wickedPredator(b: Battle, id: number, target: number): number {
  const p = b.profile(id);
  const player = b.ownerOf(id);
  if (!WICKED_WARSCROLLS.includes(p.warscroll.toLowerCase() as never) || usedThisTurn(b, TRAIT_USE.wickedPredator, player)) return 0;
  if (!p.weapons.some((w) => w.type === "melee" && w.name.toLowerCase() === WICKED_WEAPON)) return 0;
  const n = commandModels(b.profile(target), b.unit(target).models);
  if (n === 0) return 0;
  markTurn(b, TRAIT_USE.wickedPredator, player);
  b.say(`${p.name} uses Wicked Predator on ${b.profile(target).name}: +${n} Attacks for its Terrorgheist's Skeletal Talons (to a maximum of 10) for its champion, standard bearers and musicians.`);
  return n;
}

// ---- Sons of Behemat -------------------------------------------------------------------------------------

const isGargant = (b: Battle, id: number) => hasKeyword(b.profile(id), SOB) && (hasKeyword(b.profile(id), "MEGA-GARGANT") || hasKeyword(b.profile(id), "GARGANT"));
const woundsLeft = (b: Battle, id: number) => b.unit(id).models * b.profile(id).health - b.unit(id).damage;

/** The one target of D3 mortal damage among `targets`: the fewest wounds left, then the lowest id (-1 none). */
function weakest(b: Battle, targets: readonly number[]): number {
  let best = -1;
  for (const t of targets) if (best < 0 || woundsLeft(b, t) < woundsLeft(b, best)) best = t;
  return best;
}

/** Mortal damage from `s` on `t` through the target's ward (attacks.ts inflictMortal), then casualties. */
function mortalOn(b: Battle, s: number, t: number, points: number, what: string): void {
  const r = inflictMortal(b.profile(t), b.unit(t), points, b.rng, unitWard(b, t, s));
  b.say(`${b.profile(s).name} uses ${what} on ${b.profile(t).name}: ${points} mortal damage${points !== r.damage ? ` (${r.damage} after the ward)` : ""}${r.slain ? `, ${r.slain} slain` : ""}.`);
  destroyIfSlain(b, t, { unit: s, melee: false }, r.slain);
}

/**
 * Gargant Charge (Any Charge Phase): "Pick a friendly MEGA-GARGANT or GARGANT unit that charged this turn to use
 * this ability, then pick an enemy unit that has not been picked as the target of this ability this turn and
 * that is in combat with that unit to be the target. Inflict D3 mortal damage on the target." At the end of the
 * charge phase: each such unit by ascending id, once, on the enemy in combat with it not picked yet with the
 * fewest wounds left (then the lowest id). A Mancrusher Mob's 'Oo's Under The Heel Now? adds 1 to that damage for
 * each of its models ("if any": the D3 always inflicts some).
 */
function gargantCharge(b: Battle): void {
  const player = b.data.active;
  if (!hasTraits(b, player, SOB)) return;
  for (const s of b.deployed(player)) {
    if (!isGargant(b, s) || !b.unit(s).charged || b.unit(s).status !== "deployed") continue;
    const t = weakest(b, b.enemiesInCombat(s).filter((e) => !hasToken(b.unit(e), TRAIT_TOKEN.gargantCharged)));
    if (t < 0) continue;
    addToken(b.unit(t), TRAIT_TOKEN.gargantCharged);
    const heel = b.profile(s).warscroll.toLowerCase() === "mancrusher mob" ? b.unit(s).models : 0;
    mortalOn(b, s, t, b.rollD3() + heel, "Gargant Charge");
  }
}

/**
 * The Sons of Behemat's RAMPAGE abilities in the combat step (Once Per Turn (Army) each, a unit one RAMPAGE a
 * turn), in this order (both engines):
 * - Jump Up and Down: the pair (a MEGA-GARGANT or GARGANT unit, an enemy INFANTRY unit in combat with it) with the
 *   most expected mortal damage (the target's models, twice for a MEGA-GARGANT), then the target with the fewest
 *   wounds left, then the first by ids; a dice, on 3+ a dice per target model, each 5+ (MEGA-GARGANT) or 6
 *   (GARGANT) 1 mortal damage.
 * - Colossal Slam: the first MEGA-GARGANT (by id) that has not used a RAMPAGE ability this turn with an enemy
 *   MONSTER or WAR MACHINE fielded as 1 model within 1" of it (the one with the fewest wounds left, then the
 *   lowest id); a dice, on 3+ the target is removed and set up again within 1" of it — where it stood (the pick:
 *   it is within 1" already) — then D3 mortal damage.
 */
function rampages(b: Battle, player: Player): void {
  if (!hasTraits(b, player, SOB)) return;
  const free = (s: number) => isGargant(b, s) && !hasToken(b.unit(s), TRAIT_TOKEN.rampage);
  if (!usedThisTurn(b, TRAIT_USE.jumpUpAndDown, player)) {
    let bs = -1;
    let bt = -1;
    let bestScore = 0;
    for (const s of b.deployed(player)) {
      if (!free(s)) continue;
      const mega = hasKeyword(b.profile(s), "MEGA-GARGANT");
      for (const t of b.enemiesInCombat(s)) {
        if (!hasKeyword(b.profile(t), "INFANTRY")) continue;
        const sc = b.unit(t).models * (mega ? 2 : 1);
        if (sc > bestScore || (sc === bestScore && bs >= 0 && woundsLeft(b, t) < woundsLeft(b, bt))) [bs, bt, bestScore] = [s, t, sc];
      }
    }
    if (bs >= 0) {
      markTurn(b, TRAIT_USE.jumpUpAndDown, player);
      addToken(b.unit(bs), TRAIT_TOKEN.rampage);
      const r = b.rollD6();
      let points = 0;
      if (r >= 3) {
        const on = hasKeyword(b.profile(bs), "MEGA-GARGANT") ? 5 : 6;
        for (let i = b.unit(bt).models; i > 0; i--) if (b.rollD6() >= on) points++;
      }
      if (r < 3) b.say(`${b.profile(bs).name} uses Jump Up and Down: rolls ${r}, nothing.`);
      else mortalOn(b, bs, bt, points, "Jump Up and Down");
    }
  }
  if (!usedThisTurn(b, TRAIT_USE.colossalSlam, player)) {
    for (const s of b.deployed(player)) {
      if (!free(s) || !hasKeyword(b.profile(s), "MEGA-GARGANT")) continue;
      const t = weakest(
        b,
        b.deployed((1 - player) as Player).filter((e) => (b.isMonster(e) || hasKeyword(b.profile(e), "WAR MACHINE")) && b.profile(e).startModels === 1 && b.distance(s, e) <= 1 + 1e-9),
      );
      if (t < 0) continue;
      markTurn(b, TRAIT_USE.colossalSlam, player);
      addToken(b.unit(s), TRAIT_TOKEN.rampage);
      const r = b.rollD6();
      if (r < 3) b.say(`${b.profile(s).name} uses Colossal Slam: rolls ${r}, nothing.`);
      else mortalOn(b, s, t, b.rollD3(), "Colossal Slam");
      break;
    }
  }
}

/** The 9 points Timberrrrr!'s winner picks from: the model's centre, then 8 directions at 3" beyond its base. */
const TIMBER_DIRS: [number, number][] = [
  [1, 0],
  [Math.SQRT1_2, Math.SQRT1_2],
  [0, 1],
  [-Math.SQRT1_2, Math.SQRT1_2],
  [-1, 0],
  [-Math.SQRT1_2, -Math.SQRT1_2],
  [0, -1],
  [Math.SQRT1_2, -Math.SQRT1_2],
];

/**
 * Timberrrrr!: "Each time a friendly MEGA-GARGANT or GARGANT model is slain, before removing it from play, the
 * players must roll off. The winner picks a point on the battlefield within 3" of that model. Inflict D3 mortal
 * damage on each unit (friendly and enemy) within 3" of that point that has a lower Health characteristic than
 * that model." For each model `id` just lost (casualties.ts destroyIfSlain, before the unit is removed): a roll-off
 * (a D6 for its army, then one for the other, again on a tie); the winner's point — the model is taken to stand at
 * its unit's centre with its base's radius — is the one of 9 (its centre, then 8 directions 3" beyond its base, on
 * the battlefield) with the most units of the other army minus its own hit, the first on a tie; then a D3 for each
 * such unit by ascending id, through its ward.
 */
export function timberrrrr(b: Battle, id: number, slain: number): void {
  if (!isGargant(b, id) || !hasTraits(b, b.ownerOf(id), SOB)) return;
  const me = b.ownerOf(id);
  const p = b.profile(id);
  for (let k = 0; k < slain; k++) {
    let a = 0;
    let c = 0;
    while (a === c) {
      a = b.rollD6();
      c = b.rollD6();
    }
    const winner: Player = a > c ? me : ((1 - me) as Player);
    const u = b.unit(id);
    const hits = (x: number, y: number) =>
      b.deployed().filter((t) => {
        if (t === id || b.profile(t).health >= p.health) return false;
        const f = b.footprint(t);
        return Math.max(0, Math.hypot(f.x - x, f.y - y) - f.radius) <= 3 + 1e-9;
      });
    let best: number[] = [];
    let bestScore = -Infinity;
    const R = p.baseRadius + 3;
    for (const [dx, dy] of [[0, 0] as [number, number], ...TIMBER_DIRS]) {
      const x = u.x + dx * R;
      const y = u.y + dy * R;
      if (x < 0 || y < 0 || x > BATTLEFIELD.width || y > BATTLEFIELD.depth) continue;
      const h = hits(x, y);
      const sc = h.reduce((n, t) => n + (b.ownerOf(t) === winner ? -1 : 1), 0);
      if (sc > bestScore) [best, bestScore] = [h, sc];
    }
    b.say(`Timberrrrr! ${p.name} falls (roll-off ${a}-${c}): ${best.length} unit${best.length === 1 ? "" : "s"} under it.`);
    for (const t of best) if (b.unit(t).status === "deployed") mortalOn(b, id, t, b.rollD3(), "Timberrrrr!");
  }
}

// ---- Ossiarch Bonereapers' and Nighthaunt's warscroll abilities ---------------------------------------------

/**
 * Mortek Crawler's Deathly Barrage (Once Per Turn (Army), reaction to its SHOOT ability): "After that SHOOT
 * ability has been resolved, if all of this unit's attacks targeted the same enemy unit, roll a dice. Add 1 to
 * the roll if this unit is wholly within 12" of a friendly Mortisan Ossifector, and add 1 to the roll if any
 * other friendly Mortek Crawler units picked that enemy unit to be the target of all of their shooting attacks
 * this turn. On a 4+, the target has STRIKE-LAST for the rest of the turn." A SHOOT has one target here, so
 * "all of its attacks" always did; used by the army's first Mortek Crawler that shoots a target left on the
 * battlefield without STRIKE-LAST (the army's first such shooting of the turn).
 */
export function afterShooting(b: Battle, shooter: number, target: number): void {
  const p = b.profile(shooter);
  if (p.warscroll.toLowerCase() !== "mortek crawler") return;
  const player = b.ownerOf(shooter);
  const t = (b.data.traits ??= {});
  const others = (t.shotAt ?? []).some(([c, x]) => c !== shooter && x === target);
  t.shotAt = [...(t.shotAt ?? []).filter(([c]) => c !== shooter), [shooter, target]];
  if (usedThisTurn(b, TRAIT_USE.deathlyBarrage, player) || b.unit(target).status !== "deployed" || hasToken(b.unit(target), STRIKE_LAST_TOKEN)) return;
  markTurn(b, TRAIT_USE.deathlyBarrage, player);
  const a = b.footprint(shooter);
  const ossifector = b.deployed(player).some((o) => {
    if (b.profile(o).warscroll.toLowerCase() !== "mortisan ossifector") return false;
    const c = b.footprint(o);
    return Math.hypot(a.x - c.x, a.y - c.y) + a.radius - c.radius <= 12 + 1e-9;
  });
  const r = b.rollD6();
  const total = r + (ossifector ? 1 : 0) + (others ? 1 : 0);
  b.say(`${p.name} uses Deathly Barrage on ${b.profile(target).name}: rolls ${r} (${total})${total >= 4 ? ", STRIKE-LAST for the rest of the turn" : ", nothing"}.`);
  if (total >= 4) addToken(b.unit(target), STRIKE_LAST_TOKEN);
}

/**
 * Glaivewraith Stalkers' Unerring Hunters (Once Per Turn (Army), Any Combat Phase): "For the rest of the turn,
 * each time this unit makes a pile-in move, add 3" to the distance it can move." In the combat step, on the
 * army's first Glaivewraith Stalkers unit (by id) in combat (no dice, nothing to lose).
 */
function unerringHunters(b: Battle, player: Player): void {
  if (usedThisTurn(b, TRAIT_USE.unerringHunters, player)) return;
  for (const id of b.deployed(player)) {
    if (b.profile(id).warscroll.toLowerCase() !== "glaivewraith stalkers" || !b.inCombat(id)) continue;
    markTurn(b, TRAIT_USE.unerringHunters, player);
    addToken(b.unit(id), TRAIT_TOKEN.unerring);
    b.say(`${b.profile(id).name} uses Unerring Hunters: +3" to its pile-in moves for the rest of the turn.`);
    return;
  }
}

/** The inches a pile-in of `id` may move beyond the 3" (paths.ts pileInEnd): Unerring Hunters' 3. */
export function pileInBonus(b: Battle, id: number): number {
  return hasToken(b.unit(id), TRAIT_TOKEN.unerring) ? 3 : 0;
}

/**
 * Kavalos Deathriders' Deathrider Wedge (Any Combat Phase, a FIGHT ability): "If this unit charged this turn,
 * pick an enemy unit in combat with it to be the enemy target. Then, you can pick a friendly Liege-Kavalos within
 * this unit's combat range to be the friendly target. Inflict D3 mortal damage on the enemy target. Inflict an
 * additional D3 mortal damage on the enemy target if you picked a friendly target. Then, this unit and the
 * friendly target (if any) can move 10"..." The rule (both engines): a Kavalos Deathriders unit that charged this
 * turn, picked to fight `target`, uses it instead of its weapons when its mean mortal damage (2, or 4 with a
 * friendly Liege-Kavalos within 3" — always picked, the first by id) is more than its weapons' expected damage on
 * the target (policy.ts expectedDamage); the moves that follow are wedge.ts's. Returns -2 if it was not used, else
 * the friendly target's id, -1 for none (the unit has then fought).
 */
export function deathriderWedge(b: Battle, id: number, target: number): number {
  if (b.profile(id).warscroll.toLowerCase() !== "kavalos deathriders" || !b.unit(id).charged) return -2;
  const liege = b.deployed(b.ownerOf(id)).find((l) => b.profile(l).warscroll.toLowerCase() === "liege-kavalos" && b.distance(id, l) <= COMBAT_RANGE + 1e-9) ?? -1;
  if ((liege >= 0 ? 4 : 2) <= expectedDamage(b, id, target, "melee")) return -2;
  let points = b.rollD3();
  if (liege >= 0) points += b.rollD3();
  mortalOn(b, id, target, points, "Deathrider Wedge");
  return liege;
}

/**
 * Knight-Arcanum's Indomitable Loreseekers: "Add 1 to casting rolls for this unit when it uses a SUMMON ability
 * and add 1 to banishment rolls for this unit. Enemy MANIFESTATIONS cannot pass through or end any move within
 * this unit's combat range unless they started that move within this unit's combat range. This unit has WARD (4+)
 * against mortal damage inflicted by MANIFESTATIONS." Whether `id` has it.
 */
export function loreseekers(b: Battle, id: number): boolean {
  return b.profile(id).warscroll.toLowerCase() === "knight-arcanum";
}

/** Indomitable Loreseekers' +1 to the casting rolls of `wizard`'s SUMMON abilities and to its banishment rolls. */
export function loreseekersBonus(b: Battle, wizard: number): number {
  return loreseekers(b, wizard) ? 1 : 0;
}

/**
 * The combat ranges enemy manifestation `id` may neither pass through nor end a move in (Indomitable Loreseekers):
 * each enemy Knight-Arcanum's on the battlefield whose range `id` starts outside of, as circles its footprint's
 * centre may not enter (radius: both footprints' radii and 3"). None for a unit that is not a manifestation.
 */
export function loreseekerBarriers(b: Battle, id: number): { x: number; y: number; R: number }[] {
  if (!hasKeyword(b.profile(id), "MANIFESTATION")) return [];
  const out: { x: number; y: number; R: number }[] = [];
  for (const k of b.deployed((1 - b.ownerOf(id)) as Player)) {
    if (!loreseekers(b, k) || b.distance(id, k) <= COMBAT_RANGE + 1e-9) continue;
    const c = b.footprint(k);
    out.push({ x: c.x, y: c.y, R: b.footprint(id).radius + c.radius + COMBAT_RANGE });
  }
  return out;
}

/** Indomitable Loreseekers' WARD (4+) against the mortal damage of `attacker`'s attacks (Crit (Mortal)) on `target`, 0 none. */
export function mortalWardAgainst(b: Battle, attacker: number, target: number): number {
  return loreseekers(b, target) && hasKeyword(b.profile(attacker), "MANIFESTATION") ? 4 : 0;
}

// ---- hooks (turn.ts) -------------------------------------------------------------------------------------

/**
 * A phase ends (turn.ts nextPhase, after the phase's other abilities): the hero phase's traits (Their Finest
 * Hour), then "this phase" is over for the RELENTLESS DISCIPLINE abilities.
 */
export function traitsPhaseEnd(b: Battle, phase: string): void {
  if (phase === "hero") royalBlood(b, b.data.active);
  if (phase === "hero") theirFinestHour(b, b.data.active);
  if (phase === "charge") gargantCharge(b);
  for (const u of b.data.units) removeToken(u, TRAIT_TOKEN.disciplineUsed);
}

/** A turn starts (turn.ts beginTurn): the turn's tokens and uses go. */
export function traitsTurnStart(b: Battle): void {
  for (const u of b.data.units) {
    for (const t of [TRAIT_TOKEN.disciplineUsed, TRAIT_TOKEN.impassiveRetreat, TRAIT_TOKEN.finestHour, TRAIT_TOKEN.rampage, TRAIT_TOKEN.gargantCharged, TRAIT_TOKEN.unerring]) removeToken(u, t);
  }
  const t = b.data.traits;
  if (t) {
    t.turnUses = 0;
    if (t.frenzy) t.frenzy = [-1, -1];
    delete t.shotAt;
  }
  kingdomDeluded(b);
}

/** A phase starts (turn.ts nextPhase, the step set): the movement phase's Muster Guard, before any move. */
export function traitsPhaseStart(b: Battle, phase: string): void {
  if (phase === "movement") musterGuard(b, b.data.active);
}

/**
 * One army's traits in the combat phase's ability step (feral-roar.ts, after its other non-FIGHT abilities):
 * Feeding Frenzy, the RAMPAGE abilities, Unerring Hunters.
 */
export function traitsCombatStep(b: Battle, player: Player): void {
  feedingFrenzy(b, player);
  rampages(b, player);
  unerringHunters(b, player);
}

/** The unit's own ward against any damage, with the traits' (for effects.ts unitWard). */
export function wardWithTraits(b: Battle, id: number, ward: number | null): number | null {
  const t = traitWard(b, id);
  return t === 0 ? ward : ward === null ? t : Math.min(ward, t);
}
