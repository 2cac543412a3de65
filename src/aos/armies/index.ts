/**
 * Age of Sigmar armies: warscrolls, rosters, and their validation against the Pitched Battles 2021 limits
 * (PB-LIMIT … PB-TRAIT) and the 4th-edition regiment rules (AOS4-REGIMENTS, AOS4-RoR).
 */
export * from "./warscroll.js";
export * from "./roster.js";
export * from "./limits.js";
export * from "./library.js";
export * from "./validate.js";
export * from "./compare.js";
export * from "./manifestations.js";
export { bundledLibrary, bundledLores, bundledRosters, type BundledRoster } from "./bundled.js";
export { warscrollToOddsSide } from "./odds.js";
