/**
 * The passive6 area in play (docs/abilities.md "Passive abilities, sixth pass (passive6)"): set-up positions read
 * through the attack interpreter, and the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { attackEffects } from "../../src/aos/battle/effects.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { EF } from "../../src/aos/rollout/encode.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement } from "../support/battle-fixtures.js";
import { giveTranslated } from "../support/abilities.js";
import { readFileSync } from "node:fs";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const at = (warscroll: string, owner: 0 | 1, x: number, y: number, models?: number): Placement => ({ warscroll, owner, x, y, ...(models ? { models } : {}) });
const vocab = keywordVocabulary(["STORMCAST ETERNALS", "FLESH-EATER COURTS", "HERO", "MONSTER"]);

/** Battles from `start` played by both engines: identical seed for seed, and the ability (given by `give`) changes more than `min` of them. */
function sameAndChanged(start: () => ReturnType<typeof battleAt>, give: (b: ReturnType<typeof battleAt>["b"]) => void, seeds: number[], min: number): void {
  let changed = 0;
  for (const seed of seeds) {
    const { b } = start();
    give(b);
    const s = new PitchedBattleState(b);
    const ts = rolloutTs(s, seed);
    expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
    if (JSON.stringify(rolloutTs(new PitchedBattleState(start().b), seed)) !== JSON.stringify(ts)) changed++;
  }
  expect(changed).toBeGreaterThan(min);
}

// The catalogues' texts: Kurdoss Valentian (Scourge of Ghyran)'s Inescapable Mockery, Symbaresh Twinsouls' Ego-driven Excess.
const MOCKERY = { name: "Inescapable Mockery", timing: "Passive", effect: "Add 1 to hit rolls and wound rolls for this unit's combat attacks that target an enemy unit that has a lower Control characteristic than this unit." };
const EXCESS = { name: "Ego-driven Excess", timing: "Once Per Battle (Army), Any Combat Phase", effect: "For the rest of the turn, add 1 to the Damage characteristic of this unit's melee weapons for attacks that target an enemy unit that has a higher Control characteristic than this unit." };

describe("targetControl: the attack's target's Control characteristic against the attacker's", () => {
  it("[AB-P6:control] the kernel's slot is encode.ts's EF.P6_TARGET_CONTROL (211, the passive6 room)", () => {
    const src = readFileSync(new URL("../../assembly/battle/layout.ts", import.meta.url), "utf8");
    expect(Number(/P6_TARGET_CONTROL: i32 = (\d+)/.exec(src)![1])).toBe(EF.P6_TARGET_CONTROL);
    expect(EF.P6_TARGET_CONTROL).toBe(211);
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
    sameAndChanged(start, (b) => giveTranslated(b, "Lord-Imperatant", MOCKERY, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });

  it("[AB-P6:control] battles of Vindictors with Ego-driven Excess against Lord-Imperatants are identical in both engines, seed for seed, and the ability changes them", () => {
    const start = () => battleAt("savage-gains", [at("Vindictors", 0, 20, 14), at("Vindictors", 0, 32, 14), at("Lord-Imperatant", 1, 20, 20), at("Lord-Imperatant", 1, 32, 20)], { step: { kind: "hero", player: 0 }, log: false });
    sameAndChanged(start, (b) => giveTranslated(b, "Vindictors", EXCESS, vocab), [1, 2, 3, 4, 5, 6, 7, 8], 2);
  });
});
