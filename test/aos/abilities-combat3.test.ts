/**
 * The combat phase's and the end of a turn's abilities, third pass (docs/abilities.md "Combat phase and end of turn,
 * third pass (combat3)"): each form on a set-up position with scripted dice (a ScriptedRng fails on any die the test
 * did not expect), then the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useCombatAbilities } from "../../src/aos/battle/combat-abilities.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { attackEffects } from "../../src/aos/battle/effects.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { battleInRow, type PhaseKind, type ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const declare = (name: string, timing: string, pick: string, effect: string) => ({ name, timing, effect: `Declare: ${pick}\nEffect: ${effect}` });
// The catalogues' texts (Arch-Kavalos Zandtos, Treelord Ancient with INFANTRY for FOREST ELDER, Assassin, Aventis Firestrike, ...).
const TEXT = {
  unstoppable: declare("Unstoppable Charge", "Once Per Battle, Any Combat Phase", "If this unit charged this turn, pick each enemy unit in combat with it to be the targets.", "The targets have STRIKE-LAST for the rest of the turn."),
  elders: declare("Eldest Of Elders", "Once Per Turn (Army), Any Combat Phase", "Pick each friendly INFANTRY within this unit's combat range to be the targets.", "Roll a dice for each target, On a 3+, add 1 to hit rolls for that target's combat attack until the start of your next turn."),
  lead: declare("Lead from the Front", "Once Per Battle, Any Combat Phase", 'If this unit is in combat, pick each visible friendly INFANTRY unit wholly within 12" of this unit to be the targets.', "Add 1 to hit rolls and wound rolls for the targets' combat attacks for the rest of the turn."),
  kill: { name: "In for the Kill", timing: "Once Per Turn (Army), Any Combat Phase", effect: "This unit has STRIKE-FIRST if it charged in the same turn." },
  comet: declare("Comet Trail", "Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "For the rest of the phase, add 1 to hit rolls for combat attacks that target that enemy unit."),
  tail: declare("Venomous Tail Strike", "Once Per Turn (Army), Any Combat Phase", "Pick an enemy INFANTRY in combat with this unit to be the target.", "Roll a dice. On a 3+, the target has STRIKE-LAST^^ for the rest of the turn."),
  soulnet: declare("Soulnet", "Any Combat Phase", "If this unit's Elathain Ill-fated is on the battlefield, pick an enemy INFANTRY unit in combat with this unit to be the target.", "Roll a dice. If the roll equals or exceeds the target's Health characteristic, 1 model in the target unit is slain."),
} as const;

const vocab = keywordVocabulary(["INFANTRY"]);
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const held = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.includes("for-the-turn:"));

describe("pick each unit for an effect for a while, scripted dice", () => {
  it("[AB:BSData/Unstoppable Charge] a charged unit gives every enemy unit in combat with it STRIKE-LAST (no dice); once per battle for the unit", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }], [], "combat");
    const [l, v, p] = ids as [number, number, number];
    give(b, "Vindictors", TEXT.unstoppable);
    b.unit(v).charged = true;
    useCombatAbilities(b, 0);
    const token = "for-the-turn:Vindictors/Unstoppable Charge#0";
    expect([held(b, l), held(b, p), held(b, v), left(b)]).toEqual([[token], [token], [], 0]);
    beginTurn(b, 1);
    expect([held(b, l), held(b, p)]).toEqual([[], []]);
    useCombatAbilities(b, 0); // used this battle: not again
    expect([held(b, l), held(b, p)]).toEqual([[], []]);
  });

  it("[AB:BSData/Unstoppable Charge] not charged: not used", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [], "combat");
    give(b, "Vindictors", TEXT.unstoppable);
    useCombatAbilities(b, 0);
    expect(held(b, ids[0]!)).toEqual([]);
  });

  it("[AB:BSData/Eldest Of Elders] a dice for each friendly INFANTRY unit in the combat range, by ascending id, the unit itself among them: 3 holds, 2 does not", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 0 }], [3, 2], "combat");
    const [, v, lord] = ids as [number, number, number];
    give(b, "Lord-Imperatant", TEXT.elders);
    useCombatAbilities(b, 0);
    // Vindictors (in combat) score; the Lord-Imperatant (not in combat) does not, but "each" picks it too: its dice is the 2.
    expect([held(b, v), held(b, lord), left(b)]).toEqual([["until-your-next-turn:0:for-the-turn:Lord-Imperatant/Eldest Of Elders#0"], [], 0]);
  });

  it("[AB:BSData/Eldest Of Elders] for the rest of the turn, no target scores (no enemy in combat, no charge to come): not used, no dice", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 0 }], [], "combat");
    b.unit(ids[0]!).y += 20; // the enemy far away
    give(b, "Lord-Imperatant", { ...TEXT.elders, effect: TEXT.elders.effect.replace("until the start of your next turn", "for the rest of the turn") });
    useCombatAbilities(b, 0);
    expect([held(b, ids[1]!), held(b, ids[2]!)]).toEqual([[], []]);
  });

  it("[AB:BSData/Lead from the Front] if this unit is in combat: +1 to hit and to wound on each visible friendly INFANTRY unit wholly within 12\" (both effects on each, no dice)", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Lord-Imperatant", owner: 0 }, { warscroll: "Vindictors", owner: 0 }], [], "combat");
    const [, lord, v] = ids as [number, number, number];
    give(b, "Lord-Imperatant", TEXT.lead);
    useCombatAbilities(b, 0);
    const t = ["for-the-turn:Lord-Imperatant/Lead from the Front#0", "for-the-turn:Lord-Imperatant/Lead from the Front#1"];
    expect([held(b, lord), held(b, v)]).toEqual([t, t]);
  });
});

describe("a combat phase's wordings, scripted dice", () => {
  it("[AB:BSData/In for the Kill] STRIKE-FIRST for the rest of the turn if the unit charged; once per turn for the army", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [], "combat");
    give(b, "Vindictors", TEXT.kill);
    useCombatAbilities(b, 0);
    expect(held(b, ids[1]!)).toEqual([]);
    b.unit(ids[1]!).charged = true;
    useCombatAbilities(b, 0);
    expect(held(b, ids[1]!)).toEqual(["for-the-turn:Vindictors/In for the Kill#0"]);
  });

  it("[AB:BSData/Comet Trail] +1 to hit for attacks that target the enemy unit picked; [AB:BSData/Venomous Tail Strike] STRIKE-LAST on a 3+", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [3], "combat");
    give(b, "Vindictors", TEXT.comet);
    give(b, "Vindictors", TEXT.tail);
    useCombatAbilities(b, 0);
    expect([held(b, ids[0]!), left(b)]).toEqual([["for-the-turn:Vindictors/Comet Trail#0", "for-the-turn:Vindictors/Venomous Tail Strike#0"], 0]);
  });
});

const WINDS = declare("Searing Desert Winds", "Once Per Turn (Army), Any Combat Phase", "Pick up to 3 enemy units in combat with this unit to be the targets.", "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll and subtract 1 from wound rolls for the target's attacks for the rest of the turn.");
const HOOK = declare("Auxiliary Skyhook", "Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a D3. On a 2+:\n• Inflict an amount of mortal damage on the target equal to the roll.\n• Subtract 1 from wound rolls made for the target's attacks for the rest of the turn.");

describe("mortal damage and an effect for a while on the same roll, scripted dice", () => {
  it("[AB:BSData/Searing Desert Winds] a D3 for each enemy unit in combat by ascending id: a 2 inflicts 2 and -1 to wound on that unit; a 1 nothing", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }], [2, 1], "combat");
    const [l, , p] = ids as [number, number, number];
    give(b, "Vindictors", WINDS);
    useCombatAbilities(b, 0);
    expect([b.unit(l).damage + 2 * (5 - b.unit(l).models), held(b, l), held(b, p), b.unit(p).damage, left(b)]).toEqual([2, ["for-the-turn:Vindictors/Searing Desert Winds#1"], [], 0, 0]);
  });

  it("[AB:BSData/Auxiliary Skyhook] the roll counts though the ward saves every point: 3 mortal damage on Chainrasps (WARD 5+), each warded, and still -1 to wound", () => {
    const { b, ids } = battleInRow([{ warscroll: "Chainrasps", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [3, 5, 5, 5], "combat");
    const [c] = ids as [number];
    const models = b.unit(c).models;
    give(b, "Vindictors", HOOK);
    useCombatAbilities(b, 0);
    expect([b.unit(c).damage, b.unit(c).models, held(b, c), left(b)]).toEqual([0, models, ["for-the-turn:Vindictors/Auxiliary Skyhook#1"], 0]);
  });
});

describe("the kernel", () => {
  for (const step of ["combat", "hero"] as PhaseKind[]) {
    it(`[AB:BSData/Searing Desert Winds, Auxiliary Skyhook] battles from the ${step} phase are identical, seed for seed (targets with and without a ward)`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b } = battleInRow([{ warscroll: "Chainrasps", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }, { warscroll: "Liberators", owner: 0 }], null, step);
        for (const t of [WINDS, HOOK]) for (const w of ["Vindictors", "Liberators", "Praetors", "Chainrasps"]) give(b, w, t);
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }

  for (const step of ["combat", "charge", "hero"] as PhaseKind[]) {
    it(`[AB:BSData/Unstoppable Charge, Eldest Of Elders, Lead from the Front, In for the Kill, Comet Trail, Venomous Tail Strike, Soulnet] battles from the ${step} phase are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b, ids } = battleInRow(
          [{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }, { warscroll: "Lord-Imperatant", owner: 0 }, { warscroll: "Annihilators", owner: 1 }],
          null,
          step,
        );
        for (const t of Object.values(TEXT)) for (const w of ["Vindictors", "Lord-Imperatant", "Praetors", "Annihilators"]) give(b, w, t);
        if (seed % 2 === 0) b.unit(ids[1]!).charged = true;
        if (seed % 3 === 0) b.unit(ids[2]!).charged = true;
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }
});

const FUMES = { name: "Warpstone Fumes", timing: "Once Per Turn (Army), Any Combat Phase", effect: 'Roll a dice. On a 2+, for the rest of the turn, subtract 1 from hit rolls for attacks made by enemy units while they are within 6" of this unit.' };
const KINGS = { name: "Warrior-kings", timing: "Once Per Battle (Army), Your Combat Phase", effect: 'For the rest of the turn, add 1 to the Attacks characteristic of melee weapons used by friendly STORMCAST ETERNALS units while they are wholly within 12" of this unit.' };
const v3 = keywordVocabulary(["STORMCAST ETERNALS", "INFANTRY", "WARRIOR CHAMBER"]);
const RAGE = { name: "Rage of Khorne", timing: "Once Per Battle (Army), Any Combat Phase", effect: "Add 1 to the Attacks characteristics of friendly WARRIOR CHAMBER units' melee weapons for the rest of the turn." };
const JUDGEMENT = declare("Deliver Judgement", "Once Per Battle (Army), Any Combat Phase", 'Pick a friendly non-HERO INFANTRY unit wholly within 12" of this unit.', "That unit can use 2 FIGHT abilities this phase. After the first is used, however, that unit has STRIKE-LAST for the rest of the turn.");
const DOOMFANG = { name: "Doomfang", timing: "Any Combat Phase", effect: "This unit has STRIKE-FIRST for the rest of the turn but it cannot use commands this phase." };
const mods = (b: Battle, a: number, t: number) => attackEffects(b, a, t, true, b.profile(a).weapons);

describe("an aura switched on for the rest of the turn, scripted dice", () => {
  it("[AB:BSData/Warpstone Fumes] on a 2+ the enemy units within 6\" of the unit have -1 to hit for the rest of the turn; gone when the next turn starts", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [2], "combat");
    const [l, v] = ids as [number, number];
    giveTranslated(b, "Vindictors", FUMES, v3);
    expect(mods(b, l, v).hit).toBe(0);
    useCombatAbilities(b, 0);
    expect([held(b, v), left(b), mods(b, l, v).hit, mods(b, v, l).hit]).toEqual([["for-the-turn:Vindictors/Warpstone Fumes#1"], 0, -1, 0]);
    beginTurn(b, 1);
    expect([held(b, v), mods(b, l, v).hit]).toEqual([[], 0]);
  });

  it("[AB:BSData/Warpstone Fumes] a 1: nothing, and the army's use is spent (once per turn); no unit in combat: not used, no dice", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Vindictors", owner: 0 }], [1], "combat");
    giveTranslated(b, "Vindictors", FUMES, v3);
    useCombatAbilities(b, 0);
    expect([held(b, ids[1]!), held(b, ids[2]!), left(b), mods(b, ids[0]!, ids[1]!).hit]).toEqual([[], [], 0, 0]);
    const far = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [], "combat");
    far.b.unit(far.ids[0]!).y += 20;
    giveTranslated(far.b, "Vindictors", FUMES, v3);
    useCombatAbilities(far.b, 0);
    expect(held(far.b, far.ids[1]!)).toEqual([]);
  });

  it("[AB:BSData/Warrior-kings] +1 Attacks for the melee weapons of friendly STORMCAST ETERNALS units wholly within 12\" (no dice; once per battle for the army)", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 0 }], [], "combat");
    const [l, v, lord] = ids as [number, number, number];
    giveTranslated(b, "Lord-Imperatant", KINGS, v3);
    const attacks = () => mods(b, v, l).weaponMods.reduce((n, w) => n + w.attacks, 0);
    expect(attacks()).toBe(0);
    useCombatAbilities(b, 0);
    expect([held(b, lord), attacks()]).toEqual([["for-the-turn:Lord-Imperatant/Warrior-kings#1"], 1]);
    beginTurn(b, 1);
    beginTurn(b, 0);
    useCombatAbilities(b, 0);
    expect([held(b, lord), attacks()]).toEqual([[], 0]);
  });
});

describe("two more combat-phase forms, scripted dice", () => {
  it("[AB:BSData/Rage of Khorne] +1 Attacks on every friendly WARRIOR CHAMBER unit's melee weapons, wherever it is; [AB:BSData/Doomfang] STRIKE-FIRST and no commands on the unit", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 0 }], [], "combat");
    const [l, v, lord] = ids as [number, number, number];
    b.unit(lord).y += 30; // far away: still one of them
    giveTranslated(b, "Lord-Imperatant", RAGE, v3);
    giveTranslated(b, "Vindictors", DOOMFANG, v3);
    useCombatAbilities(b, 0);
    const attacks = (a: number) => mods(b, a, l).weaponMods.reduce((n, w) => n + w.attacks, 0);
    expect([held(b, lord), attacks(v), attacks(lord), held(b, v)]).toEqual([["for-the-turn:Lord-Imperatant/Rage of Khorne#1"], 1, 1, ["for-the-turn:Vindictors/Doomfang#0", "for-the-turn:Vindictors/Doomfang#1"]]);
  });
});

describe("a friendly unit picked to fight twice, scripted dice", () => {
  it("[AB:BSData/Deliver Judgement] the friendly non-HERO INFANTRY unit in combat with the most wounds left is granted 2 FIGHT abilities; once per battle for the army", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 0 }, { warscroll: "Praetors", owner: 0 }], [], "combat");
    const [, v, lord, p] = ids as [number, number, number, number];
    b.unit(p).y += 30; // not in combat
    giveTranslated(b, "Lord-Imperatant", JUDGEMENT, v3);
    useCombatAbilities(b, 0);
    expect([b.unit(v).tokens.includes("for-the-turn:fight-twice"), b.unit(lord).tokens.some((t) => t.includes("fight-twice")), b.unit(p).tokens.some((t) => t.includes("fight-twice"))]).toEqual([true, false, false]);
    beginTurn(b, 1);
    beginTurn(b, 0);
    useCombatAbilities(b, 0);
    expect(b.unit(v).tokens.includes("for-the-turn:fight-twice")).toBe(false);
  });
});

describe("an aura switched on for the rest of the turn in the kernel", () => {
  for (const step of ["combat", "charge", "hero"] as PhaseKind[]) {
    it(`[AB:BSData/Warpstone Fumes, Warrior-kings, Rage of Khorne, Doomfang, Deliver Judgement] battles from the ${step} phase are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }, { warscroll: "Lord-Imperatant", owner: 0 }], null, step);
        for (const t of [FUMES, KINGS, RAGE, DOOMFANG, JUDGEMENT]) for (const w of ["Vindictors", "Lord-Imperatant", "Praetors"]) giveTranslated(b, w, t, v3);
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }

  it("[AB:BSData/Warpstone Fumes] a switch held on a unit is encoded mid-turn and plays the same", () => {
    for (const seed of [1, 2, 3, 4]) {
      const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], null, "combat");
      giveTranslated(b, "Vindictors", FUMES, v3);
      b.unit(ids[1]!).tokens.push("for-the-turn:Vindictors/Warpstone Fumes#1");
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

