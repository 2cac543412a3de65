/**
 * The tail4 area (docs/abilities.md "Weapon abilities, pass-through moves and permissions (tail4)"): texts of the long
 * tail that say what an already-played pattern says in another wording, read by rewriting them to that wording (each
 * rewrite says the same thing, so the whole text is still read or not at all), and the whole texts of the area's new
 * effects. Hooked at the start of translate.ts translateAbility.
 *
 * - "Any Combat Phase: <melee weapons have a weapon ability, an aura>" (no limit, no Declare): the passive text. Melee
 *   weapons are used only by FIGHT abilities, which both engines resolve only in the combat phase (combat.ts
 *   combatChoices), so an ability active in every combat phase is active whenever a melee weapon is used. Read only
 *   when every effect is a `weapon-ability` of melee attacks (Akhelian Insights' Crit (2 Hits)).
 * - "While this unit is wholly within N\" of any other friendly <Warscroll>s, it can use SHOOT abilities even if it used
 *   the 'Run' ability in the same turn" (Attack Squadron): Keep Up!'s reading ("... of a friendly <Warscroll>, this unit
 *   can use SHOOT abilities even if it used a RUN ability ..."). "other": the near condition never counts the unit
 *   itself (attack.ts conditionsHold skips it); the warscroll's plural is its name, and its "(Scourge of Ghyran)"
 *   warscroll (the one with the ability) is the same unit, so the filter names both.
 * - "If this unit charged this turn, this unit's melee weapons have Crit (Mortal)" in a combat phase (Severing Strike):
 *   hero3's Crit for a while on the unit, for the rest of the turn (`chargedCrit`).
 * - "You can re-roll resistance rolls for friendly X units while they are wholly within N\" of this unit" (The Flames of
 *   Hope): `resist-reroll`.
 * - "Enemy units cannot use RUN or RETREAT abilities while they are within 9\" of this unit" and "... RETREAT abilities while
 *   they are in combat with this unit": `no-run` (`noRun`).
 * - A fight-after reaction's Crit bonus ("If it is picked to do so, the target's melee weapons have Crit (2 Hits) for the
 *   rest of the turn": Executioner's Entourage): `fightAfterCrit`, hooked into translate.ts fightAfterTranslation.
 * - "Models cannot be returned to enemy units within 12\" of this unit" (Redemptor Casket): `no-return` (`noReturn`).
 * - The pass-through passive of Threshing Doom and Barge Through ("When this unit moves, it can pass through models in
 *   enemy X units and can pass through the combat ranges of enemy X units, but it cannot end a move in combat unless
 *   specified in the ability used"): `pass-through` with `enemyKeywords` and `ranges`.
 */
import { type Effect, effectSchema } from "./schema.js";
import { parseWhen, splitKeywords, type AbilityText, type Translation } from "./translate.js";

type Crit = "Crit (2 Hits)" | "Crit (Auto-wound)" | "Crit (Mortal)";
const flat = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** The area's readings of a whole ability, or null (`read`: translateAbility with the same vocabulary). */
export function tail4Translation(a: AbilityText, vocab: ReadonlySet<string>, read: (x: AbilityText) => Translation): Translation | null {
  const timing = flat(a.timing);
  const text = flat(a.effect);
  if (timing === "Passive") return passThrough(text, vocab) ?? attackSquadron(a, text, read) ?? resistReroll(text, vocab) ?? noRun(text) ?? noReturn(text);
  if (timing === "Any Combat Phase" && !/^Declare:/.test(text)) return combatPhaseWeapons(a, text, read) ?? chargedCrit(timing, text);
  return chargedCrit(timing, text);
}

/**
 * Severing Strike: "If this unit charged this turn, this unit's melee weapons have Crit (2 Hits | Auto-wound | Mortal)" in
 * a combat phase (any limit but per phase): the hero3 area's Crit for a while on the unit itself, for the rest of the
 * turn — combat3's decision for a combat phase's effect without a duration, here on the one set that only melee
 * weapons read (used only in that phase) — with the status step's condition `charged`.
 */
function chargedCrit(timing: string, text: string): Translation | null {
  const m = /^If this unit charged this turn, this unit's melee weapons have Crit \((2 Hits|Auto-wound|Mortal)\)\.?$/.exec(text);
  if (!m) return null;
  const when = parseWhen(timing);
  if (typeof when === "string" || when.timing !== "phase" || when.phase !== "combat" || when.limit === "once-per-phase-army") return null;
  const e = effectSchema.parse({ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "melee", charged: true }, do: { kind: "for-the-turn", set: "weapon-ability", ability: `Crit (${m[1]})` } });
  return { kind: "played", when, effects: [e] };
}

/** "Any Combat Phase: Melee weapons used by friendly X units have Crit (2 Hits) while ...": the passive text, weapon abilities of melee attacks only. */
function combatPhaseWeapons(a: AbilityText, text: string, read: (x: AbilityText) => Translation): Translation | null {
  const r = read({ name: a.name, timing: "Passive", effect: text });
  if (r.kind !== "played" || r.partial || r.effects.length === 0) return null;
  if (!r.effects.every((e) => e.do.kind === "weapon-ability" && e.conditions.attack === "melee")) return null;
  return r;
}

/** Attack Squadron: Keep Up!'s reading with SHOOT abilities. */
function attackSquadron(a: AbilityText, text: string, read: (x: AbilityText) => Translation): Translation | null {
  const m = /^While this unit is wholly within (\d+)" of any other friendly ([A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)*?)s, it can use SHOOT abilities even if it used the 'Run' ability in the same turn\.?$/.exec(text);
  if (!m) return null;
  const r = read({ name: a.name, timing: "Passive", effect: `While this unit is wholly within ${m[1]}" of a friendly ${m[2]}, this unit can use SHOOT abilities even if it used a RUN ability in the same turn.` });
  const e = r.kind === "played" && r.effects.length === 1 ? r.effects[0]! : null;
  if (!e || e.do.kind !== "charge-after" || !e.conditions.near?.filter?.warscrolls) return null;
  // The catalogues' "(Scourge of Ghyran)" warscroll is the same unit (Attack Squadron is on that one): both names.
  const near = { ...e.conditions.near, filter: { warscrolls: [m[2]!, `${m[2]} (Scourge of Ghyran)`] } };
  return { kind: "played", when: { timing: "passive" }, effects: [effectSchema.parse({ ...e, conditions: { ...e.conditions, near } })] };
}

/**
 * The Flames of Hope: "You can re-roll resistance rolls for friendly X units while they are wholly within N\" of this unit"
 * (X keywords): `resist-reroll` on those units (the unit itself included if it is an X, as every "friendly X units").
 */
function resistReroll(text: string, vocab: ReadonlySet<string>): Translation | null {
  const m = /^You can re-roll resistance rolls for friendly ([A-Z][A-Z '’-]*?) units while they are wholly within (\d+)" of this unit\.?$/.exec(text);
  if (!m || Number(m[2]) > 48) return null;
  const ks = splitKeywords(m[1]!, vocab, false);
  if (!ks) return null;
  const e = effectSchema.parse({ whom: { side: "friendly", filter: { keywords: ks }, range: Number(m[2]), wholly: true, includeSelf: true }, do: { kind: "resist-reroll" } });
  return { kind: "played", when: { timing: "passive" }, effects: [e] };
}

/**
 * Terror of the Deep Woods, Captive Audience: "Enemy units cannot use RUN | RETREAT | RUN or RETREAT abilities while they
 * are within N\" of this unit | in combat with this unit" (in combat: within 3\", as the passive patterns read it): `no-run`
 * on the enemy units within that range.
 */
function noRun(text: string): Translation | null {
  const m = /^Enemy units cannot use (RUN|RETREAT|RUN or RETREAT) abilities while they are (?:in combat with this unit|within (\d+)" of this unit)\.?$/.exec(text);
  if (!m || Number(m[2] ?? 3) > 48) return null;
  const whom = { side: "enemy", range: Number(m[2] ?? 3), wholly: false, includeSelf: false };
  const e = effectSchema.parse({ whom, do: { kind: "no-run", run: m[1] !== "RETREAT", retreat: m[1] !== "RUN" } });
  return { kind: "played", when: { timing: "passive" }, effects: [e] };
}

/** Redemptor Casket: "Models cannot be returned to enemy units within N\" of this unit": `no-return` on those units. */
function noReturn(text: string): Translation | null {
  const m = /^Models cannot be returned to enemy units within (\d+)" of this unit\.?$/.exec(text);
  if (!m || Number(m[1]) > 48) return null;
  const e = effectSchema.parse({ whom: { side: "enemy", range: Number(m[1]), wholly: false, includeSelf: false }, do: { kind: "no-return" } });
  return { kind: "played", when: { timing: "passive" }, effects: [e] };
}

/**
 * Threshing Doom, Barge Through: "When this unit moves, it can pass through models in enemy X units and can pass through
 * the combat ranges of enemy X units, but it cannot end a move in combat unless specified in the ability used" (X one
 * keyword, the same twice, in either case): `pass-through` of enemy X units' models and combat ranges.
 */
function passThrough(text: string, vocab: ReadonlySet<string>): Translation | null {
  const m = /^When this unit moves, it can pass through models in enemy ([A-Z][A-Za-z-]*) units and can pass through the combat ranges of enemy ([A-Z][A-Za-z-]*) units, but it cannot end (?:a|the) move in combat unless specified in the ability used\.?$/.exec(text);
  if (!m || m[1]!.toUpperCase() !== m[2]!.toUpperCase()) return null;
  const ks = splitKeywords(m[1]!.toUpperCase(), vocab, false);
  if (!ks || ks.length !== 1) return null;
  const e: Effect = effectSchema.parse({ do: { kind: "pass-through", notKeywords: [], terrainBelow: 0, enemyKeywords: ks, ranges: true } });
  return { kind: "played", when: { timing: "passive" }, effects: [e] };
}

/**
 * A fight-after reaction's bonus (translate.ts fightAfterTranslation): "If it is picked to do so, the target's melee weapons
 * have Crit (2 Hits | Auto-wound | Mortal) for the rest of the turn" (Executioner's Entourage) — hero3's Crit for a while,
 * set on the unit that fights after as the hit, wound and Attacks bonuses are (fight-order.ts). Null otherwise.
 */
export function fightAfterCrit(s: string): { conditions: { attack: "melee" }; do: { kind: "for-the-turn"; set: "weapon-ability"; ability: Crit } } | null {
  const m = /^If it is picked to do so, the target's melee weapons have Crit \((2 Hits|Auto-wound|Mortal)\) for the rest of the turn$/.exec(s);
  if (!m) return null;
  return { conditions: { attack: "melee" }, do: { kind: "for-the-turn", set: "weapon-ability", ability: `Crit (${m[1]})` as Crit } };
}
