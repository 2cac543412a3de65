/**
 * The declared abilities' second pass (docs/abilities.md "Declared abilities, second pass"): effect clauses that
 * translate-status.ts's body() reads through this hook, held on a unit for a while like its own kinds
 * (src/aos/battle/status.ts, src/aos/battle/declared2.ts and their kernel twins).
 *
 * - "the target cannot use commands" (with "for the rest of the turn" / "until the start of your next turn", and
 *   the dice and picks translate-status.ts reads): `for-the-turn` with `set: "no-commands"` — the unit cannot
 *   receive a command while it holds it (the engines' command: Feral Roar, feral-roar.ts / commands.ts).
 * - "add N to charge rolls for the target" (`set: "charge"`, N 1-3) and "add 1 to the number of dice rolled when
 *   making charge rolls for the target, to a maximum of 3" (`set: "charge-dice"`): read by the charge
 *   (moves.ts moveModifier, effects.ts chargeDice); a charge phase's are used at its start (combat-abilities.ts).
 */
import type { Body } from "./translate-status.js";

/** A clause on the target that translate-status.ts's body() does not read itself (`self`: the clause is on this unit); null if none. */
export function declared2Body(s: string, self: boolean): Body | null {
  const S = self ? "(?:this unit|it)" : "the target";
  let m: RegExpExecArray | null;
  // "The target cannot use commands": only on a picked unit (an enemy one is the only use: status.ts scores it 0 on a friendly one).
  if (!self && /^the target cannot use commands$/i.test(s)) return [{ do: { set: "no-commands" }, attack: "any" }];
  // "Add N to charge rolls for the target"; "add 1 to the number of dice rolled when making charge rolls for the target, to a maximum of 3".
  if ((m = new RegExp(`^add ([1-3]) to charge rolls for ${S}$`, "i").exec(s))) return [{ do: { set: "charge", value: Number(m[1]) }, attack: "any" }];
  if (new RegExp(`^add 1 to the number of dice rolled when making charge rolls for ${S}, to a maximum of 3$`, "i").test(s)) return [{ do: { set: "charge-dice", value: 1 }, attack: "any" }];
  return null;
}

/**
 * "friendly non-WAR MACHINE CITIES OF SIGMAR unit": a "non-" keyword of two words the vocabulary holds (translate-status.ts
 * pickUnits reads one word after "non-"); the keyword and the phrase without it, or null.
 */
export function multiWordNot(phrase: string, vocab: ReadonlySet<string>): { not: string; rest: string } | null {
  const m = /(^|\s)non-([A-Z0-9][A-Z0-9'’-]* [A-Z0-9][A-Z0-9'’-]*) /.exec(phrase);
  if (!m || !vocab.has(m[2]!)) return null;
  return { not: m[2]!, rest: phrase.slice(0, m.index + m[1]!.length) + phrase.slice(m.index + m[0].length) };
}
