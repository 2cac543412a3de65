/**
 * Warscroll spells and prayers, the widened area (src/aos/battle/warscroll-spells.ts, assembly/battle/warscroll-spells.ts;
 * docs/abilities.md "Warscroll spells and prayers"): imported warscrolls' spells and prayers, translated from the
 * BSData text (translate-spells.ts) — either-side targets, several targets, a penalty per extra target, more on a
 * high roll, STRIKE-FIRST / LAST, save / rend / Attacks / ward / control modifiers, fixed and rolled mortal damage,
 * the slay on the casting roll, prayers with their chanting roll and ritual points — each on a set-up position
 * with scripted dice (a ScriptedRng fails on any die the test did not expect), then the kernel playing the same
 * battles from those positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility, translatedAbility } from "../../src/aos/abilities/translate.js";
import { attacksWithModifier } from "../../src/aos/battle/attacks.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { attackEffects, controlWithEffects, unitWard } from "../../src/aos/battle/effects.js";
import { choices } from "../../src/aos/battle/flow.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { replaceableBy } from "../../src/aos/battle/replacement.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { castWarscrollSpell, spellStrike } from "../../src/aos/battle/warscroll-spells.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";
import { castFirst, giveTranslated } from "../support/abilities.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const spell = (value: number, declare: string, effect: string, name = "Spell") => ({ name, timing: `Your Hero Phase; Spell, casting value ${value}`, effect: `Declare: ${declare}\nEffect: ${effect}` });
const prayer = (value: number, declare: string, effect: string, name = "Prayer") => ({ name, timing: `Your Hero Phase; Prayer, casting value ${value}`, effect: `Declare: ${declare}\nEffect: ${effect}` });

// The catalogues' texts (/work/shared/data/bsdata-aos4), as translate-spells.ts reads them.
const TEXT = {
  aethershock: spell(7, 'Pick a visible unit within 12" of the caster to be the target, then make a casting roll of 2D6.', "If the target is a friendly unit, it has STRIKE-FIRST for the rest of the turn. If the target is an enemy unit, it has STRIKE-LAST for the rest of the turn.", "Aethershock"),
  armourBane: spell(6, 'Pick a visible enemy unit within 12" of this unit to be the target then make a casting roll of 2D6.', "Subtract 1 from save rolls for combat attacks that target that unit until the start of your next turn.", "Armour-bane Curse"),
  whispers: spell(7, 'Pick a visible enemy unit within 18" of this unit to be the target, then make a casting roll of 2D6.', "For the rest of the turn, subtract 1 from the Attacks characteristic of the target's melee weapons.", "Whispers of Desire"),
  withering: spell(5, 'Pick a visible enemy HERO within 18" of this unit to be the target, then make a casting roll of 2D6.', "Inflict 1 mortal damage on the target and subtract 1 from the Attacks characteristic of the target's melee weapons until the start of your next turn.", "Withering Death"),
  fangz: spell(7, 'Pick a visible enemy unit within 18" of this unit to be the target, then make a casting roll of 2D6.', "Roll a number of dice equal to the unmodified casting roll. For each 3+, inflict 1 mortal damage on the target.", "Fangz of da Bad Moon"),
  crushing: spell(7, 'Pick a visible enemy unit within 18" of this unit to be the target, then make a casting roll of 2D6.', "Roll a number of dice equal to the target's Health characteristic, to a maximum of 10. For each 4+, inflict 1 mortal damage on the target.", "Crushing Pressure"),
  wraithstorm: spell(7, 'Pick a visible enemy unit within 12" of this unit to be the target, then make a casting roll of 2D6.', "Inflict D3 mortal damage on the target. If any models are slain as a result of this ability, inflict a further D3 mortal damage on the target", "Wraithstorm"),
  demand: spell(6, 'Pick a visible enemy HERO within 18" of this unit to be the target. Then, make a casting roll of 2D6.', 'Inflict D3 mortal damage on each other enemy unit within 3" of the target.', "Irresistible Demand"),
  deliverance: spell(7, 'This unit can cast this spell more than once per phase. Pick up to 3 different visible enemy units within 18" of this unit to be the targets, then make a casting roll of 2D6.', "Inflict D3 mortal damage on each target.", "Celestial Deliverance"),
  choir: spell(6, 'Pick any number of visible enemy units within 12" of this unit to be the targets, then make a casting roll of 2D6. Subtract 1 from the casting roll for each target you picked after the first.', "Inflict D3 mortal damage on each target.", "Cacophonic Choir"),
  imprisonment: spell(7, "Pick an enemy HERO in combat with this unit to be the target, then make a casting roll of 2D6.", "If the unmodified casting roll exceeds the target's Health characteristic, it is automatically destroyed and cannot be replaced for the rest of the battle.", "Arcane Imprisonment"),
  quickblood: spell(7, "Make a casting roll of 2D6.", "This unit has STRIKE-FIRST until the start of your next turn.", "Quickblood"),
  armourOfNight: spell(6, "Make a casting roll of 2D6.", "Subtract 1 from hit rolls and wound rolls for attacks that target this unit for the rest of the turn.", "Armour of the Night"),
  purulent: spell(7, 'Pick a visible enemy unit within 18" of this unit to be the target, then make a casting roll of 2D6.', "Subtract 1 from the Rend characteristic of the target's melee weapons until the start of your next turn.", "Purulent Profusion"),
  unmaking: spell(7, 'Pick a visible enemy unit within 12" of this unit to be the target, then make a casting roll of 2D6.', "Until the start of your next turn, other than the Companion weapon ability, weapon abilities for the target's attacks have no effect.", "Celestial Unmaking"),
  omens: prayer(4, 'Pick a visible enemy unit within 12" of this unit to be the target, then make a chanting roll of D6.', 'Subtract twice the current battle round number from the target\'s control score for the rest of the turn. If the chanting roll was 10+, this ability affects all enemy units within 12" of this unit.', "Omens of Decay"),
  demands: prayer(3, 'Pick a visible friendly RUINATION CHAMBER unit wholly within 12" of this unit to be the target, then make a chanting roll of D6.', "Until the start of your next turn, add 1 to the Rend characteristic of the target's melee weapons. If the chanting roll was 7+, you can pick another eligible unit to be a second target.", "Demands of the Witness"),
  atavistic: spell(8, 'Pick a visible enemy unit within 18" of the caster to be the target, then make a casting roll of 2D6.', "Pick 1 of the following effects to apply to the target until the start of your next turn: *Blinding Gales:* Subtract 1 from hit rolls for the target's attacks. *Meteor-hail:* Subtract 1 from the Rend characteristic of the target's weapons. *Flash-freezing Blizzard:* Subtract 1 from save rolls for the target.", "Atavistic Tempest"),
  invocation: spell(7, 'This unit can cast this spell more than once per phase. Pick a visible unit wholly within 18" of this unit that has not been picked to be the target of this spell this turn to be the target, then make a casting roll of 2D6.', "If the target is an enemy unit, inflict D3 mortal damage on it. If the target is a friendly DEATH unit, pick 1 of the following effects: • Return a number of slain models to the target unit with a combined Health characteristic of up to 3. • The target has WARD (5+) until the start of your next turn.", "Invocation of Nagash"),
  bolt: prayer(5, 'You can pick a visible enemy unit within 12" of this unit to be the target. Then, make a chanting roll of D6.', "This unit has ^^Ward (5+) for the rest of the turn. If a target was picked, inflict D3 mortal damage on the target. If the chanting roll was 10+, inflict 3 mortal damage on the target instead.", "Bolt from the Blue"),
} as const;

const vocab = keywordVocabulary(["RUINATION CHAMBER", "DEATH"]);

/** Gives every unit of `warscroll` the played translation of `text` (an imported warscroll's UnitProfile.abilities). */
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);

/** A hero phase of player 0 with the units placed at (30, y). */
function hero(units: (Omit<Placement, "x" | "y"> & { y: number; x?: number })[], dice: number[] | null) {
  const { b, ids } = battleAt("savage-gains", units.map((u) => ({ ...u, x: u.x ?? 30 })), { ...(dice ? { dice } : { seed: 1 }), step: { kind: "hero", player: 0 } });
  b.data.terrain = [];
  return { b, ids };
}

const labels = (b: Battle) => {
  b.choiceCache = null;
  return choices(b).filter((c) => c.tag?.kind === "spell").map((c) => c.label);
};
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const state = (b: Battle, id: number) => [b.unit(id).models, b.unit(id).damage];

describe("warscroll spells and prayers, the kernel plays the same battles", () => {
  const KA = "Knight-Arcanum";
  const LI = "Lord-Imperatant";
  const positions: [string, (Omit<Placement, "x" | "y"> & { y: number; x?: number })[], [string, keyof typeof TEXT][]][] = [
    ["Aethershock, Whispers of Desire and Armour-bane Curse", [{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Vindictors", owner: 0, y: 14 }, { warscroll: "Liberators", owner: 1, y: 19 }, { warscroll: KA, owner: 1, y: 34 }], [[KA, "aethershock"], [KA, "whispers"], [KA, "armourBane"]]],
    ["Withering Death, Wraithstorm, Irresistible Demand", [{ warscroll: KA, owner: 0, y: 10 }, { warscroll: LI, owner: 1, y: 20 }, { warscroll: "Liberators", owner: 1, y: 23, x: 33 }, { warscroll: "Vindictors", owner: 1, y: 22, x: 26 }], [[KA, "withering"], [KA, "wraithstorm"], [KA, "demand"]]],
    ["Fangz, Crushing Pressure, Celestial Deliverance, Cacophonic Choir", [{ warscroll: "Lady Olynder, Mortarch of Grief", owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 18 }, { warscroll: "Vindictors", owner: 1, y: 20, x: 36 }, { warscroll: LI, owner: 1, y: 19, x: 24 }], [["Lady Olynder, Mortarch of Grief", "fangz"], ["Lady Olynder, Mortarch of Grief", "crushing"], ["Lady Olynder, Mortarch of Grief", "deliverance"], ["Lady Olynder, Mortarch of Grief", "choir"]]],
    ["Arcane Imprisonment, Quickblood, Armour of the Night", [{ warscroll: KA, owner: 0, y: 10 }, { warscroll: LI, owner: 1, y: 12 }, { warscroll: "Liberators", owner: 1, y: 16, x: 36 }], [[KA, "imprisonment"], [LI, "quickblood"], [LI, "armourOfNight"]]],
    ["Purulent Profusion, Celestial Unmaking, Omens of Decay (prayer)", [{ warscroll: KA, owner: 0, y: 10 }, { warscroll: LI, owner: 0, y: 12, keywords: ["PRIEST (1)"] }, { warscroll: "Liberators", owner: 1, y: 18 }, { warscroll: "Vindictors", owner: 1, y: 20, x: 36 }], [[KA, "purulent"], [KA, "unmaking"], [LI, "omens"]]],
    ["Atavistic Tempest and Invocation of Nagash (a choice of effects, slain models returned)", [{ warscroll: "Lady Olynder, Mortarch of Grief", owner: 0, y: 10 }, { warscroll: "Chainrasps", owner: 0, y: 15, models: 10 }, { warscroll: "Vindictors", owner: 0, y: 14, x: 37, keywords: ["DEATH"] }, { warscroll: "Liberators", owner: 1, y: 24 }, { warscroll: "Praetors", owner: 1, y: 26, x: 38 }], [["Lady Olynder, Mortarch of Grief", "atavistic"], ["Lady Olynder, Mortarch of Grief", "invocation"], ["Vindictors", "invocation"]]],
    ["Demands of the Witness and Bolt from the Blue (prayers)", [{ warscroll: LI, owner: 0, y: 10, keywords: ["PRIEST (2)"] }, { warscroll: "Prosecutors", owner: 0, y: 14 }, { warscroll: "Prosecutors", owner: 0, y: 16, x: 34 }, { warscroll: "Liberators", owner: 1, y: 18 }, { warscroll: "Vindictors", owner: 1, y: 30, keywords: ["PRIEST (1)"] }], [[LI, "demands"], [LI, "bolt"], ["Vindictors", "omens"]]],
  ];
  for (const [what, units, gifts] of positions) {
    it(`[CORE-SPELLS] ${what}: battles from the hero phase are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
        const { b } = hero(units, null);
        for (const [w, t] of gifts) give(b, w, TEXT[t]);
        b.data.log = null;
        b.rng = new (b.rng.constructor as new (seed: number) => typeof b.rng)(seed);
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }
});

describe("warscroll spells, scripted dice", () => {
  const KA = "Knight-Arcanum";
  const LI = "Lord-Imperatant";

  it("[AB:BSData/Aethershock] on a friendly unit STRIKE-FIRST for the rest of the turn; on an enemy unit STRIKE-LAST", () => {
    // Only Vindictors (friendly) within 12": 4 + 3 = 7 casts it on them.
    let { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Vindictors", owner: 0, y: 14 }, { warscroll: "Liberators", owner: 1, y: 40 }], [4, 3]);
    give(b, KA, TEXT.aethershock);
    expect(castFirst(b)).toBe("Knight-Arcanum casts Aethershock on Vindictors");
    expect([spellStrike(b, ids[1]!, "strike-first"), spellStrike(b, ids[1]!, "strike-last"), left(b)]).toEqual([true, false, 0]);
    beginTurn(b, 1);
    expect(spellStrike(b, ids[1]!, "strike-first")).toBe(false);
    // Only Liberators (enemy) within 12": STRIKE-LAST on them.
    ({ b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Vindictors", owner: 0, y: 40, x: 60 }, { warscroll: "Liberators", owner: 1, y: 18 }], [4, 3]));
    give(b, KA, TEXT.aethershock);
    expect(castFirst(b)).toBe("Knight-Arcanum casts Aethershock on Liberators");
    expect([spellStrike(b, ids[2]!, "strike-last"), spellStrike(b, ids[2]!, "strike-first")]).toEqual([true, false]);
  });

  it("[AB:BSData/Armour-bane Curse] -1 to save rolls for combat attacks that target the enemy unit, through the opponent's turn, gone at the caster's next turn", () => {
    const { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 18 }], [3, 3]);
    give(b, KA, TEXT.armourBane);
    expect(castFirst(b)).toBe("Knight-Arcanum casts Armour-bane Curse on Liberators");
    const [ka, lib] = [ids[0]!, ids[1]!];
    expect([attackEffects(b, ka, lib, true, []).save, attackEffects(b, ka, lib, false, []).save, attackEffects(b, lib, ka, true, []).save]).toEqual([-1, 0, 0]);
    beginTurn(b, 1);
    expect(attackEffects(b, ka, lib, true, []).save).toBe(-1);
    beginTurn(b, 0);
    expect(attackEffects(b, ka, lib, true, []).save).toBe(0);
  });

  it("[AB:BSData/Whispers of Desire] -1 Attacks for the target's melee weapons for the rest of the turn: a fixed 2 is 1, a fixed 1 stays 1, a D6 rolls D6-1", () => {
    const { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 18 }], [4, 3]);
    give(b, KA, TEXT.whispers);
    castFirst(b);
    const [ka, lib] = [ids[0]!, ids[1]!];
    expect([attackEffects(b, lib, ka, true, []).attacks, attackEffects(b, lib, ka, false, []).attacks]).toEqual([-1, 0]);
    const w = b.profile(lib).weapons[0]!;
    expect(attacksWithModifier(w, { count: 0, sides: 0, plus: 2 }, -1)).toEqual({ count: 0, sides: 0, plus: 1 });
    expect(attacksWithModifier(w, { count: 0, sides: 0, plus: 1 }, -1)).toEqual({ count: 0, sides: 0, plus: 1 });
    expect(attacksWithModifier(w, { count: 1, sides: 6, plus: 0 }, -1)).toEqual({ count: 1, sides: 6, plus: -1 });
    // CORE-COMPANION: a Companion weapon takes a negative Attacks modifier, not a positive one.
    const companion = { ...w, abilities: ["Companion"] };
    expect([attacksWithModifier(companion, { count: 0, sides: 0, plus: 2 }, 1).plus, attacksWithModifier(companion, { count: 0, sides: 0, plus: 2 }, -1).plus]).toEqual([2, 1]);
    beginTurn(b, 1);
    expect(attackEffects(b, lib, ka, true, []).attacks).toBe(0);
  });

  it("[AB:BSData/Withering Death] an enemy HERO: 1 mortal damage (no dice) and -1 Attacks for its melee weapons until the caster's next turn", () => {
    // 2 + 3 = 5; its Loyal Gryph-hound's WARD (5+) rolls a 2: the damage stays.
    const { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: LI, owner: 1, y: 20 }, { warscroll: "Liberators", owner: 1, y: 16, x: 36 }], [2, 3, 2]);
    give(b, KA, TEXT.withering);
    expect(castFirst(b)).toBe("Knight-Arcanum casts Withering Death on Lord-Imperatant");
    const li = ids[1]!;
    expect([...state(b, li), attackEffects(b, li, ids[0]!, true, []).attacks, left(b)]).toEqual([1, 1, -1, 0]);
    beginTurn(b, 1);
    expect(attackEffects(b, li, ids[0]!, true, []).attacks).toBe(-1);
  });

  it("[AB:BSData/Fangz of da Bad Moon] as many dice as the unmodified casting roll, each 3+ 1 mortal damage", () => {
    // 3 + 4 = 7: seven dice, 3 6 5 4 count: 4 damage on Liberators (Health 2): 2 slain.
    const { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 18 }], [3, 4, 3, 1, 6, 2, 5, 4, 1]);
    give(b, KA, TEXT.fangz);
    castFirst(b);
    expect([...state(b, ids[1]!), left(b)]).toEqual([3, 0, 0]);
  });

  it("[AB:BSData/Crushing Pressure] as many dice as the target's Health (to 10), each 4+ 1 mortal damage", () => {
    // Lord-Imperatant, Health 6: six dice, 4 6 5 count: 3 damage; its WARD (5+) saves one (5, 1, 2).
    const { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: LI, owner: 1, y: 20 }], [4, 4, 4, 3, 6, 1, 5, 2, 5, 1, 2]);
    give(b, KA, TEXT.crushing);
    castFirst(b);
    expect([...state(b, ids[1]!), left(b)]).toEqual([1, 2, 0]);
  });

  it("[AB:BSData/Wraithstorm] D3 mortal damage, and a further D3 if any models were slain", () => {
    // A D3 of 2 slays a Liberator (Health 2); the further D3 of 3: 1 more slain, 1 allocated.
    let { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 18 }], [4, 3, 2, 3]);
    give(b, KA, TEXT.wraithstorm);
    castFirst(b);
    expect([...state(b, ids[1]!), left(b)]).toEqual([3, 1, 0]);
    // A D3 of 1 slays none: no further dice.
    ({ b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 18 }], [4, 3, 1]));
    give(b, KA, TEXT.wraithstorm);
    castFirst(b);
    expect([...state(b, ids[1]!), left(b)]).toEqual([5, 1, 0]);
  });

  it("[AB:BSData/Irresistible Demand] D3 mortal damage on each other enemy unit within 3\" of the enemy HERO, not on the HERO", () => {
    const { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: LI, owner: 1, y: 20 }, { warscroll: "Liberators", owner: 1, y: 23, x: 33 }, { warscroll: "Vindictors", owner: 1, y: 22, x: 45 }], [3, 3, 2]);
    const [li, lib, vin] = [ids[1]!, ids[2]!, ids[3]!];
    expect([b.distance(lib, li) <= 3, b.distance(vin, li) > 3]).toEqual([true, true]);
    give(b, KA, TEXT.demand);
    expect(castFirst(b)).toBe("Knight-Arcanum casts Irresistible Demand on Lord-Imperatant");
    expect([...state(b, li), ...state(b, lib), ...state(b, vin), left(b)]).toEqual([1, 0, 4, 0, 5, 0, 0]);
  });

  it("[AB:BSData/Celestial Deliverance] up to 3 different visible enemy units: a D3 each, by ascending id", () => {
    const { b, ids } = hero([{ warscroll: "Lady Olynder, Mortarch of Grief", owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 18 }, { warscroll: "Vindictors", owner: 1, y: 18, x: 38 }, { warscroll: "Praetors", owner: 1, y: 18, x: 22 }], [4, 3, 1, 2, 3]);
    give(b, "Lady Olynder, Mortarch of Grief", TEXT.deliverance);
    castFirst(b);
    expect([...state(b, ids[1]!), ...state(b, ids[2]!), ...state(b, ids[3]!), left(b)]).toEqual([5, 1, 4, 0, 2, 0, 0]);
  });

  it("[AB:BSData/Cacophonic Choir] any number of targets, -1 to the casting roll for each after the first: two D3s are worth the 21 outcomes of 7+ (not the 26 of 6+ for one)", () => {
    // Each Liberators unit scores 24 (a D3's expected 2, times 12); one target: 26 x 24 = 624; two: 21 x 48 = 1008.
    let { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 18 }, { warscroll: "Liberators", owner: 1, y: 18, x: 36 }], [3, 3]);
    give(b, KA, TEXT.choir);
    expect(castFirst(b)).toBe("Knight-Arcanum casts Cacophonic Choir on Liberators, Liberators 2");
    expect([...state(b, ids[1]!), ...state(b, ids[2]!), left(b)]).toEqual([5, 0, 5, 0, 0]); // 6 - 1 = 5: fails
    ({ b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 18 }, { warscroll: "Liberators", owner: 1, y: 18, x: 36 }], [4, 3, 2, 3]));
    give(b, KA, TEXT.choir);
    castFirst(b); // 7 - 1 = 6: cast
    expect([...state(b, ids[1]!), ...state(b, ids[2]!), left(b)]).toEqual([4, 0, 4, 1, 0]);
  });

  it("[AB:BSData/Arcane Imprisonment] an enemy HERO in combat is destroyed when the unmodified casting roll exceeds its Health, and cannot be replaced", () => {
    // Lady Olynder (Health 7, a WIZARD: she tries to unbind). 4 + 3 = 7, unbinding 2 + 2: cast, but 7 does not exceed 7.
    let { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Lady Olynder, Mortarch of Grief", owner: 1, y: 12.5 }], [4, 3, 2, 2]);
    give(b, KA, TEXT.imprisonment);
    expect(b.distance(ids[0]!, ids[1]!)).toBeLessThanOrEqual(3);
    castFirst(b);
    expect([b.unit(ids[1]!).status, left(b)]).toEqual(["deployed", 0]);
    // 5 + 3 = 8 exceeds 7: destroyed, and marked so no replacement ability picks it.
    ({ b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Lady Olynder, Mortarch of Grief", owner: 1, y: 12.5 }], [5, 3, 1, 2]));
    give(b, KA, TEXT.imprisonment);
    castFirst(b);
    expect([b.unit(ids[1]!).status, b.unit(ids[1]!).tokens.includes("cannot-be-replaced"), left(b)]).toEqual(["destroyed", true, 0]);
    expect(replaceableBy(b, 1, { targets: { warscrolls: ["Lady Olynder, Mortarch of Grief"] } } as never)).toEqual([]);
  });

  it("[AB:BSData/Quickblood] [AB:BSData/Armour of the Night] spells on the caster: STRIKE-FIRST until its next turn; -1 to hit and wound attacks that target it", () => {
    // Armour of the Night first (two modifiers worth her 6 wounds each, more than STRIKE-FIRST's 8): 3 + 3; then Quickblood 4 + 3.
    const { b, ids } = hero([{ warscroll: LI, owner: 0, y: 10, keywords: ["WIZARD (2)"] }, { warscroll: "Liberators", owner: 1, y: 20 }], [3, 3, 4, 3]);
    give(b, LI, TEXT.quickblood);
    give(b, LI, TEXT.armourOfNight);
    const [li, lib] = [ids[0]!, ids[1]!];
    castFirst(b);
    castFirst(b);
    expect([spellStrike(b, li, "strike-first"), attackEffects(b, lib, li, true, []).hit, attackEffects(b, lib, li, false, []).wound, attackEffects(b, li, lib, true, []).hit, left(b)]).toEqual([true, -1, -1, 0, 0]);
    beginTurn(b, 1);
    expect([spellStrike(b, li, "strike-first"), attackEffects(b, lib, li, true, []).hit]).toEqual([true, 0]);
    beginTurn(b, 0);
    expect(spellStrike(b, li, "strike-first")).toBe(false);
  });

  it("[AB:BSData/Purulent Profusion] [AB:BSData/Celestial Unmaking] -1 Rend for the target's melee weapons; its weapon abilities off, until the caster's next turn", () => {
    const { b, ids } = hero([{ warscroll: KA, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 18 }], [4, 3, 4, 3]);
    b.data.profiles[ids[0]!]!.wizardLevel = 2;
    give(b, KA, TEXT.purulent);
    give(b, KA, TEXT.unmaking);
    castFirst(b);
    castFirst(b);
    const [ka, lib] = [ids[0]!, ids[1]!];
    const m = attackEffects(b, lib, ka, true, []);
    expect([m.rend, m.noWeaponAbilities, attackEffects(b, lib, ka, false, []).rend, left(b)]).toEqual([-1, true, 0, 0]);
  });
});

describe("a choice of effects and slain models returned, scripted dice", () => {
  const OLYNDER = "Lady Olynder, Mortarch of Grief";

  it("[AB:BSData/Atavistic Tempest] \"Pick 1 of the following effects\": the option worth the most on the target (-1 to hit: 20 on Liberators' attacks, more than -1 save's 10 wounds left; -1 Rend ties at 20, the first wins)", () => {
    const { b, ids } = hero([{ warscroll: "Knight-Arcanum", owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 20 }], [5, 3]);
    give(b, "Knight-Arcanum", TEXT.atavistic);
    castFirst(b);
    const m = attackEffects(b, ids[1]!, ids[0]!, true, []);
    expect([m.hit, m.rend, attackEffects(b, ids[0]!, ids[1]!, true, []).save, left(b)]).toEqual([-1, 0, 0, 0]);
    beginTurn(b, 1);
    expect(attackEffects(b, ids[1]!, ids[0]!, false, []).hit).toBe(-1);
  });

  it("[AB:BSData/Invocation of Nagash] a friendly DEATH unit: slain models with a combined Health of up to 3 return (Chainrasps, Health 1: 3), or WARD (5+) until the caster's next turn to one without a ward", () => {
    // Chainrasps (WARD (5+) already: the ward option is worth nothing to them) with 4 of their 10 slain: 3 return.
    let { b, ids } = hero([{ warscroll: OLYNDER, owner: 0, y: 10 }, { warscroll: "Chainrasps", owner: 0, y: 16 }, { warscroll: "Liberators", owner: 1, y: 45 }], [4, 3]);
    give(b, OLYNDER, TEXT.invocation);
    b.unit(ids[1]!).models = 6;
    expect(castFirst(b)).toBe(`${OLYNDER} casts Invocation of Nagash on Chainrasps`);
    expect([b.unit(ids[1]!).models, unitWard(b, ids[1]!), left(b)]).toEqual([9, 5, 0]);
    // Vindictors given DEATH, none slain: nothing returns, the ward is worth their 10 wounds left.
    ({ b, ids } = hero([{ warscroll: OLYNDER, owner: 0, y: 10 }, { warscroll: "Vindictors", owner: 0, y: 16, keywords: ["DEATH"] }, { warscroll: "Liberators", owner: 1, y: 45 }], [4, 3]));
    give(b, OLYNDER, TEXT.invocation);
    expect(castFirst(b)).toBe(`${OLYNDER} casts Invocation of Nagash on Vindictors`);
    expect([b.unit(ids[1]!).models, unitWard(b, ids[1]!), left(b)]).toEqual([5, 5, 0]);
    beginTurn(b, 1);
    expect(unitWard(b, ids[1]!)).toBe(5);
    beginTurn(b, 0);
    expect(unitWard(b, ids[1]!)).toBe(null);
    // An enemy unit: D3 mortal damage (a D3 of 2 on Liberators).
    ({ b, ids } = hero([{ warscroll: OLYNDER, owner: 0, y: 10 }, { warscroll: "Liberators", owner: 1, y: 20 }], [4, 3, 2]));
    give(b, OLYNDER, TEXT.invocation);
    castFirst(b);
    expect([...state(b, ids[1]!), left(b)]).toEqual([4, 0, 0]);
  });
});

describe("prayers, scripted dice", () => {
  const LI = "Lord-Imperatant";

  it("[AB:BSData/Omens of Decay] the chanting roll: below the value the PRIEST banks the roll as ritual points; later the roll plus them answers it; an unmodified 1 loses D3 of them", () => {
    const { b, ids } = hero([{ warscroll: LI, owner: 0, y: 10, keywords: ["PRIEST (1)"] }, { warscroll: "Liberators", owner: 1, y: 18 }], [3, 2, 1, 2]);
    give(b, LI, TEXT.omens);
    const [li, lib] = [ids[0]!, ids[1]!];
    expect(castFirst(b)).toBe("Lord-Imperatant chants Omens of Decay on Liberators");
    expect([b.unit(li).ritualPoints, controlWithEffects(b, lib, 5, false), labels(b)]).toEqual([3, 5, []]); // 3 < 4; one prayer a phase
    const nextHero = () => {
      beginTurn(b, 1);
      beginTurn(b, 0);
      b.data.step = { kind: "hero", player: 0 };
    };
    nextHero();
    castFirst(b); // 2 + 3 = 5: answered, points back to 0; 5 - 2 x round 1 = 3
    expect([b.unit(li).ritualPoints, controlWithEffects(b, lib, 5, false)]).toEqual([0, 3]);
    beginTurn(b, 1);
    expect(controlWithEffects(b, lib, 5, false)).toBe(5); // for the rest of the turn
    nextHero();
    b.unit(li).ritualPoints = 3;
    castFirst(b); // an unmodified 1, a D3 of 2: 1 point left
    expect([b.unit(li).ritualPoints, controlWithEffects(b, lib, 5, false), left(b)]).toEqual([1, 5, 0]);
  });

  it("[AB:BSData/Omens of Decay] a chanting roll of 10+ affects all enemy units within 12\" of the PRIEST (in round 2: -4 each)", () => {
    const { b, ids } = hero([{ warscroll: LI, owner: 0, y: 10, keywords: ["PRIEST (1)"] }, { warscroll: "Liberators", owner: 1, y: 18 }, { warscroll: "Vindictors", owner: 1, y: 18, x: 38 }, { warscroll: "Praetors", owner: 1, y: 40 }], [4]);
    give(b, LI, TEXT.omens);
    b.data.round = 2;
    b.unit(ids[0]!).ritualPoints = 6;
    castFirst(b); // 4 + 6 = 10
    expect([controlWithEffects(b, ids[1]!, 5, false), controlWithEffects(b, ids[2]!, 5, false), controlWithEffects(b, ids[3]!, 5, false), left(b)]).toEqual([1, 1, 5, 0]);
  });

  it("[AB:BSData/Demands of the Witness] +1 Rend for a friendly RUINATION CHAMBER unit's melee weapons until the next turn; a second one on a chanting roll of 7+", () => {
    let { b, ids } = hero([{ warscroll: LI, owner: 0, y: 10, keywords: ["PRIEST (1)"] }, { warscroll: "Prosecutors", owner: 0, y: 14 }, { warscroll: "Prosecutors", owner: 0, y: 14, x: 34 }, { warscroll: "Liberators", owner: 1, y: 40 }], [5]);
    give(b, LI, TEXT.demands);
    castFirst(b);
    const rend = (bb: Battle, id: number) => attackEffects(bb, id, ids[3]!, true, []).rend;
    expect([rend(b, ids[1]!), rend(b, ids[2]!), left(b)]).toEqual([1, 0, 0]);
    ({ b, ids } = hero([{ warscroll: LI, owner: 0, y: 10, keywords: ["PRIEST (1)"] }, { warscroll: "Prosecutors", owner: 0, y: 14 }, { warscroll: "Prosecutors", owner: 0, y: 14, x: 34 }, { warscroll: "Liberators", owner: 1, y: 40 }], [5]));
    give(b, LI, TEXT.demands);
    b.unit(ids[0]!).ritualPoints = 2;
    castFirst(b); // 5 + 2 = 7
    expect([rend(b, ids[1]!), rend(b, ids[2]!), attackEffects(b, ids[1]!, ids[3]!, false, []).rend]).toEqual([1, 1, 0]);
  });

  it("[AB:BSData/Bolt from the Blue] WARD (5+) on the PRIEST for the rest of the turn with or without a target; D3 mortal damage on the target, 3 on 10+", () => {
    // A Vindictors unit as the PRIEST (a Lord-Imperatant's Loyal Gryph-hound gives it WARD (5+) already: worth nothing).
    const LI = "Vindictors";
    let { b, ids } = hero([{ warscroll: LI, owner: 0, y: 10, keywords: ["PRIEST (1)"] }, { warscroll: "Liberators", owner: 1, y: 40 }], [5]);
    give(b, LI, TEXT.bolt);
    expect(castFirst(b)).toBe("Vindictors chants Bolt from the Blue");
    expect([unitWard(b, ids[0]!), left(b)]).toEqual([5, 0]);
    ({ b, ids } = hero([{ warscroll: LI, owner: 0, y: 10, keywords: ["PRIEST (1)"] }, { warscroll: "Liberators", owner: 1, y: 18 }], [5, 2]));
    give(b, LI, TEXT.bolt);
    expect(castFirst(b)).toBe("Vindictors chants Bolt from the Blue on Liberators");
    expect([...state(b, ids[1]!), left(b)]).toEqual([4, 0, 0]);
    ({ b, ids } = hero([{ warscroll: LI, owner: 0, y: 10, keywords: ["PRIEST (1)"] }, { warscroll: "Liberators", owner: 1, y: 18 }], [5]));
    give(b, LI, TEXT.bolt);
    b.unit(ids[0]!).ritualPoints = 5;
    castWarscrollSpell(b, ids[0]!, `${LI}/Bolt from the Blue`, [ids[1]!]);
    expect([...state(b, ids[1]!), left(b)]).toEqual([4, 1, 0]); // 10: 3 mortal damage, no D3
  });
});
