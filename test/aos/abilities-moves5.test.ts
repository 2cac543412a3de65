/**
 * The moves5 area (docs/abilities.md "Moves outside the movement phase (moves5)"): `phase-move` on set-up positions
 * with scripted dice (after the unit's own SHOOT ability, at the end of the enemy's movement phase, at the end of a
 * turn), then the kernel playing the same battles from such positions, seed for seed, each step checked to change
 * some battles.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { afterFightMove, afterShootMove, endOfTurnMoves, enemyCombatMoves, enemyMovementMoves } from "../../src/aos/battle/moves5.js";
import type { Step } from "../../src/aos/battle/state.js";
import * as E from "../../src/aos/rollout/encode.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChanged } from "../support/same-battles.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const vocab = keywordVocabulary(["INFANTRY"]);

// The catalogues' texts.
const FIGHTER = { name: "Fighter Vessels", timing: "Any Shooting Phase", effect: 'If this unit used a SHOOT ability this phase, this unit can move D6". It cannot end that move in combat.' };
const FLIGHT = { name: "Fire and Flight", timing: "Once Per Turn (Army), Reaction: You declared a SHOOT ability for this unit", effect: 'After that SHOOT ability has been resolved, this unit can move 2D6". It cannot move into combat during any part of that move.' };
const CATCH = { name: "Can't Catch Us!", timing: "Once Per Turn (Army), Enemy Movement Phase", effect: 'If this unit is not in combat, this unit can move D6". It cannot end that move in combat.' };
const PREDATORS = { name: "Relentless Predators", timing: "Once Per Turn (Army), Enemy Movement Phase", effect: 'If this unit is more than 9" from all enemy units, it can move up to D6". It cannot move into combat during any part of that move.' };
const FLY = { name: "Fight And Fly", timing: "Reaction: You declared a FIGHT ability for this unit", effect: 'If this unit charged this turn, this unit can move up to 2D6" after that FIGHT ability has been resolved. It cannot end that move in combat.' };
const LEAPS = { name: "Bounding Leaps", timing: "Once Per Turn (Army), Enemy Combat Phase", effect: 'This unit can move up to 3". It can move through the combat ranges of enemy units and end that move in combat.' };
const LOONS = { name: "Spinning Loons", timing: "Once Per Turn (Army), End of Any Turn", effect: 'If this unit was not set up this phase, this unit can move 2D6". It can move through the combat ranges of enemy units and can finish that move in combat.' };
const QUICK = { name: "Quicksilver Speed", timing: "Once Per Turn (Army), End of Any Turn", effect: "If this unit charged this turn and has not used the 'Power Through' command this turn, it can immediately use the 'Normal Move' ability as if it were your movement phase." };
const TIDES = { name: "Drifting on Spectral Tides", timing: "End of Any Turn", effect: "Roll a dice. On a 3+, this unit can immediately use the 'Normal Move' or the 'Retreat' ability as if it were your movement phase." };
const BEAST = { name: "The Beast Will Out", timing: "Once Per Turn (Army), End of Any Turn", effect: 'If this unit is not in combat, it can move D6". It can move into combat.' };

/**
 * Savage Gains without terrain (objectives: south-border (30, 12), north-border (30, 32), west (14, 22), east (46, 22)):
 * a Celestar Ballista (player 0) at (30, 2), 10" from the south-border objective's centre (it contests within 3" of
 * the marker's edge: not from there), `more` units after it.
 */
function setUp(step: Step, dice: number[] | null, more: Placement[] = [{ warscroll: "Liberators", owner: 1, x: 30, y: 40 }]) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: "Celestar Ballista", owner: 0, x: 30, y: 2 }, ...more], { ...(dice ? { dice } : { seed: 1 }), step });
  b.data.terrain = [];
  return { b, ids };
}
const x = (b: Battle) => E.encodeBattle(b.data);
const records = (b: Battle) => {
  const f = x(b);
  return Array.from({ length: f[E.H.N_EFFECTS]! }, (_, k) => f[E.H.OFF_EFFECTS]! + k * E.EFFECT).filter((r) => f[r + E.EF.KIND] === 129);
};
const at = (b: Battle, id: number) => [Math.round(b.unit(id).x * 1000) / 1000, Math.round(b.unit(id).y * 1000) / 1000];
const left = (b: Battle) => (b.rng as ScriptedRng).left();

describe("a move after the unit's own SHOOT ability", () => {
  it("[AB:BSData/Fighter Vessels] after shooting, the Ballista rolls a D6 (4) and moves 4\" straight toward the south-border objective, to (30, 6); its Normal Move is not used", () => {
    const { b, ids } = setUp({ kind: "shooting", player: 0 }, [4]);
    giveTranslated(b, "Celestar Ballista", FIGHTER, vocab);
    afterShootMove(b, ids[0]!);
    expect([at(b, ids[0]!), left(b), b.unit(ids[0]!).moved]).toEqual([[30, 6], 0, false]);
  });

  it("[AB:BSData/Fighter Vessels] no dice and no move: without the ability, in combat, or holding an objective (contesting it, none of the enemy's)", () => {
    const none = setUp({ kind: "shooting", player: 0 }, []);
    afterShootMove(none.b, none.ids[0]!);
    expect(at(none.b, none.ids[0]!)).toEqual([30, 2]);
    const fighting = setUp({ kind: "shooting", player: 0 }, [], [{ warscroll: "Liberators", owner: 1, x: 30, y: 5 }]);
    giveTranslated(fighting.b, "Celestar Ballista", FIGHTER, vocab);
    afterShootMove(fighting.b, fighting.ids[0]!);
    expect(at(fighting.b, fighting.ids[0]!)).toEqual([30, 2]);
    const holding = setUp({ kind: "shooting", player: 0 }, []);
    giveTranslated(holding.b, "Celestar Ballista", FIGHTER, vocab);
    holding.b.unit(holding.ids[0]!).y = 10;
    afterShootMove(holding.b, holding.ids[0]!);
    expect(at(holding.b, holding.ids[0]!)).toEqual([30, 10]);
  });

  it("[AB:BSData/Fire and Flight] 2D6 (2 + 3 = 5\") to (30, 7); once per turn for the army: a second Ballista that shoots rolls nothing", () => {
    const { b, ids } = setUp({ kind: "shooting", player: 0 }, [2, 3], [{ warscroll: "Celestar Ballista", owner: 0, x: 50, y: 2 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }]);
    giveTranslated(b, "Celestar Ballista", FLIGHT, vocab);
    afterShootMove(b, ids[0]!);
    afterShootMove(b, ids[1]!);
    expect([at(b, ids[0]!), at(b, ids[1]!), b.data.commandsUsed[0]]).toEqual([[30, 7], [50, 2], ["Celestar Ballista/Fire and Flight"]]);
  });

  it("[AB:BSData/Fighter Vessels] the move stops short of an enemy's combat range: Liberators at (30, 9) stop a 6\" move at 3\" from their edge", () => {
    const { b, ids } = setUp({ kind: "shooting", player: 0 }, [6], [{ warscroll: "Liberators", owner: 1, x: 45, y: 40 }, { warscroll: "Liberators", owner: 1, x: 30, y: 11 }]);
    giveTranslated(b, "Celestar Ballista", FIGHTER, vocab);
    afterShootMove(b, ids[0]!);
    const gap = b.distance(ids[0]!, ids[2]!);
    expect(gap).toBeGreaterThan(3);
    expect(gap).toBeLessThan(3.01);
    expect(b.inCombat(ids[0]!)).toBe(false);
  });

  it("the encoder writes kind 129 with EF.MV5_FLAGS (steps 1-5, 8 once per turn for the army, 16 charged, 32 a Normal Move, 64 x gate, 512 x clear), EF.MV5_DICE (16 x count + sides) and EF.MV5_PLUS", () => {
    const { b } = setUp({ kind: "shooting", player: 0 }, null, [{ warscroll: "Liberators", owner: 1, x: 30, y: 40 }]);
    giveTranslated(b, "Celestar Ballista", FLIGHT, vocab);
    giveTranslated(b, "Liberators", PREDATORS, vocab);
    giveTranslated(b, "Liberators", BEAST, vocab);
    giveTranslated(b, "Liberators", FLY, vocab);
    giveTranslated(b, "Liberators", LEAPS, vocab);
    giveTranslated(b, "Liberators", QUICK, vocab);
    giveTranslated(b, "Liberators", TIDES, vocab);
    expect(records(b).map((r) => [x(b)[r + E.EF.MV5_FLAGS], x(b)[r + E.EF.MV5_DICE], x(b)[r + E.EF.MV5_PLUS]])).toEqual([
      [1 + 8, 2 * 16 + 6, 0],
      [2 + 8 + 9 * 512, 16 + 6, 0],
      [3 + 8, 16 + 6, 0],
      [4 + 16, 2 * 16 + 6, 0],
      [5 + 8, 0 * 16 + 0, 3],
      [3 + 8 + 16 + 32, 0, 0],
      [3 + 32 + 3 * 64, 0, 0],
    ]);
  });
});

describe("a move at the end of the enemy's movement phase and at the end of a turn", () => {
  it("[AB:BSData/Can't Catch Us!] in player 1's movement phase the Ballista (player 0) rolls a D6 (3) and moves to (30, 5); in its own, nothing", () => {
    const mine = setUp({ kind: "movement", player: 0 }, []);
    giveTranslated(mine.b, "Celestar Ballista", CATCH, vocab);
    enemyMovementMoves(mine.b);
    expect(at(mine.b, mine.ids[0]!)).toEqual([30, 2]);
    const theirs = setUp({ kind: "movement", player: 1 }, [3]);
    theirs.b.data.active = 1;
    giveTranslated(theirs.b, "Celestar Ballista", CATCH, vocab);
    enemyMovementMoves(theirs.b);
    expect(at(theirs.b, theirs.ids[0]!)).toEqual([30, 5]);
  });

  it("[AB:BSData/Relentless Predators] only more than 9\" from every enemy unit: Liberators 9\" off (edge to edge) stop it, 9.5\" off do not (D6: 2, to (30, 4)); once per turn for the army", () => {
    for (const [gap, want, dice] of [[9, [30, 2], []], [9.5, [30, 4], [2]]] as const) {
      const { b, ids } = setUp({ kind: "movement", player: 1 }, [...dice], [{ warscroll: "Liberators", owner: 1, x: 50, y: 40 }]);
      b.data.active = 1;
      const l = ids[1]!;
      b.unit(l).x = 30 - (b.footprint(ids[0]!).radius + b.footprint(l).radius + gap);
      b.unit(l).y = 2;
      giveTranslated(b, "Celestar Ballista", PREDATORS, vocab);
      enemyMovementMoves(b);
      expect(at(b, ids[0]!), `${gap}`).toEqual(want);
    }
    const two = setUp({ kind: "movement", player: 1 }, [2], [{ warscroll: "Celestar Ballista", owner: 0, x: 50, y: 2 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }]);
    two.b.data.active = 1;
    giveTranslated(two.b, "Celestar Ballista", PREDATORS, vocab);
    enemyMovementMoves(two.b);
    expect([at(two.b, two.ids[0]!), at(two.b, two.ids[1]!)]).toEqual([[30, 4], [50, 2]]);
  });

  it("[AB:BSData/Spinning Loons] at the end of a turn, 2D6 (6 + 6 = 12\") toward the south-border objective: a move toward a point ends on it, at (30, 12), 10\" off", () => {
    const { b, ids } = setUp({ kind: "combat", player: 0 }, [6, 6]);
    giveTranslated(b, "Celestar Ballista", LOONS, vocab);
    endOfTurnMoves(b);
    expect(at(b, ids[0]!)).toEqual([30, 12]);
  });

  it("[AB:BSData/Quicksilver Speed] at the end of a turn a Ballista that charged (out of combat) makes a Normal Move of its Move (3\", no dice) to (30, 5); one that did not charge: nothing", () => {
    for (const charged of [true, false]) {
      const { b, ids } = setUp({ kind: "combat", player: 0 }, []);
      b.unit(ids[0]!).charged = charged;
      giveTranslated(b, "Celestar Ballista", QUICK, vocab);
      endOfTurnMoves(b);
      expect(at(b, ids[0]!), `${charged}`).toEqual(charged ? [30, 5] : [30, 2]);
    }
  });

  it("[AB:BSData/Drifting on Spectral Tides] a dice first: 2 — no move; 3 — a Normal Move of 3\" to (30, 5)", () => {
    for (const [g, want] of [[2, [30, 2]], [3, [30, 5]]] as const) {
      const { b, ids } = setUp({ kind: "combat", player: 0 }, [g]);
      giveTranslated(b, "Celestar Ballista", TIDES, vocab);
      endOfTurnMoves(b);
      expect([at(b, ids[0]!), left(b)], `${g}`).toEqual([want, 0]);
    }
  });

  it("[AB:BSData/The Beast Will Out] at the end of either player's turn (D6: 5), to (30, 7); not a unit in combat", () => {
    for (const active of [0, 1] as const) {
      const { b, ids } = setUp({ kind: "combat", player: active }, [5]);
      b.data.active = active;
      giveTranslated(b, "Celestar Ballista", BEAST, vocab);
      endOfTurnMoves(b);
      expect(at(b, ids[0]!)).toEqual([30, 7]);
    }
    const fighting = setUp({ kind: "combat", player: 0 }, [], [{ warscroll: "Liberators", owner: 1, x: 30, y: 5 }]);
    giveTranslated(fighting.b, "Celestar Ballista", BEAST, vocab);
    endOfTurnMoves(fighting.b);
    expect(at(fighting.b, fighting.ids[0]!)).toEqual([30, 2]);
  });
});

describe("a move after the unit's own FIGHT ability and at the start of the enemy's combat phase", () => {
  it("[AB:BSData/Fight And Fly] after its FIGHT ability, a Ballista that charged and is out of combat rolls 2D6 (1 + 2) and moves 3\" to (30, 5); one that did not charge: nothing", () => {
    for (const charged of [true, false]) {
      const { b, ids } = setUp({ kind: "combat", player: 0 }, charged ? [1, 2] : []);
      giveTranslated(b, "Celestar Ballista", FLY, vocab);
      b.unit(ids[0]!).charged = charged;
      afterFightMove(b, ids[0]!);
      expect(at(b, ids[0]!), `${charged}`).toEqual(charged ? [30, 5] : [30, 2]);
    }
  });

  it("[AB:BSData/Bounding Leaps] at the start of player 1's combat phase the Ballista (player 0) moves 3\" (no dice) to (30, 5); in its own, nothing", () => {
    const theirs = setUp({ kind: "charge", player: 1 }, []);
    theirs.b.data.active = 1;
    giveTranslated(theirs.b, "Celestar Ballista", LEAPS, vocab);
    enemyCombatMoves(theirs.b);
    expect(at(theirs.b, theirs.ids[0]!)).toEqual([30, 5]);
    const mine = setUp({ kind: "charge", player: 0 }, []);
    giveTranslated(mine.b, "Celestar Ballista", LEAPS, vocab);
    enemyCombatMoves(mine.b);
    expect(at(mine.b, mine.ids[0]!)).toEqual([30, 2]);
  });
});

describe("moves outside the movement phase in the kernel", () => {
  it("[AB:BSData/Fight And Fly] battles from a combat phase where Vindictors that charged wipe out a 1-model Liberators unit, then move, are identical in both engines, seed for seed, and the ability changes some", () => {
    sameBattlesChanged(core, (seed, give) => {
      const { b, ids } = battleAt("savage-gains", [{ warscroll: "Vindictors", owner: 0, x: 30, y: 2 }, { warscroll: "Liberators", owner: 1, x: 30, y: 5.6, models: 1 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }], { seed, step: { kind: "combat", player: 0 } });
      b.data.terrain = [];
      b.unit(ids[0]!).charged = true;
      if (give) giveTranslated(b, "Vindictors", FLY, vocab);
      b.data.log = null;
      return new PitchedBattleState(b);
    });
  });

  const cases: [string, { name: string; timing: string; effect: string }[], Step & { player: 0 | 1 }][] = [
    ["after shooting", [FIGHTER, FLIGHT], { kind: "shooting", player: 0 }],
    ["the hero phase (the enemy's movement phase in the next turn)", [CATCH, PREDATORS], { kind: "hero", player: 0 }],
    ["the end of a turn", [BEAST, LOONS], { kind: "hero", player: 0 }],
    ["the hero phase (a Normal Move at the end of each turn)", [TIDES], { kind: "hero", player: 0 }],
    ["the hero phase (the enemy's combat phase in the next turn; fights)", [LEAPS, FLY], { kind: "hero", player: 0 }],
  ];
  for (const [what, texts, step] of cases)
    it(`[AB:BSData/${texts.map((t) => t.name).join(", ")}] battles from ${what} are identical in both engines, seed for seed, and the abilities change some`, () => {
      sameBattlesChanged(core, (seed, give) => {
        const { b } = setUp(step, null, [
          { warscroll: "Celestar Ballista", owner: 0, x: 12, y: 4 },
          { warscroll: "Liberators", owner: 0, x: 44, y: 6 },
          { warscroll: "Liberators", owner: 1, x: 30, y: 38 + (seed % 3) },
          { warscroll: "Vindictors", owner: 1, x: 16, y: 36 },
        ]);
        b.data.active = step.player;
        if (give) for (const t of texts) {
          giveTranslated(b, "Celestar Ballista", t, vocab);
          giveTranslated(b, "Vindictors", t, vocab);
        }
        b.data.log = null;
        return new PitchedBattleState(b);
      });
    });
});
