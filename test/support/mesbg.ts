/**
 * Helpers for MESBG engine tests: profiles with sensible defaults, positions set up for one rule, a scripted
 * Rng (every die is given in advance, and an unexpected roll fails the test), and ways to pick a decision by
 * what it says.
 */
import { expect } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { CHANCE } from "../../src/planner/game.js";
import { type MesbgState, positionState } from "../../src/mesbg/index.js";
import type { PositionInput } from "../../src/mesbg/position.js";

/** Dice in the order the engine will roll them; any roll beyond the script throws. */
export class ScriptedRng extends Rng {
  constructor(private dice: number[]) {
    super(1);
  }
  override roll(sides: number): number {
    const d = this.dice.shift();
    if (d === undefined) throw new Error(`scripted dice ran out (a D${sides} was rolled)`);
    if (d < 1 || d > sides) throw new Error(`scripted die ${d} is not a D${sides}`);
    return d;
  }
  left(): number[] {
    return [...this.dice];
  }
}

/** Inches between the centres of two 25mm bases in contact. */
export const TOUCH = 25 / 25.4;
export const R25 = 25 / 25.4 / 2;
export const R40 = 40 / 25.4 / 2;

type Obj = Record<string, unknown>;

export function warrior(over: Obj = {}): Obj {
  return {
    name: "Warrior", base: 25, move: 6, fight: 3, shoot: 4, strength: 3, defence: 4, attacks: 1, wounds: 1, courage: 7,
    keywords: { race: ["Man"], faction: ["Gondor"], type: ["Infantry", "Warrior"] }, wargear: ["hand weapon"], ...over,
  };
}

export function orc(over: Obj = {}): Obj {
  return warrior({ name: "Orc", keywords: { race: ["Orc"], faction: ["Mordor"], type: ["Infantry", "Warrior"] }, ...over });
}

export function hero(over: Obj = {}): Obj {
  return warrior({ name: "Hero", might: 2, will: 2, fate: 1, keywords: { race: ["Man"], faction: ["Gondor"], type: ["Infantry", "Hero"] }, ...over });
}

export function evilHero(over: Obj = {}): Obj {
  return hero({ name: "Evil Hero", keywords: { race: ["Orc"], faction: ["Mordor"], type: ["Infantry", "Hero"] }, ...over });
}

export function cavalry(over: Obj = {}): Obj {
  return warrior({ name: "Knight", base: 40, move: 10, keywords: { race: ["Man"], faction: ["Gondor"], type: ["Cavalry", "Warrior"] }, ...over });
}

export interface Placed {
  side: 0 | 1;
  profile: string;
  x: number;
  y: number;
  name?: string;
  state?: Obj;
}

/**
 * A position: side 0 is Good ("Gondor"), side 1 Evil ("Mordor"). `dice` scripts every roll from the start
 * (a fight-phase position rolls as soon as it is set up); a number seeds the Rng instead.
 */
export function position(good: Record<string, Obj>, evil: Record<string, Obj>, models: Placed[], extra: Partial<PositionInput> = {}, dice: number[] | number = 1): MesbgState {
  return positionState(
    {
      sides: [
        { name: "Gondor", alignment: "good", profiles: good },
        { name: "Mordor", alignment: "evil", profiles: evil },
      ],
      models,
      ...extra,
    } as PositionInput,
    typeof dice === "number" ? dice : new ScriptedRng(dice),
  );
}

/** Replace the game's dice with a script. */
export function script(s: MesbgState, dice: number[]): ScriptedRng {
  const r = new ScriptedRng(dice);
  s.st.rng = r;
  return r;
}

export function describeAll(s: MesbgState): string[] {
  return s.legalActions().map((a) => s.actionToString(a));
}

/** Applies the legal action whose description matches; fails the test listing the options if none does. */
export function choose(s: MesbgState, pattern: RegExp | string): void {
  const acts = s.legalActions();
  const found = acts.find((a) => (typeof pattern === "string" ? s.actionToString(a).includes(pattern) : pattern.test(s.actionToString(a))));
  expect(found, `no option matching ${pattern} among:\n${describeAll(s).join("\n")}`).toBeDefined();
  s.apply(found!);
}

export function hasOption(s: MesbgState, pattern: RegExp | string): boolean {
  return describeAll(s).some((d) => (typeof pattern === "string" ? d.includes(pattern) : pattern.test(d)));
}

/** The model called `name`. */
export function model(s: MesbgState, name: string) {
  const m = s.data.models.find((x) => x.name === name);
  if (!m) throw new Error(`no model ${name}`);
  return m;
}

export function gapBetween(s: MesbgState, a: string, b: string): number {
  const ma = model(s, a);
  const mb = model(s, b);
  return Math.hypot(ma.x - mb.x, ma.y - mb.y) - s.st.info(ma).radius - s.st.info(mb).radius;
}

/** Keeps choosing the first option matching one of `prefer` (or the first option) until `until` holds. */
export function runUntil(s: MesbgState, until: (s: MesbgState) => boolean, prefer: (RegExp | string)[] = [], maxSteps = 500): void {
  for (let i = 0; i < maxSteps && !until(s) && !s.isTerminal(); i++) {
    if (s.currentPlayer() === CHANCE) {
      s.apply(s.legalActions()[0]!);
      continue;
    }
    const acts = s.legalActions();
    const pick = prefer.map((p) => acts.find((a) => (typeof p === "string" ? s.actionToString(a).includes(p) : p.test(s.actionToString(a))))).find((a) => a !== undefined);
    s.apply(pick ?? acts[0]!);
  }
  expect(until(s), "condition never met").toBe(true);
}

/** The frame the game waits on. */
export const waiting = (s: MesbgState) => s.st.top();

export const events = (s: MesbgState): string => s.data.events.join("\n");
