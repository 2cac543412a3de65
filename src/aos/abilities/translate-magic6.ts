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
 */
import { effectSchema, type When } from "./schema.js";
import type { AbilityText, Translation } from "./translate.js";

/** Whitespace folded, the final full stop dropped. */
const norm = (s: string | undefined): string => (s ?? "").replace(/\s+/g, " ").trim().replace(/\.$/, "");

const NAME = "[A-Z][A-Za-z'’-]*(?: [A-Z][A-Za-z'’-]*){0,3}";
const POWER_TURN = new RegExp(
  `^(?:If this unit's (${NAME}) is on the battlefield(?: and within (\\d+)" of a terrain feature)?, )?(?:roll a dice\\. On a ([2-6])\\+, )?(add|Add) (\\d) to (this unit's|its) power level for the rest of the turn$`,
);

/** The whole texts this area reads; null for any other. */
export function magic6Translation(a: AbilityText, parseWhen: (t: string | undefined) => When | string): Translation | null {
  const when = parseWhen(a.timing);
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
