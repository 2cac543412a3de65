/**
 * The state of a Pitched Battle as one plain, JSON-serialisable object (`BattleData`): what a replay, a
 * snapshot for the planner or a saved game holds. Rules act on it through the `Battle` class
 * (battle.ts), which adds the seeded RNG and cached lookups.
 */
import type { BattleplanId, TerritoryId } from "../battleplans/index.js";
import type { BattleEnd, BattleTacticId, GrandStrategyId, ScoringState } from "../scoring/index.js";
import type { TerrainAbility } from "./terrain.js";
import type { UnitProfile, UnitState } from "./units.js";
import type { ManifestationsData } from "./manifestations.js";

export type Player = 0 | 1;

/** One use of a reserve or replacement ability (abilities.ts): the ability's id, the player, when. */
export interface AbilityUse {
  ability: string;
  player: Player;
  round: number;
  turn: number;
}

/**
 * A terrain feature (PB-TERRAIN): a circle that can be controlled (PB-GS-08), with its terrain abilities —
 * Cover (PB-COVER), Unstable (CORE-UNSTABLE) — its height and the radius of its part more than 1" tall
 * (terrain.ts has the model). Without `abilities` (a battle saved before heights) it gives Cover only.
 */
export interface TerrainFeature {
  x: number;
  y: number;
  radius: number;
  /** What it is ("ruins", "hill", ...: terrain.ts TERRAIN_TABLE), for the log and the dashboard. */
  kind?: string;
  /** Inches, its tallest part. */
  height?: number;
  /** The concentric part more than 1" tall (0: none; absent: the whole circle). */
  tallRadius?: number;
  abilities?: TerrainAbility[];
}

/** The battle tactic a player revealed this turn and what they picked (PB-TACTIC-PICK). */
export interface TacticInPlay {
  id: BattleTacticId;
  /** Unit ids (broken-ranks, bring-it-down, ferocious-advance, monstrous-takeover) or objective ids. */
  units: number[];
  objectives: string[];
  /** Conquer: the opponent controlled the objective when it was picked. */
  opponentControlledWhenPicked: boolean;
}

export interface SheetTurn {
  round: number;
  /** Whose turn it was (null for the end of the battle: grand strategies). */
  player: Player | null;
  battleTactic: string | null;
  battleTacticCompleted: boolean;
  objectives: [string[], string[]];
  lines: { player: Player; victoryPoints: number; ruleId: string; text: string }[];
}

/** Whose decision it is and what about: the stack of sub-decisions of ARCHITECTURE.md, one at a time. */
export type Step =
  | { kind: "rolloff-attacker" } // chance: who wins the roll-off to pick attacker/defender
  | { kind: "choose-attacker"; player: Player }
  | { kind: "territory"; player: Player }
  | { kind: "grand-strategy"; player: Player }
  | { kind: "deploy"; player: Player }
  | { kind: "predators"; player: Player }
  | { kind: "priority-roll" } // chance: rounds 2-5
  | { kind: "first-turn"; player: Player }
  | { kind: "seismic-shift"; player: Player }
  | { kind: "vantage-point"; player: Player }
  | { kind: "battle-tactic"; player: Player }
  | { kind: "hero"; player: Player }
  | { kind: "movement"; player: Player }
  | { kind: "shooting"; player: Player }
  | { kind: "charge"; player: Player }
  | { kind: "combat"; player: Player }
  | { kind: "feral-roar"; player: Player } // PB-REALM-FERAL-ROAR, at the start of the combat phase (feral-roar.ts)
  | { kind: "raid"; player: Player }
  | { kind: "destroy-objective"; player: Player }
  | { kind: "over" };

export interface BattleData {
  version: 1;
  battleplan: BattleplanId;
  pointsLimit: number;
  armies: [string, string];
  profiles: UnitProfile[];
  units: UnitState[];
  terrain: TerrainFeature[];
  /** Which player is the attacker (null before the roll-off). */
  attacker: Player | null;
  territories: [TerritoryId | null, TerritoryId | null];
  grandStrategies: [GrandStrategyId | null, GrandStrategyId | null];
  /** The scoring fold of src/aos/scoring (VP, tactics, objectives' history, the round's events). */
  scoring: ScoringState | null;
  round: number;
  /** 0 for the first turn of the round, 1 for the second. */
  turn: number;
  active: Player;
  step: Step;
  commandPoints: [number, number];
  /** CORE-CP: the commands (ids) each army has used this phase (each at most once per phase; commands.ts). */
  commandsUsed: [string[], string[]];
  /** Points a faction rule gives each army (relentless discipline: CORE-OBR-DISCIPLINE). */
  factionPoints: [number, number];
  /**
   * Reserve and replacement abilities used (abilities.ts ids), when and by whom, for their limits ("once per
   * battle", "once per turn"): CORE-RESERVES, CORE-REPLACEMENT (reserves.ts, replacement.ts).
   */
  abilityUses: AbilityUse[];
  /**
   * The effect language's "once per battle (army)" abilities ("Warscroll/Ability") each army has used
   * (combat-abilities.ts: Stormbolt Tempest); absent: none.
   */
  effectsUsed?: [string[], string[]];
  /**
   * The hashut6 area's desolation tokens (battle/hashut6.ts, the Helsmiths of Hashut's Leave the Land in Ruin): per
   * player, bit i = the plan's objective i has that army's token; absent: none.
   */
  desolation?: [number, number];
  /** The bundled factions' battle traits and abilities with code of their own (traits.ts); absent: nothing yet. */
  traits?: TraitsData;
  /**
   * The Sylvaneth's overgrown tokens (sylvaneth6.ts): each player's friendly tokens on the battlefield's terrain
   * features, bit i = `terrain[i]`; absent: none.
   */
  overgrown?: [number, number];
  /** CORE-BANISH: the manifestations the armies' lores can summon, as units (manifestations.ts); absent: none. */
  manifestations?: ManifestationsData;
  /** Who controls each objective in play (CORE-CONTROL: control sticks until the opponent gains it). */
  control: Record<string, Player | null>;
  tactic: TacticInPlay | null;
  predators: [number[], number[]];
  /** The player who finished deploying first (PB-INITIATIVE). */
  deployedFirst: Player | null;
  /** Objectives picked at the round start / end of turn, waiting for the scoring call. */
  pending: { seismicShift: string | null; vantagePoint: string | null; raid: string | null; destroyed: string[]; alphaRoll: number | null; veinsRolls: Record<string, number> };
  /**
   * This phase: WIZARDs that have cast, whether Metamorphosis was attempted (same spell once per phase); the
   * summon spells attempted, the PRIESTS' prayers used and the manifestations picked to be banished
   * (CORE-BANISH, manifestations.ts: absent means none; banishing is a hero-phase ability, so this phase is
   * this turn).
   */
  spells: { cast: number[]; metamorphosis: boolean; blocked: number[]; /** miscast this phase but not stopped (casting.ts goesOnAfterMiscast) */ miscast?: number[]; summoned?: string[]; prayed?: number[]; banished?: number[]; /** warscroll spells cast this phase ("Warscroll/Ability": warscroll-spells.ts) */ warscroll?: string[] };
  /**
   * PB-REALM-PREY: this turn, whether a MONSTER model (by keyword or Metamorphosis) of each army was slain —
   * one model is enough, the unit need not be destroyed (casualties.ts). Cleared at the start of each turn;
   * absent: none.
   */
  preySlain?: [boolean, boolean];
  /** Combat phase: the player whose pick it is next (CORE-FIGHT-ORDER). */
  fightPicker: Player;
  /** Combat phase: a unit an ability lets fight immediately after the last fight (fight-order.ts); absent: none. */
  fightNext?: FightNext;
  victoryPoints: [number, number];
  /** PB-SCORESHEET: each turn's victory points with the rule behind every point, in the order scored. */
  sheet: SheetTurn[];
  /** PB-GS-PICK: whether each player completed their grand strategy (set when the battle ends). */
  grandStrategyCompleted: [boolean, boolean] | null;
  end: BattleEnd | null;
  /** A readable log when enabled (null in rollouts, where it would only cost time). */
  log: string[] | null;
}

/** The state of the bundled battle traits (traits.ts; the kernel's H and U slots of encode-traits.ts). */
export interface TraitsData {
  /** Army-wide "Once Per Turn (Army)" uses this turn, bit f * 2 + p (traits.ts TRAIT_USE: Ruthless Extermination, ...). */
  turnUses?: number;
  /** Soul-bonded: [Praetors unit, its soul-bonded charge] pairs, picked when the battle is created. */
  bonded?: [number, number][];
  /**
   * Army-wide "Once Per Battle (Army)" uses, bit f * 2 + p (TRAIT_USE in traits.ts); "Once Per Turn (Army)" ones
   * are in turnUses with the same bits.
   */
  battleUses?: number;
  /** A Kingdom Deluded: the delusion each player believes this turn (its last pick; traits.ts DELUSIONS index + 1, 0 none). */
  belief?: [number, number];
  /** Feeding Frenzy: the HERO each player picked this turn (-1 none). */
  frenzy?: [number, number];
  /** Deathly Barrage: [Mortek Crawler, the unit all its shooting attacks targeted] this turn. */
  shotAt?: [number, number][];
}

/** A unit that fights next, out of the alternation (fight-order.ts): the for-the-turn token it then gets, and the ability. */
export interface FightNext {
  unit: number;
  token: string | null;
  /** "Warscroll/Ability" */
  by: string;
}
