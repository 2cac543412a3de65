/**
 * The tail4 area (docs/abilities.md "Weapon abilities, pass-through moves and permissions (tail4)"): each form on a
 * set-up position (scripted dice where dice are rolled), then the kernel playing the same battles from such positions,
 * seed for seed, each checking that the abilities change some battles.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { keywordVocabulary } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import * as E from "../../src/aos/rollout/encode.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { giveTranslated } from "../support/abilities.js";
import { battleAt, pick } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const vocab = keywordVocabulary(["INFANTRY", "CAVALRY", "NAMARTI", "STORMCAST ETERNALS"]);

// ------------------------------------------------------------------------------------ passing through enemy INFANTRY

// The catalogue's text (Hellflayer, Threshing Doom).
const THRESHING = {
  name: "Threshing Doom",
  timing: "Passive",
  effect: "When this unit moves, it can pass through models in enemy INFANTRY units and can pass through the combat ranges of enemy INFANTRY units, but it cannot end a move in combat unless specified in the ability used.",
};

/**
 * Crypt Flayers without FLY (Move 12, 1 model; player 0) at (30, 2), Vindictors (INFANTRY, 1 model; player 1) at (30, 9),
 * 5.23" apart edge to edge, on the line of a move toward the north objective.
 */
function throughLine(seed = 1, more: { warscroll: string; owner: 0 | 1; x: number; y: number }[] = [], models = 1) {
  const { b, ids } = battleAt("savage-gains", [{ warscroll: "Crypt Flayers", owner: 0, x: 30, y: 2, models }, { warscroll: "Vindictors", owner: 1, x: 30, y: 9, models: 1 }, ...more], { seed, step: { kind: "movement", player: 0 } });
  b.data.terrain = [];
  const f = ids[0]!;
  b.data.profiles[f] = { ...b.profile(f), keywords: b.profile(f).keywords.filter((k) => k !== "FLY") };
  return { b, f, v: ids[1]!, ids };
}
const at = (b: Battle, id: number) => [Math.round(b.unit(id).x * 1000) / 1000, Math.round(b.unit(id).y * 1000) / 1000];

describe("passing through enemy INFANTRY units and their combat ranges", () => {
  it("[AB:BSData/Threshing Doom] without it the move goes round the Vindictors' combat range; with it, it goes through their models and range to (30, 14), 3.23\" beyond them", () => {
    const off = throughLine();
    pick(off.b, "Crypt Flayers moves toward objective north-border");
    expect(at(off.b, off.f)).toEqual([21.515, 10.485]); // round the Vindictors' combat range (the line 45 degrees aside)
    const on = throughLine();
    giveTranslated(on.b, "Crypt Flayers", THRESHING, vocab);
    pick(on.b, "Crypt Flayers moves toward objective north-border");
    expect(at(on.b, on.f)).toEqual([30, 14]);
  });

  it("[AB:BSData/Threshing Doom] not through a friendly INFANTRY unit, nor an enemy unit without INFANTRY: the same move as without the ability", () => {
    for (const variant of ["friendly", "not-infantry"] as const) {
      const setUp = (give: boolean) => {
        const t = throughLine();
        if (variant === "friendly") t.b.unit(t.v).y = 40; // the Vindictors far off; a friendly Liberators unit in the way
        if (variant === "not-infantry") t.b.data.profiles[t.v] = { ...t.b.profile(t.v), keywords: t.b.profile(t.v).keywords.filter((k) => k !== "INFANTRY") };
        if (give) giveTranslated(t.b, "Crypt Flayers", THRESHING, vocab);
        return t;
      };
      const ends: number[][] = [];
      for (const give of [false, true]) {
        const t = variant === "friendly" ? throughLineWithFriend(give) : setUp(give);
        pick(t.b, "Crypt Flayers moves toward objective north-border");
        ends.push(at(t.b, t.f));
      }
      expect(ends[1], variant).toEqual(ends[0]);
      expect(ends[0], variant).toEqual([21.515, 10.485]); // round the unit in the way, as without the ability
    }
  });

  it("[AB:BSData/Threshing Doom] the encoder writes EF.T4_FLAGS 3 (enemy units only, their combat ranges too) on the pass-through record", () => {
    const { b } = throughLine();
    giveTranslated(b, "Crypt Flayers", THRESHING, vocab);
    const x = E.encodeBattle(b.data);
    const records = Array.from({ length: x[E.H.N_EFFECTS]! }, (_, k) => x[E.H.OFF_EFFECTS]! + k * E.EFFECT);
    expect(records.filter((r) => x[r + E.EF.KIND] === 98).map((r) => x[r + E.EF.T4_FLAGS])).toEqual([3]);
  });

  it("[AB:BSData/Threshing Doom] battles from the movement phase are identical in both engines, seed for seed, and the ability changes some", () => {
    let changed = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const setUp = (give: boolean) => {
        const { b } = throughLine(seed, [{ warscroll: "Liberators", owner: 1, x: 22, y: 16 }, { warscroll: "Vindictors", owner: 1, x: 40, y: 20 }], 3);
        if (give) giveTranslated(b, "Crypt Flayers", THRESHING, vocab);
        b.data.log = null;
        return new PitchedBattleState(b);
      };
      const s = setUp(true);
      const ts = rolloutTs(s, seed);
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(ts);
      if (JSON.stringify(ts) !== JSON.stringify(rolloutTs(setUp(false), seed))) changed++;
    }
    expect(changed).toBeGreaterThan(0);
  });
});

/** throughLine with a friendly Liberators unit (INFANTRY) at (30, 9) in the way instead of the Vindictors (sent to (50, 40)). */
function throughLineWithFriend(give: boolean) {
  const t = throughLine(1, [{ warscroll: "Liberators", owner: 0, x: 30, y: 9 }]);
  [t.b.unit(t.v).x, t.b.unit(t.v).y] = [50, 40];
  if (give) giveTranslated(t.b, "Crypt Flayers", THRESHING, vocab);
  return t;
}
