/**
 * The two plans that change who controls objectives, as rules over plain inputs the engine computes from its
 * geometry: Altars of the Beast (PB-BP-07) and the Backbone of Success (PB-BP-11).
 */
export type Side = "attacker" | "defender";

export type AltarEvent =
  /** A Leader unit of `side` finished a move (retreat or not) within 3" of the altar. */
  | { kind: "leader-move"; side: Side; retreat: boolean; enemyLeaderWithin3: boolean }
  /** A melee attack by a Leader of `side` within 3" destroyed an enemy Leader within 3" of the altar. */
  | { kind: "leader-slain-in-melee"; side: Side }
  /** Any time control is checked: is a Leader of the controller still within 3"? */
  | { kind: "check"; controllerLeaderWithin3: boolean };

/** PB-BP-07: who controls an altar after an event (null = nobody). */
export function altarControl(controller: Side | null, event: AltarEvent): Side | null {
  switch (event.kind) {
    case "leader-move":
      return !event.retreat && !event.enemyLeaderWithin3 ? event.side : controller;
    case "leader-slain-in-melee":
      return event.side;
    case "check":
      return controller !== null && event.controllerLeaderWithin3 ? controller : null;
  }
}

export interface ContestingUnit {
  side: Side;
  models: number;
  battleline: boolean;
  /** Within 6" of the objective (the Backbone's test) — a unit within 3" is also within 6". */
  within6: boolean;
  /** Contesting the objective (models within 3"). */
  contesting: boolean;
}

/**
 * PB-BP-11: the models that count toward controlling an objective. If any Battleline unit (either side) is
 * within 6", only Battleline models contest it.
 */
export function backboneContestingModels(units: readonly ContestingUnit[]): Record<Side, number> {
  const battlelineOnly = units.some((u) => u.battleline && u.within6);
  const out: Record<Side, number> = { attacker: 0, defender: 0 };
  for (const u of units) if (u.contesting && (!battlelineOnly || u.battleline)) out[u.side] += u.models;
  return out;
}
