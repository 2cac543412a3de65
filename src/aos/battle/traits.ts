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
import { hasKeyword, type UnitProfile } from "./units.js";
import type { AttackMods } from "../abilities/attack.js";

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
  /** The traits that applied, for the log. */
  applied: string[];
}

export const noTraitMods = (): TraitMods => ({ hit: 0, wound: 0, save: 0, ward: 0, wardRoll: 0, ignoreNegativeSave: false, attacks: 0, applied: [] });

/** The tokens the traits leave on units (each a kernel state bit: encode-traits.ts). */
export const TRAIT_TOKEN = {
  /** Used a RELENTLESS DISCIPLINE ability this phase (US 8192). */
  disciplineUsed: "relentless-discipline-used",
  /** Impassive Retreat: it can use CHARGE abilities though it retreated, for the rest of the turn (US 32768). */
  impassiveRetreat: "impassive-retreat",
  /** Their Finest Hour this turn (US 131072), and used this battle (U.STATE2 bit 30). */
  finestHour: "their-finest-hour",
  finestHourUsed: "their-finest-hour-used",
} as const;

const OBR = "OSSIARCH BONEREAPERS";
const NIGHTHAUNT = "NIGHTHAUNT";
const SCE = "STORMCAST ETERNALS";

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

/** The turn's army-wide uses (Ruthless Extermination: Once Per Turn (Army)), bit p. */
function turnUses(b: Battle): number {
  return b.data.traits?.turnUses ?? 0;
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
  } else if ((turnUses(b) & (1 << ap)) === 0 && wardAgainst(b, target, mods, tr) !== 0 && canUseDiscipline(b, attacker)) {
    spendDiscipline(b, attacker, "Ruthless Extermination, -1 to ward rolls");
    (b.data.traits ??= {}).turnUses = turnUses(b) | (1 << ap);
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

/** Twice the mean Attacks of the unit's melee weapons times their carriers left (an integer; as fielded otherwise). */
export function meleeScore(b: Battle, id: number): number {
  const p = b.profile(id);
  const u = b.unit(id);
  let score = 0;
  for (const w of p.weapons) {
    if (w.type !== "melee") continue;
    const carriers = u.models <= 0 ? 0 : Math.max(1, Math.min(u.models, Math.round((w.carriers * u.models) / p.startModels)));
    score += (w.attacks.count * (w.attacks.sides + 1) + 2 * w.attacks.plus) * carriers;
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

// ---- hooks (turn.ts) -------------------------------------------------------------------------------------

/**
 * A phase ends (turn.ts nextPhase, after the phase's other abilities): the hero phase's traits (Their Finest
 * Hour), then "this phase" is over for the RELENTLESS DISCIPLINE abilities.
 */
export function traitsPhaseEnd(b: Battle, phase: string): void {
  if (phase === "hero") theirFinestHour(b, b.data.active);
  for (const u of b.data.units) removeToken(u, TRAIT_TOKEN.disciplineUsed);
}

/** A turn starts (turn.ts beginTurn): the turn's tokens and uses go. */
export function traitsTurnStart(b: Battle): void {
  for (const u of b.data.units) {
    removeToken(u, TRAIT_TOKEN.disciplineUsed);
    removeToken(u, TRAIT_TOKEN.impassiveRetreat);
    removeToken(u, TRAIT_TOKEN.finestHour);
  }
  if (b.data.traits) b.data.traits.turnUses = 0;
}

/** The unit's own ward against any damage, with the traits' (for effects.ts unitWard). */
export function wardWithTraits(b: Battle, id: number, ward: number | null): number | null {
  const t = traitWard(b, id);
  return t === 0 ? ward : ward === null ? t : Math.min(ward, t);
}
