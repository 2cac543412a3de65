/**
 * The effect language (src/aos/abilities) and its interpreters: the bundled abilities parse and cover every
 * ability of the bundled warscrolls; each played ability changes the attack or the control score as its text
 * says, on a set-up position with scripted dice, and the kernel (assembly/battle/effects.ts) resolves the same
 * attack to the same damage from the same seed.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { abilitiesFileSchema, bundledAbilities, coverageOf, coverageSentence } from "../../src/aos/abilities/index.js";
import { controlAfterEffects } from "../../src/aos/abilities/attack.js";
import { armyCoverageLine, battleCoverage } from "../../src/aos/abilities/roster-coverage.js";
import { bundledLibrary } from "../../src/aos/armies/index.js";
import type { BattleData } from "../../src/aos/battle/state.js";
import { attackInput, resolveAttacks } from "../../src/aos/battle/attacks.js";
import { battleEffects, battleView, unitWard } from "../../src/aos/battle/effects.js";
import { controlScore, updateControl } from "../../src/aos/battle/objectives.js";
import { attackContext } from "../../src/aos/battle/shooting.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { exactAttackTs } from "../../src/aos/odds/kernel.js";
import { planAttack } from "../../src/aos/odds/plan.js";
import { encodeBattle } from "../../src/aos/rollout/encode.js";
import { Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const WARSCROLLS = path.resolve(import.meta.dirname, "../../data/aos/warscrolls");
const ROOT = path.resolve(import.meta.dirname, "../..");

/** Two units side by side, `gap`" apart edge to edge (y grows away from the first). */
function pair(first: { warscroll: string; owner: 0 | 1; models?: number }, second: { warscroll: string; owner: 0 | 1; models?: number }, gap = 0.25) {
  const { b, ids } = battleAt("savage-gains", [
    { ...first, x: 20, y: 10 },
    { ...second, x: 20, y: 10 },
  ]);
  const [a, t] = first.owner <= second.owner ? (ids as [number, number]) : ([ids[1]!, ids[0]!] as [number, number]);
  b.unit(t).y = 10 + b.footprint(a).radius + b.footprint(t).radius + gap;
  return { b, a, t };
}

const plan = (b: Battle, a: number, t: number, type: "melee" | "ranged" = "melee") => planAttack(attackInput(b.profile(a), b.unit(a), type, b.profile(t), b.unit(t), attackContext(b, a, t, type))!);

/** The TypeScript engine and the kernel resolve a's melee attacks on t from the same seed to the same damage. */
function sameInKernel(b: Battle, a: number, t: number, seeds = 20): void {
  for (let s = 1; s <= seeds; s++) {
    const data = structuredClone(b.data);
    const copy = new (b.constructor as new (d: typeof data, r: Rng) => Battle)(data, new Rng(0));
    const encoded = encodeBattle(copy.data);
    const r = resolveAttacks(copy.profile(a), copy.unit(a), "melee", copy.profile(t), copy.unit(t), attackContext(copy, a, t, "melee"), new Rng(s * 7919));
    const w = core.aosRolloutAttack(encoded, a, t, false, s * 7919);
    expect(Array.from(w), `seed ${s * 7919}`).toEqual([r.damage, copy.unit(t).models, copy.unit(t).damage]);
  }
}

describe("the effect language's data", () => {
  it("[AB-DATA] the 80 abilities of the bundled warscrolls are each written once, with a status and a reason when not played", () => {
    const data = bundledAbilities();
    expect(data.abilities.length).toBe(80);
    const onWarscrolls = readdirSync(WARSCROLLS).flatMap((f) =>
      (JSON.parse(readFileSync(path.join(WARSCROLLS, f), "utf8")) as { warscrolls: { name: string; abilities: { name: string }[] }[] }).warscrolls.flatMap((w) => w.abilities.map((a) => `${w.name}/${a.name}`)),
    );
    expect(data.abilities.map((a) => `${a.warscroll}/${a.name}`).sort()).toEqual(onWarscrolls.sort());
    expect(data.abilities.filter((a) => a.status === "played").map((a) => a.name).sort()).toEqual(
      [
        "Beast", "Drawn to War", "Fourfold Slayers", "Hold the Shieldwall", "Holy Blades of Bone", "Mortarch of Grief", "Necrotic Impetus", "Reaped Like Corn", "Royal Approval", "Royal Bodyguard", "Shields of the Legion", "Soulreaper", "Stalwart Defenders", "Stormbolt Tempest", "Stuff 'Em in Me Bag", "Stuff 'Em in Me Bag", "Blessed Blood", "Bone Cage", "Bone Harvest", "Countless Servants", "Harrowing Shrieks", "No Rest for the Wicked", "Repair Construct", "Stolen Hours", "Victory Feast", "Ferocious Hunger", "Immortal Bulwark", "Nightmare Lantern", "Shriek of Terror", "Heralds of Righteousness", "Predator Knights", "Cavalry Overseer", "Knightly Exemplar", "Master of Cavalry", "Necromantic Limits", "Necromantic Limits", "Grief-stricken", "Loyal Gryph-hound", "Smash Down", "Brace for Impact", "Keep Up!", "Keep Up!", "Thrashing Desperation", "Son of Behemat", "Son of Behemat",
        "Son of Behemat", "Longshanks", "Longshanks", "Longshanks", "Pulverising Strike", "Behemoth Brawler", "Beast-breaking Strike", "Ruination Chamber", "Blazing Impact", "Titanic Boulderclub", "Guided by Lightning", "Hurled Body", "Elite Guardians", "To Our Liege", "Chilling Horde",
      ].sort(),
    );
  });

  it("[AB-DATA] the schema refuses a not-played ability without a reason and a played one without effects", () => {
    const bad = (a: object) => abilitiesFileSchema.safeParse({ source: "x", abilities: [{ warscroll: "W", name: "A", when: { timing: "passive" }, ...a }] }).success;
    expect(bad({ status: "not-played" })).toBe(false);
    expect(bad({ status: "played" })).toBe(false);
    expect(bad({ status: "played", effects: [{ do: { kind: "ward", value: 5 } }] })).toBe(true);
    expect(bad({ status: "played", effects: [{ do: { kind: "hit", value: 0, direction: "by" } }] })).toBe(false);
  });

  it("[AB-COVERAGE] an army's coverage counts each warscroll once and names the abilities not played", () => {
    const c = coverageOf([
      { warscroll: "Liberators", abilityNames: ["Stalwart Defenders"] },
      { warscroll: "Liberators", abilityNames: ["Stalwart Defenders"] },
      { warscroll: "Prosecutors", abilityNames: ["Dispersed Formation"] },
      { warscroll: "Imported Thing", abilityNames: ["Mystery"] },
    ]);
    expect([c.total, c.played, c.notPlayed.map((e) => `${e.warscroll}/${e.ability}:${e.status}`)]).toEqual([3, 1, ["Prosecutors/Dispersed Formation:not-played", "Imported Thing/Mystery:unknown"]]);
  });
});

describe("combat abilities", () => {
  it("[AB:Lady Olynder, Mortarch of Grief/Mortarch of Grief] hit rolls of 4 and wound rolls of 4 fail against her (Liberators hit and wound on 3+)", () => {
    const { b, a, t } = pair({ warscroll: "Liberators", owner: 0 }, { warscroll: "Lady Olynder, Mortarch of Grief", owner: 1 });
    // 11 attacks (9 Warhammer with the champion's, 2 Grandhammer): eleven 4s all fail to hit, no more dice.
    let rng = new ScriptedRng(Array(11).fill(4));
    let r = resolveAttacks(b.profile(a), b.unit(a), "melee", b.profile(t), b.unit(t), attackContext(b, a, t), rng);
    expect([r.damage, rng.left()]).toEqual([0, 0]);
    // Each attack's dice in turn: a 5 hits, a wound roll of 4 fails: 22 dice, no save rolled.
    rng = new ScriptedRng(Array.from({ length: 22 }, (_, i) => (i % 2 === 0 ? 5 : 4)));
    r = resolveAttacks(b.profile(a), b.unit(a), "melee", b.profile(t), b.unit(t), attackContext(b, a, t), rng);
    expect([r.damage, rng.left()]).toEqual([0, 0]);
    // 10 Liberators (17 Warhammer, 4 Grandhammer attacks): per Warhammer attack 1/6 x 2/6 x 4/6 x 4/6 + 1/6 x 4/6
    // (Crit (Mortal) on a 6; Ethereal: her 5+ save ignores Rend 1, traits.ts) = 44/324, a Grandhammer twice that:
    // 17 x 44/324 + 4 x 88/324 = 1100/324.
    const ten = pair({ warscroll: "Liberators", owner: 0, models: 10 }, { warscroll: "Lady Olynder, Mortarch of Grief", owner: 1 });
    const p = plan(ten.b, ten.a, ten.t);
    expect([p.hitFail, p.woundFail]).toEqual([4, 4]);
    expect(exactAttackTs(p).damage.mean).toBeCloseTo(1100 / 324, 12);
    sameInKernel(b, a, t);
  });

  it("[AB:Mortek Guard/Shields of the Legion] once per phase, the first enemy attack with a Rend 1+ weapon on an OBR unit in its combat range loses 1 Rend", () => {
    const { b, a, t } = pair({ warscroll: "Liberators", owner: 0 }, { warscroll: "Mortek Guard", owner: 1 });
    sameInKernel(b, a, t);
    expect(plan(b, a, t).weapons.map((w) => w.rend)).toEqual([0, 0]);
    expect(b.data.commandsUsed[1]).toEqual(["Mortek Guard/Shields of the Legion"]);
    // Used: the next attack this phase keeps its Rend 1.
    expect(plan(b, a, t).weapons.map((w) => w.rend)).toEqual([1, 1]);
    b.data.commandsUsed = [[], []]; // the next phase
    // A save roll of 4 saves against Rend 0 (4+ save): each attack hits on a 3, wounds on a 3, is saved on a 4.
    const rng = new ScriptedRng(Array.from({ length: 33 }, (_, i) => (i % 3 === 2 ? 4 : 3)));
    const r = resolveAttacks(b.profile(a), b.unit(a), "melee", b.profile(t), b.unit(t), attackContext(b, a, t), rng);
    expect([r.damage, rng.left()]).toEqual([0, 0]);
  });

  it("[AB:Mortek Guard/Shields of the Legion] it covers another OBR unit within 3\" of the Mortek Guard, not one further away", () => {
    for (const [gap, rend] of [[1, [1, 1]], [5, [2, 2]]] as const) {
      const { b, ids } = battleAt("savage-gains", [
        { warscroll: "Liberators", owner: 0, x: 20, y: 10 },
        { warscroll: "Immortis Guard", owner: 1, x: 20, y: 10 },
        { warscroll: "Mortek Guard", owner: 1, x: 40, y: 10 },
      ]);
      const [lib, imm, mg] = ids as [number, number, number];
      b.unit(imm).y = 10 + b.footprint(lib).radius + b.footprint(imm).radius + 0.25;
      b.unit(mg).x = 20 + b.footprint(imm).radius + b.footprint(mg).radius + gap;
      b.unit(mg).y = b.unit(imm).y;
      // Immortis Guard: 3+ save; Liberators' Rend 1 against INFANTRY? no Anti: 1, and Shields takes it to 0.
      expect(plan(b, lib, imm).weapons.map((w) => w.rend + 1)).toEqual(rend.map((x) => x));
      b.data.commandsUsed = [[], []];
      sameInKernel(b, lib, imm, 5);
    }
  });

  it("[AB:Mortisan Soulreaper/Soulreaper] enemies in combat with it subtract 1 from their melee wound rolls, not their shooting", () => {
    const { b, a, t } = pair({ warscroll: "Liberators", owner: 0 }, { warscroll: "Mortisan Soulreaper", owner: 1 });
    expect(plan(b, a, t).weapons.map((w) => w.woundMod)).toEqual([-1, -1]);
    sameInKernel(b, a, t);
    // Out of combat (5" away) the modifier is gone.
    const far = pair({ warscroll: "Liberators", owner: 0 }, { warscroll: "Mortisan Soulreaper", owner: 1 }, 5);
    expect(plan(far.b, far.a, far.t).weapons.map((w) => w.woundMod)).toEqual([0, 0]);
    // Prosecutors' javelins thrown from 1" away: a shooting attack, not a combat one.
    const pro = pair({ warscroll: "Prosecutors", owner: 0 }, { warscroll: "Mortisan Soulreaper", owner: 1 }, 1);
    expect(plan(pro.b, pro.a, pro.t, "ranged").weapons.map((w) => w.woundMod)).toEqual([0]);
  });

  it("[AB:Crypt Ghouls/Royal Approval] +1 Rend to its melee weapons while wholly within 12\" of a friendly NOBLE or ABHORRANT", () => {
    // Ghouls (radius 3.6") at (20, 10); the Courtier (radius 1") at (25, 5) is 7.1" away centre to centre: the
    // Ghouls' far edge 9.7" from its edge, wholly within 12"; at (50, 5) not.
    for (const [x, rend] of [[25, 1], [50, 0]] as const) {
      const { b, ids } = battleAt("savage-gains", [
        { warscroll: "Crypt Ghouls", owner: 0, x: 20, y: 10 },
        { warscroll: "Crypt Haunter Courtier", owner: 0, x, y: 5 },
        { warscroll: "Liberators", owner: 1, x: 20, y: 10 },
      ]);
      const [gh, , lib] = ids as [number, number, number];
      b.unit(lib).y = 10 + b.footprint(gh).radius + b.footprint(lib).radius + 0.25;
      expect(plan(b, gh, lib).weapons.map((w) => w.rend)).toEqual([rend]);
      sameInKernel(b, gh, lib, 5);
    }
  });

  it("[AB:Cryptguard/Royal Bodyguard] a non-MONSTER FLESH-EATER COURTS HERO wholly within its combat range and the Cryptguard have WARD (5+)", () => {
    for (const [gap, ward] of [[0.5, 5], [4, 6]] as const) {
      const { b, ids } = battleAt("savage-gains", [
        { warscroll: "Cryptguard", owner: 0, x: 20, y: 10 },
        { warscroll: "Crypt Haunter Courtier", owner: 0, x: 20, y: 10 },
        { warscroll: "Liberators", owner: 1, x: 40, y: 40 },
      ]);
      const [cg, hero, lib] = ids as [number, number, number];
      b.unit(hero).x = 20 + b.footprint(cg).radius + b.footprint(hero).radius + gap;
      expect([unitWard(b, hero), unitWard(b, cg), unitWard(b, lib)]).toEqual([ward, ward, null]);
      b.unit(lib).x = b.unit(hero).x;
      b.unit(lib).y = 10 + b.footprint(hero).radius + b.footprint(lib).radius + 0.25;
      expect(plan(b, lib, hero).ward).toBe(ward);
      sameInKernel(b, lib, hero, 5);
    }
  });

  it("[AB:Spirit Hosts/Drawn to War] a NIGHTHAUNT INFANTRY HERO wholly within its combat range has WARD (4+)", () => {
    for (const [gap, ward] of [[0.5, 4], [4, 5]] as const) {
      const { b, ids } = battleAt("savage-gains", [
        { warscroll: "Spirit Hosts", owner: 0, x: 20, y: 10 },
        { warscroll: "Guardian of Souls", owner: 0, x: 20, y: 10 },
        { warscroll: "Liberators", owner: 1, x: 40, y: 40 },
      ]);
      const [sh, hero, lib] = ids as [number, number, number];
      b.unit(hero).x = 20 + b.footprint(sh).radius + b.footprint(hero).radius + gap;
      expect([unitWard(b, hero), unitWard(b, sh)]).toEqual([ward, 5]);
      b.unit(lib).x = b.unit(hero).x;
      b.unit(lib).y = 10 + b.footprint(hero).radius + b.footprint(lib).radius + 0.25;
      expect(plan(b, lib, hero).ward).toBe(ward);
      sameInKernel(b, lib, hero, 5);
    }
  });
});

describe("control score abilities", () => {
  it("[AB:Liberators/Stalwart Defenders] +3 to its control score on an objective wholly within friendly territory, not elsewhere", () => {
    // First Blood: the west objective is wholly within player 0's territory, the east one within player 1's,
    // south and north on neither.
    const { b, ids } = battleAt("first-blood", [{ warscroll: "Liberators", owner: 0, x: 20, y: 10 }, { warscroll: "Liberators", owner: 1, x: 40, y: 40 }]);
    const [mine, theirs] = ids as [number, number];
    const at = (id: string) => b.objectives().find((o) => o.id === id)!;
    // 5 models x Control 1 = 5; +3 on its own territory's objective.
    expect(["west", "east", "south", "north"].map((o) => controlScore(b, mine, 5, at(o)))).toEqual([8, 5, 5, 5]);
    expect(["west", "east", "south", "north"].map((o) => controlScore(b, theirs, 5, at(o)))).toEqual([5, 8, 5, 5]);
    // Without an objective (the policy's estimate), no +3.
    expect(controlScore(b, mine, 5)).toBe(5);
    // Control itself: 5 Liberators of each side on the west objective: 8 to 5, player 0 gains it.
    for (const id of [mine, theirs]) {
      b.unit(id).x = at("west").x + (id === mine ? -2.6 : 2.6);
      b.unit(id).y = at("west").y;
    }
    updateControl(b, 0);
    expect(b.data.control.west).toBe(0);
  });

  it("[AB:Varghulf Courtier/Beast] its control score is at most 1", () => {
    const { b, ids } = battleAt("savage-gains", [{ warscroll: "Varghulf Courtier", owner: 0, x: 20, y: 10 }, { warscroll: "Mortek Guard", owner: 1, x: 40, y: 40 }]);
    const v = ids[0]!;
    expect(controlAfterEffects(battleView(b), battleEffects(b), v, 5, { objectiveInFriendlyTerritory: true })).toBe(1);
    expect(controlScore(b, v, 1)).toBe(1);
  });
});

describe("coverage in the outputs", () => {
  async function cli(...argv: string[]): Promise<{ code: number; text: string }> {
    const { run } = await import("../../src/cli/main.js");
    const lines: string[] = [];
    const code = await run(argv, (s) => lines.push(s));
    return { code, text: lines.join("\n") };
  }

  it("[AB-COVERAGE] tactica units --coverage: 76 of the bundled 80 abilities played (60 by the interpreters, 16 by other engine code), each other one listed with its reason; 24 of the 26 battle traits", async () => {
    const { code, text } = await cli("units", "--coverage");
    expect(code).toBe(0);
    expect(text.split("\n").at(-1)).toBe('76 of 80 abilities played (95.0%); "played" counts those other engine code plays (reserves, replacements, Battle Damaged).');
    expect(text.split("\n").at(-2)).toBe('24 of 26 battle traits of the listed factions played; "played" counts those other engine code plays (reserves, replacements).');
    expect(text).toContain("Nighthaunt: 12 of 13 abilities played, 1 not played");
    expect(text).toContain("Nighthaunt battle traits: 3 of 4 played, 1 not played");
    expect(text).toContain("  Prosecutors/Dispersed Formation: engine: no effect in the footprint model: a unit is one disc of its models packed 1/2\" apart");
    const json = JSON.parse((await cli("units", "--coverage", "--json", "--faction", "Stormcast Eternals")).text);
    expect(json.map((f: { faction: string; abilities: number; played: number }) => [f.faction, f.abilities, f.played])).toEqual([["Stormcast Eternals", 13, 12]]);
  });

  it("[AB-COVERAGE] tactica battle and matchup say how many of each army's abilities are not played (text and JSON)", async () => {
    const battle = await cli("battle", "--seed", "3");
    expect(battle.text.split("\n").slice(-2)).toEqual([
      "Mortek Shieldwall: 1 of this army's 9 abilities is not played (tactica units --coverage lists them)",
      "Hammers of the Warrior Chamber: 1 of this army's 11 abilities is not played (tactica units --coverage lists them)",
    ]);
    const json = JSON.parse((await cli("battle", "--seed", "3", "--json")).text);
    expect(json.abilities.map((x: { army: string; abilities: number; notPlayed: number }) => [x.army, x.abilities, x.notPlayed])).toEqual([["Mortek Shieldwall", 9, 1], ["Hammers of the Warrior Chamber", 11, 1]]);
    expect(json.abilities[0].notPlayedList).toContain("Mortisan Boneshaper/Legion Quartermaster");
    const m = await cli("matchup", "--games", "2", "--plans", "savage-gains", "--workers", "1", "--engine", "ts");
    expect(m.text).toContain("Hammers of the Warrior Chamber: 1 of this army's 11 abilities is not played (tactica units --coverage lists them)");
  });

  it("[AB-COVERAGE] coach, review, matrix, arena and campaign end with the same lines: their results depend on the abilities too", async () => {
    const lines = ["Mortek Shieldwall: 1 of this army's 9 abilities is not played (tactica units --coverage lists them)", "Hammers of the Warrior Chamber: 1 of this army's 11 abilities is not played (tactica units --coverage lists them)"];
    // A position entered by hand has no rosters in its setup: its battle's warscrolls are counted (battleCoverage).
    const coach = await cli("coach", path.join(ROOT, "examples/positions/aos-last-round.json"), "--budget", "20");
    expect(coach.code).toBe(0);
    expect(coach.text.split("\n").slice(-2)).toEqual(lines);
    const coachJson = JSON.parse((await cli("coach", path.join(ROOT, "examples/positions/aos-last-round.json"), "--budget", "20", "--json")).text);
    expect(coachJson.abilities.map((x: { notPlayedList: string[] }) => x.notPlayedList.length)).toEqual([1, 1]);
    // MESBG has no warscroll abilities: no lines.
    const mesbg = await cli("coach", path.join(ROOT, "examples/positions/mesbg-turn-4.json"), "--budget", "10");
    expect(mesbg.text).not.toContain("abilities");
    const matrix = await cli("matrix", "Mortek Shieldwall", "The Royal Hunt", "--games", "2", "--plans", "savage-gains", "--workers", "1");
    expect(matrix.text.split("\n").slice(-2)).toEqual([lines[0], "The Royal Hunt: all 19 of this army's abilities are played"]);
    const campaign = await cli("campaign", "--turns", "1");
    expect(campaign.text.split("\n").slice(-2)).toEqual(lines);
    const arena = await cli("arena", "--game", "aos", "--a", "scripted", "--b", "random", "--games", "2", "--workers", "1");
    expect(arena.text.split("\n").slice(-2)).toEqual(lines);
    const campaignArena = await cli("arena", "--game", "campaign", "--a", "scripted", "--b", "random", "--games", "2", "--workers", "1");
    expect(campaignArena.text.split("\n").slice(-2)).toEqual(lines);
  });

  it("[AB-COVERAGE] a battle's own coverage (a position has no rosters): its units' warscrolls, a name two factions share told apart by the faction keyword, manifestations aside", () => {
    const lib = bundledLibrary();
    const liberators = lib.warscrolls.find((w) => w.name === "Liberators")!;
    const other = { ...liberators, faction: "Other Realm", abilities: [] };
    const library = { ...lib, warscrolls: [...lib.warscrolls, other] };
    const profile = (owner: number, keywords: string[]) => ({ owner, warscroll: "Liberators", keywords }) as unknown as BattleData["profiles"][number];
    const [a, b] = battleCoverage({ armies: ["Stormhost", "Others"], profiles: [profile(0, ["STORMCAST ETERNALS", "INFANTRY"]), profile(1, ["OTHER REALM"]), profile(1, ["MANIFESTATION"])] }, library);
    expect([a.army, a.abilities, b.army, b.abilities]).toEqual(["Stormhost", liberators.abilities.length, "Others", 0]);
    expect(liberators.abilities.length).toBeGreaterThan(0);
    expect(armyCoverageLine(b, true)).toBe("Others: this army's warscrolls have no abilities");
  });

  it("[AB-COVERAGE] an army whose abilities are all played says so, not \"0 of ... are not played\" with a pointer to an empty list", async () => {
    expect(coverageSentence(2, 9, "army", true)).toBe("2 of this army's 9 abilities are not played (tactica units --coverage lists them)");
    expect(coverageSentence(2, 9, "army", false)).toBe("2 of this army's 9 abilities are not played");
    expect(coverageSentence(0, 19, "army", true)).toBe("all 19 of this army's abilities are played");
    expect(coverageSentence(1, 1, "army", true)).toBe("this army's 1 ability is not played (tactica units --coverage lists them)");
    expect(coverageSentence(0, 1, "pair", true)).toBe("these two warscrolls' 1 ability is played");
    expect(coverageSentence(0, 0, "army", true)).toBe("this army's warscrolls have no abilities");
    expect(coverageSentence(0, 0, "pair", true)).toBe("these two warscrolls have no abilities");
    // An army with imported warscrolls: tactica units --coverage has only the bundled ones; the command's --json lists them.
    const imported = { army: "Sunclaw Test Host", abilities: 10, notPlayed: 5, notPlayedList: [], notPlayedWhy: [], listedBy: "this command's --json" };
    expect(armyCoverageLine(imported, true)).toBe("Sunclaw Test Host: 5 of this army's 10 abilities are not played (this command's --json lists them)");
    expect(armyCoverageLine(imported, false)).toBe("Sunclaw Test Host: 5 of this army's 10 abilities are not played");
    // The Royal Hunt (Flesh-eater Courts): every one of its 19 abilities is played (tactica units --coverage).
    const m = await cli("matchup", "--a", "The Royal Hunt", "--b", "Procession of Grief", "--games", "2", "--plans", "savage-gains", "--workers", "1", "--engine", "ts");
    expect(m.text.split("\n").slice(-2)).toEqual([
      "The Royal Hunt: all 19 of this army's abilities are played",
      "Procession of Grief: 1 of this army's 13 abilities is not played (tactica units --coverage lists them)",
    ]);
  });
});
