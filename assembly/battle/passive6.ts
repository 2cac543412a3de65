// The passive6 area in the kernel (docs/abilities.md "Passive abilities, sixth pass (passive6)"): the twin of
// src/aos/abilities/passive6.ts targetControlHolds, read by effects.ts attackEffects for passive records and records
// held for a while; and of src/aos/battle/passive6.ts useChargeMarks (flow.ts, the end of a charge phase). Room
// passive6: kinds 154-158, EF 211, H 204-207, U 116-117, UI 76; used: kind 154 (CHARGE_MARK_KIND), EF 211
// (EF.P6_FLAGS).
import { EF, US } from "./layout";
import { unitControl } from "./commands";
import { efI, hasKind, nEffects } from "./effects";
import { passiveHolds } from "./passive";
import { deployedOf, enemiesInCombat, hasRec, owner, setSt, st, ui, UI, UM } from "./state";

/** encode-passive6.ts CHARGE_MARK_KIND: objective4's mark put at the end of a charge phase (US.O4_MARK). */
export const CHARGE_MARK_KIND: i32 = 154;

/** passive6.ts soleCombat: `u` is in combat with exactly one enemy unit, which is in combat with `u` only. */
function soleCombat(u: i32): bool {
  const them = enemiesInCombat(u) & deployedOf(1 - owner(u));
  if (popcnt<u64>(them) != 1) return false;
  const e = <i32>ctz<u64>(them);
  return popcnt<u64>(enemiesInCombat(e) & deployedOf(1 - owner(e))) == 1;
}

/**
 * passive6.ts useChargeMarks: the end of a charge phase, the active player's units then the opponent's; a unit of the
 * record's ability without the mark gets it when it charged this turn (EF.CHARGED 1), its unmodified charge roll was at
 * least EF.M3_CHARGE_ROLL (UI.CHARGE_ROLL, move3.ts) and its passive conditions hold (EF.P_FLAGS bit 1: territory).
 */
export function useChargeMarks(active: i32): void {
  if (!hasKind(CHARGE_MARK_KIND)) return;
  for (let i = 0; i < 2; i++) {
    const player = i == 0 ? active : 1 - active;
    for (let k = 0; k < nEffects; k++) {
      if (efI(k, EF.KIND) != CHARGE_MARK_KIND) continue;
      const whose = efI(k, EF.O4) & 192;
      if ((whose == 64 && player != active) || (whose == 128 && player == active)) continue;
      const charged = efI(k, EF.CHARGED);
      const roll = efI(k, EF.M3_CHARGE_ROLL);
      for (let m = deployedOf(player); m != 0; m &= m - 1) {
        const u = <i32>ctz<u64>(m);
        if (!hasRec(u, UM.EF_SOURCE, k) || st(u, US.O4_MARK)) continue;
        if (charged >= 0 && st(u, US.CHARGED) != (charged == 1)) continue;
        if (roll > 0 && ui(u, UI.CHARGE_ROLL) < roll) continue;
        if ((efI(k, EF.P_FLAGS) & 1) != 0 && !passiveHolds(k, u)) continue;
        if ((efI(k, EF.P6_FLAGS) & 4) != 0 && !soleCombat(u)) continue;
        setSt(u, US.O4_MARK, true);
      }
    }
  }
}

/** EF.P6_FLAGS bits 0-1: 1 the target's Control characteristic is higher than the attacker's, 2 lower (0: no condition). */
export function targetControlHolds(flags: i32, a: i32, t: i32): bool {
  const code = flags & 3;
  if (code == 0) return true;
  const tc = unitControl(t);
  const ac = unitControl(a);
  return code == 1 ? tc > ac : tc < ac;
}

/** The slot read (kept here so effects.ts's hook is one line). */
export const P6_FLAGS: i32 = EF.P6_FLAGS;
