/**
 * The territory layouts the maps use. The seed has no maps (CATALOG: "Give every plan a map"), so these are
 * the familiar standard shapes; each plan in table1.ts / table2.ts says which it uses and why.
 */
import type { BattleplanInput } from "./schema.js";

type Territories = BattleplanInput["territories"];
type ObjectiveInput = BattleplanInput["objectives"][number];

const p = (x: number, y: number) => ({ x, y });

/** Two 60"x22" halves meeting on the line y = 22 (the long-edge centre line). */
export const LONG_HALVES: Territories = [
  { id: "south", polygon: [p(0, 0), p(60, 0), p(60, 22), p(0, 22)] },
  { id: "north", polygon: [p(0, 22), p(60, 22), p(60, 44), p(0, 44)] },
];

/** Two 30"x44" halves meeting on the line x = 30 (the short-edge centre line). */
export const SHORT_HALVES: Territories = [
  { id: "west", polygon: [p(0, 0), p(30, 0), p(30, 44), p(0, 44)] },
  { id: "east", polygon: [p(30, 0), p(60, 0), p(60, 44), p(30, 44)] },
];

/**
 * PB-DEPLOY-ZONE (CATALOG decision): on the five plans whose text adds no distance, the territories end 12"
 * from the centre line, leaving 24" of no man's land. Long edge: two 60"x10" strips, y <= 10 and y >= 34.
 */
export const LONG_TERRITORIES_24_APART: Territories = [
  { id: "south", polygon: [p(0, 0), p(60, 0), p(60, 10), p(0, 10)] },
  { id: "north", polygon: [p(0, 34), p(60, 34), p(60, 44), p(0, 44)] },
];

/** The same across the short edge (First Blood): two 18"x44" strips, x <= 18 and x >= 42. */
export const SHORT_TERRITORIES_24_APART: Territories = [
  { id: "west", polygon: [p(0, 0), p(18, 0), p(18, 44), p(0, 44)] },
  { id: "east", polygon: [p(42, 0), p(60, 0), p(60, 44), p(42, 44)] },
];

/** Two 12"-deep strips along the long edges with 20" of no man's land between their borders. */
export const LONG_STRIPS_12: Territories = [
  { id: "south", polygon: [p(0, 0), p(60, 0), p(60, 12), p(0, 12)] },
  { id: "north", polygon: [p(0, 32), p(60, 32), p(60, 44), p(0, 44)] },
];

/** The battlefield cut corner to corner, from the north-west corner to the south-east corner. */
export const DIAGONAL: Territories = [
  { id: "south-west", polygon: [p(0, 0), p(60, 0), p(0, 44)] },
  { id: "north-east", polygon: [p(60, 0), p(60, 44), p(0, 44)] },
];

/** An objective that stands at one place all battle. */
export function fixed(id: string, x: number, y: number, prime = false, number?: number): ObjectiveInput {
  return { id, prime, positions: [{ fromRound: 1, at: p(x, y) }], ...(number === undefined ? {} : { number }) };
}
