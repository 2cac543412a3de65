// The passive6 area in the kernel (docs/abilities.md "Passive abilities, sixth pass (passive6)"): the twin of
// src/aos/abilities/passive6.ts targetControlHolds, read by effects.ts attackEffects for passive records and records
// held for a while. Room passive6: kinds 154-158, EF 211, H 204-207, U 116-117, UI 76; used: EF 211 (EF.P6_TARGET_CONTROL).
import { EF } from "./layout";
import { unitControl } from "./commands";

/** EF.P6_TARGET_CONTROL: 1 the target's Control characteristic is higher than the attacker's, 2 lower (0: no condition). */
export function targetControlHolds(code: i32, a: i32, t: i32): bool {
  if (code == 0) return true;
  const tc = unitControl(t);
  const ac = unitControl(a);
  return code == 1 ? tc > ac : tc < ac;
}

/** The slot read (kept here so effects.ts's hook is one line). */
export const P6_TARGET_CONTROL: i32 = EF.P6_TARGET_CONTROL;
