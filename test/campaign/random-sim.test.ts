/**
 * The shared random-playout checker (test/support/random-sim.ts) over the map campaign: many seeded
 * random-against-random campaigns, on the default map and a small one with a river. Every legal action
 * applies; clone and JSON round-trips continue identically; the campaign's invariants hold at every step.
 */
import { describe, expect, it } from "vitest";
import {
  allowedBanners,
  bannerCount,
  type CampaignSetup,
  campaignGame,
  type CampaignState,
  campaignPolicy,
  territoriesOf,
} from "../../src/campaign/index.js";
import { Rng } from "../../src/core/rng.js";
import { playOut, randomAgent, sampleChance } from "../../src/planner/agents.js";
import { CHANCE, SIMULTANEOUS } from "../../src/planner/game.js";
import { check, randomSimTest } from "../support/random-sim.js";
import { mapOf, ROSTERS } from "./fixtures.js";

/** Ten territories round a ring with a spoke; a three-section river with a bridge; a special section and the Lake. */
const RING = mapOf(
  {
    n: { adj: ["ne", "nw", "r1"], edge: true },
    ne: { terrain: "forest", adj: ["e"], edge: true },
    e: { terrain: "marsh", adj: ["se", "r3"], edge: true },
    se: { terrain: "mountain", adj: ["s"], edge: true },
    s: { adj: ["sw", "lake"], edge: true },
    sw: { terrain: "jungle", adj: ["w"], edge: true },
    w: { terrain: "pass", adj: ["nw", "sec"], edge: true },
    nw: { adj: ["r1"], edge: true },
    r1: { terrain: "river", adj: ["r2"] },
    r2: { terrain: "river", bridge: true, adj: ["r3", "sec"] },
    r3: { terrain: "river", adj: ["lake"] },
    sec: { adj: ["lake"], special: { kind: "section", scenario: "the-vice" } },
    lake: { special: { kind: "lake", scenario: "survival-of-the-fittest" } },
  },
  [{ name: "Ring river", sections: ["r1", "r2", "r3"] }],
);

function invariants(s: CampaignState): void {
  const d = s.data;
  const n = s.config.board.n;
  const seen = new Set<string>();
  for (const b of d.banners) {
    check(b.at === null || (b.at >= 0 && b.at < n), () => `${b.name} stands in territory ${b.at}`);
    if (b.at === null) continue;
    // CAMP-ONE-BANNER: at most one Banner of a player in a territory.
    const k = `${b.owner}:${b.at}`;
    check(!seen.has(k), () => `two Banners of player ${b.owner} in ${s.config.board.names[b.at!]} (turn ${d.turn}, step ${d.step.kind})`);
    seen.add(k);
  }
  for (let t = 0; t < n; t++) check(!(d.razed[t] && d.fortified[t]), () => `${s.config.board.names[t]} is Razed and Fortified`);
  // CAMP-FORTIFY: a fortification remembers its turn (a territory is fortified once a campaign).
  for (let t = 0; t < n; t++) if (d.fortified[t]) check(d.fortifiedTurn[t] !== null && d.fortifiedTurn[t]! <= d.turn, () => `${s.config.board.names[t]} Fortified on turn ${d.fortifiedTurn[t]}`);
  for (const p of [0, 1] as const) {
    // CAMP-ELIMINATION: an eliminated realm holds nothing.
    if (d.eliminated[p]) check(territoriesOf(d, p).length === 0 && bannerCount(d, p) === 0, () => `eliminated player ${p} still holds something`);
  }
  check(d.turn <= d.options.turns, () => `turn ${d.turn} of ${d.options.turns}`);
  if (d.step.kind === "orders" && d.step.slot === 0) {
    // After an end of turn: CAMP-BANNERS never exceeded; a fortification is its owner's Banner's.
    for (const p of [0, 1] as const) check(bannerCount(d, p) <= allowedBanners(d, p), () => `player ${p} has ${bannerCount(d, p)} Banners, ${allowedBanners(d, p)} allowed (turn ${d.turn})`);
    for (let t = 0; t < n; t++)
      if (d.fortified[t]) check(d.owner[t] !== null && d.banners.some((b) => b.at === t && b.owner === d.owner[t]), () => `${s.config.board.names[t]} Fortified with no Banner of its owner`);
    // A Banner outside its realm's land at the start of a turn stands in the other realm's, never in neutral
    // land: it occupies it (CAMP-RAZE), or it regrouped in its own HQ, which the enemy took.
    for (const b of d.banners)
      if (b.at !== null) check(d.owner[b.at] === b.owner || d.owner[b.at] === 1 - b.owner, () => `${b.name} stands in ${s.config.board.names[b.at!]} (${d.owner[b.at!]}'s; HQ ${d.hq[b.owner]}), not its realm's, at the start of a turn`);
  }
}

function terminal(s: CampaignState): void {
  const d = s.data;
  // CAMP-LENGTH: exactly `turns` turns unless a realm was eliminated.
  if (!d.eliminated.some((e) => e)) expect(d.turn).toBe(d.options.turns);
  else expect(d.turn).toBeLessThanOrEqual(d.options.turns);
  const r = s.returns();
  expect(r[0]! + r[1]!).toBe(0);
}

describe("campaign random simulation", () => {
  it("[CAMP-PHASES] 60 random campaigns (entered battles): legal actions apply, round-trips match, invariants hold", () => {
    const { terminals, steps } = randomSimTest<CampaignState, CampaignSetup>({
      game: campaignGame,
      options: (rng, i) => ({
        map: i % 2 === 0 ? undefined : RING,
        armies: [ROSTERS[rng.roll(ROSTERS.length) - 1]!, ROSTERS[rng.roll(ROSTERS.length) - 1]!],
        battles: "entered",
        influence: i % 3 === 0 ? "per-turn" : "final",
        turns: 16,
      }),
      games: 60,
      seed: 11,
      maxSteps: 50_000,
      roundTripEvery: 97,
      check: invariants,
      checkTerminal: terminal,
    });
    expect(terminals).toBe(60);
    expect(steps).toBeGreaterThan(60 * 16);
  });

  it("[CAMP-BATTLE] random campaigns with simulated battles round-trip through clone and JSON too", () => {
    const { terminals } = randomSimTest<CampaignState, CampaignSetup>({
      game: campaignGame,
      options: () => ({ map: RING, armies: [ROSTERS[0]!, ROSTERS[2]!], battles: "simulated", turns: 4 }),
      games: 2,
      seed: 3,
      maxSteps: 5_000,
      roundTripEvery: 5,
      check: invariants,
      checkTerminal: terminal,
    });
    expect(terminals).toBe(2);
  });

  it("[CAMP-SIMULTANEOUS] policy-against-policy campaigns (many battles, swaps, retreats): invariants hold and round-trips match", () => {
    let battles = 0;
    for (let g = 0; g < 12; g++) {
      const rng = new Rng(500 + g);
      const s = campaignGame.newInitialState({ map: g % 2 ? RING : undefined, armies: [ROSTERS[g % 6]!, ROSTERS[(g + 1) % 6]!], battles: "entered", log: true }, rng.nextU32());
      const step = (x: CampaignState, r: Rng) => {
        const p = x.currentPlayer();
        if (p === CHANCE) x.apply(sampleChance(x, r));
        else if (p === SIMULTANEOUS) x.applyJoint([0, 1].map((q) => campaignPolicy.act(x, q, r)));
        else x.apply(campaignPolicy.act(x, p, r));
      };
      for (let n = 0; !s.isTerminal(); n++) {
        check(n < 20_000, "a campaign that does not end");
        if (n % 41 === 40) {
          const a = s.clone();
          const b = campaignGame.fromJSON(JSON.parse(JSON.stringify(s.toJSON())));
          const seed = rng.nextU32();
          const [ra, rb] = [new Rng(seed), new Rng(seed)];
          a.reseed(seed);
          b.reseed(seed);
          for (let k = 0; k < 30 && !a.isTerminal(); k++) (step(a, ra), step(b, rb));
          expect(JSON.stringify(b.toJSON())).toBe(JSON.stringify(a.toJSON()));
        }
        step(s, rng);
        invariants(s);
      }
      terminal(s);
      battles += s.data.history!.reduce((t, h) => t + h.battles.length, 0);
    }
    // The policy goes to battle: dozens of battles over 12 campaigns.
    expect(battles).toBeGreaterThan(50);
  });

  it("[CAMP-INFLUENCE] the scripted policy beats a random player in most campaigns (entered battles, sampled from the points prior)", () => {
    let wins = 0;
    const games = 20;
    for (let g = 0; g < games; g++) {
      const rng = new Rng(100 + g);
      const s = campaignGame.newInitialState({ armies: [ROSTERS[0]!, ROSTERS[1]!], battles: "entered" }, rng.nextU32());
      const policyFirst = g % 2 === 0;
      playOut(s, (policyFirst ? [campaignPolicy, randomAgent] : [randomAgent, campaignPolicy]) as never, rng);
      if (s.returns()[policyFirst ? 0 : 1] === 1) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(18);
  });
});
