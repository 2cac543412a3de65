/**
 * Importing a BSData Age of Sigmar 4 folder (BattleScribe .gst/.cat XML) as warscrolls in our schema, so a
 * user can load every unit in the game. The data is read from the user's folder at run time; nothing of it
 * is bundled. This index is the CLI's (it re-exports folder.ts, which reads the disk); the dashboard imports
 * catalogue.ts and import.ts directly.
 */
export type { BsIndex, BsCatalogue } from "./catalogue.js";
export { indexBsdataFiles, factionCatalogues, findFaction, cleanCatalogueName, BSDATA_LIMITS } from "./catalogue.js";
export { loadBsdataFolder, importBsdata } from "./folder.js";
export { type BsdataImport, bsdataImportSchema, importFromIndex, allWarscrolls, allFailures } from "./import.js";
export type { FactionImport, ImportFailure } from "./warscrolls.js";
export { importLores, parseSetUp, type LoreFailure, type LoreImport } from "./manifestations.js";
export { cleanText, splitAbilities } from "./warscrolls.js";
export { parseXml, XmlError, XML_LIMITS } from "./xml.js";
