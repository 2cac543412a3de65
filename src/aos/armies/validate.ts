/**
 * Validating a roster against the army rules. Each violation carries the catalog rule ID and one sentence
 * a player understands. Which rules apply depends on the roster's mode:
 *
 * | rule           | pitched-battles-2021                         | regiments-4th                          |
 * |----------------|----------------------------------------------|----------------------------------------|
 * | PB-ROSTER      | units exist, references resolve               | same                                   |
 * | PB-GS-PICK     | a grand strategy is named                     | —                                      |
 * | PB-LIMIT       | the points limit is in the table; total ≤ it  | total ≤ the limit                      |
 * | PB-FACTION     | one faction; allies, coalition ignored        | one faction; Regiment of Renown ignored |
 * | PB-ROLES       | Leader/Battleline/Behemoth/Artillery; general is a Leader | —                          |
 * | PB-BATTALIONS  | core battalions only                          | (no battalions: AOS4-REGIMENTS)        |
 * | PB-REINFORCED  | sizes; count limit; twice only Battleline     | sizes; once at most (3.3)              |
 * | PB-ALLIES      | points cap; no enhancements on allies         | (no allies: AOS4-REGIMENTS)            |
 * | PB-COALITION   | coalition Battleline does not count           | —                                      |
 * | PB-ENDLESS     | at most the table's number; no duplicates     | —                                      |
 * | PB-TRAIT       | 1 command trait, on a HERO general            | —                                      |
 * | AOS4-REGIMENTS | —                                             | 1-5 regiments, 1 HERO + up to 3 allowed units each; general a HERO |
 * | AOS4-RoR       | (a 4th-edition rule)                          | at most 1; its units not general, no enhancements |
 */
import { parseOrThrow } from "../../core/errors.js";
import { findWarscroll, suggestWarscrolls, type WarscrollLibrary, factionsOf } from "./library.js";
import { findLore, loreAllowed } from "./manifestations.js";
import { MAX_REGIMENTS_OF_RENOWN, PITCHED_BATTLES_2021, type PitchedBattleLimit, type PitchedBattleTable, REGIMENT_LIMITS } from "./limits.js";
import { type Roster, type RosterUnit, rosterSchema } from "./roster.js";
import { hasKeyword, hasRole, type RegimentOption, type Warscroll } from "./warscroll.js";

export const ARMY_RULES = [
  "PB-ROSTER",
  "PB-GS-PICK",
  "PB-LIMIT",
  "PB-FACTION",
  "PB-ROLES",
  "PB-BATTALIONS",
  "PB-REINFORCED",
  "PB-ALLIES",
  "PB-COALITION",
  "PB-ENDLESS",
  "PB-TRAIT",
  "AOS4-REGIMENTS",
  "AOS4-RoR",
] as const;
export type ArmyRule = (typeof ARMY_RULES)[number];

/** The grand strategies of the Pitched Battles 2021 battlepack (PB-GS-01..08). */
export const GRAND_STRATEGIES = [
  "Sever the Head",
  "Hold the Line",
  "Vendetta",
  "Dominating Presence",
  "Beast Master",
  "Prized Sorcery",
  "Pillars of Belief",
  "Predator's Domain",
] as const;

export interface Violation {
  rule: ArmyRule;
  message: string;
}

export interface ResolvedUnit {
  /** Index in `roster.units`. */
  index: number;
  label: string;
  unit: RosterUnit;
  warscroll: Warscroll;
  models: number;
  reinforced: number;
  /**
   * Points it adds to the army (0 inside a Regiment of Renown, whose own cost is counted instead); null when
   * the roster gives a size the warscroll has no points for (PB-REINFORCED: points are per minimum-size unit,
   * twice that reinforced, 3 times reinforced twice — 15 Mortek Guard, or 10 marked reinforced, cost nothing
   * the rules say), and then `models` is the roster's own number.
   */
  points: number | null;
  regimentOfRenown: string | undefined;
}

export interface RoleCounts {
  leaders: number;
  battleline: number;
  behemoths: number;
  artillery: number;
  reinforced: number;
  alliesPoints: number;
  endlessSpells: number;
}

export interface RosterReport {
  name: string;
  faction: string;
  mode: Roster["mode"];
  pointsLimit: number;
  /** The priced units' points plus lores and Regiments of Renown: `unpriced` names the units left out of it. */
  points: number;
  /** The labels of units whose points are null (a size the warscroll has no points for). */
  unpriced: string[];
  valid: boolean;
  violations: Violation[];
  units: ResolvedUnit[];
  counts: RoleCounts;
  /** Index in `roster.units` of the general, when the reference resolved. */
  general: number | undefined;
  /** The manifestation lore the army picked (CORE-BANISH), where it resolved: its points and manifestations. */
  manifestationLore: { name: string; points: number; manifestations: string[] } | null;
  /** The regiments as written, with each reference shown as the unit's label where it resolved. */
  regiments: { leader: string; units: string[] }[];
}

const fmt = (n: number) => n.toLocaleString("en-GB");
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const norm = (s: string) => s.trim().toLowerCase();
const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

export function describeOption(o: RegimentOption): string {
  const what = o.unit ?? o.keywords!.join(" ");
  return o.max === undefined ? `Any ${what}` : `0-${o.max} ${what}`;
}

function optionMatches(o: RegimentOption, w: Warscroll): boolean {
  if (o.unit !== undefined) return norm(o.unit) === norm(w.name);
  const kws = o.keywords!;
  // A HERO joins another HERO's regiment only where the option names HEROES (3.1).
  if (hasKeyword(w, "HERO") && !kws.some((k) => norm(k) === "hero")) return false;
  return kws.every((k) => hasKeyword(w, k));
}

/**
 * AOS4-REGIMENTS: the indices of the members a leader's options cannot take. Tries every way of assigning
 * members to options (a regiment is small), so overlapping options with caps ("0-1 X", "Any INFANTRY") are
 * judged fairly; among equally good assignments the later members are the ones refused.
 */
export function regimentRejects(leader: Warscroll, members: readonly Warscroll[]): number[] {
  const options = leader.regimentOptions;
  if (options === undefined) {
    // Options not known (imported data without them): any non-HERO unit (PB-FACTION checks the faction).
    return members.flatMap((m, i) => (hasKeyword(m, "HERO") ? [i] : []));
  }
  if (members.length > 8) return members.map((_, i) => i);
  const used = new Array<number>(options.length).fill(0);
  let best: number[] = members.map((_, i) => i);
  const rejected: number[] = [];
  const go = (i: number): void => {
    if (rejected.length >= best.length) return;
    if (i === members.length) {
      best = [...rejected];
      return;
    }
    const m = members[i]!;
    for (let k = 0; k < options.length; k++) {
      const o = options[k]!;
      if (!optionMatches(o, m) || (o.max !== undefined && used[k]! >= o.max)) continue;
      used[k]!++;
      go(i + 1);
      used[k]!--;
    }
    rejected.push(i);
    go(i + 1);
    rejected.pop();
  };
  go(0);
  return best;
}

/** Parses a roster (InputError naming the field when it is not one) and validates it. */
export function checkRoster(json: unknown, library: WarscrollLibrary, table: PitchedBattleTable = PITCHED_BATTLES_2021, where = "roster"): RosterReport {
  return validateRoster(parseOrThrow(rosterSchema, json, where), library, table);
}

export function validateRoster(roster: Roster, library: WarscrollLibrary, table: PitchedBattleTable = PITCHED_BATTLES_2021): RosterReport {
  const violations: Violation[] = [];
  const add = (rule: ArmyRule, message: string) => violations.push({ rule, message });
  const pb = roster.mode === "pitched-battles-2021";

  // PB-ROSTER: every unit names a warscroll that exists.
  const renown = new Map<number, string>();
  const resolved: ResolvedUnit[] = [];
  const keyOf = (u: RosterUnit) => norm(u.id ?? u.warscroll);
  const explicitIds = new Map<string, { id: string; n: number }>();
  roster.units.forEach((u) => {
    if (u.id !== undefined) explicitIds.set(norm(u.id), { id: explicitIds.get(norm(u.id))?.id ?? u.id, n: (explicitIds.get(norm(u.id))?.n ?? 0) + 1 });
  });
  for (const { id, n } of explicitIds.values()) if (n > 1) add("PB-ROSTER", `${n} units have the id "${id}"; give each unit its own id.`);

  /** Indices of the roster units a reference names; reports unknown and ambiguous references. */
  const lookup = (ref: string, what: string): number | undefined => {
    const hits = roster.units.flatMap((u, i) => (keyOf(u) === norm(ref) ? [i] : []));
    if (hits.length === 1) return hits[0];
    if (hits.length === 0) add("PB-ROSTER", `${what} names "${ref}", which is not a unit of this roster.`);
    else add("PB-ROSTER", `${what} names "${ref}", but ${hits.length} units go by that name; give them ids and use one.`);
    return undefined;
  };

  roster.regimentsOfRenown.forEach((r) => {
    for (const ref of r.units) {
      const i = lookup(ref, `The Regiment of Renown ${r.name}`);
      if (i !== undefined) renown.set(i, r.name);
    }
  });

  roster.units.forEach((u, index) => {
    const w = findWarscroll(library, u.warscroll, roster.faction);
    if (!w) {
      const close = suggestWarscrolls(library, u.warscroll);
      add("PB-ROSTER", `"${u.warscroll}" is not a warscroll in ${library.source}${close.length ? ` (did you mean ${close.map((c) => `"${c}"`).join(", ")}?)` : ""}.`);
      return;
    }
    if (u.ally && u.coalition) add("PB-ROSTER", `${w.name} is marked both as an ally and as a coalition unit; it can be only one.`);
    // "Mortek Guard (20)" reads well as it is; an id like "anvil" becomes "Mortek Guard (anvil)".
    const label = u.id === undefined || norm(u.id) === norm(w.name) ? w.name : norm(u.id).includes(norm(w.name)) ? u.id : `${w.name} (${u.id})`;
    const min = w.unitSize;
    let reinforced: number | undefined = u.reinforced;
    const given = u.models;
    // Whether the roster's size is one the warscroll has points for.
    let sized = true;
    // PB-REINFORCED: a unit has its minimum size, twice it (reinforced) or 3 times it (Battleline, twice).
    if (given !== undefined) {
      if (given < min) {
        sized = false;
        add("PB-REINFORCED", `${label} has ${given} models; its minimum unit size is ${min}, and understrength units are not allowed.`);
      } else if (reinforced === undefined) {
        if (given % min === 0 && given / min <= 3) reinforced = given / min - 1;
        else {
          sized = false;
          add("PB-REINFORCED", `${label} has ${given} models; it must have ${min}${w.unitSize > 1 ? `, ${2 * min} (reinforced) or ${3 * min} (reinforced twice)` : ""}.`);
        }
      } else if (given !== min * (1 + reinforced)) {
        sized = false;
        add("PB-REINFORCED", `${label} has ${given} models, but ${reinforced === 0 ? "an unreinforced" : reinforced === 1 ? "a reinforced" : "a twice-reinforced"} unit has ${min * (1 + reinforced)}.`);
      }
    }
    reinforced ??= 0;
    // A size with no points: the models as the roster gives them and no points (not the minimum size's, which
    // would list 10 models and 110 points for a roster's 15 beside a violation saying 15).
    const models = sized ? min * (1 + reinforced) : given!;
    const inRenown = renown.get(index);
    const points = inRenown !== undefined ? 0 : sized ? w.points * (1 + reinforced) : null;
    resolved.push({ index, label, unit: u, warscroll: w, models, reinforced, points, regimentOfRenown: inRenown });
  });

  const byIndex = new Map(resolved.map((r) => [r.index, r]));
  const resolveRef = (ref: string, what: string): ResolvedUnit | undefined => {
    const i = lookup(ref, what);
    return i === undefined ? undefined : byIndex.get(i);
  };
  const general = resolveRef(roster.general, "The general");
  const limit: PitchedBattleLimit | undefined = table[String(roster.pointsLimit)];

  // PB-GS-PICK: the roster names the grand strategy.
  if (pb && roster.grandStrategy === undefined)
    add("PB-GS-PICK", `The roster names no grand strategy; pick 1 (${GRAND_STRATEGIES.join(", ")}).`);

  // The manifestation lore (7.0): one the data has (PB-ROSTER) and the army's faction can pick (PB-FACTION).
  const lore = roster.manifestationLore === undefined ? undefined : findLore(library.lores ?? [], roster.manifestationLore);
  if (roster.manifestationLore !== undefined && !lore) {
    const names = (library.lores ?? []).map((l) => l.name);
    add("PB-ROSTER", `The manifestation lore "${roster.manifestationLore}" is not in ${library.source}${names.length > 0 && names.length <= 12 ? ` (it has ${names.join(", ")})` : ""}.`);
  }
  if (lore && !loreAllowed(lore, roster.faction))
    add("PB-FACTION", `The manifestation lore ${lore.name} belongs to ${lore.factions.join(", ")}; ${article(roster.faction)} ${roster.faction} army cannot pick it.`);
  // In a Pitched Battles 2021 army each manifestation the lore summons is one of its endless spells (PB-ENDLESS).
  const loreManifestations = pb && lore ? lore.manifestations.map((m) => m.name) : [];
  const endlessCount = roster.endlessSpells.length + loreManifestations.length;

  // PB-LIMIT (the lore's own points count too)
  const endlessPoints = roster.endlessSpells.reduce((n, e) => n + e.points, 0) + (lore?.points ?? 0);
  const renownPoints = roster.regimentsOfRenown.reduce((n, r) => n + r.points, 0);
  const points = resolved.reduce((n, r) => n + (r.points ?? 0), 0) + endlessPoints + renownPoints;
  const unpriced = resolved.filter((r) => r.points === null).map((r) => r.label);
  if (pb && !limit)
    add("PB-LIMIT", `${fmt(roster.pointsLimit)} points is not a Pitched Battles points limit; the table has ${Object.keys(table).map((k) => fmt(Number(k))).join(" and ")}.`);
  if (points > roster.pointsLimit)
    add("PB-LIMIT", `The army costs ${unpriced.length > 0 ? "at least " : ""}${fmt(points)} points, ${fmt(points - roster.pointsLimit)} over the ${fmt(roster.pointsLimit)}-point limit.`);

  // PB-FACTION: one faction; allied and coalition units (and a Regiment of Renown) are ignored for it.
  const known = factionsOf(library);
  if (!known.some((f) => norm(f) === norm(roster.faction)))
    add("PB-FACTION", `"${roster.faction}" is not a faction in ${library.source}${known.length <= 12 ? ` (it has ${known.join(", ")})` : ""}.`);
  else
    for (const r of resolved) {
      if (r.unit.ally || r.unit.coalition || r.regimentOfRenown !== undefined) continue;
      if (norm(r.warscroll.faction) !== norm(roster.faction))
        add("PB-FACTION", `${r.label} is ${article(r.warscroll.faction)} ${r.warscroll.faction} unit; every unit of ${article(roster.faction)} ${roster.faction} army must be ${roster.faction}${pb ? " unless it is an ally or a coalition unit" : " unless it is in a Regiment of Renown"}.`);
    }

  const counts: RoleCounts = { leaders: 0, battleline: 0, behemoths: 0, artillery: 0, reinforced: 0, alliesPoints: 0, endlessSpells: endlessCount };
  for (const r of resolved) {
    const w = r.warscroll;
    if (hasRole(w, "Leader")) counts.leaders++;
    // PB-ALLIES, PB-COALITION: they do not count towards Battleline.
    if (hasRole(w, "Battleline") && !r.unit.ally && !r.unit.coalition) counts.battleline++;
    // PB-ROLES: Battleline + Behemoth does not count toward the Behemoth maximum; Leader + Behemoth counts as both.
    if (hasRole(w, "Behemoth") && !hasRole(w, "Battleline")) counts.behemoths++;
    if (hasRole(w, "Artillery")) counts.artillery++;
    counts.reinforced += r.reinforced;
    if (r.unit.ally) counts.alliesPoints += r.points ?? 0;
  }

  if (pb && limit) {
    const army = `A ${fmt(roster.pointsLimit)}-point army`;
    // PB-ROLES
    if (counts.leaders < limit.leaders.min) add("PB-ROLES", `${army} needs at least ${plural(limit.leaders.min, "Leader")}; this one has ${counts.leaders}.`);
    if (counts.leaders > limit.leaders.max) add("PB-ROLES", `${army} can include at most ${plural(limit.leaders.max, "Leader")}; this one has ${counts.leaders}.`);
    if (counts.battleline < limit.battleline.min) {
      const excluded = resolved.filter((r) => hasRole(r.warscroll, "Battleline") && (r.unit.ally || r.unit.coalition));
      const coalition = excluded.filter((r) => r.unit.coalition);
      const allies = excluded.filter((r) => r.unit.ally);
      const why = excluded.length > 0 ? ` (${excluded.map((r) => r.label).join(", ")} ${excluded.length === 1 ? "is" : "are"} ${coalition.length > 0 && allies.length > 0 ? "allied or coalition" : coalition.length > 0 ? "coalition" : "allied"} and do${excluded.length === 1 ? "es" : ""} not count)` : "";
      // The rule broken is the one that kept a Battleline unit from counting, when there is one.
      const rule: ArmyRule = coalition.length > 0 && allies.length === 0 ? "PB-COALITION" : allies.length > 0 && coalition.length === 0 ? "PB-ALLIES" : "PB-ROLES";
      add(rule, `${army} needs at least ${plural(limit.battleline.min, "Battleline unit")}; this one has ${counts.battleline}${why}.`);
    }
    if (counts.behemoths > limit.behemoths.max) add("PB-ROLES", `${army} can include at most ${plural(limit.behemoths.max, "Behemoth")}; this one has ${counts.behemoths}.`);
    if (counts.artillery > limit.artillery.max) add("PB-ROLES", `${army} can include at most ${plural(limit.artillery.max, "Artillery unit")}; this one has ${counts.artillery}.`);
    if (general && !hasRole(general.warscroll, "Leader")) add("PB-ROLES", `The general must be a Leader; ${general.label} is not.`);

    // PB-REINFORCED: the count (a unit reinforced twice counts as 2).
    if (counts.reinforced > limit.reinforced.max)
      add("PB-REINFORCED", `${army} can include ${plural(limit.reinforced.max, "reinforced unit")}; this one has ${counts.reinforced} (a unit reinforced twice counts as 2).`);
    // PB-ALLIES: the points cap.
    if (counts.alliesPoints > limit.alliesPoints)
      add("PB-ALLIES", `Allies cost ${fmt(counts.alliesPoints)} points; ${army.toLowerCase()} can spend at most ${fmt(limit.alliesPoints)} on allies.`);
    // PB-ENDLESS: the count.
    if (endlessCount > limit.endlessSpells.max)
      add(
        "PB-ENDLESS",
        `${army} can include ${plural(limit.endlessSpells.max, "endless spell or invocation", "endless spells and invocations")}; this one has ${endlessCount}${loreManifestations.length > 0 ? ` (the manifestation lore ${lore!.name} brings ${loreManifestations.length})` : ""}.`,
      );
  }

  for (const r of resolved) {
    const w = r.warscroll;
    if (r.reinforced === 0) continue;
    // PB-REINFORCED (25.3.2, 3.3)
    if (w.unitSize === 1) add("PB-REINFORCED", `${r.label} is a single model and cannot be reinforced.`);
    else if (!w.canReinforce) add("PB-REINFORCED", `${r.label} cannot be reinforced (its battle profile says so).`);
    else if (r.reinforced === 2 && !pb) add("PB-REINFORCED", `${r.label} is reinforced twice; a 4th-edition unit can be reinforced only once.`);
    else if (r.reinforced === 2 && !hasRole(w, "Battleline")) add("PB-REINFORCED", `${r.label} is reinforced twice, but only Battleline units can be; it is not Battleline.`);
  }

  if (pb) {
    // PB-BATTALIONS
    for (const b of roster.battalions) {
      for (const ref of b.units) resolveRef(ref, `The battalion ${b.name}`);
      if (b.kind === "warscroll") add("PB-BATTALIONS", `${b.name} is a warscroll battalion; Pitched Battles allow core battalions only.`);
    }
    // PB-ENDLESS: no duplicates.
    const seen = new Map<string, number>();
    for (const e of [...roster.endlessSpells, ...loreManifestations.map((name) => ({ name }))]) seen.set(norm(e.name), (seen.get(norm(e.name)) ?? 0) + 1);
    for (const e of [...roster.endlessSpells, ...loreManifestations.map((name) => ({ name }))]) {
      if ((seen.get(norm(e.name)) ?? 0) > 1) {
        add("PB-ENDLESS", `${e.name} is included ${seen.get(norm(e.name))} times; an army can include each endless spell or invocation only once.`);
        seen.set(norm(e.name), 0);
      }
    }
  }

  // Enhancements: the unit must exist; allies cannot have them (PB-ALLIES); Regiment of Renown units cannot use them (AOS4-RoR).
  const traits = roster.enhancements.filter((e) => e.type === "command trait");
  for (const e of roster.enhancements) {
    const r = resolveRef(e.unit, `The ${e.type} ${e.name}`);
    if (!r) continue;
    if (pb && r.unit.ally) add("PB-ALLIES", `${r.label} is an allied unit and cannot be given enhancements (${e.name}).`);
    if (r.regimentOfRenown !== undefined) add("AOS4-RoR", `${r.label} is in the Regiment of Renown ${r.regimentOfRenown} and cannot use the army's enhancements (${e.name}).`);
    // PB-TRAIT (27.3.2): only the general, and only a HERO general.
    if (pb && e.type === "command trait") {
      if (general && r !== general) add("PB-TRAIT", `The command trait ${e.name} is on ${r.label}; only the general can have a command trait.`);
      else if (general && !hasKeyword(general.warscroll, "HERO")) add("PB-TRAIT", `The command trait ${e.name} needs a general that is a HERO; ${general.label} is not.`);
    }
  }
  if (pb && traits.length > 1) add("PB-TRAIT", `An army can have only 1 command trait; this one has ${traits.length} (${traits.map((t) => t.name).join(", ")}).`);

  // AOS4-RoR
  if (roster.regimentsOfRenown.length > MAX_REGIMENTS_OF_RENOWN)
    add("AOS4-RoR", `An army can include at most ${MAX_REGIMENTS_OF_RENOWN} Regiment of Renown; this one has ${roster.regimentsOfRenown.length}.`);
  if (pb && roster.regimentsOfRenown.length > 0)
    add("AOS4-RoR", `Regiments of Renown belong to 4th-edition armies; use mode "regiments-4th" for ${roster.regimentsOfRenown.map((r) => r.name).join(", ")}.`);
  if (general?.regimentOfRenown !== undefined)
    add("AOS4-RoR", `${general.label} is in the Regiment of Renown ${general.regimentOfRenown} and cannot be the general.`);

  if (!pb) checkRegiments(roster, resolved, general, resolveRef, add);

  return {
    name: roster.name,
    faction: roster.faction,
    mode: roster.mode,
    pointsLimit: roster.pointsLimit,
    points,
    unpriced,
    valid: violations.length === 0,
    violations,
    units: resolved,
    counts,
    general: general?.index,
    manifestationLore: lore ? { name: lore.name, points: lore.points, manifestations: lore.manifestations.map((m) => m.name) } : null,
    regiments: roster.regiments.map((reg) => {
      const label = (ref: string) => resolved.find((r) => keyOf(r.unit) === norm(ref))?.label ?? ref;
      return { leader: label(reg.leader), units: reg.units.map(label) };
    }),
  };
}

/** AOS4-REGIMENTS (3.1) */
function checkRegiments(
  roster: Roster,
  resolved: ResolvedUnit[],
  general: ResolvedUnit | undefined,
  resolveRef: (ref: string, what: string) => ResolvedUnit | undefined,
  add: (rule: ArmyRule, message: string) => void,
): void {
  const n = roster.regiments.length;
  if (n < REGIMENT_LIMITS.minRegiments) add("AOS4-REGIMENTS", `A 4th-edition army needs at least ${plural(REGIMENT_LIMITS.minRegiments, "regiment")}; this one has none.`);
  if (n > REGIMENT_LIMITS.maxRegiments) add("AOS4-REGIMENTS", `A 4th-edition army can include at most ${REGIMENT_LIMITS.maxRegiments} regiments; this one has ${n}.`);
  for (const b of roster.battalions) add("AOS4-REGIMENTS", `${b.name}: battalions are not part of a 4th-edition army; regiments replace them.`);
  for (const r of resolved) {
    if (r.unit.ally || r.unit.coalition)
      add("AOS4-REGIMENTS", `${r.label} is marked as ${r.unit.ally ? "an ally" : "a coalition unit"}; a 4th-edition army takes other factions' units only in a Regiment of Renown.`);
  }
  if (general && !hasKeyword(general.warscroll, "HERO")) add("AOS4-REGIMENTS", `The general must be a HERO; ${general.label} is not.`);

  const placed = new Map<number, number>();
  const place = (r: ResolvedUnit) => placed.set(r.index, (placed.get(r.index) ?? 0) + 1);
  for (const r of resolved) if (r.regimentOfRenown !== undefined) place(r);
  roster.regiments.forEach((reg, i) => {
    const leader = resolveRef(reg.leader, `Regiment ${i + 1}`);
    const members = reg.units.map((ref) => resolveRef(ref, `The regiment of ${reg.leader}`)).filter((m): m is ResolvedUnit => m !== undefined);
    members.forEach(place);
    if (!leader) return;
    place(leader);
    const lw = leader.warscroll;
    if (!hasKeyword(lw, "HERO")) {
      add("AOS4-REGIMENTS", `Regiment ${i + 1} is led by ${leader.label}, which is not a HERO; a regiment is led by a HERO.`);
      return;
    }
    if (reg.units.length > REGIMENT_LIMITS.unitsPerRegiment)
      add("AOS4-REGIMENTS", `The regiment of ${leader.label} has ${reg.units.length} units besides its HERO; a regiment takes up to ${REGIMENT_LIMITS.unitsPerRegiment}.`);
    const options = lw.regimentOptions === undefined ? "any non-HERO unit" : lw.regimentOptions.map(describeOption).join(", ") || "none";
    for (const k of regimentRejects(lw, members.map((m) => m.warscroll)))
      add("AOS4-REGIMENTS", `${members[k]!.label} cannot join the regiment of ${leader.label} (its regiment options: ${options}).`);
  });
  for (const r of resolved) {
    const k = placed.get(r.index) ?? 0;
    if (k === 0) add("AOS4-REGIMENTS", `${r.label} is in no regiment; every unit of a 4th-edition army belongs to a regiment or the Regiment of Renown.`);
    if (k > 1) add("AOS4-REGIMENTS", `${r.label} is in ${k} regiments; a unit belongs to exactly one.`);
  }
}
