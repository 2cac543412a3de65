/**
 * The set-up template: a matchup plays thousands of battles of the same two armies on the same battleplan,
 * and their set-ups (src/aos/battle/setup.ts, played by the scripted policy) differ only in what the dice
 * decide: who wins the roll-off for attacker (PB-ROLLOFF), where the defender's terrain stands (PB-TERRAIN),
 * and so where each unit fits (CORE-UNSTABLE: never on the tall part of unstable terrain), and battle round
 * 1's dice (the alpha objective, The Veins of Ghur). Everything else — the profiles, the attacker's choice,
 * territories, grand strategies (PB-GS-PICK), the order of deployment (PB-DEPLOY-ALT) and which unit goes
 * into reserve (CORE-RESERVES), who deployed first (PB-INITIATIVE) — is the same in every battle of a
 * roll-off winner, so it is worked out once, by the engine itself, and kept here with the battle's encoding
 * for the Wasm kernel.
 *
 * Per battle only the dice are drawn, in the engine's order from the battle's own seeded RNG (the roll-off,
 * then the terrain: setup.ts drawTerrain), each unit's spot is searched by the engine's own functions on
 * plain arrays (setup.ts rankZone, policy.ts pickDeploySpot), the engine ends the deployment
 * (setup.ts afterDeployment: control, round 1's dice) and only the slots the dice changed are written into a
 * copy of the template's encoding (encode.ts encodeSetUp). The TypeScript engine stays the authority:
 * test/aos/rollout-template.test.ts holds a template battle equal to a freshly set-up one (the state, the
 * RNG, the encoding and the kernel's battle) for many seeds on every battleplan.
 *
 * A set-up the template cannot take returns null and the caller plays it in full: a battlefield set up
 * beforehand, a battle the kernel refuses, a unit lost for lack of room before one the template sets up in
 * reserve (whether its reserve ability is still offered depends on the units on the battlefield).
 */
import { InputError } from "../../core/errors.js";
import { Rng } from "../../core/rng.js";
import { CHANCE } from "../../planner/game.js";
import type { Battleplan, Circle, Point } from "../battleplans/index.js";
import { Battle } from "../battle/battle.js";
import { settle } from "../battle/flow.js";
import { pitchedBattleGame, type PitchedBattleSetup, PitchedBattleState } from "../battle/game.js";
import { deploysAtRear, pickDeploySpot, policyAction } from "../battle/policy.js";
import { afterDeployment, deploymentZone, drawTerrain, nextToDeploy, rankZone, type ZonePoint } from "../battle/setup.js";
import type { AbilityUse, BattleData, Player, TerrainFeature } from "../battle/state.js";
import type { UnitState } from "../battle/units.js";
import type { Core } from "../../core/wasm.js";
import { encodeBattle, encodeSetUp, RESULT } from "./encode.js";
import { isSetUp } from "./ts.js";
import { decodeRollout } from "./wasm.js";
import type { RolloutResult } from "./types.js";

/**
 * A deep copy of a battle's data that shares its unit profiles: no rule changes a profile once the battle
 * is made (a replacement or a summoned manifestation adds one to the list, which is copied), and they are
 * most of the data (~0.5 ms a structuredClone of two armies against ~0.1 ms without them).
 */
export function cloneData(d: BattleData): BattleData {
  const c: BattleData = structuredClone({ ...d, profiles: [] as BattleData["profiles"] });
  c.profiles = [...d.profiles];
  return c;
}

/** One deployment step of the template: who sets up which unit, on which zone grid, or into reserve. */
interface DeployStep {
  player: Player;
  id: number;
  /** The unit's footprint radius, and the zone grid the engine searches for it. */
  radius: number;
  zone: readonly ZonePoint[];
  /** The policy's side of the zone: the rear for a shooter. */
  rear: boolean;
  /** Into reserve (CORE-RESERVES; destroyed under No Reserves): the unit as the engine left it, and the use. */
  reserve: { unit: UnitState; use: AbilityUse } | null;
}

/** Everything about the set-up of one roll-off winner that no die changes. */
interface WinnerTemplate {
  /** The battle at its first deployment step, with no terrain. */
  pre: BattleData;
  steps: DeployStep[];
  deployedFirst: Player | null;
  /** The kernel's encoding of one battle of this winner, by its number of terrain features and the units the set-up destroyed (encode.ts encodeSetUp). */
  encoded: Map<string, Float64Array>;
  /** Set once the kernel refused this winner's battle (InputError): play it in full. */
  refused: boolean;
}

export interface SetUpTemplate {
  plan: Battleplan;
  pointsLimit: number;
  byWinner: [WinnerTemplate | null, WinnerTemplate | null];
}

/** The template of `setup`'s battles, or null when its set-ups are not all alike but for the dice (preset terrain). */
export function setUpTemplate(setup: PitchedBattleSetup): SetUpTemplate | null {
  if (setup.terrain && setup.terrain.length > 0) return null;
  const first = pitchedBattleGame.newInitialState({ ...setup, log: false }, 0);
  if (first.data.step.kind !== "rolloff-attacker") return null;
  const { plan } = first.battle;
  const { pointsLimit } = first.data;
  // Each winner's run from the same starting state (a clone: cheaper than building the armies' data again).
  const byWinner: SetUpTemplate["byWinner"] = [winnerTemplate(first.clone(), 0), winnerTemplate(first, 1)];
  return { plan, pointsLimit, byWinner };
}

/** The template of `winner`'s set-ups, from `state` (the battle's starting state, seed 0; it is played on). */
function winnerTemplate(state: PitchedBattleState, winner: Player): WinnerTemplate | null {
  state.apply(winner); // the roll-off (a chance node: the outcome is the winner)
  // The policy's decisions up to deployment (attacker, territory, grand strategies) draw no dice but the terrain's.
  while (state.data.step.kind !== "deploy") {
    if (!isSetUp(state.data.step) || state.currentPlayer() === CHANCE) return null;
    state.apply(policyAction(state.battle));
  }
  const pre = cloneData(state.data);
  pre.terrain = [];
  // The deployment on an empty battlefield, by the engine: the order, the zones, the reserves.
  const rec = new PitchedBattleState(new Battle(cloneData(pre), new Rng(0)));
  const b = rec.battle;
  const steps: DeployStep[] = [];
  while (rec.data.step.kind === "deploy") {
    const player = rec.data.step.player;
    const id = nextToDeploy(b, player)!;
    const { zone, radius } = deploymentZone(b, player, id);
    const action = policyAction(b);
    const c = b.choiceCache![action] as { tag?: { kind: string } } | undefined;
    const toReserve = c?.tag?.kind === "reserve";
    rec.apply(action);
    steps.push({
      player,
      id,
      radius,
      zone,
      rear: deploysAtRear(b.profile(id)),
      reserve: toReserve ? { unit: structuredClone(rec.data.units[id]!), use: { ...rec.data.abilityUses[rec.data.abilityUses.length - 1]! } } : null,
    });
  }
  return { pre, steps, deployedFirst: rec.data.deployedFirst, encoded: new Map(), refused: false };
}

/** A copy of the template's battle that the set-up may change (the rest is shared, read-only, with the template). */
function fork(pre: BattleData, terrain: TerrainFeature[]): BattleData {
  return {
    ...pre,
    units: pre.units.map((u) => ({ ...u, tokens: [...u.tokens] })),
    terrain,
    control: { ...pre.control },
    commandPoints: [pre.commandPoints[0], pre.commandPoints[1]],
    factionPoints: [pre.factionPoints[0], pre.factionPoints[1]],
    abilityUses: [...pre.abilityUses],
    pending: { ...pre.pending, destroyed: [...pre.pending.destroyed], veinsRolls: { ...pre.pending.veinsRolls } },
  };
}

/** The roll-off (planner/agents.ts sampleChance over its two outcomes of probability 1/2, in that order): the battle's first draw. */
function rollOff(rng: Rng): Player {
  return rng.nextFloat() - 0.5 < 0 ? 0 : 1;
}

/** Who wins the roll-off of the battle seeded `seed` (setUpFromTemplate's first draw), without its set-up. */
export function rollOffWinner(seed: number): Player {
  return rollOff(new Rng(seed));
}

/** A set-up played from the template: the battle at the end of its set-up, its RNG, and who won the roll-off. */
export interface TemplateSetUp {
  /** Shares the template's profiles, scoring and other parts no set-up changes: clone before playing it on. */
  data: BattleData;
  rng: Rng;
  winner: Player;
}

/**
 * The set-up of the battle seeded `seed`: what `playSetUp(newInitialState(setup, seed))` gives, with the same
 * dice drawn in the same order; null when the engine must play it in full (the template has no such roll-off
 * winner, or a unit lost for lack of room comes before one the template sets up in reserve).
 */
export function setUpFromTemplate(t: SetUpTemplate, seed: number, forceLost?: ReadonlySet<number>): TemplateSetUp | null {
  const rng = new Rng(seed);
  const winner = rollOff(rng);
  const w = t.byWinner[winner];
  if (!w) return null;
  // PB-TERRAIN: the defender's terrain, drawn where the territory is taken (setup.ts territoryChoices).
  const data = fork(w.pre, drawTerrain(rng, t.plan, t.pointsLimit));
  const friends: [Circle[], Circle[]] = [[], []];
  const picks: ZonePoint[] = [];
  const tags: number[] = [];
  let lost = false;
  for (const s of w.steps) {
    if (s.reserve) {
      // After a unit was lost for lack of room, fewer units stand on the battlefield than in the template's
      // run, and a reserve ability limited by them ("more on the battlefield than in reserve":
      // reserves.ts limitAllows) may no longer be offered: the engine decides that set-up itself.
      if (lost) return null;
      data.units[s.id] = { ...s.reserve.unit, tokens: [...s.reserve.unit.tokens] };
      data.abilityUses.push({ ...s.reserve.use });
      continue;
    }
    picks.length = 0;
    tags.length = 0;
    rankZone(s.zone, friends[s.player], data.terrain, s.radius, picks, tags);
    const u = data.units[s.id]!;
    // forceLost (kernel-setup.ts losableUnits' check): these units set up as if they found no room.
    if (picks.length === 0 || forceLost?.has(s.id)) {
      // No room (the policy never wants this unit in reserve: the template's step is not one): the engine
      // destroys it (setup.ts afterDeploy).
      u.status = "destroyed";
      u.models = 0;
      lost = true;
      continue;
    }
    const spots: Point[] = picks.map((z) => z.p);
    const i = picks.length <= 1 ? 0 : pickDeploySpot(spots, picks.map((z) => z.depth), s.rear, friends[s.player]);
    const at = spots[i]!;
    u.x = at.x;
    u.y = at.y;
    u.status = "deployed";
    friends[s.player].push({ x: at.x, y: at.y, radius: s.radius });
  }
  data.deployedFirst = w.deployedFirst;
  const b = new Battle(data, rng);
  afterDeployment(b);
  settle(b);
  return { data, rng, winner };
}

/** The template's set-up of `seed` as a state of its own (cloned from the template), or null (see setUpFromTemplate). */
export function templateState(t: SetUpTemplate, seed: number): PitchedBattleState | null {
  const s = setUpFromTemplate(t, seed);
  return s && new PitchedBattleState(new Battle(structuredClone(s.data), s.rng));
}

/**
 * The kernel's encoding of a template set-up: the winner's encoding with the slots the dice changed written
 * over (encode.ts encodeSetUp); the first battle of each terrain count is encoded in full. Null when the
 * kernel refuses the battle (InputError): play it in the TypeScript engine.
 */
export function encodeTemplateSetUp(t: SetUpTemplate, s: TemplateSetUp): Float64Array | null {
  const w = t.byWinner[s.winner]!;
  if (w.refused) return null;
  const key = encodingKey(s.data);
  const base = w.encoded.get(key);
  if (base) return encodeSetUp(base, s.data);
  try {
    const full = encodeBattle(s.data);
    w.encoded.set(key, full);
    return full.slice();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    w.refused = true;
    return null;
  }
}

/** What tells two encodings of one winner's set-ups apart beyond the dice's slots: the terrain count, the units destroyed for lack of room. */
function encodingKey(data: BattleData): string {
  let key = String(data.terrain.length);
  for (const u of data.units) if (u.status === "destroyed" && u.models === 0 && !u.destroyedBy) key += `:${u.id}`;
  return key;
}

/** The battle of a template set-up played to its end in the kernel from `seed` (rolloutWasm's twin), or null (refused). */
export function rolloutTemplateWasm(core: Core, t: SetUpTemplate, s: TemplateSetUp, seed: number): RolloutResult | null {
  const record = rolloutTemplateRecord(core, t, s, seed);
  return record && decodeRollout(record, 0, s.data);
}

/** rolloutTemplateWasm's kernel record, not decoded (encode.ts R), or null (refused). */
export function rolloutTemplateRecord(core: Core, t: SetUpTemplate, s: TemplateSetUp, seed: number): Float64Array | null {
  const encoded = encodeTemplateSetUp(t, s);
  return encoded && core.aosRollouts(encoded, [seed], RESULT);
}
