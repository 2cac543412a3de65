/**
 * Roll triggers, start-of-turn healing and the attack sequence's passive extras (docs/abilities.md "Roll
 * triggers and start-of-turn healing"): each on a set-up position with scripted dice (a ScriptedRng fails on
 * any die the test did not expect), and the kernel playing the same battles from such positions, seed for seed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Battle } from "../../src/aos/battle/battle.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { beginTurn } from "../../src/aos/battle/turn.js";
import { translateAbility, translatedAbility, keywordVocabulary } from "../../src/aos/abilities/translate.js";
import { playPolicy, rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement, ScriptedRng } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const left = (b: Battle) => (b.rng as ScriptedRng).left();
const at = (warscroll: string, owner: 0 | 1, x: number, y: number, models?: number): Placement => ({ warscroll, owner, x, y, ...(models ? { models } : {}) });

/** Gives unit `id`'s warscroll an imported ability, translated from its text as the battle translates it. */
function give(b: Battle, id: number, name: string, timing: string, effect: string): void {
  const p = b.data.profiles[id]!;
  const t = translateAbility({ name, timing, effect }, keywordVocabulary(b.data.profiles.flatMap((x) => x.keywords)));
  const a = translatedAbility(p.warscroll, name, t);
  if (!a) throw new Error(`${name}: ${t.kind === "unread" || t.kind === "translated" ? t.why : "?"}`);
  for (const q of b.data.profiles) if (q.warscroll === p.warscroll) q.abilities = [...(q.abilities ?? []), a];
}

describe("start-of-turn healing", () => {
  it("[AB-TRANSLATE:Regeneration] \"Start of Any Turn: Heal (D3) this unit\": when a turn starts, before its hero phase, the active player's units heal, then the opponent's", () => {
    // A Varghulf Courtier (player 1) with Regeneration, 5 damage points; player 0's turn starts: the opponent's
    // "Any Turn" ability is used too (Heal (2): 3 left); then player 1's turn: Heal (3), 0 left.
    const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 40, 10), at("Varghulf Courtier", 1, 20, 34)], { dice: [2, 3], step: { kind: "combat", player: 1 } });
    give(b, ids[1]!, "Regeneration", "Start of Any Turn", "Heal (D3) this unit.");
    b.unit(ids[1]!).damage = 5;
    beginTurn(b, 0);
    expect([b.unit(ids[1]!).damage, left(b)]).toEqual([3, 1]);
    beginTurn(b, 1);
    expect([b.unit(ids[1]!).damage, left(b)]).toEqual([0, 0]);
    // Undamaged: no dice (the ScriptedRng has none left and would fail).
    beginTurn(b, 0);
    expect(b.unit(ids[1]!).damage).toBe(0);
  });

  it("[AB-TRANSLATE:Regeneration] \"Start of Your Turn\" heals in its own turn only; the log names the use", () => {
    const { b, ids } = battleAt("savage-gains", [at("Varghulf Courtier", 0, 20, 10), at("Liberators", 1, 40, 34)], { dice: [4], step: { kind: "combat", player: 0 } });
    give(b, ids[0]!, "Mending", "Start of Your Turn", "Heal (D6) this unit.");
    b.unit(ids[0]!).damage = 6;
    beginTurn(b, 1);
    expect(b.unit(ids[0]!).damage).toBe(6);
    beginTurn(b, 0);
    expect([b.unit(ids[0]!).damage, left(b), (b.data.log ?? []).some((l) => l.includes("uses Mending: Heal (4)"))]).toEqual([2, 0, true]);
  });

  it("[AB-TRANSLATE:Regeneration] start-of-turn healing in the kernel: battles from a position with damaged units are identical, seed for seed, and it is used", () => {
    let used = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b, ids } = battleAt("savage-gains", [at("Varghulf Courtier", 0, 20, 10), at("Crypt Ghouls", 0, 26, 14, 20), at("Liberators", 1, 22, 20, 10), at("Vindictors", 1, 12, 30)], { step: { kind: "hero", player: 0 }, log: false });
      give(b, ids[0]!, "Regeneration", "Start of Any Turn", "Heal (D3) this unit.");
      b.unit(ids[0]!).damage = 4;
      const s = new PitchedBattleState(b);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
      const logged = s.clone();
      logged.data.log = [];
      logged.reseed(seed);
      playPolicy(logged);
      used += logged.data.log.filter((l) => l.includes("uses Regeneration")).length;
    }
    expect(used).toBeGreaterThan(0);
  });
});
