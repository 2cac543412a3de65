/**
 * The hashut6 area (docs/abilities.md "Daemonic power points and desolation tokens (hashut6)"): the Helsmiths of
 * Hashut's Leave the Land in Ruin and Harness Daemonic Power at the start of each turn (battle/hashut6.ts, turn.ts
 * beginTurn; the kernel's assembly/battle/hashut6.ts, flow.ts), and the `daemonic` condition on the points (passive.ts;
 * the kernel's effects.ts conditionsHold). Set-up positions (no dice: the traits roll none); then the kernel playing the
 * same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attackMods } from "../../src/aos/abilities/attack.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { battleEffects, battleView, unitWard } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { useHashutTurnStart } from "../../src/aos/battle/hashut6.js";
import { moveModifier } from "../../src/aos/battle/moves.js";
import { controlScore } from "../../src/aos/battle/objectives.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import * as E from "../../src/aos/rollout/encode.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChangedAcross, sameBattlesChanged } from "../support/same-battles.js";
import { battleAt, battleInRow, type Placement, ScriptedRng } from "../support/battle-fixtures.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// The catalogues' texts (Dominator Engine with Bane Maces, Bull Centaurs, The Blood of the Bull, War Despot), on bundled warscrolls.
const TEXT = {
  strength: { name: "Daemonic Strength", timing: "Passive", effect: "For each daemonic power point this unit has: • Add 1\" to its Move characteristic • Add 1 to the Attacks characteristic of its weapons." },
  crush: { name: "Crush the Unworthy", timing: "Passive", effect: "Add 1 to charge rolls for each daemonic power point it has." },
  empowerment: {
    name: "Infernal Empowerment",
    timing: "Passive",
    effect: "Apply the effect(s) below that corresponds with the number of daemonic power points this unit has. These effects are cumulative. 1+ Add 1\" to this unit's Move characteristic. 2+ Add 1 to wound rolls for this unit's combat attacks. 3+ Add 1 to the Rend characteristic of this unit's melee weapons.",
  },
  bullCharge: {
    name: "Bull Charge",
    timing: "Any Charge Phase",
    effect: "Declare: If this unit charged this turn, pick a visible enemy unit within 1\" of it to be the target.\nEffect: Roll a dice for each model in this unit. Add the number of daemonic power points this unit has. For each 6+, inflict 1 mortal damage on the target.",
  },
  resilience: {
    name: "Daemonic Resilience",
    timing: "Passive",
    effect:
      "Apply the effect below that corresponds with the number of daemonic power points this unit has: 1 This unit has WARD (6+). 2 This unit has WARD (5+). 3 This unit has WARD (4+) against damage inflicted by SPELLS, PRAYERS, and abilites used by MANIFESTATIONS. Otherwise, it has WARD (5+).",
  },
  // Nagash's lore (the spells area's text), for a spell's mortal damage.
  wraithstorm: {
    name: "Wraithstorm",
    timing: "Your Hero Phase; Spell, casting value 7",
    effect: "Declare: Pick a visible enemy unit within 12\" of this unit to be the target, then make a casting roll of 2D6.\nEffect: Inflict D3 mortal damage on the target. If any models are slain as a result of this ability, inflict a further D3 mortal damage on the target",
  },
  conqueror: {
    name: "Black-Hearted Conqueror",
    timing: "Passive",
    effect: "Add 3 to the control scores of friendly HELSMITH OF HASHUT INFANTRY units while they are wholly within 6\" of this unit. Add 6\" to the range of this ability for each daemonic power point this unit has.",
  },
} as const;

const HASHUT = "HELSMITHS OF HASHUT";
const vocab = keywordVocabulary([HASHUT, "INFANTRY", "HOBGROT", "HERO"]);

/**
 * Savage Gains (objectives: south-border 0 at 30,12; north-border 1 at 30,32; west 2 at 14,22; east 3 at 46,22):
 * player 0's Liberators (HELSMITHS OF HASHUT) on the west objective, a Lord-Imperatant (HELSMITHS OF HASHUT HERO) at
 * 14,30, Vindictors (HELSMITHS OF HASHUT HOBGROT) on the south-border objective; player 1's Annihilators far away.
 */
function setUp(step: "hero" | "combat" = "hero", seed: number | null = null, extra: Placement[] = []) {
  const { b, ids } = battleAt(
    "savage-gains",
    [
      { warscroll: "Liberators", owner: 0, x: 14, y: 22, keywords: [HASHUT] },
      { warscroll: "Lord-Imperatant", owner: 0, x: 14, y: 30, keywords: [HASHUT] },
      { warscroll: "Vindictors", owner: 0, x: 30, y: 12, keywords: [HASHUT, "HOBGROT"] },
      { warscroll: "Annihilators", owner: 1, x: 46, y: 40 },
      { warscroll: "Knight-Arcanum", owner: 1, x: 60, y: 40 },
      ...extra,
    ],
    seed === null ? { step: { kind: step, player: 0 } } : { seed, step: { kind: step, player: 0 } },
  );
  b.data.terrain = [];
  return { b, l: ids[0]!, h: ids[1]!, v: ids[2]!, a: ids[3]!, ids };
}

const points = (b: Battle) => b.data.units.slice(0, 4).map((u) => u.daemonic ?? 0);

describe("Leave the Land in Ruin and Harness Daemonic Power", () => {
  it("the start of player 0's turn: a token on the lowest objective a HELSMITHS OF HASHUT unit not in combat contests, then 1 point for each token, to the units that read them first, 3 at most each, never a HOBGROT", () => {
    const { b, l, h } = setUp();
    giveTranslated(b, "Lord-Imperatant", TEXT.strength, vocab); // the HERO reads the points: it is given them first
    beginTurn(b, 0);
    // The south-border objective (0) is contested by the Vindictors: a HELSMITHS OF HASHUT unit (HOBGROT too) may place it.
    expect(b.data.desolation).toEqual([1, 0]);
    expect(points(b)).toEqual([0, 1, 0, 0]);
    beginTurn(b, 1); // the enemy's turn: another token (west, 2); no points in the enemy's turn
    expect(b.data.desolation).toEqual([1 | 4, 0]);
    expect(points(b)).toEqual([0, 1, 0, 0]);
    beginTurn(b, 0); // north-border and east are not contested, so no new token: 2 tokens, 2 points to the HERO
    expect(b.data.desolation).toEqual([1 | 4, 0]);
    expect(points(b)).toEqual([0, 2, 0, 0]);
    // More tokens than one unit can take: 3 to the HERO, the rest to the Liberators (not the HOBGROT Vindictors).
    b.data.desolation = [15, 0];
    beginTurn(b, 0);
    expect(points(b)).toEqual([1, 3, 0, 0]);
    expect([l, h]).toEqual([0, 1]);
  });

  it("a unit in combat places no token; an army without HELSMITHS OF HASHUT units has no traits", () => {
    const { b, v, a } = setUp();
    b.unit(a).x = 30;
    b.unit(a).y = 12 - b.footprint(v).radius - b.footprint(a).radius - 0.25; // the Annihilators in combat with the Vindictors
    b.unit(0).x = 60; // the Liberators off the west objective
    b.unit(0).y = 40;
    useHashutTurnStart(b);
    expect(b.data.desolation).toEqual([0, 0]);
    expect(points(b)).toEqual([0, 0, 0, 0]);
  });
});

describe("the daemonic condition, set-up positions", () => {
  it("[AB:BSData/Daemonic Strength] +1\" Move and +1 Attacks for each point", () => {
    const { b, l, a } = setUp();
    giveTranslated(b, "Liberators", TEXT.strength, vocab);
    const attacks = () => attackMods(battleView(b), battleEffects(b), l, a, true, false).weaponMods.reduce((n, w) => n + w.attacks, 0);
    const out: number[][] = [];
    for (const n of [0, 1, 2, 3]) {
      b.unit(l).daemonic = n;
      out.push([moveModifier(b, l, "move"), attacks()]);
    }
    expect(out).toEqual([[0, 0], [1, 1], [2, 2], [3, 3]]);
  });

  it("[AB:BSData/Crush the Unworthy] +1 to charge rolls for each point", () => {
    const { b, l } = setUp();
    giveTranslated(b, "Liberators", TEXT.crush, vocab);
    expect([0, 1, 2, 3].map((n) => ((b.unit(l).daemonic = n), moveModifier(b, l, "charge")))).toEqual([0, 1, 2, 3]);
  });

  it("[AB:BSData/Infernal Empowerment] 1+: +1\" Move; 2+: +1 to wound rolls for combat attacks; 3+: +1 Rend for melee weapons (cumulative)", () => {
    const { b, l, a } = setUp();
    giveTranslated(b, "Liberators", TEXT.empowerment, vocab);
    const out = [0, 1, 2, 3].map((n) => {
      b.unit(l).daemonic = n;
      const m = attackMods(battleView(b), battleEffects(b), l, a, true, false);
      const ranged = attackMods(battleView(b), battleEffects(b), l, a, false, false);
      return [moveModifier(b, l, "move"), m.wound, m.rend, ranged.wound + ranged.rend];
    });
    expect(out).toEqual([[0, 0, 0, 0], [1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0]]);
  });

  it("[AB:BSData/Black-Hearted Conqueror] +3 control to friendly HELSMITHS OF HASHUT INFANTRY wholly within 6\" + 6\" a point of the unit with it", () => {
    const { b, l, h } = setUp();
    giveTranslated(b, "Lord-Imperatant", TEXT.conqueror, vocab);
    // The Liberators' centre 8" from the HERO's: wholly within 6 + 6 only with a point (8 + 2.52 - the HERO's radius).
    const base = controlScore(b, l, 5);
    const out = [0, 1, 2, 3].map((n) => ((b.unit(h).daemonic = n), controlScore(b, l, 5) - base));
    b.unit(h).daemonic = 0;
    b.unit(l).daemonic = 3; // the points of the affected unit do not count
    expect([...out, controlScore(b, l, 5) - base]).toEqual([0, 3, 3, 3, 0]);
  });
});

describe("a ward against spells, prayers and manifestations", () => {
  it("[AB:BSData/Daemonic Resilience] 1 point WARD (6+), 2 WARD (5+), 3 WARD (5+) and WARD (4+) against a spell's, a prayer's or a manifestation's damage (unitWard's `from`; an attack's ward from attackMods)", () => {
    const { b, l, a } = setUp();
    giveTranslated(b, "Liberators", TEXT.resilience, vocab);
    const out = [0, 1, 2, 3].map((n) => {
      b.unit(l).daemonic = n;
      return [unitWard(b, l), unitWard(b, l, a), unitWard(b, l, "spell"), attackMods(battleView(b), battleEffects(b), a, l, false, false).ward];
    });
    expect(out).toEqual([[null, null, null, 0], [6, 6, 6, 6], [5, 5, 5, 5], [5, 5, 4, 5]]);
    // An attack or ability of a manifestation: the Annihilators made one (manifestations.ts isManifestation reads the summons).
    const attacker = { ...battleView(b), magicDamage: (id: number) => id === a };
    expect(attackMods(attacker, battleEffects(b), a, l, false, false).ward).toBe(4);
  });
});

describe("a roll bonus of the points", () => {
  it("[AB:BSData/Bull Charge] a dice for each model of the unit that charged, plus its points, each 6+ 1 mortal damage on the enemy unit within 1\"", () => {
    const run = (points: number) => {
      const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 0, keywords: [HASHUT] }, { warscroll: "Annihilators", owner: 1 }], [1, 2, 3, 4, 6], "charge");
      giveTranslated(b, "Liberators", TEXT.bullCharge, vocab);
      b.unit(ids[0]!).charged = true;
      b.unit(ids[0]!).daemonic = points;
      useStepAbilities(b, 0, "charge");
      expect((b.rng as ScriptedRng).left()).toBe(0);
      return b.unit(ids[1]!).damage + 3 * (3 - b.unit(ids[1]!).models);
    };
    // The 5 Liberators' dice 1, 2, 3, 4, 6: with 0 points one 6+; with 2 points 3, 4, 5, 6, 8: two; with 3 points three.
    expect([run(0), run(2), run(3)]).toEqual([1, 2, 3]);
  });
});

describe("both engines", () => {
  it("the encoder writes EF.H6_POINTS (1 + min + 4 x max), U.HASHUT (points + 4 HELSMITHS OF HASHUT + 8 HOBGROT + 16 reads the points) and H.DESOLATION0/1", () => {
    const { b, l, h, v } = setUp();
    giveTranslated(b, "Liberators", TEXT.crush, vocab);
    b.unit(l).daemonic = 2;
    b.data.desolation = [5, 8];
    const x = E.encodeBattle(b.data);
    const records = Array.from({ length: x[E.H.N_EFFECTS]! }, (_, k) => x[E.H.OFF_EFFECTS]! + k * E.EFFECT);
    expect(records.slice(-3).map((r) => x[r + E.EF.H6_POINTS])).toEqual([1 + 1 + 4, 1 + 2 + 8, 1 + 3 + 12]);
    const slot = (id: number) => x[x[E.H.OFF_UNITS]! + id * E.UNIT + E.U.HASHUT];
    expect([slot(l), slot(h), slot(v), slot(3), slot(4)]).toEqual([2 + 4 + 16, 4, 4 + 8, 0, 0]);
    expect([x[E.H.DESOLATION0], x[E.H.DESOLATION1]]).toEqual([5, 8]);
  });

  it("[AB:BSData/Daemonic Strength] [AB:BSData/Crush the Unworthy] [AB:BSData/Infernal Empowerment] [AB:BSData/Black-Hearted Conqueror] [AB:BSData/Bull Charge] [AB:BSData/Daemonic Resilience] battles from hero and combat phase positions (tokens and points encoded) are identical, seed for seed; the traits and abilities change some", () => {
    sameBattlesChangedAcross(core, (step, encoded) => (seed: number, withTraits: boolean) => {
      const { b, l, h, a } = setUp(step, seed);
      b.unit(a).x = 20; // the Annihilators near the Liberators
      b.unit(a).y = 26;
      giveTranslated(b, "Liberators", TEXT.strength, vocab);
      giveTranslated(b, "Liberators", TEXT.empowerment, vocab);
      giveTranslated(b, "Lord-Imperatant", TEXT.crush, vocab);
      giveTranslated(b, "Lord-Imperatant", TEXT.conqueror, vocab);
      giveTranslated(b, "Liberators", TEXT.bullCharge, vocab);
      giveTranslated(b, "Liberators", TEXT.resilience, vocab);
      giveTranslated(b, "Knight-Arcanum", TEXT.wraithstorm, vocab);
      b.unit(4).x = 20; // the WIZARD within 12" of the Liberators
      b.unit(4).y = 32;
      if (!withTraits) for (const p of b.data.profiles) p.keywords = p.keywords.filter((k) => k !== HASHUT);
      if (encoded) {
        b.data.desolation = [4, 0];
        b.unit(l).daemonic = 1;
        b.unit(h).daemonic = 3;
      }
      b.data.log = null;
      return new PitchedBattleState(b);
    });
  });

  it("[AB:BSData/Daemonic Resilience] a WIZARD's Wraithstorm on a unit with 3 points (WARD (4+) against it, 5+ against the attacks) from player 0's hero phase: both engines identical, seed for seed; the points change some", () => {
    const make = (seed: number, points: number) => {
      const { b, ids } = battleAt(
        "savage-gains",
        [
          { warscroll: "Knight-Arcanum", owner: 0, x: 20, y: 32 },
          { warscroll: "Liberators", owner: 0, x: 40, y: 40 },
          { warscroll: "Annihilators", owner: 1, x: 20, y: 24, keywords: [HASHUT] },
        ],
        { seed, step: { kind: "hero", player: 0 } },
      );
      b.data.terrain = [];
      giveTranslated(b, "Knight-Arcanum", TEXT.wraithstorm, vocab);
      giveTranslated(b, "Annihilators", TEXT.resilience, vocab);
      b.unit(ids[2]!).daemonic = points;
      b.data.log = null;
      return new PitchedBattleState(b);
    };
    // With no points it has no ward (no ward dice).
    sameBattlesChanged(core, (seed, on) => make(seed, on ? 3 : 0), [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

