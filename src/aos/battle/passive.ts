/**
 * The battle's side of the passive conditions (src/aos/abilities/passive.ts): what the effect view reads of a
 * battle for them, and passive STRIKE-FIRST / STRIKE-LAST for the fight order (combat.ts). The kernel's twin is
 * assembly/battle/passive.ts.
 */
import type { EffectView } from "../abilities/attack.js";
import { passiveStrike } from "../abilities/passive.js";
import { type Circle, contains, distanceToBoundary, EPSILON, OBJECTIVE_RADIUS, type Point, whollyWithin } from "../battleplans/geometry.js";
import type { Battle } from "./battle.js";
import { battleEffects, battleView } from "./effects.js";
import { CONTEST_REACH } from "./geometry.js";
import { isManifestation } from "./manifestations.js";
import type { Player } from "./state.js";
import { sourceFor } from "../abilities/attack.js";

/** Some of a circle within a territory: its centre inside, or its edge past the boundary (docs/abilities.md). */
function partlyWithinCircle(poly: Point[], c: Circle): boolean {
  return contains(poly, c) || distanceToBoundary(poly, c) < c.radius - EPSILON;
}

/** Some of the unit's footprint within its army's / the enemy's territory. */
export function partlyWithin(b: Battle, id: number, player: Player): boolean {
  return partlyWithinCircle(b.territoryPolygon(player), b.footprint(id));
}

/** The view's passive-condition methods for battle `b` (effects.ts battleView). */
export function passiveView(b: Battle): Pick<Required<EffectView>, "damage" | "round" | "combatEnemies" | "objective" | "territory" | "enemyWithin"> {
  return {
    damage: (id) => b.unit(id).damage,
    round: () => b.data.round,
    combatEnemies: (id) => b.enemiesInCombat(id),
    // CORE-CONTEST: some of its models within 3" of the marker's edge (moves.ts contestsOwnObjective); a manifestation contests nothing.
    objective: (id, which) => {
      if (isManifestation(b, id)) return false;
      const fp = b.footprint(id);
      const me = b.ownerOf(id);
      // "an objective that is wholly outside friendly territory": no part of its marker within its army's territory.
      const outside = (o: { x: number; y: number }) => !partlyWithinCircle(b.territoryPolygon(me), { x: o.x, y: o.y, radius: OBJECTIVE_RADIUS });
      // objective4: "an objective you control that is wholly within enemy territory" (the whole marker: turn.ts objectiveWhollyIn).
      const enemyOwns = (o: { id: string; x: number; y: number }) => b.data.control[o.id] === me && whollyWithin(b.territoryPolygon((1 - me) as Player), { x: o.x, y: o.y, radius: OBJECTIVE_RADIUS });
      // terrain5: "an objective you control that is not contested by any other friendly units".
      const contests = (y: number, o: { x: number; y: number }) => !isManifestation(b, y) && Math.hypot(b.footprint(y).x - o.x, b.footprint(y).y - o.y) <= b.footprint(y).radius + CONTEST_REACH;
      const alone = (o: { id: string; x: number; y: number }) => b.data.control[o.id] === me && !b.deployed(me).some((y) => y !== id && contests(y, o));
      return b.objectives().some(
        (o) =>
          Math.hypot(fp.x - o.x, fp.y - o.y) <= fp.radius + CONTEST_REACH &&
          (which === "any" ||
            (which === "controlled-alone" ? alone(o) : which === "controlled-in-enemy-territory" ? enemyOwns(o) : which === "outside-friendly-territory" ? outside(o) : (b.data.control[o.id] === me) === (which === "controlled"))),
      );
    },
    territory: (id, which) => {
      const me = b.ownerOf(id);
      const enemy = (1 - me) as Player;
      switch (which) {
        case "wholly-outside-friendly": return !partlyWithin(b, id, me);
        case "wholly-within-enemy": return b.whollyWithinTerritory(id, enemy);
        case "not-within-enemy": return !partlyWithin(b, id, enemy);
        case "wholly-within-friendly": return b.whollyWithinTerritory(id, me);
      }
    },
    enemyWithin: (id, range) => b.deployed().some((y) => b.ownerOf(y) !== b.ownerOf(id) && b.distance(id, y) <= range + 1e-9),
  };
}

/** STRIKE-FIRST / STRIKE-LAST a passive ability gives unit `id` now ("This unit has STRIKE-FIRST if it charged in the same turn"). */
export function hasPassiveStrike(b: Battle, id: number, order: "first" | "last"): boolean {
  const effects = battleEffects(b);
  if (!effects.some((e) => e.effect.do.kind === "strike")) return false;
  return passiveStrike(battleView(b), effects, id, order, sourceFor);
}
