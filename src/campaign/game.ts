/**
 * The map campaign behind the planner's Game interface (src/planner/game.ts).
 *
 * CAMP-PHASES: set-up (CAMP-HQ: draw lots — a chance node — then each player picks an HQ), then campaign
 * turns of five phases: 1 Write Orders (SIMULTANEOUS nodes, one per Banner slot: orders.ts), 2 Execute
 * Orders (movement.ts, dice rolled with the state's RNG), 3 Fight Battles (battles.ts: simulated by the
 * AoS engine inside `apply`, or chance nodes the players' results are entered at), 4 Retreat/Scatter
 * (retreat.ts: the loser picks where to when there is a choice), 5 End of Turn (Recover, control,
 * CAMP-ELIMINATION, CAMP-BANNERS: the player picks the surplus Banner lost or where a new one is raised).
 * CAMP-LENGTH: after 16 turns (`turns`) or when a player is eliminated, the campaign is over
 * (CAMP-INFLUENCE decides it: scoring.ts).
 *
 * Actions: at an HQ, retreat or raise step, a territory index; at a disband step, a Banner id; at orders,
 * an order code (orders.ts); at chance nodes, 0/1 (who picks an HQ first) or 0..8 (a battle's result:
 * ENTERED_RESULTS).
 *
 * End of turn, decided where the seed is silent: a Banner standing in a neutral territory at the end of a
 * turn controls it (that is how Banners "expand the realm's territory"; a captured territory loses its
 * fortification). CAMP-RAZE (the catalog's decision): a Banner that entered an undefended territory of the
 * other realm occupies it; control passes at the end of the next turn in which it is still there and did
 * not Raze it — until then the owner keeps it and the occupier may Raze it (it stays the owner's, Razed).
 * A Banner that regrouped in its own HQ the enemy had taken did not enter it: it takes it back at the end
 * of the turn unless it razes it. Recover takes effect first, if the Banner did not fight.
 */
import { Rng } from "../core/rng.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { type Action, CHANCE, type ChanceOutcome, type Game, type GameState, type PlayerId, SIMULTANEOUS, TERMINAL } from "../planner/game.js";
import { campaignArmyJson, resolveCampaignArmy } from "./armies.js";
import { allowedBanners, bannerCount, disbandBanner, eliminate, raiseBanner, raiseOptions } from "./banners.js";
import { applyBattleResult, describeBattle, enteredOutcomes, enteredResult, findBattles, simulateBattle } from "./battles.js";
import { hqOptions, placeHq } from "./hq.js";
import { boardOf, defaultMap, parseMap } from "./map.js";
import { executeOrders } from "./movement.js";
import { bannerToOrder, decodeOrder, describeOrder, encodeOrder, isRaze, legalOrders, orderActionFromInput, orderSlots, PASS } from "./orders.js";
import { placeScattered, retreatOptions, retreatTo, scatter } from "./retreat.js";
import { campaignHeuristic, campaignResult, campaignReturns, influenceNow } from "./scoring.js";
import { type CampaignOptions, campaignOptionsSchema, ordersInputSchema } from "./schema.js";
import { type BannerState, type CampaignConfig, type CampaignData, log, type Player, PLAYERS, territoriesOf } from "./state.js";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export interface CampaignSetup {
  /** A map as JSON (default: the bundled map, data/campaign/default-map.json). */
  map?: unknown;
  /** Each player's campaign army file, or a bare roster (JSON). Player 0 is the first. */
  armies: [unknown, unknown];
  turns?: number;
  battles?: CampaignOptions["battles"];
  influence?: CampaignOptions["influence"];
  log?: boolean;
}

export function campaignConfig(mapJson: unknown, armies: [unknown, unknown]): CampaignConfig {
  const map = mapJson === undefined ? defaultMap() : parseMap(mapJson, "map");
  return { board: boardOf(map), armies: [resolveCampaignArmy(armies[0], "armies[0]"), resolveCampaignArmy(armies[1], "armies[1]")] };
}

export function newCampaignData(config: CampaignConfig, options: CampaignOptions): CampaignData {
  const n = config.board.n;
  return {
    version: 1,
    options,
    turn: 0,
    phase: "setup",
    step: { kind: "draw-lots" },
    hq: [null, null],
    pickOrder: null,
    owner: new Array(n).fill(null),
    razed: new Array(n).fill(false),
    fortified: new Array(n).fill(false),
    fortifiedTurn: new Array(n).fill(null),
    banners: [],
    nextBannerId: 0,
    generalsRaised: [0, 0],
    orders: [],
    moved: [],
    fought: [],
    battles: [],
    retreats: [],
    eliminated: [false, false],
    influenceTally: [0, 0],
    log: options.log ? [] : null,
    history: options.log ? [] : null,
  };
}

/** Runs the automatic parts of the turn until a decision, a chance node or the end. */
export function advance(config: CampaignConfig, d: CampaignData, rng: Rng): void {
  for (let guard = 0; guard < 100_000; guard++) {
    switch (d.phase) {
      case "setup":
      case "over":
        return;
      case "orders":
        if (d.step.kind === "orders" && d.step.slot < orderSlots(d)) return;
        executeOrders(config, d, rng);
        d.battles = findBattles(config, d);
        if (d.battles.length) log(d, "  Fight battles");
        d.phase = "battles";
        continue;
      case "battles": {
        const i = d.battles.findIndex((b) => b.result === null);
        if (i < 0) {
          d.phase = "retreat";
          continue;
        }
        const b = d.battles[i]!;
        if (d.step.kind !== "battle-result" || d.step.battle !== i) log(d, `    ${describeBattle(config, d, b)}`);
        if (d.options.battles === "simulated") {
          applyBattleResult(config, d, i, config.resolveBattle ? config.resolveBattle(d, b, rng) : simulateBattle(config, d, b, rng));
          continue;
        }
        d.step = { kind: "battle-result", battle: i };
        return;
      }
      case "retreat": {
        const r = d.retreats[0];
        if (!r) {
          d.phase = "end-control";
          continue;
        }
        const b = d.banners.find((x) => x.id === r.banner)!;
        const options = retreatOptions(config, d, b, r.from);
        if (options.length >= 2) {
          d.step = { kind: "retreat", player: b.owner, banner: b.id };
          return;
        }
        d.retreats.shift();
        if (options.length === 1) retreatTo(config, d, b, options[0]!);
        else scatter(config, d, b, "left with no territory of its realm to fall back to");
        continue;
      }
      case "end-control":
        endOfTurnControl(config, d);
        d.phase = "end-banners";
        continue;
      case "end-banners": {
        // With a realm eliminated the campaign ends this turn: no Banners to count.
        const pending = !d.eliminated.some((e) => e) && bannerStep(config, d);
        if (pending) return;
        endOfTurn(config, d);
        if (d.step.kind === "over") return;
        continue;
      }
    }
  }
  throw new Error("the campaign did not reach a decision");
}

/** CAMP-RAZE (Recover, occupation), control of the territories Banners stand in, CAMP-ELIMINATION. */
function endOfTurnControl(config: CampaignConfig, d: CampaignData): void {
  const names = config.board.names;
  log(d, "  End of turn");
  for (const { banner, order } of d.orders) {
    if (order.kind !== "recover") continue;
    const b = d.banners.find((x) => x.id === banner);
    if (!b || b.at === null) continue;
    if (d.fought.includes(banner)) log(d, `    [CAMP-RAZE] ${b.name} was brought to battle: it cannot Recover ${names[b.at]}`);
    else {
      d.razed[b.at] = false;
      log(d, `    [CAMP-RAZE] ${b.name} recovers ${names[b.at]}: it is no longer Razed`);
    }
  }
  for (const b of d.banners) {
    if (b.at === null || d.owner[b.at] === b.owner) continue;
    const before = d.owner[b.at];
    if (before !== null && before !== undefined) {
      // CAMP-RAZE: an undefended territory of the other realm is occupied; it changes hands at the end of
      // the next turn the Banner is still there and did not Raze it.
      const owner = config.armies[before].name;
      if (d.moved.includes(b.id)) {
        log(d, `    [CAMP-RAZE] ${b.name} occupies ${names[b.at]}: it stays ${owner}'s until the end of the next turn ${b.name} holds it without razing it`);
        continue;
      }
      const order = d.orders.find((o) => o.banner === b.id)?.order;
      if (order && isRaze(order)) {
        log(d, `    [CAMP-RAZE] ${names[b.at]} stays ${owner}'s, Razed, while ${b.name} occupies it`);
        continue;
      }
    }
    d.owner[b.at] = b.owner;
    d.fortified[b.at] = false;
    log(d, `    ${config.armies[b.owner].name} takes control of ${names[b.at]}${before === null ? "" : ` from ${config.armies[before!].name}`}`);
  }
  for (const p of PLAYERS) if (!d.eliminated[p] && territoriesOf(d, p).length === 0) eliminate(config, d, p);
}

/** CAMP-BANNERS: a surplus to lose or a Banner to raise that needs the player; the rest automatically. */
function bannerStep(config: CampaignConfig, d: CampaignData): boolean {
  for (const p of PLAYERS) {
    if (bannerCount(d, p) > allowedBanners(d, p)) {
      d.step = { kind: "disband", player: p };
      return true;
    }
  }
  for (const p of PLAYERS) {
    if (bannerCount(d, p) >= allowedBanners(d, p)) continue;
    const options = raiseOptions(d, p);
    if (options.length === 0) continue;
    if (options.length >= 2) {
      d.step = { kind: "raise", player: p };
      return true;
    }
    raise(config, d, p, options[0]!);
    return bannerStep(config, d);
  }
  return false;
}

function raise(config: CampaignConfig, d: CampaignData, p: Player, t: number): void {
  const b = raiseBanner(config, d, p, t);
  log(d, `    [CAMP-BANNERS] ${config.armies[p].name} raises ${b.name} in ${config.board.names[t]}, led by ${b.general.name} (${b.general.warscroll}) [CAMP-GENERAL]`);
}

function endOfTurn(config: CampaignConfig, d: CampaignData): void {
  const influence = PLAYERS.map((p) => influenceNow(config, d, p)) as [number, number];
  if (d.options.influence === "per-turn") for (const p of PLAYERS) d.influenceTally[p] += influence[p];
  const terr = PLAYERS.map((p) => territoriesOf(d, p).length) as [number, number];
  const banners = PLAYERS.map((p) => bannerCount(d, p)) as [number, number];
  for (const p of PLAYERS)
    if (!d.eliminated[p])
      log(d, `    ${config.armies[p].name}: ${plural(terr[p], "territory", "territories")} (${territoriesOf(d, p).filter((t) => d.razed[t]).length} Razed), ${plural(banners[p], "Banner")} of ${allowedBanners(d, p)} [CAMP-BANNERS], Influence ${influence[p]}${d.options.influence === "per-turn" ? ` (tally ${d.influenceTally[p]})` : ""} [CAMP-INFLUENCE]`);
  const rec = d.history?.[d.history.length - 1];
  if (rec) {
    rec.battles = structuredClone(d.battles);
    rec.territories = terr;
    rec.banners = banners;
    rec.influence = influence;
  }
  d.orders = [];
  d.battles = [];
  d.retreats = [];
  if (d.turn >= d.options.turns || d.eliminated.some((e) => e)) {
    d.phase = "over";
    d.step = { kind: "over" };
    const r = campaignResult(config, d);
    log(d, "");
    log(d, `Campaign over after ${d.turn} turns [CAMP-LENGTH]: Influence ${r.influence[0]} to ${r.influence[1]}. ${r.winner === null ? "A draw" : `${config.armies[r.winner].name} wins`} — ${r.reason}`);
    return;
  }
  startTurn(config, d);
}

export function startTurn(config: CampaignConfig, d: CampaignData): void {
  d.turn++;
  d.moved = [];
  d.fought = [];
  d.history?.push({ turn: d.turn, orders: [], events: [], battles: [], territories: [0, 0], banners: [0, 0], influence: [0, 0] });
  log(d, "");
  log(d, `Turn ${d.turn}`);
  placeScattered(config, d);
  d.phase = "orders";
  d.step = { kind: "orders", slot: 0 };
}

export class CampaignState implements GameState<CampaignState> {
  readonly numPlayers = 2;

  constructor(
    readonly config: CampaignConfig,
    public data: CampaignData,
    public rng: Rng,
  ) {}

  currentPlayer(): PlayerId {
    const s = this.data.step;
    switch (s.kind) {
      case "draw-lots":
      case "battle-result":
        return CHANCE;
      case "orders":
        return SIMULTANEOUS;
      case "over":
        return TERMINAL;
      default:
        return s.player;
    }
  }

  legalActions(player?: PlayerId): Action[] {
    const d = this.data;
    const s = d.step;
    const cur = this.currentPlayer();
    if (cur === SIMULTANEOUS) {
      if (player !== 0 && player !== 1) return [];
      const b = bannerToOrder(d, player);
      return b ? legalOrders(this.config, d, b).map(encodeOrder) : [PASS];
    }
    if (cur < 0 || (player !== undefined && player !== cur)) return [];
    switch (s.kind) {
      case "hq":
        return hqOptions(this.config.board, d, s.player);
      case "retreat": {
        const r = d.retreats[0]!;
        return retreatOptions(this.config, d, d.banners.find((b) => b.id === s.banner)!, r.from);
      }
      case "disband":
        return d.banners.filter((b) => b.owner === s.player).map((b) => b.id).sort((a, b) => a - b);
      case "raise":
        return raiseOptions(d, s.player);
      default:
        return [];
    }
  }

  actionToString(action: Action, player?: PlayerId): string {
    const d = this.data;
    const s = d.step;
    const names = this.config.board.names;
    const army = (p: number) => this.config.armies[p as Player].name;
    switch (s.kind) {
      case "draw-lots":
        return `${army(action)} draws the first pick of HQ`;
      case "hq":
        return `${army(s.player)} sets up its HQ in ${names[action] ?? `(no territory ${action})`}`;
      case "orders": {
        const b = player === 0 || player === 1 ? bannerToOrder(d, player) : undefined;
        if (action === PASS || !b) return `${player === undefined ? "" : `${army(player)}: `}no Banner to order`;
        return `${b.name}: ${describeOrder(this.config, decodeOrder(action))}`;
      }
      case "battle-result": {
        const r = enteredResult(action);
        const b = d.battles[s.battle]!;
        return `${names[b.territory]}: ${r.winner === null ? "a draw" : `${d.banners.find((x) => x.id === b.banners[r.winner!])!.name} wins a ${r.outcome.replace("-", " ")}${r.massacre ? " (a Massacre)" : ""}`}`;
      }
      case "retreat":
        return `${d.banners.find((b) => b.id === s.banner)!.name} retreats to ${names[action]}`;
      case "disband":
        return `${army(s.player)} loses ${d.banners.find((b) => b.id === action)?.name ?? `(no Banner ${action})`}`;
      case "raise":
        return `${army(s.player)} raises a Banner in ${names[action]}`;
      case "over":
        return "(the campaign is over)";
    }
  }

  private requireLegal(action: Action, player?: Player): void {
    if (!this.legalActions(player).includes(action)) throw new Error(`action ${action} is not legal at step ${this.data.step.kind}${player === undefined ? "" : ` for player ${player}`}`);
  }

  apply(action: Action): void {
    const d = this.data;
    const s = d.step;
    const config = this.config;
    switch (s.kind) {
      case "draw-lots": {
        if (action !== 0 && action !== 1) throw new Error(`chance outcome ${action} is not 0 or 1`);
        d.pickOrder = [action, (1 - action) as Player];
        log(d, `Set-up [CAMP-HQ]: lots drawn, ${config.armies[action].name} picks its HQ first`);
        d.step = { kind: "hq", player: action };
        return;
      }
      case "hq": {
        this.requireLegal(action);
        placeHq(config, d, s.player, action);
        const next = d.pickOrder!.find((p) => d.hq[p] === null);
        if (next !== undefined) {
          d.step = { kind: "hq", player: next };
          return;
        }
        startTurn(config, d);
        break;
      }
      case "orders":
        throw new Error("orders are written by both players at once: use applyJoint");
      case "battle-result":
        applyBattleResult(config, d, s.battle, enteredResult(action));
        break;
      case "retreat": {
        this.requireLegal(action);
        d.retreats.shift();
        retreatTo(config, d, d.banners.find((b) => b.id === s.banner)!, action);
        break;
      }
      case "disband":
        this.requireLegal(action);
        disbandBanner(config, d, action);
        break;
      case "raise":
        this.requireLegal(action);
        raise(config, d, s.player, action);
        break;
      case "over":
        throw new Error("the campaign is over");
    }
    advance(config, d, this.rng);
  }

  applyJoint(actions: Action[]): void {
    const d = this.data;
    const s = d.step;
    if (s.kind !== "orders") throw new Error(`applyJoint at step ${s.kind}: only orders are simultaneous`);
    if (actions.length !== 2) throw new Error("applyJoint needs one action per player");
    const banners: (BannerState | undefined)[] = PLAYERS.map((p) => bannerToOrder(d, p));
    PLAYERS.forEach((p) => this.requireLegal(actions[p]!, p));
    PLAYERS.forEach((p) => {
      const b = banners[p];
      if (b) d.orders.push({ banner: b.id, order: decodeOrder(actions[p]!) });
    });
    d.step = { kind: "orders", slot: s.slot + 1 };
    advance(this.config, d, this.rng);
  }

  chanceOutcomes(): ChanceOutcome[] {
    const s = this.data.step;
    if (s.kind === "draw-lots") return [{ action: 0, probability: 0.5 }, { action: 1, probability: 0.5 }];
    if (s.kind === "battle-result") return enteredOutcomes(this.data.battles[s.battle]!);
    return [];
  }

  isTerminal(): boolean {
    return this.data.step.kind === "over";
  }

  returns(): number[] {
    return this.isTerminal() ? campaignReturns(this.config, this.data) : [0, 0];
  }

  /** The Influence lead, squashed: see scoring.ts. */
  heuristic(player: PlayerId): number {
    return campaignHeuristic(this.config, this.data, player as Player);
  }

  clone(): CampaignState {
    return new CampaignState(this.config, structuredClone(this.data), Rng.fromState(this.rng.state()));
  }

  reseed(seed: number): void {
    this.rng.reseed(seed);
  }

  toJSON(): unknown {
    return { map: this.config.board.map, armies: this.config.armies.map(campaignArmyJson), data: this.data, rng: this.rng.state() };
  }
}

/**
 * CAMP-ORDERS as players type them: each player's `{ orders: [{ banner, order, to?, then? }] }`, applied
 * slot by slot. A Banner with no order Holds; an order for a Banner the player does not have, or one the
 * rules do not allow, is an InputError naming the field.
 */
export function writeOrders(state: CampaignState, inputs: [unknown, unknown]): void {
  const d = state.data;
  if (d.step.kind !== "orders") throw new InputError("orders: the campaign is not waiting for orders");
  const parsed = PLAYERS.map((p) => parseOrThrow(ordersInputSchema, inputs[p], `orders[${p}]`).orders);
  PLAYERS.forEach((p) =>
    parsed[p]!.forEach((o, i) => {
      if (!d.banners.some((b) => b.owner === p && b.at !== null && b.name.toLowerCase() === o.banner.toLowerCase()))
        throw new InputError(`orders[${p}].orders[${i}].banner: ${state.config.armies[p].name} has no Banner "${o.banner}" on the map`);
    }),
  );
  // Every order checked (on a copy: legality depends on the player's earlier orders) before any is applied.
  const trial = structuredClone(d);
  const joints: Action[][] = [];
  while (trial.step.kind === "orders" && trial.step.slot < orderSlots(trial)) {
    const joint = PLAYERS.map((p) => {
      const b = bannerToOrder(trial, p);
      if (!b) return PASS;
      const i = parsed[p]!.findIndex((o) => o.banner.toLowerCase() === b.name.toLowerCase());
      return i < 0 ? encodeOrder({ kind: "hold", to: null, then: null }) : orderActionFromInput(state.config, trial, p, parsed[p]![i]!, `orders[${p}].orders[${i}]`);
    });
    PLAYERS.forEach((p) => {
      const b = bannerToOrder(trial, p);
      if (b) trial.orders.push({ banner: b.id, order: decodeOrder(joint[p]!) });
    });
    trial.step = { kind: "orders", slot: trial.step.slot + 1 };
    joints.push(joint);
  }
  for (const joint of joints) state.applyJoint(joint);
}

/** A campaign from its set-up, with the given RNG (tests script dice with one). */
export function newCampaign(setup: CampaignSetup, rng: Rng): CampaignState {
  const options = parseOrThrow(campaignOptionsSchema, { turns: setup.turns, battles: setup.battles, influence: setup.influence, log: setup.log }, "campaign");
  const config = campaignConfig(setup.map, setup.armies);
  return new CampaignState(config, newCampaignData(config, options), rng);
}

export const campaignGame: Game<CampaignState, CampaignSetup> = {
  name: "map-campaign",
  newInitialState(setup, seed) {
    return newCampaign(setup, new Rng(seed));
  },
  fromJSON(json) {
    const j = json as { map: unknown; armies: [unknown, unknown]; data: CampaignData; rng: [number, number, number, number] };
    const config = campaignConfig(j.map, j.armies);
    return new CampaignState(config, structuredClone(j.data), Rng.fromState(j.rng));
  },
};
