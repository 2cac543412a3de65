// setups.ts useDeploymentMoves for the moves the kernel's set-up plays (setups.ts kernelDeploymentMove; the slots:
// encode-deploy.ts): at the end of deployment, before control is worked out (aos_setup.ts startFromSetUp), the
// attacker's army first. The first unit of the army with the move (by id) picks up to N units passing its filter that
// want to move — not holding an objective (policy.ts holds), with somewhere to advance (advanceTarget) and a move
// there the movement phase would offer (paths.ts makesWay: offeredPace's walk) — then each, asked again, moves the
// set distance along a normal move's line toward that point (movement.ts destination: moveDestination).
import { H, U, UNIT } from "./layout";
import { attacker, bitOf, deployedOf, inF, inI, objX, objY, setPosition, ux, uy } from "./state";
import { advanceTarget, decKind, decTarget, holds, TO_OBJECTIVE } from "./policy";
import { moveDestination, offeredPace } from "./paths";
import { outX, outY } from "./math";

// @ts-ignore: decorator
@inline function bits(u: i32): i32 {
  return inI(inI(H.OFF_UNITS) + u * UNIT + U.DEPLOY_MOVE);
}

let wantX: f64 = 0;
let wantY: f64 = 0;

/** setups.ts useDeploymentMoves's `wants`: where `u` would move (wantX, wantY), or false. */
function wants(p: i32, u: i32, moved: u64): bool {
  if ((moved & bitOf(u)) != 0 || holds(p, u) || !advanceTarget(p, u)) return false;
  wantX = decKind == TO_OBJECTIVE ? objX(decTarget) : ux(decTarget);
  wantY = decKind == TO_OBJECTIVE ? objY(decTarget) : uy(decTarget);
  return offeredPace(u, wantX, wantY, false) == 0;
}

export function deploymentMoves(): void {
  if (inF(H.DEPLOY_MOVE0) == 0 && inF(H.DEPLOY_MOVE1) == 0) return;
  let moved: u64 = 0;
  for (let q = 0; q < 2; q++) {
    const p = q == 0 ? attacker : 1 - attacker;
    const distance = inF(p == 0 ? H.DEPLOY_MOVE0 : H.DEPLOY_MOVE1);
    if (distance <= 0) continue;
    let s = -1;
    for (let m = deployedOf(p); m != 0; m &= m - 1) {
      const u = <i32>ctz<u64>(m);
      if ((bits(u) & 1) != 0) {
        s = u;
        break;
      }
    }
    if (s < 0) continue;
    const upTo = bits(s) >> 4;
    const self = (bits(s) & 4) != 0;
    let targets: u64 = 0;
    let n = 0;
    for (let m = deployedOf(p); m != 0 && n < upTo; m &= m - 1) {
      const x = <i32>ctz<u64>(m);
      if ((bits(x) & 2) == 0 || (x == s && !self) || !wants(p, x, moved)) continue;
      targets |= bitOf(x);
      n++;
    }
    for (let m = targets; m != 0; m &= m - 1) {
      const x = <i32>ctz<u64>(m);
      if (!wants(p, x, moved)) continue;
      moved |= bitOf(x);
      moveDestination(x, wantX, wantY, distance);
      setPosition(x, outX, outY);
    }
  }
}
