/**
 * Passive texts, fifth pass (docs/abilities.md "Passive abilities, fifth pass (passive5)"). Hooked into
 * translate-passive.ts's clauses after the passive4 ones (one line there).
 *
 * - `passive5Clauses`: "Double the Damage characteristic of this unit's X | [melee | ranged] weapons for [combat |
 *   shooting] attacks that target Y | if the target is Y" (Y as translate-passive.ts targetSuffix reads it) —
 *   `damage-double`, played by passive.ts weaponAfterMods and the kernel's
 *   actions.ts (assembly/battle/passive5.ts). Without a target part it is not read (none on the snapshot; a doubled
 *   Damage on every attack is the same reading, but no test would hold it).
 * - `passive5ShootingPhase`: a shooting phase's "For the rest of the phase: • X. • Y." on this unit's ranged attacks,
 *   hooked into translate.ts translateAbility (one line there).
 * - `passive5Each`: "Add N to the Attacks characteristic of [other ]friendly X units wholly within N\" of this unit for
 *   the rest of the turn" in a phase: each such unit when it is used (hooked there too).
 */
import { type Effect, effectSchema, type When } from "./schema.js";
import { fx, type Translation } from "./translate.js";

type Target = (rest: string) => { rest: string; cond: Partial<Effect["conditions"]> } | null;

/** "Double the Damage characteristic of this unit's X for attacks that target Y": `damage-double`. Null otherwise. */
export function passive5Clauses(s: string, vocab: ReadonlySet<string>, target: Target, names: (s: string) => string[] | null): Effect[] | null {
  const m = /^Double the Damage characteristic of (?:this unit's|its) (.+)$/.exec(s);
  if (!m) return null;
  const rest = m[1]!;
  const t = target(rest);
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

/**
 * A shooting phase's "For the rest of the phase: • X. • Y." on this unit's ranged attacks (Ironblaster (Scourge of
 * Ghyran)'s Shrapnel Blast): each bullet read as "X for the rest of the turn" by the status patterns (`read`: the phase
 * text rewritten, which must be played), or "This unit's ranged weapons have Crit (2 Hits | Auto-wound | Mortal)" (the
 * hero3 area's Crit for a while, on ranged attacks). Kept only when every effect is on the unit itself and on its
 * ranged attacks alone: the engines make no ranged attack after a turn's shooting phase (shooting.ts is the only place
 * a unit shoots, in the shooting phase), so the rest of the phase is the rest of the turn there. Null otherwise.
 */
export function passive5ShootingPhase(when: When | string, text: string, read: (effect: string) => Translation): Translation | null {
  if (typeof when === "string" || when.timing !== "phase" || when.phase !== "shooting") return null;
  const m = /^For the rest of the phase:\s*•\s*([^•]+?)\.?\s*•\s*([^•]+?)\.?$/.exec(text.replace(/\s+/g, " ").trim());
  if (!m) return null;
  const effects: Effect[] = [];
  for (const bullet of [m[1]!, m[2]!]) {
    const crit = /^This unit's ranged weapons have (Crit \((?:2 Hits|Auto-wound|Mortal)\))$/.exec(bullet);
    if (crit) {
      effects.push(effectSchema.parse({ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "ranged" }, do: { kind: "for-the-turn", set: "weapon-ability", ability: crit[1] } }));
      continue;
    }
    const r = read(`${bullet} for the rest of the turn.`);
    if (r.kind !== "played") return null;
    effects.push(...r.effects);
  }
  const ok = effects.every((e) => e.whom.side === "self" && e.conditions.attack === "ranged" && e.do.kind === "for-the-turn" && e.do.until === undefined && e.do.on === undefined);
  return ok ? { kind: "played", when, effects } : null;
}

/**
 * "Add N to the Attacks characteristic of [other ]friendly X units wholly within N\" of this unit for the rest of the
 * turn" / "... of W used by friendly X units wholly within ..." in a phase (Lord-Celestant on Stardrake's, Ripperdactyl
 * Chief's): the units wholly within range when the ability is used (no "while": not an aura), each for the rest of the
 * turn — the status area's "Pick each ... to be the targets" (`each`), read from the text rewritten to that form
 * (`read`: must be played). Null otherwise.
 */
export function passive5Each(when: When | string, text: string, read: (effect: string) => Translation): Translation | null {
  if (typeof when === "string" || when.timing !== "phase") return null;
  const m = /^Add ([1-3]) to the Attacks characteristic of (?:((?:melee |ranged )?weapons|[A-Z][A-Za-z'’ -]+?) used by )?(other )?friendly (.+?) units (wholly within \d+" of this unit) for the rest of the turn\.?$/.exec(text.replace(/\s+/g, " ").trim());
  if (!m) return null;
  const weapons = m[2] ?? "weapons";
  const r = read(`Declare: Pick each ${m[3] ?? ""}friendly ${m[4]} unit ${m[5]} to be the targets.\nEffect: Add ${m[1]} to the Attacks characteristic of the targets' ${weapons} for the rest of the turn.`);
  if (r.kind !== "played" || !r.effects.every((e) => e.do.kind === "for-the-turn" && e.do.each === true && e.do.set === "attacks")) return null;
  return r;
}
