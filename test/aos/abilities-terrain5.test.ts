/**
 * The terrain5 area (docs/abilities.md "Terrain features and objectives (terrain5)"): each form on a set-up position
 * with scripted dice (a ScriptedRng fails on any die the test did not expect), then the kernel playing the same
 * battles from such positions, seed for seed, checking that the abilities change some battles.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attackMods } from "../../src/aos/abilities/attack.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import { battleEffects, battleView } from "../../src/aos/battle/effects.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { terrainFeature } from "../../src/aos/battle/terrain.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChanged } from "../support/same-battles.js";
import { visible } from "../../src/aos/battle/visibility.js";
import { battleAt, battleInRow, type PhaseKind, type ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const declare = (name: string, timing: string, pick: string, effect: string) => ({ name, timing, effect: `Declare: ${pick}\nEffect: ${effect}` });
// The catalogues' texts (Fomoroid Crusher, Freeguild Grenadiers).
const CURSED = declare("Cursed Destroyers", "Once Per Turn (Army), Any Combat Phase", 'Pick a terrain feature within 1" of this unit, then pick each other unit (friendly and enemy) within 3" of that terrain feature to be the targets.', "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.");
const CINDERS = declare("Cinders and Ashes", "Once Per Turn (Army), End of Any Turn", "If this unit contains a Cindergout, pick a terrain feature or objective contested by this unit, then pick any enemy units contesting that terrain feature or objective to be the targets.", "Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.");

const vocab = keywordVocabulary(["INFANTRY"]);
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);
const left = (b: Battle) => (b.rng as ScriptedRng).left();

/** A rocks feature (radius 2) with its edge `gap`" east of unit `id`'s footprint. */
function rocksBeside(b: Battle, id: number, gap: number): void {
  const f = b.footprint(id);
  b.data.terrain = [terrainFeature(2, f.x + f.radius + gap + 2, f.y, 2)];
}

describe("Cursed Destroyers: mortal damage on each other unit around a terrain feature, scripted dice", () => {
  it("[AB:BSData/Cursed Destroyers] Vindictors 0.5\" from rocks with Liberators in combat: the unit itself is no target, the Liberators take a D3 of 2 (1 slain)", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [2], "combat");
    const [l, v] = ids as [number, number];
    rocksBeside(b, v, 0.5);
    // The Liberators' edge within 3" of the rocks too (a row along y at x = 30: both footprints touch x = 30 + radius).
    expect(b.data.terrain[0]!.x - 2 - (b.footprint(l).x + b.footprint(l).radius)).toBeLessThanOrEqual(3);
    const before = b.unit(l).models;
    give(b, "Vindictors", CURSED);
    useStepAbilities(b, 0, "combat");
    expect([left(b), b.unit(l).models, b.unit(l).damage, b.unit(v).damage]).toEqual([0, before - 1, 0, 0]);
  });

  it("[AB:BSData/Cursed Destroyers] no terrain feature within 1\" (the rocks 2\" away): not used, no dice", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [], "combat");
    rocksBeside(b, ids[1]!, 2);
    give(b, "Vindictors", CURSED);
    useStepAbilities(b, 0, "combat");
    expect(b.unit(ids[0]!).damage).toBe(0);
  });

  it("[AB:BSData/Cursed Destroyers] as many friendly units (the Lord-Imperatant) as enemy ones around it: not used, no dice", () => {
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 0 }], [], "combat");
    rocksBeside(b, ids[1]!, 0.5);
    const f = b.data.terrain[0]!;
    b.unit(ids[2]!).x = f.x + f.radius + b.footprint(ids[2]!).radius + 1; // 1" east of the rocks
    b.unit(ids[2]!).y = f.y;
    const before = b.unit(ids[0]!).models;
    give(b, "Vindictors", CURSED);
    useStepAbilities(b, 0, "combat");
    expect([b.unit(ids[0]!).models, b.unit(ids[2]!).damage]).toEqual([before, 0]);
  });
});

/** Units in a row (battleInRow) moved so the row's first unit sits on the battleplan's first objective. */
function onObjective(units: Parameters<typeof battleInRow>[0], dice: number[] | null, step: PhaseKind) {
  const r = battleInRow(units, dice, step);
  const o = r.b.objectives()[0]!;
  const y0 = r.b.unit(r.ids[0]!).y;
  for (const id of r.ids) {
    r.b.unit(id).x = o.x;
    r.b.unit(id).y = o.y + (r.b.unit(id).y - y0);
  }
  return { ...r, o };
}

describe("Cinders and Ashes: mortal damage on each enemy unit contesting an objective the unit contests, scripted dice", () => {
  it("[AB:BSData/Cinders and Ashes] Liberators on the objective and Praetors beyond it: only the Liberators (on it with the Vindictors) take the D3 (3: 1 slain, 1 damage point)", () => {
    const { b, ids } = onObjective([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }], [3], "combat");
    const [l, v, p] = ids as [number, number, number];
    b.unit(p).y += 8; // off the objective
    const before = b.unit(l).models;
    give(b, "Vindictors", CINDERS);
    useStepAbilities(b, 0, "end-of-turn");
    expect([left(b), b.unit(l).models, b.unit(l).damage, b.unit(p).damage, b.unit(v).damage]).toEqual([0, before - 1, 1, 0, 0]);
  });

  it("[AB:BSData/Cinders and Ashes] two enemy units contesting it: a D3 for each by ascending id (2 on the Liberators, 1 on the Praetors)", () => {
    const { b, ids } = onObjective([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }], [2, 1], "combat");
    const [l, , p] = ids as [number, number, number];
    // The Praetors on the objective's other side.
    b.unit(p).y = b.objectives()[0]!.y - b.footprint(p).radius;
    const before = b.unit(l).models;
    give(b, "Vindictors", CINDERS);
    useStepAbilities(b, 0, "end-of-turn");
    // The Liberators' id is the lower: they take the 2 (1 slain), the Praetors the 1 (nothing).
    expect(l).toBeLessThan(p);
    expect([left(b), b.unit(l).models, b.unit(l).damage, b.unit(p).damage]).toEqual([0, before - 1, 0, 0]);
  });

  it("[AB:BSData/Cinders and Ashes] the Vindictors off every objective: not used, no dice", () => {
    const { b, ids } = onObjective([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [], "combat");
    b.unit(ids[1]!).y += 10;
    const before = b.unit(ids[0]!).models;
    give(b, "Vindictors", CINDERS);
    useStepAbilities(b, 0, "end-of-turn");
    expect(b.unit(ids[0]!).models).toBe(before);
  });
});

describe("the terrain5 forms in the kernel", () => {
  const cases: [string, (b: Battle, ids: number[]) => void, typeof CURSED][] = [
    ["Cursed Destroyers", (b, ids) => rocksBeside(b, ids[1]!, 0.5), CURSED],
    ["Cinders and Ashes", () => {}, CINDERS],
  ];
  for (const [name, place, text] of cases)
    for (const step of ["combat", "hero"] as PhaseKind[]) {
      it(`[AB:BSData/${name}] battles from the ${step} phase are identical, seed for seed, and the ability changes some`, () => {
        sameBattlesChanged(core, (seed, withAbilities) => {
          const { b, ids } = onObjective([{ warscroll: "Chainrasps", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }, { warscroll: "Liberators", owner: 0 }], null, step);
          place(b, ids);
          if (withAbilities) for (const w of ["Vindictors", "Liberators", "Praetors"]) give(b, w, text);
          b.data.log = null;
          return new PitchedBattleState(b);
        });
      });
    }
});

// ------------------------------------------------------------------------------------------ not visible near terrain

// The catalogue's text (Frost Sabres).
const FROZEN = { name: "Hunters of the Frozen Wilds", timing: "Passive", effect: 'This unit is not visible to enemy units while it is within 3" of a terrain feature and more than 9" from all enemy units.' };

describe("Hunters of the Frozen Wilds: not visible near a terrain feature while no enemy is near", () => {
  it("[AB:BSData/Hunters of the Frozen Wilds] Vindictors 1\" from rocks: a Celestar Ballista 15\" away cannot see them; 4\" from the rocks, or an enemy within 9\", every enemy can", () => {
    const { b, ids } = battleAt("savage-gains", [{ warscroll: "Vindictors", owner: 0, x: 30, y: 10 }, { warscroll: "Celestar Ballista", owner: 1, x: 30, y: 30 }, { warscroll: "Liberators", owner: 1, x: 50, y: 40 }], { seed: 1, step: { kind: "shooting", player: 1 } });
    const [vin, bal, foe] = ids as [number, number, number];
    rocksBeside(b, vin, 1);
    b.unit(bal).y = 10 + b.footprint(vin).radius + b.footprint(bal).radius + 15;
    give(b, "Vindictors", FROZEN); // before any visibility check (common.ts caches the battle's kinds)
    expect([visible(b, bal, vin), visible(b, foe, vin), visible(b, vin, bal)]).toEqual([false, false, true]);
    // The rocks 4" away (edge to edge): visible.
    rocksBeside(b, vin, 4);
    expect(visible(b, bal, vin)).toBe(true);
    rocksBeside(b, vin, 3);
    expect(visible(b, bal, vin)).toBe(false);
    // An enemy unit 9" away (edge to edge): visible to every enemy unit; 9.1" away: not.
    b.unit(foe).x = 30;
    b.unit(foe).y = 10 - b.footprint(vin).radius - b.footprint(foe).radius - 9;
    expect([visible(b, bal, vin), visible(b, foe, vin)]).toEqual([true, true]);
    b.unit(foe).y -= 0.1;
    expect([visible(b, bal, vin), visible(b, foe, vin)]).toEqual([false, false]);
  });

  it("[AB:BSData/Hunters of the Frozen Wilds] battles with it (shooting armies, rocks beside the unit) are identical in both engines, seed for seed, and differ from those without it", () => {
    sameBattlesChanged(core, (seed, withIt) => {
      const { b, ids } = battleAt("savage-gains", [{ warscroll: "Vindictors", owner: 0, x: 30, y: 10 }, { warscroll: "Liberators", owner: 0, x: 40, y: 14 }, { warscroll: "Celestar Ballista", owner: 1, x: 30, y: 30 }, { warscroll: "Celestar Ballista", owner: 1, x: 20, y: 32 }, { warscroll: "Liberators", owner: 1, x: 44, y: 40 }], { step: { kind: "shooting", player: 1 }, log: false });
      rocksBeside(b, ids[0]!, 1);
      if (withIt) give(b, "Vindictors", FROZEN);
      return new PitchedBattleState(b);
    }, [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

// ------------------------------------------------------------------------------------ an objective held alone

// The catalogue's text (Rippa's Snarlfangs, "cons" its slip) on the Liberators' Warhammer.
const MARKING = { name: "Marking Your Territory", timing: "Passive", effect: "Add 1 to the Rend characteristic of this unit's Warhammer while it cons an objective you control that is not contested by any other friendly units." };

describe("Marking Your Territory: an objective you control that no other friendly unit contests", () => {
  it("[AB:BSData/Marking Your Territory] +1 Rend for the Warhammer on an objective its army controls; none with the Praetors on it too, none when the enemy controls it", () => {
    const { b, ids, o } = onObjective([{ warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Praetors", owner: 0 }], null, "combat");
    const [v, l, p] = ids as [number, number, number];
    b.unit(p).y = o.y + 20; // off every objective
    b.data.control[o.id] = 0;
    give(b, "Liberators", MARKING);
    const mods = () => attackMods(battleView(b), battleEffects(b), l, v, true, false).weaponMods;
    expect(mods()).toEqual([{ rend: 1, damage: 0, attacks: 0, names: ["warhammer"] }]);
    // An enemy unit contesting it too changes nothing (only other friendly units count).
    b.unit(p).y = o.y - b.footprint(p).radius; // the Praetors on it
    expect(mods()).toEqual([]);
    b.unit(p).y = o.y + 20;
    b.data.control[o.id] = 1;
    expect(mods()).toEqual([]);
  });

  it("[AB:BSData/Marking Your Territory] battles from the combat phase are identical in both engines, seed for seed, and the ability changes some", () => {
    sameBattlesChanged(core, (seed, withIt) => {
      const { b, ids, o } = onObjective([{ warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 0 }, { warscroll: "Praetors", owner: 0 }], null, "combat");
      b.unit(ids[2]!).y = o.y + 20;
      b.data.control[o.id] = 0;
      if (withIt) give(b, "Liberators", MARKING);
      b.data.log = null;
      return new PitchedBattleState(b);
    });
  });
});

// ------------------------------------------------------------------------------------ a target that is never faction terrain

// The catalogue's text (Stonehorn Beastriders).
const AVALANCHE = {
  name: "Stonehorn Avalanche",
  timing: "Once Per Turn (Army), Any Charge Phase",
  effect: "Declare: If this unit charged this turn and has not used the 'Bull Charge' ability this turn, pick an enemy unit in combat with this unit or an enemy faction terrain feature within this unit's combat range to be the target.\nEffect: Roll a dice. On a 3+:\n• If the target is a unit, inflict 3 mortal damage on it.\n• If the target is a faction terrain feature, inflict 6 mortal damage on it.",
};

describe("Stonehorn Avalanche: 3 mortal damage on an enemy unit in combat after a charge", () => {
  it("[AB:BSData/Stonehorn Avalanche] the Vindictors charged: a 3 inflicts 3 mortal damage on the Liberators in combat (1 slain, 1 damage point); a 2 nothing; not charged: no dice", () => {
    for (const [dice, slain, damage] of [[[3], 1, 1], [[2], 0, 0]] as const) {
      const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [...dice], "charge");
      const [l, v] = ids as [number, number];
      b.unit(v).charged = true;
      const before = b.unit(l).models;
      give(b, "Vindictors", AVALANCHE);
      useStepAbilities(b, 0, "charge");
      expect([left(b), before - b.unit(l).models, b.unit(l).damage]).toEqual([0, slain, damage]);
    }
    const { b, ids } = battleInRow([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }], [], "charge");
    give(b, "Vindictors", AVALANCHE);
    useStepAbilities(b, 0, "charge");
    expect(b.unit(ids[0]!).damage).toBe(0);
  });

  it("[AB:BSData/Stonehorn Avalanche] battles from the charge phase are identical in both engines, seed for seed, and the ability changes some", () => {
    sameBattlesChanged(core, (seed, withIt) => {
      const { b, ids } = battleInRow([{ warscroll: "Chainrasps", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Praetors", owner: 1 }, { warscroll: "Liberators", owner: 0 }], null, "charge");
      b.unit(ids[1]!).charged = true;
      b.unit(ids[3]!).charged = true;
      if (withIt) for (const w of ["Vindictors", "Liberators"]) give(b, w, AVALANCHE);
      b.data.log = null;
      return new PitchedBattleState(b);
    });
  });
});
