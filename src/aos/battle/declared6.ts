/**
 * The declared abilities' sixth pass in the TypeScript engine (docs/abilities.md "Declared abilities, sixth pass
 * (declared6)"; the kernel's twin is assembly/battle/declared6.ts).
 *
 * - `command` on an effect for a while (a warscroll command, "...; Command"): status.ts useForAWhile uses it only while
 *   the army has a command point (CORE-CP), the unit with the ability has an issuer (commands.ts commandIssuer: itself
 *   if it can, else a friendly HERO within 12", the general within 18", a TOTEM within 18") and does not hold
 *   `no-commands` (declared2.ts); once it has picked its target(s), before any dice, the army spends 1 command point.
 *   Its "Once Per Turn (Army)" limit implies the once-per-phase rule of commands.
 */
import type { PlayedEffect } from "../abilities/index.js";
import type { Battle } from "./battle.js";
import { commandIssuer } from "./commands.js";
import { noCommands } from "./declared2.js";

/** Whether `pe` is a command (its group's first effect carries `command`). */
export function isCommand(pe: PlayedEffect): boolean {
  return pe.effect.do.kind === "for-the-turn" && pe.effect.do.command === true;
}

/** Whether unit `s` can use a command now: a command point, an issuer, not `no-commands`. */
export function commandReady(b: Battle, s: number): boolean {
  return b.data.commandPoints[b.ownerOf(s)] >= 1 && commandIssuer(b, s) !== null && !noCommands(b, s);
}

/** Spends the command point of `pe`, used by unit `s`. */
export function payCommand(b: Battle, pe: PlayedEffect, s: number): void {
  const player = b.ownerOf(s);
  b.data.commandPoints[player] -= 1;
  b.say(`${b.data.armies[player]} spends 1 command point on ${pe.ability.name} (${b.data.commandPoints[player]} left).`);
}
