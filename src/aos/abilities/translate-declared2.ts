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
 * - "the target can use a RUN ability and still use [SHOOT and/or ]CHARGE abilities later in the turn" and its other
 *   wordings (`set: "charge-after"`, `after`, `shoot`): read by moves.ts actsAfter (the charge, the shooting and the
 *   policy's decision to run).
 * - dice read against the target ("If the roll exceeds the target's Control characteristic, ..."; `vs`) or with a bonus
 *   when it is damaged (`addIfDamaged`): status.ts useForAWhile rolls them (diceForm below).
 */
import type { Body } from "./translate-status.js";
import { splitKeywords } from "./translate.js";

/** A clause on the target that translate-status.ts's body() does not read itself (`self`: the clause is on this unit); null if none. */
export function declared2Body(s: string, self: boolean): Body | null {
  // Only on a picked unit: a text about the unit itself is the other areas' (Vanguard Chamber's charge-after: translate-moves.ts).
  if (self) return null;
  const S = "the target";
  let m: RegExpExecArray | null;
  // "The target cannot use commands": only on a picked unit (an enemy one is the only use: status.ts scores it 0 on a friendly one).
  if (/^the target cannot use commands$/i.test(s)) return [{ do: { set: "no-commands" }, attack: "any" }];
  // "Add N to charge rolls for the target"; "add 1 to the number of dice rolled when making charge rolls for the target, to a maximum of 3".
  if ((m = new RegExp(`^add ([1-3]) to charge rolls for ${S}$`, "i").exec(s))) return [{ do: { set: "charge", value: Number(m[1]) }, attack: "any" }];
  if (new RegExp(`^add 1 to the number of dice rolled when making charge rolls for ${S}, to a maximum of 3$`, "i").test(s)) return [{ do: { set: "charge-dice", value: 1 }, attack: "any" }];
  // "the target can use a RUN ability and still use [SHOOT and/or ]CHARGE abilities later in the turn"; "the target can
  // [still ]use [SHOOT and/or ]CHARGE abilities even if it used a RUN [or RETREAT] ability in the same turn".
  const A = "(a RUN|a RETREAT|a RUN or RETREAT|a RETREAT or RUN)";
  const X = "(CHARGE|SHOOT and/or CHARGE)";
  const a = new RegExp(`^${S} can use ${A} ability and still use ${X} abilities later in the turn$`).exec(s) ?? new RegExp(`^${S} can (?:still )?use ${X} abilities even if it used ${A} ability in the same turn$`).exec(s);
  if (a) {
    const [moves, acts] = a[1]!.startsWith("a ") ? [a[1]!, a[2]!] : [a[2]!, a[1]!];
    const after = (["run", "retreat"] as const).filter((w) => moves.includes(w.toUpperCase()));
    return [{ do: { set: "charge-after", after, shoot: acts.startsWith("SHOOT") }, attack: "any" }];
  }
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

/** The second pass's dice on a for-the-turn effect (schema.ts `vs`, `addIfDamaged`, `on`). */
export type DiceForm = { vs?: "control-exceeds" | "control-at-most" | "health-at-most" | "health-2d6-exceeds"; addIfDamaged?: number; addIfKeywords?: { add: number; anyKeywords: string[] }; on?: number };

/**
 * "Roll a dice [for each target]. If the roll exceeds | is equal to or less than the target's Control | Health
 * characteristic, CLAUSE" and "Roll a dice. Add N to the roll if the target is damaged. On a N+, CLAUSE | If the roll
 * ..., CLAUSE": the dice and the clause (translate-status.ts reads the clause); null for any other sentences.
 */
export function diceForm(list: readonly string[], many: boolean, vocab: ReadonlySet<string>): { dice: DiceForm; clause: string } | null {
  if (list[0] !== (many ? "Roll a dice for each target" : "Roll a dice")) return null;
  let rest = list.slice(1);
  const dice: DiceForm = {};
  let bonus = /^Add ([1-3]) to the roll if the target is damaged$/.exec(rest[0] ?? "");
  if (bonus) dice.addIfDamaged = Number(bonus[1]);
  // "Add 1 to the roll if the target is [a|an] KW [or KW]": one keyword each.
  const kw = /^Add ([1-3]) to the roll if the target is (?:an? )?([A-Z][A-Z'’-]*(?: [A-Z][A-Z'’-]*)*?)(?: or ([A-Z][A-Z'’-]*(?: [A-Z][A-Z'’-]*)*))?$/.exec(rest[0] ?? "");
  if (!bonus && kw) {
    const any = [kw[2]!, ...(kw[3] ? [kw[3]] : [])].map((k) => splitKeywords(k, vocab, true));
    if (any.some((k) => k === null || k.length !== 1)) return null;
    dice.addIfKeywords = { add: Number(kw[1]), anyKeywords: any.map((k) => k![0]!) };
    bonus = kw;
  }
  if (bonus) rest = rest.slice(1);
  if (rest.length !== 1) return null;
  const vs = /^If the roll (exceeds|is equal to or less than) the target's (Control|control|Health) characteristic, (.+)$/.exec(rest[0]!);
  if (vs) {
    const control = vs[2]!.toLowerCase() === "control";
    if (!control && vs[1] === "exceeds") return null; // not in the texts
    dice.vs = control ? (vs[1] === "exceeds" ? "control-exceeds" : "control-at-most") : "health-at-most";
    return { dice, clause: vs[3]! };
  }
  const on = /^On a ([2-6])\+, (.+)$/.exec(rest[0]!);
  if (!on || !bonus) return null; // a plain "On a N+" is translate-status.ts's own
  dice.on = Number(on[1]);
  return { dice, clause: on[2]! };
}

/** The catalogues' slips in an effect: "Roll a dice, On a 3+," (a comma for a full stop), "the target unit's weapons" (the target's). */
export function normalEffect(text: string): string {
  return text.replace(/\bRoll a dice, On a\b/g, "Roll a dice. On a").replace(/\bthe target unit's\b/g, "the target's");
}

/** "You cannot pick a Longbeards unit" (a second Declare sentence): the warscrolls excluded from the pick, or undefined. */
export function exclusion(s: string): string[] | undefined {
  const m = /^You cannot pick an? ([A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)*) unit$/.exec(s);
  return m ? [m[1]!] : undefined;
}

/**
 * "[If this unit ..., ]pick this unit and up to N [other ]friendly ... units ... to be the targets": the declare as
 * translate-status.ts reads a pick of several ("Pick up to 2 ...": the count is the pick's form only) and N, the others
 * besides this unit (`andSelf`); null for any other declare.
 */
export function andSelfPick(d: readonly string[]): { declare: string[]; others: number } | null {
  if (d.length !== 1) return null;
  const m = /^(If this unit [^,]+, p|P)ick this unit and up to (1|2|3|one|two|three) (?:other )?(.+ to be the targets)$/.exec(d[0]!);
  if (!m) return null;
  const n = { one: 1, two: 2, three: 3 }[m[2] as "one"] ?? Number(m[2]);
  return { declare: [`${m[1]}ick up to 2 ${m[3]}`], others: n };
}
