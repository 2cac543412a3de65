/**
 * `node:zlib` in the browser build (web/vite.config.ts and vitest.config.ts alias it here): src/aos/lists
 * unzips a .rosz with Node's inflateRawSync, which the page never calls — web/army-import.ts unzips a .rosz
 * itself with the browser's DecompressionStream before the importer sees it.
 */
export function inflateRawSync(): never {
  throw new Error("node:zlib is not available in the browser (web/army-import.ts unzips .rosz files)");
}
