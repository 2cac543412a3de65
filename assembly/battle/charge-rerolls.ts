// Charge re-rolls (docs/abilities.md "Charge re-rolls"), the kernel's twin of src/aos/battle/charge-rerolls.ts:
// the effect records of kind CHARGE_REROLL (encode.ts CHARGE_REROLL_KIND 104, EF.CR_*), read after a charge roll
// with which the charge fails (actions.ts charge): a dice changed to a 4 if the charge then succeeds, else the
// whole roll re-rolled, else its first lowest dice re-rolled; of each kind the first record in data order that
// applies to the charging unit (effects.ts sourceFor) and is not used ("Once Per Turn (Army)": H.EFFECT_PHASE*).
import { EF } from "./layout";
import { effectPhase0, effectPhase1, efI, hasKind, nEffects, sourceFor } from "./effects";
import { owner, recBit } from "./state";

export const CHARGE_REROLL: i32 = 104;

/** The dice of the charge roll being made (at most 4: charge-dice effects stop at a maximum of 4). */
const DICE = memory.data(8 * 4, 16);
export let nDice: i32 = 0;

// @ts-ignore: decorator
@inline export function die(i: i32): i32 { return load<i32>(DICE + (<usize>i << 2)); }
// @ts-ignore: decorator
@inline export function setDie(i: i32, v: i32): void { store<i32>(DICE + (<usize>i << 2), v); }
export function setDiceCount(n: i32): void { nDice = n; }

export function diceSum(): i32 {
  let s = 0;
  for (let i = 0; i < nDice; i++) s += die(i);
  return s;
}

/** The index of the first lowest dice. */
export function lowestDie(): i32 {
  let j = 0;
  for (let i = 1; i < nDice; i++) if (die(i) < die(j)) j = i;
  return j;
}

/** Whether any charge-reroll record is in the battle. */
export function anyChargeReroll(): bool {
  return hasKind(CHARGE_REROLL);
}

/** charge-rerolls.ts rerollFor: the first unused record of kind `which` (0 all, 1 one, 2 four) that applies to u's charge, or -1. */
export function rerollFor(u: i32, which: i32): i32 {
  const p = owner(u);
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != CHARGE_REROLL || efI(k, EF.CR_DICE) != which) continue;
    if (efI(k, EF.CR_LIMIT) != 0 && ((p == 0 ? effectPhase0 : effectPhase1) & recBit(k)) != 0) continue;
    if (sourceFor(k, u) >= 0) return k;
  }
  return -1;
}

/** charge-rerolls.ts use: a "Once Per Turn (Army)" reaction is used for this phase. */
export function useReroll(u: i32, k: i32): void {
  if (efI(k, EF.CR_LIMIT) == 0) return;
  if (owner(u) == 0) effectPhase0 |= recBit(k);
  else effectPhase1 |= recBit(k);
}
