/**
 * A cell's tally (one pairing on one battleplan, or any part of it): plain integer sums, so chunks merge
 * exactly whatever the order, and small enough to travel through Redis as a few dozen bytes of JSON.
 * Side 0 is the pairing's first list (the lower index), side 1 its second.
 */
import { z } from "zod";
import type { PlanTally } from "../matchup/aggregate.js";

export interface CellTally {
  games: number;
  draws: number;
  wins: [number, number];
  vp: [number, number];
  /** Sums of squared VP, for the interval of the expected VP. */
  vp2: [number, number];
}

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const pair = z.tuple([count, count]);
export const cellTallySchema = z
  .strictObject({ games: count, draws: count, wins: pair, vp: pair, vp2: pair })
  .refine((t) => t.draws + t.wins[0] + t.wins[1] === t.games, { message: "wins and draws do not add up to the battles" });

export function emptyCell(): CellTally {
  return { games: 0, draws: 0, wins: [0, 0], vp: [0, 0], vp2: [0, 0] };
}

export function addGame(t: CellTally, winner: 0 | 1 | null, vp: readonly [number, number]): void {
  t.games++;
  if (winner === null) t.draws++;
  else t.wins[winner]++;
  for (const s of [0, 1] as const) {
    t.vp[s] += vp[s];
    t.vp2[s] += vp[s] * vp[s];
  }
}

export function mergeCells(a: CellTally, b: CellTally): CellTally {
  return {
    games: a.games + b.games,
    draws: a.draws + b.draws,
    wins: [a.wins[0] + b.wins[0], a.wins[1] + b.wins[1]],
    vp: [a.vp[0] + b.vp[0], a.vp[1] + b.vp[1]],
    vp2: [a.vp2[0] + b.vp2[0], a.vp2[1] + b.vp2[1]],
  };
}

/** A matchup chunk's tally (analysis/matchup/aggregate.ts) as a cell's. */
export function cellOfPlanTally(t: PlanTally): CellTally {
  return {
    games: t.games,
    draws: t.draws,
    wins: [t.sides[0].wins, t.sides[1].wins],
    vp: [t.sides[0].vp, t.sides[1].vp],
    vp2: [t.sides[0].vpSquares, t.sides[1].vpSquares],
  };
}
