/**
 * Casting-roll modifiers (docs/abilities.md "Casting-roll modifiers"; battle/casting.ts castingBonus plays them in
 * the TypeScript engine, assembly/battle/casting.ts in the kernel): "Add 1 to casting rolls for this unit", "Add 1
 * to casting rolls for friendly STORMCAST ETERNALS WIZARDS while they are wholly within 12\" of this unit". The
 * unit (or units) `whom` names add `value` to every casting roll they make: Metamorphosis, a manifestation's
 * summon spell, a warscroll spell. Not read here (they keep the "no pattern reads" note): casting rolls with
 * unbinding, banishment or chanting rolls in one sentence, "for each ... token", "visible" units. "When it uses
 * a SUMMON ability" (the Lord-Arcanum's) is read alone: the summon spells' casting rolls only (manifestations.ts). Nagash's "Add 2 ... while it has not miscast any
 * spells this turn" is read with the sentence after it (a miscast does not stop its casting).
 */
import { type Clause, fx, parseWhomPhrase } from "./translate.js";
import { magic6CastingClause } from "./translate-magic6.js";

/** "Add|Subtract N to|from casting rolls for <this unit | friendly X WIZARDS|units while they are (wholly) within N\" of this unit>". */
export function castingPatterns(s: string, vocab: ReadonlySet<string>): Clause {
  // Nagash's Supreme Lord of the Undead: "Add 2 to casting rolls for this unit while it has not miscast any spells
  // this turn. If this unit miscasts a spell, ignore the restriction that would stop this unit from casting any
  // more spells this turn."
  const n = /^Add ([1-3]) to casting rolls for this unit while it has not miscast any spells this turn$/.exec(s);
  if (n) return [fx({ do: { kind: "casting", value: Number(n[1]), unlessMiscast: true } })];
  const m6 = magic6CastingClause(s); // translate-magic6.ts: with a banishment-roll modifier
  if (m6) return m6;
  const summon = /^Add ([1-3]) to casting rolls for this unit when it uses a SUMMON ability$/.exec(s);
  if (summon) return [fx({ do: { kind: "casting", value: Number(summon[1]), summon: true } })];
  // The react4 area: "While they are within 30\" of this unit, subtract 1 from casting rolls for enemy units when they
  // use SUMMON abilities" (Lord Kroak's and the Slann's): the summon casting modifier on the units whom names.
  const es = /^While they are (wholly )?within (\d+)" of this unit, (add|subtract) ([1-3]) (?:to|from) casting rolls for (enemy|friendly) units when they use SUMMON abilities$/.exec(s);
  if (es) {
    const whom = parseWhomPhrase(`${es[5]} units while they are ${es[1] ?? ""}within ${es[2]}" of this unit`, vocab);
    if (!whom) return null;
    return [fx({ whom, do: { kind: "casting", value: (es[3] === "add" ? 1 : -1) * Number(es[4]), summon: true } })];
  }
  if (/^If this unit miscasts a spell, ignore the restriction that would stop this unit from casting any more spells this turn$/.test(s)) return [fx({ do: { kind: "miscast-goes-on" } })];
  const m = /^(Add|Subtract) ([1-3]) (?:to|from) casting rolls for (.+)$/.exec(s);
  if (!m) return null;
  const whom = parseWhomPhrase(m[3]!, vocab);
  // Only this unit or friendly units near it: an enemy's casting penalty goes with its unbinding rolls in every text.
  if (!whom || whom.side === "enemy") return null;
  return [fx({ whom, do: { kind: "casting", value: (m[1] === "Add" ? 1 : -1) * Number(m[2]) } })];
}
