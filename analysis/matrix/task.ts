/**
 * The pool task of a matrix job: one chunk played in this worker with its Wasm core. The request arrives as
 * the same JSON text with each chunk and is validated once per job here (the last few kept by their text),
 * with the same schema as the CLI's and the queue's.
 */
import { parseOrThrow } from "../../src/core/errors.js";
import type { Core } from "../../src/core/wasm.js";
import { playMatrixChunk } from "./play.js";
import { matrixChunkSchema, type MatrixRequest, matrixRequestSchema } from "./request.js";
import type { CellTally } from "./tally.js";

const requests = new Map<string, MatrixRequest>();

export function matrixRequestOf(text: unknown): MatrixRequest {
  if (typeof text !== "string") return parseOrThrow(matrixRequestSchema, text, "matrix");
  let req = requests.get(text);
  if (!req) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text; // not JSON: the schema says what is wrong
    }
    req = parseOrThrow(matrixRequestSchema, json, "matrix");
    if (requests.size >= 4) requests.delete(requests.keys().next().value!);
    requests.set(text, req);
  }
  return req;
}

export function matrixChunkTask(request: unknown, chunk: unknown, core: Core): CellTally {
  const req = matrixRequestOf(request);
  return playMatrixChunk(req, parseOrThrow(matrixChunkSchema, chunk, "matrix chunk"), core);
}
