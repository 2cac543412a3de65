/**
 * The flat layout of an encoded Pitched Battle (src/aos/rollout/encode.ts writes it, the Wasm rollout kernel
 * assembly/aos_rollout.ts reads it): its sizes, and the slot numbers of every section. encode.ts re-exports all of it.
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
import type { Step } from "../battle/state.js";

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
  // Deployment moves the kernel's set-up plays (encode-deploy.ts; sylvaneth6's room left): each player's distance (0 none)
  DEPLOY_MOVE0: 198,
  DEPLOY_MOVE1: 199,
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
  // To Our Liege (setups.ts RedeployAbility.anchor): bit k, the unit can be the anchor of redeployment record k ("wholly within 12\" of a friendly FLESH-EATER COURTS HERO")
  ANCHOR_MASK: 40,
  // Wicked Predator (traits.ts commandModels): its champions, standard bearers and musicians as fielded (the kernel's UI.COMMAND_MODELS)
  COMMAND_MODELS: 17,
  // encode-deploy.ts (sylvaneth6's room left): bit 1 it has the deployment move, bit 2 a target of it, bit 4 the
  // move may target the unit with it; + 16 x the number of targets (on the units with it)
  DEPLOY_MOVE: 113,
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
  TALONS: 8, // Terrorgheist's Skeletal Talons, the weapon Wicked Predator adds Attacks to (traits.ts WICKED_WEAPON)
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
  ANCHOR: 13, // a redeployment wholly within NEAR_USER of an anchor: a friendly unit other than the one set up, of U.ANCHOR_MASK (To Our Liege)
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
  // An Attacks modifier for every N models in the attack's target (do.perTargetModels: Titanic Boulderclub; assembly/battle/effects.ts attackEffects).
  P_PER_MODELS: 32, // N (0: a plain modifier)
  // A phase-move of units the ability picks (do.upTo: Guided by Lightning; moves5.ts ownMovementMoves, assembly/battle/moves5.ts).
  MV5_PICK: 33, // upTo (bits 0-3; 0 the unit itself) + 16 only units set up this turn by do.arrived (U.STATE ARRIVED) + 32 "Once Per Battle (Army)"
  // Hurled Body (do.hurl; assembly/battle/combat-abilities.ts hurlBody): after a slay record's slay, mortal damage equal to the slain model's Health on a visible enemy unit within this range (0 none).
  SLAY_HURL: 34,
} as const;
/** U.STATE2 bit 31 (the ignorefirst room; assembly/battle/actions.ts IGNORED_FIRST): the unit has ignored its first damage point this phase (bit 30 is the traits' FINEST_HOUR_USED). */
export const US2_IGNORED_FIRST = 1 << 31;
