/**
 * The BSData translator's spell patterns and Scorn of Sorcery (src/aos/abilities/translate.ts declaredSpell,
 * unbindAsWizard): each with the catalogue's text, the exact effects, and a near miss that must not be read as
 * played; and the unbind effect in both engines (CORE-UNBIND: a unit that is not a WIZARD unbinds as WIZARD (1)).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { abilitySchema } from "../../src/aos/abilities/schema.js";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { castingRollValue } from "../../src/aos/battle/spells.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const vocab = keywordVocabulary(["SYLVANETH", "NIGHTHAUNT"]);
const cast = (value: number, declare: string, effect: string) => translateAbility({ name: "S", timing: `Your Hero Phase; Spell, casting value ${value}`, effect: `Declare: ${declare}\nEffect: ${effect}` }, vocab);
const enemy18 = { side: "enemy", range: 18, wholly: false, includeSelf: false };
const any = { attack: "any" };
/** "Pick a visible ...": the target must be visible to the caster. */
const vis = { attack: "any", visible: true };
const ENEMY_18 = 'Pick a visible enemy unit within 18" of this unit to be the target, then make a casting roll of 2D6.';

describe("translator: warscroll spells", () => {
  it("[AB-TRANSLATE] \"Inflict D3 mortal damage on the target\", and \"If the casting roll was 10+, inflict D6 mortal damage on the target instead\"", () => {
    expect(cast(7, ENEMY_18, "Inflict D3 mortal damage on the target.")).toEqual({
      kind: "played",
      when: { timing: "spell", phase: "hero", castingValue: 7 },
      effects: [{ whom: enemy18, conditions: vis, do: { kind: "mortal", per: "once", dice: { count: 1, sides: 3, plus: 0 }, each: "roll", targets: "one" } }],
    });
    expect(cast(7, ENEMY_18, "Inflict D3 mortal damage on the target. If the casting roll was 10+, inflict D6 mortal damage on the target instead.")).toEqual({
      kind: "played",
      when: { timing: "spell", phase: "hero", castingValue: 7 },
      effects: [
        { whom: enemy18, conditions: { ...vis, castingRoll: { atMost: 9 } }, do: { kind: "mortal", per: "once", dice: { count: 1, sides: 3, plus: 0 }, each: "roll", targets: "one" } },
        { whom: enemy18, conditions: { ...vis, castingRoll: { atLeast: 10 } }, do: { kind: "mortal", per: "once", dice: { count: 1, sides: 6, plus: 0 }, each: "roll", targets: "one" } },
      ],
    });
    // Near misses: a prayer's Declare with a casting roll, a spell's with a chanting roll, "instead" with nothing before it.
    expect(translateAbility({ name: "P", timing: "Your Hero Phase; Prayer, casting value 4", effect: `Declare: ${ENEMY_18}\nEffect: Inflict D3 mortal damage on the target.` }, vocab).kind).not.toBe("played");
    expect(cast(7, 'Pick a visible enemy unit within 18" of this unit to be the target, then make a chanting roll of D6.', "Inflict D3 mortal damage on the target.").kind).not.toBe("played");
    expect(cast(7, ENEMY_18, "If the casting roll was 10+, inflict D6 mortal damage on the target instead.").kind).not.toBe("played");
  });

  it("[AB-TRANSLATE] \"Roll a dice for each model in the target unit. For each 5+, inflict 1 mortal damage on the target\"", () => {
    expect(cast(7, ENEMY_18, "Roll a dice for each model in the target unit. For each 5+, inflict 1 mortal damage on the target.")).toEqual({
      kind: "played",
      when: { timing: "spell", phase: "hero", castingValue: 7 },
      effects: [{ whom: enemy18, conditions: vis, do: { kind: "mortal", per: "target-model", dice: { count: 1, sides: 6, plus: 0 }, on: 5, each: 1, targets: "one" } }],
    });
    expect(cast(7, ENEMY_18, "Roll a dice for each model in the target unit. For each 5+, inflict 1 mortal damage on each enemy unit.").kind).not.toBe("played");
  });

  it("[AB-TRANSLATE] hit and wound modifiers on the target for the rest of the turn or until the start of your next turn", () => {
    const torgillius = cast(6, 'Pick a visible enemy unit within 12" of this unit to be the target, then make a casting roll of 2D6.', "Until the start of your next turn, subtract 1 from wound rolls for the target's attacks.");
    expect(torgillius).toEqual({
      kind: "played",
      when: { timing: "spell", phase: "hero", castingValue: 6 },
      effects: [{ whom: { ...enemy18, range: 12 }, conditions: vis, do: { kind: "for-the-turn", set: "wound", value: -1, companionOnly: false, until: "your-next-turn" } }],
    });
    const blessing = cast(6, 'Pick a visible friendly SYLVANETH unit wholly within 12" of this unit to be the target, then make a casting roll of 2D6.', "Add 1 to hit rolls for the target's combat attacks for the rest of the turn.");
    expect(blessing).toEqual({
      kind: "played",
      when: { timing: "spell", phase: "hero", castingValue: 6 },
      effects: [{ whom: { side: "friendly", filter: { keywords: ["SYLVANETH"] }, range: 12, wholly: true, includeSelf: true }, conditions: { attack: "melee", visible: true }, do: { kind: "for-the-turn", set: "hit", value: 1, companionOnly: false } }],
    });
    // Without a duration the modifier would be permanent: not read.
    expect(cast(6, ENEMY_18, "Subtract 1 from hit rolls for the target's attacks.").kind).not.toBe("played");
  });

  it("[AB-TRANSLATE] Grief-stricken's text gives the effect data/aos/abilities.json writes by hand", () => {
    const t = cast(6, 'Pick a visible enemy unit within 18" of this unit to be the target, then make a casting roll of 2D6.', "Ignore positive modifiers to the target's control score and to hit rolls, wound rolls and save rolls for the target for the rest of the turn.");
    const hand = abilitySchema.parse({ warscroll: "W", name: "Grief-stricken", when: { timing: "spell", phase: "hero", castingValue: 6 }, effects: [{ whom: { side: "enemy", range: 18 }, conditions: { visible: true }, do: { kind: "for-the-turn", set: "ignore-positive" } }], status: "played" });
    expect(t).toEqual({ kind: "played", when: hand.when, effects: hand.effects });
  });

  it("[AB-TRANSLATE] Scorn of Sorcery: \"This unit can use UNBIND abilities as if it had WIZARD (1)\" is played; with a second clause it is not", () => {
    const p = (effect: string) => translateAbility({ name: "Scorn of Sorcery", timing: "Passive", effect }, vocab);
    expect(p("This unit can use UNBIND abilities as if it had WIZARD (1).")).toEqual({ kind: "played", when: { timing: "passive" }, effects: [{ whom: { side: "self", wholly: false, includeSelf: false }, conditions: any, do: { kind: "unbind" } }] });
    // (Soul-eater's "..., inflict D3 mortal damage on the caster" is played since the react4 area: bsdata-translate-react4.test.ts.)
    expect(p("This unit can use UNBIND abilities as if it had WIZARD (1). Each time this unit unbinds a spell, Heal (D3) this unit.").kind).toBe("unread");
  });
});

describe("unbinding as WIZARD (1)", () => {
  const scorn = abilitySchema.parse({ warscroll: "Liberators", name: "Scorn of Sorcery", when: { timing: "passive" }, effects: [{ do: { kind: "unbind" } }], status: "played" });
  it("[CORE-UNBIND] a unit with Scorn of Sorcery within 30\" of the caster unbinds on a higher roll; without it no unbinding roll is made", () => {
    // Lady Olynder casts (4 + 4 = 8) at value 6; Liberators 20" away with the ability roll 5 + 4 = 9: unbound.
    let { b, ids } = battleAt("savage-gains", [{ warscroll: "Lady Olynder, Mortarch of Grief", owner: 0, x: 30, y: 10 }, { warscroll: "Liberators", owner: 1, x: 30, y: 30 }], { dice: [4, 4, 5, 4], step: { kind: "hero", player: 0 } });
    b.data.profiles[ids[1]!]!.abilities = [scorn];
    expect([castingRollValue(b, ids[0]!, 6, "Grief-stricken"), (b.rng as ScriptedRng).left()]).toEqual([0, 0]);
    ({ b, ids } = battleAt("savage-gains", [{ warscroll: "Lady Olynder, Mortarch of Grief", owner: 0, x: 30, y: 10 }, { warscroll: "Liberators", owner: 1, x: 30, y: 30 }], { dice: [4, 4], step: { kind: "hero", player: 0 } }));
    expect([castingRollValue(b, ids[0]!, 6, "Grief-stricken"), (b.rng as ScriptedRng).left()]).toEqual([8, 0]);
  });

  it("[CORE-UNBIND] the kernel unbinds with it too: battles from the hero phase are identical, seed for seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b, ids } = battleAt("savage-gains", [{ warscroll: "Lady Olynder, Mortarch of Grief", owner: 0, x: 30, y: 10 }, { warscroll: "Liberators", owner: 1, x: 30, y: 24 }], { seed, step: { kind: "hero", player: 0 } });
      b.data.profiles[ids[1]!]!.abilities = [scorn];
      b.data.log = null;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});
