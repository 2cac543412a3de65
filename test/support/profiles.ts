/** Seeded generators of random (valid) odds inputs for property and differential tests. */
import type { AosOddsInputJson } from "../../src/aos/odds/index.js";
import type { MesbgOddsInput } from "../../src/mesbg/odds/index.js";
import { Rng } from "../../src/core/rng.js";

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.roll(xs.length) - 1]!;

const ABILITIES = ["Crit (2 Hits)", "Crit (Auto-wound)", "Crit (Mortal)", "Anti-INFANTRY (+1 Rend)", "Anti-charge (+1 Rend)", "Charge (+1 Damage)", "Companion"];

export function randomAosInput(rng: Rng, size: "small" | "medium" = "medium"): AosOddsInputJson {
  const nWeapons = size === "small" ? 1 : rng.roll(2);
  const weapons = Array.from({ length: nWeapons }, (_, i) => {
    const abilities: string[] = [];
    const crit = rng.roll(4);
    if (crit < 4) abilities.push(ABILITIES[crit - 1]!);
    for (const a of ABILITIES.slice(3)) if (rng.roll(3) === 1) abilities.push(a);
    return {
      name: `w${i}`,
      attacks: size === "small" ? pick(rng, [1, 2, "D3"] as const) : pick(rng, [1, 2, 3, "D3", "D6", "D3+1"] as const),
      hit: rng.roll(5) + 1,
      wound: rng.roll(5) + 1,
      rend: rng.roll(4) - 1,
      damage: size === "small" ? pick(rng, [1, 2, "D3"] as const) : pick(rng, [1, 2, "D3", "D6", "D3+1", 3] as const),
      abilities,
    };
  });
  return {
    attacker: {
      name: "Random",
      models: size === "small" ? rng.roll(2) : rng.roll(10),
      keywords: [...(rng.roll(2) === 1 ? ["CHAMPION"] : []), ...(rng.roll(4) === 1 ? ["BEAST"] : [])],
      weapons,
    },
    defender: {
      name: "Target",
      models: rng.roll(6),
      health: rng.roll(4),
      save: rng.roll(6) === 1 ? null : rng.roll(5) + 1,
      ward: rng.roll(3) === 1 ? rng.roll(2) + 4 : null,
      keywords: rng.roll(2) === 1 ? ["INFANTRY"] : ["CAVALRY"],
    },
    context: {
      charged: rng.roll(2) === 1,
      targetCharged: rng.roll(2) === 1,
      modifiers: { hit: rng.roll(5) - 3, wound: rng.roll(5) - 3, save: rng.roll(5) - 3 },
      rerolls: {
        hit: pick(rng, ["none", "ones", "failed"] as const),
        wound: pick(rng, ["none", "ones", "failed"] as const),
        save: pick(rng, ["none", "ones", "failed"] as const),
      },
    },
  };
}

export function randomFight(rng: Rng): MesbgOddsInput {
  const side = (s: "good" | "evil") => {
    const twoHanded = rng.roll(4) === 1;
    return {
      side: s,
      fight: rng.roll(6),
      attacks: rng.roll(3),
      strength: rng.roll(7),
      defence: rng.roll(9),
      wounds: rng.roll(3),
      fate: rng.roll(3) - 1,
      twoHanded,
      // ME-ELVEN: a model fighting two-handed is not using an Elven weapon (the odds refuse both).
      elven: rng.roll(4) === 1 && !twoHanded,
      burly: twoHanded && rng.roll(2) === 1,
      shielding: !twoHanded && rng.roll(6) === 1,
    };
  };
  const aGood = rng.roll(2) === 1;
  return { a: side(aGood ? "good" : "evil"), b: side(aGood ? "evil" : "good"), trapped: rng.roll(3) === 1 };
}
