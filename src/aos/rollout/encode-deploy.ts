/**
 * The deployment moves the kernel's set-up plays (src/aos/battle/setups.ts kernelDeploymentMove: a move of a set
 * distance for up to N friendly units a filter names, once per battle for the army — Chilling Horde), written for
 * assembly/battle/deploy-moves.ts: H.DEPLOY_MOVE0 / H.DEPLOY_MOVE1 each player's distance (0 none); U.DEPLOY_MOVE bit
 * 1 the unit has it (its warscroll's), bit 2 it passes the filter of its army's move, bit 4 the move may pick the
 * unit with it (`includeSelf`), + 16 x the number of units it picks (on the units with it). The slots are sylvaneth6's
 * room left (H 198-199, U 113). Any other deployment move makes kernel-setup.ts leave the set-up to the engine.
 */
import type { BattleData } from "../battle/state.js";
import { passes } from "../abilities/index.js";
import { deploymentMoves, kernelDeploymentMove } from "../battle/setups.js";
import { H, U } from "./layout.js";

export function encodeDeploymentMoves(data: BattleData, f: Float64Array, offUnits: number, unitSize: number): void {
  f[H.DEPLOY_MOVE0] = 0;
  f[H.DEPLOY_MOVE1] = 0;
  for (const pe of deploymentMoves(data.profiles).filter(kernelDeploymentMove)) {
    const d = pe.effect.do as Extract<typeof pe.effect.do, { kind: "normal-move" }>;
    const warscroll = pe.ability.warscroll.trim().toLowerCase();
    const owners = new Set<number>();
    data.profiles.forEach((p, id) => {
      if (p.warscroll.trim().toLowerCase() !== warscroll) return;
      owners.add(p.owner);
      f[p.owner === 0 ? H.DEPLOY_MOVE0 : H.DEPLOY_MOVE1] = d.distance!;
      f[offUnits + id * unitSize + U.DEPLOY_MOVE]! |= 1 | (pe.effect.whom.includeSelf ? 4 : 0) | (d.upTo! << 4);
    });
    data.profiles.forEach((p, id) => {
      if (owners.has(p.owner) && passes(p, pe.effect.whom.filter)) f[offUnits + id * unitSize + U.DEPLOY_MOVE]! |= 2;
    });
  }
}
