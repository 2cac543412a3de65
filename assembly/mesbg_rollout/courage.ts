// ME-COURAGE and ME-RULES Terror (src/mesbg/courage.ts): the test to charge a Terror-causer, 2D6 against
// Courage (worsened by Harbinger of Evil), and a Hero's Will and Might to make up a failed test.
import { PF_HERO, TERROR_FAILED, TERROR_NONE, TERROR_PASSED } from "./layout";
import { chooseCourageSpend } from "./policy";
import { N, alive, causesTerror, courageNeed, d6, gap, might, mv, pflag, prone, setMight, setTerror, side, spendWill, terror, willAvailable, willKeepingLast } from "./state";

/** courage.ts terrorBars: must `m` pass a test before charging `t`? */
export function terrorBars(m: i32, t: i32): bool {
  return causesTerror(t) && !causesTerror(m) && terror(m) != TERROR_PASSED;
}

/** courage.ts terrorTestOffered: a Terror-causer within reach at the start of the activation. */
export function terrorTestOffered(m: i32, budget: f64): bool {
  if (terror(m) != TERROR_NONE || causesTerror(m)) return false;
  const reach = prone(m) ? budget - <f64>mv(m) / 2 : budget;
  const s = side(m);
  for (let e = 0; e < N; e++) if (alive(e) && side(e) != s && causesTerror(e) && gap(m, e) <= reach + 0.01) return true;
  return false;
}

// the (at most two) ways a failing Hero can make up a test
let spN: i32 = 0;
let spW0: i32 = 0;
let spM0: i32 = 0;
let spW1: i32 = 0;
let spM1: i32 = 0;

/** courage.ts spendOptions: Will first, or Might first (distinct ones only), into sp*0/sp*1. */
function spendOptions(m: i32, short: i32): void {
  const w = willAvailable(m);
  spN = 0;
  const wf = min(w, short);
  const mf = min(might(m), short);
  // willFirst [wf, short - wf], mightFirst [short - mf, mf]
  if (wf <= w && short - wf <= might(m)) {
    spW0 = wf;
    spM0 = short - wf;
    spN = 1;
  }
  const a = short - mf;
  if (a <= w && mf <= might(m) && !(spN == 1 && spW0 == a && spM0 == mf)) {
    if (spN == 0) {
      spW0 = a;
      spM0 = mf;
    } else {
      spW1 = a;
      spM1 = mf;
    }
    spN++;
  }
}

/** ME-COURAGE: the Terror test of an activation (courage.ts courageHandler). */
export function courageTest(m: i32): void {
  const need = courageNeed(m);
  const roll = d6() + d6();
  if (roll >= need) {
    setTerror(m, TERROR_PASSED);
    return;
  }
  if (pflag(m, PF_HERO)) {
    spendOptions(m, need - roll);
    const c = chooseCourageSpend(spN, spW0, spM0, spW1, spM1, willKeepingLast(m));
    if (c >= 0) {
      setMight(m, might(m) - (c == 0 ? spM0 : spM1));
      spendWill(m, c == 0 ? spW0 : spW1);
      setTerror(m, alive(m) ? TERROR_PASSED : TERROR_FAILED);
      return;
    }
  }
  setTerror(m, TERROR_FAILED);
}
