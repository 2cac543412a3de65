// The sylvaneth6 area in the kernel: the twin of src/aos/battle/sylvaneth6.ts (docs/abilities.md "The creeping
// overgrowth (sylvaneth6)"). Each player's friendly overgrown tokens (bit = terrain feature: H.SY6_OVERGROWN0/1, the
// room's H 196-197), the condition "(wholly) within the creeping overgrowth" (EF.SY6_OVERGROWTH, EF 203: effects.ts
// conditionsHold) and the overgrow records (kind OVERGROW_KIND 134; EF.SY6_CODE, EF 207: the range + 64 x its timing's Your (1) / Enemy (2) + 256 "Once Per Battle") used at the end of a
// hero phase (flow.ts), a unit's "Once Per Battle" use in US.SY6_USED (the room's U.STATE bit 1 << 27).
import { hypot } from "./math";
import { canSee } from "./paths";
import { partlyWithinTerritory } from "./board";
import { efI, hasKind, nEffects } from "./effects";
import { EF, H, US } from "./layout";
import { deployedOf, hasRec, inI, nTerrain, owner, setSt, st, terrain, UM, ur, ux, uy } from "./state";

/** encode-sylvaneth6.ts OVERGROW_KIND. */
export const OVERGROW_KIND: i32 = 134;

let overgrown0: i32 = 0;
let overgrown1: i32 = 0;

/** The starting position's tokens (effects.ts resetEffects). */
export function resetOvergrown(): void {
  overgrown0 = inI(H.SY6_OVERGROWN0);
  overgrown1 = inI(H.SY6_OVERGROWN1);
}

/** sylvaneth6.ts overgrownMask. */
export function overgrownMask(p: i32): i32 {
  return p == 0 ? overgrown0 : overgrown1;
}

/** sylvaneth6.ts overgrowthRange (count 9+: the whole battlefield, handled by the caller). */
function overgrowthRange(count: i32): f64 {
  return count <= 2 ? 6 : count <= 5 ? 9 : 12;
}

/** sylvaneth6.ts inOvergrowth: unit u is (wholly) within the creeping overgrowth of player p's army (-1: its own). */
export function inOvergrowth(u: i32, wholly: bool, p: i32 = -1): bool {
  const mask = overgrownMask(p < 0 ? owner(u) : p);
  if (mask == 0) return false;
  const n = <i32>popcnt<i32>(mask);
  if (n >= 9) return true;
  const range = overgrowthRange(n);
  const x = ux(u);
  const y = uy(u);
  const r = ur(u);
  for (let i = 0; i < nTerrain; i++) {
    if ((mask & (1 << i)) == 0) continue;
    const d = hypot(x - terrain(i, 0), y - terrain(i, 1));
    if (wholly ? d + r <= range + terrain(i, 2) + 1e-9 : d - r - terrain(i, 2) <= range + 1e-9) return true;
  }
  return false;
}

/** sylvaneth6.ts pickInOvergrowth: x within the overgrowth of s's army, or visible to s and partly within that army's territory. */
export function pickInOvergrowth(s: i32, x: i32): bool {
  const me = owner(s);
  return inOvergrowth(x, false, me) || (canSee(s, x) && partlyWithinTerritory(me, ux(x), uy(x), ur(x)));
}

/** sylvaneth6.ts useOvergrow: the end of a hero phase, the active player's units then the opponent's. */
export function useOvergrow(active: i32): void {
  if (!hasKind(OVERGROW_KIND)) return;
  for (let j = 0; j < 2; j++) {
    const player = j == 0 ? active : 1 - active;
    for (let k = 0; k < nEffects; k++) {
      if (efI(k, EF.KIND) != OVERGROW_KIND) continue;
      const code = efI(k, EF.SY6_CODE);
      const whose = (code >> 6) & 3;
      if ((whose == 1 && player != active) || (whose == 2 && player == active)) continue;
      const once = (code & 256) != 0;
      const range = <f64>(code & 63);
      for (let m = deployedOf(player); m != 0; m &= m - 1) {
        const u = <i32>ctz<u64>(m);
        if (!hasRec(u, UM.EF_SOURCE, k)) continue;
        if (once && st(u, US.SY6_USED)) continue;
        const mask = overgrownMask(player);
        let best = -1;
        let bestD = Infinity;
        for (let i = 0; i < nTerrain; i++) {
          if ((mask & (1 << i)) != 0) continue;
          const d = hypot(ux(u) - terrain(i, 0), uy(u) - terrain(i, 1)) - ur(u) - terrain(i, 2);
          if (d <= range + 1e-9 && d < bestD) {
            best = i;
            bestD = d;
          }
        }
        if (best < 0) continue;
        if (player == 0) overgrown0 |= 1 << best;
        else overgrown1 |= 1 << best;
        if (once) setSt(u, US.SY6_USED, true);
      }
    }
  }
}
