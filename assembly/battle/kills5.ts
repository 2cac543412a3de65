// The kills5 area in the kernel: the twin of src/aos/battle/kills5.ts (docs/abilities.md "Kills credited to the unit
// that made them (kills5)"). UI.KILLS5 (the room's UI 75, loaded from U.KILLS5, the room's U 115): a unit's kills
// (src/aos/abilities/kills5.ts KILL_BITS: this turn's bits 0-7, the battle's 8; bit KILL_MARK_BIT << j its j-th kill
// mark of the battle). EF.K5_NEED (the room's EF 204): a record holds only when the unit with the ability has one of
// these bits; EF.K5_MARK (EF 205) on a kill-mark record (kind KILL_MARK_KIND, the room's kind 142): its mark's bit, and
// 1 / 2 its timing's "Your" / "Enemy" End of Turn (0: Any).
import { efI, hasKind, nEffects } from "./effects";
import { EF } from "./layout";
import { deployedOf, hasRec, isHero, isMonster, owner, setUi, ui, UI, UM } from "./state";

/** encode-kills5.ts KILL_MARK_KIND. */
export const KILL_MARK_KIND: i32 = 142;

/** src/aos/abilities/kills5.ts KILL_TURN_BITS. */
const TURN_BITS: i32 = 255;

/** kills5.ts noteKill (the bits of abilities/kills5.ts killBits): from actions.ts destroyIfSlain. */
export function noteKill(t: i32, killer: i32, slain: i32, destroyed: bool, attack: bool, melee: bool): void {
  if (killer < 0 || owner(killer) == owner(t)) return;
  let m = 0;
  if (slain > 0 && attack) m |= 1;
  if (slain > 0 && attack && melee) m |= 2;
  if (slain > 0 && attack && melee && isHero(t)) m |= 16;
  if (destroyed && isHero(t)) m |= 4;
  if (destroyed && isMonster(t)) m |= 8 | 256;
  if (m != 0) setUi(killer, UI.KILLS5, ui(killer, UI.KILLS5) | m);
}

/** kills5.ts clearTurnKills (flow.ts beginTurn). */
export function clearTurnKills(u: i32): void {
  setUi(u, UI.KILLS5, ui(u, UI.KILLS5) & ~TURN_BITS);
}

/** The `killed` condition (and a kill mark needed) of record k on the unit with the ability s. */
export function killsHold(k: i32, s: i32): bool {
  const need = efI(k, EF.K5_NEED);
  return need == 0 || (ui(s, UI.KILLS5) & need) != 0;
}

/** kills5.ts useKillMarks: the end of a turn, after its healing, the active player's units then the opponent's. */
export function useKillMarks(active: i32): void {
  if (!hasKind(KILL_MARK_KIND)) return;
  for (let i = 0; i < 2; i++) {
    const player = i == 0 ? active : 1 - active;
    for (let k = 0; k < nEffects; k++) {
      if (efI(k, EF.KIND) != KILL_MARK_KIND) continue;
      const mark = efI(k, EF.K5_MARK);
      const whose = mark & 3;
      if ((whose == 1 && player != active) || (whose == 2 && player == active)) continue;
      const bit = mark & ~3;
      for (let m = deployedOf(player); m != 0; m &= m - 1) {
        const u = <i32>ctz<u64>(m);
        if (!hasRec(u, UM.EF_SOURCE, k) || (ui(u, UI.KILLS5) & bit) != 0) continue;
        if (!killsHold(k, u)) continue;
        setUi(u, UI.KILLS5, ui(u, UI.KILLS5) | bit);
      }
    }
  }
}
