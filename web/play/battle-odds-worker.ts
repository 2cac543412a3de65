/**
 * The campaign's battle odds (issue 12): a quick kernel matchup of a battle's two armies on its battleplan —
 * `tactica matchup`'s request and code (analysis/matchup/job.ts runMatchup, play.ts playChunk), the battles
 * played one after the other in the Wasm kernel here, in a worker of its own, so neither the page nor the
 * play worker (the AI) waits for it. A matchup's numbers depend on its request alone (seeds per battle), so
 * these equal the Matchup view's for the same request, whatever its pool. The request crosses the matchup's
 * schema.
 */
import * as Comlink from "comlink";
import wasmUrl from "../../build/core.wasm?url";
import { type MatchupReport, matchupRequestSchema, runMatchup } from "../../analysis/matchup/job.js";
import { playChunk } from "../../analysis/matchup/play.js";
import { parseOrThrow } from "../../src/core/errors.js";
import { compileCore, type Core, instantiateCore } from "../../src/core/wasm.js";

let core: Promise<Core> | undefined;
const getCore = (): Promise<Core> => (core ??= compileCore(new URL(wasmUrl, self.location.href)).then(instantiateCore));

function rethrow(e: unknown): never {
  const err = e instanceof Error ? e : new Error(String(e));
  throw Object.assign(new Error(err.message), { name: err.name });
}

export const battleOddsApi = {
  ping: () => true,
  async odds(request: unknown): Promise<MatchupReport> {
    try {
      const req = parseOrThrow(matchupRequestSchema, request, "battle odds");
      const c = req.engine === "wasm" ? await getCore() : undefined;
      return await runMatchup(req, async (task) => playChunk(req, task, c), undefined, () => false, 1);
    } catch (e) {
      rethrow(e);
    }
  },
};
export type BattleOddsApi = typeof battleOddsApi;

Comlink.expose(battleOddsApi);
