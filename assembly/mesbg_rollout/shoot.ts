// The Shoot phase (src/mesbg/shoot.ts: ME-SHOOT, ME-MISSILE-CHART, ME-BOW, ME-THROWING-SPEAR): who may shoot
// with what, sight lines no standing base cuts into, and one Shooting Attack from roll to hit.
import { inTheWay } from "./geom";
import { hit } from "./heroics";
import { MF_MOVED_AT_ALL, MF_SHOT, MF_THROWN, MF_TRANSFIXED, PF_HERO } from "./layout";
import { chooseShot, shootStepBegin, shotMight, shShooter, shTarget, shWeapon } from "./policy";
import {
  N, PSHOOT, alive, d6, engaged, has, li, might, mightFix, missileStrength, missileThrowing, moved, mv, nMissiles, other, over, pflag,
  priority, prof, prone, rad, setFlag, setMight, x, y,
} from "./state";

/**
 * shoot.ts clearShot: no standing base other than shooter and target cuts into the sight lines. A base
 * wholly outside the box around the eye and the target's base (widened by its own radius) cannot cut into
 * them, so it is passed over without the exact test (board.ts inTheWay): the same answer, sooner.
 */
export function clearShot(sx: f64, sy: f64, shooter: i32, t: i32): bool {
  return shotBlocker(sx, sy, shooter, t) < 0;
}

/** The first base in the way of the shot (by id), or -1. */
export function shotBlocker(sx: f64, sy: f64, shooter: i32, t: i32): i32 {
  const tr = rad(t);
  const tx = x(t);
  const ty = y(t);
  const lox = Math.min(sx, tx - tr) - 1e-6;
  const hix = Math.max(sx, tx + tr) + 1e-6;
  const loy = Math.min(sy, ty - tr) - 1e-6;
  const hiy = Math.max(sy, ty + tr) + 1e-6;
  for (let b = 0; b < N; b++) {
    if (!alive(b) || prone(b) || b == shooter || b == t) continue;
    const bx = x(b);
    const by = y(b);
    const br = rad(b);
    if (bx + br < lox || bx - br > hix || by + br < loy || by - br > hiy) continue;
    if (inTheWay(sx, sy, tx, ty, tr, bx, by, br)) return b;
  }
  return -1;
}

/** shoot.ts readyMissiles: may `m` shoot weapon k now? */
export function missileReady(m: i32, k: i32): bool {
  if (missileThrowing(m, k)) return !has(m, MF_THROWN);
  return moved(m) <= <f64>mv(m) / 2 + 1e-9;
}

/** Can `m` shoot at all this phase (before looking at weapons)? */
export function canShoot(m: i32): bool {
  return alive(m) && nMissiles(m) > 0 && !has(m, MF_SHOT) && !prone(m) && !has(m, MF_TRANSFIXED) && !engaged(m);
}

/** ME-SHOOT: one Shooting Attack (shoot.ts pushShot and shotHandler). */
export function shoot(m: i32, t: i32, k: i32, penalty: bool): void {
  setFlag(m, MF_SHOT, true);
  if (!alive(t)) return;
  const need = li(PSHOOT, prof(m)) + (penalty && has(m, MF_MOVED_AT_ALL) ? 1 : 0);
  const roll = d6();
  const strength = missileStrength(m, k);
  const src = pflag(m, PF_HERO) ? m : -1;
  if (roll == 6 || roll >= need) {
    hit(t, strength, 0, src);
    return;
  }
  const short = min(6, need) - roll;
  if (pflag(m, PF_HERO) && mightFix(m, short) != 0 && shotMight(t)) {
    setMight(m, might(m) - short);
    hit(t, strength, 0, src);
  }
}

/** The Shoot phase from `fromStep` (0: the priority player's shots, then the other player's). */
export function shootPhase(fromStep: i32): void {
  for (let step = fromStep; step < 2; step++) {
    const p = step == 0 ? priority : other(priority);
    shootStepBegin(p);
    for (;;) {
      if (over) return;
      if (!chooseShot(p)) break;
      shoot(shShooter, shTarget, shWeapon, true);
    }
  }
}
