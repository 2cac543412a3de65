/**
 * The kernel's room for the effect language (src/aos/rollout/encode.ts, layout 5): up to MAX_EFFECTS (64) played
 * effect records in one battle, their masks 64 bits wide (encoded as lo/hi halves). A battle whose important
 * records sit past bit 31 plays the same in both engines, and they act; more than 64 is refused with a message.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Battle } from "../../src/aos/battle/battle.js";
import { PitchedBattleState } from "../../src/aos/battle/game.js";
import { abilitySchema, type Ability } from "../../src/aos/abilities/schema.js";
import { playedEffectsOf } from "../../src/aos/abilities/index.js";
import { encodeBattle, H, MAX_EFFECTS, U, UNIT } from "../../src/aos/rollout/encode.js";
import { rolloutTs } from "../../src/aos/rollout/ts.js";
import { rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { InputError } from "../../src/core/errors.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { battleAt, type Placement } from "../support/battle-fixtures.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const at = (warscroll: string, owner: 0 | 1, x: number, y: number, models?: number): Placement => ({ warscroll, owner, x, y, ...(models ? { models } : {}) });

/** A passive ability of `warscroll` with one effect. */
function ability(warscroll: string, name: string, effect: unknown): Ability {
  return abilitySchema.parse({ warscroll, name, when: { timing: "passive" }, effects: [effect], status: "played" });
}

/**
 * `filler` abilities that never apply (a +1 to hit for friendly units with a keyword nobody has), then a ward of
 * 4+ on the Vindictors and a +1 to wound for the Liberators: the two records that act sit at `filler` and `filler + 1`.
 */
function position(filler: number, withTail: boolean): Battle {
  const { b, ids } = battleAt("savage-gains", [at("Liberators", 0, 30, 20, 10), at("Vindictors", 1, 30, 24.5, 10)], { step: { kind: "combat", player: 0 }, log: false });
  const fill = Array.from({ length: filler }, (_, i) =>
    ability("Liberators", `Filler ${i}`, { whom: { side: "friendly", filter: { keywords: [`NO SUCH KEYWORD ${i}`] }, range: 12 }, do: { kind: "hit", value: 1, direction: "by" } }),
  );
  const tail = withTail
    ? [ability("Vindictors", "Ward Past Bit 31", { do: { kind: "ward", value: 4 } }), ability("Liberators", "Wound Past Bit 31", { do: { kind: "wound", value: 1, direction: "by" } })]
    : [];
  for (const p of b.data.profiles) {
    const mine = [...fill, ...tail].filter((a) => a.warscroll === p.warscroll);
    if (mine.length) p.abilities = [...(p.abilities ?? []), ...mine];
  }
  void ids;
  return b;
}

describe("the kernel's effect records: 64 a battle, masks past bit 31", () => {
  it("records past bit 31 are encoded in the _HI halves and play the same in both engines, seed for seed", () => {
    const b = position(40, true);
    const list = playedEffectsOf(b.data.profiles);
    const ward = list.findIndex((pe) => pe.ability.name === "Ward Past Bit 31");
    const wound = list.findIndex((pe) => pe.ability.name === "Wound Past Bit 31");
    expect(ward).toBeGreaterThan(31);
    expect(wound).toBeGreaterThan(31);
    expect(list.length).toBeLessThanOrEqual(MAX_EFFECTS);
    const f = encodeBattle(b.data);
    const vindictors = b.data.profiles.findIndex((p) => p.warscroll === "Vindictors");
    const o = f[H.OFF_UNITS]! + UNIT * vindictors;
    // The ward's bit is in the high half of the Vindictors' source mask (their own bundled records, if any, below it).
    expect(f[o + U.EF_SOURCE_HI]! & (1 << (ward - 32))).not.toBe(0);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const s = new PitchedBattleState(position(40, true));
      expect(rolloutWasm(core, s, seed), `seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });

  it("the records past bit 31 act in the kernel: the same seeds without them give other battles", () => {
    let differ = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const withTail = rolloutWasm(core, new PitchedBattleState(position(40, true)), seed);
      const without = rolloutWasm(core, new PitchedBattleState(position(40, false)), seed);
      if (JSON.stringify(withTail) !== JSON.stringify(without)) differ++;
    }
    expect(differ).toBeGreaterThan(4);
  });

  it(`more than ${MAX_EFFECTS} played records in one battle: an input error naming the bound`, () => {
    const b = position(MAX_EFFECTS, true);
    expect(() => encodeBattle(b.data)).toThrow(InputError);
    expect(() => encodeBattle(b.data)).toThrow(/at most 64 played effects in one battle/);
  });
});
