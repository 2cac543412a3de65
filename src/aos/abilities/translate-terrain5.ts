/**
 * Terrain features and objectives, fifth pass (docs/abilities.md "Terrain features and objectives (terrain5)"):
 * texts of ordinary units that name a generic terrain feature or an objective, a clause away from played code.
 * Faction terrain is never set up by either engine, so no text whose effect comes from "this terrain feature" is read.
 *
 * - "Declare: Pick a terrain feature within N\" of this unit, then pick each other unit (friendly and enemy) within M\"
 *   of that terrain feature to be the targets. Effect: Roll a D3 for each target. On a K+, inflict an amount of mortal
 *   damage on the target equal to the roll." (Cursed Destroyers): Smash Down's `terrain-mortal` (combat-abilities.ts
 *   terrainMortal and its kernel twin), `sides: "both"`, no keyword filter; the unit with the ability is never a target
 *   ("each other unit").
 * - "Declare: If this unit contains a <Model>, pick a terrain feature or objective contested by this unit, then pick
 *   any enemy units contesting that terrain feature or objective to be the targets. Effect: <mortal damage on each
 *   target>" (Cinders and Ashes): the effect read by the other patterns as on "each enemy unit within 3\" of this unit",
 *   then its range dropped and the condition `sameObjective` added (battle/terrain5.ts sameObjectiveTargets: one
 *   objective the unit contests, the one most enemy units contest; its enemy contesters are the targets). The engines'
 *   terrain features (ruins, hills, rocks, woods) are contested by no unit, so only an objective can be picked. The
 *   named model (a unit's Cindergout: a model the unit always has) is removed last, so the unit contains it while it
 *   is on the battlefield (combat3's and mortal4's decision for named models).
 * - "This unit is not visible to enemy units while it is within N\" of a terrain feature and more than M\" from all
 *   enemy units" (Hunters of the Frozen Wilds): `hidden` with `terrain` and no escort (hiddenNearTerrain).
 * - "... while it cons an objective you control that is not contested by any other friendly units" (Marking Your
 *   Territory): the passive condition `objective: "controlled-alone"` (aloneOnObjective).
 * - "... pick an enemy unit in combat with this unit or an enemy faction terrain feature ..." (Stonehorn Avalanche): the
 *   faction terrain branch never arises (factionTerrainTarget).
 */
import { type Effect, effectSchema } from "./schema.js";
import type { Translation } from "./translate.js";

type AbilityText = { name: string; timing?: string; effect?: string };

const MODEL = String.raw`[A-Z][a-z'’]+(?:-[A-Za-z][a-z'’]+)*(?: [A-Za-z][a-z'’]+(?:-[A-Za-z][a-z'’]+)*)*`;

/** The terrain5 texts, or null. `read` translates a rewritten text (translate.ts translateAbility). */
export function terrain5Translation(a: AbilityText, read: (a: AbilityText) => Translation): Translation | null {
  const text = (a.effect ?? "").replace(/\r/g, "").replace(/[ \t]+/g, " ").trim();
  return terrainMortal(a, text, read) ?? contestedObjective(a, text, read) ?? hiddenNearTerrain(a, text) ?? aloneOnObjective(a, text, read) ?? factionTerrainTarget(a, text, read);
}

/**
 * The faction rules a condition "has not used the 'X' ability this turn" may name: abilities neither engine plays (the
 * Ogor Mawtribes' battle trait Bull Charge: no code of either engine uses it), so the unit never has used it.
 */
const NEVER_USED = ["Bull Charge"];

/**
 * Stonehorn Avalanche: "Declare: If this unit charged this turn and has not used the 'Bull Charge' ability this turn,
 * pick an enemy unit in combat with this unit or an enemy faction terrain feature within this unit's combat range to be
 * the target. Effect: Roll a dice. On a 3+: • If the target is a unit, inflict 3 mortal damage on it. • If the target
 * is a faction terrain feature, inflict 6 mortal damage on it." — no faction terrain feature is ever on the battlefield
 * (neither engine sets one up: Smash Down's "FACTION TERRAIN" clause is read the same way) and the named faction rule is
 * never used (NEVER_USED), so the text is "If this unit charged this turn, pick an enemy unit in combat with this unit
 * ... On a 3+, inflict 3 mortal damage on the target", read by the other patterns.
 */
function factionTerrainTarget(a: AbilityText, text: string, read: (a: AbilityText) => Translation): Translation | null {
  const m =
    /^Declare: If this unit charged this turn and has not used the '([^']+)' ability this turn, pick an enemy unit in combat with this unit or an enemy faction terrain feature within this unit's combat range to be the target\.\s*\nEffect: Roll a dice\. On a ([2-6])\+:\s*•\s*If the target is a unit, inflict ([1-6]) mortal damage on it\.\s*•\s*If the target is a faction terrain feature, inflict (\d+) mortal damage on it\.?$/.exec(
      text,
    );
  if (!m || !NEVER_USED.includes(m[1]!)) return null;
  const r = read({ ...a, effect: `Declare: If this unit charged this turn, pick an enemy unit in combat with this unit to be the target.\nEffect: Roll a dice. On a ${m[2]}+, inflict ${m[3]} mortal damage on the target.` });
  return r.kind === "played" ? r : null;
}

/**
 * Marking Your Territory: "... while it cons | contests | is contesting an objective you control that is not contested by
 * any other friendly units" ("cons": the catalogue's slip for "contests") — the text with "while it is contesting an
 * objective you control" read by the other patterns (one passive effect with the condition `objective: "controlled"`),
 * then the condition `controlled-alone` (passive.ts passiveView objective, the kernel's objectiveHolds code 6).
 */
function aloneOnObjective(a: AbilityText, text: string, read: (a: AbilityText) => Translation): Translation | null {
  const m = /^(.+) while it (?:cons|contests|is contesting) an objective you control that is not contested by any other friendly units(\.?)$/.exec(text);
  if (!m || (a.timing ?? "").trim() !== "Passive") return null;
  const r = read({ ...a, effect: `${m[1]} while it is contesting an objective you control${m[2]}` });
  if (r.kind !== "played" || r.effects.length !== 1 || r.effects[0]!.conditions.objective !== "controlled" || r.effects[0]!.whom.side !== "self") return null;
  const e = r.effects[0]!;
  return { ...r, effects: [{ ...e, conditions: { ...e.conditions, objective: "controlled-alone" } }] };
}

/**
 * Hunters of the Frozen Wilds: "This unit is not visible to enemy units while it is within N\" of a terrain feature and
 * more than M\" from all enemy units" — Hidden Weapon Team's `hidden` with no escort (`beyond` 0: from every enemy
 * unit), `clear` M (not hidden while an enemy unit is within M\") and `terrain` N (common.ts hiddenFrom).
 */
function hiddenNearTerrain(a: AbilityText, text: string): Translation | null {
  if ((a.timing ?? "").trim() !== "Passive") return null;
  const m = /^This unit is not visible to enemy units while it is within (\d+)" of a terrain feature and more than (\d+)" from all enemy units\.?$/.exec(text);
  if (!m) return null;
  const e: Effect = effectSchema.parse({ do: { kind: "hidden", beyond: 0, terrain: Number(m[1]), clear: Number(m[2]) } });
  return { kind: "played", when: { timing: "passive" }, effects: [e] };
}

/** Cursed Destroyers: mortal damage on every other unit around a terrain feature near the unit. */
function terrainMortal(a: AbilityText, text: string, read: (a: AbilityText) => Translation): Translation | null {
  const m =
    /^Declare: Pick a terrain feature within (\d+)" of this unit, then pick each other unit \(friendly and enemy\) within (\d+)" of that terrain feature to be the targets\.\s*\nEffect: Roll a D3 for each target\. On a ([2-6])\+, inflict an amount of mortal damage on the target equal to the roll\.?$/.exec(
      text,
    );
  if (!m) return null;
  // The timing as the other patterns read it: the same Effect on "each enemy unit within 3\" of this unit".
  const r = read({ ...a, effect: `Declare: Pick each enemy unit within 3" of this unit to be the targets.\nEffect: Roll a D3 for each target. On a ${m[3]}+, inflict an amount of mortal damage on the target equal to the roll.` });
  if (r.kind !== "played" || r.when.timing !== "phase" || r.when.phase !== "combat") return null;
  const e: Effect = effectSchema.parse({
    whom: { side: "enemy" },
    do: { kind: "terrain-mortal", range: Number(m[1]), within: Number(m[2]), dice: "D3", on: Number(m[3]), each: "roll", sides: "both" },
  });
  return { kind: "played", when: r.when, effects: [e] };
}

/** Cinders and Ashes: mortal damage on each enemy unit contesting an objective the unit contests. */
function contestedObjective(a: AbilityText, text: string, read: (a: AbilityText) => Translation): Translation | null {
  const m = new RegExp(
    String.raw`^Declare: If this unit contains an? ${MODEL}, pick a terrain feature or objective contested by this unit, then pick any enemy units contesting that terrain feature or objective to be the targets\.(\s*\nEffect: [\s\S]+)$`,
  ).exec(text);
  if (!m) return null;
  const r = read({ ...a, effect: `Declare: Pick each enemy unit within 3" of this unit to be the targets.${m[1]}` });
  if (r.kind !== "played" || r.effects.length !== 1) return null;
  const e = r.effects[0]!;
  if (e.do.kind !== "mortal" || e.do.targets !== "each" || e.whom.side !== "enemy" || e.whom.range !== 3 || e.whom.filter || Object.keys(e.conditions).some((k) => k !== "attack")) return null;
  const out: Effect = { whom: { side: "enemy", wholly: false, includeSelf: false }, conditions: { ...e.conditions, sameObjective: true }, do: e.do };
  return { ...r, effects: [out] };
}
