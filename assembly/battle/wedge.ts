// Deathrider Wedge's moves and Deathrider Commander: src/aos/battle/wedge.ts, operation for operation. After the
// Wedge's mortal damage (traits.ts deathriderWedge) the Deathriders unit, then the friendly target, each moves
// toward the objective it would advance on unless it holds one (policy.ts holds, advanceTarget: as moves5.ts
// phaseMove decides), along paths.ts moveEnd's line in the retreat's world (through enemies' combat ranges, never
// ending in one), 12" for a Liege-Kavalos or a unit wholly within 12" of one that sees it, else 10".

import { outX, outY } from "./math";
import { notePassing } from "./move3";
import { canSee, retreatWorldDestination } from "./paths";
import { advanceTarget, computeAnchors, decKind, decTarget, holds, TO_OBJECTIVE } from "./policy";
import { altarLeaderMoved } from "./board";
import { TK, tk, whollyWithin } from "./traits";
import { deployed, deployedOf, objX, objY, owner, setPosition, ux, uy } from "./state";

const WEDGE_MOVE: f64 = 10;
const COMMANDER_MOVE: f64 = 12;

/** wedge.ts wedgeDistance. */
function wedgeDistance(u: i32): f64 {
  if (tk(u, TK.LIEGE_KAVALOS)) return COMMANDER_MOVE;
  for (let m = deployedOf(owner(u)); m != 0; m &= m - 1) {
    const l = <i32>ctz<u64>(m);
    if (l == u || !tk(l, TK.LIEGE_KAVALOS)) continue;
    if (whollyWithin(u, l, COMMANDER_MOVE) && canSee(l, u)) return COMMANDER_MOVE;
  }
  return WEDGE_MOVE;
}

/** wedge.ts wedgeMove. */
function wedgeMove(u: i32): bool {
  if (!deployed(u)) return false;
  const player = owner(u);
  computeAnchors();
  if (holds(player, u)) return false;
  if (!advanceTarget(player, u) || decKind != TO_OBJECTIVE) return false;
  const o = decTarget;
  const x0 = ux(u);
  const y0 = uy(u);
  retreatWorldDestination(u, objX(o), objY(o), wedgeDistance(u));
  if (outX == x0 && outY == y0) return false;
  setPosition(u, outX, outY);
  notePassing(u, x0, y0); // move3.ts
  altarLeaderMoved(u);
  return true;
}

/** wedge.ts wedgeMoves. */
export function wedgeMoves(u: i32, liege: i32): void {
  wedgeMove(u);
  if (liege >= 0) wedgeMove(liege);
}
