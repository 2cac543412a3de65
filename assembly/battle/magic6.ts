// The magic6 area (src/aos/battle/magic6.ts; docs/abilities.md "Spells, prayers and terrain, sixth pass (magic6)"):
// "[Once Per Battle, ]Your Hero Phase: Add 1 to this unit's power level for the rest of the turn" (kind 168,
// encode-magic6.ts POWER_TURN_KIND), held as the record's bit in the unit's UM.EF_TURN (cleared when a turn begins).
// Room (layout 7): kinds 168, 171-174, EF 214-215, H 212-215, U 119, UI 78, US bit 1<<30; used: kind 168 and EF 214
// (MG6_FLAGS: 1 once per battle for each unit + 2 x the dice's N+) and EF 215 (MG6_TERRAIN: -1 none).
import { roll } from "../rng";
import { EF } from "./layout";
import { ef, efI, hasKind, nEffects } from "./effects";
import { markUsedByUnit, usedByUnit } from "./damage";
import { hypot } from "./math";
import { deployedOf, efMask, hasRec, nTerrain, recBit, setEfMask, terrain, ui, UI, UM, ur, ux, uy } from "./state";

/** encode-magic6.ts POWER_TURN_KIND. */
const POWER_TURN: i32 = 168;

/** magic6.ts usePowerTurns: at the start of `player`'s hero phase, records in order, its units by ascending id. */
export function usePowerTurns(player: i32): void {
  if (!hasKind(POWER_TURN)) return;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != POWER_TURN) continue;
    const flags = efI(k, EF.MG6_FLAGS);
    const once = (flags & 1) != 0;
    const on = flags >> 1;
    const near = ef(k, EF.MG6_TERRAIN);
    for (let m = deployedOf(player); m != 0; m &= m - 1) {
      const s = <i32>ctz<u64>(m);
      if (!hasRec(s, UM.EF_SOURCE, k)) continue;
      if (ui(s, UI.WIZARD) == 0 && ui(s, UI.PRIEST) == 0) continue;
      if (once && usedByUnit(s, k)) continue;
      if (near >= 0) {
        let found = false;
        for (let i = 0; i < nTerrain && !found; i++) if (max<f64>(0, hypot(ux(s) - terrain(i, 0), uy(s) - terrain(i, 1)) - ur(s) - terrain(i, 2)) <= near + 1e-9) found = true;
        if (!found) continue;
      }
      if (once) markUsedByUnit(s, k);
      if (on > 0 && <i32>roll(6) < on) continue;
      setEfMask(s, UM.EF_TURN, efMask(s, UM.EF_TURN) | recBit(k));
    }
  }
}

/** magic6.ts powerTurnBonus: the held power-turn values on `u` (passive2.ts powerLevel). */
export function powerTurnBonus(u: i32): i32 {
  if (!hasKind(POWER_TURN)) return 0;
  let add = 0;
  const on = efMask(u, UM.EF_TURN);
  if (on == 0) return 0;
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == POWER_TURN && (on & recBit(k)) != 0) add += efI(k, EF.VALUE);
  return add;
}
