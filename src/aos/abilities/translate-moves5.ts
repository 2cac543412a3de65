/**
 * The moves5 area (docs/abilities.md "Moves outside the movement phase (moves5)"): "this unit can move D6"" in a step
 * of another phase, read as the effect `phase-move` (src/aos/battle/moves5.ts, assembly/battle/moves5.ts). Hooked at
 * the start of translate.ts translateAbility. Each text is read whole; its steps:
 *
 * - after the unit's own SHOOT ability: "Any Shooting Phase: If this unit used a SHOOT ability this phase, this unit can
 *   move D6". It cannot end that move in combat." and "[Once Per Turn (Army), ]Reaction: You declared a SHOOT ability
 *   for this unit: After that SHOOT ability has been resolved, this unit can move [up to] 2D6 | D6". It cannot move into
 *   combat during any part of that move.";
 * - after the unit's own FIGHT ability: "Reaction: You declared a FIGHT ability for this unit: If this unit charged this
 *   turn, this unit can move up to 2D6" after that FIGHT ability has been resolved. It cannot end that move in combat.";
 * - at the start of the enemy's combat phase: "Once Per Turn (Army), Enemy Combat Phase: This unit can move up to 3". It
 *   can move through the combat ranges of enemy units and end that move in combat." (permissions the policy never takes);
 * - at the end of the enemy's movement phase: "Once Per Turn (Army), Enemy Movement Phase: If this unit is not in
 *   combat, this unit can move D6". It cannot end that move in combat." and "... If this unit is more than 9" from all
 *   enemy units, it can move up to D6". It cannot move into combat during any part of that move.";
 * - at the end of any turn: "Once Per Turn (Army), End of Any Turn: If this unit is not in combat, it can move D6". It
 *   can move into combat." (the permission to end in combat is one the policy never takes: every move of this kind
 *   is a normal move's line, which stops short of the enemies' combat ranges); "... If this unit was not set up this phase,
 *   this unit can move 2D6". It can move through the combat ranges of enemy units and can finish that move in combat."
 *   (the step is the first thing both engines do at the end of a turn, so no unit has been set up in that phase yet;
 *   the permissions are not taken); "If this unit charged this turn and has not used the 'Power Through' command this turn,
 *   it can immediately use the 'Normal Move' ability as if it were your movement phase" (neither engine plays 'Power
 *   Through', so no unit has used it) and "Roll a dice. On a 3+, this unit can immediately use the 'Normal Move' or the
 *   'Retreat' ability as if it were your movement phase" (`gate`; the policy never retreats, as the kernel's movement
 *   policy): `normal`, the unit's Move characteristic (movement.ts moveCharacteristic) instead of dice.
 */
import { type Effect, effectSchema } from "./schema.js";
import { parseWhen, type AbilityText, type Translation } from "./translate.js";
import type { When } from "./schema.js";

const flat = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").replace(/[“”]/g, '"').trim();

const move = (dice: string, inCombat: boolean | undefined, clear?: number, charged?: boolean, more: { normal?: true; gate?: number } = {}): Effect =>
  effectSchema.parse({ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any", ...(inCombat === false ? { inCombat: false } : {}), ...(charged ? { charged: true } : {}) }, do: { kind: "phase-move", dice, ...(clear ? { clear } : {}), ...more } });

/** The area's reading of a whole ability, or null. */
export function moves5Translation(a: AbilityText): Translation | null {
  const timing = flat(a.timing).replace(/\.$/, "");
  const text = flat(a.effect).replace(/\.$/, "");
  let m: RegExpExecArray | null;
  // After the unit's own SHOOT ability (a reaction).
  if ((m = /^(Once Per Turn \(Army\), )?Reaction: You declared a SHOOT ability for this unit$/.exec(timing))) {
    const t = /^After that SHOOT ability has been resolved, this unit can move (?:up to )?(D6|2D6)"\. It cannot move into combat during any part of that move$/.exec(text);
    if (!t) return null;
    const when: When = { timing: "reaction", to: "own-shoot", limit: m[1] ? "once-per-turn-army" : "none" };
    return { kind: "played", when, effects: [move(t[1]!, undefined)] };
  }
  // After the unit's own FIGHT ability (a reaction), if it charged this turn.
  if (timing === "Reaction: You declared a FIGHT ability for this unit") {
    const t = /^If this unit charged this turn, this unit can move up to (D6|2D6)" after that FIGHT ability has been resolved\. It cannot end that move in combat$/.exec(text);
    if (!t) return null;
    return { kind: "played", when: { timing: "reaction", to: "own-fight", limit: "none" }, effects: [move(t[1]!, undefined, undefined, true)] };
  }
  const when = parseWhen(a.timing);
  if (typeof when === "string" || when.timing !== "phase") return null;
  if (when.phase === "shooting" && when.limit === "none") {
    const t = /^If this unit used a SHOOT ability this phase, this unit can move (D6|2D6)"\. It cannot end that move in combat$/.exec(text);
    return t ? { kind: "played", when, effects: [move(t[1]!, undefined)] } : null;
  }
  if (when.phase === "movement" && when.whose === "enemy" && (when.limit === "once-per-turn-army" || when.limit === "none")) {
    if ((m = /^If this unit is not in combat, (?:this unit|it) can move (?:up to )?(D6|2D6|D3)"\. It cannot end that move in combat$/.exec(text))) return { kind: "played", when, effects: [move(m[1]!, false)] };
    if ((m = /^If this unit is more than (\d+)" from all enemy units, it can move (?:up to )?(D6|2D6|D3)"\. It cannot move into combat during any part of that move$/.exec(text))) return { kind: "played", when, effects: [move(m[2]!, undefined, Number(m[1]))] };
    return null;
  }
  if (when.phase === "combat" && when.whose === "enemy" && (when.limit === "once-per-turn-army" || when.limit === "none")) {
    if ((m = /^This unit can move up to (\d)"\. It can move through the combat ranges of enemy units and end that move in combat$/.exec(text))) return { kind: "played", when, effects: [move(m[1]!, undefined)] };
    return null;
  }
  if (when.phase === "end-of-turn" && when.whose === "any" && (when.limit === "once-per-turn-army" || when.limit === "none")) {
    if ((m = /^If this unit is not in combat, it can move (D6|2D6|D3)"\. It can move into combat$/.exec(text))) return { kind: "played", when, effects: [move(m[1]!, false)] };
    // Neither engine plays the 'Power Through' command: no unit has used it.
    if (/^If this unit charged this turn and has not used the 'Power Through' command this turn, it can immediately use the 'Normal Move' ability as if it were your movement phase$/.test(text)) return { kind: "played", when, effects: [move("0", undefined, undefined, true, { normal: true })] };
    if ((m = /^Roll a dice\. On a ([2-6])\+, this unit can immediately use the 'Normal Move' or the 'Retreat' ability as if it were your movement phase$/.exec(text))) return { kind: "played", when, effects: [move("0", undefined, undefined, undefined, { normal: true, gate: Number(m[1]) })] };
    // "this phase" at the end of a turn: the step is the first thing done then, so no unit has been set up in it yet.
    if ((m = /^If this unit was not set up this phase, this unit can move (D6|2D6)"\. It can move through the combat ranges of enemy units and can finish that move in combat$/.exec(text))) return { kind: "played", when, effects: [move(m[1]!, undefined)] };
  }
  return null;
}
