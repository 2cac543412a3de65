/**
 * Declared abilities in every phase (src/aos/battle/combat-abilities.ts useStepAbilities, turn.ts; the kernel's
 * assembly/battle/combat-abilities.ts, flow.ts): imported warscrolls' declared mortal damage, translated from
 * the BSData text (translate.ts) and played at the end of the charge, shooting and hero phases, in the combat
 * phase's step and at the end of a turn. Each on a set-up position with scripted dice (a ScriptedRng fails on
 * any die the test did not expect), then the kernel on the same positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility, translatedAbility } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useCombatAbilities, useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { nextPhase } from "../../src/aos/battle/turn.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng, battleInRow, type PhaseKind } from "../support/battle-fixtures.js";
import { giveTranslated } from "../support/abilities.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// The catalogues' texts (/work/shared/data/bsdata-aos4), as translate.ts reads them.
const TEXT = {
  alphaCharge: {
    name: "Alpha Charge",
    timing: "Any Charge Phase",
    effect: 'Declare: If this unit charged this phase, pick an enemy unit within 1" of it to be the target.\nEffect: Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.',
  },
  d3OnThree: {
    name: "Gore",
    timing: "Once Per Turn (Army), Any Combat Phase",
    effect: "Declare: Pick an enemy unit in combat with this unit to be the target.\nEffect: Roll a dice. On a 3+, inflict D3 mortal damage on the target.",
  },
  upTo3: {
    name: "Sweep",
    timing: "Any Combat Phase",
    effect: "Declare: Pick up to 3 enemy units in combat with this unit to be the targets.\nEffect: Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.",
  },
  notCharged: {
    name: "Brace",
    timing: "Any Combat Phase",
    effect: "Declare: If this unit did not charge this turn, pick an enemy unit in combat with it to be the target.\nEffect: Roll a dice. On a 2+, inflict 1 mortal damage on the target.",
  },
  volley: {
    name: "Volley",
    timing: "Once Per Turn (Army), Your Shooting Phase",
    effect: 'Declare: Pick a visible enemy unit within 12" of this unit to be the target.\nEffect: Roll 4 dice. For each 4+, inflict 1 mortal damage on the target.',
  },
  curse: {
    name: "Curse",
    timing: "Your Hero Phase",
    effect: 'Declare: Pick a visible enemy unit within 18" of this unit to be the target.\nEffect: Roll a dice. On a 2+, inflict an amount of mortal damage on the target equal to the roll.',
  },
  trample: {
    name: "Trample",
    timing: "End of Any Turn",
    effect: "Declare: Pick an enemy unit in combat with this unit to be the target.\nEffect: Roll a dice for each model in this unit. For each 5+, inflict 1 mortal damage on the target.",
  },
  crush: {
    name: "Crush",
    timing: "Any Combat Phase",
    effect: "Declare: Pick an enemy INFANTRY unit in combat with this unit to be the target.\nEffect: Roll a dice. If the roll exceeds the target's Health characteristic, 1 model in the target unit is slain.",
  },
  storm: {
    name: "Storm",
    timing: "Your Shooting Phase",
    effect: 'Declare: Pick a visible enemy unit within 12" of this unit to be the target.\nEffect: Make a number of D3 rolls equal to the current battle round number. For each 2+, inflict an amount of mortal damage on the target equal to the roll.',
  },
} as const;

const vocab = keywordVocabulary(["INFANTRY"]);

/** Gives every unit of `warscroll` the played translation of `text` (an imported warscroll's UnitProfile.abilities). */
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);

const row = (units: Omit<Placement, "x" | "y">[], dice: number[] | null, step: PhaseKind = "charge") => battleInRow(units, dice, step);

const state = (b: Battle, id: number) => [b.unit(id).models, b.unit(id).damage];
const left = (b: Battle) => (b.rng as ScriptedRng).left();

describe("declared abilities, scripted dice", () => {
  it("[AB:BSData/Alpha Charge] at the end of the charge phase, a unit that charged: a D3, on 2+ the roll in mortal damage on an enemy within 1\"", () => {
    // Vindictors (charged) touching Liberators (Health 2, no ward): a D3 of 3 = 3 mortal damage, 1 slain and 1 allocated.
    let { b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [3]);
    give(b, "Vindictors", TEXT.alphaCharge);
    b.unit(ids[0]!).charged = true;
    nextPhase(b); // the end of the charge phase: the step, then the combat phase
    expect([...state(b, ids[1]!), left(b), b.data.step.kind]).toEqual([4, 1, 0, "combat"]);
    // A roll of 1: nothing.
    ({ b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [1]));
    give(b, "Vindictors", TEXT.alphaCharge);
    b.unit(ids[0]!).charged = true;
    useStepAbilities(b, 0, "charge");
    expect([...state(b, ids[1]!), left(b)]).toEqual([5, 0, 0]);
    // It did not charge: no dice at all (the ScriptedRng has none).
    ({ b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], []));
    give(b, "Vindictors", TEXT.alphaCharge);
    useStepAbilities(b, 0, "charge");
    expect(state(b, ids[1]!)).toEqual([5, 0]);
  });

  it("[AB:BSData/Alpha Charge] not in the other phases' steps, and an enemy 2\" away is not a target", () => {
    const { b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], []);
    give(b, "Vindictors", TEXT.alphaCharge);
    b.unit(ids[0]!).charged = true;
    useCombatAbilities(b, 0);
    useStepAbilities(b, 0, "hero");
    b.unit(ids[1]!).y += 1.75; // 2" edge to edge
    useStepAbilities(b, 0, "charge");
    expect(state(b, ids[1]!)).toEqual([5, 0]);
  });

  it("[AB:BSData/Gore] combat step, Once Per Turn (Army): a dice, on 3+ D3 mortal damage; the army's second unit does not use it", () => {
    // Two Vindictors units, each touching a Liberators unit; the first (id 0) rolls 4 then a D3 of 2: 2 damage = 1 slain.
    const { b, ids } = row([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Vindictors", owner: 0 }], [4, 2]);
    give(b, "Vindictors", TEXT.d3OnThree);
    useCombatAbilities(b, 0);
    expect([...state(b, ids[0]!), left(b)]).toEqual([4, 0, 0]);
  });

  it("[AB:BSData/Sweep] up to 3 enemy units in combat: a D3 for each by ascending id, on 2+ the roll", () => {
    // Liberators (id 2), Vindictors (id 0), Liberators (id 3): both Liberators units in combat with it. D3s 2 then 1.
    const { b, ids } = row([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [2, 1]);
    give(b, "Vindictors", TEXT.upTo3);
    useCombatAbilities(b, 0);
    expect([...state(b, ids[0]!), ...state(b, ids[2]!), left(b)]).toEqual([4, 0, 5, 0, 0]);
  });

  it("[AB:BSData/Brace] \"if this unit did not charge this turn\": used when it did not (a dice, 2+ 1 mortal damage), not when it did", () => {
    let { b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [2]);
    give(b, "Vindictors", TEXT.notCharged);
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([5, 1, 0]);
    ({ b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], []));
    give(b, "Vindictors", TEXT.notCharged);
    b.unit(ids[0]!).charged = true;
    useCombatAbilities(b, 0);
    expect(state(b, ids[1]!)).toEqual([5, 0]);
  });

  it("[AB:BSData/Volley] end of your shooting phase: a visible enemy within 12\" (a wall hides the nearer one), 4 dice, each 4+ a mortal damage; not in the enemy's", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Vindictors", owner: 0, x: 30, y: 5 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 19 },
        { warscroll: "Liberators", owner: 1, x: 40, y: 5 },
      ],
      { dice: [4, 6, 1, 3], step: { kind: "shooting", player: 0 } },
    );
    give(b, "Vindictors", TEXT.volley);
    // Both Liberators units are within 12" with the same expected damage and wounds: the lower id (the first)
    // would be the target, but a rock spire between it and the Vindictors hides it.
    b.data.terrain = [{ x: 30, y: 12, radius: 3.5, height: 4 }];
    useStepAbilities(b, 0, "shooting");
    expect([...state(b, ids[1]!), ...state(b, ids[2]!), left(b)]).toEqual([5, 0, 4, 0, 0]); // 2 damage: 1 slain
    b.data.active = 1; // the enemy's shooting phase: "Your Shooting Phase" is not used (no dice are left to roll)
    useStepAbilities(b, 0, "shooting");
    expect(state(b, ids[2]!)).toEqual([4, 0]);
  });

  it("[AB:BSData/Curse] end of your hero phase, before healing: a dice, 2+ the roll in mortal damage on the visible enemy with the most expected damage", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Vindictors", owner: 0, x: 30, y: 10 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 30 },
      ],
      { dice: [5], step: { kind: "hero", player: 0 } },
    );
    give(b, "Vindictors", TEXT.curse);
    b.data.terrain = [];
    useStepAbilities(b, 0, "hero");
    expect([...state(b, ids[1]!), left(b)]).toEqual([3, 1, 0]); // 5 damage: 2 slain, 1 allocated
  });

  it("[AB:BSData/Trample] end of any turn: a dice per model of this unit, each 5+ a mortal damage, the active player's units first", () => {
    // 5 Vindictors: 5, 6, 1, 2, 5 = 3 mortal damage on the Liberators (1 slain, 1 allocated).
    const { b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [5, 6, 1, 2, 5]);
    give(b, "Vindictors", TEXT.trample);
    b.data.active = 1; // the enemy's turn: "End of Any Turn" still
    useStepAbilities(b, 0, "end-of-turn");
    expect([...state(b, ids[1]!), left(b)]).toEqual([4, 1, 0]);
  });
});

describe("declared abilities: slays and battle-round dice", () => {
  it("[AB:BSData/Crush] a dice that exceeds the target's Health slays a model: 3 slays a Liberator (Health 2), 2 does not; only an INFANTRY target", () => {
    let { b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [3]);
    give(b, "Vindictors", TEXT.crush);
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([4, 0, 0]);
    ({ b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [2]));
    give(b, "Vindictors", TEXT.crush);
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([5, 0, 0]);
    // A Mancrusher Gargant (MONSTER, not INFANTRY): no target, no dice.
    ({ b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Mancrusher Gargant", owner: 1 }], []));
    give(b, "Vindictors", TEXT.crush);
    b.unit(ids[0]!).charged = true; // (Hold the Shieldwall: it charged, so no roll either)
    useCombatAbilities(b, 0);
    expect(state(b, ids[1]!)).toEqual([1, 0]);
  });

  it("[AB:BSData/Storm] as many D3 as the battle round: round 3, rolls 2, 1, 3 = 5 mortal damage", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Vindictors", owner: 0, x: 30, y: 10 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 20 },
      ],
      { dice: [2, 1, 3], step: { kind: "shooting", player: 0 } },
    );
    give(b, "Vindictors", TEXT.storm);
    b.data.terrain = [];
    b.data.round = 3;
    useStepAbilities(b, 0, "shooting");
    expect([...state(b, ids[1]!), left(b)]).toEqual([3, 1, 0]);
  });
});

describe("bundled declared abilities", () => {
  it("[AB:Morbheg Knights/Predator Knights] end of the enemy turn, once per turn for the army: D3 mortal damage on an enemy unit in combat with it (no roll to pass); not at the end of its own turn", () => {
    // Two Morbheg Knights units each touching a Liberators unit: the first (id 0) rolls a D3 of 3 = 1 slain, 1
    // allocated; the second does not use it (Once Per Turn (Army)).
    const { b, ids } = row([{ warscroll: "Morbheg Knights", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Morbheg Knights", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [3]);
    useStepAbilities(b, 0, "end-of-turn"); // player 0's own turn: "End of Enemy Turn" is not now (no dice)
    expect(state(b, ids[1]!)).toEqual([5, 0]);
    b.data.active = 1;
    useStepAbilities(b, 0, "end-of-turn");
    expect([...state(b, ids[1]!), ...state(b, ids[3]!), left(b)]).toEqual([4, 1, 5, 0, 0]);
  });

  it("[AB:Morbheg Knights/Predator Knights] the kernel plays the same battles", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      // The Knights are player 1's: player 0's turn is their enemy turn.
      const { b } = row([{ warscroll: "Morbheg Knights", owner: 1 }, { warscroll: "Liberators", owner: 0, models: 10 }, { warscroll: "Crypt Horrors", owner: 1 }], null, "combat");
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

describe("Smash Down: a terrain feature as the target", () => {
  /** The Gatebreaker at (30, 20); features 2" from it west (A) and east (B); an enemy unit 1" from each, a friendly one 1" from A. */
  function smash(dice: number[] | null, withB = true) {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Gatebreaker Mega-Gargant", owner: 0, x: 30, y: 20 },
        { warscroll: "Liberators", owner: 1, x: 0, y: 0 },
        { warscroll: "Vindictors", owner: 0, x: 0, y: 0 },
        { warscroll: "Liberators", owner: 1, x: 0, y: 0 },
      ],
      { ...(dice ? { dice } : { seed: 1 }), step: { kind: "combat", player: 0 } },
    );
    const r = (i: number) => b.footprint(ids[i]!).radius;
    const A = { x: 30 - r(0) - 3, y: 20, radius: 1 };
    const B = { x: 30 + r(0) + 3, y: 20, radius: 1 };
    b.data.terrain = withB ? [A, B] : [A];
    Object.assign(b.unit(ids[1]!), { x: A.x - 2 - r(1), y: 20 });
    Object.assign(b.unit(ids[2]!), { x: A.x, y: 20 + 2 + r(2) });
    Object.assign(b.unit(ids[3]!), { x: B.x + 2 + r(3), y: 20 });
    return { b, ids };
  }

  it("[AB:Gatebreaker Mega-Gargant/Smash Down] the feature with more enemy than friendly units around it (B, not A: one of each), then a D3 for each non-MONSTER unit within 3\" of it, 2+ the roll", () => {
    let { b, ids } = smash([3]);
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), ...state(b, ids[2]!), ...state(b, ids[3]!), left(b)]).toEqual([5, 0, 5, 0, 4, 1, 0]);
    // Without B, A's one enemy and one friend score 0: not used, no dice.
    ({ b, ids } = smash([], false));
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), ...state(b, ids[2]!)]).toEqual([5, 0, 5, 0]);
  });

  it("[AB:Gatebreaker Mega-Gargant/Smash Down] a friendly unit around the feature is hit too, its roll in id order (1: nothing)", () => {
    // Move the friendly Vindictors next to B: B now has one enemy, one friend (0) and A one enemy (1): A is picked.
    const { b, ids } = smash([2]);
    const B = b.data.terrain[1]!;
    Object.assign(b.unit(ids[2]!), { x: B.x, y: 20 + 2 + b.footprint(ids[2]!).radius });
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), ...state(b, ids[3]!), left(b)]).toEqual([4, 0, 5, 0, 0]);
  });

  it("[AB:Gatebreaker Mega-Gargant/Smash Down] the kernel plays the same battles from that position", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b } = smash(null);
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

describe("declared abilities in the kernel", () => {
  const positions: [string, (keyof typeof TEXT)[], "charge" | "combat" | "shooting" | "hero"][] = [
    ["Alpha Charge, Trample", ["alphaCharge", "trample"], "charge"],
    ["Gore, Sweep, Brace", ["d3OnThree", "upTo3", "notCharged"], "charge"],
    ["Volley, Curse", ["volley", "curse"], "hero"],
    ["Crush, Storm", ["crush", "storm"], "hero"],
  ];
  for (const [what, texts, step] of positions) {
    it(`[AB:BSData/${texts.map((t) => TEXT[t].name).join(", ")}] ${what}: battles from a set-up position are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b, ids } = row(
          [{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Vindictors", owner: 0 }],
          null,
          step,
        );
        for (const t of texts) give(b, "Vindictors", TEXT[t]);
        b.data.log = null;
        b.unit(ids[1]!).charged = seed % 2 === 0;
        b.data.terrain = seed % 3 === 0 ? [{ x: 20, y: 14, radius: 2, height: 4 }] : [];
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }
});
