/**
 * The battle's side of the effect language (src/aos/abilities): the view the interpreter reads a battle
 * through, the played effects of the battle's warscrolls, and what they change in an attack, a ward and a
 * control score. The kernel's twin is assembly/battle/effects.ts.
 */
import { chargeDiceHeld } from "./declared2.js";
import { attackMods, type AttackMods, chargeDiceAfterEffects, controlAfterEffects, type EffectView } from "../abilities/attack.js";
import { wardAfterRolls } from "../abilities/passive.js";
import { type PlayedEffect, playedEffectsOf } from "../abilities/index.js";
import type { Battle } from "./battle.js";
import { passiveView } from "./passive.js";
import { objective4View } from "./objective4.js";
import { kills5View } from "./kills5.js";
import { isManifestation } from "./manifestations.js";
import { sylvaneth6View } from "./sylvaneth6.js";
import { cities6View } from "./cities6.js";
import { passive3View } from "./passive3.js";
import type { WeaponProfile } from "./units.js";
import { wardWithTraits } from "./traits.js";
import { unitControl } from "./damaged.js";

const cache = new WeakMap<object, PlayedEffect[]>();

/** The played effects of the battle's warscrolls, in data order (the kernel encodes the same list). */
export function battleEffects(b: Battle): PlayedEffect[] {
  let e = cache.get(b.data.profiles);
  if (!e) {
    e = playedEffectsOf(b.data.profiles);
    cache.set(b.data.profiles, e);
  }
  return e;
}

/** A ≤ B + 1e-9 for "wholly within": every point of a's footprint within `range` of b's. */
export function battleView(b: Battle): EffectView {
  return {
    ids: () => b.deployed(),
    unit: (id) => {
      const p = b.profile(id);
      return { warscroll: p.warscroll, keywords: p.keywords, owner: p.owner };
    },
    charged: (id) => b.unit(id).charged,
    distance: (x, y) => b.distance(x, y),
    whollyWithin: (x, y, range) => {
      const a = b.footprint(x);
      const c = b.footprint(y);
      return Math.hypot(a.x - c.x, a.y - c.y) + a.radius - c.radius <= range + 1e-9;
    },
    usedThisPhase: (player, key) => b.data.commandsUsed[player as 0 | 1].includes(key),
    // A spell's modifier may be on it until the caster's next turn (warscroll-spells.ts untilToken).
    turnOn: (id, token) => {
      const t = b.unit(id).tokens;
      return t.includes(token) || t.includes(`until-your-next-turn:0:${token}`) || t.includes(`until-your-next-turn:1:${token}`);
    },
    hasToken: (id, token) => b.unit(id).tokens.includes(token),
    inCombat: (id) => b.inCombat(id),
    models: (id) => b.unit(id).models,
    control: (id) => unitControl(b.profile(id), b.unit(id)), // passive6: conditions.targetControl
    ...passiveView(b),
    ...passive3View(b),
    ...objective4View(b),
    ...kills5View(b),
    daemonic: (id) => b.unit(id).daemonic ?? 0, // hashut6.ts
    magicDamage: (id) => isManifestation(b, id), // hashut6: an attack of a manifestation (FIGHT and SHOOT are its abilities)
    ...sylvaneth6View(b),
    ...cities6View(b),
  };
}

/**
 * The played abilities' modifiers for `attacker`'s attacks with `weapons` on `target`; a "once per phase
 * (army)" reaction used by it is recorded as used this phase (BattleData.commandsUsed, cleared with the phase).
 */
export function attackEffects(b: Battle, attacker: number, target: number, melee: boolean, weapons: readonly WeaponProfile[]): AttackMods {
  const effects = battleEffects(b);
  if (effects.length === 0) return attackMods(battleView(b), effects, attacker, target, melee, false);
  const m = attackMods(battleView(b), effects, attacker, target, melee, weapons.some((w) => w.rend >= 1));
  for (const [player, key] of m.used) {
    b.data.commandsUsed[player as 0 | 1].push(key);
    b.say(`${b.data.armies[player as 0 | 1]} uses ${key.split("/")[1]} (${key.split("/")[0]}).`);
  }
  return m;
}

/** A unit's ward against any damage (CORE-WARD, 18.1: the lowest of its own and those abilities give it), null none. */
export function unitWard(b: Battle, id: number, from?: number | "spell"): number | null {
  // The bundled traits' ward (traits.ts: Soul-forged Guardians) with the unit's own.
  const own = wardWithTraits(b, id, b.profile(id).ward);
  const effects = battleEffects(b);
  if (effects.length === 0) return own;
  // Wards do not depend on the attacker: the target against itself reads only the target's side.
  // A ward held for a while (status.ts) is a for-the-turn record on the unit; with the ward-roll modifiers on the
  // unit's ward rolls ("for enemy units while ...": direction against; passive.ts).
  // hashut6: `from` — the unit whose ability inflicts the damage, or a spell or prayer ("spell"); a ward against spells,
  // prayers and manifestations' abilities (conditions.wardMagic) applies to those only.
  const magic = from === "spell" || (from !== undefined && isManifestation(b, from));
  const m = attackMods({ ...battleView(b), magicDamage: () => magic }, effects.filter((e) => e.effect.do.kind === "ward" || (e.effect.do.kind === "for-the-turn" && (e.effect.do.set === "ward" || e.effect.do.set === "ward-roll" || e.effect.do.set === "no-ward")) || (e.effect.do.kind === "ward-roll" && e.effect.do.direction === "against")), id, id, true, false);
  return wardAfterRolls(m.ward === 0 ? own : own === null ? m.ward : Math.min(own, m.ward), m);
}

/** How many dice `id` rolls for a charge (2, more with a charge-dice effect: Heralds of Righteousness). */
export function chargeDice(b: Battle, id: number): number {
  const effects = battleEffects(b);
  // "Add 1 to the number of dice rolled when making charge rolls for the target, to a maximum of 3" held on it (declared2.ts), after the passive ones.
  if (!effects.some((e) => e.effect.do.kind === "charge-dice")) return chargeDiceHeld(b, id, 2);
  return chargeDiceHeld(b, id, chargeDiceAfterEffects(battleView(b), effects, id));
}

/** A unit's control score on an objective after the played control effects (CORE-CONTROL: at least 1). */
export function controlWithEffects(b: Battle, id: number, base: number, objectiveInFriendlyTerritory: boolean): number {
  const effects = battleEffects(b);
  if (!effects.some((e) => e.effect.do.kind === "control" || (e.effect.do.kind === "for-the-turn" && e.effect.do.set === "control"))) return base;
  return controlAfterEffects(battleView(b), effects, id, base, { objectiveInFriendlyTerritory });
}
