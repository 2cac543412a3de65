/**
 * `tactica odds` end to end, as a user runs it: the JSON contract, the readable summary, and hostile input
 * (each gets one line naming the field, exit code 2, no stack trace, no hang).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tactica } from "../support/cli.js";

const dir = mkdtempSync(join(tmpdir(), "tactica-cli-"));

function file(name: string, content: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content));
  return p;
}

const mortek = {
  attacker: {
    name: "Mortek Guard", models: 10, keywords: ["CHAMPION"],
    weapons: [{ name: "Nadirite Blades", type: "melee", attacks: 2, hit: 3, wound: 4, rend: 1, damage: 1, abilities: ["Crit (2 Hits)", "Anti-CAVALRY (+1 Rend)"] }],
  },
  defender: { name: "Liberators", models: 5, health: 2, save: 3, ward: 6, keywords: ["INFANTRY"] },
  context: { charged: false, modifiers: { hit: 0, wound: 0, save: 0 }, rerolls: { hit: "none", wound: "none", save: "none" } },
};

describe("tactica odds aos", () => {
  it("[CORE-CHAMPION] --json gives damage, slain and destroyed; mean damage 525/144 for the issue's example", () => {
    const r = tactica(["odds", "aos", file("mortek.json", mortek), "--json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.damage.mean).toBeCloseTo(525 / 144, 12);
    expect(j.damage.pmf).toHaveLength(43);
    expect(j.slain.pmf).toHaveLength(6);
    expect(j.slain.pmf.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 12);
    expect(j.destroyed).toBe(j.slain.pmf[5]);
    expect(j.method).toBe("exact");
    expect(j.engine).toBe("wasm");
  });

  it("reads stdin with -, and prints a readable summary with the chance to slay k models", () => {
    const r = tactica(["odds", "aos", "-"], JSON.stringify(mortek));
    expect(r.code).toBe(0);
    expect(r.out).toContain("Mortek Guard attacking Liberators");
    expect(r.out).toContain("mean 3.646");
    expect(r.out).toMatch(/1\+\s+89\.03%/);
    expect(r.out).toContain("█");
  });

  it("--samples gives a seeded Monte Carlo estimate: the same seed twice gives the same numbers", () => {
    const f = file("mortek2.json", mortek);
    const a = JSON.parse(tactica(["odds", "aos", f, "--json", "--samples", "50000", "--seed", "3"]).out);
    const b = JSON.parse(tactica(["odds", "aos", f, "--json", "--samples", "50000", "--seed", "3", "--engine", "ts"]).out);
    expect(a.method).toBe("monte-carlo");
    expect(b.damage.pmf).toEqual(a.damage.pmf);
    expect(Math.abs(a.damage.mean - 525 / 144)).toBeLessThan(0.05);
  });
});

describe("tactica odds mesbg", () => {
  it("[ME-DUEL] gives aWinsDuel, aSlaysB and bSlaysA", () => {
    const fight = {
      a: { side: "good", fight: 4, attacks: 1, strength: 3, defence: 5, wounds: 1, fate: 0, twoHanded: false, elven: false },
      b: { side: "evil", fight: 3, attacks: 1, strength: 3, defence: 4, wounds: 1 },
      trapped: false,
    };
    const r = tactica(["odds", "mesbg", file("fight.json", fight), "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.aWinsDuel).toBeCloseTo(7 / 12, 14);
    expect(j.aSlaysB).toBeCloseTo((7 / 12) * (2 / 6), 14); // S3 v D4: 5+
    expect(j.bSlaysA).toBeCloseTo((5 / 12) * (2 / 6), 14); // S3 v D5: 5+
  });
});

describe("hostile input", () => {
  const bad = (mutate: (j: typeof mortek) => unknown) => mutate(structuredClone(mortek));
  const cases: [string, string | unknown, RegExp][] = [
    ["unknown ability", bad((j) => ((j.attacker.weapons[0]!.abilities = ["Crit (3 Hits)"]), j)), /attacker\.weapons\[0\]\.abilities\[0\]: unknown ability "Crit \(3 Hits\)"/],
    ["hit 0", bad((j) => ((j.attacker.weapons[0]!.hit = 0), j)), /attacker\.weapons\[0\]\.hit: must be 2 to 6/],
    ["negative models", bad((j) => ((j.attacker.models = -3), j)), /attacker\.models: must be at least 1/],
    ["D7", bad((j) => (((j.attacker.weapons[0] as { damage: unknown }).damage = "D7"), j)), /attacker\.weapons\[0\]\.damage: .*only D3 and D6/],
    ["a 10^9-model unit", bad((j) => ((j.defender.models = 1e9), j)), /defender\.models: must be at most 100/],
    ["non-JSON", "{ attacker: Mortek", /not valid JSON/],
    ["a missing field", bad((j) => (delete (j.defender as { save?: unknown }).save, j)), /defender\.save: is required/],
    ["an unknown field", bad((j) => (((j.defender as Record<string, unknown>).sav = 3), j)), /defender: Unrecognized key: "sav"/],
    ["too much work for an exact answer", bad((j) => ((j.attacker.models = 100), (j.attacker.weapons[0] as Record<string, unknown>).attacks = "4D6+20", (j.attacker.weapons[0] as Record<string, unknown>).damage = "4D6+20", j)), /too many attacks x damage.*--samples/],
  ];
  for (const [what, content, message] of cases) {
    it(`${what}: one line naming the field, exit code 2`, () => {
      const r = tactica(["odds", "aos", file(`${what}.json`, content)]);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toMatch(message);
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.err).not.toMatch(/\n\s+at /);
    });
  }

  it("bad arguments: unknown game, unknown flag, --samples 0, missing file", () => {
    const f = file("ok.json", mortek);
    for (const [args, message] of [
      [["odds", "chess", f], /game: must be "aos" or "mesbg"/],
      [["odds", "aos", f, "--fast"], /Unknown option '--fast'/],
      [["odds", "aos", f, "--samples", "0"], /samples: Too small/],
      [["odds", "aos", join(dir, "nope.json")], /cannot read \S*nope\.json: no such file/],
      [["odds", "mesbg", file("same.json", { a: { side: "good", fight: 3, attacks: 1, strength: 3, defence: 5, wounds: 1 }, b: { side: "good", fight: 3, attacks: 1, strength: 3, defence: 4, wounds: 1 } })], /b\.side: a and b must be on opposite sides/],
      // ME-ELVEN: "elven" means fighting with an Elven weapon, which a model fighting two-handed is not.
      [["odds", "mesbg", file("elven2h.json", { a: { side: "good", fight: 3, attacks: 1, strength: 3, defence: 5, wounds: 1, elven: true, twoHanded: true }, b: { side: "evil", fight: 3, attacks: 1, strength: 3, defence: 4, wounds: 1 } })], /a\.elven: a model fighting two-handed is not using an Elven-made weapon/],
      [["dance"], /unknown command "dance"/],
    ] as [string[], RegExp][]) {
      const r = tactica(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});
