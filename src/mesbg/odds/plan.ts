/**
 * From a validated one-on-one fight to plain numbers (the rules that read flags are applied here, once):
 * ME-DUEL dice, ME-TWO-HANDED (duel -1, +1 To Wound; Burly ignores the duel penalty), ME-SHIELDING,
 * ME-ELVEN and the drawn-combat roll, ME-TRAPPED (two strikes per Attack), ME-WOUND-CHART codes, ME-FATE.
 * The kernels (`kernel.ts`, `assembly/mesbg_odds.ts`) turn these into probabilities.
 */
import { InputError } from "../../core/errors.js";
import { woundCode } from "../woundChart.js";
import type { Fighter, MesbgOddsInput } from "./schema.js";

export interface SidePlan {
  /** Dice rolled in the duel (ME-DUEL; doubled when shielding). */
  duelDice: number;
  /** Modifier on each duel die: -1 for a two-handed weapon unless Burly. */
  duelMod: number;
  fight: number;
  /** Strikes made if this side wins (Attacks, x2 against a trapped loser, 0 when shielding). */
  strikes: number;
  /** Chart code against the opponent's Defence (woundChart.ts woundCode). */
  woundCode: number;
  /** To Wound bonus (two-handed +1). */
  woundBonus: number;
  wounds: number;
  fate: number;
}

export interface FightPlan {
  a: SidePlan;
  b: SidePlan;
  /** Faces of the drawn-combat D6 on which Good wins (ME-DUEL: 4-6; ME-ELVEN: 3-6 or 5-6). */
  goodRollOffFaces: number;
  aIsGood: boolean;
}

function side(me: Fighter, foe: Fighter, trapped: boolean): SidePlan {
  return {
    duelDice: me.attacks * (me.shielding ? 2 : 1),
    duelMod: me.twoHanded && !me.burly ? -1 : 0,
    fight: me.fight,
    strikes: me.shielding ? 0 : me.attacks * (trapped ? 2 : 1),
    woundCode: woundCode(me.strength, foe.defence),
    woundBonus: me.twoHanded ? 1 : 0,
    wounds: me.wounds,
    fate: me.fate,
  };
}

/** Faces (of 6) on which Good wins the drawn-combat roll: 4-6, 3-6 with only Good elven, 5-6 with only Evil elven. */
export function goodRollOffFaces(goodElven: boolean, evilElven: boolean): number {
  if (goodElven && !evilElven) return 4;
  if (evilElven && !goodElven) return 2;
  return 3;
}

export function planFight(input: MesbgOddsInput): FightPlan {
  for (const k of ["a", "b"] as const) {
    if (input[k].shielding && input[k].twoHanded) throw new InputError(`${k}.shielding: a model using a two-handed weapon has no shield to shield with`);
    // ME-ELVEN counts only for a model using its (one-handed) Elven weapon, as in the engine (fight.ts usesElvenWeapon).
    if (input[k].elven && input[k].twoHanded)
      throw new InputError(`${k}.elven: a model fighting two-handed is not using an Elven-made weapon (ME-ELVEN: "Models using an Elven-made weapon"); drop elven or twoHanded`);
  }
  const good = input.a.side === "good" ? input.a : input.b;
  const evil = input.a.side === "good" ? input.b : input.a;
  const g = goodRollOffFaces(good.elven, evil.elven);
  return {
    a: side(input.a, input.b, input.trapped),
    b: side(input.b, input.a, input.trapped),
    goodRollOffFaces: g,
    aIsGood: input.a.side === "good",
  };
}

export const SIDE_SLOTS = 8;

/** Flat layout for the Wasm kernel: [goodRollOffFaces, aIsGood, a's 8 slots, b's 8 slots]. */
export function encodeFight(plan: FightPlan): Float64Array {
  const s = (p: SidePlan) => [p.duelDice, p.duelMod, p.fight, p.strikes, p.woundCode, p.woundBonus, p.wounds, p.fate];
  return new Float64Array([plan.goodRollOffFaces, plan.aIsGood ? 1 : 0, ...s(plan.a), ...s(plan.b)]);
}

/** Output layout: [aWinsDuel, bWinsDuel, aSlaysB, bSlaysA, pWoundA, pWoundB, bLost[0..Wb], aLost[0..Wa]]. */
export function fightOutLength(plan: FightPlan): number {
  return 6 + plan.b.wounds + 1 + plan.a.wounds + 1;
}
