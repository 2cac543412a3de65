/**
 * The hero3 area (docs/abilities.md "Hero phases, spells and the start of a turn (hero3)"): wordings of hero-phase,
 * spell and prayer texts one step away from what the engines play. Each reads a text whole or leaves it to the
 * other patterns:
 *
 * - "Declare: Pick ... to be the target and roll a dice. Effect: On a N+, X": the dice of the Declare step is the
 *   effect's "Roll a dice. On a N+, X" (translate-status.ts reads it then).
 * - "If this unit is in combat, X. If this unit is not in combat, roll a dice. On a 3+, X." (X twice, the same
 *   clause): X with the dice, `sureInCombat` (status.ts rolls no dice while the unit with the ability is in combat).
 * - A spell's "The target cannot use commands for the rest of the turn | until the start of your next turn"
 *   (`for-the-turn` `no-commands`, the declared2 set; spells' modifier score: 1 on an enemy MONSTER with Battle
 *   Damaged data, as declared2's). Terrible Madness' second sentence, "In addition, roll a number of dice equal to the
 *   number of models in the target unit. For each 6, ...", is translate-spells.ts's own form.
 * - A start-of-turn "Declare: Pick an objective you do not control and that you controlled earlier in the battle to be
 *   the target. Effect: You control the target objective." (All Belongs to Tzeentch): `seize` (src/aos/battle/hero3.ts).
 */
import type { z } from "zod";
import { effectSchema, type When } from "./schema.js";
import { sentences, type Translation } from "./translate.js";

type EffectIn = z.input<typeof effectSchema>;

/** The Declare step's dice moved to the effect ("... to be the target and roll a dice. Effect: On a 3+, X"); the text unchanged otherwise. */
export function hero3Text(text: string): string {
  return text.replace(/^(Declare: [\s\S]+? to be the target) and roll a dice\.(\s*)\nEffect: On a ([2-6])\+, /, "$1.$2\nEffect: Roll a dice. On a $3+, ");
}

/**
 * "If this unit is in combat, X. If this unit is not in combat, roll a dice. On a N+, X" (the effect's sentences): the
 * sentences as "Roll a dice", "On a N+, X" (translate-status.ts reads them) and the flag, or null for any other.
 */
export function sureInCombat(list: readonly string[]): string[] | null {
  if (list.length !== 3) return null;
  const a = /^If this unit is in combat, (.+)$/.exec(list[0]!);
  const b = /^If this unit is not in combat, roll a dice$/.test(list[1]!);
  const c = /^On a ([2-6])\+, (.+)$/.exec(list[2]!);
  if (!a || !b || !c || a[1] !== c[2]) return null;
  return ["Roll a dice", list[2]!];
}

const DURATION = /^(for the rest of the turn|until the start of your next turn)$/i;

/** A spell's or prayer's effect clause (translate-spells.ts clause's form): the clause and how many sentences it read, or null. */
export function hero3SpellClause(s: string): [{ on: "target"; effects: Omit<EffectIn, "whom">[] }, number] | null {
  // "The target's melee weapons have Crit (Auto-wound) for the rest of the turn" (Lotann's spell).
  const crit = /^(.+) (for the rest of the turn|until the start of your next turn)$/i.exec(s);
  const body = crit ? hero3Body(crit[1]![0]!.toLowerCase() + crit[1]!.slice(1), false) : null;
  if (body) return [{ on: "target", effects: [{ conditions: { attack: "melee" }, do: { kind: "for-the-turn", ...body[0]!.do, ...(crit![2]!.toLowerCase().startsWith("until") ? { until: "your-next-turn" } : {}) } }] }, 1];
  const m = /^The target cannot use commands (.+)$/.exec(s);
  if (m && DURATION.test(m[1]!)) return [{ on: "target", effects: [{ do: { kind: "for-the-turn", set: "no-commands", ...(m[1]!.startsWith("until") ? { until: "your-next-turn" } : {}) } }] }, 1];
  return null;
}

/** A whole text this area reads (after translate.ts's timing): the seizing of an objective; null for any other. */
export function hero3Translation(when: When, text: string): Translation | null {
  const d = /^Declare: ([\s\S]+?)\nEffect: ([\s\S]+)$/.exec(text);
  if (!d || when.timing !== "phase" || when.phase !== "start-of-turn") return null;
  const [pick, effect] = [sentences(d[1]!), sentences(d[2]!)];
  if (pick.length !== 1 || pick[0] !== "Pick an objective you do not control and that you controlled earlier in the battle to be the target") return null;
  if (effect.length !== 1 || effect[0] !== "You control the target objective") return null;
  return { kind: "played", when, effects: [effectSchema.parse({ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "seize" } })] };
}

const CRIT = /^the target's melee weapons have (Crit \((?:2 Hits|Auto-wound|Mortal)\))$/i;

/**
 * A clause on a picked unit translate-status.ts's body() reads through this hook (after declared2's): "the target's
 * melee weapons have Crit (2 Hits) | Crit (Auto-wound) | Crit (Mortal)" (`for-the-turn` `weapon-ability`, melee); null otherwise.
 */
export function hero3Body(s: string, self: boolean): { do: { set: "weapon-ability"; ability: "Crit (2 Hits)" | "Crit (Auto-wound)" | "Crit (Mortal)" }; attack: "melee" }[] | null {
  const m = self ? null : CRIT.exec(s);
  if (!m) return null;
  const ability = (["Crit (2 Hits)", "Crit (Auto-wound)", "Crit (Mortal)"] as const).find((a) => a.toLowerCase() === m[1]!.toLowerCase())!;
  return [{ do: { set: "weapon-ability", ability }, attack: "melee" }];
}
