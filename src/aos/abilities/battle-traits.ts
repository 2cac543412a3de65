/**
 * The battle traits of the bundled factions (data/aos/battle-traits.json): each played, played by other engine
 * code, or not played with the reason — for `tactica units --coverage` and docs/abilities.md's table. The rules
 * that play them are in src/aos/battle/traits.ts (and the kernel's assembly/battle/traits.ts).
 */
import { z } from "zod";
import traitsJson from "../../../data/aos/battle-traits.json" with { type: "json" };
import { parseOrThrow } from "../../core/errors.js";
import { STATUSES } from "./schema.js";

export const battleTraitSchema = z
  .strictObject({
    faction: z.string().trim().min(1).max(60),
    name: z.string().trim().min(1).max(120),
    status: z.enum(STATUSES),
    note: z.string().trim().min(1).max(400),
  });
export type BattleTrait = z.output<typeof battleTraitSchema>;

export const battleTraitsFileSchema = z.strictObject({ source: z.string().max(800), traits: z.array(battleTraitSchema).max(200) });

let parsed: BattleTrait[] | undefined;

/** The bundled factions' battle traits, parsed once. */
export function bundledBattleTraits(): BattleTrait[] {
  if (!parsed) parsed = parseOrThrow(battleTraitsFileSchema, traitsJson, "data/aos/battle-traits.json").traits;
  return parsed;
}

/** A faction's battle traits (none for a faction the file does not hold). */
export function battleTraitsOf(faction: string): BattleTrait[] {
  const f = faction.trim().toLowerCase();
  return bundledBattleTraits().filter((t) => t.faction.toLowerCase() === f);
}
