/** Issue 10, `tactica arena`: the pure parts — which side and battleplan each game gets, its seed, the report's arithmetic, and order-independence of the runner. */
import { describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { deriveSeed } from "../../src/core/rng.js";
import { loadCore } from "../../src/core/wasm.js";
import { type GameRecord, gameSeed, playArenaGames } from "../../analysis/arena/play.js";
import { arenaReport } from "../../analysis/arena/report.js";
import { arenaRequestSchema, DEFAULT_ARENA_PLANS, gameSlot } from "../../analysis/arena/request.js";
import { runArena } from "../../analysis/arena/run.js";
import { agentLabels, DEFAULT_ARENA_BUDGETS, progressBar } from "../../src/cli/arena.js";
import { ARENA_USAGE } from "../../src/cli/usage.js";
import { ARENA_LIMITS } from "../../analysis/arena/request.js";

const scripted = { kind: "scripted", budget: { iterations: 500 } } as const;
const random = { kind: "random", budget: { iterations: 500 } } as const;
const mcts = (iterations: number) => ({ kind: "mcts", budget: { iterations } }) as const;

const rec = (index: number, plan: string, winner: GameRecord["winner"], decisions: [number, number] = [10, 10], ms: [number, number] = [1, 1]): GameRecord => ({ index, plan, aSide: (index % 2) as 0 | 1, winner, decisions, ms });

describe("arena: games, sides and seeds", () => {
  it("[ARENA-SIDES] game i: agent a plays side i % 2; AoS battleplans go round in pairs, one game with a on each side", () => {
    const req = { game: "aos" as const, plans: ["savage-gains", "the-vice", "first-blood"] };
    const slots = Array.from({ length: 8 }, (_, i) => gameSlot(req, i));
    expect(slots.map((s) => s.aSide)).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    expect(slots.map((s) => s.plan)).toEqual(["savage-gains", "savage-gains", "the-vice", "the-vice", "first-blood", "first-blood", "savage-gains", "savage-gains"]);
    expect(gameSlot({ game: "mesbg" }, 3)).toEqual({ index: 3, aSide: 1, plan: "the-forces-clash" });
    expect(gameSlot({ game: "campaign" }, 4)).toEqual({ index: 4, aSide: 0, plan: "campaign" });
  });

  it("[ARENA-SEED] game i's seed is deriveSeed(seed, i): a function of the seed and the index only", () => {
    expect(gameSeed(7, 0)).toBe(deriveSeed(7, 0));
    expect(gameSeed(7, 41)).toBe(deriveSeed(7, 41));
    expect(new Set(Array.from({ length: 100 }, (_, i) => gameSeed(1, i))).size).toBe(100);
  });

  it("[ARENA-REQUEST] the default battleplans, and bad requests refused naming the field", () => {
    const [r0, r1] = bundledRosters().map((r) => r.roster);
    const req = arenaRequestSchema.parse({ game: "aos", a: scripted, b: random, games: 4, seed: 1, armies: [r0, r1] });
    expect(req.game === "aos" && req.plans).toEqual([...DEFAULT_ARENA_PLANS]);
    expect(DEFAULT_ARENA_PLANS).toEqual(["savage-gains", "tectonic-interference", "tooth-and-nail"]);
    const bad = (x: unknown) => arenaRequestSchema.safeParse(x).error?.issues[0];
    expect(bad({ game: "campaign", a: scripted, b: random, games: 100_001, seed: 1 })?.path).toEqual(["games"]);
    expect(bad({ game: "campaign", a: { kind: "mcts", budget: {} }, b: random, games: 1, seed: 1 })?.message).toBe("give iterations or a time, not both");
    // usage.ts writes them out (it imports nothing): they must agree.
    expect(ARENA_USAGE).toContain(`(default ${DEFAULT_ARENA_PLANS.join(",")})`);
    expect(ARENA_USAGE).toContain(`(default 100, at most ${ARENA_LIMITS.maxGames})`);
    expect(ARENA_USAGE).toContain(`aos ${DEFAULT_ARENA_BUDGETS.aos}, mesbg ${DEFAULT_ARENA_BUDGETS.mesbg},\n               campaign ${DEFAULT_ARENA_BUDGETS.campaign}`);
    expect(bad({ game: "chess", a: scripted, b: random, games: 1, seed: 1 })?.path).toEqual(["game"]);
  });
});

describe("arena: the report", () => {
  it("[ARENA-REPORT] wins, draws and losses of each agent with Wilson 95% intervals, per plan and overall; ms per decision", () => {
    // 5 games: a wins 3 (two on savage-gains), draws 1, loses 1.
    const records = [rec(0, "savage-gains", "a", [10, 20], [5, 2]), rec(1, "savage-gains", "a", [30, 20], [15, 2]), rec(2, "the-vice", "draw"), rec(3, "the-vice", "b"), rec(4, "savage-gains", "a")];
    const r = arenaReport({ game: "aos", seed: 3, a: mcts(500), b: scripted }, ["savage-gains", "the-vice"], records, 1234.4);
    expect(r.a).toMatchObject({ agent: "mcts", budget: "500 iterations", wins: 3, draws: 1, losses: 1, winRate: 0.6 });
    expect(r.b).toMatchObject({ agent: "scripted", budget: null, wins: 1, draws: 1, losses: 3, winRate: 0.2 });
    // Wilson, z = 1.959964, n = 5, k = 3: centre (0.6 + z²/10) / (1 + z²/5) = 0.98415 / 1.76829 = 0.55655,
    // half z·sqrt(0.6·0.4/5 + z²/100) / 1.76829 = 1.959964 · 0.293964 / 1.76829 = 0.32583.
    expect(r.a.winInterval[0]).toBeCloseTo(0.2307, 4);
    expect(r.a.winInterval[1]).toBeCloseTo(0.8824, 4);
    // k = 1 of 5.
    expect(r.b.winInterval[0]).toBeCloseTo(0.0362, 4);
    expect(r.b.winInterval[1]).toBeCloseTo(0.6245, 4);
    expect(r.byPlan["savage-gains"]).toMatchObject({ games: 3, a: { wins: 3, draws: 0, losses: 0 }, b: { wins: 0, draws: 0, losses: 3 } });
    expect(r.byPlan["the-vice"]).toMatchObject({ games: 2, a: { wins: 0, draws: 1, losses: 1 }, b: { wins: 1, draws: 1, losses: 0 } });
    // k = n = 3: low = (1 + z²/6 - z·sqrt(z²/36)) / (1 + z²/3) = (1 + 0.6402 - 0.6402) / 2.2805 = 0.4385.
    expect(r.byPlan["savage-gains"]!.a.winInterval[0]).toBeCloseTo(0.4385, 4);
    // a: 10 + 30 + 3 × 10 = 70 decisions in 5 + 15 + 3 × 1 = 23 ms; b: 20 + 20 + 30 = 70 in 2 + 2 + 3 = 7 ms.
    expect(r.msPerDecision).toEqual({ a: 0.329, b: 0.1 });
    expect(r.decisionsPerGame).toEqual({ a: 14, b: 14 });
    expect(r.sides).toEqual({ aFirst: 3, aSecond: 2 });
    expect(r.elapsedMs).toBe(1234);
    expect(r.games).toBe(5);
  });

  it("[ARENA-REPORT] two agents of one kind are told apart by their budgets, or as a and b", () => {
    const side = (agent: string, budget: string | null) => ({ agent, budget, wins: 0, draws: 0, losses: 0, winRate: 0, winInterval: [0, 1] as [number, number] });
    expect(agentLabels({ a: side("mcts", "5000 iterations"), b: side("mcts", "500 iterations") })).toEqual(["mcts (5000 iterations)", "mcts (500 iterations)"]);
    expect(agentLabels({ a: side("scripted", null), b: side("scripted", null) })).toEqual(["a: scripted", "b: scripted"]);
  });

  it("[ARENA-PROGRESS] the progress bar says the time left from the pace so far", () => {
    expect(progressBar({ games: 10, total: 40, elapsedMs: 20_000 })).toBe(`\r[${"#".repeat(8)}${".".repeat(22)}]  25%  10/40 games, 1 min 0 s left   `);
    expect(progressBar({ games: 0, total: 4, elapsedMs: 0 })).toBe(`\r[${".".repeat(30)}]   0%  0/4 games   `);
  });
});

describe("arena: playing", () => {
  it("[ARENA-RUN] AoS scripted against random, 4 games on the default plans: 4 won by scripted; the same report whatever the order the chunks come back in", async () => {
    const core = await loadCore();
    const [r0, r1] = bundledRosters().map((r) => r.roster);
    const req = arenaRequestSchema.parse({ game: "aos", a: scripted, b: random, games: 4, seed: 1, armies: [r0, r1] });
    const inOrder = await runArena(req, async (c) => playArenaGames(req, c.from, c.to, core), undefined, 1);
    // Backwards: the last chunk answers first.
    let pending = 4;
    const backwards = await runArena(
      req,
      async (c) => {
        pending--;
        await new Promise((r) => setTimeout(r, 30 * (4 - c.from)));
        return playArenaGames(req, c.from, c.to, core);
      },
      undefined,
      4,
    );
    expect(pending).toBe(0);
    const strip = (r: typeof inOrder) => ({ ...r, msPerDecision: null, elapsedMs: null });
    expect(strip(backwards)).toEqual(strip(inOrder));
    expect(inOrder.a).toMatchObject({ agent: "scripted", wins: 4, draws: 0, losses: 0 });
    expect(Object.fromEntries(Object.entries(inOrder.byPlan).map(([p, x]) => [p, x.games]))).toEqual({ "savage-gains": 2, "tectonic-interference": 2, "tooth-and-nail": 0 });
    expect(inOrder.decisionsPerGame).toEqual({ a: 87.25, b: 81.5 }); // re-measured with Deathrider Wedge's moves made (85 and 81.5 before); with Guided by Lightning played (85.5 and 81.75 with the bundled warscrolls filled in from their catalogues; 88.25 and 79.25 with the passive, status, spell and battle-trait areas merged; 81.25 and 80 with the five before them; 84.25 and 78.75 with Loyal Gryph-hound alone; 84 and 78.75 before; 86.75 and 79 before healing and Heralds of Righteousness)
  }, 120_000);
});
