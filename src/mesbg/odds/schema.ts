/** The input of `tactica odds mesbg`: two models in a one-on-one fight. */
import { z } from "zod";

const stat = (lo: number, hi: number) => z.number().int().min(lo, `must be ${lo} to ${hi}`).max(hi, `must be ${lo} to ${hi}`);

export const fighterSchema = z.strictObject({
  // Printed in every line of the answer: an empty or blank one would leave a hole there.
  name: z.string().trim().min(1, "must not be empty (leave the field out for the default name)").max(120).optional(),
  side: z.enum(["good", "evil"]),
  fight: stat(1, 10),
  attacks: stat(1, 10),
  strength: stat(1, 10),
  /** Defence including armour and shield (ME-ARMOUR). */
  defence: stat(1, 10),
  wounds: stat(1, 10),
  fate: stat(0, 6).default(0),
  /** ME-TWO-HANDED: -1 on each duel die (a natural 6 becomes 5), +1 To Wound. */
  twoHanded: z.boolean().default(false),
  /** ME-ELVEN: fights with an Elven-made (one-handed) weapon, so wins the drawn-combat roll more often; not with twoHanded. */
  elven: z.boolean().default(false),
  /** Burly (ME-RULES): no duel penalty for a two-handed weapon. */
  burly: z.boolean().default(false),
  /** ME-SHIELDING: double dice for the duel, no strikes if it wins. */
  shielding: z.boolean().default(false),
});

export const mesbgOddsInputSchema = z
  .strictObject({
    a: fighterSchema,
    b: fighterSchema,
    /** ME-TRAPPED: the loser cannot back away, so each Attack against it is two strikes. */
    trapped: z.boolean().default(false),
  })
  .refine((v) => v.a.side !== v.b.side, { message: "a and b must be on opposite sides (one good, one evil)", path: ["b", "side"] });

export type MesbgOddsInput = z.output<typeof mesbgOddsInputSchema>;
export type Fighter = z.output<typeof fighterSchema>;
