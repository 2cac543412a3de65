// The combat phase's and the end of a turn's abilities, third pass (docs/abilities.md "Combat phase and end of
// turn, third pass (combat3)"): the kernel's twin of src/aos/battle/combat3.ts, called by status.ts useForAWhile.

/** combat3.ts eachTargets: "Pick each ... to be the targets" — every unit the pick names when one of them scores, else none. */
export function eachTargets(every: u64, scored: u64): u64 {
  return scored != 0 ? every : 0;
}
