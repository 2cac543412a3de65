/**
 * The kills5 area (docs/abilities.md "Kills credited to the unit that made them (kills5)"): each unit's kills kept by
 * both engines (casualties.ts destroyIfSlain -> kills5.ts noteKill; the kernel's actions.ts -> kills5.ts), read by the
 * `killed` condition at a heal (healing.ts useHeal) and at an attack (attack.ts conditionsHold), and kill marks for the
 * rest of the battle at the end of a turn (kills5.ts useKillMarks). Set-up positions with scripted dice (a ScriptedRng
 * fails on any die the test did not expect); then the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attackMods } from "../../src/aos/abilities/attack.js";
import { KILL_BITS, KILL_MARK_BIT } from "../../src/aos/abilities/kills5.js";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { destroyIfSlain } from "../../src/aos/battle/casualties.js";
import { battleEffects, battleView, unitWard } from "../../src/aos/battle/effects.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { useEndOfTurnHealing } from "../../src/aos/battle/healing.js";
import { clearTurnKills, noteKill, useKillMarks } from "../../src/aos/battle/kills5.js";
import { hasPassiveStrike } from "../../src/aos/battle/passive.js";
import * as E from "../../src/aos/rollout/encode.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { sameBattlesChangedAcross } from "../support/same-battles.js";
import { heroAndMonsterRow, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

// The catalogues' texts (Lord-Commander Bastian Carthalos, Darkoath Chieftain, Athol Khul, Morgok's Krushas), on bundled warscrolls.
const TEXT = {
  mantle: { name: "Mantle of the First Storm", timing: "End of Any Turn", effect: "If any enemy models were slain by this unit's attacks this turn, Heal (4) this unit." },
  oath: { name: "Oath of Murder", timing: "Once Per Battle, End of Any Turn", effect: "If this unit destroyed an enemy HERO or MONSTER this turn, this unit has STRIKE-FIRST for the rest of the battle." },
  warleader: { name: "Tribal Warleader", timing: "Once Per Battle, End of Any Turn", effect: "If this destroyed an enemy HERO this turn, this unit has WARD (4+) for the rest of the battle." },
  element: { name: "In Their Element", timing: "Passive", effect: "The first time an enemy MONSTER is destroyed by this unit, add 1 to wound rolls for this unit's attacks for the rest of the battle." },
} as const;

const vocab = keywordVocabulary(["STORMCAST ETERNALS", "INFANTRY", "HERO", "MONSTER"]);
const left = (b: Battle) => (b.rng as ScriptedRng).left();

/** Liberators (player 0) in a row with a Lord-Imperatant (HERO), Vindictors and a Mancrusher Gargant (MONSTER) of player 1. */
const row = (dice: number[] | null, step: "combat" | "hero" = "combat") => heroAndMonsterRow(1, dice, step);

describe("kill records", () => {
  it("noteKill: models slain by attacks (1), by combat attacks (2), HERO models by combat attacks (16); a HERO (4) or MONSTER (8, and the battle's 256) destroyed by attacks or abilities; a friendly unit's none", () => {
    const { b, l, h, v, g } = row([]);
    noteKill(b, v, l, 2, false, true, false); // shooting attacks slew 2 Vindictors
    expect(b.unit(l).kills5).toBe(1);
    noteKill(b, h, l, 1, false, true, true); // combat attacks slew a HERO model (not its last)
    expect(b.unit(l).kills5).toBe(1 | 2 | 16);
    delete b.unit(l).kills5;
    noteKill(b, g, l, 1, true, false, false); // an ability's mortal damage destroyed the MONSTER
    expect(b.unit(l).kills5).toBe(8 | 256);
    noteKill(b, h, l, 0, true, false, false); // the HERO's last model, slain before
    expect(b.unit(l).kills5).toBe(4 | 8 | 256);
    noteKill(b, v, h, 3, true, true, true); // player 1's unit on player 1's: nothing
    expect(b.unit(h).kills5).toBeUndefined();
    clearTurnKills(b.unit(l)); // the start of a turn: the battle's bit stays
    expect(b.unit(l).kills5).toBe(KILL_BITS["monster-battle"]);
    expect(left(b)).toBe(0);
  });

  it("destroyIfSlain notes the kill: the Lord-Imperatant's last model slain by the Liberators' combat attacks", () => {
    const { b, l, h } = row([]);
    b.unit(h).models = 0;
    expect(destroyIfSlain(b, h, { unit: l, melee: true, attack: true }, 1)).toBe(true);
    expect(b.unit(l).kills5).toBe(1 | 2 | 4 | 16);
  });
});

describe("the killed condition and kill marks, scripted dice", () => {
  it("[AB:BSData/Mantle of the First Storm] Heal (4) at the end of the turn only after its attacks slew enemy models (an ability's kill is not enough)", () => {
    const { b, l } = row([]);
    giveTranslated(b, "Liberators", TEXT.mantle, vocab);
    b.unit(l).damage = 1;
    b.unit(l).slewThisTurn = true; // models slain by an ability: no heal
    useEndOfTurnHealing(b);
    expect(b.unit(l).damage).toBe(1);
    b.unit(l).kills5 = KILL_BITS["models-by-attacks"];
    useEndOfTurnHealing(b);
    expect(b.unit(l).damage).toBe(0);
    expect(left(b)).toBe(0);
  });

  it("[AB:BSData/Oath of Murder] a HERO or MONSTER destroyed this turn: STRIKE-FIRST for the rest of the battle (the kill mark at the end of the turn, kept when the turn's kills are cleared)", () => {
    const { b, l } = row([]);
    giveTranslated(b, "Liberators", TEXT.oath, vocab);
    useKillMarks(b);
    expect([b.unit(l).tokens, hasPassiveStrike(b, l, "first")]).toEqual([[], false]);
    b.unit(l).kills5 = KILL_BITS["models-by-attacks"] | KILL_BITS["models-by-combat-attacks"]; // models slain, no HERO or MONSTER destroyed
    useKillMarks(b);
    expect(b.unit(l).tokens).toEqual([]);
    b.unit(l).kills5 = KILL_BITS.monster | KILL_BITS["monster-battle"];
    useKillMarks(b);
    expect([b.unit(l).tokens, hasPassiveStrike(b, l, "first")]).toEqual([["kill-oath-of-murder"], true]);
    clearTurnKills(b.unit(l));
    useKillMarks(b); // marked once
    expect([b.unit(l).tokens, hasPassiveStrike(b, l, "first")]).toEqual([["kill-oath-of-murder"], true]);
  });

  it("[AB:BSData/Tribal Warleader] an enemy HERO destroyed this turn: WARD (4+) for the rest of the battle; a MONSTER is not a HERO", () => {
    const { b, l } = row([]);
    giveTranslated(b, "Liberators", TEXT.warleader, vocab);
    b.unit(l).kills5 = KILL_BITS.monster;
    useKillMarks(b);
    expect(unitWard(b, l)).toBeNull();
    b.unit(l).kills5 = KILL_BITS.hero;
    useKillMarks(b);
    expect([b.unit(l).tokens, unitWard(b, l)]).toEqual([["kill-tribal-warleader"], 4]);
  });

  it("[AB:BSData/In Their Element] +1 to wound rolls for its attacks once it destroyed an enemy MONSTER, for the rest of the battle", () => {
    const { b, l, v } = row([]);
    giveTranslated(b, "Liberators", TEXT.element, vocab);
    const wound = () => attackMods(battleView(b), battleEffects(b), l, v, true, false).wound;
    expect(wound()).toBe(0);
    b.unit(l).kills5 = KILL_BITS.hero;
    expect(wound()).toBe(0);
    b.unit(l).kills5 = KILL_BITS.monster | KILL_BITS["monster-battle"];
    expect(wound()).toBe(1);
    clearTurnKills(b.unit(l));
    expect(wound()).toBe(1);
  });
});

describe("both engines", () => {
  it("the encoder writes the kill mark's kind 142 and EF.K5_MARK, EF.K5_NEED on the records, U.KILLS5 (kills and the marks' bits)", () => {
    const { b, l } = row(null);
    giveTranslated(b, "Liberators", TEXT.oath, vocab);
    giveTranslated(b, "Liberators", TEXT.element, vocab);
    b.unit(l).kills5 = KILL_BITS["monster-battle"];
    b.unit(l).tokens.push("kill-oath-of-murder");
    const x = E.encodeBattle(b.data);
    const records = Array.from({ length: x[E.H.N_EFFECTS]! }, (_, k) => x[E.H.OFF_EFFECTS]! + k * E.EFFECT);
    expect(records.slice(-3).map((r) => [x[r + E.EF.KIND], x[r + E.EF.K5_NEED], x[r + E.EF.K5_MARK]])).toEqual([
      [142, 4 | 8, KILL_MARK_BIT],
      [76, KILL_MARK_BIT, 0],
      [1, 256, 0],
    ]);
    expect(x[x[E.H.OFF_UNITS]! + l * E.UNIT + E.U.KILLS5]).toBe(256 | KILL_MARK_BIT);
  });

  it("[AB:BSData/Oath of Murder] [AB:BSData/Tribal Warleader] [AB:BSData/Mantle of the First Storm] [AB:BSData/In Their Element] battles from combat and hero phase positions (kills, marks and the marks encoded) are identical, seed for seed; the abilities change some", () => {
    sameBattlesChangedAcross(core, (step, encoded) => (seed: number, withAbility: boolean) => {
      const { b, l, h, g } = row(null, step);
      b.unit(h).damage = 4; // the HERO close to death
      b.unit(g).damage = 9; // and the MONSTER
      b.unit(l).damage = 1;
      if (withAbility) {
        giveTranslated(b, "Liberators", TEXT.oath, vocab);
        giveTranslated(b, "Liberators", TEXT.warleader, vocab);
        giveTranslated(b, "Liberators", TEXT.mantle, vocab);
        giveTranslated(b, "Liberators", TEXT.element, vocab);
        giveTranslated(b, "Vindictors", TEXT.mantle, vocab);
      }
      if (encoded) {
        b.unit(l).kills5 = KILL_BITS["models-by-attacks"] | KILL_BITS["monster-battle"];
        if (withAbility) b.unit(l).tokens.push("kill-tribal-warleader");
      }
      b.data.log = null;
      return new PitchedBattleState(b);
    });
  });
});
