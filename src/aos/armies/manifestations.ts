/**
 * Manifestations and manifestation lores (4th edition, 7.0-7.2; CORE-BANISH). A manifestation lore is what an
 * army picks to summon manifestations: a few "Summon X" spells (a casting value, and where the manifestation
 * is set up: wholly within X" of the caster, more than Y" from all enemy units), and the manifestations'
 * warscrolls. A manifestation's warscroll is a unit's (Move, Health, Save, ward, keywords, weapons) with a
 * banishment value and no Control characteristic. One schema for the bundled lores (data/aos/lores/*.json)
 * and the BSData import (src/aos/bsdata/manifestations.ts).
 */
import { z } from "zod";
import { parseOrThrow } from "../../core/errors.js";
import { abilitySchema, diceText, nameField, type Warscroll, wardFromKeywords, warscrollWeaponSchema } from "./warscroll.js";

const keyword = z.string().trim().min(1).max(60);
const rollValue = (what: string) => z.number().int(`${what} must be a whole number`).min(2, `${what} must be 2 to 6 (a 2+ to 6+ roll)`).max(6, `${what} must be 2 to 6 (a 2+ to 6+ roll)`);

export const MANIFESTATION_LIMITS = { maxSpells: 8, maxManifestations: 8, maxPerSpell: 4, maxRange: 48, maxEnemyGap: 24 } as const;

/** A manifestation's warscroll. The banishment value is what a banishment roll must equal or exceed (7.2). */
export const manifestationSchema = z
  .strictObject({
    name: nameField,
    /** Move in inches or a roll; null for Move "-" (a manifestation that does not move). */
    move: z.union([z.number().int().min(0).max(40), diceText]).nullable(),
    health: z.number().int().min(1, "Health must be at least 1").max(60),
    save: rollValue("Save").nullable(),
    /** Ward value; when absent it is read from a WARD (n+) keyword (18.1). */
    ward: rollValue("Ward").nullable().optional(),
    /** The Banishment characteristic: "7+" is 7. A 2D6 roll (plus bonuses) must reach it. */
    banishment: z.number().int("banishment must be a whole number").min(2, "banishment must be 2 to 12 (a 2D6 roll)").max(12, "banishment must be 2 to 12 (a 2D6 roll)"),
    keywords: z.array(keyword).max(40).default([]),
    baseSize: z.string().trim().max(60).nullable().default(null),
    weapons: z.array(warscrollWeaponSchema).max(12).default([]),
    abilities: z.array(abilitySchema).max(20).default([]),
    notes: z.string().max(2000).optional(),
  })
  .transform((m) => ({
    ...m,
    ward: m.ward ?? wardFromKeywords(m.keywords),
    // Every manifestation has the MANIFESTATION keyword (its warscroll type says so even where the data omits it).
    keywords: m.keywords.some((k) => k.toUpperCase() === "MANIFESTATION") ? m.keywords : ["MANIFESTATION", ...m.keywords],
  }));

/**
 * Where a summoned manifestation is set up: within `range`" of the caster (wholly within, or any part of it
 * within), and more than `enemyGap`" from all enemy units (0: no such condition).
 */
export const summonSetUpSchema = z.strictObject({
  range: z.number().min(1, "setUp.range must be at least 1\"").max(MANIFESTATION_LIMITS.maxRange, `setUp.range must be at most ${MANIFESTATION_LIMITS.maxRange}"`),
  wholly: z.boolean().default(true),
  enemyGap: z.number().min(0).max(MANIFESTATION_LIMITS.maxEnemyGap, `setUp.enemyGap must be at most ${MANIFESTATION_LIMITS.maxEnemyGap}"`).default(0),
});

/** A "Summon X" ability: a SPELL cast by a WIZARD (or a PRAYER chanted by a PRIEST, for invocation lores). */
export const summonSpellSchema = z.strictObject({
  name: nameField,
  kind: z.enum(["spell", "prayer"]).default("spell"),
  /** The casting value (the chanting value of a prayer). */
  castingValue: z.number().int("castingValue must be a whole number").min(2, "castingValue must be 2 to 12").max(12, "castingValue must be 2 to 12"),
  /** The manifestations it can set up (usually one; some spells let the caster pick). */
  manifestations: z.array(nameField).min(1, "a summon spell sets up at least one manifestation").max(MANIFESTATION_LIMITS.maxPerSpell),
  setUp: summonSetUpSchema,
});

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

export const manifestationLoreSchema = z
  .strictObject({
    name: nameField,
    /** Factions whose armies can pick it; empty: a universal lore any army can pick. */
    factions: z.array(nameField).max(20).default([]),
    /** Points for the lore (0 where the data has none). */
    points: z.number().int("points must be a whole number").min(0, "points cannot be negative").max(500).default(0),
    spells: z.array(summonSpellSchema).min(1, "a manifestation lore has at least one summon spell").max(MANIFESTATION_LIMITS.maxSpells),
    manifestations: z.array(manifestationSchema).min(1, "a manifestation lore has at least one manifestation").max(MANIFESTATION_LIMITS.maxManifestations),
    source: z.string().max(500).optional(),
  })
  .superRefine((lore, ctx) => {
    const names = new Set<string>();
    lore.manifestations.forEach((m, i) => {
      if (names.has(norm(m.name))) ctx.addIssue({ code: "custom", path: ["manifestations", i, "name"], message: `"${m.name}" appears twice in the lore` });
      names.add(norm(m.name));
    });
    const spells = new Set<string>();
    lore.spells.forEach((s, i) => {
      if (spells.has(norm(s.name))) ctx.addIssue({ code: "custom", path: ["spells", i, "name"], message: `"${s.name}" appears twice in the lore` });
      spells.add(norm(s.name));
      s.manifestations.forEach((m, k) => {
        if (!names.has(norm(m))) ctx.addIssue({ code: "custom", path: ["spells", i, "manifestations", k], message: `"${m}" is not a manifestation of the lore` });
      });
    });
  });

export type Manifestation = z.output<typeof manifestationSchema>;
export type SummonSpell = z.output<typeof summonSpellSchema>;
export type ManifestationLore = z.output<typeof manifestationLoreSchema>;
export type ManifestationLoreJson = z.input<typeof manifestationLoreSchema>;

/** A bundled lore file: data/aos/lores/<file>.json. */
export const loreFileSchema = z.strictObject({
  /** Where the profiles were typed from, and when. */
  source: z.string().max(500),
  lores: z.array(z.record(z.string(), z.unknown())).min(1).max(100),
});

export function parseLoreFile(json: unknown, where: string): ManifestationLore[] {
  const file = parseOrThrow(loreFileSchema, json, where);
  return file.lores.map((l, i) => parseOrThrow(manifestationLoreSchema, l, `${where}: lores[${i}]`));
}

export function findLore(lores: readonly ManifestationLore[], name: string): ManifestationLore | undefined {
  return lores.find((l) => norm(l.name) === norm(name));
}

/** Whether an army of `faction` can pick the lore (a universal lore, or one of its faction). */
export function loreAllowed(lore: ManifestationLore, faction: string): boolean {
  return lore.factions.length === 0 || lore.factions.some((f) => norm(f) === norm(faction));
}

/**
 * A manifestation as a warscroll, for the battle's unit profiles: 1 model, no Control characteristic (it does
 * not contest objectives), no battlefield role, no points (the lore is what the army pays for).
 */
export function manifestationWarscroll(m: Manifestation, faction: string): Warscroll {
  return {
    name: m.name,
    faction,
    move: m.move,
    health: m.health,
    save: m.save,
    control: null,
    ward: m.ward,
    keywords: m.keywords,
    battlefieldRoles: [],
    unitSize: 1,
    canReinforce: false,
    points: 0,
    baseSize: m.baseSize,
    weapons: m.weapons,
    abilities: m.abilities,
    ...(m.notes !== undefined ? { notes: m.notes } : {}),
  };
}
