// The timing2 area in the kernel, the twin of src/aos/battle/timing2.ts (docs/abilities.md "Timings: commands,
// replacements and spellings"). Replacement abilities translated from their text need no code here: their ability
// records are the bundled ones' (reserves.ts). Fighting twice: the effect records of kind FIGHT_TWICE (160), used in
// the combat phase's ability step (combat-abilities.ts), then read by actions.ts fight, fightCandidates and
// hasStrikeLast; the unit's state is UI.FIGHT_TWICE (encode.ts U.FIGHT_TWICE: 0 no, 1 granted, 2 the first used and
// the second open, 3 both used), cleared when a turn starts (flow.ts beginTurn).
import { engagedMask, bitOf, setUi, st, ui, UI } from "./state";
import { US } from "./layout";

/** encode-timing2.ts FIGHT_TWICE_KIND: "This unit can use 2 FIGHT abilities this phase". */
export const FIGHT_TWICE: i32 = 160;

/** timing2.ts useFightTwice: in combat, not fought, not granted yet. */
export function useFightTwice(s: i32): bool {
  if ((engagedMask & bitOf(s)) == 0 || st(s, US.FOUGHT) || ui(s, UI.FIGHT_TWICE) != 0) return false;
  setUi(s, UI.FIGHT_TWICE, 1);
  return true;
}

/** timing2.ts foughtOnce: after a FIGHT ability, the first of two opens the second; the second closes it. */
export function foughtOnce(u: i32): void {
  const v = ui(u, UI.FIGHT_TWICE);
  if (v == 1 || v == 2) setUi(u, UI.FIGHT_TWICE, v + 1);
}

/** timing2.ts secondFightOpen. */
// @ts-ignore: decorator
@inline export function secondFightOpen(u: i32): bool { return ui(u, UI.FIGHT_TWICE) == 2; }

/** timing2.ts foughtOnceLast: STRIKE-LAST after the first of two FIGHT abilities. */
// @ts-ignore: decorator
@inline export function foughtOnceLast(u: i32): bool { return ui(u, UI.FIGHT_TWICE) >= 2; }
