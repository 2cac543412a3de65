/**
 * The magic6 area's whole texts (docs/abilities.md "Spells, prayers and terrain, sixth pass (magic6)"), hooked into
 * translate.ts translateOrThrow by one line:
 *
 * - "[Once Per Battle, ]Your Hero Phase: [If this unit's NAME is on the battlefield[ and within N\" of a terrain
 *   feature], ][roll a dice. On a N+, ]add 1 to this unit's | its power level for the rest of the turn." (Deffcap
 *   Mushroom, Retchling, Sniffer Spite): `power-turn` on the unit with the ability (battle/magic6.ts usePowerTurns at the
 *   start of that hero phase; the kernel's assembly/battle/magic6.ts). The named model is the champion's decision
 *   (translate-passive2.ts namedModel: the engines have no model positions, it is removed last and is there while the
 *   unit is), so "this unit's NAME is on the battlefield" always holds and "NAME ... within 3\" of a terrain feature" is
 *   measured from the unit's footprint (terrain5's measure, edge to edge).
 * - "[Once Per Turn (Army), ]Your | Any Hero Phase: Declare: Pick a [visible ]friendly X wholly within N\" of this unit to
 *   be the target. Effect: [Roll a dice. On a N+, a | A]dd 1 to casting rolls[ and chanting rolls] for the target for the
 *   rest of the turn | until the start of your next turn." (Discharge Armour, Divine Matriarch): `casting-turn` on the
 *   picked friendly unit (battle/magic6.ts useCastingTurns at the start of its own hero phase, before any spell).
 * - "Passive: Add 1 to casting rolls for this unit when it uses a SUMMON ability and add 1 to banishment rolls for this
 *   unit." (Arcane Resonance; hooked into translate-casting.ts castingPatterns by one line): the casting area's summon
 *   modifier and `banishment` (battle/magic6.ts banishBonus, added where manifestations.ts banishes).
 */
import { effectSchema, type When } from "./schema.js";
import { type Clause, fx } from "./translate.js";
import type { AbilityText, Translation } from "./translate.js";
import { declaredPick } from "./translate-status.js";

/** Whitespace folded, the final full stop dropped. */
const norm = (s: string | undefined): string => (s ?? "").replace(/\s+/g, " ").trim().replace(/\.$/, "");

const NAME = "[A-Z][A-Za-z'’-]*(?: [A-Z][A-Za-z'’-]*){0,3}";
const POWER_TURN = new RegExp(
  `^(?:If this unit's (${NAME}) is on the battlefield(?: and within (\\d+)" of a terrain feature)?, )?(?:roll a dice\\. On a ([2-6])\\+, )?(add|Add) (\\d) to (this unit's|its) power level for the rest of the turn$`,
);

/** The whole texts this area reads; null for any other. */
export function magic6Translation(a: AbilityText, parseWhen: (t: string | undefined) => When | string, vocab: ReadonlySet<string>): Translation | null {
  const when = parseWhen(a.timing);
  const cast = castingTurn(a, when, vocab);
  if (cast) return cast;
  if (typeof when === "string" || when.timing !== "phase" || when.phase !== "hero" || when.whose !== "your") return null;
  if (when.limit !== "none" && when.limit !== "once-per-battle") return null;
  const m = POWER_TURN.exec(norm(a.effect));
  if (!m) return null;
  const [, name, terrain, on, verb, value, whose] = m;
  // The sentence's capital: "Add" opens the effect, "add" follows a clause; "its" needs the named model before it.
  if ((verb === "Add") !== (name === undefined && on === undefined)) return null;
  if (whose === "its" && name === undefined) return null;
  const d = { kind: "power-turn", value: Number(value), ...(on ? { on: Number(on) } : {}), ...(terrain ? { terrain: Number(terrain) } : {}) };
  return { kind: "played", when, effects: [effectSchema.parse({ whom: { side: "self" }, conditions: {}, do: d })] };
}

const CASTING_TURN = /^Declare: ([^\n]+?)\.?\s*\nEffect: (?:Roll a dice\. On a ([2-6])\+, a|A)dd (\d) to casting rolls( and chanting rolls)? for the target (for the rest of the turn|until the start of your next turn)$/;

/** Discharge Armour, Divine Matriarch: a casting (and chanting) bonus for a while on a picked friendly unit. */
function castingTurn(a: AbilityText, when: When | string, vocab: ReadonlySet<string>): Translation | null {
  if (typeof when === "string" || when.timing !== "phase" || when.phase !== "hero" || when.whose === "enemy") return null;
  if (when.limit !== "none" && when.limit !== "once-per-turn-army") return null;
  const m = CASTING_TURN.exec((a.effect ?? "").replace(/\r/g, "").trim().replace(/\.$/, ""));
  if (!m) return null;
  // "a visible friendly DAUGHTERS OF KHAINE PRIEST or WIZARD": the keywords, then one of PRIEST and WIZARD.
  const either = / PRIEST or WIZARD (?=wholly within)/.test(m[1]!);
  const pick = declaredPick(either ? m[1]!.replace(" PRIEST or WIZARD ", " WIZARD ") : m[1]!, vocab);
  if (!pick || pick.whom.side !== "friendly" || pick.upTo !== undefined || pick.each) return null;
  if (either) {
    const f = pick.whom.filter;
    if (!f || f.warscrolls || f.anyKeywords || f.keywords?.at(-1) !== "WIZARD") return null;
    const rest = f.keywords.slice(0, -1);
    pick.whom = { ...pick.whom, filter: { ...f, keywords: rest, anyKeywords: ["PRIEST", "WIZARD"] } };
    if (rest.length === 0) return null;
  }
  if (Object.keys(pick.conditions).some((k) => k !== "visible")) return null;
  const d = { kind: "casting-turn", value: Number(m[3]), ...(m[4] ? { chanting: true } : {}), ...(m[2] ? { on: Number(m[2]) } : {}), ...(m[5]!.startsWith("until") ? { until: "your-next-turn" } : {}) };
  return { kind: "played", when, effects: [effectSchema.parse({ whom: pick.whom, conditions: pick.conditions, do: d })] };
}

/** "Add N to casting rolls for this unit when it uses a SUMMON ability and add M to banishment rolls for this unit" (translate-casting.ts). */
export function magic6CastingClause(s: string): Clause {
  const m = /^Add ([1-3]) to casting rolls for this unit when it uses a SUMMON ability and add ([1-3]) to banishment rolls for this unit$/.exec(s);
  if (!m) return null;
  return [fx({ do: { kind: "casting", value: Number(m[1]), summon: true } }), fx({ do: { kind: "banishment", value: Number(m[2]) } })];
}
