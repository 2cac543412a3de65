/**
 * Feral Roar (PB-REALM-FERAL-ROAR), the Ghurish Heartlands' realm command: "You can use this command ability
 * at the start of the combat phase. The unit that receives the command must be a MONSTER. Until the end of
 * that phase, when you look up a value on that unit's damage table, it is treated as if it has suffered 0
 * wounds." In 4th-edition terms (damaged.ts): its Battle Damaged ability does not apply for that phase.
 *
 * At the start of each combat phase (CORE-FIGHT-ORDER: start-of-phase abilities, the active player's first,
 * then the opponent's), each player with a MONSTER that can receive it decides: Feral Roar on one of them, or
 * none. It costs 1 command point and needs an issuer (commands.ts, CORE-CP). Only MONSTERS (by keyword or
 * by Metamorphosis) whose Battle Damaged applies right now are offered — on any other MONSTER it would
 * change nothing — and a player with none of those, or without a command point, has no decision to make.
 */
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { type Command, canUseCommand, useCommand } from "./commands.js";
import { battleDamagedApplies } from "./damaged.js";
import { noCommands } from "./declared2.js";
import type { Player } from "./state.js";
import { addToken, TOKEN } from "./tokens.js";
import { useCombatAbilities } from "./combat-abilities.js";
import { traitsCombatStep } from "./traits.js";

export const FERAL_ROAR: Command = { id: "feral-roar", name: "Feral Roar", cost: 1 };

/** `player`'s MONSTERS that Feral Roar would change now and that can receive it (ascending ids). */
export function feralRoarTargets(b: Battle, player: Player): number[] {
  return b.deployed(player).filter((id) => b.isMonster(id) && battleDamagedApplies(b.profile(id), b.unit(id)) && canUseCommand(b, player, FERAL_ROAR, id) && !noCommands(b, id));
}

/**
 * The start of the combat phase (after turn.ts has set it up): the active player's Feral Roar decision if
 * they have one, else the opponent's, else straight on to the fights.
 */
export function startCombatPhase(b: Battle): void {
  const d = b.data;
  if (feralRoarTargets(b, d.active).length > 0) d.step = { kind: "feral-roar", player: d.active };
  else afterFeralRoar(b, d.active);
}

/** After `player`'s decision: the opponent's if `player` was the active player and the opponent has one, else the fights. */
function afterFeralRoar(b: Battle, player: Player): void {
  const d = b.data;
  const other = (1 - d.active) as Player;
  if (player === d.active && feralRoarTargets(b, other).length > 0) d.step = { kind: "feral-roar", player: other };
  else {
    // CORE-FIGHT-ORDER: the other non-FIGHT combat-phase abilities, the active player's then the opponent's.
    // Each army's bundled battle traits after its other abilities (traits.ts: Feeding Frenzy, RAMPAGE, Unerring Hunters).
    useCombatAbilities(b, d.active);
    traitsCombatStep(b, d.active);
    useCombatAbilities(b, other);
    traitsCombatStep(b, other);
    d.step = { kind: "combat", player: d.active };
  }
}

export function feralRoarChoices(b: Battle, player: Player): Choice[] {
  return [
    { label: "use no Feral Roar", tag: { kind: "command", command: "feral-roar", unit: null }, apply: (bb) => afterFeralRoar(bb, player) },
    ...feralRoarTargets(b, player).map(
      (id): Choice => ({
        label: `Feral Roar on ${b.profile(id).name} (1 command point)`,
        tag: { kind: "command", command: "feral-roar", unit: id },
        apply(bb) {
          useCommand(bb, player, FERAL_ROAR, id);
          addToken(bb.unit(id), TOKEN.feralRoar);
          bb.say(`  ${bb.profile(id).name} roars: its Battle Damaged does not apply until the end of this combat phase.`);
          afterFeralRoar(bb, player);
        },
      }),
    ),
  ];
}
