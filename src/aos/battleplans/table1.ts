/**
 * Battleplan Table 1 (PB-BATTLEPLAN-ROLL: the table roll was 1-3). Maps are ours (the seed has none);
 * coordinates in inches, x along the 60" edge from the west, y along the 44" edge from the south.
 */
import { fixed, LONG_HALVES, LONG_STRIPS_12, LONG_TERRITORIES_24_APART, SHORT_HALVES, SHORT_TERRITORIES_24_APART } from "./layouts.js";
import type { BattleplanInput } from "./schema.js";

const armies = { noReserves: false, fatiguedWarriors: false, vantagePoint: false, predators: false, alphaObjective: false } as const;

export const TABLE_1: BattleplanInput[] = [
  {
    // PB-BP-01: one objective in front of each territory, 11" from the centre line (1" into no man's land
    // since the territories end 12" from it: PB-DEPLOY-ZONE), and two on the centre line, so "all of them"
    // means holding the ground at the enemy's door.
    ...armies,
    id: "marking-territory",
    name: "Marking Territory",
    ruleId: "PB-BP-01",
    table: 1,
    number: 1,
    layout: "long-edge territories 12\" from the centre line",
    territories: LONG_TERRITORIES_24_APART,
    deploymentDistance: 0,
    objectives: [fixed("south", 30, 11), fixed("north", 30, 33), fixed("west", 12, 22), fixed("east", 48, 22)],
    scoring: "none",
    victoryPoints: false,
    gloriousVictoryFromRound: 3,
    specialRules: [
      {
        name: "Glorious Victory",
        text: "Starting from the third battle round, one player immediately wins a major victory if they control all of the objectives on the battlefield. Neither battle tactics nor grand strategies score victory points in this battle.",
      },
    ],
  },
  {
    // PB-BP-02: "the objective on the border of each player's territory" needs territories that do not
    // touch, so 12"-deep strips; one prime objective on the middle of each border, two in no man's land.
    ...armies,
    id: "savage-gains",
    name: "Savage Gains",
    ruleId: "PB-BP-02",
    table: 1,
    number: 2,
    layout: "12-inch long-edge strips, 20-inch no man's land",
    territories: LONG_STRIPS_12,
    deploymentDistance: 0,
    objectives: [fixed("south-border", 30, 12, true), fixed("north-border", 30, 32, true), fixed("west", 14, 22), fixed("east", 46, 22)],
    scoring: "savage-gains",
    victoryPoints: true,
    specialRules: [{ name: "Prime Objectives", text: "The objectives located on the border of each player's territory are prime objectives: they cannot be removed from the battlefield." }],
  },
  {
    ...armies,
    id: "first-blood",
    name: "First Blood",
    ruleId: "PB-BP-03",
    table: 1,
    number: 3,
    layout: "short-edge territories 12\" from the centre line",
    territories: SHORT_TERRITORIES_24_APART,
    deploymentDistance: 0,
    objectives: [fixed("west", 15, 22), fixed("east", 45, 22), fixed("south", 30, 10), fixed("north", 30, 34)],
    scoring: "one-two-more",
    victoryPoints: true,
    vantagePoint: true,
    specialRules: [
      {
        name: "Vantage Point",
        text: "At the start of each battle round, after the players have received their start-of-round command points, the player taking the second turn must pick 1 objective to be the vantage point. When a player receives their start-of-round command points, if they control the vantage point, they receive 1 extra command point.",
      },
    ],
  },
  {
    ...armies,
    id: "power-struggle",
    name: "Power Struggle",
    ruleId: "PB-BP-04",
    table: 1,
    number: 4,
    layout: "long-edge territories 12\" from the centre line",
    territories: LONG_TERRITORIES_24_APART,
    deploymentDistance: 0,
    objectives: [fixed("centre", 30, 22), fixed("south-west", 15, 11), fixed("south-east", 45, 11), fixed("north-west", 15, 33), fixed("north-east", 45, 33)],
    scoring: "hold-your-ground",
    victoryPoints: true,
    specialRules: [
      {
        name: "Hold Your Ground",
        text: "Some victory points are only scored for objectives you control once you have controlled that objective for two of your turns consecutively. These turns can carry over into the next battle round.",
      },
    ],
  },
  {
    // PB-BP-05: three objectives on the centre line, between two armies kept 18" apart.
    ...armies,
    id: "survival-of-the-fittest",
    name: "Survival of the Fittest",
    ruleId: "PB-BP-05",
    table: 1,
    number: 5,
    layout: "long-edge halves",
    territories: LONG_HALVES,
    deploymentDistance: 9,
    objectives: [fixed("west", 12, 22), fixed("centre", 30, 22), fixed("east", 48, 22)],
    scoring: "one-two-more",
    victoryPoints: true,
    predators: true,
    specialRules: [
      {
        name: "Top of the Food Chain",
        text: "After armies have been set up, before determining who has the first turn in the first battle round, each player must pick 3 different friendly units on the battlefield, starting with the attacker. These are their predator units. Score 1 victory point for each enemy predator unit destroyed by a friendly predator unit during your turn.",
      },
    ],
  },
  {
    // PB-BP-06: the three numbered objectives stand on the border, south (1), centre (2) and north (3).
    ...armies,
    id: "tectonic-interference",
    name: "Tectonic Interference",
    ruleId: "PB-BP-06",
    table: 1,
    number: 6,
    layout: "short-edge halves",
    territories: SHORT_HALVES,
    deploymentDistance: 9,
    objectives: [fixed("south", 30, 10, true, 1), fixed("centre", 30, 22, true, 2), fixed("north", 30, 34, true, 3)],
    scoring: "alpha-beta",
    victoryPoints: true,
    alphaObjective: true,
    specialRules: [
      { name: "Prime Objectives", text: "The objectives in this battle are prime objectives: they cannot be removed from the battlefield." },
      {
        name: "Alpha and Beta Objectives",
        text: "At the start of each battle round, before determining who has the first turn, roll a D3. The objective with the corresponding number is the alpha objective for that battle round, and the other 2 objectives are the beta objectives.",
      },
    ],
  },
];
