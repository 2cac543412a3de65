/**
 * The move3 area (docs/abilities.md "Movement, shooting and charge phases, third pass (move3)"): units a move
 * passed across (src/aos/battle/move3.ts, assembly/battle/move3.ts), read by the declared-ability steps as the
 * target condition `passedAcross`. Each form on a set-up position with scripted dice (a ScriptedRng fails on any die
 * the test did not expect); then the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { chargeRollOf, passedAcross, sweeps } from "../../src/aos/battle/move3.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import * as E from "../../src/aos/rollout/encode.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { InputError } from "../../src/core/errors.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChanged } from "../support/same-battles.js";
import { battleAt, pick, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const declare = (name: string, timing: string, pick: string, effect: string) => ({ name, timing, effect: `Declare: ${pick}\nEffect: ${effect}` });
// The catalogues' texts (Grundstok Gunhauler, Gyrocopter, Squig Hoppers, Blood Knights).
const TEXT = {
  bombs: declare("Light Bomb Racks", "Your Movement Phase", "Pick an enemy unit that does not have FLY and that this unit passed across this phase to be the target.", "Roll 4 dice. For each 4+, inflict 1 mortal damage on the target."),
  guild: declare("Guild Bombs", "Once Per Battle, Your Movement Phase", "If this unit used a MOVE ability this phase, pick an enemy unit that does not have FLY and that this unit passed across this turn to be the target.", "Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll."),
  boing: declare("Boing! Boing! Boing!", "Any Movement Phase", "Pick an enemy unit that this unit passed across this phase to be the target.", "Roll a dice for each model in this unit that passed across the target. For each 4+, inflict 1 mortal damage on the target."),
  trample: declare("Trampled to Dust", "Any Charge Phase", "Pick an enemy unit that this unit passed across this turn to be the target.", "Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll."),
} as const;

const vocab = keywordVocabulary([]);
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const passed = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.includes("passed-across"));

/**
 * A Crypt Flayer (FLY, Move 12, 1 model; player 0) at (30, 2) south of a Vindictor (1 model, player 1) at (30, 7.5),
 * 3.73" apart: its move of 12" toward the north objective (30, 32) ends at (30, 14), over the Vindictor. `more`:
 * other units of player 1 (Liberators far off at (50, 40); a Royal Terrorgheist (FLY) at (30, 24)).
 */
function flyOver(dice: number[] | null, more: { warscroll: string; x: number; y: number }[] = [], models = 1) {
  const { b, ids } = battleAt(
    "savage-gains",
    [{ warscroll: "Crypt Flayers", owner: 0, x: 30, y: 2, models }, { warscroll: "Vindictors", owner: 1, x: 30, y: 7.5, models: 1 }, ...more.map((m) => ({ ...m, owner: 1 as const }))],
    { ...(dice ? { dice } : { seed: 1 }), step: { kind: "movement", player: 0 } },
  );
  b.data.terrain = [];
  return { b, f: ids[0]!, v: ids[1]!, ids };
}

describe("passing across: the geometry", () => {
  it("a disc passes across another when the line of its move comes within the sum of the radii (strictly)", () => {
    expect(sweeps(0, 0, 10, 0, 1, 5, 1.9, 1)).toBe(true);
    expect(sweeps(0, 0, 10, 0, 1, 5, 2, 1)).toBe(false); // touching edge to edge is not over it
    expect(sweeps(0, 0, 10, 0, 1, -3, 0, 1)).toBe(false); // behind where it started
    expect(sweeps(0, 0, 10, 0, 1, 11.9, 0, 1)).toBe(true); // where it ends (never, in the engines: a move does not end on a footprint)
    expect(sweeps(0, 0, 10, 0, 1, 12.5, 0, 1)).toBe(false);
    expect(sweeps(3, 4, 3, 4, 1, 3, 4, 1)).toBe(true); // no move: the start only
  });

  it("[AB:BSData/Light Bomb Racks] a FLY unit's move over an enemy unit records it on the mover, not the units beside the line; gone when the next turn starts", () => {
    const { b, f, v, ids } = flyOver([], [{ warscroll: "Liberators", x: 50, y: 40 }]);
    give(b, "Crypt Flayers", TEXT.bombs);
    pick(b, "Crypt Flayers moves toward objective north-border");
    expect([b.unit(f).x, b.unit(f).y]).toEqual([30, 14]);
    expect([passed(b, f), passedAcross(b, f, v), passedAcross(b, f, ids[2]!), passed(b, v)]).toEqual([[`for-the-turn:passed-across:${v}`], true, false, []]);
    beginTurn(b, 1);
    expect(passed(b, f)).toEqual([]);
  });

  it("nothing is recorded in a battle without a passed-across ability (no tokens to carry)", () => {
    const { b, f } = flyOver([]);
    pick(b, "Crypt Flayers moves toward objective north-border");
    expect(passed(b, f)).toEqual([]);
  });
});

describe("passing across, scripted dice", () => {
  it("[AB:BSData/Light Bomb Racks] movement step: 4 dice at the unit passed across, each 4+ a mortal damage (4, 1, 6, 3: 2, the Vindictor's 2 wounds: slain)", () => {
    const { b, f, v } = flyOver([4, 1, 6, 3]);
    give(b, "Crypt Flayers", TEXT.bombs);
    pick(b, "Crypt Flayers moves toward objective north-border");
    useStepAbilities(b, 0, "movement");
    expect([left(b), b.unit(v).status, b.unit(f).status]).toEqual([0, "destroyed", "deployed"]);
  });

  it("[AB:BSData/Light Bomb Racks] a move beside the enemy, not over it: no target, no dice; an enemy with FLY passed across is not a target", () => {
    const beside = flyOver([]);
    give(beside.b, "Crypt Flayers", TEXT.bombs);
    pick(beside.b, "Crypt Flayers moves toward objective west");
    expect(passed(beside.b, beside.f)).toEqual([]);
    useStepAbilities(beside.b, 0, "movement");
    expect(left(beside.b)).toBe(0);
    // The Flayer passed across a (FLY) Crypt Flayer of the enemy's: "that does not have FLY" leaves it out.
    const { b, f, v } = flyOver([]);
    b.data.profiles[v] = { ...b.profile(v), keywords: [...b.profile(v).keywords, "FLY"] };
    give(b, "Crypt Flayers", TEXT.bombs);
    pick(b, "Crypt Flayers moves toward objective north-border");
    expect(passedAcross(b, f, v)).toBe(true);
    useStepAbilities(b, 0, "movement");
    expect([left(b), b.unit(v).damage]).toEqual([0, 0]);
  });

  it("[AB:BSData/Guild Bombs] once per battle for each unit: a D3 of 2+ inflicts the roll (2: the Vindictor slain); the next turn's pass is not rolled for", () => {
    const { b, f, v } = flyOver([2], [{ warscroll: "Liberators", x: 30, y: 24 }]);
    give(b, "Crypt Flayers", TEXT.guild);
    pick(b, "Crypt Flayers moves toward objective north-border");
    useStepAbilities(b, 0, "movement");
    expect([left(b), b.unit(v).status]).toEqual([0, "destroyed"]);
    beginTurn(b, 0);
    b.unit(f).tokens.push(`for-the-turn:passed-across:2`); // as if it passed across the Liberators
    useStepAbilities(b, 0, "movement");
    expect([left(b), b.unit(2).damage]).toEqual([0, 0]);
  });

  it("[AB:BSData/Boing! Boing! Boing!] a dice for each model of the unit (every model passed across: one footprint); 3 models, 4 5 1: 2 mortal damage", () => {
    const { b, f, v } = flyOver([4, 5, 1], [], 3);
    b.unit(v).models = 5;
    give(b, "Crypt Flayers", TEXT.boing);
    b.unit(f).tokens.push(`for-the-turn:passed-across:${v}`);
    useStepAbilities(b, 0, "movement");
    expect([left(b), b.unit(v).models, b.unit(v).damage]).toEqual([0, 4, 0]);
  });

  it("[AB:BSData/Trampled to Dust] charge step: the unit passed across this turn (its movement phase's record) takes the D3 (a 1: nothing, the ability is used)", () => {
    const { b, f, v } = flyOver([1]);
    give(b, "Crypt Flayers", TEXT.trample);
    pick(b, "Crypt Flayers moves toward objective north-border");
    useStepAbilities(b, 0, "movement"); // not a movement-phase ability: nothing
    expect(left(b)).toBe(1);
    useStepAbilities(b, 0, "charge");
    expect([left(b), b.unit(v).damage, passedAcross(b, f, v)]).toEqual([0, 0, true]);
  });
});

describe("passing across in the kernel", () => {
  it("the encoder writes U.M3 (32 x bit i for unit i, plus the charge roll) and EF.M3_PASSED; an id beyond 47 is refused (the TypeScript engine plays)", () => {
    const { b, f, v } = flyOver(null);
    give(b, "Crypt Flayers", TEXT.bombs);
    b.unit(f).tokens.push(`for-the-turn:passed-across:${v}`);
    const x = E.encodeBattle(b.data);
    const o = x[E.H.OFF_UNITS]! + f * E.UNIT;
    expect([x[o + E.U.M3], x[x[E.H.OFF_UNITS]! + v * E.UNIT + E.U.M3]]).toEqual([32 * 2 ** v, 0]);
    const records = Array.from({ length: x[E.H.N_EFFECTS]! }, (_, k) => x[E.H.OFF_EFFECTS]! + k * E.EFFECT);
    expect(records.map((r) => x[r + E.EF.M3_PASSED])).toContain(1);
    b.unit(f).tokens.push("for-the-turn:passed-across:48");
    expect(() => E.encodeBattle(b.data)).toThrow(InputError);
  });

  it("[AB:BSData/Light Bomb Racks, Guild Bombs, Boing! Boing! Boing!, Trampled to Dust] battles from the movement phase are identical, seed for seed, and the abilities change some", () => {
    sameBattlesChanged(core, (seed, withAbilities) => {
      // The Flayer at (14, 36): the scripted policy moves it toward the west objective (14, 22), over the Vindictor at (14, 31).
      const { b, f, v } = flyOver(null, [{ warscroll: "Liberators", x: 30, y: 24 }, { warscroll: "Royal Terrorgheist", x: 46, y: 30 }]);
      [b.unit(f).x, b.unit(f).y, b.unit(v).x, b.unit(v).y] = [14, 36, 14, 31];
      b.unit(v).models = seed % 2 === 0 ? 1 : 2;
      if (withAbilities) for (const t of Object.values(TEXT)) give(b, "Crypt Flayers", t);
      b.data.log = null;
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("[AB:BSData/Light Bomb Racks] a record held mid-turn (after the move, before the phase's end) is encoded and plays the same", () => {
    for (const seed of [1, 2, 3, 4]) {
      const { b, f, v } = flyOver(null);
      give(b, "Crypt Flayers", TEXT.bombs);
      pick(b, "Crypt Flayers moves toward objective north-border");
      expect(passedAcross(b, f, v)).toBe(true);
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

// ------------------------------------------------------------------------------------ effects for a while, reworded

// The catalogues' texts (Steam Tank Commander, Gardus Steel Soul), with the bundled warscrolls' names and keywords.
const WORDED = {
  division: declare("Division Commander", "Once Per Battle, Your Shooting Phase", "Pick up to 2 friendly Prosecutors units to be the targets.", "For the rest of the turn, add 1 to hit rolls for shooting attacks made by this unit and by each target."),
  saintly: declare("Saintly Assault", "Once Per Battle, Your Charge Phase", 'Pick up to 3 visible friendly STORMCAST ETERNALS INFANTRY units wholly within 6" of this unit to be the targets.', "For the rest of the turn: • Add 1 to charge rolls for the targets. • Add 1 to the Attacks characteristic of the targets' melee weapons."),
} as const;
const vocabSce = keywordVocabulary(["STORMCAST ETERNALS", "INFANTRY"]);
const turnHeld = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.startsWith("for-the-turn:") && !t.includes("passed-across"));

/** A Celestar Ballista and two Prosecutors units (player 0) 14" south of Vindictors (player 1), none in combat. */
function gunLine(dice: number[] | null, step: "shooting" | "charge" = "shooting") {
  const { b, ids } = battleAt(
    "savage-gains",
    [
      { warscroll: "Celestar Ballista", owner: 0, x: 30, y: 6 },
      { warscroll: "Prosecutors", owner: 0, x: 22, y: 8 },
      { warscroll: "Prosecutors", owner: 0, x: 38, y: 8 },
      { warscroll: "Liberators", owner: 0, x: 30, y: 12 },
      { warscroll: "Vindictors", owner: 1, x: 30, y: 20 },
    ],
    { ...(dice ? { dice } : { seed: 1 }), step: { kind: step, player: 0 } },
  );
  b.data.terrain = [];
  return { b, ids };
}

describe("effects for a while in the move3 wordings", () => {
  it("[AB:BSData/Division Commander] 'made by this unit and by each target': +1 to hit for the shooting attacks of the Ballista and both Prosecutors units, no dice", () => {
    const { b, ids } = gunLine([]);
    giveTranslated(b, "Celestar Ballista", WORDED.division, vocabSce);
    useStepAbilities(b, 0, "shooting-start");
    expect(ids.slice(0, 4).map((id) => turnHeld(b, id))).toEqual([["for-the-turn:Celestar Ballista/Division Commander#0"], ["for-the-turn:Celestar Ballista/Division Commander#0"], ["for-the-turn:Celestar Ballista/Division Commander#0"], []]);
    expect(left(b)).toBe(0);
  });

  it("[AB:BSData/Saintly Assault] the bullets under 'For the rest of the turn:': +1 to charge rolls and +1 Attacks on up to 3 STORMCAST ETERNALS INFANTRY units wholly within 6\", at the charge phase's start", () => {
    const { b, ids } = gunLine([], "charge");
    giveTranslated(b, "Liberators", WORDED.saintly, vocabSce);
    useStepAbilities(b, 0, "charge-start");
    const both = ["for-the-turn:Liberators/Saintly Assault#0", "for-the-turn:Liberators/Saintly Assault#1"];
    // Wholly within 6" of the Liberators at (30, 12): the Liberators themselves; the Prosecutors 8" off and the Ballista (no INFANTRY) are not.
    expect(ids.slice(0, 4).map((id) => turnHeld(b, id))).toEqual([[], [], [], both]);
  });

  for (const step of ["shooting", "charge"] as const)
    it(`[AB:BSData/Division Commander, Saintly Assault] battles from the ${step} phase are identical in both engines, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5]) {
        const { b } = gunLine(null, step);
        giveTranslated(b, "Celestar Ballista", WORDED.division, vocabSce);
        giveTranslated(b, "Liberators", WORDED.saintly, vocabSce);
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
});

// ------------------------------------------------------------------------------------ the unmodified charge roll

// The catalogue's text (Annihilators with Meteoric Grandhammers, Force of a Falling Star).
const FALLING = declare("Force of a Falling Star", "Any Charge Phase", 'If this unit charged this phase and the unmodified charge roll was 8+, pick an enemy unit within 1" of it to be the target.', "The target has STRIKE-LAST for the rest of the turn.");

/** Liberators (player 0) 5" (edge to edge) south of Vindictors (player 1), in player 0's charge phase. */
function chargeLine(dice: number[] | null) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: "Liberators", owner: 0, x: 30, y: 8 }, { warscroll: "Vindictors", owner: 1, x: 30, y: 8 }], { ...(dice ? { dice } : { seed: 1 }), step: { kind: "charge", player: 0 } });
  b.data.terrain = [];
  const [l, v] = [ids[0]!, ids[1]!];
  b.unit(v).y = 8 + b.footprint(l).radius + b.footprint(v).radius + 5;
  return { b, l, v };
}

describe("the unmodified charge roll, scripted dice", () => {
  it("[AB:BSData/Force of a Falling Star] a charge of 5 + 4 (9, 8+): the Vindictors within 1\" have STRIKE-LAST for the rest of the turn; the roll is recorded, gone when the next turn starts", () => {
    const { b, l, v } = chargeLine([5, 4]);
    give(b, "Liberators", FALLING);
    pick(b, "Liberators charges Vindictors");
    expect([b.unit(l).charged, chargeRollOf(b, l)]).toEqual([true, 9]);
    useStepAbilities(b, 0, "charge");
    expect([turnHeld(b, v), left(b)]).toEqual([["for-the-turn:Liberators/Force of a Falling Star#0"], 0]);
    beginTurn(b, 1);
    expect(chargeRollOf(b, l)).toBe(0);
  });

  it("[AB:BSData/Force of a Falling Star] a charge of 3 + 4 (7): not used; no roll recorded in a battle without the ability", () => {
    const { b, l, v } = chargeLine([3, 4]);
    give(b, "Liberators", FALLING);
    pick(b, "Liberators charges Vindictors");
    expect([b.unit(l).charged, chargeRollOf(b, l)]).toEqual([true, 7]);
    useStepAbilities(b, 0, "charge");
    expect(turnHeld(b, v)).toEqual([]);
    const none = chargeLine([6, 6]);
    pick(none.b, "Liberators charges Vindictors");
    expect([none.b.unit(none.l).charged, chargeRollOf(none.b, none.l)]).toEqual([true, 0]);
  });

  it("[AB:BSData/Force of a Falling Star] battles from the charge phase (the Vindictors with STRIKE-FIRST) are identical in both engines, seed for seed, and the ability changes some; the roll is encoded mid-phase", () => {
    sameBattlesChanged(core, (seed, withAbility) => {
      const { b, v } = chargeLine(null);
      // Vindictors with STRIKE-FIRST: the ability's STRIKE-LAST cancels it (CORE-STRIKE-ORDER), so the Liberators fight first.
      b.data.profiles[v] = { ...b.profile(v), keywords: [...b.profile(v).keywords, "STRIKE-FIRST"] };
      if (withAbility) give(b, "Liberators", FALLING);
      give(b, "Vindictors", FALLING);
      b.data.log = null;
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6, 7, 8]);
    for (const seed of [1, 2, 3]) {
      const { b, l } = chargeLine([6, 5]);
      give(b, "Liberators", FALLING);
      pick(b, "Liberators charges Vindictors");
      const x = E.encodeBattle(b.data);
      expect(x[x[E.H.OFF_UNITS]! + l * E.UNIT + E.U.M3]).toBe(11);
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

// The catalogues' texts (Killaboss on Corpse-rippa Vulcha, Vulcha Dive; Exalted Chariot, Excess of Blades).
const BY_ROLL = {
  stampede: declare("Stampede", "Once Per Turn (Army), Any Charge Phase", "If this unit charged this phase, pick an enemy unit in combat with it to be the target.", "Roll a number of dice equal to the unmodified charge roll. For each 4+, inflict 1 mortal damage on the target."),
  crush: declare("Crush", "Any Charge Phase", 'If this unit charged this phase, pick an enemy unit within 1" of it to be the target.', "Roll a number of dice equal to the unmodified charge roll for that CHARGE ability. For each roll that exceeds the target's Save characteristic, the target suffers 1 mortal damage."),
} as const;

describe("mortal damage by the charge roll", () => {
  it("[AB:BSData/Stampede] a charge of 5 + 4: 9 dice, each 4+ a mortal damage (4 of them: 2 Vindictors slain)", () => {
    const { b, l, v } = chargeLine([5, 4, 4, 1, 6, 2, 5, 3, 4, 1, 2]);
    give(b, "Liberators", BY_ROLL.stampede);
    pick(b, "Liberators charges Vindictors");
    useStepAbilities(b, 0, "charge");
    expect([left(b), b.unit(v).models, b.unit(v).damage, chargeRollOf(b, l)]).toEqual([0, 3, 0, 9]);
  });

  it("[AB:BSData/Crush] a charge of 3 + 4: 7 dice, each above the Vindictors' Save of 3 a mortal damage (4 5 3 6 1 2 4: 4, 2 slain)", () => {
    const { b, v } = chargeLine([3, 4, 4, 5, 3, 6, 1, 2, 4]);
    give(b, "Liberators", BY_ROLL.crush);
    pick(b, "Liberators charges Vindictors");
    useStepAbilities(b, 0, "charge");
    expect([left(b), b.unit(v).models, b.unit(v).damage]).toEqual([0, 3, 0]);
  });

  it("[AB:BSData/Stampede, Crush] battles from the charge phase are identical in both engines, seed for seed, and the abilities change some", () => {
    sameBattlesChanged(core, (seed, withAbility) => {
      const { b } = chargeLine(null);
      if (withAbility) for (const t of Object.values(BY_ROLL)) for (const w of ["Liberators", "Vindictors"]) give(b, w, t);
      b.data.log = null;
      return new PitchedBattleState(b);
    });
  });
});

describe("two more wordings, scripted", () => {
  const call = { name: "Call", timing: "Once Per Turn (Army), Any Charge Phase", effect: 'Declare: Pick a friendly STORMCAST ETERNALS unit that is not in combat and is wholly within 12" of this unit to be the target.\nEffect: For the rest of the turn, add 1 to the number of dice rolled when making charge rolls for the target, to a maximum of 3.' };
  const ward = { name: "Shroud", timing: "Once Per Turn (Army), Your Movement Phase", effect: "This unit can use this ability if it is not in combat. It has WARD (4+) for the rest of the turn." };

  it("[AB:BSData/Slaughterer's Call] charge dice go to a unit that may charge, never to one in combat (the Vindictors in combat with the enemy are left out)", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [{ warscroll: "Liberators", owner: 0, x: 30, y: 10 }, { warscroll: "Vindictors", owner: 0, x: 38, y: 10 }, { warscroll: "Vindictors", owner: 1, x: 38, y: 15.5 }, { warscroll: "Liberators", owner: 1, x: 30, y: 20 }],
      { dice: [], step: { kind: "charge", player: 0 } },
    );
    b.data.terrain = [];
    giveTranslated(b, "Liberators", call, vocabSce);
    expect([b.inCombat(ids[1]!), b.inCombat(ids[0]!)]).toEqual([true, false]);
    useStepAbilities(b, 0, "charge-start");
    expect([turnHeld(b, ids[0]!), turnHeld(b, ids[1]!)]).toEqual([["for-the-turn:Liberators/Call#0"], []]);
  });

  it("[AB:BSData/Drunken Revelry] WARD (4+) for the rest of the turn at the movement phase's end when not in combat; not used in combat", () => {
    const { b, f, v } = flyOver([]);
    giveTranslated(b, "Crypt Flayers", ward, vocabSce);
    useStepAbilities(b, 0, "movement");
    expect(turnHeld(b, f)).toEqual(["for-the-turn:Crypt Flayers/Shroud#0"]);
    const near = flyOver([]);
    near.b.unit(near.v).y = 5; // in combat with the Flayer
    giveTranslated(near.b, "Crypt Flayers", ward, vocabSce);
    useStepAbilities(near.b, 0, "movement");
    expect([near.b.inCombat(near.f), turnHeld(near.b, near.f)]).toEqual([true, []]);
    expect(v).toBe(1);
  });

  it("[AB:BSData/Slaughterer's Call, Drunken Revelry] battles from the movement phase are identical in both engines, seed for seed", () => {
    for (const seed of [1, 2, 3, 4]) {
      const { b } = gunLine(null, "charge");
      b.data.step = { kind: "movement", player: 0 };
      giveTranslated(b, "Liberators", call, vocabSce);
      giveTranslated(b, "Prosecutors", ward, vocabSce);
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});
