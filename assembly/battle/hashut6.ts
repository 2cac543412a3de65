// The hashut6 area (src/aos/battle/hashut6.ts, docs/abilities.md "Daemonic power points and desolation tokens
// (hashut6)"): the Helsmiths of Hashut's Leave the Land in Ruin and Harness Daemonic Power at the start of each turn
// (flow.ts beginTurn, before the start-of-turn healing), rule for rule and die for die (no dice), and the `daemonic`
// condition (effects.ts conditionsHold: EF.H6_POINTS on the holder's UI.HASHUT points).
// Room used: EF 198 (H6_POINTS), H 192-193 (DESOLATION0/1), U 112 (HASHUT) -> UI 72 (HASHUT). Unused: kinds 130-133,
// EF 202, H 194-195, UD 16.
import { contests, inPlay } from "./board";
import { efI } from "./effects";
import { EF, H, UF } from "./layout";
import { active, deployedOf, flag, inCombat, inI, nObjectives, nUnits, owner, setUi, ui, UI } from "./state";

const POINTS: i32 = 3; // bits 0-1: the points
const HASHUT: i32 = 4; // a HELSMITHS OF HASHUT unit
const HOBGROT: i32 = 8;
const READER: i32 = 16; // its warscroll has an effect that reads the points (hashut6.ts pointReaders)

let desolation0: i32 = 0;
let desolation1: i32 = 0;
let hashutUnits: bool = false;

/** The starting position's tokens (after state.ts resetBattle). */
export function resetHashut(): void {
  desolation0 = inI(H.DESOLATION0);
  desolation1 = inI(H.DESOLATION1);
  hashutUnits = false;
  for (let u = 0; u < nUnits; u++) if ((ui(u, UI.HASHUT) & HASHUT) != 0) hashutUnits = true;
}

/** reserves.ts: a replacement unit has no points (its flags are its profile's, copied from `from`). */
export function hashutReplacement(id: i32, from: i32): void {
  setUi(id, UI.HASHUT, ui(from, UI.HASHUT) & ~POINTS);
}

/** The daemonic condition of record k on the holder h (hashut6.ts / passive.ts passiveConditionsHold). */
// @ts-ignore: decorator
@inline export function pointsHold(k: i32, h: i32): bool {
  const c = efI(k, EF.H6_POINTS);
  if (c == 0) return true;
  const n = ui(h, UI.HASHUT) & POINTS;
  const min = (c - 1) & 3;
  const max = ((c - 1) >> 2) & 3;
  return n >= min && n <= max;
}

function hasTraits(p: i32): bool {
  for (let u = 0; u < nUnits; u++) if (owner(u) == p && (ui(u, UI.HASHUT) & HASHUT) != 0) return true;
  return false;
}

function popcount(m: i32): i32 {
  return <i32>popcnt<u32>(<u32>m);
}

function inPlayMask(): i32 {
  let m = 0;
  for (let o = 0; o < nObjectives; o++) if (inPlay(o)) m |= 1 << o;
  return m;
}

function leaveTheLandInRuin(p: i32): void {
  const tokens = p == 0 ? desolation0 : desolation1;
  for (let o = 0; o < nObjectives; o++) {
    if ((tokens & (1 << o)) != 0 || !inPlay(o)) continue;
    let by = false;
    for (let m = deployedOf(p); m != 0; m &= m - 1) {
      const u = <i32>ctz<u64>(m);
      if ((ui(u, UI.HASHUT) & HASHUT) != 0 && !flag(u, UF.MANIFESTATION) && !inCombat(u) && contests(u, o)) {
        by = true;
        break;
      }
    }
    if (!by) continue;
    if (p == 0) desolation0 |= 1 << o;
    else desolation1 |= 1 << o;
    return;
  }
}

function give(u: i32, left: i32): i32 {
  const n = left < 3 ? left : 3;
  setUi(u, UI.HASHUT, (ui(u, UI.HASHUT) & ~POINTS) | n);
  return left - n;
}

function harnessDaemonicPower(p: i32): void {
  for (let u = 0; u < nUnits; u++) if (owner(u) == p) setUi(u, UI.HASHUT, ui(u, UI.HASHUT) & ~POINTS);
  let left = popcount((p == 0 ? desolation0 : desolation1) & inPlayMask());
  // The units whose warscroll reads the points first, then the others, each by ascending id.
  for (let pass = 0; pass < 2; pass++) {
    for (let m = deployedOf(p); m != 0 && left > 0; m &= m - 1) {
      const u = <i32>ctz<u64>(m);
      const f = ui(u, UI.HASHUT);
      if ((f & HASHUT) == 0 || (f & HOBGROT) != 0 || ((f & READER) != 0) != (pass == 0)) continue;
      left = give(u, left);
    }
  }
}

/** flow.ts beginTurn: the tokens (both armies, the active one first), then the active army's points. */
export function useHashutTurnStart(): void {
  if (!hashutUnits) return;
  const has0 = hasTraits(0);
  const has1 = hasTraits(1);
  if (!has0 && !has1) return;
  const other = 1 - active;
  if (active == 0 ? has0 : has1) leaveTheLandInRuin(active);
  if (other == 0 ? has0 : has1) leaveTheLandInRuin(other);
  if (active == 0 ? has0 : has1) harnessDaemonicPower(active);
}
