/**
 * The BSData translator's fight-order pattern (src/aos/abilities/translate.ts fightAfterTranslation): the
 * catalogues' "Reaction: You declared a FIGHT ability for this unit: Pick a friendly X unit ... The target can be
 * picked to use a FIGHT ability immediately after ..." texts, exact, with the effects data/aos/abilities.json
 * writes by hand for the bundled three; near misses that must not translate; and an imported warscroll's
 * translated "Once Per Turn (Army)" reaction played once a turn, the same battles in TypeScript and the kernel.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { translatedAbilitiesOf } from "../../src/aos/abilities/imported.js";
import { abilitiesOf } from "../../src/aos/abilities/index.js";
import { keywordVocabulary, translateAbility } from "../../src/aos/abilities/translate.js";
import { fight } from "../../src/aos/battle/combat.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { nextPhase } from "../../src/aos/battle/turn.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const vocab = keywordVocabulary(["NIGHTHAUNT", "SERFS", "OGOR MAWTRIBES", "WARRIOR CHAMBER", "DAEMON", "FLESH-EATER COURTS"]);
const REACTION = "Reaction: You declared a FIGHT ability for this unit";
const reaction = (effect: string, timing = REACTION) => translateAbility({ name: "A", timing, effect }, vocab);
const AFTER = "The target can be picked to use a FIGHT ability immediately after the FIGHT ability used by this unit has been resolved.";
const bundled = (warscroll: string, name: string) => abilitiesOf(warscroll).find((a) => a.name === name)!;

describe("translating fight-after reactions", () => {
  it("[AB-TRANSLATE] [AB:Knight of Shrouds on Ethereal Steed/Cavalry Overseer] [AB:Liege-Kavalos/Master of Cavalry] [AB:Crypt Haunter Courtier/Knightly Exemplar] the catalogue texts give the effects written by hand", () => {
    const overseer = reaction(
      `Pick a friendly non-HERO NIGHTHAUNT CAVALRY or WAR MACHINE unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. ${AFTER} If it is picked to do so, add 1 to hit rolls for the target's attacks for the rest of the turn.`,
    );
    const b = bundled("Knight of Shrouds on Ethereal Steed", "Cavalry Overseer");
    expect(overseer).toEqual({ kind: "played", when: { timing: "reaction", to: "own-fight", limit: "none" }, effects: b.effects });
    const master = reaction(
      `Pick a friendly Kavalos Deathriders unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. ${AFTER} If it is picked to do so, add 1 to hit rolls for the target's combat attacks for the rest of the turn.`,
    );
    expect(master).toEqual({ kind: "played", when: { timing: "reaction", to: "own-fight", limit: "none" }, effects: bundled("Liege-Kavalos", "Master of Cavalry").effects });
    const exemplar = reaction(`Pick a friendly Crypt Horrors unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. ${AFTER} If it is picked to do so, add 1 to hit rolls for the target's attacks for the rest of the turn.`);
    expect(exemplar).toEqual({ kind: "played", when: { timing: "reaction", to: "own-fight", limit: "none" }, effects: bundled("Crypt Haunter Courtier", "Knightly Exemplar").effects });
  });

  it("[AB-TRANSLATE] the other forms: no bonus, +1 to wound, Once Per Turn (Army), \"Fight\" in lower case, the timing without \"Reaction: \", visible, wholly within 12\"", () => {
    const whom = (filter: object, range = 3, wholly = false) => ({ side: "friendly", filter, range, wholly, includeSelf: false });
    const fa = (w: object) => ({ whom: w, conditions: { attack: "any" }, do: { kind: "fight-after" } });
    expect(reaction(`Pick a friendly Namarti Thralls unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. ${AFTER}`)).toEqual({
      kind: "played", when: { timing: "reaction", to: "own-fight", limit: "none" }, effects: [fa(whom({ warscrolls: ["Namarti Thralls"] }))],
    });
    const serfs = whom({ keywords: ["SERFS"] });
    expect(
      reaction(`Pick a friendly SERFS unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. ${AFTER} If it is picked to do so, add 1 to wound rolls for the target's attacks for the rest of the turn.`, `Once Per Turn (Army), ${REACTION}`),
    ).toEqual({ kind: "played", when: { timing: "reaction", to: "own-fight", limit: "once-per-turn-army" }, effects: [fa(serfs), { whom: serfs, conditions: { attack: "any" }, do: { kind: "for-the-turn", set: "wound", value: 1, companionOnly: false } }] });
    const ogors = whom({ keywords: ["OGOR MAWTRIBES", "INFANTRY"], notKeywords: ["HERO"] });
    expect(
      reaction(
        "Pick a visible friendly non-HERO OGOR MAWTRIBES INFANTRY unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. The target can be picked to use a FIGHT ability immediately after the FIGHT ability used by this unit has been resolved. If it is picked to do so, add 1 to hit rolls for the target's combat attacks for the rest of the turn.",
        "Reaction: You declared a Fight ability for this unit",
      ),
    ).toEqual({ kind: "played", when: { timing: "reaction", to: "own-fight", limit: "none" }, effects: [fa(ogors), { whom: ogors, conditions: { attack: "melee" }, do: { kind: "for-the-turn", set: "hit", value: 1, companionOnly: false } }] });
    expect(reaction(`Pick a friendly non-HERO WARRIOR CHAMBER unit that has not used a Fight ability this turn and is within this unit's combat range to be the target. The target can be picked to use a FIGHT ability immediately after the Fight ability used by this unit has been resolved.`, "You declared a FIGHT ability for this unit")).toEqual({
      kind: "played", when: { timing: "reaction", to: "own-fight", limit: "none" }, effects: [fa(whom({ keywords: ["WARRIOR CHAMBER"], notKeywords: ["HERO"] }))],
    });
    expect(reaction(`Pick a friendly PARAGON that has not used a FIGHT ability this turn and is within this unit's combat range and visible to this unit to be the target. ${AFTER}`, "Reaction: You declared a FIGHT Ability for this unit")).toEqual({
      kind: "unread", why: 'the units a fight-after reaction picks: no pattern reads "friendly PARAGON"',
    });
    expect(reaction(`Pick a friendly Gargant unit that has not used a FIGHT ability this turn and is wholly within 12" of this unit to be the target. ${AFTER}`)).toEqual({
      kind: "played", when: { timing: "reaction", to: "own-fight", limit: "none" }, effects: [fa(whom({ warscrolls: ["Gargant"] }, 12, true))],
    });
  });

  it("[AB-TRANSLATE] near misses stay unread: a Regiment of Renown, another reaction (the Attacks bonus is read: bsdata-translate-status.test.ts; the Crit bonus: bsdata-translate-tail4.test.ts; both units' bonus and a mixed keyword and name: bsdata-translate-passive4.test.ts)", () => {
    const pick = "Pick a friendly SERFS unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target.";
    expect(reaction(`${pick} ${AFTER} If it is picked to do so, add 1 to the Attacks characteristic of the target's melee weapons for the rest of the turn.`).kind).toBe("played");
    // The Crit bonus is read by the tail4 area (translate-tail4.ts fightAfterCrit: bsdata-translate-tail4.test.ts).
    expect(reaction(`${pick} ${AFTER} If it is picked to do so, the target's melee weapons have Crit (2 Hits) for the rest of the turn.`).kind).toBe("played");
    expect(reaction(`${pick} ${AFTER} Add 1 to hit rolls for attacks made by this unit and the target for the rest of the turn.`).kind).toBe("played"); // read since passive4
    expect(reaction(`Pick a friendly non-HERO unit in this Regiment of Renown that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. ${AFTER}`).kind).toBe("unread");
    // A keyword or a warscroll: read since the passive4 area (test/aos/bsdata-translate-passive4.test.ts).
    expect(reaction(`Pick a friendly non-HERO DAEMON or Chaos Legionnaires unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. ${AFTER}`).kind).toBe("played");
    expect(reaction(`${pick} The target can be picked to use a FIGHT ability immediately after this unit.`).kind).toBe("unread");
    // Another reaction's timing is not this pattern's (the other patterns read it, or not).
    expect(reaction(`${pick} ${AFTER}`, "Reaction: You declared a SHOOT ability for this unit").kind).toBe("unread");
  });
});

describe("a translated fight-after reaction in both engines", () => {
  // An imported Courtier whose reaction is the BSData SERFS text, Once Per Turn (Army).
  const exemplar = {
    name: "Serf Exemplar",
    timing: `Once Per Turn (Army), ${REACTION}`,
    effect: `Pick a friendly SERFS unit that has not used a FIGHT ability this turn and is within this unit's combat range to be the target. ${AFTER} If it is picked to do so, add 1 to wound rolls for the target's attacks for the rest of the turn.`,
  };
  const KEY = "Courtier of the Serfs/Serf Exemplar";

  /** Two Courtiers, each with 10 Crypt Ghouls beside it, on either side of 10 Liberators; the Courtiers read as the import. */
  function position(seed: number) {
    const { b, ids } = battleAt(
      "savage-gains",
      [
        { warscroll: "Crypt Haunter Courtier", owner: 0, x: 0, y: 0 },
        { warscroll: "Crypt Ghouls", owner: 0, x: 0, y: 0, models: 10 },
        { warscroll: "Crypt Haunter Courtier", owner: 0, x: 0, y: 0 },
        { warscroll: "Crypt Ghouls", owner: 0, x: 0, y: 0, models: 10 },
        { warscroll: "Liberators", owner: 1, x: 30, y: 20, models: 10 },
      ],
      { step: { kind: "charge", player: 0 }, seed },
    );
    const [c1, g1, c2, g2, libs] = ids as [number, number, number, number, number];
    const r = (id: number) => b.footprint(id).radius;
    const place = (id: number, x: number, y: number) => Object.assign(b.unit(id), { x, y });
    place(c1, 30, 20 - r(libs) - r(c1) - 0.2);
    place(g1, 30 + r(c1) + r(g1) + 0.2, 20 - r(libs) - r(g1) - 0.2);
    place(c2, 30, 20 + r(libs) + r(c2) + 0.2);
    place(g2, 30 + r(c2) + r(g2) + 0.2, 20 + r(libs) + r(g2) + 0.2);
    for (const c of [c1, c2]) {
      const p = b.data.profiles[c]!;
      p.warscroll = "Courtier of the Serfs";
      p.abilities = translatedAbilitiesOf({ name: p.warscroll, abilities: [exemplar] }, vocab);
    }
    return { b, c1, g1, c2, g2, libs };
  }

  it("[AB-TRANSLATE] Once Per Turn (Army): the first Courtier that fights takes its Crypt Ghouls along (+1 to wound); the second Courtier's reaction is spent for the turn", () => {
    const { b, c1, g1, c2, g2, libs } = position(5);
    expect(b.data.profiles[c1]!.abilities?.map((a) => [a.name, a.status, a.when, a.effects.map((e) => e.do.kind)])).toEqual([
      ["Serf Exemplar", "played", { timing: "reaction", to: "own-fight", limit: "once-per-turn-army" }, ["fight-after", "for-the-turn"]],
    ]);
    expect([c1, g1, c2, g2].map((x) => b.inCombat(x))).toEqual([true, true, true, true]);
    expect([b.distance(c1, g1) <= 3, b.distance(c1, g2) > 3, b.distance(c2, g2) <= 3]).toEqual([true, true, true]);
    nextPhase(b);
    b.unit(libs).models = 10; // whatever the combat step's abilities did: the Liberators stay in combat
    fight(b, c1, libs);
    expect([b.data.fightNext?.unit, b.data.commandsUsed[0]]).toEqual([g1, [KEY]]);
    fight(b, g1, libs);
    expect(b.unit(g1).tokens).toEqual([`for-the-turn:${KEY}#1`]);
    expect(b.data.step).toEqual({ kind: "combat", player: 1 });
    b.unit(libs).models = 10;
    fight(b, libs, c2);
    fight(b, c2, libs);
    // Spent: the second Courtier's Ghouls are not taken along.
    expect([b.data.fightNext, b.unit(g2).tokens]).toEqual([undefined, []]);
  });

  it("[AB-TRANSLATE] the imported reaction plays the same battles in TypeScript and the kernel (from the charge phase, and after the first Courtier's fight with its use encoded)", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b, c1, g1, libs } = position(seed);
      b.data.log = null;
      if (seed > 3) {
        nextPhase(b);
        if (b.unit(libs).status !== "deployed") continue;
        fight(b, c1, libs);
        expect(b.data.fightNext?.unit, `seed ${seed}`).toBe(g1);
      }
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });
});

describe("healing after a fight", () => {
  it("[AB-TRANSLATE] [AB:Knight of Shrouds on Ethereal Steed/Stolen Hours] the catalogue's full Stolen Hours text gives the bundled effect (played); a Heal (D3) after each fight is played too (translate-damage.ts)", () => {
    const stolen = translateAbility(
      {
        name: "Stolen Hours",
        timing: "Passive",
        effect: "Each time this unit uses a FIGHT ability, after that FIGHT ability has been resolved, Heal (X) this unit, where X is the number of damage points allocated to enemy units by combat attacks made as part of that FIGHT ability.",
      },
      vocab,
    );
    expect(stolen).toEqual({ kind: "played", when: { timing: "passive" }, effects: bundled("Knight of Shrouds on Ethereal Steed", "Stolen Hours").effects });
    const razorgor = translateAbility({ name: "Feed on Mangled Remains", timing: "Passive", effect: "Each time this unit uses a FIGHT ability, after that FIGHT ability has been resolved, Heal (D3) this unit." }, vocab);
    expect(razorgor).toEqual({ kind: "played", when: { timing: "passive" }, effects: [{ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "heal", amount: { count: 1, sides: 3, plus: 0 } } }] });
    // Near miss: X without what it is.
    expect(translateAbility({ name: "A", timing: "Passive", effect: "Each time this unit uses a FIGHT ability, after that FIGHT ability has been resolved, Heal (X) this unit." }, vocab).kind).toBe("unread");
  });
});
