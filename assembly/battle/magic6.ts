// The magic6 area (src/aos/battle/magic6.ts; docs/abilities.md "Spells, prayers and terrain, sixth pass (magic6)"):
// "[Once Per Battle, ]Your Hero Phase: Add 1 to this unit's power level for the rest of the turn" (kind 168,
// encode-magic6.ts POWER_TURN_KIND), held as the record's bit in the unit's UM.EF_TURN (cleared when a turn begins).
// Room (layout 7): kinds 168, 171-174, EF 214-215, H 212-215, U 119, UI 78, US bit 1<<30; used: kind 168 and EF 214
// (MG6_FLAGS: 1 once per battle for each unit + 2 x the dice's N+) and EF 215 (MG6_TERRAIN: -1 none).
// "add 1 to casting rolls [and chanting rolls] for the target for the rest of the turn | until the start of your next
// turn" (kind 171, encode-magic6.ts CASTING_TURN_KIND): EF.VALUE, EF 214 (MG6_FLAGS: 1 "Once Per Turn (Army)" + 2 x the
// dice's N+ + 16 chanting rolls too + 32 until the start of your next turn + 64 visible), held as the record's bit in the
// target's UM.EF_TURN or UM.SPELL_UNTIL0/1 (the putting army's). "add 1 to banishment rolls for this unit" (kind 172,
// BANISHMENT_KIND, passive): EF.VALUE, the generic whom slots (sourceFor).
import { roll } from "../rng";
import { EF } from "./layout";
import { ef, efI, hasKind, nEffects, sourceFor, whomHolds } from "./effects";
import { canSee } from "./paths";
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

/** encode-magic6.ts CASTING_TURN_KIND. */
export const CASTING_TURN: i32 = 171;

// @ts-ignore: decorator
@inline function held(x: i32): u64 { return efMask(x, UM.EF_TURN) | efMask(x, UM.SPELL_UNTIL0) | efMask(x, UM.SPELL_UNTIL1); }

/** magic6.ts useCastingTurns: at the start of `player`'s hero phase (after usePowerTurns), records in order. */
export function useCastingTurns(player: i32): void {
  if (!hasKind(CASTING_TURN)) return;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != CASTING_TURN) continue;
    const flags = efI(k, EF.MG6_FLAGS);
    const on = (flags >> 1) & 7;
    const chanting = (flags & 16) != 0;
    const vis = (flags & 64) != 0;
    for (let m = deployedOf(player); m != 0; m &= m - 1) {
      const s = <i32>ctz<u64>(m);
      if (!hasRec(s, UM.EF_SOURCE, k)) continue;
      let x = -1;
      for (let n = deployedOf(player); n != 0 && x < 0; n &= n - 1) {
        const t = <i32>ctz<u64>(n);
        if (ui(t, UI.WIZARD) == 0 && !(chanting && ui(t, UI.PRIEST) > 0)) continue;
        if (whomHolds(k, s, t) && (!vis || canSee(s, t)) && (held(t) & recBit(k)) == 0) x = t;
      }
      if (x < 0) continue;
      if (on == 0 || <i32>roll(6) >= on) {
        const f = (flags & 32) != 0 ? (player == 0 ? UM.SPELL_UNTIL0 : UM.SPELL_UNTIL1) : UM.EF_TURN;
        setEfMask(x, f, efMask(x, f) | recBit(k));
      }
      if ((flags & 1) != 0) break;
    }
  }
}

/** magic6.ts castingTurnBonus: the held casting-turn values on `u` (casting rolls, or chanting rolls with `chanting`). */
export function castingTurnBonus(u: i32, chanting: bool): i32 {
  if (!hasKind(CASTING_TURN)) return 0;
  const on = held(u);
  if (on == 0) return 0;
  let add = 0;
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == CASTING_TURN && (on & recBit(k)) != 0 && (!chanting || (efI(k, EF.MG6_FLAGS) & 16) != 0)) add += efI(k, EF.VALUE);
  return add;
}

/** encode-magic6.ts BANISHMENT_KIND. */
const BANISHMENT: i32 = 172;

/** magic6.ts banishBonus: the banishment-roll modifiers that name caster `c` (each record once). */
export function banishBonus(c: i32): i32 {
  if (!hasKind(BANISHMENT)) return 0;
  let sum = 0;
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == BANISHMENT && sourceFor(k, c) >= 0) sum += efI(k, EF.VALUE);
  return sum;
}
