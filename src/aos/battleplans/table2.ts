/** Battleplan Table 2 (PB-BATTLEPLAN-ROLL: the table roll was 4-6). Maps are ours; see table1.ts. */
import { DIAGONAL, fixed, LONG_HALVES, LONG_TERRITORIES_24_APART, SHORT_HALVES } from "./layouts.js";
import type { BattleplanInput } from "./schema.js";

const armies = { noReserves: false, fatiguedWarriors: false, vantagePoint: false, predators: false, alphaObjective: false } as const;
const p = (x: number, y: number) => ({ x, y });

/** The Vice: from a corner 6" in from both edges to 12" in from the short edge and 10" from the long one. */
function vice(id: string, corner: [number, number], inward: [number, number]) {
  return {
    id,
    prime: true,
    positions: [
      { fromRound: 1, at: p(...corner) },
      { fromRound: 2, at: p(...inward) },
    ],
    removedInRound: 4,
  };
}

/** The Veins of Ghur: objective lines run north-south at x = 30, 15 and 45. */
function vein(number: 1 | 2 | 3, x: number, setUpInRound: number) {
  return { id: `vein-${number}`, number, prime: true, setUpInRound, line: { from: p(x, 0), to: p(x, 44) } };
}

/** The 2D6 lines run east-west, 3" apart: 7 on the centre line, 2 at y = 7, 12 at y = 37. */
const rollLines = Object.fromEntries(
  Array.from({ length: 11 }, (_, i) => {
    const y = 22 + 3 * (i + 2 - 7);
    return [String(i + 2), { from: p(0, y), to: p(60, y) }];
  }),
);

export const TABLE_2: BattleplanInput[] = [
  {
    // PB-BP-07: the altars on the diagonal border and deep in each territory.
    ...armies,
    id: "apex-predators",
    name: "Apex Predators",
    ruleId: "PB-BP-07",
    table: 2,
    number: 1,
    layout: "diagonal halves (north-west to south-east corner)",
    territories: DIAGONAL,
    deploymentDistance: 9,
    objectives: [fixed("centre", 30, 22), fixed("south-west", 14, 12), fixed("north-east", 46, 32)],
    scoring: "one-two-more",
    victoryPoints: true,
    objectiveControl: "altars-of-the-beast",
    specialRules: [
      {
        name: "Altars of the Beast",
        text: "The normal rules for objective control are not used. You gain control of an objective when a friendly Leader unit finishes a move other than a retreat within 3\" of it and no enemy Leader unit is within 3\" of it, or when a melee attack by a friendly Leader unit within 3\" of it destroys an enemy Leader unit within 3\" of it. It stays yours until your opponent gains control of it or there is no friendly Leader unit within 3\" of it.",
      },
    ],
  },
  {
    ...armies,
    id: "the-vice",
    name: "The Vice",
    ruleId: "PB-BP-08",
    table: 2,
    number: 2,
    layout: "long-edge halves",
    territories: LONG_HALVES,
    deploymentDistance: 12,
    objectives: [
      vice("south-west", [6, 6], [18, 12]),
      vice("south-east", [54, 6], [42, 12]),
      vice("north-west", [6, 38], [18, 32]),
      vice("north-east", [54, 38], [42, 32]),
      { ...fixed("centre", 30, 22, true), setUpInRound: 4, positions: [{ fromRound: 4, at: p(30, 22) }] },
    ],
    scoring: "one-two-more",
    victoryPoints: true,
    specialRules: [
      { name: "Prime Objectives", text: "The objectives in this battle are prime objectives: they cannot be removed from the battlefield." },
      {
        name: "The Vice",
        text: "At the start of the second battle round, before determining who has the first turn, each objective is moved to its new location. At the start of the fourth battle round, remove all 4 objectives and place a new objective at the centre of the battlefield.",
      },
    ],
  },
  {
    // PB-BP-09: one prime objective wholly within each territory, two on the border that can be removed.
    ...armies,
    id: "tooth-and-nail",
    name: "Tooth and Nail",
    ruleId: "PB-BP-09",
    table: 2,
    number: 3,
    layout: "short-edge halves",
    territories: SHORT_HALVES,
    deploymentDistance: 9,
    objectives: [fixed("west", 10, 22, true), fixed("east", 50, 22, true), fixed("south", 30, 8), fixed("north", 30, 36)],
    scoring: "one-two-more",
    victoryPoints: true,
    noReserves: true,
    fatiguedWarriors: true,
    specialRules: [
      { name: "Prime Objectives", text: "The objectives located wholly within each player's territory are prime objectives: they cannot be removed from the battlefield." },
      { name: "No Reserves", text: "All units must be set up on the battlefield before the battle begins. A unit set up in reserve is destroyed." },
      { name: "Fatigued Warriors", text: "Summoned units cannot shoot or charge in the turn in which they were added to your army." },
    ],
  },
  {
    // PB-BP-10: two raidable objectives wholly within each territory, one on the centre line.
    ...armies,
    id: "feral-foray",
    name: "Feral Foray",
    ruleId: "PB-BP-10",
    table: 2,
    number: 4,
    layout: "long-edge halves",
    territories: LONG_HALVES,
    deploymentDistance: 9,
    objectives: [fixed("south-west", 15, 12), fixed("south-east", 45, 12), fixed("centre", 30, 22), fixed("north-west", 15, 32), fixed("north-east", 45, 32)],
    scoring: "one-two-more",
    victoryPoints: true,
    raidsFromRound: 2,
    specialRules: [
      {
        name: "Raiding Objectives",
        text: "From the start of the second battle round, after you score victory points, you can raid 1 objective that you control, that is wholly within your opponent's territory and that is within 1\" of a friendly unit. You score 1 additional victory point and the objective is removed from play. You cannot raid more than 1 objective per turn.",
      },
    ],
  },
  {
    ...armies,
    id: "power-in-numbers",
    name: "Power in Numbers",
    ruleId: "PB-BP-11",
    table: 2,
    number: 5,
    layout: "long-edge territories 12\" from the centre line",
    territories: LONG_TERRITORIES_24_APART,
    deploymentDistance: 0,
    objectives: [fixed("centre", 30, 22), fixed("west", 10, 22), fixed("east", 50, 22), fixed("south", 30, 10), fixed("north", 30, 34)],
    scoring: "destroy-objectives",
    victoryPoints: true,
    objectiveControl: "backbone-of-success",
    destroyObjectivesFromRound: 2,
    specialRules: [
      { name: "The Backbone of Success", text: "If there are any Battleline units within 6\" of an objective, then only models from Battleline units can contest that objective." },
      {
        name: "Destroying Objectives",
        text: "Starting from the second battle round, at the end of each of their turns, a player can destroy objectives they control: 1 VP if they gained control this turn, 2 if they controlled it at the end of their last turn, 4 if at the end of their turn before last, 8 if they gained it in the first battle round and still hold it at the end of their turn in the fifth. Only the best applies. A destroyed objective is removed from play.",
      },
    ],
  },
  {
    ...armies,
    id: "the-veins-of-ghur",
    name: "The Veins of Ghur",
    ruleId: "PB-BP-12",
    table: 2,
    number: 6,
    layout: "long-edge territories 12\" from the centre line",
    territories: LONG_TERRITORIES_24_APART,
    deploymentDistance: 0,
    objectives: [vein(1, 30, 2), vein(2, 15, 3), vein(3, 45, 3)],
    rollLines,
    scoring: "round-number",
    victoryPoints: true,
    specialRules: [
      {
        name: "Realmstone Veins",
        text: "3 objectives are set up during the battle: the first at the start of the second battle round, the second and third at the start of the third, before determining who has the first turn. Roll 2D6 for each and set it up where its line crosses the line of the roll.",
      },
      { name: "Prime Objectives", text: "The objectives in this battle are prime objectives: they cannot be removed from the battlefield." },
    ],
  },
];
