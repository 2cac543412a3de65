/**
 * The hero3 area's engine code (docs/abilities.md "Hero phases, spells and the start of a turn (hero3)"); the
 * kernel's twin is assembly/battle/hero3.ts.
 *
 * `seize` ("Once Per Battle (Army), Start of Any Turn: Declare: Pick an objective you do not control and that you
 * controlled earlier in the battle to be the target. Effect: You control the target objective", All Belongs to
 * Tzeentch): used by the start-of-turn step (combat-abilities.ts useStepAbilities). Decisions (the seeds are silent):
 * - "controlled earlier in the battle" is read at the times CORE-CONTROL determines control, the end of each turn:
 *   the objective is in the army's part of a snapshot of the scoring history (`scoring.history`, the kernel's
 *   hist), which holds every turn's end so far.
 * - the control it gives lasts as any control does (CORE-CONTROL: until the opponent gains it when control is next
 *   determined, at the end of the turn).
 * - the policy (scripted and search alike; no decision): used at the start of its army's own turn (so the control
 *   it gives is the army's through that turn's scoring), the first time an objective qualifies; the objective:
 *   one the opponent controls before one nobody controls, then the battleplan's order.
 */
import type { Battle } from "./battle.js";
import type { Player } from "./state.js";

/** The objective `player` would seize now (its id), or null. */
export function seizeTarget(b: Battle, player: Player): string | null {
  const side = b.side(player);
  const history = b.data.scoring?.history ?? [];
  let best: string | null = null;
  let bestHeld = false;
  for (const o of b.objectives()) {
    const c = b.data.control[o.id] ?? null;
    if (c === player || !history.some((h) => h.control[side].includes(o.id))) continue;
    const held = c !== null;
    if (best === null || (held && !bestHeld)) [best, bestHeld] = [o.id, held];
  }
  return best;
}

/** Unit `s` of `player` uses a seize ability in the start-of-turn step: whether it was used. */
export function useSeize(b: Battle, s: number, player: Player): boolean {
  if (player !== b.data.active) return false;
  const id = seizeTarget(b, player);
  if (id === null) return false;
  b.data.control[id] = player;
  b.say(`${b.profile(s).name} seizes ${id}: ${b.data.armies[player]} controls it.`);
  return true;
}
