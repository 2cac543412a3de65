/** The warscrolls and lores an AoS game plays with when they are not all bundled (an imported list, --bsdata). */
import { z } from "zod";
import { bundledLibrary, manifestationLoreSchema, type WarscrollLibrary, warscrollSchema } from "../aos/armies/index.js";

export const playLibrarySchema = z.strictObject({
  source: z.string().max(500),
  warscrolls: z.array(warscrollSchema).max(120),
  lores: z.array(manifestationLoreSchema).max(20).optional(),
});
export type PlayLibrary = z.output<typeof playLibrarySchema>;

/** The library a saved setup names (absent: the bundled data). */
export function libraryOf(lib: PlayLibrary | undefined): WarscrollLibrary {
  return lib ? { source: lib.source, warscrolls: lib.warscrolls, ...(lib.lores ? { lores: lib.lores } : {}) } : bundledLibrary();
}
