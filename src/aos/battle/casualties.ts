/** When a unit's last model is slain: remove it and remember who did it (PB-BT-01/03/05, PB-BP-05, PB-REALM-PREY). */
import type { Battle } from "./battle.js";
import { altarLeaderSlain } from "./objectives.js";

export interface Killer {
  unit: number;
  melee: boolean;
}

export function destroyIfSlain(b: Battle, id: number, killer: Killer | null): boolean {
  const u = b.unit(id);
  if (u.models > 0 || u.status !== "deployed") return false;
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
