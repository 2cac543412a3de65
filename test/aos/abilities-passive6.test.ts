/**
 * The passive6 area in play (docs/abilities.md "Passive abilities, sixth pass (passive6)"): set-up positions read
 * through the attack interpreter, and the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attackEffects } from "../../src/aos/battle/effects.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import { EF } from "../../src/aos/rollout/encode.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement } from "../support/battle-fixtures.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesGiven, sameBattlesUsing } from "../support/same-battles.js";
import { readFileSync } from "node:fs";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { useChargeMarks } from "../../src/aos/battle/passive6.js";
import { noteChargeRoll } from "../../src/aos/battle/move3.js";
import { CHARGE_MARK_KIND } from "../../src/aos/rollout/encode-passive6.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const at = (warscroll: string, owner: 0 | 1, x: number, y: number, models?: number): Placement => ({ warscroll, owner, x, y, ...(models ? { models } : {}) });
const vocab = keywordVocabulary(["STORMCAST ETERNALS", "FLESH-EATER COURTS", "HERO", "MONSTER"]);


// The catalogues' texts: Kurdoss Valentian (Scourge of Ghyran)'s Inescapable Mockery, Symbaresh Twinsouls' Ego-driven Excess.
const MOCKERY = { name: "Inescapable Mockery", timing: "Passive", effect: "Add 1 to hit rolls and wound rolls for this unit's combat attacks that target an enemy unit that has a lower Control characteristic than this unit." };
const EXCESS = { name: "Ego-driven Excess", timing: "Once Per Battle (Army), Any Combat Phase", effect: "For the rest of the turn, add 1 to the Damage characteristic of this unit's melee weapons for attacks that target an enemy unit that has a higher Control characteristic than this unit." };

describe("targetControl: the attack's target's Control characteristic against the attacker's", () => {
  it("[AB-P6:control] the kernel's slot is encode.ts's EF.P6_FLAGS (211, the passive6 room)", () => {
    const src = readFileSync(new URL("../../assembly/battle/layout.ts", import.meta.url), "utf8");
    expect(Number(/P6_FLAGS: i32 = (\d+)/.exec(src)![1])).toBe(EF.P6_FLAGS);
    expect(EF.P6_FLAGS).toBe(211);
  });

  it("[AB-P6:control] a Lord-Imperatant (Control 2) with Inescapable Mockery: +1 hit and wound for its combat attacks on Crypt Ghouls (Control 1), none on a Royal Terrorgheist (5) nor on Crypt Ghouls with its shooting attacks", () => {
    const { b, ids } = battleAt("savage-gains", [at("Lord-Imperatant", 0, 20, 10), at("Crypt Ghouls", 1, 20, 14), at("Royal Terrorgheist", 1, 34, 14)], { seed: 1, step: { kind: "combat", player: 0 } });
    giveTranslated(b, "Lord-Imperatant", MOCKERY, vocab);
    const [lord, ghouls, gheist] = ids as [number, number, number];
    expect([b.profile(lord).control, b.profile(ghouls).control, b.profile(gheist).control]).toEqual([2, 1, 5]);
    const w = b.profile(lord).weapons;
    const mods = (target: number, melee: boolean) => {
      const m = attackEffects(b, lord, target, melee, w);
      return [m.hit, m.wound];
    };
    expect(mods(ghouls, true)).toEqual([1, 1]);
    expect(mods(gheist, true)).toEqual([0, 0]);
    expect(mods(ghouls, false)).toEqual([0, 0]);
  });

  it("[AB-P6:control] Vindictors (Control 1) with Ego-driven Excess used in the combat phase: +1 Damage on a Lord-Imperatant (2), not on Crypt Ghouls (1: equal, not higher); nothing before it is used", () => {
    const { b, ids } = battleAt("savage-gains", [at("Vindictors", 0, 20, 10), at("Lord-Imperatant", 1, 20, 14), at("Crypt Ghouls", 1, 30, 14)], { seed: 1, step: { kind: "combat", player: 0 } });
    giveTranslated(b, "Vindictors", EXCESS, vocab);
    const [v, lord, ghouls] = ids as [number, number, number];
    const spear = b.profile(v).weapons[0]!;
    // The Damage modifier held for a while (attack.ts AttackMods.damage, added by attacks.ts to the weapon's Damage).
    const d = (target: number) => attackEffects(b, v, target, true, [spear]).damage;
    expect([d(lord), d(ghouls)]).toEqual([0, 0]);
    useStepAbilities(b, 0, "combat");
    expect(b.unit(v).tokens.some((t) => t.includes("Ego-driven Excess"))).toBe(true);
    expect([d(lord), d(ghouls)]).toEqual([1, 0]);
  });

  it("[AB-P6:control] battles of Lord-Imperatants with Inescapable Mockery against Crypt Ghouls are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Lord-Imperatant", 0, 20, 14), at("Lord-Imperatant", 0, 32, 14), at("Crypt Ghouls", 1, 20, 20), at("Crypt Ghouls", 1, 32, 20)], { step: { kind: "hero", player: 0 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Lord-Imperatant", MOCKERY, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });

  it("[AB-P6:control] battles of Vindictors with Ego-driven Excess against Lord-Imperatants are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Vindictors", 0, 20, 14), at("Vindictors", 0, 32, 14), at("Lord-Imperatant", 1, 20, 20), at("Lord-Imperatant", 1, 32, 20)], { step: { kind: "hero", player: 0 }, log: false });
    sameBattlesGiven(core, start, (b) => giveTranslated(b, "Vindictors", EXCESS, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });
});

// The catalogues' forms with the bundled units: Ogroid Myrmidon's (8+ charge roll) and a Darkoath Chieftain's (enemy territory, DARKOATH there).
const CHARGE_8 = { name: "Unstoppable Charge", timing: "Once Per Battle, Any Charge Phase", effect: "If this unit charged this phase and the unmodified charge roll was 8+, add 1 to the Rend characteristic of this unit's weapons for the rest of the battle." };
const TERRITORY = { name: "Into the Fray", timing: "Once Per Battle, Any Charge Phase", effect: "If this unit is wholly within enemy territory and charged this phase, for the rest of the battle, add 1 to hit rolls for combat attacks made by friendly STORMCAST ETERNALS units while they are wholly within 12\" of this unit." };

describe("charge marks: objective4's mark put at the end of a charge phase, for the rest of the battle", () => {
  it("[AB-P6:charge-mark] the kernel's CHARGE_MARK_KIND is encode-passive6.ts's code (154, the passive6 room)", () => {
    const src = readFileSync(new URL("../../assembly/battle/passive6.ts", import.meta.url), "utf8");
    expect(Number(/CHARGE_MARK_KIND: i32 = (\d+)/.exec(src)![1])).toBe(CHARGE_MARK_KIND);
    expect(CHARGE_MARK_KIND).toBe(154);
  });

  it("[AB-P6:charge-mark] Vindictors that charged with an unmodified 7 get no mark; with 8 (4 and 4) the mark, and +1 Rend on every weapon from then on; a unit that did not charge none", () => {
    const { b, ids } = battleAt("savage-gains", [at("Vindictors", 0, 20, 10), at("Vindictors", 0, 40, 10), at("Crypt Ghouls", 1, 20, 14)], { seed: 1, step: { kind: "charge", player: 0 } });
    giveTranslated(b, "Vindictors", CHARGE_8, vocab);
    const [v, still, ghouls] = ids as [number, number, number];
    const rend = (x: number) => attackEffects(b, x, ghouls, true, b.profile(x).weapons).rend;
    b.unit(v).charged = true;
    noteChargeRoll(b, v, [3, 4]);
    useChargeMarks(b);
    expect(b.unit(v).tokens).not.toContain("mark-unstoppable-charge");
    expect(rend(v)).toBe(0);
    noteChargeRoll(b, v, [4, 4]);
    useChargeMarks(b);
    expect(b.unit(v).tokens).toContain("mark-unstoppable-charge");
    expect(b.unit(still).tokens).not.toContain("mark-unstoppable-charge");
    expect([rend(v), rend(still)]).toEqual([1, 0]);
  });

  it("[AB-P6:charge-mark] a Lord-Imperatant that charged wholly within enemy territory (y 40) marks itself: +1 hit for Vindictors' combat attacks wholly within 12\" of it, not for those 30\" away, nor their shooting; one that charged at y 24 does not", () => {
    const place = (y: number) => battleAt("savage-gains", [at("Lord-Imperatant", 0, 20, y), at("Vindictors", 0, 24, y), at("Vindictors", 0, 54, 10), at("Crypt Ghouls", 1, 20, y + 4)], { seed: 1, step: { kind: "charge", player: 0 } });
    const far = place(24);
    giveTranslated(far.b, "Lord-Imperatant", TERRITORY, vocab);
    far.b.unit(far.ids[0]!).charged = true;
    useChargeMarks(far.b);
    expect(far.b.unit(far.ids[0]!).tokens).not.toContain("mark-into-the-fray");
    const { b, ids } = place(36);
    giveTranslated(b, "Lord-Imperatant", TERRITORY, vocab);
    const [lord, near, away, ghouls] = ids as [number, number, number, number];
    const hit = (x: number, melee: boolean) => attackEffects(b, x, ghouls, melee, b.profile(x).weapons).hit;
    expect(hit(near, true)).toBe(0);
    useChargeMarks(b);
    expect(b.unit(lord).tokens).not.toContain("mark-into-the-fray"); // it has not charged
    b.unit(lord).charged = true;
    useChargeMarks(b);
    expect(b.unit(lord).tokens).toContain("mark-into-the-fray");
    expect([hit(near, true), hit(lord, true), hit(away, true), hit(near, false)]).toEqual([1, 1, 0, 0]);
  });

  it("[AB-P6:charge-mark] soleCombat: Vindictors that charged a Lord-Imperatant alone get the mark; with a second enemy unit in combat with them none; nor when the Lord-Imperatant is in combat with other Vindictors too", () => {
    const SOLE = { name: "Duel", timing: "Once Per Battle, Any Charge Phase", effect: "If this unit charged this phase and is only in combat with 1 enemy unit, and that enemy unit is only in combat with this unit, add 1 to the Rend characteristic of this unit's weapons for the rest of the battle." };
    const run = (extra: Placement[]) => {
      const { b, ids } = battleAt("savage-gains", [at("Vindictors", 0, 20, 10), at("Lord-Imperatant", 1, 20, 14), ...extra], { seed: 1, step: { kind: "charge", player: 0 } });
      giveTranslated(b, "Vindictors", SOLE, vocab);
      b.unit(ids[0]!).charged = true;
      useChargeMarks(b);
      return b.unit(ids[0]!).tokens.includes("mark-duel");
    };
    expect(run([])).toBe(true);
    expect(run([at("Crypt Ghouls", 1, 14, 10, 5)])).toBe(false);
    expect(run([at("Vindictors", 0, 20, 18)])).toBe(false);
  });

  it("[AB-P6:charge-mark] battles of Vindictors charging Crypt Ghouls with the 8+ mark are identical in both engines, seed for seed, and the ability changes them", () => {
    // Against a Lord-Imperatant and Vindictors (Save 3+), where Rend counts.
    const start = () => battleAt("savage-gains", [at("Vindictors", 0, 20, 12), at("Vindictors", 0, 32, 12), at("Lord-Imperatant", 1, 20, 22), at("Vindictors", 1, 32, 22)], { step: { kind: "charge", player: 0 }, log: false });
    const give = (b: ReturnType<typeof battleAt>["b"]) => giveTranslated(b, "Vindictors", CHARGE_8, vocab);
    sameBattlesUsing(core, () => { const { b } = start(); give(b); return b; }, [/uses Unstoppable Charge: for the rest of the battle/]);
    sameBattlesGiven(core, start, give, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 0);
  });

  it("[AB-P6:charge-mark] battles of a Lord-Imperatant and Vindictors charging Crypt Ghouls in enemy territory are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Lord-Imperatant", 0, 20, 33), at("Vindictors", 0, 30, 34), at("Crypt Ghouls", 1, 20, 41, 5), at("Crypt Ghouls", 1, 30, 41, 5)], { step: { kind: "charge", player: 0 }, log: false });
    const give = (b: ReturnType<typeof battleAt>["b"]) => giveTranslated(b, "Lord-Imperatant", TERRITORY, vocab);
    sameBattlesUsing(core, () => { const { b } = start(); give(b); return b; }, [/uses Into the Fray: for the rest of the battle/]);
    sameBattlesGiven(core, start, give, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 0);
  });
});

describe("charge marks: soleCombat in both engines", () => {
  it("[AB-P6:charge-mark] battles of Vindictors each charging one Lord-Imperatant with the soleCombat mark are identical in both engines, seed for seed, and the ability changes them", () => {
    const SOLE = { name: "Duel", timing: "Once Per Battle, Any Charge Phase", effect: "If this unit charged this phase and is only in combat with 1 enemy unit, and that enemy unit is only in combat with this unit, add 1 to the Rend characteristic of this unit's weapons for the rest of the battle." };
    const start = () => battleAt("savage-gains", [at("Vindictors", 0, 14, 12), at("Vindictors", 0, 40, 12), at("Lord-Imperatant", 1, 14, 21), at("Vindictors", 1, 40, 22)], { step: { kind: "charge", player: 0 }, log: false });
    const give = (b: ReturnType<typeof battleAt>["b"]) => giveTranslated(b, "Vindictors", SOLE, vocab);
    sameBattlesUsing(core, () => { const { b } = start(); give(b); return b; }, [/uses Duel: for the rest of the battle/]);
    sameBattlesGiven(core, start, give, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 0);
  });
});
