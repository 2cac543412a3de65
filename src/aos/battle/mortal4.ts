/**
 * The mortal4 area's engine code (docs/abilities.md "Mortal damage and slain models, fourth pass (mortal4)"); its
 * kernel twin is assembly/battle/mortal4.ts, die for die.
 *
 * `destroyed-mortal` (Watch Out!: "If this unit is destroyed, before removing it from play, roll a dice for each enemy
 * unit within this unit's combat range. On a 4+, inflict D3 mortal damage on that unit"): called by casualties.ts
 * destroyIfSlain when a unit with it has no models left, before it is removed. The enemy units within 3" of it (edge to
 * edge; a unit with no models left is one model's base at its centre, units.ts footprintRadius) with models, listed
 * first by ascending id; then for each one still on the battlefield, a dice, and on `on`+ the damage (its ward applies),
 * which may destroy it in turn (its own such ability then plays, a unit with no models left is no target).
 *
 * `bothSides` on a declared mortal damage on each target (Indiscriminate Slaughter: "Pick each other unit (friendly and
 * enemy) within this unit's combat range"): every other unit on the battlefield within whom's range of the unit (edge
 * to edge), by ascending id, used (combat-abilities.ts useStepAbilities) only when the enemy units among them outnumber
 * the friendly ones — our policy, both engines: the ability is optional and hurts both armies alike per unit.
 */
import { inflictMortal } from "./attacks.js";
import type { PlayedEffect } from "../abilities/index.js";
import type { Battle } from "./battle.js";
import { destroyIfSlain } from "./casualties.js";
import { battleEffects, unitWard } from "./effects.js";
import { COMBAT_RANGE } from "./geometry.js";
import type { Player } from "./state.js";
import { footprintRadius } from "./units.js";

/** Whether the battle has a played `destroyed-mortal` effect (the kernel's: hasKind(DESTROYED_MORTAL)). */
export function hasDestroyedMortal(b: Battle): boolean {
  return battleEffects(b).some((pe) => pe.effect.do.kind === "destroyed-mortal");
}

/** Unit `id` is destroyed (no models left, not yet removed): its destroyed-mortal effects, in the battle's effect order. */
export function destroyedMortal(b: Battle, id: number): void {
  const p = b.profile(id);
  const name = p.warscroll.toLowerCase();
  for (const pe of battleEffects(b)) {
    const d = pe.effect.do;
    if (d.kind !== "destroyed-mortal" || pe.ability.warscroll.toLowerCase() !== name) continue;
    const u = b.unit(id);
    const r1 = footprintRadius(1, p.baseRadius);
    const targets = b.deployed((1 - b.ownerOf(id)) as Player).filter((e) => {
      const x = b.unit(e);
      return x.models > 0 && Math.max(0, Math.hypot(x.x - u.x, x.y - u.y) - r1 - footprintRadius(x.models, b.profile(e).baseRadius)) <= COMBAT_RANGE + 1e-9;
    });
    for (const t of targets) {
      if (b.unit(t).status !== "deployed" || b.unit(t).models <= 0) continue;
      const r = b.rng.roll(6);
      if (r < d.on) continue;
      let points = d.damage.plus;
      for (let i = 0; i < d.damage.count; i++) points += b.rng.roll(d.damage.sides);
      const out = inflictMortal(b.profile(t), b.unit(t), points, b.rng, unitWard(b, t, id));
      b.say(`${p.name} uses ${pe.ability.name} on ${b.profile(t).name} (${r}): ${points} mortal damage${points !== out.damage ? ` (${out.damage} after the ward)` : ""}${out.slain ? `, ${out.slain} slain` : ""}.`);
      destroyIfSlain(b, t, { unit: id, melee: false }, out.slain);
    }
  }
}

/** The targets of a `bothSides` mortal damage of `pe` from `s` (ascending ids), or none when the friendly ones are as many as the enemy ones. */
export function bothSidesTargets(b: Battle, pe: PlayedEffect, s: number): number[] {
  const range = pe.effect.whom.range ?? 0;
  const all = b.deployed().filter((t) => t !== s && b.distance(s, t) <= range + 1e-9);
  const me = b.ownerOf(s);
  const enemies = all.filter((t) => b.ownerOf(t) !== me).length;
  return enemies > all.length - enemies ? all : [];
}
