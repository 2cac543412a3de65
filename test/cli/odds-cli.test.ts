/**
 * `tactica odds` end to end, as a user runs it: the JSON contract, the readable summary, and hostile input
 * (each gets one line naming the field, exit code 2, no stack trace, no hang).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tactica } from "../support/cli.js";
import { ODDS_ENGINE_THRESHOLDS, pickAosOddsEngine, pickMesbgOddsEngine } from "../../src/core/odds-engine.js";
import { parseAosOdds, sampleWorkPerSample } from "../../src/aos/odds/index.js";
import { exactWorkEstimate } from "../../src/aos/odds/plan.js";

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
    // --engine auto: this small exact job (~3.8e3 steps) is faster in TypeScript than loading the Wasm core.
    expect(j.engine).toBe("ts");
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
      [["odds", "aos", f, "--samples", "0"], /samples: must be a whole number from 1 to 10000000$/m],
      [["odds", "aos", f, "--samples", ""], /samples: must be a whole number from 1 to 10000000$/m],
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

describe("--engine auto: the faster path per job size (issue 17 item 6)", () => {
  // 40 models x (2 + 1) attacks of 1 damage: the exact job is ~6.8e4 steps, over the 4e4 TypeScript bound.
  const horde = {
    attacker: {
      name: "Horde", models: 40, keywords: ["CHAMPION"],
      weapons: [
        { name: "Rusty spear", attacks: 2, hit: 4, wound: 4, rend: 0, damage: 1, abilities: ["Crit (2 Hits)"] },
        { name: "Biting beast", attacks: 1, hit: 4, wound: 3, rend: 0, damage: 1, abilities: ["Companion"] },
      ],
    },
    defender: { name: "Liberators", models: 10, health: 2, save: 4, ward: null, keywords: ["INFANTRY"] },
  };
  const fight = {
    a: { side: "good", fight: 5, attacks: 3, strength: 4, defence: 7, wounds: 3, fate: 3, elven: true },
    b: { side: "evil", fight: 5, attacks: 2, strength: 5, defence: 6, wounds: 3, fate: 1, twoHanded: true },
    trapped: true,
  };

  it("[CORE-HIT] [ME-DUEL] the thresholds: AoS exact TS up to 4e4 steps, AoS samples TS up to 2e3 steps, MESBG exact always TS, MESBG samples TS up to 1,000", () => {
    expect(ODDS_ENGINE_THRESHOLDS).toEqual({ aosExactWork: 4e4, aosSampleSteps: 2e3, mesbgSamples: 1000 });
    const m = parseAosOdds(mortek).plan;
    const h = parseAosOdds(horde).plan;
    // Mortek Guard: 10 models x 2 attacks + the champion's 1 = 21 attacks, each up to 2 damage (Crit (2 Hits)):
    // 21 x (1 + 2) = 63 steps a sample.
    expect(sampleWorkPerSample(m)).toBe(63);
    expect(exactWorkEstimate(m).work).toBeLessThanOrEqual(4e4);
    expect(exactWorkEstimate(h).work).toBe(67616.5);
    const job = (plan: typeof m, samples?: number) => pickAosOddsEngine({ samples, exactWork: exactWorkEstimate(plan).work, stepsPerSample: sampleWorkPerSample(plan) });
    expect([job(m), job(h), job(m, 31), job(m, 32), job(m, 100_000)]).toEqual(["ts", "wasm", "ts", "wasm", "wasm"]); // 31 x 63 = 1,953; 32 x 63 = 2,016
    expect([pickMesbgOddsEngine(), pickMesbgOddsEngine(1000), pickMesbgOddsEngine(1001)]).toEqual(["ts", "ts", "wasm"]);
  });

  it("[CORE-SAVE] [ME-FATE] the path auto picks on either side of each threshold gives the same answer as the other path (exact bit for bit, the same samples for a seed)", () => {
    const m = file("auto-mortek.json", mortek);
    const h = file("auto-horde.json", horde);
    const f = file("auto-fight.json", fight);
    const cases: [string[], "ts" | "wasm"][] = [
      [["aos", m], "ts"],
      [["aos", h], "wasm"],
      [["aos", m, "--samples", "31", "--seed", "5"], "ts"],
      [["aos", m, "--samples", "32", "--seed", "5"], "wasm"],
      [["mesbg", f], "ts"],
      [["mesbg", f, "--samples", "1000", "--seed", "9"], "ts"],
      [["mesbg", f, "--samples", "1001", "--seed", "9"], "wasm"],
    ];
    for (const [args, picked] of cases) {
      const auto = JSON.parse(tactica(["odds", ...args, "--json"]).out);
      const other = JSON.parse(tactica(["odds", ...args, "--json", "--engine", picked === "ts" ? "wasm" : "ts"]).out);
      expect(auto.engine, args.join(" ")).toBe(picked);
      expect(other.engine).toBe(picked === "ts" ? "wasm" : "ts");
      expect({ ...auto, engine: null }, args.join(" ")).toEqual({ ...other, engine: null });
    }
  });
});
