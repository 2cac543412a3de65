/**
 * A warscroll: one unit's profile as the game prints it (Move, Health, Save, Control, keywords, weapons,
 * abilities) plus what army building needs (points, unit size, battlefield roles, regiment options).
 * The schema is the one definition of the type; bundled JSON and BSData imports both pass through it.
 */
import { z } from "zod";
import { parseDice } from "../../core/dice.js";

export const NAME_MAX = 200;

/** Pitched Battles 2021 battlefield roles (PB-ROLES). 4th-edition data has none: see `rolesFromKeywords`. */
export const BATTLEFIELD_ROLES = ["Leader", "Battleline", "Behemoth", "Artillery"] as const;
export type BattlefieldRole = (typeof BATTLEFIELD_ROLES)[number];

export const nameField = z.string().trim().min(1, "must not be empty").max(NAME_MAX, `must be at most ${NAME_MAX} characters`);
const keyword = z.string().trim().min(1).max(60);
const rollValue = (what: string) => z.number().int(`${what} must be a whole number`).min(2, `${what} must be 2 to 6 (a 2+ to 6+ roll)`).max(6, `${what} must be 2 to 6 (a 2+ to 6+ roll)`);

/** Warscrolls print up to 6D6 (a Cogfort's cannons); the odds take fewer dice (DICE_LIMITS) and say so. */
const WARSCROLL_MAX_DICE = 12;

/** Why a characteristic is not a number or dice expression as warscrolls print them, or undefined if it is. */
export function diceTextError(v: number | string): string | undefined {
  const r = parseDice(v);
  if (typeof r !== "string") return undefined;
  const m = typeof v === "string" ? /^(\d*)D([36])(?:\s*[+-]\s*(\d{1,2}))?$/i.exec(v.trim()) : null;
  if (m && Number(m[1] || 1) >= 1 && Number(m[1] || 1) <= WARSCROLL_MAX_DICE) return undefined;
  return r;
}

/** Attacks and Damage as the warscroll prints them: a number or a dice expression ("D6", "2D3+1"). */
export const diceText = z.union([z.number(), z.string().max(16)]).superRefine((v, ctx) => {
  const r = diceTextError(v);
  if (r !== undefined) ctx.addIssue({ code: "custom", message: r });
});

/** The same fields as the odds input's weapon (src/aos/odds/schema.ts), kept as written so the JSON round-trips. */
export const warscrollWeaponSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(120),
    type: z.enum(["melee", "ranged"]),
    /** Range in inches (ranged weapons only). */
    range: z.number().int().min(1).max(72).optional(),
    attacks: diceText,
    hit: rollValue("Hit"),
    wound: rollValue("Wound"),
    rend: z.number().int().min(0).max(6),
    damage: diceText,
    /** Weapon abilities in the core rules' words: "Crit (2 Hits)", "Anti-CAVALRY (+1 Rend)", "Companion", ... */
    abilities: z.array(z.string().trim().min(1).max(80)).max(10).default([]),
    /**
     * Models of a minimum-size unit that use this weapon (absent: every model), scaled with the unit's size.
     * 0 marks an alternative weapon that the default loadout does not take.
     */
    models: z.number().int().min(0).max(60).optional(),
    /**
     * CORE-CHAMPION: whether the unit's champion uses this weapon (absent: the odds' default, plan.ts
     * championWeapons — the weapons of its type every model carries, else the one most of the unit carries).
     */
    champion: z.boolean().optional(),
  })
  .refine((w) => w.type === "ranged" || w.range === undefined, { message: "only ranged weapons have a range", path: ["range"] });

export const abilitySchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  /** When it is used ("Passive", "Your Hero Phase", "Once Per Battle, Any Combat Phase", ...). */
  timing: z.string().trim().max(300).optional(),
  effect: z.string().trim().max(4000).optional(),
  keywords: z.array(keyword).max(12).optional(),
});

/**
 * AOS4-REGIMENTS: one line of a HERO's regiment options. `keywords`: any unit with all of them ("Any
 * INFANTRY"); `unit`: units of that warscroll. `max` caps how many such units the regiment takes ("0-1").
 */
export const regimentOptionSchema = z
  .strictObject({
    keywords: z.array(keyword).min(1).max(6).optional(),
    unit: nameField.optional(),
    max: z.number().int().min(1).max(3).optional(),
  })
  .refine((o) => (o.keywords === undefined) !== (o.unit === undefined), { message: "give either keywords or unit" });

/**
 * Battle Damaged (PB-REALM-FERAL-ROAR): the 4th-edition warscrolls' equivalent of a damage table, a passive
 * ability "While this unit has N or more damage points, the Attacks characteristic of its X is A [and this
 * unit has a Control characteristic of C]". Feral Roar makes it not apply for one combat phase.
 */
export const battleDamagedSchema = z
  .strictObject({
    /** The threshold: it applies while the unit has this many damage points or more. */
    damagePoints: z.number().int("the threshold must be a whole number of damage points").min(1, "the threshold must be 1 to 200 damage points").max(200, "the threshold must be 1 to 200 damage points"),
    /** Weapons whose Attacks characteristic changes: the weapon's name and its Attacks while damaged. */
    weapons: z
      .array(z.strictObject({ name: z.string().trim().min(1).max(120), attacks: diceText }))
      .max(8, "at most 8 weapons")
      .default([]),
    /** The unit's Control characteristic while damaged. */
    control: z.number().int().min(0).max(40).optional(),
  })
  .refine((d) => d.weapons.length > 0 || d.control !== undefined, { message: "battleDamaged changes no weapon and no Control" });

export type BattleDamaged = z.output<typeof battleDamagedSchema>;

export const warscrollSchema = z
  .strictObject({
    name: nameField,
    faction: nameField,
    /** Move in inches, or a roll for units that move randomly ("2D6", "D6+8"); null for Move "-". */
    move: z.union([z.number().int().min(0).max(40), diceText]).nullable(),
    health: z.number().int().min(1, "Health must be at least 1").max(60),
    /** Save (2..6), or null for "-" (no save). */
    save: rollValue("Save").nullable(),
    /** Control; null for "-" (faction terrain). */
    control: z.number().int().min(0).max(40).nullable(),
    /** Ward value; when absent it is read from a WARD (n+) keyword (18.1). */
    ward: rollValue("Ward").nullable().optional(),
    keywords: z.array(keyword).max(60).default([]),
    battlefieldRoles: z.array(z.enum(BATTLEFIELD_ROLES)).max(4).default([]),
    /** Minimum unit size (models). A reinforced unit has twice this (PB-REINFORCED). */
    unitSize: z.number().int().min(1, "unitSize must be at least 1").max(60),
    /** Some units cannot be reinforced (3.3); a single-model unit never can. */
    canReinforce: z.boolean().default(true),
    /** Points for a minimum-size unit. */
    points: z.number().int("points must be a whole number").min(0, "points cannot be negative").max(2000, "points must be at most 2000"),
    baseSize: z.string().trim().max(60).nullable().default(null),
    weapons: z.array(warscrollWeaponSchema).max(24).default([]),
    abilities: z.array(abilitySchema).max(60).default([]),
    /** AOS4-REGIMENTS: which units a HERO's regiment may take. Absent: not known (any non-HERO unit of the faction). */
    regimentOptions: z.array(regimentOptionSchema).max(24).optional(),
    /** PB-REALM-FERAL-ROAR: the Battle Damaged ability as numbers (absent: the warscroll has none, or it is not modelled). */
    battleDamaged: battleDamagedSchema.optional(),
    notes: z.string().max(2000).optional(),
  })
  // Battle Damaged names weapons of this warscroll, each once.
  .superRefine((w, ctx) => {
    const names = w.battleDamaged?.weapons.map((x) => x.name) ?? [];
    names.forEach((n, i) => {
      if (!w.weapons.some((x) => x.name === n)) ctx.addIssue({ code: "custom", path: ["battleDamaged", "weapons", i, "name"], message: `"${n.slice(0, 120)}" is not a weapon of this warscroll` });
      else if (names.indexOf(n) !== i) ctx.addIssue({ code: "custom", path: ["battleDamaged", "weapons", i, "name"], message: `"${n.slice(0, 120)}" is listed twice` });
    });
  })
  // 18.1: ward from the WARD keyword; 25.3.2/3.3: a single-model unit is never reinforceable.
  .transform((w) => ({ ...w, ward: w.ward ?? wardFromKeywords(w.keywords), canReinforce: w.canReinforce && w.unitSize > 1 }));

export type Warscroll = z.output<typeof warscrollSchema>;
export type WarscrollJson = z.input<typeof warscrollSchema>;
export type WarscrollWeapon = z.output<typeof warscrollWeaponSchema>;
export type RegimentOption = z.output<typeof regimentOptionSchema>;

/** 18.1: the number after WARD is the ward value; with several, the lowest applies. */
export function wardFromKeywords(keywords: readonly string[]): number | null {
  let best: number | null = null;
  for (const k of keywords) {
    const m = /^WARD\s*\((\d)\+\)$/i.exec(k.trim());
    if (m) best = best === null ? Number(m[1]) : Math.min(best, Number(m[1]));
  }
  return best;
}

export function hasKeyword(w: { keywords: readonly string[] }, keyword: string): boolean {
  const k = keyword.toUpperCase();
  return w.keywords.some((x) => x.toUpperCase() === k);
}

export function hasRole(w: { battlefieldRoles: readonly BattlefieldRole[] }, role: BattlefieldRole): boolean {
  return w.battlefieldRoles.includes(role);
}

/**
 * Battlefield roles for a unit whose data has none (4th-edition data): HERO → Leader, MONSTER → Behemoth,
 * WAR MACHINE → Artillery. Battleline cannot be derived (4th edition dropped it); it must be typed.
 */
export function rolesFromKeywords(keywords: readonly string[]): BattlefieldRole[] {
  const w = { keywords };
  const roles: BattlefieldRole[] = [];
  if (hasKeyword(w, "HERO")) roles.push("Leader");
  if (hasKeyword(w, "MONSTER")) roles.push("Behemoth");
  if (hasKeyword(w, "WAR MACHINE")) roles.push("Artillery");
  return roles;
}

/** A bundled faction file: data/aos/warscrolls/<faction>.json. */
export const factionFileSchema = z.strictObject({
  faction: nameField,
  /** Where the profiles were typed from, and when. */
  source: z.string().max(500),
  warscrolls: z.array(z.record(z.string(), z.unknown())).min(1).max(300),
});
