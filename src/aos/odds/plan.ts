/**
 * From a validated odds input to an `AttackPlan`: every rule that reads text or caps a number is applied
 * here, once (CORE-HIT caps, CORE-SAVE cap, CORE-ANTI, CORE-CHARGE-DMG, CORE-COMPANION, CORE-CHAMPION, the
 * Crit abilities). What is left is plain numbers that the two kernels — `kernel.ts` (TypeScript) and
 * `assembly/aos_odds.ts` (Wasm) — turn into distributions with identical arithmetic.
 */
import { type DiceExpr, diceMax } from "../../core/dice.js";
import { InputError } from "../../core/errors.js";
import type { AosOddsInput, Reroll } from "./schema.js";

export const Crit = { None: 0, TwoHits: 1, AutoWound: 2, Mortal: 3 } as const;
export type Crit = (typeof Crit)[keyof typeof Crit];

export const REROLL_CODE: Record<Reroll, number> = { none: 0, ones: 1, failed: 2 };

export interface WeaponPlan {
  name: string;
  /** Attacks characteristic of one model (rolled per model when random). */
  attacks: DiceExpr;
  /** Models using the weapon. */
  models: number;
  /** CORE-CHAMPION: +1 Attacks for the champion model (0 or 1). */
  championBonus: number;
  hit: number;
  /** Net hit modifier after the -1..+1 cap and Companion. */
  hitMod: number;
  hitReroll: number;
  wound: number;
  woundMod: number;
  woundReroll: number;
  crit: Crit;
  /** Rend including Anti-X. */
  rend: number;
  /** Damage including Charge (+1 Damage). */
  damage: DiceExpr;
}

export interface AttackPlan {
  weapons: WeaponPlan[];
  /** Save characteristic, 0 for none. */
  save: number;
  /** Net save modifier (positive capped at +1). */
  saveMod: number;
  saveReroll: number;
  /** Ward value, 0 for none. */
  ward: number;
  models: number;
  health: number;
  /** Unmodified hit / wound rolls up to this fail (1: the rule's 1; Mortarch of Grief: 4). */
  hitFail: number;
  woundFail: number;
  /**
   * The battle's sampler only (src/aos/battle/attacks.ts): a ward for Crit (Mortal) damage instead of `ward`
   * (Indomitable Loreseekers' WARD (4+) against manifestations' mortal damage); absent or 0: `ward`.
   */
  mortalWard?: number;
}

/**
 * Weapon abilities the odds understand. "Shoot in Combat" changes no number of the attack sequence: it says
 * who may shoot (the battle's shooting phase, CORE-SHOOT-IN-COMBAT).
 */
const ABILITY_PATTERNS: { re: RegExp; kind: string }[] = [
  { re: /^crit\s*\(\s*2 hits\s*\)$/i, kind: "crit2" },
  { re: /^crit\s*\(\s*auto-?\s*wound\s*\)$/i, kind: "critAuto" },
  { re: /^crit\s*\(\s*mortal\s*\)$/i, kind: "critMortal" },
  { re: /^anti-(.+?)\s*\(\s*\+1 rend\s*\)$/i, kind: "anti" },
  { re: /^charge\s*\(\s*\+1 damage\s*\)$/i, kind: "charge" },
  { re: /^companion$/i, kind: "companion" },
  { re: /^shoot in combat$/i, kind: "shootInCombat" },
];

export const KNOWN_ABILITIES = "Crit (2 Hits), Crit (Auto-wound), Crit (Mortal), Anti-X (+1 Rend), Charge (+1 Damage), Companion, Shoot in Combat";

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** A keyword, with or without its parameter: "CHAMPION" matches "CHAMPION (1/5)". */
const hasKeyword = (keywords: readonly string[], k: string) => {
  const K = k.toUpperCase();
  return keywords.some((x) => {
    const X = x.trim().toUpperCase();
    return X === K || X.startsWith(`${K} (`);
  });
};

/** A weapon's ability texts read once: the Crit, the Anti-X keywords ("charge" for Anti-charge), Charge, Companion and Shoot in Combat. */
export interface WeaponAbilities {
  crit: Crit;
  /** CORE-ANTI: one entry per Anti-X (+1 Rend) ability, X as written (a keyword, or "charge"). */
  anti: string[];
  /** CORE-CHARGE-DMG: Charge (+1 Damage). */
  chargeDamage: boolean;
  /** CORE-COMPANION */
  companion: boolean;
  /** CORE-SHOOT-IN-COMBAT: it may shoot while its unit is in combat (no number of the attack changes). */
  shootInCombat: boolean;
}

/** Reads a weapon's abilities; an unknown text or a second Crit is an error naming `field`. */
export function weaponAbilities(abilities: readonly string[], field: string): WeaponAbilities {
  const out: WeaponAbilities = { crit: Crit.None, anti: [], chargeDamage: false, companion: false, shootInCombat: false };
  abilities.forEach((text, j) => {
    const hit = ABILITY_PATTERNS.find((p) => p.re.test(text.trim()));
    if (!hit) throw new InputError(`${field}[${j}]: unknown ability "${text}" (known: ${KNOWN_ABILITIES})`);
    const setCrit = (c: Crit) => {
      if (out.crit !== Crit.None) throw new InputError(`${field}[${j}]: a weapon has at most one Crit ability`);
      out.crit = c;
    };
    switch (hit.kind) {
      case "crit2": setCrit(Crit.TwoHits); break;
      case "critAuto": setCrit(Crit.AutoWound); break;
      case "critMortal": setCrit(Crit.Mortal); break;
      case "anti": out.anti.push(hit.re.exec(text.trim())![1]!.trim()); break;
      case "charge": out.chargeDamage = true; break;
      case "companion": out.companion = true; break;
      case "shootInCombat": out.shootInCombat = true; break;
    }
  });
  return out;
}

/** CORE-ANTI: an Anti-X applies to a target with keyword X, or (X = "charge") to a target that charged this turn. */
function antiApplies(x: string, defenderKeywords: readonly string[], targetCharged: boolean): boolean {
  return x.toLowerCase() === "charge" ? targetCharged : hasKeyword(defenderKeywords, x);
}

/** What `championWeapons` reads of a weapon: its type, how many models carry it, and what the data says. */
export interface ChampionWeaponInput {
  type: "melee" | "ranged";
  /** Models carrying it (absent: every model). */
  models?: number | undefined;
  /** The data says whether the champion uses it (absent: the default below). */
  champion?: boolean | undefined;
}

/**
 * CORE-CHAMPION ("Add 1 to the Attacks characteristic of weapons used by champions"): which weapons the
 * unit's champion uses. The champion is a model of the unit, so it always uses a weapon of each type the unit
 * has: the weapons of that type every model carries; when no weapon of that type is carried by every model
 * (Liberators: 4 Warhammers, 1 Grandhammer), the one most of the unit carries — carried by more than half of
 * its models, the first listed on a tie — and none of that type if no weapon is (a Squigapult on 1 model of
 * 7 is not the champion's). The data says otherwise with `champion`: true makes the weapon the champion's
 * (and no other weapon of its type by default), false takes it out.
 */
export function championWeapons(weapons: readonly ChampionWeaponInput[], unitModels: number): boolean[] {
  const out = weapons.map((w) => w.champion ?? false);
  for (const type of ["melee", "ranged"] as const) {
    const of = weapons.map((w, i) => ({ w, i })).filter((x) => x.w.type === type);
    if (of.some((x) => x.w.champion === true)) continue;
    const open = of.filter((x) => x.w.champion === undefined);
    const carried = (x: { w: ChampionWeaponInput }) => Math.min(x.w.models ?? unitModels, unitModels);
    const byAll = open.filter((x) => carried(x) === unitModels);
    if (byAll.length > 0) {
      for (const x of byAll) out[x.i] = true;
      continue;
    }
    let best: { i: number; n: number } | null = null;
    for (const x of open) if (2 * carried(x) > unitModels && (best === null || carried(x) > best.n)) best = { i: x.i, n: carried(x) };
    if (best !== null) out[best.i] = true;
  }
  return out;
}

export function planAttack(input: AosOddsInput): AttackPlan {
  const { attacker, defender, context } = input;
  const isChampion = hasKeyword(attacker.keywords, "CHAMPION");
  const isBeast = hasKeyword(attacker.keywords, "BEAST");
  const usedByChampion = championWeapons(attacker.weapons, attacker.models);
  const weapons = attacker.weapons.map((w, i): WeaponPlan => {
    const read = weaponAbilities(w.abilities, `attacker.weapons[${i}].abilities`);
    // Immortal Bulwark: "Other than the Companion weapon ability, weapon abilities ... have no effect".
    const { crit, anti, chargeDamage, companion } = context.noWeaponAbilities ? { crit: Crit.None, anti: [], chargeDamage: false, companion: read.companion } : read;
    const antiCount = anti.filter((x) => antiApplies(x, defender.keywords, context.targetCharged)).length;
    const chargeBonus = chargeDamage && context.charged ? 1 : 0; // CORE-CHARGE-DMG
    // CORE-HIT / CORE-WOUND: modifiers capped to -1..+1. CORE-COMPANION: positive ones ignored.
    const cap = (m: number) => clamp(companion ? Math.min(0, m) : m, -1, 1);
    const models = Math.min(w.models ?? attacker.models, attacker.models);
    return {
      name: w.name,
      attacks: w.attacks,
      models,
      // CORE-CHAMPION: one champion, +1 Attacks on each weapon it uses (championWeapons); Companion weapons
      // only for a BEAST.
      championBonus: isChampion && usedByChampion[i]! && (!companion || isBeast) ? 1 : 0,
      hit: w.hit,
      // Ferocious Hunger's +1 for Companion weapons comes after their positive modifiers are ignored.
      hitMod: companion ? clamp(Math.min(0, context.modifiers.hit) + context.modifiers.companionHit, -1, 1) : cap(context.modifiers.hit),
      hitReroll: REROLL_CODE[context.rerolls.hit],
      wound: w.wound,
      woundMod: cap(context.modifiers.wound),
      woundReroll: REROLL_CODE[context.rerolls.wound],
      crit,
      // Rend and Damage modifiers of abilities (src/aos/abilities): Rend never below 0. Ethereal: the Rend
      // characteristic is subtracted from the save roll (CORE-SAVE), a negative modifier it ignores.
      rend: context.ignoreNegativeSave ? 0 : Math.max(0, w.rend + antiCount + context.modifiers.rend),
      damage: { ...w.damage, plus: w.damage.plus + chargeBonus + context.modifiers.damage },
    };
  });
  return {
    weapons,
    save: defender.save ?? 0,
    // CORE-SAVE: a positive save modifier is capped at +1; negative ones are not capped.
    saveMod: context.ignoreNegativeSave ? clamp(context.modifiers.save, 0, 1) : Math.min(1, context.modifiers.save),
    saveReroll: REROLL_CODE[context.rerolls.save],
    ward: defender.ward ?? 0,
    models: defender.models,
    health: defender.health,
    hitFail: context.failUnmodified.hit,
    woundFail: context.failUnmodified.wound,
  };
}

/** Largest hits one attack can produce, and the largest damage of one attack. */
export function attackBounds(w: WeaponPlan): { attacksMax: number; damageMax: number } {
  const attacksMax = w.models * diceMax(w.attacks) + w.championBonus;
  const perHit = diceMax(w.damage);
  return { attacksMax, damageMax: w.crit === Crit.TwoHits ? 2 * perHit : perHit };
}

/** Work bound for the exact kernel: rough count of multiply-adds. Above it we refuse, naming the unit. */
export const EXACT_WORK_LIMIT = 3e8;
export const MAX_PMF_LENGTH = 1 << 16;

export function exactWorkEstimate(plan: AttackPlan): { work: number; length: number } {
  let work = 0;
  let length = 1;
  for (const w of plan.weapons) {
    const { attacksMax, damageMax } = attackBounds(w);
    work += (attacksMax * attacksMax * (damageMax + 1) * (damageMax + 1)) / 2;
    length += attacksMax * damageMax;
    work += length * (attacksMax * damageMax + 1);
  }
  return { work, length };
}

export function checkExactBounds(plan: AttackPlan): void {
  const { work, length } = exactWorkEstimate(plan);
  if (length > MAX_PMF_LENGTH || work > EXACT_WORK_LIMIT)
    throw new InputError(
      `attacker.weapons: too many attacks x damage for an exact result (up to ${length - 1} damage, ~${work.toExponential(1)} steps; ` +
        `limit ${MAX_PMF_LENGTH - 1} damage and ${EXACT_WORK_LIMIT.toExponential(0)} steps) — use a Monte Carlo estimate instead (--samples N)`,
    );
}

/** Flat encoding shared with the Wasm kernel: a header then 16 slots per weapon. Layout documented in assembly/aos_odds.ts. */
export const PLAN_HEADER = 10;
export const WEAPON_SLOTS = 16;

export function encodePlan(plan: AttackPlan): Float64Array {
  const out = new Float64Array(PLAN_HEADER + WEAPON_SLOTS * plan.weapons.length);
  out.set([plan.weapons.length, plan.save, plan.saveMod, plan.saveReroll, plan.ward, plan.models, plan.health, plan.hitFail, plan.woundFail, 0]);
  plan.weapons.forEach((w, i) => {
    out.set(
      [
        w.attacks.count, w.attacks.sides, w.attacks.plus, w.models, w.championBonus,
        w.hit, w.hitMod, w.hitReroll, w.wound, w.woundMod, w.woundReroll, w.crit, w.rend,
        w.damage.count, w.damage.sides, w.damage.plus,
      ],
      PLAN_HEADER + WEAPON_SLOTS * i,
    );
  });
  return out;
}
