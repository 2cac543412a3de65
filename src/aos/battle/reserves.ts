/**
 * Reserve units (CORE-RESERVES: core rules 24.1, Pitched Battles 2021 3.1) and where units are set up once
 * the battle is underway (arrivals from reserve, replacement units: replacement.ts).
 *
 * - Deployment: a unit that a reserve ability (abilities.ts, e.g. the Stormcast Eternals' "The Celestial
 *   Realm", a DEPLOY ability) can take is offered "set up in reserve" besides its deployment spots; that is its
 *   deployment (the ability says "it has now been deployed"), so alternating deployment goes on as usual.
 *   Tooth and Nail (PB-BP-09, NO RESERVES): the choice is still offered, as the rule foresees it, and the unit
 *   set up in reserve has all its models slain and is destroyed at once.
 * - In reserve (status "reserve") a unit is off the battlefield: it does not contest objectives, cannot be
 *   picked as a target, is not "on the battlefield" for battle tactics or grand strategies, and uses no
 *   abilities (3.1). It still belongs to the starting army (PB-START-ARMY includes reserve units).
 * - Arrival: in its player's movement phase from the ability's first round, the arrival ability sets it up
 *   where its placement allows; it cannot move again in that phase (decision: being set up in the movement
 *   phase stands for its move), but may shoot and charge.
 * - At the start of the fourth battle round, units still in reserve are destroyed (3.1 destroys every reserve
 *   unit; 24.1 those set up with a DEPLOY ability — under the Pitched Battles pack both hold, so all are). Their
 *   models count as slain (as Tooth and Nail words it): a general lost so is slain for Vendetta, and a MONSTER
 *   lost so counts for Predators and Prey in that round; it happens before any turn, so no battle tactic
 *   ("during this turn") is completed by it. destroyedBy.turn is -1 for "at the start of the round".
 *
 * Where a unit is set up (`setUpSpot`): the seeds leave the exact spot to the player. The engine offers, for
 * each objective on the battlefield and for the two enemy units with the fewest wounds left, the legal spot
 * nearest that point, found by a fixed search (rings 1" apart around the point, 16 directions each, the
 * footprint kept on the battlefield) so the Wasm kernel finds the same spot. Legal: more than the ability's
 * distance from every enemy footprint (never overlapping one), wholly within its distance of a battlefield
 * edge or of the unit using the ability, not on the tall part of unstable terrain (CORE-UNSTABLE), and 1/2"
 * from friendly footprints (as at deployment: models are not set up on top of others).
 */
import { avoidsDestruction } from "./common.js";
import { BATTLEFIELD, type Circle, type Point } from "../battleplans/index.js";
import type { Battle } from "./battle.js";
import type { Choice, MoveTarget } from "./choice.js";
import { armyHasFaction, matches, type Placement, type ReserveAbility, reserveAbility } from "./abilities.js";
import { COMBAT_RANGE } from "./geometry.js";
import type { Player } from "./state.js";
import { canEndOn } from "./terrain.js";
import { footprintRadius, hasKeyword } from "./units.js";
import { battleReserves } from "./setups.js";

/** CORE-RESERVES: units still in reserve at the start of this battle round are destroyed. */
export const RESERVES_DESTROYED_IN_ROUND = 4;

/** A "more than" distance is kept by this much more, so that the engine's measures agree it holds. */
export const SET_UP_MARGIN = 1e-6;
/** A unit is set up at least this far from friendly footprints (edge to edge), as at deployment. */
export const FRIEND_GAP = 0.5;
/** The spot search: rings this far apart around the wanted point, as many as cross the battlefield. */
export const SET_UP_RINGS = 75;
const C1 = 0.9238795325112867; // cos 22.5°
const S1 = 0.3826834323650898; // sin 22.5°
const C2 = 0.7071067811865476; // cos 45°
/** 16 directions, counter-clockwise from east (literal constants: no trigonometry, the kernel has the same). */
export const SET_UP_DIRS: readonly (readonly [number, number])[] = [
  [1, 0], [C1, S1], [C2, C2], [S1, C1], [0, 1], [-S1, C1], [-C2, C2], [-C1, S1],
  [-1, 0], [-C1, -S1], [-C2, -C2], [-S1, -C1], [0, -1], [S1, -C1], [C2, -C2], [C1, -S1],
];

// ---- where a unit can be set up ------------------------------------------------------------------------

/** The footprints on the battlefield, marked friendly (to `player`) or not: what a set-up must keep clear of. */
export interface Obstacle extends Circle {
  friend: boolean;
}

export function obstacles(b: Battle, player: Player): Obstacle[] {
  return b.deployed().map((id) => ({ ...b.footprint(id), friend: b.ownerOf(id) === player }));
}

/** Whether a footprint of radius `r` at (x, y) may be set up there for `player` under `placement`. */
export function canSetUpAt(b: Battle, player: Player, x: number, y: number, r: number, placement: Placement, user: Circle | null, around: readonly Obstacle[] = obstacles(b, player)): boolean {
  if (placement.whollyWithinUser !== undefined) {
    if (!user) return false;
    const reach = placement.whollyWithinUser - r + user.radius;
    if (reach < 0) return false;
    const dx = x - user.x;
    const dy = y - user.y;
    if (dx * dx + dy * dy > reach * reach) return false;
  }
  const edge = placement.whollyWithinEdge;
  if (edge !== undefined && !(x + r <= edge || BATTLEFIELD.width - x + r <= edge || y + r <= edge || BATTLEFIELD.depth - y + r <= edge)) return false;
  const gap = Math.max(placement.moreThanFromEnemies ?? 0, placement.notInCombat ? COMBAT_RANGE : 0);
  for (const f of around) {
    const dx = x - f.x;
    const dy = y - f.y;
    if (f.friend) {
      // Models are not set up on top of others: 1/2" from friendly footprints, as at deployment.
      const reach = FRIEND_GAP + r + f.radius;
      if (dx * dx + dy * dy < reach * reach) return false;
    } else {
      const reach = gap + r + f.radius + SET_UP_MARGIN;
      if (dx * dx + dy * dy <= reach * reach) return false;
    }
  }
  return canEndOn(b.data.terrain, { x, y, radius: r });
}

/** The legal spot nearest `target` by the fixed ring search (see the file comment), or null if none. */
export function setUpSpot(b: Battle, player: Player, r: number, placement: Placement, user: Circle | null, target: Point, around: readonly Obstacle[] = obstacles(b, player)): Point | null {
  const maxX = BATTLEFIELD.width - r;
  const maxY = BATTLEFIELD.depth - r;
  for (let k = 0; k <= SET_UP_RINGS; k++) {
    const n = k === 0 ? 1 : SET_UP_DIRS.length;
    for (let j = 0; j < n; j++) {
      const [dx, dy] = SET_UP_DIRS[j]!;
      const x = Math.min(maxX, Math.max(r, target.x + k * dx));
      const y = Math.min(maxY, Math.max(r, target.y + k * dy));
      if (canSetUpAt(b, player, x, y, r, placement, user, around)) return { x, y };
    }
  }
  return null;
}

/** Wounds a unit has left (models x Health - damage allocated). */
export function woundsLeft(b: Battle, id: number): number {
  return b.unit(id).models * b.profile(id).health - b.unit(id).damage;
}

/** The points a set-up is offered near: each objective on the battlefield, then the two enemy units with the fewest wounds left. */
export function setUpTargets(b: Battle, player: Player): { label: string; at: Point; to: MoveTarget }[] {
  const out: { label: string; at: Point; to: MoveTarget }[] = b.objectives().map((o) => ({ label: `objective ${o.id}`, at: { x: o.x, y: o.y }, to: { kind: "objective", id: o.id } }));
  const enemies = [...b.deployed((1 - player) as Player)].sort((a, c) => woundsLeft(b, a) - woundsLeft(b, c) || a - c).slice(0, 2);
  for (const e of enemies) out.push({ label: b.profile(e).name, at: { x: b.unit(e).x, y: b.unit(e).y }, to: { kind: "enemy", unit: e } });
  return out;
}

// ---- deployment ----------------------------------------------------------------------------------------

function uses(b: Battle, player: Player, ability: string): number {
  return (b.data.abilityUses ?? []).filter((x) => x.player === player && x.ability === ability).length;
}

/** A reserve ability of the battle by id (the bundled ones and the battle's translated ones: setups.ts). */
function reserveOf(b: Battle, abilityId: string): ReserveAbility {
  return battleReserves(b.data.profiles).find((a) => a.id === abilityId) ?? reserveAbility(abilityId);
}

/** Units of `player` in reserve. */
export function inReserve(b: Battle, player?: Player): number[] {
  return b.data.units.filter((u) => u.status === "reserve" && (player === undefined || b.ownerOf(u.id) === player)).map((u) => u.id);
}

function limitAllows(b: Battle, player: Player, a: ReserveAbility): boolean {
  switch (a.limit) {
    case "none":
      return true;
    case "once-per-battle":
      return uses(b, player, a.id) === 0;
    case "more-on-battlefield": {
      // "If there are more friendly <faction> units on the battlefield than there are set up in reserve".
      const of = (ids: number[]) => ids.filter((id) => hasKeyword(b.profile(id), a.faction)).length;
      return of(b.deployed(player)) > of(inReserve(b, player));
    }
  }
}

/** The reserve abilities that can set up unit `id` (not yet deployed) in reserve now. */
export function reserveOptions(b: Battle, id: number): ReserveAbility[] {
  const player = b.ownerOf(id);
  const p = b.profile(id);
  if (b.unit(id).status !== "waiting") return [];
  return battleReserves(b.data.profiles).filter((a) => armyHasFaction(b.data.profiles, player, a.faction) && matches(p, a.units) && limitAllows(b, player, a));
}

/**
 * "in the Celestial Realm (Heavens-sent)": where the unit waits and the ability that put it there, for the log
 * and the choices; the ability's name is left out where it only repeats the place ("The Celestial Realm").
 */
export function placeAndName(location: string, ability: string): string {
  const bare = (t: string) => t.trim().toLowerCase().replace(/^in\s+/, "").replace(/^the\s+/, "");
  return bare(location) === bare(ability) ? location : `${location} (${ability})`;
}

/** The deployment choices "set up in reserve" for unit `id`; `next` continues the deployment. */
export function reserveChoices(b: Battle, player: Player, id: number, next: (b: Battle) => void): Choice[] {
  return reserveOptions(b, id).map((a) => ({
    label: `set up ${b.profile(id).name} in reserve ${placeAndName(a.location, a.name)}${b.plan.noReserves ? ": no reserves in this battle, it would be destroyed" : ""}`,
    tag: { kind: "reserve", unit: id, ability: a.id },
    apply(bb: Battle) {
      setUpInReserve(bb, player, id, a);
      next(bb);
    },
  }));
}

/** CORE-RESERVES: the unit waits off the battlefield; PB-BP-09: under No Reserves it is destroyed instead. */
export function setUpInReserve(b: Battle, player: Player, id: number, a: ReserveAbility): void {
  const u = b.unit(id);
  b.data.abilityUses.push({ ability: a.id, player, round: b.data.round, turn: b.data.turn });
  const name = b.profile(id).name;
  if (b.plan.noReserves && !avoidsDestruction(b, id, "no reserves in this battle, PB-BP-09")) {
    u.status = "destroyed";
    u.models = 0;
    u.damage = 0;
    u.destroyedBy = { monster: false, predator: false, round: b.data.round, turn: -1 };
    b.say(`${b.data.armies[player]} sets up ${name} in reserve ${a.location}: no reserves in this battle (PB-BP-09), all its models are slain and it is destroyed.`);
    return;
  }
  u.status = "reserve";
  u.reserve = a.id;
  b.say(`${b.data.armies[player]} sets up ${name} in reserve ${placeAndName(a.location, a.name)}.`);
}

// ---- the start of the fourth battle round --------------------------------------------------------------

/** CORE-RESERVES: at the start of the fourth battle round, units still in reserve are destroyed. */
export function destroyReserves(b: Battle): void {
  // "At the start of the fourth battle round": a unit that was not destroyed then (common.ts) stays in reserve.
  if (b.data.round !== RESERVES_DESTROYED_IN_ROUND) return;
  for (const u of b.data.units) {
    if (u.status !== "reserve") continue;
    const where = reserveOf(b, u.reserve!).location;
    if (avoidsDestruction(b, u.id, `still in reserve ${where} at the start of battle round ${b.data.round}, CORE-RESERVES`)) continue;
    u.status = "destroyed";
    u.models = 0;
    u.damage = 0;
    delete u.reserve;
    u.destroyedBy = { monster: false, predator: false, round: b.data.round, turn: -1 };
    b.say(`${b.profile(u.id).name} is still in reserve ${where} at the start of battle round ${b.data.round}: it is destroyed (CORE-RESERVES).`);
  }
}

// ---- arrivals ------------------------------------------------------------------------------------------

/** The arrival choices of the movement phase: each unit of `player` in reserve that may arrive, near each target. */
export function arrivalChoices(b: Battle, player: Player): Choice[] {
  const out: Choice[] = [];
  let around: Obstacle[] | undefined;
  for (const id of inReserve(b, player)) {
    const a = reserveOf(b, b.unit(id).reserve!);
    if (a.arrival.phase !== "movement" || b.data.round < a.arrival.fromRound) continue;
    const r = footprintRadius(b.unit(id).models, b.profile(id).baseRadius);
    around ??= obstacles(b, player);
    for (const t of setUpTargets(b, player)) {
      const at = setUpSpot(b, player, r, a.arrival.placement, null, t.at, around);
      if (!at) continue;
      out.push({
        label: `${b.profile(id).name} arrives from reserve (${a.arrival.name}) near ${t.label} at (${at.x.toFixed(1)}, ${at.y.toFixed(1)})`,
        tag: { kind: "arrive", unit: id, to: t.to, at },
        apply: (bb) => arrive(bb, id, at),
      });
    }
  }
  return out;
}

/** The token of a unit set up this turn by a reserve's arrival ability, with its name (a turn's token: tokens.ts). */
export const ARRIVED_TOKEN_PREFIX = "for-the-turn:arrived:";
export const arrivedToken = (arrival: string) => `${ARRIVED_TOKEN_PREFIX}${arrival.toLowerCase()}`;

/** Sets a reserve unit up on the battlefield: it counts as having moved this phase, and as set up this turn by its arrival ability. */
export function arrive(b: Battle, id: number, at: Point): void {
  const u = b.unit(id);
  const a = reserveOf(b, u.reserve!);
  u.status = "deployed";
  delete u.reserve;
  u.x = at.x;
  u.y = at.y;
  u.moved = true;
  u.tokens.push(arrivedToken(a.arrival.name));
  b.say(`${b.profile(id).name} arrives from reserve ${placeAndName(a.location, a.arrival.name)} at (${at.x.toFixed(1)}, ${at.y.toFixed(1)}).`);
}
