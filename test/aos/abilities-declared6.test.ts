/**
 * The declared abilities' sixth pass (docs/abilities.md "Declared abilities, sixth pass (declared6)"): a warscroll
 * command held for a while (`command`, src/aos/battle/declared6.ts, assembly/battle/declared6.ts), put by the
 * declared-ability steps (status.ts useForAWhile) on a set-up position with scripted dice (a ScriptedRng fails on any
 * die the test did not expect); then the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { noCommands } from "../../src/aos/battle/declared2.js";
import { attackMods } from "../../src/aos/abilities/attack.js";
import { battleEffects, battleView } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { battleInRow, ScriptedRng } from "../support/battle-fixtures.js";
import { sameBattlesChanged } from "../support/same-battles.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// The Magister's Imbued with Arcane Fire with the bundled Stormcast units' keyword.
const IMBUED = {
  name: "Imbued",
  timing: "Once Per Turn (Army), Any Combat Phase; Command",
  effect: 'Declare: Pick a visible friendly STORMCAST ETERNALS unit wholly within 12" of this unit to be the target.\nEffect: The target\'s melee weapons have Crit (Mortal) until the start of your next turn.',
};
const vocab = keywordVocabulary(["STORMCAST ETERNALS"]);
const held = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.includes("for-the-turn:"));
const left = (b: Battle) => (b.rng as ScriptedRng).left();

/** Player 0's Vindictors in combat with player 1's Liberators, player 0's Lord-Imperatant (a HERO) behind them, in the combat phase. */
function row(dice: number[] | null) {
  const { b, ids } = battleInRow([{ warscroll: "Lord-Imperatant", owner: 0 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], dice, "combat");
  giveTranslated(b, "Lord-Imperatant", IMBUED, vocab);
  return { b, l: ids[0]!, v: ids[1]!, e: ids[2]! };
}

describe("a command held for a while, scripted dice", () => {
  it("[AB:BSData/Imbued] the combat step with 2 command points: the Crit held on a friendly unit until the start of player 0's next turn (no dice), 1 point spent", () => {
    const { b, l, v, e } = row([]);
    b.data.commandPoints = [2, 0];
    useStepAbilities(b, 0, "combat");
    const on = [held(b, l), held(b, v)];
    expect(on.filter((x) => x.length > 0)).toEqual([["until-your-next-turn:0:for-the-turn:Lord-Imperatant/Imbued#0"]]);
    expect([held(b, e), b.data.commandPoints, left(b)]).toEqual([[], [1, 0], 0]);
  });

  it("[AB:BSData/Imbued] not used without a command point, nor while the unit cannot use commands (no-commands held): nothing held, nothing spent", () => {
    const none = row([]);
    none.b.data.commandPoints = [0, 3];
    useStepAbilities(none.b, 0, "combat");
    expect([held(none.b, none.l), held(none.b, none.v), none.b.data.commandPoints]).toEqual([[], [], [0, 3]]);
    const gagged = row([]);
    gagged.b.data.commandPoints = [1, 0];
    // A no-commands effect held on the Lord-Imperatant (declared2.ts noCommands reads the token of a translated ability).
    giveTranslated(gagged.b, "Liberators", { name: "Gag", timing: "Any Hero Phase", effect: "Declare: Pick an enemy unit within 12\" of this unit to be the target.\nEffect: The target cannot use commands for the rest of the turn." }, vocab);
    gagged.b.unit(gagged.l).tokens.push("for-the-turn:Liberators/Gag#0");
    expect(noCommands(gagged.b, gagged.l)).toBe(true);
    useStepAbilities(gagged.b, 0, "combat");
    expect([held(gagged.b, gagged.v), gagged.b.data.commandPoints]).toEqual([[], [1, 0]]);
  });
});

describe("the kernel", () => {
  it("[AB:BSData/Imbued] battles from the combat and hero phases with 0 to 2 command points are identical, seed for seed, and the command changes some", () => {
    sameBattlesChanged(core, (seed, withAbilities) => {
      const { b } = battleInRow([{ warscroll: "Lord-Imperatant", owner: 0 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Lord-Imperatant", owner: 1 }], null, seed % 2 === 0 ? "combat" : "hero");
      if (withAbilities) for (const w of ["Lord-Imperatant", "Vindictors"]) giveTranslated(b, w, IMBUED, vocab);
      b.data.commandPoints = [seed % 3, (seed + 1) % 3];
      b.data.log = null;
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

// Isharann Soulrender's Hangman's Knot with the bundled Stormcast units.
const KNOT = {
  name: "Knot",
  timing: "Any Combat Phase",
  effect: "Declare: Pick an enemy HERO in combat with this unit to be the target.\nEffect: Roll 2D6. If the roll exceeds the target's Health characteristic, it is automatically destroyed.",
};
// Iridan the Witness's Dark Flight.
const FLIGHT = {
  name: "Flight",
  timing: "Once Per Turn (Army), End of Any Turn",
  effect: "Declare: Pick an enemy unit in combat with this unit to be the target.\nEffect: Roll a dice. If the roll exceeds the target's Health characteristic:\r\n• 1 model in the target unit is slain.\r\n• This unit can immediately use the 'Retreat' ability without any mortal damage being inflicted upon it.",
};

describe("slays, scripted dice", () => {
  it("[AB:BSData/Knot] the combat step: 2D6 of 6+6 exceeds the Lord-Imperatant's Health: the whole unit destroyed; 1+1 does not: nothing", () => {
    const row2 = (dice: number[]) => {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 1 }], dice, "combat");
      giveTranslated(b, "Vindictors", KNOT, vocab);
      return { b, e: ids[1]! };
    };
    const hit = row2([6, 6]);
    expect(hit.b.profile(hit.e).health).toBeLessThan(12);
    useStepAbilities(hit.b, 0, "combat");
    expect([hit.b.unit(hit.e).status, hit.b.unit(hit.e).models, left(hit.b)]).toEqual(["destroyed", 0, 0]);
    const miss = row2([1, 1]);
    const models = miss.b.unit(miss.e).models;
    useStepAbilities(miss.b, 0, "combat");
    expect([miss.b.unit(miss.e).status, miss.b.unit(miss.e).models, miss.b.unit(miss.e).damage, left(miss.b)]).toEqual(["deployed", models, 0, 0]);
  });

  it("[AB:BSData/Knot] no enemy HERO in combat: not used, no dice", () => {
    const { b } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [], "combat");
    giveTranslated(b, "Vindictors", KNOT, vocab);
    useStepAbilities(b, 0, "combat");
    expect(left(b)).toBe(0);
  });

  it("[AB:BSData/Flight] the end-of-turn step: a 3 exceeds the Liberators' Health 2: 1 model slain (the retreat declined); a 2 does not", () => {
    const row3 = (dice: number[]) => {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], dice, "combat");
      giveTranslated(b, "Vindictors", FLIGHT, vocab);
      return { b, v: ids[0]!, e: ids[1]! };
    };
    const hit = row3([3]);
    const models = hit.b.unit(hit.e).models;
    const at = [hit.b.unit(hit.v).x, hit.b.unit(hit.v).y];
    useStepAbilities(hit.b, 0, "end-of-turn");
    expect([hit.b.unit(hit.e).models, [hit.b.unit(hit.v).x, hit.b.unit(hit.v).y], left(hit.b)]).toEqual([models - 1, at, 0]);
    const miss = row3([2]);
    useStepAbilities(miss.b, 0, "end-of-turn");
    expect([miss.b.unit(miss.e).models, left(miss.b)]).toEqual([models, 0]);
  });

  it("[AB:BSData/Knot] battles from the combat phase with the 2D6 slay alone are identical, seed for seed, and it changes some", () => {
    sameBattlesChanged(core, (seed, withAbilities) => {
      const { b } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 1 }, { warscroll: "Lord-Imperatant", owner: 0 }], null, "combat");
      if (withAbilities) for (const w of ["Vindictors", "Lord-Imperatant"]) giveTranslated(b, w, KNOT, vocab);
      b.data.log = null;
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6]);
  });

  it("[AB:BSData/Knot, Flight] battles from the combat phase with an enemy HERO in combat are identical, seed for seed, and the slays change some", () => {
    sameBattlesChanged(core, (seed, withAbilities) => {
      const { b } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 1 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 0 }], null, seed % 2 === 0 ? "combat" : "charge");
      if (withAbilities) {
        for (const w of ["Vindictors", "Lord-Imperatant"]) giveTranslated(b, w, KNOT, vocab);
        giveTranslated(b, "Liberators", FLIGHT, vocab);
      }
      b.data.log = null;
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

// The Endrinmaster with Dirigible Suit's Combat Engineers with the bundled Stormcast units.
const ENGINEERS = {
  name: "Engineers",
  timing: "Once Per Turn (Army), Any Combat Phase",
  effect: 'Declare: Pick this unit and up to 1 friendly Praetors unit wholly within 12" of this unit to be the targets.\nEffect: For the rest of the turn, combat attacks made by the targets against enemy units that charged this turn have Crit (2 Hits).',
};

describe("a Crit held against units that charged, scripted dice", () => {
  it("[AB:BSData/Engineers] the combat step holds it on this unit and a friendly Praetors unit (no dice); their combat attacks have Crit (2 Hits) only against a unit that charged", () => {
    const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Gatebreaker Mega-Gargant", owner: 1 }, { warscroll: "Praetors", owner: 0 }], [], "combat");
    const [v, e, l] = ids as [number, number, number];
    giveTranslated(b, "Vindictors", ENGINEERS, vocab);
    useStepAbilities(b, 0, "combat");
    expect([held(b, v), held(b, l), held(b, e), left(b)]).toEqual([["for-the-turn:Vindictors/Engineers#0"], ["for-the-turn:Vindictors/Engineers#0"], [], 0]);
    const crits = (x: number, melee: boolean) => attackMods(battleView(b), battleEffects(b), x, e, melee, false).weaponMods.map((w) => w.ability);
    expect([crits(v, true), crits(l, true)]).toEqual([[], []]); // the Gargant did not charge
    b.unit(e).charged = true;
    expect([crits(v, true), crits(l, true), crits(v, false)]).toEqual([["Crit (2 Hits)"], ["Crit (2 Hits)"], []]);
  });

  it("[AB:BSData/Engineers] battles from the charge and combat phases are identical, seed for seed, and the Crit changes some", () => {
    sameBattlesChanged(core, (seed, withAbilities) => {
      const { b, ids } = battleInRow([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Gatebreaker Mega-Gargant", owner: 1 }, { warscroll: "Praetors", owner: 0 }], null, seed % 2 === 0 ? "charge" : "combat");
      if (withAbilities) giveTranslated(b, "Vindictors", ENGINEERS, vocab);
      if (seed % 3 !== 0) b.unit(ids[1]!).charged = true;
      b.data.log = null;
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
