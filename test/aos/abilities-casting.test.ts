/**
 * Casting-roll modifiers (docs/abilities.md "Casting-roll modifiers": translate-casting.ts, src/aos/battle/casting.ts
 * and the kernel's assembly/battle/casting.ts): "Add 1 to casting rolls for this unit" and the auras on friendly
 * WIZARDS wholly within a range, translated from the BSData texts, added to every casting roll (a double 1 still
 * miscasts; an unbinding roll must beat the modified roll; "if the casting roll was 10+" reads the modified roll),
 * each on a set-up position with scripted dice, and the kernel playing the same battles seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Ability } from "../../src/aos/abilities/schema.js";
import { abilitySchema } from "../../src/aos/abilities/schema.js";
import { keywordVocabulary, translateAbility, translatedAbility } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { castingBonus, goesOnAfterMiscast } from "../../src/aos/battle/casting.js";
import { choices } from "../../src/aos/battle/flow.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { castingRollValue } from "../../src/aos/battle/spells.js";
import { encodeBattle, H, U, UNIT } from "../../src/aos/rollout/encode.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";
import { giveTranslated } from "../support/abilities.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// The catalogues' texts (/work/shared/data/bsdata-aos4): the Eidolon of Mathlann, Aspect of the Sea's Dormant
// Energies, the Lord-Arcanum on Tauralon's Trails of Astral Light, Nagash, Supreme Lord of the Undead's The Staff of Power, the
// Lord-Arcanum's Aetheric Manipulation.
const TEXT = {
  self: { name: "Dormant Energies", timing: "Passive", effect: "Add 1 to casting rolls for this unit." },
  aura: { name: "Trails of Astral Light", timing: "Passive", effect: 'Add 1 to casting rolls for friendly STORMCAST ETERNALS WIZARDS while they are wholly within 12" of this unit.' },
  nagash: {
    name: "The Staff of Power",
    timing: "Passive",
    effect: "Add 2 to casting rolls for this unit while it has not miscast any spells this turn. If this unit miscasts a spell, ignore the restriction that would stop this unit from casting any more spells this turn.",
  },
  summon: { name: "Aetheric Manipulation", timing: "Passive", effect: "Add 1 to casting rolls for this unit when it uses a SUMMON ability." },
  unbinding: { name: "Locus", timing: "Passive", effect: 'Add 1 to casting rolls and unbinding rolls for friendly DISCIPLES OF TZEENTCH WIZARDS while they are wholly within 12" of this unit.' },
} as const;
const vocab = keywordVocabulary(["STORMCAST ETERNALS", "DISCIPLES OF TZEENTCH"]);

const OLYNDER = "Lady Olynder, Mortarch of Grief";
const HORRORS = "Horrors of the Necropolis";
const BOLT: Ability = abilitySchema.parse({
  warscroll: OLYNDER,
  name: "Bolt",
  when: { timing: "spell", phase: "hero", castingValue: 7 },
  effects: [
    { whom: { side: "enemy", range: 18 }, conditions: { castingRoll: { atMost: 9 } }, do: { kind: "mortal", per: "once", dice: "D3", each: "roll" } },
    { whom: { side: "enemy", range: 18 }, conditions: { castingRoll: { atLeast: 10 } }, do: { kind: "mortal", per: "once", dice: "D6", each: "roll" } },
  ],
  status: "played",
});

/** The played translation of `k` for `warscroll`, added to its profiles' abilities. */
const give = (b: Battle, warscroll: string, k: keyof typeof TEXT) => giveTranslated(b, warscroll, TEXT[k], vocab);

const left = (b: Battle) => (b.rng as ScriptedRng).left();

describe("casting-roll modifiers, translated", () => {
  it("[AB:BSData/Dormant Energies] 'Add 1 to casting rolls for this unit': a casting effect of +1 on the unit itself", () => {
    const t = translateAbility(TEXT.self, vocab);
    expect(t.kind).toBe("played");
    expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.do])).toEqual([[{ side: "self", wholly: false, includeSelf: false }, { kind: "casting", value: 1 }]]);
  });

  it("[AB:BSData/Trails of Astral Light] the aura: +1 for friendly STORMCAST ETERNALS WIZARDS wholly within 12\" (the unit itself when it is one); with unbinding rolls too, an unbinding modifier beside it (the passive2 area: bsdata-translate-passive2.test.ts)", () => {
    const t = translateAbility(TEXT.aura, vocab);
    expect(t.kind).toBe("played");
    expect(t.kind === "played" && t.effects.map((e) => [e.whom, e.do])).toEqual([
      [{ side: "friendly", filter: { keywords: ["STORMCAST ETERNALS", "WIZARD"] }, range: 12, wholly: true, includeSelf: true }, { kind: "casting", value: 1 }],
    ]);
    const u = translateAbility(TEXT.unbinding, vocab);
    expect(u.kind === "played" && u.effects.map((e) => e.do)).toEqual([
      { kind: "casting", value: 1 },
      { kind: "unbinding", value: 1 },
    ]);
  });

  it("[AB:BSData/The Staff of Power] +2 while it has not miscast this turn, and a miscast does not stop its casting", () => {
    const t = translateAbility(TEXT.nagash, vocab);
    expect(t.kind).toBe("played");
    expect(t.kind === "played" && t.effects.map((e) => [e.whom.side, e.do])).toEqual([
      ["self", { kind: "casting", value: 2, unlessMiscast: true }],
      ["self", { kind: "miscast-goes-on" }],
    ]);
  });
});

/** Player 0's hero phase: Lady Olynder (0) at (30, 10) and the placed units. */
function hero(units: Placement[], dice: number[] | null, seed = 1) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: OLYNDER, owner: 0, x: 30, y: 10 }, ...units], { ...(dice ? { dice } : { seed }), step: { kind: "hero", player: 0 } });
  b.data.terrain = [];
  return { b, ids };
}

describe("casting-roll modifiers, scripted dice", () => {
  it("[AB:BSData/Dormant Energies] 2D6 of 3 + 3 = 6, +1, reaches casting value 7 (the unmodified 6 is returned); without it, it fails; a double 1 still miscasts", () => {
    let { b, ids } = hero([{ warscroll: "Liberators", owner: 1, x: 30, y: 40 }], [3, 3]);
    expect(castingRollValue(b, ids[0]!, 7, "Test")).toBe(0);
    ({ b, ids } = hero([{ warscroll: "Liberators", owner: 1, x: 30, y: 40 }], [3, 3]));
    give(b, OLYNDER, "self");
    expect([castingBonus(b, ids[0]!), castingRollValue(b, ids[0]!, 7, "Test"), left(b)]).toEqual([1, 6, 0]);
    // 1 + 1 with +1 (and +2 of Loreseekers' kind): a miscast, D3 (2) mortal damage, her WARD (5+) rolls 1 and 2.
    ({ b, ids } = hero([{ warscroll: "Liberators", owner: 1, x: 30, y: 40 }], [1, 1, 2, 1, 2]));
    give(b, OLYNDER, "self");
    expect([castingRollValue(b, ids[0]!, 2, "Test", 0, 2), b.unit(ids[0]!).damage, b.data.spells.blocked, left(b)]).toEqual([0, 2, [ids[0]], 0]);
  });

  it("[CORE-UNBIND] an unbinding roll must beat the modified casting roll: 3 + 4 + 1 = 8 is unbound by 5 + 4 = 9, not by 4 + 4 = 8", () => {
    // A Knight-Arcanum (WIZARD (1)) 20" away unbinds.
    let { b, ids } = hero([{ warscroll: "Knight-Arcanum", owner: 1, x: 30, y: 30 }], [3, 4, 5, 4]);
    give(b, OLYNDER, "self");
    expect([castingRollValue(b, ids[0]!, 7, "Test"), left(b)]).toEqual([0, 0]);
    ({ b, ids } = hero([{ warscroll: "Knight-Arcanum", owner: 1, x: 30, y: 30 }], [3, 4, 4, 4]));
    give(b, OLYNDER, "self");
    expect([castingRollValue(b, ids[0]!, 7, "Test"), left(b)]).toEqual([7, 0]);
  });

  it("[AB:BSData/Dormant Energies] 'if the casting roll was 10+' reads the modified roll: 4 + 5 + 1 = 10 casts Bolt's D6 (a 5: 2 Liberators slain, 1 damage allocated)", () => {
    const { b, ids } = hero([{ warscroll: "Liberators", owner: 1, models: 3, x: 30, y: 20 }], [4, 5, 5]);
    b.data.profiles[ids[0]!]!.abilities = [BOLT];
    give(b, OLYNDER, "self");
    b.choiceCache = null;
    choices(b).find((c) => c.label.endsWith("casts Bolt on Liberators"))!.apply(b);
    expect([b.unit(ids[1]!).models, b.unit(ids[1]!).damage, left(b)]).toEqual([1, 1, 0]);
  });

  it("[AB:BSData/Trails of Astral Light] the aura applies to a STORMCAST ETERNALS WIZARD wholly within 12\" of the Vindictors with it, not to one farther, nor to an enemy or a non-WIZARD", () => {
    const { b, ids } = hero(
      [
        { warscroll: "Vindictors", owner: 0, x: 10, y: 10 },
        { warscroll: "Knight-Arcanum", owner: 0, x: 16, y: 10 },
        { warscroll: "Knight-Arcanum", owner: 0, x: 10, y: 30 },
        { warscroll: "Knight-Arcanum", owner: 1, x: 12, y: 14 },
        { warscroll: "Liberators", owner: 0, x: 14, y: 16 },
      ],
      [2, 2, 2, 1],
    );
    give(b, "Vindictors", "aura");
    // Vindictors, the Knight-Arcanum 6" away (wholly within 12"), the one 20" away, the enemy's, Liberators.
    expect(ids.slice(1).map((id) => castingBonus(b, id))).toEqual([0, 1, 0, 0, 0]);
    // Metamorphosis' casting value 5: the near Knight-Arcanum's 2 + 2 + 1 = 5 casts; the enemy's unbinding roll of 2 + 1 = 3 does not beat 5.
    expect([castingRollValue(b, ids[2]!, 5, "Metamorphosis"), left(b)]).toEqual([4, 0]);
  });
});

describe("a SUMMON's casting-roll modifier, scripted dice", () => {
  it("[AB:BSData/Aetheric Manipulation] 'when it uses a SUMMON ability': a casting effect for summon spells only", () => {
    const t = translateAbility(TEXT.summon, vocab);
    expect(t.kind === "played" && t.effects.map((e) => [e.whom.side, e.do])).toEqual([["self", { kind: "casting", value: 1, summon: true }]]);
  });

  it("[AB:BSData/Aetheric Manipulation] a roll of 2 + 3 = 5, +1, summons the Nightmare Predator (casting value 6); other casting rolls do not take it", () => {
    const summoning = (dice: number[]) =>
      battleAt("savage-gains", [{ warscroll: "Mortisan Boneshaper", owner: 0, x: 30, y: 8 }, { warscroll: "Liberators", owner: 1, x: 30, y: 40 }], { dice, step: { kind: "hero", player: 0 }, lores: [HORRORS, null] });
    const { b } = summoning([2, 3]);
    give(b, "Mortisan Boneshaper", "summon");
    expect([castingBonus(b, 0), castingBonus(b, 0, true)]).toEqual([0, 1]);
    const predator = 3; // Boneshaper 0, Liberators 1, then the lore: Shrieker 2, Predator 3, Carrion 4
    b.choiceCache = null;
    choices(b).find((c) => c.label.includes("casts Summon Nightmare Predator"))!.apply(b);
    expect([b.unit(predator).status, left(b)]).toEqual(["deployed", 0]);
    // Without it, 5 fails.
    const plain = summoning([2, 3]);
    plain.b.choiceCache = null;
    choices(plain.b).find((c) => c.label.includes("casts Summon Nightmare Predator"))!.apply(plain.b);
    expect(plain.b.unit(predator).status).toBe("destroyed");
  });

  it("[AB:BSData/Aetheric Manipulation] the kernel plays the same battles from a hero phase with a manifestation lore, seed for seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const { b } = battleAt(
        "savage-gains",
        [
          { warscroll: "Mortisan Boneshaper", owner: 0, x: 30, y: 8 },
          { warscroll: "Liberators", owner: 1, x: 30, y: 30 },
          { warscroll: "Knight-Arcanum", owner: 1, x: 40, y: 34 },
        ],
        { seed, step: { kind: "hero", player: 0 }, lores: [HORRORS, null] },
      );
      give(b, "Mortisan Boneshaper", "summon");
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

describe("The Staff of Power (Nagash), scripted dice", () => {
  it("[AB:BSData/The Staff of Power] 3 + 2 + 2 = 7 casts at 7; a double 1 miscasts (D3 of 1, her ward roll 2) without stopping her, and the +2 is gone: 3 + 3 = 6 fails at 7", () => {
    const { b, ids } = hero([{ warscroll: "Liberators", owner: 1, x: 30, y: 40 }], [3, 2, 1, 1, 1, 2, 3, 3]);
    give(b, OLYNDER, "nagash");
    const o = ids[0]!;
    expect([castingBonus(b, o), goesOnAfterMiscast(b, o), castingRollValue(b, o, 7, "Test")]).toEqual([2, true, 5]);
    expect(castingRollValue(b, o, 7, "Test")).toBe(0);
    expect([b.unit(o).damage, b.data.spells.blocked, b.data.spells.miscast, castingBonus(b, o)]).toEqual([1, [], [o], 0]);
    expect([castingRollValue(b, o, 7, "Test"), left(b)]).toEqual([0, 0]);
    // Without the second sentence's effect she is stopped.
    const plain = hero([{ warscroll: "Liberators", owner: 1, x: 30, y: 40 }], [1, 1, 1, 2]);
    castingRollValue(plain.b, plain.ids[0]!, 7, "Test");
    expect([plain.b.data.spells.blocked, plain.b.data.spells.miscast]).toEqual([[plain.ids[0]], undefined]);
  });
});

describe("casting-roll modifiers in the kernel", () => {
  const positions: [string, Placement[], [string, keyof typeof TEXT][]][] = [
    ["Lady Olynder with +1 casts Bolt (10+ on the modified roll), a Knight-Arcanum unbinds", [{ warscroll: "Liberators", owner: 1, models: 10, x: 30, y: 22 }, { warscroll: "Knight-Arcanum", owner: 1, x: 40, y: 34 }], [[OLYNDER, "self"]]],
    [
      "the aura on Knight-Arcanums near Vindictors (Metamorphosis), Lady Olynder with +1",
      [
        { warscroll: "Vindictors", owner: 0, x: 20, y: 12 },
        { warscroll: "Knight-Arcanum", owner: 0, x: 24, y: 14 },
        { warscroll: "Knight-Arcanum", owner: 0, x: 44, y: 14 },
        { warscroll: "Liberators", owner: 1, models: 5, x: 30, y: 24 },
      ],
      [["Vindictors", "aura"], [OLYNDER, "self"]],
    ],
    [
      "the aura alone, on a Knight-Arcanum near the Vindictors with it (Metamorphosis), an enemy Knight-Arcanum to unbind",
      [
        { warscroll: "Vindictors", owner: 0, x: 20, y: 12 },
        { warscroll: "Knight-Arcanum", owner: 0, x: 24, y: 14 },
        { warscroll: "Knight-Arcanum", owner: 1, x: 30, y: 34 },
        { warscroll: "Liberators", owner: 1, models: 5, x: 30, y: 24 },
      ],
      [["Vindictors", "aura"]],
    ],
    ["Lady Olynder with The Staff of Power casts Bolt, a Knight-Arcanum unbinds", [{ warscroll: "Liberators", owner: 1, models: 10, x: 30, y: 22 }, { warscroll: "Knight-Arcanum", owner: 1, x: 40, y: 34 }], [[OLYNDER, "nagash"]]],
  ];
  for (const [what, units, gifts] of positions) {
    it(`[AB:BSData/Dormant Energies] [AB:BSData/Trails of Astral Light] ${what}: battles from the hero phase are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
        const { b, ids } = hero(units, null, seed);
        b.data.profiles[ids[0]!]!.abilities = [BOLT];
        for (const [w, k] of gifts) give(b, w, k);
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }

  it("[AB:BSData/The Staff of Power] a miscast earlier in the phase is encoded (U.BLOCKED 2): no +2, yet she casts again, in both engines alike", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b, ids } = hero([{ warscroll: "Liberators", owner: 1, models: 10, x: 30, y: 22 }], null, seed);
      b.data.profiles[ids[0]!]!.abilities = [BOLT];
      give(b, OLYNDER, "nagash");
      b.data.log = null;
      b.data.spells.miscast = [ids[0]!]; // a miscast of a spell the engines do not play (none cast yet)
      const f = encodeBattle(b.data);
      expect(f[f[H.OFF_UNITS]! + UNIT * ids[0]! + U.BLOCKED]).toBe(2);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});
