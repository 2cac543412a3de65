/**
 * The most common BSData ability texts the engines play through src/aos/battle/common.ts (and the kernel's
 * assembly/battle/common.ts): resistance rolls (Ruination Chamber), "not automatically destroyed" (Son of
 * Behemat), momentum points (Unstoppable Momentum), Hidden Weapon Team's visibility and Longshanks' passing
 * through models. Each on a set-up position with scripted dice (a ScriptedRng fails on any die the test did not
 * expect), then the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility, translatedAbility } from "../../src/aos/abilities/translate.js";
import { attackInput } from "../../src/aos/battle/attacks.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { charge } from "../../src/aos/battle/charge.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { fullThrottleMove, gainMomentum, heatOf, momentumOf, momentumRoundEnd, resisted, resistToken, useHeatAbilities } from "../../src/aos/battle/common.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { useChargeReactions } from "../../src/aos/battle/moves.js";
import { moveEnd, moveWorld } from "../../src/aos/battle/paths.js";
import { destroyReserves, setUpInReserve } from "../../src/aos/battle/reserves.js";
import { reserveAbility } from "../../src/aos/battle/abilities.js";
import { attackContext, shootingChoices } from "../../src/aos/battle/shooting.js";
import { visible } from "../../src/aos/battle/visibility.js";
import { playPolicy, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng, battleInRow, type PhaseKind } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// The catalogues' texts (/work/shared/data/bsdata-aos4), as the importer cleans them; the last three name
// bundled units where the catalogue names others (the warscrolls the test fields).
export const TEXT = {
  ruination: {
    name: "Ruination Chamber",
    timing: "Once Per Turn (Army), Reaction: This unit was picked as the target of a non-CORE ability",
    effect: "Make a resistance roll of D6. On a 4+, that ability has no effect on this unit.",
  },
  guardian: {
    name: "Guardian of the Final Threshold",
    timing: "Once Per Turn, Reaction: This unit was picked as the target of a non-CORE ability",
    effect: "Make a resistance roll of D6. On a 3+, that ability has no effect on this unit.",
  },
  sonOfBehemat: {
    name: "Son of Behemat",
    timing: "Passive",
    effect: "If this unit would be automatically destroyed, it is not automatically destroyed. Instead, allocate 6 damage points to it (ward rolls cannot be made for those damage points).",
  },
  momentum: {
    name: "Unstoppable Momentum",
    timing: "Passive",
    effect:
      "Each time this unit has charged as a result of using a CHARGE ability, it gains 1 momentum point. Each time it uses a RUN ability, it gains 2 momentum points. It can have a maximum of 3 momentum points at once. Add the number of momentum points this unit has to the Damage characteristic of its WARHAMMER. At the end of each battle round, subtract 1 from its momentum points, to a minimum of 0.",
  },
  hidden: {
    name: "Hidden Weapon Team",
    timing: "Passive",
    effect:
      'While this unit is within the combat range of a friendly Liberators unit that has 5 or more models, and there are no other friendly HERO units within that unit\'s combat range, this unit is not visible to enemy units more than 13" away.',
  },
  longshanks: { name: "Longshanks", timing: "Passive", effect: 'This unit can pass through models in non-MONSTER units and parts of terrain features that are less than 4" tall.' },
  magicalResistance: {
    name: "Magical Resistance",
    timing: "Reaction: Opponent declared a SPELL ability",
    effect: "If this unit was picked to be the target of that spell, roll a dice. On a 4+, ignore the effect of that spell on this unit.",
  },
  arcaneHeritage: {
    name: "Arcane Heritage",
    timing: "Reaction: Opponent declared a SPELL ability",
    effect:
      'If this unit or a friendly Liberators unit wholly within 12" of this unit was picked to be the target of that spell, roll a dice. On a 4+, ignore the effect of that spell on this unit or that friendly unit. This unit can use this ability more than once per phase but only once per SPELL ability.',
  },
  fullPower: {
    name: "Full Power!",
    timing: "Once Per Turn (Army), Any Hero Phase",
    effect:
      'Pick 1 or more of the following effects. For each effect you pick, give this unit a number of heat tokens equal to the number beside it. 1 *Launch Countermeasures!*: Until the start of your next turn, subtract 1 from hit rolls for shooting attacks that target other friendly SIGMARITE units while they are wholly within 12" of this unit and are under orders. 2 *Full Throttle*: For the rest of the turn, this unit\'s Move characteristic is 10". 3 *Calculate Firing Solution!*: For the rest of the turn, each time this unit uses a SHOOT ability, you can re-roll 1 hit roll and 1 wound roll for shooting attacks made with this unit\'s Godbreaker Cannon. 6 *Get Us Out of Here!*: For the rest of the turn, this unit can use SHOOT abilities even if it used a RETREAT ability in the same turn.',
  },
  overheating: {
    name: "Overheating",
    timing: "Passive",
    effect:
      "Immediately after resolving this unit's 'Full Power!' ability, you must roll a number of dice equal to the number of heat tokens this unit has. For each 5+, allocate 1 damage point to this unit (ward rolls cannot be made for those damage points), then remove 1 of this unit's heat tokens.",
  },
  alphaCharge: {
    name: "Alpha Charge",
    timing: "Any Charge Phase",
    effect: 'Declare: If this unit charged this phase, pick an enemy unit within 1" of it to be the target.\nEffect: Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.',
  },
} as const;

const vocab = keywordVocabulary(["INFANTRY", "HERO", "MONSTER", "WEAPON TEAM"]);

/** Gives every unit of `warscroll` the played translation of `text` (an imported warscroll's UnitProfile.abilities). */
export function give(b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }): void {
  const t = translateAbility(text, vocab);
  expect(t.kind, text.name).toBe("played"); // (Full Power! is played in part: the battle carries it, the coverage does not count it)
  const a = translatedAbility(warscroll, text.name, t)!;
  for (const p of b.data.profiles) if (p.warscroll === warscroll) p.abilities = [...(p.abilities ?? []), a];
}

const row = (units: Omit<Placement, "x" | "y">[], dice: number[] | null, step: PhaseKind = "charge") => battleInRow(units, dice, step);

const state = (b: Battle, id: number) => [b.unit(id).models, b.unit(id).damage];
const left = (b: Battle) => (b.rng as ScriptedRng).left();

describe("resistance rolls (Ruination Chamber)", () => {
  it('[AB:BSData/Ruination Chamber] "Once Per Turn (Army), Reaction: This unit was picked as the target of a non-CORE ability": a resistance roll of 4+ leaves Alpha Charge without effect (no D3 rolled); 3 fails and the D3 is rolled', () => {
    let { b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [4]);
    give(b, "Vindictors", TEXT.alphaCharge);
    give(b, "Liberators", TEXT.ruination);
    b.unit(ids[0]!).charged = true;
    useStepAbilities(b, 0, "charge");
    expect([...state(b, ids[1]!), left(b), b.unit(ids[1]!).tokens]).toEqual([5, 0, 0, [resistToken("Ruination Chamber")]]);
    ({ b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [3, 3]));
    give(b, "Vindictors", TEXT.alphaCharge);
    give(b, "Liberators", TEXT.ruination);
    b.unit(ids[0]!).charged = true;
    useStepAbilities(b, 0, "charge");
    expect([...state(b, ids[1]!), left(b)]).toEqual([4, 1, 0]);
  });

  it("[AB:BSData/Ruination Chamber] once per turn for the army: a second enemy ability that turn on another unit with it gets no roll; the next turn it has one again; a friendly ability is never resisted", () => {
    const { b, ids } = row(
      [{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }],
      [2, 2, 3],
    );
    give(b, "Vindictors", TEXT.alphaCharge);
    give(b, "Liberators", TEXT.ruination);
    b.unit(ids[0]!).charged = b.unit(ids[2]!).charged = true;
    // Vindictors 0 picks Liberators 1 (the best target by the step's rule): resistance 2 fails, D3 2; Vindictors 2 picks
    // Liberators 3 (both in reach; 1 is now damaged, 3 is not... the step picks the most expected, then the fewest wounds left).
    useStepAbilities(b, 0, "charge");
    expect(left(b)).toBe(0);
    const hit = [ids[1]!, ids[3]!].map((id) => b.unit(id).damage + (5 - b.unit(id).models) * 2);
    expect(hit.reduce((x, y) => x + y)).toBe(5); // 2 + 3 mortal damage, one resistance roll in all
    // A friendly source: no roll (the ScriptedRng has no die left).
    expect(resisted(b, ids[3]!, ids[1]!, "a friendly ability")).toBe(false);
    // The next turn: the token is gone with the turn's tokens.
    b.unit(ids[1]!).tokens = b.unit(ids[1]!).tokens.filter((t) => !t.startsWith("for-the-turn:"));
    b.unit(ids[3]!).tokens = b.unit(ids[3]!).tokens.filter((t) => !t.startsWith("for-the-turn:"));
    (b.rng as unknown as { dice: number[] }).dice = [6];
    expect(resisted(b, ids[0]!, ids[1]!, "Alpha Charge")).toBe(true);
  });

  it('[AB:BSData/Guardian of the Final Threshold] "Once Per Turn, Reaction: ...": once a turn for each unit; on 3+ Brace for Impact rolls no dice for its target', () => {
    const { b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Annihilators", owner: 1 }], [3]);
    give(b, "Vindictors", TEXT.guardian);
    b.unit(ids[0]!).charged = true;
    useChargeReactions(b); // Annihilators' Brace for Impact on the Vindictors that charged: resisted, no model dice
    expect([b.unit(ids[0]!).tokens, left(b)]).toEqual([[resistToken("Guardian of the Final Threshold")], 0]);
  });
});

describe("reactions against spells", () => {
  const OLYNDER = "Lady Olynder, Mortarch of Grief";
  const bolt = async () =>
    (await import("../../src/aos/abilities/schema.js")).abilitySchema.parse({
      warscroll: OLYNDER,
      name: "Bolt",
      when: { timing: "spell", phase: "hero", castingValue: 5 },
      effects: [{ whom: { side: "enemy", range: 18 }, do: { kind: "mortal", per: "once", dice: "D6", each: "roll" } }],
      status: "played",
    });

  it('[AB:BSData/Magical Resistance] "Reaction: Opponent declared a SPELL ability: If this unit was picked to be the target of that spell, roll a dice. On a 4+, ignore the effect": after the casting roll, a 4 leaves the spell without effect (no D6); once per phase, then again the next phase', async () => {
    const { castWarscrollSpell } = await import("../../src/aos/battle/warscroll-spells.js");
    const { clearPhaseTokens, SPELL_RESIST_PHASE_TOKEN } = await import("../../src/aos/battle/common.js");
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: OLYNDER, owner: 0, x: 30, y: 10 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 20 },
      ],
      { dice: [3, 4, 4], step: { kind: "hero", player: 0 } },
    );
    b.data.terrain = [];
    b.data.profiles[ids[0]!]!.abilities = [await bolt()];
    give(b, "Liberators", TEXT.magicalResistance);
    castWarscrollSpell(b, ids[0]!, `${OLYNDER}/Bolt`, [ids[1]!]); // 3 + 4 = 7: cast; the reaction's 4: no effect
    expect([...state(b, ids[1]!), left(b), b.unit(ids[1]!).tokens]).toEqual([5, 0, 0, [SPELL_RESIST_PHASE_TOKEN]]);
    // A second spell this phase: no reaction left (no die rolled).
    expect(resisted(b, ids[0]!, ids[1]!, "another spell", true)).toBe(false);
    clearPhaseTokens(b);
    (b.rng as unknown as { dice: number[] }).dice = [3];
    expect([resisted(b, ids[0]!, ids[1]!, "a spell next phase", true), left(b)]).toEqual([false, 0]);
  });

  it('[AB:BSData/Arcane Heritage] "If this unit or a friendly Stormdrake Guard unit wholly within 12" of this unit was picked ...": it covers a friendly unit of the warscroll wholly within 12", more than once a phase; not one further away; never against a non-spell ability', () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Vindictors", owner: 1, x: 30, y: 20 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 26 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 40 },
        { warscroll: "Vindictors", owner: 0, x: 10, y: 10 },
      ],
      { dice: [2, 5, 6], step: { kind: "hero", player: 0 } },
    );
    give(b, "Vindictors", TEXT.arcaneHeritage);
    const [vin, near, far, enemy] = ids as [number, number, number, number];
    expect(resisted(b, enemy, near, "a spell", true)).toBe(false); // 2: fails
    expect(resisted(b, enemy, near, "a spell", true)).toBe(true); // 5: again (no limit a phase)
    expect(resisted(b, enemy, far, "a spell", true)).toBe(false); // not wholly within 12": no die
    expect(resisted(b, enemy, near, "a declared ability")).toBe(false); // not a spell: no die
    expect(resisted(b, enemy, vin, "a spell", true)).toBe(true); // the unit itself: 6
    expect(left(b)).toBe(0);
  });
});

describe("not automatically destroyed (Son of Behemat)", () => {
  it('[AB:BSData/Son of Behemat] "If this unit would be automatically destroyed, it is not automatically destroyed": still in reserve at the start of round 4, 6 damage points (no ward) instead, and it stays in reserve', () => {
    const { b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Praetors", owner: 1 }], []);
    give(b, "Liberators", TEXT.sonOfBehemat);
    for (const id of [ids[1]!, ids[2]!]) Object.assign(b.unit(id), { status: "reserve", reserve: "celestial-realm" });
    b.data.round = 4;
    destroyReserves(b);
    // 5 Liberators (Health 2): 6 damage points slay 3; the Praetors without the ability are destroyed.
    expect([b.unit(ids[1]!).status, ...state(b, ids[1]!), b.unit(ids[2]!).status]).toEqual(["reserve", 2, 0, "destroyed"]);
    // Round 5: the rule is "at the start of the fourth battle round": nothing happens again.
    b.data.round = 5;
    destroyReserves(b);
    expect([b.unit(ids[1]!).status, ...state(b, ids[1]!)]).toEqual(["reserve", 2, 0]);
  });

  it("[AB:Warstomper Mega-Gargant/Son of Behemat] Tooth and Nail's No Reserves: set up in reserve, it is not destroyed but takes 6 damage points", () => {
    const { b, ids } = battleAt("tooth-and-nail", [
      { warscroll: "Warstomper Mega-Gargant", owner: 0, x: 10, y: 10 },
      { warscroll: "Liberators", owner: 1, x: 40, y: 30 },
    ]);
    setUpInReserve(b, 0, ids[0]!, reserveAbility("beneath-the-waves"));
    expect([b.unit(ids[0]!).status, ...state(b, ids[0]!)]).toEqual(["reserve", 1, 6]);
  });
});

describe("momentum points (Unstoppable Momentum)", () => {
  it('[AB:BSData/Unstoppable Momentum] "Each time this unit has charged as a result of using a CHARGE ability, it gains 1 momentum point": +1 for a charge, +2 for a run, at most 3, -1 at the end of each battle round; added to its named weapon\'s Damage only', () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Liberators", owner: 0, x: 30, y: 10 },
        { warscroll: "Vindictors", owner: 1, x: 30, y: 20 },
      ],
      { dice: [6, 6], step: { kind: "charge", player: 0 } },
    );
    b.data.terrain = [];
    give(b, "Liberators", TEXT.momentum);
    const lib = ids[0]!;
    charge(b, lib, ids[1]!); // 12 on 2D6: it charges
    expect([b.unit(lib).charged, momentumOf(b, lib), left(b)]).toEqual([true, 1, 0]);
    // Damage: the Warhammer's 1 + 1, the Grandhammer's 2 unchanged.
    const input = attackInput(b.profile(lib), b.unit(lib), "melee", b.profile(ids[1]!), b.unit(ids[1]!), attackContext(b, lib, ids[1]!, "melee"))!;
    expect(input.attacker.weapons.map((w) => [w.name, w.damage.plus])).toEqual([
      ["Warhammer", 2],
      ["Grandhammer", 2],
    ]);
    momentumRoundEnd(b);
    expect(momentumOf(b, lib)).toBe(0);
    momentumRoundEnd(b);
    expect(momentumOf(b, lib)).toBe(0);
  });

  it("[AB:BSData/Unstoppable Momentum] a run gives 2 and a charge after it 1 more: at most 3", async () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Liberators", owner: 0, x: 30, y: 10 },
        { warscroll: "Vindictors", owner: 1, x: 30, y: 40 },
      ],
      { dice: [4, 6, 6], step: { kind: "movement", player: 0 } },
    );
    b.data.terrain = [];
    give(b, "Liberators", TEXT.momentum);
    const { pick } = await import("../support/battle-fixtures.js");
    pick(b, "Liberators runs toward Vindictors");
    expect(momentumOf(b, ids[0]!)).toBe(2);
    b.unit(ids[0]!).y = b.unit(ids[1]!).y - b.footprint(ids[0]!).radius - b.footprint(ids[1]!).radius - 5;
    charge(b, ids[0]!, ids[1]!); // 6 + 6 for 5": it charges, 3 points
    expect([b.unit(ids[0]!).charged, momentumOf(b, ids[0]!), left(b)]).toEqual([true, 3, 0]);
    gainMomentum(b, ids[0]!, "run"); // at most 3
    expect(momentumOf(b, ids[0]!)).toBe(3);
  });
});

describe("heat tokens ('Full Power!', Overheating)", () => {
  it("[AB:BSData/Overheating] \"Immediately after resolving this unit's 'Full Power!' ability, you must roll a number of dice equal to the number of heat tokens\": Full Throttle at the end of the hero phase gives 2 heat tokens and Move 10\" for the turn; the 2 dice, a 5 and a 2, allocate 1 damage point (no ward) and remove 1 token", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Liberators", owner: 0, x: 30, y: 10 },
        { warscroll: "Vindictors", owner: 1, x: 30, y: 34 },
      ],
      { dice: [5, 2], step: { kind: "hero", player: 0 } },
    );
    b.data.terrain = [];
    give(b, "Liberators", TEXT.fullPower);
    give(b, "Liberators", TEXT.overheating);
    const lib = ids[0]!;
    useHeatAbilities(b, 0);
    expect([heatOf(b, lib), fullThrottleMove(b, lib), ...state(b, lib), left(b)]).toEqual([1, 10, 5, 1, 0]);
    // Once Per Turn (Army): not again this turn.
    useHeatAbilities(b, 0);
    expect([heatOf(b, lib), left(b)]).toEqual([1, 0]);
    // The next turn, with 3 heat tokens already: at the cap... 1 + 2 = 3 < 4, so it is used; then 5 dice.
    b.unit(lib).tokens = b.unit(lib).tokens.filter((t) => !t.startsWith("for-the-turn:"));
    (b.rng as unknown as { dice: number[] }).dice = [1, 1, 1];
    useHeatAbilities(b, 0);
    expect([heatOf(b, lib), left(b)]).toEqual([3, 0]);
    // 4 heat tokens: the policy does not use it.
    b.unit(lib).tokens = [...b.unit(lib).tokens.filter((t) => !t.startsWith("for-the-turn:")), "heat"];
    useHeatAbilities(b, 0);
    expect([heatOf(b, lib), fullThrottleMove(b, lib)]).toEqual([4, null]);
  });

  it("[AB:BSData/Full Power!] played in part: the battle carries it (Full Throttle), the coverage counts it as not played; an in-combat unit does not use it", () => {
    const t = translateAbility(TEXT.fullPower, vocab);
    expect(t.kind === "played" && t.partial).toMatch(/not Launch Countermeasures, Calculate Firing Solution, Get Us Out of Here/);
    const { b, ids } = row([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], [], "hero");
    give(b, "Liberators", TEXT.fullPower);
    useHeatAbilities(b, 0);
    expect(heatOf(b, ids[0]!)).toBe(0);
  });
});

describe("Hidden Weapon Team", () => {
  it('[AB:BSData/Hidden Weapon Team] "While this unit is within the combat range of a friendly Clanrats unit ...": not visible to an enemy more than 13" away while its escort of 5+ models has no other such unit near; visible at 13" or nearer', () => {
    // The Prosecutors (owner 1, javelins 10"... the Celestar Ballista shoots 18") look at the Vindictors escorted by Liberators.
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Vindictors", owner: 0, x: 30, y: 10 },
        { warscroll: "Liberators", owner: 0, x: 30, y: 14 },
        { warscroll: "Celestar Ballista", owner: 1, x: 30, y: 30 },
      ],
      { seed: 1, step: { kind: "shooting", player: 1 } },
    );
    b.data.terrain = [];
    give(b, "Vindictors", TEXT.hidden);
    const [vin, lib, bal] = ids as [number, number, number];
    b.unit(lib).y = 10 + b.footprint(vin).radius + b.footprint(lib).radius + 1; // 1" from the Vindictors
    const far = 10 + b.footprint(vin).radius + b.footprint(bal).radius + 15; // 15" edge to edge
    b.unit(bal).y = far;
    expect([visible(b, bal, vin), visible(b, vin, bal), visible(b, bal, lib)]).toEqual([false, true, true]);
    expect(shootingChoices(b, 1).map((c) => c.label)).not.toContain("Celestar Ballista shoots Vindictors");
    // 4 Liberators: too few to hide it.
    b.unit(lib).models = 4;
    expect(visible(b, bal, vin)).toBe(true);
    b.unit(lib).models = 5;
    // 13" away: visible.
    b.unit(bal).y = far - 2;
    expect(visible(b, bal, vin)).toBe(true);
  });
});

describe("passing through models (Longshanks)", () => {
  it('[AB:BSData/Longshanks] "This unit can pass through models in non-MONSTER units ...": a move goes through friendly Liberators, not through a friendly Mancrusher Mob (MONSTER)', () => {
    const at = (longshanks: boolean, blocker: string) => {
      const { b, ids } = battleAt(
        "savage-gains",
        [
          { warscroll: "Mancrusher Gargant", owner: 0, x: 30, y: 10 },
          { warscroll: blocker, owner: 0, x: 30, y: 14 },
          { warscroll: "Vindictors", owner: 1, x: 30, y: 40 },
        ],
        { seed: 1 },
      );
      b.data.terrain = [];
      if (longshanks) give(b, "Mancrusher Gargant", TEXT.longshanks);
      const g = ids[0]!;
      b.unit(ids[1]!).y = 10 + b.footprint(g).radius + b.footprint(ids[1]!).radius + 0.1;
      return moveEnd(b.footprint(g), { x: 30, y: 24 }, 8, moveWorld(b, g, false));
    };
    const before = at(false, "Liberators");
    const after = at(true, "Liberators");
    const monster = at(true, "Mancrusher Mob");
    // Without it the Liberators stop (or turn) it; with it the straight 8" line ends beyond them.
    expect([Math.abs(before.x - 30) > 1e-6 || before.y < 18 - 1e-6, after, Math.abs(monster.x - 30) > 1e-6 || monster.y < 18 - 1e-6]).toEqual([true, { x: 30, y: 18 }, true]);
  });
});

describe("the kernel plays the same battles", () => {
  type Make = (seed: number, gifts: boolean) => Battle;
  /** Units in a row (0.25" apart) from player 0's charge or movement phase, with the texts given. */
  const inRow =
    (units: Omit<Placement, "x" | "y">[], texts: [string, keyof typeof TEXT][]): Make =>
    (seed, gifts) => {
      const { b, ids } = row(units, null, seed % 2 === 0 ? "charge" : "movement");
      if (gifts) for (const [w, t] of texts) give(b, w, TEXT[t]);
      b.unit(ids[0]!).charged = seed % 2 === 0;
      b.data.terrain = seed % 3 === 0 ? [{ x: 20, y: 14, radius: 2, height: 4 }] : [];
      return b;
    };
  /** Units where `at` puts them (centre y from their footprints), in player `player`'s phase. */
  const placed =
    (units: Omit<Placement, "x" | "y">[], at: (b: Battle, ids: number[], seed: number) => void, texts: [string, keyof typeof TEXT][], step: "movement" | "shooting" | "hero", player: 0): Make =>
    (seed, gifts) => {
      const { b, ids } = battleAt("savage-gains", units.map((u) => ({ ...u, x: 30, y: 10 })), { seed: 1, step: { kind: step, player } });
      b.data.terrain = [];
      if (gifts) for (const [w, t] of texts) give(b, w, TEXT[t]);
      at(b, ids, seed);
      return b;
    };
  const hidden = placed(
    [{ warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Celestar Ballista", owner: 0 }, { warscroll: "Prosecutors", owner: 0 }],
    (b, [vin, lib, bal, pro], seed) => {
      const r = (id: number) => b.footprint(id).radius;
      b.unit(lib!).y = 10 + r(vin!) + r(lib!) + 1;
      Object.assign(b.unit(bal!), { x: 30 + (seed % 3), y: 10 + r(vin!) + r(bal!) + 14 + (seed % 2) });
      Object.assign(b.unit(pro!), { x: 50, y: 36 });
    },
    [["Vindictors", "hidden"]],
    "shooting",
    0,
  );
  const longshanks = placed(
    [{ warscroll: "Mancrusher Gargant", owner: 0 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 1 }],
    (b, [g, lib, vin, lib2], seed) => {
      // The Gargant with its friends right in front of it, on the way to the enemy (no objective nearer).
      Object.assign(b.unit(g!), { x: 10, y: 16 });
      Object.assign(b.unit(lib!), { x: 10, y: 16 + b.footprint(g!).radius + b.footprint(lib!).radius + 0.1 });
      Object.assign(b.unit(vin!), { x: 10 + (seed % 4), y: 32 });
      Object.assign(b.unit(lib2!), { x: 20, y: 36 });
    },
    [["Mancrusher Gargant", "longshanks"]],
    "movement",
    0,
  );
  // Each position, and a line the TypeScript log must show in some seed (the ability is used), or null: then the
  // battles with the ability must differ from those without it in some seed (it changes something).
  const positions: [string, Make, RegExp | null][] = [
    [
      "Ruination Chamber, Guardian of the Final Threshold against Alpha Charge",
      inRow(
        [{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }],
        [["Vindictors", "alphaCharge"], ["Liberators", "ruination"], ["Vindictors", "guardian"]],
      ),
      /resistance roll/,
    ],
    ["Unstoppable Momentum", inRow([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [["Liberators", "momentum"]]), /momentum point/],
    ["Hidden Weapon Team", hidden, null],
    [
      "Full Power!, Overheating",
      placed(
        [{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }],
        (b, [l, v, l2, v2], seed) => {
          Object.assign(b.unit(l!), { x: 10, y: 8 });
          Object.assign(b.unit(v!), { x: 10 + seed, y: 36 });
          Object.assign(b.unit(l2!), { x: 45, y: 36 });
          Object.assign(b.unit(v2!), { x: 45, y: 8 });
        },
        [["Liberators", "fullPower"], ["Liberators", "overheating"]],
        "hero",
        0,
      ),
      /Full Throttle/,
    ],
    ["Longshanks", longshanks, null],
  ];
  for (const [what, make, used] of positions) {
    it(`[AB:BSData/${what}] battles from a set-up position are identical, seed for seed, and the ability plays a part`, () => {
      let seen = 0;
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
        const s = new PitchedBattleState(make(seed, true));
        s.data.log = null;
        const ts = rolloutTs(s, seed);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
        if (used) {
          const logged = new PitchedBattleState(make(seed, true));
          logged.data.log = [];
          logged.reseed(seed);
          playPolicy(logged);
          if (logged.data.log!.some((l) => used.test(l))) seen++;
        } else {
          const without = new PitchedBattleState(make(seed, false));
          without.data.log = null;
          if (JSON.stringify(rolloutTs(without, seed)) !== JSON.stringify(ts)) seen++;
        }
      }
      expect(seen, "seeds whose battle the ability plays a part in").toBeGreaterThan(0);
    });
  }
});

describe("the kernel: Son of Behemat, resistance against spells and Brace for Impact", () => {
  it("[AB:Warstomper Mega-Gargant/Son of Behemat] a Mega-Gargant still in reserve at the start of round 4 takes 6 damage points instead and stays in reserve; both engines play the same battles", async () => {
    const { bundledRosters } = await import("../../src/aos/armies/index.js");
    const { pitchedBattleGame } = await import("../../src/aos/battle/game.js");
    const { playSetUp } = await import("../../src/aos/rollout/ts.js");
    const rosters = bundledRosters().map((r) => r.roster);
    const byName = (name: string) => rosters.find((r) => r.name === name)!;
    const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [byName("Stomp of Giants"), byName("Mortek Shieldwall")], battleplan: "savage-gains" }, 21));
    playPolicy(s, (x) => !(x.data.round === 3 && x.data.turn === 1 && x.data.step.kind === "shooting"));
    const id = s.data.units.findIndex((u, i) => u.status === "deployed" && /^(Warstomper|Beast-smasher)/.test(s.data.profiles[i]!.warscroll));
    expect(id).toBeGreaterThanOrEqual(0);
    Object.assign(s.data.units[id]!, { status: "reserve", reserve: "beneath-the-waves", damage: 0 });
    s.battle.choiceCache = null;
    for (const seed of [1, 2, 3, 4]) expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    const end = s.clone();
    end.reseed(1);
    playPolicy(end, (x) => x.data.round < 4);
    expect([end.data.units[id]!.status, end.data.units[id]!.damage, end.data.units[id]!.destroyedBy]).toEqual(["reserve", 6, null]);
  });

  it("[AB:BSData/Ruination Chamber, Magical Resistance] a warscroll spell that is cast on a unit with it, and Brace for Impact on one that charged: both engines play the same battles, and the roll is made", async () => {
    const { abilitySchema } = await import("../../src/aos/abilities/schema.js");
    const OLYNDER = "Lady Olynder, Mortarch of Grief";
    const bolt = abilitySchema.parse({
      warscroll: OLYNDER,
      name: "Bolt",
      when: { timing: "spell", phase: "hero", castingValue: 5 },
      effects: [{ whom: { side: "enemy", range: 18 }, do: { kind: "mortal", per: "once", dice: "D6", each: "roll" } }],
      status: "played",
    });
    let seen = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const make = () => {
        const { b, ids } = row([{ warscroll: OLYNDER, owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Annihilators", owner: 1 }], null, "hero");
        b.data.profiles[ids[0]!]!.abilities = [bolt];
        give(b, "Liberators", seed % 2 === 0 ? TEXT.ruination : TEXT.magicalResistance);
        give(b, "Vindictors", TEXT.guardian);
        b.unit(ids[1]!).y += 6; // the Liberators out of combat, within 18" of Lady Olynder
        b.unit(ids[3]!).y += 6;
        return b;
      };
      const s = new PitchedBattleState(make());
      s.data.log = null;
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      const logged = new PitchedBattleState(make());
      logged.data.log = [];
      logged.reseed(seed);
      playPolicy(logged);
      if (logged.data.log!.some((l) => /uses (Ruination Chamber|Magical Resistance) against Bolt/.test(l))) seen++;
    }
    expect(seen).toBeGreaterThan(0);
  });
});
