/**
 * The kills5 area's translations (docs/abilities.md "Kills credited to the unit that made them (kills5)"): texts whose
 * effect depends on what the unit with the ability killed (src/aos/abilities/kills5.ts, the `killed` condition), read
 * by rewriting them to the wording the other patterns play and adding the condition. Hooked into translate.ts
 * translateAbility by one line; `translate` is translateAbility itself.
 *
 * - "End of Any Turn: If any enemy models were slain by this unit's [combat ]attacks this turn, Heal (X) this unit":
 *   the heal with `killed` models-by-[combat-]attacks (healing.ts useHeal, the kernel's healing.ts).
 * - "[Once Per Battle, ]End of Any Turn: If this unit destroyed an enemy HERO [or MONSTER] this turn, this unit has
 *   STRIKE-FIRST | WARD (N+) for the rest of the battle": a `kill-mark` (the token "kill-<name>", put at the end of the
 *   turn when `killed` holds: src/aos/battle/kills5.ts useKillMarks) and the STRIKE-FIRST / ward needing it
 *   (conditions.token). The catalogue's "If this destroyed" (Tribal Warleader) is read as "If this unit destroyed".
 * - "Passive: The first time an enemy MONSTER is destroyed by this unit, add N to hit | wound rolls for this unit's
 *   attacks for the rest of the battle": the passive modifier with `killed` monster-battle (attack.ts conditionsHold).
 */
import { effectSchema, type When } from "./schema.js";
import { type AbilityText, healingPlayable, type Translation } from "./translate.js";

const flat = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

const played = (t: Translation): t is Extract<Translation, { kind: "played" }> => t.kind === "played" && t.partial === undefined;

const self = { side: "self", wholly: false, includeSelf: false } as const;

/** The kill-mark token of an ability: "kill-" and its name's letters and digits. */
export function killToken(name: string): string {
  return `kill-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "")}`.slice(0, 40).replace(/-+$/, "");
}

/** The area's readings of `a`, or null (the other patterns then read it as before). */
export function kills5Translation(a: AbilityText, parseWhen: (t: string | undefined) => When | string, translate: (a: AbilityText) => Translation): Translation | null {
  const when = parseWhen(a.timing);
  if (typeof when === "string") return null;
  const text = flat(a.effect);
  let m: RegExpExecArray | null;
  if (when.timing === "passive") {
    // "The first time an enemy MONSTER is destroyed by this unit, add N to hit/wound rolls for this unit's attacks for the rest of the battle."
    if ((m = /^The first time an enemy MONSTER is destroyed by this unit, add ([1-3]) to (hit|wound) rolls for this unit's attacks for the rest of the battle\.?$/.exec(text))) {
      const t = translate({ name: a.name, timing: "Passive", effect: `Add ${m[1]!} to ${m[2]!} rolls for this unit's attacks.` });
      if (!played(t) || t.effects.length !== 1 || t.effects[0]!.do.kind !== m[2]) return null;
      const e = t.effects[0]!;
      return { kind: "played", when: t.when, effects: [{ ...e, conditions: { ...e.conditions, killed: ["monster-battle"] } }] };
    }
    return null;
  }
  if (when.timing !== "phase" || when.phase !== "end-of-turn") return null;
  // "If any enemy models were slain by this unit's [combat ]attacks this turn, Heal (X) this unit."
  if ((m = /^If any enemy models were slain by this unit's (combat )?attacks this turn, (Heal \((?:D3|D6|[1-9])\) this unit\.?)$/.exec(text))) {
    const t = translate({ name: a.name, timing: a.timing, effect: m[2]! });
    // Only where healing.ts plays it (useHeal reads the condition): translate.ts healingPlayable's timings.
    if (!played(t) || t.effects.length !== 1 || t.effects[0]!.do.kind !== "heal" || !healingPlayable(t.when, t.effects)) return null;
    const e = t.effects[0]!;
    return { kind: "played", when: t.when, effects: [{ ...e, conditions: { ...e.conditions, killed: [m[1] ? "models-by-combat-attacks" : "models-by-attacks"] } }] };
  }
  // "If this unit destroyed an enemy HERO [or MONSTER] this turn, this unit has STRIKE-FIRST | WARD (N+) for the rest of the battle."
  if ((m = /^If this (?:unit )?destroyed an enemy (HERO or MONSTER|HERO|MONSTER) this turn, this unit has (STRIKE-FIRST|WARD \(([2-6])\+\)) for the rest of the battle\.?$/.exec(text))) {
    if (when.limit !== "none" && when.limit !== "once-per-battle") return null;
    const token = killToken(a.name);
    const killed = m[1] === "HERO or MONSTER" ? (["hero", "monster"] as const) : m[1] === "HERO" ? (["hero"] as const) : (["monster"] as const);
    const body = m[2] === "STRIKE-FIRST" ? { kind: "strike", order: "first" } : { kind: "ward", value: Number(m[3]) };
    return {
      kind: "played",
      when,
      effects: [
        effectSchema.parse({ whom: self, conditions: { attack: "any", killed: [...killed] }, do: { kind: "kill-mark", token } }),
        effectSchema.parse({ whom: self, conditions: { attack: "any", token }, do: body }),
      ],
    };
  }
  return null;
}
