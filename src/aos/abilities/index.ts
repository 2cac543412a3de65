/**
 * The bundled abilities in the effect language (data/aos/abilities.json, schema.ts), looked up by warscroll,
 * and the coverage of an army: how many of its abilities the engines play (`tactica units --coverage`, the
 * "N of this army's M abilities are not played" line of matchup, battle and odds).
 */
import abilitiesJson from "../../../data/aos/abilities.json" with { type: "json" };
import { parseOrThrow } from "../../core/errors.js";
import { keywordInList, lowerName } from "../keywords.js";
import { type AbilitiesFile, abilitiesFileSchema, type Ability, type Effect, type EffectFilter } from "./schema.js";
import { type AbilityText, keywordVocabulary, translateAbility } from "./translate.js";
import { pairSetUps } from "./translate-moves.js";
import { commonCoverage } from "./translate-common.js";

export * from "./schema.js";

let bundled: AbilitiesFile | undefined;

/** The bundled abilities, parsed once; a warscroll names each ability once. */
export function bundledAbilities(): AbilitiesFile {
  if (!bundled) {
    const parsed = parseOrThrow(abilitiesFileSchema, abilitiesJson, "data/aos/abilities.json");
    const keys = parsed.abilities.map((a) => abilityKey(a));
    const dup = keys.find((k, i) => keys.indexOf(k) !== i);
    if (dup) throw new Error(`data/aos/abilities.json: "${dup}" is written twice`);
    bundled = parsed;
  }
  return bundled;
}

/** "Warscroll/Ability", the name tests and the coverage report use. */
export function abilityKey(a: { warscroll: string; name: string }): string {
  return `${a.warscroll}/${a.name}`;
}

const norm = lowerName;

/** The abilities written for a warscroll (none for a warscroll the bundled data does not hold). */
export function abilitiesOf(warscroll: string): Ability[] {
  const w = norm(warscroll);
  return bundledAbilities().abilities.filter((a) => norm(a.warscroll) === w);
}

/** A keyword, with or without its parameter: "WARD" matches "WARD (5+)" (units.ts hasKeyword). */
export function keywordIn(keywords: readonly string[], k: string): boolean {
  return keywordInList(keywords, k);
}

/** Whether a unit (its warscroll and keywords) passes an effect's filter. */
export function passes(p: { warscroll: string; keywords: readonly string[] }, f: EffectFilter | undefined): boolean {
  if (!f) return true;
  if (f.orWarscrolls?.some((w) => norm(w) === norm(p.warscroll))) return true;
  if (f.warscrolls && !f.warscrolls.some((w) => norm(w) === norm(p.warscroll))) return false;
  if (f.notWarscrolls?.some((w) => norm(w) === norm(p.warscroll))) return false;
  if (f.keywords && !f.keywords.every((k) => keywordIn(p.keywords, k))) return false;
  if (f.anyKeywords && !f.anyKeywords.some((k) => keywordIn(p.keywords, k))) return false;
  if (f.notKeywords && f.notKeywords.some((k) => keywordIn(p.keywords, k))) return false;
  return true;
}

/** One played effect with its ability, in data order: the order both interpreters apply them in. */
export interface PlayedEffect {
  ability: Ability;
  effect: Effect;
  /** "Warscroll/Ability" */
  key: string;
}

/** The played effects whose warscroll is one of `warscrolls` (a battle's units), in data order. */
export function playedEffects(warscrolls: readonly string[]): PlayedEffect[] {
  const present = new Set(warscrolls.map(norm));
  const out: PlayedEffect[] = [];
  for (const a of bundledAbilities().abilities)
    if (a.status === "played" && present.has(norm(a.warscroll))) for (const e of a.effects) out.push({ ability: a, effect: e, key: abilityKey(a) });
  return out;
}

/**
 * The played effects of a battle's units: the bundled abilities of their warscrolls (playedEffects), then the
 * translated abilities imported warscrolls carry (UnitProfile.abilities), each warscroll once, in unit order.
 */
export function playedEffectsOf(profiles: readonly { warscroll: string; abilities?: readonly Ability[] }[]): PlayedEffect[] {
  const out = playedEffects(profiles.map((p) => p.warscroll));
  const seen = new Set<string>();
  for (const p of profiles) {
    if (!p.abilities || p.abilities.length === 0 || seen.has(norm(p.warscroll))) continue;
    seen.add(norm(p.warscroll));
    for (const a of p.abilities) if (a.status === "played") for (const e of a.effects) out.push({ ability: a, effect: e, key: abilityKey(a) });
  }
  return out;
}

export interface CoverageEntry {
  warscroll: string;
  ability: string;
  /**
   * played / engine / not-played: as data/aos/abilities.json says; translated-played: an imported
   * ability the translator (translate.ts) writes in effects the interpreters play; translated: written in the
   * effect language but not played yet; unknown: not read (the note says why).
   */
  status: "played" | "engine" | "not-played" | "translated-played" | "translated" | "unknown";
  /** Why it is not played, or which code plays it. */
  note: string;
  /** The ability's timing and text (an imported one's), for grouping the report by text. */
  text?: string;
}

export interface Coverage {
  /** Abilities of the army's warscrolls (each warscroll counted once). */
  total: number;
  /** Played by the interpreters or other engine code, hand-written or translated. */
  played: number;
  /** Of `played`, those translated from the BSData text. */
  translatedPlayed: number;
  /** Written in the effect language by the translator but not played yet (counted in notPlayed). */
  translatedNotPlayed: number;
  notPlayed: CoverageEntry[];
  entries: CoverageEntry[];
}

/** A warscroll for the coverage: its ability names, and an imported one's texts and Battle Damaged data. */
export interface CoverageUnit {
  warscroll: string;
  abilityNames: readonly string[];
  abilities?: readonly AbilityText[];
  /** The warscroll has Battle Damaged as data (PB-REALM-FERAL-ROAR: damaged.ts plays it). */
  battleDamaged?: boolean;
}

const BATTLE_DAMAGED = /^While this unit has \d+ or more damage points/i;
const textOf = (a: AbilityText) => `${a.timing ?? ""}: ${(a.effect ?? "").replace(/\s+/g, " ").trim()}`;

/**
 * The abilities of an army's warscrolls, each warscroll once: played by the interpreters or other engine
 * code, or not. `abilityNames` gives the warscroll's own ability names; an imported warscroll the bundled
 * data does not hold is read by the translator from `abilities` (its texts) with the keyword vocabulary
 * `vocab` (imported.ts libraryVocabulary), as the battle reads it (create.ts).
 */
export function coverageOf(units: readonly CoverageUnit[], vocab: ReadonlySet<string> = keywordVocabulary([])): Coverage {
  const seen = new Set<string>();
  const entries: CoverageEntry[] = [];
  for (const u of units) {
    const w = norm(u.warscroll);
    if (seen.has(w)) continue;
    seen.add(w);
    const written = abilitiesOf(u.warscroll);
    // A reserve and its arrival are played as a pair (translate-moves.ts pairSetUps).
    const translations = written.length === 0 && u.abilities ? pairSetUps(u.abilities.map((t) => translateAbility(t, vocab))) : [];
    u.abilityNames.forEach((name, i) => {
      const a = written.find((x) => norm(x.name) === norm(name));
      if (a) return entries.push({ warscroll: a.warscroll, ability: a.name, status: a.status, note: a.note ?? "" });
      const t = u.abilities?.[i];
      if (written.length > 0 || !t) return entries.push({ warscroll: u.warscroll, ability: name, status: "unknown", note: "not written in the effect language (an imported warscroll)" });
      const text = textOf(t);
      if (u.battleDamaged && BATTLE_DAMAGED.test(t.effect ?? "")) return entries.push({ warscroll: u.warscroll, ability: name, status: "engine", note: "Battle Damaged data (PB-REALM-FERAL-ROAR)", text });
      const r = commonCoverage(translations[i] ?? translateAbility(t, vocab), u.abilities ?? []);
      if (r.kind === "played") entries.push({ warscroll: u.warscroll, ability: name, status: "translated-played", note: "translated from the BSData text", text });
      else if (r.kind === "translated") entries.push({ warscroll: u.warscroll, ability: name, status: "translated", note: `translated, not played: ${r.why}`, text });
      else entries.push({ warscroll: u.warscroll, ability: name, status: "unknown", note: `not translated: ${r.why}`, text });
    });
  }
  const notPlayed = entries.filter((e) => e.status === "not-played" || e.status === "unknown" || e.status === "translated");
  return {
    total: entries.length,
    played: entries.length - notPlayed.length,
    translatedPlayed: entries.filter((e) => e.status === "translated-played").length,
    translatedNotPlayed: entries.filter((e) => e.status === "translated").length,
    notPlayed,
    entries,
  };
}

/** The entries not played, grouped by their text (an imported ability's) or name, largest group first. */
export function notPlayedGroups(c: Coverage): { text: string; note: string; count: number; abilities: string[] }[] {
  const groups = new Map<string, { text: string; note: string; count: number; abilities: string[] }>();
  for (const e of c.notPlayed) {
    const key = e.text ?? `${e.warscroll}/${e.ability}`;
    const g = groups.get(key) ?? { text: e.text ?? "", note: e.note, count: 0, abilities: [] };
    g.count++;
    g.abilities.push(`${e.warscroll}/${e.ability}`);
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/** Whose abilities a coverage sentence counts: an army's, or the two warscrolls of `tactica odds`. */
export type CoverageOwner = "army" | "pair";

/**
 * The coverage sentence every result that depends on abilities prints (matchup, battle, odds, the dashboard):
 * "N of this army's M abilities are not played", with `hint` the way to list them; when none is left out, it
 * says so ("all M of this army's abilities are played") rather than counting a zero and pointing at an empty list.
 * `hint`: true names `tactica units --coverage`, a string another command (an imported army's), false none.
 */
export function coverageSentence(notPlayed: number, total: number, owner: CoverageOwner, hint: boolean | string): string {
  const whose = owner === "army" ? "this army's" : "these two warscrolls'";
  if (total === 0) return owner === "army" ? "this army's warscrolls have no abilities" : "these two warscrolls have no abilities";
  if (notPlayed === 0) return total === 1 ? `${whose} 1 ability is played` : `all ${total} of ${whose} abilities are played`;
  const counted = total === 1 ? `${whose} 1 ability is not played` : `${notPlayed} of ${whose} ${total} abilities ${notPlayed === 1 ? "is" : "are"} not played`;
  return hint === false ? counted : `${counted} (${hint === true ? "tactica units --coverage" : hint} lists them)`;
}
