import type { z } from "zod";
import { parseOrThrow } from "./errors.js";

/**
 * A parser for requests sent to workers as JSON text: the last few texts' validated values are kept, so a
 * worker checks a job's request once rather than once per chunk (a request is plain data nothing modifies).
 * A value that is not a string is parsed as it is; text that is not JSON goes to the schema, which names
 * what is wrong.
 */
export function cachedRequestParser<S extends z.ZodType>(schema: S, where: string, keep = 4): (request: unknown) => z.output<S> {
  const requests = new Map<string, z.output<S>>();
  return (request) => {
    if (typeof request !== "string") return parseOrThrow(schema, request, where);
    let req = requests.get(request);
    if (req === undefined) {
      let json: unknown;
      try {
        json = JSON.parse(request);
      } catch {
        json = request;
      }
      req = parseOrThrow(schema, json, where);
      if (requests.size >= keep) requests.delete(requests.keys().next().value!);
      requests.set(request, req);
    }
    return req;
  };
}
