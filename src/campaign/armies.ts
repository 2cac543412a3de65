/**
 * CAMP-GENERAL, CAMP-BATTLE: from a player's campaign army to the army a Banner fields in one battle.
 *
 * How the campaign's points feed the battle simulator (the decision the seed leaves open):
 * - A Banner's army is its General (a HERO warscroll with fixed options) + the roster's units other than
 *   the roster's own general + reinforcements, added in list order while they fit the Banner's points
 *   (2,250, +200 if Fortified, +200 per supporting Banner); a reinforcement that does not fit is skipped
 *   and the next one tried. Points are warscroll points for the unit's size (reinforced x2, x3).
 * - The roster (with any General) must cost at most 2,250 points; it must pass the roster checks except the
 *   Pitched Battles points table (PB-LIMIT), which has no 2,250-point row: the campaign sets the limit.
 *   Reinforcements are checked for warscroll, faction and unit size; above 2,000 points there is no
 *   Pitched Battles table to check battlefield-role maxima against, so they are not.
 * - Without a reinforcement list, the automatic one is the roster's non-HERO units, copied in roster order,
 *   up to 3 rounds. A side fields at most 20 units (the engine's 40 for a battle).
 * - Endless spells, battalions and Regiments of Renown are not fielded (the engine does not model them);
 *   the General's command trait and artefact are written on the fielded roster.
 */
import { z } from "zod";
import {
  bundledLibrary,
  findWarscroll,
  hasKeyword,
  type Roster,
  type RosterUnit,
  rosterSchema,
  rosterUnitSchema,
  type Warscroll,
  type WarscrollLibrary,
  validateRoster,
} from "../aos/armies/index.js";
import { MAX_BATTLE_UNITS } from "../aos/battle/create.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { campaignArmySchema, generalSchema } from "./schema.js";
import type { General, Player } from "./state.js";

/** CAMP-GENERAL: a Banner is a 2,250-point army; +200 for a Fortify, +200 per supporting Banner. */
export const BANNER_POINTS = 2250;
export const FORTIFY_POINTS = 200;
export const SUPPORT_POINTS = 200;
export const MAX_UNITS_PER_SIDE = MAX_BATTLE_UNITS / 2;
/** Automatic reinforcements: this many copies of each of the roster's non-HERO units at most. */
export const AUTO_REINFORCEMENT_ROUNDS = 3;

export interface CampaignArmy {
  name: string;
  roster: Roster;
  /** The roster's units other than its general, with their points. */
  base: { unit: RosterUnit; points: number }[];
  basePoints: number;
  reinforcements: { unit: RosterUnit; points: number }[];
  /** True when the reinforcements were made automatically. */
  automatic: boolean;
  /** The Generals the player listed, in the order new Banners raise them. */
  generals: z.output<typeof generalSchema>[];
  /** HERO warscrolls that automatically named Generals use, in order (the roster's general first). */
  autoGeneralWarscrolls: string[];
  /** The first of them is UNIQUE (a named character): it leads one Banner only. */
  firstGeneralUnique: boolean;
}

const norm = (s: string) => s.trim().toLowerCase();

function unitPoints(w: Warscroll, u: RosterUnit, field: string): number {
  let reinforced: number = u.reinforced ?? 0;
  if (u.models !== undefined) {
    const r = u.models / w.unitSize - 1;
    if (!Number.isInteger(r) || r < 0 || r > 2) throw new InputError(`${field}.models: ${w.name} comes in units of ${w.unitSize}${w.unitSize > 1 ? `, ${2 * w.unitSize} or ${3 * w.unitSize}` : ""} models (got ${u.models})`);
    if (u.reinforced !== undefined && u.reinforced !== r) throw new InputError(`${field}.reinforced: ${u.models} models is reinforced ${r} times, not ${u.reinforced}`);
    reinforced = r;
  }
  if (reinforced > 0 && !w.canReinforce) throw new InputError(`${field}: ${w.name} cannot be reinforced`);
  return w.points * (1 + reinforced);
}

function labelOf(u: RosterUnit): string {
  return u.id ?? u.warscroll;
}

/** A player's campaign army from JSON (a campaign army file, or a bare roster), validated. */
export function resolveCampaignArmy(json: unknown, field: string, library: WarscrollLibrary = bundledLibrary()): CampaignArmy {
  const obj = json !== null && typeof json === "object" && "roster" in json ? json : { roster: json };
  const input = parseOrThrow(campaignArmySchema, obj, field);
  const roster = input.roster;
  const report = validateRoster(roster, library);
  // The campaign sets the points limit (2,250 + bonuses): the Pitched Battles table is not this army's.
  const broken = report.violations.find((v) => v.rule !== "PB-LIMIT");
  if (broken) throw new InputError(`${field}.roster: ${roster.name} is not a legal army: [${broken.rule}] ${broken.message}`);
  const generalIndex = report.general;
  if (generalIndex === undefined) throw new InputError(`${field}.roster.general: "${roster.general}" is not one of the roster's units`);
  const base = roster.units.flatMap((unit, i) => (i === generalIndex ? [] : [{ unit, points: unitPoints(findWarscroll(library, unit.warscroll, roster.faction)!, unit, `${field}.roster.units[${i}]`) }]));
  const basePoints = base.reduce((s, b) => s + b.points, 0);
  const rosterGeneral = findWarscroll(library, roster.units[generalIndex]!.warscroll, roster.faction)!;
  if (basePoints + rosterGeneral.points > BANNER_POINTS)
    throw new InputError(`${field}.roster: the army costs ${basePoints + rosterGeneral.points} points; a Banner's army is at most ${BANNER_POINTS} (CAMP-GENERAL)`);
  const labels = new Set(roster.units.map((u) => norm(labelOf(u))));

  // CAMP-GENERAL: listed Generals — HEROES of the faction, unique names, no artefact twice, within 2,250.
  const names = new Set<string>();
  const artefacts = new Map<string, number>();
  const uniqueHeroes = new Map<string, number>();
  input.generals.forEach((g, i) => {
    const at = `${field}.generals[${i}]`;
    const w = findWarscroll(library, g.warscroll, roster.faction);
    if (!w) throw new InputError(`${at}.warscroll: no warscroll "${g.warscroll}" in ${library.source}`);
    if (!hasKeyword(w, "HERO")) throw new InputError(`${at}.warscroll: ${w.name} is not a HERO; a General is a HERO`);
    if (norm(w.faction) !== norm(roster.faction)) throw new InputError(`${at}.warscroll: ${w.name} is ${w.faction}, not ${roster.faction}`);
    if (names.has(norm(g.name))) throw new InputError(`${at}.name: "${g.name}" leads another Banner; Generals are unique within an empire`);
    if (findWarscroll(library, g.name) || labels.has(norm(g.name))) throw new InputError(`${at}.name: "${g.name}" is the name of a unit; give the General a name of its own`);
    names.add(norm(g.name));
    if (g.artefact !== undefined) {
      const k = norm(g.artefact);
      if (artefacts.has(k)) throw new InputError(`${at}.artefact: generals[${artefacts.get(k)}] already carries "${g.artefact}"; no two Generals take the same artefact`);
      artefacts.set(k, i);
    }
    if (hasKeyword(w, "UNIQUE")) {
      if (uniqueHeroes.has(w.name)) throw new InputError(`${at}.warscroll: ${w.name} is UNIQUE and already leads generals[${uniqueHeroes.get(w.name)}]; no-one can be in two places at once`);
      uniqueHeroes.set(w.name, i);
    }
    if (basePoints + w.points > BANNER_POINTS) throw new InputError(`${at}.warscroll: with ${w.name} (${w.points}) the army costs ${basePoints + w.points} points, more than ${BANNER_POINTS}`);
  });

  // Automatic Generals: the roster's general first, then the faction's other (non-UNIQUE) HEROES that fit.
  const heroes = library.warscrolls.filter((w) => norm(w.faction) === norm(roster.faction) && hasKeyword(w, "HERO") && basePoints + w.points <= BANNER_POINTS);
  const inRoster = roster.units.map((u) => findWarscroll(library, u.warscroll, roster.faction)!.name);
  const ordered = [rosterGeneral.name, ...heroes.map((w) => w.name).sort((a, b) => (inRoster.includes(a) ? 0 : 1) - (inRoster.includes(b) ? 0 : 1))];
  const autoGeneralWarscrolls = [...new Set(ordered)].filter((n, i) => i === 0 || !hasKeyword(findWarscroll(library, n, roster.faction)!, "UNIQUE"));

  // Reinforcements: given, or the automatic rounds of copies.
  let reinforcements: { unit: RosterUnit; points: number }[];
  const automatic = input.reinforcements === undefined;
  const used = new Set(labels);
  const uniqueId = (u: RosterUnit, round: number): RosterUnit => {
    let id = labelOf(u);
    for (let k = round; used.has(norm(id)); k++) id = `${labelOf(u)} #${k}`;
    used.add(norm(id));
    // Through the schema again: the same key order as a unit read from a file (JSON round-trips match).
    return rosterUnitSchema.parse({ ...u, id });
  };
  if (input.reinforcements !== undefined) {
    reinforcements = input.reinforcements.map((u, i) => {
      const at = `${field}.reinforcements[${i}]`;
      const w = findWarscroll(library, u.warscroll, roster.faction);
      if (!w) throw new InputError(`${at}.warscroll: no warscroll "${u.warscroll}" in ${library.source}`);
      if (!u.ally && !u.coalition && norm(w.faction) !== norm(roster.faction)) throw new InputError(`${at}.warscroll: ${w.name} is ${w.faction}; an army of ${roster.faction} takes it only as an ally`);
      if (u.id !== undefined && used.has(norm(u.id))) throw new InputError(`${at}.id: "${u.id}" is already a unit of the army`);
      return { unit: uniqueId(u, 2), points: unitPoints(w, u, at) };
    });
  } else {
    reinforcements = [];
    for (let round = 2; round <= AUTO_REINFORCEMENT_ROUNDS + 1; round++)
      for (const b of base) {
        const w = findWarscroll(library, b.unit.warscroll, roster.faction)!;
        if (hasKeyword(w, "HERO")) continue;
        reinforcements.push({ unit: uniqueId(b.unit, round), points: b.points });
      }
  }
  const firstGeneralUnique = hasKeyword(rosterGeneral, "UNIQUE");
  return { name: input.name ?? roster.name, roster, base, basePoints, reinforcements, automatic, generals: input.generals, autoGeneralWarscrolls, firstGeneralUnique };
}

/** The JSON a resolved army is rebuilt from (a valid campaign army file). */
export function campaignArmyJson(a: CampaignArmy): unknown {
  return { name: a.name, roster: a.roster, reinforcements: a.reinforcements.map((r) => r.unit), generals: a.generals };
}

export interface FieldedArmy {
  roster: Roster;
  /** Points actually fielded (at most the Banner's points). */
  points: number;
  /** Unit labels, the General first. */
  units: string[];
}

const fieldedCache = new WeakMap<CampaignArmy, Map<string, FieldedArmy>>();

/** CAMP-BATTLE: the army a Banner led by `general` fields with `points` (see the header for how). */
export function fieldArmy(army: CampaignArmy, general: General, bannerName: string, points: number, library: WarscrollLibrary = bundledLibrary()): FieldedArmy {
  let cache = fieldedCache.get(army);
  if (!cache) fieldedCache.set(army, (cache = new Map()));
  const key = `${general.name}|${general.warscroll}|${bannerName}|${points}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const gw = findWarscroll(library, general.warscroll, army.roster.faction);
  if (!gw) throw new InputError(`general ${general.name}: no warscroll "${general.warscroll}"`);
  const units: RosterUnit[] = [{ id: general.name, warscroll: gw.name, ally: false, coalition: false, keywords: [] }, ...army.base.map((b) => b.unit)];
  let total = gw.points + army.basePoints;
  if (total > points) throw new Error(`${bannerName}: the base army costs ${total} points, more than ${points}`);
  for (const r of army.reinforcements) {
    if (units.length >= MAX_UNITS_PER_SIDE) break;
    if (total + r.points > points) continue;
    units.push(r.unit);
    total += r.points;
  }
  const enhancements = [
    ...(general.commandTrait ? [{ type: "command trait" as const, name: general.commandTrait, unit: general.name }] : []),
    ...(general.artefact ? [{ type: "artefact" as const, name: general.artefact, unit: general.name }] : []),
  ];
  const roster = rosterSchema.parse({
    name: bannerName,
    faction: army.roster.faction,
    mode: army.roster.mode,
    pointsLimit: points,
    general: general.name,
    ...(army.roster.grandStrategy ? { grandStrategy: army.roster.grandStrategy } : {}),
    units,
    enhancements,
  });
  const fielded = { roster, points: total, units: units.map(labelOf) };
  cache.set(key, fielded);
  return fielded;
}

const GENERAL_NAMES = [
  "Vorgath", "Ilsa", "Morvane", "Kaldrek", "Sephine", "Oskar", "Thessaly", "Grimwald", "Aurelia", "Dravik", "Nerys", "Hadrin",
  "Yselda", "Corvin", "Maelis", "Brannoc", "Ulfra", "Teodric", "Vashti", "Orrin", "Liora", "Gorsk", "Elspeth", "Rhun",
];
const EPITHETS = ["the Grim", "the Unbroken", "Ashborn", "the Pale", "Ironhand", "the Elder", "Stormcaller", "the Patient", "Bonecrown", "the Red"];
const HOSTS = ["Host", "Legion", "Warband", "Vanguard", "Company", "Guard"];

/**
 * CAMP-GENERAL: the `k`-th General `player` raises — the army's next listed General, else one named
 * automatically (a name no listed General has), leading a HERO from `autoGeneralWarscrolls` in turn.
 */
export function generalFor(army: CampaignArmy, player: Player, k: number): { general: General; banner: string } {
  const listed = army.generals[k];
  if (listed) return { general: { name: listed.name, warscroll: listed.warscroll, commandTrait: listed.commandTrait ?? null, artefact: listed.artefact ?? null }, banner: listed.banner ?? `${listed.name}'s ${HOSTS[k % HOSTS.length]}` };
  const taken = new Set(army.generals.map((g) => norm(g.name)));
  const auto = k - army.generals.length;
  let name = "";
  for (let j = auto; ; j++) {
    const n = GENERAL_NAMES[(player * 12 + j) % GENERAL_NAMES.length]!;
    const e = EPITHETS[(j + player * 3) % EPITHETS.length]!;
    const lap = Math.floor(j / GENERAL_NAMES.length);
    name = `${n} ${e}${lap > 0 ? ` ${lap + 1}` : ""}`;
    if (!taken.has(norm(name))) break;
  }
  const ws = army.autoGeneralWarscrolls;
  // A UNIQUE hero leads one Banner only: later laps skip it (unless it is the faction's only HERO).
  const cycle = army.firstGeneralUnique && ws.length > 1 ? ws.slice(1) : ws;
  const warscroll = auto < ws.length ? ws[auto]! : cycle[(auto - ws.length) % cycle.length]!;
  return { general: { name, warscroll, commandTrait: null, artefact: null }, banner: `${name}'s ${HOSTS[k % HOSTS.length]}` };
}

/** Every unit a campaign army may field, as one roster: its roster's, its reinforcements' and its Generals' warscrolls (what a save keeps, and what the abilities' coverage counts). */
export function everyUnitOf(a: Pick<CampaignArmy, "roster" | "reinforcements" | "generals">): Roster {
  return { ...a.roster, units: [...a.roster.units, ...a.reinforcements.map((r) => r.unit), ...a.generals.map((g) => ({ warscroll: g.warscroll }) as RosterUnit)] };
}
