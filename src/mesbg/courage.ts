/**
 * ME-COURAGE: Courage and Intelligence tests are 2D6 against the characteristic (pass on equal or more).
 * ME-RULES Terror: a model must pass a Courage test at the start of its activation to charge a Terror-causing
 * enemy; failing, it may not move at all this turn. ME-WILL: a Hero that fails may add Will (and Might)
 * points, one per point, to its 2D6. Harbinger of Evil worsens Courage within 12" (state.ts courageNeed).
 */
import { act, argA, argB, K, kindOf } from "./actions.js";
import type { FrameOf } from "./frames.js";
import type { Handler } from "./handler.js";
import { causesTerror, courageNeed, gap, type ModelState, spendWill, type St, willAvailable } from "./state.js";

/** A bare 2D6 test against a target number. */
export function test2d6(st: St, need: number): { roll: number; passed: boolean } {
  const roll = st.d6() + st.d6();
  return { roll, passed: roll >= need };
}

/** ME-COURAGE: an Intelligence test (no rule of the quick-start calls for one yet; scenarios may). */
export function intelligenceTest(st: St, m: ModelState): { roll: number; passed: boolean } {
  return test2d6(st, st.info(m).p.intelligence);
}

/**
 * ME-RULES Terror: must `m` pass a test before charging `target`? A model that causes Terror itself is not
 * affected by an enemy's Terror (the full rules' reading; the quick-start is silent), and Compel needs none.
 */
export function terrorBars(st: St, m: ModelState, target: ModelState): boolean {
  return causesTerror(st, target) && !causesTerror(st, m) && m.terror !== "passed";
}

/** Is a Terror test worth offering at the start of this activation (a Terror-causer within reach)? */
export function terrorTestOffered(st: St, m: ModelState, budget: number): boolean {
  if (m.terror !== "none" || causesTerror(st, m)) return false;
  // A prone model must stand first (half its Move) before it can charge.
  const reach = m.prone ? budget - st.info(m).p.move / 2 : budget;
  return st.d.models.some((e) => e.alive && e.side !== m.side && causesTerror(st, e) && gap(st, m, e) <= reach + 0.01);
}

export function pushCourage(st: St, m: ModelState): void {
  st.push({ kind: "courage", model: m.id, stage: "roll", roll: 0, need: courageNeed(st, m) });
}

/**
 * Ways a Hero can make up `short` points: Will first, or Might first (distinct ones only). ME-WILL: any of
 * its Will, the last point too (a Will of Evil model spending it is banished: only casting keeps it).
 */
function spendOptions(st: St, m: ModelState, short: number): [number, number][] {
  const w = willAvailable(st, m);
  const out: [number, number][] = [];
  const willFirst: [number, number] = [Math.min(w, short), short - Math.min(w, short)];
  const mightFirst: [number, number] = [short - Math.min(m.might, short), Math.min(m.might, short)];
  for (const o of [willFirst, mightFirst]) if (o[0] <= w && o[1] <= m.might && !out.some((x) => x[0] === o[0] && x[1] === o[1])) out.push(o);
  return out;
}

function finish(st: St, f: FrameOf<"courage">, passed: boolean): void {
  const m = st.m(f.model);
  m.terror = passed ? "passed" : "failed";
  f.stage = "done";
}

export const courageHandler: Handler<FrameOf<"courage">> = {
  step(st, f) {
    if (f.stage === "done") return "pop";
    if (f.stage === "spend") return "wait";
    const m = st.m(f.model);
    const t = test2d6(st, f.need);
    f.roll = t.roll;
    st.log(`  ${m.name} takes a Courage test: ${t.roll} (needs ${f.need}+) — ${t.passed ? "passed" : "failed"}.`);
    if (t.passed) {
      finish(st, f, true);
      return "pop";
    }
    if (st.info(m).hero && spendOptions(st, m, f.need - t.roll).length > 0) {
      f.stage = "spend";
      return "wait";
    }
    finish(st, f, false);
    st.log(`  ${m.name} may not move this turn.`);
    return "pop";
  },
  player: (st, f) => st.m(f.model).side,
  options(st, f) {
    const m = st.m(f.model);
    return [act(K.PASS), ...spendOptions(st, m, f.need - f.roll).map(([w, mi]) => act(K.SPEND, w, mi))];
  },
  describe(st, f, a) {
    const m = st.m(f.model);
    if (kindOf(a) === K.PASS) return `${m.name} accepts the failed test`;
    const parts = [argA(a) ? `${argA(a)} Will` : "", argB(a) ? `${argB(a)} Might` : ""].filter(Boolean);
    return `${m.name} spends ${parts.join(" and ")} to pass`;
  },
  choose(st, f, a) {
    const m = st.m(f.model);
    if (kindOf(a) === K.PASS) {
      finish(st, f, false);
      st.log(`  ${m.name} may not move this turn.`);
      return;
    }
    m.might -= argB(a);
    spendWill(st, m, argA(a));
    const parts = [argA(a) ? `${argA(a)} Will` : "", argB(a) ? `${argB(a)} Might` : ""].filter(Boolean);
    st.log(`  ${m.name} spends ${parts.join(" and ")}: the test is passed.`);
    finish(st, f, m.alive);
  },
};
