/**
 * The battle's part of the third passive pass (docs/abilities.md "Passive abilities, third pass"): the view methods
 * src/aos/abilities/passive3.ts reads. The kernel's twin is assembly/battle/passive3.ts.
 */
import type { EffectView } from "../abilities/attack.js";
import type { Battle } from "./battle.js";

export function passive3View(b: Battle): Pick<Required<EffectView>, "stationary" | "slewThisTurn"> {
  return {
    // status.ts's reading: no move this turn (units.ts UnitState.moved: any move, a reserve's set-up included) and not added this turn.
    stationary: (id) => {
      const u = b.unit(id);
      return !(u.moved || (u.added?.round === b.data.round && u.added.turn === b.data.turn));
    },
    // casualties.ts: models were slain by it this turn (Victory Feast's flag).
    slewThisTurn: (id) => b.unit(id).slewThisTurn === true,
  };
}
