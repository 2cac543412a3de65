/**
 * Warscroll spells (CORE-SPELLS, CORE-UNBIND; docs/abilities.md "Warscroll spells"): the played abilities whose
 * timing is `spell` in the hero phase, cast like Metamorphosis (spells.ts castingRollValue: a WIZARD (N) casts
 * N spells a phase, a double 1 miscasts, an enemy WIZARD within 30" may unbind), each spell once a phase for
 * the army. The effects they play on the declared target, in the ability's order:
 * - `mortal` (combat-abilities.ts resolveMortal: dice once or per model, on a roll, the ward, allocation);
 * - `for-the-turn` hit or wound modifier (a token on the target: for the rest of the turn, or with `until`
 *   "your-next-turn" until the caster's army's next turn starts), read on the target's attacks (attack.ts);
 * - `conditions.castingRoll`: only when the casting roll was at least / at most that ("if the casting roll was
 *   10+, inflict D6 mortal damage instead": two effects).
 * The scripted rule (the kernel's twin is assembly/battle/warscroll-spells.ts, the same order and numbers):
 * the first WIZARD by id that can cast; of its spells the highest score (ties: data order); its target the
 * highest score, then the fewest wounds left, then the lowest id, among the visible units `whom` names (the
 * first effect's). A spell's score on a target is the sum of its effects' (those needing a casting roll of at
 * least N left out: "if the casting roll was 10+ ... instead" is the better outcome, not the spell's base):
 * mortal damage, its expectation times the die's sides (combat-abilities.ts mortalScore); a modifier, twice
 * the mean Attacks of the target's weapons it concerns times their carriers left when it helps the caster (a
 * negative one on an enemy, a positive one on a friendly unit) and the target does not have it yet, else 0. A
 * spell with no target scoring above 0 is not cast. Warscroll spells come before Metamorphosis (policy.ts).
 */
import { resisted } from "./common.js";
import { turnToken, whomHolds } from "../abilities/attack.js";
import type { PlayedEffect } from "../abilities/index.js";
import type { Ability } from "../abilities/schema.js";
import { carriersLeft } from "./attacks.js";
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { mortalScore, resolveMortal } from "./combat-abilities.js";
import { weaponAttacks } from "./damaged.js";
import { battleEffects, battleView } from "./effects.js";
import { castingRollValue } from "./spells.js";
import type { Player } from "./state.js";
import { addToken, hasToken } from "./tokens.js";
import { visible } from "./visibility.js";

/** The token of a spell's modifier "until the start of your next turn", cast by `player` (removed when that army's turn starts: turn.ts beginTurn). */
export const UNTIL_TOKEN_PREFIX = "until-your-next-turn:";
export function untilToken(player: number, turnTok: string): string {
  return `${UNTIL_TOKEN_PREFIX}${player}:${turnTok}`;
}

/** A spell effect the engines play: mortal damage, or a hit / wound modifier for the rest of the turn (no dice, Companion or afterDamage). */
export function isSpellEffect(pe: PlayedEffect): boolean {
  const w = pe.ability.when;
  if (w.timing !== "spell" || w.phase !== "hero") return false;
  const d = pe.effect.do;
  if (d.kind === "mortal") return d.dice.plus === 0;
  return d.kind === "for-the-turn" && d.set !== "weapon-abilities-off" && !d.companionOnly && d.on === undefined && d.afterDamage === undefined;
}

/** The ability's effects that are spell effects (data order), when all of its effects are: a spell the engines can cast. */
export function spellOf(ability: Ability): boolean {
  return ability.when.timing === "spell" && ability.when.phase === "hero" && ability.effects.length > 0 && ability.effects.every((e) => isSpellEffect({ ability, effect: e, key: "" }));
}

/** The battle's warscroll spells: each ability once, with its effects (data order). */
export function battleSpells(b: Battle): { key: string; ability: Ability; effects: PlayedEffect[] }[] {
  const out: { key: string; ability: Ability; effects: PlayedEffect[] }[] = [];
  for (const pe of battleEffects(b)) {
    if (!isSpellEffect(pe)) continue;
    const last = out[out.length - 1];
    if (last && last.key === pe.key && last.ability === pe.ability) last.effects.push(pe);
    else out.push({ key: pe.key, ability: pe.ability, effects: [pe] });
  }
  return out.filter((s) => s.effects.length === s.ability.effects.length);
}

type TurnDo = Extract<PlayedEffect["effect"]["do"], { kind: "for-the-turn" }>;

/** A modifier's worth on `x` (see the file's comment). */
function modifierScore(b: Battle, pe: PlayedEffect, d: TurnDo, caster: number, x: number): number {
  const friendly = b.ownerOf(x) === b.ownerOf(caster);
  if ((d.value ?? 0) > 0 !== friendly) return 0;
  const u = b.unit(x);
  if (hasToken(u, turnToken(pe)) || hasToken(u, untilToken(0, turnToken(pe))) || hasToken(u, untilToken(1, turnToken(pe)))) return 0;
  const p = b.profile(x);
  const attack = pe.effect.conditions.attack;
  let score = 0;
  for (const w of p.weapons) {
    if (attack !== "any" && (attack === "melee") !== (w.type === "melee")) continue;
    const a = weaponAttacks(w, p, u);
    score += (a.count * (a.sides + 1) + 2 * a.plus) * carriersLeft(w, p, u);
  }
  return score;
}

function spellScore(b: Battle, effects: readonly PlayedEffect[], caster: number, t: number): number {
  let score = 0;
  for (const pe of effects) {
    if (pe.effect.conditions.castingRoll?.atLeast !== undefined) continue; // the better outcome of a high roll is not counted
    const d = pe.effect.do;
    if (d.kind === "mortal") score += b.ownerOf(t) !== b.ownerOf(caster) ? mortalScore(b, d, caster, t) : 0;
    else if (d.kind === "for-the-turn") score += modifierScore(b, pe, d, caster, t);
  }
  return score;
}

const woundsLeft = (b: Battle, id: number) => b.unit(id).models * b.profile(id).health - b.unit(id).damage;

/** The spell's target from `caster` (the scripted pick) and its score; null when none scores above 0. */
function spellTarget(b: Battle, effects: readonly PlayedEffect[], caster: number): { target: number; score: number } | null {
  const v = battleView(b);
  const first = effects[0]!;
  let best: { target: number; score: number } | null = null;
  for (const t of b.deployed()) {
    if (!whomHolds(v, first.effect, caster, t) || !visible(b, caster, t)) continue;
    const sc = spellScore(b, effects, caster, t);
    if (sc <= 0) continue;
    if (best === null || sc > best.score || (sc === best.score && woundsLeft(b, t) < woundsLeft(b, best.target))) best = { target: t, score: sc };
  }
  return best;
}

/**
 * The warscroll spells `player` can cast now, each with its scripted target: for each WIZARD by id with casts
 * left, its spells by score (ties: data order). The scripted policy takes the first.
 */
export function warscrollSpellChoices(b: Battle, player: Player): Choice[] {
  const spells = battleSpells(b);
  if (spells.length === 0) return [];
  const d = b.data;
  const cast = d.spells.warscroll ?? [];
  const out: Choice[] = [];
  for (const w of b.deployed(player)) {
    const p = b.profile(w);
    if (p.wizardLevel === 0 || d.spells.blocked.includes(w) || d.spells.cast.filter((x) => x === w).length >= p.wizardLevel) continue;
    const mine: { key: string; effects: PlayedEffect[]; ability: Ability; target: number; score: number }[] = [];
    for (const s of spells) {
      if (s.ability.warscroll.toLowerCase() !== p.warscroll.toLowerCase() || cast.includes(s.key)) continue;
      const t = spellTarget(b, s.effects, w);
      if (t) mine.push({ ...s, ...t });
    }
    mine.sort((x, y) => y.score - x.score); // stable: data order on ties
    for (const s of mine)
      out.push({
        label: `${p.name} casts ${s.ability.name} on ${b.profile(s.target).name}`,
        tag: { kind: "spell", wizard: w, spell: s.key, target: s.target },
        apply: (bb) => castWarscrollSpell(bb, w, s.key, s.target),
      });
  }
  return out;
}

/** Casts warscroll spell `key` from `wizard` on `target` (declared before the casting roll), and plays its effects. */
export function castWarscrollSpell(b: Battle, wizard: number, key: string, target: number): void {
  const spell = battleSpells(b).find((s) => s.key === key);
  if (!spell) throw new Error(`no warscroll spell ${key}`);
  const d = b.data;
  d.spells.cast.push(wizard);
  (d.spells.warscroll ??= []).push(key); // each spell once a phase for the army, as Metamorphosis
  const w = spell.ability.when as Extract<Ability["when"], { timing: "spell" }>;
  const roll = castingRollValue(b, wizard, w.castingValue, spell.ability.name);
  if (roll === 0) return;
  // CORE-SPELLS: reactions answer a spell that is cast: the target's resistance roll (common.ts: Ruination Chamber).
  if (resisted(b, wizard, target, spell.ability.name, true)) return;
  for (const pe of spell.effects) {
    if (b.unit(target).status !== "deployed") break;
    const c = pe.effect.conditions.castingRoll;
    if (c && ((c.atLeast !== undefined && roll < c.atLeast) || (c.atMost !== undefined && roll > c.atMost))) continue;
    const e = pe.effect.do;
    if (e.kind === "mortal") resolveMortal(b, pe, e, wizard, target);
    else if (e.kind === "for-the-turn") {
      addToken(b.unit(target), e.until === "your-next-turn" ? untilToken(b.ownerOf(wizard), turnToken(pe)) : turnToken(pe));
      const what = e.set === "ignore-positive" ? "positive modifiers ignored" : `${e.value! > 0 ? "+" : ""}${e.value} to ${e.set} rolls for its attacks`;
      b.say(`  ${b.profile(target).name}: ${spell.ability.name} (${what}) ${e.until ? "until the start of the caster's next turn" : "for the rest of the turn"}.`);
    }
  }
}
