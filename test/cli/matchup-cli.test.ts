/** Issue 17, items 3 and 9: `tactica matchup` plays in the Wasm kernel by default; its bound is said up front. */
import { describe, expect, it } from "vitest";
import { isInputError } from "../../src/cli/main.js";
import { openOddsClient } from "../../workers/client.node.js";
import { bundledRosters, type Roster } from "../../src/aos/armies/index.js";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { repoRoot, tactica } from "../support/cli.js";

describe("tactica matchup", () => {
  it("[issue 17 item 3] defaults to the Wasm kernel; --engine ts, the reference, gives the same battles", () => {
    const args = ["matchup", "--plans", "savage-gains", "--games", "20", "--workers", "1", "--json"];
    const wasm = JSON.parse(tactica(args).out);
    const ts = JSON.parse(tactica([...args, "--engine", "ts"]).out);
    expect(wasm.engine).toBe("wasm");
    expect(ts.engine).toBe("ts");
    // Die for die the same game: the same tallies.
    expect(wasm.plans).toEqual(ts.plans);
    expect(wasm.plans[0].games).toBe(20);
    expect(tactica(["matchup", "--plans", "savage-gains", "--games", "4", "--workers", "1"]).out).toMatch(/— 4 battles, seed 1, Wasm kernel, 1 worker/);
  });

  it("[issue 17 item 5] on a terminal the progress line says how many workers run (the built CLI, stderr made a TTY)", () => {
    // stderr is a pipe here; a preloaded module makes it look like a terminal, as a user's would be.
    const tty = "data:text/javascript,Object.defineProperty(process.stderr,'isTTY',{value:true})";
    const run = (...extra: string[]) => {
      const env = { ...process.env };
      delete env.TACTICA_TSX;
      return spawnSync(process.execPath, ["--import", tty, join(repoRoot, "bin/tactica.mjs"), "matchup", "--plans", "savage-gains", "--games", "40", ...extra], { cwd: repoRoot, env, encoding: "utf8", timeout: 120_000 });
    };
    const chosen = run("--workers", "2");
    expect(chosen.status).toBe(0);
    // Before any battle, after each chunk of 20: the bar, the count and the workers (the bundle once failed here: "proxy is not a function").
    expect(chosen.stderr.split("\r").filter(Boolean)).toEqual([
      `[${".".repeat(30)}]   0%  0/40 battles, 2 workers (--workers)`,
      `[${"#".repeat(15)}${".".repeat(15)}]  50%  20/40 battles, 2 workers (--workers)`,
      `[${"#".repeat(30)}] 100%  40/40 battles, 2 workers (--workers)\n`,
    ]);
    expect(chosen.stdout).toMatch(/— 40 battles, seed 1, Wasm kernel, 2 workers/);
    // Sized by default: 40 Wasm battles are one worker's work whatever the load; the line gives the idle cores and the load.
    const sized = run();
    expect(sized.status).toBe(0);
    expect(sized.stderr).toMatch(/^\r\[\.{30}\]   0%  0\/40 battles, 1 worker \(\d+ of \d+ cores? idle, load \d+\.\d\d\)\r/);
  });

  it("[issue 17 item 9] --games: 33,334 on all 12 plans is over the 400,000 battles of one matchup — exit 2 naming the bound, before any worker starts", () => {
    const r = tactica(["matchup", "--games", "33334"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe("tactica: --games: at most 400000 battles in one matchup (games x battleplans): with 12 battleplans, at most 33333 games\n");
    const help = tactica(["matchup", "--help"]).out;
    expect(help).toContain("at most 100000, and at most 400000 in all: with all 12\n               plans that is 33333 a plan");
    expect(tactica(["matchup", "--games", "100001", "--plans", "the-vice"]).err).toMatch(/games: .*100000/);
  });

  it("[issue 17 item 9] an input error thrown in the worker keeps its kind across Comlink (exit 2, not an internal error)", async () => {
    const [a, b] = bundledRosters().map((r) => r.roster) as [Roster, Roster];
    const client = await openOddsClient(1);
    try {
      const e = await client.api.matchup({ a, b, games: 33_334, seed: 1 }).then(() => null, (x: unknown) => x);
      expect(e).toBeInstanceOf(Error);
      expect((e as Error).name).toBe("InputError");
      expect((e as Error).message).toBe("matchup: games: at most 400000 battles in one matchup (games x battleplans)");
      expect(isInputError(e)).toBe(true);
    } finally {
      await client.close();
    }
    expect(isInputError(Object.assign(new Error("x"), { name: "TypeError" }))).toBe(false);
  });

  it("[PB-LIMIT] armies of different sizes: matchup, battle and arena print the dashboard's points warning with their result; the same army twice gets none", () => {
    const warning = "The armies' points limits differ: Mortek Shieldwall 1000 of 1000 points, Stomp of Giants 1890 of 2000. The result measures the difference in size as much as the armies.";
    const m = tactica(["matchup", "--b", "Stomp of Giants", "--plans", "savage-gains", "--games", "2", "--workers", "1"]);
    expect(m.code).toBe(0);
    expect(m.out).toContain(`\n\n${warning}\n`);
    const b = tactica(["battle", "--b", "Stomp of Giants", "--plan", "savage-gains", "--seed", "1"]);
    expect(b.code).toBe(0);
    expect(b.out).toContain(`\n\n${warning}\n`);
    const a = tactica(["arena", "--game", "aos", "--a", "scripted", "--b", "random", "--army-b", "Stomp of Giants", "--games", "1", "--workers", "1"]);
    expect(a.code).toBe(0);
    expect(a.out).toContain(`\n\n${warning}\n`);
    // The default armies spend 1000 and 990 of 1000 points (the dashboard warns of them too).
    expect(tactica(["matchup", "--plans", "savage-gains", "--games", "2", "--workers", "1"]).out).toContain(
      "The armies' points differ: Mortek Shieldwall 1000 of 1000 points, Hammers of the Warrior Chamber 990 of 1000.",
    );
    const mirror = tactica(["matchup", "--b", "Mortek Shieldwall", "--plans", "savage-gains", "--games", "2", "--workers", "1"]).out;
    expect(mirror).not.toContain("differ");
    // The same army twice: the second is "(2)" in every column, as in tactica matrix.
    expect(mirror).toMatch(/^Mortek Shieldwall against Mortek Shieldwall \(2\) — 2 battles/);
    expect(mirror).toMatch(/battleplan\s+battles\s+Mortek Shieldwall wins\s+draws\s+Mortek Shieldwall \(2\) wins\s+VP Mortek Shieldwall\s+VP Mortek Shieldwall \(2\)/);
    expect(mirror).toContain("\nMortek Shieldwall (2): ");
  });

  it("--precision: the header says what stopped the matchup early", () => {
    const r = tactica(["matchup", "--plans", "savage-gains", "--games", "2000", "--precision", "0.2", "--workers", "1"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/— 200 battles, seed 1, Wasm kernel, 1 worker, \d+\.\d s \(stopped early: --precision reached\)\n/);
  });
});
