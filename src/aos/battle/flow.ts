/**
 * Who decides what, now: the choices of the current step, and the chance nodes. Every step's choices come
 * from its phase's module; an action is an index into this list.
 */
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { chargeChoices } from "./charge.js";
import { combatChoices, fightPicker } from "./combat.js";
import { feralRoarChoices } from "./feral-roar.js";
import { heroChoices } from "./hero.js";
import { movementChoices } from "./movement.js";
import { firstTurnChoices, priorityOutcome, seismicChoices, startRound, vantageChoices } from "./round.js";
import { chooseAttackerChoices, deployChoices, grandStrategyChoices, predatorChoices, territoryChoices } from "./setup.js";
import { shootingChoices } from "./shooting.js";
import type { Player } from "./state.js";
import { tacticChoices } from "./tactics.js";
import { destroyChoices, nextPhase, raidChoices } from "./turn.js";

export function isChance(b: Battle): boolean {
  return b.data.step.kind === "rolloff-attacker" || b.data.step.kind === "priority-roll";
}

/** A roll-off (PB-ROLLOFF): ties roll again, so each player wins with probability 1/2. */
export function applyChance(b: Battle, winner: Player): void {
  b.choiceCache = null;
  const s = b.data.step;
  if (s.kind === "rolloff-attacker") b.data.step = { kind: "choose-attacker", player: winner };
  else if (s.kind === "priority-roll") priorityOutcome(b, winner);
  settle(b);
}

/** The current step's choices (cached until the state changes: legalActions, actionToString and apply all ask). */
export function choices(b: Battle): Choice[] {
  if (b.choiceCache) return b.choiceCache as Choice[];
  const c = computeChoices(b);
  b.choiceCache = c;
  return c;
}

function computeChoices(b: Battle): Choice[] {
  const s = b.data.step;
  switch (s.kind) {
    case "choose-attacker":
      return chooseAttackerChoices(s.player);
    case "territory":
      return territoryChoices(b, s.player);
    case "grand-strategy":
      return grandStrategyChoices(s.player);
    case "deploy":
      return deployChoices(b, s.player);
    case "predators":
      return predatorChoices(b, s.player);
    case "first-turn":
      return firstTurnChoices(s.player);
    case "seismic-shift":
      return seismicChoices(b);
    case "vantage-point":
      return vantageChoices(b);
    case "battle-tactic":
      return tacticChoices(b, s.player);
    case "hero":
      return heroChoices(b, s.player);
    case "movement":
      return movementChoices(b, s.player);
    case "shooting":
      return shootingChoices(b, s.player);
    case "charge":
      return chargeChoices(b, s.player);
    case "combat":
      return combatChoices(b, s.player);
    case "feral-roar":
      return feralRoarChoices(b, s.player);
    case "raid":
      return raidChoices(b);
    case "destroy-objective":
      return destroyChoices(b);
    default:
      return [];
  }
}

/**
 * Steps that need no decision move on by themselves: a combat phase with nobody left to fight ends, the
 * pick passes to the player who has an eligible unit; a predator pick with no units left is skipped.
 */
export function settle(b: Battle): void {
  for (let guard = 0; guard < 10_000; guard++) {
    b.choiceCache = null;
    const s = b.data.step;
    if (s.kind === "combat") {
      const p = fightPicker(b);
      if (p === null) {
        nextPhase(b);
        continue;
      }
      if (p !== s.player) b.data.step = { kind: "combat", player: p };
      return;
    }
    if (s.kind === "over" || isChance(b)) return;
    if (choices(b).length > 0) return;
    // A decision with nothing to decide: treat as its "none" (only predator picks and vantage points can be empty).
    if (s.kind === "predators") {
      b.data.predators[s.player] = b.data.predators[s.player].slice();
      if (s.player === b.data.attacker) b.data.step = { kind: "predators", player: (1 - s.player) as Player };
      else startRound(b);
      continue;
    }
    throw new Error(`no choice at step ${s.kind}`);
  }
  throw new Error("the battle's flow did not settle");
}
