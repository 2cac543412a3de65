/**
 * The Pitched Battle behind the planner's Game interface (src/planner/game.ts). Chance nodes are the two
 * roll-offs (attacker/defender, priority); all other dice are rolled inside actions with the state's
 * seeded RNG, so the search stays open-loop.
 */
import { Rng } from "../../core/rng.js";
import { type Action, CHANCE, type ChanceOutcome, type Game, type GameState, type PlayerId, TERMINAL } from "../../planner/game.js";
import type { Roster, WarscrollLibrary } from "../armies/index.js";
import { Battle } from "./battle.js";
import { type BattleOptions, newBattleData } from "./create.js";
import { applyChance, choices, isChance, settle } from "./flow.js";
import type { BattleData } from "./state.js";

export class PitchedBattleState implements GameState<PitchedBattleState> {
  readonly numPlayers = 2;

  constructor(readonly battle: Battle) {}

  get data(): BattleData {
    return this.battle.data;
  }

  currentPlayer(): PlayerId {
    const s = this.data.step;
    if (s.kind === "over") return TERMINAL;
    if (isChance(this.battle)) return CHANCE;
    return "player" in s ? s.player : TERMINAL;
  }

  legalActions(player?: PlayerId): Action[] {
    const p = this.currentPlayer();
    if (p < 0 || (player !== undefined && player !== p)) return [];
    return choices(this.battle).map((_, i) => i);
  }

  actionToString(action: Action): string {
    if (this.currentPlayer() === CHANCE) return `${this.data.armies[action]} wins the roll-off`;
    return choices(this.battle)[action]?.label ?? `(no action ${action})`;
  }

  apply(action: Action): void {
    if (this.currentPlayer() === CHANCE) {
      if (action !== 0 && action !== 1) throw new Error(`chance outcome ${action} is not 0 or 1`);
      applyChance(this.battle, action);
      return;
    }
    const c = choices(this.battle)[action];
    if (!c) throw new Error(`action ${action} is not legal at step ${this.data.step.kind}`);
    this.battle.choiceCache = null;
    c.apply(this.battle);
    settle(this.battle);
  }

  chanceOutcomes(): ChanceOutcome[] {
    return isChance(this.battle) ? [{ action: 0, probability: 0.5 }, { action: 1, probability: 0.5 }] : [];
  }

  isTerminal(): boolean {
    return this.data.step.kind === "over";
  }

  /** Win 1, loss -1, draw 0 (a major or minor victory both count as a win: PB-RESULT). */
  returns(): number[] {
    const end = this.data.end;
    if (!end || !end.result.winner) return [0, 0];
    const w = this.battle.playerOf(end.result.winner);
    return w === 0 ? [1, -1] : [-1, 1];
  }

  /** The victory-point lead, squashed to (-1, 1): 10 VP ahead reads as about 0.76. */
  heuristic(player: PlayerId): number {
    const vp = this.data.victoryPoints;
    return Math.tanh((vp[player]! - vp[1 - player]!) / 10);
  }

  clone(): PitchedBattleState {
    return new PitchedBattleState(new Battle(structuredClone(this.data), Rng.fromState(this.battle.rng.state())));
  }

  reseed(seed: number): void {
    // Choices never depend on the RNG, so the cache stays valid.
    this.battle.rng.reseed(seed);
  }

  rngState(): readonly number[] {
    return this.battle.rng.state();
  }

  toJSON(): unknown {
    return { data: this.data, rng: this.battle.rng.state() };
  }
}

export interface PitchedBattleSetup extends BattleOptions {
  rosters: [Roster, Roster];
  /** The warscrolls the rosters name (default: the bundled data); an imported list brings its own. */
  library?: WarscrollLibrary;
}

export const pitchedBattleGame: Game<PitchedBattleState, PitchedBattleSetup> = {
  name: "aos-pitched-battle",
  newInitialState(options, seed) {
    return new PitchedBattleState(new Battle(newBattleData(options.rosters, { battleplan: options.battleplan, log: options.log, terrain: options.terrain }, options.library), new Rng(seed)));
  },
  fromJSON(json) {
    const j = json as { data: BattleData; rng: [number, number, number, number] };
    return new PitchedBattleState(new Battle(structuredClone(j.data), Rng.fromState(j.rng)));
  },
};
