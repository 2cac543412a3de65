// The magic5 area (src/aos/battle/magic5.ts; docs/abilities.md "Spells, prayers and manifestations, fifth pass
// (magic5)"): "Enemy | Your Hero Phase: Give this unit D3 ritual points" (kind 163, encode-magic5.ts RITUAL_GAIN_KIND).
// Room (layout 7): kinds 163-168, EF 208-209, H 207-209, U 118, UI 77; used: kind 163 and EF 208 (MG5_WHOSE: 1 your, 2 enemy).
import { roll } from "../rng";
import { EF } from "./layout";
import { efI, hasKind, nEffects } from "./effects";
import { active, deployedOf, hasRec, setUi, ui, UI, UM } from "./state";

/** encode-magic5.ts RITUAL_GAIN_KIND. */
const RITUAL_GAIN: i32 = 163;

/** magic5.ts useRitualGains: at the end of a hero phase, the active player's units then the opponent's, records in order. */
export function useRitualGains(): void {
  if (!hasKind(RITUAL_GAIN)) return;
  for (let i = 0; i < 2; i++) {
    const player = i == 0 ? active : 1 - active;
    for (let k = 0; k < nEffects; k++) {
      if (efI(k, EF.KIND) != RITUAL_GAIN) continue;
      const whose = efI(k, EF.MG5_WHOSE);
      if ((whose == 1) != (player == active)) continue;
      for (let m = deployedOf(player); m != 0; m &= m - 1) {
        const s = <i32>ctz<u64>(m);
        if (!hasRec(s, UM.EF_SOURCE, k)) continue;
        const n = efI(k, EF.DICE_COUNT) > 0 ? <i32>roll(<u32>efI(k, EF.DICE_SIDES)) : efI(k, EF.VALUE);
        setUi(s, UI.RITUAL, ui(s, UI.RITUAL) + n);
      }
    }
  }
}
