/**
 * The effect language: warscroll and battle-trait abilities as data (docs/abilities.md). An ability is
 * WHEN it applies (passive, a phase with a limit, a reaction, a command, a spell or prayer with its value),
 * and a list of EFFECTS, each saying WHOM it applies to (the unit itself, friendly or enemy units by keyword,
 * within a range or wholly within it, in combat with the unit), under which CONDITIONS (charged, contesting,
 * models left, battle round, the kind of attack, a friendly unit nearby), and WHAT it does (a modifier of the
 * attack sequence, "fails on an unmodified 1-N", a re-roll, a ward, mortal damage on a roll, healing and
 * returning models, the control score, move/run/charge modifiers, strike order, tokens).
 *
 * The vocabulary is wider than what the engines interpret: `status` says whether an ability is played by
 * the interpreters (src/aos/abilities/attack.ts and control.ts in the TypeScript engine, assembly/battle/
 * effects.ts in the kernel), played by other engine code (reserves, replacements, Battle Damaged), or not
 * played, and then why. Anything read from a file crosses these schemas.
 */
import { z } from "zod";
import { diceField } from "../../core/dice.js";

const keyword = z.string().trim().min(1).max(60);
const name = z.string().trim().min(1).max(120);
const inches = z.number().min(0).max(48);

/** Which units: all conditions given must hold (the reserve and replacement abilities' filter, src/aos/battle/abilities.ts). */
export const unitFilterSchema = z
  .strictObject({
    /** One of these warscrolls. */
    warscrolls: z.array(name).min(1).max(12).optional(),
    /** Every one of these keywords. */
    keywords: z.array(keyword).min(1).max(6).optional(),
    /** At least one of these keywords. */
    anyKeywords: z.array(keyword).min(1).max(6).optional(),
    /** None of these keywords. */
    notKeywords: z.array(keyword).min(1).max(6).optional(),
    /** Set up with at least this many models ("started the battle with 2 or more models"). */
    minStartModels: z.number().int().min(1).max(100).optional(),
  })
  .refine((f) => f.warscrolls !== undefined || f.keywords !== undefined || f.anyKeywords !== undefined, { message: "name warscrolls or keywords" });

/** Which units, by warscroll and keywords: every condition given must hold. */
export const effectFilterSchema = z.strictObject({
  warscrolls: z.array(name).min(1).max(12).optional(),
  /** Every one of these keywords. */
  keywords: z.array(keyword).min(1).max(6).optional(),
  /** At least one of these keywords. */
  anyKeywords: z.array(keyword).min(1).max(6).optional(),
  /** None of these keywords. */
  notKeywords: z.array(keyword).min(1).max(6).optional(),
  /** Or one of these warscrolls, whatever the rest says ("a friendly SKYVESSEL or Zontari Endrin Dock"). */
  orWarscrolls: z.array(name).min(1).max(4).optional(),
  /** None of these warscrolls ("You cannot pick a Longbeards unit": declared2). */
  notWarscrolls: z.array(name).min(1).max(4).optional(),
});
export type EffectFilter = z.output<typeof effectFilterSchema>;

/** "start-of-turn": the start of a turn, before its hero phase (docs/abilities.md "Healing at the start of a turn"). */
export const PHASES = ["deployment", "hero", "movement", "shooting", "charge", "combat", "end-of-turn", "start-of-turn"] as const;
const phase = z.enum(PHASES);
/** "Once Per Turn (Army)" is once-per-turn-army; "Once Per Turn" (no army) is once per turn for each unit. */
export const LIMITS = ["none", "once-per-phase-army", "once-per-turn", "once-per-turn-army", "once-per-battle", "once-per-battle-army"] as const;
const limit = z.enum(LIMITS).default("none");

/**
 * The targets a spell or prayer picks (docs/abilities.md "Warscroll spells and prayers"): one unless said; `upTo` N
 * different units; `every` unit its effects name ("pick each enemy unit within ...", "any number of ..."); `penalty`:
 * subtract this from the casting roll for each target after the first (Cacophonic Choir); `more`: with a casting or
 * chanting roll of `atLeast`, up to `upTo` targets or `every` unit its effects name (visible or not: "this ability
 * affects all enemy units within 12\" of this unit"); `optional`: "You can pick ... to be the target" (cast without one).
 */
export const spellTargetsSchema = z.strictObject({
  upTo: z.number().int().min(2).max(6).optional(),
  every: z.boolean().optional(),
  penalty: z.number().int().min(1).max(3).optional(),
  more: z.strictObject({ atLeast: z.number().int().min(2).max(20), upTo: z.number().int().min(2).max(6).optional(), every: z.boolean().optional() }).optional(),
  optional: z.boolean().optional(),
});
export type SpellTargets = z.output<typeof spellTargetsSchema>;

export const whenSchema = z.discriminatedUnion("timing", [
  z.strictObject({ timing: z.literal("passive") }),
  z.strictObject({ timing: z.literal("phase"), phase, whose: z.enum(["your", "enemy", "any"]), limit }),
  z.strictObject({
    timing: z.literal("reaction"),
    /**
     * opponent-attack: the opponent declared an ATTACK ability; own-fight / own-shoot: you declared a FIGHT / SHOOT
     * ability for this unit; own-charge: you declared a CHARGE ability for a unit `whom` names (this unit, or a
     * friendly unit near it); own-spell / opponent-spell: you / the opponent declared a SPELL ability (for this
     * unit: the react4 area's casting and unbinding reactions, spells.ts castingRollValue).
     */
    to: z.enum(["opponent-attack", "own-fight", "own-shoot", "targeted", "own-charge", "own-spell", "opponent-spell"]),
    limit,
  }),
  z.strictObject({ timing: z.literal("command"), phase, whose: z.enum(["your", "enemy", "any"]), cost: z.number().int().min(0).max(3) }),
  z.strictObject({ timing: z.literal("spell"), phase, castingValue: z.number().int().min(2).max(12), range: inches.optional(), targets: spellTargetsSchema.optional() }),
  z.strictObject({ timing: z.literal("prayer"), phase, chantingValue: z.number().int().min(2).max(12), range: inches.optional(), targets: spellTargetsSchema.optional() }),
]);
export type When = z.output<typeof whenSchema>;

/** Whom an effect applies to. `range` in inches, 3 for "combat range"; measured edge to edge unless `wholly`. */
export const whomSchema = z.strictObject({
  side: z.enum(["self", "friendly", "enemy"]),
  filter: effectFilterSchema.optional(),
  range: inches.optional(),
  /** Wholly within `range` of the unit with the ability. */
  wholly: z.boolean().default(false),
  /** "friendly": the unit with the ability is one of them too ("this unit and ..."). */
  includeSelf: z.boolean().default(false),
});
export type Whom = z.output<typeof whomSchema>;

/**
 * Passive conditions (docs/abilities.md "Passive abilities: conditions and kinds"; src/aos/abilities/passive.ts
 * and the kernel's assembly/battle/passive.ts read them). The unit-state ones (charged, inCombat, minModels and
 * those below) are read on the affected unit, or with `holder: "source"` on the unit with the ability ("While
 * this unit is damaged, ... friendly X units wholly within 12\" of this unit").
 */
const passiveConditions = {
  holder: z.literal("source").optional(),
  /**
   * The holder has any damage points allocated to it (true) or none (false). For a declared ability, its unit ("If
   * this unit is damaged, pick ..."; docs/abilities.md "Mortal damage, slays and healing in every phase").
   */
  damaged: z.boolean().optional(),
  /** The holder's damage points allocated: at least `min`, at most `max`. */
  damagePoints: z.strictObject({ min: z.number().int().min(0).max(60).optional(), max: z.number().int().min(0).max(60).optional() }).optional(),
  maxModels: z.number().int().min(1).max(100).optional(),
  /** Battle rounds up to this one (with fromRound: "In the first battle round"). */
  toRound: z.number().int().min(1).max(5).optional(),
  /** "If the current battle round number is odd / even". */
  roundParity: z.enum(["odd", "even"]).optional(),
  /** The holder is in combat with an enemy unit passing `filter` (that charged this turn; at least `count` such units). */
  inCombatWith: z.strictObject({ filter: effectFilterSchema.optional(), charged: z.boolean().optional(), count: z.number().int().min(1).max(6).default(1) }).optional(),
  /**
   * The holder contests an objective: any, one its army controls, one its army does not control. terrain5
   * ("controlled-alone", EF.P_OBJECTIVE 6): one its army controls that no other friendly unit contests.
   */
  objective: z.enum(["any", "controlled", "not-controlled", "outside-friendly-territory", "controlled-in-enemy-territory", "controlled-alone"]).optional(),
  /** Where the holder is: wholly outside its army's territory, wholly within the enemy's, not (partly) within the enemy's, wholly within its own. */
  territory: z.enum(["wholly-outside-friendly", "wholly-within-enemy", "not-within-enemy", "wholly-within-friendly"]).optional(),
  /** An enemy unit is within `range` of the holder (edge to edge), or with `none` no enemy unit is. */
  enemyWithin: z.strictObject({ range: inches, none: z.boolean().default(false) }).optional(),
  /** Only attacks made with these weapons (names on the attacker's warscroll). */
  weapons: z.array(name).min(1).max(4).optional(),
  /** Only attacks made with Companion weapons ("Companion weapons used by ..."): positive modifiers then apply to them. */
  companionWeapons: z.boolean().optional(),
  /** The attack's target has one of these keywords ("for attacks that target HEROES or MONSTERS"). */
  targetAnyKeywords: z.array(keyword).min(1).max(4).optional(),
  /**
   * The hashut6 area's: the holder's daemonic power points (the Helsmiths of Hashut's battle traits: battle/hashut6.ts;
   * the kernel's UI.HASHUT) are at least `min` and at most `max` ("Apply the effect below that corresponds with the
   * number of daemonic power points this unit has", "for each daemonic power point": one effect per count).
   */
  daemonic: z.strictObject({ min: z.number().int().min(0).max(3), max: z.number().int().min(0).max(3) }).optional(),
  /**
   * The hashut6 area's: a ward only "against damage inflicted by SPELLS, PRAYERS, and abilities used by MANIFESTATIONS"
   * (a warscroll spell's or prayer's mortal damage, an ability or attack of a manifestation: effects.ts unitWard's
   * `from`, attack.ts attackMods; the kernel's EF.H6_MAGIC).
   */
  wardMagic: z.literal(true).optional(),
  /**
   * The holder is under orders (true) or not (false): the Cities of Sigmar's Form Up (the cities6 area:
   * src/aos/battle/cities6.ts; the kernel's US.UNDER_ORDERS, EF.C6_ORDERS).
   */
  underOrders: z.boolean().optional(),
};

export const conditionsSchema = z.strictObject({
  /** The affected unit charged this turn (true) or did not (false). */
  charged: z.boolean().optional(),
  /** The attack's target charged this turn. */
  targetCharged: z.boolean().optional(),
  /** Which attacks a modifier concerns. */
  attack: z.enum(["melee", "ranged", "any"]).default("any"),
  /** The target of the attack has all these keywords. */
  targetKeywords: z.array(keyword).min(1).max(4).optional(),
  /** Contesting an objective wholly within friendly territory. */
  contesting: z.enum(["objective-in-friendly-territory", "objective-you-control"]).optional(),
  minModels: z.number().int().min(1).max(100).optional(),
  fromRound: z.number().int().min(1).max(5).optional(),
  /**
   * A friendly unit passing `filter` is near: "them-within" — it is (wholly) within `range` of the unit
   * with the ability (Royal Bodyguard's HEROES in its combat range); "this-within" — the affected unit is
   * (wholly) within `range` of it (Royal Approval's Ghouls wholly within 12" of a NOBLE).
   */
  near: z
    .strictObject({
      filter: effectFilterSchema,
      range: inches,
      wholly: z.boolean().default(false),
      measured: z.enum(["them-within", "this-within"]),
      /** The near unit has at least this many models ("any friendly IRONJAWZ units that have 10 or more models": the passive2 area). */
      minModels: z.number().int().min(2).max(40).optional(),
      /** The near unit may be of either army ("within 12\" of any MANIFESTATIONS (friendly or enemy)": the passive3 area). */
      either: z.boolean().optional(),
    })
    .optional(),
  /** Models were slain by the unit with the ability this turn (Victory Feast). */
  slewThisTurn: z.boolean().optional(),
  /**
   * The kills5 area's (src/aos/abilities/kills5.ts): the unit with the ability made one of these kills (any of them):
   * "models-by-attacks" / "models-by-combat-attacks" enemy models slain by its attacks / combat attacks this turn,
   * "hero" / "monster" it destroyed an enemy HERO / MONSTER this turn (attacks or abilities), "hero-by-combat-attacks"
   * enemy HERO models slain by its combat attacks this turn, "monster-battle" it destroyed an enemy MONSTER this battle.
   */
  killed: z.array(z.enum(["models-by-attacks", "models-by-combat-attacks", "hero", "monster", "hero-by-combat-attacks", "monster-battle"])).min(1).optional(),
  /**
   * The unit with the ability was set up this turn by this reserve arrival ability ("If this unit was set up this
   * turn using the 'Scions of the Storm' ability": Blazing Impact): a declared mortal damage or slay (reserves.ts
   * ARRIVED_TOKEN_PREFIX; the kernel's U.STATE ARRIVED).
   */
  arrived: z.string().trim().min(1).max(60).optional(),
  /** A token on the unit with the ability (Loyal Gryph-hound). */
  token: z.string().regex(/^[a-z0-9-]{1,40}$/).optional(),
  /** An aura switched on for the rest of the turn by its ability's `switch-on` (the combat3 area): it holds only while the unit with the ability has it on (the effect's turnToken on that unit; the kernel's EF_TURN bit of the record). */
  switchedOn: z.literal(true).optional(),
  /** A declared ability's target is visible to the unit with the ability (CORE-VISIBILITY: src/aos/battle/visibility.ts). */
  visible: z.boolean().optional(),
  /** A spell's effect that needs its casting roll (2D6, unmodified) to be at least / at most this ("If the casting roll was 10+ ... instead"). */
  castingRoll: z.strictObject({ atLeast: z.number().int().min(2).max(12).optional(), atMost: z.number().int().min(2).max(12).optional() }).optional(),
  /** The affected unit is in combat (true) or not (false): "add 8 to this unit's control score while it is in combat". */
  inCombat: z.boolean().optional(),
  /** declared6: an effect held for a while concerns only attacks whose target charged this turn ("combat attacks made by the targets against enemy units that charged this turn have Crit (2 Hits)"). */
  attackTargetCharged: z.literal(true).optional(),
  /** The attack's target has at least this many models ("that target an enemy unit that has 10 or more models"). */
  targetMinModels: z.number().int().min(1).max(100).optional(),
  /**
   * The attack's target has a higher / lower Control characteristic than the unit with the ability ("that target an
   * enemy unit that has a higher Control characteristic than this unit": the passive6 area; damaged.ts unitControl,
   * the kernel's commands.ts unitControl, both read at the attack).
   */
  targetControl: z.enum(["higher", "lower"]).optional(),
  /**
   * The unit with the ability is in combat with exactly one enemy unit, and that unit is in combat with no other unit
   * ("is only in combat with 1 enemy unit, and that enemy unit is only in combat with this unit"): a charge mark's
   * condition only (the passive6 area: src/aos/battle/passive6.ts useChargeMarks, the kernel's EF.P6_FLAGS bit 4).
   */
  soleCombat: z.literal(true).optional(),
  /**
   * The attack's target is within `range` of the unit with the ability (edge to edge), or with `beyond` more than
   * `range` from it ("if the target is within 9\" of this unit", "... that is more than 12\" from this unit": passive3).
   */
  targetWithin: z.strictObject({ range: inches, beyond: z.boolean().default(false) }).optional(),
  /** The unit with the ability has not used a MOVE ability this turn and was not set up this turn (an effect for a while's use: status.ts). */
  stationary: z.boolean().optional(),
  /** A spell's effect only if the same spell's mortal damage before it slew a model of the target ("If any models are slain as a result of this ability"). */
  afterSlain: z.boolean().optional(),
  /** A spell's "Pick 1 of the following effects": the option this effect belongs to (the caster picks one option for each target). */
  option: z.number().int().min(1).max(4).optional(),
  /**
   * A declared ability's enemy target is a unit the unit with the ability passed across (its footprint's move
   * overlapped the target's footprint) this turn ("that this unit passed across this phase": battle/move3.ts).
   */
  passedAcross: z.literal(true).optional(),
  /**
   * The attacking unit passes this filter ("attacks made by non-HERO units that target this unit", "combat attacks made by
   * enemy MONSTERS that target this unit": the passive4 area; attack.ts attackMods, the kernel's U.PASSIVE bits).
   */
  attackerFilter: effectFilterSchema.optional(),
  /** The attacking unit is under orders ("attacks made by friendly SIGMARITE units that are under orders that target that enemy unit": the cities6 area, abilities/cities6.ts). */
  attackerUnderOrders: z.literal(true).optional(),
  /** The unit with the ability charged this turn with an unmodified charge roll of at least this ("and the unmodified charge roll was 8+": battle/move3.ts). */
  chargeRoll: z.number().int().min(3).max(18).optional(),
  /**
   * An effect for a while on the unit itself that applies only while its holder contests an objective of this kind
   * ("For the rest of the turn, add 1 to the Attacks characteristic of this unit's melee weapons while it is
   * contesting an objective you do not control": the objective4 area), read at each attack by both engines
   * (attack.ts, the kernel's effects.ts: EF.O4). `objective` (passiveConditions) is the unit's state when used.
   */
  objectiveWhile: z.enum(["any", "controlled", "not-controlled"]).optional(),
  /** The attack's target contests an objective ("for attacks that target enemy units contesting an objective": objective4; EF.O4 bit 8). */
  targetContesting: z.literal(true).optional(),
  /** The affected unit contests an objective the unit with the ability contests ("while they are contesting the same objective as this unit": objective4; EF.O4 bit 16). */
  sameObjective: z.literal(true).optional(),
  /**
   * The Sylvaneth's creeping overgrowth (the sylvaneth6 area: src/aos/battle/sylvaneth6.ts): the unit holding the
   * condition (passive.ts holderOf) is within / wholly within the creeping overgrowth of its army ("while it is wholly
   * within the creeping overgrowth"), read at each attack by both engines (attack.ts, the kernel's effects.ts: EF.SY6_OVERGROWTH).
   */
  overgrowth: z.enum(["within", "wholly"]).optional(),
  /**
   * A declared pick's target (sylvaneth6): "an enemy unit that is within the creeping overgrowth or that is visible to
   * this unit and within friendly territory" (the overgrowth of the army with the ability; status.ts useForAWhile).
   */
  pickOvergrowth: z.literal("or-visible-in-friendly-territory").optional(),
  ...passiveConditions,
});
export type Conditions = z.output<typeof conditionsSchema>;

/**
 * The timing2 area's kinds (docs/abilities.md "Timings: commands, replacements and spellings"; src/aos/battle/timing2.ts).
 * `replace`: "[Pick a friendly X unit that has been destroyed to be the target.] Set up a replacement unit with half
 * the number of models from the target unit (rounding up) | identical to the target ..." — a replacement ability of
 * the warscroll (CORE-REPLACEMENT), played by replacement.ts and the kernel's reserves.ts as the bundled ones
 * (data/aos/unit-abilities.json): `targets` the destroyed units it can replace, `models`, the placement, `command`
 * (an "Ability (Command)" costing 1 command point), `userNotInCombat` ("If this unit is not in combat, ...").
 */
const TIMING2_KINDS = [
  z.strictObject({
    kind: z.literal("replace"),
    command: z.boolean(),
    userNotInCombat: z.boolean().default(false),
    targets: unitFilterSchema,
    models: z.enum(["half", "all"]),
    moreThanFromEnemies: inches.optional(),
    whollyWithinEdge: inches.optional(),
    whollyWithinUser: inches.optional(),
  }),
  /**
   * "This unit can use 2 FIGHT abilities this phase. After the first is used, however, this unit has STRIKE-LAST for
   * the rest of the turn" (a combat-phase ability): the unit may fight a second time, in the STRIKE-LAST part of the
   * fight order (src/aos/battle/timing2.ts, assembly/battle/timing2.ts); `heroes`: "If this unit is in combat with any
   * enemy HEROES, ... and can only be picked to use a second FIGHT ability if it is still in combat with any enemy HEROES".
   */
  z.strictObject({ kind: z.literal("fight-twice"), heroes: z.boolean().optional() }),
  /** "[Roll a dice. On a N+, ]for the rest of the turn, <aura>" (the combat3 area): the ability's `switchedOn` effects after it hold for the rest of the turn (combat.ts / assembly combat3.ts useSwitchOn). */
  z.strictObject({ kind: z.literal("switch-on"), on: z.number().int().min(2).max(6).optional() }),
] as const;

/**
 * The passive2 area's kinds (docs/abilities.md "Passive abilities, second pass"; src/aos/battle/passive2.ts and
 * assembly/battle/passive2.ts play them).
 */
const PASSIVE2_KINDS = [
  /**
   * "While this unit's NAME is on the battlefield, it has WIZARD (1) [and the X keyword]" / PRIEST (1): the unit's
   * power level (and keywords) when the battle is created (create.ts). Decision: the named model is removed last
   * (the engines have no model positions: the champion's rule, docs/aos-battle-rules.md), so it is on the
   * battlefield while the unit is.
   */
  z.strictObject({
    kind: z.literal("power"),
    wizard: z.number().int().min(1).max(3).optional(),
    priest: z.number().int().min(1).max(3).optional(),
    keywords: z.array(z.string().trim().min(1).max(40)).max(2).optional(),
  }),
  /**
   * "Each time a model in this unit is slain by a combat attack and that model was in combat with the attacking
   * unit, roll a dice (`dice`: roll N dice). On a `on`+ (for each `on`+), inflict `mortal` mortal damage on the
   * attacking unit after the FIGHT ability has been resolved" (passive2.ts slainTriggers).
   */
  z.strictObject({ kind: z.literal("slain-roll"), dice: z.number().int().min(1).max(3), on: z.number().int().min(2).max(6), mortal: diceField }),
  /**
   * "Add 1 to this unit's power level while it is contesting an objective", "While this unit has 10 or more damage
   * points, subtract 3 from its power level": added to the number after its WIZARD / PRIEST keyword (spells and
   * prayers a phase) while the conditions hold (passive2.ts powerLevel); never below 0, and a unit without one gains none.
   */
  z.strictObject({ kind: z.literal("power-level"), value: z.number().int().min(-3).max(3).refine((v) => v !== 0, "a modifier of 0 does nothing") }),
  /** "... unbinding rolls for enemy WIZARDS while they are within 12\" of this unit": added to the 2D6 of the unbinding rolls of the units `whom` names (passive2.ts unbindingBonus). */
  z.strictObject({ kind: z.literal("unbinding"), value: z.number().int().min(-3).max(3).refine((v) => v !== 0, "a modifier of 0 does nothing") }),
  /** "Add 1 to chanting rolls for this unit": added to the D6 of the chanting rolls of the units `whom` names (passive2.ts chantingBonus; an unmodified 1 still fails). */
  /** "Each time this unit successfully casts a spell, Heal (N) this unit after that SPELL ability has been resolved" (passive2.ts afterCast). */
  z.strictObject({ kind: z.literal("cast-heal"), heal: z.number().int().min(1).max(3) }),
  z.strictObject({ kind: z.literal("chanting"), value: z.number().int().min(-3).max(3).refine((v) => v !== 0, "a modifier of 0 does nothing") }),
] as const;

/**
 * The kinds of the most common BSData texts (docs/abilities.md "The most common texts"; src/aos/battle/common.ts
 * and assembly/battle/common.ts play them).
 */
const COMMON_KINDS = [
  /**
   * "Reaction: This unit was picked as the target of a non-CORE ability: Make a resistance roll of D6. On a N+,
   * that ability has no effect on this unit" (Ruination Chamber): the reaction's timing is `reaction` to `targeted`.
   */
  z.strictObject({
    kind: z.literal("resist"),
    on: z.number().int().min(2).max(6),
    /**
     * "spell": only against an enemy spell ("Reaction: Opponent declared a SPELL ability: If this unit [or a friendly
     * X unit wholly within 12" of this unit] was picked to be the target of that spell, roll a dice. On a N+, ignore
     * the effect of that spell on this unit": `whom` names the units it protects); absent: any non-CORE ability.
     */
    against: z.literal("spell").optional(),
    /** Once per phase for each unit with it (a spell reaction without "more than once per phase"). */
    oncePerPhase: z.boolean().optional(),
  }),
  /**
   * "If this unit would be automatically destroyed, it is not automatically destroyed. Instead, allocate `damage`
   * damage points to it (ward rolls cannot be made for those damage points)" (Son of Behemat).
   */
  z.strictObject({ kind: z.literal("not-destroyed"), damage: diceField }),
  /**
   * Momentum points (Unstoppable Momentum): `charge` gained each time the unit has charged, `run` each time it
   * runs, at most `max`; added to the Damage characteristic of its weapon `weapon`; `roundLoss` lost at the end of
   * each battle round (to 0).
   */
  z.strictObject({
    kind: z.literal("momentum"),
    charge: z.number().int().min(0).max(3),
    run: z.number().int().min(0).max(3),
    max: z.number().int().min(1).max(6),
    weapon: name,
    roundLoss: z.number().int().min(0).max(6),
  }),
  /**
   * Hidden Weapon Team: while the unit is within `escort.range` of a friendly unit passing `escort.filter` with
   * `escort.minModels` or more models, and no other friendly unit with `alone` is within that unit's
   * `escort.range`, it is not visible to enemy units more than `beyond` away.
   */
  z.strictObject({
    kind: z.literal("hidden"),
    beyond: inches,
    /** Absent (terrain5: Hunters of the Frozen Wilds): no escort is needed. */
    escort: z.strictObject({ filter: effectFilterSchema, minModels: z.number().int().min(1).max(40), range: inches }).optional(),
    /** terrain5 (Hunters of the Frozen Wilds): "while it is within N\" of a terrain feature" — only while some feature's edge is within this of the unit's. */
    terrain: inches.optional(),
    /** No other friendly unit with this keyword within the escort's range of it; absent: no such clause. */
    alone: keyword.optional(),
    /** "... and there are no enemy units within this unit's combat range" (the passive2 area): not hidden while an enemy unit is within this of it. */
    clear: inches.optional(),
  }),
  /**
   * Longshanks: the unit can pass through models in units without any of `notKeywords` (friend or foe) and parts
   * of terrain features less than `terrainBelow` tall while it moves. tail4 (Threshing Doom, Barge Through):
   * `enemyKeywords` — only the models of enemy units with one of these keywords (then `notKeywords` is empty), and
   * with `ranges` their combat ranges too ("can pass through the combat ranges of enemy INFANTRY units").
   */
  z.strictObject({
    kind: z.literal("pass-through"),
    notKeywords: z.array(keyword).max(4),
    terrainBelow: inches,
    enemyKeywords: z.array(keyword).min(1).max(4).optional(),
    ranges: z.literal(true).optional(),
  }),
  /**
   * tail4 (The Flames of Hope): "You can re-roll resistance rolls for friendly X units while they are wholly within N\" of
   * this unit" — a failed resistance roll (`resist`, not the spell reactions' dice) of a unit `whom` names is rolled again.
   */
  z.strictObject({ kind: z.literal("resist-reroll") }),
  /**
   * tail4 (Terror of the Deep Woods, Captive Audience): "Enemy units cannot use RUN [or RETREAT] | RETREAT abilities while
   * they are within N\" of this unit | in combat with this unit" — the units `whom` names (enemy, within range) are not
   * offered a run (`run`) or a retreat (`retreat`).
   */
  z.strictObject({ kind: z.literal("no-run"), run: z.boolean(), retreat: z.boolean() }),
  /** tail4 (Redemptor Casket): "Models cannot be returned to enemy units within N\" of this unit" — `whom` (enemy, within range) get no slain models back. */
  z.strictObject({ kind: z.literal("no-return") }),
  /**
   * A Cogfort's heat-token ability ('Full Power!' and its kin): "Pick 1 or more of the following effects. For each
   * effect you pick, give this unit a number of heat tokens equal to the number beside it." Each option: its
   * `heat`, its `name`, and `move` when it is "this unit's Move characteristic is N" for the rest of the turn (Full
   * Throttle) — the one option the engines play; the others are written with their heat and name only.
   */
  z.strictObject({
    kind: z.literal("heat"),
    options: z.array(z.strictObject({ heat: z.number().int().min(1).max(6), name, move: inches.optional() })).min(1).max(8),
  }),
  /**
   * Overheating: immediately after the unit's heat-token ability, a dice for each heat token it has; for each `on`+,
   * 1 damage point allocated to it (no ward), then 1 of its heat tokens removed.
   */
  z.strictObject({ kind: z.literal("overheat"), on: z.number().int().min(2).max(6) }),
] as const;

const modValue = z.number().int().min(-3).max(3).refine((v) => v !== 0, "a modifier of 0 does nothing");
/**
 * What a for-the-turn effect sets on the unit it is put on (docs/abilities.md; the same list as the status area's
 * "Effects for a while"): "save" (the unit's save rolls), "rend" / "damage" / "attacks" (its weapons'
 * characteristics), "ward" (WARD (value+)), "strike-first" / "strike-last", "control" (its control score).
 */
export const DURATION_SETS = ["hit", "wound", "weapon-abilities-off", "ignore-positive", "save", "rend", "damage", "attacks", "ward", "strike-first", "strike-last", "control", "no-commands", "charge", "charge-dice", "charge-after", "weapon-ability", "ward-roll", "damage-set", "move", "no-ward"] as const;
/** The for-the-turn sets without a value. */
export const VALUELESS_SETS: readonly string[] = ["weapon-abilities-off", "ignore-positive", "strike-first", "strike-last", "no-commands", "charge-after", "weapon-ability", "no-ward"];
/** "by": attacks made by the affected unit; "against": attacks that target it. */
const direction = z.enum(["by", "against"]);

export const doSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("hit"), value: modValue, direction }),
  z.strictObject({ kind: z.literal("wound"), value: modValue, direction }),
  z.strictObject({ kind: z.literal("save"), value: modValue, direction: direction.default("against") }),
  z.strictObject({ kind: z.literal("rend"), value: modValue, direction }),
  z.strictObject({ kind: z.literal("damage"), value: modValue, direction }),
  /**
   * `perTargetModels` N: the value for every N models in the attack's target, when the attacks are picked ("for every
   * 5 models in the target unit, add 2 to its Attacks characteristic": Titanic Boulderclub); none below N models.
   */
  z.strictObject({ kind: z.literal("attacks"), value: modValue, direction: direction.default("by"), companionOnly: z.boolean().default(false), perTargetModels: z.number().int().min(1).max(40).optional() }),
  /** "If the unmodified hit roll or unmodified wound roll for an attack that targets this unit is 1-N, the attack fails". */
  z.strictObject({ kind: z.literal("fail-unmodified"), rolls: z.array(z.enum(["hit", "wound"])).min(1).max(2), upTo: z.number().int().min(2).max(5), direction: z.literal("against") }),
  z.strictObject({ kind: z.literal("reroll"), roll: z.enum(["hit", "wound", "save", "charge", "run", "casting"]), which: z.enum(["ones", "failed"]), direction: direction.default("by") }),
  z.strictObject({ kind: z.literal("ward"), value: z.number().int().min(2).max(6) }),
  /** Mortal damage: roll `dice` per model / per target model / once; each roll of `on`+ inflicts `each` (a number, or "roll": the roll itself). */
  z.strictObject({
    kind: z.literal("mortal"),
    /** "round": as many dice as the battle round's number ("Make a number of D3 rolls equal to the current battle round number"). */
    per: z.enum(["once", "model", "target-model", "round", "target-health", "target-damage", "self-damage", "casting-roll", "charge-roll"]),
    dice: diceField,
    on: z.number().int().min(1).max(6).optional(),
    each: z.union([z.number().int().min(1).max(6), z.literal("roll")]).default(1),
    /** "If this unit has N or more models" / "if the target has N or more models": each `onBetter`+ instead. */
    better: z.strictObject({ models: z.number().int().min(1).max(40), of: z.enum(["self", "target"]), on: z.number().int().min(2).max(6) }).optional(),
    /** Add to each roll if the target has this keyword. */
    bonus: z.strictObject({ keyword, add: z.number().int().min(1).max(3) }).optional(),
    /** "Pick an enemy unit ... to be the target" (one), or "pick each enemy unit ... to be the targets" (each). */
    targets: z.enum(["one", "each"]).default("one"),
    /** "Pick up to N enemy units ... to be the targets": the N best targets (the step's pick), each rolled for. */
    upTo: z.number().int().min(2).max(6).optional(),
    /** Each counted roll inflicts this many mortal damage, rolled ("On a 3+, inflict D3 mortal damage on the target"), instead of `each`. */
    damage: diceField.optional(),
    /** "Roll 6 dice": `dice` rolled this many times (dice expressions stop at 4 dice). */
    rolls: z.number().int().min(2).max(12).optional(),
    // docs/abilities.md "Mortal damage, slays and healing in every phase" (src/aos/battle/damage.ts):
    /** "Roll either 3 dice or a number of dice equal to ...": at least this many dice (more dice only add damage). */
    minDice: z.number().int().min(1).max(20).optional(),
    /** "..., to a maximum of 10": at most this many dice. */
    maxDice: z.number().int().min(1).max(40).optional(),
    /** "Roll a dice. On a 3+, roll ...": a D6 first; below `gate` nothing more is rolled. */
    gate: z.number().int().min(2).max(6).optional(),
    /** The `dice` are one roll, their sum ("Roll 2D6. If the roll is ..."). */
    summed: z.boolean().optional(),
    /** A roll counts when it compares so with the target's characteristic, instead of `on` ("If the roll exceeds the target's Save characteristic"). */
    vs: z.strictObject({ stat: z.enum(["health", "save", "models", "damage"]), rule: z.enum(["exceeds", "at-most", "below"]) }).optional(),
    /** A counted roll of at least `from` inflicts `damage` instead ("On a 3-5, inflict D3 mortal damage on the target. On a 6, inflict 2D3 ..."). */
    top: z.strictObject({ from: z.number().int().min(2).max(6), damage: diceField }).optional(),
    /** Added to each roll when the target charged this turn, has more models than the unit with the ability, or more than `models` models, or is damaged (the mortal4 area). */
    rollBonus: z.strictObject({ add: z.number().int().min(1).max(3), if: z.enum(["target-charged", "target-more-models", "target-models-over", "target-damaged", "daemonic-points"]), models: z.number().int().min(1).max(40).optional() }).optional(),
    /** The mortal damage the ability inflicts (if any) grows by `add` or doubles, against a unit with one of `anyKeywords` or if the unit with the ability charged this turn. */
    extra: z
      .strictObject({ add: z.number().int().min(1).max(6).optional(), double: z.boolean().optional(), anyKeywords: z.array(keyword).min(1).max(4).optional(), charged: z.boolean().optional() })
      .optional(),
    /** A spell's mortal damage on each other unit of the target's army within this of the target, not on the target ("each other enemy unit within 3\" of the target"). */
    around: inches.optional(),
    /**
     * With `targets` "each" (the mortal4 area): every other unit of either army within whom's range, not only the enemy
     * ones ("Pick each other unit (friendly and enemy) within this unit's combat range"); used only when the enemy units
     * among them outnumber the friendly ones.
     */
    bothSides: z.literal(true).optional(),
  }),
  /**
   * Heal (X): `amount` dice, or the damage its attacks allocated ("damage-dealt"). A declared heal of friendly units
   * (whom friendly; src/aos/battle/damage.ts): `on`, a dice first ("Roll a dice. On a 2+, Heal (3) the target");
   * `targets` "each", or `upTo` N ("Heal (D3) each target").
   */
  z.strictObject({
    kind: z.literal("heal"),
    /** "half-damage": half the damage points the unit has, rounding up ("Heal (X) this unit, where X is half ..."). */
    amount: z.union([diceField, z.literal("damage-dealt"), z.literal("half-damage")]),
    on: z.number().int().min(2).max(6).optional(),
    /**
     * "Roll a dice for each model in this unit. For each 4-5, Heal (1) the target. For each 6, Heal (2) the target":
     * a D6 for each model of the unit with the ability; each `on`+ heals `amount` (a number), each `top.from`+ `top.amount`.
     */
    perModel: z.strictObject({ on: z.number().int().min(2).max(6), top: z.strictObject({ from: z.number().int().min(2).max(6), amount: z.number().int().min(1).max(6) }).optional() }).optional(),
    targets: z.enum(["one", "each"]).optional(),
    upTo: z.number().int().min(2).max(6).optional(),
  }),
  /**
   * Return slain models (docs/abilities.md "Healing and returning slain models"): `count` models, or models
   * with a combined Health of up to `health`; `on`: first a dice, the models return on `on`+ (Countless
   * Servants); `instead`: another count for a target with `keyword` or with a Health characteristic of 1
   * (Repair Construct's 3); `targets`: "each" for "any number of units" (No Rest for the Wicked), else one.
   */
  z.strictObject({
    kind: z.literal("return-models"),
    count: diceField.optional(),
    health: diceField.optional(),
    on: z.number().int().min(2).max(6).optional(),
    instead: z.strictObject({ keyword: keyword.optional(), healthOne: z.boolean().optional(), count: z.number().int().min(1).max(20) }).optional(),
    targets: z.enum(["one", "each"]).default("one"),
    /** "Roll a D3. On a 2+, return a number of slain models ... equal to the roll": a count below this returns none. */
    least: z.number().int().min(2).max(6).optional(),
  }),
  /** Harrowing Shrieks: `whom` cannot be healed or have slain models returned to them. */
  z.strictObject({ kind: z.literal("forbid-heal") }),
  /** A dice slays 1 model: at least double the target's Health (Stuff 'Em in Me Bag), more than it, or at least it. */
  z.strictObject({
    kind: z.literal("slay"),
    /** declared6's "2d6-exceeds-health": 2D6 summed more than the target's Health destroys the whole unit ("it is automatically destroyed"). */
    rule: z.enum(["roll-at-least-double-health", "roll-exceeds-health", "roll-at-least-health", "casting-roll-exceeds-health", "2d6-exceeds-health"]),
    /** "Roll 3 dice. For each roll that is at least double the target's Health characteristic, 1 model ... is slain". */
    rolls: z.number().int().min(2).max(12).optional(),
    /**
     * Hurled Body: "1 model in that unit is slain and you can pick a visible enemy unit within 12\" of this unit.
     * Inflict an amount of mortal damage on that unit equal to the target's Health characteristic": the range (a
     * declared slay of one D6; docs/abilities.md "Hurled Body").
     */
    hurl: z.number().int().min(1).max(24).optional(),
  }),
  z.strictObject({ kind: z.literal("control"), add: z.number().int().min(-20).max(20).optional(), max: z.number().int().min(1).max(20).optional(), ignorePositive: z.boolean().optional() }),
  z.strictObject({ kind: z.enum(["move", "run", "charge", "pile-in"]), value: z.number().int().min(-12).max(12) }),
  /** "Add N to casting rolls for this unit / for friendly X WIZARDS while they are wholly within N\" of this unit" (passive; battle/casting.ts castingBonus). */
  /** "Ignore the first damage point that would be allocated to this unit in each phase" (passive; battle/ignore-first.ts). */
  z.strictObject({ kind: z.literal("ignore-first") }),
  z.strictObject({ kind: z.literal("casting"), value: z.number().int().min(-3).max(3), unlessMiscast: z.boolean().optional(), /** "when it uses a SUMMON ability" */ summon: z.boolean().optional() }),
  /** "If this unit miscasts a spell, ignore the restriction that would stop this unit from casting any more spells this turn" (spells.ts castingRollValue). */
  z.strictObject({ kind: z.literal("miscast-goes-on") }),
  z.strictObject({ kind: z.literal("charge-dice"), add: z.number().int().min(1).max(2), max: z.number().int().min(2).max(4) }),
  z.strictObject({ kind: z.literal("strike"), order: z.enum(["first", "last"]), on: z.number().int().min(2).max(6).optional() }),
  z.strictObject({
    kind: z.literal("token"),
    token: z.string().regex(/^[a-z0-9-]{1,40}$/),
    action: z.enum(["gain", "spend", "remove"]),
    amount: z.number().int().min(1).max(20).default(1),
    /** A passive gain the unit starts the battle with (Bone Cage: "It starts the battle full"). */
    start: z.boolean().optional(),
    /** Bone Harvest: a dice per enemy unit destroyed this battle, `foughtBonus` added if this unit fought this turn; any `on`+ gains it. */
    roll: z.strictObject({ per: z.literal("enemy-destroyed"), on: z.number().int().min(2).max(6), foughtBonus: z.number().int().min(0).max(2).default(0) }).optional(),
  }),
  z.strictObject({ kind: z.literal("set-up"), whollyWithin: inches.optional(), moreThanFromEnemies: inches.optional(), move: diceField.optional() }),
  z.strictObject({ kind: z.literal("rally-dice"), add: z.number().int().min(1).max(6) }),
  /**
   * A modifier that lasts for the rest of the turn on the unit a combat-phase ability picks (whom): `set`
   * "hit" / "wound" (by `value`, on its attacks; `companionOnly`: only its Companion weapons, which then take
   * it though positive modifiers are otherwise ignored, CORE-COMPANION) or "weapon-abilities-off" (its
   * weapon abilities other than Companion have no effect); on a dice roll of `on`+ (none: always); with
   * `afterDamage`, only if the same ability's mortal damage (the effect before it) allocated that many damage
   * points to the target, which is then the unit it is set on (Shriek of Terror).
   */
  z.strictObject({
    kind: z.literal("for-the-turn"),
    /**
     * "ignore-positive" (a spell's, Grief-stricken): positive modifiers to the unit's hit and wound rolls and to its
     * control score are ignored. The duration kinds (docs/abilities.md "Effects for a while"): "save" (the unit's save
     * rolls), "rend" / "damage" / "attacks" (the unit's weapons' characteristics), "ward" (WARD (value+)),
     * "strike-first" / "strike-last", "control" (its control score), "no-commands" (it cannot use commands), "charge"
     * (added to its charge rolls), "charge-dice" (dice added to its charge rolls, to a maximum of 3), "charge-after" (it
     * can use CHARGE abilities, and with `shoot` SHOOT abilities, though it used a RUN / RETREAT ability: `after`):
     * docs/abilities.md "Declared abilities, second pass".
     */
    set: z.enum(DURATION_SETS),
    /** hit / wound: "by" the unit's attacks (default) or "against": attacks that target it. */
    direction: direction.optional(),
    /** The modifier; for "ward" the ward value (2-6); for "control" up to -10..10. */
    value: z.number().int().min(-10).max(10).refine((v) => v !== 0, "a modifier of 0 does nothing").optional(),
    /** "control": the value times the battle round ("Subtract twice the current battle round number from the target's control score"). */
    perRound: z.boolean().optional(),
    companionOnly: z.boolean().default(false),
    on: z.number().int().min(2).max(6).optional(),
    afterDamage: z.number().int().min(1).max(20).optional(),
    /** With `afterDamage` 1: set when the mortal damage's roll counted ("On a 2+, inflict ... and subtract 1 from ..."), the points rolled before the ward, not those allocated (the combat3 area). */
    afterRoll: z.literal(true).optional(),
    /**
     * After a fight-after effect (the passive4 area): put when the reaction picks its target, on the target (whom the pick)
     * or on the unit with the ability (whom self): "Add 1 to hit rolls for attacks made by this unit and the target for the
     * rest of the turn" (src/aos/battle/fight-order.ts, the kernel's EF.F_AFTER_FIGHT 2 / 3).
     */
    atPick: z.literal(true).optional(),
    /** With `afterDamage` 1 (the mortal4 area): set when the mortal damage slew any models ("If any models are slain by this ability, ..."), not on the damage points. */
    afterSlain: z.literal(true).optional(),
    /** With `afterDamage` (the mortal4 area): set on the unit with the ability, not on the target ("..., this unit has WARD (5+) for the rest of the turn"). */
    afterSelf: z.literal(true).optional(),
    /** A spell's "until the start of your next turn" instead of "for the rest of the turn" (docs/abilities.md "Spells"). */
    until: z.literal("your-next-turn").optional(),
    /** "Pick up to N ... units to be the targets" (status.ts): the N best targets, a dice for each (`on`). */
    upTo: z.number().int().min(2).max(6).optional(),
    /** "Pick each ... unit to be the targets" (status.ts, the combat3 area): every unit the pick names, a dice for each (`on`); used when one of them scores. */
    each: z.literal(true).optional(),
    /** "charge-after": the moves it forgives (a RUN, a RETREAT ability) ... */
    after: z.array(z.enum(["run", "retreat"])).min(1).max(2).optional(),
    /** ... and SHOOT abilities too (CHARGE abilities always). */
    shoot: z.boolean().optional(),
    /**
     * The dice read against the target instead of `on` (declared2): "If the roll exceeds / is equal to or less than the
     * target's Control characteristic", "... is equal to or less than the target's Health characteristic".
     */
    vs: z.enum(["control-exceeds", "control-at-most", "health-at-most", "health-2d6-exceeds"]).optional(),
    /** "Add N to the roll if the target is damaged" (declared2): added to the dice when the target has damage points. */
    addIfDamaged: z.number().int().min(1).max(3).optional(),
    /** "Pick this unit and up to N friendly ... units to be the targets" (declared2): this unit and the N best others (`whom`). */
    andSelf: z.number().int().min(1).max(3).optional(),
    /** "Add N to the roll if the target is INFANTRY" (declared2): added to the dice when the target has one of the keywords. */
    addIfKeywords: z.strictObject({ add: z.number().int().min(1).max(3), anyKeywords: z.array(keyword).min(1).max(4) }).optional(),
    /**
     * "If this unit is in combat, X. If this unit is not in combat, roll a dice. On a 3+, X" (hero3): no dice (`on`) while
     * the unit with the ability is in combat.
     */
    sureInCombat: z.literal(true).optional(),
    /**
     * "If this unit is under orders, apply the effect below. Otherwise, roll a dice. On a 3+, apply the effect below. X"
     * (the cities6 area): no dice while the unit with the ability is under orders (status.ts; the kernel's EF.C6_ATTACKER bit 2).
     */
    sureUnderOrders: z.literal(true).optional(),
    /**
     * declared4: put on the unit with the ability, not on the target, with the same dice ("add 1 to the Attacks
     * characteristic of both this unit's and the target's X", "the targets have WARD (5+) and this unit has STRIKE-LAST"):
     * a follower of its ability's group (status.ts useForAWhile; the kernel's EF.D4_ON_SELF).
     */
    onSelf: z.literal(true).optional(),
    /** "weapon-ability" (hero3): the Crit the unit's weapons have ("the target's melee weapons have Crit (2 Hits) for the rest of the turn"). */
    ability: z.enum(["Crit (2 Hits)", "Crit (Auto-wound)", "Crit (Mortal)", "Charge (+1 Damage)"]).optional(),
    /**
     * declared6: a command ("Once Per Turn (Army), Any Combat Phase; Command"): used only while its army has a command
     * point, the unit with the ability has an issuer (commands.ts commandIssuer) and can use commands; using it spends 1
     * (src/aos/battle/declared6.ts; the kernel's EF.D6_COMMAND). On every effect of its group.
     */
    command: z.literal(true).optional(),
  }),
  /**
   * A reaction when this unit fights (`when`: reaction to own-fight): one friendly unit `whom` names that has not
   * used a FIGHT ability this turn can be picked to fight immediately after this unit's fight has been resolved
   * (docs/abilities.md "Fighting immediately after"). A for-the-turn effect right after it in the ability is set
   * on that unit when it is picked to do so ("If it is picked to do so, add 1 to hit rolls ... for the rest of
   * the turn").
   */
  z.strictObject({ kind: z.literal("fight-after") }),
  /**
   * A weapon's Attacks characteristic by the ability (Necromantic Limits): at most `max`, and `damaged.attacks`
   * while the unit has `damaged.damagePoints` or more damage points (like Battle Damaged, but not it: Feral Roar
   * does not lift it). `weapon`: the weapon's name on the warscroll.
   */
  z.strictObject({
    kind: z.literal("weapon-attacks"),
    weapon: name,
    max: z.number().int().min(1).max(40).optional(),
    damaged: z.strictObject({ damagePoints: z.number().int().min(1).max(40), attacks: z.number().int().min(0).max(40) }).optional(),
  }),
  /** "This unit can use UNBIND abilities as if it had WIZARD (1)" (CORE-UNBIND: spells.ts castingRollValue). */
  z.strictObject({ kind: z.literal("unbind") }),
  /**
   * The react4 area (docs/abilities.md "Casting and unbinding reactions (react4)"; battle/react4.ts, spells.ts
   * castingRollValue): "Each time this unit unbinds a spell, inflict D3 mortal damage on the caster[. If the unbinding
   * roll was N+, inflict D6 mortal damage on the caster instead]" (passive).
   */
  z.strictObject({
    kind: z.literal("unbind-mortal"),
    dice: z.enum(["D3", "D6"]),
    high: z.strictObject({ atLeast: z.number().int().min(3).max(18), dice: z.enum(["D3", "D6"]) }).optional(),
  }),
  /**
   * "Reaction: Opponent declared a SPELL ability: If a friendly X unit wholly within 12" of this unit (`whom`) was picked
   * to be the target of that spell, this unit can use the 'Unbind' ability as if it had WIZARD (1). Add `add` to the
   * unbinding roll for that ability. If the spell is unbound, inflict D3 mortal damage on the caster" (Spell-eaters).
   */
  z.strictObject({ kind: z.literal("unbind-for-target"), add: z.number().int().min(0).max(3), mortal: z.enum(["D3", "D6"]) }),
  /** "Reaction: Opponent declared a SPELL ability: This unit uses the 'Unbind' ability but the unbinding roll is 3D6 instead of 2D6." */
  z.strictObject({ kind: z.literal("unbind-3d6") }),
  /**
   * The magic5 area: "Enemy Hero Phase: Give this unit D3 ritual points" — the unit with the ability gains `points` (a D3,
   * or a number) ritual points (CORE-PRAYERS, warscroll-spells.ts chantingRoll) at the end of that hero phase (battle/magic5.ts).
   */
  z.strictObject({ kind: z.literal("ritual-gain"), points: z.union([z.literal("D3"), z.number().int().min(1).max(6)]) }),
  /**
   * The magic6 area: "[Once Per Battle, ]Your Hero Phase: Add 1 to this unit's power level for the rest of the turn" — held
   * on the unit with the ability for the rest of the turn (battle/magic6.ts usePowerTurns at the start of that hero phase,
   * before any spell; passive2.ts powerLevel adds it). `on`: "roll a dice. On a N+, ..." first; `terrain`: only while
   * the unit is within that many inches of a terrain feature ("and within 3\" of a terrain feature").
   */
  /**
   * The magic6 area: a declared "add 1 to casting rolls [and chanting rolls] for the target for the rest of the turn |
   * until the start of your next turn" (Discharge Armour, Divine Matriarch), on the friendly unit `whom` names, after
   * "Roll a dice. On a N+," when `on` is given. Used at the start of its own hero phase, before any spell
   * (battle/magic6.ts useCastingTurns); held as the record's for-the-turn token; read by casting.ts castingBonus and
   * passive2.ts rollBonus ("chanting").
   */
  /** The magic6 area: "add 1 to banishment rolls for this unit" (passive; manifestations.ts banish adds it, battle/magic6.ts banishBonus). */
  z.strictObject({ kind: z.literal("banishment"), value: z.number().int().min(-3).max(3).refine((v) => v !== 0, "a modifier of 0 does nothing") }),
  z.strictObject({ kind: z.literal("casting-turn"), value: z.number().int().min(-3).max(3).refine((v) => v !== 0, "a modifier of 0 does nothing"), chanting: z.boolean().optional(), on: z.number().int().min(2).max(6).optional(), until: z.literal("your-next-turn").optional() }),
  z.strictObject({ kind: z.literal("power-turn"), value: z.number().int().min(-3).max(3).refine((v) => v !== 0, "a modifier of 0 does nothing"), on: z.number().int().min(2).max(6).optional(), terrain: z.number().min(0).max(12).optional() }),
  /**
   * "Reaction: You declared a SPELL ability for this unit: Roll a dice. On a 1, inflict `mortal` mortal damage on this
   * unit. On a `on`+, add `add` to the casting roll." (Bargain With The Mist-Daemons).
   */
  z.strictObject({ kind: z.literal("casting-gamble"), mortal: z.number().int().min(1).max(6), on: z.number().int().min(2).max(6), add: z.number().int().min(1).max(3) }),
  /** "Reaction: You declared a SPELL ability for this unit: Re-roll 1 of the dice in the casting roll." (Arcane Tome). */
  z.strictObject({ kind: z.literal("casting-reroll") }),
  /**
   * A trigger on unmodified save rolls (docs/abilities.md "Roll triggers"): each save roll of `roll`
   * (unmodified; after a re-roll, the re-rolled dice) made for an attack that targets the affected unit (whom,
   * `conditions.attack`); after the attack ability has been resolved, `mortal` mortal damage on the attacking
   * unit for each such roll (Acid Ichor), or `removeToken` is removed from the unit with the ability (Loyal
   * Gryph-hound). Exactly one of the two.
   */
  z.strictObject({
    kind: z.literal("save-roll"),
    /** The unmodified roll: 1 or 6 (the samplers count these). */
    roll: z.union([z.literal(1), z.literal(6)]),
    mortal: diceField.optional(),
    removeToken: z.string().regex(/^[a-z0-9-]{1,40}$/).optional(),
  }),
  /**
   * Smash Down: a terrain feature within `range` of the unit is the target; each unit within `within` of it that
   * passes `whom`'s filter — friend and foe with `sides: "both"` — takes a roll of `dice`, each roll of `on`+
   * inflicting `each` (1, or the roll) mortal damage (the combat step's rule picks the feature: docs/abilities.md).
   */
  /**
   * The mortal4 area (src/aos/battle/mortal4.ts): when the unit with the ability is destroyed, before it is removed, a
   * dice for each enemy unit within its combat range; on `on`+, `damage` mortal damage on that unit (Watch Out!).
   */
  z.strictObject({ kind: z.literal("destroyed-mortal"), on: z.number().int().min(2).max(6), damage: diceField }),
  z.strictObject({
    kind: z.literal("terrain-mortal"),
    range: inches,
    within: inches,
    dice: diceField,
    on: z.number().int().min(1).max(6).optional(),
    each: z.union([z.number().int().min(1).max(6), z.literal("roll")]).default(1),
    sides: z.enum(["both", "enemy"]),
  }),
  /**
   * Thrashing Desperation: while the unit with the ability contests an objective its player controls (the
   * condition `contesting: "objective-you-control"`), units `whom` names (enemy) cannot finish a charge move
   * within `within`" of it unless the unmodified charge roll was `unlessRoll` or more (docs/abilities.md "Charges and moves").
   */
  z.strictObject({ kind: z.literal("charge-barrier"), within: inches, unlessRoll: z.number().int().min(2).max(18) }),
  /**
   * "This unit can use CHARGE [and SHOOT] abilities even if it used a RUN / RETREAT ability in the same turn"
   * (Keep Up!, Vanguard Chamber's "for the rest of the turn" when its timing is a phase).
   */
  z.strictObject({
    kind: z.literal("charge-after"),
    after: z.array(z.enum(["run", "retreat"])).min(1).max(2),
    /** SHOOT abilities too; `charge: false` for SHOOT abilities only. */
    shoot: z.boolean().default(false),
    charge: z.boolean().default(true),
    /** "In addition, no mortal damage is inflicted on this unit by RETREAT abilities". */
    noRetreatDamage: z.boolean().default(false),
  }),
  /**
   * Brace for Impact: a charge-phase ability on one enemy unit `whom` names (in combat: range 3) that charged this
   * turn; a dice per model of the unit with the ability, and if any is `on`+ the target has STRIKE-LAST for the
   * rest of the turn (docs/abilities.md "Charges and moves").
   */
  z.strictObject({ kind: z.literal("charged-strike-last"), on: z.number().int().min(2).max(6) }),
  /**
   * Set-ups (docs/abilities.md "Set-ups and redeployment", src/aos/battle/setups.ts): `reserve` — a deployment-phase
   * "Set up this unit in reserve <location>. It has now been deployed", played with the same warscroll's `arrive`
   * from that location (set up more than `moreThanFromEnemies` from all enemy units [and wholly within
   * `whollyWithinEdge` of a battlefield edge]); `redeploy` — "Remove this unit from the battlefield and set it up
   * again on the battlefield" under the same placement.
   */
  z.strictObject({ kind: z.literal("reserve"), location: z.string().trim().min(1).max(60) }),
  z.strictObject({ kind: z.literal("arrive"), location: z.string().trim().min(1).max(60), moreThanFromEnemies: inches, whollyWithinEdge: inches.optional() }),
  z.strictObject({
    kind: z.literal("redeploy"),
    moreThanFromEnemies: inches,
    whollyWithinEdge: inches.optional(),
    /** To Our Liege: "set it up again wholly within 12\" of a friendly FLESH-EATER COURTS HERO" (a movement-phase redeployment: setups.ts). */
    nearFriendly: z.strictObject({ filter: effectFilterSchema, range: inches }).optional(),
  }),
  /**
   * "This unit can use the 'Normal Move' ability as if it were your movement phase" (a deployment-phase ability:
   * setups.ts); `upTo`: "Pick up to N friendly X units ... Each target can use ...", the units `whom` names;
   * `distance`: "Each target can move N\" but cannot end that move in combat" (Chilling Horde) — a normal move's line
   * of N inches instead of the unit's Move.
   */
  z.strictObject({ kind: z.literal("normal-move"), upTo: z.number().int().min(1).max(6).optional(), distance: inches.optional() }),
  /**
   * A move of the unit with the ability outside the movement phase (the moves5 area, docs/abilities.md "Moves outside
   * the movement phase (moves5)", src/aos/battle/moves5.ts): `dice` inches (a roll), played after the unit's own SHOOT
   * ability (a reaction own-shoot, or a shooting-phase ability), at the end of the enemy's movement phase, or at the
   * end of a turn — a normal move's line (never into or through the enemies' combat ranges) toward the objective the
   * movement policy would advance on. `clear`: only if the unit is more than this far from every enemy unit.
   */
  z.strictObject({
    kind: z.literal("phase-move"),
    dice: diceField,
    clear: inches.optional(),
    /** "... can immediately use the 'Normal Move' ability as if it were your movement phase": its Move characteristic instead of `dice` (0). */
    normal: z.literal(true).optional(),
    /** "Roll a dice. On a N+, ...": the move only on this roll. */
    gate: z.number().int().min(2).max(6).optional(),
    /**
     * "Your Movement Phase: Pick up to N friendly X units wholly within R" of this unit ... to be the targets. Each target
     * can immediately move D3"" (Guided by Lightning): the units `whom` names move, up to N of them, at the end of the
     * movement phase (moves5.ts ownMovementMoves); `arrived`: only units set up this turn by that reserve arrival
     * ability ("that were set up this turn using the 'Scions of the Storm' ability").
     */
    upTo: z.number().int().min(1).max(6).optional(),
    arrived: z.string().trim().min(1).max(60).optional(),
  }),
  /**
   * A charge roll of a unit `whom` names changed after it is rolled (docs/abilities.md "Charge re-rolls",
   * src/aos/battle/charge-rerolls.ts): `dice` "all" — the roll re-rolled ("You can re-roll charge rolls for ..."),
   * "one" — one of its dice re-rolled, "four" — one of its dice changed to a 4.
   */
  z.strictObject({ kind: z.literal("charge-reroll"), dice: z.enum(["all", "one", "four"]) }),
  ...COMMON_KINDS,
  ...TIMING2_KINDS,
  /**
   * "Pick an objective you do not control and that you controlled earlier in the battle to be the target. Effect: You
   * control the target objective" (a start-of-turn ability; docs/abilities.md "hero3"): src/aos/battle/hero3.ts and
   * assembly/battle/hero3.ts.
   */
  z.strictObject({ kind: z.literal("seize") }),
  /** A weapon ability the affected unit's weapons have ("This unit's melee weapons have Crit (2 Hits) if it charged"): passive.ts. */
  z.strictObject({ kind: z.literal("weapon-ability"), ability: z.enum(["Crit (2 Hits)", "Crit (Auto-wound)", "Crit (Mortal)", "Anti-charge (+1 Rend)", "Charge (+1 Damage)"]), direction: z.literal("by").default("by") }),
  /** "Attacks that target this unit cannot score critical hits (treat them as regular hits instead)": the attackers' Crit abilities do nothing. */
  z.strictObject({ kind: z.literal("no-crits"), direction }),
  /** "Ignore negative modifiers to hit rolls and wound rolls for this unit's attacks", "Ignore modifiers to save rolls for this unit", "Ignore negative modifiers to the control scores of ...". */
  z.strictObject({ kind: z.literal("ignore-modifiers"), rolls: z.enum(["hit-wound", "save", "control"]), sign: z.enum(["negative", "positive", "both"]), direction }),
  /** A modifier to ward rolls ("Subtract 1 from ward rolls for enemy units while ..."), or `none`: "ward rolls cannot be made". */
  z.strictObject({ kind: z.literal("ward-roll"), value: modValue.optional(), none: z.boolean().optional(), direction }),
  ...PASSIVE2_KINDS,
  /**
   * The passive3 area's (docs/abilities.md "Passive abilities, third pass"; src/aos/abilities/passive3.ts): "The Charge
   * (+1 Damage) weapon ability has no effect on attacks that target this unit" — the attackers' weapons lose it (their
   * own and any given).
   */
  z.strictObject({ kind: z.literal("no-charge-damage"), direction: z.literal("against").default("against") }),
  /**
   * The cities6 area's (docs/abilities.md "Cities of Sigmar: under orders (cities6)"): "This unit's ranged weapons have
   * Shoot in Combat" — a passive on the unit itself: in combat it shoots with all its ranged weapons (battle/cities6.ts).
   */
  z.strictObject({ kind: z.literal("shoot-in-combat") }),
  /**
   * The passive4 area's (docs/abilities.md "Passive abilities, fourth pass (passive4)"): "The Damage characteristic of
   * this unit's X is N for attacks that target MONSTERS" — the weapons' Damage characteristic is N (a fixed value, the
   * modifiers then added: passive.ts weaponAfterMods, the kernel's passive.ts weaponMods).
   */
  z.strictObject({ kind: z.literal("damage-set"), value: z.number().int().min(1).max(9), direction: z.literal("by").default("by") }),
  /**
   * The passive5 area's (docs/abilities.md "Passive abilities, fifth pass (passive5)"): "Double the Damage characteristic
   * of this unit's X for attacks that target MONSTERS" — a fixed Damage characteristic (or one set by damage-set) is
   * doubled, the modifiers then added (passive.ts weaponAfterMods, the kernel's actions.ts); a random one is left as it is.
   */
  z.strictObject({ kind: z.literal("damage-double"), direction: z.literal("by").default("by") }),
  /**
   * The objective4 area's (docs/abilities.md "Objectives, terrain features and set-ups again"; src/aos/battle/objective4.ts):
   * at the end of a hero phase of its timing, the unit with the ability gets `token` for the rest of the battle when the
   * effect's conditions hold (its `objective`); the ability's other effects name it (`conditions.token`): "If this unit is
   * contesting an objective you control that is wholly within enemy territory, this unit has WARD (5+) for the rest of the battle".
   */
  z.strictObject({ kind: z.literal("mark"), token: z.string().regex(/^mark-[a-z0-9-]{1,35}$/) }),
  /**
   * The kills5 area's (src/aos/battle/kills5.ts): at the end of a turn of its timing, the unit with the ability gets
   * `token` for the rest of the battle when the effect's `killed` condition holds ("If this unit destroyed an enemy HERO
   * or MONSTER this turn, this unit has STRIKE-FIRST for the rest of the battle"); the ability's other effects name it
   * (`conditions.token`).
   */
  z.strictObject({ kind: z.literal("kill-mark"), token: z.string().regex(/^kill-[a-z0-9-]{1,35}$/) }),
  /**
   * The sylvaneth6 area's (src/aos/battle/sylvaneth6.ts): "Pick a terrain feature within `range` of this unit that does
   * not have a friendly overgrown token to be the target. Effect: Give the target a friendly overgrown token" (Verdian
   * Crown), used by the scripted policy at the end of a hero phase of its timing.
   */
  z.strictObject({ kind: z.literal("overgrow"), range: z.number().int().min(1).max(48) }),
]);
export type Do = z.output<typeof doSchema>;

export const effectSchema = z.strictObject({
  whom: whomSchema.default({ side: "self", wholly: false, includeSelf: false }),
  conditions: conditionsSchema.default({ attack: "any" }),
  do: doSchema,
});
export type Effect = z.output<typeof effectSchema>;

/**
 * played: the interpreters play every effect; engine: other engine code plays it (named in `note`);
 * not-played: neither, and `note` says why.
 */
export const STATUSES = ["played", "engine", "not-played"] as const;

export const abilitySchema = z
  .strictObject({
    warscroll: name,
    name,
    when: whenSchema,
    effects: z.array(effectSchema).max(8).default([]),
    status: z.enum(STATUSES),
    note: z.string().trim().max(400).optional(),
  })
  .refine((a) => a.status !== "not-played" || (a.note?.length ?? 0) > 0, { message: "a not-played ability says why in `note`" })
  .refine((a) => a.status !== "played" || a.effects.length > 0, { message: "a played ability has effects" })
  .refine((a) => a.effects.every((e) => e.do.kind !== "for-the-turn" || VALUELESS_SETS.includes(e.do.set) === (e.do.value === undefined)), {
    message: "a for-the-turn modifier or ward has a value (and weapon-abilities-off, ignore-positive and strike-first/last none)",
  })
  .refine((a) => a.effects.every((e) => e.do.kind !== "for-the-turn" || e.do.value === undefined || (e.do.set === "ward" ? e.do.value >= 2 && e.do.value <= 6 : e.do.set === "control" || (e.do.value >= -3 && e.do.value <= 3))), {
    message: "a for-the-turn ward is 2-6, a modifier -3..3 (a control score's -10..10)",
  })
  .refine((a) => a.effects.every((e) => e.do.kind !== "for-the-turn" || e.do.direction === undefined || e.do.set === "hit" || e.do.set === "wound"), {
    message: "a for-the-turn direction is for hit and wound modifiers (save and ward are the unit's own, rend, damage and attacks its weapons')",
  })
  .refine((a) => a.effects.every((e) => e.do.kind !== "for-the-turn" || ((e.do.vs === undefined || e.do.on === undefined) && ((e.do.addIfDamaged === undefined && e.do.addIfKeywords === undefined) || e.do.on !== undefined || e.do.vs !== undefined))), {
    message: "a for-the-turn dice is read against `on` or the target (`vs`), and a roll bonus needs one of them",
  })
  .refine((a) => a.effects.every((e) => e.do.kind !== "for-the-turn" || e.do.andSelf === undefined || (e.do.upTo === undefined && e.whom.side === "friendly" && !e.whom.includeSelf)), {
    message: "a for-the-turn andSelf picks this unit and other friendly units (no upTo)",
  })
  .refine((a) => a.effects.every((e) => e.do.kind !== "for-the-turn" || (e.do.after !== undefined) === (e.do.set === "charge-after")), {
    message: "a for-the-turn charge-after names the moves it forgives (after), and only it",
  })
  .refine((a) => a.effects.every((e, i) => e.do.kind !== "for-the-turn" || !e.do.onSelf || (i > 0 && a.effects.every((x) => x.do.kind === "for-the-turn" && x.do.upTo === undefined && x.do.andSelf === undefined))), {
    message: "a for-the-turn onSelf effect follows its group's lead, in an ability of for-the-turn effects on one target or each",
  })
  .refine((a) => a.effects.every((e) => e.do.kind !== "for-the-turn" || !e.do.perRound || e.do.set === "control"), {
    message: "a for-the-turn perRound is for a control score",
  })
  .refine((a) => a.effects.every((e, i) => e.do.kind !== "for-the-turn" || e.do.afterDamage === undefined || a.effects[i - 1]?.do.kind === "mortal"), {
    message: "a for-the-turn effect with afterDamage follows the ability's mortal damage effect",
  })
  .refine((a) => a.effects.every((e) => e.do.kind !== "fight-after" || (a.when.timing === "reaction" && a.when.to === "own-fight")), {
    message: "a fight-after effect is a reaction to the unit's own FIGHT ability",
  })
  .refine((a) => a.effects.every((e, i) => e.do.kind !== "for-the-turn" || a.effects[i - 1]?.do.kind !== "fight-after" || e.do.on === undefined), {
    message: "the for-the-turn effect after a fight-after effect has no dice (it is set when the unit is picked)",
  })
  .refine((a) => a.effects.every((e) => e.do.kind !== "redeploy" || e.do.nearFriendly === undefined || (a.when.timing === "phase" && a.when.phase === "movement")), {
    message: "a redeploy's nearFriendly is a movement-phase redeployment's",
  })
  .refine((a) => a.effects.every((e) => e.do.kind !== "slay" || e.do.hurl === undefined || (a.when.timing === "phase" && e.do.rolls === undefined && e.do.rule !== "2d6-exceeds-health" && e.do.rule !== "casting-roll-exceeds-health")), {
    message: "a slay's hurl follows one declared D6 slay (no rolls, not 2D6 or a casting roll)",
  })
  .refine((a) => a.effects.every((e) => e.do.kind !== "save-roll" || (e.do.mortal === undefined) !== (e.do.removeToken === undefined)), {
    message: "a save-roll trigger inflicts mortal damage or removes a token (one of the two)",
  });
export type Ability = z.output<typeof abilitySchema>;

export const abilitiesFileSchema = z.strictObject({
  source: z.string().max(600),
  abilities: z.array(abilitySchema).max(2000),
});
export type AbilitiesFile = z.output<typeof abilitiesFileSchema>;
