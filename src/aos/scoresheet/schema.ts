/**
 * PB-SCORESHEET: a recorded Pitched Battle, as the battlepack's scoring sheet holds it: points limit,
 * battleplan, attacker and defender with their grand strategies, and for each battle round each player's
 * turn (objectives controlled at the end of it, the battle tactic picked and whether it was completed, and
 * the plan's own facts). The turn facts are the scoring module's own schema, so sheet and engine agree.
 */
import { z } from "zod";
import { battleplanIdSchema, territoryIdSchema } from "../battleplans/index.js";
import { BATTLE_ROUNDS, grandStrategyIdSchema, roundEventsSchema, turnFactsSchema } from "../scoring/index.js";

export const scoresheetPlayerSchema = z.strictObject({
  name: z.string().min(1).max(60),
  faction: z.string().min(1).max(80).optional(),
  /** PB-GS-PICK: picked on the army roster. */
  grandStrategy: grandStrategyIdSchema,
  /** Marked when the battle ends; required then. */
  grandStrategyCompleted: z.boolean().optional(),
  /** The attacker's pick of territory (default: the plan's first territory); the defender has the other. */
  territory: territoryIdSchema.optional(),
  /** PB-BP-05: the 3 predator units, for the record. */
  predators: z
    .array(z.string().min(1).max(80))
    .length(3, "pick 3 different predator units (PB-BP-05)")
    .refine((p) => new Set(p).size === 3, "pick 3 different predator units (PB-BP-05)")
    .optional(),
});

export const scoresheetTurnSchema = turnFactsSchema.omit({ round: true });

export const scoresheetRoundSchema = roundEventsSchema.omit({ first: true }).extend({
  turns: z
    .array(scoresheetTurnSchema)
    .min(1, "needs the turns of the battle round, first turn first")
    .max(2, "each player takes one turn per battle round (PB-LENGTH)"),
});

export const scoresheetSchema = z.strictObject({
  pointsLimit: z.union([z.literal(1000), z.literal(2000)], { message: "must be 1000 or 2000 (PB-LIMIT)" }),
  battleplan: battleplanIdSchema,
  attacker: scoresheetPlayerSchema,
  defender: scoresheetPlayerSchema,
  rounds: z.array(scoresheetRoundSchema).max(BATTLE_ROUNDS, `a battle lasts ${BATTLE_ROUNDS} battle rounds (PB-LENGTH)`),
  notes: z.string().max(2000).optional(),
}).refine((s) => s.attacker.name.trim().toLowerCase() !== s.defender.name.trim().toLowerCase(), {
  // The sheet names each VP by its player: "= Bob +3 → Bob 3, Bob 0" would not say whose they are.
  path: ["defender", "name"],
  message: "is the attacker's name too: give the players different names",
});

export type Scoresheet = z.output<typeof scoresheetSchema>;
export type ScoresheetInput = z.input<typeof scoresheetSchema>;
