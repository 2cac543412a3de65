/**
 * The react4 area's patterns (docs/abilities.md "Casting and unbinding reactions (react4)"): whole texts about the
 * casting roll and its unbinding (CORE-SPELLS, CORE-UNBIND), played where both engines make that roll (spells.ts
 * castingRollValue, the kernel's actions.ts twin; src/aos/battle/react4.ts and assembly/battle/react4.ts):
 *
 * - "Passive: [This unit can use UNBIND abilities as if it had WIZARD (1). ]Each time this unit unbinds a spell,
 *   inflict D3 mortal damage on the caster.[ If the unbinding roll was 10+, inflict D6 mortal damage on the caster
 *   instead.]" (Soul-eater, Mork Sez No!): `unbind-mortal` (and `unbind`);
 * - "Reaction: Opponent declared a SPELL ability: If a friendly NIGHTHAUNT unit wholly within 12" of this unit was picked
 *   to be the target of that spell, this unit can use the 'Unbind' ability as if it had WIZARD (1). Add 1 to the
 *   unbinding roll for that ability. If the spell is unbound, inflict D3 mortal damage on the caster" (Spell-eaters):
 *   `unbind-for-target`, its whom the friendly units;
 * - "Reaction: Opponent declared a SPELL ability: This unit uses the 'Unbind' ability but the unbinding roll is 3D6
 *   instead of 2D6." (Screamin' Mandrakk): `unbind-3d6`;
 * - "Once Per Turn (Army), Reaction: You declared a SPELL ability for this unit: Roll a dice. On a 1, inflict 2 mortal
 *   damage on this unit. On a 3+, add 2 to the casting roll." (Bargain With The Mist-Daemons): `casting-gamble`;
 * - "Once Per Turn (Army), Reaction: You declared a SPELL ability for this unit: Re-roll 1 of the dice in the casting
 *   roll." (Arcane Tome): `casting-reroll`.
 *
 * Null for any other text (the other patterns then read it). Hooked into translate.ts by one line.
 */
import { type AbilityText, splitKeywords, type Translation } from "./translate.js";
import { type Effect, effectSchema, type When } from "./schema.js";

const fx = (d: object): Effect => effectSchema.parse({ whom: { side: "self" }, conditions: {}, do: d });

/** Whitespace folded, curly quotes straight, the final full stop dropped. */
const norm = (s: string | undefined): string => (s ?? "").replace(/\s+/g, " ").replace(/[‘’]/g, "'").trim().replace(/\.$/, "");

export function react4Translation(a: AbilityText, vocab: ReadonlySet<string>): Translation | null {
  const timing = norm(a.timing);
  const text = norm(a.effect);
  let m: RegExpExecArray | null;
  if (timing === "Passive") {
    m = /^(This unit can use UNBIND abilities as if it had WIZARD \(1\)\. )?Each time this unit unbinds a spell, inflict (D3|D6) mortal damage on the caster(?:\. If the unbinding roll was (\d+)\+, inflict (D3|D6) mortal damage on the caster instead)?$/.exec(text);
    if (!m) return null;
    const effects: Effect[] = [];
    if (m[1]) effects.push(fx({ kind: "unbind" }));
    effects.push(fx({ kind: "unbind-mortal", dice: m[2], ...(m[3] ? { high: { atLeast: Number(m[3]), dice: m[4] } } : {}) }));
    return { kind: "played", when: { timing: "passive" }, effects };
  }
  if (/^Reaction: Opponent declared a SPELL ability$/i.test(timing)) {
    const when: When = { timing: "reaction", to: "opponent-spell", limit: "none" };
    if (text === "This unit uses the 'Unbind' ability but the unbinding roll is 3D6 instead of 2D6") return { kind: "played", when, effects: [fx({ kind: "unbind-3d6" })] };
    // Spell-eaters: unbinding for a friendly unit picked to be the spell's target.
    m = /^If a friendly (.+?) unit wholly within (\d+)" of this unit was picked to be the target of that spell, this unit can use the 'Unbind' ability as if it had WIZARD \(1\)\. Add ([1-3]) to the unbinding roll for that ability\. If the spell is unbound, inflict (D3|D6) mortal damage on the caster$/.exec(text);
    if (!m) return null;
    const keywords = splitKeywords(m[1]!, vocab, false);
    if (!keywords || Number(m[2]) > 48) return null;
    const whom = { side: "friendly", filter: { keywords }, range: Number(m[2]), wholly: true, includeSelf: true };
    return { kind: "played", when, effects: [effectSchema.parse({ whom, conditions: {}, do: { kind: "unbind-for-target", add: Number(m[3]), mortal: m[4] } })] };
  }
  const own = /^(Once Per Turn \(Army\), )?Reaction: You declared a SPELL ability for this unit$/i.exec(timing);
  if (own) {
    // Spells are cast in the hero phase only (both engines), so "once per turn" is once per phase: the reactions'
    // uses are kept as the charge re-rolls' (BattleData.commandsUsed, the kernel's H.EFFECT_PHASE*).
    const when: When = { timing: "reaction", to: "own-spell", limit: own[1] ? "once-per-turn-army" : "none" };
    if ((m = /^Roll a dice\. On a 1, inflict ([1-6]) mortal damage on this unit\. On a ([2-6])\+, add ([1-3]) to the casting roll$/.exec(text)))
      return { kind: "played", when, effects: [fx({ kind: "casting-gamble", mortal: Number(m[1]), on: Number(m[2]), add: Number(m[3]) })] };
    if (text === "Re-roll 1 of the dice in the casting roll") return { kind: "played", when, effects: [fx({ kind: "casting-reroll" })] };
    return null;
  }
  return null;
}
