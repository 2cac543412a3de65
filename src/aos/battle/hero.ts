/**
 * The hero phase after the battle tactic: spells (CORE-SPELLS, CORE-UNBIND). The seeds give one spell every
 * WIZARD knows, Metamorphosis (PB-REALM-METAMORPHOSIS: casting value 5, range 12", a friendly non-MONSTER
 * HERO gains MONSTER until its controller's next hero phase); the warscroll spells the effect language plays
 * (warscroll-spells.ts) are offered before it, each with its scripted target. An army's
 * manifestation lore adds its summon spells, and every WIZARD and PRIEST can banish manifestations instead of
 * a spell or prayer (CORE-BANISH: manifestations.ts).
 */
import { afterCast, powerLevel } from "./passive2.js";
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { castingRoll } from "./spells.js";
import type { Player } from "./state.js";
import { replacementChoices } from "./replacement.js";
import { addToken, TOKEN } from "./tokens.js";
import { nextPhase } from "./turn.js";
import { manifestationChoices } from "./manifestations.js";
import { visible } from "./visibility.js";
import { warscrollSpellChoices } from "./warscroll-spells.js";

export const METAMORPHOSIS = { castingValue: 5, range: 12 } as const;

export function heroChoices(b: Battle, player: Player): Choice[] {
  const d = b.data;
  const out: Choice[] = [];
  if (!d.spells.metamorphosis) {
    for (const w of b.deployed(player)) {
      const p = b.profile(w);
      if (p.wizardLevel === 0 || d.spells.blocked.includes(w) || d.spells.cast.filter((x) => x === w).length >= powerLevel(b, w, "wizard")) continue;
      for (const h of b.deployed(player)) {
        // "within range and visible to the caster" (CORE-VISIBILITY: visibility.ts).
        if (!b.isHero(h) || b.isMonster(h) || b.distance(w, h) > METAMORPHOSIS.range || !visible(b, w, h)) continue;
        out.push({ label: `${p.name} casts Metamorphosis on ${b.profile(h).name}`, tag: { kind: "cast", wizard: w, target: h }, apply: (bb) => castMetamorphosis(bb, w, h) });
      }
    }
  }
  // Warscroll spells (warscroll-spells.ts), each with its scripted target.
  out.push(...warscrollSpellChoices(b, player));
  // CORE-BANISH: summon spells and Banish Manifestation (manifestations.ts).
  out.push(...manifestationChoices(b, player));
  // CORE-REPLACEMENT: replacement abilities of the hero phase (replacement.ts).
  out.push(...replacementChoices(b, player, "hero"));
  out.push({ label: "end the hero phase", tag: { kind: "end" }, apply: (bb) => nextPhase(bb) });
  return out;
}

/** CORE-SPELLS and CORE-UNBIND for one casting of Metamorphosis (spells.ts castingRoll). */
export function castMetamorphosis(b: Battle, wizard: number, target: number): void {
  const d = b.data;
  d.spells.metamorphosis = true; // the same spell once per phase per army
  d.spells.cast.push(wizard);
  if (!castingRoll(b, wizard, METAMORPHOSIS.castingValue, "Metamorphosis", 0, [target])) return; // its target: Spell-eaters (react4.ts)
  addToken(b.unit(target), TOKEN.metamorphosis);
  b.say(`  ${b.profile(target).name} becomes a MONSTER until its next hero phase.`);
  afterCast(b, wizard); // passive2.ts: a heal after a spell
}
