// The move3 area (docs/abilities.md "Movement, shooting and charge phases, third pass (move3)"), the kernel's
// twin of src/aos/battle/move3.ts: the enemy units a unit's moves passed across this turn (a normal move, a run,
// a charge; the kernel's policy never retreats), kept in UD.PASSED as a u64 mask held in an f64 (unit ids 0-47,
// encode-move3.ts), cleared when a turn starts (flow.ts beginTurn). Recorded only when a record needs it
// (effects.ts passedRecords: a declared ability's target condition EF.M3_PASSED, combat-abilities.ts). And the
// unmodified roll of a unit's charge this turn (UI.CHARGE_ROLL, 0 none) when a record reads it (EF.M3_CHARGE_ROLL:
// status.ts useForAWhile).
import { chargeRollRecords, passedRecords } from "./effects";
import { bitOf, deployedOf, owner, setUd, setUi, ud, UD, UI, ur, ux, uy } from "./state";

/** move3.ts sweeps: the disc of radius r moving from (x0, y0) to (x1, y1) overlaps the disc (cx, cy, R). Same operations, same order. */
function sweeps(x0: f64, y0: f64, x1: f64, y1: f64, r: f64, cx: f64, cy: f64, R: f64): bool {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((cx - x0) * dx + (cy - y0) * dy) / l2 : 0.0;
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  const px = x0 + t * dx - cx;
  const py = y0 + t * dy - cy;
  const s = r + R;
  return px * px + py * py < s * s;
}

/** move3.ts notePassing: after unit u moved from (x0, y0) to where it stands, the enemy units it passed across. */
export function notePassing(u: i32, x0: f64, y0: f64): void {
  if (!passedRecords) return;
  const x1 = ux(u);
  const y1 = uy(u);
  if (x1 == x0 && y1 == y0) return;
  const r = ur(u);
  let m = <u64>ud(u, UD.PASSED);
  for (let e = deployedOf(1 - owner(u)); e != 0; e &= e - 1) {
    const t = <i32>ctz<u64>(e);
    if (t <= 47 && sweeps(x0, y0, x1, y1, r, ux(t), uy(t), ur(t))) m |= bitOf(t);
  }
  setUd(u, UD.PASSED, <f64>m);
}

/** move3.ts passedAcross: unit s passed across unit t this turn. */
export function passedAcross(s: i32, t: i32): bool {
  return t <= 47 && ((<u64>ud(s, UD.PASSED)) & bitOf(t)) != 0;
}

/** move3.ts noteChargeRoll: unit u charged with an unmodified roll of `unmodified`. */
export function noteChargeRoll(u: i32, unmodified: i32): void {
  if (chargeRollRecords) setUi(u, UI.CHARGE_ROLL, unmodified);
}
