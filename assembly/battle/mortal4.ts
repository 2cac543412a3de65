// src/aos/battle/mortal4.ts's twin (docs/abilities.md "Mortal damage and slain models, fourth pass (mortal4)"), die for
// die. Room (layout 6, "mortal4"): kind codes 162-168 (162: DESTROYED_MORTAL), EF 195 (EF.M4_AFTER: combat-abilities.ts
// afterMortal), H 200-203, U 116-117, UI 76-77, UD 16, US bit 1<<27 (unused so far).
import { roll } from "../rng";
import { EF } from "./layout";
import { destroyIfSlain, inflictMortal } from "./actions";
import { ef, efI, hasKind, nEffects } from "./effects";
import { COMBAT_RANGE, footprintRadius, hypot } from "./math";
import { bitOf, deployed, deployedMask, deployedOf, dist, hasRec, owner, ud, UD, ui, UI, UM, ux, uy } from "./state";

/** encode-mortal4.ts DESTROYED_MORTAL_KIND: "If this unit is destroyed, before removing it from play, roll a dice for each enemy unit within this unit's combat range ..." */
export const DESTROYED_MORTAL: i32 = 162;

/** mortal4.ts destroyedMortal: unit id is destroyed (no models left, not yet removed). */
export function destroyedMortal(id: i32): void {
  if (!hasKind(DESTROYED_MORTAL)) return;
  for (let k = 0; k < nEffects; k++) {
    if (efI(k, EF.KIND) != DESTROYED_MORTAL || !hasRec(id, UM.EF_SOURCE, k)) continue;
    const r1 = footprintRadius(1, ud(id, UD.BASE_RADIUS));
    const x = ux(id);
    const y = uy(id);
    let targets: u64 = 0;
    for (let m = deployedOf(1 - owner(id)); m != 0; m &= m - 1) {
      const e = <i32>ctz<u64>(m);
      const models = ui(e, UI.MODELS);
      if (models > 0 && Math.max(0, hypot(ux(e) - x, uy(e) - y) - r1 - footprintRadius(models, ud(e, UD.BASE_RADIUS))) <= COMBAT_RANGE + 1e-9) targets |= bitOf(e);
    }
    const on = efI(k, EF.ON);
    const count = efI(k, EF.DMG_COUNT);
    const sides = <u32>efI(k, EF.DMG_SIDES);
    for (let m = targets; m != 0; m &= m - 1) {
      const t = <i32>ctz<u64>(m);
      if (!deployed(t) || ui(t, UI.MODELS) <= 0) continue;
      if (<i32>roll(6) < on) continue;
      let points = 0;
      for (let j = 0; j < count; j++) points += <i32>roll(sides);
      inflictMortal(t, points, id);
      destroyIfSlain(t, id, false);
    }
  }
}

/** mortal4.ts bothSidesTargets: record k's targets from s (EF.M4_AFTER bit 4 on a mortal record with EF.EACH_TARGET), 0 when not used. */
export function bothSidesTargets(k: i32, s: i32): u64 {
  const range = ef(k, EF.RANGE);
  const me = owner(s);
  let all: u64 = 0;
  let enemies = 0;
  let friends = 0;
  for (let m = deployedMask; m != 0; m &= m - 1) {
    const t = <i32>ctz<u64>(m);
    if (t == s || dist(s, t) > range + 1e-9) continue;
    all |= bitOf(t);
    if (owner(t) != me) enemies++;
    else friends++;
  }
  return enemies > friends ? all : 0;
}
