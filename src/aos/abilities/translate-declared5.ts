/**
 * The declared abilities' fifth pass (docs/abilities.md "Declared abilities, fifth pass (declared5)"): wordings of
 * "Declare: ... Effect: ..." abilities whose effect is held for a while, read through hooks in translate-status.ts and
 * played by the status step (src/aos/battle/status.ts, src/aos/battle/declared5.ts and their kernel twins).
 *
 * - Bullet lists under one duration and one roll: "[Roll a dice[ for each target]. On a N+, ]for the rest of the turn |
 *   until the start of your next turn: • A. • B." — each bullet a clause with that duration, all on the same roll (the
 *   status step's group: one target, one dice).
 * - "Roll 2D6. If the result | roll exceeds the target's Health characteristic, CLAUSE | DURATION: • A. • B." — the dice
 *   `vs: "health-2d6-exceeds"` (two D6 summed).
 * - "Add N\" to the target's Move characteristic" / "Add N\" to the Move characteristic of the target" — `set: "move"`.
 * - A mark: "add 1 to wound rolls for combat attacks made by friendly KW units that target that enemy unit" — held on the
 *   target "against" its attackers, with passive4's `attackerFilter`.
 * - Picks: "... to be targets" (the catalogue's slip for "to be the targets"); "friendly non-HERO non-CAVALRY KW units"
 *   (two one-word "non-" keywords).
 */
import type { Body } from "./translate-status.js";
import type { DiceForm } from "./translate-declared2.js";
import { splitKeywords } from "./translate.js";

const DUR = "(for the rest of the turn|until the start of your next turn)";

/** A clause on the picked target that translate-status.ts's body() does not read itself: the Move characteristic (`set: "move"`); null otherwise. */
export function declared5Body(s: string, self: boolean, vocab: ReadonlySet<string>): Body | null {
  if (self) return null;
  const m = /^add ([1-3])" to (?:the target's Move characteristic|the Move characteristic of the target)$/i.exec(s);
  if (m) return [{ do: { set: "move", value: Number(m[1]) }, attack: "any" }];
  return markBody(s, vocab);
}

/**
 * A mark on the picked (enemy) target for some friendly units' attacks: "add|subtract N to|from hit rolls|wound rolls for
 * [combat|shooting] attacks made by friendly KW units | friendly Name units that target the target" (combat3Text has
 * made "that enemy unit" "the target"): the modifier held on the target "against" its attackers that pass the filter
 * (`attackerFilter`, passive4's held form: attack.ts attackerHolds, the kernel's EF.P_FLAGS 64). Null otherwise.
 */
function markBody(s: string, vocab: ReadonlySet<string>): Body | null {
  const m = /^(add|subtract) ([1-3]) (?:to|from) (hit rolls|wound rolls) for (?:(combat|shooting) )?attacks made by friendly (.+?) units( that are under orders)? that target the target$/i.exec(s);
  if (!m) return null;
  const units = m[5]!;
  let filter: { keywords: string[] } | { warscrolls: string[] } | null = null;
  if (/^[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)*$/.test(units)) filter = { warscrolls: [units] };
  else if (/^[A-Z0-9][A-Z0-9'’-]*(?: [A-Z0-9][A-Z0-9'’-]*)*$/.test(units)) {
    const ks = splitKeywords(units, vocab, false);
    if (ks) filter = { keywords: ks };
  }
  if (!filter) return null;
  const value = (m[1]!.toLowerCase() === "add" ? 1 : -1) * Number(m[2]);
  return [{ do: { set: m[3] === "hit rolls" ? "hit" : "wound", value, direction: "against" }, attack: m[4] === "combat" ? "melee" : m[4] === "shooting" ? "ranged" : "any", cond: { attackerFilter: filter, ...(m[6] ? { attackerUnderOrders: true as const } : {}) } }];
}

const lower = (s: string) => s[0]!.toLowerCase() + s.slice(1);

/**
 * The effect's sentences as clauses with their duration, and the dice: a bullet list under "DURATION:" (after "Roll a
 * dice[ for each target]. On a N+, " or alone), or "Roll 2D6. If the result exceeds the target's Health characteristic,
 * CLAUSE | DURATION: • ..."; null for any other sentences (translate-status.ts reads them).
 */
export function declared5Sentences(list: readonly string[], many: boolean): { clauses: string[]; on?: number; dice?: DiceForm } | null {
  const bullets = (head: string, rest: readonly string[]): string[] | null => {
    const d = new RegExp(`^${DUR}:$`, "i").exec(head);
    if (!d || rest.length < 2 || rest.some((b) => b.endsWith(":"))) return null;
    return rest.map((b) => `${d[1]!.toLowerCase()}, ${lower(b)}`);
  };
  // "Roll 2D6. If the result exceeds the target's Health characteristic, ..." (one target: not after a pick of several).
  if (list[0] === "Roll 2D6" && !many) {
    const m = /^If the (?:result|roll) exceeds the target's Health characteristic, (.+)$/.exec(list[1] ?? "");
    if (!m) return null;
    const dice: DiceForm = { vs: "health-2d6-exceeds" };
    if (list.length === 2) return /:$/.test(m[1]!) ? null : { clauses: [m[1]!], dice };
    const cs = bullets(m[1]!, list.slice(2));
    return cs ? { clauses: cs, dice } : null;
  }
  if (list[0] === (many ? "Roll a dice for each target" : "Roll a dice")) {
    const m = /^On a ([2-6])\+, (.+:)$/.exec(list[1] ?? "");
    if (!m) return null;
    const cs = bullets(m[2]!, list.slice(2));
    return cs ? { clauses: cs, on: Number(m[1]) } : null;
  }
  const cs = bullets(list[0] ?? "", list.slice(1));
  return cs ? { clauses: cs } : null;
}

/** The declare's slips: "... to be targets" for "... to be the targets". */
export function declared5Declare(d: string): string {
  return d.replace(/ to be targets$/, " to be the targets");
}

/**
 * "[other ]friendly|enemy non-A non-B REST": the first one-word "non-" keyword (in the vocabulary) and the phrase without
 * it (translate-status.ts pickUnits reads one "non-" keyword); null otherwise.
 */
export function doubleNot(phrase: string, vocab: ReadonlySet<string>): { not: string; rest: string } | null {
  const m = /^((?:other )?(?:friendly|enemy) )non-([A-Z0-9][A-Z0-9'’-]*) (non-[A-Z0-9][A-Z0-9'’-]* .+)$/.exec(phrase);
  if (!m) return null;
  const k = splitKeywords(m[2]!, vocab, false);
  return k && k.length === 1 ? { not: k[0]!, rest: m[1]! + m[3]! } : null;
}

/**
 * "..., the target has WARD (N+) DURATION. If you picked a KW unit, it has WARD (M+) DURATION instead" (Trogg-Guts): the
 * list without the last sentence, the keyword, M and whether DURATION is "until the start of your next turn";
 * translate-status.ts then adds the ward M held only while its holder has the keyword (`targetKeywords`, read where the
 * ward is: attack.ts heldTargetHolds, the kernel's EF.TARGET_KEYWORDS) — the better ward of the two is the one used.
 * Null for any other list.
 */
export function wardInstead(list: readonly string[], vocab: ReadonlySet<string>): { list: string[]; keyword: string; ward: number; until: boolean } | null {
  const m = new RegExp(`^If you picked an? ([A-Z0-9][A-Z0-9'’-]*(?: [A-Z0-9][A-Z0-9'’-]*)*) unit, it has WARD \\(([2-6])\\+\\) ${DUR} instead$`).exec(list.at(-1) ?? "");
  if (!m || list.length < 2) return null;
  const k = splitKeywords(m[1]!, vocab, false);
  if (!k || k.length !== 1) return null;
  return { list: list.slice(0, -1), keyword: k[0]!, ward: Number(m[2]), until: m[3] === "until the start of your next turn" };
}
