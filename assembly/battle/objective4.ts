// The objective4 area in the kernel: the twin of src/aos/battle/objective4.ts useMarks (docs/abilities.md "Objectives,
// terrain features and set-ups again (objective4)"). A mark record (kind MARK_KIND, the room's kind codes 170-177)
// puts US.O4_MARK (the room's U.STATE bit 1 << 28) on a unit of its ability at the end of a hero phase of its timing
// when its objective condition (EF.P_OBJECTIVE) holds; the ability's other records need the mark (EF.O4 bit 32,
// effects.ts conditionsHold). EF.O4 bits 64 / 128: the timing's "Your" / "Enemy" (0: Any).
import { efI, hasKind, nEffects } from "./effects";
import { EF, US } from "./layout";
import { objectiveHolds } from "./passive";
import { deployedOf, hasRec, setSt, st, UM } from "./state";

/** encode-objective4.ts O4_KINDS.mark. */
export const MARK_KIND: i32 = 170;

/** objective4.ts useMarks: the end of a hero phase, the active player's units then the opponent's. */
export function useMarks(active: i32): void {
  if (!hasKind(MARK_KIND)) return;
  for (let i = 0; i < 2; i++) {
    const player = i == 0 ? active : 1 - active;
    for (let k = 0; k < nEffects; k++) {
      if (efI(k, EF.KIND) != MARK_KIND) continue;
      const whose = efI(k, EF.O4) & 192;
      if ((whose == 64 && player != active) || (whose == 128 && player == active)) continue;
      const obj = efI(k, EF.P_OBJECTIVE);
      for (let m = deployedOf(player); m != 0; m &= m - 1) {
        const u = <i32>ctz<u64>(m);
        if (!hasRec(u, UM.EF_SOURCE, k) || st(u, US.O4_MARK)) continue;
        if (obj != 0 && !objectiveHolds(u, obj)) continue;
        setSt(u, US.O4_MARK, true);
      }
    }
  }
}
