/** Victory points, battle tactics, grand strategies and the battle result of a Pitched Battle. */
export * from "./catalog.js";
export * from "./facts.js";
export * from "./errors.js";
export * from "./battle.js";
export * from "./round.js";
export * from "./turn.js";
export * from "./result.js";
export * from "./grandStrategies.js";
export * from "./battleTactics.js";
export { destroyValue } from "./victoryPoints.js";
export { objectivesInPlay, whyNotInPlay } from "./checks.js";
