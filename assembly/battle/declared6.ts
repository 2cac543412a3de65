// The declared abilities' sixth pass in the kernel (docs/abilities.md "Declared abilities, sixth pass (declared6)"),
// the twin of src/aos/battle/declared6.ts: a command held for a while (EF.D6_COMMAND on its group's first record) is
// used only while the army has a command point, the unit with the ability has an issuer and does not hold no-commands;
// status.ts useForAWhile spends the point once it has picked its target(s), before any dice.
import { EF } from "./layout";
import { efI } from "./effects";
import { cp0, cp1, owner } from "./state";
import { hasIssuer } from "./commands";
import { noCommandsHeld } from "./declared2";

/** Whether record `k` (a group's first) is a command. */
export function isCommand(k: i32): bool {
  return efI(k, EF.D6_COMMAND) != 0;
}

/** declared6.ts commandReady: a command point, an issuer, not no-commands. */
export function commandReady(s: i32): bool {
  return (owner(s) == 0 ? cp0 : cp1) >= 1 && hasIssuer(s) && !noCommandsHeld(s);
}

/** declared6.ts payCommand: the army of unit `s` spends 1 command point. */
export function payCommand(s: i32): void {
  if (owner(s) == 0) cp0 -= 1;
  else cp1 -= 1;
}
