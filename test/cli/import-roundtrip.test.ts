/** Issue 13 round trip: import → roster → `tactica armies` legal → `tactica battle` plays it; lists in every command. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir, tactica } from "../support/cli.js";

const FIX = "test/fixtures/lists";

describe("imported lists in every command", () => {
  it("[IMPORT-ROUNDTRIP] tactica import --out → tactica armies (legal, 4th-edition regiments) → tactica battle plays the roster file", () => {
    const s = scratchDir("roundtrip");
    const roster = join(s.dir, "fec.json");
    expect(tactica(["import", `${FIX}/fec-plain.txt`, "--out", roster]).code).toBe(0);
    const armies = tactica(["armies", roster, "--json"]);
    expect(armies.code).toBe(0);
    const j = JSON.parse(armies.out);
    expect([j.valid, j.mode, j.points, j.pointsLimit, j.general]).toEqual([true, "regiments-4th", 1810, 2000, "Abhorrant Ghoul King on Royal Terrorgheist"]);
    const battle = tactica(["battle", "--a", roster, "--b", "Hammers of the Warrior Chamber", "--seed", "4", "--json"]);
    expect(battle.code).toBe(0);
    const rec = JSON.parse(battle.out);
    expect(rec.armies).toEqual(["Royal Feast of the Gristlegore", "Hammers of the Warrior Chamber"]);
    expect(rec.result.ruleId).toMatch(/^PB-(RESULT|BP-01)$/);
  });

  it("[IMPORT-ROUNDTRIP] battle --a EXPORT --b EXPORT imports both on the fly; a .ros plays from its own profiles without BSData", () => {
    const r = tactica(["battle", "--a", `${FIX}/seraphon-newrecruit.ros`, "--b", `${FIX}/stormcast-dashed.txt`, "--seed", "5", "--json"], undefined);
    expect(r.code).toBe(0);
    const rec = JSON.parse(r.out);
    expect(rec.armies).toEqual(["Sunclaw Test Host", "Storm Hammers 2/3 +++ Drops Test +++!!"]);
    expect(rec.result).not.toBeNull();
  });

  it("[IMPORT-ROUNDTRIP] matchup and campaign take exported lists too (the workers get the lists' warscrolls)", () => {
    const m = tactica(["matchup", "--a", `${FIX}/seraphon-newrecruit.ros`, "--b", `${FIX}/fec-plain.txt`, "--games", "4", "--plans", "savage-gains", "--workers", "1", "--json"]);
    expect(m.code).toBe(0);
    const j = JSON.parse(m.out);
    expect([j.a, j.b, j.plans[0].games]).toEqual(["Sunclaw Test Host", "Royal Feast of the Gristlegore", 4]);
    const c = tactica(["campaign", "--a", `${FIX}/ossiarch-listbot.txt`, "--b", `${FIX}/fec-plain.txt`, "--turns", "1", "--json"]);
    // The Listbot list is a 2021 list without a grand strategy: refused with its rule named, exit 2.
    expect(c.code).toBe(2);
    expect(c.err).toMatch(/PB-GS-PICK/);
    const c2 = tactica(["campaign", "--a", `${FIX}/seraphon-newrecruit.ros`, "--b", `${FIX}/fec-plain.txt`, "--turns", "1", "--json"]);
    expect(c2.code).toBe(0);
    expect(JSON.parse(c2.out).armies.map((a: { roster: string }) => a.roster)).toEqual(["Sunclaw Test Host", "Royal Feast of the Gristlegore"]);
  });
});
