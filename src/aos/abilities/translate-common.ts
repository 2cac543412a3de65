/**
 * The translator's patterns for the most common BSData texts the sentence patterns of translate.ts cannot read
 * (docs/abilities.md "The most common texts"): each reads one whole ability text — its timing and every sentence —
 * or returns null and leaves the text to the other patterns. Played by src/aos/battle/common.ts and the kernel's
 * assembly/battle/common.ts.
 *
 * - "[Once Per Turn[ (Army)], ]Reaction: This unit was picked as | to be the target of a non-CORE ability: Make a
 *   resistance roll of D6. On a N+, that ability has no effect on this unit" (Ruination Chamber, Guardian of the
 *   Final Threshold): `resist`, a reaction to `targeted`.
 * - "If this unit would be automatically destroyed, it is not automatically destroyed. Instead, allocate N | D3
 *   damage points to it (ward rolls cannot be made for those damage points)" (Son of Behemat): `not-destroyed`.
 * - Unstoppable Momentum's momentum points: `momentum`.
 * - Hidden Weapon Team ("... this unit is not visible to enemy units more than 13" away"): `hidden`.
 * - Longshanks ("This unit can pass through models in non-MONSTER units and parts of terrain features that are
 *   less than 4" tall"): `pass-through`.
 */
import type { z } from "zod";
import { type Effect, effectSchema, type LIMITS } from "./schema.js";
import { splitKeywords, type Translation } from "./translate.js";

type EffectIn = z.input<typeof effectSchema>;
const fx = (d: EffectIn["do"]): Effect => effectSchema.parse({ do: d });
const flat = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** The texts this file reads (a whole ability each), or null. */
export function commonTranslation(a: { timing?: string | undefined; effect?: string | undefined }, vocab: ReadonlySet<string>): Translation | null {
  const timing = flat(a.timing);
  const text = flat(a.effect).replace(/\.$/, "");
  return resistance(timing, text) ?? spellResistance(timing, text, vocab) ?? heat(timing, text) ?? (timing === "Passive" ? (notDestroyed(text) ?? momentum(text) ?? hidden(text, vocab) ?? passThrough(text, vocab) ?? overheat(text)) : null);
}

/**
 * A Cogfort's heat-token ability ('Full Power!', 'Full Charge!', 'Power to Maximum!', 'Output to Maximum!'): its
 * options, each "N *Name*: text". Played in part when an option is Full Throttle ("[For the rest of the turn, ]this
 * unit's Move characteristic is N"": the engines' only option); else translated, not played.
 */
function heat(timing: string, text: string): Translation | null {
  const t = /^(Once Per Turn \(Army\), )?(Your|Any) Hero Phase$/.exec(timing);
  const m = /^Pick 1 or more of the following effects( to apply for the rest of the turn)?\. For each effect you pick, give this unit a number of heat tokens equal to the number beside it\. (.+)$/.exec(text);
  if (!t || !m) return null;
  const parts = m[2]!.split(/(?:^|\.? )([1-6]) \*([^*]+?)\*: ?/);
  if (parts[0] !== "" || parts.length < 4 || (parts.length - 1) % 3 !== 0) return null;
  const options: { heat: number; name: string; move?: number }[] = [];
  for (let i = 1; i < parts.length; i += 3) {
    const name = parts[i + 1]!.replace(/[!:]+$/, "").trim();
    const body = parts[i + 2]!.trim().replace(/\.$/, "");
    const mv = new RegExp(`^${m[1] ? "" : "For the rest of the turn, "}[Tt]his unit's Move characteristic is (\\d+)"$`).exec(body);
    options.push({ heat: Number(parts[i]), name, ...(mv ? { move: Number(mv[1]) } : {}) });
  }
  const when = { timing: "phase" as const, phase: "hero" as const, whose: t[2]!.toLowerCase() as "your" | "any", limit: t[1] ? ("once-per-turn-army" as const) : ("none" as const) };
  const effects = [fx({ kind: "heat", options })];
  const others = options.filter((o) => o.move === undefined).map((o) => o.name);
  if (others.length === options.length) return { kind: "translated", when, effects, why: "a heat-token ability: none of its options is one the engines play (they play Full Throttle's Move)" };
  return { kind: "played", when, effects, ...(others.length ? { partial: `a heat-token ability: the engines play its Full Throttle (Move 10" for the rest of the turn, the heat tokens and Overheating), not ${others.join(", ")}` } : {}) };
}

/** Overheating: after the heat-token ability, a dice per heat token; each N+ is a damage point (no ward) and removes a token. */
function overheat(text: string): Translation | null {
  const m = /^Immediately after resolving this unit's '[^']+' ability, you must roll a number of dice equal to the number of heat tokens this unit has\. For each ([2-6])\+, allocate 1 damage point to this unit \(ward rolls cannot be made for those damage points\), then remove 1 of this unit's heat tokens$/.exec(text);
  if (!m) return null;
  return { kind: "played", when: { timing: "passive" }, effects: [fx({ kind: "overheat", on: Number(m[1]) })] };
}

/** Ruination Chamber: a resistance roll against a non-CORE ability that picked the unit as its target. */
function resistance(timing: string, text: string): Translation | null {
  const t = /^(Once Per Turn( \(Army\))?, )?Reaction: This unit was picked (?:as|to be) the target of a non-CORE ability$/.exec(timing);
  if (!t) return null;
  const m = /^Make a resistance roll of D6\. On a ([2-6])\+, that ability has no effect on this unit$/.exec(text);
  if (!m) return null;
  const limit: (typeof LIMITS)[number] = t[1] ? (t[2] ? "once-per-turn-army" : "once-per-turn") : "none";
  return { kind: "played", when: { timing: "reaction", to: "targeted", limit }, effects: [fx({ kind: "resist", on: Number(m[1]) })] };
}

/** Son of Behemat. */
function notDestroyed(text: string): Translation | null {
  const m = /^If this unit would be automatically destroyed, it is not automatically destroyed\. Instead, allocate (\d+|D3|D6) damage points? to it \(ward rolls cannot be made for those damage points\)$/.exec(text);
  if (!m) return null;
  return { kind: "played", when: { timing: "passive" }, effects: [fx({ kind: "not-destroyed", damage: m[1]! })] };
}

/** Unstoppable Momentum. */
function momentum(text: string): Translation | null {
  const m =
    /^Each time this unit has charged as a result of using a CHARGE ability, it gains (\d) momentum points?\. Each time it uses a RUN ability, it gains (\d) momentum points?\. It can have a maximum of (\d) momentum points at once\. Add the number of momentum points this unit has to the Damage characteristic of its (.+?)\. At the end of each battle round, subtract (\d) from its momentum points, to a minimum of 0$/.exec(
      text,
    );
  if (!m) return null;
  return {
    kind: "played",
    when: { timing: "passive" },
    effects: [fx({ kind: "momentum", charge: Number(m[1]), run: Number(m[2]), max: Number(m[3]), weapon: m[4]!, roundLoss: Number(m[5]) })],
  };
}

/** Hidden Weapon Team: not visible from afar while escorted by a big enough unit with no other weapon team near it. */
function hidden(text: string, vocab: ReadonlySet<string>): Translation | null {
  const m =
    /^While this unit is within the combat range of a friendly ([A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)*) unit that has (\d+) or more models, and there are no other friendly ([A-Z0-9][A-Z0-9'’ -]*?) units within that unit's combat range, this unit is not visible to enemy units more than (\d+)" away$/.exec(
      text,
    );
  if (!m) return null;
  const alone = splitKeywords(m[3]!, vocab, false);
  if (!alone || alone.length !== 1) return null;
  return {
    kind: "played",
    when: { timing: "passive" },
    effects: [fx({ kind: "hidden", beyond: Number(m[4]), escort: { filter: { warscrolls: [m[1]!] }, minModels: Number(m[2]), range: 3 }, alone: alone[0]! })],
  };
}

/** Longshanks: passing through models of units without a keyword, and through low terrain. */
function passThrough(text: string, vocab: ReadonlySet<string>): Translation | null {
  const m = /^This unit can pass through models in non-([A-Z0-9][A-Z0-9'’-]*) units and parts of terrain features that are less than (\d+)" tall$/.exec(text);
  if (!m) return null;
  const not = splitKeywords(m[1]!, vocab, false);
  if (!not) return null;
  return { kind: "played", when: { timing: "passive" }, effects: [fx({ kind: "pass-through", notKeywords: not, terrainBelow: Number(m[2]) })] };
}

/**
 * The coverage's reading of a translation among its warscroll's abilities (index.ts coverageOf): a heat-token
 * ability played in part is not played; Overheating is played only where the warscroll's heat-token ability has
 * an option the engines pick (else no heat token is ever gained).
 */
export function commonCoverage(t: Translation, abilities: readonly { timing?: string | undefined; effect?: string | undefined }[]): Translation {
  if (t.kind !== "played") return t;
  if (t.partial) return { kind: "translated", when: t.when, effects: t.effects, why: `played in part: ${t.partial}` };
  if (!t.effects.some((e) => e.do.kind === "overheat")) return t;
  const gains = abilities.some((a) => {
    const h = heat(flat(a.timing), flat(a.effect).replace(/\.$/, ""));
    return h?.kind === "played";
  });
  return gains ? t : { kind: "translated", when: t.when, effects: t.effects, why: "Overheating: its warscroll's heat-token ability has no option the engines play (Full Throttle), so no heat token is ever gained" };
}

/**
 * "Reaction: Opponent declared a SPELL ability: If this unit [or a friendly X unit wholly within N" of this unit] was
 * picked to be the target of that spell, roll a dice. On a N+, ignore the effect of that spell on this unit [or that
 * friendly unit].[ This unit can use this ability more than once per phase but only once per SPELL ability.]"
 */
function spellResistance(timing: string, text: string, vocab: ReadonlySet<string>): Translation | null {
  // "a Spell ability" (The Shield Inviolate's catalogue spelling) is the same timing (the timing2 area).
  if (timing.replace(/ Spell ability$/, " SPELL ability") !== "Reaction: Opponent declared a SPELL ability") return null;
  const m =
    /^If this unit (?:or a friendly (.+?) unit wholly within (\d+)" of this unit )?was picked to be the target of that spell, roll a dice\. On a ([2-6])\+, ignore the effect of that spell on this unit( or that friendly unit)?(\. This unit can use this ability more than once per phase but only once per SPELL ability)?$/i.exec(
      text,
    );
  if (!m || (m[1] === undefined) !== (m[4] === undefined)) return null;
  let whom: { side: "self" | "friendly"; filter?: { warscrolls?: string[]; keywords?: string[] }; range?: number; wholly?: boolean; includeSelf?: boolean } = { side: "self" };
  if (m[1] !== undefined) {
    const ks = /^[A-Z0-9][A-Z0-9'’ -]*$/.test(m[1]) ? splitKeywords(m[1], vocab, false) : null;
    const filter = ks ? { keywords: ks } : /^[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)*$/.test(m[1]) ? { warscrolls: [m[1]] } : null;
    if (!filter || Number(m[2]) > 48) return null;
    whom = { side: "friendly", filter, range: Number(m[2]), wholly: true, includeSelf: true };
  }
  const effect = effectSchema.parse({ whom, do: { kind: "resist", on: Number(m[3]), against: "spell", ...(m[5] ? {} : { oncePerPhase: true }) } });
  return { kind: "played", when: { timing: "reaction", to: "targeted", limit: "none" }, effects: [effect] };
}
