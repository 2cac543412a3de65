// "Fight immediately after" (docs/abilities.md "Fighting immediately after"), the kernel's twin of
// src/aos/battle/fight-order.ts: the effect records of kind fight-after (FIGHT_KINDS, 46) — a reaction to the
// unit's own FIGHT ability — and the for-the-turn record after each (EF.F_AFTER_FIGHT 1), set on the unit that
// fights after when it starts that fight. The same pick (records in data order, then the friendly units by
// ascending id that whom names, in combat, not fought), the same strike-order check after the fight.
import { EF } from "./layout";
import { effectPhase0, effectPhase1, efI, hasKind, kindRecs, nEffects, TURN, whomHolds } from "./effects";
import { deployedOf, engagedMask, fightNext, fightNextRecord, owner, setUi, st, ui, UI } from "./state";
import { US } from "./layout";
import { efMask, hasRec, recBit, setEfMask, UM } from "./state";

const FIGHT_AFTER: i32 = 46;

/** The for-the-turn record of the last declareFightAfter's pick (-1 none). */
export let afterRecord: i32 = -1;

/** fight-order.ts declareFightAfter: at u's declaration of a fight, the friendly unit that may fight right after it (-1 none). */
export function declareFightAfter(u: i32): i32 {
  afterRecord = -1;
  if (!hasKind(FIGHT_AFTER)) return -1;
  for (let km = kindRecs(FIGHT_AFTER) & efMask(u, UM.EF_SOURCE); km != 0; km &= km - 1) {
    const k = <i32>ctz<u64>(km);
    const p = owner(u);
    const limited = efI(k, EF.F_LIMIT) != 0;
    if (limited && ((p == 0 ? effectPhase0 : effectPhase1) & recBit(k)) != 0) continue;
    for (let m = deployedOf(p) & engagedMask; m != 0; m &= m - 1) {
      const y = <i32>ctz<u64>(m);
      if (y == u || st(y, US.FOUGHT) || !whomHolds(k, u, y)) continue;
      // "Once Per Turn (Army)": used when it picks its target (fight-order.ts; the combat phase clears the masks).
      if (limited) {
        if (p == 0) effectPhase0 |= recBit(k);
        else effectPhase1 |= recBit(k);
      }
      const n = k + 1;
      afterRecord = n < nEffects && efI(n, EF.KIND) == TURN && efI(n, EF.F_AFTER_FIGHT) != 0 ? n : -1;
      // passive4 (fight-order.ts): effects for a while put at the pick, on the target (2) and on this unit (3).
      for (let j = n; j < n + 2 && j < nEffects; j++) {
        const at = efI(j, EF.KIND) == TURN ? efI(j, EF.F_AFTER_FIGHT) : 0;
        if (at == 2) setEfMask(y, UM.EF_TURN, efMask(y, UM.EF_TURN) | recBit(j));
        else if (at == 3) setEfMask(u, UM.EF_TURN, efMask(u, UM.EF_TURN) | recBit(j));
      }
      return y;
    }
  }
  return -1;
}

/** combat.ts fight: after the fight, `y` fights next (the record it then gets: `record`, -1 none). */
export function pickedToFightNext(y: i32, record: i32): void {
  fightNext = y;
  fightNextRecord = record;
}

/** combat.ts fight: `u` was picked to fight immediately after; "if it is picked to do so", its for-the-turn effect. */
export function fightNextPicked(u: i32): void {
  if (fightNextRecord >= 0) setEfMask(u, UM.EF_TURN, efMask(u, UM.EF_TURN) | recBit(fightNextRecord));
  clearFightNext();
}

export function clearFightNext(): void {
  fightNext = -1;
  fightNextRecord = -1;
}
