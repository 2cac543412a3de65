// The cities6 area in the kernel: the twin of src/aos/battle/cities6.ts (docs/abilities.md "Cities of Sigmar: under
// orders (cities6)"). The room: US bit 1 << 29 (US.UNDER_ORDERS: the unit is under orders), U 114 (U.C6_UNIT) -> UI 74
// (UI.C6_UNIT: bit 0 the unit has the keyword CITIES OF SIGMAR, bits 1.. its warscroll's index among the battle's:
// "a different unit type"), EF 209 (EF.C6_ORDERS: 1 the holder must be under orders, 2 must not be; 0 no such condition),
// EF 210 (EF.C6_ATTACKER: bit 1 the attacking unit must be under orders; bit 2 a for-the-turn rolls no dice while the unit
// with the ability is under orders: status.ts).
import { EF, US } from "./layout";
import { hypot } from "./math";
import { canSee } from "./paths";
import { deployedOf, nUnits, setSt, st, ui, UI, ur, ux, uy } from "./state";
import { efI, hasKind, nEffects, sourceFor } from "./effects";

/** encode-cities6.ts SHOOT_IN_COMBAT_KIND (the room's kind 141). */
export const SHOOT_IN_COMBAT_KIND: i32 = 141;

/** cities6.ts FORM_UP_RANGE. */
const FORM_UP_RANGE: f64 = 12;

/** abilities/cities6.ts attackerOrdersHold: record k's EF.C6_ATTACKER bit 1 (the attacking unit a must be under orders). */
export function attackerOrdersHold(k: i32, a: i32): bool {
  return (efI(k, EF.C6_ATTACKER) & 1) == 0 || st(a, US.UNDER_ORDERS);
}

/** attack.ts conditionsHold's underOrders on the holder h (record k). */
export function ordersHold(k: i32, h: i32): bool {
  const c = efI(k, EF.C6_ORDERS);
  return c == 0 || st(h, US.UNDER_ORDERS) == (c == 1);
}

// @ts-ignore: decorator
@inline function whollyWithin(a: i32, b: i32, range: f64): bool {
  return hypot(ux(a) - ux(b), uy(a) - uy(b)) + ur(a) - ur(b) <= range + 1e-9;
}

// @ts-ignore: decorator
@inline function unitType(u: i32): i32 { return ui(u, UI.C6_UNIT) >> 1; }

// @ts-ignore: decorator
@inline function candidate(u: i32): bool { return (ui(u, UI.C6_UNIT) & 1) != 0 && !st(u, US.UNDER_ORDERS); }

/** cities6.ts formUpPick and its use for player p: the first unit (by id) with two targets, the first two (by id). */
function formUp(p: i32): void {
  const mask = deployedOf(p);
  for (let m = mask; m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    if (!candidate(u)) continue;
    let t1 = -1;
    let t2 = -1;
    for (let n = mask; n != 0; n &= n - 1) {
      const t = <i32>ctz<u64>(n);
      if (t == u || !candidate(t) || unitType(t) == unitType(u) || (t1 >= 0 && unitType(t) == unitType(t1))) continue;
      if (!whollyWithin(t, u, FORM_UP_RANGE) || !canSee(u, t)) continue;
      if (t1 < 0) t1 = t;
      else {
        t2 = t;
        break;
      }
    }
    if (t2 >= 0) {
      setSt(u, US.UNDER_ORDERS, true);
      setSt(t1, US.UNDER_ORDERS, true);
      setSt(t2, US.UNDER_ORDERS, true);
      return;
    }
  }
}

/** cities6.ts cities6RoundStart (flow.ts startRound): last round's orders go, then each player's Form Up. */
export function cities6RoundStart(): void {
  let any = false;
  for (let u = 0; u < nUnits; u++) {
    if (st(u, US.UNDER_ORDERS)) setSt(u, US.UNDER_ORDERS, false);
    if ((ui(u, UI.C6_UNIT) & 1) != 0) any = true;
  }
  if (!any) return;
  formUp(0);
  formUp(1);
}

/** battle/cities6.ts shootsInCombat: a record of kind SHOOT_IN_COMBAT_KIND whose effect holds on u, its own (u the source). */
export function shootsInCombat(u: i32): bool {
  if (!hasKind(SHOOT_IN_COMBAT_KIND)) return false;
  for (let k = 0; k < nEffects; k++) if (efI(k, EF.KIND) == SHOOT_IN_COMBAT_KIND && sourceFor(k, u) == u) return true;
  return false;
}
