/**
 * The BSData translator's charge and move patterns (src/aos/abilities/translate.ts movePatterns; docs/abilities.md
 * "Charges and moves"): each exact text with its exact effects and a near miss that must not translate, and an
 * imported warscroll's Vanguard Chamber played in TypeScript and in the kernel alike.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";
import { bundledLibrary, mergeLibraries, rosterSchema, type Roster, type Warscroll } from "../../src/aos/armies/index.js";
import { pitchedBattleGame } from "../../src/aos/battle/game.js";
import { Battle } from "../../src/aos/battle/battle.js";
import { nextPhase } from "../../src/aos/battle/turn.js";
import { rolloutTs, playSetUp } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { Rng } from "../../src/core/rng.js";

const vocab = keywordVocabulary(["MEGA-GARGANT", "GITMOB", "CAVALRY", "STORMCAST ETERNALS"]);
const passive = (effect: string) => translateAbility({ name: "A", timing: "Passive", effect }, vocab);
const VANGUARD = "For the rest of the turn, this unit can use SHOOT and/or CHARGE abilities even if it used a RUN or RETREAT ability in the same turn.";

describe("translator: charges and moves", () => {
  it("[AB-TRANSLATE] charging after a run or retreat: the four texts, played, and their near misses unread", () => {
    expect(passive("This unit can use a RUN ability and still use CHARGE abilities later in the turn.")).toEqual({
      kind: "played",
      when: { timing: "passive" },
      effects: [{ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "charge-after", after: ["run"], shoot: false, charge: true, noRetreatDamage: false } }],
    });
    // Supernatural Grace: two effects, the second one sparing the retreat's mortal damage.
    expect(passive("This unit can use CHARGE abilities even if it used a RETREAT ability in the same turn. In addition, no mortal damage is inflicted on this unit by RETREAT abilities.")).toMatchObject({
      kind: "played",
      effects: [
        { do: { kind: "charge-after", after: ["retreat"], shoot: false, charge: true, noRetreatDamage: false } },
        { do: { kind: "charge-after", after: ["retreat"], shoot: false, charge: false, noRetreatDamage: true } },
      ],
    });
    expect(passive("This unit can use SHOOT abilities even if it used a RUN or RETREAT ability in the same turn.")).toMatchObject({
      kind: "played",
      effects: [{ do: { kind: "charge-after", after: ["run", "retreat"], shoot: true, charge: false } }],
    });
    // Keep Up!'s text: the condition is a friendly MEGA-GARGANT near (this unit wholly within 12" of it).
    expect(passive("While this unit is wholly within 12\" of a friendly MEGA-GARGANT, this unit can use CHARGE abilities even if it used a RUN ability in the same turn.")).toMatchObject({
      kind: "played",
      effects: [{ conditions: { near: { filter: { keywords: ["MEGA-GARGANT"] }, range: 12, wholly: true, measured: "this-within" } }, do: { kind: "charge-after", after: ["run"] } }],
    });
    // Vanguard Chamber: once per turn (army) in your hero phase, played (moves.ts useHeroChargeAfter).
    expect(translateAbility({ name: "Vanguard Chamber", timing: "Once Per Turn (Army), Your Hero Phase", effect: VANGUARD }, vocab)).toMatchObject({
      kind: "played",
      when: { timing: "phase", phase: "hero", whose: "your", limit: "once-per-turn-army" },
      effects: [{ do: { kind: "charge-after", after: ["run", "retreat"], shoot: true, charge: true } }],
    });
    // In another phase it is written but not played.
    expect(translateAbility({ name: "V", timing: "Your Movement Phase", effect: VANGUARD }, vocab)).toMatchObject({ kind: "translated" });
    // Near misses: a FLY ability, "can use CHARGE abilities" after a SHOOT ability, an unknown keyword.
    expect(passive("This unit can use CHARGE abilities even if it used a SHOOT ability in the same turn.").kind).toBe("unread");
    expect(passive("This unit can use a RUN ability and still use SHOOT abilities later in the turn.").kind).toBe("unread");
    expect(passive("While this unit is wholly within 12\" of a friendly WIBBLE, this unit can use CHARGE abilities even if it used a RUN ability in the same turn.").kind).toBe("unread");
  });

  it("[AB-TRANSLATE] Move, run and charge modifiers for this unit or friendly units near it, played; an enemy's or a per-point one unread", () => {
    expect(passive("Add 1 to charge rolls for this unit.")).toMatchObject({ kind: "played", effects: [{ whom: { side: "self" }, do: { kind: "charge", value: 1 } }] });
    expect(passive("Add 1 to run rolls and charge rolls for this unit.")).toMatchObject({ kind: "played", effects: [{ do: { kind: "run", value: 1 } }, { do: { kind: "charge", value: 1 } }] });
    expect(passive("Add 2 to charge rolls for friendly GITMOB CAVALRY units while they are wholly within 12\" of this unit.")).toMatchObject({
      kind: "played",
      effects: [{ whom: { side: "friendly", filter: { keywords: ["GITMOB", "CAVALRY"] }, range: 12, wholly: true, includeSelf: true }, do: { kind: "charge", value: 2 } }],
    });
    expect(passive("Add 2\" to this unit's Move characteristic.")).toMatchObject({ kind: "played", effects: [{ do: { kind: "move", value: 2 } }] });
    expect(passive("Add 2\" to the Move characteristic of friendly STORMCAST ETERNALS units while they are wholly within 12\" of this unit.")).toMatchObject({
      kind: "played",
      effects: [{ whom: { side: "friendly", filter: { keywords: ["STORMCAST ETERNALS"] }, range: 12, wholly: true }, do: { kind: "move", value: 2 } }],
    });
    expect(passive("Add 2\" to the Move characteristic of enemy units while they are within 12\" of this unit.").kind).toBe("unread");
    expect(passive("Add 1 to charge rolls for each daemonic power point it has.").kind).toBe("played"); // read since hashut6 (translate-hashut6.ts)
    expect(passive("Add 13 to charge rolls for this unit.").kind).toBe("unread");
  });
});

describe("an imported Vanguard Chamber in play", () => {
  let core: Core;
  beforeAll(async () => {
    core = await loadCore();
  });

  const liberators = bundledLibrary().warscrolls.find((w) => w.name === "Liberators")!;
  /** Liberators as an import would give them, with Vanguard Chamber's text (or a near miss). */
  const imported = (effect: string): Warscroll => ({ ...liberators, name: "Liberators (BSData)", abilities: [{ name: "Vanguard Chamber", timing: "Once Per Turn (Army), Your Hero Phase", effect }] });
  const rosters = (name: string): [Roster, Roster] => [
    rosterSchema.parse({ name: "Hammers", faction: "Stormcast Eternals", pointsLimit: 1000, general: "Lord-Imperatant", grandStrategy: "Hold the Line", units: [{ warscroll: "Lord-Imperatant" }, { warscroll: name, models: 5 }, { id: "Liberators 2", warscroll: name, models: 5 }] }),
    rosterSchema.parse({ name: "Grief", faction: "Nighthaunt", pointsLimit: 1000, general: "Chainrasps", grandStrategy: "Hold the Line", units: [{ warscroll: "Chainrasps", models: 10 }, { id: "Chainrasps 2", warscroll: "Chainrasps", models: 10 }] }),
  ];
  const state = (w: Warscroll) => {
    const library = mergeLibraries("test", bundledLibrary(), { source: "imported", warscrolls: [w] });
    return playSetUp(pitchedBattleGame.newInitialState({ rosters: rosters(w.name), battleplan: "savage-gains", library }, 11));
  };

  it("[AB-TRANSLATE] Vanguard Chamber: at the end of the hero phase the first unit with it (by id) not in combat can shoot and charge after a run; the kernel plays the same battles", () => {
    const s = state(imported(VANGUARD));
    expect(s.data.profiles.map((p) => p.abilities?.map((a) => a.name) ?? [])).toEqual([[], ["Vanguard Chamber"], ["Vanguard Chamber"], [], []]);
    // The token after the hero phase: one unit only (once per turn, army), the first Liberators.
    const b = new Battle(structuredClone(s.data), new Rng(1));
    b.data.active = 0;
    b.data.step = { kind: "hero", player: 0 };
    nextPhase(b);
    expect(b.data.units.filter((u) => u.tokens.includes("for-the-turn:charge-after")).map((u) => u.id)).toEqual([1]);
    expect(b.data.step.kind).toBe("movement");
    const seeds = [1, 2, 3, 4, 5, 6];
    const ts = seeds.map((seed) => rolloutTs(s, seed));
    expect(seeds.map((seed) => rolloutWasm(core, s, seed))).toEqual(ts);
    // Without it (a near miss: "SHOOT or CHARGE"), other battles, the kernel again the same.
    const without = state(imported(VANGUARD.replace("and/or", "or")));
    expect(without.data.profiles[1]!.abilities).toBeUndefined();
    const none = seeds.map((seed) => rolloutTs(without, seed));
    expect(seeds.map((seed) => rolloutWasm(core, without, seed))).toEqual(none);
    expect(none).not.toEqual(ts);
  });
});
