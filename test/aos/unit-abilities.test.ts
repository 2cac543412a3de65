/**
 * The reserve and replacement abilities (data/aos/unit-abilities.json, src/aos/battle/abilities.ts): the
 * schema refuses bad data with the field named, and — where the BSData snapshot is present in ../shared —
 * every number, phase, limit and condition typed by hand is read back from the ability's own text.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { unitAbilities, unitAbilitiesFileSchema } from "../../src/aos/battle/abilities.js";
import { cleanText } from "../../src/aos/bsdata/warscrolls.js";
import { parseXml, type XmlElement } from "../../src/aos/bsdata/xml.js";
import { describeZodError } from "../../src/core/errors.js";

const BSDATA = path.resolve(import.meta.dirname, "../../../shared/data/bsdata-aos4");
const present = existsSync(path.join(BSDATA, "Age of Sigmar 4.0.gst"));
if (!present) console.warn(`[unit-abilities] BSData checks skipped: no snapshot at ${BSDATA}`);

interface Profile {
  name: string;
  typeName: string;
  /** The unit (or upgrade) entry the profile belongs to. */
  entry: string;
  text: Record<string, string>;
}

const catalogues = new Map<string, Profile[]>();

/** Every ability profile of a catalogue with its characteristics (cleaned as the importer cleans them). */
function profiles(file: string): Profile[] {
  let out = catalogues.get(file);
  if (out) return out;
  out = [];
  const found = out;
  const walk = (el: XmlElement, entry: string) => {
    const here = el.name === "selectionEntry" ? (el.attrs.name ?? entry) : entry;
    if (el.name === "profile" && (el.attrs.typeName ?? "").startsWith("Ability")) {
      const text: Record<string, string> = {};
      for (const cs of el.children.filter((c) => c.name === "characteristics"))
        for (const c of cs.children) if (c.name === "characteristic") text[c.attrs.name!] = cleanText(c.text);
      found.push({ name: el.attrs.name!, typeName: el.attrs.typeName!, entry: here, text });
    }
    for (const c of el.children) walk(c, here);
  };
  walk(parseXml(readFileSync(path.join(BSDATA, file), "utf8"), file), "");
  catalogues.set(file, out);
  return out;
}

function profile(file: string, name: string, entry?: string): Profile {
  const hits = profiles(file).filter((p) => p.name === name && (entry === undefined || p.entry === entry));
  if (hits.length === 0) throw new Error(`${file}: no ability profile "${name}"${entry ? ` in "${entry}"` : ""}`);
  return hits[0]!;
}

/** `more than 9" from all enemy units` → 9; undefined if the text has no such phrase. */
function inches(text: string, phrase: RegExp): number | undefined {
  const m = phrase.exec(text);
  return m ? Number(m[1]) : undefined;
}

describe("reserve and replacement abilities: the data", () => {
  it("[CORE-RESERVES] [CORE-REPLACEMENT] the bundled file parses; ids are unique; the bundled factions' abilities are there", () => {
    const a = unitAbilities();
    expect(a.reserve.map((x) => x.id)).toEqual(["celestial-realm", "beneath-the-waves"]);
    expect(a.replacement.map((x) => x.id)).toEqual(["heavens-sent", "summon-loyal-subjects", "boneshaper", "supreme-lord-of-the-undead"]);
  });

  it("[CORE-RESERVES] a bad entry is refused with the field named", () => {
    const bad = structuredClone(unitAbilities()) as unknown as { reserve: { arrival: { fromRound: number } }[] };
    bad.reserve[0]!.arrival.fromRound = 4; // round 4 destroys reserves: an arrival from then is meaningless
    const r = unitAbilitiesFileSchema.safeParse(bad);
    expect(r.success).toBe(false);
    expect(describeZodError(r.error!)).toMatch(/^reserve\[0\]\.arrival\.fromRound: /);
    const noFilter = structuredClone(unitAbilities()) as unknown as { replacement: { targets: object }[] };
    noFilter.replacement[0]!.targets = {};
    expect(describeZodError(unitAbilitiesFileSchema.safeParse(noFilter).error!)).toMatch(/^replacement\[0\]\.targets: name warscrolls or keywords/);
  });
});

describe.skipIf(!present)(`reserve and replacement abilities against BSData (${BSDATA})`, () => {
  for (const a of unitAbilities().reserve) {
    it(`[CORE-RESERVES] ${a.name} / ${a.arrival.name} (${a.catalogue}): timing, limit, DEPLOY keyword, location, arrival distances`, () => {
      const entry = a.units.warscrolls?.[0];
      const p = profile(a.catalogue, a.name, entry);
      expect(p.text.Timing).toMatch(/Deployment Phase/);
      expect(p.text.Effect!.toLowerCase()).toContain(`in reserve ${a.location.toLowerCase()}`);
      expect(/\bDEPLOY\b/.test(p.text.Keywords ?? "")).toBe(a.deploy);
      expect(a.limit === "once-per-battle").toBe(/Once Per Battle/.test(p.text.Timing!));
      expect(a.limit === "more-on-battlefield").toBe(/more friendly .* units on the battlefield than there are set up in reserve/.test(p.text.Declare!));
      // Who: "Pick this unit" (the warscroll the profile is on), or "a friendly <FACTION> unit".
      if (/^Pick this unit/.test(p.text.Declare!)) expect(a.units.warscrolls).toEqual([p.entry]);
      else for (const k of a.units.keywords ?? []) expect(p.text.Declare).toContain(`friendly ${k} unit`);
      expect(p.text.Declare!.toUpperCase()).toContain(a.faction === "SONS OF BEHEMAT" ? "THIS UNIT" : a.faction);
      const arrival = profile(a.catalogue, a.arrival.name, entry);
      expect(arrival.text.Timing).toBe("Your Movement Phase");
      expect(arrival.text.Declare!.toLowerCase()).toContain(a.location.toLowerCase());
      const effect = arrival.text.Effect!;
      expect(inches(effect, /more than (\d+)" from all enemy units/)).toBe(a.arrival.placement.moreThanFromEnemies);
      expect(inches(effect, /wholly within (\d+)" of a battlefield edge/)).toBe(a.arrival.placement.whollyWithinEdge);
      expect(inches(effect, /wholly within (\d+)" of this unit/)).toBe(a.arrival.placement.whollyWithinUser);
      // No battle round is named: the arrival is open from the first one.
      expect(`${arrival.text.Timing} ${arrival.text.Declare} ${effect}`).not.toMatch(/battle round/i);
      expect(a.arrival.fromRound).toBe(1);
    });
  }

  for (const a of unitAbilities().replacement) {
    it(`[CORE-REPLACEMENT] ${a.name} (${a.catalogue}): command, phase, frequency, user, targets, models, placement`, () => {
      const user = a.user?.units.warscrolls?.[0];
      const p = profile(a.catalogue, a.name, user);
      const [timing, declare, effect] = [p.text.Timing ?? "", p.text.Declare ?? "", p.text.Effect ?? ""];
      expect(p.typeName === "Ability (Command)").toBe(a.command);
      expect(timing).toMatch(a.phase === "hero" ? /Your Hero Phase/ : /Your Movement Phase/);
      expect(a.frequency === "once-per-battle").toBe(/Once Per Battle/.test(timing));
      expect(a.frequency === "once-per-turn").toBe(/Once Per Turn \(Army\)/.test(timing));
      // Models: "half the number of models from the target unit (rounding up)" or "identical to the target".
      expect(a.models === "half").toBe(/half the number of models from the target unit \(rounding up\)/.test(effect));
      expect(a.models === "all").toBe(/identical to the target/.test(effect));
      expect(inches(effect, /more than (\d+)" from all enemy units/)).toBe(a.placement.moreThanFromEnemies);
      expect(inches(effect, /wholly within (\d+)" of a battlefield edge/)).toBe(a.placement.whollyWithinEdge);
      expect(inches(effect, /wholly within (\d+)" of this unit/)).toBe(a.placement.whollyWithinUser);
      expect(a.placement.notInCombat).toBe(/and not in combat/.test(effect));
      // The user: the warscroll the ability is on, a unit the Declare names, or the army (a battle trait).
      if (a.user === null) expect(p.entry).toMatch(/^Battle Traits/);
      else if (a.user.units.warscrolls) expect(a.user.units.warscrolls).toEqual([p.entry]);
      else for (const k of a.user.units.keywords ?? []) expect(declare).toContain(`friendly ${k} to use this ability`);
      expect(a.user?.notInCombat ?? false).toBe(/^If this unit is not in combat/.test(declare));
      // The targets: destroyed friendly units of the keywords and warscrolls the Declare names.
      expect(declare).toMatch(/that has been destroyed/);
      const D = declare.toUpperCase();
      for (const k of [...(a.targets.keywords ?? []), ...(a.targets.anyKeywords ?? [])]) if (k !== a.faction || a.user === null) expect(D).toContain(k);
      for (const k of a.targets.notKeywords ?? []) expect(D).toMatch(new RegExp(`NON-(\\S+ )?${k}`));
      for (const w of a.targets.warscrolls ?? []) expect(declare).toContain(w);
      expect(a.targets.minStartModels).toBe(inches(declare, /started the battle with (\d+) or more models/));
    });
  }
});
