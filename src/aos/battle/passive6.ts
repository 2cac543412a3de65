/**
 * The passive6 area in the TypeScript engine (docs/abilities.md "Passive abilities, sixth pass (passive6)"): marks for
 * the rest of the battle put at the end of a charge phase ("Once Per Battle, Any Charge Phase: If this unit charged this
 * phase and the unmodified charge roll was 8+ | is wholly within enemy territory and charged this phase, ... for the rest
 * of the battle"). The mark is objective4's (`mark`, its token on the unit; the ability's other effects need it:
 * conditions.token), put at another step. The kernel's twin: assembly/battle/passive6.ts useChargeMarks (kind 154,
 * the same U.STATE bit as objective4's marks, US.O4_MARK).
 */
import type { Battle } from "./battle.js";
import { markEffects } from "./objective4.js";
import { chargeRollOf } from "./move3.js";
import { battleView } from "./effects.js";
import { passiveConditionsHold } from "../abilities/passive.js";
import type { Player } from "./state.js";

/** `id` is in combat with exactly one enemy unit, which is in combat with `id` only (conditions.soleCombat). */
function soleCombat(b: Battle, id: number): boolean {
  const them = b.enemiesInCombat(id);
  return them.length === 1 && b.enemiesInCombat(them[0]!).length === 1;
}

/**
 * The end of a charge phase, after its other abilities (turn.ts, the kernel's flow.ts): each mark of a charge-phase
 * timing (Your / Enemy / Any Charge Phase against the active player), for the active player's units then the
 * opponent's, by ascending id: a unit of the ability's warscroll without the token gets it for the rest of the battle
 * when it charged this turn (charges are made in the charge phase only in both engines, so this phase), its unmodified
 * charge roll was at least `chargeRoll` (move3.ts chargeRollOf), its passive conditions hold (passive.ts: territory)
 * and, with `soleCombat`, it is in combat with exactly one enemy unit that is in combat with it only.
 * The policy always uses it: the mark only adds the ability's other effects, and "Once Per Battle" is the mark itself.
 */
export function useChargeMarks(b: Battle): void {
  const list = markEffects(b).filter((pe) => pe.ability.when.timing === "phase" && pe.ability.when.phase === "charge");
  if (list.length === 0) return;
  const v = battleView(b);
  const active = b.data.active as Player;
  for (const player of [active, (1 - active) as Player]) {
    for (const pe of list) {
      const w = pe.ability.when;
      if (w.timing !== "phase" || (w.whose === "your" && player !== active) || (w.whose === "enemy" && player === active)) continue;
      const token = (pe.effect.do as { token: string }).token;
      const c = pe.effect.conditions;
      for (const id of b.deployed(player)) {
        if (b.profile(id).warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase() || b.unit(id).tokens.includes(token)) continue;
        if (c.charged !== undefined && b.unit(id).charged !== c.charged) continue;
        if (c.chargeRoll !== undefined && chargeRollOf(b, id) < c.chargeRoll) continue;
        if (!passiveConditionsHold(v, c, id)) continue;
        if (c.soleCombat && !soleCombat(b, id)) continue;
        b.unit(id).tokens.push(token);
        b.say(`${b.profile(id).name} uses ${pe.ability.name}: for the rest of the battle.`);
      }
    }
  }
}
