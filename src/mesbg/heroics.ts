/**
 * Heroes' stores and what every hit goes through. ME-MIGHT: a Hero may add 1 per Might point to its own roll,
 * after modifiers, only to make it succeed. ME-FATE: each wound may be stopped by spending Fate one point
 * at a time, 4+ each, and Might may lift a failed Fate roll. The `hit` frame is one hit of a given Strength
 * (a strike, an arrow, a Black Dart): the To Wound roll on the chart (ME-WOUND-CHART, with the two-handed
 * and lance bonus on the first die of a split), Might on it, then a `wound` frame for Fate and the wound.
 */
import { woundEntry } from "./woundChart.js";
import { act, argA, argB, K, kindOf } from "./actions.js";
import type { FrameOf } from "./frames.js";
import type { Handler } from "./handler.js";
import { defenceOf, type ModelState, slay, type St } from "./state.js";

/** Might points `m` can spend to lift a roll that fell `short` (0 when it cannot or need not). */
export function mightFix(m: ModelState | undefined, short: number): number {
  if (!m || !m.alive || short < 1 || m.might < short) return 0;
  return short;
}

export function pushHit(st: St, target: number, strength: number, bonus: number, source: number): void {
  st.push({ kind: "hit", target, strength: Math.min(10, Math.max(1, strength)), bonus, source, stage: "roll", d1: 0, d2: 0 });
}

function woundNeeds(st: St, f: FrameOf<"hit">): { need: number; then: number } {
  const e = woundEntry(f.strength, defenceOf(st, st.m(f.target)));
  return e.kind === "roll" ? { need: e.target, then: 0 } : e.kind === "split" ? { need: 6, then: e.then } : { need: 99, then: 0 };
}

/** Pushes the wound (the hit frame finishes once it is resolved). */
function wounded(st: St, f: FrameOf<"hit">): "again" {
  f.stage = "done";
  st.push({ kind: "wound", target: f.target, stage: "fate", roll: 0 });
  return "again";
}

export const hitHandler: Handler<FrameOf<"hit">> = {
  step(st, f) {
    const t = st.m(f.target);
    if (f.stage === "done" || !t.alive) return "pop";
    if (f.stage !== "roll") return "wait";
    const { need, then } = woundNeeds(st, f);
    const bonusText = f.bonus ? ` +${f.bonus}` : "";
    if (need === 99) {
      st.log(`    S${f.strength} cannot wound ${t.name} (D${defenceOf(st, t)}).`);
      return "pop";
    }
    f.d1 = st.d6();
    const v1 = f.d1 + f.bonus;
    const src = f.source >= 0 ? st.m(f.source) : undefined;
    if (then === 0) {
      st.log(`    to wound ${t.name}: ${f.d1}${bonusText} (needs ${need}+) — ${v1 >= need ? "wounds" : "fails"}`);
      if (v1 >= need) return wounded(st, f);
      if (mightFix(src, need - v1)) {
        f.stage = "might1";
        return "wait";
      }
      return "pop";
    }
    // A split result (6/4, 6/5, 6/6): a 6 (the bonus goes on this die), then the second score.
    st.log(`    to wound ${t.name}: ${f.d1}${bonusText} (needs 6, then ${then}+)${v1 >= 6 ? "" : " — fails"}`);
    if (v1 < 6) {
      if (mightFix(src, 6 - v1)) {
        f.stage = "might1";
        return "wait";
      }
      return "pop";
    }
    return secondDie(st, f, then, src);
  },
  player: (st, f) => st.m(f.source).side,
  options(st, f) {
    const { need, then } = woundNeeds(st, f);
    const short = f.stage === "might1" ? (then ? 6 : need) - (f.d1 + f.bonus) : then - f.d2;
    return [act(K.MIGHT, f.source, short), act(K.PASS)];
  },
  describe(st, _f, a) {
    return kindOf(a) === K.PASS ? "no Might" : `${st.m(argA(a)).name} spends ${argB(a)} Might to wound`;
  },
  choose(st, f, a) {
    const src = st.m(f.source);
    const { then } = woundNeeds(st, f);
    if (kindOf(a) === K.PASS) {
      f.stage = "done";
      return;
    }
    src.might -= argB(a);
    st.log(`    ${src.name} spends ${argB(a)} Might (${src.might} left).`);
    if (f.stage === "might2" || then === 0) {
      wounded(st, f);
      return;
    }
    secondDie(st, f, then, src);
  },
};

function secondDie(st: St, f: FrameOf<"hit">, then: number, src: ModelState | undefined): "again" | "wait" | "pop" {
  f.d2 = st.d6();
  st.log(`    second die: ${f.d2} (needs ${then}+) — ${f.d2 >= then ? "wounds" : "fails"}`);
  if (f.d2 >= then) return wounded(st, f);
  if (mightFix(src, then - f.d2)) {
    f.stage = "might2";
    return "wait";
  }
  f.stage = "done";
  return "pop";
}

export const woundHandler: Handler<FrameOf<"wound">> = {
  step(st, f) {
    const t = st.m(f.target);
    if (f.stage === "done" || !t.alive) return "pop";
    if (f.stage === "fate") {
      if (t.fate > 0) return "wait";
      f.stage = "apply";
    }
    if (f.stage === "fateMight") return "wait";
    t.wounds -= 1;
    st.log(`    ${t.name} suffers a wound (${t.wounds} left).`);
    if (t.wounds <= 0) slay(st, t, "is slain");
    return "pop";
  },
  player: (st, f) => st.m(f.target).side,
  options(st, f) {
    const t = st.m(f.target);
    return f.stage === "fate" ? [act(K.PASS), act(K.FATE)] : [act(K.PASS), act(K.MIGHT, t.id, 4 - f.roll)];
  },
  describe(st, f, a) {
    const t = st.m(f.target);
    if (f.stage === "fate") return kindOf(a) === K.FATE ? `${t.name} spends a Fate point (of ${t.fate})` : `${t.name} takes the wound`;
    return kindOf(a) === K.PASS ? `${t.name} keeps its Might` : `${t.name} spends ${argB(a)} Might on the Fate roll`;
  },
  choose(st, f, a) {
    const t = st.m(f.target);
    if (f.stage === "fate") {
      if (kindOf(a) === K.PASS) {
        f.stage = "apply";
        return;
      }
      t.fate -= 1;
      f.roll = st.d6();
      const saved = f.roll >= 4;
      st.log(`    ${t.name} spends Fate: rolls ${f.roll}${saved ? " — the wound is prevented" : " — fails"} (${t.fate} Fate left).`);
      if (saved) f.stage = "done";
      else if (mightFix(t, 4 - f.roll)) f.stage = "fateMight";
      return;
    }
    if (kindOf(a) === K.MIGHT) {
      t.might -= argB(a);
      st.log(`    ${t.name} spends ${argB(a)} Might on the Fate roll — the wound is prevented.`);
      f.stage = "done";
    } else f.stage = "fate";
  },
};
