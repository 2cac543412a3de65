/** A decision open to a player: a readable label and what choosing it does. Actions are indices into the list. */
import type { Battle } from "./battle.js";

export interface Choice {
  label: string;
  apply(b: Battle): void;
}
