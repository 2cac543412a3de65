/**
 * ME-PROFILE: a model's profile (Mv, FV, SV, S, D, A, W, C, I; Might/Will/Fate for heroes; race, faction and
 * unit-type keywords; wargear; special rules; magical powers) and a force (a Battlehost: profiles and how many
 * of each), as zod schemas — the single source of the types. `ProfileInfo` holds what the engine derives from
 * a profile once (base radius, Defence with armour and shield, weapon flags), so the rules read numbers, not
 * strings, in their inner loops.
 */
import { z } from "zod";
import { InputError, parseOrThrow } from "../core/errors.js";

/** ME-MISSILE-CHART: range in inches and Strength of each missile weapon. */
export const MISSILE_CHART = {
  bow: { range: 24, strength: 2 },
  "orc bow": { range: 18, strength: 2 },
  "elf bow": { range: 24, strength: 3 },
  "throwing spear": { range: 8, strength: 3 },
  "uruk-hai bow": { range: 18, strength: 3 },
} as const;
export type MissileName = keyof typeof MISSILE_CHART;
export const MISSILE_NAMES = Object.keys(MISSILE_CHART) as MissileName[];

export const WARGEAR = [
  "hand weapon",
  "elven weapon",
  "hand-and-a-half weapon",
  "two-handed weapon",
  "staff of power",
  "spear",
  "pike",
  "lance",
  "armour",
  "heavy armour",
  "shield",
  ...MISSILE_NAMES,
] as const;
export type Wargear = (typeof WARGEAR)[number];

export const SPECIAL_RULES = ["Burly", "Harbinger of Evil", "Resistant to Magic", "Shieldwall", "Terror", "Will of Evil"] as const;
export type SpecialRule = (typeof SPECIAL_RULES)[number];

export const POWERS = ["Black Dart", "Compel", "Sorcerous Blast", "Terrifying Aura", "Transfix"] as const;
export type PowerName = (typeof POWERS)[number];

export const UNIT_TYPES = ["Infantry", "Cavalry", "Monster", "Warrior", "Hero"] as const;

const stat = (lo: number, hi: number) => z.number().int(`must be a whole number from ${lo} to ${hi}`).min(lo, `must be ${lo} to ${hi}`).max(hi, `must be ${lo} to ${hi}`);
const word = z.string().min(1).max(40);

export const powerSchema = z.strictObject({
  name: z.enum(POWERS),
  /** Inches, base to base; 0 for a power that targets the caster (Terrifying Aura). */
  range: z.number().min(0).max(48),
  /** The Casting Value: any casting die scoring at least this casts the power. */
  castingValue: stat(2, 6),
});
export type Power = z.output<typeof powerSchema>;

export const profileSchema = z
  .strictObject({
    name: z.string().min(1).max(60),
    /** Base diameter in millimetres (25 infantry, 40 cavalry, 50-60 monsters). */
    base: z.number().min(20).max(120).default(25),
    move: stat(1, 14),
    fight: stat(1, 10),
    /** The Shoot Value: the D6 score needed to hit (4 means 4+). */
    shoot: stat(2, 6),
    strength: stat(1, 10),
    /** Defence before armour and shield (ME-ARMOUR adds them). */
    defence: stat(1, 10),
    attacks: stat(1, 10),
    wounds: stat(1, 20),
    /** The 2D6 score needed to pass a Courage test (lower is braver). */
    courage: stat(2, 12),
    intelligence: stat(2, 12).default(7),
    might: stat(0, 6).default(0),
    will: stat(0, 20).default(0),
    fate: stat(0, 6).default(0),
    keywords: z.strictObject({
      race: z.array(word).min(1).max(4),
      faction: z.array(word).min(1).max(4),
      type: z.array(z.enum(UNIT_TYPES)).min(2).max(4),
    }),
    wargear: z.array(z.enum(WARGEAR)).max(8).default(["hand weapon"]),
    specialRules: z.array(z.enum(SPECIAL_RULES)).max(6).default([]),
    magicalPowers: z.array(powerSchema).max(5).default([]),
    /** Points value, used only to weigh what survives (the heuristic and the turn-cap result). */
    points: z.number().int().min(1).max(1000).optional(),
  })
  .superRefine((p, ctx) => {
    const t = p.keywords.type;
    const hero = t.includes("Hero");
    if (hero === t.includes("Warrior")) ctx.addIssue({ code: "custom", path: ["keywords", "type"], message: "must include exactly one of Hero or Warrior" });
    if (["Infantry", "Cavalry", "Monster"].every((k) => !t.includes(k as never)))
      ctx.addIssue({ code: "custom", path: ["keywords", "type"], message: "must include Infantry, Cavalry or Monster" });
    if (t.includes("Infantry") && t.includes("Cavalry")) ctx.addIssue({ code: "custom", path: ["keywords", "type"], message: "a model cannot be both Infantry and Cavalry" });
    if (!hero && (p.might > 0 || p.will > 0 || p.fate > 0)) ctx.addIssue({ code: "custom", path: ["might"], message: "only Hero models have Might, Will and Fate" });
    if (p.wargear.includes("armour") && p.wargear.includes("heavy armour")) ctx.addIssue({ code: "custom", path: ["wargear"], message: "armour and heavy armour do not stack; pick one" });
    if (p.wargear.includes("lance") && !t.includes("Cavalry")) ctx.addIssue({ code: "custom", path: ["wargear"], message: "a lance is a Cavalry weapon (ME-LANCE)" });
    if (p.wargear.includes("spear") && p.wargear.includes("pike")) ctx.addIssue({ code: "custom", path: ["wargear"], message: "a model carries a spear or a pike, not both" });
    if (p.magicalPowers.length > 0 && !hero) ctx.addIssue({ code: "custom", path: ["magicalPowers"], message: "only Hero models cast Magical Powers" });
    if (new Set(p.magicalPowers.map((m) => m.name)).size !== p.magicalPowers.length) ctx.addIssue({ code: "custom", path: ["magicalPowers"], message: "a power is listed twice" });
    const aura = p.magicalPowers.find((m) => m.name === "Terrifying Aura");
    if (aura && aura.range !== 0) ctx.addIssue({ code: "custom", path: ["magicalPowers"], message: "Terrifying Aura targets the caster: its range must be 0" });
  });
export type Profile = z.output<typeof profileSchema>;

/** The most models a force may field, so every loop over the board is bounded. */
export const MAX_MODELS_PER_FORCE = 60;

export const forceSchema = z
  .strictObject({
    name: z.string().min(1).max(60),
    alignment: z.enum(["good", "evil"]),
    profiles: z.record(z.string().regex(/^[a-z0-9-]{1,40}$/, "profile ids are lower-case words joined by -"), profileSchema),
    models: z
      .array(z.strictObject({ profile: z.string().min(1).max(40), count: stat(1, MAX_MODELS_PER_FORCE) }))
      .min(1)
      .max(30),
  })
  .superRefine((f, ctx) => {
    // Models are named and numbered by their profile's name ("Warrior of Rohan 3"): two profiles of one name, or
    // one profile in two entries, would give two models the same name in the log and at the terminal.
    const named = new Map<string, string>();
    for (const [id, p] of Object.entries(f.profiles)) {
      const other = named.get(p.name);
      if (other !== undefined) ctx.addIssue({ code: "custom", path: ["profiles", id, "name"], message: `"${p.name}" is already the name of profile "${other}": each profile needs its own name` });
      else named.set(p.name, id);
    }
    const listed = new Set<string>();
    let total = 0;
    f.models.forEach((m, i) => {
      if (listed.has(m.profile)) ctx.addIssue({ code: "custom", path: ["models", i, "profile"], message: `"${m.profile}" is listed twice: give one entry with the whole count` });
      listed.add(m.profile);
      total += m.count;
      if (!Object.hasOwn(f.profiles, m.profile)) ctx.addIssue({ code: "custom", path: ["models", i, "profile"], message: `no profile "${m.profile}" in profiles` });
    });
    if (total > MAX_MODELS_PER_FORCE) ctx.addIssue({ code: "custom", path: ["models"], message: `at most ${MAX_MODELS_PER_FORCE} models a force (this one has ${total})` });
  });
export type Force = z.output<typeof forceSchema>;
export type ForceInput = z.input<typeof forceSchema>;

/** A force for The Forces Clash: validated, and with a Hero for its Warriors to deploy around. */
export function parseForce(json: unknown, where: string): Force {
  const f = parseOrThrow(forceSchema, json, where);
  if (!f.models.some((m) => f.profiles[m.profile]?.keywords.type.includes("Hero")))
    throw new InputError(`${where}: models: a force needs at least one Hero (ME-FORCES-CLASH: Warriors deploy within 6" of a friendly Hero)`);
  return f;
}

/** Two forces for a game: one Good, one Evil (the drawn-combat roll and Elven weapons are defined by side). */
export function checkOpposed(a: Force, b: Force): void {
  if (a.alignment === b.alignment) throw new InputError(`b.alignment: the two forces must be one Good and one Evil (both are ${a.alignment})`);
}

/** What the rules need from a profile, derived once. */
export interface ProfileInfo {
  key: string;
  p: Profile;
  radius: number;
  /** ME-ARMOUR: Defence with armour, heavy armour and shield. */
  defence: number;
  hero: boolean;
  infantry: boolean;
  cavalry: boolean;
  monster: boolean;
  shield: boolean;
  spear: boolean;
  pike: boolean;
  lance: boolean;
  twoHanded: boolean;
  handAndAHalf: boolean;
  staff: boolean;
  elven: boolean;
  missiles: MissileName[];
  bow: boolean;
  throwingSpear: boolean;
  burly: boolean;
  harbinger: boolean;
  resistant: boolean;
  shieldwall: boolean;
  terror: boolean;
  willOfEvil: boolean;
  powers: Power[];
  value: number;
}

export const MM_PER_INCH = 25.4;

export function profileInfo(key: string, p: Profile): ProfileInfo {
  const g = (w: Wargear) => p.wargear.includes(w);
  const r = (s: SpecialRule) => p.specialRules.includes(s);
  const t = p.keywords.type;
  const missiles = MISSILE_NAMES.filter((m) => g(m));
  const defence = Math.min(10, p.defence + (g("armour") ? 1 : 0) + (g("heavy armour") ? 2 : 0) + (g("shield") ? 1 : 0));
  return {
    key,
    p,
    radius: p.base / MM_PER_INCH / 2,
    defence,
    hero: t.includes("Hero"),
    infantry: t.includes("Infantry"),
    cavalry: t.includes("Cavalry"),
    monster: t.includes("Monster"),
    shield: g("shield"),
    spear: g("spear"),
    pike: g("pike"),
    lance: g("lance"),
    twoHanded: g("two-handed weapon"),
    // ME-STAFF: a Staff of Power is a hand-and-a-half weapon.
    handAndAHalf: g("hand-and-a-half weapon") || g("staff of power"),
    staff: g("staff of power"),
    elven: g("elven weapon"),
    missiles,
    bow: missiles.some((m) => m !== "throwing spear"),
    throwingSpear: g("throwing spear"),
    burly: r("Burly"),
    harbinger: r("Harbinger of Evil"),
    resistant: r("Resistant to Magic"),
    shieldwall: r("Shieldwall"),
    terror: r("Terror"),
    willOfEvil: r("Will of Evil"),
    powers: p.magicalPowers,
    value: p.points ?? defaultPoints(p),
  };
}

/** A rough worth when a profile gives no points: wounds, attacks, fight and the hero stores. */
function defaultPoints(p: Profile): number {
  return Math.round(4 * p.wounds * p.attacks + p.fight + 5 * (p.might + p.fate) + 2 * p.will);
}

/** ME-PROFILE: a rule that names several keywords applies only to a model that has all of them. */
export function hasKeywords(p: Profile, keywords: readonly string[]): boolean {
  const all = new Set<string>([...p.keywords.race, ...p.keywords.faction, ...p.keywords.type].map((k) => k.toLowerCase()));
  return keywords.every((k) => all.has(k.toLowerCase()));
}
