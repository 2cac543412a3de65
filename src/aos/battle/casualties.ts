/**
 * After damage: note a MONSTER model slain (PB-REALM-PREY), and when a unit's last model is slain remove it
 * and remember who did it (PB-BT-01/03/05, PB-BP-05, PB-REALM-PREY).
 */
import type { Battle } from "./battle.js";
import { altarLeaderSlain } from "./objectives.js";
import type { Player } from "./state.js";
import { destroyedMortal } from "./mortal4.js";
import { noteKill } from "./kills5.js";
import { timberrrrr } from "./traits.js";

export interface Killer {
  unit: number;
  melee: boolean;
  /** The damage was its attacks' (shooting.ts, combat.ts), not an ability's (the kills5 area's kill records). */
  attack?: boolean;
}

/**
 * `slain`: the models the damage just slew. PB-REALM-PREY scores when enemy MONSTERS "were slain": a MONSTER
 * model slain counts, whether or not its unit is destroyed (the Wasm kernel notes it in allocateDamage).
 */
export function destroyIfSlain(b: Battle, id: number, killer: Killer | null, slain = 0): boolean {
  const u = b.unit(id);
  if (slain > 0 && killer !== null) b.unit(killer.unit).slewThisTurn = true; // Victory Feast (healing.ts)
  if (killer !== null) noteKill(b, id, killer.unit, slain, u.models === 0 && u.status === "deployed", killer.attack === true, killer.melee); // kills5.ts
  if (slain > 0 && b.isMonster(id)) {
    const prey = (b.data.preySlain ??= [false, false]);
    prey[b.ownerOf(id) as Player] = true;
  }
  // Timberrrrr! (traits.ts): each MEGA-GARGANT or GARGANT model slain falls before it is removed.
  if (slain > 0 && u.status === "deployed") timberrrrr(b, id, slain);
  if (u.models > 0 || u.status !== "deployed") return false;
  // Watch Out! and the like (mortal4.ts): before the unit is removed.
  destroyedMortal(b, id);
  const at = b.footprint(id);
  u.status = "destroyed";
  u.damage = 0;
  const d = b.data;
  const owner = b.ownerOf(id);
  const predator = killer !== null && d.predators[owner].includes(id) && d.predators[b.ownerOf(killer.unit)].includes(killer.unit);
  u.destroyedBy = { monster: killer !== null && b.isMonster(killer.unit), predator, round: d.round, turn: d.turn };
  b.say(`  ${b.profile(id).name} is destroyed.`);
  if (killer?.melee && b.isLeader(id)) altarLeaderSlain(b, killer.unit, { ...at, radius: at.radius });
  return true;
}
