/**
 * Commands (CORE-CP): a command costs command points (1 for every command the seeds name), needs a unit to
 * issue it, and each army can use the same command once per phase. The engine's only command so far is the
 * realm command Feral Roar (PB-REALM-FERAL-ROAR, feral-roar.ts); more plug in through `Command`.
 *
 * Who can issue a command to a unit (the catalog's CORE-CP, 6.1): the unit itself if it has a champion; a
 * friendly HERO within 12"; the general within 18"; a TOTEM within 18". Where the seeds are silent:
 * - a HERO, the general or a TOTEM can issue a command to itself (it is within 12" of itself);
 * - distances are edge to edge between footprints (Battle.distance, issuer to receiver), like every range;
 * - the issuer is picked by the engine, not by the player: the first that qualifies, the receiver itself
 *   first, then friendly units in id order (the issuer has no effect beyond making the command legal);
 * - "once per phase" is per army and per command (CORE-CP's 3rd-edition wording); `BattleData.commandsUsed`
 *   is cleared when a phase starts.
 *
 * Where command points come from (Pitched Battles 1.4.2: "Generals are used to generate command points"; the
 * battleplans speak of "start-of-round command points" and give no number): at the start of each battle round
 * an army receives 1 command point while its general has not been slain (on the battlefield or in reserve);
 * an army whose general is slain — or that has none — receives none. Unspent points are kept. First Blood's
 * vantage point adds its 1 whatever becomes of the general: the objective generates it, not the general.
 */
import type { Battle } from "./battle.js";
import type { Player } from "./state.js";
import { hasKeyword } from "./units.js";

export interface Command {
  id: string;
  name: string;
  /** Command points it costs. */
  cost: number;
}

/** CORE-CP: the command points an army's general generates at the start of each battle round. */
export const ROUND_COMMAND_POINTS = 1;

/** CORE-CP: whether `player`'s general lives (not slain: on the battlefield or in reserve), so generates command points. */
export function generalGeneratesCommandPoints(b: Battle, player: Player): boolean {
  const g = b.general(player);
  return g !== null && b.unit(g).status !== "destroyed";
}

/** Issuing ranges (CORE-CP): a HERO 12", the general 18", a TOTEM 18". */
export const ISSUE_RANGE = { hero: 12, general: 18, totem: 18 } as const;

/** Whether `issuer` (a friendly unit on the battlefield) can issue a command to `receiver`. */
export function canIssue(b: Battle, issuer: number, receiver: number): boolean {
  const p = b.profile(issuer);
  if (issuer === receiver && hasKeyword(p, "CHAMPION")) return true;
  const d = issuer === receiver ? 0 : b.distance(issuer, receiver);
  return (b.isHero(issuer) && d <= ISSUE_RANGE.hero) || (p.isGeneral && d <= ISSUE_RANGE.general) || (hasKeyword(p, "TOTEM") && d <= ISSUE_RANGE.totem);
}

/** The unit that issues a command to `receiver`: the receiver itself if it can, else the first friendly unit that can; null if none. */
export function commandIssuer(b: Battle, receiver: number): number | null {
  if (canIssue(b, receiver, receiver)) return receiver;
  for (const id of b.deployed(b.ownerOf(receiver))) if (id !== receiver && canIssue(b, id, receiver)) return id;
  return null;
}

/** `player` can use `command` on `receiver` now: enough command points, not used this phase, an issuer. */
export function canUseCommand(b: Battle, player: Player, command: Command, receiver: number): boolean {
  const d = b.data;
  return d.commandPoints[player] >= command.cost && !d.commandsUsed[player].includes(command.id) && b.ownerOf(receiver) === player && commandIssuer(b, receiver) !== null;
}

/** Uses `command` on `receiver`: pays its command points and marks it used this phase. Returns the issuer. */
export function useCommand(b: Battle, player: Player, command: Command, receiver: number): number {
  const issuer = commandIssuer(b, receiver);
  if (issuer === null || !canUseCommand(b, player, command, receiver)) throw new Error(`${command.name} cannot be used on ${b.profile(receiver).name} now`);
  const d = b.data;
  d.commandPoints[player] -= command.cost;
  d.commandsUsed[player].push(command.id);
  const by = issuer === receiver ? "itself" : b.profile(issuer).name;
  b.say(`${d.armies[player]} uses ${command.name} on ${b.profile(receiver).name} (issued by ${by}; ${command.cost} command point, ${d.commandPoints[player]} left).`);
  return issuer;
}
