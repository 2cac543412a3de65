/**
 * The 8 grand strategies (PB-GS-01..08) and 8 battle tactics (PB-BT-01..08) of the Ghurish Heartlands, in
 * one place for the engine and the UI: the seed's condition text, what the player must pick, and the bonus.
 */
import { z } from "zod";

export const GRAND_STRATEGY_IDS = [
  "sever-the-head",
  "hold-the-line",
  "vendetta",
  "dominating-presence",
  "beast-master",
  "prized-sorcery",
  "pillars-of-belief",
  "predators-domain",
] as const;
export const grandStrategyIdSchema = z.enum(GRAND_STRATEGY_IDS, { message: `must be one of ${GRAND_STRATEGY_IDS.join(", ")}` });
export type GrandStrategyId = z.output<typeof grandStrategyIdSchema>;

export const BATTLE_TACTIC_IDS = [
  "broken-ranks",
  "conquer",
  "slay-the-warlord",
  "ferocious-advance",
  "bring-it-down",
  "aggressive-expansion",
  "monstrous-takeover",
  "savage-spearhead",
] as const;
export const battleTacticIdSchema = z.enum(BATTLE_TACTIC_IDS, { message: `must be one of ${BATTLE_TACTIC_IDS.join(", ")}` });
export type BattleTacticId = z.output<typeof battleTacticIdSchema>;

export const grandStrategySchema = z.strictObject({
  id: grandStrategyIdSchema,
  ruleId: z.string().regex(/^PB-GS-0[1-8]$/),
  name: z.string().max(40),
  condition: z.string().max(300),
});
export type GrandStrategy = z.output<typeof grandStrategySchema>;

/** What a battle tactic makes you pick when you reveal it (PB-TACTIC-PICK: "tell your opponent"). */
export const PICK_KINDS = [
  "none",
  "enemy-battleline-unit",
  "objective-opponent-controls",
  "three-friendly-units",
  "enemy-monster",
  "two-objectives-not-wholly-within-your-territory",
  "friendly-monster",
] as const;

export const battleTacticSchema = z.strictObject({
  id: battleTacticIdSchema,
  ruleId: z.string().regex(/^PB-BT-0[1-8]$/),
  name: z.string().max(40),
  condition: z.string().max(400),
  pick: z.strictObject({ kind: z.enum(PICK_KINDS), count: z.number().int().min(0).max(3), objectives: z.boolean(), text: z.string().max(120) }),
  /** The seed's "score 1 additional victory point" condition (and a few words of it for a sheet), or null. */
  bonus: z.strictObject({ text: z.string().max(200), short: z.string().max(60) }).nullable(),
});
export type BattleTactic = z.output<typeof battleTacticSchema>;

export const GRAND_STRATEGIES: readonly GrandStrategy[] = z.array(grandStrategySchema).parse([
  { id: "sever-the-head", ruleId: "PB-GS-01", name: "Sever the Head", condition: "When the battle ends, there are no HEROES from your opponent's starting army on the battlefield." },
  { id: "hold-the-line", ruleId: "PB-GS-02", name: "Hold the Line", condition: "When the battle ends, there are any Battleline units from your starting army on the battlefield." },
  { id: "vendetta", ruleId: "PB-GS-03", name: "Vendetta", condition: "When the battle ends, the model chosen to be your opponent's general has been slain and the model chosen to be your general has not been slain." },
  { id: "dominating-presence", ruleId: "PB-GS-04", name: "Dominating Presence", condition: "When the battle ends, there are more units from your starting army on the battlefield than units from your opponent's starting army." },
  { id: "beast-master", ruleId: "PB-GS-05", name: "Beast Master", condition: "When the battle ends, there are any MONSTERS from your starting army on the battlefield." },
  { id: "prized-sorcery", ruleId: "PB-GS-06", name: "Prized Sorcery", condition: "When the battle ends, there are any WIZARDS from your starting army on the battlefield." },
  { id: "pillars-of-belief", ruleId: "PB-GS-07", name: "Pillars of Belief", condition: "When the battle ends, there are any PRIESTS from your starting army on the battlefield." },
  { id: "predators-domain", ruleId: "PB-GS-08", name: "Predator's Domain", condition: "When the battle ends, you control more terrain features than your opponent." },
]);

const byMonster = (what: string, done: string) => ({
  text: `If ${what} was ${done} by an attack made by a friendly MONSTER or an ability of a friendly MONSTER, score 1 additional victory point.`,
  short: `${done} by a friendly MONSTER`,
});

export const BATTLE_TACTICS: readonly BattleTactic[] = z.array(battleTacticSchema).parse([
  {
    id: "broken-ranks",
    ruleId: "PB-BT-01",
    name: "Broken Ranks",
    condition: "You complete this battle tactic if the picked unit is destroyed during this turn.",
    pick: { kind: "enemy-battleline-unit", count: 1, objectives: false, text: "1 Battleline unit from your opponent's starting army on the battlefield" },
    bonus: byMonster("that unit", "destroyed"),
  },
  {
    id: "conquer",
    ruleId: "PB-BT-02",
    name: "Conquer",
    condition: "You complete this battle tactic if you control the picked objective marker at the end of this turn.",
    pick: { kind: "objective-opponent-controls", count: 1, objectives: true, text: "1 objective marker on the battlefield that your opponent controls" },
    bonus: null,
  },
  {
    id: "slay-the-warlord",
    ruleId: "PB-BT-03",
    name: "Slay the Warlord",
    condition: "You complete this battle tactic if the model chosen to be your opponent's general is slain during this turn.",
    pick: { kind: "none", count: 0, objectives: false, text: "nothing" },
    bonus: byMonster("that model", "slain"),
  },
  {
    id: "ferocious-advance",
    ruleId: "PB-BT-04",
    name: "Ferocious Advance",
    condition: "You complete this battle tactic if all of the picked units run in the following movement phase and finish that run within 3\" of each other.",
    pick: { kind: "three-friendly-units", count: 3, objectives: false, text: "3 different units from your starting army on the battlefield" },
    bonus: { text: "If all 3 of those units are MONSTERS, score 1 additional victory point.", short: "all 3 units are MONSTERS" },
  },
  {
    id: "bring-it-down",
    ruleId: "PB-BT-05",
    name: "Bring It Down!",
    condition: "You complete this battle tactic if the picked unit is destroyed during this turn.",
    pick: { kind: "enemy-monster", count: 1, objectives: false, text: "1 enemy MONSTER on the battlefield" },
    bonus: byMonster("that enemy MONSTER", "destroyed"),
  },
  {
    id: "aggressive-expansion",
    ruleId: "PB-BT-06",
    name: "Aggressive Expansion",
    condition: "You complete this battle tactic if you control both picked objective markers at the end of this turn.",
    pick: { kind: "two-objectives-not-wholly-within-your-territory", count: 2, objectives: true, text: "2 objective markers on the battlefield that are not wholly within your territory" },
    bonus: null,
  },
  {
    id: "monstrous-takeover",
    ruleId: "PB-BT-07",
    name: "Monstrous Takeover",
    condition: "You complete this battle tactic if the picked MONSTER is contesting an objective marker that you control at the end of this turn, and that objective marker is not contested by an enemy MONSTER.",
    pick: { kind: "friendly-monster", count: 1, objectives: false, text: "1 MONSTER from your starting army on the battlefield" },
    bonus: null,
  },
  {
    id: "savage-spearhead",
    ruleId: "PB-BT-08",
    name: "Savage Spearhead",
    condition: "You complete this battle tactic if there are 2 or more units from your starting army wholly within your opponent's territory at the end of this turn.",
    pick: { kind: "none", count: 0, objectives: false, text: "nothing" },
    bonus: { text: "If 2 or more of those units are MONSTERS, score 1 additional victory point.", short: "2 or more of those units are MONSTERS" },
  },
]);

export function grandStrategy(id: GrandStrategyId): GrandStrategy {
  return GRAND_STRATEGIES.find((g) => g.id === id)!;
}

export function battleTactic(id: BattleTacticId): BattleTactic {
  return BATTLE_TACTICS.find((t) => t.id === id)!;
}
