/** A decision open to a player: a readable label and what choosing it does. Actions are indices into the list. */
import type { Battle } from "./battle.js";
import type { Player, TacticInPlay } from "./state.js";

/** Where a movement order points (movement.ts): an objective, an enemy unit, or the unit's own territory. */
export type MoveTarget = { kind: "objective"; id: string } | { kind: "enemy"; unit: number } | { kind: "home" };

/**
 * What a choice does, as plain data, for agents that pick by meaning rather than by label (the scripted
 * policy, src/aos/battle/policy.ts). Set-up steps whose choices are a fixed list (attacker, territory,
 * grand strategy, deployment spots) carry none: their index is their meaning.
 */
export type ChoiceTag =
  | { kind: "end" }
  | { kind: "predator"; unit: number }
  | { kind: "first-turn"; first: Player }
  | { kind: "seismic"; objective: string | null }
  | { kind: "vantage"; objective: string }
  | { kind: "tactic"; tactic: TacticInPlay }
  | { kind: "cast"; wizard: number; target: number }
  // A warscroll spell (warscroll-spells.ts): "Warscroll/Ability" on its scripted target.
  | { kind: "spell"; wizard: number; spell: string; target: number }
  // CORE-BANISH (manifestations.ts): summon a manifestation (a unit id) at the spot toward the nearest enemy,
  // objective or the enemy territory; banish a manifestation.
  | { kind: "summon"; wizard: number; unit: number; toward: "enemy" | "objective" | "territory" }
  | { kind: "banish"; caster: number; target: number }
  | { kind: "move"; unit: number; to: MoveTarget; run: boolean }
  | { kind: "retreat"; unit: number }
  // CORE-RESERVES (reserves.ts): set up in reserve at deployment; arrive from reserve near a target.
  | { kind: "reserve"; unit: number; ability: string }
  | { kind: "arrive"; unit: number; to: MoveTarget; at: { x: number; y: number } }
  // CORE-REPLACEMENT (replacement.ts): a replacement for destroyed unit `unit`, used by `user` (null: the army).
  | { kind: "replace"; ability: string; unit: number; user: number | null; to: MoveTarget; at: { x: number; y: number } }
  // "Remove this unit from the battlefield and set it up again" (setups.ts): ability `ability` near a target.
  | { kind: "redeploy"; unit: number; ability: string; to: MoveTarget; at: { x: number; y: number } }
  | { kind: "shoot" | "charge" | "fight"; unit: number; target: number }
  | { kind: "command"; command: "feral-roar"; unit: number | null }
  | { kind: "raid"; objective: string | null }
  | { kind: "destroy"; objective: string | null };

export interface Choice {
  label: string;
  apply(b: Battle): void;
  tag?: ChoiceTag;
}
