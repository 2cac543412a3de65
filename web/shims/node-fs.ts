/**
 * `node:fs/promises` and `node:path` in the browser build (web/vite.config.ts and vitest.config.ts alias them
 * here): src/aos/lists reaches src/aos/bsdata/catalogue.ts for its XML helpers, whose folder reading the page
 * never calls (a BSData folder is the CLI's: `tactica import FILE --bsdata DIR`). Calling one is a bug, named.
 */
const unavailable = (name: string) => (): never => {
  throw new Error(`${name} is not available in the browser: a BSData folder is read by the CLI only`);
};
export const readdir = unavailable("fs.readdir");
export const readFile = unavailable("fs.readFile");
export const stat = unavailable("fs.stat");
const path = new Proxy({}, { get: (_, k) => unavailable(`path.${String(k)}`) });
export default path;
