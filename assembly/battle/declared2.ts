// The declared abilities' second pass (docs/abilities.md "Declared abilities, second pass"), the kernel's twin of
// src/aos/battle/declared2.ts: the effects it holds on a unit for a while (status.ts puts them).
// - no-commands (TURN_SET 12, schema.ts DURATION_SETS' index): the unit cannot receive a command while it holds it
//   (commands.ts feralRoarTarget); worth 1 on an enemy MONSTER with Battle Damaged data while a combat phase's
//   start is still to come (status.ts durationScore).
import { EF } from "./layout";
import { efI, hasKind, SPELL_TURN, TURN } from "./effects";
import { efMask, isMonster, ui, UI, UM } from "./state";

/** schema.ts DURATION_SETS.indexOf("no-commands") (test/aos/abilities-declared2.test.ts checks it). */
export const SET_NO_COMMANDS: i32 = 12;

/** declared2.ts noCommands: u holds a no-commands effect. */
export function noCommandsHeld(u: i32): bool {
  if (!hasKind(TURN) && !hasKind(SPELL_TURN)) return false;
  const on = efMask(u, UM.EF_TURN) | efMask(u, UM.SPELL_UNTIL0) | efMask(u, UM.SPELL_UNTIL1);
  for (let m = on; m != 0; m &= m - 1) {
    const k = <i32>ctz<u64>(m);
    const kind = efI(k, EF.KIND);
    if ((kind == TURN || kind == SPELL_TURN) && efI(k, EF.TURN_SET) == SET_NO_COMMANDS) return true;
  }
  return false;
}

/** declared2.ts noCommandsScore. */
export function noCommandsScore(x: i32, friendly: bool, combatLeft: bool): i32 {
  if (friendly || !combatLeft) return 0;
  return isMonster(x) && ui(x, UI.DAMAGED_AT) > 0 ? 1 : 0;
}
