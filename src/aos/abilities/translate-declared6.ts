/**
 * The declared abilities' sixth pass (docs/abilities.md "Declared abilities, sixth pass (declared6)"): wordings of
 * "Declare: ... Effect: ..." abilities that the other patterns read once one part is set aside. Hooked into translate.ts
 * translateAbility by one line; `translate` is translateAbility itself.
 *
 * - A warscroll command held for a while: "Once Per Turn (Army), Any | Your | Enemy X Phase; Command: Declare: ...
 *   Effect: ..." whose text without "; Command" the status step plays (every effect for-the-turn): the same effects with
 *   `command` (the status step uses it only while the army has a command point, the unit with the ability has an
 *   issuer and can use commands, and spends the point: src/aos/battle/declared6.ts). "Once Per Turn (Army)" is the only
 *   limit read: an army uses a command once per phase (CORE-CP), which it implies.
 */
import { effectSchema } from "./schema.js";
import type { AbilityText, Translation } from "./translate.js";
import type { Body } from "./translate-status.js";

const flat = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/**
 * A Crit held for a while on the picked target(s) for their combat attacks against units that charged: "combat attacks
 * made by the target(s) against enemy units that charged this turn have Crit (2 Hits | Auto-wound | Mortal)" — the hero3
 * area's held Crit (`set: "weapon-ability"`, its melee weapons) with `attackTargetCharged` (passive4.ts heldTargetHolds;
 * the kernel's EF.D6_TARGET_CHARGED). Null otherwise (translate-status.ts body's other readers).
 */
export function declared6Body(s: string, self: boolean): Body | null {
  const m = self ? null : /^combat attacks made by (?:the targets?|each target) against enemy units that charged this turn have Crit \((2 Hits|Auto-wound|Mortal)\)$/i.exec(s);
  if (!m) return null;
  const ability = (["Crit (2 Hits)", "Crit (Auto-wound)", "Crit (Mortal)"] as const).find((a) => a.toLowerCase() === `crit (${m[1]!.toLowerCase()})`)!;
  return [{ do: { set: "weapon-ability", ability }, attack: "melee", cond: { attackTargetCharged: true } }];
}

/** The area's readings of `a`, or null (the other patterns then read it as before). */
export function declared6Translation(a: AbilityText, translate: (a: AbilityText) => Translation): Translation | null {
  const t = /^(Once Per Turn \(Army\), (?:Any|Your|Enemy) (?:Hero|Movement|Shooting|Charge|Combat) Phase); Command$/.exec(flat(a.timing));
  if (!t) return null;
  const r = translate({ ...a, timing: t[1]! });
  if (r.kind !== "played" || r.partial !== undefined || r.when.timing !== "phase" || r.when.limit !== "once-per-turn-army") return null;
  if (r.effects.length === 0 || !r.effects.every((e) => e.do.kind === "for-the-turn" && e.do.afterDamage === undefined && e.do.atPick === undefined)) return null;
  return { kind: "played", when: r.when, effects: r.effects.map((e) => effectSchema.parse({ ...e, do: { ...e.do, command: true } })) };
}
