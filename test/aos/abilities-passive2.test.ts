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
import { sameBattlesChanged } from "../support/same-battles.js";
import { castingRoll } from "../../src/aos/battle/spells.js";
import { ignoresFirst } from "../../src/aos/battle/ignore-first.js";
import { castMetamorphosis } from "../../src/aos/battle/hero.js";
import { visible } from "../../src/aos/battle/visibility.js";
import { castingBonus } from "../../src/aos/battle/casting.js";
import { rollBonus } from "../../src/aos/battle/passive2.js";
import { chantingRoll } from "../../src/aos/battle/warscroll-spells.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const left = (b: Battle) => (b.rng as ScriptedRng).left();
const at = (warscroll: string, owner: 0 | 1, x: number, y: number, models?: number): Placement => ({ warscroll, owner, x, y, ...(models ? { models } : {}) });
const vocab = keywordVocabulary(["STORMCAST ETERNALS", "SCINARI", "DARKOATH", "HERO", "IRONJAWZ"]);

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
    sameBattlesChanged(core, (seed, withPower) => {
      const { b } = battleAt("savage-gains", [at("Liberators", 0, 30, 10), at("Vindictors", 0, 40, 12), at("Knight-Arcanum", 1, 30, 34), at("Vindictors", 1, 20, 36)], { step: { kind: "hero", player: 0 }, log: false });
      if (withPower) {
        giveTranslated(b, "Liberators", NADJA, vocab);
        for (const p of b.data.profiles) grantPowers(p);
      }
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6, 7, 8]);
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
      sameBattlesChanged(core, (seed, withAbilities) => make(withAbilities), [1, 2, 3, 4, 5, 6, 7, 8]);
    });
  }
});

describe("unbinding-roll and chanting-roll modifiers", () => {
  const HEX = { name: "Hexwarden", timing: "Passive", effect: 'Subtract 1 from casting rolls and unbinding rolls for enemy WIZARDS while they are within 12" of this unit.' };
  const CHANT = { name: "Devout", timing: "Passive", effect: "Add 1 to chanting rolls for this unit." };
  const CHANT_FAR = { name: "Devout", timing: "Passive", effect: 'While this unit is more than 6" from all enemy units, add 1 to chanting rolls for this unit.' };
  const BOLT = {
    name: "Bolt from the Blue",
    timing: "Your Hero Phase; Prayer, casting value 5",
    effect: 'Declare: You can pick a visible enemy unit within 12" of this unit to be the target. Then, make a chanting roll of D6.\nEffect: This unit has ^^Ward (5+) for the rest of the turn. If a target was picked, inflict D3 mortal damage on the target. If the chanting roll was 10+, inflict 3 mortal damage on the target instead.',
  };

  it("[AB-P2:unbinding] Liberators with the hex: the enemy Knight-Arcanum within 12\" of them unbinds with 2D6 - 1 (5 + 3 - 1 = 7 does not beat the casting roll 7), and casts with -1; without it, 8 unbinds", () => {
    const make = (withIt: boolean) => {
      const { b, ids } = battleAt("savage-gains", [at("Knight-Arcanum", 0, 30, 8), at("Liberators", 0, 30, 14), at("Knight-Arcanum", 1, 30, 24)], { dice: [4, 3, 5, 3], step: { kind: "hero", player: 0 } });
      if (withIt) giveTranslated(b, "Liberators", HEX, vocab);
      return { b, ids };
    };
    const { b, ids } = make(true);
    expect([castingBonus(b, ids[2]!), castingBonus(b, ids[0]!), rollBonus(b, ids[2]!, "unbinding"), rollBonus(b, ids[0]!, "unbinding")]).toEqual([-1, 0, -1, 0]);
    expect([castingRoll(b, ids[0]!, 5, "Test"), left(b)]).toEqual([true, 0]);
    const without = make(false);
    expect([castingRoll(without.b, without.ids[0]!, 5, "Test"), left(without.b)]).toEqual([false, 0]);
  });

  it("[AB-P2:chanting] a PRIEST (1) with \"Add 1 to chanting rolls for this unit\": a 3 is 4, answered (value 4); without it banked as 3; an unmodified 1 still fails; more than 6\" from all enemy units only", () => {
    const make = (text: typeof CHANT | null, dice: number[], enemyY = 40) => {
      const { b, ids } = battleAt("savage-gains", [{ ...at("Lord-Imperatant", 0, 30, 10), keywords: ["PRIEST (1)"] }, at("Liberators", 1, 30, enemyY)], { dice, step: { kind: "hero", player: 0 } });
      if (text) giveTranslated(b, "Lord-Imperatant", text, vocab);
      return { b, p: ids[0]! };
    };
    let { b, p } = make(CHANT, [3]);
    expect([chantingRoll(b, p, 4, "Omens"), b.unit(p).ritualPoints ?? 0]).toEqual([4, 0]);
    ({ b, p } = make(null, [3]));
    expect([chantingRoll(b, p, 4, "Omens"), b.unit(p).ritualPoints]).toEqual([0, 3]);
    ({ b, p } = make(CHANT, [1, 2]));
    expect([chantingRoll(b, p, 2, "Omens"), left(b)]).toEqual([0, 0]);
    // A failed chant banks the modified roll: 2 + 1 = 3 < 4.
    ({ b, p } = make(CHANT, [2]));
    expect([chantingRoll(b, p, 4, "Omens"), b.unit(p).ritualPoints]).toEqual([0, 3]);
    ({ b, p } = make(CHANT_FAR, [3]));
    expect(chantingRoll(b, p, 4, "Omens")).toBe(4);
    ({ b, p } = make(CHANT_FAR, [3], 15)); // an enemy unit within 6"
    expect([rollBonus(b, p, "chanting"), chantingRoll(b, p, 4, "Omens")]).toEqual([0, 0]);
  });

  const setups: [string, (withIt: boolean) => PitchedBattleState][] = [
    [
      "Knight-Arcanums on both sides with a manifestation lore each, the hex on player 0's Liberators (casting and unbinding)",
      (withIt) => {
        const { b } = battleAt("savage-gains", [at("Knight-Arcanum", 0, 30, 8), at("Liberators", 0, 30, 14), at("Knight-Arcanum", 1, 30, 26), at("Lord-Imperatant", 1, 26, 28), at("Vindictors", 1, 20, 40)], { step: { kind: "hero", player: 0 }, log: false, lores: ["Krondspine Incarnate", "Primal Energy"] });
        if (withIt) giveTranslated(b, "Liberators", HEX, vocab);
        return new PitchedBattleState(b);
      },
    ],
    [
      "a PRIEST (1) Lord-Imperatant with Bolt from the Blue and the chanting modifier",
      (withIt) => {
        const { b } = battleAt("savage-gains", [{ ...at("Lord-Imperatant", 0, 30, 10), keywords: ["PRIEST (1)"] }, at("Vindictors", 0, 36, 12), at("Liberators", 1, 30, 18), at("Vindictors", 1, 20, 40)], { step: { kind: "hero", player: 0 }, log: false });
        giveTranslated(b, "Lord-Imperatant", BOLT, vocab);
        if (withIt) giveTranslated(b, "Lord-Imperatant", CHANT, vocab);
        return new PitchedBattleState(b);
      },
    ],
  ];
  for (const [what, make] of setups) {
    it(`[AB-P2:unbinding] [AB-P2:chanting] ${what}: battles are identical in both engines, seed for seed, and differ from those without it`, () => {
      sameBattlesChanged(core, (seed, withAbilities) => make(withAbilities), [1, 2, 3, 4, 5, 6, 7, 8]);
    });
  }
});

describe("named models: the rest of a sentence on the unit", () => {
  it("[AB-P2:named] Liberators with \"While this unit's Fjul-Grimnir is on the battlefield, ignore the first damage point ... each phase\": the first point is ignored (Stone Skeleton's kind); the kernel's H.IGNORE_FIRST has the unit", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 30, 10), at("Vindictors", 1, 30, 40)], { seed: 1 });
    giveTranslated(b, "Liberators", { name: "Fjul-Grimnir", timing: "Passive", effect: "While this unit's Fjul-Grimnir is on the battlefield, ignore the first damage point that would be allocated to this unit each phase." }, vocab);
    const l = ids[0]!;
    expect([ignoresFirst(b.profile(l)), ignoresFirst(b.profile(ids[1]!))]).toEqual([true, false]);
    const f = encodeBattle(b.data);
    expect([f[H.IGNORE_FIRST], f[H.IGNORE_FIRST_HI]]).toEqual([1 << l, 0]);
  });
});

describe("healing after each spell", () => {
  const ARKHAN = { name: "Staff of Spirits", timing: "Passive", effect: "Add 1 to casting rolls for this unit. Each time this unit successfully casts a spell, Heal (1) this unit after that SPELL ability has been resolved." };

  it("[AB-P2:cast-heal] a Knight-Arcanum with 2 damage points casts Metamorphosis (2 + 2 + 1 = 5): the Lord-Imperatant becomes a MONSTER, then Heal (1): 1 left; a failed cast (1 + 2 + 1 = 4) heals nothing; unbound (the enemy's 6 + 5 = 11 beats 5): nothing", () => {
    const make = (dice: number[], enemyWizard = false) => {
      const { b, ids } = battleAt("savage-gains", [at("Knight-Arcanum", 0, 30, 8), at("Lord-Imperatant", 0, 34, 10), enemyWizard ? at("Knight-Arcanum", 1, 30, 30) : at("Liberators", 1, 30, 40)], { dice, step: { kind: "hero", player: 0 } });
      if (!enemyWizard) giveTranslated(b, "Knight-Arcanum", ARKHAN, vocab);
      else {
        // Only player 0's Knight-Arcanum has the ability: a test-only warscroll name for it.
        giveTranslated(b, "Knight-Arcanum", ARKHAN, vocab);
        b.data.profiles[ids[2]!]!.abilities = b.data.profiles[ids[2]!]!.abilities!.filter((a) => a.name !== ARKHAN.name);
      }
      b.unit(ids[0]!).damage = 2;
      return { b, ids };
    };
    let { b, ids } = make([2, 2]);
    castMetamorphosis(b, ids[0]!, ids[1]!);
    expect([b.unit(ids[1]!).tokens.includes("metamorphosis"), b.unit(ids[0]!).damage, left(b)]).toEqual([true, 1, 0]);
    ({ b, ids } = make([1, 2]));
    castMetamorphosis(b, ids[0]!, ids[1]!);
    expect([b.unit(ids[0]!).damage, left(b)]).toEqual([2, 0]);
    ({ b, ids } = make([2, 2, 6, 5], true));
    castMetamorphosis(b, ids[0]!, ids[1]!);
    expect([b.unit(ids[0]!).damage, left(b)]).toEqual([2, 0]);
  });

  it("[AB-P2:cast-heal] battles with a damaged Knight-Arcanum with it and a manifestation lore are identical in both engines, seed for seed, and differ from those without it", () => {
    sameBattlesChanged(core, (seed, withIt) => {
      const { b, ids } = battleAt("savage-gains", [at("Knight-Arcanum", 0, 30, 8), at("Lord-Imperatant", 0, 34, 10), at("Vindictors", 1, 30, 34), at("Liberators", 1, 20, 40)], { step: { kind: "hero", player: 0 }, log: false, lores: ["Krondspine Incarnate", null] });
      b.unit(ids[0]!).damage = 4;
      if (withIt) giveTranslated(b, "Knight-Arcanum", ARKHAN, vocab);
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("not visible while escorted and no enemy is near", () => {
  const SCREEN = { name: "Screened", timing: "Passive", effect: "While this unit is within the combat range of a friendly INFANTRY unit that has 5 or more models and there are no enemy units within this unit's combat range, this unit is not visible to enemy units." };

  it("[AB-P2:hidden] Vindictors 1\" from 5 Liberators (INFANTRY): a Celestar Ballista 15\" away cannot see them; with 4 Liberators it can; with enemy Liberators within 3\" of the Vindictors both enemies can", () => {
    const { b, ids } = battleAt("savage-gains", [at("Vindictors", 0, 30, 10), at("Liberators", 0, 30, 14), at("Celestar Ballista", 1, 30, 30), at("Liberators", 1, 50, 40)], { seed: 1, step: { kind: "shooting", player: 1 } });
    b.data.terrain = [];
    giveTranslated(b, "Vindictors", SCREEN, vocab);
    const [vin, lib, bal, foe] = ids as [number, number, number, number];
    b.unit(lib).y = 10 + b.footprint(vin).radius + b.footprint(lib).radius + 1;
    b.unit(bal).y = 10 + b.footprint(vin).radius + b.footprint(bal).radius + 15;
    expect([visible(b, bal, vin), visible(b, foe, vin), visible(b, vin, bal), visible(b, bal, lib)]).toEqual([false, false, true, true]);
    b.unit(lib).models = 4;
    expect(visible(b, bal, vin)).toBe(true);
    b.unit(lib).models = 5;
    // An enemy unit within 3" (edge to edge) of the Vindictors: visible to every enemy.
    [b.unit(foe).x, b.unit(foe).y] = [30 - b.footprint(vin).radius - b.footprint(foe).radius - 2, 10];
    expect([visible(b, bal, vin), visible(b, foe, vin)]).toEqual([true, true]);
  });

  it("[AB-P2:hidden] battles with it (shooting armies) are identical in both engines, seed for seed, and differ from those without it", () => {
    sameBattlesChanged(core, (seed, withIt) => {
      const { b, ids } = battleAt("savage-gains", [at("Vindictors", 0, 30, 10), at("Liberators", 0, 30, 14), at("Celestar Ballista", 1, 30, 30), at("Celestar Ballista", 1, 20, 32), at("Liberators", 1, 44, 40)], { step: { kind: "shooting", player: 1 }, log: false });
      b.unit(ids[1]!).y = 10 + b.footprint(ids[0]!).radius + b.footprint(ids[1]!).radius + 1;
      if (withIt) giveTranslated(b, "Vindictors", SCREEN, vocab);
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("a near condition on the other unit's models", () => {
  const BRUTAL = { name: "Brutal Power", timing: "Passive", effect: 'Add 1 to this unit\'s power level while there are any friendly IRONJAWZ units that have 10 or more models wholly within 12" of it.' };
  const ironjawz = (x: number, y: number, models: number): Placement => ({ ...at("Liberators", 0, x, y, models), keywords: ["IRONJAWZ"] });

  it("[AB-P2:near-models] a Knight-Arcanum with Brutal Power: WIZARD 2 with 10 IRONJAWZ Liberators wholly within 12\", 1 when 9 are left or they are 20\" away", () => {
    const { b, ids } = battleAt("savage-gains", [at("Knight-Arcanum", 0, 30, 6), ironjawz(30, 12, 10), at("Liberators", 1, 30, 40)], { seed: 1, step: { kind: "hero", player: 0 } });
    giveTranslated(b, "Knight-Arcanum", BRUTAL, vocab);
    const [k, l] = [ids[0]!, ids[1]!];
    expect(powerLevel(b, k, "wizard")).toBe(2);
    b.unit(l).models = 9;
    expect(powerLevel(b, k, "wizard")).toBe(1);
    b.unit(l).models = 10;
    b.unit(l).y = 30;
    expect(powerLevel(b, k, "wizard")).toBe(1);
  });

  it("[AB-P2:near-models] battles with it and a manifestation lore are identical in both engines, seed for seed, and differ from those without it", () => {
    sameBattlesChanged(core, (seed, withIt) => {
      const { b } = battleAt("savage-gains", [at("Knight-Arcanum", 0, 30, 6), ironjawz(30, 12, 10), at("Lord-Imperatant", 0, 36, 8), at("Vindictors", 1, 30, 34), at("Liberators", 1, 20, 40)], { step: { kind: "hero", player: 0 }, log: false, lores: ["Krondspine Incarnate", null] });
      if (withIt) giveTranslated(b, "Knight-Arcanum", BRUTAL, vocab);
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

