// Battle Damaged, commands and Feral Roar (PB-REALM-FERAL-ROAR, CORE-CP): src/aos/battle/damaged.ts,
// commands.ts and feral-roar.ts. A unit's Attacks and Control are the Battle Damaged ones once its damage
// points reach the threshold, unless Feral Roar is on it this combat phase; a command costs 1 command point,
// needs an issuer (the unit itself with a champion; a HERO within 12"; the general within 18"; a TOTEM
// within 18"; the receiver itself first, then friendly units in id order) and each army uses it once per phase.
import { UF, US } from "./layout";
import { noCommandsHeld } from "./declared2";
import {
  cp0, cp1, deployed, feralRoarUsed0, feralRoarUsed1, flag, general, isHero, isMonster, inCombat, nUnits, owner, st, ui, UI, wi, WI, within, deployedOf, bitOf,
} from "./state";

const ISSUER_CHAMPION: i32 = 1;
const ISSUER_TOTEM: i32 = 2;
const HERO_RANGE: f64 = 12;
const GENERAL_RANGE: f64 = 18;
const TOTEM_RANGE: f64 = 18;

/** damaged.ts battleDamagedApplies. */
// @ts-ignore: decorator
@inline export function battleDamaged(u: i32): bool {
  const at = ui(u, UI.DAMAGED_AT);
  return at > 0 && ui(u, UI.DAMAGE) >= at && !st(u, US.FERAL_ROAR);
}

/** damaged.ts weaponAttacks: the weapon's Attacks as dice (count, sides, plus) in attacksC/S/P. */
export let attacksC: i32 = 0;
export let attacksS: i32 = 0;
export let attacksP: i32 = 0;
export function weaponAttacks(w: i32, u: i32): void {
  if (wi(w, WI.DAMAGED) != 0 && battleDamaged(u)) {
    attacksC = wi(w, WI.DAC);
    attacksS = wi(w, WI.DAS);
    attacksP = wi(w, WI.DAP);
  } else if (wi(w, WI.LIMIT_AT) > 0 && ui(u, UI.DAMAGE) >= wi(w, WI.LIMIT_AT)) {
    // Necromantic Limits (damaged.ts weaponAttacks): not Battle Damaged, so Feral Roar does not lift it.
    attacksC = 0;
    attacksS = 0;
    attacksP = wi(w, WI.LIMIT_A);
  } else {
    attacksC = wi(w, WI.AC);
    attacksS = wi(w, WI.AS);
    attacksP = wi(w, WI.AP);
  }
}

/** damaged.ts unitControl. */
export function unitControl(u: i32): i32 {
  const c = ui(u, UI.DAMAGED_CONTROL);
  return c >= 0 && battleDamaged(u) ? c : ui(u, UI.CONTROL);
}

/** commands.ts canIssue. */
function canIssue(issuer: i32, receiver: i32): bool {
  if (issuer == receiver && (ui(issuer, UI.ISSUER) & ISSUER_CHAMPION) != 0) return true;
  const self = issuer == receiver;
  return (
    (isHero(issuer) && (self || within(issuer, receiver, HERO_RANGE))) ||
    (flag(issuer, UF.GENERAL) && (self || within(issuer, receiver, GENERAL_RANGE))) ||
    ((ui(issuer, UI.ISSUER) & ISSUER_TOTEM) != 0 && (self || within(issuer, receiver, TOTEM_RANGE)))
  );
}

/** commands.ts commandIssuer != null. */
export function hasIssuer(receiver: i32): bool {
  if (canIssue(receiver, receiver)) return true;
  const me = owner(receiver);
  for (let m = deployedOf(me) & ~bitOf(receiver); m != 0; m &= m - 1) if (canIssue(<i32>ctz<u64>(m), receiver)) return true;
  return false;
}

/** CORE-CP (commands.ts generalGeneratesCommandPoints): `player`'s general has not been slain. */
export function generalGeneratesCommandPoints(player: i32): bool {
  const g = general(player);
  return g >= 0 && ui(g, UI.STATUS) != 2;
}

// @ts-ignore: decorator
@inline export function commandPoints(player: i32): i32 {
  return player == 0 ? cp0 : cp1;
}

// @ts-ignore: decorator
@inline function feralRoarUsed(player: i32): bool {
  return player == 0 ? feralRoarUsed0 : feralRoarUsed1;
}

/** feral-roar.ts feralRoarTargets: a MONSTER of `player` whose Battle Damaged applies and that can receive
 * Feral Roar (`u` one of the player's units on the battlefield; the conjunction's cheap tests first). */
function feralRoarTarget(player: i32, u: i32): bool {
  return battleDamaged(u) && isMonster(u) && commandPoints(player) >= 1 && !feralRoarUsed(player) && hasIssuer(u) && !noCommandsHeld(u);
}

/** Whether `player` has a Feral Roar decision to make. */
export function hasFeralRoarTargets(player: i32): bool {
  if (commandPoints(player) < 1 || feralRoarUsed(player)) return false;
  for (let m = deployedOf(player); m != 0; m &= m - 1) if (feralRoarTarget(player, <i32>ctz<u64>(m))) return true;
  return false;
}

/** policy.ts: Feral Roar on the first target that is in combat, or -1 for none. */
export function feralRoarPick(player: i32): i32 {
  for (let m = deployedOf(player); m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (feralRoarTarget(player, u) && inCombat(u)) return u;
  }
  return -1;
}
