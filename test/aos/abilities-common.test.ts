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
import { gainMomentum, momentumOf, momentumRoundEnd, resisted, resistToken } from "../../src/aos/battle/common.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { useChargeReactions } from "../../src/aos/battle/moves.js";
import { moveEnd, moveWorld } from "../../src/aos/battle/paths.js";
import { destroyReserves, setUpInReserve } from "../../src/aos/battle/reserves.js";
import { reserveAbility } from "../../src/aos/battle/abilities.js";
import { attackContext, shootingChoices } from "../../src/aos/battle/shooting.js";
import { visible } from "../../src/aos/battle/visibility.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";

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
  expect(t.kind, text.name).toBe("played");
  const a = translatedAbility(warscroll, text.name, t)!;
  for (const p of b.data.profiles) if (p.warscroll === warscroll) p.abilities = [...(p.abilities ?? []), a];
}

/** Units in a row along y, each 0.25" from the next (edge to edge), no terrain. */
function row(units: Omit<Placement, "x" | "y">[], dice: number[] | null, step: "charge" | "combat" | "shooting" | "hero" | "movement" = "charge") {
  const { b, ids } = battleAt("savage-gains", units.map((u) => ({ ...u, x: 30, y: 10 })), { ...(dice ? { dice } : { seed: 1 }), step: { kind: step, player: 0 } });
  let y = 10;
  ids.forEach((id, i) => {
    if (i > 0) y += b.footprint(ids[i - 1]!).radius + b.footprint(id).radius + 0.25;
    b.unit(id).y = y;
  });
  b.data.terrain = [];
  return { b, ids };
}

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
  const positions: [string, (keyof typeof TEXT)[], Omit<Placement, "x" | "y">[]][] = [
    ["Ruination Chamber against Alpha Charge", ["ruination", "alphaCharge"], [{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }]],
    ["Unstoppable Momentum", ["momentum"], [{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }]],
    ["Hidden Weapon Team", ["hidden"], [{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Celestar Ballista", owner: 1 }, { warscroll: "Prosecutors", owner: 1 }]],
    ["Longshanks", ["longshanks"], [{ warscroll: "Mancrusher Gargant", owner: 0 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 1 }]],
  ];
  for (const [what, texts, units] of positions) {
    it(`[AB:BSData/${what}] battles from a set-up position are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b, ids } = row(units, null, seed % 2 === 0 ? "charge" : "movement");
        for (const t of texts) for (const u of new Set(units.map((x) => x.warscroll))) if (t !== "alphaCharge" || u === "Vindictors") if (t === "alphaCharge" || u === units[t === "ruination" ? 1 : 0]!.warscroll) give(b, u, TEXT[t]);
        b.data.log = null;
        b.unit(ids[0]!).charged = seed % 2 === 0;
        b.data.terrain = seed % 3 === 0 ? [{ x: 20, y: 14, radius: 2, height: 4 }] : [];
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }
});
