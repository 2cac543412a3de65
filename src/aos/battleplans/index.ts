/**
 * The 12 battleplans of the Pitched Battles 2021 battlepack (PB-BP-01..12) as validated data, and how to
 * pick one: by id or name, or by the PB-BATTLEPLAN-ROLL procedure (roll.ts).
 */
import { z } from "zod";
import { InputError, parseOrThrow } from "../../core/errors.js";
import { type Battleplan, type BattleplanId, BATTLEPLAN_IDS, battleplanSchema, type TerritoryId } from "./schema.js";
import { TABLE_1 } from "./table1.js";
import { TABLE_2 } from "./table2.js";

export * from "./schema.js";
export * from "./geometry.js";
export * from "./objectives.js";
export * from "./events.js";
export * from "./deployment.js";
export * from "./roll.js";
export * from "./control.js";

/** All 12, Table 1 then Table 2, each in D6 order. Parsed once: a bad edit of the data fails at load. */
export const BATTLEPLANS: readonly Battleplan[] = parseOrThrow(z.array(battleplanSchema).length(12), [...TABLE_1, ...TABLE_2], "battleplans");

const byId = new Map(BATTLEPLANS.map((p) => [p.id, p]));

export function battleplan(id: BattleplanId): Battleplan {
  return byId.get(id)!;
}

/** Choosing a plan directly (PB-BATTLEPLAN-ROLL's alternative): "savage-gains", "Savage Gains", "savage gains". */
export function findBattleplan(nameOrId: string): Battleplan {
  const key = nameOrId.trim().toLowerCase().replace(/[\s_]+/g, "-");
  const p = byId.get(key as BattleplanId) ?? BATTLEPLANS.find((b) => b.name.toLowerCase() === nameOrId.trim().toLowerCase());
  if (!p) throw new InputError(`battleplan: no battleplan "${nameOrId.slice(0, 60)}" (one of ${BATTLEPLAN_IDS.join(", ")})`);
  return p;
}

/** PB-BATTLEPLAN-ROLL: the plan with this number on this table. */
export function battleplanFor(table: 1 | 2, number: number): Battleplan {
  const p = BATTLEPLANS.find((b) => b.table === table && b.number === number);
  if (!p) throw new InputError(`battleplan: no plan ${number} on table ${table} (1 to 6)`);
  return p;
}

export function territory(plan: Battleplan, id: TerritoryId) {
  const t = plan.territories.find((x) => x.id === id);
  if (!t) throw new InputError(`territory: "${id}" is not a territory of ${plan.name} (${plan.territories.map((x) => x.id).join(" or ")})`);
  return t;
}

export function otherTerritory(plan: Battleplan, id: TerritoryId): TerritoryId {
  territory(plan, id);
  return plan.territories[0].id === id ? plan.territories[1].id : plan.territories[0].id;
}
