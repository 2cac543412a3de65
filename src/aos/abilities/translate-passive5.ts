/**
 * Passive texts, fifth pass (docs/abilities.md "Passive abilities, fifth pass (passive5)"). Hooked into
 * translate-passive.ts's clauses after the passive4 ones (one line there).
 *
 * - `passive5Clauses`: "Double the Damage characteristic of this unit's X | [melee | ranged] weapons for [combat |
 *   shooting] attacks that target Y | if the target is Y" (Y as translate-passive.ts targetSuffix reads it, or a list
 *   "A, B, or C" of keywords: one of them) — `damage-double`, played by passive.ts weaponAfterMods and the kernel's
 *   actions.ts (assembly/battle/passive5.ts). Without a target part it is not read (none on the snapshot; a doubled
 *   Damage on every attack is the same reading, but no test would hold it).
 */
import type { Effect } from "./schema.js";
import { fx, KW, splitKeywords } from "./translate.js";

type Target = (rest: string) => { rest: string; cond: Partial<Effect["conditions"]> } | null;

/**
 * "A, B, or C" / "A, B or C" after "for attacks that target" (3 or 4 keywords, each one word the vocabulary names,
 * plural made singular): one of them (`targetAnyKeywords`). Null for anything else.
 */
function targetList(s: string, vocab: ReadonlySet<string>): { rest: string; cond: Partial<Effect["conditions"]> } | null {
  const m = new RegExp(`^(.+?) for (?:combat |shooting )?attacks that target ((?:${KW}, ){1,2}${KW},? or ${KW})$`).exec(s);
  if (!m) return null;
  const words = m[2]!.split(/,? or |, /);
  const ks = words.map((w) => splitKeywords(w, vocab, true));
  if (ks.some((k) => !k || k.length !== 1) || ks.length > 4) return null;
  return { rest: m[1]!, cond: { targetAnyKeywords: ks.map((k) => k![0]!) } };
}

/** "Double the Damage characteristic of this unit's X for attacks that target Y": `damage-double`. Null otherwise. */
export function passive5Clauses(s: string, vocab: ReadonlySet<string>, target: Target, names: (s: string) => string[] | null): Effect[] | null {
  const m = /^Double the Damage characteristic of (?:this unit's|its) (.+)$/.exec(s);
  if (!m) return null;
  const rest = m[1]!;
  const t = targetList(rest, vocab) ?? target(rest);
  if (!t) return null;
  const cond: Partial<Effect["conditions"]> = Object.fromEntries(Object.entries(t.cond).filter(([, v]) => v !== undefined));
  // "for combat attacks" / "for shooting attacks": the attack's type (the weapons' type says the same).
  const kind = /for (combat|shooting) attacks that target/.exec(rest);
  let attack: "melee" | "ranged" | "any" = kind ? (kind[1] === "combat" ? "melee" : "ranged") : "any";
  const type = /^(?:(melee|ranged) )?weapons$/.exec(t.rest);
  if (type) {
    const a = (type[1] as "melee" | "ranged" | undefined) ?? "any";
    if (attack !== "any" && a !== "any" && a !== attack) return null;
    if (a !== "any") attack = a;
  } else {
    const ws = names(t.rest);
    if (!ws) return null;
    cond.weapons = ws;
  }
  return [fx({ conditions: { attack, ...cond }, do: { kind: "damage-double" } })];
}
