/**
 * A Pitched Battle (`BattleData`, at any decision step after deployment) as one flat Float64Array for the
 * Wasm rollout kernel (assembly/aos_rollout.ts). Everything the kernel needs to play the battle to its end
 * with the scripted policy: the plan's map and rules as numbers, unit profiles (weapons with their parsed
 * abilities, as src/aos/odds/plan.ts reads them), unit states, objectives and their controllers, terrain,
 * the scoring fold's bookkeeping, and the VP already scored (so the kernel returns the whole battle's record).
 *
 * THE LAYOUT (the one place it is written down; assembly/battle/layout.ts repeats the numbers and
 * test/aos/rollout-encode.test.ts holds the two equal). All values are f64; flags are 0/1, "none" is -1
 * for indices and 0 for rolls and rounds. Sides of the scoring fold: 0 attacker, 1 defender. Players: 0, 1.
 *
 *   [0, HEADER)                      header, slots H.*
 *   units      nUnits x UNIT         profile U.* (static) then state U.* (dynamic); the armies' manifestations
 *                                    (CORE-BANISH) are units from the start, off the battlefield (STATUS 2, no
 *                                    models) until summoned: UF.MANIFESTATION, U.BANISHMENT, U.SUMMON, U.MANIFEST_STATE
 *   weapons    nWeapons x WEAPON     W.*; a unit's weapons are consecutive (U.FIRST_WEAPON, U.WEAPONS)
 *   objectives nObjectives x OBJECTIVE  O.*: the plan's objectives in plan order
 *   terrain    nTerrain x TERRAIN   x, y, radius, height (0 if not given), the radius of the part more than
 *                                    1" tall (the radius if not given), abilities (bit 0 Cover, bit 1 Unstable;
 *                                    no list: Cover only) — src/aos/battle/terrain.ts, CORE-UNSTABLE
 *   territory  2 x TERRITORY         each player's territory polygon: up to 8 (x, y), count in H.TERRITORY_N0/1
 *   history    nHistory x SNAPSHOT   the fold's control history: round, side, attacker mask, defender mask
 *   prior      PRIOR                 VP so far [player][round 1..5][source: objectives, tactics, strategy,
 *                                    realm] (40), tactic picked round [player][tactic] (16), completed (16)
 *   effects    nEffects x EFFECT    EF.*: the played effects of the battle's warscrolls (src/aos/abilities) the
 *                                    kernel interprets (assembly/battle/effects.ts), after the abilities;
 *                                    offset and count in H.OFF_EFFECTS, H.N_EFFECTS; per unit U.EF_* masks
 *   abilities  nAbilities x ABILITY  AB.*: the reserve abilities (their arrival) then the replacement abilities
 *                                    of src/aos/battle/abilities.ts, in data order (CORE-RESERVES,
 *                                    CORE-REPLACEMENT); offset and count in H.OFF_ABILITIES, H.N_ABILITIES.
 *                                    H.SPARE_UNITS unit slots (and their weapons) are left for replacement
 *                                    units: the kernel appends them after the encoded units, as the engine does.
 *
 * Objective masks are bit i = the plan's objective i. Unit codes follow the engine's lists: steps STEP_KINDS,
 * tactics BATTLE_TACTIC_IDS, grand strategies GRAND_STRATEGY_IDS, plans BATTLEPLAN_IDS, scoring kinds
 * SCORING_KINDS. The kernel's result record (RESULT slots, R.*) is read back by src/aos/rollout/wasm.ts.
 */
import { cities6Unit, ordersCondition, SHOOT_IN_COMBAT_KIND, underOrders } from "./encode-cities6.js";
import { move3Slot } from "./encode-move3.js";
import { isKernelPassiveEffect, passesPassiveFilter, passiveKindCode, passiveRecord } from "./encode-passive.js";
import { InputError } from "../../core/errors.js";
import { type WeaponAbilities, weaponAbilities } from "../odds/plan.js";
import { type Battleplan, battleplan, BATTLEPLAN_IDS, bordersOf, inPlayByMap, objectivePosition, SCORING_KINDS, veinsPosition } from "../battleplans/index.js";
import { BATTLE_TACTIC_IDS, GRAND_STRATEGY_IDS, type Side } from "../scoring/index.js";
import { Battle } from "../battle/battle.js";
import { armyHasFaction, matches, type ReplacementAbility, type ReserveAbility } from "../battle/abilities.js";
import { isKernelObjective4Effect, markToken, objective4Bits, objective4Kind } from "./encode-objective4.js";
import { CHARGE_MARK_KIND, isChargeMark } from "./encode-passive6.js";
import { battleReserves, type RedeployAbility, redeployAbilities } from "../battle/setups.js";
import { ARRIVED_TOKEN_PREFIX } from "../battle/reserves.js";
import { battleReplacements } from "../battle/timing2.js";
import { canIssue } from "../battle/commands.js";
import type { AbilityUse, BattleData, Step, TerrainFeature } from "../battle/state.js";
import { givesCover } from "../battle/terrain.js";
import { Rng } from "../../core/rng.js";
import { keywordIn, passes, type PlayedEffect, playedEffectsOf } from "../abilities/index.js";
import type { DiceExpr } from "../../core/dice.js";
import { turnToken } from "../abilities/attack.js";
import { isCombatStepEffect, STEP_PHASES, stepPhaseOf } from "../battle/combat-abilities.js";
import { isFightAfterEffect, isFightAfterTurnEffect } from "../battle/fight-order.js";
import { isSpellEffect, NO_REPLACEMENT_TOKEN, spellOf, untilToken } from "../battle/warscroll-spells.js";
import { durationGroup } from "../battle/status.js";
import { DURATION_SETS } from "../abilities/schema.js";
import { VP_SOURCES, vpSource } from "./types.js";
import { isNewMortal, isStepHeal, unitKey } from "../battle/damage.js";
import { commonKind, commonRecord, commonUnitBits, commonUnitSlots, isKernelCommonEffect } from "./encode-common.js";
import { IGNORED_FIRST_TOKEN, ignoresFirst } from "../battle/ignore-first.js";
import { encodeTraits } from "./encode-traits.js";
import { hashutPoints, hashutSlot } from "./encode-hashut6.js";
import { pointReaders } from "../battle/hashut6.js";
import { battleEffects } from "../battle/effects.js";
import { fightTwiceState, isKernelTiming2Effect, timing2Kind } from "./encode-timing2.js";
import { heldAbilityCode, isKernelHero3Effect, SEIZE_KIND } from "./encode-hero3.js";
import { isKernelReact4Effect, react4Record } from "./encode-react4.js";
import { isKernelMagic5Effect, magic5Record } from "./encode-magic5.js";
import { isKernelMagic6Effect, magic6Record } from "./encode-magic6.js";
import { combat3Record, isKernelCombat3Effect, SWITCH_ON_KIND } from "./encode-combat3.js";
import { isKernelTail4Effect, TAIL4_KINDS, tail4Record } from "./encode-tail4.js";
import { isKernelMoves5Effect, moves5Record, PHASE_MOVE_KIND } from "./encode-moves5.js";
import { DESTROYED_MORTAL_KIND, isAfterMortalEffect, isKernelMortal4Effect, mortal4Record } from "./encode-mortal4.js";
import { isKernelPassive3Effect, passive3KindCode, passive3State } from "./encode-passive3.js";
import { isKernelSylvaneth6Effect, OVERGROW_KIND, overgrowthCode, sylvaneth6Code } from "./encode-sylvaneth6.js";
import { OVERGROW_USED } from "../battle/sylvaneth6.js";
import { isKernelKills5Effect, KILL_MARK_KIND, killMarkTokens, kills5Mark, kills5Need, kills5Slot } from "./encode-kills5.js";

/*
 * Spare room, reserved by area so parallel work on the effect language never collides (the slots are renamed to
 * what they hold once used; each area's docs/abilities.md section lists what it took).
 * - Layout 4's rooms (EF 49-78, kinds 30-49, H 105-121, U 52-61, US bits) belong to the areas that used them.
 * - Layout 5 (64 records a battle, masks of 64 bits in lo/hi halves), by area — status, passive, damage, common,
 *   moves, spells: EF 80-95, 96-111, 112-127, 128-143, 144-159, 160-175; kind codes 64-73, 74-83, 84-93, 94-103,
 *   104-113, 114-123; H 136-144, 145-153, 154-162, 163-171, 172-180, 181-189; U 72-77, 78-83, 84-89, 90-95,
 *   96-101, 102-107; U.STATE2 bits 0-4, 5-9, 10-14, 15-19, 20-24, 25-29; UI 42-46, 47-51, 52-56, 57-61, 62-66,
 *   67-71; UD 10-15. casting: kinds 124-127 (CASTING_KIND, CASTING_UNLESS_MISCAST_KIND, MISCAST_GOES_ON_KIND,
 *   CASTING_SUMMON_KIND; U.BLOCKED's value 2). ignorefirst: H 190-191 (H.IGNORE_FIRST), U.STATE2 bit 31.
 * - Layout 6 widened the kind codes to 0-191 (assembly/battle/effects.ts kinds3) and added kind codes 128-191,
 *   EF 176-199, H 192-215, U 112-123, UI 72-83 and UD 16-18. Used:
 *   declared2, passive2, timing2: their own slots (see their sections);
 *   combat3: kind 128 (SWITCH_ON_KIND), EF 180-182 (C3_AFTER_ROLL, C3_SWITCH_COUNT, C3_SWITCHED);
 *   passive3: kind 149 (PASSIVE3_KINDS no-charge-damage), EF 189-191 (P3_STATE, P3_TARGET_RANGE, P3_TARGET_BEYOND);
 *   move3: EF 192-193 (M3_PASSED, M3_CHARGE_ROLL), U 121 (U.M3), UI 81 (UI.CHARGE_ROLL), UD 18 (UD.PASSED);
 *   hero3: kind 169 (SEIZE_KIND), EF 196 (H3_SURE);
 *   bundled fill-in: US bit 1<<26 (US.ARRIVED);
 *   declared4: EF 183 (D4_ON_SELF), DURATION_SETS ward-roll;
 *   passive4: kind 150 (damage-set), DURATION_SETS damage-set, EF.P_FLAGS bit 64, EF.F_AFTER_FIGHT values 2-3;
 *   mortal4: kind 162 (DESTROYED_MORTAL_KIND), EF 195 (M4_AFTER), EF.D_RB_IF value 3;
 *   objective4: kind 170 (mark), EF 197 (O4), US bit 1<<28 (O4_MARK);
 *   react4: kinds 178-182 (REACT4_KINDS);
 *   tail4: kinds 137-139 (TAIL4_KINDS), EF 199 (T4_FLAGS).
 * - Layout 7 widens an effect record to 216 slots (EF 200-215). The fifth passes used (each section in docs/abilities.md):
 *   moves5: kind 129 (phase-move), EF 194, 200-201 (MV5_FLAGS, MV5_DICE, MV5_PLUS);
 *   pick5: no room (EF.SP_OPTION on TURN records, SET_CONTROL 11);
 *   kills5: kind 142 (KILL_MARK_KIND), EF 204-205 (K5_NEED, K5_MARK), U 115 (KILLS5), UI 75;
 *   terrain5: EF 206 (T5_TERRAIN), EF.P_OBJECTIVE code 6, EF.HD_RANGE -1;
 *   magic5: kind 163 (ritual-gain), EF 208 (MG5_WHOSE);
 *   declared5: DURATION_SETS move (19, SET_MOVE), EF.D2_VS value 4 (2D6 against Health);
 *   passive5: kind 183 (damage-double).
 *   The sixth passes used:
 *   hashut6: EF 198, 202 (H6_POINTS, H6_MAGIC), H 192-193 (DESOLATION0/1), U 112 -> UI 72 (HASHUT), EF.D_RB_IF value 4;
 *   sylvaneth6: kind 134 (OVERGROW_KIND), EF 203, 207 (SY6_OVERGROWTH, SY6_CODE), H 196-197 (SY6_OVERGROWN0/1), US bit 1<<27;
 *   cities6: kind 141 (SHOOT_IN_COMBAT_KIND), EF 209-210 (C6_ORDERS, C6_ATTACKER), U 114 -> UI 74 (C6_UNIT), US bit 1<<29;
 *   declared6: EF 212-213 (D6_COMMAND, D6_TARGET_CHARGED), slay rule 3 (2D6 above Health);
 *   magic6: kinds 168, 171, 172 (power-turn, casting-turn, banishment), EF 214-215 (MG6_FLAGS, MG6_TERRAIN);
 *   passive6: kind 154 (CHARGE_MARK_KIND), EF 211 (P6_FLAGS);
 *   speed6: no room (assembly/battle/speed.ts's own masks, built at loadState).
 *   Still free: kinds 130-133, 135-136, 140, 143, 151-153, 155-159, 164-167, 173-177, 184-191; no EF slot (a new
 *   one widens the record: layout 8); H 194-195, 198-215; U 113, 116-119, 122-123; UI 73, 76-79, 82-83; UD 16-17;
 *   US bit 1<<30. Kinds 0-49 are read by speed.ts's per-loop masks: a loop that starts reading one must add it there.
 */
export const LAYOUT_VERSION = 7;
export const HEADER = 216;
export const UNIT = 124;
export const WEAPON = 29;
export const OBJECTIVE = 56;
export const TERRAIN = 6;
export const TERRITORY = 16;
export const SNAPSHOT = 4;
export const PRIOR = 72;
export const RESULT = 64;
export const MAX_UNITS = 64; // the kernel keeps sets of units as u64 masks (state.ts ENGAGED, actions.ts fightCandidates)
export const MAX_WEAPONS = 400;
export const MAX_OBJECTIVES = 8;
export const MAX_TERRAIN = 16;
export const MAX_HISTORY = 10;
/** Distinct Anti-X keywords (other than MONSTER and charge) a battle's weapons may name. */
export const MAX_ANTI_KEYWORDS = 30;

/** Header slots. */
export const H = {
  MAGIC: 0, // 0x7ac71ca
  VERSION: 1,
  N_UNITS: 2,
  N_WEAPONS: 3,
  N_OBJECTIVES: 4,
  N_TERRAIN: 5,
  N_HISTORY: 6,
  OFF_UNITS: 7,
  OFF_WEAPONS: 8,
  OFF_OBJECTIVES: 9,
  OFF_TERRAIN: 10,
  OFF_TERRITORY: 11,
  OFF_HISTORY: 12,
  OFF_PRIOR: 13,
  LENGTH: 14,
  // the plan
  PLAN: 16,
  SCORING: 17, // SCORING_KINDS index
  VICTORY_POINTS: 18,
  GLORIOUS_FROM: 19, // PB-BP-01 (0 none)
  RAIDS_FROM: 20, // PB-BP-10 (0 none)
  DESTROY_FROM: 21, // PB-BP-11 (0 none)
  VANTAGE: 22, // PB-BP-03
  PREDATORS: 23, // PB-BP-05
  ALPHA: 24, // PB-BP-06
  CONTROL_KIND: 25, // 0 normal, 1 altars of the beast (PB-BP-07), 2 backbone of success (PB-BP-11)
  TERRITORY_N0: 26,
  TERRITORY_N1: 27,
  // the battle
  ATTACKER: 32,
  ROUND: 33,
  TURN: 34,
  ACTIVE: 35,
  STEP: 36, // STEP_KINDS index
  STEP_PLAYER: 37,
  FIGHT_PICKER: 38,
  DEPLOYED_FIRST: 39,
  VP0: 40,
  VP1: 41,
  GS0: 42, // GRAND_STRATEGY_IDS index
  GS1: 43,
  // pending: the round's dice and the end-of-turn picks
  PENDING_ALPHA: 44,
  PENDING_SEISMIC: 45,
  PENDING_VANTAGE: 46,
  PENDING_RAID: 47,
  PENDING_DESTROYED: 48, // mask
  SPELL_METAMORPHOSIS: 49, // Metamorphosis attempted this phase
  // the battle tactic in play
  TACTIC: 50, // BATTLE_TACTIC_IDS index, -1 none
  TACTIC_UNIT0: 51,
  TACTIC_UNIT1: 52,
  TACTIC_UNIT2: 53,
  TACTIC_OBJ0: 54,
  TACTIC_OBJ1: 55,
  TACTIC_OPP_CONTROLLED: 56,
  // the scoring fold (sides)
  S_ROUND: 60,
  S_FIRST: 61, // side, -1 none
  S_TURNS: 62,
  S_ALPHA: 63, // 0 none
  S_VANTAGE: 64,
  S_REMOVED: 65, // mask
  S_GLORIOUS_WINNER: 66, // side, -1 none
  S_GLORIOUS_ROUND: 67,
  S_VP_ATT: 68,
  S_VP_DEF: 69,
  S_TACTICS_ATT: 70, // battle tactics completed
  S_TACTICS_DEF: 71,
  S_PREDATORS_ATT: 72, // enemy predators destroyed
  S_PREDATORS_DEF: 73,
  S_PREY_ATT: 74, // PB-REALM-PREY: mask of rounds (bit r) scored
  S_PREY_DEF: 75,
  S_PICKED_ATT: 76, // mask of battle tactics picked (bit = BATTLE_TACTIC_IDS index)
  S_PICKED_DEF: 77,
  // CORE-CP, PB-REALM-FERAL-ROAR: command points and the commands each army used this phase (bit 0: Feral Roar)
  CP0: 80,
  CP1: 81,
  COMMANDS_USED0: 82,
  COMMANDS_USED1: 83,
  // CORE-RESERVES, CORE-REPLACEMENT (reserves.ts, replacement.ts): the abilities section, their uses, spare slots
  OFF_ABILITIES: 90,
  N_ABILITIES: 91,
  ABILITY_BATTLE0: 92, // mask (bit = ability index): abilities player 0 used this battle
  ABILITY_BATTLE1: 93,
  ABILITY_TURN0: 94, // mask: abilities player 0 used this turn
  ABILITY_TURN1: 95,
  ABILITY_PHASE0: 96, // mask: command abilities player 0 used this phase (CORE-CP: once per phase)
  ABILITY_PHASE1: 97,
  SPARE_UNITS: 98, // unit slots after the encoded units that replacement units may take
  FATIGUED: 99, // PB-BP-09 Fatigued Warriors: a unit added this turn cannot shoot or charge
  // CORE-BANISH (manifestations.ts): the summon spells the active army attempted this phase (bit = spell index)
  SUMMONED: 100,
  PREY_SLAIN: 112, // PB-REALM-PREY: bit p = a MONSTER model of player p was slain this turn (BattleData.preySlain)
  // The effect language (src/aos/abilities, src/aos/battle/effects.ts): the played effects' records (EF.*)
  OFF_EFFECTS: 101,
  N_EFFECTS: 102,
  EFFECT_PHASE0: 103, // mask (bit = record): "once per phase (army)" effects player 0 used this phase (in commandsUsed)
  EFFECT_PHASE1: 104,
  // The combat phase's ability step (combat-abilities.ts): "once per battle (army)" records used (BattleData.effectsUsed)
  EFFECT_BATTLE0: 124, // mask (bit = record)
  EFFECT_BATTLE1: 125,
  // The fight order (src/aos/battle/fight-order.ts): the unit picked to fight immediately after the last fight
  // (BattleData.fightNext, -1 none) and the record whose for-the-turn effect it then gets (-1 none)
  FIGHT_NEXT: 119,
  FIGHT_NEXT_RECORD: 120,
  // Warscroll spells (warscroll-spells.ts): the spells the active army cast this phase (bit = the spell's first record)
  SPELLS_CAST: 108,
  // The masks over the effect records are 64 bits (MAX_EFFECTS): the slots above hold bits 0-31 (as a signed
  // 32-bit number), these bits 32-63.
  EFFECT_PHASE0_HI: 128,
  EFFECT_PHASE1_HI: 129,
  EFFECT_BATTLE0_HI: 130,
  EFFECT_BATTLE1_HI: 131,
  SPELLS_CAST_HI: 132,
  // The bundled battle traits (encode-traits.ts; room "bundled"): relentless discipline points (BattleData.factionPoints),
  // the factions whose traits each army has (bit faction * 2 + player, encode-traits.ts TRAIT_FACTIONS), army uses this turn
  DISCIPLINE0: 105,
  DISCIPLINE1: 106,
  TRAIT_FACTIONS: 107,
  TURN_USES: 109, // TraitsData.turnUses: "Once Per Turn (Army)" uses, bit use * 2 + player (traits.ts TRAIT_USE)
  BELIEF0: 110, // TraitsData.belief: the delusion each player believes this turn (traits.ts DELUSIONS index + 1, 0 none)
  BELIEF1: 111,
  FRENZY0: 113, // TraitsData.frenzy: Feeding Frenzy's HERO this turn (-1 none)
  FRENZY1: 114,
  BATTLE_USES: 115, // TraitsData.battleUses: "Once Per Battle (Army)" uses, bit use * 2 + player
  // Ignoring the first damage point (battle/ignore-first.ts; room ignorefirst): the units with it (bit = unit),
  // bits 0-31 (as a signed 32-bit number) and 32-63; no EF record, no kind code
  IGNORE_FIRST: 190,
  IGNORE_FIRST_HI: 191,
  // The hashut6 area (room: kinds 130-133, EF 198 and 202, H 192-195, U 112, UI 72, UD 16; used: EF 198, H 192-193, U 112;
  // encode-hashut6.ts): each player's desolation tokens (BattleData.desolation: bit i = the plan's objective i)
  DESOLATION0: 192,
  DESOLATION1: 193,
  // The sylvaneth6 area (room: kinds 134-136 and 140, EF 203 and 207, H 196-199, U 113, UI 73, US bit 1<<27; encode-sylvaneth6.ts):
  // each player's friendly overgrown tokens (BattleData.overgrown: bit = terrain feature)
  SY6_OVERGROWN0: 196,
  SY6_OVERGROWN1: 197,
} as const;

/** Unit slots: the profile (static), then the state. */
export const U = {
  OWNER: 0,
  MOVE: 1,
  MOVE_DICE_COUNT: 2, // a random Move (0 dice: fixed)
  MOVE_DICE_SIDES: 3,
  MOVE_DICE_PLUS: 4,
  HEALTH: 5,
  SAVE: 6, // 0 none
  WARD: 7, // 0 none
  CONTROL: 8,
  BASE_RADIUS: 9,
  START_MODELS: 10,
  FLAGS: 11, // UF.* bits
  WIZARD: 12,
  PRIEST: 13,
  ANTI_MASK: 14, // bit k: has the battle's k-th Anti keyword
  FIRST_WEAPON: 15,
  WEAPONS: 16,
  // state
  MODELS: 24,
  DAMAGE: 25,
  X: 26,
  Y: 27,
  STATUS: 28, // 0 waiting, 1 deployed, 2 destroyed, 3 in reserve (CORE-RESERVES)
  STATE: 29, // US.* bits
  KILLED: 30, // destroyedBy recorded
  KILLED_BY_MONSTER: 31,
  KILLED_BY_PREDATOR: 32,
  KILLED_ROUND: 33,
  KILLED_TURN: 34,
  CASTS: 35, // spells cast this phase
  BLOCKED: 36, // miscast this phase (1), or miscast and going on (2: casting.ts goesOnAfterMiscast)
  // profile again (PB-REALM-FERAL-ROAR, CORE-CP)
  DAMAGED_AT: 37, // Battle Damaged: its threshold in damage points (0 none)
  DAMAGED_CONTROL: 38, // Battle Damaged: Control then (-1 unchanged)
  ISSUER: 39, // CORE-CP: 1 has a champion (issues commands to itself), 2 TOTEM
  // CORE-RESERVES, CORE-REPLACEMENT
  RESERVE: 41, // dynamic: while in reserve (STATUS 3), its reserve ability (index), else -1
  REPLACE_MASK: 42, // bit k: replacement ability k can replace it once it is destroyed (0 for a replacement)
  USER_MASK: 43, // bit k: it can use ability k (a command: it can issue it to itself)
  ADDED: 44, // added during the battle (a replacement, a summoned unit): round * 2 + turn + 1, 0 not
  // CORE-BANISH (manifestations.ts)
  BANISHMENT: 45, // a manifestation's banishment value (0 for other units)
  SUMMON: 46, // its summon spell: spell index * 1e6 + casting value * 1e4 + range * 100 + enemy gap; -1 a prayer (not played)
  MANIFEST_STATE: 47, // dynamic: a manifestation's last summoning (round * 2 + turn + 1, 0 never); another unit's prayers used this phase
  // The effect language: masks over the effect records (bit k)
  EF_SOURCE: 48, // it has record k's ability (its warscroll)
  EF_WHOM: 49, // it passes record k's filter of whom
  EF_NEAR: 50, // it passes the filter of record k's "near" condition
  EF_TURN: 51, // record k's for-the-turn effect is on it (its token: abilities/attack.ts turnToken)
  // A weapon-attacks ability (Necromantic Limits, WeaponProfile.limitedAttacks): the weapon's place among the
  // unit's weapons (-1 none), and its damage points * 100 + the Attacks it then has
  LIMIT_WEAPON: 60,
  LIMIT_ATTACKS: 61,
  // Warscroll spells (warscroll-spells.ts untilToken): record k's modifier is on it until player 0's / 1's next turn
  SPELL_UNTIL0: 54,
  SPELL_UNTIL1: 55,
  // The masks over the effect records are 64 bits (MAX_EFFECTS): the slots above hold bits 0-31 (as a signed
  // 32-bit number), these bits 32-63.
  EF_SOURCE_HI: 64,
  EF_WHOM_HI: 65,
  EF_NEAR_HI: 66,
  EF_TURN_HI: 67,
  SPELL_UNTIL0_HI: 68,
  SPELL_UNTIL1_HI: 69,
  STATE2: 70, // more state bits (US2.*)
  // Passive abilities (encode-passive.ts): the unit passes record k's inCombatWith or targetAnyKeywords filter (bit k; lo/hi)
  PASSIVE: 78,
  PASSIVE_HI: 79,
  // Mortal damage, slays and healing in every phase (src/aos/battle/damage.ts, assembly/battle/damage.ts):
  DMG_BATTLE: 84, // records of "Once Per Battle" (the unit's own, not the army's) it used (a mask: bits 0-31, DMG_BATTLE_HI 32-63)
  DMG_BATTLE_HI: 85,
  DMG_EXTRA: 86, // records whose mortal damage `extra` keywords it has one of (a mask, as DMG_BATTLE)
  DMG_EXTRA_HI: 87,
  // The most common texts (encode-common.ts): momentum points, and the weapons they add to (bit = place among its weapons)
  MOMENTUM: 90,
  MOMENTUM_WEAPONS: 91,
  HEAT: 92, // heat tokens ('Full Power!', Overheating)
  // Warscroll spells and prayers (warscroll-spells.ts chantingRoll): a PRIEST's ritual points
  RITUAL: 102,
  // The bundled battle traits (encode-traits.ts): the number after RELENTLESS DISCIPLINE; Soul-bonded's charge (-1 none)
  DISCIPLINE: 52,
  SOUL_BONDED: 53,
  TRAIT_KEYWORDS: 56, // encode-traits.ts TK, TK_WARSCROLL: the keywords and warscrolls the traits ask about
  SHOT_TARGET: 57, // dynamic: the unit all its shooting attacks targeted this turn (TraitsData.shotAt: Deathly Barrage), -1 none
  // The timing2 area (encode-timing2.ts): fighting twice — 0 no, 1 may use 2 FIGHT abilities this phase, 2 used the first (may use the second), 3 used both; 4, 5: the HEROES form's 1, 2
  FIGHT_TWICE: 120,
  // The move3 area (encode-move3.ts move3Slot): its charge roll this turn (bits 0-4; the kernel's UI.CHARGE_ROLL) + 32 x the units it passed across this turn (bit i for unit i, ids 0-47; UD.PASSED)
  M3: 121,
  // The kills5 area (encode-kills5.ts kills5Slot; the room's U 115): its kills (src/aos/abilities/kills5.ts KILL_BITS) and the bits of its kill marks (the kernel's UI.KILLS5)
  KILLS5: 115,
  // The hashut6 area (encode-hashut6.ts hashutSlot; the room's U 112 -> UI.HASHUT): its daemonic power points (bits 0-1) + 4 a
  // HELSMITHS OF HASHUT unit + 8 a HOBGROT + 16 its warscroll has an effect that reads the points
  HASHUT: 112,
  // The cities6 area (battle/cities6.ts; the room's U 114, the kernel's UI.C6_UNIT): bit 0 the unit has the keyword CITIES OF SIGMAR (Form Up), bits 1.. its warscroll's index among the battle's ("a different unit type")
  C6_UNIT: 114,
} as const;

/** Profile flag bits (U.FLAGS). */
export const UF = {
  MONSTER: 1,
  HERO: 2,
  FLY: 4,
  STRIKE_FIRST: 8,
  STRIKE_LAST: 16,
  STANDARD: 32,
  CHAMPION: 64,
  BEAST: 128,
  LEADER: 256,
  BATTLELINE: 512,
  GENERAL: 1024,
  STARTING_ARMY: 2048,
  REPLACEMENT: 4096, // CORE-REPLACEMENT: a replacement unit (never replaced)
  REINFORCED: 8192, // PB-REINFORCED (a replacement: CORE-REPLACEMENT)
  MANIFESTATION: 16384, // CORE-BANISH: a manifestation's unit (off the battlefield until summoned)
  SUMMON_WHOLLY: 32768, // its set-up is wholly within the range of the caster (else any part within)
} as const;

/** State flag bits (U.STATE). */
export const US = {
  MOVED: 1,
  RAN: 2,
  RETREATED: 4,
  CHARGED: 8,
  CHARGE_TRIED: 16,
  SHOT: 32,
  FOUGHT: 64,
  IN_COMBAT_AT_START: 128,
  METAMORPHOSIS: 256,
  PREDATOR: 512,
  FERAL_ROAR: 1024, // PB-REALM-FERAL-ROAR: received it this combat phase
  REPLACED: 4096, // CORE-REPLACEMENT: a replacement unit has been set up for it (once per unit)
  BANISHED: 16384, // CORE-BANISH: picked to be banished this turn (BattleData.spells.banished)
  STRIKE_FIRST_TURN: 65536, // an ability's STRIKE-FIRST for the rest of the turn (the "strike-first" token: Hold the Shieldwall)
  SLEW_TURN: 16777216, // models were slain by it this turn (UnitState.slewThisTurn: Victory Feast)
  BONE_CAGE_FULL: 33554432, // the "bone-cage-full" token (Bone Cage, Repair Construct, Bone Harvest)
  TRIGGER_TOKEN: 2097152, // the token a save-roll trigger removes (triggerToken: Loyal Gryph-hound's "gryph-hound")
  CHARGE_AFTER_TURN: 8388608, // the "for-the-turn:charge-after" token (battle/moves.ts: Vanguard Chamber)
  STRIKE_LAST_TURN: 2048, // the "strike-last" token: STRIKE-LAST for the rest of the turn (battle/moves.ts: Brace for Impact)
  DISCIPLINE_USED: 8192, // traits.ts: used a RELENTLESS DISCIPLINE ability this phase
  IMPASSIVE_RETREAT: 32768, // traits.ts: Impassive Retreat's "can charge though it retreated" this turn
  FINEST_HOUR: 131072, // traits.ts: Their Finest Hour this turn
  RAMPAGE: 262144, // traits.ts: used a RAMPAGE ability this turn
  GARGANT_CHARGE_TARGET: 524288, // traits.ts: picked as Gargant Charge's target this turn
  UNERRING: 1048576, // traits.ts: Unerring Hunters, +3" to its pile-in moves this turn
  ARRIVED: 67108864, // battle/reserves.ts arrive: set up this turn by a reserve's arrival ability (its ARRIVED_TOKEN_PREFIX token)
  O4_MARK: 268435456, // battle/objective4.ts useMarks: the unit has its ability's mark token for the rest of the battle (the objective4 room's bit 1 << 28; encode-objective4.ts)
  SY6_USED: 134217728, // battle/sylvaneth6.ts useOvergrow: the unit used its "Once Per Battle" overgrow ability (OVERGROW_USED; the sylvaneth6 room's bit 1 << 27)
  UNDER_ORDERS: 536870912, // battle/cities6.ts UNDER_ORDERS_TOKEN: the unit is under orders for the rest of the battle round (the cities6 room's bit 1 << 29)
} as const;

/** Weapon slots. */
export const W = {
  RANGED: 0,
  RANGE: 1,
  ATTACKS_COUNT: 2,
  ATTACKS_SIDES: 3,
  ATTACKS_PLUS: 4,
  HIT: 5,
  WOUND: 6,
  REND: 7,
  DAMAGE_COUNT: 8,
  DAMAGE_SIDES: 9,
  DAMAGE_PLUS: 10,
  CRIT: 11, // odds/plan.ts Crit
  COMPANION: 12,
  CHARGE_DAMAGE: 13,
  CARRIERS: 14,
  ANTI_CHARGE: 15, // Anti-charge abilities
  ANTI_MONSTER: 16, // Anti-MONSTER abilities (a MONSTER by keyword or Metamorphosis)
  ANTI_N: 17, // other Anti-X abilities: their keyword indices follow
  ANTI_K0: 18, // ... up to 6
  DAMAGED: 24, // PB-REALM-FERAL-ROAR: Battle Damaged changes its Attacks (then W.DAMAGED_ATTACKS_*)
  DAMAGED_ATTACKS_COUNT: 25,
  DAMAGED_ATTACKS_SIDES: 26,
  DAMAGED_ATTACKS_PLUS: 27,
  FLAGS: 28, // WF.*
} as const;

/** Weapon flags (W.FLAGS). */
export const WF = {
  CHAMPION: 1, // CORE-CHAMPION: the unit's champion uses it (WeaponProfile.champion)
  SHOOT_IN_COMBAT: 2, // CORE-SHOOT-IN-COMBAT: it may shoot while its unit is in combat
  OTHER_ABILITY: 4, // it has a weapon ability other than Companion (what Immortal Bulwark switches off)
} as const;
export const MAX_ANTI_PER_WEAPON = 6;

/** Objective slots. */
export const O = {
  PRIME: 0,
  NUMBER: 1, // 0 none
  SET_UP_ROUND: 2,
  REMOVED_ROUND: 3, // 0 never
  VEINS: 4, // set up from a 2D6 roll (PB-BP-12)
  CONTROL: 5, // player, -1 nobody
  PLACED: 6, // a Veins objective's position is set
  PLACED_X: 7,
  PLACED_Y: 8,
  PENDING_VEINS: 9, // this round's 2D6, rolled and not yet placed (0 none)
  MAP: 10, // rounds 1..5: in play by the map, x, y (NaN without a map position): 15 slots
  BORDERS: 25, // rounds 1..5: bit p = on the border of player p's territory (PB-BP-02): 5 slots
  VEINS_AT: 30, // rolls 2..12: x, y (22 slots)
} as const;

export const STEP_KINDS = [
  "rolloff-attacker",
  "choose-attacker",
  "territory",
  "grand-strategy",
  "deploy",
  "predators",
  "priority-roll",
  "first-turn",
  "seismic-shift",
  "vantage-point",
  "battle-tactic",
  "hero",
  "movement",
  "shooting",
  "charge",
  "combat",
  "raid",
  "destroy-objective",
  "over",
  "feral-roar",
] as const satisfies readonly Step["kind"][];

/** CORE-RESERVES, CORE-REPLACEMENT: an ability record (src/aos/battle/abilities.ts), after the prior section. */
export const ABILITY = 16;
export const MAX_ABILITIES = 16;
/** Ability record slots: the bundled reserve abilities (their arrival), then the replacement abilities, in data order. */
export const AB = {
  KIND: 0, // 0 a reserve ability (its arrival), 1 a replacement ability, 2 a redeployment (setups.ts; its units in U.USER_MASK)
  PHASE: 1, // the player's own phase: 0 hero, 1 movement
  FROM_ROUND: 2, // arrival: the first battle round
  FREQUENCY: 3, // 0 unlimited, 1 once per turn (army), 2 once per battle
  COMMAND: 4, // a command: 1 command point, once per phase (CORE-CP)
  HALF: 5, // replacement models: 1 half the original's (rounding up), 0 all
  ENEMY_GAP: 6, // set up more than this from every enemy footprint (0: not overlapping one)
  EDGE: 7, // wholly within this of a battlefield edge (-1 no such rule)
  NEAR_USER: 8, // wholly within this of the unit using it (-1 no such rule)
  USER: 9, // 1 used by a unit (U.USER_MASK), 0 by the army
  USER_NOT_IN_COMBAT: 10,
  FACTION: 11, // bit p: player p's army has the ability's faction keyword
  DEPLOY: 12, // a DEPLOY ability (24.1)
} as const;

/**
 * The effect language's records (src/aos/abilities/attack.ts, assembly/battle/effects.ts): the played effects
 * of the battle's warscrolls that the interpreters read (attack modifiers, wards, control), in data order.
 */
export const EFFECT = 216;
export const MAX_EFFECTS = 64;
export const EF = {
  KIND: 0, // EFFECT_KINDS index
  VALUE: 1, // the modifier; a ward's value; fail-unmodified's N; control's addition
  DIRECTION: 2, // 0 attacks made by the affected unit, 1 attacks that target it
  SIDE: 3, // whom: 0 self, 1 friendly, 2 enemy
  RANGE: 4, // whom's range in inches (-1 none)
  WHOLLY: 5,
  INCLUDE_SELF: 6,
  ATTACK: 7, // 0 any, 1 melee, 2 ranged
  CHARGED: 8, // the affected unit charged: -1 either, 0 not, 1 yes
  TARGET_CHARGED: 9,
  NEAR_RANGE: 10, // a friendly unit passing EF_NEAR within this (-1 no such condition)
  NEAR_WHOLLY: 11,
  NEAR_MEASURED: 12, // 0 it is within range of the source, 1 the affected unit is within range of it
  LIMITED: 13, // once per phase (army), a reaction to an attack
  EXTRA: 14, // fail-unmodified: bit 0 hit, bit 1 wound; control: the maximum (0 none); charge-dice: the maximum
  CONTESTING: 15, // control: 0 always, 1 on an objective wholly within friendly territory, 2 (not played)
  // The combat phase's ability step (src/aos/battle/combat-abilities.ts): mortal damage and slays. For these
  // records U.EF_NEAR holds "the unit has the bonus keyword" (they have no "near" condition).
  PER: 16, // mortal: 0 once, 1 per model of the unit with the ability, 2 per model of the target
  DICE_COUNT: 17, // mortal: dice rolled each time
  DICE_SIDES: 18,
  ON: 19, // mortal: a roll counts from this (1: every roll)
  EACH: 20, // mortal: damage of a counted roll, 0 the roll itself
  BETTER_MODELS: 21, // mortal: with this many models (0 none) ...
  BETTER_TARGET: 22, // ... of the target (1) or of the unit with the ability (0) ...
  BETTER_ON: 23, // ... a roll counts from this instead
  BONUS_ADD: 24, // mortal: added to each roll against a unit with the bonus keyword
  MIN_MODELS: 25, // the unit with the ability needs this many models (0 any)
  LIMIT: 26, // 0 none / once per turn (each unit once in the step), 1 once per turn (army), 2 once per battle (army)
  EACH_TARGET: 27, // mortal: 1 every target ("pick each enemy unit"), 0 one
  // for-the-turn (combat-abilities.ts): a modifier set on a unit for the rest of the turn (U.EF_TURN); its
  // dice in EF.ON (0: no dice), the modifier in EF.VALUE
  TURN_SET: 28, // 0 hit, 1 wound, 2 weapon abilities other than Companion off, 3 positive modifiers ignored (a spell's)
  COMPANION_ONLY: 29, // 1: the hit modifier is for Companion weapons only
  AFTER_DAMAGE: 30, // set by the mortal damage of the record before it when it allocated this many (0: not)
  // Healing and returning slain models (src/aos/battle/healing.ts, assembly/battle/healing.ts): slots 40 on, kinds
  // HEALING_KINDS. They also use DICE_COUNT/DICE_SIDES (the amount or count), ON, LIMIT and EACH_TARGET; for
  // return-models U.EF_NEAR holds "the unit has instead's keyword".
  H_TIMING: 40, // 0 after each of the unit's fights (passive), 1 your hero phase, 2 the end of a turn, 3 the start of a turn
  H_WHOSE: 41, // end or start of a turn: 0 any, 1 your, 2 enemy
  H_DICE_PLUS: 42,
  H_MODE: 43, // heal: 0 dice, 1 the damage its attacks allocated; return: 0 a count, 1 a Health budget
  H_INSTEAD: 44, // return: instead's count (0 none)
  H_INSTEAD_H1: 45, // return: instead applies to a Health characteristic of 1 (else to its keyword: U.EF_NEAR)
  H_SLEW: 46, // heal: 1 only if models were slain by the unit this turn
  H_TOKEN: 47, // return: needs the Bone Cage token and removes it; token roll: gains it
  H_FOUGHT_BONUS: 48, // token roll: added to each dice if the unit fought this turn
  // Declared abilities (combat-abilities.ts useStepAbilities): the step of a mortal or slay record, and its
  // picks. EF.CHARGED is then "the unit with the ability charged this turn".
  DECL_PHASE: 49, // STEP_PHASES index: 0 combat, 1 charge, 2 shooting, 3 hero, 4 end of turn
  DECL_WHOSE: 50, // 0 any, 1 your (the unit's army is the active player's), 2 enemy
  UP_TO: 51, // mortal: "pick up to N enemy units" (0: one, or every one with EACH_TARGET)
  VISIBLE: 52, // the target is visible to the unit with the ability (CORE-VISIBILITY)
  DMG_COUNT: 53, // mortal: each counted roll inflicts this many dice of DMG_SIDES (0: EACH) ...
  DMG_SIDES: 54, // ... ("On a 3+, inflict D3 mortal damage on the target")
  // The fight order (fight-order.ts): a fight-after record (FIGHT_KINDS) uses SIDE, RANGE, WHOLLY and U.EF_WHOM;
  // the for-the-turn record after it has F_AFTER_FIGHT 1 (set on the unit that fights after, not by the step)
  F_AFTER_FIGHT: 73,
  F_LIMIT: 74, // a fight-after record: 1 "Once Per Turn (Army)" (its use in H.EFFECT_PHASE*), 0 none
  // Warscroll spells (src/aos/battle/warscroll-spells.ts, assembly/battle/warscroll-spells.ts): kinds SPELL_KINDS;
  // a mortal record uses the mortal slots, a modifier VALUE, TURN_SET and ATTACK
  SP_CASTING: 55, // the casting value
  SP_ROLL_MIN: 56, // conditions.castingRoll.atLeast (0 none)
  SP_ROLL_MAX: 57, // conditions.castingRoll.atMost (0 none)
  SP_UNTIL: 58, // a modifier until the start of the caster's next turn (1), else for the rest of the turn
  SP_FIRST: 59, // the index of the spell's first record (a spell's records follow each other)
  // Save-roll triggers (src/aos/battle/save-triggers.ts, assembly/battle/save-triggers.ts), kinds TRIGGER_KINDS
  // (their mortal damage for each roll: DICE_COUNT, DICE_SIDES and VALUE the fixed part), and conditions
  TRIG_ROLL: 61, // the unmodified save roll: 1 or 6
  TRIG_REMOVE_TOKEN: 62, // 1: the roll removes the trigger token (US.TRIGGER_TOKEN) from the unit with the ability instead
  TRIG_TOKEN_NEEDED: 63, // any record: it needs the trigger token on the unit with the ability (Loyal Gryph-hound's ward)
  TARGET_KEYWORDS: 64, // 1: the attack's target has targetKeywords (U.EF_NEAR bit k: these records have no "near")
  TARGET_MIN_MODELS: 65, // the attack's target has at least this many models (0 any)
  IN_COMBAT: 66, // the affected unit is in combat: 0 either, 1 yes, 2 no
  // Charges and moves (src/aos/battle/moves.ts, assembly/battle/moves.ts): slots 67-72, kinds MOVE_KINDS.
  MV_WITHIN: 67, // charge-barrier: an enemy charge may not end within this of the unit with the ability ...
  MV_UNLESS: 68, // ... unless the unmodified charge roll is at least this
  MV_CONTESTING: 69, // charge-barrier: 1 only while that unit contests an objective its player controls
  MV_AFTER: 70, // charge-after: bit 1 after a run, bit 2 after a retreat, bit 4 phase-timed (the unit needs US.CHARGE_AFTER_TURN)
  MV_SHOOT: 71, // charge-after: bit 1 SHOOT abilities too, bit 2 not CHARGE abilities (the kernel never retreats: noRetreatDamage is not encoded)
  MV_WHICH: 72, // move modifier (EF.VALUE): 0 Move, 1 run rolls, 2 charge rolls, 3 pile-in distance
  // Effects for a while (src/aos/battle/status.ts, assembly/battle/status.ts), room status (A): EF 80-95. A
  // for-the-turn record's TURN_SET is schema.ts DURATION_SETS' index, DIRECTION 1 "against".
  ST_UNTIL: 80, // 1: until the start of the putting army's next turn (U.SPELL_UNTIL0/1), 0: for the rest of the turn (U.EF_TURN)
  ST_GROUP: 81, // the records used together from this one (one target, one dice; status.ts durationGroup), 0 a follower
  ST_STATIONARY: 82, // conditions.stationary: 1 the unit with the ability has not moved nor been set up this turn, 2 it has, 0 either
  // Passive abilities (src/aos/abilities/passive.ts, assembly/battle/passive.ts: encode-passive.ts): slots 96-111, kinds PASSIVE_KINDS 74-79.
  P_HOLDER: 96, // 1: the unit-state conditions (charged, in combat and these) are read on the unit with the ability, 0 the affected unit
  P_DAMAGED: 97, // 0 either, 1 damaged (any damage points), 2 not damaged
  P_DMG_MIN: 98, // damage points allocated at least (0 none)
  P_DMG_MAX: 99, // ... at most (-1 none)
  P_MIN_MODELS: 100, // models at least (0 none)
  P_MAX_MODELS: 101, // models at most (0 none)
  P_ROUND_MIN: 102, // battle round at least (0 none)
  P_ROUND_MAX: 103, // battle round at most (0 none)
  P_COMBAT_WITH: 104, // in combat with at least this many enemy units passing U.PASSIVE bit k (0 no such condition)
  P_COMBAT_CHARGED: 105, // ... that charged this turn: -1 either, 0 no, 1 yes
  P_OBJECTIVE: 106, // contesting an objective: 0 no condition, 1 any, 2 its army controls, 3 its army does not control, 4 wholly outside its army's territory
  P_TERRITORY: 107, // 0 none, 1 wholly outside friendly, 2 wholly within enemy, 3 not within enemy, 4 wholly within friendly
  P_ENEMY_RANGE: 108, // an enemy unit within this (-1 no such condition) ...
  P_ENEMY_NONE: 109, // ... or, with 1, no enemy unit within it
  P_WEAPONS: 110, // a named weapon's effect: the weapons' indices in the unit's list as a bit mask (0 every weapon)
  P_FLAGS: 111, // bit 1 a passive condition above, bit 2 Companion weapons only, bit 4 the target has one of targetAnyKeywords (U.PASSIVE bit k), bit 8 a weapon's effect (P_WEAPONS, Companion), bits 16 / 32 an odd / even battle round
  // Mortal damage, slays and healing in every phase (src/aos/battle/damage.ts, assembly/battle/damage.ts). A mortal
  // record of these forms has D_NEW 1 (damage.ts isNewMortal; EF.PER then also 4 the target's Health, 5 its damage
  // points, 6 the unit's own); a slay's dice in DICE_COUNT; a heal the steps play is kind STEP_HEAL_KIND with the
  // step slots (DECL_PHASE, DECL_WHOSE, LIMIT, VISIBLE, UP_TO, EACH_TARGET), ON, DICE_COUNT/SIDES and H_DICE_PLUS.
  // EF.LIMIT 3: "Once Per Battle" for each unit (U.DMG_BATTLE).
  D_NEW: 112,
  D_MIN: 113, // mortal: at least this many dice (0 none); return-models: a count below this returns none (`least`); heal: perModel.on
  D_MAX: 114, // mortal: at most this many dice (0 none)
  D_GATE: 115, // mortal: a D6 first, nothing more below it (0 none)
  D_DAMAGED: 116, // a mortal, slay or heal record: the unit with the ability 0 either, 1 damaged, 2 not damaged
  D_VS_STAT: 117, // mortal: a roll counts against the target's 1 Health, 2 Save, 3 models, 4 damage points (0: EF.ON)
  D_VS_RULE: 118, // ... 0 exceeds it, 1 at most it, 2 below it
  D_TOP_FROM: 119, // mortal: a counted roll of at least this inflicts D_TOP_COUNT dice of D_TOP_SIDES instead (0 none); heal: perModel.top heals D_TOP_COUNT
  D_TOP_COUNT: 120,
  D_TOP_SIDES: 121,
  D_DMG_PLUS: 122, // mortal: added to DMG_COUNT dice of DMG_SIDES ("D3+3 mortal damage")
  D_RB_ADD: 123, // mortal: added to each roll when D_RB_IF holds (0 none) ...
  D_RB_IF: 124, // ... 0 the target charged this turn, 1 it has more models than the unit, 2 it has more than D_RB_MODELS, 3 it is damaged (mortal4), 4 always: D_RB_ADD x the daemonic power points of the unit with the ability (hashut6)
  D_RB_MODELS: 125,
  D_EXTRA_ADD: 126, // mortal: added to the damage inflicted (if any) when D_EXTRA_FLAGS' conditions hold
  D_EXTRA_FLAGS: 127, // bit 1 doubled instead, bit 2 only if the unit charged this turn, bit 4 only against U.DMG_EXTRA's keywords; bit 8 DICE_COUNT dice summed into one roll
  // Charge re-rolls (src/aos/battle/charge-rerolls.ts, assembly/battle/charge-rerolls.ts): the moves area's room
  // (EF 144-159, kinds 104-113), kind CHARGE_REROLL_KIND; whom in SIDE, RANGE, WHOLLY, INCLUDE_SELF and U.EF_WHOM
  CR_DICE: 144, // 0 the whole roll re-rolled, 1 one dice re-rolled, 2 one dice changed to a 4
  CR_LIMIT: 145, // 1: a reaction "Once Per Turn (Army)" (its use in H.EFFECT_PHASE*, as BattleData.commandsUsed)
  // The most common texts (src/aos/battle/common.ts, assembly/battle/common.ts; encode-common.ts COMMON_KINDS 94-98)
  RS_ON: 128, // resist: the resistance roll needed
  RS_LIMIT: 129, // resist: 0 none, 1 once per turn (the unit), 2 once per turn (army)
  RS_GROUP: 130, // resist: the first record with the same ability name (the army's limit is counted by name)
  ND_PLUS: 131, // not-destroyed: the damage points' fixed part (DICE_COUNT, DICE_SIDES the dice)
  MO_CHARGE: 132, // momentum: gained on a charge ...
  MO_RUN: 133, // ... on a run
  MO_MAX: 134, // ... at most
  MO_LOSS: 135, // ... lost at the end of each battle round
  HD_BEYOND: 136, // hidden: not visible to enemy units more than this away ...
  HD_MIN_MODELS: 137, // ... while within HD_RANGE of an escort (U.EF_NEAR) with this many models ...
  HD_RANGE: 138, // ... with no other unit with the keyword (U.EF_WHOM) within HD_RANGE of it
  HT_MOVE: 139, // heat: Full Throttle's Move (0: no such option)
  HT_HEAT: 140, // heat: its heat tokens
  HT_LIMIT: 141, // heat: 1 once per turn (army), counted by name (HT_GROUP: the first record of that name), 0 none
  HT_GROUP: 142,
  OH_ON: 143, // overheat: a damage point on each roll of this or more
  // Passive texts, second pass (room passive2: EF 184-191; src/aos/battle/passive2.ts, assembly/battle/passive2.ts)
  P2_ON: 184, // slain-roll: each die of this or more inflicts the mortal damage (DICE_COUNT, DICE_SIDES, VALUE)
  P2_DICE: 185, // slain-roll: dice for each model slain
  P2_HEAL: 186, // cast-heal: Heal (this) after each spell cast
  P2_CLEAR: 187, // hidden: not hidden while an enemy unit is within this of it (-1: no such clause)
  P2_NEAR_MODELS: 188, // a near condition's unit has at least this many models (0: any)
  // Warscroll spells and prayers, more (slots 160-175; warscroll-spells.ts): on every record of the spell
  SP_PRAYER: 160, // 1: a prayer (its chanting value in SP_CASTING)
  SP_UP_TO: 161, // targets: up to this many (1: one)
  SP_EVERY: 162, // targets: 1 every unit its effects name
  SP_PENALTY: 163, // targets: subtracted from the casting roll for each target after the first
  SP_MORE_AT: 164, // targets: with a roll of at least this (0 never) ...
  SP_MORE_UP_TO: 165, // ... up to this many targets ...
  SP_MORE_EVERY: 166, // ... or every unit its effects name, visible or not (1)
  SP_OPTIONAL: 167, // targets: 1 cast without a target too
  // and on one record
  SP_AFTER_SLAIN: 168, // 1: only if the spell's mortal damage before it slew a model of the target
  SP_AROUND: 169, // mortal: on each other unit of the target's army within this of it (-1: on the target)
  SP_MAX: 170, // mortal: at most this many dice (0 no maximum)
  SP_FIXED: 171, // mortal: a fixed amount, no dice (0: dice)
  SP_PER_ROUND: 172, // for-the-turn control: the value times the battle round (1)
  SP_OPTION: 173, // "Pick 1 of the following effects": the option it belongs to (0 none)
  SP_RETURN_HEALTH: 174, // return-models: 1 a Health budget (DICE_COUNT, DICE_SIDES and SP_FIXED its dice), 0 a count
  // The bundled battle traits (traits.ts): 1 on a mortal record whose ability gains relentless discipline points (Necrotic Impetus)
  GAIN_DISCIPLINE: 31,
  // The declared abilities' second pass (src/aos/battle/declared2.ts, assembly/battle/declared2.ts): the room EF 176-183.
  D2_VS: 176, // for-the-turn: the dice against the target's 1 Control (exceeds), 2 Control (at most), 3 Health (at most), 4 Health exceeded by 2D6 (declared5); 0 EF.ON
  D2_ADD_DAMAGED: 177, // ... added to the dice when the target has damage points (0 none)
  D2_ADD_KEYWORD: 178, // ... added when the target has one of addIfKeywords (U.DMG_EXTRA bit k, the damage area's mask of the same meaning)
  D2_AND_SELF: 179, // for-the-turn: "Pick this unit and up to N ...": N others (0: not this form)
  // The hero3 area (status.ts, assembly/battle/status.ts): the room EF 196-199.
  H3_SURE: 196, // for-the-turn: 1 no dice (EF.ON) while the unit with the ability is in combat ("If this unit is in combat, X. ... Otherwise, roll a dice")
  // The combat phase's and the end of a turn's third pass (src/aos/battle/combat3.ts, assembly/battle/combat3.ts): the room EF 180-183.
  C3_AFTER_ROLL: 180, // for-the-turn with AFTER_DAMAGE: 1 compares the points the mortal damage's roll counted (before the ward), 0 those allocated
  C3_SWITCH_COUNT: 181, // switch-on: the records after it it switches on (its ability's switchedOn effects)
  C3_SWITCHED: 182, // 1: the record holds only while its bit is in the source's U.EF_TURN (an aura switched on for the rest of the turn)
  // The move3 area (src/aos/battle/move3.ts, assembly/battle/move3.ts): the room EF 192-195.
  M3_PASSED: 192, // 1: the target must be a unit the unit with the ability passed across this turn (conditions.passedAcross)
  M3_CHARGE_ROLL: 193, // the unit with the ability charged this turn with an unmodified roll of at least this (conditions.chargeRoll; 0 none)
  // Passive texts, third pass (room passive3: EF 189-191; encode-passive3.ts, assembly/battle/passive3.ts)
  P3_STATE: 189, // the holder's stationary (bit 1 must be, 2 must not be) and slain-this-turn (4 must have, 8 must not have) conditions; 16 the near unit of either army; 32 a targetWithin condition
  P3_TARGET_RANGE: 190, // the attack's target within this of the unit with the ability (-1 no such condition) ...
  P3_TARGET_BEYOND: 191, // ... or, with 1, more than this from it
  // The tail4 area (room tail4: EF 199; src/aos/battle/common.ts passesThrough, assembly/battle/common.ts)
  T4_FLAGS: 199, // pass-through: 1 only enemy units' models (EF_WHOM: has one of enemyKeywords), 2 their combat ranges too
  // The declared4 area (room: kind codes 129-136, EF 183, H 192-195, U 112-113, UI 72-73; encode-declared4.ts, assembly/battle/declared4.ts)
  D4_ON_SELF: 183, // for-the-turn: 1 put on the unit with the ability, not the target, with the group's dice (onSelf)
  // The objective4 area (the room EF 197): bits 0-2 a held effect applies while its holder contests an objective
  // (conditions.objectiveWhile): 1 any, 2 its army controls, 3 its army does not control (P_OBJECTIVE's codes), 0 none;
  // bit 8 the attack's target contests an objective (conditions.targetContesting); bit 16 the affected unit contests an
  // objective the unit with the ability contests (conditions.sameObjective)
  O4: 197,
  // The mortal4 area (room: kind codes 162-168, EF 195, H 200-203, U 116-117, UI 76-77, UD 16, US bit 1<<27; src/aos/battle/mortal4.ts).
  // The terrain5 area (room: kind codes 154-159, EF 206-207, H 204-206, U 117, UI 76, UD 17; used: EF 206).
  T5_TERRAIN: 206, // hidden: only while a terrain feature's edge is within this of the unit's (-1: no such clause); HD_RANGE -1: no escort
  M4_AFTER: 195, // for-the-turn with AFTER_DAMAGE: bit 1 compares the models the mortal damage slew (afterSlain), bit 2 sets it on the unit with the ability (afterSelf); on a mortal record, bit 4: every other unit of either army (bothSides)
  // The moves5 area (room moves5: kind 129, EF 194 and 200-201 used; encode-moves5.ts, assembly/battle/moves5.ts).
  MV5_FLAGS: 194, // phase-move: bits 0-2 its step (1 after its own SHOOT ability, 2 the end of the enemy's movement phase, 3 the end of a turn, 4 after its own FIGHT ability, 5 the start of the enemy's combat phase), 8 "Once Per Turn (Army)", 16 it charged this turn, 32 a Normal Move's distance (its Move), 64 x gate (bits 6-8: a dice first, the move on gate+; 0 none), 512 x clear (more than this from every enemy unit; 0 none)
  MV5_DICE: 200, // phase-move: 16 x the dice count + the dice's sides
  MV5_PLUS: 201, // phase-move: the dice's fixed part
  // The kills5 area (room: kind codes 142-143 and 151-153, EF 204-205, H 200-203, U 115-116, UI 75, US bit 1<<29; encode-kills5.ts):
  K5_NEED: 204, // the kill bits the unit with the ability needs, any of them (conditions.killed; a kill mark's bit for conditions.token "kill-...")
  K5_MARK: 205, // a kill-mark record: its mark's bit (512 << j) + 1 / 2 its timing's "Your" / "Enemy" End of Turn
  // The magic5 area (room: kinds 163-168, EF 208-209, H 207-209, U 118, UI 77; encode-magic5.ts, assembly/battle/magic5.ts). Used: kind 163, EF 208.
  MG5_WHOSE: 208, // a ritual-gain record's hero phase: 1 your, 2 enemy
  // The hashut6 area (room: kinds 130-133, EF 198 and 202, H 192-195, U 112, UI 72, UD 16; encode-hashut6.ts). Used: EF 198, 202.
  H6_POINTS: 198, // conditions.daemonic: 0 none, else 1 + min + 4 x max (the holder's daemonic power points)
  H6_MAGIC: 202, // conditions.wardMagic: 1 a ward against spells, prayers and manifestations' abilities only
  // The sylvaneth6 area (room: kinds 134-136 and 140, EF 203 and 207, H 196-199, U 113, UI 73, US bit 1<<27; encode-sylvaneth6.ts).
  SY6_OVERGROWTH: 203, // conditions.overgrowth on the holder: 0 none, 1 within, 2 wholly within the creeping overgrowth
  SY6_CODE: 207, // an overgrow record (kind 134): its range + 64 x its Your (1) / Enemy (2) Hero Phase + 256 "Once Per Battle"; on any record 512: conditions.pickOvergrowth
  // The cities6 area (room: kinds 141, 143, 151-153, EF 209-210, H 200-203, U 114, UI 74, US bit 1<<29; battle/cities6.ts, assembly/battle/cities6.ts). Used: EF 209-210, U 114, UI 74, US bit 1<<29.
  C6_ORDERS: 209, // conditions.underOrders on the holder: 1 it must be under orders, 2 must not be (0 no such condition)
  C6_ATTACKER: 210, // bit 1 conditions.attackerUnderOrders: the attacking unit must be under orders; bit 2 a for-the-turn's sureUnderOrders: no dice while the unit with the ability is under orders
  // The declared6 area (room: kinds 159 and 164-167, EF 212-213, H 208-211, U 118, UI 77, UD 17; used: EF 212-213; battle/declared6.ts, assembly/battle/declared6.ts)
  D6_COMMAND: 212, // for-the-turn: 1 a command (its group's first record): a command point, an issuer, no no-commands; spends the point
  D6_TARGET_CHARGED: 213, // for-the-turn: 1 only attacks whose target charged this turn (conditions.attackTargetCharged)
  // The magic6 area (room: kinds 168, 171-174, EF 214-215, H 212-215, U 119, UI 78, US bit 1<<30; encode-magic6.ts,
  // assembly/battle/magic6.ts). Used: kinds 168 (power-turn) and 171 (casting-turn), EF 214-215.
  MG6_FLAGS: 214, // a power-turn record: 1 "Once Per Battle" (for each unit) + 2 x the dice's N+ (0: no dice); a casting-turn record: 1 "Once Per Turn (Army)" + 2 x N+ + 16 chanting too + 32 until your next turn + 64 visible
  MG6_TERRAIN: 215, // a power-turn record: within this of a terrain feature, edge to edge (-1: no such clause)
  // The passive6 area (room: kinds 154-158, EF 211, H 204-207, U 116-117, UI 76; assembly/battle/passive6.ts). Used: EF 211.
  P6_FLAGS: 211, // bits 0-1 the attack's target's Control characteristic against the attacker's (conditions.targetControl): 1 higher, 2 lower (0 none); bit 4 a charge mark's soleCombat
} as const;
/** U.STATE2 bit 31 (the ignorefirst room; assembly/battle/actions.ts IGNORED_FIRST): the unit has ignored its first damage point this phase (bit 30 is the traits' FINEST_HOUR_USED). */
export const US2_IGNORED_FIRST = 1 << 31;
/** charge-rerolls.ts's effect kind and its kernel code (EF.KIND), from the moves area's range 104-113. */
export const CHARGE_REROLL_KIND = 104;
/** The effect kinds of fight-order.ts and their kernel codes (EF.KIND), apart from EFFECT_KINDS' indices. */
export const FIGHT_KINDS = { "fight-after": 46 } as const;
/** The effect kinds of save-triggers.ts and their kernel codes (EF.KIND), from the roll triggers' range 38-41. */
export const TRIGGER_KINDS = { "save-roll": 38 } as const;
/** The effect kinds of moves.ts and their kernel codes (EF.KIND); "move", "run", "charge" and "pile-in" share 44 (EF.MV_WHICH). */
export const MOVE_KINDS = { "charge-barrier": 42, "charge-after": 43, move: 44, run: 44, charge: 44, "pile-in": 44, "charged-strike-last": 45 } as const;
const MOVE_WHICH = ["move", "run", "charge", "pile-in"] as const;
/** The token a hero-phase charge-after ability leaves (battle/moves.ts CHARGE_AFTER_TOKEN, US.CHARGE_AFTER_TURN). */
const CHARGE_AFTER_TOKEN = "for-the-turn:charge-after";

/** The move effects the kernel plays (moves.ts): barriers, charge-after passive or in your hero phase, passive modifiers. */
function isKernelMoveEffect(pe: PlayedEffect): boolean {
  const d = pe.effect.do;
  const w = pe.ability.when;
  if (d.kind === "charge-barrier") return true;
  if (d.kind === "charged-strike-last") return w.timing === "phase" && w.phase === "charge";
  if (d.kind === "charge-after") return w.timing === "passive" || (w.timing === "phase" && w.phase === "hero");
  return (d.kind === "move" || d.kind === "run" || d.kind === "charge" || d.kind === "pile-in") && w.timing === "passive";
}

/** The slots of a move record (EF.MV_*). */
function moveRecord(pe: PlayedEffect, records: Float64Array, r: number): void {
  const d = pe.effect.do;
  if (d.kind === "charge-barrier") {
    records[r + EF.MV_WITHIN] = d.within;
    records[r + EF.MV_UNLESS] = d.unlessRoll;
    records[r + EF.MV_CONTESTING] = pe.effect.conditions.contesting === "objective-you-control" ? 1 : 0;
  } else if (d.kind === "charged-strike-last") {
    // Brace for Impact: the dice's target in EF.ON, whom's range in EF.RANGE.
    records[r + EF.ON] = d.on;
  } else if (d.kind === "charge-after") {
    records[r + EF.MV_AFTER] = (d.after.includes("run") ? 1 : 0) | (d.after.includes("retreat") ? 2 : 0) | (pe.ability.when.timing === "passive" ? 0 : 4);
    records[r + EF.MV_SHOOT] = (d.shoot ? 1 : 0) | (d.charge ? 0 : 2);
  } else if (d.kind === "move" || d.kind === "run" || d.kind === "charge" || d.kind === "pile-in") {
    records[r + EF.MV_WHICH] = MOVE_WHICH.indexOf(d.kind);
    records[r + EF.VALUE] = d.value;
  }
}
/** The effect kinds of healing.ts and their kernel codes (EF.KIND), apart from EFFECT_KINDS' indices. */
export const HEALING_KINDS = { heal: 24, "return-models": 25, "forbid-heal": 26, token: 27 } as const;
/** The effect kinds of a warscroll spell (warscroll-spells.ts isSpellEffect) and their kernel codes (EF.KIND). */
export const SPELL_KINDS = { mortal: 34, "for-the-turn": 35, slay: 114, "return-models": 115 } as const;
/** "Can use UNBIND abilities as if it had WIZARD (1)" (spells.ts unbindsAsWizard): a passive record, its kernel code. */
export const UNBIND_KIND = 36;
/** passive2.ts's effect kinds and their kernel codes (EF.KIND), from the passive2 room's range 144-159. */
export const PASSIVE2_KINDS = { "slain-roll": 144, "power-level": 145, unbinding: 146, chanting: 147, "cast-heal": 148 } as const;
/** A passive casting-roll modifier (battle/casting.ts castingBonus; assembly/battle/casting.ts): its kernel code (reserved room 124-127), EF.VALUE its value, whom the generic slots. */
export const CASTING_KIND = 124;
/** The same while the WIZARD has not miscast this phase (`unlessMiscast`), and "miscast-goes-on": kernel codes 125, 126. */
export const CASTING_UNLESS_MISCAST_KIND = 125;
export const MISCAST_GOES_ON_KIND = 126;
/** A casting-roll modifier "when it uses a SUMMON ability" (`summon`): kernel code 127. */
export const CASTING_SUMMON_KIND = 127;
/** The effect kinds of the declared-ability steps (combat-abilities.ts) apart from EFFECT_KINDS, and their codes (30-33). */
export const DECLARED_KINDS = { "terrain-mortal": 30 } as const;
/** A heal the declared steps play (damage.ts isStepHeal): its kernel code, from the damage area's 84-93. */
export const STEP_HEAL_KIND = 84;
/** The one token the kernel carries for an ability (US.BONE_CAGE_FULL). */
export const BONE_CAGE_TOKEN = "bone-cage-full";
export const EFFECT_KINDS = ["hit", "wound", "rend", "damage", "ward", "fail-unmodified", "control", "mortal", "slay", "strike", "for-the-turn", "charge-dice"] as const;

/**
 * The healing effects the kernel plays (healing.ts isHealingEffect, less what needs no record: Bone Cage's
 * start token is the encoded token, Repair Construct's removal is its return record's H_TOKEN).
 */
function isKernelHealingEffect(pe: PlayedEffect): boolean {
  if (isSpellEffect(pe)) return false; // a spell's return-models is a spell record (SPELL_KINDS)
  const d = pe.effect.do;
  if (isStepHeal(pe)) return false; // the steps' heals: STEP_HEAL_KIND
  return d.kind === "heal" || d.kind === "return-models" || d.kind === "forbid-heal" || (d.kind === "token" && d.roll !== undefined);
}

/** The slots of a healing record (EF.H_*), or an InputError for what the kernel does not play. */
function healingRecord(pe: PlayedEffect, records: Float64Array, r: number): void {
  const d = pe.effect.do;
  const w = pe.ability.when;
  const c = pe.effect.conditions;
  const refuse = (why: string) => new InputError(`abilities: ${pe.key}: the rollout kernel ${why}`);
  if (w.timing === "passive") records[r + EF.H_TIMING] = 0;
  else if (w.timing === "phase" && w.phase === "hero" && w.whose === "your") records[r + EF.H_TIMING] = 1;
  else if (w.timing === "phase" && w.phase === "end-of-turn") {
    records[r + EF.H_TIMING] = 2;
    records[r + EF.H_WHOSE] = ["any", "your", "enemy"].indexOf(w.whose);
  } else if (w.timing === "phase" && w.phase === "start-of-turn" && d.kind !== "token") {
    records[r + EF.H_TIMING] = 3;
    records[r + EF.H_WHOSE] = ["any", "your", "enemy"].indexOf(w.whose);
  } else if (d.kind !== "forbid-heal") throw refuse(`plays healing in your hero phase, at the start or the end of a turn or after a fight only`);
  const limit = w.timing === "phase" ? w.limit : "none";
  records[r + EF.LIMIT] = limitCode(limit);
  records[r + EF.H_SLEW] = c.slewThisTurn ? 1 : 0;
  const dice = (x: DiceExpr) => {
    records[r + EF.DICE_COUNT] = x.count;
    records[r + EF.DICE_SIDES] = x.sides;
    records[r + EF.H_DICE_PLUS] = x.plus;
  };
  if (d.kind === "heal") {
    if (pe.effect.whom.side !== "self") throw refuse("heals the unit with the ability only");
    if (d.amount === "damage-dealt") records[r + EF.H_MODE] = 1;
    else if (d.amount === "half-damage") records[r + EF.H_MODE] = 2; // damage.ts: half the unit's damage points, rounding up
    else dice(d.amount);
  } else if (d.kind === "return-models") {
    const x = d.health ?? d.count;
    if (!x) throw refuse("returns a count or a Health budget of models");
    dice(x);
    records[r + EF.H_MODE] = d.health ? 1 : 0;
    records[r + EF.ON] = d.on ?? 0;
    records[r + EF.EACH_TARGET] = d.targets === "each" ? 1 : 0;
    records[r + EF.H_INSTEAD] = d.instead?.count ?? 0;
    records[r + EF.H_INSTEAD_H1] = d.instead?.healthOne ? 1 : 0;
    records[r + EF.D_MIN] = d.least ?? 0;
    if (c.token !== undefined) {
      if (c.token !== BONE_CAGE_TOKEN) throw refuse(`carries the ${BONE_CAGE_TOKEN} token only`);
      records[r + EF.H_TOKEN] = 1;
    }
  } else if (d.kind === "token") {
    if (d.token !== BONE_CAGE_TOKEN || !d.roll) throw refuse(`carries the ${BONE_CAGE_TOKEN} token only`);
    records[r + EF.H_TOKEN] = 1;
    records[r + EF.ON] = d.roll.on;
    records[r + EF.H_FOUGHT_BONUS] = d.roll.foughtBonus;
  }
}

/**
 * The token the kernel carries for the save-roll triggers (US.TRIGGER_TOKEN): the one a trigger of the battle
 * removes; two different ones are refused (the TypeScript engine plays such a battle).
 */
export function triggerToken(list: readonly PlayedEffect[]): string | undefined {
  let token: string | undefined;
  for (const pe of list) {
    const d = pe.effect.do;
    if (d.kind !== "save-roll" || d.removeToken === undefined) continue;
    if (token !== undefined && token !== d.removeToken) throw new InputError(`abilities: ${pe.key}: the rollout kernel carries one save-roll token a battle (${token} and ${d.removeToken})`);
    token = d.removeToken;
  }
  return token;
}

/**
 * A mask over the effect records (bit k = record k, MAX_EFFECTS = 64): bits 0-31 and 32-63 as two signed 32-bit
 * numbers, encoded in a slot and its _HI slot (f64 slots hold 32-bit integers exactly; the kernel reads them as a u64).
 */
export type Mask64 = [lo: number, hi: number];
const mask64 = (): Mask64 => [0, 0];
function setBit(m: Mask64, k: number): void {
  if (k < 32) m[0] |= 1 << k;
  else m[1] |= 1 << (k - 32);
}

/** EF.LIMIT: 0 none or once per turn (each unit once in a step), 1 once per turn (army), 2 once per battle (army), 3 once per battle for each unit. */
function limitCode(limit: string): number {
  return limit === "once-per-turn-army" ? 1 : limit === "once-per-battle-army" ? 2 : limit === "once-per-battle" ? 3 : 0;
}

/** The slots of a mortal record of damage.ts's forms (EF.D_*). */
function damageRecord(pe: PlayedEffect, d: Extract<PlayedEffect["effect"]["do"], { kind: "mortal" }>, records: Float64Array, r: number): void {
  const refuse = (why: string) => new InputError(`abilities: ${pe.key}: the rollout kernel ${why}`);
  records[r + EF.D_NEW] = 1;
  records[r + EF.D_MIN] = d.minDice ?? 0;
  records[r + EF.D_MAX] = d.maxDice ?? 0;
  records[r + EF.D_GATE] = d.gate ?? 0;
  if (d.summed && (d.rolls !== undefined || d.per !== "once" || d.dice.count > 2)) throw refuse("sums at most 2 dice, rolled once");
  if (d.vs) {
    records[r + EF.D_VS_STAT] = ["health", "save", "models", "damage"].indexOf(d.vs.stat) + 1;
    records[r + EF.D_VS_RULE] = ["exceeds", "at-most", "below"].indexOf(d.vs.rule);
  }
  if (d.top) {
    if (d.top.damage.plus !== 0) throw refuse("rolls a better damage without a modifier");
    records[r + EF.D_TOP_FROM] = d.top.from;
    records[r + EF.D_TOP_COUNT] = d.top.damage.count;
    records[r + EF.D_TOP_SIDES] = d.top.damage.sides;
  }
  records[r + EF.D_DMG_PLUS] = d.damage?.plus ?? 0;
  if (d.rollBonus) {
    records[r + EF.D_RB_ADD] = d.rollBonus.add;
    records[r + EF.D_RB_IF] = ["target-charged", "target-more-models", "target-models-over", "target-damaged", "daemonic-points"].indexOf(d.rollBonus.if); // 4: hashut6's
    records[r + EF.D_RB_MODELS] = d.rollBonus.models ?? 0;
  }
  records[r + EF.D_EXTRA_ADD] = d.extra?.add ?? 0;
  records[r + EF.D_EXTRA_FLAGS] = (d.extra?.double ? 1 : 0) | (d.extra?.charged ? 2 : 0) | (d.extra?.anyKeywords ? 4 : 0) | (d.summed ? 8 : 0);
}

/** The slots of a heal the steps play (damage.ts useStepHeal): its dice, first roll and how many targets. */
function stepHealRecord(pe: PlayedEffect, records: Float64Array, r: number): void {
  const d = pe.effect.do as Extract<PlayedEffect["effect"]["do"], { kind: "heal" }>;
  const x = d.amount as DiceExpr;
  if (x.count > 2) throw new InputError(`abilities: ${pe.key}: the rollout kernel heals at most 2 dice`);
  if (d.perModel) {
    records[r + EF.D_MIN] = d.perModel.on;
    records[r + EF.D_TOP_FROM] = d.perModel.top?.from ?? 0;
    records[r + EF.D_TOP_COUNT] = d.perModel.top?.amount ?? 0;
  }
  records[r + EF.DICE_COUNT] = x.count;
  records[r + EF.DICE_SIDES] = x.sides;
  records[r + EF.H_DICE_PLUS] = x.plus;
  records[r + EF.ON] = d.on ?? 0;
  records[r + EF.EACH_TARGET] = d.targets === "each" ? 1 : 0;
  records[r + EF.UP_TO] = d.upTo ?? 0;
}

/**
 * EF.CHARGED's 2 for `arrived` (a declared mortal damage or slay only), when every reserve the units of the ability's
 * warscroll (the units that use it) could be set up in arrives by `arrival`.
 */
function arrivedCondition(data: BattleData, arrival: string, ability: string, warscroll: string, kind: string): number {
  if (kind !== "mortal" && kind !== "slay") throw new InputError(`${ability}: "set up this turn using ..." is a condition of a declared mortal damage or slay`);
  // The reserves a unit with the ability can be set up in (reserves.ts reserveOptions, before its limits).
  const w = warscroll.toLowerCase();
  const users = data.profiles.filter((p) => p.warscroll.toLowerCase() === w);
  const usable = battleReserves(data.profiles).filter((a) => users.some((p) => matches(p, a.units) && armyHasFaction(data.profiles, p.owner, a.faction)));
  const other = usable.find((a) => a.arrival.name.toLowerCase() !== arrival.toLowerCase());
  if (other) throw new InputError(`${ability}: the rollout kernel cannot tell an arrival by '${arrival}' from one by '${other.arrival.name}' in one battle (the TypeScript engine plays it)`);
  return 2;
}

/** The played effects the kernel interprets, and each unit's masks over them. */
function effectSlots(data: BattleData): {
  records: Float64Array;
  unit: (id: number) => Mask64[];
  phase: [Mask64, Mask64];
  battle: [Mask64, Mask64];
  spellsCast: Mask64;
  fightNext: [number, number];
  trigger: string | undefined;
  mark: string | undefined;
  killMarks: string[];
  list: PlayedEffect[];
} {
  // Mortal damage and slays only as the combat phase's ability step plays them (combat-abilities.ts).
  const list = playedEffectsOf(data.profiles).filter(
    (pe) =>
      (pe.effect.do.kind === "return-models" && isSpellEffect(pe) && spellOf(pe.ability)) ||
      ((EFFECT_KINDS as readonly string[]).includes(pe.effect.do.kind) &&
        (pe.effect.do.kind !== "mortal" && pe.effect.do.kind !== "slay" && pe.effect.do.kind !== "strike" && pe.effect.do.kind !== "for-the-turn"
          ? true
          : isCombatStepEffect(pe) || stepPhaseOf(pe) !== null || isFightAfterTurnEffect(pe) || (isSpellEffect(pe) && !!spellOf(pe.ability)) || isAfterMortalEffect(pe))) ||
      isKernelHealingEffect(pe) ||
      (isStepHeal(pe) && stepPhaseOf(pe) !== null) ||
      isFightAfterEffect(pe) ||
      pe.effect.do.kind in TRIGGER_KINDS ||
      (pe.effect.do.kind in PASSIVE2_KINDS && pe.ability.when.timing === "passive") ||
      (pe.effect.do.kind === "unbind" && pe.ability.when.timing === "passive") ||
      ((pe.effect.do.kind === "casting" || pe.effect.do.kind === "miscast-goes-on") && pe.ability.when.timing === "passive") ||
      (pe.effect.do.kind === "terrain-mortal" && stepPhaseOf(pe) !== null) ||
      isKernelMoveEffect(pe) ||
      pe.effect.do.kind === "charge-reroll" ||
      isKernelCommonEffect(pe) ||
      isKernelPassiveEffect(pe) ||
      isKernelPassive3Effect(pe) ||
      isKernelTiming2Effect(pe) ||
      isKernelHero3Effect(pe) ||
      isKernelCombat3Effect(pe) ||
      isKernelTail4Effect(pe) ||
      isKernelMoves5Effect(pe) ||
      isKernelObjective4Effect(pe) ||
      isKernelKills5Effect(pe) ||
      isKernelMortal4Effect(pe) ||
      isKernelReact4Effect(pe) ||
      isKernelMagic5Effect(pe) ||
      isKernelSylvaneth6Effect(pe) ||
      (pe.effect.do.kind === "shoot-in-combat" && pe.ability.when.timing === "passive") || // encode-cities6.ts
      isKernelMagic6Effect(pe),
  );
  const trigger = triggerToken(list);
  const mark = markToken(list); // encode-objective4.ts
  const killMarks = killMarkTokens(list); // encode-kills5.ts
  if (list.length > MAX_EFFECTS) throw new InputError(`abilities: at most ${MAX_EFFECTS} played effects in one battle for the rollout kernel (got ${list.length})`);
  const records = new Float64Array(list.length * EFFECT);
  list.forEach((pe, k) => {
    const r = k * EFFECT;
    const e = pe.effect;
    const d = e.do;
    const c = e.conditions;
    const spell = isSpellEffect(pe);
    records[r + EF.KIND] = isKernelSylvaneth6Effect(pe)
      ? OVERGROW_KIND
      : d.kind === "shoot-in-combat"
      ? SHOOT_IN_COMBAT_KIND // encode-cities6.ts
      : isChargeMark(pe)
      ? CHARGE_MARK_KIND // encode-passive6.ts: objective4's mark put at the end of a charge phase
      : isKernelObjective4Effect(pe)
      ? objective4Kind(pe)
      : isKernelKills5Effect(pe)
      ? KILL_MARK_KIND
      : isKernelTiming2Effect(pe)
      ? timing2Kind(pe)
      : isKernelHero3Effect(pe)
      ? SEIZE_KIND
      : isKernelCombat3Effect(pe)
      ? SWITCH_ON_KIND
      : isKernelTail4Effect(pe)
      ? TAIL4_KINDS[d.kind as keyof typeof TAIL4_KINDS]
      : isKernelMoves5Effect(pe)
      ? PHASE_MOVE_KIND
      : isKernelMortal4Effect(pe)
      ? DESTROYED_MORTAL_KIND
      : isKernelPassiveEffect(pe)
      ? passiveKindCode(pe)
      : isKernelPassive3Effect(pe)
      ? passive3KindCode(pe)
      : isStepHeal(pe)
      ? STEP_HEAL_KIND
      : d.kind === "charge-reroll"
      ? CHARGE_REROLL_KIND
      : isKernelMoveEffect(pe)
      ? MOVE_KINDS[d.kind as keyof typeof MOVE_KINDS]
      : isKernelCommonEffect(pe)
      ? commonKind(pe)
      : spell
      ? SPELL_KINDS[d.kind as keyof typeof SPELL_KINDS]
      : d.kind === "casting"
      ? d.summon ? CASTING_SUMMON_KIND : d.unlessMiscast ? CASTING_UNLESS_MISCAST_KIND : CASTING_KIND
      : d.kind === "miscast-goes-on"
      ? MISCAST_GOES_ON_KIND
      : d.kind === "unbind"
        ? UNBIND_KIND
        : d.kind in PASSIVE2_KINDS
        ? PASSIVE2_KINDS[d.kind as keyof typeof PASSIVE2_KINDS]
        : d.kind in HEALING_KINDS
          ? HEALING_KINDS[d.kind as keyof typeof HEALING_KINDS]
          : d.kind in FIGHT_KINDS
            ? FIGHT_KINDS[d.kind as keyof typeof FIGHT_KINDS]
            : d.kind in TRIGGER_KINDS
              ? TRIGGER_KINDS[d.kind as keyof typeof TRIGGER_KINDS]
              : d.kind in DECLARED_KINDS
                ? DECLARED_KINDS[d.kind as keyof typeof DECLARED_KINDS]
                : EFFECT_KINDS.indexOf(d.kind as (typeof EFFECT_KINDS)[number]);
    records[r + EF.VALUE] =
      d.kind === "slay"
        ? ["roll-at-least-double-health", "roll-exceeds-health", "roll-at-least-health", "2d6-exceeds-health"].indexOf(d.rule) // 3: declared6's 2D6 destroying the unit
        : d.kind === "ward" ? d.value : d.kind === "fail-unmodified" ? d.upTo : d.kind === "control" ? (d.add ?? 0) : d.kind === "strike" ? (d.on ?? 1) : d.kind === "charge-dice" ? d.add : "value" in d ? (d.value ?? 0) : 0;
    records[r + EF.DIRECTION] = "direction" in d && d.direction === "against" ? 1 : 0;
    records[r + EF.SIDE] = ["self", "friendly", "enemy"].indexOf(e.whom.side);
    records[r + EF.RANGE] = e.whom.range ?? -1;
    records[r + EF.WHOLLY] = e.whom.wholly ? 1 : 0;
    records[r + EF.INCLUDE_SELF] = e.whom.includeSelf ? 1 : 0;
    records[r + EF.ATTACK] = ["any", "melee", "ranged"].indexOf(c.attack);
    // 2: "set up this turn using the 'X' ability" (conditions.arrived): the kernel knows that a unit arrived from
    // reserve this turn (U.STATE ARRIVED), not by which ability, so every arrival of the battle must be that one.
    records[r + EF.CHARGED] = c.arrived !== undefined ? arrivedCondition(data, c.arrived, pe.ability.name, pe.ability.warscroll, d.kind) : c.charged === undefined ? -1 : c.charged ? 1 : 0;
    records[r + EF.TARGET_CHARGED] = c.targetCharged === undefined ? -1 : c.targetCharged ? 1 : 0;
    records[r + EF.M3_PASSED] = c.passedAcross ? 1 : 0; // move3.ts
    records[r + EF.M3_CHARGE_ROLL] = c.chargeRoll ?? 0;
    records[r + EF.NEAR_RANGE] = c.near?.range ?? -1;
    records[r + EF.NEAR_WHOLLY] = c.near?.wholly ? 1 : 0;
    records[r + EF.NEAR_MEASURED] = c.near?.measured === "this-within" ? 1 : 0;
    records[r + EF.P2_NEAR_MODELS] = c.near?.minModels ?? 0;
    records[r + EF.P3_STATE] = pe.ability.when.timing === "passive" ? passive3State(c) : 0; // a passive ability's (attack.ts sourceFor)
    records[r + EF.P3_TARGET_RANGE] = c.targetWithin?.range ?? -1; // read with P3_STATE bit 32
    records[r + EF.P3_TARGET_BEYOND] = c.targetWithin?.beyond ? 1 : 0;
    records[r + EF.O4] = objective4Bits(pe, mark); // encode-objective4.ts
    records[r + EF.K5_NEED] = kills5Need(pe, killMarks); // encode-kills5.ts
    records[r + EF.K5_MARK] = kills5Mark(pe, killMarks);
    records[r + EF.H6_POINTS] = hashutPoints(pe); // encode-hashut6.ts
    records[r + EF.H6_MAGIC] = c.wardMagic ? 1 : 0;
    records[r + EF.SY6_OVERGROWTH] = overgrowthCode(pe); // encode-sylvaneth6.ts
    records[r + EF.SY6_CODE] = sylvaneth6Code(pe);
    records[r + EF.C6_ORDERS] = ordersCondition(c); // encode-cities6.ts
    records[r + EF.C6_ATTACKER] = (c.attackerUnderOrders ? 1 : 0) | (d.kind === "for-the-turn" && d.sureUnderOrders ? 2 : 0);
    records[r + EF.LIMITED] = pe.ability.when.timing === "reaction" && pe.ability.when.limit === "once-per-phase-army" ? 1 : 0;
    records[r + EF.EXTRA] =
      d.kind === "fail-unmodified" ? (d.rolls.includes("hit") ? 1 : 0) | (d.rolls.includes("wound") ? 2 : 0) : d.kind === "control" ? (d.max ?? 0) : d.kind === "charge-dice" ? d.max : 0;
    records[r + EF.CONTESTING] = c.contesting === undefined ? 0 : c.contesting === "objective-in-friendly-territory" ? 1 : 2;
    if (d.kind === "charge-reroll") {
      records[r + EF.CR_DICE] = ["all", "one", "four"].indexOf(d.dice);
      records[r + EF.CR_LIMIT] = pe.ability.when.timing === "reaction" && pe.ability.when.limit === "once-per-turn-army" ? 1 : 0;
    }
    if (d.kind === "mortal") {
      // A spell's fixed amount (no dice) is its EF.SP_FIXED (spellRecord).
      if (d.dice.plus !== 0 && !(spell && d.dice.count === 0)) throw new InputError(`abilities: ${pe.key}: the rollout kernel rolls mortal damage dice without a modifier`);
      records[r + EF.PER] = ["once", "model", "target-model", "round", "target-health", "target-damage", "self-damage", "charge-roll"].indexOf(d.per); // 7: move3.ts
      records[r + EF.DICE_COUNT] = d.dice.count * (d.rolls ?? 1); // "Roll 6 dice": the kernel rolls DICE_COUNT dice
      if (isNewMortal(d) && !spell) damageRecord(pe, d, records, r); // a spell's mortal damage is a spell record (spellRecord)
      records[r + EF.DICE_SIDES] = d.dice.sides;
      records[r + EF.ON] = d.on ?? 1;
      records[r + EF.EACH] = d.each === "roll" ? 0 : d.each;
      records[r + EF.BETTER_MODELS] = d.better?.models ?? 0;
      records[r + EF.BETTER_TARGET] = d.better?.of === "target" ? 1 : 0;
      records[r + EF.BETTER_ON] = d.better?.on ?? 0;
      records[r + EF.BONUS_ADD] = d.bonus?.add ?? 0;
      records[r + EF.EACH_TARGET] = d.targets === "each" ? 1 : 0;
      records[r + EF.UP_TO] = d.upTo ?? 0;
      // Necrotic Impetus: the army gains the damage points allocated as relentless discipline points (combat-abilities.ts gainTokens).
      records[r + EF.GAIN_DISCIPLINE] = pe.ability.effects.some((x) => x.do.kind === "token" && x.do.action === "gain" && x.do.token === "relentless-discipline") ? 1 : 0;
      if (d.damage) {
        if (d.damage.plus !== 0 && !isNewMortal(d)) throw new InputError(`abilities: ${pe.key}: the rollout kernel rolls mortal damage dice without a modifier`);
        records[r + EF.DMG_COUNT] = d.damage.count;
        records[r + EF.DMG_SIDES] = d.damage.sides;
      }
    }
    if (d.kind === "for-the-turn") {
      // 1: set on the unit that fights after; passive4's atPick: 2 also at the pick on the target, 3 at the pick on the unit with the ability.
      records[r + EF.F_AFTER_FIGHT] = isFightAfterTurnEffect(pe) ? (d.atPick ? (e.whom.side === "self" ? 3 : 2) : 1) : 0;
      if (isFightAfterTurnEffect(pe) && d.on !== undefined) throw new InputError(`abilities: ${pe.key}: the rollout kernel sets a fight-after's for-the-turn effect without dice`);
      records[r + EF.ON] = d.on ?? 0;
      records[r + EF.TURN_SET] = DURATION_SETS.indexOf(d.set);
      records[r + EF.ST_UNTIL] = d.until === "your-next-turn" ? 1 : 0;
      records[r + EF.UP_TO] = d.upTo ?? 0; // "pick up to N units" (the mortal records' slot, the same meaning)
      records[r + EF.EACH_TARGET] = d.each ? 1 : 0; // combat3: "pick each ... unit" (the mortal records' slot, the same meaning)
      records[r + EF.ST_STATIONARY] = c.stationary === undefined ? 0 : c.stationary ? 1 : 2;
      records[r + EF.D2_VS] = d.vs === undefined ? 0 : ["control-exceeds", "control-at-most", "health-at-most", "health-2d6-exceeds"].indexOf(d.vs) + 1;
      records[r + EF.D2_ADD_DAMAGED] = d.addIfDamaged ?? 0;
      records[r + EF.D2_ADD_KEYWORD] = d.addIfKeywords?.add ?? 0;
      records[r + EF.D2_AND_SELF] = d.andSelf ?? 0;
      records[r + EF.H3_SURE] = d.sureInCombat ? 1 : 0;
      records[r + EF.D4_ON_SELF] = d.onSelf ? 1 : 0; // declared4 (battle/declared4.ts onSelf)
      records[r + EF.D6_COMMAND] = d.command ? 1 : 0; // declared6 (battle/declared6.ts): a command
      records[r + EF.D6_TARGET_CHARGED] = c.attackTargetCharged ? 1 : 0; // declared6: the attack's target charged this turn
      records[r + EF.SP_OPTION] = c.option ?? 0; // pick5: "pick 1 of the following effects", the option (the spells' slot, the same meaning)
      if (d.set === "weapon-ability") records[r + EF.VALUE] = heldAbilityCode(d.ability); // hero3: the Crit, as a passive weapon-ability's code
      // declared2 "charge-after" (battle/declared2.ts): the charge-after records' slots, the same meaning (bit 1 a run, bit 2 a retreat; SHOOT too).
      if (d.set === "charge-after") {
        records[r + EF.MV_AFTER] = (d.after?.includes("run") ? 1 : 0) | (d.after?.includes("retreat") ? 2 : 0);
        records[r + EF.MV_SHOOT] = d.shoot ? 1 : 0;
      }
      const group = durationGroup(pe);
      records[r + EF.ST_GROUP] = group ? group.length : 0;
      // The kernel reads a group's records from its first one: they follow it (an ability's effects are consecutive).
      if (group && group.some((g, i) => list[k + i]?.key !== pe.key || list[k + i]?.effect !== g.effect))
        throw new InputError(`abilities: ${pe.key}: the rollout kernel reads an ability's effects for a while one after the other`);
      records[r + EF.COMPANION_ONLY] = d.companionOnly ? 1 : 0;
      records[r + EF.AFTER_DAMAGE] = d.afterDamage ?? 0;
      records[r + EF.C3_AFTER_ROLL] = d.afterRoll ? 1 : 0;
      records[r + EF.M4_AFTER] = (d.afterSlain ? 1 : 0) | (d.afterSelf ? 2 : 0); // the mortal4 area
      // The schema puts it after its ability's mortal damage; the kernel reads the record before it.
      if (d.afterDamage !== undefined && (k === 0 || list[k - 1]!.key !== pe.key || list[k - 1]!.effect.do.kind !== "mortal"))
        throw new InputError(`abilities: ${pe.key}: a for-the-turn effect after mortal damage must follow it`);
    }
    if (d.kind === "terrain-mortal") {
      // The feature within RANGE of the unit; the units within NEAR_RANGE of it (EF_WHOM: whom's filter), both sides with EACH_TARGET.
      if (d.dice.plus !== 0) throw new InputError(`abilities: ${pe.key}: the rollout kernel rolls mortal damage dice without a modifier`);
      records[r + EF.RANGE] = d.range;
      records[r + EF.NEAR_RANGE] = d.within;
      records[r + EF.DICE_COUNT] = d.dice.count;
      records[r + EF.DICE_SIDES] = d.dice.sides;
      records[r + EF.ON] = d.on ?? 1;
      records[r + EF.EACH] = d.each === "roll" ? 0 : d.each;
      records[r + EF.EACH_TARGET] = d.sides === "both" ? 1 : 0;
    }
    if (d.kind === "slay") records[r + EF.DICE_COUNT] = d.rolls ?? 1; // "Roll 3 dice": each one slays a model
    if (isStepHeal(pe)) stepHealRecord(pe, records, r);
    if (d.kind === "mortal" || d.kind === "slay" || d.kind === "strike" || d.kind === "for-the-turn" || d.kind === "terrain-mortal" || isStepHeal(pe) || isKernelTiming2Effect(pe) || isKernelHero3Effect(pe) || isKernelCombat3Effect(pe)) {
      const w = pe.ability.when;
      const limit = w.timing === "phase" ? w.limit : "none";
      records[r + EF.MIN_MODELS] = c.minModels ?? 0;
      records[r + EF.LIMIT] = limitCode(limit);
      records[r + EF.DECL_PHASE] = STEP_PHASES.indexOf(stepPhaseOf(pe) ?? "combat");
      records[r + EF.DECL_WHOSE] = w.timing === "phase" ? ["any", "your", "enemy"].indexOf(w.whose) : 0;
      records[r + EF.VISIBLE] = c.visible && (d.kind === "mortal" || d.kind === "slay" || d.kind === "heal" || d.kind === "for-the-turn") ? 1 : 0;
      records[r + EF.D_DAMAGED] = c.damaged === undefined ? 0 : c.damaged ? 1 : 2;
    }
    combat3Record(pe, list, k, records, r, EF); // encode-combat3.ts: an aura switched on for the rest of the turn
    mortal4Record(pe, records, r, EF); // encode-mortal4.ts: a destroyed unit's mortal damage
    if (isKernelReact4Effect(pe)) react4Record(pe, records, r, EF); // encode-react4.ts: casting and unbinding reactions
    if (isKernelMagic5Effect(pe)) magic5Record(pe, records, r, EF); // encode-magic5.ts: ritual points given in a hero phase
    if (isKernelMagic6Effect(pe)) magic6Record(pe, records, r, EF); // encode-magic6.ts: a power level for the rest of the turn
    if (isKernelHealingEffect(pe)) healingRecord(pe, records, r);
    else if (c.token !== undefined && c.token !== mark && !killMarks.includes(c.token)) { // a kill mark's: EF.K5_NEED (encode-kills5.ts)
      // The one token an attack record can need is the trigger token (Loyal Gryph-hound's ward).
      if (c.token !== trigger) throw new InputError(`abilities: ${pe.key}: the rollout kernel carries only the token a save-roll trigger removes`);
      records[r + EF.TRIG_TOKEN_NEEDED] = 1;
    }
    if (d.kind === "fight-after") {
      const w = pe.ability.when;
      const limit = w.timing === "reaction" ? w.limit : "none";
      if (limit !== "none" && limit !== "once-per-turn-army") throw new InputError(`abilities: ${pe.key}: the rollout kernel plays a fight-after reaction without a limit or once per turn (army) only`);
      records[r + EF.F_LIMIT] = limit === "once-per-turn-army" ? 1 : 0;
    }
    if (spell) {
      const w = pe.ability.when as Extract<PlayedEffect["ability"]["when"], { timing: "spell" }>;
      records[r + EF.SP_CASTING] = w.castingValue;
      records[r + EF.SP_ROLL_MIN] = c.castingRoll?.atLeast ?? 0;
      records[r + EF.SP_ROLL_MAX] = c.castingRoll?.atMost ?? 0;
      records[r + EF.SP_UNTIL] = d.kind === "for-the-turn" && d.until === "your-next-turn" ? 1 : 0;
      records[r + EF.SP_FIRST] = list.findIndex((x) => x.ability === pe.ability);
      spellRecord(pe, records, r);
    }
    if (d.kind === "save-roll") {
      records[r + EF.TRIG_ROLL] = d.roll;
      if (d.mortal) {
        records[r + EF.DICE_COUNT] = d.mortal.count;
        records[r + EF.DICE_SIDES] = d.mortal.sides;
        records[r + EF.VALUE] = d.mortal.plus;
      } else records[r + EF.TRIG_REMOVE_TOKEN] = 1;
    }
    if (d.kind === "cast-heal") records[r + EF.P2_HEAL] = d.heal;
    if (d.kind === "hidden") records[r + EF.P2_CLEAR] = d.clear ?? -1; // common.ts hiddenFrom: no enemy unit within this
    if (d.kind === "slain-roll") {
      records[r + EF.P2_ON] = d.on;
      records[r + EF.P2_DICE] = d.dice;
      records[r + EF.DICE_COUNT] = d.mortal.count;
      records[r + EF.DICE_SIDES] = d.mortal.sides;
      records[r + EF.VALUE] = d.mortal.plus;
    }
    if (c.targetKeywords !== undefined) {
      if (c.near) throw new InputError(`abilities: ${pe.key}: the rollout kernel reads a target's keywords or a "near" condition, not both`);
      records[r + EF.TARGET_KEYWORDS] = 1;
    }
    records[r + EF.TARGET_MIN_MODELS] = c.targetMinModels ?? 0;
    records[r + EF.P6_FLAGS] = (c.targetControl === "higher" ? 1 : c.targetControl === "lower" ? 2 : 0) | (c.soleCombat ? 4 : 0); // passive6
    records[r + EF.IN_COMBAT] = c.inCombat === undefined ? 0 : c.inCombat ? 1 : 2;
    if (isKernelMoveEffect(pe)) moveRecord(pe, records, r);
    if (isKernelCommonEffect(pe)) commonRecord(pe, list, records, r);
    if (isKernelTail4Effect(pe)) tail4Record(pe, records, r);
    if (isKernelMoves5Effect(pe)) moves5Record(pe, records, r); // encode-moves5.ts
    passiveRecord(pe, records, r, EF, data.profiles);
  });
  const unit = (id: number): Mask64[] => {
    const p = data.profiles[id]!;
    const tokens = data.units[id]!.tokens;
    const source = mask64();
    const whom = mask64();
    const near = mask64();
    const turn = mask64();
    const until = [mask64(), mask64()];
    const passive = mask64();
    const extra = mask64();
    const battleUsed = mask64();
    list.forEach((pe, k) => {
      if (passesPassiveFilter(pe, p)) setBit(passive, k);
      if ((pe.effect.do.kind === "for-the-turn" || pe.effect.do.kind === "power-turn" || pe.effect.do.kind === "casting-turn" || pe.effect.conditions.switchedOn) && tokens.includes(turnToken(pe))) setBit(turn, k); // magic6: a power level for the rest of the turn
      for (const pl of [0, 1] as const) if ((pe.effect.do.kind === "for-the-turn" || pe.effect.do.kind === "casting-turn") && tokens.includes(untilToken(pl, turnToken(pe)))) setBit(until[pl]!, k); // magic6: casting-turn
      if (p.warscroll.toLowerCase() === pe.ability.warscroll.toLowerCase()) setBit(source, k);
      const common = commonUnitBits(p, pe); // encode-common.ts: what a common record's masks mean
      if (common ? common.whom : passes(p, pe.effect.whom.filter)) setBit(whom, k);
      if (pe.effect.conditions.near && passes(p, pe.effect.conditions.near.filter)) setBit(near, k);
      if (common?.near) setBit(near, k);
      const tk = pe.effect.conditions.targetKeywords;
      if (tk && tk.every((x) => keywordIn(p.keywords, x))) setBit(near, k); // the target's keywords (EF.TARGET_KEYWORDS)
      const d = pe.effect.do;
      if (d.kind === "mortal" && d.bonus && keywordIn(p.keywords, d.bonus.keyword)) setBit(near, k);
      if (d.kind === "mortal" && d.extra?.anyKeywords?.some((x) => keywordIn(p.keywords, x))) setBit(extra, k); // damage.ts extraApplies
      if (d.kind === "for-the-turn" && d.addIfKeywords?.anyKeywords.some((x) => keywordIn(p.keywords, x))) setBit(extra, k); // declared2.ts diceHolds
      if ((data.effectsUsed?.[p.owner as 0 | 1] ?? []).includes(unitKey(pe, id))) setBit(battleUsed, k); // damage.ts usedByUnit
      if (d.kind === "return-models" && d.instead?.keyword !== undefined && keywordIn(p.keywords, d.instead.keyword)) setBit(near, k);
    });
    return [source, whom, near, turn, until[0]!, until[1]!, battleUsed, extra, passive];
  };
  const maskOf = (has: (pe: PlayedEffect, k: number) => boolean): Mask64 => {
    const m = mask64();
    list.forEach((pe, k) => has(pe, k) && setBit(m, k));
    return m;
  };
  const phase = ([0, 1] as const).map((pl) => maskOf((pe) => (data.commandsUsed?.[pl] ?? []).includes(pe.key) && pe.ability.when.timing === "reaction")) as [Mask64, Mask64];
  const battle = ([0, 1] as const).map((pl) => maskOf((pe) => (data.effectsUsed?.[pl] ?? []).includes(pe.key))) as [Mask64, Mask64];
  // fight-order.ts: the unit picked to fight next, and the record of the for-the-turn effect it then gets.
  const next = data.fightNext;
  const fightNext: [number, number] = next ? [next.unit, next.token === null ? -1 : list.findIndex((pe) => pe.effect.do.kind === "for-the-turn" && turnToken(pe) === next.token)] : [-1, -1];
  const spellsCast = mask64();
  for (const key of data.spells.warscroll ?? []) {
    const k = list.findIndex((pe) => pe.key === key && isSpellEffect(pe));
    if (k >= 0) setBit(spellsCast, k);
  }
  return { records, unit, phase, battle, spellsCast, fightNext, trigger, mark, killMarks, list };
}

/** The slots of a warscroll spell's or prayer's record beyond SP_CASTING..SP_FIRST (EF.SP_PRAYER on). */
function spellRecord(pe: PlayedEffect, records: Float64Array, r: number): void {
  const w = pe.ability.when;
  if (w.timing !== "spell" && w.timing !== "prayer") return;
  const d = pe.effect.do;
  const t = w.targets ?? {};
  if (w.timing === "prayer") {
    records[r + EF.SP_PRAYER] = 1;
    records[r + EF.SP_CASTING] = w.chantingValue;
  }
  records[r + EF.SP_UP_TO] = t.upTo ?? 1;
  records[r + EF.SP_EVERY] = t.every ? 1 : 0;
  records[r + EF.SP_PENALTY] = t.penalty ?? 0;
  records[r + EF.SP_MORE_AT] = t.more?.atLeast ?? 0;
  records[r + EF.SP_MORE_UP_TO] = t.more?.upTo ?? 1;
  records[r + EF.SP_MORE_EVERY] = t.more?.every ? 1 : 0;
  records[r + EF.SP_OPTIONAL] = t.optional ? 1 : 0;
  records[r + EF.SP_AFTER_SLAIN] = pe.effect.conditions.afterSlain ? 1 : 0;
  records[r + EF.VISIBLE] = pe.effect.conditions.visible ? 1 : 0;
  records[r + EF.SP_AROUND] = d.kind === "mortal" && d.around !== undefined ? d.around : -1;
  if (d.kind === "mortal") {
    records[r + EF.SP_MAX] = d.maxDice ?? 0;
    records[r + EF.SP_FIXED] = d.dice.count === 0 ? d.dice.plus : 0;
    records[r + EF.PER] = ["once", "model", "target-model", "round", "casting-roll", "target-health"].indexOf(d.per);
  }
  if (d.kind === "slay") records[r + EF.VALUE] = 3; // casting-roll-exceeds-health
  if (d.kind === "for-the-turn") records[r + EF.SP_PER_ROUND] = d.perRound ? 1 : 0;
  records[r + EF.SP_OPTION] = pe.effect.conditions.option ?? 0;
  if (d.kind === "return-models") {
    const x = (d.health ?? d.count)!;
    records[r + EF.DICE_COUNT] = x.count;
    records[r + EF.DICE_SIDES] = x.sides;
    records[r + EF.SP_FIXED] = x.plus;
    records[r + EF.SP_RETURN_HEALTH] = d.health ? 1 : 0;
  }
}

/** Result record slots (written by the kernel). */
export const R = {
  WINNER: 0, // player, -1 draw
  OUTCOME: 1, // 0 draw, 1 minor victory, 2 major victory
  VP0: 2,
  VP1: 3,
  BY_ROUND: 4, // [player][round 1..5]: 10 slots
  BY_SOURCE: 14, // [player][VP_SOURCES]: 8 slots
  PICKED: 22, // [player][tactic]: round picked (0 not): 16 slots
  COMPLETED: 38, // [player][tactic]: 16 slots
  GS_COMPLETED: 54, // [player]: 2 slots
  ATTACKER: 56,
  ROUNDS: 57,
  DECISIONS: 58, // policy decisions the kernel took
  ON_BATTLEFIELD: 59, // [player]: units on the battlefield at the end (CAMP-RETREAT's Massacre test): 2 slots
} as const;

const CONTROL_KINDS = ["normal", "altars-of-the-beast", "backbone-of-success"] as const;
const side = (s: Side) => (s === "attacker" ? 0 : 1);

/** A weapon's abilities read once per distinct list (encoding is on the path of every rollout from a new position). */
const abilitiesCache = new Map<string, WeaponAbilities>();
function abilitiesOf(abilities: readonly string[], field: string): WeaponAbilities {
  const key = abilities.join("\n");
  let a = abilitiesCache.get(key);
  if (!a) {
    a = weaponAbilities(abilities, field);
    if (abilitiesCache.size < 10_000) abilitiesCache.set(key, a);
  }
  return a;
}

/** The Anti-X keywords (uppercase) of a battle's weapons that the kernel checks by mask. */
function antiKeywords(data: BattleData): string[] {
  const out: string[] = [];
  for (const p of data.profiles)
    for (const w of p.weapons)
      for (const x of abilitiesOf(w.abilities, `${p.name}.${w.name}`).anti) {
        const X = x.toUpperCase();
        if (X !== "CHARGE" && X !== "MONSTER" && !out.includes(X)) out.push(X);
      }
  if (out.length > MAX_ANTI_KEYWORDS) throw new InputError(`weapons: at most ${MAX_ANTI_KEYWORDS} different Anti-X keywords in one battle for the rollout kernel (got ${out.length})`);
  return out;
}

/** The map's part of the objective records (everything but control and the Veins' placing), per plan and
 * territories: computed once, copied into each encoding. */
const mapCache = new Map<string, Float64Array>();

function objectiveMap(plan: Battleplan, data: BattleData): Float64Array {
  const key = `${plan.id}:${data.territories[0]}`;
  const cached = mapCache.get(key);
  if (cached) return cached;
  const f = new Float64Array(plan.objectives.length * OBJECTIVE);
  plan.objectives.forEach((o, i) => {
    const b = i * OBJECTIVE;
    f[b + O.PRIME] = o.prime ? 1 : 0;
    f[b + O.NUMBER] = o.number ?? 0;
    f[b + O.SET_UP_ROUND] = o.setUpInRound;
    f[b + O.REMOVED_ROUND] = o.removedInRound ?? 0;
    f[b + O.VEINS] = o.positions ? 0 : 1;
    for (let r = 1; r <= 5; r++) {
      const p = o.positions ? objectivePosition(o, r) : null;
      f[b + O.MAP + 3 * (r - 1)] = inPlayByMap(o, r) ? 1 : 0;
      f[b + O.MAP + 3 * (r - 1) + 1] = p ? p.x : NaN;
      f[b + O.MAP + 3 * (r - 1) + 2] = p ? p.y : NaN;
      // PB-BP-02: which territories' border the objective stands on (the fold reads the map position).
      let borders = 0;
      if (p && plan.scoring === "savage-gains") {
        const on = bordersOf(plan, p);
        for (const pl of [0, 1] as const) if (on.includes(data.territories[pl]!)) borders |= 1 << pl;
      }
      f[b + O.BORDERS + (r - 1)] = borders;
    }
    if (o.line)
      for (let roll = 2; roll <= 12; roll++) {
        const p = veinsPosition(plan, o.id, roll);
        f[b + O.VEINS_AT + 2 * (roll - 2)] = p.x;
        f[b + O.VEINS_AT + 2 * (roll - 2) + 1] = p.y;
      }
  });
  mapCache.set(key, f);
  return f;
}

function encodeObjectives(plan: Battleplan, data: BattleData, f: Float64Array, at: number): void {
  const s = data.scoring!;
  f.set(objectiveMap(plan, data), at);
  plan.objectives.forEach((o, i) => {
    const b = at + i * OBJECTIVE;
    const c = data.control[o.id];
    f[b + O.CONTROL] = c === 0 || c === 1 ? c : -1;
    const placed = s.placed[o.id];
    if (placed) {
      f[b + O.PLACED] = 1;
      f[b + O.PLACED_X] = placed.x;
      f[b + O.PLACED_Y] = placed.y;
    }
    f[b + O.PENDING_VEINS] = data.pending.veinsRolls[o.id] ?? 0;
  });
}

/** The terrain record's abilities mask: bit 0 Cover (PB-COVER), bit 1 Unstable (CORE-UNSTABLE). */
function terrainAbilities(t: TerrainFeature): number {
  return (givesCover(t) ? 1 : 0) | (t.abilities?.includes("Unstable") ? 2 : 0);
}

/**
 * CORE-BANISH: the manifestations' slots (U.BANISHMENT, U.SUMMON, U.MANIFEST_STATE, UF.MANIFESTATION,
 * UF.SUMMON_WHOLLY) and the summon spells attempted this phase (H.SUMMONED). A spell's index is that of the
 * first manifestation record of its army with that spell (at most 16); ranges and gaps are whole inches.
 */
function manifestationSlots(data: BattleData): { attempted: number; byUnit: Map<number, { banishment: number; summon: number; stamp: number; wholly: boolean }> } {
  const byUnit = new Map<number, { banishment: number; summon: number; stamp: number; wholly: boolean }>();
  const records = data.manifestations?.units ?? [];
  const attemptedNames = data.spells.summoned ?? [];
  let attempted = 0;
  records.forEach((r) => {
    const spell = records.findIndex((x) => x.owner === r.owner && x.spell === r.spell);
    if (spell >= 16) throw new InputError(`manifestations: at most 16 summon spells for the rollout kernel (got ${spell + 1})`);
    for (const [what, v] of [["range", r.range], ["enemy gap", r.enemyGap]] as const)
      if (!Number.isInteger(v) || v < 0 || v > 99) throw new InputError(`manifestations: ${r.spell}'s ${what} (${v}") must be whole inches up to 99 for the rollout kernel`);
    if (r.owner === data.active && attemptedNames.includes(r.spell)) attempted |= 1 << spell;
    const last = [...r.history].reverse().find((h) => h.event === "summoned");
    byUnit.set(r.unit, {
      banishment: r.banishment,
      summon: r.kind === "spell" ? spell * 1_000_000 + r.castingValue * 10_000 + r.range * 100 + r.enemyGap : -1,
      stamp: last ? last.round * 2 + last.turn + 1 : 0,
      wholly: r.wholly,
    });
  });
  return { attempted, byUnit };
}

/** The reserve and replacement abilities as the kernel's records, and each unit's slots for them. */
function reserveSlots(data: BattleData, b: Battle): {
  records: Float64Array;
  unit: (id: number) => { reserve: number; replaceMask: number; userMask: number; added: number; flags: number; state: number; status: number | null };
  header: { battle: [number, number]; turn: [number, number]; phase: [number, number]; spare: number; spareWeapons: number };
} {
  // The bundled reserve abilities and the battle's translated ones, the replacements (bundled and translated: timing2.ts), then the battle's
  // redeployment abilities (setups.ts).
  const list: { kind: 0 | 1 | 2; id: string; faction: string; a: ReserveAbility | ReplacementAbility | RedeployAbility }[] = [
    ...battleReserves(data.profiles).map((a) => ({ kind: 0 as const, id: a.id, faction: a.faction, a })),
    ...battleReplacements(data.profiles).map((a) => ({ kind: 1 as const, id: a.id, faction: a.faction, a })),
    ...redeployAbilities(data.profiles).map((a) => ({ kind: 2 as const, id: a.id, faction: "", a })),
  ];
  if (list.length > MAX_ABILITIES) throw new InputError(`abilities: at most ${MAX_ABILITIES} reserve and replacement abilities for the rollout kernel (got ${list.length})`);
  const records = new Float64Array(list.length * ABILITY);
  const warscrollMask = (w: string) =>
    (data.profiles.some((p) => p.owner === 0 && p.warscroll.toLowerCase() === w.toLowerCase()) ? 1 : 0) | (data.profiles.some((p) => p.owner === 1 && p.warscroll.toLowerCase() === w.toLowerCase()) ? 2 : 0);
  const factionMask = (faction: string) => (armyHasFaction(data.profiles, 0, faction) ? 1 : 0) | (armyHasFaction(data.profiles, 1, faction) ? 2 : 0);
  list.forEach((x, k) => {
    const r = k * ABILITY;
    const placement = x.kind === 0 ? (x.a as ReserveAbility).arrival.placement : (x.a as ReplacementAbility | RedeployAbility).placement;
    records[r + AB.KIND] = x.kind;
    records[r + AB.ENEMY_GAP] = Math.max(placement.moreThanFromEnemies ?? 0, placement.notInCombat ? 3 : 0);
    records[r + AB.EDGE] = placement.whollyWithinEdge ?? -1;
    records[r + AB.NEAR_USER] = placement.whollyWithinUser ?? -1;
    records[r + AB.FACTION] = x.kind === 2 ? warscrollMask((x.a as RedeployAbility).warscroll) : factionMask(x.faction);
    if (x.kind === 2) {
      const a = x.a as RedeployAbility;
      records[r + AB.PHASE] = 1;
      records[r + AB.FREQUENCY] = a.frequency === "unlimited" ? 0 : a.frequency === "once-per-turn" ? 1 : 2;
      records[r + AB.USER] = 1;
      records[r + AB.USER_NOT_IN_COMBAT] = a.notInCombat ? 1 : 0;
    } else if (x.kind === 0) {
      const a = x.a as ReserveAbility;
      records[r + AB.PHASE] = 1;
      records[r + AB.FROM_ROUND] = a.arrival.fromRound;
      records[r + AB.DEPLOY] = a.deploy ? 1 : 0;
    } else {
      const a = x.a as ReplacementAbility;
      records[r + AB.PHASE] = a.phase === "hero" ? 0 : 1;
      records[r + AB.FREQUENCY] = a.frequency === "unlimited" ? 0 : a.frequency === "once-per-turn" ? 1 : 2;
      records[r + AB.COMMAND] = a.command ? 1 : 0;
      records[r + AB.HALF] = a.models === "half" ? 1 : 0;
      records[r + AB.USER] = a.user ? 1 : 0;
      records[r + AB.USER_NOT_IN_COMBAT] = a.user?.notInCombat ? 1 : 0;
    }
  });
  const index = (id: string) => list.findIndex((x) => x.id === id);
  const uses = data.abilityUses ?? [];
  const usedMask = (p: 0 | 1, when: (u: AbilityUse) => boolean) => uses.filter((u) => u.player === p && when(u)).reduce((m, u) => m | (1 << index(u.ability)), 0);
  const phaseMask = (p: 0 | 1) => list.reduce((m, x, k) => ((data.commandsUsed?.[p] ?? []).includes(x.id) ? m | (1 << k) : m), 0);
  const replacedIds = new Set(data.profiles.flatMap((p) => (p.replacementOf === undefined ? [] : [p.replacementOf])));
  const isManifestation = new Set((data.manifestations?.units ?? []).map((r) => r.unit));
  const replaceMask = (id: number) => {
    const p = data.profiles[id]!;
    if (p.replacementOf !== undefined || isManifestation.has(id)) return 0;
    return list.reduce((m, x, k) => (x.kind === 1 && (x.a as ReplacementAbility).targets && matches(p, (x.a as ReplacementAbility).targets) ? m | (1 << k) : m), 0);
  };
  const userMask = (id: number) => {
    const p = data.profiles[id]!;
    return list.reduce((m, x, k) => {
      if (x.kind === 2) return p.warscroll.toLowerCase() === (x.a as RedeployAbility).warscroll.toLowerCase() ? m | (1 << k) : m;
      if (x.kind !== 1) return m;
      const a = x.a as ReplacementAbility;
      return a.user && matches(p, a.user.units) && (!a.command || canIssue(b, id, id)) ? m | (1 << k) : m;
    }, 0);
  };
  // Replacements still possible: units not replaced yet that an ability their army has can replace (a
  // warscroll ability only while the army has a unit that can use it).
  const armyUsers = [0, 1].map((pl) => data.profiles.reduce((m, p, id) => (p.owner === pl && data.units[id]!.status !== "destroyed" ? m | userMask(id) : m), 0));
  let spare = 0;
  let spareWeapons = 0;
  data.profiles.forEach((p, id) => {
    if (replacedIds.has(id)) return;
    const m = list.reduce((acc, x, k) => {
      if (x.kind !== 1 || (records[k * ABILITY + AB.FACTION]! & (1 << p.owner)) === 0) return acc;
      return (x.a as ReplacementAbility).user === null || (armyUsers[p.owner]! & (1 << k)) !== 0 ? acc | (1 << k) : acc;
    }, 0);
    if ((replaceMask(id) & m) === 0) return;
    spare++;
    spareWeapons += p.weapons.length;
  });
  const unit = (id: number) => {
    const p = data.profiles[id]!;
    const u = data.units[id]!;
    return {
      reserve: u.status === "reserve" ? index(u.reserve!) : -1,
      replaceMask: replaceMask(id),
      userMask: userMask(id),
      added: u.added ? u.added.round * 2 + u.added.turn + 1 : 0,
      flags: (p.replacementOf !== undefined ? UF.REPLACEMENT : 0) | (p.reinforced ? UF.REINFORCED : 0),
      // A unit a spell destroyed "and cannot be replaced" (warscroll-spells.ts) is as one replaced already.
      state: replacedIds.has(id) || u.tokens.includes(NO_REPLACEMENT_TOKEN) ? US.REPLACED : 0,
      status: u.status === "reserve" ? 3 : null,
    };
  };
  return {
    records,
    unit,
    header: {
      battle: [usedMask(0, () => true), usedMask(1, () => true)],
      turn: [usedMask(0, (u) => u.round === data.round && u.turn === data.turn), usedMask(1, (u) => u.round === data.round && u.turn === data.turn)],
      phase: [phaseMask(0), phaseMask(1)],
      spare,
      spareWeapons,
    },
  };
}

/**
 * Encodes `data` for the kernel. Refused (InputError): set-up steps (the kernel starts once deployment is
 * done), finished battles, and armies beyond the kernel's fixed sizes.
 */
export function encodeBattle(data: BattleData): Float64Array {
  if (data.step.kind === "over") throw new InputError("state: the battle is over; there is nothing to roll out");
  if (STEP_KINDS.indexOf(data.step.kind) < STEP_KINDS.indexOf("predators") || data.scoring === null || data.attacker === null)
    throw new InputError(`state: the rollout kernel starts after deployment, not at step "${data.step.kind}"`);
  const b = new Battle(data, new Rng(0));
  const plan = b.plan;
  const s = data.scoring;
  const anti = antiKeywords(data);
  const nUnits = data.units.length;
  const nWeapons = data.profiles.reduce((n, p) => n + p.weapons.length, 0);
  const nObjectives = plan.objectives.length;
  const nTerrain = data.terrain.length;
  const nHistory = s.history.length;
  if (nUnits > MAX_UNITS) throw new InputError(`units: at most ${MAX_UNITS} for the rollout kernel (got ${nUnits})`);
  if (nWeapons > MAX_WEAPONS) throw new InputError(`weapons: at most ${MAX_WEAPONS} in one battle for the rollout kernel (got ${nWeapons})`);
  if (nObjectives > MAX_OBJECTIVES) throw new InputError(`objectives: at most ${MAX_OBJECTIVES} (got ${nObjectives})`);
  if (nTerrain > MAX_TERRAIN) throw new InputError(`terrain: at most ${MAX_TERRAIN} features (got ${nTerrain})`);
  for (const t of plan.territories) if (t.polygon.length > TERRITORY / 2) throw new InputError(`territory ${t.id}: at most ${TERRITORY / 2} corners`);

  const offUnits = HEADER;
  const offWeapons = offUnits + nUnits * UNIT;
  const offObjectives = offWeapons + nWeapons * WEAPON;
  const offTerrain = offObjectives + nObjectives * OBJECTIVE;
  const offTerritory = offTerrain + nTerrain * TERRAIN;
  const offHistory = offTerritory + 2 * TERRITORY;
  const offPrior = offHistory + nHistory * SNAPSHOT;
  // CORE-RESERVES, CORE-REPLACEMENT: the abilities after the prior section; room for replacement units.
  const reserves = reserveSlots(data, b);
  const offAbilities = offPrior + PRIOR;
  if (nUnits + reserves.header.spare > MAX_UNITS)
    throw new InputError(`units: at most ${MAX_UNITS} for the rollout kernel, counting the ${reserves.header.spare} replacement units that may still be set up (got ${nUnits})`);
  if (nWeapons + reserves.header.spareWeapons > MAX_WEAPONS)
    throw new InputError(`weapons: at most ${MAX_WEAPONS} in one battle for the rollout kernel, counting those of replacement units (got ${nWeapons} + ${reserves.header.spareWeapons})`);
  const effects = effectSlots(data);
  const readers = pointReaders(battleEffects(b)); // hashut6.ts: the warscrolls whose effects read daemonic power points
  const offEffects = offAbilities + reserves.records.length;
  const length = offEffects + effects.records.length;
  const f = new Float64Array(length);
  const objIndex = (id: string | null | undefined) => (id == null ? -1 : plan.objectives.findIndex((o) => o.id === id));
  const mask = (ids: readonly string[]) => ids.reduce((m, id) => m | (1 << objIndex(id)), 0);

  // header
  f[H.MAGIC] = 0x7ac71ca;
  f[H.VERSION] = LAYOUT_VERSION;
  f[H.N_UNITS] = nUnits;
  f[H.N_WEAPONS] = nWeapons;
  f[H.N_OBJECTIVES] = nObjectives;
  f[H.N_TERRAIN] = nTerrain;
  f[H.N_HISTORY] = nHistory;
  f[H.OFF_UNITS] = offUnits;
  f[H.OFF_WEAPONS] = offWeapons;
  f[H.OFF_OBJECTIVES] = offObjectives;
  f[H.OFF_TERRAIN] = offTerrain;
  f[H.OFF_TERRITORY] = offTerritory;
  f[H.OFF_HISTORY] = offHistory;
  f[H.OFF_PRIOR] = offPrior;
  f[H.LENGTH] = length;
  f[H.PLAN] = BATTLEPLAN_IDS.indexOf(plan.id);
  f[H.SCORING] = SCORING_KINDS.indexOf(plan.scoring);
  f[H.VICTORY_POINTS] = plan.victoryPoints ? 1 : 0;
  f[H.GLORIOUS_FROM] = plan.gloriousVictoryFromRound ?? 0;
  f[H.RAIDS_FROM] = plan.raidsFromRound ?? 0;
  f[H.DESTROY_FROM] = plan.destroyObjectivesFromRound ?? 0;
  f[H.VANTAGE] = plan.vantagePoint ? 1 : 0;
  f[H.PREDATORS] = plan.predators ? 1 : 0;
  f[H.ALPHA] = plan.alphaObjective ? 1 : 0;
  f[H.CONTROL_KIND] = CONTROL_KINDS.indexOf(plan.objectiveControl);
  f[H.ATTACKER] = data.attacker;
  f[H.ROUND] = data.round;
  f[H.TURN] = data.turn;
  f[H.ACTIVE] = data.active;
  f[H.STEP] = STEP_KINDS.indexOf(data.step.kind);
  f[H.STEP_PLAYER] = "player" in data.step ? data.step.player : -1;
  f[H.FIGHT_PICKER] = data.fightPicker;
  f[H.DEPLOYED_FIRST] = data.deployedFirst ?? -1;
  f[H.VP0] = data.victoryPoints[0];
  f[H.VP1] = data.victoryPoints[1];
  f[H.GS0] = GRAND_STRATEGY_IDS.indexOf(data.grandStrategies[0]!);
  f[H.GS1] = GRAND_STRATEGY_IDS.indexOf(data.grandStrategies[1]!);
  f[H.PENDING_ALPHA] = data.pending.alphaRoll ?? 0;
  f[H.PENDING_SEISMIC] = objIndex(data.pending.seismicShift);
  f[H.PENDING_VANTAGE] = objIndex(data.pending.vantagePoint);
  f[H.PENDING_RAID] = objIndex(data.pending.raid);
  f[H.PENDING_DESTROYED] = mask(data.pending.destroyed);
  f[H.SPELL_METAMORPHOSIS] = data.spells.metamorphosis ? 1 : 0;
  const t = data.tactic;
  f[H.TACTIC] = t ? BATTLE_TACTIC_IDS.indexOf(t.id) : -1;
  for (let i = 0; i < 3; i++) f[H.TACTIC_UNIT0 + i] = t?.units[i] ?? -1;
  for (let i = 0; i < 2; i++) f[H.TACTIC_OBJ0 + i] = objIndex(t?.objectives[i]);
  f[H.TACTIC_OPP_CONTROLLED] = t?.opponentControlledWhenPicked ? 1 : 0;
  f[H.S_ROUND] = s.round;
  f[H.S_FIRST] = s.first === null ? -1 : side(s.first);
  f[H.S_TURNS] = s.turnsThisRound;
  f[H.S_ALPHA] = s.alphaRoll ?? 0;
  f[H.S_VANTAGE] = objIndex(s.vantagePoint);
  f[H.S_REMOVED] = mask(s.removed.map((r) => r.objective));
  f[H.S_GLORIOUS_WINNER] = s.gloriousVictory ? side(s.gloriousVictory.winner) : -1;
  f[H.S_GLORIOUS_ROUND] = s.gloriousVictory?.round ?? 0;
  f[H.S_VP_ATT] = s.victoryPoints.attacker;
  f[H.S_VP_DEF] = s.victoryPoints.defender;
  f[H.S_TACTICS_ATT] = s.battleTacticsCompleted.attacker;
  f[H.S_TACTICS_DEF] = s.battleTacticsCompleted.defender;
  f[H.S_PREDATORS_ATT] = s.predatorsDestroyed.attacker;
  f[H.S_PREDATORS_DEF] = s.predatorsDestroyed.defender;
  f[H.S_PREY_ATT] = s.preyScored.attacker.reduce((m, r) => m | (1 << r), 0);
  f[H.S_PREY_DEF] = s.preyScored.defender.reduce((m, r) => m | (1 << r), 0);
  f[H.S_PICKED_ATT] = s.battleTacticsPicked.attacker.reduce((m, x) => m | (1 << BATTLE_TACTIC_IDS.indexOf(x.id)), 0);
  f[H.S_PICKED_DEF] = s.battleTacticsPicked.defender.reduce((m, x) => m | (1 << BATTLE_TACTIC_IDS.indexOf(x.id)), 0);
  f[H.CP0] = data.commandPoints[0];
  f[H.CP1] = data.commandPoints[1];
  const used = (p: 0 | 1) => ((data.commandsUsed?.[p] ?? []).includes("feral-roar") ? 1 : 0);
  f[H.COMMANDS_USED0] = used(0);
  f[H.COMMANDS_USED1] = used(1);
  const summons = manifestationSlots(data);
  f[H.SUMMONED] = summons.attempted;
  f[H.PREY_SLAIN] = (data.preySlain?.[0] ? 1 : 0) | (data.preySlain?.[1] ? 2 : 0);
  f[H.OFF_ABILITIES] = offAbilities;
  f[H.N_ABILITIES] = reserves.records.length / ABILITY;
  for (const p of [0, 1] as const) {
    f[H.ABILITY_BATTLE0 + p] = reserves.header.battle[p];
    f[H.ABILITY_TURN0 + p] = reserves.header.turn[p];
    f[H.ABILITY_PHASE0 + p] = reserves.header.phase[p];
  }
  f[H.SPARE_UNITS] = reserves.header.spare;
  f[H.FATIGUED] = plan.fatiguedWarriors ? 1 : 0;
  f.set(reserves.records, offAbilities);
  f[H.OFF_EFFECTS] = offEffects;
  f[H.N_EFFECTS] = effects.records.length / EFFECT;
  [f[H.EFFECT_PHASE0], f[H.EFFECT_PHASE0_HI]] = effects.phase[0];
  [f[H.EFFECT_PHASE1], f[H.EFFECT_PHASE1_HI]] = effects.phase[1];
  [f[H.EFFECT_BATTLE0], f[H.EFFECT_BATTLE0_HI]] = effects.battle[0];
  [f[H.EFFECT_BATTLE1], f[H.EFFECT_BATTLE1_HI]] = effects.battle[1];
  [f[H.FIGHT_NEXT], f[H.FIGHT_NEXT_RECORD]] = effects.fightNext;
  [f[H.SPELLS_CAST], f[H.SPELLS_CAST_HI]] = effects.spellsCast;
  f.set(effects.records, offEffects);
  f[H.TERRITORY_N0] = b.territoryPolygon(0).length;
  f[H.TERRITORY_N1] = b.territoryPolygon(1).length;

  // units and weapons
  let wi = 0;
  const ignoreFirst: [number, number] = [0, 0]; // H.IGNORE_FIRST: the units that ignore the first damage point each phase
  data.profiles.forEach((p, id) => {
    const u = data.units[id]!;
    const o = offUnits + id * UNIT;
    // hasKeyword, with the unit's keywords upper-cased once.
    const upper = p.keywords.map((k) => k.trim().toUpperCase());
    const kw = (K: string) => upper.some((X) => X === K || X.startsWith(`${K} (`));
    f[o + U.OWNER] = p.owner;
    // A "random" Move of no dice ("6" as text) is a fixed Move.
    f[o + U.MOVE] = p.moveDice && p.moveDice.count === 0 ? Math.max(0, p.moveDice.plus) : p.move;
    f[o + U.MOVE_DICE_COUNT] = p.moveDice?.count ?? 0;
    f[o + U.MOVE_DICE_SIDES] = p.moveDice?.sides ?? 0;
    f[o + U.MOVE_DICE_PLUS] = p.moveDice?.plus ?? 0;
    f[o + U.HEALTH] = p.health;
    f[o + U.SAVE] = p.save ?? 0;
    f[o + U.WARD] = p.ward ?? 0;
    f[o + U.CONTROL] = p.control;
    f[o + U.BASE_RADIUS] = p.baseRadius;
    f[o + U.START_MODELS] = p.startModels;
    f[o + U.FLAGS] =
      (kw("MONSTER") ? UF.MONSTER : 0) |
      (kw("HERO") ? UF.HERO : 0) |
      (kw("FLY") ? UF.FLY : 0) |
      (kw("STRIKE-FIRST") ? UF.STRIKE_FIRST : 0) |
      (kw("STRIKE-LAST") ? UF.STRIKE_LAST : 0) |
      (kw("STANDARD BEARER") ? UF.STANDARD : 0) |
      (kw("CHAMPION") ? UF.CHAMPION : 0) |
      (kw("BEAST") ? UF.BEAST : 0) |
      (p.roles.includes("Leader") ? UF.LEADER : 0) |
      (p.roles.includes("Battleline") ? UF.BATTLELINE : 0) |
      (p.isGeneral ? UF.GENERAL : 0) |
      (p.startingArmy ? UF.STARTING_ARMY : 0);
    f[o + U.WIZARD] = p.wizardLevel;
    f[o + U.PRIEST] = p.priestLevel;
    f[o + U.ANTI_MASK] = anti.reduce((m, x, k) => (kw(x) ? m | (1 << k) : m), 0); // CORE-ANTI: X is a keyword here
    f[o + U.DAMAGED_AT] = p.battleDamaged?.damagePoints ?? 0;
    f[o + U.DAMAGED_CONTROL] = p.battleDamaged?.control ?? -1;
    f[o + U.ISSUER] = (kw("CHAMPION") ? 1 : 0) | (kw("TOTEM") ? 2 : 0);
    f[o + U.FIRST_WEAPON] = wi;
    f[o + U.WEAPONS] = p.weapons.length;
    const limited = p.weapons.map((w, k) => ({ w, k })).filter((x) => x.w.limitedAttacks !== undefined);
    if (limited.length > 1) throw new InputError(`${p.name}: at most one weapon with an Attacks ability for the rollout kernel`);
    const lim = limited[0]?.w.limitedAttacks;
    if (lim && lim.attacks.count !== 0) throw new InputError(`${p.name}: the rollout kernel takes a fixed Attacks for an Attacks ability`);
    f[o + U.LIMIT_WEAPON] = lim ? limited[0]!.k : -1;
    f[o + U.LIMIT_ATTACKS] = lim ? lim.damagePoints * 100 + lim.attacks.plus : 0;
    for (const w of p.weapons) {
      const a = abilitiesOf(w.abilities, `${p.name}.${w.name}`);
      const q = offWeapons + wi * WEAPON;
      f[q + W.RANGED] = w.type === "ranged" ? 1 : 0;
      f[q + W.RANGE] = w.range;
      f[q + W.ATTACKS_COUNT] = w.attacks.count;
      f[q + W.ATTACKS_SIDES] = w.attacks.sides;
      f[q + W.ATTACKS_PLUS] = w.attacks.plus;
      f[q + W.HIT] = w.hit;
      f[q + W.WOUND] = w.wound;
      f[q + W.REND] = w.rend;
      f[q + W.DAMAGE_COUNT] = w.damage.count;
      f[q + W.DAMAGE_SIDES] = w.damage.sides;
      f[q + W.DAMAGE_PLUS] = w.damage.plus;
      f[q + W.CRIT] = a.crit;
      f[q + W.COMPANION] = a.companion ? 1 : 0;
      f[q + W.CHARGE_DAMAGE] = a.chargeDamage ? 1 : 0;
      f[q + W.CARRIERS] = w.carriers;
      f[q + W.FLAGS] = (w.champion ? WF.CHAMPION : 0) | (a.shootInCombat ? WF.SHOOT_IN_COMBAT : 0) | (w.abilities.some((x) => !/^companion$/i.test(x.trim())) ? WF.OTHER_ABILITY : 0);
      if (w.damagedAttacks) {
        f[q + W.DAMAGED] = 1;
        f[q + W.DAMAGED_ATTACKS_COUNT] = w.damagedAttacks.count;
        f[q + W.DAMAGED_ATTACKS_SIDES] = w.damagedAttacks.sides;
        f[q + W.DAMAGED_ATTACKS_PLUS] = w.damagedAttacks.plus;
      }
      const others = a.anti.map((x) => x.toUpperCase()).filter((x) => x !== "CHARGE" && x !== "MONSTER");
      if (others.length > MAX_ANTI_PER_WEAPON) throw new InputError(`${p.name}.${w.name}: at most ${MAX_ANTI_PER_WEAPON} Anti-X abilities for the rollout kernel`);
      f[q + W.ANTI_CHARGE] = a.anti.filter((x) => x.toUpperCase() === "CHARGE").length;
      f[q + W.ANTI_MONSTER] = a.anti.filter((x) => x.toUpperCase() === "MONSTER").length;
      f[q + W.ANTI_N] = others.length;
      others.forEach((x, k) => (f[q + W.ANTI_K0 + k] = anti.indexOf(x)));
      wi++;
    }
    // state
    f[o + U.MODELS] = u.models;
    f[o + U.DAMAGE] = u.damage;
    f[o + U.X] = u.x;
    f[o + U.Y] = u.y;
    f[o + U.STATUS] = u.status === "waiting" ? 0 : u.status === "deployed" ? 1 : 2;
    f[o + U.STATE] =
      (u.moved ? US.MOVED : 0) |
      (u.ran ? US.RAN : 0) |
      (u.retreated ? US.RETREATED : 0) |
      (u.charged ? US.CHARGED : 0) |
      (u.chargeTried ? US.CHARGE_TRIED : 0) |
      (u.shot ? US.SHOT : 0) |
      (u.fought ? US.FOUGHT : 0) |
      (u.inCombatAtStart ? US.IN_COMBAT_AT_START : 0) |
      (u.tokens.includes("metamorphosis") ? US.METAMORPHOSIS : 0) |
      (u.tokens.includes("feral-roar") ? US.FERAL_ROAR : 0) |
      (u.tokens.includes("strike-first") ? US.STRIKE_FIRST_TURN : 0) |
      (u.slewThisTurn ? US.SLEW_TURN : 0) |
      (u.tokens.includes(BONE_CAGE_TOKEN) ? US.BONE_CAGE_FULL : 0) |
      (effects.trigger !== undefined && u.tokens.includes(effects.trigger) ? US.TRIGGER_TOKEN : 0) |
      (u.tokens.includes(CHARGE_AFTER_TOKEN) ? US.CHARGE_AFTER_TURN : 0) |
      (u.tokens.includes("strike-last") ? US.STRIKE_LAST_TURN : 0) |
      (u.tokens.some((t) => t.startsWith(ARRIVED_TOKEN_PREFIX)) ? US.ARRIVED : 0) |
      (effects.mark !== undefined && u.tokens.includes(effects.mark) ? US.O4_MARK : 0) |
      (u.tokens.includes(OVERGROW_USED) ? US.SY6_USED : 0) |
      (data.predators[p.owner as 0 | 1].includes(id) ? US.PREDATOR : 0);
    if (u.destroyedBy) {
      f[o + U.KILLED] = 1;
      f[o + U.KILLED_BY_MONSTER] = u.destroyedBy.monster ? 1 : 0;
      f[o + U.KILLED_BY_PREDATOR] = u.destroyedBy.predator ? 1 : 0;
      f[o + U.KILLED_ROUND] = u.destroyedBy.round;
      f[o + U.KILLED_TURN] = u.destroyedBy.turn;
    }
    f[o + U.CASTS] = data.spells.cast.filter((x) => x === id).length;
    f[o + U.BLOCKED] = data.spells.blocked.includes(id) ? 1 : (data.spells.miscast ?? []).includes(id) ? 2 : 0; // 2: miscast, goes on (casting.ts)
    const m = summons.byUnit.get(id);
    if (m) {
      f[o + U.FLAGS]! |= UF.MANIFESTATION | (m.wholly ? UF.SUMMON_WHOLLY : 0);
      f[o + U.BANISHMENT] = m.banishment;
      f[o + U.SUMMON] = m.summon;
      f[o + U.MANIFEST_STATE] = m.stamp;
    } else f[o + U.MANIFEST_STATE] = (data.spells.prayed ?? []).filter((x) => x === id).length;
    if (data.spells.banished?.includes(id)) f[o + U.STATE]! |= US.BANISHED;
    f[o + U.RITUAL] = data.units[id]!.ritualPoints ?? 0; // CORE-PRAYERS (warscroll-spells.ts chantingRoll)
    f[o + U.FIGHT_TWICE] = fightTwiceState(u); // encode-timing2.ts
    f[o + U.M3] = move3Slot(u); // encode-move3.ts
    f[o + U.KILLS5] = kills5Slot(data.units[id]!, effects.killMarks); // encode-kills5.ts
    f[o + U.HASHUT] = hashutSlot(b, id, readers); // encode-hashut6.ts
    f[o + U.C6_UNIT] = cities6Unit(data.profiles, p); // encode-cities6.ts
    if (underOrders(u)) f[o + U.STATE]! |= US.UNDER_ORDERS;
    const r = reserves.unit(id);
    f[o + U.RESERVE] = r.reserve;
    f[o + U.REPLACE_MASK] = r.replaceMask;
    f[o + U.USER_MASK] = r.userMask;
    f[o + U.ADDED] = r.added;
    f[o + U.FLAGS]! |= r.flags;
    f[o + U.STATE]! |= r.state;
    if (r.status !== null) f[o + U.STATUS] = r.status;
    const [source, whom, near, turn, until0, until1, battleUsed, extra, passive] = effects.unit(id);
    [f[o + U.PASSIVE], f[o + U.PASSIVE_HI]] = passive!;
    [f[o + U.DMG_BATTLE], f[o + U.DMG_BATTLE_HI]] = battleUsed!;
    [f[o + U.DMG_EXTRA], f[o + U.DMG_EXTRA_HI]] = extra!;
    [f[o + U.EF_SOURCE], f[o + U.EF_SOURCE_HI]] = source!;
    [f[o + U.EF_WHOM], f[o + U.EF_WHOM_HI]] = whom!;
    [f[o + U.EF_NEAR], f[o + U.EF_NEAR_HI]] = near!;
    [f[o + U.EF_TURN], f[o + U.EF_TURN_HI]] = turn!;
    [f[o + U.SPELL_UNTIL0], f[o + U.SPELL_UNTIL0_HI]] = until0!;
    [f[o + U.SPELL_UNTIL1], f[o + U.SPELL_UNTIL1_HI]] = until1!;
    commonUnitSlots(p, u, effects.list, f, o); // encode-common.ts: momentum, a resistance roll used
    // ignore-first.ts: the unit ignores the first damage point each phase (H.IGNORE_FIRST bit), and has this phase.
    if (ignoresFirst(p)) ignoreFirst[id < 32 ? 0 : 1] |= 1 << (id & 31);
    if (u.tokens.includes(IGNORED_FIRST_TOKEN)) f[o + U.STATE2]! |= US2_IGNORED_FIRST;
  });
  [f[H.IGNORE_FIRST], f[H.IGNORE_FIRST_HI]] = ignoreFirst;
  [f[H.SY6_OVERGROWN0], f[H.SY6_OVERGROWN1]] = data.overgrown ?? [0, 0]; // sylvaneth6.ts

  encodeObjectives(plan, data, f, offObjectives);
  data.terrain.forEach((t, i) => f.set([t.x, t.y, t.radius, t.height ?? 0, t.tallRadius ?? t.radius, terrainAbilities(t)], offTerrain + i * TERRAIN));
  for (const pl of [0, 1] as const) b.territoryPolygon(pl).forEach((p, i) => f.set([p.x, p.y], offTerritory + pl * TERRITORY + 2 * i));
  s.history.forEach((h, i) => f.set([h.round, side(h.player), mask(h.control.attacker), mask(h.control.defender)], offHistory + i * SNAPSHOT));

  // The record so far: VP by round and source from the sheet, tactics picked and completed.
  for (const turn of data.sheet)
    for (const l of turn.lines) f[offPrior + l.player * 20 + (Math.min(5, Math.max(1, turn.round)) - 1) * 4 + VP_SOURCES.indexOf(vpSource(l.ruleId))]! += l.victoryPoints;
  for (const pl of [0, 1] as const) {
    const picks = s.battleTacticsPicked[pl === data.attacker ? "attacker" : "defender"];
    for (const x of picks) {
      const k = BATTLE_TACTIC_IDS.indexOf(x.id);
      f[offPrior + 40 + pl * 8 + k] = x.round;
      if (data.sheet.some((st) => st.player === pl && st.round === x.round && st.battleTacticCompleted)) f[offPrior + 56 + pl * 8 + k] = 1;
    }
  }
  // The bundled battle traits' slots (encode-traits.ts).
  encodeTraits(data, f, offUnits, UNIT, { H, U, US });
  [f[H.DESOLATION0], f[H.DESOLATION1]] = data.desolation ?? [0, 0]; // hashut6.ts
  return f;
}

/**
 * The encoding of a battle at the end of its set-up from `base`, the encoding of another battle of the same
 * set-up template (src/aos/rollout/template.ts: the same armies, plan, roll-off winner and number of terrain
 * features): a copy of `base` with the slots the set-up's dice decide written from `data` — where each unit
 * stands, the terrain, who controls each objective, round 1's dice (the alpha objective, the Veins' rolls).
 * Everything else in the two battles is the same; test/aos/rollout-template.test.ts holds the result equal
 * to `encodeBattle(data)`.
 */
export function encodeSetUp(base: Float64Array, data: BattleData): Float64Array {
  const f = base.slice();
  if (f[H.N_TERRAIN] !== data.terrain.length || f[H.N_UNITS] !== data.units.length) throw new Error("encodeSetUp: the encoding is of another set-up");
  const offUnits = f[H.OFF_UNITS]!;
  for (let id = 0; id < data.units.length; id++) {
    const u = data.units[id]!;
    f[offUnits + id * UNIT + U.X] = u.x;
    f[offUnits + id * UNIT + U.Y] = u.y;
  }
  const offTerrain = f[H.OFF_TERRAIN]!;
  data.terrain.forEach((t, i) => f.set([t.x, t.y, t.radius, t.height ?? 0, t.tallRadius ?? t.radius, terrainAbilities(t)], offTerrain + i * TERRAIN));
  const offObjectives = f[H.OFF_OBJECTIVES]!;
  battleplan(data.battleplan).objectives.forEach((o, i) => {
    const b = offObjectives + i * OBJECTIVE;
    const c = data.control[o.id];
    f[b + O.CONTROL] = c === 0 || c === 1 ? c : -1;
    f[b + O.PENDING_VEINS] = data.pending.veinsRolls[o.id] ?? 0;
  });
  f[H.PENDING_ALPHA] = data.pending.alphaRoll ?? 0;
  f[H.CP0] = data.commandPoints[0];
  f[H.CP1] = data.commandPoints[1];
  return f;
}
