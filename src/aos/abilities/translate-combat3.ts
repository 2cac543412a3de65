/**
 * The combat phase's and the end of a turn's abilities, third pass (docs/abilities.md "Combat phase and end of
 * turn, third pass (combat3)"): wordings of effects the engines already play, rewritten to the wording the other
 * patterns read — each rewrite says the same thing, so the whole text is still read or not at all.
 *
 * - the catalogues' slips: "STRIKE-LAST^^" (a formatting mark left in the text), "Roll a dice for each target, On a
 *   3+", "that target's combat attack" (one target of several, singular);
 * - a named model of the unit: "Declare: If this unit's Elathain Ill-fated is on the battlefield, pick ..." and "in
 *   combat with this unit's Curseblood" — the engines keep no model positions: the named model is removed last, so it
 *   is on the battlefield while its unit is (passive2's decision, docs/abilities.md "Passive abilities, second pass");
 *   a text that calls the model a token is not read so;
 * - "This unit has STRIKE-FIRST if it charged in the same turn" as a combat phase's ability: "If this unit charged this
 *   turn, this unit has STRIKE-FIRST for the rest of the turn" (the unit's fights are all in that phase);
 * - "for the rest of the phase" in a combat phase, on the attacks of a unit (hit, wound, save, Rend, Damage, Attacks,
 *   STRIKE-FIRST / STRIKE-LAST): the engines hold it for the rest of the turn, which is the same here — no attack is
 *   made and no fight order is read after a turn's combat phase. A ward is not read so (the end of a turn has mortal
 *   damage).
 */
import { type Effect, effectSchema, type When } from "./schema.js";
import type { Translation } from "./translate.js";

/** The sets "for the rest of the phase" may hold in a combat phase: only attacks and the fight order read them. */
const ATTACK_SETS: readonly string[] = ["hit", "wound", "save", "rend", "damage", "attacks", "strike-first", "strike-last"];

/** The catalogues' slips and named models, rewritten (any timing): the text the other patterns read. */
export function combat3Text(text: string): string {
  let t = text.replace(/STRIKE-LAST\^\^/g, "STRIKE-LAST").replace(/\bRoll a dice for each target, On a\b/g, "Roll a dice for each target. On a");
  // One target of several ("Pick each ... Roll a dice for each target. On a 3+, add 1 to hit rolls for that target's combat attack").
  t = t.replace(/\bfor that target's combat attack\b(?!s)/g, "for the target's combat attacks");
  // "Pick up to 3 visible enemy units within 6\" of this unit this unit to be the targets": a word doubled.
  t = t.replace(/ of this unit this unit to be the target/g, " of this unit to be the target");
  // "Pick an enemy unit ... to be the target. Effect: ... attacks that target that enemy unit": the target.
  if (/^Declare: (?:If [^,]+, p|P)ick an? (?:visible )?enemy [^.]*? to be the target\.\s*\nEffect: /.test(t)) t = t.replace(/\bthat enemy unit\b/g, "the target");
  if (/\bis a token\b|\bare tokens\b/i.test(t)) return t;
  // "Declare: If this unit's NAME is on the battlefield, pick ...": the named model is there while its unit is.
  t = t.replace(/^Declare: If this unit's [A-Z][a-z'’-]+(?: [A-Za-z][a-z'’-]+)* is on the battlefield, pick /, "Declare: Pick ");
  // "... in combat with this unit's Curseblood to be the target": a model of the unit, so the unit.
  t = t.replace(/ in combat with this unit's [A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)* to be the target\b/, " in combat with this unit to be the target");
  return t;
}

/**
 * A combat phase's wordings of a rest-of-the-turn effect (see the file's comment): the text rewritten and read by
 * `translateStatus`, kept only if it is played with attack sets alone; null otherwise.
 */
export function combat3Translation(when: When, text: string, read: (t: string) => Translation | null): Translation | null {
  if (when.timing !== "phase" || when.phase !== "combat") return null;
  // "This unit has STRIKE-FIRST for the rest of the turn but it cannot use commands this phase" (Doomfang): both on the
  // unit; "this phase" is the rest of the turn here (the engines' one command, Feral Roar, is used at the combat phase's start).
  if (/^This unit has STRIKE-FIRST for the rest of the turn but it cannot use commands this phase\.?$/.test(text.trim())) {
    const self = { side: "self", wholly: false, includeSelf: false };
    return { kind: "played", when, effects: [effectSchema.parse({ whom: self, do: { kind: "for-the-turn", set: "strike-first" } }), effectSchema.parse({ whom: self, do: { kind: "for-the-turn", set: "no-commands" } })] };
  }
  let t = text;
  if (/^This unit has STRIKE-FIRST if it charged in the same turn\.?$/.test(t.trim())) t = "If this unit charged this turn, this unit has STRIKE-FIRST for the rest of the turn.";
  t = t.replace(/\b([Ff])or the rest of the phase\b/g, "$1or the rest of the turn");
  if (t === text) return null;
  const r = read(t);
  if (!r || r.kind !== "played") return null;
  return r.effects.every((e) => e.do.kind === "for-the-turn" && ATTACK_SETS.includes(e.do.set) && e.do.until === undefined) ? r : null;
}

/**
 * Mortal damage and an effect for a while on the same roll: "Roll a D3[ for each target]. On a 2+, inflict an amount of
 * mortal damage on the target equal to the roll and subtract 1 from wound rolls for the target's attacks for the rest of
 * the turn" (Searing Desert Winds), or the two as bullets after "On a 2+:" (Auxiliary Skyhook). The mortal damage is
 * read by the other patterns (`read`: the text without the clause, which must be played as one enemy-targeted `mortal`
 * effect); the clause by translate-status.ts on "the target", for the rest of the turn only, set on each target whose
 * roll counted (`afterDamage` 1 with `afterRoll`: combat-abilities.ts afterMortal, before the ward). Null otherwise.
 */
export function combat3Mortal(a: { name: string; timing?: string; effect?: string }, read: (a: { name: string; timing?: string; effect?: string }) => Translation, clause: (s: string) => Pick<Effect, "conditions" | "do">[] | null): Translation | null {
  const text = combat3Text((a.effect ?? "").replace(/\r/g, "").trim());
  const m = /^(Declare: [\s\S]+?\nEffect: Roll a D3(?: for each target)?\. On a ([2-6])\+)(?:, inflict an amount of mortal damage on the target equal to the roll and (.+)\.|:\s*\n?•\s*Inflict an amount of mortal damage on the target equal to the roll\.\s*\n?•\s*(.+)\.)$/.exec(text);
  if (!m) return null;
  const mortal = read({ ...a, effect: `${m[1]}, inflict an amount of mortal damage on the target equal to the roll.` });
  if (mortal.kind !== "played" || mortal.effects.length !== 1 || mortal.effects[0]!.do.kind !== "mortal" || mortal.effects[0]!.whom.side !== "enemy") return null;
  const c = (m[3] ?? m[4]!).replace(/\bwound rolls made for\b/, "wound rolls for").replace(/\bhit rolls made for\b/, "hit rolls for");
  const after = clause(c[0]!.toLowerCase() + c.slice(1));
  if (!after || after.length === 0 || after.length > 2) return null;
  const whom = mortal.effects[0]!.whom;
  const effects = after.map((e) => effectSchema.parse({ whom, conditions: e.conditions, do: { ...e.do, afterDamage: 1, afterRoll: true } }));
  // The schema holds one effect after the mortal damage (the kernel reads the record before it).
  if (effects.length !== 1) return null;
  return { kind: "played", when: mortal.when, effects: [mortal.effects[0]!, ...effects] };
}

/** The kinds an aura switched on for the rest of the turn may hold: the attack modifiers both interpreters read from any timing. */
const AURA_KINDS: readonly string[] = ["hit", "wound", "rend", "damage", "attacks"];

/**
 * An aura switched on for the rest of the turn by a combat phase's ability: "[Roll a dice. On a N+, ]for the rest of the
 * turn, <a passive aura>" ("subtract 1 from hit rolls for attacks made by enemy units while they are within 6\" of this
 * unit", "add 1 to the Attacks characteristic of melee weapons used by friendly FYRESLAYERS units while they are wholly
 * within 12\" of this unit"). The aura is read whole as the passive text it is (`read`, which must play it with attack
 * modifiers on other units only); the ability is a `switch-on` then those effects with `switchedOn`. Null otherwise.
 */
export function combat3Aura(a: { name: string; timing?: string; effect?: string }, when: When | string, read: (passive: string) => Translation): Translation | null {
  if (typeof when === "string" || when.timing !== "phase" || when.phase !== "combat" || when.limit === "once-per-phase-army") return null;
  const text = (a.effect ?? "").replace(/\s+/g, " ").trim();
  // "Add 1 to the Attacks characteristics of friendly BLOODBOUND units' melee weapons for the rest of the turn" (Rage of
  // Khorne): every such unit — the range form's reading without its range.
  const every = /^(Add [1-3] to the Attacks) characteristics? of (friendly [A-Z][A-Z '’-]*? units)' (melee )?weapons for the rest of the turn\.?$/.exec(text);
  const m = every ? [text, undefined, `${every[1]} characteristic of ${every[3] ?? ""}weapons used by ${every[2]} while they are wholly within 1" of this unit`] : /^(?:Roll a dice\. On a ([2-6])\+, f|F)or the rest of the turn, ((?:add|subtract) [^.]+ while they are (?:wholly )?within \d+" of this unit)\.?$/.exec(text);
  if (!m) return null;
  const read1 = read(`${m[2]![0]!.toUpperCase()}${m[2]!.slice(1)}.`);
  const aura: Translation = every && read1.kind === "played" ? { ...read1, effects: read1.effects.map((e) => ({ ...e, whom: { side: e.whom.side, ...(e.whom.filter ? { filter: e.whom.filter } : {}), wholly: false, includeSelf: e.whom.includeSelf } })) } : read1;
  if (aura.kind !== "played" || aura.effects.length === 0 || aura.effects.length > 4) return null;
  if (aura.effects.some((e) => !AURA_KINDS.includes(e.do.kind) || e.whom.side === "self" || (e.whom.range === undefined) !== !!every)) return null;
  const effects = [effectSchema.parse({ do: { kind: "switch-on", ...(m[1] ? { on: Number(m[1]) } : {}) } }), ...aura.effects.map((e) => ({ ...e, conditions: { ...e.conditions, switchedOn: true as const } }))];
  return { kind: "played", when, effects };
}

/**
 * A friendly unit picked to fight twice: "Declare: Pick a friendly X unit wholly within 12\" of this unit[ to be the
 * target]. Effect: That unit | The target can use 2 FIGHT abilities this phase. After the first is used, however, that
 * unit | the target has STRIKE-LAST for the rest of the turn" in a combat phase: `fight-twice` with `whom` the pick
 * (`pick`: translate-status.ts declaredPick). Null otherwise.
 */
export function combat3FightTwice(a: { timing?: string; effect?: string }, when: When | string, pick: (declare: string) => { whom: Effect["whom"]; conditions: Partial<Effect["conditions"]>; upTo?: number; each?: true } | null): Translation | null {
  if (typeof when === "string" || when.timing !== "phase" || when.phase !== "combat" || when.limit === "once-per-phase-army") return null;
  const m = /^Declare: (Pick an? [^.]+?)(?: to be the target)?\.\s*\nEffect: (?:That unit|The target) can use 2 FIGHT abilities this phase\. After the first is used, however, (?:that unit|the target) has STRIKE-LAST for the rest of the (?:turn|phase)\.?$/.exec((a.effect ?? "").replace(/\r/g, "").trim());
  if (!m) return null;
  const p = pick(`${m[1]} to be the target`);
  if (!p || p.whom.side !== "friendly" || p.upTo !== undefined || p.each || Object.keys(p.conditions).length > 0) return null;
  return { kind: "played", when, effects: [effectSchema.parse({ whom: p.whom, conditions: { attack: "any" }, do: { kind: "fight-twice" } })] };
}
