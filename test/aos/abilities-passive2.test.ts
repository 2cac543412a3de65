/**
 * The passive2 area's kinds in play (docs/abilities.md "Passive abilities, second pass"; src/aos/battle/passive2.ts,
 * assembly/battle/passive2.ts): set-up positions with scripted dice (a ScriptedRng fails on any die the test did not
 * expect), and the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Battle } from "../../src/aos/battle/battle.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { fight } from "../../src/aos/battle/combat.js";
import { newBattleData } from "../../src/aos/battle/create.js";
import { grantPowers, powerLevel } from "../../src/aos/battle/passive2.js";
import { spellsLeft } from "../../src/aos/battle/manifestations.js";
import { heroChoices } from "../../src/aos/battle/hero.js";
import { bundledLibrary, mergeLibraries, rosterSchema } from "../../src/aos/armies/index.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import { encodeBattle, U, UNIT, H } from "../../src/aos/rollout/encode.js";
import { playPolicy, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";
import { giveTranslated } from "../support/abilities.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const left = (b: Battle) => (b.rng as ScriptedRng).left();
const at = (warscroll: string, owner: 0 | 1, x: number, y: number, models?: number): Placement => ({ warscroll, owner, x, y, ...(models ? { models } : {}) });
const vocab = keywordVocabulary(["STORMCAST ETERNALS", "SCINARI", "DARKOATH", "HERO"]);

// The catalogues' texts (/work/shared/data/bsdata-aos4).
const NADJA = { name: "Broken Nadja", timing: "Passive", effect: "While this unit's Broken Nadja is on the battlefield, it has WIZARD (1)." };
const MORGWAETH = { name: "Morgwaeth the Bloodied", timing: "Passive", effect: "While this unit's Morgwaeth the Bloodied is on the battlefield, it has PRIEST (1)." };
const SLAIN = (on: number, roll = "roll a dice", each = `On a ${on}+`) => ({
  name: "Vengeful Dead",
  timing: "Passive",
  effect: `Each time a model in this unit is slain by a combat attack and that model was in combat with the attacking unit, ${roll}. ${each}, inflict 1 mortal damage on the attacking unit after the FIGHT ability has been resolved.`,
});

describe("named models with a power level", () => {
  it("[AB-P2:power] Liberators given Broken Nadja's text are a WIZARD (1) (power level and keyword); given Morgwaeth's, a PRIEST (1); the others are unchanged", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 30, 10), at("Vindictors", 0, 40, 10), at("Liberators", 1, 30, 40)], { seed: 1 });
    giveTranslated(b, "Liberators", NADJA, vocab);
    giveTranslated(b, "Vindictors", MORGWAETH, vocab);
    for (const p of b.data.profiles) grantPowers(p);
    const [l, v, e] = ids.map((id) => b.profile(id));
    expect([l!.wizardLevel, l!.priestLevel, l!.keywords.includes("WIZARD (1)")]).toEqual([1, 0, true]);
    expect([v!.wizardLevel, v!.priestLevel, v!.keywords.includes("PRIEST (1)")]).toEqual([0, 1, true]);
    expect(e!.wizardLevel).toBe(1); // the enemy Liberators are of the same warscroll
    // The kernel reads the profile: U.WIZARD and U.PRIEST.
    const f = encodeBattle(b.data);
    const unit = (id: number, slot: number) => f[f[H.OFF_UNITS]! + UNIT * id + slot];
    expect([unit(ids[0]!, U.WIZARD), unit(ids[1]!, U.PRIEST)]).toEqual([1, 1]);
  });

  it("[AB-P2:power] an imported warscroll with the text becomes a WIZARD (1) when the battle is created (create.ts); the same warscroll without it does not", () => {
    const lib0 = bundledLibrary();
    const liberators = lib0.warscrolls.find((w) => w.name === "Liberators")!;
    const hunters = { ...liberators, name: "Nadja's Liberators", abilities: [NADJA] };
    const lib = mergeLibraries("test", lib0, { source: "imported", warscrolls: [hunters] });
    const roster = (name: string, warscroll: string) => rosterSchema.parse({ name, faction: "Test", pointsLimit: 2000, general: warscroll, grandStrategy: "Hold the Line", units: [{ id: warscroll, warscroll }] });
    const data = newBattleData([roster("A", "Nadja's Liberators"), roster("B", "Liberators")], { battleplan: "savage-gains" }, lib);
    expect(data.profiles.map((p) => [p.warscroll, p.wizardLevel, p.keywords.includes("WIZARD (1)")])).toEqual([
      ["Nadja's Liberators", 1, true],
      ["Liberators", 0, false],
    ]);
  });

  it("[AB-P2:power] battles with a Liberators WIZARD (1) (Metamorphosis, unbinding) are identical in both engines, seed for seed, and differ from those without it", () => {
    let changed = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const make = (withPower: boolean) => {
        const { b } = battleAt("savage-gains", [at("Liberators", 0, 30, 10), at("Vindictors", 0, 40, 12), at("Knight-Arcanum", 1, 30, 34), at("Vindictors", 1, 20, 36)], { step: { kind: "hero", player: 0 }, log: false });
        if (withPower) {
          giveTranslated(b, "Liberators", NADJA, vocab);
          for (const p of b.data.profiles) grantPowers(p);
        }
        return new PitchedBattleState(b);
      };
      const s = make(true);
      const ts = rolloutTs(s, seed);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
      if (JSON.stringify(ts) !== JSON.stringify(rolloutTs(make(false), seed))) changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });
});

describe("a roll for each model slain in combat", () => {
  it("[AB-P2:slain-roll] On a 5+: a Crypt Haunter Courtier slays 1 of the Vindictors; its die 5: 1 mortal damage on the Courtier, its WARD (6+) rolls 3: 1 damage point", () => {
    // The Courtier's attacks (Acid Ichor's scripted fight, abilities-trig.test.ts): 1 and 2 hit (4), wound (3),
    // saved (6); 3 hits, wounds, save 2 fails: 3 damage points (1 Vindictor of Health 2 slain, 1 point left); 4
    // and 5 miss (1, 1). Then the slain model's die: 5; the Courtier's ward: 3.
    const { b, ids } = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Vindictors", 1, 20, 14)], { dice: [4, 3, 6, 4, 3, 6, 4, 3, 2, 1, 1, 5, 3], step: { kind: "combat", player: 0 } });
    giveTranslated(b, "Vindictors", SLAIN(5), vocab);
    const [c, v] = [ids[0]!, ids[1]!];
    b.unit(c).inCombatAtStart = b.unit(v).inCombatAtStart = true;
    fight(b, c, v);
    expect([b.unit(v).models, b.unit(v).damage, b.unit(c).damage, left(b)]).toEqual([4, 1, 1, 0]);
    expect((b.data.log ?? []).some((l) => l.includes("Vengeful Dead: 1 slain, 1 of 1 dice 5+, 1 mortal damage on Crypt Haunter Courtier, 1 after its ward"))).toBe(true);
  });

  it("[AB-P2:slain-roll] On a 6+ the die 5 does nothing (no ward roll); 2 dice a model, each 5+: 5 and 6 are 2 mortal damage, the ward rolls 6 and 1: 1 point; no model slain: no dice", () => {
    const six = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Vindictors", 1, 20, 14)], { dice: [4, 3, 6, 4, 3, 6, 4, 3, 2, 1, 1, 5], step: { kind: "combat", player: 0 } });
    giveTranslated(six.b, "Vindictors", SLAIN(6), vocab);
    six.b.unit(six.ids[0]!).inCombatAtStart = six.b.unit(six.ids[1]!).inCombatAtStart = true;
    fight(six.b, six.ids[0]!, six.ids[1]!);
    expect([six.b.unit(six.ids[1]!).models, six.b.unit(six.ids[0]!).damage, left(six.b)]).toEqual([4, 0, 0]);

    const two = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Vindictors", 1, 20, 14)], { dice: [4, 3, 6, 4, 3, 6, 4, 3, 2, 1, 1, 5, 6, 6, 1], step: { kind: "combat", player: 0 } });
    giveTranslated(two.b, "Vindictors", SLAIN(5, "roll 2 dice", "For each 5+"), vocab);
    two.b.unit(two.ids[0]!).inCombatAtStart = two.b.unit(two.ids[1]!).inCombatAtStart = true;
    fight(two.b, two.ids[0]!, two.ids[1]!);
    expect([two.b.unit(two.ids[1]!).models, two.b.unit(two.ids[0]!).damage, left(two.b)]).toEqual([4, 1, 0]);

    // Every attack misses: nothing slain, no trigger dice.
    const none = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Vindictors", 1, 20, 14)], { dice: [1, 1, 1, 1, 1], step: { kind: "combat", player: 0 } });
    giveTranslated(none.b, "Vindictors", SLAIN(5), vocab);
    none.b.unit(none.ids[0]!).inCombatAtStart = none.b.unit(none.ids[1]!).inCombatAtStart = true;
    fight(none.b, none.ids[0]!, none.ids[1]!);
    expect([none.b.unit(none.ids[0]!).damage, left(none.b)]).toEqual([0, 0]);
  });

  it("[AB-P2:slain-roll] battles with it on both sides, units in combat from the start, are identical in both engines, seed for seed, and it fires", () => {
    let fired = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b } = battleAt(
        "savage-gains",
        [at("Liberators", 0, 20, 10), at("Vindictors", 0, 30, 10, 10), at("Liberators", 1, 20, 13.5), at("Vindictors", 1, 30, 13.8, 10)],
        { step: { kind: "hero", player: 0 }, log: false },
      );
      giveTranslated(b, "Vindictors", SLAIN(5), vocab);
      giveTranslated(b, "Liberators", SLAIN(4, "roll 2 dice", "For each 4+"), vocab);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      const logged = s.clone();
      logged.data.log = [];
      logged.reseed(seed);
      playPolicy(logged);
      if (logged.data.log.some((l) => l.includes("Vengeful Dead:"))) fired++;
    }
    expect(fired).toBeGreaterThan(0);
  });

  it("[AB-P2:slain-roll] with \"While this unit is wholly within 12\\\" of any friendly STORMCAST ETERNALS HEROES\" (a near condition): both engines alike, seed for seed, and it fires", () => {
    const near = { ...SLAIN(4), effect: `While this unit is wholly within 12" of any friendly STORMCAST ETERNALS HEROES, e${SLAIN(4).effect.slice(1)}` };
    let fired = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b } = battleAt(
        "savage-gains",
        [at("Vindictors", 0, 30, 10, 10), at("Knight-Arcanum", 0, 36, 6), at("Liberators", 1, 30, 13.8, 10), at("Vindictors", 1, 10, 13.8, 10)],
        { step: { kind: "hero", player: 0 }, log: false },
      );
      giveTranslated(b, "Vindictors", near, vocab);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      const logged = s.clone();
      logged.data.log = [];
      logged.reseed(seed);
      playPolicy(logged);
      if (logged.data.log.some((l) => l.includes("Vengeful Dead:"))) fired++;
    }
    expect(fired).toBeGreaterThan(0);
  });
});

describe("power-level modifiers", () => {
  const GATHER = { name: "Gather the Aether", timing: "Passive", effect: "Add 1 to this unit's power level while it is contesting an objective." };
  const DAMAGED = { name: "Battle Damaged", timing: "Passive", effect: "While this unit has 10 or more damage points, subtract 1 from its power level." };

  it("[AB-P2:power-level] a Knight-Arcanum (WIZARD (1)) with Gather the Aether: 2 spells a phase on an objective, 1 away from it; a Terrorgheist king (WIZARD (1)) with 10 damage points: none (no Metamorphosis offered), 9: 1 (offered)", () => {
    // Savage Gains' objectives: (30, 12), (30, 32), (14, 22), (46, 22); the Knight-Arcanum starts away from them.
    const { b, ids } = battleAt("savage-gains", [at("Knight-Arcanum", 0, 45, 4), at("Abhorrant Ghoul King on Royal Terrorgheist", 0, 10, 6), at("Lord-Imperatant", 0, 12, 12), at("Liberators", 1, 30, 40)], { seed: 1, step: { kind: "hero", player: 0 } });
    giveTranslated(b, "Knight-Arcanum", GATHER, vocab);
    giveTranslated(b, "Abhorrant Ghoul King on Royal Terrorgheist", DAMAGED, vocab);
    const [k, g] = [ids[0]!, ids[1]!];
    expect([powerLevel(b, k, "wizard"), spellsLeft(b, k)]).toEqual([1, 1]);
    const o = b.objectives()[0]!;
    [b.unit(k).x, b.unit(k).y] = [o.x, o.y];
    expect([powerLevel(b, k, "wizard"), spellsLeft(b, k), powerLevel(b, k, "priest")]).toEqual([2, 2, 0]);
    const kingCasts = () => heroChoices(b, 0).some((c) => c.tag?.kind === "cast" && (c.tag as { wizard: number }).wizard === g);
    b.unit(g).damage = 9;
    expect([powerLevel(b, g, "wizard"), kingCasts()]).toEqual([1, true]); // Metamorphosis on the Lord-Imperatant
    b.unit(g).damage = 10;
    expect([powerLevel(b, g, "wizard"), spellsLeft(b, g)]).toEqual([0, 0]);
    expect(kingCasts()).toBe(false);
  });

  const setups: [string, (withIt: boolean) => PitchedBattleState][] = [
    [
      "a Knight-Arcanum on an objective with Gather the Aether and a manifestation lore (a summon and Metamorphosis in one phase)",
      (withIt) => {
        const { b } = battleAt("savage-gains", [at("Knight-Arcanum", 0, 30, 12), at("Liberators", 0, 24, 8), at("Vindictors", 1, 30, 34), at("Liberators", 1, 20, 40)], { step: { kind: "hero", player: 0 }, log: false, lores: ["Krondspine Incarnate", null] });
        if (withIt) giveTranslated(b, "Knight-Arcanum", GATHER, vocab);
        return new PitchedBattleState(b);
      },
    ],
    [
      "a Terrorgheist king with 10 damage points and its Battle Damaged power level (no Metamorphosis)",
      (withIt) => {
        const { b, ids } = battleAt("savage-gains", [at("Abhorrant Ghoul King on Royal Terrorgheist", 0, 30, 8), at("Lord-Imperatant", 0, 24, 10), at("Vindictors", 1, 30, 34), at("Liberators", 1, 20, 40)], { step: { kind: "hero", player: 0 }, log: false });
        b.unit(ids[0]!).damage = 10;
        if (withIt) giveTranslated(b, "Abhorrant Ghoul King on Royal Terrorgheist", DAMAGED, vocab);
        return new PitchedBattleState(b);
      },
    ],
  ];
  for (const [what, make] of setups) {
    it(`[AB-P2:power-level] ${what}: battles are identical in both engines, seed for seed, and differ from those without it`, () => {
      let changed = 0;
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
        const s = make(true);
        const ts = rolloutTs(s, seed);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
        if (JSON.stringify(ts) !== JSON.stringify(rolloutTs(make(false), seed))) changed++;
      }
      expect(changed).toBeGreaterThan(0);
    });
  }
});
