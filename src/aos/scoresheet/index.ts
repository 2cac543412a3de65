/** PB-SCORESHEET: the digital scoring sheet of a Pitched Battle. */
export * from "./schema.js";
export * from "./score.js";
export * from "./format.js";
