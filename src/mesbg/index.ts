/** The Middle-earth SBG engine: the Battlehost quick-start model by model, and "The Forces Clash". */
export { mesbgGame, MesbgState, newGame, stateFromJSON, type MesbgOptions } from "./game.js";
export { positionState, positionSchema, type PositionInput } from "./position.js";
export { forceSchema, parseForce, profileSchema, MISSILE_CHART, type Force, type Profile } from "./profiles.js";
export { BOARD, DEFAULT_MAX_TURNS, FORMATIONS, deploymentProblems, survivingShare } from "./scenario.js";
export { zoneViolation } from "./move.js";
export { deployedGame, playTs, rolloutResult, rolloutTs, type RolloutResult } from "./rollout.js";
export { encodeState } from "./encode.js";
export { playWasm, rolloutWasm, rolloutWasmMany } from "./rolloutWasm.js";
