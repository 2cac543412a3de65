/**
 * The timing2 area's patterns (docs/abilities.md "Timings: commands, replacements and spellings"): ability texts
 * whose timing translate.ts's parseWhen does not read — a warscroll command ("Your Hero Phase; Command") — and
 * the spellings of timings it does read. Each reads a whole ability text (its timing and every sentence) or returns
 * null and leaves the text to the other patterns.
 *
 * - Replacement abilities (CORE-REPLACEMENT): "[Once Per Turn (Army) | Once Per Battle[ (Army)], ]Your Hero |
 *   Movement Phase[; Command]: Declare: [If this unit is not in combat, p|P]ick a friendly [non-KW ]...KW[ or KW] |
 *   Name unit [that started the battle with N or more models and ][that ]has been destroyed to be the target.
 *   Effect: Set up a replacement unit with half the number of models from the target unit (rounding up) |
 *   identical to the target wholly within N" of this unit | of a battlefield edge and more than N" from all enemy
 *   units." — `replace`, played by replacement.ts and the kernel's reserves.ts (src/aos/battle/timing2.ts makes
 *   the replacement ability of the warscroll).
 * - Fighting twice: "[If this unit is in combat, it | This unit] can use 2 FIGHT abilities this phase. After the
 *   first is used, however, this unit has STRIKE-LAST for the rest of the turn | phase" (a combat-phase ability):
 *   `fight-twice`, played by src/aos/battle/timing2.ts and assembly/battle/timing2.ts; "If this unit is in combat
 *   with any enemy HEROES, it can ... and can only be picked to use a second FIGHT ability if it is still in combat
 *   with any enemy HEROES": `heroes`.
 * - Hold the Shieldwall's effect in an imported text ("If this unit did not charge this turn and is in combat with an
 *   enemy unit that charged this turn, roll a dice. On a N+, this unit has STRIKE-FIRST for the rest of the turn").
 * - (translate.ts) the fight-after reaction's Attacks bonus worded "that unit's" / "its melee weapons".
 */
import type { z } from "zod";
import { type Effect, effectSchema, type When } from "./schema.js";
import { normalTiming } from "./translate-damage.js";
import { KW, NAME, parseWhen, splitKeywords, type AbilityText, type Translation } from "./translate.js";

type EffectIn = z.input<typeof effectSchema>;
const fx = (d: EffectIn["do"]): Effect => effectSchema.parse({ do: d });
const flat = (s: string) => s.replace(/\s+/g, " ").trim().replace(/\.$/, "");

/** The texts this file reads (a whole ability each), or null. */
export function timing2Translation(a: AbilityText, vocab: ReadonlySet<string>): Translation | null {
  return replacement(a, vocab) ?? fightTwice(a) ?? shieldwall(a);
}

/**
 * "Any Combat Phase: If this unit did not charge this turn and is in combat with an enemy unit that charged this turn,
 * roll a dice. On a N+, this unit has STRIKE-FIRST for the rest of the turn" — the bundled Hold the Shieldwall's
 * effect (`strike` first on N+, not charged, an enemy in combat that charged: combat-abilities.ts strikeFirstOnRoll),
 * without a limit (the step uses it once for each unit).
 */
function shieldwall(a: AbilityText): Translation | null {
  const when = parseWhen(a.timing);
  if (typeof when === "string" || when.timing !== "phase" || when.phase !== "combat" || when.limit !== "none") return null;
  const m = /^If this unit did not charge this turn and is in combat with an enemy unit that charged this turn, roll a dice\. On a ([2-6])\+, this unit has STRIKE-FIRST for the rest of the turn$/.exec(flat(a.effect ?? ""));
  if (!m) return null;
  return { kind: "played", when, effects: [effectSchema.parse({ conditions: { attack: "any", charged: false, targetCharged: true }, do: { kind: "strike", order: "first", on: Number(m[1]) } })] };
}

/**
 * "[If this unit is in combat, it | This unit] can use 2 FIGHT abilities this phase. After the first is used,
 * however, this unit has STRIKE-LAST for the rest of the turn | phase" in a combat phase: `fight-twice`.
 */
function fightTwice(a: AbilityText): Translation | null {
  const when = parseWhen(a.timing);
  if (typeof when === "string" || when.timing !== "phase" || when.phase !== "combat" || when.limit === "once-per-phase-army") return null;
  const text = flat(a.effect ?? "").replace(/\bfight abilit(y|ies)\b/gi, "FIGHT abilit$1");
  const m = /^(This unit|If this unit is in combat, it) can use 2 FIGHT abilities this phase\. After the first is used, however, this unit has STRIKE-LAST for the rest of the (?:turn|phase)$/.exec(text);
  // "If this unit is in combat with any enemy HEROES, ... and can only be picked to use a second FIGHT ability if it is still in combat with any enemy HEROES".
  const heroes =
    /^If this unit is in combat with any enemy HEROES, it can use 2 FIGHT abilities this phase\. After the first is used, however, this unit has STRIKE-LAST for the rest of the (?:turn|phase) and can only be picked to use a second FIGHT ability if it is still in combat with any enemy HEROES$/.test(
      text,
    );
  if (!m && !heroes) return null;
  const inCombat = heroes || m![1] !== "This unit";
  return { kind: "played", when, effects: [effectSchema.parse({ conditions: { attack: "any", ...(inCombat ? { inCombat: true } : {}) }, do: { kind: "fight-twice", ...(heroes ? { heroes: true } : {}) } })] };
}

/** "[non-KW ]...KW[ or KW]" or a warscroll's name: the units a replacement ability may replace. */
function replaceTargets(phrase: string, vocab: ReadonlySet<string>): { warscrolls?: string[]; keywords?: string[]; anyKeywords?: string[]; notKeywords?: string[] } | null {
  if (new RegExp(`^${NAME}$`).test(phrase)) return { warscrolls: [phrase] };
  let rest = phrase;
  const not: string[] = [];
  let m: RegExpExecArray | null;
  while ((m = /^non-([A-Z0-9][A-Z0-9'’-]*) /.exec(rest))) {
    const k = splitKeywords(m[1]!, vocab, false);
    if (!k) return null;
    not.push(...k);
    rest = rest.slice(m[0].length);
  }
  const f: { keywords?: string[]; anyKeywords?: string[]; notKeywords?: string[] } = {};
  if (not.length > 0) f.notKeywords = not;
  const or = new RegExp(`^(${KW}) or (${KW})$`).exec(rest);
  if (or) {
    const first = splitKeywords(or[1]!, vocab, false);
    const second = splitKeywords(or[2]!, vocab, false);
    if (!first || !second || second.length !== 1) return null;
    if (first.length > 1) f.keywords = first.slice(0, -1);
    f.anyKeywords = [first.at(-1)!, second[0]!];
    return f;
  }
  if (!new RegExp(`^${KW}$`).test(rest)) return null;
  const ks = splitKeywords(rest, vocab, false);
  if (!ks) return null;
  f.keywords = ks;
  return f;
}

/** A replacement ability of the warscroll (CORE-REPLACEMENT). */
function replacement(a: AbilityText, vocab: ReadonlySet<string>): Translation | null {
  const t = /^(?:(Once Per Turn \(Army\)|Once Per Battle(?: \(Army\))?), )?Your (Hero|Movement) Phase(; Command)?$/.exec(normalTiming(a.timing) ?? "");
  if (!t) return null;
  const command = t[3] !== undefined;
  // Without a limit of its own, only as a command (an army uses a command once per phase: commands.ts).
  if (t[1] === undefined && !command) return null;
  const dec = /^Declare: ([\s\S]+?)\s*\nEffect: ([\s\S]+)$/.exec((a.effect ?? "").trim());
  if (!dec) return null;
  // "Mortek Guardunit" (the catalogue's typo for "Mortek Guard unit").
  const declare = flat(dec[1]!).replace(/(friendly [A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)*?)unit\b/, "$1 unit");
  const effect = flat(dec[2]!);
  const d = /^(If this unit is not in combat, p|P)ick a friendly (.+?) unit (?:that started the battle with (\d+) or more models and (?:that )?|that )has been destroyed to be the target$/.exec(declare);
  const e =
    /^Set up a replacement unit (with half the number of models from the target unit \(rounding up\)|identical to the target) wholly within (\d+)" of (this unit|a battlefield edge) and more than (\d+)" from all enemy units$/.exec(
      effect,
    );
  if (!d || !e) return null;
  const targets = replaceTargets(d[2]!, vocab);
  if (!targets) return null;
  const within = Number(e[2]);
  const gap = Number(e[4]);
  if (within > 48 || gap > 48) return null;
  const limit = t[1] === undefined ? "none" : t[1] === "Once Per Turn (Army)" ? "once-per-turn-army" : t[1] === "Once Per Battle (Army)" ? "once-per-battle-army" : "once-per-battle";
  const when: When = { timing: "phase", phase: t[2] === "Hero" ? "hero" : "movement", whose: "your", limit };
  return {
    kind: "played",
    when,
    effects: [
      fx({
        kind: "replace",
        command,
        userNotInCombat: d[1] !== "P",
        targets: { ...targets, ...(d[3] !== undefined ? { minStartModels: Number(d[3]) } : {}) },
        models: e[1]!.startsWith("with half") ? "half" : "all",
        moreThanFromEnemies: gap,
        ...(e[3] === "this unit" ? { whollyWithinUser: within } : { whollyWithinEdge: within }),
      }),
    ],
  };
}
