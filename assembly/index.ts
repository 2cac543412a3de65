// The Wasm core of tactica. Raw exports over linear memory: the host resets the arena, allocates f64
// buffers, writes inputs, calls a kernel and reads the result buffers (see src/core/wasm.ts).
export { arenaReset, allocF64 } from "./arena";
export { rngSeed, rngNext, rngRoll, rngWord, deriveSeed } from "./rng";
export { aosExact, aosResultLength, aosSample, aosStage } from "./aos_odds";
export { mesbgExact, mesbgSample } from "./mesbg_odds";
export { aosRolloutLoad, aosRolloutRun, aosRollouts, aosRolloutTrace, aosRolloutAttack, aosRolloutLayout } from "./aos_rollout";
export { mesbgRollout, mesbgRolloutMany, mesbgPlayTo } from "./mesbg_rollout/game";
export { aosSetUpOnly, aosSetUpRollouts, aosSetUpState } from "./aos_setup";
