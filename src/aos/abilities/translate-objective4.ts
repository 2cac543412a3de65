/**
 * The objective4 area's translations (docs/abilities.md "Objectives, terrain features and set-ups again
 * (objective4)"): texts whose effect depends on contesting or controlling objectives, read by rewriting them to the
 * wording the other patterns play and adding the objective condition (conditions.objective on the unit with the
 * ability when it is used, conditions.objectiveWhile on the unit holding an effect for a while). Hooked into
 * translate.ts translateAbility by one line; `translate` is translateAbility itself (the rewritten text read whole
 * by the other patterns, or nothing).
 *
 * - A catalogue slip: the Timing left empty and the timing written in the Declare ("Declare: Once Per Turn (Army),
 *   Any Combat Phase / Effect: ..."): read as that timing with the effect (Merciless Conquerors).
 * - "For the rest of the turn, BODY while it is contesting an objective [you control | you do not control]" on the
 *   unit itself: the effect for a while BODY, applied only while its holder contests such an objective
 *   (`objectiveWhile`, read at each attack by both engines).
 * - "Declare: If this unit is contesting an objective [you control | you do not control], pick ... Effect: ..." (an
 *   effect for a while on a picked unit): the pick's ability, used only while the unit with it contests such an
 *   objective (`objective`, read at use by status.ts and the kernel's twin). "For the rest of the phase" in a combat
 *   phase on combat attacks is the rest of the turn (no attack is made after the combat phase).
 * - "End of Any Turn: If this unit is contesting an objective you do not control. Heal (D6) this unit." (the
 *   catalogue's full stop for a comma): Heal (D6) with `objective` on the unit, read by healing.ts and its twin.
 * - "Once Per Battle, Any Hero Phase: If this unit is contesting an objective you control that is wholly within enemy
 *   territory, this unit has WARD (5+) for the rest of the battle": a `mark` (the token "mark-<name>", put at the end of
 *   the hero phase when the objective condition holds: src/aos/battle/objective4.ts useMarks) and a `ward` that needs it
 *   (conditions.token on the unit with the ability).
 * - "[Once Per Battle[ (Army)], ]Deployment Phase: Remove this unit from the battlefield and set it up again on the
 *   battlefield more than N" from all enemy units": `redeploy` with a deployment timing, played at the end of
 *   deployment by src/aos/battle/objective4.ts (the movement phase's redeployment, setups.ts, reads movement only).
 */
import { type Effect, effectSchema, type When } from "./schema.js";
import { type AbilityText, healingPlayable, type Translation } from "./translate.js";

type Which = NonNullable<Effect["conditions"]["objectiveWhile"]>;

const flat = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** " you control" / " you do not control" / nothing. */
const whichOf = (s: string | undefined): Which => (s === undefined ? "any" : s === " you control" ? "controlled" : "not-controlled");

/** The effects-for-a-while sets both engines read at an attack, on the unit holding them (attack.ts, effects.ts). */
const ATTACK_SETS = new Set(["hit", "wound", "save", "rend", "damage", "attacks", "ward"]);

const played = (t: Translation): t is Extract<Translation, { kind: "played" }> => t.kind === "played" && t.partial === undefined;

/** The area's readings of `a`, or null (the other patterns then read it as before). */
export function objective4Translation(a: AbilityText, parseWhen: (t: string | undefined) => When | string, translate: (a: AbilityText) => Translation, _vocab: ReadonlySet<string>): Translation | null {
  const timing = flat(a.timing);
  const effect = (a.effect ?? "").trim();
  let m: RegExpExecArray | null;
  // The Timing left empty, the timing in the Declare.
  if (timing === "" && (m = /^Declare: ([^\n]+?)\s*\nEffect: ([\s\S]+)$/.exec(effect))) {
    const w = parseWhen(m[1]!);
    if (typeof w === "string" || /Declare:/.test(m[2]!)) return null;
    const t = translate({ name: a.name, timing: m[1]!, effect: m[2]! });
    return t.kind === "unread" ? null : t;
  }
  const when = parseWhen(a.timing);
  if (typeof when === "string") return null;
  if (when.timing === "passive") return passiveObjective(a, translate);
  if (when.timing !== "phase") return null;
  const text = flat(effect);
  // "If this unit is contesting an objective you control that is wholly within enemy territory, this unit has WARD (N+) for the rest of the battle" in a hero phase.
  if (when.phase === "hero" && (m = /^If this unit is contesting an objective you control that is wholly within enemy territory, (?:this unit|it) has WARD \(([2-6])\+\) for the rest of the battle\.?$/.exec(text))) {
    if (when.limit !== "none" && when.limit !== "once-per-battle") return null;
    const token = `mark-${a.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "")}`.slice(0, 40).replace(/-+$/, "");
    const self = { side: "self", wholly: false, includeSelf: false } as const;
    return {
      kind: "played",
      when,
      effects: [
        effectSchema.parse({ whom: self, conditions: { attack: "any", objective: "controlled-in-enemy-territory" }, do: { kind: "mark", token } }),
        effectSchema.parse({ whom: self, conditions: { attack: "any", token }, do: { kind: "ward", value: Number(m[1]) } }),
      ],
    };
  }
  // "Remove this unit from the battlefield and set it up again on the battlefield more than N" from all enemy units" at deployment.
  if (when.phase === "deployment" && (m = /^Remove this unit from the battlefield and set it up again on the battlefield more than (\d+)" from all enemy units\.?$/.exec(text))) {
    if (when.limit !== "none" && when.limit !== "once-per-battle" && when.limit !== "once-per-battle-army") return null;
    if (Number(m[1]) < 1 || Number(m[1]) > 24) return null;
    return { kind: "played", when, effects: [effectSchema.parse({ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any" }, do: { kind: "redeploy", moreThanFromEnemies: Number(m[1]) } })] };
  }
  // "BODY while it is contesting an objective [you control | you do not control]" on the unit itself, for the rest of the turn.
  if ((m = /^(For the rest of the turn, .+?) while (?:it|this unit) is contesting an objective( you control| you do not control)?\.?$/.exec(text))) {
    const t = translate({ name: a.name, timing: a.timing, effect: `${m[1]!}.` });
    if (!played(t) || !t.effects.every((e) => e.whom.side === "self" && e.do.kind === "for-the-turn" && ATTACK_SETS.has(e.do.set) && e.do.until === undefined)) return null;
    const which = whichOf(m[2]);
    return { kind: "played", when: t.when, effects: t.effects.map((e) => ({ ...e, conditions: { ...e.conditions, objectiveWhile: which } })) };
  }
  // "If this unit is contesting an objective [...], pick ..." in the Declare: the pick's ability with `objective` on the unit.
  if ((m = /^Declare: If this unit is contesting an objective(?: that)?( you control| you do not control)?, pick ([\s\S]+?)\s*\nEffect: ([\s\S]+)$/.exec(effect))) {
    let rest = m[3]!.trim();
    // "For the rest of the phase" in a combat phase, on combat attacks: no attack is made after the combat phase.
    if (when.phase === "combat") rest = rest.replace(/^For the rest of the phase, (.+ for the target's combat attacks\.?)$/, "For the rest of the turn, $1");
    const t = translate({ name: a.name, timing: a.timing, effect: `Declare: Pick ${m[2]!}\nEffect: ${rest}` });
    if (!played(t) || !t.effects.every((e) => e.do.kind === "for-the-turn" && e.conditions.objective === undefined)) return null;
    const which = whichOf(m[1]);
    return { kind: "played", when: t.when, effects: t.effects.map((e) => ({ ...e, conditions: { ...e.conditions, objective: which } })) };
  }
  // "If this unit is contesting an objective you do not control. Heal (D6) this unit." at the end of a turn.
  if ((m = /^If this unit is contesting an objective( you control| you do not control)?[.,] (Heal \((?:D3|D6|[1-6])\) this unit\.?)$/.exec(text))) {
    const t = translate({ name: a.name, timing: a.timing, effect: m[2]! });
    // Only where healing.ts plays it (useHeal reads the condition): translate.ts healingPlayable's timings.
    if (!played(t) || t.effects.length !== 1 || t.effects[0]!.do.kind !== "heal" || !healingPlayable(t.when, t.effects)) return null;
    return { kind: "played", when: t.when, effects: [{ ...t.effects[0]!, conditions: { ...t.effects[0]!.conditions, objective: whichOf(m[1]) } }] };
  }
  return null;
}

/** The attack modifiers passive.ts reads with a target condition (attack.ts attackMods, the kernel's effects.ts). */
const BY_KINDS = new Set(["hit", "wound", "rend", "damage"]);

/**
 * Passive texts: "BODY for attacks that target enemy units contesting an objective" (the attack's target contests
 * one: `targetContesting`), and "Add N to save rolls for friendly X units while they are contesting the same objective
 * as this unit" (`sameObjective`: both contest one objective; read as the aura "within 12\"" of this unit, whose range
 * is then dropped — two units contesting one objective are always within 12" of each other, the marker's width and
 * twice the 3" contest reach apart at most).
 */
function passiveObjective(a: AbilityText, translate: (a: AbilityText) => Translation): Translation | null {
  const text = flat(a.effect);
  let m: RegExpExecArray | null;
  if ((m = /^(.+?) for attacks that target enemy units contesting an objective\.?$/.exec(text))) {
    const t = translate({ name: a.name, timing: "Passive", effect: `${m[1]!}.` });
    if (!played(t) || !t.effects.every((e) => BY_KINDS.has(e.do.kind) && (e.do as { direction?: string }).direction === "by")) return null;
    return { kind: "played", when: t.when, effects: t.effects.map((e) => ({ ...e, conditions: { ...e.conditions, targetContesting: true as const } })) };
  }
  if ((m = /^(Add|Subtract) ([1-3]) (to|from) save rolls for (friendly .+? units) while they are contesting the same objective as this unit\.?$/.exec(text))) {
    const t = translate({ name: a.name, timing: "Passive", effect: `${m[1]!} ${m[2]!} ${m[3]!} save rolls for ${m[4]!} while they are within 12" of this unit.` });
    if (!played(t) || t.effects.length !== 1 || t.effects[0]!.do.kind !== "save" || t.effects[0]!.whom.range !== 12 || t.effects[0]!.whom.wholly) return null;
    const e = t.effects[0]!;
    const { range: _range, ...whom } = e.whom;
    return { kind: "played", when: t.when, effects: [{ ...e, whom, conditions: { ...e.conditions, sameObjective: true as const } }] };
  }
  return null;
}
