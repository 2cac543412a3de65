/**
 * The game in progress is a stack of frames — plain JSON records of "what is being resolved and how far it
 * got" (a turn, a Move phase, one model's activation, a combat, one strike, one Fate roll). The interpreter
 * (`engine.ts`) steps the top frame until one needs a player's decision or a chance outcome; applying that
 * decision resumes it. Because frames are data, a game can stop mid-combat, be saved as JSON, and resume
 * exactly. Each frame kind's rules live in its module (move.ts, fight.ts, ...); its shape lives here.
 */
import { z } from "zod";

const id = z.number().int().min(0).max(255);
const side = z.union([z.literal(0), z.literal(1)]);
const num = z.number().finite();
const ids = z.array(id).max(256);
const intMap = z.record(z.string().regex(/^\d+$/), z.number().int().min(-20).max(20));

export const gameFrame = z.object({ kind: z.literal("game"), stage: z.enum(["setup", "priority", "move", "pair", "shoot", "fight", "end"]) });

/** ME-FORCES-CLASH: roll for the board half, pick it, deploy both sides, roll for first priority. */
export const setupFrame = z.object({
  kind: z.literal("setup"),
  stage: z.enum(["roll", "half", "deployFirst", "deploySecond", "done"]),
  first: z.union([side, z.literal(-1)]),
});

/** ME-PRIORITY. */
export const priorityFrame = z.object({ kind: z.literal("priority"), stage: z.enum(["roll", "choose", "done"]), chooser: z.union([side, z.literal(-1)]) });

/** ME-MOVE: the priority player activates models one at a time (step 0), then the other player (step 1). */
export const movePhaseFrame = z.object({ kind: z.literal("movePhase"), step: z.number().int().min(0).max(2) });

export const activationFrame = z.object({
  kind: z.literal("activation"),
  model: id,
  stage: z.enum(["start", "menu", "moved", "done"]),
  /** Inches of movement left. */
  budget: num,
  /** ME-CONTROL-ZONE: enemies whose control zone the model started its activation in. */
  zone: ids,
  crawled: z.boolean(),
  startX: num,
  startY: num,
});

/** ME-COURAGE: one test (for now only ME-RULES Terror asks for one). */
export const courageFrame = z.object({
  kind: z.literal("courage"),
  model: id,
  stage: z.enum(["roll", "spend", "done"]),
  roll: z.number().int(),
  need: z.number().int(),
});

/** ME-MAGIC / ME-RESIST / ME-POWERS: one casting attempt from roll to effect. */
export const castFrame = z.object({
  kind: z.literal("cast"),
  caster: id,
  power: z.number().int().min(0).max(4),
  target: id,
  dice: z.number().int().min(1).max(6),
  stage: z.enum(["roll", "might", "resist", "effect", "blasted", "compel", "done"]),
  roll: z.number().int(),
  /** Sorcerous Blast: the rest of the target's combat, paired before the hit. */
  combat: ids,
});

/** ME-THROWING-SPEAR: stop 1" short, throw, then complete the charge (or move on if the target fell). */
export const spearChargeFrame = z.object({
  kind: z.literal("spearCharge"),
  model: id,
  target: id,
  stage: z.enum(["throw", "after"]),
  cx: num,
  cy: num,
  /** Path length to the contact point and to the throwing point. */
  len: num,
  throwLen: num,
});

/** ME-SHOOT: the priority player's shots (step 0), then the other player's (step 1). */
export const shootPhaseFrame = z.object({ kind: z.literal("shootPhase"), step: z.number().int().min(0).max(2) });

export const shotFrame = z.object({
  kind: z.literal("shot"),
  shooter: id,
  target: id,
  weapon: z.number().int().min(0).max(4),
  /** ME-SHOOT: moved this turn (SV one worse), unless the throw came with a charge. */
  penalty: z.boolean(),
  stage: z.enum(["roll", "might", "done"]),
  roll: z.number().int(),
  need: z.number().int(),
});

/** One hit (a strike, an arrow, a Black Dart): the To Wound roll (ME-WOUND-CHART), Might, then a wound. */
export const hitFrame = z.object({
  kind: z.literal("hit"),
  target: id,
  strength: z.number().int().min(1).max(10),
  bonus: z.number().int().min(0).max(3),
  /** The Hero whose own roll this is (may spend Might), or -1. */
  source: z.number().int().min(-1).max(255),
  stage: z.enum(["roll", "might1", "might2", "done"]),
  d1: z.number().int(),
  d2: z.number().int(),
});

/** ME-FATE: a wound about to be suffered; Fate points one at a time, Might on a Fate roll. */
export const woundFrame = z.object({ kind: z.literal("wound"), target: id, stage: z.enum(["fate", "fateMight", "apply", "done"]), roll: z.number().int() });

const combatSchema = z.object({ lone: id, others: ids });
export type Combat = z.output<typeof combatSchema>;

/** ME-PAIR: components of the contact graph with more than one best pairing, for the priority player. */
export const pairingFrame = z.object({ kind: z.literal("pairing"), stage: z.enum(["compute", "choose"]), ambiguous: z.array(z.array(z.array(combatSchema))) });

/** The Fight phase: the priority player picks the next combat. */
export const fightPhaseFrame = z.object({ kind: z.literal("fightPhase"), stage: z.enum(["pick", "evil", "done"]), resolved: ids });

export const STANCES = ["one-handed", "two-handed", "shielding"] as const;

/** One combat from declarations to the last strike (ME-DUEL, ME-BACK-AWAY, ME-TRAPPED, ME-STRIKES). */
export const combatFrame = z.object({
  kind: z.literal("combat"),
  stage: z.enum(["setup", "stance", "roll", "might", "resolve", "back", "strike", "finish", "done"]),
  /** Participants by side (not supporters). */
  sides: z.tuple([ids, ids]),
  /** ME-SPEAR / ME-PIKE: supporter id -> supported friend id. */
  support: z.record(z.string().regex(/^\d+$/), id),
  stance: z.record(z.string().regex(/^\d+$/), z.enum(STANCES)),
  /** Highest modified duel die per model (participants and supporters), and Might added to it. */
  best: intMap,
  might: intMap,
  /** ME-MIGHT: whose turn it is to consider Might, and who passed since the last spend. */
  toAct: z.number().int().min(-1).max(1),
  passed: z.tuple([z.boolean(), z.boolean()]),
  winner: z.number().int().min(-1).max(1),
  /** ME-CAVALRY Knock to the Ground. */
  knock: z.boolean(),
  losers: ids,
  /** Losers still to back away. */
  queue: ids,
  trapped: ids,
  /** Strikers still to strike, and the one striking now with its Attacks left. */
  strikers: ids,
  striker: z.number().int().min(-1).max(255),
  attacksLeft: z.number().int().min(0).max(20),
});

export const frameSchema = z.discriminatedUnion("kind", [
  gameFrame,
  setupFrame,
  priorityFrame,
  movePhaseFrame,
  activationFrame,
  courageFrame,
  castFrame,
  spearChargeFrame,
  shootPhaseFrame,
  shotFrame,
  hitFrame,
  woundFrame,
  pairingFrame,
  fightPhaseFrame,
  combatFrame,
]);

export type Frame = z.output<typeof frameSchema>;
export type FrameOf<K extends Frame["kind"]> = Extract<Frame, { kind: K }>;
export { combatSchema };
