/**
 * Roll triggers, start-of-turn healing and the attack sequence's passive extras (docs/abilities.md "Roll
 * triggers and start-of-turn healing"): each on a set-up position with scripted dice (a ScriptedRng fails on
 * any die the test did not expect), and the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Battle } from "../../src/aos/battle/battle.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { fight } from "../../src/aos/battle/combat.js";
import { controlWithEffects, unitWard } from "../../src/aos/battle/effects.js";
import { removeToken } from "../../src/aos/battle/tokens.js";
import { bundledLibrary, mergeLibraries, type Warscroll } from "../../src/aos/armies/index.js";
import type { WarscrollLibrary } from "../../src/aos/armies/library.js";
import { warscrollToAttacker, warscrollToDefender } from "../../src/aos/armies/odds.js";
import { applyOddsAbilities } from "../../src/aos/abilities/odds-input.js";
import { aosOddsInputSchema } from "../../src/aos/odds/schema.js";
import { planAttack } from "../../src/aos/odds/plan.js";
import { expectedSaveRolls } from "../../src/aos/odds/kernel.js";
import { translateAbility, translatedAbility, keywordVocabulary } from "../../src/aos/abilities/translate.js";
import { playPolicy, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const left = (b: Battle) => (b.rng as ScriptedRng).left();
const at = (warscroll: string, owner: 0 | 1, x: number, y: number, models?: number): Placement => ({ warscroll, owner, x, y, ...(models ? { models } : {}) });

/** Gives unit `id`'s warscroll an imported ability, translated from its text as the battle translates it. */
function give(b: Battle, id: number, name: string, timing: string, effect: string): void {
  const p = b.data.profiles[id]!;
  const t = translateAbility({ name, timing, effect }, keywordVocabulary(b.data.profiles.flatMap((x) => x.keywords)));
  const a = translatedAbility(p.warscroll, name, t);
  if (!a) throw new Error(`${name}: ${t.kind === "unread" || t.kind === "translated" ? t.why : "?"}`);
  for (const q of b.data.profiles) if (q.warscroll === p.warscroll) q.abilities = [...(q.abilities ?? []), a];
}

describe("start-of-turn healing", () => {
  it("[AB-TRANSLATE:Regeneration] \"Start of Any Turn: Heal (D3) this unit\": when a turn starts, before its hero phase, the active player's units heal, then the opponent's", () => {
    // A Varghulf Courtier (player 1) with Regeneration, 5 damage points; player 0's turn starts: the opponent's
    // "Any Turn" ability is used too (Heal (2): 3 left); then player 1's turn: Heal (3), 0 left.
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 40, 10), at("Varghulf Courtier", 1, 20, 34)], { dice: [2, 3], step: { kind: "combat", player: 1 } });
    give(b, ids[1]!, "Regeneration", "Start of Any Turn", "Heal (D3) this unit.");
    b.unit(ids[1]!).damage = 5;
    beginTurn(b, 0);
    expect([b.unit(ids[1]!).damage, left(b)]).toEqual([3, 1]);
    beginTurn(b, 1);
    expect([b.unit(ids[1]!).damage, left(b)]).toEqual([0, 0]);
    // Undamaged: no dice (the ScriptedRng has none left and would fail).
    beginTurn(b, 0);
    expect(b.unit(ids[1]!).damage).toBe(0);
  });

  it("[AB-TRANSLATE:Regeneration] \"Start of Your Turn\" heals in its own turn only; the log names the use", () => {
    const { b, ids } = battleAt("savage-gains", [at("Varghulf Courtier", 0, 20, 10), at("Liberators", 1, 40, 34)], { dice: [4], step: { kind: "combat", player: 0 } });
    give(b, ids[0]!, "Mending", "Start of Your Turn", "Heal (D6) this unit.");
    b.unit(ids[0]!).damage = 6;
    beginTurn(b, 1);
    expect(b.unit(ids[0]!).damage).toBe(6);
    beginTurn(b, 0);
    expect([b.unit(ids[0]!).damage, left(b), (b.data.log ?? []).some((l) => l.includes("uses Mending: Heal (4)"))]).toEqual([2, 0, true]);
  });

  it("[AB-TRANSLATE:Regeneration] start-of-turn healing in the kernel: battles from a position with damaged units are identical, seed for seed, and it is used", () => {
    let used = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b, ids } = battleAt("savage-gains", [at("Varghulf Courtier", 0, 20, 10), at("Crypt Ghouls", 0, 26, 14, 20), at("Liberators", 1, 22, 20, 10), at("Vindictors", 1, 12, 30)], { step: { kind: "hero", player: 0 }, log: false });
      give(b, ids[0]!, "Regeneration", "Start of Any Turn", "Heal (D3) this unit.");
      b.unit(ids[0]!).damage = 4;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      const logged = s.clone();
      logged.data.log = [];
      logged.reseed(seed);
      playPolicy(logged);
      used += logged.data.log.filter((l) => l.includes("uses Regeneration")).length;
    }
    expect(used).toBeGreaterThan(0);
  });
});

const ACID_ICHOR = "Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal damage on the attacking unit after the FIGHT ability has been resolved.";

describe("save-roll triggers", () => {
  it("[AB:Lord-Imperatant/Loyal Gryph-hound] WARD (5+) while the hound is there; an unmodified save roll of 1 removes it after the attack (the ward held for all of that attack)", () => {
    // A Crypt Haunter Courtier (5 attacks: 4+, 3+, Rend 2, Damage 3) fights the Lord-Imperatant (Save 3+):
    // attack 1 hits (4), wounds (3), save roll 1 (fails: the hound's roll), 3 damage points, ward 5, 1, 1: 2 kept;
    // attack 2 misses (1); attack 3 hits (5), does not wound (2); attack 4 hits (6), wounds (4), save 6 - 2 = 4
    // saves; attack 5 misses (2). 2 damage points; the hound leaves after the attack.
    const { b, ids } = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Lord-Imperatant", 1, 20, 13.5)], { dice: [4, 3, 1, 5, 1, 1, 1, 5, 2, 6, 4, 6, 2], step: { kind: "combat", player: 0 } });
    const [c, li] = [ids[0]!, ids[1]!];
    expect(b.unit(li).tokens).toContain("gryph-hound");
    b.unit(c).inCombatAtStart = b.unit(li).inCombatAtStart = true;
    fight(b, c, li);
    expect([b.unit(li).damage, b.unit(li).tokens.includes("gryph-hound"), left(b)]).toEqual([2, false, 0]);
    // Without the hound no ward: hit 4, wound 3, save 2 (fails), 3 damage points with no ward roll; 4 misses.
    (b as unknown as { rng: ScriptedRng }).rng = new ScriptedRng([4, 3, 2, 1, 1, 1, 1]);
    b.unit(c).fought = false;
    fight(b, c, li);
    expect([b.unit(li).damage, left(b)]).toEqual([5, 0]);
  });

  it("[AB:Lord-Imperatant/Loyal Gryph-hound] the hound's ward protects against mortal damage too, and a save roll of 2-6 keeps it", () => {
    // Attack 1: hit 4, wound 3, save 5 (5 - 2 = 3: saved); the other 4 miss. The hound stays.
    const { b, ids } = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Lord-Imperatant", 1, 20, 13.5)], { dice: [4, 3, 5, 1, 1, 1, 1], step: { kind: "combat", player: 0 } });
    b.unit(ids[0]!).inCombatAtStart = b.unit(ids[1]!).inCombatAtStart = true;
    fight(b, ids[0]!, ids[1]!);
    expect([b.unit(ids[1]!).damage, b.unit(ids[1]!).tokens.includes("gryph-hound"), unitWard(b, ids[1]!), left(b)]).toEqual([0, true, 5, 0]);
    removeToken(b.unit(ids[1]!), "gryph-hound");
    expect(unitWard(b, ids[1]!)).toBe(null);
  });

  it("[AB-TRANSLATE:Acid Ichor] each unmodified save roll of 6 for a combat attack on the unit: 1 mortal damage on the attacking unit after the fight, through its ward", () => {
    // Vindictors with Acid Ichor (Save 3+, Health 2) are fought by a Crypt Haunter Courtier (WARD (6+)):
    // attacks 1 and 2 hit (4), wound (3) and are saved on 6s; attack 3 hits, wounds, save 2 fails: 3 damage
    // points (1 Vindictor slain, 1 point left); attacks 4 and 5 miss (1, 1). Then 2 mortal damage on the
    // Courtier, its ward rolls 6 and 3: 1 damage point.
    const { b, ids } = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Vindictors", 1, 20, 14)], { dice: [4, 3, 6, 4, 3, 6, 4, 3, 2, 1, 1, 6, 3], step: { kind: "combat", player: 0 } });
    give(b, ids[1]!, "Acid Ichor", "Passive", ACID_ICHOR);
    const [c, v] = [ids[0]!, ids[1]!];
    b.unit(c).inCombatAtStart = b.unit(v).inCombatAtStart = true;
    expect(b.inCombat(c)).toBe(true);
    fight(b, c, v);
    expect([b.unit(v).models, b.unit(v).damage, b.unit(c).damage, left(b)]).toEqual([4, 1, 1, 0]);
    expect((b.data.log ?? []).some((l) => l.includes("Acid Ichor: 2 unmodified save rolls of 6, 2 mortal damage on Crypt Haunter Courtier, 1 after its ward"))).toBe(true);
  });
});

describe("save-roll triggers in the kernel", () => {
  it("[AB:Lord-Imperatant/Loyal Gryph-hound] [AB-TRANSLATE:Acid Ichor] battles with both triggers, units in combat from the start, are identical in both engines, seed for seed, and both triggers fire", () => {
    const seen = new Set<string>();
    // Seeds 1-8: the Flesh-eater Courts' battle traits (battle/traits.ts) roll dice too, so the hound's 1 comes later.
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b, ids } = battleAt(
        "savage-gains",
        [at("Crypt Haunter Courtier", 0, 20, 10), at("Crypt Ghouls", 0, 30, 10, 20), at("Lord-Imperatant", 1, 20, 13.5), at("Vindictors", 1, 30, 15, 10)],
        { step: { kind: "hero", player: 0 }, log: false },
      );
      give(b, ids[3]!, "Acid Ichor", "Passive", ACID_ICHOR);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      const logged = s.clone();
      logged.data.log = [];
      logged.reseed(seed);
      playPolicy(logged);
      for (const l of logged.data.log) {
        if (l.includes("Acid Ichor:")) seen.add("Acid Ichor");
        if (l.includes("gryph-hound token is removed")) seen.add("Loyal Gryph-hound");
      }
    }
    expect([...seen].sort()).toEqual(["Acid Ichor", "Loyal Gryph-hound"]);
  });
});

describe("save-roll triggers in the exact odds", () => {
  const lines = async (attacker: string, defender: Warscroll, lib: WarscrollLibrary) => {
    const a = lib.warscrolls.find((w) => w.name === attacker)!;
    const input: Record<string, unknown> = { attacker: warscrollToAttacker(a, a.unitSize, "combat").json, defender: warscrollToDefender(defender, defender.unitSize).json };
    return { input, lines: applyOddsAbilities(input, a, defender, { phase: "combat", attackerModels: a.unitSize, defenderModels: defender.unitSize }, lib) };
  };

  it("[AB:Lord-Imperatant/Loyal Gryph-hound] the odds take the hound as there (WARD (5+)) and name the save rolls of 1 that would make it leave: 5 x 1/3 x 1/6 = 0.278", async () => {
    const lib = bundledLibrary();
    const li = lib.warscrolls.find((w) => w.name === "Lord-Imperatant")!;
    const r = await lines("Crypt Haunter Courtier", li, lib);
    expect((r.input.defender as { ward: number }).ward).toBe(5);
    expect(r.lines).toContain("After the attacks (not in these odds): Lord-Imperatant/Loyal Gryph-hound, 0.278 unmodified save rolls of 1 on average; on any, its gryph-hound token leaves after the attacks (in these odds it is there)");
  });

  it("[AB-TRANSLATE:Acid Ichor] the mortal damage back is a second distribution, left out of the odds and named with its mean: 5/18 = 0.278, 0.231 after the attacker's WARD (6+)", async () => {
    const vindictors = bundledLibrary().warscrolls.find((w) => w.name === "Vindictors")!;
    const ichor = { ...vindictors, name: "Ichor Vindictors", abilities: [{ name: "Acid Ichor", timing: "Passive", effect: ACID_ICHOR }] };
    const lib = mergeLibraries("test", bundledLibrary(), { source: "imported", warscrolls: [ichor] });
    const r = await lines("Crypt Haunter Courtier", ichor, lib);
    expect(r.lines).toContain("After the attacks (not in these odds): Ichor Vindictors/Acid Ichor, 0.278 unmodified save rolls of 6 on average: 0.278 mortal damage on the attacker, 0.231 after its ward");
    // Exact: the Courtier's 5 attacks each reach the save with 1/2 x 2/3 = 1/3; a 6 with 1/6.
    const plan = planAttack(aosOddsInputSchema.parse(r.input));
    expect(expectedSaveRolls(plan, 6)).toBeCloseTo(5 / 18, 12);
    expect(expectedSaveRolls(plan, 1)).toBeCloseTo(5 / 18, 12);
  });
});

describe("passive conditions: the attack's target, being in combat", () => {
  const HERO_TEXT = "Add 1 to hit rolls for this unit's attacks that target an enemy HERO.";
  const HORDE_TEXT = "Add 1 to hit rolls for this unit's attacks that target an enemy unit that has 10 or more models.";

  it("[AB-TRANSLATE] \"Add 1 to hit rolls for this unit's attacks that target an enemy HERO\": a hit roll of 3 hits a HERO (3 + 1 = 4+), not the Vindictors", () => {
    // The Courtier's first attack: hit 3 (+1: hits), wound 3, save 2 fails, 3 damage points, the hound's ward
    // 1, 1, 1: the Lord-Imperatant takes 3; the other 4 attacks roll 1s.
    const hero = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Lord-Imperatant", 1, 20, 13.5)], { dice: [3, 3, 2, 1, 1, 1, 1, 1, 1, 1], step: { kind: "combat", player: 0 } });
    give(hero.b, hero.ids[0]!, "Hero Hunter", "Passive", HERO_TEXT);
    hero.b.unit(hero.ids[0]!).inCombatAtStart = hero.b.unit(hero.ids[1]!).inCombatAtStart = true;
    fight(hero.b, hero.ids[0]!, hero.ids[1]!);
    expect([hero.b.unit(hero.ids[1]!).damage, left(hero.b)]).toEqual([3, 0]);
    // Vindictors are no HERO: the 3 misses, and so do the four 1s.
    const not = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Vindictors", 1, 20, 14)], { dice: [3, 1, 1, 1, 1], step: { kind: "combat", player: 0 } });
    give(not.b, not.ids[0]!, "Hero Hunter", "Passive", HERO_TEXT);
    not.b.unit(not.ids[0]!).inCombatAtStart = not.b.unit(not.ids[1]!).inCombatAtStart = true;
    fight(not.b, not.ids[0]!, not.ids[1]!);
    expect([not.b.unit(not.ids[1]!).models, not.b.unit(not.ids[1]!).damage, left(not.b)]).toEqual([5, 0, 0]);
  });

  it("[AB-TRANSLATE] \"... that target an enemy unit that has 10 or more models\": +1 to hit against 10 Vindictors, not against 5", () => {
    // 10 Vindictors: hit 3 (+1), wound 3, save 2 fails: 3 damage points, 1 slain (Health 2) and 1 point left.
    const ten = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Vindictors", 1, 20, 15, 10)], { dice: [3, 3, 2, 1, 1, 1, 1], step: { kind: "combat", player: 0 } });
    give(ten.b, ten.ids[0]!, "Horde Hunter", "Passive", HORDE_TEXT);
    ten.b.unit(ten.ids[0]!).inCombatAtStart = ten.b.unit(ten.ids[1]!).inCombatAtStart = true;
    expect(ten.b.inCombat(ten.ids[0]!)).toBe(true);
    fight(ten.b, ten.ids[0]!, ten.ids[1]!);
    expect([ten.b.unit(ten.ids[1]!).models, ten.b.unit(ten.ids[1]!).damage, left(ten.b)]).toEqual([9, 1, 0]);
    const five = battleAt("savage-gains", [at("Crypt Haunter Courtier", 0, 20, 10), at("Vindictors", 1, 20, 14, 5)], { dice: [3, 1, 1, 1, 1], step: { kind: "combat", player: 0 } });
    give(five.b, five.ids[0]!, "Horde Hunter", "Passive", HORDE_TEXT);
    five.b.unit(five.ids[0]!).inCombatAtStart = five.b.unit(five.ids[1]!).inCombatAtStart = true;
    fight(five.b, five.ids[0]!, five.ids[1]!);
    expect([five.b.unit(five.ids[1]!).models, left(five.b)]).toEqual([5, 0]);
  });

  it("[AB-TRANSLATE] \"Add 8 to this unit's control score while it is in combat\": 5 Vindictors (Control 1 x 5 + 1 standard) score 14 in combat, 6 out of it", () => {
    const { b, ids } = battleAt("savage-gains", [at("Vindictors", 0, 20, 10, 5), at("Crypt Ghouls", 1, 20, 14, 10), at("Liberators", 0, 40, 30)], {});
    give(b, ids[0]!, "Hold Fast", "Passive", "Add 8 to this unit's control score while it is in combat.");
    expect(b.inCombat(ids[0]!)).toBe(true);
    expect(controlWithEffects(b, ids[0]!, 6, false)).toBe(14);
    b.unit(ids[1]!).y = 40;
    expect(b.inCombat(ids[0]!)).toBe(false);
    expect(controlWithEffects(b, ids[0]!, 6, false)).toBe(6);
  });

  it("[AB-TRANSLATE] the target and in-combat conditions in the kernel: battles with all three are identical in both engines, seed for seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b, ids } = battleAt(
        "savage-gains",
        [at("Crypt Haunter Courtier", 0, 20, 10), at("Crypt Ghouls", 0, 30, 10, 20), at("Lord-Imperatant", 1, 20, 13.5), at("Vindictors", 1, 30, 15, 10), at("Liberators", 1, 36, 30, 10)],
        { step: { kind: "hero", player: 0 }, log: false },
      );
      give(b, ids[0]!, "Hero Hunter", "Passive", HERO_TEXT);
      give(b, ids[1]!, "Horde Hunter", "Passive", HORDE_TEXT);
      give(b, ids[3]!, "Hold Fast", "Passive", "Add 8 to this unit's control score while it is in combat.");
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});
