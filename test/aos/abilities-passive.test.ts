/**
 * Passive abilities (docs/abilities.md "Passive abilities: conditions and kinds"): the conditions on a unit's state,
 * Attacks and save modifiers, named weapons, weapon abilities given, no critical hits, ignored modifiers and passive
 * STRIKE-FIRST, each on a set-up position with scripted dice (a ScriptedRng fails on any die the test did not
 * expect) or with the modifiers the attack interpreter gives, and the kernel playing the same battles, seed for seed
 * (battles of these texts on bundled warscrolls, and of the shared BSData snapshot's warscrolls that carry them).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Battle } from "../../src/aos/battle/battle.js";
import { PitchedBattleState, pitchedBattleGame } from "../../src/aos/battle/game.js";
import { fight, fightCandidates } from "../../src/aos/battle/combat.js";
import { attackEffects, controlWithEffects, unitWard } from "../../src/aos/battle/effects.js";
import { attackInput, inflictMortal } from "../../src/aos/battle/attacks.js";
import { bundledLibrary, mergeLibraries, rosterSchema, type Warscroll } from "../../src/aos/armies/index.js";
import { translateAbility, translatedAbility, keywordVocabulary } from "../../src/aos/abilities/translate.js";
import { libraryVocabulary } from "../../src/aos/abilities/imported.js";
import { abilitiesOf } from "../../src/aos/abilities/index.js";
import { playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { warscrollToAttacker, warscrollToDefender } from "../../src/aos/armies/odds.js";
import { applyOddsAbilities } from "../../src/aos/abilities/odds-input.js";
import { aosOddsInputSchema } from "../../src/aos/odds/schema.js";
import { planAttack } from "../../src/aos/odds/plan.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const left = (b: Battle) => (b.rng as ScriptedRng).left();
const at = (warscroll: string, owner: 0 | 1, x: number, y: number, models?: number): Placement => ({ warscroll, owner, x, y, ...(models ? { models } : {}) });

/** Gives unit `id`'s warscroll an imported passive ability, translated from its text as the battle translates it. */
function give(b: Battle, id: number, name: string, effect: string): void {
  const p = b.data.profiles[id]!;
  const t = translateAbility({ name, timing: "Passive", effect }, keywordVocabulary(b.data.profiles.flatMap((x) => x.keywords)));
  const a = translatedAbility(p.warscroll, name, t);
  if (!a) throw new Error(`${name}: ${t.kind === "unread" || t.kind === "translated" ? t.why : "?"}`);
  for (const q of b.data.profiles) if (q.warscroll === p.warscroll) q.abilities = [...(q.abilities ?? []), a];
  // A new profiles array: the battle's played effects are cached by it (effects.ts battleEffects).
  (b.data as { profiles: typeof b.data.profiles }).profiles = [...b.data.profiles];
}

/** The odds input of `a`'s melee attacks on `t` with the played abilities' modifiers (attacks.ts attackInput). */
function meleeInput(b: Battle, a: number, t: number) {
  const mods = attackEffects(b, a, t, true, b.profile(a).weapons.filter((w) => w.type === "melee"));
  return attackInput(b.profile(a), b.unit(a), "melee", b.profile(t), b.unit(t), { charged: b.unit(a).charged, targetCharged: b.unit(t).charged, hitModifier: 0, targetIsMonster: false, mods })!;
}

describe("Attacks and save modifiers (scripted dice)", () => {
  it("[AB-TRANSLATE:Myrmidon Rage] \"While this unit is damaged, add 2 to the Attacks characteristic of its melee weapons\": 6 attacks undamaged, 8 damaged", () => {
    // One Spirit Host (Spectral Claws and Daggers: 6 attacks, 4+) fights Liberators: every hit roll a 1 (miss), so
    // the dice count the attacks.
    const { b, ids } = battleAt("savage-gains", [at("Spirit Hosts", 0, 20, 10, 1), at("Liberators", 1, 20, 14)], { dice: [1, 1, 1, 1, 1, 1], step: { kind: "combat", player: 0 } });
    const [h, l] = [ids[0]!, ids[1]!];
    give(b, h, "Myrmidon Rage", "While this unit is damaged, add 2 to the Attacks characteristic of its melee weapons.");
    b.unit(h).inCombatAtStart = b.unit(l).inCombatAtStart = true;
    fight(b, h, l);
    expect(left(b)).toBe(0);
    (b as unknown as { rng: ScriptedRng }).rng = new ScriptedRng([1, 1, 1, 1, 1, 1, 1, 1]);
    b.unit(h).fought = false;
    b.unit(h).damage = 1;
    fight(b, h, l);
    expect(left(b)).toBe(0);
    expect(meleeInput(b, h, l).attacker.weapons[0]!.attacks).toEqual({ count: 0, sides: 0, plus: 8 });
  });

  it("[AB-TRANSLATE:Wall of Meat] \"Add 1 to save rolls for this unit if it has not charged this turn\": a save roll of 2 saves on 3+; after a charge it fails", () => {
    // A Spirit Host (Rend 0) attacks: hit 4, wound 4, save 2 (+1: 3, saved); the other 5 attacks miss.
    const { b, ids } = battleAt("savage-gains", [at("Spirit Hosts", 0, 20, 10, 1), at("Liberators", 1, 20, 14)], { dice: [4, 4, 2, 1, 1, 1, 1, 1], step: { kind: "combat", player: 0 } });
    const [h, l] = [ids[0]!, ids[1]!];
    give(b, l, "Wall of Meat", "Add 1 to save rolls for this unit if it has not charged this turn.");
    b.unit(h).inCombatAtStart = b.unit(l).inCombatAtStart = true;
    fight(b, h, l);
    expect([b.unit(l).damage, left(b)]).toEqual([0, 0]);
    // Charged: no +1, the 2 fails: 1 damage point.
    (b as unknown as { rng: ScriptedRng }).rng = new ScriptedRng([4, 4, 2, 1, 1, 1, 1, 1]);
    b.unit(h).fought = false;
    b.unit(l).charged = true;
    fight(b, h, l);
    expect([b.unit(l).damage, left(b)]).toEqual([1, 0]);
  });

  it("[AB-TRANSLATE] CORE-SAVE: two +1s to save rolls come to +1 (a Spirit Host's 6+: a 4 fails, a 5 saves)", () => {
    const { b, ids } = battleAt("savage-gains", [at("Spirit Hosts", 0, 20, 10, 1), at("Spirit Hosts", 1, 20, 14, 1)], { step: { kind: "combat", player: 0 } });
    const [a, t] = [ids[0]!, ids[1]!];
    give(b, t, "A", "Add 1 to save rolls for this unit.");
    give(b, t, "B", "Add 1 to save rolls for this unit if it has not charged this turn.");
    expect(meleeInput(b, a, t).context.modifiers.save).toBe(2);
    b.unit(a).inCombatAtStart = b.unit(t).inCombatAtStart = true;
    // Attack 1: hit 4, wound 4, save 4 (+1, not +2: 5, fails on 6+), 1 damage point, its WARD (5+) rolls 4: kept.
    // Attack 2: hit 4, wound 4, save 5 (+1: 6, saved). Attacks 3-6 miss (1s).
    (b as unknown as { rng: ScriptedRng }).rng = new ScriptedRng([4, 4, 4, 4, 4, 4, 5, 1, 1, 1, 1]);
    fight(b, a, t);
    expect([b.unit(t).damage, left(b)]).toEqual([1, 0]);
  });

  it("[AB-TRANSLATE:Behemoth Brawler] \"Subtract 1 from the Attacks characteristic of enemy MONSTERS while they are in combat with this unit\" and an Attacks modifier leaves Companion weapons alone when positive", () => {
    const { b, ids } = battleAt("savage-gains", [at("Kavalos Deathriders", 0, 20, 10), at("Varghulf Courtier", 1, 20, 14), at("Liberators", 0, 30, 14)], { step: { kind: "combat", player: 0 } });
    const [k, v, l] = [ids[0]!, ids[1]!, ids[2]!];
    give(b, k, "Plus", "Add 1 to the Attacks characteristic of this unit's melee weapons.");
    const w = meleeInput(b, k, v).attacker.weapons;
    // Kavalos Blades 3 -> 4; the Companion Hooves and Teeth stay 2 (CORE-COMPANION).
    expect(w.map((x) => [x.name, x.attacks.plus])).toEqual([["Kavalos Blades", 4], ["Kavalos Steed's Hooves and Teeth", 2]]);
    give(b, l, "Behemoth Brawler", "Subtract 1 from the Attacks characteristic of enemy MONSTERS while they are in combat with this unit.");
    b.profile(v).keywords.push("MONSTER");
    // Not in combat with the Liberators (10" apart): unchanged. Moved next to them: Immense Claws 7 -> 6, Fangs 1 -> 0.
    expect(meleeInput(b, v, k).attacker.weapons.map((x) => x.attacks.plus)).toEqual([7, 1]);
    b.unit(v).x = 27;
    expect(meleeInput(b, v, k).attacker.weapons.map((x) => x.attacks.plus)).toEqual([6, 0]);
  });
});

describe("passive conditions", () => {
  it("[AB-TRANSLATE:Hallucinogenic Fungus Brews] WARD (4+) in the first battle round, (5+) in the second, (6+) from the third", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 20, 10), at("Varghulf Courtier", 1, 40, 34)]);
    give(b, ids[0]!, "Fungus", "In the first battle round, this unit has WARD (4+). In the second battle round, this unit has WARD (5+). In the third and subsequent battle rounds, this unit has WARD (6+).");
    const wards = [1, 2, 3, 4, 5].map((r) => ((b.data.round = r), unitWard(b, ids[0]!)));
    expect(wards).toEqual([4, 5, 6, 6, 6]);
  });

  it("[AB-TRANSLATE:Skryre Acolytes] \"If the current battle round number is odd / even, ...\": -1 to hit for attacks on friendly units near it in rounds 2 and 4", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 20, 10), at("Vindictors", 0, 26, 10), at("Varghulf Courtier", 1, 20, 14)]);
    const [l, vi, v] = [ids[0]!, ids[1]!, ids[2]!];
    give(b, l, "Warpstone", "If the current battle round number is even, subtract 1 from hit rolls for attacks made by enemy units that target a friendly STORMCAST ETERNALS unit while it is wholly within 13\" of this unit.");
    const hits = [1, 2, 3, 4, 5].map((r) => ((b.data.round = r), attackEffects(b, v, vi, true, b.profile(v).weapons).hit));
    expect(hits).toEqual([0, -1, 0, -1, 0]);
  });

  it("[AB-TRANSLATE:No Respite] WARD (5+) \"while this unit is contesting an objective you do not control\": on an objective the enemy or nobody controls, not on its own", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 20, 10), at("Varghulf Courtier", 1, 40, 34)]);
    const l = ids[0]!;
    give(b, l, "No Respite", "While this unit is contesting an objective you do not control, it has Ward (5+).");
    expect(unitWard(b, l)).toBe(null);
    const o = b.objectives()[0]!;
    [b.unit(l).x, b.unit(l).y] = [o.x, o.y + 2];
    expect(unitWard(b, l)).toBe(5);
    b.data.control[o.id] = 1;
    expect(unitWard(b, l)).toBe(5);
    b.data.control[o.id] = 0;
    expect(unitWard(b, l)).toBe(null);
  });

  it("[AB-TRANSLATE:Eldritch Raiders] +1 to wound \"while it is wholly within enemy territory\"; +1 to hit \"while it is wholly outside friendly territory\"", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 20, 10), at("Varghulf Courtier", 1, 20, 13)]);
    const [l, v] = [ids[0]!, ids[1]!];
    give(b, l, "Eldritch Raiders", "Add 1 to wound rolls for this unit's attacks while it is wholly within enemy territory.");
    give(b, l, "Violent Despoilers", "Add 1 to hit rolls for this unit's attacks while it is wholly outside friendly territory.");
    const mods = () => {
      const m = attackEffects(b, l, v, true, b.profile(l).weapons);
      return [m.hit, m.wound];
    };
    const poly = (p: 0 | 1) => b.territoryPolygon(p);
    const centre = (p: 0 | 1) => ({ x: poly(p).reduce((s, q) => s + q.x, 0) / poly(p).length, y: poly(p).reduce((s, q) => s + q.y, 0) / poly(p).length });
    [b.unit(l).x, b.unit(l).y] = [centre(0).x, centre(0).y];
    expect(mods()).toEqual([0, 0]);
    [b.unit(l).x, b.unit(l).y] = [centre(1).x, centre(1).y];
    expect(mods()).toEqual([1, 1]);
    // Between the two territories (the battlefield's middle of savage-gains is no one's): outside its own, not in the enemy's.
    [b.unit(l).x, b.unit(l).y] = [30, 22];
    expect(b.whollyWithinTerritory(l, 0) || b.whollyWithinTerritory(l, 1)).toBe(false);
    expect(mods()).toEqual([1, 0]);
  });

  it("[AB-TRANSLATE:Hatred of Heroes] a condition on the unit with the ability (holder \"source\"): +1 to hit and wound for friendly units near it while it is in combat with an enemy HERO", () => {
    const { b, ids } = battleAt("savage-gains", [at("Varghulf Courtier", 0, 20, 10), at("Crypt Ghouls", 0, 26, 10), at("Liberators", 1, 26, 14), at("Crypt Haunter Courtier", 1, 40, 30)]);
    const [v, g, l, c] = [ids[0]!, ids[1]!, ids[2]!, ids[3]!];
    give(b, v, "Hatred of Heroes", "While this unit is in combat with any enemy HEROES, add 1 to hit rolls and wound rolls for combat attacks made by friendly FLESH-EATER COURTS units wholly within 12\" of this unit.");
    const m = () => {
      const x = attackEffects(b, g, l, true, b.profile(g).weapons);
      return [x.hit, x.wound];
    };
    expect(m()).toEqual([0, 0]);
    // The Courtier comes into combat with the enemy HERO (a Crypt Haunter Courtier): its Ghouls get +1/+1.
    [b.unit(c).x, b.unit(c).y] = [20, 5];
    expect(m()).toEqual([1, 1]);
  });

  it("[AB-TRANSLATE:Evocators] passive STRIKE-FIRST \"while it is contesting an objective you do not control\" and \"if it charged in the same turn\": only it may be picked to fight first", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 20, 10), at("Varghulf Courtier", 1, 20, 14)], { step: { kind: "combat", player: 0 } });
    const [l, v] = [ids[0]!, ids[1]!];
    b.unit(l).inCombatAtStart = b.unit(v).inCombatAtStart = true;
    give(b, v, "Unleashed Rage", "This unit has STRIKE-FIRST if it charged in the same turn.");
    expect(fightCandidates(b)).toEqual([l, v]);
    b.unit(v).charged = true;
    expect(fightCandidates(b)).toEqual([v]);
    // STRIKE-LAST given by an ability cancels it (CORE-STRIKE-ORDER: both, neither).
    give(b, v, "Slow", "This unit has STRIKE-LAST.");
    expect(fightCandidates(b)).toEqual([l, v]);
  });
});

describe("named weapons, weapon abilities, critical hits and ignored modifiers", () => {
  it("[AB-TRANSLATE:Vanquishers] +1 Damage for a named weapon \"for attacks that target an enemy unit that has 5 or more models\"", () => {
    const { b, ids } = battleAt("savage-gains", [at("Varghulf Courtier", 0, 20, 10), at("Liberators", 1, 20, 14, 5), at("Liberators", 1, 30, 14, 4)]);
    const [v, l5, l4] = [ids[0]!, ids[1]!, ids[2]!];
    give(b, v, "Lightning Strikes", "Add 1 to the Damage characteristic of this unit's Dagger-like Fangs for attacks that target an enemy unit that has 5 or more models.");
    expect(meleeInput(b, v, l5).attacker.weapons.map((w) => [w.name, w.damage.plus])).toEqual([["Immense Claws", 2], ["Dagger-like Fangs", 4]]);
    expect(meleeInput(b, v, l4).attacker.weapons.map((w) => w.damage.plus)).toEqual([2, 3]);
  });

  it("[AB-TRANSLATE:Pain-Induced Frenzy] Crit (2 Hits) given to melee weapons if it charged; not to a weapon with a Crit of its own; \"cannot score critical hits\" takes them away", () => {
    const { b, ids } = battleAt("savage-gains", [at("Varghulf Courtier", 0, 20, 10), at("Liberators", 1, 20, 14)]);
    const [v, l] = [ids[0]!, ids[1]!];
    give(b, v, "Pain-Induced Frenzy", "This unit's melee weapons have Crit (2 Hits) if it charged in the same turn.");
    expect(meleeInput(b, v, l).attacker.weapons.map((w) => w.abilities)).toEqual([["Anti-INFANTRY (+1 Rend)"], ["Anti-INFANTRY (+1 Rend)"]]);
    b.unit(v).charged = true;
    expect(meleeInput(b, v, l).attacker.weapons.map((w) => w.abilities)).toEqual([["Anti-INFANTRY (+1 Rend)", "Crit (2 Hits)"], ["Anti-INFANTRY (+1 Rend)", "Crit (2 Hits)"]]);
    give(b, l, "Pain-Induced Frenzy", "This unit's melee weapons have Crit (2 Hits) if it charged in the same turn.");
    b.unit(l).charged = true;
    expect(meleeInput(b, l, v).attacker.weapons.map((w) => w.abilities)).toEqual([["Crit (Mortal)"], ["Crit (Mortal)"]]);
    give(b, v, "Stone Skin", "Attacks that target this unit cannot score critical hits (treat them as regular hits instead).");
    expect(meleeInput(b, l, v).attacker.weapons.map((w) => w.abilities)).toEqual([[], []]);
  });

  it("[AB-TRANSLATE:Supreme Swordmaster] \"Ignore negative modifiers to hit rolls and wound rolls for this unit's attacks\": the target's -1 to hit is dropped, a +1 kept", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 20, 10), at("Varghulf Courtier", 1, 20, 14)]);
    const [l, v] = [ids[0]!, ids[1]!];
    give(b, v, "Hard", "Subtract 1 from hit rolls for attacks that target this unit.");
    give(b, l, "Keen", "Add 1 to wound rolls for this unit's attacks.");
    expect([meleeInput(b, l, v).context.modifiers.hit, meleeInput(b, l, v).context.modifiers.wound]).toEqual([-1, 1]);
    give(b, l, "Supreme Swordmaster", "Ignore negative modifiers to hit rolls and wound rolls for this unit's attacks.");
    expect([meleeInput(b, l, v).context.modifiers.hit, meleeInput(b, l, v).context.modifiers.wound]).toEqual([0, 1]);
  });

  it("[AB-TRANSLATE:Icon of Grimnir] \"Ignore negative modifiers to the control scores of friendly X units while they are wholly within 12\\\" of this unit\"", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 20, 10), at("Vindictors", 0, 26, 10), at("Varghulf Courtier", 1, 20, 14)]);
    const [l, vi, v] = [ids[0]!, ids[1]!, ids[2]!];
    give(b, v, "Maiming", "Subtract 3 from the control scores of enemy units while they are in combat with this unit.");
    expect(controlWithEffects(b, l, 5, false)).toBe(2);
    give(b, vi, "Icon", "Ignore negative modifiers to the control scores of friendly STORMCAST ETERNALS units while they are wholly within 12\" of this unit.");
    expect(controlWithEffects(b, l, 5, false)).toBe(5);
  });
});

describe("ward rolls", () => {
  it("[AB-TRANSLATE:Treelord Ancient] \"Subtract 1 from ward rolls for enemy units while they are within 12\\\" of this unit\": a WARD (5+) is a 6+, a 6+ none — for attacks and mortal damage alike; \"... inflicted by this unit's combat attacks\" for its own attacks only", () => {
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 20, 10), at("Spirit Hosts", 1, 20, 14), at("Crypt Ghouls", 1, 40, 34)]);
    const [l, h, g] = [ids[0]!, ids[1]!, ids[2]!];
    expect([unitWard(b, h), unitWard(b, g)]).toEqual([5, 6]);
    give(b, l, "Ancient Spirits", "Subtract 1 from ward rolls for enemy units while they are within 12\" of this unit.");
    // The Spirit Hosts are within 12": 6+; the Ghouls (30" away) keep their 6+; moved within 12": none.
    expect([unitWard(b, h), unitWard(b, g)]).toEqual([6, 6]);
    [b.unit(g).x, b.unit(g).y] = [28, 10];
    expect(unitWard(b, g)).toBe(null);
    expect(meleeInput(b, l, h).defender.ward).toBe(6);
    // A mortal damage point on the Spirit Hosts: the ward roll of 5 no longer saves it.
    const { b: b2, ids: i2 } = battleAt("savage-gains", [at("Liberators", 0, 20, 10), at("Spirit Hosts", 1, 20, 14)], { dice: [5] });
    give(b2, i2[0]!, "Ancient Spirits", "Subtract 1 from ward rolls for enemy units while they are within 12\" of this unit.");
    expect(inflictMortal(b2.profile(i2[1]!), b2.unit(i2[1]!), 1, b2.rng, unitWard(b2, i2[1]!)).damage).toBe(1);
    // Its own combat attacks only: not the Spirit Hosts' ward against mortal damage.
    const { b: b3, ids: i3 } = battleAt("savage-gains", [at("Liberators", 0, 20, 10), at("Spirit Hosts", 1, 20, 14)]);
    give(b3, i3[0]!, "Piercing", "Subtract 1 from ward rolls for damage points inflicted by this unit's combat attacks.");
    expect([unitWard(b3, i3[1]!), meleeInput(b3, i3[0]!, i3[1]!).defender.ward]).toEqual([5, 6]);
    give(b3, i3[0]!, "No Ward", "Ward rolls cannot be made for damage points inflicted by this unit's attacks.");
    expect(meleeInput(b3, i3[0]!, i3[1]!).defender.ward).toBe(null);
  });
});

describe("Titanic Boulderclub", () => {
  const TEXT = "If all of the attacks made with this unit's Titanic Boulderclub target the same enemy unit, for every 5 models in the target unit, add 2 to its Attacks characteristic for the rest of the phase.";

  it("[AB-TRANSLATE:Titanic Boulderclub] its catalogue text reads as the bundled Warstomper's ability: +2 Attacks for the named weapon for every 5 models in the target", () => {
    const t = translateAbility({ name: "Titanic Boulderclub", timing: "Passive", effect: TEXT }, keywordVocabulary(["MONSTER"]));
    expect(t.kind).toBe("played");
    const bundled = abilitiesOf("Warstomper Mega-Gargant").find((a) => a.name === "Titanic Boulderclub")!;
    expect(t.kind === "played" ? t.effects : null).toEqual(bundled.effects);
  });

  it("[AB:Warstomper Mega-Gargant/Titanic Boulderclub] tactica odds aos: 4 Boulderclub attacks on 4 Liberators, 6 on 5, 8 on 10; its mean damage grows with them", () => {
    const lib = bundledLibrary();
    const w = lib.warscrolls.find((x) => x.name === "Warstomper Mega-Gargant")!;
    const l = lib.warscrolls.find((x) => x.name === "Liberators")!;
    const club = (models: number) => {
      const input: Record<string, unknown> = { attacker: warscrollToAttacker(w, 1, "combat").json, defender: warscrollToDefender(l, models).json };
      const lines = applyOddsAbilities(input, w, l, { phase: "combat", attackerModels: 1, defenderModels: models }, lib);
      const plan = planAttack(aosOddsInputSchema.parse(input));
      return [lines[0]!.includes("Warstomper Mega-Gargant/Titanic Boulderclub"), plan.weapons.find((x) => x.name === "Titanic Boulderclub")!.attacks.plus];
    };
    expect([club(4), club(5), club(10)]).toEqual([[false, 4], [true, 6], [true, 8]]);
  });
});

describe("the exact odds", () => {
  it("[AB-TRANSLATE] tactica odds aos --attacker --defender applies a passive save modifier (capped at +1), an Attacks modifier and a weapon ability given", () => {
    const lib0 = bundledLibrary();
    const courtier = lib0.warscrolls.find((w) => w.name === "Varghulf Courtier")!;
    const liberators = lib0.warscrolls.find((w) => w.name === "Liberators")!;
    const a: Warscroll = { ...courtier, name: "Frenzied Courtier", abilities: [{ name: "Frenzy", timing: "Passive", effect: "Add 1 to the Attacks characteristic of this unit's Dagger-like Fangs. This unit's melee weapons have Crit (2 Hits)." }] };
    const d: Warscroll = { ...liberators, name: "Shielded Liberators", abilities: [{ name: "Shields", timing: "Passive", effect: "Add 1 to save rolls for this unit. Add 1 to save rolls for this unit if it has not charged this turn." }] };
    const lib = mergeLibraries("test", lib0, { source: "imported", warscrolls: [a, d] });
    const input: Record<string, unknown> = { attacker: warscrollToAttacker(a, 1, "combat").json, defender: warscrollToDefender(d, 5).json };
    const lines = applyOddsAbilities(input, a, d, { phase: "combat", attackerModels: 1, defenderModels: 5 }, lib);
    expect(lines[0]).toBe("Abilities on: Frenzied Courtier/Frenzy, Shielded Liberators/Shields");
    const plan = planAttack(aosOddsInputSchema.parse(input));
    expect([plan.saveMod, plan.weapons.map((w) => [w.name, w.attacks.plus, w.crit])]).toEqual([1, [["Immense Claws", 7, 1], ["Dagger-like Fangs", 2, 1]]]);
  });
});

const TEXTS: [number, string][] = [
  [0, "While this unit is damaged, add 2 to the Attacks characteristic of its melee weapons."],
  [0, "Add 1 to save rolls for this unit if it has not charged this turn."],
  [1, "This unit has STRIKE-FIRST if it charged in the same turn."],
  [1, "Add 1 to the Damage characteristic of this unit's melee weapons for attacks that target an enemy unit that has 10 or more models."],
  [2, "While this unit is contesting an objective you do not control, it has Ward (5+)."],
  [2, "Subtract 1 from the Attacks characteristic of weapons used by enemy units while they are in combat with this unit."],
  [3, "This unit's melee weapons have Crit (2 Hits) if it charged in the same turn."],
  [3, "Ignore negative modifiers to hit rolls and wound rolls for this unit's attacks."],
  [1, "While this unit is in combat with any enemy HEROES, add 1 to hit rolls and wound rolls for combat attacks made by friendly NIGHTHAUNT units wholly within 12\" of this unit."],
  [0, "Add 1 to wound rolls for this unit's attacks while it is wholly within enemy territory."],
  [2, "If this unit charged this turn, subtract 3 from the control scores of enemy units while they are in combat with this unit."],
  [3, "Attacks that target this unit cannot score critical hits (treat them as regular hits instead)."],
  [0, "In the first battle round, this unit has WARD (4+). In the second battle round, this unit has WARD (5+). In the third and subsequent battle rounds, this unit has WARD (6+)."],
  [1, "Ignore negative modifiers to the control scores of friendly NIGHTHAUNT units while they are wholly within 12\" of this unit."],
  [3, "Subtract 1 from save rolls for enemy units while they are within 6\" of this unit."],
  [2, "Add 1 to the Rend characteristic of this unit's Stormspear if it charged in the same turn."],
  [0, "Subtract 1 from ward rolls for enemy units while they are within 12\" of this unit."],
  [2, "If this unit charged this turn, add 1 to charge rolls for friendly STORMCAST ETERNALS units while they are wholly within 18\" of this unit for the rest of the turn."],
  [1, "Add 2\" to this unit's Move characteristic while it is wholly outside friendly territory."],
  [3, "If the current battle round number is odd, add 2\" to the Move characteristic of friendly STORMCAST ETERNALS units while they are wholly within 13\" of this unit. If the current battle round number is even, subtract 1 from hit rolls for attacks made by enemy units that target a friendly STORMCAST ETERNALS unit while it is wholly within 13\" of this unit."],
  [2, "Add 1 to wound rolls for this unit's attacks while it contests an objective that is wholly outside friendly territory."],
  [2, "Ward rolls cannot be made for damage points inflicted by this unit's combat attacks."],
  [3, "Add 1 to the Damage characteristic of this unit's melee weapons while this unit has 1 damage point. Add 2 to the Damage characteristic of this unit's melee weapons instead while this unit has 2 or more damage points."],
];

describe("passive abilities in the kernel", () => {
  it("[AB-TRANSLATE] battles with the passive conditions and kinds are identical in both engines, seed for seed, and the abilities change them", () => {
    const start = () =>
      battleAt(
        "savage-gains",
        [at("Liberators", 0, 20, 14), at("Spirit Hosts", 1, 24, 24), at("Vindictors", 0, 36, 14), at("Crypt Ghouls", 1, 34, 26, 20), at("Lady Olynder, Mortarch of Grief", 1, 30, 34)],
        { step: { kind: "hero", player: 0 }, log: false },
      );
    let changed = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { b, ids } = start();
      for (const [u, text] of TEXTS) give(b, ids[u]!, `P${text.length}`, text);
      b.unit(ids[0]!).damage = 1;
      const s = new PitchedBattleState(b);
      const ts = rolloutTs(s, seed);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
      const plain = start();
      plain.b.unit(plain.ids[0]!).damage = 1;
      if (JSON.stringify(rolloutTs(new PitchedBattleState(plain.b), seed)) !== JSON.stringify(ts)) changed++;
    }
    expect(changed).toBeGreaterThan(4);
  });
});

// The shared BSData snapshot (absent in a clone without it: skipped, saying so).
const SNAPSHOT = [path.resolve(import.meta.dirname, "../../../shared/data/bsdata-aos4"), process.env.TACTICA_BSDATA_SNAPSHOT ?? "/work/shared/data/bsdata-aos4"].find((p) => existsSync(p));
if (!SNAPSHOT) console.warn("[abilities-passive] the snapshot battles are skipped: no BSData snapshot (set TACTICA_BSDATA_SNAPSHOT)");

describe.skipIf(!SNAPSHOT)("the snapshot's warscrolls with passive abilities", () => {
  it("[AB-TRANSLATE] armies of the warscrolls whose passive abilities use these conditions and kinds play identical battles in both engines", async () => {
    const { importBsdata } = await import("../../src/aos/bsdata/index.js");
    const imp = await importBsdata(SNAPSHOT!);
    const ws = imp.factions.flatMap((f) => f.warscrolls);
    const vocab = libraryVocabulary({ warscrolls: ws });
    const PASSIVE_KINDS = new Set(["save", "attacks", "strike", "weapon-ability", "no-crits", "ignore-modifiers"]);
    const OLD = new Set(["attack", "charged", "near", "inCombat", "targetKeywords", "targetMinModels", "contesting"]);
    const uses = (w: Warscroll) =>
      w.abilities.some((a) => {
        const t = (a.timing ?? "").trim() === "Passive" ? translateAbility(a, vocab) : null;
        return t?.kind === "played" && t.effects.some((e) => PASSIVE_KINDS.has(e.do.kind) || Object.keys(e.conditions).some((k) => !OLD.has(k)));
      });
    const byFaction = new Map<string, Warscroll[]>();
    for (const f of imp.factions) {
      const list = f.warscrolls.filter((w) => uses(w) && w.weapons.length > 0 && !w.keywords.includes("MANIFESTATION") && !w.keywords.includes("TERRAIN"));
      if (list.length > 0) byFaction.set(f.faction, list);
    }
    const factions = [...byFaction.keys()];
    expect(factions.length).toBeGreaterThan(40);
    const library = mergeLibraries("test", { source: "imported", warscrolls: ws }, bundledLibrary());
    const roster = (f: string, name: string) => {
      const units = byFaction.get(f)!.slice(0, 6);
      return rosterSchema.parse({ name, faction: f, pointsLimit: 4000, general: `${units[0]!.name} 0`, grandStrategy: "Hold the Line", units: units.map((u, k) => ({ id: `${u.name} ${k}`, warscroll: u.name })) });
    };
    let battles = 0;
    for (let i = 0; i + 1 < factions.length; i += 2) {
      const s = playSetUp(pitchedBattleGame.newInitialState({ rosters: [roster(factions[i]!, "A"), roster(factions[i + 1]!, "B")], battleplan: "savage-gains", library }, 3));
      for (const seed of [1, 2]) {
        expect(rolloutWasm(core, s, seed), `${factions[i]} v ${factions[i + 1]}, seed ${seed}`).toEqual(rolloutTs(s, seed));
        battles++;
      }
    }
    expect(battles).toBeGreaterThan(40);
  }, 600_000);
});
