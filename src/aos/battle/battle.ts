/**
 * `Battle`: the data of one Pitched Battle plus its seeded RNG and lookups every phase needs (units,
 * objectives in play, distances, territories). Phases live in their own files and act through this class.
 */
import { Rng } from "../../core/rng.js";
import {
  type Battleplan,
  battleplan,
  type Circle,
  objectivePosition,
  objectivesOnBattlefield,
  type Point,
  territory,
  whollyWithin,
} from "../battleplans/index.js";
import type { Side } from "../scoring/index.js";
import { COMBAT_RANGE, edgeDistance } from "./geometry.js";
import type { RankedSpots, ZonePoint } from "./setup.js";
import type { BattleData, Player } from "./state.js";
import { hasToken, TOKEN } from "./tokens.js";
import { footprintRadius, hasKeyword, type UnitProfile, type UnitState } from "./units.js";

export interface ObjectiveInPlay {
  id: string;
  x: number;
  y: number;
  prime: boolean;
}

export class Battle {
  readonly plan: Battleplan;
  /** The current step's choices, computed once per state (flow.ts); cleared whenever the state changes. */
  choiceCache: unknown[] | null = null;
  /** Deployment: the grid points where a footprint of a given radius may stand, per territory (setup.ts). */
  readonly spotCache = new Map<string, readonly ZonePoint[]>();
  /** Deployment: the spots behind the last deployment choices computed, for the policy (setup.ts). */
  deploySpots: { choices: readonly unknown[]; player: Player; id: number; ranked: RankedSpots } | null = null;

  constructor(
    public data: BattleData,
    public rng: Rng,
  ) {
    this.plan = battleplan(data.battleplan);
  }

  // ---- units -------------------------------------------------------------------------------------------

  profile(id: number): UnitProfile {
    return this.data.profiles[id]!;
  }

  unit(id: number): UnitState {
    return this.data.units[id]!;
  }

  ownerOf(id: number): Player {
    return this.data.profiles[id]!.owner as Player;
  }

  /** Units of `player` on the battlefield. */
  deployed(player?: Player): number[] {
    const out: number[] = [];
    for (const u of this.data.units) if (u.status === "deployed" && (player === undefined || this.ownerOf(u.id) === player)) out.push(u.id);
    return out;
  }

  footprint(id: number): Circle {
    const u = this.unit(id);
    return { x: u.x, y: u.y, radius: footprintRadius(u.models, this.profile(id).baseRadius) };
  }

  distance(a: number, b: number): number {
    return edgeDistance(this.footprint(a), this.footprint(b));
  }

  /** Enemy units within combat range (3") of `id`. */
  enemiesInCombat(id: number): number[] {
    const me = this.ownerOf(id);
    return this.deployed((1 - me) as Player).filter((e) => this.distance(id, e) <= COMBAT_RANGE + 1e-9);
  }

  inCombat(id: number): boolean {
    return this.enemiesInCombat(id).length > 0;
  }

  /** MONSTER by keyword or for now by Metamorphosis (PB-REALM-METAMORPHOSIS). */
  isMonster(id: number): boolean {
    return hasKeyword(this.profile(id), "MONSTER") || hasToken(this.unit(id), TOKEN.metamorphosis);
  }

  isHero(id: number): boolean {
    return hasKeyword(this.profile(id), "HERO");
  }

  isLeader(id: number): boolean {
    return this.profile(id).roles.includes("Leader") || this.isHero(id);
  }

  isBattleline(id: number): boolean {
    return this.profile(id).roles.includes("Battleline");
  }

  general(player: Player): number | null {
    const g = this.data.profiles.findIndex((p) => p.owner === player && p.isGeneral);
    return g < 0 ? null : g;
  }

  // ---- sides and territories ---------------------------------------------------------------------------

  side(player: Player): Side {
    return player === this.data.attacker ? "attacker" : "defender";
  }

  playerOf(side: Side): Player {
    return (side === "attacker" ? this.data.attacker : 1 - this.data.attacker!) as Player;
  }

  territoryPolygon(player: Player): Point[] {
    return territory(this.plan, this.data.territories[player]!).polygon;
  }

  whollyWithinTerritory(id: number, player: Player): boolean {
    return whollyWithin(this.territoryPolygon(player), this.footprint(id));
  }

  // ---- objectives --------------------------------------------------------------------------------------

  objectives(): ObjectiveInPlay[] {
    const s = this.data.scoring;
    const round = Math.max(1, this.data.round);
    const removed = new Set(s ? s.removed.map((r) => r.objective) : []);
    const out: ObjectiveInPlay[] = [];
    for (const o of objectivesOnBattlefield(this.plan, round, removed)) {
      const at = objectivePosition(o, round, s?.placed[o.id] ?? null);
      if (at) out.push({ id: o.id, x: at.x, y: at.y, prime: o.prime });
    }
    return out;
  }

  controlledBy(player: Player): string[] {
    return this.objectives()
      .filter((o) => this.data.control[o.id] === player)
      .map((o) => o.id);
  }

  // ---- flow helpers ------------------------------------------------------------------------------------

  say(line: string): void {
    this.data.log?.push(line);
  }

  get active(): Player {
    return this.data.active;
  }

  get opponent(): Player {
    return (1 - this.data.active) as Player;
  }

  rollD6(): number {
    return this.rng.d6();
  }

  roll2D6(): number {
    return this.rng.d6() + this.rng.d6();
  }

  rollD3(): number {
    return this.rng.roll(3);
  }
}
