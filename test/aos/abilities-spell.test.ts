/**
 * Warscroll spells (src/aos/battle/warscroll-spells.ts, assembly/battle/warscroll-spells.ts; docs/abilities.md
 * "Warscroll spells"): cast in the hero phase like Metamorphosis (CORE-SPELLS: casting value, miscast;
 * CORE-UNBIND), on the scripted target, with their effects — mortal damage (with "if the casting roll was 10+
 * ... instead"), hit / wound modifiers for the rest of the turn or until the caster's next turn, and
 * Grief-stricken's positive modifiers ignored — each on a set-up position with scripted dice, and the kernel
 * playing the same battles from those positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Ability } from "../../src/aos/abilities/schema.js";
import { abilitySchema } from "../../src/aos/abilities/schema.js";
import { bundledRosters } from "../../src/aos/armies/index.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { attackEffects, controlWithEffects } from "../../src/aos/battle/effects.js";
import { choices } from "../../src/aos/battle/flow.js";
import { PitchedBattleState, pitchedBattleGame } from "../../src/aos/battle/game.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { encodeBattle, H, U, UNIT } from "../../src/aos/rollout/encode.js";
import { playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";
import { castFirst } from "../support/abilities.js";


let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const OLYNDER = "Lady Olynder, Mortarch of Grief";
const GRIEF = `${OLYNDER}/Grief-stricken`;

/** A warscroll spell for Lady Olynder, as the translator writes the common forms (the profile carries it, as an imported warscroll's translations). */
const spell = (name: string, castingValue: number, effects: unknown[]): Ability =>
  abilitySchema.parse({ warscroll: OLYNDER, name, when: { timing: "spell", phase: "hero", castingValue }, effects, status: "played" });

const BOLT = spell("Bolt", 7, [
  { whom: { side: "enemy", range: 18 }, conditions: { castingRoll: { atMost: 9 } }, do: { kind: "mortal", per: "once", dice: "D3", each: "roll" } },
  { whom: { side: "enemy", range: 18 }, conditions: { castingRoll: { atLeast: 10 } }, do: { kind: "mortal", per: "once", dice: "D6", each: "roll" } },
]);
const CURSE = spell("Curse", 6, [{ whom: { side: "enemy", range: 12 }, do: { kind: "for-the-turn", set: "hit", value: -1, until: "your-next-turn" } }]);

/** A hero phase of player 0: Lady Olynder (0) and the placed units, `extra` spells on her profile. */
function hero(units: Omit<Placement, "x" | "y">[], ys: number[], dice: number[] | null, extra: Ability[] = []) {
  const all: Omit<Placement, "x" | "y">[] = [{ warscroll: OLYNDER, owner: 0 }, ...units];
  const { b, ids } = battleAt("savage-gains", all.map((u, i) => ({ ...u, x: 30, y: i === 0 ? 10 : ys[i - 1]! })), {
    ...(dice ? { dice } : { seed: 1 }),
    step: { kind: "hero", player: 0 },
  });
  if (extra.length) b.data.profiles[ids[0]!]!.abilities = extra;
  return { b, ids };
}

const spellLabels = (b: Battle) => {
  b.choiceCache = null;
  return choices(b).filter((c) => c.tag?.kind === "spell").map((c) => c.label);
};
const left = (b: Battle) => (b.rng as ScriptedRng).left();
const state = (b: Battle, id: number) => [b.unit(id).models, b.unit(id).damage];

describe("warscroll spells, scripted dice", () => {
  it("[AB:Lady Olynder, Mortarch of Grief/Grief-stricken] casting value 6 on the visible enemy unit within 18\" with the most attacks: its +3 control score (Stalwart Defenders) is ignored for the rest of the turn", () => {
    // Liberators 10" away (in range), Vindictors 25" away (out of range): the spell goes on the Liberators.
    const { b, ids } = hero([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 1 }], [20, 35], [3, 4]);
    expect(spellLabels(b)).toEqual(["Lady Olynder, Mortarch of Grief casts Grief-stricken on Liberators"]);
    const lib = ids[1]!;
    // 5 Liberators, Control 1: 5, +3 contesting in their territory = 8 before the spell.
    expect(controlWithEffects(b, lib, 5, true)).toBe(8);
    castFirst(b); // 3 + 4 = 7 >= 6: cast (no enemy WIZARD to unbind)
    expect([b.unit(lib).tokens, left(b), controlWithEffects(b, lib, 5, true)]).toEqual([[`for-the-turn:${GRIEF}#0`], 0, 5]);
    // Her two casts: Grief-stricken once a phase for the army, then Metamorphosis is what is left.
    expect(spellLabels(b)).toEqual([]);
    // The next turn starts without it.
    beginTurn(b, 1);
    expect(controlWithEffects(b, lib, 5, true)).toBe(8);
    // A 5 (2 + 3) fails: no token.
    const fail = hero([{ warscroll: "Liberators", owner: 1 }], [20], [2, 3]);
    castFirst(fail.b);
    expect([fail.b.unit(fail.ids[1]!).tokens, left(fail.b)]).toEqual([[], 0]);
  });

  it("[AB:Lady Olynder, Mortarch of Grief/Grief-stricken] the target's positive hit and wound modifiers are ignored (a +1 to hit it was given), its negative ones are not", () => {
    const plus = spell("Blessing", 6, [{ whom: { side: "friendly", range: 18, includeSelf: true }, do: { kind: "for-the-turn", set: "hit", value: 1 } }]);
    const { b, ids } = hero([{ warscroll: "Liberators", owner: 1 }], [12], [], [plus, CURSE]);
    const lib = ids[1]!;
    b.unit(lib).tokens.push(`for-the-turn:${OLYNDER}/Blessing#0`, `until-your-next-turn:0:for-the-turn:${OLYNDER}/Curse#0`);
    expect(attackEffects(b, lib, ids[0]!, true, []).hit).toBe(0); // +1 and -1
    b.unit(lib).tokens.push(`for-the-turn:${GRIEF}#0`);
    expect(attackEffects(b, lib, ids[0]!, true, []).hit).toBe(-1); // the +1 ignored
  });

  it("[CORE-SPELLS] a warscroll spell's mortal damage: D3 on a casting roll up to 9, D6 on 10+; on the enemy unit with the fewest wounds left when the expectations tie", () => {
    // Two Liberators units tie on the expectation (a D3 once); the 3-model one (6 wounds left, not 10) is the target.
    let { b, ids } = hero([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Liberators", owner: 1, models: 3 }], [20, 24], [3, 5, 2], [BOLT]);
    expect(spellLabels(b)).toContain("Lady Olynder, Mortarch of Grief casts Bolt on Liberators 2");
    expect(spellLabels(b)).not.toContain("Lady Olynder, Mortarch of Grief casts Bolt on Liberators");
    b.choiceCache = null;
    choices(b).find((c) => c.label.endsWith("casts Bolt on Liberators 2"))!.apply(b);
    expect([...state(b, ids[2]!), left(b)]).toEqual([2, 0, 0]); // 8: a D3 of 2 = 2 mortal damage, 1 Liberator slain
    ({ b, ids } = hero([{ warscroll: "Liberators", owner: 1, models: 3 }], [20], [5, 6, 5], [BOLT]));
    b.choiceCache = null;
    choices(b).find((c) => c.label.endsWith("casts Bolt on Liberators"))!.apply(b);
    expect([...state(b, ids[1]!), left(b)]).toEqual([1, 1, 0]); // 11: a D6 of 5, 2 slain, 1 allocated
  });

  it("[CORE-UNBIND] an enemy WIZARD within 30\" unbinds on a higher roll; a double 1 miscasts (D3 mortal damage to the caster, her WARD (5+) rolled) and blocks her", () => {
    // Knight-Arcanum (WIZARD (1)) 20" away: casting 4+4 = 8, unbinding 5+4 = 9 > 8: no damage.
    let { b, ids } = hero([{ warscroll: "Liberators", owner: 1, models: 3 }, { warscroll: "Knight-Arcanum", owner: 1 }], [20, 30], [4, 4, 5, 4], [BOLT]);
    b.choiceCache = null;
    choices(b).find((c) => c.label.endsWith("casts Bolt on Liberators"))!.apply(b);
    expect([...state(b, ids[1]!), left(b)]).toEqual([3, 0, 0]);
    // 1 + 1: a D3 of 3 on her, ward rolls 5 (saved), 2, 1: 2 damage; no more spells for her this phase.
    ({ b, ids } = hero([{ warscroll: "Liberators", owner: 1, models: 3 }], [20], [1, 1, 3, 5, 2, 1], [BOLT]));
    b.choiceCache = null;
    choices(b).find((c) => c.label.endsWith("casts Bolt on Liberators"))!.apply(b);
    expect([...state(b, ids[0]!), ...state(b, ids[1]!), left(b), spellLabels(b)]).toEqual([1, 2, 3, 0, 0, []]);
  });

  it("[CORE-SPELLS] a modifier until the start of the caster's next turn stays through the opponent's turn; the wizard's best spell is cast first", () => {
    // A modifier's score on 5 Liberators: twice the mean Attacks (2) times the carriers (5) = 20 for Grief-stricken and
    // Curse alike (data order: the bundled one first), less than Bolt's 24 (a D3's expected 2 mortal damage, times 12).
    const { b, ids } = hero([{ warscroll: "Liberators", owner: 1 }], [20], [3, 4, 2, 4], [BOLT, CURSE]);
    expect(spellLabels(b)).toEqual(["Lady Olynder, Mortarch of Grief casts Bolt on Liberators", "Lady Olynder, Mortarch of Grief casts Grief-stricken on Liberators", "Lady Olynder, Mortarch of Grief casts Curse on Liberators"]);
    b.choiceCache = null;
    choices(b).find((c) => c.label.endsWith("casts Curse on Liberators"))!.apply(b); // 7 >= 6
    const lib = ids[1]!;
    expect(attackEffects(b, lib, ids[0]!, true, []).hit).toBe(-1);
    beginTurn(b, 1);
    expect(attackEffects(b, lib, ids[0]!, true, []).hit).toBe(-1);
    beginTurn(b, 0);
    expect(attackEffects(b, lib, ids[0]!, true, []).hit).toBe(0);
    expect(left(b)).toBe(2);
  });
});

describe("warscroll spells in the kernel", () => {
  const positions: [string, Omit<Placement, "x" | "y">[], number[], Ability[]][] = [
    ["Grief-stricken on Liberators (Stalwart Defenders)", [{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 1 }], [16, 26], []],
    ["Bolt, Curse and Grief-stricken, a Knight-Arcanum to unbind", [{ warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Knight-Arcanum", owner: 1 }, { warscroll: "Chainrasps", owner: 0 }], [16, 26, 12], [BOLT, CURSE]],
  ];
  for (const [what, units, ys, extra] of positions) {
    it(`[CORE-SPELLS] ${what}: battles from the hero phase are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
        const { b } = hero(units, ys, null, extra);
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }

  it("[CORE-SPELLS] a spell cast this phase and a modifier until the caster's next turn are encoded (H.SPELLS_CAST, U.SPELL_UNTIL0) and play the same in both engines", () => {
    for (const seed of [1, 2, 3, 4]) {
      const { b, ids } = hero([{ warscroll: "Liberators", owner: 1, models: 10 }], [16], null, [BOLT, CURSE]);
      b.data.log = null;
      b.data.spells.cast.push(ids[0]!);
      b.data.spells.warscroll = [`${OLYNDER}/Curse`];
      b.unit(ids[1]!).tokens.push(`until-your-next-turn:0:for-the-turn:${OLYNDER}/Curse#0`);
      const f = encodeBattle(b.data);
      expect([f[H.SPELLS_CAST]! > 0, f[f[H.OFF_UNITS]! + UNIT * ids[1]! + U.SPELL_UNTIL0]! > 0]).toEqual([true, true]);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });

  it("[CORE-SPELLS] whole battles of the bundled Nighthaunt 2000 army (Lady Olynder casts Grief-stricken) are identical", () => {
    const rosters = bundledRosters().map((r) => r.roster);
    const nh = rosters.find((r) => r.units.some((u) => u.warscroll === OLYNDER))!;
    const others = rosters.filter((r) => r !== nh && r.pointsLimit === nh.pointsLimit).slice(0, 2);
    for (const [g, other] of others.entries())
      for (const seed of [11, 12]) {
        const s = pitchedBattleGame.newInitialState({ rosters: [nh, other], battleplan: "savage-gains" }, 50 + g);
        playSetUp(s);
        expect(rolloutWasm(core, s, seed), `${other.name}, seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
  });
});

describe("warscroll spells in the exact odds", () => {
  it("[AB:Lady Olynder, Mortarch of Grief/Grief-stricken] tactica odds aos --for-the-turn takes it as cast on the attacker (a warscroll name with a comma stays one key); without the flag it is listed as off", async () => {
    const { run } = await import("../../src/cli/main.js");
    const out = async (...argv: string[]) => {
      const lines: string[] = [];
      expect(await run(argv, (s) => lines.push(s))).toBe(0);
      return lines.join("\n");
    };
    const on = await out("odds", "aos", "--attacker", "Liberators", "--defender", OLYNDER, "--for-the-turn", `${OLYNDER}/Grief-stricken`, "--engine", "ts");
    expect(on).toContain(`Abilities on: ${OLYNDER}/Mortarch of Grief, ${GRIEF}`);
    const off = await out("odds", "aos", "--attacker", "Liberators", "--defender", OLYNDER, "--engine", "ts");
    expect(off).toContain(`Abilities off (they need another unit or situation): ${GRIEF}`);
  });
});
