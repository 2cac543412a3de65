/**
 * The Sylvaneth's creeping overgrowth (docs/abilities.md "The creeping overgrowth (sylvaneth6)"; the battle trait "The
 * Creeping Overgrowth": "The creeping overgrowth is measured from each terrain feature that has a friendly overgrown
 * token. The range of the creeping overgrowth is based on the number of friendly overgrown tokens on the battlefield:
 * 0-2 6", 3-5 9", 6-8 12", 9+ the whole battlefield"). The kernel's twin is assembly/battle/sylvaneth6.ts.
 *
 * - The tokens: `BattleData.overgrown[player]`, bit i = the battlefield's terrain feature i (terrain.ts: the
 *   defender's generic collection). Faction terrain (Awakened Wyldwoods, whose Budding Forest and Ever Growing give
 *   most tokens) is never set up by either engine, so the tokens come only from the abilities of units that give them
 *   (Verdian Crown: `overgrow`, below).
 * - "Within the creeping overgrowth": within the range of some terrain feature with a friendly token, edge to edge
 *   (the footprint to the feature's circle); "wholly within": the whole footprint within the range of one such feature
 *   (the distance between centres plus the unit's radius at most the range plus the feature's radius). Decision: a unit
 *   spread over the ranges of two features, wholly within neither, is not wholly within (the footprint is one circle;
 *   it rarely matters). 9+ tokens: every unit on the battlefield is wholly within.
 * - `overgrow` (Verdian Crown: "Pick a terrain feature within N\" of this unit that does not have a friendly overgrown
 *   token to be the target. Effect: Give the target a friendly overgrown token"): the scripted policy at the end of each
 *   hero phase of the ability's timing, after the marks (turn.ts; the kernel's flow.ts), the active player's units then
 *   the opponent's, by ascending id: the closest such feature (edge to edge; the first in the terrain list on a tie) is
 *   given the token, as soon as there is one (a token only widens the army's overgrowth). "Once Per Battle": the unit's
 *   token OVERGROW_USED (the kernel's US.SY6_USED).
 */
import { battleEffects } from "./effects.js";
import type { Battle } from "./battle.js";
import type { Player } from "./state.js";
import { partlyWithin } from "./passive.js";
import { visible } from "./visibility.js";

/** The unit used its "Once Per Battle" overgrow ability (the kernel's US.SY6_USED). */
export const OVERGROW_USED = "overgrow-used";

/** The friendly overgrown tokens of `player`'s army (bit = terrain feature). */
export function overgrownMask(b: Battle, player: number): number {
  return b.data.overgrown?.[player as Player] ?? 0;
}

/** The range of the creeping overgrowth with `count` friendly tokens (Infinity: the whole battlefield). */
export function overgrowthRange(count: number): number {
  return count <= 2 ? 6 : count <= 5 ? 9 : count <= 8 ? 12 : Infinity;
}

function bits(m: number): number {
  let n = 0;
  for (let x = m; x !== 0; x &= x - 1) n++;
  return n;
}

/** Unit `id` is (wholly) within the creeping overgrowth of `player`'s army (default: its own; see the file comment). */
export function inOvergrowth(b: Battle, id: number, wholly: boolean, player: number = b.ownerOf(id)): boolean {
  const mask = overgrownMask(b, player);
  if (mask === 0) return false;
  const n = bits(mask);
  if (n >= 9) return true;
  const range = overgrowthRange(n);
  const fp = b.footprint(id);
  for (let i = 0; i < b.data.terrain.length; i++) {
    if ((mask & (1 << i)) === 0) continue;
    const f = b.data.terrain[i]!;
    const d = Math.hypot(fp.x - f.x, fp.y - f.y);
    if (wholly ? d + fp.radius <= range + f.radius + 1e-9 : d - fp.radius - f.radius <= range + 1e-9) return true;
  }
  return false;
}

/**
 * A declared pick's target (conditions.pickOvergrowth: Slay The Trespassers!): enemy unit `x` is within the creeping
 * overgrowth of the army of `s` (the unit with the ability), or is visible to `s` and partly within that army's
 * territory ("within friendly territory": some of the footprint, passive.ts partlyWithin).
 */
export function pickInOvergrowth(b: Battle, s: number, x: number): boolean {
  const me = b.ownerOf(s) as Player;
  return inOvergrowth(b, x, false, me) || (visible(b, s, x) && partlyWithin(b, x, me));
}

/** The effect view's sylvaneth6 method (attack.ts conditionsHold: conditions.overgrowth). */
export function sylvaneth6View(b: Battle): { overgrowth: (id: number, wholly: boolean) => boolean } {
  return { overgrowth: (id, wholly) => inOvergrowth(b, id, wholly) };
}

/** The end of a hero phase: the overgrow abilities (see the file comment). */
export function useOvergrow(b: Battle): void {
  const list = battleEffects(b).filter((pe) => pe.effect.do.kind === "overgrow");
  if (list.length === 0) return;
  const active = b.data.active as Player;
  for (const player of [active, (1 - active) as Player]) {
    for (const pe of list) {
      const w = pe.ability.when;
      if (w.timing !== "phase" || w.phase !== "hero" || (w.whose === "your" && player !== active) || (w.whose === "enemy" && player === active)) continue;
      const range = (pe.effect.do as { range: number }).range;
      const once = w.limit === "once-per-battle";
      for (const id of b.deployed(player)) {
        if (b.profile(id).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase()) continue;
        if (once && b.unit(id).tokens.includes(OVERGROW_USED)) continue;
        const mask = overgrownMask(b, player);
        const fp = b.footprint(id);
        let best = -1;
        let bestD = Infinity;
        b.data.terrain.forEach((f, i) => {
          if (i >= 31 || (mask & (1 << i)) !== 0) return;
          const d = Math.hypot(fp.x - f.x, fp.y - f.y) - fp.radius - f.radius;
          if (d <= range + 1e-9 && d < bestD) [best, bestD] = [i, d];
        });
        if (best < 0) continue;
        const o: [number, number] = b.data.overgrown ?? [0, 0];
        o[player] |= 1 << best;
        b.data.overgrown = o;
        if (once) b.unit(id).tokens.push(OVERGROW_USED);
        b.say(`${b.profile(id).name} uses ${pe.ability.name}: the ${b.data.terrain[best]!.kind ?? "terrain feature"} (${best}) gets a friendly overgrown token (${bits(o[player])}).`);
      }
    }
  }
}
