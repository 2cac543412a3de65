/**
 * Manifestation lores from a BSData AoS 4 folder (CORE-BANISH). Where they are:
 * - a faction catalogue offers lores through groups named "Manifestation Lores": its own (faction lores) and
 *   the shared one in Lores.cat (universal lores, which every faction links);
 * - each lore is a `selectionEntryGroup` (mostly in Lores.cat) whose `selectionEntries` are the "Summon X"
 *   spells (profile "Ability (Spell)" or "Ability (Prayer)": Casting/Chanting Value, Effect) and whose
 *   `entryLinks` point at the manifestations' unit entries (profile type "Manifestation": Move, Health,
 *   Save, Banishment; weapons and keywords as any unit's);
 * - which manifestation a spell sets up: the entry link is hidden unless that spell is taken (its modifier's
 *   condition names the spell's id); failing that, the spell's name ("Summon X") or its effect names it;
 * - where it is set up: the effect's "(wholly) within N" of the caster" and "more than M" from all enemy units".
 * The lore's points are the faction entry's cost (0 where there is none).
 */
import { describeZodError } from "../../core/errors.js";
import { type ManifestationLore, manifestationLoreSchema, manifestationSchema, type Manifestation } from "../armies/manifestations.js";
import { diceTextError } from "../armies/warscroll.js";
import { type BsIndex, factionCatalogues, items, resolve } from "./catalogue.js";
import { abilityJson, characteristics, cleanText, intOf, libraryIdTest, rollOf, walkUnit, weaponJson } from "./warscrolls.js";
import type { XmlElement } from "./xml.js";

export interface LoreFailure {
  lore: string;
  /** The spell or manifestation that could not be read, or the lore itself. */
  what: string;
  reason: string;
}

export interface LoreImport {
  lores: ManifestationLore[];
  failures: LoreFailure[];
}

const isKeyword = (name: string) => name === name.toUpperCase() && /[A-Z]/.test(name);
/** Names compared loosely: case, spaces, apostrophes, a leading "The". */
const loose = (s: string) =>
  cleanText(s)
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/^the /, "")
    .replace(/\s+/g, " ")
    .trim();

/** Reads a manifestation's unit entry; a string is why it cannot be read, null if it is no manifestation. */
export function manifestationFromEntry(index: BsIndex, entry: XmlElement, libraryIds = libraryIdTest(index)): Manifestation | string | null {
  const walked = walkUnit(index, entry, libraryIds);
  const profile = walked.profiles.find((p) => p.profile.attrs.typeName === "Manifestation")?.profile;
  if (!profile) return null;
  const c = characteristics(profile);
  const moveText = (c.get("Move") ?? "").replace(/["”″]/g, "").trim();
  const move = moveText === "-" || moveText === "" ? null : /^\d+$/.test(moveText) ? Number(moveText) : moveText;
  if (typeof move === "string" && diceTextError(move) !== undefined) return `Move "${moveText}" is not a distance in inches or a roll`;
  const health = intOf(c.get("Health") ?? "");
  const save = rollOf(c.get("Save") ?? "-");
  const banishmentText = (c.get("Banishment") ?? "").trim();
  const banishment = /^(\d{1,2})\+$/.exec(banishmentText);
  if (typeof health !== "number") return `Health "${c.get("Health") ?? ""}" is not a number`;
  if (typeof save === "string") return `Save "${save}" is not a roll like 4+`;
  if (!banishment) return `Banishment "${banishmentText}" is not a roll like 7+`;
  const keywords: string[] = [];
  for (const l of items(entry, "categoryLinks", "categoryLink")) {
    const name = l.attrs.name ?? index.categories.get(l.attrs.targetId ?? "") ?? "";
    if (isKeyword(name) && !keywords.includes(name)) keywords.push(name);
  }
  const weapons: Record<string, unknown>[] = [];
  const notes: string[] = [];
  const seen = new Set<string>();
  for (const p of walked.profiles) {
    const t = p.profile.attrs.typeName;
    if (t !== "Melee Weapon" && t !== "Ranged Weapon") continue;
    const w = weaponJson(p.profile, t === "Melee Weapon" ? "melee" : "ranged", undefined);
    if (typeof w === "string") {
      notes.push(`Not imported: ${w}.`);
      continue;
    }
    const key = JSON.stringify(w);
    if (seen.has(key)) continue;
    seen.add(key);
    weapons.push(w);
  }
  const abilities = walked.profiles.filter((p) => (p.profile.attrs.typeName ?? "").startsWith("Ability")).map((p) => abilityJson(p.profile));
  const json = {
    name: cleanText(entry.attrs.name ?? ""),
    move,
    health,
    save,
    banishment: Number(banishment[1]),
    keywords,
    baseSize: walked.baseSizes.find((b) => b !== "") ?? null,
    weapons,
    abilities: abilities.filter((a, i) => abilities.findIndex((b) => b.name === a.name) === i).slice(0, 20),
    ...(notes.length > 0 ? { notes: notes.join(" ").slice(0, 2000) } : {}),
  };
  const r = manifestationSchema.safeParse(json);
  return r.success ? r.data : describeZodError(r.error);
}

/** "(wholly) within 12" of the caster", "more than 9" from all enemy units" → the set-up rule, or why not. */
export function parseSetUp(effect: string): { range: number; wholly: boolean; enemyGap: number } | string {
  const text = cleanText(effect);
  const within = /\b(wholly )?within (\d+(?:\.\d+)?)["”″]\s*of (?:and visible to )?the (?:caster|chanter)\b/i.exec(text);
  if (!within) return `set-up not understood: "${text.slice(0, 120)}"`;
  const gap = /more than (\d+(?:\.\d+)?)["”″]\s*from all enemy units/i.exec(text);
  return { range: Number(within[2]), wholly: within[1] !== undefined, enemyGap: gap ? Number(gap[1]) : 0 };
}

/** The ids of spells a link's modifiers make it depend on (the manifestation is hidden unless the spell is taken). */
function conditionIds(link: XmlElement): string[] {
  const out: string[] = [];
  const stack = [link];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.name === "condition" && e.attrs.childId) out.push(e.attrs.childId);
    stack.push(...e.children);
  }
  return out;
}

/** Reads one lore group. */
export function loreFromGroup(index: BsIndex, group: XmlElement, factions: string[], points: number, libraryIds = libraryIdTest(index)): { lore: ManifestationLore | null; failures: LoreFailure[] } {
  const name = cleanText(group.attrs.name ?? "");
  const failures: LoreFailure[] = [];
  const manifestations: { m: Manifestation; link: XmlElement }[] = [];
  for (const link of items(group, "entryLinks", "entryLink")) {
    if (link.attrs.type !== "selectionEntry") continue;
    const entry = resolve(index, link);
    if (!entry || entry.name !== "selectionEntry") continue;
    let m: Manifestation | string | null;
    try {
      m = manifestationFromEntry(index, entry, libraryIds);
    } catch (e) {
      m = (e as Error).message;
    }
    if (m === null) continue;
    if (typeof m === "string") failures.push({ lore: name, what: cleanText(entry.attrs.name ?? "?"), reason: m });
    else if (!manifestations.some((x) => x.m.name === (m as Manifestation).name)) manifestations.push({ m, link });
  }
  const spells: ManifestationLore["spells"] = [];
  for (const entry of items(group, "selectionEntries", "selectionEntry")) {
    const profile = items(entry, "profiles", "profile").find((p) => /^Ability \((Spell|Prayer)\)$/.test(p.attrs.typeName ?? ""));
    const spellName = cleanText(profile?.attrs.name ?? entry.attrs.name ?? "");
    if (!profile || !/^summon\b/i.test(spellName)) continue;
    const c = characteristics(profile);
    const kind = profile.attrs.typeName === "Ability (Prayer)" ? "prayer" : "spell";
    const value = intOf(c.get("Casting Value") ?? c.get("Chanting Value") ?? "");
    const effect = c.get("Effect") ?? "";
    const setUp = parseSetUp(effect);
    if (typeof value !== "number") {
      failures.push({ lore: name, what: spellName, reason: `casting value "${c.get("Casting Value") ?? c.get("Chanting Value") ?? ""}" is not a number` });
      continue;
    }
    if (typeof setUp === "string") {
      failures.push({ lore: name, what: spellName, reason: setUp });
      continue;
    }
    const id = entry.attrs.id ?? "";
    let targets = manifestations.filter((x) => conditionIds(x.link).includes(id)).map((x) => x.m.name);
    if (targets.length === 0) {
      const wanted = loose(spellName.replace(/^summon\s+/i, ""));
      targets = manifestations.filter((x) => loose(x.m.name) === wanted).map((x) => x.m.name);
    }
    if (targets.length === 0) targets = manifestations.filter((x) => loose(effect).includes(loose(x.m.name))).map((x) => x.m.name);
    if (targets.length === 0) {
      failures.push({ lore: name, what: spellName, reason: "names no manifestation of the lore" });
      continue;
    }
    spells.push({ name: spellName, kind, castingValue: value, manifestations: targets.slice(0, 4), setUp });
  }
  if (spells.length === 0) return { lore: null, failures };
  // Only the manifestations some spell can summon, in the order of the spells.
  const used: Manifestation[] = [];
  for (const s of spells) for (const n of s.manifestations) if (!used.some((m) => m.name === n)) used.push(manifestations.find((x) => x.m.name === n)!.m);
  const r = manifestationLoreSchema.safeParse({ name, factions, points, spells, manifestations: used, source: "BSData" });
  if (!r.success) {
    failures.push({ lore: name, what: name, reason: describeZodError(r.error) });
    return { lore: null, failures };
  }
  return { lore: r.data, failures };
}

/** The lore groups a "Manifestation Lores" group offers: lore group → the points of its entry. */
function loresOffered(index: BsIndex, group: XmlElement): Map<XmlElement, number> {
  const out = new Map<XmlElement, number>();
  for (const entry of items(group, "selectionEntries", "selectionEntry")) {
    const cost = items(entry, "costs", "cost").find((c) => c.attrs.typeId === "points" || c.attrs.name === "pts");
    for (const link of items(entry, "entryLinks", "entryLink")) {
      const target = resolve(index, link);
      if (target?.name === "selectionEntryGroup") out.set(target, cost?.attrs.value !== undefined ? Number(cost.attrs.value) : 0);
    }
  }
  return out;
}

/** Every "Manifestation Lores" group a faction catalogue links or defines. */
function manifestationLoreGroups(index: BsIndex, root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const stack = [root];
  let budget = 200_000;
  while (stack.length > 0 && --budget > 0) {
    const e = stack.pop()!;
    if (e.attrs.name === "Manifestation Lores") {
      const g = e.name === "entryLink" ? resolve(index, e) : e.name === "selectionEntryGroup" ? e : undefined;
      if (g && g.name === "selectionEntryGroup" && !out.includes(g)) out.push(g);
    }
    stack.push(...e.children);
  }
  return out;
}

/**
 * Every manifestation lore the folder's factions offer. A lore only some factions offer lists them; one
 * offered through a library's shared "Manifestation Lores" group (Lores.cat) is universal (no factions).
 */
export function importLores(index: BsIndex): LoreImport {
  const libraryIds = libraryIdTest(index);
  const libraryRoots = new Set(index.catalogues.filter((c) => c.library).map((c) => c.root));
  const inLibrary = new Set<XmlElement>();
  for (const root of libraryRoots) {
    const stack = [root];
    while (stack.length > 0) {
      const e = stack.pop()!;
      if (e.name === "selectionEntryGroup" && e.attrs.name === "Manifestation Lores") inLibrary.add(e);
      stack.push(...e.children);
    }
  }
  const offered = new Map<XmlElement, { factions: Set<string>; universal: boolean; points: number }>();
  for (const cat of factionCatalogues(index)) {
    for (const g of manifestationLoreGroups(index, cat.root)) {
      for (const [lore, points] of loresOffered(index, g)) {
        const o = offered.get(lore) ?? { factions: new Set<string>(), universal: false, points };
        o.factions.add(cat.name);
        if (inLibrary.has(g)) o.universal = true;
        o.points = Math.max(o.points, points);
        offered.set(lore, o);
      }
    }
  }
  const lores: ManifestationLore[] = [];
  const failures: LoreFailure[] = [];
  for (const [group, o] of offered) {
    const factions = o.universal ? [] : [...o.factions].sort().slice(0, 20);
    const r = loreFromGroup(index, group, factions, o.points, libraryIds);
    failures.push(...r.failures);
    if (!r.lore) continue;
    // A lore defined twice under one name (two factions' copies): one lore, offered to both.
    const same = lores.findIndex((l) => l.name === r.lore!.name);
    if (same < 0) lores.push(r.lore);
    else if (lores[same]!.factions.length > 0 && r.lore.factions.length > 0)
      lores[same] = { ...lores[same]!, factions: [...new Set([...lores[same]!.factions, ...r.lore.factions])].sort().slice(0, 20) };
    else lores[same] = { ...lores[same]!, factions: [] };
  }
  lores.sort((a, b) => a.name.localeCompare(b.name));
  return { lores, failures };
}
