/**
 * Charge and move abilities (docs/abilities.md "Charges and moves": src/aos/battle/moves.ts and the kernel's
 * assembly/battle/moves.ts): each on a set-up position with scripted dice (a ScriptedRng fails on any die the
 * test did not expect), the scripted policy's use of it, and the kernel playing the same battles.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Battle } from "../../src/aos/battle/battle.js";
import { charge } from "../../src/aos/battle/charge.js";
import { choices } from "../../src/aos/battle/flow.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { policyAction } from "../../src/aos/battle/policy.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const left = (b: Battle) => (b.rng as ScriptedRng).left();

/**
 * Bladegheist Revenants (player 1) on the east objective (46, 22) of Savage Gains, controlled by `control`;
 * Liberators (player 0) `gap` inches south of them edge to edge, in player 0's charge phase.
 */
function onObjective(control: 0 | 1 | null, gap: number, dice: number[] = [], extra: Placement[] = []) {
  const { b, ids } = battleAt(
    "savage-gains",
    [{ warscroll: "Liberators", owner: 0, x: 46, y: 10 }, { warscroll: "Bladegheist Revenants", owner: 1, x: 46, y: 22 }, ...extra],
    { dice, step: { kind: "charge", player: 0 } },
  );
  b.unit(ids[0]!).y = 22 - b.footprint(ids[0]!).radius - b.footprint(ids[1]!).radius - gap;
  b.data.control.east = control;
  return { b, ids };
}

describe("[AB:Bladegheist Revenants/Thrashing Desperation] enemy charges within 1/2\" need an unmodified 7+ while it contests an objective its player controls", () => {
  it("[AB:Bladegheist Revenants/Thrashing Desperation] a 4\" charge: 2+4 reaches but may not end there; 3+4 does; 2+4 does when the objective is not theirs", () => {
    let { b, ids } = onObjective(1, 4, [2, 4]);
    charge(b, ids[0]!, ids[1]!);
    expect([b.unit(ids[0]!).charged, b.inCombat(ids[0]!), left(b)]).toEqual([false, false, 0]);
    ({ b, ids } = onObjective(1, 4, [3, 4]));
    charge(b, ids[0]!, ids[1]!);
    expect([b.unit(ids[0]!).charged, b.inCombat(ids[0]!), left(b)]).toEqual([true, true, 0]);
    for (const control of [null, 0] as const) {
      ({ b, ids } = onObjective(control, 4, [2, 4]));
      charge(b, ids[0]!, ids[1]!);
      expect([b.unit(ids[0]!).charged, left(b)], `objective controlled by ${control}`).toEqual([true, 0]);
    }
  });

  it("[AB:Bladegheist Revenants/Thrashing Desperation] a charge at another unit may not end within 1/2\" of them either: 2+4 fails next to them, 6+1 arrives", () => {
    // Spirit Hosts (player 1) just east of the Revenants, touching them: every spot within 1/2" of the Hosts'
    // west side is within 1/2" of the Revenants too; the charge's first try (straight from the south) is next to both.
    const at = (dice: number[]) => {
      const { b, ids } = onObjective(1, 3, dice, [{ warscroll: "Spirit Hosts", owner: 1, x: 0, y: 22 }]);
      const rev = b.footprint(ids[1]!);
      const hosts = b.unit(ids[2]!);
      hosts.x = rev.x + rev.radius + b.footprint(ids[2]!).radius + 0.1;
      b.unit(ids[0]!).x = rev.x;
      b.unit(ids[0]!).y = rev.y - rev.radius - b.footprint(ids[0]!).radius - 0.2;
      return { b, ids };
    };
    let { b, ids } = at([2, 4]);
    const gap = b.distance(ids[0]!, ids[2]!);
    expect(gap).toBeLessThan(6.5); // the roll of 6 reaches the Hosts
    charge(b, ids[0]!, ids[2]!);
    const end = b.footprint(ids[0]!);
    const rev = b.footprint(ids[1]!);
    const toRev = Math.hypot(end.x - rev.x, end.y - rev.y) - end.radius - rev.radius;
    // Either it failed, or it ended round the far side of the Hosts, more than 1/2" from the Revenants.
    expect(b.unit(ids[0]!).charged ? toRev > 0.5 : true).toBe(true);
    expect(left(b)).toBe(0);
    ({ b, ids } = at([6, 1]));
    charge(b, ids[0]!, ids[2]!);
    expect([b.unit(ids[0]!).charged, left(b)]).toEqual([true, 0]);
  });

  it("[AB:Bladegheist Revenants/Thrashing Desperation] the kernel plays the same battles from charge phases 3 1/2-7\" away, seed for seed", () => {
    for (const [i, gap] of [3.5, 4, 5, 7].entries())
      for (const control of [1, null] as const)
        for (const seed of [1, 2]) {
          const { b } = onObjective(control, gap);
          b.data.log = null;
          const s = new PitchedBattleState(b);
          expect(rolloutWasm(core, s, seed + 10 * i), `gap ${gap}, control ${control}, seed ${seed}`).toEqual(rolloutTs(s, seed + 10 * i));
        }
  });
});

/** A Mancrusher Gargant (player 0) at (10, 4), a Warstomper Mega-Gargant at `mega`, Liberators (player 1) at (10, y). */
function gargants(mega: { x: number; y: number }, step: "movement" | "charge", libY = 24, dice: number[] = []) {
  return battleAt(
    "savage-gains",
    [
      { warscroll: "Mancrusher Gargant", owner: 0, x: 10, y: 4 },
      { warscroll: "Warstomper Mega-Gargant", owner: 0, ...mega },
      { warscroll: "Liberators", owner: 1, x: 10, y: libY },
    ],
    { dice, step: { kind: step, player: 0 } },
  );
}
const NEAR = { x: 20, y: 4 };
const FAR = { x: 55, y: 40 };

describe("[AB:Mancrusher Gargant/Keep Up!] charging after a run while wholly within 12\" of a friendly MEGA-GARGANT", () => {
  it("[AB:Mancrusher Gargant/Keep Up!] after a run it is offered the charge (and rolls it: 3+3) only with the Mega-Gargant near", () => {
    const offered = (mega: { x: number; y: number }) => {
      const { b, ids } = gargants(mega, "charge", 12);
      b.unit(ids[0]!).ran = true;
      b.unit(ids[0]!).moved = true;
      return choices(b).map((c) => c.label).filter((l) => l.startsWith("Mancrusher"));
    };
    expect(offered(NEAR)).toEqual(["Mancrusher Gargant charges Liberators"]);
    expect(offered(FAR)).toEqual([]);
    const { b, ids } = gargants(NEAR, "charge", 12, [3, 3]);
    b.unit(ids[0]!).ran = true;
    const gap = b.distance(ids[0]!, ids[2]!);
    expect(gap).toBeLessThan(6.5);
    charge(b, ids[0]!, ids[2]!);
    expect([b.unit(ids[0]!).charged, left(b)]).toEqual([true, 0]);
  });

  it("[AB:Mancrusher Gargant/Keep Up!] the scripted policy runs toward an objective beyond its Move with an enemy 16\" away only when it keeps its charge", () => {
    const label = (mega: { x: number; y: number }) => {
      const { b } = gargants(mega, "movement");
      return choices(b)[policyAction(b)]!.label;
    };
    expect([label(NEAR), label(FAR)]).toEqual(["Mancrusher Gargant runs toward objective west", "Mancrusher Gargant moves toward objective west"]);
  });

  it("[AB:Mancrusher Mob/Keep Up!] the Mob's Keep Up! is the same effect: offered the charge after a run", () => {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Mancrusher Mob", owner: 0, x: 10, y: 4 },
        { warscroll: "Gatebreaker Mega-Gargant", owner: 0, x: 20, y: 4 },
        { warscroll: "Liberators", owner: 1, x: 10, y: 14 },
      ],
      { step: { kind: "charge", player: 0 } },
    );
    b.unit(ids[0]!).ran = true;
    expect(choices(b).map((c) => c.label).filter((l) => l.startsWith("Mancrusher"))).toEqual(["Mancrusher Mob charges Liberators"]);
  });

  it("[AB:Mancrusher Gargant/Keep Up!] the kernel plays the same battles from the movement phase, seed for seed", () => {
    for (const [i, mega] of [NEAR, FAR].entries())
      for (const libY of [24, 30])
        for (const seed of [1, 2, 3]) {
          const { b } = gargants(mega, "movement", libY);
          b.data.log = null;
          const s = new PitchedBattleState(b);
          expect(rolloutWasm(core, s, seed + 10 * i + libY), `mega ${i}, libY ${libY}, seed ${seed}`).toEqual(rolloutTs(s, seed + 10 * i + libY));
        }
  });
});

/** Annihilators (player 1, 3 models) with Mortek Guard and Crypt Ghouls (player 0) in combat with them, at the end of player 0's charge phase. */
function braced(charged: [boolean, boolean], dice: number[] = []) {
  const { b, ids } = battleAt(
    "savage-gains",
    [
      { warscroll: "Mortek Guard", owner: 0, x: 30, y: 20, models: 5 },
      { warscroll: "Crypt Ghouls", owner: 0, x: 30, y: 20, models: 10 },
      { warscroll: "Annihilators", owner: 1, x: 30, y: 20, models: 3 },
    ],
    { dice, step: { kind: "charge", player: 0 } },
  );
  const a = b.footprint(ids[2]!);
  for (const [k, dx] of [[0, -1], [1, 1]] as const) {
    const u = b.unit(ids[k]!);
    u.x = a.x + dx * (a.radius + b.footprint(ids[k]!).radius + 0.4);
    u.charged = charged[k];
  }
  return { b, ids };
}

describe("[AB:Annihilators/Brace for Impact] a dice per model after an enemy charge: any 6 and the charger has STRIKE-LAST for the rest of the turn", () => {
  it("[AB:Annihilators/Brace for Impact] 2, 6, 3 for the 3 Annihilators: the charger with the most melee attacks strikes last; 2, 5, 3: nothing; no charger: no dice", async () => {
    const { nextPhase } = await import("../../src/aos/battle/turn.js");
    const { fightCandidates } = await import("../../src/aos/battle/combat.js");
    let { b, ids } = braced([true, true], [2, 6, 3]);
    // The Crypt Ghouls have more melee attacks than the Mortek Guard (the policy's attackWeight): they are the target.
    const { attackWeight } = await import("../../src/aos/battle/policy.js");
    expect(attackWeight(b.profile(ids[1]!), "melee")).toBeGreaterThan(attackWeight(b.profile(ids[0]!), "melee"));
    nextPhase(b);
    expect([b.unit(ids[0]!).tokens, b.unit(ids[1]!).tokens, left(b), b.data.step.kind]).toEqual([[], ["strike-last"], 0, "combat"]);
    // CORE-STRIKE-ORDER: the Ghouls are picked after the Mortek Guard and the Annihilators.
    expect(fightCandidates(b).sort()).toEqual([ids[0]!, ids[2]!].sort());
    ({ b, ids } = braced([true, true], [2, 5, 3]));
    nextPhase(b);
    expect([b.unit(ids[1]!).tokens, left(b)]).toEqual([[], 0]);
    // Only the Mortek Guard charged: it is the target.
    ({ b, ids } = braced([true, false], [6, 1, 1]));
    nextPhase(b);
    expect([b.unit(ids[0]!).tokens, b.unit(ids[1]!).tokens, left(b)]).toEqual([["strike-last"], [], 0]);
    ({ b, ids } = braced([false, false], []));
    nextPhase(b);
    expect([b.unit(ids[0]!).tokens, b.unit(ids[1]!).tokens, left(b)]).toEqual([[], [], 0]);
  });

  it("[AB:Annihilators/Brace for Impact] the kernel plays the same battles from that charge phase, seed for seed", () => {
    for (const charged of [[true, true], [true, false], [false, true]] as [boolean, boolean][])
      for (const seed of [1, 2, 3, 4]) {
        const { b } = braced(charged);
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed), `${charged}, seed ${seed}`).toEqual(rolloutTs(s, seed));
      }
  });
});

// ---- imported texts (the translator's played move effects) on set-up positions ---------------------------

/** `battle` with `text` (a Passive ability) translated onto unit `id`'s profile, as an import carries it (UnitProfile.abilities). */
async function withText(b: Battle, id: number, text: string) {
  const { keywordVocabulary, translateAbility, translatedAbility } = await import("../../src/aos/abilities/translate.js");
  const p = b.data.profiles[id]!;
  const a = translatedAbility(p.warscroll, "Imported", translateAbility({ name: "Imported", timing: "Passive", effect: text }, keywordVocabulary(p.keywords)));
  expect(a, text).toBeDefined();
  // A new profiles array: battle/effects.ts caches the played effects by it.
  b.data.profiles = b.data.profiles.map((q, i) => (i === id ? { ...q, abilities: [a!] } : q));
  return b;
}

/** Liberators (player 0) and Mortek Guard (player 1) `gap` inches apart along y, at `step`. */
function pair(gap: number, step: "charge" | "movement", dice: number[] = []) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: "Liberators", owner: 0, x: 30, y: 6 }, { warscroll: "Mortek Guard", owner: 1, x: 30, y: 6 }], { dice, step: { kind: step, player: 0 } });
  b.unit(ids[1]!).y = 6 + b.footprint(ids[0]!).radius + b.footprint(ids[1]!).radius + gap;
  return { b, ids };
}

describe("imported Move, run and charge modifiers and charge-after texts", () => {
  it("[AB-TRANSLATE] \"Add 2 to charge rolls for this unit\": 3+4 (+2) reach a 9\" gap; the scripted policy charges up to 9 1/2\"", async () => {
    const CHARGE2 = "Add 2 to charge rolls for this unit.";
    let { b, ids } = pair(9, "charge", [3, 4]);
    await withText(b, ids[0]!, CHARGE2);
    charge(b, ids[0]!, ids[1]!);
    expect([b.unit(ids[0]!).charged, left(b)]).toEqual([true, 0]); // 7 + 2 >= 8 1/2
    ({ b, ids } = pair(9, "charge", [3, 4]));
    charge(b, ids[0]!, ids[1]!);
    expect([b.unit(ids[0]!).charged, left(b)]).toEqual([false, 0]); // 7 < 8 1/2 without it
    const label = async (gap: number) => {
      const { b, ids } = pair(gap, "charge");
      await withText(b, ids[0]!, CHARGE2);
      return choices(b)[policyAction(b)]!.label;
    };
    expect([await label(9.4), await label(9.6)]).toEqual(["Liberators charges Mortek Guard", "end the charge phase"]);
  });

  it("[AB-TRANSLATE] \"Add 2\\\" to this unit's Move characteristic\" and \"Add 1 to run rolls for this unit\": a move of 7\", a run of 5 + 4 + 1 = 10\"", async () => {
    const { movementChoices: move } = await import("../../src/aos/battle/movement.js");
    const moved = async (text: string, run: boolean, dice: number[]) => {
      const { b, ids } = pair(30, "movement", dice);
      await withText(b, ids[0]!, text);
      const from = { ...b.footprint(ids[0]!) };
      const c = move(b, 0).find((x) => x.tag?.kind === "move" && x.tag.unit === ids[0] && x.tag.run === run && x.tag.to.kind === "enemy")!;
      c.apply(b);
      return [Math.round(Math.hypot(b.unit(ids[0]!).x - from.x, b.unit(ids[0]!).y - from.y) * 1000) / 1000, left(b)];
    };
    expect(await moved("Add 2\" to this unit's Move characteristic.", false, [])).toEqual([7, 0]);
    expect(await moved("Add 1 to run rolls for this unit.", true, [4])).toEqual([10, 0]);
  });

  it("[AB-TRANSLATE] the kernel plays the same battles with the imported Move, run and charge modifiers, seed for seed", async () => {
    for (const [i, text] of ["Add 2 to charge rolls for this unit.", "Add 2\" to this unit's Move characteristic.", "Add 1 to run rolls and charge rolls for this unit."].entries())
      for (const seed of [1, 2, 3]) {
        const { b, ids } = pair(14, "movement");
        await withText(b, ids[0]!, text);
        b.data.log = null;
        const s = new PitchedBattleState(b);
        expect(rolloutWasm(core, s, seed + 10 * i), `${text}, seed ${seed}`).toEqual(rolloutTs(s, seed + 10 * i));
      }
  });

  it("[AB-TRANSLATE] Supernatural Grace's text: its retreat rolls no mortal damage, and it may still charge", async () => {
    const { retreat } = await import("../../src/aos/battle/movement.js");
    const { b, ids } = pair(1, "movement", []);
    await withText(b, ids[0]!, "This unit can use CHARGE abilities even if it used a RETREAT ability in the same turn. In addition, no mortal damage is inflicted on this unit by RETREAT abilities.");
    retreat(b, ids[0]!);
    expect([b.unit(ids[0]!).retreated, b.unit(ids[0]!).damage, b.inCombat(ids[0]!), left(b)]).toEqual([true, 0, false, 0]);
    b.data.step = { kind: "charge", player: 0 };
    expect(choices(b).map((c) => c.label)).toContain("Liberators charges Mortek Guard");
  });
});
