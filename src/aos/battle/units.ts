/**
 * Units on the battlefield. A unit is a footprint — a circle around its models (ARCHITECTURE.md
 * "Geometry") — with a count of models, the damage allocated to it (CORE-ALLOC) and what it did this turn.
 * The static part (`UnitProfile`) comes from a warscroll and a roster entry at set-up and never changes;
 * the dynamic part (`UnitState`) is plain data, so a battle serialises to JSON.
 */
import { keywordInList as has } from "../keywords.js";
import type { Ability } from "../abilities/schema.js";
import { abilitiesOf } from "../abilities/index.js";
import { type DiceExpr, parseDice } from "../../core/dice.js";
import type { Roster, RosterUnit } from "../armies/roster.js";
import { oddsUnderstands } from "../armies/odds.js";
import { championWeapons } from "../odds/plan.js";
import type { BattlefieldRole, Warscroll } from "../armies/warscroll.js";

export interface WeaponProfile {
  name: string;
  type: "melee" | "ranged";
  /** Range in inches (ranged weapons). */
  range: number;
  attacks: DiceExpr;
  hit: number;
  wound: number;
  rend: number;
  damage: DiceExpr;
  abilities: string[];
  /** Models of the unit (as fielded) that carry it. */
  carriers: number;
  /** CORE-CHAMPION: the unit's champion uses it (odds/plan.ts championWeapons, on the unit as fielded). */
  champion: boolean;
  /** PB-REALM-FERAL-ROAR: its Attacks while the unit's Battle Damaged applies (absent: unchanged). */
  damagedAttacks?: DiceExpr;
  /** A played weapon-attacks ability (Necromantic Limits): its Attacks from that many damage points on (damaged.ts). */
  limitedAttacks?: { damagePoints: number; attacks: DiceExpr };
}

export interface UnitProfile {
  name: string;
  warscroll: string;
  owner: number;
  keywords: string[];
  roles: BattlefieldRole[];
  /** Move in inches (a random Move is rolled each time: `moveDice`). */
  move: number;
  moveDice: DiceExpr | null;
  health: number;
  save: number | null;
  ward: number | null;
  control: number;
  /** Radius of one model's base, in inches. */
  baseRadius: number;
  startModels: number;
  weapons: WeaponProfile[];
  isGeneral: boolean;
  /** WIZARD (n) / PRIEST (n): spells or prayers per phase (1.1); 0 if not one. */
  wizardLevel: number;
  priestLevel: number;
  /** PB-START-ARMY: set up before the first battle round. */
  startingArmy: boolean;
  /** PB-REINFORCED: fielded reinforced (more models than the warscroll's minimum size); a replacement: CORE-REPLACEMENT. */
  reinforced?: boolean;
  /** CORE-REPLACEMENT: the unit (id) this one replaces; absent for units of the rosters (replacement.ts). */
  replacementOf?: number;
  /**
   * PB-REALM-FERAL-ROAR: the warscroll's Battle Damaged ability (absent: none). It applies while the unit has
   * `damagePoints` damage points or more (UnitState.damage); the weapons' `damagedAttacks` and `control`
   * (null: unchanged) are the values then (src/aos/battle/damaged.ts).
   */
  battleDamaged?: { damagePoints: number; control: number | null };
  /**
   * An imported warscroll's abilities the interpreters play, translated from its BSData text
   * (src/aos/abilities/imported.ts; absent: none, or the bundled data writes the warscroll's abilities).
   */
  abilities?: Ability[];
}

export interface UnitState {
  id: number;
  models: number;
  /** Damage points allocated and not yet enough to slay a model (CORE-ALLOC). */
  damage: number;
  x: number;
  y: number;
  /** "reserve": set up in reserve, off the battlefield (CORE-RESERVES, reserves.ts). */
  status: "waiting" | "deployed" | "destroyed" | "reserve";
  /** The reserve ability (id, abilities.ts) it was set up in reserve with, while in reserve. */
  reserve?: string;
  /** A unit added to the army once the battle is underway (a summoned unit, PB 3.1: replacement units): when. */
  added?: { round: number; turn: number };
  /** This turn: moved (any move), ran, retreated, charged, shot, fought. */
  moved: boolean;
  ran: boolean;
  retreated: boolean;
  charged: boolean;
  /** Attempted a charge this turn (successful or not). */
  chargeTried: boolean;
  shot: boolean;
  fought: boolean;
  /** In combat at the start of the combat phase (CORE-STRIKE-ORDER). */
  inCombatAtStart: boolean;
  /**
   * CORE-TOKENS: the persisting effects on the unit, one token each (tokens.ts): "metamorphosis"
   * (PB-REALM-METAMORPHOSIS: MONSTER until its controller's next hero phase; PB-REALM-FERAL-ROAR: Battle Damaged
   * does not apply until the end of the combat phase). Part of the unit's state, so they
   * follow it wherever it moves or is set up; they are not models and cannot be targeted.
   */
  tokens: string[];
  /** Models were slain by this unit this turn (Victory Feast: healing.ts); absent: none. Cleared when a turn starts. */
  slewThisTurn?: boolean;
  /** The kills5 area's kills (src/aos/abilities/kills5.ts KILL_BITS: this turn's bits 0-7, the battle's above); absent: none. */
  kills5?: number;
  /** The hashut6 area's daemonic power points (0-3: battle/hashut6.ts, the Helsmiths of Hashut's battle traits); absent: none. */
  daemonic?: number;
  /** A PRIEST's ritual points (CORE-PRAYERS: warscroll-spells.ts chantingRoll); absent: none. */
  ritualPoints?: number;
  /** Who destroyed it and with what keyword, for tactics (PB-BT-01/03/05) and Predators and Prey. */
  destroyedBy: { monster: boolean; predator: boolean; round: number; turn: number } | null;
}

/** Base sizes as the data prints them ("32mm", "60x35mm", "Large Oval"): the radius of one model in inches. */
export function baseRadiusInches(baseSize: string | null, keywords: readonly string[]): number {
  const m = baseSize ? /(\d+(?:\.\d+)?)\s*(?:x\s*(\d+(?:\.\d+)?))?\s*mm/i.exec(baseSize) : null;
  if (m) {
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    return Math.sqrt(a * b) / 2 / 25.4;
  }
  // Typical bases where the data has none: monsters 100mm, cavalry 60x35mm, the rest 32mm.
  if (has(keywords, "MONSTER")) return 50 / 25.4;
  if (has(keywords, "CAVALRY")) return Math.sqrt(60 * 35) / 2 / 25.4;
  return 16 / 25.4;
}

/**
 * The radius of a unit's footprint: its models packed in a disc with the usual half-inch between bases
 * (roughly 0.85 of the disc filled). A single model's footprint is its base.
 */
export function footprintRadius(models: number, baseRadius: number): number {
  if (models <= 1) return baseRadius;
  const cell = baseRadius + 0.25;
  return cell * Math.sqrt(models / 0.85);
}

/** "WIZARD", "WIZARD (2)" (not global: exec keeps no state between calls). */
const POWER_KEYWORD = {
  WIZARD: new RegExp(`^WIZARD\\s*(?:\\((\\d+)\\))?$`, "i"),
  PRIEST: new RegExp(`^PRIEST\\s*(?:\\((\\d+)\\))?$`, "i"),
} as const;

function powerLevel(keywords: readonly string[], kind: "WIZARD" | "PRIEST"): number {
  const re = POWER_KEYWORD[kind];
  for (const k of keywords) {
    const m = re.exec(k.trim());
    if (m) return m[1] ? Number(m[1]) : 1;
  }
  return 0;
}

function dice(v: number | string): DiceExpr {
  const d = parseDice(v);
  if (typeof d === "string") throw new Error(`warscroll dice "${v}": ${d}`);
  return d;
}

/** Models of a roster unit: explicit, or the minimum size times the reinforcements (PB-REINFORCED). */
export function modelsOf(entry: RosterUnit, w: Warscroll): number {
  return entry.models ?? w.unitSize * (1 + (entry.reinforced ?? 0));
}

export function unitProfile(w: Warscroll, entry: RosterUnit, owner: number, roster: Roster): UnitProfile {
  const models = modelsOf(entry, w);
  // Weapon.models is per minimum-size unit: a reinforced unit carries it on proportionally more models.
  const carried = w.weapons.map((wp) => (wp.models === undefined ? models : Math.min(models, Math.round((wp.models * models) / w.unitSize))));
  const champion = championWeapons(
    w.weapons.map((wp, i) => ({ type: wp.type, models: carried[i]!, champion: carried[i]! > 0 ? wp.champion : false })),
    models,
  );
  const keywords = [...new Set([...w.keywords, ...entry.keywords].map((k) => k.toUpperCase()))];
  const id = entry.id ?? entry.warscroll;
  const move = w.move === null ? { fixed: 0, dice: null } : typeof w.move === "number" ? { fixed: w.move, dice: null } : { fixed: 0, dice: dice(w.move) };
  return {
    name: id,
    warscroll: w.name,
    owner,
    keywords,
    roles: w.battlefieldRoles,
    move: move.fixed,
    moveDice: move.dice,
    health: w.health,
    save: w.save,
    ward: w.ward,
    control: w.control ?? 0,
    baseRadius: baseRadiusInches(w.baseSize, keywords),
    startModels: models,
    weapons: w.weapons
      .map((wp, i) => ({
        name: wp.name,
        type: wp.type,
        range: wp.range ?? (wp.type === "melee" ? 0 : 12),
        attacks: dice(wp.attacks),
        hit: wp.hit,
        wound: wp.wound,
        rend: wp.rend,
        damage: dice(wp.damage),
        // Abilities the attack sequence does not model are left out (the warscroll's text keeps them).
        abilities: wp.abilities.filter(oddsUnderstands),
        carriers: carried[i]!,
        champion: champion[i]!,
        ...damagedAttacksOf(w, wp.name),
        ...limitedAttacksOf(w, wp.name),
      }))
      .filter((wp) => wp.carriers > 0),
    isGeneral: roster.general === id || roster.general === entry.warscroll,
    wizardLevel: powerLevel(keywords, "WIZARD"),
    priestLevel: powerLevel(keywords, "PRIEST"),
    startingArmy: true,
    reinforced: models > w.unitSize,
    ...(w.battleDamaged ? { battleDamaged: { damagePoints: w.battleDamaged.damagePoints, control: w.battleDamaged.control ?? null } } : {}),
  };
}

/** PB-REALM-FERAL-ROAR: a weapon's Attacks under the warscroll's Battle Damaged, if it names the weapon. */
function damagedAttacksOf(w: Warscroll, weapon: string): { damagedAttacks?: DiceExpr } {
  const x = w.battleDamaged?.weapons.find((d) => d.name === weapon);
  return x ? { damagedAttacks: dice(x.attacks) } : {};
}

/**
 * A played weapon-attacks ability of the warscroll that names the weapon (Necromantic Limits: "While this unit
 * has 10 or more damage points, the Attacks characteristic of its Skeletal Talons is 4"). Its maximum of 10 is
 * not kept: no Attacks modifier is played, so the printed Attacks (6) never reach it.
 */
function limitedAttacksOf(w: Warscroll, weapon: string): { limitedAttacks?: { damagePoints: number; attacks: DiceExpr } } {
  for (const a of abilitiesOf(w.name)) {
    if (a.status !== "played") continue;
    for (const e of a.effects) if (e.do.kind === "weapon-attacks" && e.do.weapon === weapon && e.do.damaged) return { limitedAttacks: { damagePoints: e.do.damaged.damagePoints, attacks: dice(e.do.damaged.attacks) } };
  }
  return {};
}

export function newUnitState(id: number, profile: UnitProfile): UnitState {
  return {
    id,
    models: profile.startModels,
    damage: 0,
    x: 0,
    y: 0,
    status: "waiting",
    moved: false,
    ran: false,
    retreated: false,
    charged: false,
    chargeTried: false,
    shot: false,
    fought: false,
    inCombatAtStart: false,
    tokens: [],
    destroyedBy: null,
  };
}

/** The weapon has the Companion weapon ability (CORE-COMPANION). */
export function isCompanion(w: { abilities: readonly string[] }): boolean {
  return w.abilities.some((a) => /^companion$/i.test(a.trim()));
}

export function hasKeyword(p: UnitProfile, k: string): boolean {
  return has(p.keywords, k);
}
