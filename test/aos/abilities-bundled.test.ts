/**
 * The bundled factions' battle traits and the bundled abilities with code of their own (src/aos/battle/traits.ts;
 * the kernel's assembly/battle/traits.ts): each on a set-up position with scripted dice (a ScriptedRng fails on any
 * die the test did not expect), then the kernel on positions where it is used, battle for battle, seed for seed.
 * Battle traits are named "[AB:<Faction> battle traits/<Trait>]", warscroll abilities "[AB:<Warscroll>/<Ability>]".
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { fight } from "../../src/aos/battle/combat.js";
import { newBattleData } from "../../src/aos/battle/create.js";
import { unitWard } from "../../src/aos/battle/effects.js";
import { factionHook } from "../../src/aos/battle/factions.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { retreat } from "../../src/aos/battle/movement.js";
import { mayChargeAfterMoving } from "../../src/aos/battle/moves.js";
import { controlScore } from "../../src/aos/battle/objectives.js";
import { attackInput, inflictMortal, resolveAttacks } from "../../src/aos/battle/attacks.js";
import { charge } from "../../src/aos/battle/charge.js";
import { banish, banishChoices, castSummon, manifestationRecord, setUpManifestation } from "../../src/aos/battle/manifestations.js";
import { clearSpot, moveEnd, moveWorld, pileInEnd } from "../../src/aos/battle/paths.js";
import { destroyIfSlain } from "../../src/aos/battle/casualties.js";
import { attackContext, shoot } from "../../src/aos/battle/shooting.js";
import { delusionValue, noTraitMods, pageantHides, pageantRun, reactToAttack, remorselessMarch, traitMods, traitsCombatStep, traitsPhaseEnd, traitsPhaseStart, traitsTurnStart } from "../../src/aos/battle/traits.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { visible } from "../../src/aos/battle/visibility.js";
import { planAttack } from "../../src/aos/odds/plan.js";
import { playPolicy, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng, battleInRow, type PhaseKind } from "../support/battle-fixtures.js";
import { sameBattlesUsing } from "../support/same-battles.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const left = (b: Battle) => (b.rng as ScriptedRng).left();
const state = (b: Battle, id: number) => [b.unit(id).models, b.unit(id).damage];

const row = (units: Omit<Placement, "x" | "y">[], dice: number[] | null, step: PhaseKind = "combat") => battleInRow(units, dice, step);

/** The kernel plays the same battles from `make()`'s position (test/support/same-battles.ts). */
const sameBattles = (make: () => Battle, used: RegExp[], seeds?: number[]) => sameBattlesUsing(core, make, used, seeds);

describe("Ossiarch Bonereapers: relentless discipline", () => {
  it("[AB:Ossiarch Bonereapers battle traits/Immortal Elite] at the start of a battle round, the points of the HERO with the highest RELENTLESS DISCIPLINE (Liege-Kavalos 6, Boneshaper 2); lost at its end", () => {
    const { b } = battleAt("savage-gains", [
      { warscroll: "Mortisan Boneshaper", owner: 0, x: 10, y: 10 },
      { warscroll: "Liege-Kavalos", owner: 0, x: 20, y: 10 },
      { warscroll: "Liberators", owner: 1, x: 40, y: 40 },
    ]);
    factionHook(b, "onRoundStart");
    expect(b.data.factionPoints).toEqual([6, 0]);
    factionHook(b, "onRoundEnd");
    expect(b.data.factionPoints).toEqual([0, 0]);
  });

  it("[AB:Ossiarch Bonereapers battle traits/Pitiless Assault] +1 to wound for the FIGHT, 1 point: a wound roll of 3 wounds (Nadirite Blades 4+)", () => {
    // One Mortek Guard model (2 attacks + the champion's 1) on Liberators (3+ save): hit 3, wound 3, save 2 (fails): 1
    // damage; then two misses (1, 2).
    let { b, ids } = row([{ warscroll: "Mortek Guard", owner: 0, models: 1 }, { warscroll: "Liberators", owner: 1 }], [3, 3, 2, 1, 2]);
    b.data.factionPoints = [2, 0];
    fight(b, ids[0]!, ids[1]!);
    expect([...state(b, ids[1]!), left(b), b.data.factionPoints[0]]).toEqual([5, 1, 0, 1]);
    // No points: the 3 does not wound (no save rolled), nothing.
    ({ b, ids } = row([{ warscroll: "Mortek Guard", owner: 0, models: 1 }, { warscroll: "Liberators", owner: 1 }], [3, 3, 1, 2]));
    fight(b, ids[0]!, ids[1]!);
    expect([...state(b, ids[1]!), left(b)]).toEqual([5, 0, 0]);
  });

  it("[AB:Ossiarch Bonereapers battle traits/Pitiless Assault] a reinforced unit above half its models pays 2; a unit that used a RELENTLESS DISCIPLINE ability this phase cannot", () => {
    const { b, ids } = row([{ warscroll: "Mortek Guard", owner: 0, models: 20 }, { warscroll: "Liberators", owner: 1 }], null);
    b.data.factionPoints = [3, 0];
    const ctx = attackContext(b, ids[0]!, ids[1]!, "melee");
    reactToAttack(b, ids[0]!, ids[1]!, true, ctx.mods!, ctx.traits!);
    expect([ctx.traits!.wound, b.data.factionPoints[0]]).toEqual([1, 1]);
    const again = attackContext(b, ids[0]!, ids[1]!, "melee");
    reactToAttack(b, ids[0]!, ids[1]!, true, again.mods!, again.traits!);
    expect([again.traits!.wound, b.data.factionPoints[0]]).toEqual([0, 1]);
    expect(attackInput(b.profile(ids[0]!), b.unit(ids[0]!), "melee", b.profile(ids[1]!), b.unit(ids[1]!), ctx)!.context.modifiers.wound).toBe(1);
  });

  it("[AB:Ossiarch Bonereapers battle traits/Inviolate Legions] WARD (5+) against an enemy's attacks: a damage point warded on a 5", () => {
    // Lord-Imperatant (4 attacks, 3+/3+, Rend 1, Damage 2) on Mortek Guard (4+ save, WARD (6+)); Shields of the Legion
    // takes its Rend to 0. Attack 1: hit 3, wound 3, save 2 (fails), 2 damage points: ward rolls 5 (saved) and 4; then 3 misses.
    const { b, ids } = row([{ warscroll: "Lord-Imperatant", owner: 0 }, { warscroll: "Mortek Guard", owner: 1 }], [3, 3, 2, 5, 4, 1, 1, 1]);
    b.data.factionPoints = [0, 1];
    fight(b, ids[0]!, ids[1]!);
    expect([...state(b, ids[1]!), left(b), b.data.factionPoints[1]]).toEqual([9, 0, 0, 0]);
  });

  it("[AB:Ossiarch Bonereapers battle traits/Ruthless Extermination] -1 to ward rolls for a SHOOT's attacks, once per turn for the army: WARD (6+) becomes none, WARD (5+) 6+", () => {
    const { b, ids } = row([{ warscroll: "Mortek Crawler", owner: 0 }, { warscroll: "Crypt Ghouls", owner: 1 }, { warscroll: "Mortek Crawler", owner: 0 }], null, "shooting");
    b.data.factionPoints = [2, 0];
    const ctx = attackContext(b, ids[0]!, ids[1]!, "ranged");
    reactToAttack(b, ids[0]!, ids[1]!, false, ctx.mods!, ctx.traits!);
    expect([ctx.traits!.wardRoll, b.data.factionPoints[0]]).toEqual([1, 1]);
    expect(attackInput(b.profile(ids[0]!), b.unit(ids[0]!), "ranged", b.profile(ids[1]!), b.unit(ids[1]!), ctx)!.defender.ward).toBeNull();
    ctx.traits!.ward = 5;
    expect(attackInput(b.profile(ids[0]!), b.unit(ids[0]!), "ranged", b.profile(ids[1]!), b.unit(ids[1]!), ctx)!.defender.ward).toBe(6);
    // The second Crawler's shooting this turn: not again.
    const second = attackContext(b, ids[2]!, ids[1]!, "ranged");
    reactToAttack(b, ids[2]!, ids[1]!, false, second.mods!, second.traits!);
    expect([second.traits!.wardRoll, b.data.factionPoints[0]]).toEqual([0, 1]);
  });

  it("[AB:Ossiarch Bonereapers battle traits/Remorseless March] +3\" to a normal move that falls short, in its movement phase; not for a run", () => {
    const { b, ids } = battleAt("savage-gains", [{ warscroll: "Mortek Guard", owner: 0, x: 20, y: 10 }, { warscroll: "Liberators", owner: 1, x: 40, y: 40 }], { step: { kind: "movement", player: 0 } });
    b.data.factionPoints = [1, 0];
    expect(remorselessMarch(b, ids[0]!, { x: 20, y: 20 }, 4, true)).toBe(0);
    expect(remorselessMarch(b, ids[0]!, { x: 20, y: 13 }, 4, false)).toBe(0); // 3" away: its Move reaches
    expect([remorselessMarch(b, ids[0]!, { x: 20, y: 20 }, 4, false), b.data.factionPoints[0]]).toEqual([3, 0]);
  });

  it("[AB:Ossiarch Bonereapers battle traits/Impassive Retreat] a unit that retreats may charge this turn, for a point", () => {
    // Kavalos Deathriders (not reinforced: 1 point) retreat from Liberators: the D3 (1, warded on 6+ by a roll of 3), then the move.
    const { b, ids } = row([{ warscroll: "Kavalos Deathriders", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [1, 3], "movement");
    b.data.factionPoints = [1, 0];
    retreat(b, ids[0]!);
    expect([b.unit(ids[0]!).retreated, mayChargeAfterMoving(b, ids[0]!), b.data.factionPoints[0], left(b)]).toEqual([true, true, 0, 0]);
  });

  it("[AB:Ossiarch Bonereapers battle traits/Pitiless Assault] [AB:Ossiarch Bonereapers battle traits/Inviolate Legions] the kernel spends the points the same way, battle for battle", () => {
    sameBattles(() => {
      const { b } = row(
        [{ warscroll: "Mortek Guard", owner: 0, models: 20 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Liege-Kavalos", owner: 0 }, { warscroll: "Vindictors", owner: 1 }],
        null,
        "combat",
      );
      b.data.factionPoints = [6, 0];
      return b;
    }, [/Pitiless Assault/, /Inviolate Legions/, /Immortal Elite/]);
  });

  it("[AB:Ossiarch Bonereapers battle traits/Remorseless March] [AB:Ossiarch Bonereapers battle traits/Ruthless Extermination] [AB:Ossiarch Bonereapers battle traits/Immortal Elite] the kernel too, from the hero phase", () => {
    sameBattles(() => {
      const { b } = battleAt(
        "savage-gains",
        [
          { warscroll: "Liege-Kavalos", owner: 0, x: 20, y: 8 },
          { warscroll: "Mortek Guard", owner: 0, x: 26, y: 8 },
          { warscroll: "Mortek Crawler", owner: 0, x: 34, y: 6 },
          { warscroll: "Crypt Ghouls", owner: 1, x: 30, y: 30 },
          { warscroll: "Crypt Haunter Courtier", owner: 1, x: 40, y: 36 },
        ],
        { seed: 1, step: { kind: "hero", player: 0 } },
      );
      b.data.terrain = [];
      b.data.factionPoints = [6, 0];
      return b;
    }, [/Remorseless March/, /Ruthless Extermination/]);
  });
});

describe("Nighthaunt", () => {
  it("[AB:Nighthaunt battle traits/Ethereal] a NIGHTHAUNT unit's save ignores Rend (a negative modifier to the roll) and negative save modifiers", () => {
    const { b, ids } = row([{ warscroll: "Gatebreaker Mega-Gargant", owner: 0 }, { warscroll: "Chainrasps", owner: 1 }], null);
    const ctx = attackContext(b, ids[0]!, ids[1]!, "melee");
    expect(ctx.traits!.ignoreNegativeSave).toBe(true);
    const input = attackInput(b.profile(ids[0]!), b.unit(ids[0]!), "melee", b.profile(ids[1]!), b.unit(ids[1]!), ctx)!;
    input.context.modifiers.save = -1;
    const plan = planAttack(input);
    expect([plan.weapons.map((w) => w.rend), plan.saveMod]).toEqual([[0, 0, 0], 0]);
    // Not for the Gargant's own save.
    expect(attackContext(b, ids[1]!, ids[0]!, "melee").traits!.ignoreNegativeSave).toBe(false);
  });

  it("[AB:Nighthaunt battle traits/Ethereal] scripted dice: a Rend 2 weapon against a 6+ save, a 6 saves", () => {
    // Mancrusher's 'Eadbutt (1 attack, 4+/2+, Rend 2, Damage 4) on Grimghast Reapers: hit 4, wound 2, save 6: saved (it would fail at Rend 2).
    // Then Massive Club (4 attacks) and Mighty Kick (1 attack, Damage D3) all miss.
    const { b, ids } = row([{ warscroll: "Mancrusher Gargant", owner: 0 }, { warscroll: "Grimghast Reapers", owner: 1 }], [4, 2, 6, 1, 1, 1, 1, 1]);
    fight(b, ids[0]!, ids[1]!);
    expect([...state(b, ids[1]!), left(b)]).toEqual([10, 0, 0]);
  });

  it("[AB:Nighthaunt battle traits/Mounting Dread] an enemy unit in combat with a NIGHTHAUNT unit loses the battle round from its control score on an objective (at least 1)", () => {
    const { b, ids } = row([{ warscroll: "Chainrasps", owner: 0 }, { warscroll: "Liberators", owner: 1 }], null);
    const o = b.objectives()[0]!;
    b.data.round = 2;
    expect(controlScore(b, ids[1]!, 5, o)).toBe(3);
    expect(controlScore(b, ids[1]!, 5)).toBe(5); // the policy's estimate has no objective
    b.data.round = 5;
    expect(controlScore(b, ids[1]!, 5, o)).toBe(1);
    b.unit(ids[1]!).y += 5; // out of combat
    expect(controlScore(b, ids[1]!, 5, o)).toBe(5);
  });

  it("[AB:Glaivewraith Stalkers/Unerring Hunters] in the combat step, the army's first Stalkers unit in combat: its pile-in reaches 6\" for the rest of the turn", () => {
    // The straight spot is taken (Spirit Hosts in the way): the ring's spots 3" to 6" away are open to it only with the 6".
    const { b, ids } = row([{ warscroll: "Liberators", owner: 1 }, { warscroll: "Glaivewraith Stalkers", owner: 0 }], []);
    const before = pileInEnd(b, ids[1]!, ids[0]!);
    traitsCombatStep(b, 0);
    expect(b.unit(ids[1]!).tokens).toContain("unerring-hunters");
    traitsCombatStep(b, 0);
    expect(b.unit(ids[1]!).tokens.filter((t) => t === "unerring-hunters").length).toBe(1);
    b.unit(ids[1]!).y += 2.5; // 2.75" away: a 3" pile-in reaches 1/2" either way
    expect(pileInEnd(b, ids[1]!, ids[0]!)).not.toBeNull();
    expect(before).toBeNull(); // touching (0.25"): nothing to gain before
  });

  it("[AB:Nighthaunt battle traits/Ethereal] [AB:Nighthaunt battle traits/Mounting Dread] [AB:Glaivewraith Stalkers/Unerring Hunters] the kernel plays the same battles", () => {
    sameBattles(() => {
      const { b } = row(
        [{ warscroll: "Glaivewraith Stalkers", owner: 0 }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Chainrasps", owner: 0, models: 20 }, { warscroll: "Annihilators", owner: 1 }],
        null,
        "combat",
      );
      return b;
    }, [/Unerring Hunters/]);
  });
});

describe("Stormcast Eternals", () => {
  it("[AB:Praetors/Soul-bonded] picked when the battle is created: the general if it is a STORMCAST ETERNALS HERO (the Warrior Chamber Vanguard's Lord-Imperatant)", () => {
    const roster = bundledRosters().find((r) => r.roster.name === "Warrior Chamber Vanguard")!.roster;
    const other = bundledRosters().find((r) => r.roster.name === "Mortek Shieldwall")!.roster;
    const d = newBattleData([roster, other], { battleplan: "savage-gains", log: false });
    const praetors = d.profiles.findIndex((p) => p.warscroll === "Praetors");
    const lord = d.profiles.findIndex((p) => p.warscroll === "Lord-Imperatant");
    expect(d.traits?.bonded).toEqual([[praetors, lord]]);
  });

  it("[AB:Praetors/Soul-forged Guardians] WARD (5+) for the Praetors and their charge while it is within 3\" of them, against attacks and mortal damage", () => {
    const { b, ids } = row([{ warscroll: "Lord-Imperatant", owner: 0 }, { warscroll: "Praetors", owner: 0 }, { warscroll: "Chainrasps", owner: 1 }], null);
    b.data.traits = { bonded: [[ids[1]!, ids[0]!]] };
    b.unit(ids[0]!).tokens = []; // no Loyal Gryph-hound (its own WARD (5+))
    expect([unitWard(b, ids[0]!), unitWard(b, ids[1]!)]).toEqual([5, 5]);
    expect(traitMods(b, ids[2]!, ids[1]!, true).ward).toBe(5);
    b.unit(ids[0]!).y -= 3; // 3.25" away
    expect([unitWard(b, ids[0]!), unitWard(b, ids[1]!)]).toEqual([null, null]);
  });

  it("[AB:Stormcast Eternals battle traits/Their Finest Hour] at the end of the hero phase, the unit within 12\" of an enemy with the most melee attacks: +1 to wound in combat, +1 to its saves, for the turn; once per battle", () => {
    const { b, ids } = row([{ warscroll: "Liberators", owner: 0 }, { warscroll: "Annihilators", owner: 0 }, { warscroll: "Chainrasps", owner: 1 }], [], "hero");
    traitsPhaseEnd(b, "hero");
    // Liberators 2x(2x4+3x... ): 5 models x 2 attacks (+1 champion) = score 22 + ... > Annihilators 3 x 3: the Liberators.
    expect([b.unit(ids[0]!).tokens, b.unit(ids[1]!).tokens]).toEqual([["their-finest-hour", "their-finest-hour-used"], []]);
    expect([traitMods(b, ids[0]!, ids[2]!, true).wound, traitMods(b, ids[0]!, ids[2]!, false).wound, traitMods(b, ids[2]!, ids[0]!, false).save]).toEqual([1, 0, 1]);
    traitsTurnStart(b);
    expect(b.unit(ids[0]!).tokens).toEqual(["their-finest-hour-used"]);
    traitsPhaseEnd(b, "hero");
    expect(b.unit(ids[1]!).tokens).toEqual(["their-finest-hour", "their-finest-hour-used"]);
  });

  it("[AB:Praetors/Soul-forged Guardians] [AB:Stormcast Eternals battle traits/Their Finest Hour] the kernel plays the same battles", () => {
    sameBattles(() => {
      const { b, ids } = row(
        [{ warscroll: "Lord-Imperatant", owner: 0 }, { warscroll: "Praetors", owner: 0 }, { warscroll: "Crypt Horrors", owner: 1, models: 6 }, { warscroll: "Liberators", owner: 0 }],
        null,
        "hero",
      );
      b.data.traits = { bonded: [[ids[1]!, ids[0]!]] };
      return b;
    }, [/Their Finest Hour/]);
  });
});

describe("Knight-Arcanum's Indomitable Loreseekers", () => {
  /** A Knight-Arcanum (player 0, a WIZARD) and Liberators; player 1's Krondspine Incarnate (lore) and Vindictors. */
  function withKrondspine(dice: number[] | null, lores: [string | null, string | null] = [null, "Krondspine Incarnate"]) {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Knight-Arcanum", owner: 0, x: 20, y: 10 },
        { warscroll: "Liberators", owner: 0, x: 40, y: 10 },
        { warscroll: "Vindictors", owner: 1, x: 40, y: 40 },
      ],
      { ...(dice ? { dice } : { seed: 1 }), step: { kind: "hero", player: 0 }, lores },
    );
    b.data.terrain = [];
    return { b, ids, krondspine: 3 };
  }

  it("[AB:Knight-Arcanum/Indomitable Loreseekers] +1 to its SUMMON casting rolls: a 7 casts Summon Krondspine Incarnate (8)", () => {
    const { b, ids, krondspine } = withKrondspine([3, 4], ["Krondspine Incarnate", null]);
    castSummon(b, ids[0]!, krondspine, { x: 20, y: 20 });
    expect([b.unit(krondspine).status, left(b)]).toEqual(["deployed", 0]);
  });

  it("[AB:Knight-Arcanum/Indomitable Loreseekers] +1 to its banishment rolls: a 7 banishes the Krondspine (8)", () => {
    const { b, ids, krondspine } = withKrondspine([3, 4]);
    setUpManifestation(b, manifestationRecord(b, krondspine)!, { x: 20, y: 24 }, 2);
    b.data.round = 2;
    expect(banishChoices(b, 0).map((c) => c.label)).toEqual(["Knight-Arcanum banishes Krondspine Incarnate of Ghur (2D6 + 1 against 8+)"]);
    banish(b, ids[0]!, krondspine);
    expect([b.unit(krondspine).status, left(b)]).toEqual(["destroyed", 0]);
  });

  it("[AB:Knight-Arcanum/Indomitable Loreseekers] an enemy manifestation cannot end or pass through a move within its combat range unless it started there; its charges on it fail", () => {
    const { b, ids, krondspine } = withKrondspine([6, 6]);
    setUpManifestation(b, manifestationRecord(b, krondspine)!, { x: 20, y: 24 }, 2);
    const ka = b.footprint(ids[0]!);
    const kr = b.footprint(krondspine).radius;
    // Any spot within 1/2" of the Knight-Arcanum is within its combat range: not open to the Krondspine.
    expect(clearSpot(b, krondspine, { x: 20, y: ka.y + ka.radius + kr + 0.5 })).toBe(false);
    expect(clearSpot(b, krondspine, { x: 20, y: ka.y + ka.radius + kr + 3.5 })).toBe(true);
    // A move over it to the far side (FLY) stops short of its range.
    const end = moveEnd(b.footprint(krondspine), { x: 20, y: 0 }, 30, moveWorld(b, krondspine, false));
    expect(Math.hypot(end.x - ka.x, end.y - ka.y) - ka.radius - kr).toBeGreaterThan(3);
    // Liberators are not a manifestation: no such barrier for them.
    expect(clearSpot(b, ids[1]!, { x: 20, y: ka.y + ka.radius + b.footprint(ids[1]!).radius + 3.5 })).toBe(true);
    // A charge of the Krondspine on the Knight-Arcanum fails even with 12.
    b.data.step = { kind: "charge", player: 1 };
    b.data.active = 1;
    b.unit(krondspine).y = ka.y + ka.radius + kr + 5;
    charge(b, krondspine, ids[0]!);
    expect(b.unit(krondspine).charged).toBe(false);
  });

  it("[AB:Knight-Arcanum/Indomitable Loreseekers] WARD (4+) against a manifestation's mortal damage (Crit (Mortal)), not against its other damage", () => {
    const { b, ids, krondspine } = withKrondspine(null);
    setUpManifestation(b, manifestationRecord(b, krondspine)!, { x: 20, y: 24 }, 2);
    expect([traitMods(b, krondspine, ids[0]!, true).mortalWard, traitMods(b, ids[2]!, ids[0]!, true).mortalWard]).toEqual([4, 0]);
    // The sampler, with such a ward on one Liberator's 3 Warhammer attacks: a 6 to hit (Crit (Mortal)), 1 damage
    // point, its ward roll 4 saves it; then hit 3, wound 3, save 1: 1 damage point, no ward roll; then a miss.
    const attacker = b.profile(ids[1]!);
    const ctx = { ...attackContext(b, ids[1]!, ids[0]!, "melee"), traits: { ...noTraitMods(), mortalWard: 4 } };
    const rng = new ScriptedRng([6, 4, 3, 3, 1, 1]);
    const r = resolveAttacks({ ...attacker, weapons: attacker.weapons.slice(0, 1) }, { ...b.unit(ids[1]!), models: 1 }, "melee", b.profile(ids[0]!), b.unit(ids[0]!), ctx, rng);
    expect([r.damage, rng.left()]).toEqual([1, 0]);
  });

  it("[AB:Knight-Arcanum/Indomitable Loreseekers] the kernel plays the same battles (manifestations of both armies near it)", () => {
    sameBattles(() => {
      const { b } = battleAt(
        "savage-gains",
        [
          { warscroll: "Mortisan Soulreaper", owner: 0, x: 24, y: 14 },
          { warscroll: "Mortek Guard", owner: 0, x: 34, y: 14 },
          { warscroll: "Knight-Arcanum", owner: 1, x: 24, y: 32 },
          { warscroll: "Liberators", owner: 1, x: 34, y: 32 },
        ],
        { seed: 1, step: { kind: "hero", player: 0 }, lores: ["Krondspine Incarnate", "Primal Energy"] },
      );
      b.data.terrain = [];
      return b;
    }, [/casts Summon Krondspine/, /Knight-Arcanum tries to banish/]);
  });
});

describe("Flesh-eater Courts", () => {
  it("[AB:Flesh-eater Courts battle traits/A Kingdom Deluded] the battle's first turn: a pick (A Glorious Banquet in its own turn, A Splendid Pageant in the enemy's); then a delusion roll each turn", () => {
    const { b } = row([{ warscroll: "Abhorrant Archregent", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [2, 4, 6]);
    traitsTurnStart(b);
    expect(b.data.traits!.belief).toEqual([1, 0]);
    b.data.turn = 1;
    b.data.active = 1;
    traitsTurnStart(b); // roll 2: a different one
    expect(b.data.traits!.belief).toEqual([2, 0]);
    b.data.round = 2;
    b.data.turn = 0;
    b.data.active = 0;
    traitsTurnStart(b); // roll 4: the same
    expect(b.data.traits!.belief).toEqual([2, 0]);
    b.data.active = 1;
    traitsTurnStart(b); // roll 6: like the first turn, the enemy's turn: A Splendid Pageant
    expect([b.data.traits!.belief, left(b)]).toEqual([[2, 0], 0]);
  });

  /**
   * The warscroll delusions' position: the Archregent at (20, 10), the Ghoul King on Royal Terrorgheist at (30, 10),
   * 20 Crypt Ghouls at (20, 15) — each wholly within 12" of the other HERO (the King 11.77", the Archregent 8.2",
   * the Ghouls 7.8") — against a Celestar Ballista at (20, 40) and Prosecutors at (30, 24): the King 9.49" and the
   * Ghouls 7.90" from the Prosecutors, the Archregent 14.47"; the Ballista 20.22" from the Ghouls (its 18" and Move 3").
   */
  const delusionPosition = (dice: number[] = []) => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Abhorrant Archregent", owner: 0, x: 20, y: 10 },
        { warscroll: "Abhorrant Ghoul King on Royal Terrorgheist", owner: 0, x: 30, y: 10 },
        { warscroll: "Crypt Ghouls", owner: 0, x: 20, y: 15 },
        { warscroll: "Celestar Ballista", owner: 1, x: 20, y: 40 },
        { warscroll: "Prosecutors", owner: 1, x: 30, y: 24 },
      ],
      { dice, step: { kind: "hero", player: 0 } },
    );
    b.data.terrain = [];
    return { b, ids };
  };

  it("[AB:Abhorrant Ghoul King on Royal Terrorgheist/A Majestic Menagerie] a delusion while the King is on the battlefield: +1 Attacks for the Companion melee weapons of FEC units wholly within 12\" of another FEC HERO; picked when those attacks outweigh A Glorious Banquet's +1 to hit", () => {
    const { b, ids } = delusionPosition();
    const [arch, king, ghouls, , prosecutors] = ids as [number, number, number, number, number];
    // Worth (attacks x 120): A Glorious Banquet, in its own turn, the King's Gory Talons and Fangs (5 attacks at 3+:
    // 10 x 60 / 4 = 150) and the 20 Ghouls' 2 attacks at 4+ (4 x 20 x 60 / 3 = 1,600); the Archregent is not within
    // 12" of an enemy. A Majestic Menagerie: the King's two Companion weapons, 120 each, in either turn.
    expect([delusionValue(b, 0, 1, true), delusionValue(b, 0, 3, true), delusionValue(b, 0, 3, false), delusionValue(b, 0, 1, false)]).toEqual([1750, 240, 240, 0]);
    traitsTurnStart(b); // the battle's first turn, its own: A Glorious Banquet (1,750 against 240)
    expect(b.data.traits!.belief![0]).toBe(1);
    b.unit(ghouls).models = 1; // A Glorious Banquet: 150 + 4 x 60 / 3 = 230 < 240
    b.data.traits!.belief = [0, 0];
    traitsTurnStart(b);
    expect([b.data.traits!.belief![0], left(b)]).toEqual([3, 0]);
    b.unit(ghouls).models = 20;
    // The effect: the Companion weapons' Attacks + 1 (Fanged Maw 3 -> 4, Skeletal Talons 6 -> 7), not the King's own
    // Gory Talons and Fangs nor the Ghouls' weapon.
    const attacks = (a: number) => attackInput(b.profile(a), b.unit(a), "melee", b.profile(prosecutors), b.unit(prosecutors), attackContext(b, a, prosecutors, "melee"))!.attacker.weapons.map((w) => w.attacks.plus);
    expect([traitMods(b, king, prosecutors, true).companionAttacks, traitMods(b, king, prosecutors, false).companionAttacks, attacks(king), attacks(ghouls)]).toEqual([1, 0, [5, 4, 7], [2]]);
    expect(traitMods(b, king, prosecutors, true).applied).toContain("A Majestic Menagerie");
    b.data.traits!.belief = [1, 0];
    expect(attacks(king)).toEqual([5, 3, 6]);
    // Without the Archregent the King is near no other HERO: nothing, and the pick has no King's delusion to weigh.
    b.data.traits!.belief = [3, 0];
    b.unit(arch).status = "destroyed";
    expect([traitMods(b, king, prosecutors, true).companionAttacks, delusionValue(b, 0, 3, true)]).toEqual([0, 0]);
  });

  it("[AB:Abhorrant Archregent/Musicians, Play!] a delusion while the Archregent is on the battlefield: -1 to hit for shooting attacks that target FEC units wholly within 12\" of another FEC HERO; picked in the enemy's turn when its shooting outweighs the rest", () => {
    const { b, ids } = delusionPosition();
    const [arch, king, ghouls, ballista, prosecutors] = ids as [number, number, number, number, number];
    // Worth, in the enemy's turn: the Ballista's Celestar Stormbolts (D6+6 attacks at 4+: 19 x 60 / 3 = 380; the
    // Ghouls 20.22" away, within its 18" and Move 3") and the 3 Prosecutors' Stormcall Javelins (1 attack at 3+:
    // 2 x 3 x 60 / 4 = 90); nothing in its own turn.
    expect([delusionValue(b, 0, 4, false), delusionValue(b, 0, 4, true)]).toEqual([470, 0]);
    b.data.active = 1; // the battle's first turn is the enemy's: Musicians, Play! (470) over A Majestic Menagerie (240)
    traitsTurnStart(b);
    expect(b.data.traits!.belief![0]).toBe(4);
    const hit = (a: number, t: number, type: "melee" | "ranged") => attackInput(b.profile(a), b.unit(a), type, b.profile(t), b.unit(t), attackContext(b, a, t, type))!.context.modifiers!.hit;
    expect([traitMods(b, prosecutors, ghouls, false).hit, traitMods(b, prosecutors, ghouls, true).hit, hit(prosecutors, ghouls, "ranged"), hit(ballista, king, "ranged"), hit(prosecutors, ghouls, "melee")]).toEqual([-1, 0, -1, -1, 0]);
    expect(traitMods(b, ballista, ghouls, false).applied).toContain("Musicians, Play!");
    // The Ghouls 30" away from both HEROES: not covered.
    b.unit(ghouls).y = 45;
    b.unit(ghouls).x = 50;
    expect(traitMods(b, prosecutors, ghouls, false).hit).toBe(0);
    // Without the Archregent on the battlefield it cannot be picked: A Splendid Pageant (the King, near no other
    // HERO, gains nothing from A Majestic Menagerie: 0 each, the enemy turn's first on a tie).
    b.unit(arch).status = "destroyed";
    b.data.traits!.belief = [0, 0];
    traitsTurnStart(b);
    expect([b.data.traits!.belief![0], left(b)]).toEqual([2, 0]);
  });

  it("[AB:Flesh-eater Courts battle traits/A Kingdom Deluded] the warscrolls' delusions in the delusion rolls: 3-4 the same even with its unit destroyed, 1-2 the best other, 5-6 the best", () => {
    const { b, ids } = delusionPosition([4, 2, 1, 6]);
    b.data.round = 2;
    b.data.traits = { belief: [4, 0] };
    b.unit(ids[0]!).status = "destroyed"; // the Archregent, Musicians, Play!'s unit
    traitsTurnStart(b); // 4: the same
    expect(b.data.traits.belief![0]).toBe(4);
    b.unit(ids[0]!).status = "deployed";
    traitsTurnStart(b); // 2: another, in its own turn the best: A Glorious Banquet (1,750)
    expect(b.data.traits.belief![0]).toBe(1);
    traitsTurnStart(b); // 1: another than A Glorious Banquet: A Majestic Menagerie (240)
    expect(b.data.traits.belief![0]).toBe(3);
    traitsTurnStart(b); // 6: any: A Glorious Banquet
    expect([b.data.traits.belief![0], left(b)]).toEqual([1, 0]);
  });

  it("[AB:Abhorrant Ghoul King on Royal Terrorgheist/A Majestic Menagerie] [AB:Abhorrant Archregent/Musicians, Play!] the kernel plays the same battles", () => {
    sameBattles(() => delusionPosition().b, [/believes A Majestic Menagerie/, /believes Musicians, Play!/], [1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("[AB:Flesh-eater Courts battle traits/A Glorious Banquet] +1 to hit for combat attacks of a FEC unit that charged, wholly within 12\" of another FEC HERO", () => {
    const { b, ids } = row([{ warscroll: "Abhorrant Archregent", owner: 0 }, { warscroll: "Crypt Horrors", owner: 0 }, { warscroll: "Liberators", owner: 1 }], null);
    b.data.traits = { belief: [1, 0] };
    expect(traitMods(b, ids[1]!, ids[2]!, true).hit).toBe(0); // did not charge
    b.unit(ids[1]!).charged = true;
    b.unit(ids[0]!).charged = true;
    expect([traitMods(b, ids[1]!, ids[2]!, true).hit, traitMods(b, ids[1]!, ids[2]!, false).hit, traitMods(b, ids[0]!, ids[2]!, true).hit]).toEqual([1, 0, 0]);
    b.data.traits.belief = [2, 0];
    expect(traitMods(b, ids[1]!, ids[2]!, true).hit).toBe(0);
  });

  it("[AB:Flesh-eater Courts battle traits/A Splendid Pageant] a run roll of 1-3 counts as 4 near a HERO; an INFANTRY HERO by 5+ INFANTRY models is not visible beyond 6\"", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Abhorrant Archregent", owner: 0, x: 20, y: 10 },
      { warscroll: "Crypt Ghouls", owner: 0, x: 20, y: 14 },
      { warscroll: "Liberators", owner: 1, x: 20, y: 30 },
      { warscroll: "Vindictors", owner: 1, x: 20, y: 18 },
    ]);
    b.data.terrain = [];
    b.data.traits = { belief: [2, 0] };
    expect([pageantRun(b, ids[1]!, 2), pageantRun(b, ids[1]!, 5), pageantRun(b, ids[0]!, 1)]).toEqual([4, 5, 1]);
    expect([visible(b, ids[2]!, ids[0]!), pageantHides(b, ids[2]!, ids[0]!), visible(b, ids[3]!, ids[0]!), visible(b, ids[2]!, ids[1]!)]).toEqual([false, true, true, true]);
    b.unit(ids[1]!).models = 4;
    expect(visible(b, ids[2]!, ids[0]!)).toBe(true);
  });

  it("[AB:Flesh-eater Courts battle traits/Feeding Frenzy] once per battle, in the combat step: +1 Attacks for FEC melee weapons wholly within 12\" of a HERO in combat, once 12 or more attacks gain", () => {
    // Liberators at (30, 20), the Archregent touching them on the left, 20 Crypt Ghouls below: both in combat, the
    // Ghouls wholly within 12" of the Archregent (20 carriers and its own: 21 more attacks).
    const { b, ids } = battleAt("savage-gains", [{ warscroll: "Crypt Ghouls", owner: 0, x: 30, y: 20 }, { warscroll: "Liberators", owner: 1, x: 30, y: 20 }, { warscroll: "Abhorrant Archregent", owner: 0, x: 30, y: 20 }], { dice: [], step: { kind: "combat", player: 0 } });
    b.data.terrain = [];
    const r = (i: number) => b.footprint(ids[i]!).radius;
    b.unit(ids[2]!).x = 30 - r(1) - r(2) - 0.25;
    b.unit(ids[0]!).y = 20 + r(1) + r(0) + 0.25;
    b.data.round = 2;
    b.unit(ids[0]!).models = 10; // 10 carriers and the Archregent's own 1: not enough before battle round 4
    traitsCombatStep(b, 0);
    expect(b.data.traits?.frenzy).toBeUndefined();
    b.unit(ids[0]!).models = 20;
    traitsCombatStep(b, 0);
    expect(b.data.traits?.frenzy).toEqual([ids[2]!, -1]);
    expect(traitMods(b, ids[0]!, ids[1]!, true).attacks).toBe(1);
    const input = attackInput(b.profile(ids[0]!), b.unit(ids[0]!), "melee", b.profile(ids[1]!), b.unit(ids[1]!), attackContext(b, ids[0]!, ids[1]!, "melee"))!;
    expect(input.attacker.weapons[0]!.attacks).toEqual({ count: 0, sides: 0, plus: 3 });
    traitsTurnStart(b);
    traitsCombatStep(b, 0);
    expect(b.data.traits?.frenzy).toEqual([-1, -1]); // used this battle
  });

  it("[AB:Flesh-eater Courts battle traits/Royal Blood] at the end of the hero phase, Heal (D3) each damaged ABHORRANT", () => {
    const { b, ids } = row([{ warscroll: "Abhorrant Archregent", owner: 0 }, { warscroll: "Crypt Haunter Courtier", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [2]);
    b.unit(ids[0]!).damage = 3;
    b.unit(ids[1]!).damage = 3; // a NOBLE, not an ABHORRANT
    traitsPhaseEnd(b, "hero");
    expect([b.unit(ids[0]!).damage, b.unit(ids[1]!).damage, left(b)]).toEqual([1, 3, 0]);
  });

  it("[AB:Flesh-eater Courts battle traits/Muster Guard] at the start of the movement phase, each NOBLE: 3 slain models back to a SERFS unit wholly within 12\" (or 1 to KNIGHTS), the most wounds first", () => {
    const { b, ids } = battleAt("savage-gains", [
      { warscroll: "Crypt Haunter Courtier", owner: 0, x: 20, y: 20 },
      { warscroll: "Crypt Ghouls", owner: 0, x: 27, y: 20 },
      { warscroll: "Crypt Horrors", owner: 0, x: 14, y: 20 },
      { warscroll: "Liberators", owner: 1, x: 50, y: 40 },
    ]);
    b.data.terrain = [];
    b.unit(ids[1]!).models = 15;
    b.unit(ids[2]!).models = 2;
    traitsPhaseStart(b, "movement");
    // Ghouls: 3 models x Health 1 = 3 wounds; Horrors: 1 x 4 = 4: the Horrors.
    expect([b.unit(ids[1]!).models, b.unit(ids[2]!).models]).toEqual([15, 3]);
  });

  it("[AB:Flesh-eater Courts battle traits/A Kingdom Deluded] [AB:Flesh-eater Courts battle traits/Feeding Frenzy] [AB:Flesh-eater Courts battle traits/Muster Guard] [AB:Flesh-eater Courts battle traits/Royal Blood] the kernel plays the same battles", () => {
    sameBattles(() => {
      const { b, ids } = row(
        [{ warscroll: "Crypt Ghouls", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Abhorrant Archregent", owner: 0 }, { warscroll: "Crypt Haunter Courtier", owner: 0 }, { warscroll: "Crypt Horrors", owner: 0, models: 2 }],
        null,
        "hero",
      );
      b.unit(ids[2]!).damage = 2;
      b.unit(ids[4]!).models = 1;
      return b;
    }, [/A Kingdom Deluded/, /Feeding Frenzy/, /Muster Guard/, /Royal Blood/]);
  });
});

describe("Sons of Behemat", () => {
  it("[AB:Sons of Behemat battle traits/Gargant Charge] at the end of the charge phase, each gargant that charged: D3 mortal damage on an enemy in combat with it not picked this turn", () => {
    const { b, ids } = row([{ warscroll: "Mancrusher Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Mancrusher Gargant", owner: 0 }], [3]);
    b.unit(ids[0]!).charged = true;
    b.unit(ids[2]!).charged = false;
    traitsPhaseEnd(b, "charge");
    expect([...state(b, ids[1]!), left(b)]).toEqual([4, 1, 0]);
    // A second gargant that charged: the same target was picked already, so nothing.
    b.unit(ids[2]!).charged = true;
    traitsPhaseEnd(b, "charge");
    expect(state(b, ids[1]!)).toEqual([4, 1]);
  });

  it("[AB:Sons of Behemat battle traits/Jump Up and Down] a RAMPAGE on an enemy INFANTRY unit: on 3+ a dice per model, 5+ for a MEGA-GARGANT", () => {
    // Warstomper on 5 Liberators: 3, then 5, 6, 1, 4, 5: 3 mortal damage (Health 2: 1 slain, 1 allocated).
    const { b, ids } = row([{ warscroll: "Warstomper Mega-Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [3, 5, 6, 1, 4, 5]);
    traitsCombatStep(b, 0);
    expect([...state(b, ids[1]!), left(b), b.unit(ids[0]!).tokens]).toEqual([4, 1, 0, ["rampage"]]);
  });

  it("[AB:Sons of Behemat battle traits/Colossal Slam] a RAMPAGE of a MEGA-GARGANT on a single-model MONSTER or WAR MACHINE within 1\": on 3+, D3 mortal damage (set up again where it stood)", () => {
    // Jump Up and Down finds no INFANTRY; Colossal Slam on the Celestar Ballista: 4, then a D3 of 2.
    const { b, ids } = row([{ warscroll: "Beast-smasher Mega-Gargant", owner: 0 }, { warscroll: "Celestar Ballista", owner: 1 }], [4, 2]);
    traitsCombatStep(b, 0);
    expect([...state(b, ids[1]!), left(b)]).toEqual([1, 2, 0]);
  });

  it("[AB:Sons of Behemat battle traits/Timberrrrr!] a gargant model slain: a roll-off, the winner's point, D3 mortal damage on each unit of a lower Health within 3\" of it", () => {
    // A Mancrusher (Health 12, 11 damage) takes its last point: the roll-off 4-2 is its army's, the point its centre
    // (the Liberators within 3", the Warstomper's Health 35 is not lower): a D3 of 2 on the Liberators, 1 slain.
    let { b, ids } = row([{ warscroll: "Mancrusher Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1 }, { warscroll: "Warstomper Mega-Gargant", owner: 0 }], [4, 2, 2]);
    b.unit(ids[0]!).damage = 11;
    let r = inflictMortal(b.profile(ids[0]!), b.unit(ids[0]!), 1, b.rng, null);
    destroyIfSlain(b, ids[0]!, null, r.slain);
    expect([b.unit(ids[0]!).status, ...state(b, ids[1]!), ...state(b, ids[2]!), left(b)]).toEqual(["destroyed", 4, 0, 1, 0, 0]);
    // The other army wins (2-5): its point hits none of its own units, so nothing.
    ({ b, ids } = row([{ warscroll: "Mancrusher Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1 }], [2, 5]));
    b.unit(ids[0]!).damage = 11;
    r = inflictMortal(b.profile(ids[0]!), b.unit(ids[0]!), 1, b.rng, null);
    destroyIfSlain(b, ids[0]!, null, r.slain);
    expect([...state(b, ids[1]!), left(b)]).toEqual([5, 0, 0]);
  });

  it("[AB:Sons of Behemat battle traits/Timberrrrr!] the kernel plays the same battles", () => {
    sameBattles(() => {
      const { b, ids } = row(
        [{ warscroll: "Mancrusher Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Mancrusher Mob", owner: 0 }, { warscroll: "Annihilators", owner: 1 }],
        null,
        "combat",
      );
      b.unit(ids[0]!).damage = 10;
      b.unit(ids[2]!).damage = 10;
      return b;
    }, [/Timberrrrr!/]);
  });

  it("[AB:Sons of Behemat battle traits/Gargant Charge] [AB:Sons of Behemat battle traits/Jump Up and Down] [AB:Sons of Behemat battle traits/Colossal Slam] the kernel plays the same battles", () => {
    sameBattles(() => {
      const { b } = row(
        [{ warscroll: "Warstomper Mega-Gargant", owner: 0 }, { warscroll: "Liberators", owner: 1, models: 10 }, { warscroll: "Beast-smasher Mega-Gargant", owner: 0 }, { warscroll: "Celestar Ballista", owner: 1 }, { warscroll: "Mancrusher Gargant", owner: 0 }],
        null,
        "charge",
      );
      return b;
    }, [/Gargant Charge/, /Jump Up and Down/, /Colossal Slam/]);
  });
});

describe("Ossiarch Bonereapers' warscroll abilities", () => {
  it("[AB:Mortek Crawler/Deathly Barrage] after its shooting, once per turn for the army: a dice, on 4+ the target has STRIKE-LAST for the rest of the turn", () => {
    // The Crawler shoots Liberators 10" away: Dread Catapult 4 attacks, all miss (1s); then the barrage's 5.
    const { b, ids } = battleAt("savage-gains", [{ warscroll: "Mortek Crawler", owner: 0, x: 20, y: 10 }, { warscroll: "Liberators", owner: 1, x: 20, y: 24 }], { dice: [1, 1, 1, 1, 5], step: { kind: "shooting", player: 0 } });
    b.data.terrain = [];
    shoot(b, ids[0]!, ids[1]!);
    expect([b.unit(ids[1]!).tokens, left(b)]).toEqual([["strike-last"], 0]);
  });

  it("[AB:Kavalos Deathriders/Deathrider Wedge] a unit that charged, picked to fight: D3 mortal damage (+D3 with a Liege-Kavalos in its combat range) instead of its weapons when that is more than they would do", () => {
    // One Deathriders model left (its weapons' expected damage on Annihilators is below 2): the Wedge, D3 of 3.
    const { b, ids } = row([{ warscroll: "Kavalos Deathriders", owner: 0, models: 1 }, { warscroll: "Annihilators", owner: 1 }], [3]);
    b.unit(ids[0]!).models = 1;
    b.unit(ids[0]!).charged = true;
    fight(b, ids[0]!, ids[1]!);
    expect([...state(b, ids[1]!), b.unit(ids[0]!).fought, left(b)]).toEqual([2, 0, true, 0]);
  });

  it("[AB:Kavalos Deathriders/Deathrider Wedge] [AB:Mortek Crawler/Deathly Barrage] the kernel plays the same battles", () => {
    sameBattles(() => {
      const { b, ids } = row(
        [{ warscroll: "Kavalos Deathriders", owner: 0 }, { warscroll: "Annihilators", owner: 1 }, { warscroll: "Liege-Kavalos", owner: 0 }, { warscroll: "Mortek Crawler", owner: 0 }],
        null,
        "combat",
      );
      b.unit(ids[0]!).models = 1;
      b.unit(ids[0]!).charged = true;
      return b;
    }, [/Deathrider Wedge/, /Deathly Barrage/]);
  });
});
