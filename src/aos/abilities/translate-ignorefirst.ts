/**
 * Ignoring the first damage point (docs/abilities.md "Ignoring the first damage point"; battle/ignore-first.ts plays
 * it in the TypeScript engine, assembly/battle/actions.ts allocateDamage in the kernel): "Ignore the first damage
 * point that would be allocated to this unit in each phase" (Stone Skeleton). Not read here (they keep the "no
 * pattern reads" note): the aura forms ("... to each friendly NIGHTHAUNT unit wholly within 12\" of this unit ...",
 * "... to friendly SAURUS and KROXIGOR units each phase while they are wholly within 12\" ..."): the kernel has no
 * kind code left for their records.
 */
import { type Clause, fx } from "./translate.js";

/** "Ignore the first damage point that would be allocated to this unit in each phase". */
export function ignoreFirstPatterns(s: string): Clause {
  if (!/^Ignore the first damage point that would be allocated to this unit in each phase$/.test(s)) return null;
  return [fx({ whom: { side: "self", wholly: false, includeSelf: false }, do: { kind: "ignore-first" } })];
}
