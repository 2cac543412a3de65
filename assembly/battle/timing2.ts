// The timing2 area in the kernel, the twin of src/aos/battle/timing2.ts (docs/abilities.md "Timings: commands,
// replacements and spellings"). Replacement abilities translated from their text need no code here: their ability
// records are the bundled ones' (reserves.ts). Fighting twice: the effect records of kind FIGHT_TWICE (160), used in
// the combat phase's ability step (combat-abilities.ts), then read by actions.ts fight, fightCandidates and
// hasStrikeLast; the unit's state is UI.FIGHT_TWICE (encode.ts U.FIGHT_TWICE: 0 no, 1 granted, 2 the first used and
// the second open, 3 both used; 4 and 5 the HEROES form's 1 and 2), cleared when a turn starts (flow.ts beginTurn).
import { deployedMask, enemiesInCombat, engagedMask, bitOf, flag, setUi, st, ui, UI } from "./state";
import { UF, US } from "./layout";

/** encode-timing2.ts FIGHT_TWICE_KIND: "This unit can use 2 FIGHT abilities this phase". */
export const FIGHT_TWICE: i32 = 160;
/** encode-timing2.ts FIGHT_TWICE_HEROES_KIND: the form "If this unit is in combat with any enemy HEROES, ...". */
export const FIGHT_TWICE_HEROES: i32 = 161;

/** timing2.ts withEnemyHero. */
function withEnemyHero(u: i32): bool {
  for (let m = enemiesInCombat(u) & deployedMask; m != 0; m &= m - 1) if (flag(<i32>ctz<u64>(m), UF.HERO)) return true;
  return false;
}

/** timing2.ts useFightTwice: in combat (with an enemy HERO for the HEROES form), not fought, not granted yet. */
export function useFightTwice(s: i32, heroes: bool): bool {
  if ((engagedMask & bitOf(s)) == 0 || st(s, US.FOUGHT) || ui(s, UI.FIGHT_TWICE) != 0) return false;
  if (heroes && !withEnemyHero(s)) return false;
  setUi(s, UI.FIGHT_TWICE, heroes ? 4 : 1);
  return true;
}

/** timing2.ts foughtOnce: after a FIGHT ability, the first of two opens the second; the second closes it. */
export function foughtOnce(u: i32): void {
  const v = ui(u, UI.FIGHT_TWICE);
  if (v == 1 || v == 2) setUi(u, UI.FIGHT_TWICE, v + 1);
  else if (v == 4) setUi(u, UI.FIGHT_TWICE, 5);
  else if (v == 5) setUi(u, UI.FIGHT_TWICE, 3);
}

/** timing2.ts secondFightOpen: the HEROES form while in combat with an enemy HERO. */
export function secondFightOpen(u: i32): bool {
  const v = ui(u, UI.FIGHT_TWICE);
  return v == 2 || (v == 5 && withEnemyHero(u));
}

/** timing2.ts foughtOnceLast: STRIKE-LAST after the first of two FIGHT abilities. */
// @ts-ignore: decorator
@inline export function foughtOnceLast(u: i32): bool { const v = ui(u, UI.FIGHT_TWICE); return v == 2 || v == 3 || v == 5; }
