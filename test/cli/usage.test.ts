/** usage.ts writes the library's limits and defaults out (so --help loads nothing): they must still agree. */
import { describe, expect, it } from "vitest";
import { BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import { SAMPLE_WORK_LIMIT } from "../../src/aos/odds/index.js";
import { DEFAULT_TURNS, INFLUENCE_MODES, MAX_TURNS } from "../../src/campaign/index.js";
import { MAX_SAMPLES } from "../../src/core/montecarlo.js";
import { MAX_TURNS_LIMIT } from "../../src/mesbg/game.js";
import { DEFAULT_MAX_TURNS } from "../../src/mesbg/scenario.js";
import { MATCHUP_LIMITS } from "../../analysis/matchup/job.js";
import { CONNECT_WAIT_MS, RECONNECT_LIMIT_MS } from "../../analysis/matrix/queue.js";
import { BATTLE_USAGE, BATTLEPLAN_NAMES, CAMPAIGN_USAGE, MATCHUP_USAGE, MATRIX_USAGE, MESBG_USAGE, ODDS_USAGE, WORKER_USAGE } from "../../src/cli/usage.js";

describe("usage text", () => {
  it("[issue 17 item 1] the numbers written out in usage.ts are the library's", () => {
    expect(BATTLEPLAN_NAMES).toBe(BATTLEPLAN_IDS.join(", "));
    expect(BATTLE_USAGE).toContain(`a battleplan (${BATTLEPLAN_IDS.join(", ")})`);
    expect(ODDS_USAGE).toContain(`(1..${MAX_SAMPLES};`);
    expect(ODDS_USAGE).toContain(`at most ${SAMPLE_WORK_LIMIT.wasm.toExponential().replace("+", "")}, ${SAMPLE_WORK_LIMIT.ts.toExponential().replace("+", "")} with --engine ts`);
    expect(MESBG_USAGE).toContain(`(default ${DEFAULT_MAX_TURNS}, at most ${MAX_TURNS_LIMIT})`);
    expect(CAMPAIGN_USAGE).toContain(`(default ${DEFAULT_TURNS}, CAMP-LENGTH; 1 to ${MAX_TURNS})`);
    expect(CAMPAIGN_USAGE).toContain(`[--influence ${INFLUENCE_MODES.join("|")}]`);
    expect(MATCHUP_USAGE).toContain(`at most ${MATCHUP_LIMITS.maxGames}, and at most ${MATCHUP_LIMITS.maxTotalGames} in all: with all ${BATTLEPLAN_IDS.length}`);
    expect(MATCHUP_USAGE).toContain(`plans that is ${Math.floor(MATCHUP_LIMITS.maxTotalGames / BATTLEPLAN_IDS.length)} a plan`);
    expect(MATRIX_USAGE).toContain(`A Redis not reached within ${CONNECT_WAIT_MS / 1000} s at the start: exit 2;`);
    expect(MATRIX_USAGE).toContain(`a connection lost for ${RECONNECT_LIMIT_MS / 1000} s mid-job: exit 1`);
    expect(WORKER_USAGE).toContain(`not reached within ${CONNECT_WAIT_MS / 1000} s: exit 2`);
    expect(WORKER_USAGE).toContain(`without a connection to Redis (exit 1; default ${RECONNECT_LIMIT_MS / 1000})`);
  });
});
