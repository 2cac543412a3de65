/**
 * The magic5 area (docs/abilities.md "Spells, prayers and manifestations, fifth pass (magic5)"; translate-magic5.ts
 * writes its effects; the kernel's twin is assembly/battle/magic5.ts): "Enemy Hero Phase | Your Hero Phase: Give this
 * unit D3 ritual points" (`ritual-gain`). At the end of each hero phase (turn.ts, after the "Your Hero Phase" healing),
 * the active player's units then the opponent's, each effect whose "Your" / "Enemy" fits that player, each unit of
 * its warscroll deployed in data order: the points (a D3 rolled, or the number) are added to the unit's ritual points
 * (CORE-PRAYERS: warscroll-spells.ts chantingRoll adds them to its next chanting roll).
 */
import type { Battle } from "./battle.js";
import { battleEffects } from "./effects.js";

/** The ritual points gained at the end of the hero phase now under way. */
export function useRitualGains(b: Battle): void {
  const effects = battleEffects(b).filter((pe) => pe.effect.do.kind === "ritual-gain" && pe.ability.when.timing === "phase" && pe.ability.when.phase === "hero");
  if (effects.length === 0) return;
  for (const player of [b.active, b.opponent]) {
    for (const pe of effects) {
      const w = pe.ability.when;
      const d = pe.effect.do;
      if (w.timing !== "phase" || d.kind !== "ritual-gain" || w.whose === "any" || (w.whose === "your") !== (player === b.active)) continue;
      for (const s of b.deployed(player)) {
        if (b.profile(s).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase()) continue;
        const n = d.points === "D3" ? b.rng.roll(3) : d.points;
        const u = b.unit(s);
        u.ritualPoints = (u.ritualPoints ?? 0) + n;
        b.say(`${b.profile(s).name} uses ${pe.ability.name}: ${n} ritual point${n === 1 ? "" : "s"} (${u.ritualPoints}).`);
      }
    }
  }
}
