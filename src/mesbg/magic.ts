/**
 * Magical powers (ME-MAGIC, ME-RESIST, ME-POWERS, ME-WILL, ME-STAFF). A Hero casts at most one power each
 * Move phase, during its activation (before or after moving), if it is not engaged or prone: it spends Will
 * points, rolls that many dice, and casts if any die reaches the Casting Value; Might may raise the roll
 * before the target resists. The target may spend Will on a Resist test (plus the free die of Resistant to
 * Magic): any die equal to or above the casting roll resists; each natural 6 on a die paid from the store
 * gives that point back. Durations: instant (Black Dart, Sorcerous Blast), temporary until the End phase
 * (Transfix, Compel), exhaustion (Terrifying Aura, until the caster has no Will left).
 */
import { act, argA, argB, argC, K, kindOf } from "./actions.js";
import { gapOf, inches } from "./board.js";
import type { FrameOf } from "./frames.js";
import type { Handler } from "./handler.js";
import { pushHit } from "./heroics.js";
import { doMove, planCompel } from "./moveOptions.js";
import { pairOffNow } from "./pairing.js";
import { engaged, type ModelState, spendWill, type St, willAvailable, willKeepingLast } from "./state.js";

export function canCast(st: St, m: ModelState): boolean {
  const i = st.info(m);
  return m.alive && i.powers.length > 0 && !m.cast && !m.prone && !m.transfixed && willKeepingLast(st, m) >= 1 && !engaged(st, m);
}

/**
 * CAST(power, target, dice) for every power, target in range, and every number of Will dice it may spend
 * (ME-MAGIC: "expends one or more Will Points - this is the number of dice"; the seed sets no cap).
 */
export function castOptions(st: St, m: ModelState): number[] {
  if (!canCast(st, m)) return [];
  const i = st.info(m);
  const maxDice = willKeepingLast(st, m);
  const out: number[] = [];
  i.powers.forEach((p, k) => {
    const targets: ModelState[] = [];
    if (p.name === "Terrifying Aura") {
      if (!m.aura) targets.push(m);
    } else {
      // On the open board a caster sees every model (models never block sight for powers).
      for (const t of st.d.models) {
        if (!t.alive || t.side === m.side) continue;
        if ((p.name === "Transfix" || p.name === "Compel") && t.transfixed) continue;
        if (gapOf(m.x, m.y, i.radius, t.x, t.y, st.info(t).radius) <= p.range + 1e-9) targets.push(t);
      }
    }
    for (const t of targets) for (let n = 1; n <= maxDice; n++) out.push(act(K.CAST, k, t.id, n));
  });
  return out;
}

export function describeCast(st: St, m: ModelState, a: number): string {
  const p = st.info(m).powers[argA(a)]!;
  const t = st.m(argB(a));
  return `${m.name} casts ${p.name}${t === m ? "" : ` at ${t.name}`} with ${argC(a)} Will ${argC(a) === 1 ? "die" : "dice"}`;
}

export function pushCast(st: St, m: ModelState, a: number): void {
  st.push({ kind: "cast", caster: m.id, power: argA(a), target: argB(a), dice: argC(a), stage: "roll", roll: 0, combat: [] });
}

const powerOf = (st: St, f: FrameOf<"cast">) => st.info(st.m(f.caster)).powers[f.power]!;

function canResist(st: St, f: FrameOf<"cast">): boolean {
  const t = st.m(f.target);
  return f.target !== f.caster && t.alive && (willAvailable(st, t) > 0 || st.info(t).resistant);
}

function mightOptions(st: St, f: FrameOf<"cast">): number[] {
  const m = st.m(f.caster);
  const cv = powerOf(st, f).castingValue;
  if (m.might === 0 || f.roll >= 6) return [];
  if (f.roll >= cv && !canResist(st, f)) return [];
  const from = f.roll < cv ? cv - f.roll : 1;
  const out: number[] = [];
  for (let k = from; k <= Math.min(m.might, 6 - f.roll); k++) out.push(act(K.MIGHT, m.id, k));
  return out;
}

function afterCasting(st: St, f: FrameOf<"cast">): void {
  const cv = powerOf(st, f).castingValue;
  if (f.roll >= cv) f.stage = "resist";
  else {
    st.log(`  The power fails.`);
    f.stage = "done";
  }
}

function resist(st: St, f: FrameOf<"cast">, n: number): void {
  const t = st.m(f.target);
  if (n === 0 && !st.info(t).resistant) {
    st.log(`  ${t.name} does not resist.`);
    f.stage = "effect";
    return;
  }
  const fromStore = n > 0 ? spendWill(st, t, n) : 0;
  if (!t.alive) {
    // ME-RULES Will of Evil: its last point spent before the dice are rolled, it is banished at once.
    f.stage = "done";
    return;
  }
  const staffDie = n - fromStore;
  const dice: number[] = [];
  let refund = 0;
  for (let i = 0; i < n; i++) {
    const d = st.d6();
    dice.push(d);
    // ME-RESIST: a natural 6 on a point paid from the store is regained (not the staff's or a free die).
    if (i >= staffDie && d === 6) refund++;
  }
  const free = st.info(t).resistant ? st.d6() : 0;
  if (free) dice.push(free);
  t.will += refund;
  const resisted = dice.some((d) => d >= f.roll);
  st.log(
    `  ${t.name} resists with ${n} Will${free ? " and a free die (Resistant to Magic)" : ""}: ${dice.join(", ")} against ${f.roll} — ${resisted ? "resisted" : "fails"}` +
      `${refund ? ` (a 6 gives back ${refund} Will)` : ""}.`,
  );
  f.stage = resisted ? "done" : "effect";
}

export const castHandler: Handler<FrameOf<"cast">> = {
  step(st, f) {
    const m = st.m(f.caster);
    const t = st.m(f.target);
    const p = powerOf(st, f);
    switch (f.stage) {
      case "roll": {
        m.cast = true;
        spendWill(st, m, f.dice);
        const dice = Array.from({ length: f.dice }, () => st.d6());
        f.roll = Math.max(...dice);
        st.log(`  ${m.name} casts ${p.name}${t === m ? "" : ` at ${t.name}`}: ${dice.join(", ")} (needs ${p.castingValue}+; ${m.will} Will left).`);
        if (mightOptions(st, f).length > 0) {
          f.stage = "might";
          return "wait";
        }
        afterCasting(st, f);
        return "again";
      }
      case "might":
      case "compel":
        return "wait";
      case "resist":
        if (f.target === f.caster) {
          f.stage = "effect";
          return "again";
        }
        if (!t.alive) return "pop";
        if (willAvailable(st, t) > 0) return "wait";
        if (st.info(t).resistant) resist(st, f, 0);
        else f.stage = "effect";
        return "again";
      case "effect":
        return effect(st, f);
      case "blasted":
        if (t.alive) t.prone = true;
        for (const id of f.combat) if (st.m(id).alive) st.m(id).prone = true;
        st.log(`  ${[t, ...f.combat.map((id) => st.m(id))].filter((x) => x.alive).map((x) => x.name).join(", ") || "Nobody"} ${f.combat.length + (t.alive ? 1 : 0) === 1 ? "is" : "are"} knocked to the ground.`);
        f.stage = "done";
        return "pop";
      default:
        return "pop";
    }
  },
  player(st, f) {
    return f.stage === "resist" ? st.m(f.target).side : st.m(f.caster).side;
  },
  options(st, f) {
    if (f.stage === "might") return [act(K.PASS), ...mightOptions(st, f)];
    if (f.stage === "resist") {
      // ME-RESIST / ME-WILL: any number of its Will points, the last one too (only casting keeps it).
      const n = willAvailable(st, st.m(f.target));
      return Array.from({ length: n + 1 }, (_, k) => act(K.RESIST, k));
    }
    return st.memo(`compel:${f.target}`, () => planCompel(st, st.m(f.target))).map((_, k) => act(K.COMPEL, k));
  },
  describe(st, f, a) {
    const m = st.m(f.caster);
    const t = st.m(f.target);
    switch (kindOf(a)) {
      case K.PASS:
        return `${m.name} adds no Might`;
      case K.MIGHT:
        return `${m.name} adds ${argB(a)} Might to the casting roll`;
      case K.RESIST:
        return argA(a) === 0 ? `${t.name} does not spend Will to resist` : `${t.name} spends ${argA(a)} Will to resist`;
      default: {
        const o = st.memo(`compel:${f.target}`, () => planCompel(st, t))[argA(a)]!;
        return `Compel: ${o.kind === "stay" ? o.label : `${t.name} ${o.label}`}`;
      }
    }
  },
  choose(st, f, a) {
    const m = st.m(f.caster);
    switch (kindOf(a)) {
      case K.PASS:
        afterCasting(st, f);
        return;
      case K.MIGHT:
        m.might -= argB(a);
        f.roll += argB(a);
        st.log(`  ${m.name} spends ${argB(a)} Might: the casting roll is ${f.roll}.`);
        afterCasting(st, f);
        return;
      case K.RESIST:
        resist(st, f, argA(a));
        return;
      default: {
        const t = st.m(f.target);
        const o = st.memo(`compel:${f.target}`, () => planCompel(st, t))[argA(a)]!;
        if (o.kind !== "stay") doMove(st, t, o);
        st.log(`  Compelled, ${t.name} ${o.kind === "stay" ? "stays where it is" : o.label}${o.len ? ` (${inches(o.len)})` : ""}; it can move no further and is transfixed.`);
        t.compelled = true;
        t.activated = true;
        t.transfixed = true;
        f.stage = "done";
      }
    }
  },
};

function effect(st: St, f: FrameOf<"cast">): "again" | "wait" | "pop" {
  const m = st.m(f.caster);
  const t = st.m(f.target);
  switch (powerOf(st, f).name) {
    case "Black Dart":
      st.log(`  A Black Dart strikes ${t.name} (S6).`);
      f.stage = "done";
      pushHit(st, t.id, 6, 0, m.id);
      return "again";
    case "Sorcerous Blast": {
      // ME-POWERS: pair off first; the target's whole combat is knocked down with it.
      const c = pairOffNow(st).find((x) => x.lone === t.id || x.others.includes(t.id));
      f.combat = c ? [c.lone, ...c.others].filter((id) => id !== t.id) : [];
      st.log(`  A Sorcerous Blast hits ${t.name} (S5).`);
      f.stage = "blasted";
      pushHit(st, t.id, 5, 0, m.id);
      return "again";
    }
    case "Transfix":
      t.transfixed = true;
      st.log(`  ${t.name} is transfixed until the End phase.`);
      f.stage = "done";
      return "pop";
    case "Compel":
      f.stage = "compel";
      return "wait";
    case "Terrifying Aura":
      if (m.will > 0) {
        m.aura = true;
        st.log(`  ${m.name} now causes Terror (Terrifying Aura).`);
      } else st.log(`  ${m.name} has no Will left to sustain a Terrifying Aura.`);
      f.stage = "done";
      return "pop";
  }
}
