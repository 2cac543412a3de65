/**
 * New Recruit's exports: `.ros` (BattleScribe roster XML), `.rosz` (the same, zipped) and `.json` (the same
 * tree as JSON, text under "$text"). What is read:
 * - the roster's name, its `pts` cost (declared) and cost limit;
 * - forces: the army's force (catalogueName = the faction) and its child forces: "General's Regiment",
 *   "Regiment" (numbered in order), "Auxiliary …", "Faction Terrain", and any other child force as a Regiment
 *   of Renown (named by the force, or by its first selection when the force is a generic "Regiment of Renown");
 * - selections of type unit / model with their costs (the subtree's sum: enhancements included), their
 *   models (model selections' `number`), upgrades: General, Reinforced, enhancements (selections in groups
 *   such as Heroic Traits or Artefacts of Power), weapon loadouts;
 * - top-level upgrades: Battle Formation, Spell / Prayer / Manifestation Lore, Faction Terrain;
 * - each unit's profiles (Unit, Melee / Ranged Weapon, Ability), kept as a warscroll, so a list needs no
 *   BSData folder for units no library knows.
 */
import { inflateRawSync } from "node:zlib";
import { InputError } from "../../core/errors.js";
import { rolesFromKeywords, warscrollSchema, type Warscroll } from "../armies/warscroll.js";
import { abilityJson, cleanText, intOf, rollOf, weaponJson } from "../bsdata/warscrolls.js";
import { parseXml, type XmlElement } from "../bsdata/xml.js";
import { readPoints } from "./text.js";
import { emptyList, type EnhancementKind, type ListFormat, type ListUnit, newUnit, type ParsedList } from "./types.js";

const MAX_UNZIPPED = 8_000_000;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The first .ros entry of a .rosz (a zip): stored or deflated, read from the central directory. */
export function unzipRos(bytes: Uint8Array, where: string): string {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd === -1) throw new InputError(`${where}: a zip without its central directory (a damaged .rosz?)`);
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  for (let n = 0; n < entries && p + 46 <= buf.length; n++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) break;
    const method = buf.readUInt16LE(p + 10);
    const compSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString("utf8", p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (!/\.ros$/i.test(name)) continue;
    if (size > MAX_UNZIPPED) throw new InputError(`${where}: ${name} unzips to ${size} bytes, more than ${MAX_UNZIPPED}`);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw new InputError(`${where}: ${name}: bad local header`);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + compSize);
    try {
      if (method === 0) return data.toString("utf8");
      if (method === 8) return inflateRawSync(data, { maxOutputLength: MAX_UNZIPPED }).toString("utf8");
    } catch (e) {
      throw new InputError(`${where}: ${name} cannot be unzipped (${(e as Error).message.slice(0, 80)})`);
    }
    throw new InputError(`${where}: ${name} uses zip method ${method}; only stored and deflated entries are read`);
  }
  throw new InputError(`${where}: a zip with no .ros inside; understood: a New Recruit .rosz`);
}

export function looksLikeRos(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*\?>\s*)?<roster[\s>]/.test(text);
}

export function looksLikeNewRecruitJson(json: unknown): boolean {
  const r = (json as { roster?: unknown } | null)?.roster;
  return r !== null && typeof r === "object" && Array.isArray((r as { forces?: unknown }).forces);
}

const CONTAINERS: Record<string, string> = {
  costs: "cost", costLimits: "costLimit", forces: "force", selections: "selection", categories: "category", profiles: "profile",
  characteristics: "characteristic", rules: "rule", publications: "publication",
};

/** New Recruit's JSON as the same element tree the XML gives (bounded like the XML reader). */
function jsonToElement(name: string, v: unknown, budget: { n: number }, depth = 0): XmlElement {
  if (--budget.n < 0 || depth > 64) throw new InputError("New Recruit JSON: too large or too deeply nested");
  const el: XmlElement = { name, attrs: {}, children: [], text: "" };
  if (v === null || typeof v !== "object") return el;
  for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
    if (k === "$text") el.text = String(val);
    else if (Array.isArray(val) && CONTAINERS[k]) {
      const container: XmlElement = { name: k, attrs: {}, children: [], text: "" };
      for (const item of val.slice(0, 5000)) container.children.push(jsonToElement(CONTAINERS[k]!, item, budget, depth + 1));
      el.children.push(container);
    } else if (typeof val === "string" || typeof val === "number" || typeof val === "boolean") el.attrs[k] = String(val);
  }
  return el;
}

export function parseNewRecruitJson(json: unknown, where: string): ParsedList {
  return parseRosterElement(jsonToElement("roster", (json as { roster: unknown }).roster, { n: 400_000 }), where, "newrecruit-json");
}

export function parseRos(text: string, where: string, format: ListFormat): ParsedList {
  return parseRosterElement(parseXml(text, where), where, format);
}

const kids = (el: XmlElement | undefined, container: string, name: string) => el?.children.find((c) => c.name === container)?.children.filter((c) => c.name === name) ?? [];
const ptsOf = (el: XmlElement, container = "costs", item = "cost") => {
  const c = kids(el, container, item).find((x) => x.attrs.typeId === "points" || /^pts$|points/i.test(x.attrs.name ?? ""));
  const v = c ? Number(c.attrs.value) : NaN;
  return Number.isFinite(v) ? Math.round(v) : null;
};
const subtreePoints = (sel: XmlElement): number => (ptsOf(sel) ?? 0) + kids(sel, "selections", "selection").reduce((s, c) => s + subtreePoints(c), 0);
const name = (el: XmlElement) => cleanText(el.attrs.name ?? "").replace(/\s+/g, " ").trim();

function parseRosterElement(root: XmlElement, where: string, format: ListFormat): ParsedList {
  if (root.name !== "roster") throw new InputError(`${where}: not a BattleScribe roster (its root is <${root.name}>)`);
  const list = emptyList(format);
  list.name = name(root) || null;
  list.pointsDeclared = ptsOf(root);
  list.pointsLimit = ptsOf(root, "costLimits", "costLimit");
  if (list.pointsLimit !== null && list.pointsLimit <= 0) list.pointsLimit = null;
  const forces = kids(root, "forces", "force");
  if (forces.length === 0) throw new InputError(`${where}: a roster with no forces`);
  if (forces.length > 1) list.warnings.push(`${forces.length} top-level forces: only the first (${name(forces[0]!)}) is imported`);
  const army = forces[0]!;
  list.faction = cleanText(army.attrs.catalogueName ?? "") || null;
  if (/general'?s handbook/i.test(name(army))) list.notes.push(name(army));
  let regimentNo = 0;
  const walkForce = (force: XmlElement, regiment: string | null) => {
    for (const sel of kids(force, "selections", "selection")) readSelection(list, sel, regiment);
    for (const sub of kids(force, "forces", "force")) {
      const n = name(sub);
      if (/^general'?s regiment/i.test(n)) walkForce(sub, "General's Regiment");
      else if (/^regiment\b(?! of renown)/i.test(n)) walkForce(sub, `Regiment ${++regimentNo}`);
      else if (/^auxiliar/i.test(n)) walkForce(sub, "Auxiliary");
      else if (/^faction terrain/i.test(n)) walkForce(sub, "Faction Terrain");
      else {
        // A Regiment of Renown: the force's own name, or its first non-unit selection's (a generic force name).
        const sels = kids(sub, "selections", "selection");
        const bundle = /^regiments? of renown$/i.test(n) ? sels.find((s) => !isUnit(s)) : undefined;
        const rorName = bundle ? name(bundle) : n;
        const ror = { name: rorName, points: sels.reduce((s, x) => s + subtreePoints(x), 0), units: [] as ListUnit[] };
        list.regimentsOfRenown.push(ror);
        for (const s of sels) if (isUnit(s)) ror.units.push(unitOf(s, rorName, list));
        for (const s of sels) if (s.attrs.type === "model" || s.attrs.type === "unit") continue;
      }
    }
  };
  walkForce(army, null);
  return list;
}

const isUnit = (sel: XmlElement) => (sel.attrs.type === "unit" || sel.attrs.type === "model") && hasUnitProfile(sel);
function hasUnitProfile(sel: XmlElement, depth = 0): boolean {
  if (kids(sel, "profiles", "profile").some((p) => p.attrs.typeName === "Unit")) return true;
  return depth < 3 && kids(sel, "selections", "selection").some((c) => c.attrs.type === "model" && hasUnitProfile(c, depth + 1));
}

function readSelection(list: ParsedList, sel: XmlElement, regiment: string | null): void {
  const n = name(sel);
  // A unit selection without a Unit profile is still a unit (a library may know it), not a note.
  if (isUnit(sel) || sel.attrs.type === "unit") {
    if (regiment === "Faction Terrain") {
      list.factionTerrain = { name: n, points: subtreePoints(sel) || null };
      return;
    }
    list.units.push(unitOf(sel, regiment, list));
    return;
  }
  const child = kids(sel, "selections", "selection")[0];
  const pts = subtreePoints(sel) || null;
  const lore = /^(spell|prayer|manifestation) lore$/i.exec(n);
  if (lore && child) list.lores.push({ kind: lore[1]!.toLowerCase() as "spell", name: name(child), points: pts });
  else if (/^battle formation$/i.test(n) && child) {
    list.formation = name(child);
    list.formationPoints = pts;
  } else if (/^faction terrain$/i.test(n) || regiment === "Faction Terrain") list.factionTerrain = { name: child ? name(child) : n, points: pts };
  else if (/^grand strategy$/i.test(n) && child) list.grandStrategy = name(child);
  else if (/^battle tactic cards?$/i.test(n)) list.notes.push(`Battle tactic cards: ${kids(sel, "selections", "selection").map(name).join(", ")}`);
  else if (n !== "" && !/^(?:general'?s handbook|game type|army composition)/i.test(n)) list.notes.push(n);
}

const ENHANCEMENT_GROUP: [RegExp, EnhancementKind][] = [
  [/heroic trait/i, "heroic trait"],
  [/artefact|artifact/i, "artefact"],
  [/command trait/i, "command trait"],
  [/monstrous trait|mount trait/i, "mount trait"],
  [/spell/i, "spell"],
  [/prayer/i, "prayer"],
  [/enhancement|trait|big name|blessing|upgrade/i, "other"],
];

/** The first points cost of a selection's subtree that is not a whole number of 0 to UNIT_POINTS_MAX, and why. */
function badCost(sel: XmlElement, depth = 0): string | null {
  for (const c of kids(sel, "costs", "cost")) {
    if (c.attrs.typeId !== "points" && !/^pts$|points/i.test(c.attrs.name ?? "")) continue;
    const problem = readPoints(c.attrs.value ?? "").problem;
    if (problem !== null) return problem;
  }
  if (depth >= 4) return null;
  for (const c of kids(sel, "selections", "selection")) {
    const problem = badCost(c, depth + 1);
    if (problem !== null) return problem;
  }
  return null;
}

function unitOf(sel: XmlElement, regiment: string | null, list: ParsedList): ListUnit {
  // A cost that is not a whole number ("abc", "-110", "110.5", "1100000") is said, not summed as 0 or rounded.
  const problem = badCost(sel);
  const u = newUnit(name(sel), problem === null ? subtreePoints(sel) : null, regiment);
  if (problem !== null) u.unread = { line: null, text: `selection "${name(sel).slice(0, 80)}"`, problem };
  let models = 0;
  const walk = (s: XmlElement, depth: number) => {
    for (const c of kids(s, "selections", "selection")) {
      const cn = name(c);
      const number = Number(c.attrs.number ?? 1) || 1;
      if (/^general$/i.test(cn)) u.general = true;
      else if (/^reinforced$/i.test(cn)) u.reinforced = true;
      else if (/^legends$/i.test(cn)) u.legends = true;
      else if (c.attrs.type === "model") {
        models += number;
        if (depth < 4) walk(c, depth + 1);
      } else {
        const group = c.attrs.group ?? c.attrs.entryGroupName ?? "";
        const kind = ENHANCEMENT_GROUP.find(([re]) => re.test(group))?.[1];
        const isWeapon = kids(c, "profiles", "profile").some((p) => /Weapon/.test(p.attrs.typeName ?? ""));
        if (kind && !isWeapon) u.enhancements.push({ kind, name: cn, points: ptsOf(c) });
        else u.loadout.push(`${number}x ${cn}`);
        if (depth < 4) walk(c, depth + 1);
      }
    }
  };
  walk(sel, 0);
  if (sel.attrs.type === "model") models = Math.max(models, Number(sel.attrs.number ?? 1) || 1);
  if (models > 0) u.models = models;
  const w = profileWarscroll(sel, u, list.faction ?? "Unknown", models);
  if (typeof w === "string") u.profileError = w.slice(0, 160);
  else if (w) u.profile = w;
  return u;
}

/** The unit's profiles in the file as a warscroll (points without enhancements, per minimum-size unit). */
function profileWarscroll(sel: XmlElement, u: ListUnit, faction: string, models: number): Warscroll | string | null {
  const profiles: XmlElement[] = [];
  const collect = (s: XmlElement, depth: number) => {
    profiles.push(...kids(s, "profiles", "profile"));
    if (depth < 4) for (const c of kids(s, "selections", "selection")) collect(c, depth + 1);
  };
  collect(sel, 0);
  const unit = profiles.find((p) => p.attrs.typeName === "Unit");
  if (!unit) return null;
  const c = new Map(kids(unit, "characteristics", "characteristic").map((x) => [x.attrs.name ?? "", x.text]));
  const moveText = (c.get("Move") ?? "").replace(/["”″]/g, "").trim();
  const health = intOf(c.get("Health") ?? "");
  const save = rollOf(c.get("Save") ?? "-");
  const control = (c.get("Control") ?? "").trim() === "-" ? null : intOf(c.get("Control") ?? "");
  if (typeof health !== "number") return `Health "${c.get("Health") ?? ""}"`;
  if (typeof save === "string") return `Save "${save}"`;
  if (typeof control === "string") return `Control "${c.get("Control") ?? ""}"`;
  const keywords = [...new Set(kids(sel, "categories", "category").map((x) => cleanText(x.attrs.name ?? "")).filter((k) => k === k.toUpperCase() && /[A-Z]/.test(k)))];
  const weapons: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  for (const p of profiles) {
    const t = p.attrs.typeName === "Melee Weapon" ? "melee" : p.attrs.typeName === "Ranged Weapon" ? "ranged" : null;
    if (!t) continue;
    const w = weaponJson(p, t, undefined);
    if (typeof w === "string" || seen.has(w.name as string)) continue;
    seen.add(w.name as string);
    weapons.push(w);
  }
  const abilities = profiles.filter((p) => (p.attrs.typeName ?? "").startsWith("Ability")).map(abilityJson);
  const uniq = abilities.filter((a, i) => abilities.findIndex((b) => b.name === a.name) === i).slice(0, 60);
  const unitSize = Math.max(1, u.reinforced ? Math.floor(models / 2) : models);
  const enh = u.enhancements.reduce((s, e) => s + (e.points ?? 0), 0);
  const points = Math.max(0, Math.round(((u.points ?? 0) - enh) / (u.reinforced ? 2 : 1)));
  const r = warscrollSchema.safeParse({
    name: u.name,
    faction,
    move: moveText === "-" || moveText === "" ? null : /^\d+$/.test(moveText) ? Number(moveText) : moveText,
    health,
    save,
    control,
    keywords,
    battlefieldRoles: rolesFromKeywords(keywords),
    unitSize,
    canReinforce: u.reinforced,
    points,
    baseSize: null,
    weapons,
    abilities: uniq,
    notes: "From the profiles of an imported New Recruit roster.",
  });
  return r.success ? r.data : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
}
