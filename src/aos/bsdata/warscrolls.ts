/**
 * From a BSData unit entry to a warscroll in our schema. What is read, and where:
 * - characteristics: the profile of type "Unit" (Move, Health, Save, Control);
 * - weapons: profiles of type "Melee Weapon" / "Ranged Weapon" (Atk, Hit, Wnd, Rnd, Dmg, Ability, Rng);
 * - abilities: profiles of type "Ability (...)";
 * - keywords: the entry's `categoryLink` names in capitals (mixed-case ones are New Recruit's own markers);
 * - unit size: the `min` constraints of its model entries; base size: the "Base Size" rule;
 * - points: the faction's `entryLink` cost; reinforcement: a "Reinforced" link on it;
 * - regiment options: the faction link's modifiers that add the "Regimental Option" category to keywords or
 *   units while this HERO leads a regiment (AOS4-REGIMENTS).
 * Links are followed only into libraries (not into the game system's generic entries such as "General").
 */
import { describeZodError } from "../../core/errors.js";
import { diceTextError, rolesFromKeywords, type Warscroll, type WarscrollJson, warscrollSchema } from "../armies/warscroll.js";
import { type BsCatalogue, type BsIndex, type BsUnitRef, categoryIdByName, child, items, pointsOf, resolve } from "./catalogue.js";
import type { XmlElement } from "./xml.js";

/** New Recruit markup: **bold**, ^^keyword^^ (keywords are printed in capitals in the game). */
export function cleanText(s: string): string {
  return s
    .replace(/\*\*\^\^(.+?)\^\^\*\*/g, (_, k: string) => k.toUpperCase())
    .replace(/\^\^(.+?)\^\^/g, (_, k: string) => k.toUpperCase())
    .replace(/\*\*/g, "")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\u00a0/g, " ")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .trim();
}

/** "3+" → 3; "-" → null; anything else → the text back, for an error message. */
export function rollOf(v: string): number | null | string {
  const t = v.trim();
  if (t === "-" || t === "") return null;
  const m = /^(\d)\+$/.exec(t);
  return m ? Number(m[1]) : t;
}

export function intOf(v: string): number | string {
  const t = v.trim().replace(/["”″]/g, "");
  return /^\d+$/.test(t) ? Number(t) : v.trim();
}

/** Rend "-" is 0; some data writes "-1" for 1 (3rd-edition style). */
function rendOf(v: string): number | string {
  const t = v.trim();
  if (t === "-" || t === "" || t === "0") return 0;
  const m = /^-?(\d)$/.exec(t);
  return m ? Number(m[1]) : t;
}

/** Splits "Crit (Mortal), Anti-charge (+1 Rend)" on commas outside parentheses. */
export function splitAbilities(v: string): string[] {
  const text = cleanText(v);
  if (text === "-" || text === "") return [];
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of text) {
    if (ch === "(") depth++;
    if (ch === ")") depth = Math.max(0, depth - 1);
    if ((ch === "," || ch === "\n") && depth === 0) {
      if (cur.trim()) out.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

export function characteristics(profile: XmlElement): Map<string, string> {
  const m = new Map<string, string>();
  for (const c of items(profile, "characteristics", "characteristic")) if (c.attrs.name) m.set(c.attrs.name, c.text);
  return m;
}

/** A node of the unit's tree with how many models of a minimum-size unit it applies to. */
interface Walked {
  profiles: { profile: XmlElement; models: number | undefined; optional: boolean; perUnitMax: number | undefined }[];
  modelEntries: { entry: XmlElement; min: number }[];
  baseSizes: string[];
}

const MAX_WALK = 4000;

function constraintValue(entry: XmlElement, type: "min" | "max", scopes: (s: string) => boolean): number | undefined {
  for (const c of items(entry, "constraints", "constraint")) {
    if (c.attrs.type === type && c.attrs.field === "selections" && scopes(c.attrs.scope ?? "")) return Number(c.attrs.value);
  }
  return undefined;
}

/**
 * Walks a unit entry: its own profiles, model entries, upgrades and groups, following entry/info links into
 * libraries only. `models` is how many models carry what is found (undefined above the model level).
 */
export function walkUnit(index: BsIndex, unit: XmlElement, libraryIds: (id: string) => boolean): Walked {
  const out: Walked = { profiles: [], modelEntries: [], baseSizes: [] };
  const seen = new Set<XmlElement>();
  let budget = MAX_WALK;
  const unitId = unit.attrs.id ?? "";

  const visit = (el: XmlElement, models: number | undefined, optional: boolean, perUnitMax: number | undefined, depth: number): void => {
    if (seen.has(el) || --budget < 0 || depth > 12) return;
    seen.add(el);
    for (const p of items(el, "profiles", "profile")) out.profiles.push({ profile: p, models, optional, perUnitMax });
    for (const r of items(el, "rules", "rule")) if (r.attrs.name === "Base Size") out.baseSizes.push(cleanText(child(r, "description")?.text ?? ""));
    for (const l of items(el, "infoLinks", "infoLink")) {
      const t = resolve(index, l);
      if (t?.name === "profile") out.profiles.push({ profile: t, models, optional, perUnitMax });
    }
    const childEntry = (e: XmlElement, viaGroup: XmlElement | undefined, groupDefault: boolean) => {
      if (e.attrs.type === "model") {
        const min = constraintValue(e, "min", (s) => s === "parent") ?? (viaGroup ? constraintValue(viaGroup, "min", (s) => s === "parent") : undefined) ?? 1;
        out.modelEntries.push({ entry: e, min });
        visit(e, min, false, undefined, depth + 1);
        return;
      }
      const minHere = constraintValue(e, "min", (s) => s === "parent");
      const unitMax = constraintValue(e, "max", (s) => s === unitId || s === "root-entry");
      const opt = optional || ((minHere === undefined || minHere === 0) && !groupDefault);
      visit(e, models, opt, unitMax ?? perUnitMax, depth + 1);
    };
    for (const e of items(el, "selectionEntries", "selectionEntry")) childEntry(e, undefined, false);
    for (const g of items(el, "selectionEntryGroups", "selectionEntryGroup")) visitGroup(g);
    for (const l of items(el, "entryLinks", "entryLink")) {
      const t = resolve(index, l);
      if (!t || !libraryIds(l.attrs.targetId ?? "")) continue;
      if (t.name === "selectionEntry") childEntry(t, undefined, false);
      else if (t.name === "selectionEntryGroup") visitGroup(t);
    }
    // A group one must choose from ("Wargear Options", min 1): its default (or first) entry is the default
    // loadout; the others are alternatives.
    function visitGroup(g: XmlElement) {
      if (seen.has(g)) return;
      seen.add(g);
      const mustChoose = (constraintValue(g, "min", (s) => s === "parent") ?? 0) >= 1;
      const members: XmlElement[] = [...items(g, "selectionEntries", "selectionEntry")];
      for (const l of items(g, "entryLinks", "entryLink")) {
        const t = resolve(index, l);
        if (t?.name === "selectionEntry" && libraryIds(l.attrs.targetId ?? "")) members.push(t);
      }
      const defaultId = g.attrs.defaultSelectionEntryId;
      const chosen = members.find((m) => m.attrs.id === defaultId) ?? members[0];
      for (const m of members) childEntry(m, g, mustChoose && m === chosen);
      for (const sub of items(g, "selectionEntryGroups", "selectionEntryGroup")) visitGroup(sub);
    }
  };
  visit(unit, undefined, false, undefined, 0);
  return out;
}

export interface ImportedWarscroll {
  warscroll: Warscroll;
  /** The library entry's id, for tracing a profile back to the data. */
  id: string;
}

export interface ImportFailure {
  faction: string;
  unit: string;
  reason: string;
}

/** Weapon profile → weapon JSON; a string is the reason it cannot be read. */
export function weaponJson(profile: XmlElement, type: "melee" | "ranged", models: number | undefined): Record<string, unknown> | string {
  const c = characteristics(profile);
  const name = cleanText(profile.attrs.name ?? "weapon");
  const hit = rollOf(c.get("Hit") ?? "");
  const wound = rollOf(c.get("Wnd") ?? "");
  const rend = rendOf(c.get("Rnd") ?? "-");
  const atk = (c.get("Atk") ?? "").trim();
  const dmg = (c.get("Dmg") ?? "").trim();
  if (typeof hit !== "number") return `weapon "${name}": Hit "${c.get("Hit") ?? ""}" is not a roll like 3+`;
  if (typeof wound !== "number") return `weapon "${name}": Wound "${c.get("Wnd") ?? ""}" is not a roll like 4+`;
  if (typeof rend !== "number") return `weapon "${name}": Rend "${c.get("Rnd")}" is not a number`;
  const w: Record<string, unknown> = {
    name,
    type,
    attacks: /^\d+$/.test(atk) ? Number(atk) : atk,
    hit,
    wound,
    rend,
    damage: /^\d+$/.test(dmg) ? Number(dmg) : dmg,
    abilities: splitAbilities(c.get("Ability") ?? "-"),
  };
  if (type === "ranged") {
    const r = intOf(c.get("Rng") ?? "");
    if (typeof r !== "number") return `weapon "${name}": Range "${c.get("Rng") ?? ""}" is not a distance in inches`;
    w.range = r;
  }
  if (models !== undefined) w.models = models;
  return w;
}

export function abilityJson(profile: XmlElement): Record<string, unknown> {
  const c = characteristics(profile);
  const type = /^Ability \((.+)\)$/.exec(profile.attrs.typeName ?? "")?.[1] ?? "Ability";
  const timing = cleanText(c.get("Timing") ?? "");
  const declare = cleanText(c.get("Declare") ?? "");
  const effect = cleanText(c.get("Effect") ?? "");
  const castingValue = cleanText(c.get("Casting Value") ?? c.get("Chanting Value") ?? "");
  const keywords = cleanText(c.get("Keywords") ?? "")
    .split(/[,\n]/)
    .map((k) => k.trim())
    .filter((k) => k !== "" && k !== "-");
  const a: Record<string, unknown> = { name: cleanText(profile.attrs.name ?? "ability").slice(0, 120) };
  // A command's cost when it is not the usual 1 command point ("Command (cost 2)": translate-timing2.ts reads "Command" as 1).
  const cost = cleanText(c.get("Cost") ?? "");
  const typed = type === "Command" && cost !== "" && cost !== "1" ? `Command (cost ${cost})` : type;
  const when = type === "Passive" ? "Passive" : [timing, castingValue ? `${type}, casting value ${castingValue}` : type === "Activated" ? "" : typed].filter(Boolean).join("; ");
  if (when) a.timing = when.slice(0, 300);
  const text = declare ? `Declare: ${declare}\nEffect: ${effect}` : effect;
  if (text) a.effect = text.slice(0, 4000);
  if (keywords.length > 0) a.keywords = keywords.slice(0, 12).map((k) => k.slice(0, 60));
  return a;
}

/**
 * AOS4-REGIMENTS: the faction link of a HERO adds the "Regimental Option" category to what its regiment may
 * take (`affects="self.entries.recursive.<category or entry id>"`). Category ids become keyword options,
 * entry ids become unit options. The faction's own keyword (all options imply it) is dropped.
 */
function regimentOptionsOf(index: BsIndex, ref: BsUnitRef, optionCategory: string | undefined, groups: Map<string, string[]>): WarscrollJson["regimentOptions"] {
  if (!ref.link || !optionCategory) return undefined;
  const out: NonNullable<WarscrollJson["regimentOptions"]> = [];
  const seen = new Set<string>();
  const modifiers: XmlElement[] = [];
  const collect = (el: XmlElement) => {
    for (const m of items(el, "modifiers", "modifier")) modifiers.push(m);
    for (const g of items(el, "modifierGroups", "modifierGroup")) collect(g);
  };
  collect(ref.link);
  for (const m of modifiers) {
    if (m.attrs.type !== "add" || m.attrs.field !== "category" || m.attrs.value !== optionCategory) continue;
    const target = /^self\.entries\.recursive\.(.+)$/.exec(m.attrs.affects ?? "")?.[1];
    if (!target || seen.has(target)) continue;
    seen.add(target);
    const category = index.categories.get(target);
    if (category !== undefined && isKeyword(category)) out.push({ keywords: [category] });
    else if (category !== undefined) {
      // New Recruit's own groupings ("Non-Monster Skink") are not keywords: list the units they hold.
      for (const unit of groups.get(target) ?? []) if (!out.some((o) => o.unit === unit)) out.push({ unit });
    } else {
      const entry = index.byId.get(target);
      if (entry?.attrs.name) out.push({ unit: entry.attrs.name });
    }
  }
  return out.length > 0 ? out : undefined;
}

const isKeyword = (name: string) => name === name.toUpperCase() && /[A-Z]/.test(name);

/** Apostrophes and spaces as the data writes them vary ("Beak " vs "Beak", ’ vs '): names compared loosely. */
const looseName = (s: string) => s.toLowerCase().replace(/[‘’`´]/g, "'").replace(/\s+/g, " ").trim();

const BATTLE_DAMAGED_START = /^While this unit has (\d+) or more damage points(?:,|:)\s*/i;
/** "the Attacks characteristic of [its] X is A" (X a weapon of the unit, A a number or dice). */
const DAMAGED_ATTACKS = /^[•\s]*the Attacks characteristic of (?:its )?(.+?) is (\d+|\d*D[36](?:\s*[+-]\s*\d+)?)\s*(?:\.|$|\n|(?=\s+and\s))/i;
/** "[and] this unit has / it has a Control characteristic of C". */
const DAMAGED_CONTROL = /^[•\s]*(?:and\s+)?(?:this unit|it) has a Control characteristic of (\d+)\.?\s*/i;

/**
 * PB-REALM-FERAL-ROAR: a Battle Damaged ability's text as numbers ("While this unit has 15 or more damage
 * points, the Attacks characteristic of its Fortcrusha Flail is 4 and this unit has a Control characteristic
 * of 10."; the bulleted form too). Returns null when the effect is not a Battle Damaged form, or the reason
 * it is one that is not modelled (another effect, or a weapon that is not the unit's).
 */
export function parseBattleDamaged(effect: string, weaponNames: readonly string[]): WarscrollJson["battleDamaged"] | string | null {
  const text = cleanText(effect);
  const start = BATTLE_DAMAGED_START.exec(text);
  if (!start) return null;
  const damagePoints = Number(start[1]);
  let rest = text.slice(start[0].length).trim();
  const weapons: { name: string; attacks: number | string }[] = [];
  let control: number | undefined;
  for (let guard = 0; rest !== "" && guard < 10; guard++) {
    const a = DAMAGED_ATTACKS.exec(rest);
    if (a) {
      const name = weaponNames.find((w) => looseName(w) === looseName(a[1]!));
      if (name === undefined) return `Battle Damaged names "${a[1]!.slice(0, 80)}", which is not a weapon of the unit`;
      if (!weapons.some((w) => w.name === name)) weapons.push({ name, attacks: /^\d+$/.test(a[2]!) ? Number(a[2]) : a[2]!.replace(/\s+/g, "") });
      rest = rest.slice(a[0].length).trim();
      continue;
    }
    const c = DAMAGED_CONTROL.exec(rest);
    if (c) {
      control = Number(c[1]);
      rest = rest.slice(c[0].length).trim();
      continue;
    }
    break;
  }
  if (rest !== "" || (weapons.length === 0 && control === undefined)) return `Battle Damaged not modelled: "${text.slice(0, 160)}"`;
  return { damagePoints, weapons, ...(control !== undefined ? { control } : {}) };
}

/** Converts one unit. Returns the warscroll, `null` for an entry that is not a warscroll, or a failure reason. */
export interface ConvertContext {
  optionCategory: string | undefined;
  libraryIds: (id: string) => boolean;
  /** Mixed-case (non-keyword) category id → names of the faction's units in it. */
  groups: Map<string, string[]>;
}

export function unitToWarscroll(index: BsIndex, ref: BsUnitRef, faction: BsCatalogue, ctx: ConvertContext): Warscroll | null | string {
  const { entry } = ref;
  const walked = walkUnit(index, entry, ctx.libraryIds);
  const unitProfiles = walked.profiles.filter((p) => p.profile.attrs.typeName === "Unit");
  if (unitProfiles.length === 0) return null;
  const unitProfile = unitProfiles[0]!.profile;
  const c = characteristics(unitProfile);
  const move = (c.get("Move") ?? "").trim();
  const moveText = move.replace(/["”″]/g, "").trim();
  const moveValue = moveText === "-" || moveText === "" ? null : /^\d+$/.test(moveText) ? Number(moveText) : moveText;
  if (typeof moveValue === "string" && diceTextError(moveValue) !== undefined) return `Move "${move}" is not a distance in inches or a roll`;
  const health = intOf(c.get("Health") ?? "");
  const save = rollOf(c.get("Save") ?? "-");
  const controlText = (c.get("Control") ?? "").trim();
  const control = controlText === "-" ? null : intOf(controlText);
  if (typeof health !== "number") return `Health "${c.get("Health") ?? ""}" is not a number`;
  if (typeof save === "string") return `Save "${save}" is not a roll like 4+`;
  if (typeof control === "string") return `Control "${c.get("Control") ?? ""}" is not a number`;

  const keywords: string[] = [];
  for (const l of items(entry, "categoryLinks", "categoryLink")) {
    const name = l.attrs.name ?? index.categories.get(l.attrs.targetId ?? "") ?? "";
    if (isKeyword(name) && !keywords.includes(name)) keywords.push(name);
  }

  const unitSize = walked.modelEntries.reduce((n, m) => n + m.min, 0) || 1;
  const weapons: Record<string, unknown>[] = [];
  const skippedWeapons: string[] = [];
  const seenWeapons = new Set<string>();
  // Weapon options: an optional weapon capped per unit ("1 in 5 models can replace ...") replaces the
  // mandatory weapon of the same type on that many models; an unchosen alternative gets models 0.
  const weaponProfiles = walked.profiles.filter((p) => p.profile.attrs.typeName === "Melee Weapon" || p.profile.attrs.typeName === "Ranged Weapon");
  for (const p of weaponProfiles) {
    const type = p.profile.attrs.typeName === "Melee Weapon" ? "melee" : "ranged";
    let models: number | undefined;
    if (p.optional) models = p.perUnitMax !== undefined ? Math.min(p.perUnitMax, p.models ?? unitSize) : 0;
    else if (p.models !== undefined && p.models !== unitSize) models = p.models;
    const w = weaponJson(p.profile, type, models);
    if (typeof w === "string") {
      // A weapon whose Hit or Wound is set by an ability ("See 'Searing Beam' ability") has no fixed profile.
      skippedWeapons.push(w);
      continue;
    }
    const key = JSON.stringify({ ...w, models: undefined });
    if (seenWeapons.has(key)) continue;
    seenWeapons.add(key);
    weapons.push(w);
  }
  for (const opt of weapons) {
    if (typeof opt.models !== "number" || opt.models === 0) continue;
    const replaced = weapons.filter((w) => w !== opt && w.type === opt.type && w.models === undefined);
    if (replaced.length === 1 && weaponProfiles.some((p) => p.optional && cleanText(p.profile.attrs.name ?? "") === opt.name)) replaced[0]!.models = Math.max(0, unitSize - (opt.models as number));
  }
  const abilities = walked.profiles.filter((p) => (p.profile.attrs.typeName ?? "").startsWith("Ability")).map((p) => abilityJson(p.profile));
  // PB-REALM-FERAL-ROAR: the first Battle Damaged form among the abilities (as numbers, or why not).
  let battleDamaged: WarscrollJson["battleDamaged"];
  let battleDamagedNote = "";
  for (const a of abilities) {
    const r = parseBattleDamaged((a.effect as string | undefined) ?? "", weapons.map((w) => w.name as string));
    if (r === null) continue;
    if (typeof r === "string") battleDamagedNote = `${r}.`;
    else battleDamaged = r;
    break;
  }
  const seenAbilities = new Set<string>();
  const uniqueAbilities = abilities.filter((a) => (seenAbilities.has(a.name as string) ? false : (seenAbilities.add(a.name as string), true)));

  const points = pointsOf(ref);
  const reinforceLink = [...items(ref.link, "entryLinks", "entryLink"), ...items(entry, "entryLinks", "entryLink")].some((l) => l.attrs.name === "Reinforced");
  const json: WarscrollJson = {
    name: cleanText(entry.attrs.name ?? ref.link?.attrs.name ?? ""),
    faction: faction.name,
    move: moveValue,
    health,
    save,
    control,
    keywords,
    battlefieldRoles: rolesFromKeywords(keywords),
    unitSize,
    canReinforce: reinforceLink && unitSize > 1,
    points: points ?? 0,
    baseSize: walked.baseSizes.find((b) => b !== "") ?? null,
    weapons: weapons as WarscrollJson["weapons"],
    abilities: uniqueAbilities.slice(0, 60) as WarscrollJson["abilities"],
    regimentOptions: keywords.includes("HERO") ? regimentOptionsOf(index, ref, ctx.optionCategory, ctx.groups) : undefined,
    ...(battleDamaged ? { battleDamaged } : {}),
  };
  const notes = [points === undefined ? "No points in the data." : "", ...skippedWeapons.map((w) => `Not imported: ${w}.`), battleDamagedNote].filter(Boolean);
  if (notes.length > 0) json.notes = notes.join(" ").slice(0, 2000);
  const r = warscrollSchema.safeParse(json);
  if (!r.success) return describeZodError(r.error);
  return r.data;
}

export interface FactionImport {
  faction: string;
  warscrolls: Warscroll[];
  failures: ImportFailure[];
  /** Entries linked as units that have no Unit profile (builders, Path to Glory helpers). */
  skipped: string[];
}

export function libraryIdTest(index: BsIndex): (id: string) => boolean {
  const gst = new Set<string>();
  if (index.gameSystem) {
    const stack = [index.gameSystem];
    while (stack.length) {
      const e = stack.pop()!;
      if (e.attrs.id) gst.add(e.attrs.id);
      stack.push(...e.children);
    }
  }
  return (id) => !gst.has(id);
}

export function importFactionUnits(index: BsIndex, faction: BsCatalogue, refs: BsUnitRef[], libraryIds = libraryIdTest(index)): FactionImport {
  const optionCategory = categoryIdByName(index, "Regimental Option");
  const groups = new Map<string, string[]>();
  for (const ref of refs) {
    for (const l of [...items(ref.link, "categoryLinks", "categoryLink"), ...items(ref.entry, "categoryLinks", "categoryLink")]) {
      const id = l.attrs.targetId;
      const name = cleanText(ref.entry.attrs.name ?? "");
      if (id === undefined || isKeyword(l.attrs.name ?? index.categories.get(id) ?? "")) continue;
      const list = groups.get(id) ?? [];
      if (!list.includes(name)) list.push(name);
      groups.set(id, list);
    }
  }
  const out: FactionImport = { faction: faction.name, warscrolls: [], failures: [], skipped: [] };
  const names = new Set<string>();
  for (const ref of refs) {
    const name = cleanText(ref.entry.attrs.name ?? "?");
    if (names.has(name)) continue;
    names.add(name);
    // Path to Glory's hero builder: a form to fill in, not a warscroll with a fixed profile.
    if (/^Anvil of Apotheosis\b/i.test(name)) {
      out.skipped.push(name);
      continue;
    }
    let r: Warscroll | null | string;
    try {
      r = unitToWarscroll(index, ref, faction, { optionCategory, libraryIds, groups });
    } catch (e) {
      r = (e as Error).message;
    }
    if (r === null) out.skipped.push(name);
    else if (typeof r === "string") out.failures.push({ faction: faction.name, unit: name, reason: r });
    else out.warscrolls.push(r);
  }
  return out;
}
