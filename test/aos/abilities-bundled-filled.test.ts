/**
 * The abilities the bundled warscrolls lacked until their BSData catalogues were compared again (data/aos/abilities.json:
 * the Mega-Gargants' Longshanks, Pulverising Strike, Beast-breaking Strike, Behemoth Brawler and the Gatebreaker's Son of
 * Behemat; the Mancrusher Mob's 'Oo's Under The Heel Now?; the Prosecutors' Ruination Chamber), each on a set-up position
 * with scripted dice (a ScriptedRng fails on any die the test did not expect), then the kernel on positions where they
 * are used, battle for battle, seed for seed. The others added with them are listed as not played, with the reason
 * (tactica units --coverage).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Battle } from "../../src/aos/battle/battle.js";
import { attackInput } from "../../src/aos/battle/attacks.js";
import { fight } from "../../src/aos/battle/combat.js";
import { useCombatAbilities, useStepAbilities } from "../../src/aos/battle/combat-abilities.js";
import { abilitiesOf } from "../../src/aos/abilities/index.js";
import { PitchedBattleState, pitchedBattleGame } from "../../src/aos/battle/game.js";
import { moveEnd, moveWorld } from "../../src/aos/battle/paths.js";
import { resisted } from "../../src/aos/battle/common.js";
import { attackContext } from "../../src/aos/battle/shooting.js";
import { arrive, arrivedToken } from "../../src/aos/battle/reserves.js";
import { translateAbility, keywordVocabulary } from "../../src/aos/abilities/translate.js";
import { commandModels, traitsPhaseEnd, wickedPredator } from "../../src/aos/battle/traits.js";
import { ownMovementMoves } from "../../src/aos/battle/moves5.js";
import { bundledRosters } from "../../src/aos/armies/index.js";

import { playPolicy, playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, battleInRow, type Placement, type PhaseKind, ScriptedRng } from "../support/battle-fixtures.js";
import { sameBattlesChanged, sameBattlesUsing } from "../support/same-battles.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const row = (units: Omit<Placement, "x" | "y">[], dice: number[] | null, step: PhaseKind = "combat") => battleInRow(units, dice, step);
const state = (b: Battle, id: number) => [b.unit(id).models, b.unit(id).damage];
const left = (b: Battle) => (b.rng as ScriptedRng).left();

describe("the abilities added to the bundled warscrolls", () => {
  it("[AB-DATA] they are written from the catalogues' texts: 11 played, 5 by the battle traits' code", () => {
    const added: [string, string, string][] = [
      ["Gatebreaker Mega-Gargant", "Son of Behemat", "played"],
      ["Gatebreaker Mega-Gargant", "Longshanks", "played"],
      ["Gatebreaker Mega-Gargant", "Pulverising Strike", "played"],
      ["Warstomper Mega-Gargant", "Hurled Body", "played"],
      ["Warstomper Mega-Gargant", "Titanic Boulderclub", "played"],
      ["Warstomper Mega-Gargant", "Longshanks", "played"],
      ["Beast-smasher Mega-Gargant", "Behemoth Brawler", "played"],
      ["Beast-smasher Mega-Gargant", "Beast-breaking Strike", "played"],
      ["Beast-smasher Mega-Gargant", "Longshanks", "played"],
      ["Mancrusher Mob", "'Oo's Under The Heel Now?", "engine"],
      ["Abhorrant Ghoul King on Royal Terrorgheist", "Wicked Predator", "engine"],
      ["Abhorrant Ghoul King on Royal Terrorgheist", "A Majestic Menagerie", "engine"],
      ["Abhorrant Archregent", "Musicians, Play!", "engine"],
      ["Cryptguard", "Elite Guardians", "played"],
      ["Royal Terrorgheist", "Wicked Predator", "engine"],
      ["Prosecutors", "Ruination Chamber", "played"],
    ];
    expect(added.map(([w, n]) => abilitiesOf(w).find((a) => a.name === n)?.status ?? "missing")).toEqual(added.map((x) => x[2]));
  });

  for (const w of ["Gatebreaker Mega-Gargant", "Warstomper Mega-Gargant", "Beast-smasher Mega-Gargant"]) {
    it(`[AB:${w}/Longshanks] its moves pass through the models of non-MONSTER units (friendly Liberators), not through a MONSTER's (a Mancrusher Mob)`, () => {
      const at = (gargant: string, blocker: string) => {
        const { b, ids } = battleAt(
          "savage-gains",
          [
            { warscroll: gargant, owner: 0, x: 30, y: 10 },
            { warscroll: blocker, owner: 0, x: 30, y: 14 },
            { warscroll: "Vindictors", owner: 1, x: 30, y: 44 },
          ],
          { seed: 1 },
        );
        b.data.terrain = [];
        const g = ids[0]!;
        b.unit(ids[1]!).y = 10 + b.footprint(g).radius + b.footprint(ids[1]!).radius + 0.1;
        return moveEnd(b.footprint(g), { x: 30, y: 26 }, 12, moveWorld(b, g, false));
      };
      const straight = (p: { x: number; y: number }) => Math.abs(p.x - 30) < 1e-6 && Math.abs(p.y - 22) < 1e-6;
      // A Mancrusher Gargant has no Longshanks: the Liberators stop or turn it; the Mega-Gargant's 12" line ends beyond them.
      expect([straight(at("Mancrusher Gargant", "Liberators")), straight(at(w, "Liberators")), straight(at(w, "Mancrusher Mob"))]).toEqual([false, true, false]);
    });
  }

  it("[AB:Gatebreaker Mega-Gargant/Pulverising Strike] on an enemy unit in combat with it: a dice, on a 4+ 4D6 mortal damage (the optional pile-in is not made)", () => {
    // 10 Liberators (Health 2): 4, then 1, 2, 3, 1 = 7 mortal damage: 3 slain, 1 allocated.
    let { b, ids } = row([{ warscroll: "Gatebreaker Mega-Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }], [4, 1, 2, 3, 1]);
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([7, 1, 0]);
    // A 3: nothing more is rolled.
    ({ b, ids } = row([{ warscroll: "Gatebreaker Mega-Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }], [3]));
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([10, 0, 0]);
  });

  it("[AB:Beast-smasher Mega-Gargant/Beast-breaking Strike] on an enemy MONSTER in combat with it: a dice, on a 4+ 5D6 mortal damage; never on a non-MONSTER", () => {
    // A Royal Terrorgheist (Health 14, WARD (6+)): 5, then 2, 2, 1, 3, 2 = 10 mortal damage; ward rolls 6, 1 x9: 9 allocated.
    let { b, ids } = row([{ warscroll: "Beast-smasher Mega-Gargant", owner: 0 }, { warscroll: "Royal Terrorgheist", owner: 1 }], [5, 2, 2, 1, 3, 2, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([1, 9, 0]);
    // Liberators only: no target, no dice.
    ({ b, ids } = row([{ warscroll: "Beast-smasher Mega-Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1 }], []));
    useCombatAbilities(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([5, 0, 0]);
  });

  it("[AB:Beast-smasher Mega-Gargant/Behemoth Brawler] enemy MONSTERS in combat with it have -1 Attacks; a MONSTER out of combat with it and non-MONSTERS keep theirs", () => {
    const { b, ids } = row([{ warscroll: "Beast-smasher Mega-Gargant", owner: 0 }, { warscroll: "Royal Terrorgheist", owner: 1 }, { warscroll: "Liberators", owner: 0 }], null);
    const [gargant, gheist, libs] = ids as [number, number, number];
    const attacks = (a: number, t: number) => attackInput(b.profile(a), b.unit(a), "melee", b.profile(t), b.unit(t), attackContext(b, a, t, "melee"))!.attacker.weapons.map((w) => w.attacks.plus);
    // Fanged Maw 3, Skeletal Talons 6: 2 and 5, whichever unit it attacks, while it is in combat with the Beast-smasher.
    expect([attacks(gheist, gargant), attacks(gheist, libs)]).toEqual([[2, 5], [2, 5]]);
    b.unit(gargant).x = 60;
    expect(attacks(gheist, libs)).toEqual([3, 6]);
    b.unit(gargant).x = 30;
    const lib = b.profile(libs).weapons.map((w) => w.attacks);
    expect(attackInput(b.profile(libs), b.unit(libs), "melee", b.profile(gheist), b.unit(gheist), attackContext(b, libs, gheist, "melee"))!.attacker.weapons.map((w) => w.attacks)).toEqual(lib);
  });

  it("[AB:Warstomper Mega-Gargant/Titanic Boulderclub] +2 Attacks for its Boulderclub for every 5 models in the target (counted when it fights), its other weapons unchanged; on top of Battle Damaged's 3", () => {
    const club = (models: number, damage = 0) => {
      const { b, ids } = row([{ warscroll: "Warstomper Mega-Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1, models }], null);
      b.unit(ids[0]!).damage = damage;
      return attackInput(b.profile(ids[0]!), b.unit(ids[0]!), "melee", b.profile(ids[1]!), b.unit(ids[1]!), attackContext(b, ids[0]!, ids[1]!, "melee"))!.attacker.weapons.map((w) => [w.name, w.attacks.plus]);
    };
    // Death Grip 1, Almightier Stomp 6, Titanic Boulderclub 4: 4 models add nothing, 5-9 add 2, 10 add 4.
    expect(club(4)).toEqual([["Death Grip", 1], ["Almightier Stomp", 6], ["Titanic Boulderclub", 4]]);
    expect([club(5)[2], club(9)[2], club(10)[2]]).toEqual([["Titanic Boulderclub", 6], ["Titanic Boulderclub", 6], ["Titanic Boulderclub", 8]]);
    // 15 damage points: Battle Damaged makes the Boulderclub's Attacks 3, and 10 models add 4.
    expect(club(10, 15)[2]).toEqual(["Titanic Boulderclub", 7]);
    // Scripted dice: on 10 Liberators it rolls 1 + 6 + 8 = 15 hit rolls (all 1s: misses); on 4, 11.
    for (const [models, rolls] of [[10, 15], [4, 11]] as const) {
      const { b, ids } = row([{ warscroll: "Warstomper Mega-Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1, models }], Array(rolls).fill(1));
      fight(b, ids[0]!, ids[1]!);
      expect([...state(b, ids[1]!), left(b)]).toEqual([models, 0, 0]);
    }
  });

  it("[AB:Gatebreaker Mega-Gargant/Son of Behemat] a Gatebreaker still in reserve at the start of round 4 takes 6 damage points instead of being destroyed (as the other two Mega-Gargants)", () => {
    expect(abilitiesOf("Gatebreaker Mega-Gargant").find((a) => a.name === "Son of Behemat")?.effects).toEqual(abilitiesOf("Warstomper Mega-Gargant").find((a) => a.name === "Son of Behemat")?.effects);
  });

  it("[AB:Mancrusher Mob/'Oo's Under The Heel Now?] its Gargant Charge inflicts 1 more mortal damage for each of its models (a Mancrusher Gargant's does not)", () => {
    // A Mob of 3 that charged, on 10 Liberators: a D3 of 2 + 3 = 5 mortal damage: 2 slain, 1 allocated.
    let { b, ids } = row([{ warscroll: "Mancrusher Mob", owner: 0, models: 3 }, { warscroll: "Liberators", owner: 1, models: 10 }], [2], "charge");
    b.unit(ids[0]!).charged = true;
    traitsPhaseEnd(b, "charge");
    expect([...state(b, ids[1]!), left(b)]).toEqual([8, 1, 0]);
    // 2 models left: 2 + 2.
    ({ b, ids } = row([{ warscroll: "Mancrusher Mob", owner: 0, models: 2 }, { warscroll: "Liberators", owner: 1, models: 10 }], [2], "charge"));
    b.unit(ids[0]!).charged = true;
    traitsPhaseEnd(b, "charge");
    expect([...state(b, ids[1]!), left(b)]).toEqual([8, 0, 0]);
    // A Mancrusher Gargant: the D3 alone.
    ({ b, ids } = row([{ warscroll: "Mancrusher Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }], [2], "charge"));
    b.unit(ids[0]!).charged = true;
    traitsPhaseEnd(b, "charge");
    expect([...state(b, ids[1]!), left(b)]).toEqual([9, 0, 0]);
  });

  it("[AB:Annihilators/Blazing Impact] at the end of your movement phase, if it arrived from reserve this turn (Scions of the Storm): up to 3 enemy units within 10\", a D3 each, on 2+ that much mortal damage", () => {
    // Three Liberators units within 10" of where the Annihilators arrive, a fourth beyond: D3s of 2, 1, 3 on the three.
    const make = (dice: number[]) => {
      const { b, ids } = battleAt(
        "savage-gains",
        [
          { warscroll: "Annihilators", owner: 0, x: 0, y: 0 },
          { warscroll: "Liberators", owner: 1, x: 24, y: 30 },
          { warscroll: "Liberators", owner: 1, x: 36, y: 30 },
          { warscroll: "Liberators", owner: 1, x: 30, y: 36 },
          { warscroll: "Liberators", owner: 1, x: 30, y: 50 },
        ],
        { dice, step: { kind: "movement", player: 0 } },
      );
      b.data.terrain = [];
      Object.assign(b.unit(ids[0]!), { status: "reserve", reserve: "celestial-realm" });
      return { b, ids };
    };
    let { b, ids } = make([2, 1, 3]);
    arrive(b, ids[0]!, { x: 30, y: 24 });
    expect(b.unit(ids[0]!).tokens).toEqual([arrivedToken("Scions of the Storm")]);
    useStepAbilities(b, 0, "movement");
    const hits = ids.slice(1).map((id) => b.unit(id).damage + 2 * (5 - b.unit(id).models));
    expect([hits.slice(0, 3).sort(), hits[3], left(b)]).toEqual([[0, 2, 3], 0, 0]);
    // Not arrived this turn (set up on the battlefield): no dice.
    ({ b, ids } = make([]));
    Object.assign(b.unit(ids[0]!), { status: "deployed", x: 30, y: 24 });
    delete b.unit(ids[0]!).reserve;
    useStepAbilities(b, 0, "movement");
    expect(left(b)).toBe(0);
  });

  it("[AB:Lord-Imperatant/Guided by Lightning] at the end of your movement phase, units set up this turn by Scions of the Storm wholly within 12\" of it move D3\" toward an objective; once per battle", () => {
    // The Annihilators arrive 6" from the Lord-Imperatant; Liberators beside it did not arrive (set up before).
    const make = (dice: number[], at = { x: 30, y: 20 }) => {
      const { b, ids } = battleAt(
        "savage-gains",
        [
          { warscroll: "Lord-Imperatant", owner: 0, x: 30, y: 14 },
          { warscroll: "Annihilators", owner: 0, x: 0, y: 0 },
          { warscroll: "Liberators", owner: 0, x: 40, y: 14 },
          { warscroll: "Vindictors", owner: 1, x: 30, y: 56 },
        ],
        { dice, step: { kind: "movement", player: 0 } },
      );
      b.data.terrain = [];
      Object.assign(b.unit(ids[1]!), { status: "reserve", reserve: "celestial-realm" });
      arrive(b, ids[1]!, at);
      return { b, ids };
    };
    const where = (b: Battle, id: number) => [b.unit(id).x, b.unit(id).y];
    let { b, ids } = make([2]);
    const [, ann, libs] = ids as [number, number, number, number];
    const before = where(b, ann);
    const libsBefore = where(b, libs);
    ownMovementMoves(b);
    // A D3 of 2: the Annihilators moved 2" (toward the objective the movement policy gives them); the Liberators did not.
    expect([Math.hypot(b.unit(ann).x - before[0]!, b.unit(ann).y - before[1]!).toFixed(6), where(b, libs), left(b)]).toEqual(["2.000000", libsBefore, 0]);
    expect(b.data.effectsUsed?.[0]).toContain("Lord-Imperatant/Guided by Lightning");
    // Once per battle: the next movement phase, no dice (a ScriptedRng fails on any die not given).
    ownMovementMoves(b);
    expect(left(b)).toBe(0);
    // Beyond 12" of the Lord-Imperatant: neither moved nor spent.
    ({ b, ids } = make([], { x: 30, y: 40 }));
    ownMovementMoves(b);
    expect([b.unit(ids[1]!).x, b.unit(ids[1]!).y, b.data.effectsUsed?.[0] ?? []]).toEqual([30, 40, []]);
  });

  it("[AB:Annihilators/Blazing Impact] the catalogue's text is read to the same effect (Annihilators with Meteoric Grandhammers), only for an arrival both engines mark", () => {
    const vocab = keywordVocabulary([]);
    const text = (arrival: string) => ({
      name: "Blazing Impact",
      timing: "Your Movement Phase",
      effect: `Declare: If this unit was set up this turn using the '${arrival}' ability, pick up to 3 enemy units within 10" of it to be the targets.\nEffect: Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.`,
    });
    const t = translateAbility(text("Scions of the Storm"), vocab);
    expect(t.kind === "played" && t.effects.map((e) => [e.conditions.arrived, e.whom.range, e.do])).toEqual([
      ["Scions of the Storm", 10, { kind: "mortal", per: "once", dice: { count: 1, sides: 3, plus: 0 }, on: 2, each: "roll", targets: "one", upTo: 3 }],
    ]);
    expect(translateAbility(text("Transport Skyfarers"), vocab).kind).toBe("unread");
    expect(abilitiesOf("Annihilators").find((a) => a.name === "Blazing Impact")?.effects[0]?.conditions.arrived).toBe("Scions of the Storm");
  });

  it("[AB:Royal Terrorgheist/Wicked Predator] [AB:Abhorrant Ghoul King on Royal Terrorgheist/Wicked Predator] the champions, standard bearers and musicians of the unit it fights: +1 Attacks each to its Skeletal Talons, to a maximum of 10; once per turn for the army", () => {
    // Command models as fielded, at most the models left: 10 Mortek Guard a champion and a standard bearer (1/10), 20
    // of them 1 + 2, 3 Morbheg Knights 1 + 1 (1/3) + 1 (1/3), Liberators a champion, a Mancrusher Gargant none.
    const { b, ids } = row(
      [{ warscroll: "Royal Terrorgheist", owner: 0 }, { warscroll: "Mortek Guard", owner: 1 }, { warscroll: "Abhorrant Ghoul King on Royal Terrorgheist", owner: 0 }, { warscroll: "Mancrusher Gargant", owner: 1 }],
      null,
    );
    const [tg, guard, king, gargant] = ids as [number, number, number, number];
    const units = row(
      [{ warscroll: "Mortek Guard", owner: 1, models: 10 }, { warscroll: "Mortek Guard", owner: 1, models: 20 }, { warscroll: "Morbheg Knights", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Mancrusher Gargant", owner: 1 }],
      null,
    );
    expect(units.ids.map((id) => commandModels(units.b.profile(id), units.b.unit(id).models))).toEqual([2, 3, 3, 1, 0]);
    expect(commandModels(units.b.profile(units.ids[2]!), 2)).toBe(2); // at most the models left
    const talons = (id: number, target: number, wicked: number, more = 0) => {
      const ctx = attackContext(b, id, target, "melee");
      ctx.traits!.wicked = wicked;
      ctx.traits!.attacks = more;
      return attackInput(b.profile(id), b.unit(id), "melee", b.profile(target), b.unit(target), ctx)!.attacker.weapons.map((w) => [w.name, w.attacks.plus]);
    };
    // No command models in the Gargant: not used, still open for the army this turn.
    expect(wickedPredator(b, king, gargant)).toBe(0);
    expect(wickedPredator(b, tg, guard)).toBe(2);
    expect(talons(tg, guard, 2)).toEqual([["Terrorgheist's Fanged Maw", 3], ["Terrorgheist's Skeletal Talons", 8]]);
    // To a maximum of 10: 6 + Feeding Frenzy's 1 + 5 would be 12.
    expect(talons(tg, guard, 5, 1)).toEqual([["Terrorgheist's Fanged Maw", 4], ["Terrorgheist's Skeletal Talons", 10]]);
    expect(wickedPredator(b, king, guard)).toBe(0); // used this turn by the army
    // Its FIGHT ability: the Fanged Maw's 3 and the Talons' 6 + 2 attacks on the Mortek Guard, in the log.
    b.data.traits = {};
    b.data.log = [];
    fight(b, tg, guard);
    expect(b.data.log.filter((l) => /Wicked Predator|fights Mortek Guard/.test(l)).map((l) => l.replace(/: \d+ damage.*Dice: (\d+ attacks).*/, ": $1"))).toEqual([
      "Royal Terrorgheist uses Wicked Predator on Mortek Guard: +2 Attacks for its Terrorgheist's Skeletal Talons (to a maximum of 10) for its champion, standard bearers and musicians.",
      "Royal Terrorgheist fights Mortek Guard: 11 attacks",
    ]);
  });

  it("[AB:Prosecutors/Ruination Chamber] picked as the target of an enemy non-CORE ability: a resistance roll, on a 4+ that ability has no effect on it; once per turn for the army", () => {
    const { b, ids } = row([{ warscroll: "Vindictors", owner: 1 }, { warscroll: "Prosecutors", owner: 0 }, { warscroll: "Prosecutors", owner: 0 }], [4, 3]);
    expect(resisted(b, ids[0]!, ids[1]!, "Alpha Charge")).toBe(true); // 4: resisted
    expect([resisted(b, ids[0]!, ids[2]!, "Alpha Charge"), left(b)]).toEqual([false, 1]); // used this turn by the army: no roll
  });
});

describe("the kernel plays the same battles", () => {
  /** The kernel plays the same battles from `make()`'s position (test/support/same-battles.ts). */
  const sameBattles = (make: () => Battle, used: RegExp[], seeds?: number[]) => sameBattlesUsing(core, make, used, seeds);


  it("[AB:Gatebreaker Mega-Gargant/Pulverising Strike] [AB:Beast-smasher Mega-Gargant/Beast-breaking Strike] [AB:Beast-smasher Mega-Gargant/Behemoth Brawler] from a combat phase", () => {
    sameBattles(
      () =>
        row(
          [{ warscroll: "Gatebreaker Mega-Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Beast-smasher Mega-Gargant", owner: 0 }, { warscroll: "Royal Terrorgheist", owner: 1 }],
          null,
        ).b,
      [/Pulverising Strike/, /Beast-breaking Strike/],
    );
  });

  it("[AB:Warstomper Mega-Gargant/Titanic Boulderclub] from a combat phase, on 10 Liberators and on 5 Vindictors", () => {
    // A passive Attacks modifier says nothing in the log: the battles must change without it (the weapon renamed,
    // so the ability names no weapon the Warstomper has).
    sameBattlesChanged(core, (seed, withAbility) => {
      const { b } = row([{ warscroll: "Warstomper Mega-Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Vindictors", owner: 1, models: 5 }], null);
      if (!withAbility) for (const p of b.data.profiles) p.weapons = p.weapons.map((w) => (w.name === "Titanic Boulderclub" ? { ...w, name: "Boulderclub" } : w));
      b.data.log = null;
      return new PitchedBattleState(b);
    });
  });

  it("[AB:Mancrusher Mob/'Oo's Under The Heel Now?] [AB:Warstomper Mega-Gargant/Longshanks] from a charge phase", () => {
    sameBattles(
      () => {
        const { b, ids } = row([{ warscroll: "Mancrusher Mob", owner: 0, models: 3 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Warstomper Mega-Gargant", owner: 0 }, { warscroll: "Vindictors", owner: 1 }], null, "charge");
        b.unit(ids[0]!).charged = true;
        return b;
      },
      [/Gargant Charge/],
    );
  });

  it("[AB:Lord-Imperatant/Guided by Lightning] Mortek Shieldwall against the Hammers (both engines' set-up, the Annihilators in reserve): the same battles, some changed by it", () => {
    // Without it: the same position with the ability already used (once per battle). It is used in about a fifth of
    // these battles (the Annihilators often arrive on an objective, and then hold it).
    const [a, h] = ["Mortek Shieldwall", "Hammers of the Warrior Chamber"].map((n) => bundledRosters().find((r) => r.roster.name === n)!.roster);
    for (const plan of ["apex-predators", "the-veins-of-ghur"] as const)
      sameBattlesChanged(core, (seed, withAbility) => {
        const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [a!, h!], battleplan: plan }, seed));
        if (!withAbility) s.data.effectsUsed = [[], ["Lord-Imperatant/Guided by Lightning"]];
        return s;
      }, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("[AB:Royal Terrorgheist/Wicked Predator] [AB:Abhorrant Ghoul King on Royal Terrorgheist/Wicked Predator] from a combat phase, on 20 Mortek Guard and 5 Vindictors", () => {
    sameBattles(
      () =>
        row(
          [{ warscroll: "Royal Terrorgheist", owner: 0 }, { warscroll: "Mortek Guard", owner: 1, models: 20 }, { warscroll: "Abhorrant Ghoul King on Royal Terrorgheist", owner: 0 }, { warscroll: "Vindictors", owner: 1 }],
          null,
        ).b,
      [/Royal Terrorgheist uses Wicked Predator/, /Abhorrant Ghoul King on Royal Terrorgheist uses Wicked Predator/],
    );
  });

  it("[AB:Annihilators/Blazing Impact] from a movement phase with the Annihilators in reserve", () => {
    sameBattles(
      () => {
        const { b, ids } = battleAt(
          "savage-gains",
          [
            { warscroll: "Annihilators", owner: 0, x: 0, y: 0 },
            { warscroll: "Liberators", owner: 0, x: 10, y: 4 },
            { warscroll: "Liberators", owner: 1, models: 10, x: 24, y: 30 },
            { warscroll: "Vindictors", owner: 1, x: 40, y: 30 },
            { warscroll: "Mortek Guard", owner: 1, x: 30, y: 40 },
          ],
          { seed: 1, step: { kind: "movement", player: 0 } },
        );
        Object.assign(b.unit(ids[0]!), { status: "reserve", reserve: "celestial-realm" });
        return b;
      },
      [/Blazing Impact/],
    );
  });
});
