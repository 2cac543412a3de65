/**
 * The objective4 area's engine code (docs/abilities.md "Objectives, terrain features and set-ups again
 * (objective4)"): set-ups again at deployment, translated from "[Once Per Battle[ (Army)], ]Deployment Phase: Remove
 * this unit from the battlefield and set it up again on the battlefield more than N" from all enemy units"
 * (src/aos/abilities/translate-objective4.ts; the `redeploy` kind with a deployment-phase timing). TypeScript only:
 * the kernel starts after deployment (setup.ts afterDeployment runs before every battle either engine plays).
 *
 * The policy (scripted; the search does not see deployment as a decision), at the end of deployment before the
 * deployment moves and before control is first determined: the attacker's army first, then the defender's; the
 * abilities in data order; the units of the ability's warscroll by ascending id. A unit that holds an objective
 * (policy.ts holds) stays. For the others the spots are the movement phase's redeployment ones (reserves.ts
 * setUpTargets near each objective and the two weakest enemy units, setUpSpot's ring search with the unit's own
 * footprint no obstacle, the placement's gap from enemy units); setUpPick picks one, and the unit is set up there
 * only if it is an objective's and nearer that objective's centre than the unit by more than its Move estimate
 * (policy.ts moveEstimate): setups.ts redeployPick's rule. "Once Per Battle (Army)": the first unit set up again
 * uses it for the army; otherwise each unit of the warscroll may (deployment happens once, so "Once Per Battle" on
 * a unit is the same).
 */
import type { PlayedEffect } from "../abilities/index.js";
import { playedEffectsOf } from "../abilities/index.js";
import type { Ability } from "../abilities/schema.js";
import type { Battle } from "./battle.js";
import { CONTEST_REACH } from "./geometry.js";
import { isManifestation } from "./manifestations.js";
import { battleEffects } from "./effects.js";
import { passiveView } from "./passive.js";
import { holds, moveEstimate, setUpPick } from "./policy.js";
import { type Obstacle, setUpSpot, setUpTargets } from "./reserves.js";
import type { Player } from "./state.js";

type RedeployDo = Extract<Ability["effects"][number]["do"], { kind: "redeploy" }>;

/** The played deployment-phase set-ups again of a battle's warscrolls, in data order. */
export function deploymentRedeploys(profiles: readonly { warscroll: string; abilities?: readonly Ability[] }[]): PlayedEffect[] {
  return playedEffectsOf(profiles).filter((pe) => pe.effect.do.kind === "redeploy" && pe.ability.when.timing === "phase" && pe.ability.when.phase === "deployment");
}

/** The deployment-phase set-ups again (see the file comment). */
export function useDeploymentRedeploys(b: Battle): void {
  const list = deploymentRedeploys(b.data.profiles);
  if (list.length === 0) return;
  const attacker = (b.data.attacker ?? 0) as Player;
  for (const player of [attacker, (1 - attacker) as Player]) {
    for (const pe of list) {
      const d = pe.effect.do as RedeployDo;
      const w = pe.ability.when;
      const placement = { moreThanFromEnemies: d.moreThanFromEnemies, ...(d.whollyWithinEdge !== undefined ? { whollyWithinEdge: d.whollyWithinEdge } : {}), notInCombat: false };
      for (const id of b.deployed(player)) {
        if (b.profile(id).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase() || holds(b, player, id)) continue;
        // Removed from the battlefield first: its own footprint is no obstacle.
        const around: Obstacle[] = b.deployed().filter((x) => x !== id).map((x) => ({ ...b.footprint(x), friend: b.ownerOf(x) === player }));
        const r = b.footprint(id).radius;
        const options: { to: (typeof targets)[number]["to"]; at: { x: number; y: number } }[] = [];
        const targets = setUpTargets(b, player);
        for (const t of targets) {
          const at = setUpSpot(b, player, r, placement, null, t.at, around);
          if (at) options.push({ to: t.to, at });
        }
        const j = setUpPick(b, player, options);
        const o = j < 0 ? null : options[j]!;
        if (!o || o.to.kind !== "objective") continue;
        const oid = o.to.id;
        const obj = b.objectives().find((x) => x.id === oid)!;
        const u = b.unit(id);
        const dNew = Math.sqrt((o.at.x - obj.x) * (o.at.x - obj.x) + (o.at.y - obj.y) * (o.at.y - obj.y));
        const dOld = Math.sqrt((u.x - obj.x) * (u.x - obj.x) + (u.y - obj.y) * (u.y - obj.y));
        if (!(dNew + moveEstimate(b.profile(id)) < dOld)) continue;
        u.x = o.at.x;
        u.y = o.at.y;
        b.say(`${b.profile(id).name} is removed from the battlefield and set up again at deployment at (${o.at.x.toFixed(1)}, ${o.at.y.toFixed(1)}) (${pe.ability.name}).`);
        if (w.timing === "phase" && w.limit === "once-per-battle-army") break;
      }
    }
  }
}

/**
 * The effect view's objective4 method: units `a` and `c` both contest one objective (CORE-CONTEST as passive.ts
 * passiveView objective reads it: some of the footprint within 3" of the marker's edge; a manifestation contests
 * nothing). The kernel's twin is assembly/battle/passive.ts sameObjective.
 */
export function objective4View(b: Battle): { sameObjective: (a: number, c: number) => boolean } {
  return {
    sameObjective: (a, c) => {
      if (isManifestation(b, a) || isManifestation(b, c)) return false;
      const fa = b.footprint(a);
      const fc = b.footprint(c);
      return b.objectives().some((o) => Math.hypot(fa.x - o.x, fa.y - o.y) <= fa.radius + CONTEST_REACH && Math.hypot(fc.x - o.x, fc.y - o.y) <= fc.radius + CONTEST_REACH);
    },
  };
}

/** The played marks of a battle's warscrolls ("... this unit has WARD (5+) for the rest of the battle"), in data order. */
export function markEffects(b: Battle): PlayedEffect[] {
  return battleEffects(b).filter((pe) => pe.effect.do.kind === "mark");
}

/**
 * The end of a hero phase, after its other abilities (turn.ts, the kernel's flow.ts): each mark whose timing fits
 * (Your / Enemy / Any Hero Phase against the active player), for the active player's units then the opponent's, by
 * ascending id: a unit of the ability's warscroll without the token gets it for the rest of the battle when the
 * effect's objective condition holds (passive.ts passiveView objective). The policy always uses it: the mark only
 * adds the ability's other effects (a ward), and "Once Per Battle" is the mark itself (a marked unit is not marked
 * again). Decision: used at the end of the phase, after the phase's spells (the ward holds from then on).
 */
export function useMarks(b: Battle): void {
  const list = markEffects(b);
  if (list.length === 0) return;
  const v = passiveView(b);
  const active = b.data.active as Player;
  for (const player of [active, (1 - active) as Player]) {
    for (const pe of list) {
      const w = pe.ability.when;
      if (w.timing !== "phase" || w.phase !== "hero" || (w.whose === "your" && player !== active) || (w.whose === "enemy" && player === active)) continue;
      const token = (pe.effect.do as { token: string }).token;
      const which = pe.effect.conditions.objective;
      for (const id of b.deployed(player)) {
        if (b.profile(id).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase() || b.unit(id).tokens.includes(token)) continue;
        if (which !== undefined && !v.objective(id, which)) continue;
        b.unit(id).tokens.push(token);
        b.say(`${b.profile(id).name} uses ${pe.ability.name}: for the rest of the battle.`);
      }
    }
  }
}
