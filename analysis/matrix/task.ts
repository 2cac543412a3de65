/**
 * The pool task of a matrix job: one chunk played in this worker with its Wasm core. The request arrives as
 * the same JSON text with each chunk and is validated once per job here (the last few kept by their text),
 * with the same schema as the CLI's and the queue's.
 */
import { parseOrThrow } from "../../src/core/errors.js";
import { cachedRequestParser } from "../../src/core/requests.js";
import type { Core } from "../../src/core/wasm.js";
import { playMatrixChunk } from "./play.js";
import { matrixChunkSchema, type MatrixRequest, matrixRequestSchema } from "./request.js";
import type { CellTally } from "./tally.js";

export const matrixRequestOf: (request: unknown) => MatrixRequest = cachedRequestParser(matrixRequestSchema, "matrix");

export function matrixChunkTask(request: unknown, chunk: unknown, core: Core): CellTally {
  const req = matrixRequestOf(request);
  return playMatrixChunk(req, parseOrThrow(matrixChunkSchema, chunk, "matrix chunk"), core);
}
