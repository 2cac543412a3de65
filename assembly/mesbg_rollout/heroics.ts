// What every hit goes through (src/mesbg/heroics.ts, woundChart.ts): the To Wound roll on the chart
// (ME-WOUND-CHART, a bonus on the first die of a split), a Hero's Might on its own roll (ME-MIGHT), Fate
// points one at a time and Might on a failed Fate roll (ME-FATE), then the wound.
import { fateMight, hitMight } from "./policy";
import { alive, d6, defenceOf, fate, might, mightFix, over, setFate, setMight, setWounds, slay, wounds } from "./state";

// Rows: Strength 1..10; columns: Defence 1..10. 3..6 a roll, 14/15/16 a split 6/4, 6/5, 6/6, 0 cannot wound
// (woundChart.ts woundCode).
const CHART: StaticArray<u8> = [
  4, 5, 5, 6, 6, 14, 15, 16, 0, 0,
  4, 4, 5, 5, 6, 6, 14, 15, 16, 0,
  3, 4, 4, 5, 5, 6, 6, 14, 15, 16,
  3, 3, 4, 4, 5, 5, 6, 6, 14, 15,
  3, 3, 3, 4, 4, 5, 5, 6, 6, 14,
  3, 3, 3, 3, 4, 4, 5, 5, 6, 6,
  3, 3, 3, 3, 3, 4, 4, 5, 5, 6,
  3, 3, 3, 3, 3, 3, 4, 4, 5, 5,
  3, 3, 3, 3, 3, 3, 3, 4, 4, 5,
  3, 3, 3, 3, 3, 3, 3, 3, 4, 4,
];

export function woundCode(strength: i32, defence: i32): i32 {
  const s = min(10, max(1, strength));
  const d = min(10, max(1, defence));
  return <i32>unchecked(CHART[(s - 1) * 10 + d - 1]);
}

/** woundChart.ts woundProbability. */
export function woundProbability(code: i32, bonus: i32): f64 {
  if (code == 0) return 0;
  if (code > 10) {
    let first = 0;
    for (let d = 1; d <= 6; d++) if (d + bonus >= 6) first++;
    return <f64>(first * (7 - (code - 10))) / 36;
  }
  let n = 0;
  for (let d = 1; d <= 6; d++) if (d + bonus >= code) n++;
  return <f64>n / 6;
}

/** ME-FATE then the wound (heroics.ts woundHandler). */
export function wound(t: i32): void {
  if (!alive(t)) return;
  while (fate(t) > 0) {
    // the policy always spends Fate while it has any
    setFate(t, fate(t) - 1);
    const roll = d6();
    if (roll >= 4) return;
    const short = 4 - roll;
    if (mightFix(t, short) != 0 && fateMight(t)) {
      setMight(t, might(t) - short);
      return;
    }
  }
  setWounds(t, wounds(t) - 1);
  if (wounds(t) <= 0) slay(t);
}

/** One hit of Strength `strength` (heroics.ts pushHit and hitHandler); `source` the Hero whose roll it is, or -1. */
export function hit(t: i32, strength: i32, bonus: i32, source: i32): void {
  if (!alive(t)) return;
  const code = woundCode(min(10, max(1, strength)), defenceOf(t));
  if (code == 0) return;
  const need = code > 10 ? 6 : code;
  const then = code > 10 ? code - 10 : 0;
  const d1 = d6();
  const v1 = d1 + bonus;
  if (then == 0) {
    if (v1 >= need) {
      wound(t);
      return;
    }
    const short = need - v1;
    if (mightFix(source, short) != 0 && hitMight(t, source)) {
      setMight(source, might(source) - short);
      wound(t);
    }
    return;
  }
  if (v1 < 6) {
    const short = 6 - v1;
    if (mightFix(source, short) != 0 && hitMight(t, source)) {
      setMight(source, might(source) - short);
      secondDie(t, then, source);
    }
    return;
  }
  secondDie(t, then, source);
}

function secondDie(t: i32, then: i32, source: i32): void {
  const d2 = d6();
  if (d2 >= then) {
    wound(t);
    return;
  }
  const short = then - d2;
  if (mightFix(source, short) != 0 && hitMight(t, source)) {
    setMight(source, might(source) - short);
    wound(t);
  }
}

export function isOver(): bool {
  return over;
}
