/**
 * The commands as a user runs them: `tactica armies`, `tactica armies FILE`, `tactica units`, and
 * `tactica odds aos --attacker NAME --defender NAME`. Exit codes: 0 legal, 1 a rule broken, 2 not a roster.
 */
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main, run } from "../../src/cli/main.js";
import { InputError } from "../../src/core/errors.js";
import { PITCHED_BATTLES_2021, pitchedBattleTableSchema } from "../../src/aos/armies/index.js";

async function cli(...argv: string[]): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const code = await run(argv, (s) => lines.push(s));
  return { code, text: lines.join("\n") };
}

async function tempJson(value: unknown): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "tactica-armies-"));
  const file = path.join(dir, "roster.json");
  await writeFile(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
}

const BSDATA = path.resolve(import.meta.dirname, "../../../shared/data/bsdata-aos4");
const bsdataPresent = existsSync(path.join(BSDATA, "Age of Sigmar 4.0.gst"));

afterEach(() => vi.restoreAllMocks());

describe("tactica armies", () => {
  it("[PB-ROSTER] lists the six bundled armies with faction, mode, points and validity", async () => {
    const { code, text } = await cli("armies");
    expect(code).toBe(0);
    const rows = text.split("\n").filter((l) => /pts/.test(l)).map((l) => l.trim().split(/\s{2,}/));
    expect(rows).toEqual([
      ["Mortek Shieldwall", "Ossiarch Bonereapers", "Pitched Battles 2021", "1,000 / 1,000 pts", "legal"],
      ["Hammers of the Warrior Chamber", "Stormcast Eternals", "Pitched Battles 2021", "990 / 1,000 pts", "legal"],
      ["Stomp of Giants", "Sons of Behemat", "Pitched Battles 2021", "1,890 / 2,000 pts", "legal"],
      ["Procession of Grief", "Nighthaunt", "Pitched Battles 2021", "1,980 / 2,000 pts", "legal"],
      ["The Royal Hunt", "Flesh-eater Courts", "4th-edition regiments", "1,980 / 2,000 pts", "legal"],
      ["Warrior Chamber Vanguard", "Stormcast Eternals", "4th-edition regiments", "750 / 1,000 pts", "legal"],
    ]);
  });

  it("[PB-ROLES] a bundled army by name prints its units, role counts against the table, and exit 0", async () => {
    const { code, text } = await cli("armies", "Stomp of Giants");
    expect(code).toBe(0);
    expect(text).toContain("Stomp of Giants — Sons of Behemat, Pitched Battles 2021, 1,890 / 2,000 points");
    expect(text).toContain("Leaders 3 (1-6) · Battleline 4 (≥3) · Behemoths 3 (≤4) · Artillery 0 (≤4)");
    expect(text).toContain("Legal: no army rule is broken.");
  });

  it("[PB-ROLES] a roster file that breaks rules prints every violation with its rule ID and exits 1", async () => {
    const file = await tempJson({
      name: "Too few",
      faction: "Ossiarch Bonereapers",
      pointsLimit: 1000,
      general: "Mortek Guard",
      units: [{ warscroll: "Mortek Guard" }, { warscroll: "Mortek Gaurd" }],
    });
    const { code, text } = await cli("armies", file);
    expect(code).toBe(1);
    expect(text.split("\n").filter((l) => l.startsWith("  ["))).toEqual([
      '  [PB-ROSTER] "Mortek Gaurd" is not a warscroll in the bundled data (did you mean "Mortek Guard"?).',
      "  [PB-GS-PICK] The roster names no grand strategy; pick 1 (Sever the Head, Hold the Line, Vendetta, Dominating Presence, Beast Master, Prized Sorcery, Pillars of Belief, Predator's Domain).",
      "  [PB-ROLES] A 1,000-point army needs at least 1 Leader; this one has 0.",
      "  [PB-ROLES] A 1,000-point army needs at least 2 Battleline units; this one has 1.",
      "  [PB-ROLES] The general must be a Leader; Mortek Guard is not.",
    ]);
    const json = await cli("armies", file, "--json");
    expect(json.code).toBe(1);
    expect(JSON.parse(json.text)).toMatchObject({ valid: false, points: 110, violations: [{ rule: "PB-ROSTER" }, { rule: "PB-GS-PICK" }, { rule: "PB-ROLES" }, { rule: "PB-ROLES" }, { rule: "PB-ROLES" }] });
  });

  it("[PB-REINFORCED] a unit of a size with no points is listed with the roster's models and '?' points, the total with '+ ?', as the violation says", async () => {
    const { roster } = (await import("../../src/aos/armies/index.js")).bundledRosters().find((b) => b.roster.name === "Mortek Shieldwall")!;
    const json = structuredClone(roster) as { units: { id?: string; models?: number }[] };
    json.units.find((u) => u.id === "Mortek Guard (20)")!.models = 15;
    const file = await tempJson(json);
    const { code, text } = await cli("armies", file);
    expect(code).toBe(1);
    const lines = text.split("\n");
    // 180 + 140 + 110 + 150 + 200 = 780 priced; the 15 Mortek Guard have no points (10, 20 or 30 do).
    expect(lines[0]).toBe("Mortek Shieldwall — Ossiarch Bonereapers, Pitched Battles 2021, 780 + ? / 1,000 points (Mortek Guard (20): no points for its number of models)");
    expect(lines).toContain("  Mortek Guard (20)     15 models     ? pts  Battleline");
    expect(lines).toContain("  Mortek Guard (10)     10 models   110 pts  Battleline");
    expect(lines).toContain("  [PB-REINFORCED] Mortek Guard (20) has 15 models; it must have 10, 20 (reinforced) or 30 (reinforced twice).");
    const j = JSON.parse((await cli("armies", file, "--json")).text);
    expect([j.points, j.unpriced, j.units[2]]).toEqual([780, ["Mortek Guard (20)"], { unit: "Mortek Guard (20)", warscroll: "Mortek Guard", models: 15, reinforced: 0, points: null }]);
  });

  it("[PB-ROSTER] a file that is not a roster is an input error: exit 2, one line naming the field", async () => {
    const file = await tempJson({ attacker: {}, defender: {} });
    await expect(cli("armies", file)).rejects.toThrow(InputError);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    expect(await main(["armies", file])).toBe(2);
    expect(String(err.mock.calls[0]![0])).toMatch(/^tactica: .*roster\.json: faction: is required \(string\); pointsLimit: is required \(number\); general: is required \(string\) \(and \d+ more\)\n$/);
    const notJson = await tempJson("{ not json");
    expect(await main(["armies", notJson])).toBe(2);
    expect(await main(["armies", "/no/such/roster.json"])).toBe(2);
  });

  it("[PB-LIMIT] --limits replaces the Pitched Battles table", async () => {
    const limits = await tempJson({
      "1000": { leaders: { min: 1, max: 4 }, battleline: { min: 4 }, behemoths: { max: 2 }, artillery: { max: 2 }, endlessSpells: { max: 2 }, alliesPoints: 200, reinforced: { max: 2 }, terrainFeatures: 6 },
    });
    const { code, text } = await cli("armies", "Mortek Shieldwall", "--limits", limits);
    expect(code).toBe(1);
    expect(text).toContain("  [PB-ROLES] A 1,000-point army needs at least 4 Battleline units; this one has 3.");
    const bad = await tempJson({ "1000": { leaders: { min: -1 } } });
    await expect(cli("armies", "Mortek Shieldwall", "--limits", bad)).rejects.toThrow(/1000\.leaders\.min: Too small/);
  });

  it("[PB-LIMIT] a limits table whose leaders.min is above leaders.max is refused, naming the field (issue 17 item 14)", async () => {
    const entry = { ...PITCHED_BATTLES_2021["1000"], leaders: { min: 5, max: 1 } };
    expect(pitchedBattleTableSchema.safeParse({ "1000": entry }).error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["1000.leaders.min", "must not be more than leaders.max (no roster could be legal)"],
    ]);
    // Equal is a table a roster can meet (exactly that many Leaders).
    expect(pitchedBattleTableSchema.safeParse({ "1000": { ...entry, leaders: { min: 2, max: 2 } } }).success).toBe(true);
    const file = await tempJson({ "1000": entry });
    await expect(cli("armies", "Mortek Shieldwall", "--limits", file)).rejects.toThrow(`${file}: 1000.leaders.min: must not be more than leaders.max (no roster could be legal)`);
  });
});

describe("tactica units", () => {
  it("shows a bundled warscroll in full", async () => {
    const { code, text } = await cli("units", "--faction", "Nighthaunt", "--unit", "chainrasps");
    expect(code).toBe(0);
    expect(text.split("\n").slice(0, 5)).toEqual([
      "Chainrasps — Nighthaunt, 100 pts, 10 models, can be reinforced, base 25mm",
      '  Move 8"  Health 1  Save 6+  Control 1  Ward 5+',
      "  Keywords: INFANTRY, DEATH, CHAMPION, FLY, NIGHTHAUNT, WARD (5+)",
      "  Battlefield roles (Pitched Battles 2021): Battleline",
      "  Melee  Malignant Weapon  Atk 2  Hit 4+  Wnd 5+  Rnd -  Dmg 1  Crit (Auto-wound)",
    ]);
  });

  it("an unknown faction or unit is an input error with suggestions", async () => {
    await expect(cli("units", "--faction", "Skaven")).rejects.toThrow('--faction: no bundled faction "Skaven"');
    await expect(cli("units", "--unit", "Liberator")).rejects.toThrow('--unit: no warscroll "Liberator" in the bundled data (did you mean "Liberators"?)');
    await expect(cli("units", "--unit", "x".repeat(201))).rejects.toThrow("units: unit: must be at most 200 characters");
  });

  it.skipIf(!bsdataPresent)("--bsdata lists what the import of a faction yields", async () => {
    const { code, text } = await cli("units", "--bsdata", BSDATA, "--faction", "Ossiarch Bonereapers");
    expect(code).toBe(0);
    expect(text.split("\n")[0]).toBe(`Ossiarch Bonereapers: 31 warscrolls from ${BSDATA}`);
    expect(text).toContain("Mortek Guard — Ossiarch Bonereapers, 110 pts, 10 models, can be reinforced, base 25mm");
    const factions = await cli("units", "--bsdata", BSDATA);
    expect(factions.text.split("\n").at(-1)).toBe("2118 warscrolls in 92 factions; 0 warscrolls could not be read.");
  });

  it("--bsdata with a file that cannot be read: the count says so, the file is named once, exit 1 (the list is short)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "tactica-bsbad-"));
    await writeFile(path.join(dir, "g.gst"), '<?xml version="1.0"?><gameSystem></gameSystem>');
    await writeFile(path.join(dir, "a.cat"), "<notxml\n");
    const { code, text } = await cli("units", "--bsdata", dir);
    expect(code).toBe(1);
    expect(text.split("\n").slice(1)).toEqual(["0 warscrolls in 0 factions; 0 warscrolls could not be read, nor 1 file:", "  a.cat: malformed XML at line 2: unexpected end of file in <notxml>"]);
  });
});

describe("tactica odds aos --attacker NAME --defender NAME", () => {
  it("Mortek Guard (10, champion: 21 attacks) into Liberators: 21 x 2/3 x 1/2 x 1/3 = 2.333 damage", async () => {
    const { code, text } = await cli("odds", "aos", "--attacker", "Mortek Guard", "--defender", "Liberators", "--engine", "ts");
    expect(code).toBe(0);
    expect(text.split("\n").slice(0, 2)).toEqual([
      "Attacker: Mortek Guard (Ossiarch Bonereapers), 10 models — Nadirite Blades x10 (melee)",
      "Defender: Liberators (Stormcast Eternals), 5 models, Health 2, Save 3+",
    ]);
    expect(text).toContain("Damage:        mean 2.333");
  });

  it("[CORE-CHAMPION] [AB:Mortek Guard/Shields of the Legion] Liberators (4 Warhammers, 1 Grandhammer) into Mortek Guard: the champion's Warhammer makes 9 attacks, Rend 0 under the shields, mean 65/18 = 3.611", async () => {
    // Per attack: a crit (1/6) is mortal damage; a plain hit (3/6) wounds on 3+ (4/6) and the 4+ save at
    // Rend 1 - 1 = 0 fails 3/6; each damage point passes the 6+ ward 5/6: (1/6 + 1/6) x 5/6 = 5/18 damage points
    // per point of Damage. Warhammers 9 x 5/18, Grandhammer 2 x 2 x 5/18: 65/18 (455/108 without the shields).
    for (const engine of ["ts", "wasm"]) {
      const { code, text } = await cli("odds", "aos", "--attacker", "Liberators", "--defender", "Mortek Guard", "--json", "--engine", engine);
      expect(code).toBe(0);
      expect(JSON.parse(text).damage.mean).toBeCloseTo(65 / 18, 12);
      expect(JSON.parse(text).abilities).toEqual(["Mortek Guard/Shields of the Legion"]);
    }
    const { text } = await cli("odds", "aos", "--attacker", "Liberators", "--defender", "Mortek Guard", "--engine", "ts");
    expect(text.split("\n").slice(2, 4)).toEqual(["Abilities on: Mortek Guard/Shields of the Legion", "All 2 of these two warscrolls' abilities are played"]);
  });

  it("[AB:Crypt Horrors/Holy Blades of Bone] the odds name the combat-phase ability used before the fights with its mean: 6 dice on 3+ against CAVALRY = 4 mortal damage, 10/3 after a 6+ ward", async () => {
    const { code, text } = await cli("odds", "aos", "--attacker", "Crypt Horrors", "--defender", "Kavalos Deathriders", "--engine", "ts");
    expect(code).toBe(0);
    expect(text).toContain("Before the fights (not in these odds): Crypt Horrors/Holy Blades of Bone, 4.000 mortal damage on average, 3.333 after the ward");
    const bag = await cli("odds", "aos", "--attacker", "Mancrusher Gargant", "--defender", "Liberators", "--engine", "ts");
    expect(bag.text).toContain("Before the fights (not in these odds): Mancrusher Gargant/Stuff 'Em in Me Bag, 0.500 models slain on average");
  });

  it("[AB:Lady Olynder, Mortarch of Grief/Mortarch of Grief] 10 Liberators into Lady Olynder: 1150/324 = 3.549 damage (7.407 without)", async () => {
    const { text } = await cli("odds", "aos", "--attacker", "Liberators", "--attacker-models", "10", "--defender", "Lady Olynder, Mortarch of Grief", "--json", "--engine", "ts");
    const r = JSON.parse(text);
    expect(r.damage.mean).toBeCloseTo(1150 / 324, 12);
    expect(r.abilities).toEqual(["Lady Olynder, Mortarch of Grief/Mortarch of Grief"]);
  });

  it("gives the same numbers as the equivalent JSON profile", async () => {
    const file = await tempJson({
      attacker: { name: "Liberators", models: 10, keywords: ["CHAMPION", "INFANTRY", "ORDER", "STORMCAST ETERNALS", "WARRIOR CHAMBER"], weapons: [
        { name: "Warhammer", type: "melee", attacks: 2, hit: 3, wound: 3, rend: 1, damage: 1, abilities: ["Crit (Mortal)"], models: 8 },
        { name: "Grandhammer", type: "melee", attacks: 2, hit: 3, wound: 3, rend: 1, damage: 2, abilities: ["Crit (Mortal)"], models: 2 },
      ] },
      defender: { name: "Mortek Guard", models: 10, health: 1, save: 4, ward: 6, keywords: ["INFANTRY", "OSSIARCH BONEREAPERS", "WARD (6+)", "DEATH", "CHAMPION", "STANDARD BEARER (1/10)"] },
      context: { charged: true, modifiers: { rend: -1 }, abilities: ["Mortek Guard/Shields of the Legion"] },
    });
    const byFile = await cli("odds", "aos", file, "--json", "--engine", "ts");
    const byName = await cli("odds", "aos", "--attacker", "Liberators", "--attacker-models", "10", "--defender", "Mortek Guard", "--charged", "--json", "--engine", "ts");
    expect(JSON.parse(byName.text)).toEqual(JSON.parse(byFile.text));
  });

  it("a name replaces one side of a JSON profile; --phase shooting uses ranged weapons", async () => {
    const { text } = await cli("odds", "aos", "examples/mortek-vs-liberators.json", "--defender", "Gatebreaker Mega-Gargant", "--engine", "ts");
    expect(text).toContain("Mortek Guard attacking Gatebreaker Mega-Gargant (1 model, Health 35)");
    const shooting = await cli("odds", "aos", "--attacker", "Mortek Crawler", "--defender", "Liberators", "--phase", "shooting", "--engine", "ts");
    expect(shooting.text.split("\n")[0]).toBe("Attacker: Mortek Crawler (Ossiarch Bonereapers), 1 model — Dread Catapult x1 (ranged)");
  });

  it("bad names and counts are input errors", async () => {
    await expect(cli("odds", "aos", "--attacker", "Mortek Gaurd", "--defender", "Liberators")).rejects.toThrow('--attacker: no warscroll "Mortek Gaurd" in the bundled data (did you mean "Mortek Guard"?)');
    await expect(cli("odds", "aos", "--attacker", "Mortek Guard")).rejects.toThrow("odds: give a JSON file (or - for stdin), or both --attacker NAME and --defender NAME");
    await expect(cli("odds", "aos", "--attacker", "Mortek Guard", "--defender", "Liberators", "--phase", "shooting")).rejects.toThrow("--attacker: Mortek Guard has no ranged weapons (try --phase combat)");
    await expect(cli("odds", "aos", "--attacker", "Mortek Guard", "--defender", "Liberators", "--attacker-models", "0")).rejects.toThrow("odds: attacker-models: Too small");
  });

  it.skipIf(!bsdataPresent)("resolves names in an imported BSData folder", async () => {
    const { text } = await cli("odds", "aos", "--attacker", "Mortek Guard", "--defender", "Kavalos Deathriders", "--bsdata", BSDATA, "--engine", "ts");
    // 21 attacks x 2/3 hit x 1/2 wound, Anti-CAVALRY: rend 1 against Save 4+ → fails on 1-4: 4/6; ward 6+ keeps 5/6: 21 x 2/3 x 1/2 x 2/3 x 5/6 = 3.889.
    expect(text).toContain("Damage:        mean 3.889");
  });
});
