/**
 * The Shoot phase (ME-SHOOT, ME-MISSILE-CHART, ME-BOW, ME-THROWING-SPEAR). The priority player makes all the
 * Shooting Attacks it wishes, one model at a time, then the other player. A model shoots once a turn, with a
 * missile weapon, if it is not engaged, at a visible enemy in range whom no other base partially obscures
 * (on the open board of The Forces Clash nothing else blocks sight). It hits on its Shoot Value, one worse
 * if it moved this turn; a 6 always hits. Bows only after moving no more than half the Move allowance; a
 * throwing spear after any move, unless it was thrown in the Move phase.
 */
import { act, argA, argB, argC, K, kindOf } from "./actions.js";
import { inTheWay } from "./board.js";
import type { FrameOf } from "./frames.js";
import type { Handler } from "./handler.js";
import { mightFix, pushHit } from "./heroics.js";
import { MISSILE_CHART, type MissileName } from "./profiles.js";
import { engaged, gap, type ModelState, other, type St } from "./state.js";

/** ME-SHOOT: no standing base (other than shooter and target) cuts into the sight lines from (sx, sy). */
export function clearShot(st: St, sx: number, sy: number, shooter: number, target: ModelState): boolean {
  const tr = st.info(target).radius;
  for (const b of st.d.models) {
    // ME-PRONE: prone models do not block line of sight.
    if (!b.alive || b.prone || b.id === shooter || b.id === target.id) continue;
    if (inTheWay(sx, sy, target.x, target.y, tr, b.x, b.y, st.info(b).radius)) return false;
  }
  return true;
}

/** Weapons (indices into the profile's missile list) `m` may shoot now. */
export function readyMissiles(st: St, m: ModelState): number[] {
  const i = st.info(m);
  // Prone models do not shoot (the seed is silent; a model lying on the ground cannot draw a bow).
  if (!m.alive || i.missiles.length === 0 || m.shot || m.prone || m.transfixed || engaged(st, m)) return [];
  const out: number[] = [];
  i.missiles.forEach((w, k) => {
    if (w === "throwing spear") {
      if (!m.thrown) out.push(k);
    } else if (m.moved <= i.p.move / 2 + 1e-9) out.push(k);
  });
  return out;
}

export function shotTargets(st: St, m: ModelState, weapon: MissileName): ModelState[] {
  const range = MISSILE_CHART[weapon].range;
  return st.d.models.filter((t) => t.alive && t.side !== m.side && gap(st, m, t) <= range + 1e-9 && clearShot(st, m.x, m.y, m.id, t));
}

function shootOptions(st: St, player: number): number[] {
  return st.memo(`shoot:${player}`, () => {
    const out: number[] = [];
    for (const m of st.d.models) {
      if (!m.alive || m.side !== player) continue;
      for (const k of readyMissiles(st, m)) for (const t of shotTargets(st, m, st.info(m).missiles[k]!)) out.push(act(K.SHOOT, m.id, t.id, k));
    }
    return out;
  });
}

export function pushShot(st: St, shooter: ModelState, target: ModelState, weapon: number, penalty: boolean): void {
  shooter.shot = true;
  st.push({ kind: "shot", shooter: shooter.id, target: target.id, weapon, penalty, stage: "roll", roll: 0, need: 0 });
}

const shooterOf = (st: St, f: FrameOf<"shootPhase">) => (f.step === 0 ? st.d.priority : other(st.d.priority));

export const shootPhaseHandler: Handler<FrameOf<"shootPhase">> = {
  step(st, f) {
    while (f.step < 2 && shootOptions(st, shooterOf(st, f)).length === 0) f.step++;
    return f.step >= 2 ? "pop" : "wait";
  },
  player: (st, f) => shooterOf(st, f),
  options: (st, f) => [...shootOptions(st, shooterOf(st, f)), act(K.DONE)],
  describe(st, f, a) {
    if (kindOf(a) === K.DONE) return `${st.sideName(shooterOf(st, f))} finishes shooting`;
    const m = st.m(argA(a));
    return `${m.name} shoots ${st.m(argB(a)).name} with its ${st.info(m).missiles[argC(a)]}`;
  },
  choose(st, f, a) {
    if (kindOf(a) === K.DONE) {
      f.step++;
      return;
    }
    pushShot(st, st.m(argA(a)), st.m(argB(a)), argC(a), true);
  },
};

export const shotHandler: Handler<FrameOf<"shot">> = {
  step(st, f) {
    const m = st.m(f.shooter);
    const t = st.m(f.target);
    if (f.stage === "done" || !t.alive) return "pop";
    if (f.stage === "might") return "wait";
    const weapon = st.info(m).missiles[f.weapon]!;
    // ME-SHOOT: a model that moved this turn shoots one worse; a 6 always hits.
    f.need = st.info(m).p.shoot + (f.penalty && m.movedAtAll ? 1 : 0);
    f.roll = st.d6();
    const hit = f.roll === 6 || f.roll >= f.need;
    st.log(`    ${m.name} shoots at ${t.name} (${weapon}, S${MISSILE_CHART[weapon].strength}): ${f.roll} (needs ${Math.min(6, f.need)}+) — ${hit ? "hit" : "miss"}`);
    if (hit) return hitNow(st, f);
    if (st.info(m).hero && mightFix(m, Math.min(6, f.need) - f.roll)) {
      f.stage = "might";
      return "wait";
    }
    return "pop";
  },
  player: (st, f) => st.m(f.shooter).side,
  options: (_st, f) => [act(K.PASS), act(K.MIGHT, f.shooter, Math.min(6, f.need) - f.roll)],
  describe: (st, f, a) => (kindOf(a) === K.PASS ? "no Might" : `${st.m(f.shooter).name} spends ${argB(a)} Might to hit`),
  choose(st, f, a) {
    if (kindOf(a) === K.PASS) {
      f.stage = "done";
      return;
    }
    const m = st.m(f.shooter);
    m.might -= argB(a);
    st.log(`    ${m.name} spends ${argB(a)} Might: a hit.`);
    hitNow(st, f);
  },
};

function hitNow(st: St, f: FrameOf<"shot">): "again" {
  const m = st.m(f.shooter);
  f.stage = "done";
  const weapon = st.info(m).missiles[f.weapon]!;
  pushHit(st, f.target, MISSILE_CHART[weapon].strength, 0, st.info(m).hero ? m.id : -1);
  return "again";
}
