/**
 * The map campaign (rules CAMP-*): a map of territories, Banners with their Generals, simultaneous orders,
 * battles decided by the AoS engine or entered by the players, Influence. See game.ts for the turn.
 */
export * from "./schema.js";
export * from "./state.js";
export * from "./map.js";
export * from "./armies.js";
export * from "./banners.js";
export * from "./hq.js";
export * from "./orders.js";
export * from "./movement.js";
export * from "./battles.js";
export * from "./retreat.js";
export * from "./scoring.js";
export * from "./game.js";
export * from "./policy.js";
export * from "./search.js";
