/**
 * PB-GS-01..08 as predicates over what the battlefield holds when the battle ends, seen from one player
 * ("friendly") against the other ("enemy"). Only units of a starting army count (PB-START-ARMY): those set
 * up before the first battle round, reserves included; not summoned units, not units returned to play.
 */
import { z } from "zod";
import type { GrandStrategyId } from "./catalog.js";

export const armyUnitSchema = z.strictObject({
  name: z.string().max(120).default(""),
  /** PB-START-ARMY: set up before the first battle round (including reserves), not summoned, not returned. */
  startingArmy: z.boolean(),
  /** On the battlefield when the battle ends (false if destroyed or still in reserve). */
  onBattlefield: z.boolean(),
  battleline: z.boolean().default(false),
  hero: z.boolean().default(false),
  monster: z.boolean().default(false),
  wizard: z.boolean().default(false),
  priest: z.boolean().default(false),
});
export type ArmyUnit = z.input<typeof armyUnitSchema>;

export const armyAtEndSchema = z.strictObject({
  units: z.array(armyUnitSchema).max(200),
  /** The model chosen to be this army's general has been slain. */
  generalSlain: z.boolean(),
  terrainFeaturesControlled: z.number().int().min(0).max(40).default(0),
});

export const endOfBattleSchema = z.strictObject({ friendly: armyAtEndSchema, enemy: armyAtEndSchema });
export type EndOfBattle = z.input<typeof endOfBattleSchema>;

type Army = z.output<typeof armyAtEndSchema>;

/** Units of the starting army on the battlefield (PB-START-ARMY). */
function standing(army: Army) {
  return army.units.filter((u) => u.startingArmy && u.onBattlefield);
}

/** Whether the player has completed the grand strategy `id` when the battle ends. */
export function grandStrategyCompleted(id: GrandStrategyId, input: EndOfBattle): boolean {
  const { friendly, enemy } = endOfBattleSchema.parse(input);
  switch (id) {
    case "sever-the-head": // PB-GS-01
      return !standing(enemy).some((u) => u.hero);
    case "hold-the-line": // PB-GS-02
      return standing(friendly).some((u) => u.battleline);
    case "vendetta": // PB-GS-03
      return enemy.generalSlain && !friendly.generalSlain;
    case "dominating-presence": // PB-GS-04
      return standing(friendly).length > standing(enemy).length;
    case "beast-master": // PB-GS-05
      return standing(friendly).some((u) => u.monster);
    case "prized-sorcery": // PB-GS-06
      return standing(friendly).some((u) => u.wizard);
    case "pillars-of-belief": // PB-GS-07
      return standing(friendly).some((u) => u.priest);
    case "predators-domain": // PB-GS-08
      return friendly.terrainFeaturesControlled > enemy.terrainFeaturesControlled;
  }
}
