/**
 * The declared abilities' second pass (docs/abilities.md "Declared abilities, second pass"): effect clauses that
 * translate-status.ts's body() reads through this hook, held on a unit for a while like its own kinds
 * (src/aos/battle/status.ts, src/aos/battle/declared2.ts and their kernel twins).
 *
 * - "the target cannot use commands" (with "for the rest of the turn" / "until the start of your next turn", and
 *   the dice and picks translate-status.ts reads): `for-the-turn` with `set: "no-commands"` — the unit cannot
 *   receive a command while it holds it (the engines' command: Feral Roar, feral-roar.ts / commands.ts).
 */
import type { Body } from "./translate-status.js";

/** A clause on the target that translate-status.ts's body() does not read itself (`self`: the clause is on this unit); null if none. */
export function declared2Body(s: string, self: boolean): Body | null {
  // "The target cannot use commands": only on a picked unit (an enemy one is the only use: status.ts scores it 0 on a friendly one).
  if (!self && /^the target cannot use commands$/i.test(s)) return [{ do: { set: "no-commands" }, attack: "any" }];
  return null;
}
