/**
 * Running a matrix job with `runChunk` (a local pool task, or a chunk sent through a queue): a few chunks in
 * flight at once, each chunk's tally kept under its index, the result assembled in chunk order once all are
 * in — so it is the same whichever runner ran which chunk, in whatever order.
 */
import { chunksOf, type MatrixChunk, type MatrixRequest } from "./request.js";
import { matrixResult, type MatrixResult } from "./report.js";
import type { CellTally } from "./tally.js";

export interface MatrixProgress {
  battles: number;
  total: number;
  elapsedMs: number;
}

export async function runMatrix(
  req: MatrixRequest,
  runChunk: (chunk: MatrixChunk) => Promise<CellTally>,
  onProgress?: (p: MatrixProgress) => void,
  concurrency = 4,
): Promise<MatrixResult> {
  const start = Date.now();
  const chunks = chunksOf(req);
  const total = chunks.reduce((s, c) => s + c.to - c.from, 0);
  const tallies: CellTally[] = new Array(chunks.length);
  let next = 0;
  let battles = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < chunks.length) {
      const c = chunks[next++]!;
      try {
        const t = await runChunk(c);
        if (t.games !== c.to - c.from) throw new Error(`matrix chunk ${c.index}: ${t.games} battles back for ${c.to - c.from}`);
        tallies[c.index] = t;
      } catch (e) {
        failed = true;
        throw e;
      }
      battles += c.to - c.from;
      onProgress?.({ battles, total, elapsedMs: Date.now() - start });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, chunks.length)) }, lane));
  return matrixResult(req, tallies);
}

/** "[#####.....]  40%  1,200/3,000 battles, 12 s left" (time left from the pace so far). */
export function matrixProgressLine(p: MatrixProgress, where: string): string {
  const width = 30;
  const filled = Math.round((p.battles / p.total) * width);
  const left = p.battles === 0 ? "" : `, ${formatSeconds(((p.total - p.battles) * p.elapsedMs) / p.battles / 1000)} left`;
  return `\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(Math.round((100 * p.battles) / p.total)).padStart(3)}%  ${p.battles}/${p.total} battles${left}, ${where}   `;
}

export function formatSeconds(s: number): string {
  if (s < 60) return `${Math.round(s)} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
}
