/**
 * Effects held for a while (src/aos/battle/status.ts; the kernel's assembly/battle/status.ts): imported
 * warscrolls' abilities translated from the BSData text (translate-status.ts), used by the declared-ability steps
 * (combat-abilities.ts useStepAbilities) in each phase, each on a set-up position with scripted dice (a ScriptedRng
 * fails on any die the test did not expect), their effect on an attack worked out by hand; then the kernel playing
 * the same battles from such positions, seed for seed.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ability } from "../../src/aos/abilities/schema.js";
import { keywordVocabulary, translateAbility, translatedAbility } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { attackInput } from "../../src/aos/battle/attacks.js";
import { oddsAbilities } from "../../src/aos/abilities/odds.js";
import { fightCandidates } from "../../src/aos/battle/combat.js";
import { useCombatAbilities, useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { attackEffects, unitWard } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { attackContext } from "../../src/aos/battle/shooting.js";
import { strikeForAWhile } from "../../src/aos/battle/status.js";
import { beginTurn, nextPhase } from "../../src/aos/battle/turn.js";
import { exactAttackTs } from "../../src/aos/odds/kernel.js";
import { planAttack } from "../../src/aos/odds/plan.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng, battleInRow, type PhaseKind } from "../support/battle-fixtures.js";
import { giveTranslated } from "../support/abilities.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// Texts of the catalogues' forms (a sentence or two each), as translate-status.ts reads them.
const declare = (name: string, timing: string, pick: string, effect: string) => ({ name, timing, effect: `Declare: ${pick}\nEffect: ${effect}` });
const TEXT = {
  cower: declare("Cower", "Any Combat Phase", "Pick an enemy INFANTRY unit in combat with this unit to be the target.", "Roll a dice. On a 3+, subtract 1 from hit rolls for the target's attacks for the rest of the turn."),
  rally: declare("Rally", "Once Per Turn (Army), Your Hero Phase", 'Pick a friendly INFANTRY unit wholly within 12" of this unit to be the target.', "Roll a dice. On a 3+, add 1 to wound rolls for the target's combat attacks until the start of your next turn."),
  expose: declare("Expose", "Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice. On a 3+, subtract 1 from save rolls for the target for the rest of the turn."),
  stall: declare("Stall", "Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit in combat with this unit to be the target.", "Roll a dice. On a 4+, the target has STRIKE-LAST for the rest of the turn."),
  fury: { name: "Fury", timing: "Once Per Turn (Army), Any Combat Phase", effect: "Add 1 to the Attacks characteristic of this unit's melee weapons for the rest of the turn." },
  shield: declare("Shield", "Once Per Turn (Army), Any Hero Phase", 'Pick a friendly INFANTRY unit wholly within 12" of this unit to be the target.', "Roll a dice. On a 3+, the target has WARD (5+) for the rest of the turn."),
  dread: declare("Dread", "Once Per Turn (Army), Any Combat Phase", "Pick an enemy unit that charged this turn and is in combat with this unit to be the target.", "Subtract 1 from hit rolls and wound rolls for the target's combat attacks for the rest of the turn."),
  aim: { name: "Aim", timing: "Your Shooting Phase", effect: "Roll a dice. On a 3+, add 1 to hit rolls for this unit's shooting attacks for the rest of the turn." },
  steady: { name: "Steady", timing: "Once Per Turn (Army), Your Shooting Phase", effect: "If this unit has not used a MOVE ability this turn and was not set up this turn, add 1 to hit rolls for this unit's shooting attacks for the rest of the turn." },
  hold: declare("Hold", "Once Per Turn (Army), Any Combat Phase", "Pick up to 2 enemy units in combat with this unit to be the targets.", "Roll a dice for each target. On a 4+, the target has STRIKE-LAST for the rest of the turn."),
  firstBlow: { name: "First Blow", timing: "Once Per Turn (Army), Any Combat Phase", effect: "If this unit charged this turn, it has STRIKE-FIRST for the rest of the turn." },
} as const;

const vocab = keywordVocabulary(["INFANTRY"]);

/** Gives every unit of `warscroll` the played translation of `text` (an imported warscroll's UnitProfile.abilities). */
const give = (b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }) => giveTranslated(b, warscroll, text, vocab);

const row = (units: Omit<Placement, "x" | "y">[], dice: number[] | null, step: PhaseKind = "charge") => battleInRow(units, dice, step);

const left = (b: Battle) => (b.rng as ScriptedRng).left();
const held = (b: Battle, id: number) => b.unit(id).tokens.filter((t) => t.includes("for-the-turn:"));
/** The exact mean damage of `a`'s attacks of `type` on `t` as the battle resolves them now. */
function meanDamage(b: Battle, a: number, t: number, type: "melee" | "ranged" = "melee"): number {
  const input = attackInput(b.profile(a), b.unit(a), type, b.profile(t), b.unit(t), attackContext(b, a, t, type))!;
  return exactAttackTs(planAttack(input)).damage.mean;
}

describe("effects for a while, scripted dice", () => {
  it("[AB:BSData/Cower] combat step: on a 3+, -1 to hit for an enemy INFANTRY unit's attacks for the rest of the turn; gone when the next turn starts", () => {
    let { b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [3]);
    give(b, "Vindictors", TEXT.cower);
    // Liberators on Vindictors (save 3+, 4+ after Rend 1): 4 x 2 Warhammer attacks + the champion's 1 (Damage 1) and
    // 1 x 2 Grandhammer (Damage 2), 13 points' worth; 3+ to hit, 3+ to wound, 6s Crit (Mortal). Per point: 3/6 x 4/6
    // x 1/2 + 1/6 = 1/3, so 13/3. With -1 to hit (4+): 2/6 x 4/6 x 1/2 + 1/6 = 5/18, so 65/18.
    expect(meanDamage(b, ids[1]!, ids[0]!)).toBeCloseTo(13 / 3, 12);
    useCombatAbilities(b, 0);
    expect([held(b, ids[1]!).length, left(b), attackEffects(b, ids[1]!, ids[0]!, true, []).hit]).toEqual([1, 0, -1]);
    expect(meanDamage(b, ids[1]!, ids[0]!)).toBeCloseTo(65 / 18, 12);
    beginTurn(b, 1);
    expect(held(b, ids[1]!)).toEqual([]);
    // A 2: nothing. Not in combat: no target, no dice.
    ({ b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [2]));
    give(b, "Vindictors", TEXT.cower);
    useCombatAbilities(b, 0);
    expect([held(b, ids[1]!), left(b)]).toEqual([[], 0]);
    ({ b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], []));
    give(b, "Vindictors", TEXT.cower);
    b.unit(ids[1]!).y += 5;
    useCombatAbilities(b, 0);
    expect(held(b, ids[1]!)).toEqual([]);
  });

  it("[AB:BSData/Rally] hero step: the friendly unit with the most weight of attacks to come, +1 to wound until the start of your next turn (through the enemy's turn)", () => {
    // Vindictors (5 models) and 10 Liberators, both in combat with Chainrasps; the Lord-Imperatant behind.
    const { b, ids } = row(
      [{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Chainrasps", owner: 1 }, { warscroll: "Liberators", owner: 0, models: 10 }, { warscroll: "Lord-Imperatant", owner: 0 }],
      [3],
      "hero",
    );
    give(b, "Lord-Imperatant", TEXT.rally);
    useStepAbilities(b, 0, "hero");
    expect([held(b, ids[0]!), held(b, ids[2]!).length, held(b, ids[3]!), left(b)]).toEqual([[], 1, [], 0]);
    expect(held(b, ids[2]!)[0]!.startsWith("until-your-next-turn:0:")).toBe(true);
    beginTurn(b, 1); // the enemy's turn: still on
    expect(attackEffects(b, ids[2]!, ids[1]!, true, []).wound).toBe(1);
    expect(attackEffects(b, ids[2]!, ids[1]!, false, []).wound).toBe(0); // combat attacks only
    beginTurn(b, 0); // the start of its army's next turn: gone
    expect(held(b, ids[2]!)).toEqual([]);
  });

  it("[AB:BSData/Expose] -1 to the target's save rolls: Liberators on Vindictors 13/3 -> 91/18", () => {
    const { b, ids } = row([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], [3]);
    give(b, "Liberators", TEXT.expose);
    useCombatAbilities(b, 0);
    // Save 3+, 5+ after Rend 1 and -1: per point 3/6 x 4/6 x 2/3 + 1/6 = 7/18, 13 points' worth.
    const input = attackInput(b.profile(ids[0]!), b.unit(ids[0]!), "melee", b.profile(ids[1]!), b.unit(ids[1]!), attackContext(b, ids[0]!, ids[1]!, "melee"))!;
    expect([planAttack(input).saveMod, meanDamage(b, ids[0]!, ids[1]!), left(b)]).toEqual([-1, expect.closeTo(91 / 18, 12), 0]);
  });

  it("[AB:BSData/Stall] [CORE-STRIKE-ORDER] on a 4+ the enemy unit has STRIKE-LAST for the rest of the turn: not picked while the other fights are to come", () => {
    const { b, ids } = row([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Liberators", owner: 0 }], [4]);
    give(b, "Liberators", TEXT.stall);
    nextPhase(b); // the end of the charge phase, then the combat phase's step
    expect([strikeForAWhile(b, ids[1]!, "last"), left(b), b.data.step.kind]).toEqual([true, 0, "combat"]);
    expect(fightCandidates(b)).toEqual([ids[0]!, ids[2]!]);
  });

  it("[AB:BSData/Fury] +1 Attacks to its melee weapons: 19 points' worth instead of 13 (19/3 on Vindictors); a Companion weapon does not take it", () => {
    const { b, ids } = row([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], []);
    give(b, "Liberators", TEXT.fury);
    useCombatAbilities(b, 0);
    expect(meanDamage(b, ids[0]!, ids[1]!)).toBeCloseTo(19 / 3, 12);
    const kav = row([{ warscroll: "Kavalos Deathriders", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], []);
    give(kav.b, "Kavalos Deathriders", TEXT.fury);
    const before = attackInput(kav.b.profile(kav.ids[0]!), kav.b.unit(kav.ids[0]!), "melee", kav.b.profile(kav.ids[1]!), kav.b.unit(kav.ids[1]!), attackContext(kav.b, kav.ids[0]!, kav.ids[1]!, "melee"))!;
    useCombatAbilities(kav.b, 0);
    const after = attackInput(kav.b.profile(kav.ids[0]!), kav.b.unit(kav.ids[0]!), "melee", kav.b.profile(kav.ids[1]!), kav.b.unit(kav.ids[1]!), attackContext(kav.b, kav.ids[0]!, kav.ids[1]!, "melee"))!;
    expect(after.attacker.weapons.map((w, i) => [w.name, w.attacks.plus - before.attacker.weapons[i]!.attacks.plus])).toEqual([
      ["Kavalos Blades", 1],
      ["Kavalos Steed's Hooves and Teeth", 0],
    ]);
  });

  it("[AB:BSData/Shield] a ward for the rest of the turn on the friendly unit most threatened; it protects against mortal damage too", () => {
    // Chainrasps in combat with the Vindictors, enemy Liberators beyond them (within 12": a charge to come); the
    // Lord-Imperatant 4" behind (within 12" of the Chainrasps only); friendly Liberators more than 12" from any enemy.
    const { b, ids } = row(
      [{ warscroll: "Liberators", owner: 1 }, { warscroll: "Chainrasps", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 0 }, { warscroll: "Liberators", owner: 0 }],
      [3],
      "hero",
    );
    b.unit(ids[3]!).y += 4;
    b.unit(ids[4]!).y += 14;
    give(b, "Lord-Imperatant", TEXT.shield);
    expect(unitWard(b, ids[2]!)).toBe(null);
    useStepAbilities(b, 0, "hero");
    // (the Lord-Imperatant's own WARD (5+) is its Loyal Gryph-hound's: unitWard, which mortal damage reads too)
    expect([unitWard(b, ids[2]!), held(b, ids[2]!).length, held(b, ids[3]!), unitWard(b, ids[4]!), left(b)]).toEqual([5, 1, [], null, 0]);
  });

  it("[AB:BSData/Dread] one ability, two effects, one target and no dice: -1 to hit and -1 to wound for an enemy that charged", () => {
    const { b, ids } = row([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], []);
    give(b, "Liberators", TEXT.dread);
    useCombatAbilities(b, 0); // the Vindictors did not charge: no target
    expect(held(b, ids[1]!)).toEqual([]);
    b.unit(ids[1]!).charged = true;
    useCombatAbilities(b, 0);
    const m = attackEffects(b, ids[1]!, ids[0]!, true, []);
    expect([held(b, ids[1]!).length, m.hit, m.wound]).toEqual([2, -1, -1]);
  });

  it("[AB:BSData/Aim] a shooting phase's effect at its start, after the movement phase: +1 to hit for its shooting attacks", () => {
    const { b, ids } = row([{ warscroll: "Celestar Ballista", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [3], "movement");
    give(b, "Celestar Ballista", TEXT.aim);
    b.unit(ids[1]!).y += 8; // out of combat, within 18"
    nextPhase(b);
    expect([b.data.step.kind, held(b, ids[0]!).length, attackEffects(b, ids[0]!, ids[1]!, false, []).hit, left(b)]).toEqual(["shooting", 1, 1, 0]);
  });

  it("[AB:BSData/Hold] up to 2 enemy units in combat, a dice for each by ascending id: STRIKE-LAST on each 4+", () => {
    // Vindictors between two Liberators units and a Chainrasps unit 5" away (not in combat): two targets.
    const { b, ids } = row([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Chainrasps", owner: 1 }], [3, 5]);
    b.unit(ids[3]!).y += 5;
    give(b, "Vindictors", TEXT.hold);
    useCombatAbilities(b, 0);
    expect([ids.map((id) => strikeForAWhile(b, id, "last")), left(b)]).toEqual([[false, false, true, false], 0]);
  });

  it("[AB:BSData/Steady] at the start of the shooting phase, only if the unit did not move (nor was set up) this turn", () => {
    for (const moved of [false, true]) {
      const { b, ids } = row([{ warscroll: "Celestar Ballista", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [], "movement");
      give(b, "Celestar Ballista", TEXT.steady);
      b.unit(ids[1]!).y += 8;
      b.unit(ids[0]!).moved = moved;
      nextPhase(b);
      expect(attackEffects(b, ids[0]!, ids[1]!, false, []).hit, `moved ${moved}`).toBe(moved ? 0 : 1);
    }
  });

  it("[AB:BSData/First Blow] STRIKE-FIRST on itself when it charged (no dice); not used when it did not", () => {
    const { b, ids } = row([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], []);
    give(b, "Liberators", TEXT.firstBlow);
    useCombatAbilities(b, 0);
    expect(strikeForAWhile(b, ids[0]!, "first")).toBe(false);
    b.unit(ids[0]!).charged = true;
    useCombatAbilities(b, 0);
    expect(strikeForAWhile(b, ids[0]!, "first")).toBe(true);
  });
});

describe("effects for a while in the exact odds", () => {
  it("[AB:BSData/Expose] [AB:BSData/Fury] tactica odds' --for-the-turn: a save modifier put on the defender, an Attacks modifier on the attacker's weapons", () => {
    const ability = (w: string, t: { name: string; timing: string; effect: string }) => translatedAbility(w, t.name, translateAbility(t, vocab))!;
    const lib = { warscroll: "Liberators", keywords: ["INFANTRY"], abilities: [ability("Liberators", TEXT.expose), ability("Liberators", TEXT.fury)] };
    const vin = { warscroll: "Vindictors", keywords: ["INFANTRY"] };
    const off = oddsAbilities(lib, vin, true);
    expect([off.mods.save, off.mods.attacks, off.off]).toEqual([0, 0, ["Liberators/Expose", "Liberators/Fury"]]);
    const on = oddsAbilities(lib, vin, true, undefined, ["Liberators/Expose", "Liberators/Fury"]);
    expect([on.mods.save, on.mods.attacks, on.on]).toEqual([-1, 1, ["Liberators/Expose", "Liberators/Fury"]]);
  });
});

describe("effects for a while in the kernel", () => {
  const positions: [string, (keyof typeof TEXT)[], PhaseKind][] = [
    ["Cower, Expose, Stall", ["cower", "expose", "stall"], "charge"],
    ["Rally, Shield (hero phase, until the next turn)", ["rally", "shield"], "hero"],
    ["Fury, Dread, First Blow, Hold", ["fury", "dread", "firstBlow", "hold"], "charge"],
    ["Aim, Cower, Steady (from the movement phase)", ["aim", "cower", "steady"], "movement"],
  ];
  for (const [what, texts, step] of positions) {
    it(`[AB:BSData/${texts.map((t) => TEXT[t].name).join(", ")}] ${what}: battles from a set-up position are identical, seed for seed`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { b, ids } = row(
          [{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Celestar Ballista", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 1 }],
          null,
          step,
        );
        for (const t of texts) for (const w of ["Vindictors", "Liberators", "Celestar Ballista", "Lord-Imperatant"]) give(b, w, TEXT[t]);
        b.data.log = null;
        b.unit(ids[1]!).charged = seed % 2 === 0;
        b.unit(ids[0]!).charged = seed % 3 === 0;
        b.unit(ids[4]!).y += 6;
        b.data.terrain = seed % 3 === 0 ? [{ x: 20, y: 14, radius: 2, height: 4 }] : [];
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    });
  }

  it("[AB:BSData/Rally] a record held until a player's next turn and one for the rest of the turn are encoded mid-turn and play the same", () => {
    for (const seed of [1, 2, 3, 4]) {
      const { b, ids } = row([{ warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Lord-Imperatant", owner: 0 }], null, "charge");
      give(b, "Lord-Imperatant", TEXT.rally);
      give(b, "Vindictors", TEXT.cower);
      b.data.log = null;
      const rally = b.data.profiles[ids[2]!]!.abilities!.find((a) => a.name === "Rally")!;
      const cower = b.data.profiles[ids[0]!]!.abilities!.find((a) => a.name === "Cower")!;
      b.unit(ids[0]!).tokens.push(`until-your-next-turn:0:for-the-turn:Lord-Imperatant/${rally.name}#0`);
      if (seed % 2 === 0) b.unit(ids[1]!).tokens.push(`for-the-turn:Vindictors/${cower.name}#0`);
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

// The catalogues' own texts (read from the shared snapshot, never copied): every played translation with an effect
// for a while, given to the units of a set-up position (with the keywords their filters name), played in both engines.
const SNAPSHOT = [path.resolve(import.meta.dirname, "../../../shared/data/bsdata-aos4"), process.env.TACTICA_BSDATA_SNAPSHOT ?? "/work/shared/data/bsdata-aos4"].find((p) => existsSync(p));
if (!SNAPSHOT) console.warn("[abilities-status] the snapshot differential is skipped: no BSData snapshot (set TACTICA_BSDATA_SNAPSHOT)");

describe.skipIf(!SNAPSHOT)("effects for a while from the BSData snapshot", () => {
  it("[AB-TRANSLATE] every played translation with an effect for a while: battles from the hero phase are identical in both engines, seed for seed", async () => {
    const { importBsdata } = await import("../../src/aos/bsdata/index.js");
    const { libraryVocabulary } = await import("../../src/aos/abilities/imported.js");
    const imp = await importBsdata(SNAPSHOT!);
    const v = libraryVocabulary({ warscrolls: imp.factions.flatMap((f) => f.warscrolls) });
    const seen = new Set<string>();
    const abilities: Ability[] = [];
    for (const f of imp.factions)
      for (const w of f.warscrolls)
        for (const a of w.abilities) {
          const t = translateAbility(a, v);
          const key = `${a.timing}|${a.effect}`;
          if (t.kind !== "played" || seen.has(key) || !t.effects.some((e) => e.do.kind === "for-the-turn")) continue;
          seen.add(key);
          abilities.push(translatedAbility("X", a.name, t)!);
        }
    expect(abilities.length).toBeGreaterThanOrEqual(60);
    const warscrolls = ["Vindictors", "Liberators", "Celestar Ballista", "Lord-Imperatant"];
    for (let i = 0; i < abilities.length; i += 6) {
      const chunk = abilities.slice(i, i + 6);
      for (const seed of [1, 2]) {
        const { b, ids } = row(
          [{ warscroll: "Liberators", owner: 1 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Vindictors", owner: 0 }, { warscroll: "Celestar Ballista", owner: 0 }, { warscroll: "Lord-Imperatant", owner: 1 }],
          null,
          "hero",
        );
        // Each ability on a warscroll of both armies; every unit carries the keywords the abilities' filters name.
        const names = chunk.flatMap((a) => a.effects.flatMap((e) => [...(e.whom.filter?.keywords ?? []), ...(e.whom.filter?.anyKeywords ?? []).slice(0, 1)]));
        for (const p of b.data.profiles) {
          p.keywords = [...new Set([...p.keywords, ...names])];
          const mine = chunk.filter((_, j) => warscrolls[(i + j) % warscrolls.length] === p.warscroll || warscrolls[(i + j + 1) % warscrolls.length] === p.warscroll);
          p.abilities = mine.map((a) => ({ ...a, warscroll: p.warscroll }));
        }
        b.data.log = null;
        b.unit(ids[4]!).y += 6;
        b.unit(ids[1]!).charged = seed === 2;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `abilities ${chunk.map((a) => a.name).join(", ")}, seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
    }
  }, 180_000);
});
