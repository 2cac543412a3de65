/**
 * The react4 area's casting and unbinding reactions (docs/abilities.md "Casting and unbinding reactions (react4)":
 * translate-react4.ts, src/aos/battle/react4.ts and the kernel's assembly/battle/react4.ts, played inside
 * spells.ts castingRollValue and its kernel twin): each on a set-up position with scripted dice, then the kernel
 * playing the same battles seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Ability } from "../../src/aos/abilities/schema.js";
import { abilitySchema } from "../../src/aos/abilities/schema.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { choices } from "../../src/aos/battle/flow.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { castingRollValue } from "../../src/aos/battle/spells.js";
import { encodeBattle, EF, EFFECT, H } from "../../src/aos/rollout/encode.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";
import { giveTranslated } from "../support/abilities.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// The catalogues' texts (/work/shared/data/bsdata-aos4): the Cygor's Soul-eater, Gobsprakk's Mork Sez No! and Screamin'
// Mandrakk, the Shardspeaker of Slaanesh's Bargain With The Mist-Daemons, the Fluxmaster's Arcane Tome.
const TEXT = {
  soulEater: { name: "Soul-eater", timing: "Passive", effect: "This unit can use UNBIND abilities as if it had WIZARD (1). Each time this unit unbinds a spell, inflict D3 mortal damage on the caster." },
  morkSezNo: { name: "Mork Sez No!", timing: "Passive", effect: "Each time this unit unbinds a spell, inflict D3 mortal damage on the caster. If the unbinding roll was 10+, inflict D6 mortal damage on the caster instead." },
  mandrakk: { name: "Screamin' Mandrakk", timing: "Reaction: Opponent declared a SPELL ability", effect: "This unit uses the 'Unbind' ability but the unbinding roll is 3D6 instead of 2D6." },
  bargain: { name: "Bargain With The Mist-Daemons", timing: "Once Per Turn (Army), Reaction: You declared a SPELL ability for this unit", effect: "Roll a dice. On a 1, inflict 2 mortal damage on this unit. On a 3+, add 2 to the casting roll." },
  destabilisation: { name: "Aetheric Destabilisation", timing: "Passive", effect: 'While they are within 30" of this unit, subtract 1 from casting rolls for enemy units when they use SUMMON abilities.' },
  eaters: {
    name: "Spell-eaters",
    timing: "Reaction: Opponent declared a SPELL ability",
    effect: `If a friendly NIGHTHAUNT unit wholly within 12" of this unit was picked to be the target of that spell, this unit can use the 'Unbind' ability as if it had WIZARD (1). Add 1 to the unbinding roll for that ability. If the spell is unbound, inflict D3 mortal damage on the caster`,
  },
  tome: { name: "Arcane Tome", timing: "Once Per Turn (Army), Reaction: You declared a SPELL ability for this unit", effect: "Re-roll 1 of the dice in the casting roll." },
} as const;
const vocab = keywordVocabulary(["NIGHTHAUNT"]);
const give = (b: Battle, warscroll: string, k: keyof typeof TEXT) => giveTranslated(b, warscroll, TEXT[k], vocab);
const left = (b: Battle) => (b.rng as ScriptedRng).left();

const KA = "Knight-Arcanum"; // WIZARD (1), Health 6, no ward
const BONESHAPER = "Mortisan Boneshaper"; // WIZARD (1), WARD (6+)
const OLYNDER = "Lady Olynder, Mortarch of Grief";

/** Player 0's hero phase: a Knight-Arcanum (0) at (30, 10) and the placed units. */
function hero(units: Placement[], dice: number[] | null, seed = 1, caster = KA) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: caster, owner: 0, x: 30, y: 10 }, ...units], { ...(dice ? { dice } : { seed }), step: { kind: "hero", player: 0 } });
  b.data.terrain = [];
  return { b, ids };
}
const FAR = { warscroll: "Liberators", owner: 1 as const, x: 30, y: 40 }; // no unbinder

describe("Bargain With The Mist-Daemons, scripted dice", () => {
  it("[AB:BSData/Bargain With The Mist-Daemons] a 3 adds 2: 2 + 3 + 2 = 7 casts at 7 (the unmodified 5 returned); the army's second spell this phase rolls no D6: 2 + 3 fails", () => {
    const { b } = hero([FAR], [3, 2, 3, 2, 3]);
    give(b, KA, "bargain");
    expect([castingRollValue(b, 0, 7, "Test"), b.data.commandsUsed[0].length]).toEqual([5, 1]);
    expect([castingRollValue(b, 0, 7, "Test"), left(b)]).toEqual([0, 0]);
  });

  it("[AB:BSData/Bargain With The Mist-Daemons] a 2 adds nothing (3 + 3 = 6 fails at 7); a 1 inflicts 2 mortal damage, then 4 + 4 casts", () => {
    let { b } = hero([FAR], [2, 3, 3]);
    give(b, KA, "bargain");
    expect([castingRollValue(b, 0, 7, "Test"), left(b)]).toEqual([0, 0]);
    ({ b } = hero([FAR], [1, 4, 4]));
    give(b, KA, "bargain");
    expect([castingRollValue(b, 0, 7, "Test"), b.unit(0).damage, left(b)]).toEqual([8, 2, 0]);
  });

  it("[AB:BSData/Bargain With The Mist-Daemons] a caster slain by the 1 casts nothing (no casting roll made); Lady Olynder's WARD (5+) is rolled for the 2 points", () => {
    let { b } = hero([FAR], [1]);
    give(b, KA, "bargain");
    b.unit(0).damage = 4; // Health 6
    expect([castingRollValue(b, 0, 7, "Test"), b.unit(0).status, left(b)]).toEqual([0, "destroyed", 0]);
    // Her ward saves the first point (a 5), not the second (a 2).
    ({ b } = hero([FAR], [1, 5, 2, 4, 4], 1, OLYNDER));
    give(b, OLYNDER, "bargain");
    expect([castingRollValue(b, 0, 7, "Test"), b.unit(0).damage, left(b)]).toEqual([8, 1, 0]);
  });
});

describe("Bargain's +2 is part of the casting roll the spell's effects read", () => {
  it("[AB:BSData/Bargain With The Mist-Daemons] 'if the casting roll was 10+': 4 + 4 + 2 = 10 casts the D6 (a 5: 2 Liberators slain, 1 damage allocated)", () => {
    const BIG = abilitySchema.parse({
      warscroll: KA,
      name: "Bolt",
      when: { timing: "spell", phase: "hero", castingValue: 7 },
      effects: [
        { whom: { side: "enemy", range: 18 }, conditions: { castingRoll: { atMost: 9 } }, do: { kind: "mortal", per: "once", dice: "D3", each: "roll" } },
        { whom: { side: "enemy", range: 18 }, conditions: { castingRoll: { atLeast: 10 } }, do: { kind: "mortal", per: "once", dice: "D6", each: "roll" } },
      ],
      status: "played",
    });
    const { b, ids } = hero([{ warscroll: "Liberators", owner: 1, models: 3, x: 30, y: 20 }], [3, 4, 4, 5]);
    b.data.profiles[0]!.abilities = [BIG];
    give(b, KA, "bargain");
    b.choiceCache = null;
    choices(b).find((c) => c.label.endsWith("casts Bolt on Liberators"))!.apply(b);
    expect([b.unit(ids[1]!).models, b.unit(ids[1]!).damage, left(b)]).toEqual([1, 1, 0]);
  });
});

describe("Arcane Tome, scripted dice", () => {
  it("[AB:BSData/Arcane Tome] 2 + 3 = 5 falls short of 7: the 2 is re-rolled (a 6), 9 casts; the army's next spell this phase is not re-rolled", () => {
    const { b } = hero([FAR], [2, 3, 6, 2, 3]);
    give(b, KA, "tome");
    expect(castingRollValue(b, 0, 7, "Test")).toBe(9);
    expect([castingRollValue(b, 0, 7, "Test"), left(b)]).toEqual([0, 0]);
  });

  it("[AB:BSData/Arcane Tome] a roll that casts is kept (4 + 3 = 7, the reaction unused); a double 1 re-rolls the first dice (a 5: 6 fails, no miscast); the first lowest of 5 and 1 is the second", () => {
    let { b } = hero([FAR], [4, 3]);
    give(b, KA, "tome");
    expect([castingRollValue(b, 0, 7, "Test"), b.data.commandsUsed[0], left(b)]).toEqual([7, [], 0]);
    ({ b } = hero([FAR], [1, 1, 5]));
    give(b, KA, "tome");
    expect([castingRollValue(b, 0, 7, "Test"), b.unit(0).damage, b.data.spells.blocked, left(b)]).toEqual([0, 0, [], 0]);
    ({ b } = hero([FAR], [5, 1, 1]));
    give(b, KA, "tome");
    // 5 + 1 re-rolled to 5 + 1 (the 1 again): 6 fails; then a double 1 would have miscast without the re-roll.
    expect([castingRollValue(b, 0, 7, "Test"), left(b)]).toEqual([0, 0]);
  });
});

describe("unbinding: Screamin' Mandrakk and Mork Sez No!, Soul-eater, scripted dice", () => {
  it("[AB:BSData/Screamin' Mandrakk] [AB:BSData/Mork Sez No!] 4 + 4 = 8 is unbound by 3 + 3 + 3 = 9 (3D6), then D3 (2) mortal damage on the caster; 12 (10+) inflicts D6 (5)", () => {
    let { b } = hero([{ warscroll: BONESHAPER, owner: 1, x: 30, y: 30 }], [4, 4, 3, 3, 3, 2]);
    give(b, BONESHAPER, "mandrakk");
    give(b, BONESHAPER, "morkSezNo");
    expect([castingRollValue(b, 0, 7, "Test"), b.unit(0).damage, left(b)]).toEqual([0, 2, 0]);
    ({ b } = hero([{ warscroll: BONESHAPER, owner: 1, x: 30, y: 30 }], [4, 4, 4, 4, 4, 5]));
    give(b, BONESHAPER, "mandrakk");
    give(b, BONESHAPER, "morkSezNo");
    expect([castingRollValue(b, 0, 7, "Test"), b.unit(0).damage, left(b)]).toEqual([0, 5, 0]);
    // Not unbound (1 + 2 + 3 = 6 does not beat 10): no damage.
    ({ b } = hero([{ warscroll: BONESHAPER, owner: 1, x: 30, y: 30 }], [5, 5, 1, 2, 3]));
    give(b, BONESHAPER, "mandrakk");
    give(b, BONESHAPER, "morkSezNo");
    expect([castingRollValue(b, 0, 7, "Test"), b.unit(0).damage, left(b)]).toEqual([10, 0, 0]);
  });

  it("[AB:BSData/Screamin' Mandrakk] the unit with it unbinds before a WIZARD with a lower id (3D6: 2 + 2 + 5 = 9 beats 8); without it the first WIZARD rolls 2D6 (2 + 2 = 4)", () => {
    const units: Placement[] = [
      { warscroll: "Guardian of Souls", owner: 1, x: 20, y: 30 },
      { warscroll: BONESHAPER, owner: 1, x: 40, y: 30 },
    ];
    let { b } = hero(units, [4, 4, 2, 2, 5]);
    give(b, BONESHAPER, "mandrakk");
    expect([castingRollValue(b, 0, 7, "Test"), left(b)]).toEqual([0, 0]);
    ({ b } = hero(units, [4, 4, 2, 2]));
    expect([castingRollValue(b, 0, 7, "Test"), left(b)]).toEqual([8, 0]);
  });

  it("[AB:BSData/Soul-eater] Liberators with it unbind as WIZARD (1) (5 + 4 = 9 beats 8) and inflict D3 (3) mortal damage on the caster; out of 30\" they do not", () => {
    let { b } = hero([{ warscroll: "Liberators", owner: 1, x: 30, y: 30 }], [4, 4, 5, 4, 3]);
    give(b, "Liberators", "soulEater");
    expect([castingRollValue(b, 0, 7, "Test"), b.unit(0).damage, left(b)]).toEqual([0, 3, 0]);
    ({ b } = hero([{ warscroll: "Liberators", owner: 1, x: 30, y: 50 }], [4, 4]));
    give(b, "Liberators", "soulEater");
    expect([castingRollValue(b, 0, 7, "Test"), left(b)]).toEqual([8, 0]);
  });

  it("[AB:BSData/Mork Sez No!] the caster slain by it is destroyed, the unbinder its killer (a 6-wound Knight-Arcanum with 4 damage takes D3 (2))", () => {
    const { b } = hero([{ warscroll: BONESHAPER, owner: 1, x: 30, y: 30 }], [4, 4, 5, 5, 2]);
    give(b, BONESHAPER, "morkSezNo");
    b.unit(0).damage = 4;
    expect([castingRollValue(b, 0, 7, "Test"), b.unit(0).status, left(b)]).toEqual([0, "destroyed", 0]);
  });
});

describe("Spell-eaters, scripted dice", () => {
  const HOSTS = "Spirit Hosts"; // NIGHTHAUNT, no WIZARD: the Myrmourn Banshees' stand-in
  const at = (hostsX: number, hostsY: number, dice: number[]) => hero([{ warscroll: "Chainrasps", owner: 1, models: 5, x: 30, y: 22 }, { warscroll: HOSTS, owner: 1, x: hostsX, y: hostsY }], dice);

  it("[AB:BSData/Spell-eaters] a spell on Chainrasps wholly within 12\" of the Spirit Hosts with it: they unbind 4 + 4 = 8 with +1 (9 beats 8) and inflict D3 (2) mortal damage on the caster", () => {
    const { b, ids } = at(30, 26, [4, 4, 4, 4, 2]);
    give(b, HOSTS, "eaters");
    expect([castingRollValue(b, 0, 7, "Test", 0, 0, [ids[1]!]), b.unit(0).damage, left(b)]).toEqual([0, 2, 0]);
  });

  it("[AB:BSData/Spell-eaters] no unbinding when the target is not a NIGHTHAUNT unit near them, or when the spell has no target (a summon spell's)", () => {
    let { b, ids } = at(30, 26, [4, 4]);
    give(b, HOSTS, "eaters");
    expect([castingRollValue(b, 0, 7, "Test"), left(b)]).toEqual([8, 0]);
    // The Spirit Hosts 20" from the Chainrasps: not wholly within 12".
    ({ b, ids } = at(50, 24, [4, 4]));
    give(b, HOSTS, "eaters");
    expect([castingRollValue(b, 0, 7, "Test", 0, 0, [ids[1]!]), left(b)]).toEqual([8, 0]);
    // Without the ability the Spirit Hosts cannot unbind.
    ({ b, ids } = at(30, 26, [4, 4]));
    expect([castingRollValue(b, 0, 7, "Test", 0, 0, [ids[1]!]), left(b)]).toEqual([8, 0]);
  });

  it("[AB:BSData/Spell-eaters] the kernel plays the same battles (a Knight-Arcanum's Bolt at Nighthaunt units), seed for seed, and the ability changes some", () => {
    let differs = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]) {
      const run = (withIt: boolean) => {
        const { b } = hero([{ warscroll: "Chainrasps", owner: 1, models: 5, x: 30, y: 22 }, { warscroll: HOSTS, owner: 1, x: 30, y: 27 }], null, seed);
        for (const p of b.data.profiles) if (p.warscroll === KA) p.abilities = [bolt(KA)];
        if (withIt) give(b, HOSTS, "eaters");
        b.data.log = null;
        return new PitchedBattleState(b);
      };
      const s = run(true);
      const ts = rolloutTs(s, seed);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
      if (JSON.stringify(ts) !== JSON.stringify(rolloutTs(run(false), seed))) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });
});

describe("Aetheric Destabilisation: a SUMMON's casting-roll penalty on enemy units", () => {
  const HORRORS = "Horrors of the Necropolis";
  const summoning = (dice: number[] | null, y: number, seed = 1) =>
    battleAt("savage-gains", [{ warscroll: BONESHAPER, owner: 0, x: 30, y: 8 }, { warscroll: KA, owner: 1, x: 30, y }], { ...(dice ? { dice } : { seed }), step: { kind: "hero", player: 0 }, lores: [HORRORS, null] });
  const predator = 3; // Boneshaper 0, Knight-Arcanum 1, then the lore: Shrieker 2, Predator 3, Carrion 4

  it("[AB:BSData/Aetheric Destabilisation] 3 + 4 = 7, -1 for the Knight-Arcanum (with it) within 30\", is 6: the Nightmare Predator (casting value 6) is summoned and 2 + 3 = 5 does not unbind; 3 + 3 = 6, -1, fails", () => {
    let { b } = summoning([3, 4, 2, 3], 30);
    give(b, KA, "destabilisation");
    b.choiceCache = null;
    choices(b).find((c) => c.label.includes("casts Summon Nightmare Predator"))!.apply(b);
    expect([b.unit(predator).status, left(b)]).toEqual(["deployed", 0]);
    ({ b } = summoning([3, 3], 30));
    give(b, KA, "destabilisation");
    b.choiceCache = null;
    choices(b).find((c) => c.label.includes("casts Summon Nightmare Predator"))!.apply(b);
    expect([b.unit(predator).status, left(b)]).toEqual(["destroyed", 0]);
    // Out of 30" (the Knight-Arcanum 36" away: too far to unbind too), 3 + 3 = 6 summons.
    ({ b } = summoning([3, 3], 44));
    give(b, KA, "destabilisation");
    b.choiceCache = null;
    choices(b).find((c) => c.label.includes("casts Summon Nightmare Predator"))!.apply(b);
    expect([b.unit(predator).status, left(b)]).toEqual(["deployed", 0]);
  });

  it("[AB:BSData/Aetheric Destabilisation] the kernel plays the same battles from a hero phase with a manifestation lore, seed for seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const { b } = summoning(null, 30, seed);
      give(b, KA, "destabilisation");
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

// A spell the scripted rule casts: D3 mortal damage on an enemy unit within 18", D6 if the casting roll was 10+.
const bolt = (warscroll: string): Ability =>
  abilitySchema.parse({
    warscroll,
    name: "Bolt",
    when: { timing: "spell", phase: "hero", castingValue: 7 },
    effects: [
      { whom: { side: "enemy", range: 18 }, conditions: { castingRoll: { atMost: 9 } }, do: { kind: "mortal", per: "once", dice: "D3", each: "roll" } },
      { whom: { side: "enemy", range: 18 }, conditions: { castingRoll: { atLeast: 10 } }, do: { kind: "mortal", per: "once", dice: "D6", each: "roll" } },
    ],
    status: "played",
  });

describe("the kernel", () => {
  it("[AB:BSData/Mork Sez No!] [AB:BSData/Bargain With The Mist-Daemons] the records: kinds 178-181, the dice and values in generic slots, EF.LIMITED 2 for the once-a-turn reactions", () => {
    const { b } = hero([{ warscroll: BONESHAPER, owner: 1, x: 30, y: 30 }], null);
    give(b, BONESHAPER, "morkSezNo");
    give(b, BONESHAPER, "mandrakk");
    give(b, KA, "bargain");
    give(b, KA, "tome");
    const f = encodeBattle(b.data);
    const o = f[H.OFF_EFFECTS]!;
    const recs = Array.from({ length: f[H.N_EFFECTS]! }, (_, k) => o + k * EFFECT);
    const byKind = (kind: number) => recs.filter((r) => f[r + EF.KIND] === kind);
    expect(byKind(178).map((r) => [f[r + EF.DICE_SIDES], f[r + EF.VALUE], f[r + EF.DMG_SIDES], f[r + EF.LIMITED]])).toEqual([[3, 10, 6, 0]]);
    expect(byKind(179).map((r) => f[r + EF.LIMITED])).toEqual([0]);
    expect(byKind(180).map((r) => [f[r + EF.EACH], f[r + EF.ON], f[r + EF.VALUE], f[r + EF.LIMITED]])).toEqual([[2, 3, 2, 2]]);
    expect(byKind(181).map((r) => f[r + EF.LIMITED])).toEqual([2]);
  });

  it("[AB:BSData/Bargain With The Mist-Daemons] Bargain's +2 reaches 'the casting roll was 10+' in the kernel too (1 mortal damage, or 6 on a 10+, at an enemy Knight-Arcanum): the same battles, seed for seed", () => {
    const SMITE = abilitySchema.parse({
      warscroll: KA,
      name: "Smite",
      when: { timing: "spell", phase: "hero", castingValue: 5 },
      effects: [
        { whom: { side: "enemy", range: 18 }, conditions: { castingRoll: { atMost: 9 } }, do: { kind: "mortal", per: "once", dice: 1, each: "roll" } },
        { whom: { side: "enemy", range: 18 }, conditions: { castingRoll: { atLeast: 10 } }, do: { kind: "mortal", per: "once", dice: 6, each: "roll" } },
      ],
      status: "played",
    });
    let differs = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]) {
      const run = (withIt: boolean) => {
        const { b } = hero([{ warscroll: KA, owner: 1, x: 30, y: 24 }], null, seed);
        for (const p of b.data.profiles) if (p.warscroll === KA && p.owner === 0) p.abilities = [SMITE];
        if (withIt) give(b, KA, "bargain");
        b.data.log = null;
        return new PitchedBattleState(b);
      };
      const s = run(true);
      const ts = rolloutTs(s, seed);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
      if (JSON.stringify(ts) !== JSON.stringify(rolloutTs(run(false), seed))) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });

  const positions: [string, string, Placement[], [string, keyof typeof TEXT][]][] = [
    [
      "Lady Olynder with Bargain and Arcane Tome casts Bolt at Liberators; a Boneshaper with Screamin' Mandrakk and Mork Sez No! unbinds",
      OLYNDER,
      [{ warscroll: "Liberators", owner: 1, models: 10, x: 30, y: 22 }, { warscroll: "Guardian of Souls", owner: 1, x: 20, y: 34 }, { warscroll: BONESHAPER, owner: 1, x: 40, y: 34 }],
      [[OLYNDER, "bargain"], [OLYNDER, "tome"], [BONESHAPER, "mandrakk"], [BONESHAPER, "morkSezNo"]],
    ],
    [
      "a damaged Knight-Arcanum with Bargain casts Bolt; Liberators with Soul-eater unbind",
      KA,
      [{ warscroll: "Liberators", owner: 1, models: 5, x: 30, y: 22 }],
      [[KA, "bargain"], ["Liberators", "soulEater"]],
    ],
    [
      "two Knight-Arcanums with Arcane Tome (Metamorphosis and Bolt); a Boneshaper with Mork Sez No!",
      KA,
      [{ warscroll: KA, owner: 0, x: 40, y: 12 }, { warscroll: "Liberators", owner: 1, models: 5, x: 30, y: 24 }, { warscroll: BONESHAPER, owner: 1, x: 34, y: 34 }],
      [[KA, "tome"], [BONESHAPER, "morkSezNo"]],
    ],
  ];
  for (const [what, caster, units, gifts] of positions) {
    it(`[AB:BSData/Bargain With The Mist-Daemons] [AB:BSData/Arcane Tome] [AB:BSData/Mork Sez No!] ${what}: battles from the hero phase are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
        const { b } = hero(units, null, seed, caster);
        for (const p of b.data.profiles) if (p.warscroll === caster) p.abilities = [bolt(caster)];
        for (const [w, k] of gifts) give(b, w, k);
        if (caster === KA && gifts.some(([, k]) => k === "soulEater")) b.unit(0).damage = 3;
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }
});
