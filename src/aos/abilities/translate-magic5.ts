/**
 * The magic5 area's spell clauses (docs/abilities.md "Spells, prayers and manifestations, fifth pass (magic5)"),
 * hooked into translate-spells.ts's clause by one line (before the hero3 area's):
 *
 * - "Until the start of your next turn | For the rest of the turn, subtract 1 from the number of dice rolled when making
 *   charge rolls for the target, to a minimum of 1" (Tectonic Splintering): declared2's `charge-dice` set held on the
 *   target with value -1 (declared2.ts chargeDiceHeld and the kernel's twin take a negative value down to 1 die).
 *
 * - "Enemy Hero Phase | Your Hero Phase: Give this unit D3 | N ritual points" (Krethusa the Croneseer's, read whole):
 *   `ritual-gain` on the unit with the ability, at the end of that hero phase (battle/magic5.ts, the kernel's
 *   assembly/battle/magic5.ts; kind code 163).
 *
 * The Declare step's "This unit can cast this spell while its NAME is on the battlefield." (Retribution or Salvation) is
 * read in translate-spells.ts parseDeclare (the named model's decision).
 */
import type { z } from "zod";
import { effectSchema, type When } from "./schema.js";
import type { AbilityText, Translation } from "./translate.js";

type EffectIn = z.input<typeof effectSchema>;

/** A spell's or prayer's effect clause (translate-spells.ts clause's form): the clause and how many sentences it read, or null. */
export function magic5SpellClause(s: string): [{ on: "target"; effects: Omit<EffectIn, "whom">[] }, number] | null {
  const m = /^(Until the start of your next turn|For the rest of the turn), subtract 1 from the number of dice rolled when making charge rolls for the target, to a minimum of 1$/.exec(s);
  if (m) return [{ on: "target", effects: [{ do: { kind: "for-the-turn", set: "charge-dice", value: -1, ...(m[1]!.startsWith("Until") ? { until: "your-next-turn" } : {}) } }] }, 1];
  return null;
}

/** Whitespace folded, the final full stop dropped. */
const norm = (s: string | undefined): string => (s ?? "").replace(/\s+/g, " ").trim().replace(/\.$/, "");

/** The whole texts this area reads (hooked into translate.ts translateOrThrow by one line); null for any other. */
export function magic5Translation(a: AbilityText): Translation | null {
  const timing = /^(Enemy|Your) Hero Phase$/.exec(norm(a.timing));
  const m = /^Give this unit (D3|[1-6]) ritual points?$/.exec(norm(a.effect));
  if (!timing || !m) return null;
  const when: When = { timing: "phase", phase: "hero", whose: timing[1] === "Enemy" ? "enemy" : "your", limit: "none" };
  const points = m[1] === "D3" ? "D3" : Number(m[1]);
  return { kind: "played", when, effects: [effectSchema.parse({ whom: { side: "self" }, conditions: {}, do: { kind: "ritual-gain", points } })] };
}
