/**
 * PB-BATTLEPLAN-ROLL: the players roll off (PB-ROLLOFF: highest wins, ties roll again); the winner rolls a
 * D6: 1-3 Battleplan Table 1, 4-6 Table 2; then their opponent rolls a D6 for the battleplan on that table.
 * Each of the 12 plans comes up with probability 1/2 x 1/6 = 1/12.
 */
import type { Dice } from "./events.js";
import type { BattleplanId } from "./schema.js";
import { TABLE_1 } from "./table1.js";
import { TABLE_2 } from "./table2.js";

/** Guards against scripted dice that always tie; a fair die ties 100 times in a row with chance 6^-100. */
const MAX_ROLL_OFFS = 100;

export interface RollOff {
  /** Each roll-off as [player 0's die, player 1's die]; all but the last are ties. */
  rolls: [number, number][];
  winner: 0 | 1;
}

export interface BattleplanRoll {
  rollOff: RollOff;
  /** The roll-off winner's D6: 1-3 Table 1, 4-6 Table 2. */
  tableRoll: number;
  table: 1 | 2;
  /** The opponent's D6: the battleplan's number on that table. */
  planRoll: number;
  battleplan: BattleplanId;
}

export function rollOff(dice: Dice): RollOff {
  const rolls: [number, number][] = [];
  for (let i = 0; i < MAX_ROLL_OFFS; i++) {
    const a = dice.roll(6);
    const b = dice.roll(6);
    rolls.push([a, b]);
    if (a !== b) return { rolls, winner: a > b ? 0 : 1 };
  }
  throw new Error(`roll-off tied ${MAX_ROLL_OFFS} times: the dice are not fair`);
}

/** The plan for a table roll and a plan roll, both 1..6. */
export function battleplanFromRolls(tableRoll: number, planRoll: number): { table: 1 | 2; battleplan: BattleplanId } {
  const table = tableRoll <= 3 ? 1 : 2;
  const plan = (table === 1 ? TABLE_1 : TABLE_2).find((p) => p.number === planRoll);
  if (!plan || tableRoll < 1 || tableRoll > 6) throw new RangeError(`dice must roll 1..6 (got ${tableRoll}, ${planRoll})`);
  return { table, battleplan: plan.id };
}

export function rollBattleplan(dice: Dice): BattleplanRoll {
  const off = rollOff(dice);
  const tableRoll = dice.roll(6);
  const planRoll = dice.roll(6);
  return { rollOff: off, tableRoll, planRoll, ...battleplanFromRolls(tableRoll, planRoll) };
}
