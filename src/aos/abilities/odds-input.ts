/**
 * The played abilities of two warscrolls that hold in a one-on-one attack (odds.ts), put into an odds input's
 * context and the defender's ward, with the lines that say so: those on, those off, the combat phase's
 * abilities before the fights (not in the odds), and how many of the two warscrolls' abilities are not played.
 * `tactica odds aos --attacker --defender` and the dashboard's odds picker (web/odds-picker.ts) both call it,
 * so the same two warscrolls give the same input, and the same note, in either.
 */
import { InputError } from "../../core/errors.js";
import type { WarscrollLibrary } from "../armies/library.js";
import type { Warscroll } from "../armies/warscroll.js";
import { coverageOf, coverageSentence } from "./index.js";
import { libraryVocabulary, translatedAbilitiesOf } from "./imported.js";
import { beforeTheFight, oddsAbilities } from "./odds.js";
import { afterIgnoring, oddsWeaponsAfterMods, wardAfterRolls } from "./passive.js";
import { aosOddsInputSchema } from "../odds/schema.js";
import { planAttack } from "../odds/plan.js";
import { expectedSaveRolls } from "../odds/kernel.js";
import { diceToString, parseDice } from "../../core/dice.js";
import { attacksWithModifier } from "./attack.js";

export interface OddsAbilityOptions {
  phase: "combat" | "shooting";
  charged?: boolean;
  targetCharged?: boolean;
  attackerModels: number;
  defenderModels: number;
  /** For-the-turn abilities taken as set on the attacker ("Warscroll/Ability"): their roll succeeded. */
  forTheTurn?: readonly string[];
}

/** Changes `input` (an odds input with attacker and defender) in place; returns the lines to show. */
export function applyOddsAbilities(input: Record<string, unknown>, a: Warscroll, d: Warscroll, opts: OddsAbilityOptions, lib: WarscrollLibrary): string[] {
  // An imported warscroll's played translations, read with the library's keywords as the battle reads them.
  const vocab = libraryVocabulary(lib);
  const unit = (w: Warscroll, models: number) => ({ warscroll: w.name, keywords: w.keywords, abilities: translatedAbilitiesOf(w, vocab), models });
  const r = oddsAbilities(unit(a, opts.attackerModels), unit(d, opts.defenderModels), opts.phase === "combat", { attacker: opts.charged ?? false, defender: opts.targetCharged ?? false }, [...(opts.forTheTurn ?? [])]);
  for (const k of opts.forTheTurn ?? [])
    if (!r.on.includes(k) && !r.off.includes(k)) throw new InputError(`--for-the-turn: "${k}" is not a played for-the-turn ability of ${a.name} or ${d.name} ("Warscroll/Ability")`);
  const m = r.mods;
  const ctx = input.context !== null && typeof input.context === "object" ? { ...(input.context as Record<string, unknown>) } : {};
  const mod = { ...((ctx.modifiers as Record<string, number> | undefined) ?? {}) };
  const add = (k: string, v: number) => {
    if (v !== 0) mod[k] = Math.max(-3, Math.min(3, (mod[k] ?? 0) + v));
  };
  // Ignored modifiers (passive.ts): the ones the input gives count as modifiers too.
  const given = (k: string) => mod[k] ?? 0;
  add("hit", afterIgnoring(given("hit") + m.hit, Math.min(0, given("hit")) + m.hitNeg, m.ignoreHitWound) - given("hit"));
  add("wound", afterIgnoring(given("wound") + m.wound, Math.min(0, given("wound")) + m.woundNeg, m.ignoreHitWound) - given("wound"));
  add("save", afterIgnoring(given("save") + m.save, Math.min(0, given("save")) + m.saveNeg, m.ignoreSave) - given("save"));
  add("rend", m.rend);
  add("damage", m.damage);
  add("save", m.save); // a save modifier held for a while (status.ts)
  add("companionHit", m.companionHit);
  ctx.modifiers = mod;
  // An Attacks modifier held for a while (status.ts attacksWithModifier): on each weapon's Attacks, a Companion weapon taking only a negative one.
  const attacker = input.attacker as { weapons?: { attacks?: number | string; abilities?: string[] }[] } | undefined;
  if (m.attacks !== 0 && Array.isArray(attacker?.weapons))
    for (const w of attacker.weapons) {
      const dice = w.attacks === undefined ? null : parseDice(w.attacks);
      if (dice === null || typeof dice === "string") continue;
      const a = attacksWithModifier({ abilities: w.abilities ?? [] }, dice, m.attacks);
      w.attacks = diceToString(a);
    }
  if (m.noWeaponAbilities) ctx.noWeaponAbilities = true;
  if (m.hitFail > 1 || m.woundFail > 1) ctx.failUnmodified = { hit: m.hitFail, wound: m.woundFail };
  ctx.abilities = r.on;
  input.context = ctx;
  // Attacks, a named weapon's Rend and Damage, weapon abilities given, no critical hits (passive.ts).
  const att = input.attacker as Record<string, unknown> | undefined;
  if (att && Array.isArray(att.weapons)) att.weapons = oddsWeaponsAfterMods(att.weapons as Record<string, unknown>[], m);
  const def = input.defender as Record<string, unknown>;
  if (m.ward !== 0) def.ward = def.ward == null ? m.ward : Math.min(def.ward as number, m.ward);
  if (m.wardRoll !== 0 || m.noWard) def.ward = wardAfterRolls((def.ward as number | null | undefined) ?? null, m);
  const lines = [`Abilities on: ${r.on.length ? r.on.join(", ") : "none"}`];
  if (r.off.length) lines.push(`Abilities off (they need another unit or situation): ${r.off.join(", ")}`);
  if (opts.phase === "combat") {
    // The combat phase's abilities before the fights (combat-abilities.ts): not in these odds, which are the attacks'.
    for (const x of beforeTheFight({ warscroll: a.name, keywords: a.keywords, models: opts.attackerModels }, { warscroll: d.name, keywords: d.keywords, models: opts.defenderModels, health: d.health, ward: d.ward }, { defender: opts.targetCharged ?? false }))
      lines.push(
        x.slay
          ? `Before the fights (not in these odds): ${x.ability}, ${x.expected.toFixed(3)} models slain on average`
          : `Before the fights (not in these odds): ${x.ability}, ${x.expected.toFixed(3)} mortal damage on average${d.ward !== null ? `, ${x.afterWard.toFixed(3)} after the ward` : ""}`,
      );
  }
  // The defender's save-roll triggers (save-triggers.ts): damage on the attacker, a second distribution left out
  // of these odds (which are the defender's damage); named with their means from the same attack sequence.
  if (r.saveTriggers.length > 0) {
    const parsed = aosOddsInputSchema.safeParse(input);
    if (parsed.success) {
      const plan = planAttack(parsed.data);
      for (const pe of r.saveTriggers) {
        const t = pe.effect.do;
        if (t.kind !== "save-roll") continue;
        const rolls = expectedSaveRolls(plan, t.roll);
        if (t.mortal) {
          const mortal = rolls * (t.mortal.count * (t.mortal.sides + 1) / 2 + t.mortal.plus);
          const ward = a.ward;
          lines.push(`After the attacks (not in these odds): ${pe.key}, ${rolls.toFixed(3)} unmodified save rolls of ${t.roll} on average: ${mortal.toFixed(3)} mortal damage on the attacker${ward !== null ? `, ${((mortal * (ward - 1)) / 6).toFixed(3)} after its ward` : ""}`);
        } else lines.push(`After the attacks (not in these odds): ${pe.key}, ${rolls.toFixed(3)} unmodified save rolls of ${t.roll} on average; on any, its ${t.removeToken} token leaves after the attacks (in these odds it is there)`);
      }
    }
  }
  const c = coverageOf(
    [a, d].map((w) => ({ warscroll: w.name, abilityNames: w.abilities.map((x) => x.name), abilities: w.abilities, battleDamaged: w.battleDamaged !== undefined })),
    vocab,
  );
  lines.push(coverageSentence(c.notPlayed.length, c.total, "pair", true).replace(/^./, (x) => x.toUpperCase()));
  return lines;
}
