/**
 * The shooting phase: a unit that did not run or retreat shoots its ranged weapons in range at one enemy
 * unit it can see (CORE-VISIBILITY: visibility.ts) (CORE-RUN, CORE-RETREAT forbid shooting after); a unit in
 * combat shoots only with its weapons that have Shoot in Combat (CORE-SHOOT-IN-COMBAT), at any enemy unit in
 * their range — one it is in combat with or another. Cover (PB-COVER) gives -1 to hit. Each choice is "this
 * unit shoots that target".
 */
import { shootsInCombat } from "./cities6.js";
import { momentumDamage } from "./common.js";
import { mayShootAfterMoving } from "./moves.js";
import { distanceToSegment } from "../battleplans/index.js";
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { type AttackContext, diceText, resolveAttacks } from "./attacks.js";
import { destroyIfSlain } from "./casualties.js";
import { attackEffects } from "./effects.js";
import { applySaveTriggers, saveTriggers } from "./save-triggers.js";
import { saveRolls } from "../odds/sample.js";
import { fatigued } from "./replacement.js";
import type { Player } from "./state.js";
import { givesCover } from "./terrain.js";
import { hasKeyword, type WeaponProfile } from "./units.js";
import { weaponAbilities } from "../odds/plan.js";
import { nextPhase } from "./turn.js";
import { visible } from "./visibility.js";
import { afterShootMove } from "./moves5.js";
import { afterShooting, reactToAttack, traitMods } from "./traits.js";

/**
 * PB-COVER: -1 to hit a unit that is wholly on a terrain feature or behind one (the line between the two
 * units' centres crosses the feature, nearer the target than the attacker), unless it charged or can FLY.
 * Only features with the Cover ability count (every generated one has it: terrain.ts).
 */
export function inCover(b: Battle, attacker: number, target: number): boolean {
  if (b.unit(target).charged || hasKeyword(b.profile(target), "FLY")) return false;
  const a = b.footprint(attacker);
  const t = b.footprint(target);
  return b.data.terrain.some((f) => {
    if (!givesCover(f)) return false;
    const d = Math.hypot(f.x - t.x, f.y - t.y);
    if (d + t.radius <= f.radius) return true; // wholly on it
    const crosses = distanceToSegment(f, { from: a, to: t }) < f.radius;
    return crosses && d < Math.hypot(f.x - a.x, f.y - a.y);
  });
}

/** The context of `attacker`'s attacks of one type on `target`, with `weapons` (default: all of that type). */
/** The momentum points on the attacker's weapon (common.ts), as AttackContext.weaponDamage. */
function momentumContext(b: Battle, id: number): { weaponDamage?: Record<string, number> } {
  const w = momentumDamage(b, id);
  return w ? { weaponDamage: w } : {};
}

export function attackContext(
  b: Battle,
  attacker: number,
  target: number,
  type: "melee" | "ranged" = "melee",
  weapons: readonly WeaponProfile[] = b.profile(attacker).weapons.filter((w) => w.type === type),
): AttackContext {
  return {
    charged: b.unit(attacker).charged,
    targetCharged: b.unit(target).charged,
    hitModifier: inCover(b, attacker, target) ? -1 : 0,
    targetIsMonster: b.isMonster(target),
    // The played abilities of both sides (effects.ts, src/aos/abilities).
    mods: attackEffects(b, attacker, target, type === "melee", weapons),
    ...momentumContext(b, attacker),
    // The bundled battle traits' passive modifiers (traits.ts: Ethereal, Their Finest Hour, ...).
    traits: traitMods(b, attacker, target, type === "melee"),
  };
}

/**
 * CORE-SHOOT-IN-COMBAT: the ranged weapons `id` can shoot with now — all of them out of combat; in combat only
 * those with Shoot in Combat ("Shoot in Combat" read as the odds read it, plan.ts weaponAbilities).
 */
export function shootingWeapons(b: Battle, id: number): WeaponProfile[] {
  const ranged = b.profile(id).weapons.filter((w) => w.type === "ranged");
  // cities6.ts: a passive "This unit's ranged weapons have Shoot in Combat" that holds now gives them all.
  return b.inCombat(id) && !shootsInCombat(b, id) ? ranged.filter((w) => weaponAbilities(w.abilities, w.name).shootInCombat) : ranged;
}

function canShoot(b: Battle, id: number): boolean {
  const u = b.unit(id);
  // PB-BP-09 Fatigued Warriors: a summoned unit cannot shoot in the turn it was added (replacement.ts).
  // Vanguard Chamber (moves.ts): a run or retreat may not stop it.
  return !u.shot && mayShootAfterMoving(b, id) && shootingWeapons(b, id).length > 0 && !fatigued(b, id);
}

export function shootingChoices(b: Battle, player: Player): Choice[] {
  const out: Choice[] = [];
  for (const id of b.deployed(player)) {
    if (!canShoot(b, id)) continue;
    const maxRange = Math.max(...shootingWeapons(b, id).map((w) => w.range));
    const how = b.inCombat(id) ? " (Shoot in Combat)" : "";
    for (const t of b.deployed((1 - player) as Player))
      if (b.distance(id, t) <= maxRange && visible(b, id, t)) out.push({ label: `${b.profile(id).name} shoots ${b.profile(t).name}${how}`, tag: { kind: "shoot", unit: id, target: t }, apply: (bb) => shoot(bb, id, t) });
  }
  out.push({ label: "end the shooting phase", tag: { kind: "end" }, apply: (bb) => nextPhase(bb) });
  return out;
}

export function shoot(b: Battle, id: number, target: number): void {
  const p = b.profile(id);
  const dist = b.distance(id, target);
  // Only the weapons that can shoot now (CORE-SHOOT-IN-COMBAT) and are in range of the target shoot.
  const inRange = { ...p, weapons: shootingWeapons(b, id).filter((w) => w.range >= dist) };
  const triggers = saveTriggers(b, id, target, false);
  const ctx = attackContext(b, id, target, "ranged", inRange.weapons);
  // The reactions to the SHOOT ability (traits.ts: Ruthless Extermination, Inviolate Legions).
  if (inRange.weapons.length > 0 && b.unit(id).models > 0) reactToAttack(b, id, target, false, ctx.mods!, ctx.traits!);
  const r = resolveAttacks(inRange, b.unit(id), "ranged", b.profile(target), b.unit(target), ctx, b.rng, b.data.log !== null);
  b.unit(id).shot = true;
  b.say(`${p.name} shoots ${b.profile(target).name}: ${r.damage} damage, ${r.slain} slain.${r.dice ? ` Dice: ${diceText(r.dice)}.` : ""}`);
  destroyIfSlain(b, target, { unit: id, melee: false, attack: true }, r.slain);
  // Save-roll triggers (save-triggers.ts: Loyal Gryph-hound), after the SHOOT ability.
  if (triggers.length > 0) applySaveTriggers(b, id, triggers, saveRolls);
  afterShooting(b, id, target); // reactions after the SHOOT ability (traits.ts: Deathly Barrage)
  afterShootMove(b, id); // moves5.ts: "After that SHOOT ability has been resolved, this unit can move D6""
}
