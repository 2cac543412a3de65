/**
 * Set-up abilities of imported warscrolls (docs/abilities.md "Set-ups and redeployment"), translated from the
 * BSData text (src/aos/abilities/translate-moves.ts) and played by the reserve code both engines already have
 * (reserves.ts and the kernel's assembly/battle/reserves.ts, whose ability records carry them):
 *
 * - a reserve and its arrival ("Deployment Phase: Set up this unit in reserve in a secret tunnel" with "Your
 *   Movement Phase: Declare: Pick this unit if it is in a secret tunnel. Effect: Set up this unit anywhere on the
 *   battlefield more than 9" from all enemy units") become one reserve ability of that warscroll, as the bundled
 *   ones in data/aos/unit-abilities.json are (a warscroll a bundled one covers keeps the bundled one);
 * - "Your Movement Phase: Remove this unit from the battlefield and set it up again on the battlefield more than
 *   9" from all enemy units" (redeployment): in its player's movement phase, a unit that has not moved is removed
 *   and set up again where the placement allows, near each objective and the two weakest enemy units (the
 *   arrivals' spots: reserves.ts setUpSpot, its own footprint no obstacle); it cannot move again in that phase
 *   (decision: as for arrivals, being set up in the movement phase stands for its move).
 *
 * The scripted policy (both engines; policy.ts setUpOrder and the kernel's reserves.ts setUpOrder): after the
 * replacements and arrivals, the first unit (by id) that has not moved, is not in combat and holds no objective
 * (policy.ts holds), with its redeployment abilities in data order, is set up at the spot setUpPick picks if that
 * is an objective's and the spot is nearer the objective's centre than the unit by more than its Move (the
 * policy's estimate: a random Move at its mean). The search sees each redeployment as a movement-phase choice.
 */
import { passes, type PlayedEffect, playedEffectsOf } from "../abilities/index.js";
import type { EffectFilter } from "../abilities/schema.js";
import { whomHolds } from "../abilities/attack.js";
import { battleView } from "./effects.js";
import type { Ability } from "../abilities/schema.js";
import { matches, type Placement, type ReserveAbility, translatedReserveAbilities, unitAbilities } from "./abilities.js";
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { advanceTarget, holds, moveEstimate, setUpPick, type Tagged } from "./policy.js";
import { destination, moveCharacteristic, moveTargetPoint } from "./movement.js";
import { makesWay } from "./paths.js";
import { type Obstacle, setUpSpot, setUpTargets } from "./reserves.js";
import type { Player } from "./state.js";
import type { UnitProfile } from "./units.js";
import { canUseCommand, type Command, useCommand } from "./commands.js";

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
const norm = (s: string) => s.trim().toLowerCase();

/** A "remove this unit and set it up again" ability of a warscroll (or a battle trait's: `keyword`). */
export interface RedeployAbility {
  id: string;
  name: string;
  warscroll: string;
  /**
   * A battle trait's (Ethereal Translocation): used by the units with this keyword of an army that has the trait
   * (traits.ts hasTraits: a unit with the keyword), not by one warscroll's units.
   */
  keyword?: string;
  /** A command (CORE-CP): 1 command point, once per phase, and the unit needs an issuer (commands.ts commandIssuer). */
  command?: boolean;
  /** To Our Liege: set up wholly within `placement.whollyWithinUser` of another friendly unit passing this filter (an anchor). */
  anchor?: EffectFilter;
  /** "Once Per Turn (Army)": once-per-turn; "Once Per Battle (Army)": once-per-battle; otherwise each unit once a phase. */
  frequency: "unlimited" | "once-per-turn" | "once-per-battle";
  /** "If this unit is not in combat, ...". */
  notInCombat: boolean;
  placement: Placement;
}

type Profiles = readonly (UnitProfile | { warscroll: string; keywords: readonly string[]; abilities?: readonly Ability[] })[];

/** The reserve abilities a pair of played translations makes: "t-<warscroll>", registered for reserveAbility. */
function translatedReserves(profiles: Profiles): ReserveAbility[] {
  const out: ReserveAbility[] = [];
  const seen = new Set<string>();
  for (const p of profiles) {
    if (!p.abilities || seen.has(norm(p.warscroll))) continue;
    seen.add(norm(p.warscroll));
    for (const dep of p.abilities) {
      const d = dep.effects[0]?.do;
      if (dep.status !== "played" || d?.kind !== "reserve") continue;
      const arr = p.abilities.find((x) => x.status === "played" && x.effects[0]?.do.kind === "arrive" && (x.effects[0].do as { location: string }).location === d.location);
      if (!arr) continue;
      const a = arr.effects[0]!.do as Extract<Ability["effects"][number]["do"], { kind: "arrive" }>;
      const r: ReserveAbility = {
        id: `t-${slug(p.warscroll)}`.slice(0, 60).replace(/-+$/, ""),
        name: dep.name,
        faction: p.keywords[0] ?? p.warscroll.toUpperCase(),
        catalogue: "(translated from the BSData text)",
        location: d.location,
        deploy: true,
        units: { warscrolls: [p.warscroll] },
        limit: dep.when.timing === "phase" && dep.when.limit === "once-per-battle-army" ? "once-per-battle" : "none",
        arrival: { name: arr.name, phase: "movement", fromRound: 1, placement: { moreThanFromEnemies: a.moreThanFromEnemies, ...(a.whollyWithinEdge !== undefined ? { whollyWithinEdge: a.whollyWithinEdge } : {}), notInCombat: false } },
      };
      translatedReserveAbilities.set(r.id, r);
      out.push(r);
      break;
    }
  }
  return out;
}

const reserveCache = new WeakMap<object, ReserveAbility[]>();

/**
 * The battle's reserve abilities, in the order the kernel's records take: the bundled ones, then the translated
 * pairs of the battle's warscrolls that no bundled one covers (the Kraken-eater keeps "beneath-the-waves").
 */
export function battleReserves(profiles: Profiles): ReserveAbility[] {
  let list = reserveCache.get(profiles);
  if (!list) {
    const bundled = unitAbilities().reserve;
    const covered = (w: string) => bundled.some((a) => a.units.warscrolls?.some((x) => norm(x) === norm(w)));
    list = [...bundled, ...translatedReserves(profiles).filter((a) => !covered(a.units.warscrolls![0]!))];
    reserveCache.set(profiles, list);
  }
  return list;
}

const redeployCache = new WeakMap<object, RedeployAbility[]>();

/**
 * The battle traits' redeployments (data/aos/battle-traits.json, status engine): Nighthaunt's Ethereal Translocation
 * — "Once Per Turn (Army), Your Movement Phase, Command (1): Pick a friendly NIGHTHAUNT unit that is not in combat to
 * use this ability. Effect: Remove that unit from the battlefield and set it up again on the battlefield more than 9"
 * from all enemy units".
 */
const TRAIT_REDEPLOYS: readonly RedeployAbility[] = [
  {
    id: "r-ethereal-translocation",
    name: "Ethereal Translocation",
    warscroll: "Battle Traits",
    keyword: "NIGHTHAUNT",
    command: true,
    frequency: "once-per-turn",
    notInCombat: true,
    placement: { moreThanFromEnemies: 9, notInCombat: false },
  },
];

/** Whether a unit of `p`'s warscroll and keywords may use `a` (its warscroll's, or a trait's keyword). */
export function redeployUser(a: RedeployAbility, p: { warscroll: string; keywords: readonly string[] }): boolean {
  return a.keyword !== undefined ? p.keywords.some((k) => norm(k) === norm(a.keyword!)) : norm(a.warscroll) === norm(p.warscroll);
}

/** The redeployment abilities of the battle's warscrolls, in data order (playedEffectsOf's). */
export function redeployAbilities(profiles: Profiles): RedeployAbility[] {
  let list = redeployCache.get(profiles);
  if (!list) {
    list = [];
    for (const pe of playedEffectsOf(profiles as readonly { warscroll: string; abilities?: readonly Ability[] }[]) as PlayedEffect[]) {
      const d = pe.effect.do;
      const w = pe.ability.when;
      if (d.kind !== "redeploy" || w.timing !== "phase" || w.phase !== "movement") continue; // deployment's: objective4.ts
      list.push({
        id: `r-${slug(pe.ability.warscroll)}`.slice(0, 60).replace(/-+$/, ""),
        name: pe.ability.name,
        warscroll: pe.ability.warscroll,
        frequency: w.limit === "once-per-turn-army" ? "once-per-turn" : w.limit === "once-per-battle-army" ? "once-per-battle" : "unlimited",
        notInCombat: pe.effect.conditions.inCombat === false,
        placement: {
          moreThanFromEnemies: d.moreThanFromEnemies,
          ...(d.whollyWithinEdge !== undefined ? { whollyWithinEdge: d.whollyWithinEdge } : {}),
          ...(d.nearFriendly !== undefined ? { whollyWithinUser: d.nearFriendly.range } : {}),
          notInCombat: false,
        },
        ...(d.nearFriendly !== undefined ? { anchor: d.nearFriendly.filter } : {}),
      });
    }
    // The battle traits' after the warscrolls', when a unit of the battle has the keyword.
    for (const a of TRAIT_REDEPLOYS) if (profiles.some((p) => redeployUser(a, p))) list.push(a);
    redeployCache.set(profiles, list);
  }
  return list;
}

/** Whether `player` may use `a` now: its frequency (the uses in BattleData.abilityUses, as the replacements'). */
function available(b: Battle, player: Player, a: RedeployAbility): boolean {
  const d = b.data;
  const used = (d.abilityUses ?? []).filter((x) => x.player === player && x.ability === a.id);
  if (a.frequency === "once-per-battle" && used.length > 0) return false;
  if (a.frequency === "once-per-turn" && used.some((x) => x.round === d.round && x.turn === d.turn)) return false;
  return true;
}

/** A redeployment that is a command (CORE-CP, commands.ts): 1 command point, once per phase, an issuer. */
const asCommand = (a: RedeployAbility): Command => ({ id: a.id, name: a.name, cost: 1 });

/** The redeployment choices of `player`'s movement phase: each unit that has not moved, each ability, near each target. */
export function redeployChoices(b: Battle, player: Player): Choice[] {
  const list = redeployAbilities(b.data.profiles);
  if (list.length === 0) return [];
  const out: Choice[] = [];
  for (const id of b.deployed(player)) {
    const u = b.unit(id);
    if (u.moved) continue;
    const p = b.profile(id);
    for (const a of list) {
      if (!redeployUser(a, p) || (a.notInCombat && b.inCombat(id)) || !available(b, player, a)) continue;
      if (a.command && !canUseCommand(b, player, asCommand(a), id)) continue;
      // Removed from the battlefield first: its own footprint is no obstacle.
      const around: Obstacle[] = b.deployed().filter((x) => x !== id).map((x) => ({ ...b.footprint(x), friend: b.ownerOf(x) === player }));
      const r = b.footprint(id).radius;
      // To Our Liege: wholly within range of an anchor (another friendly unit passing the filter), each by ascending id.
      const anchors = a.anchor === undefined ? [null] : b.deployed(player).filter((h) => h !== id && passes(b.profile(h), a.anchor));
      for (const h of anchors) {
        for (const t of setUpTargets(b, player)) {
          const at = setUpSpot(b, player, r, a.placement, h === null ? null : b.footprint(h), t.at, around);
          if (!at) continue;
          const near = h === null ? "" : ` wholly within ${a.placement.whollyWithinUser}" of ${b.profile(h).name}`;
          out.push({
            label: `${p.name} is set up again (${a.name}) near ${t.label}${near} at (${at.x.toFixed(1)}, ${at.y.toFixed(1)})`,
            tag: { kind: "redeploy", unit: id, ability: a.id, to: t.to, at },
            apply: (bb) => redeploy(bb, id, a, at),
          });
        }
      }
    }
  }
  return out;
}

/** Removes the unit and sets it up at `at`: it counts as having moved this phase. */
export function redeploy(b: Battle, id: number, a: RedeployAbility, at: { x: number; y: number }): void {
  const u = b.unit(id);
  const player = b.ownerOf(id);
  b.data.abilityUses.push({ ability: a.id, player, round: b.data.round, turn: b.data.turn });
  // CORE-CP (commands.ts): pays the point and marks the command used this phase, issued where the unit stands.
  if (a.command) useCommand(b, player, asCommand(a), id);
  u.x = at.x;
  u.y = at.y;
  u.moved = true;
  b.say(`${b.profile(id).name} is removed from the battlefield and set up again at (${at.x.toFixed(1)}, ${at.y.toFixed(1)}) (${a.name}).`);
}

/**
 * The scripted policy's redeployment (see the file comment), or -1: the choices by unit and ability in the
 * engine's order; for each, setUpPick's spot, taken if it is an objective's and nearer its centre than the unit
 * by more than the unit's Move estimate (distances as the kernel computes them: square roots of sums of squares).
 */
export function redeployPick(b: Battle, player: Player, list: readonly Tagged[]): number {
  const re = list.filter((x) => x.tag.kind === "redeploy") as { i: number; tag: Extract<Tagged["tag"], { kind: "redeploy" }> }[];
  let k = 0;
  while (k < re.length) {
    const first = re[k]!.tag;
    let end = k;
    while (end < re.length && re[end]!.tag.unit === first.unit && re[end]!.tag.ability === first.ability) end++;
    const group = re.slice(k, end);
    k = end;
    const id = first.unit;
    if (b.inCombat(id) || holds(b, player, id)) continue;
    const j = setUpPick(b, player, group.map((x) => x.tag));
    if (j < 0) continue;
    const t = group[j]!.tag;
    if (t.to.kind !== "objective") continue;
    const oid = t.to.id;
    const o = b.objectives().find((x) => x.id === oid)!;
    const u = b.unit(id);
    const dNew = Math.sqrt((t.at.x - o.x) * (t.at.x - o.x) + (t.at.y - o.y) * (t.at.y - o.y));
    const dOld = Math.sqrt((u.x - o.x) * (u.x - o.x) + (u.y - o.y) * (u.y - o.y));
    if (dNew + moveEstimate(b.profile(id)) < dOld) return group[j]!.i;
  }
  return -1;
}

/**
 * A deployment move the kernel's set-up plays (assembly/battle/deploy-moves.ts; encode-deploy.ts): a move of a set
 * distance (no dice) "Once Per Battle (Army)" for up to N friendly units a filter names, at any range — Chilling Horde.
 * Any other deployment move is set up by the TypeScript engine (kernel-setup.ts).
 */
export function kernelDeploymentMove(pe: PlayedEffect): boolean {
  const d = pe.effect.do;
  const w = pe.ability.when;
  return d.kind === "normal-move" && d.distance !== undefined && d.upTo !== undefined && pe.effect.whom.side === "friendly" && pe.effect.whom.range === undefined && w.timing === "phase" && w.limit === "once-per-battle-army";
}

/** The played deployment-phase moves of a battle's warscrolls (useDeploymentMoves). */
export function deploymentMoves(profiles: Profiles): PlayedEffect[] {
  return playedEffectsOf(profiles as readonly { warscroll: string; abilities?: readonly Ability[] }[]).filter((pe) => pe.effect.do.kind === "normal-move" && pe.ability.when.timing === "phase" && pe.ability.when.phase === "deployment");
}

/**
 * "Deployment Phase: This unit can use the 'Normal Move' ability as if it were your movement phase" (and "Pick up
 * to N friendly X units [wholly within N" of this unit] to be the targets. Effect: Each target can use ..."): at the
 * end of deployment, after the last unit is set up and before control is determined (setup.ts afterDeployment; the
 * kernel starts after deployment, so every battle it plays was set up here), the attacker's army first, then the
 * defender's; its abilities in data order, each by its units by ascending id ("Once Per Battle (Army)": the first
 * only). The policy (scripted; the search does not see it as a decision) is the movement phase's: a unit moves if
 * it does not hold an objective (policy.ts holds) and a move toward its advanceTarget is one the movement phase
 * would offer (paths.ts makesWay); the targets are the first N such units (by id) `whom` names; a unit moves once.
 * The move is a normal move's: its Move (a random Move rolled), the path and end of movement.ts destination (not
 * through or into enemies' combat ranges).
 */
export function useDeploymentMoves(b: Battle): void {
  const list = deploymentMoves(b.data.profiles);
  if (list.length === 0) return;
  const v = battleView(b);
  const moved = new Set<number>();
  const wants = (player: Player, id: number) => {
    if (moved.has(id) || holds(b, player, id)) return null;
    const to = advanceTarget(b, player, id);
    const at = to && moveTargetPoint(b, player, to);
    return at && makesWay(b, id, at, false) ? at : null;
  };
  const attacker = (b.data.attacker ?? 0) as Player;
  for (const player of [attacker, (1 - attacker) as Player]) {
    for (const pe of list) {
      const d = pe.effect.do as Extract<typeof pe.effect.do, { kind: "normal-move" }>;
      const w = pe.ability.when;
      for (const s of b.deployed(player)) {
        if (norm(b.profile(s).warscroll) !== norm(pe.ability.warscroll)) continue;
        const targets = d.upTo === undefined ? [s] : b.deployed(player).filter((x) => whomHolds(v, pe.effect, s, x)).filter((x) => wants(player, x)).slice(0, d.upTo);
        for (const id of targets) {
          const at = wants(player, id);
          if (!at) continue;
          moved.add(id);
          const end = destination(b, id, at, d.distance ?? moveCharacteristic(b, id));
          const u = b.unit(id);
          const dist = Math.hypot(end.x - u.x, end.y - u.y);
          u.x = end.x;
          u.y = end.y;
          b.say(`${b.profile(id).name} ${d.distance === undefined ? "makes a normal move of" : "moves"} ${dist.toFixed(1)}" at deployment (${pe.ability.name}) to (${end.x.toFixed(1)}, ${end.y.toFixed(1)}).`);
        }
        if (w.timing === "phase" && w.limit === "once-per-battle-army") break;
      }
    }
  }
}
