// The flat state layout of the rollout kernel: the numbers of src/aos/rollout/layout.ts (written by encode.ts), where the layout is
// documented. test/aos/rollout-encode.test.ts holds the two equal (through aos_rollout.ts aosRolloutLayout).

export const LAYOUT_VERSION: i32 = 7;
export const HEADER: i32 = 216;
export const UNIT: i32 = 124;
export const WEAPON: i32 = 29;
export const OBJECTIVE: i32 = 56;
export const TERRAIN: i32 = 6; // x, y, radius, height, tall part's radius, abilities (CORE-UNSTABLE)
export const TERRITORY: i32 = 16;
export const SNAPSHOT: i32 = 4;
export const PRIOR: i32 = 72;
export const RESULT: i32 = 64;
export const MAX_UNITS: i32 = 64;
export const MAX_WEAPONS: i32 = 400;
export const MAX_OBJECTIVES: i32 = 8;
export const MAX_TERRAIN: i32 = 16;
export const MAX_HISTORY: i32 = 10;
export const MAX_ANTI_KEYWORDS: i32 = 30;
export const MAX_ANTI_PER_WEAPON: i32 = 6;
export const ABILITY: i32 = 16;
export const MAX_ABILITIES: i32 = 16;

/** CORE-RESERVES, CORE-REPLACEMENT: an ability record (encode.ts AB). */
export namespace AB {
  export const KIND: i32 = 0;
  export const PHASE: i32 = 1;
  export const FROM_ROUND: i32 = 2;
  export const FREQUENCY: i32 = 3;
  export const COMMAND: i32 = 4;
  export const HALF: i32 = 5;
  export const ENEMY_GAP: i32 = 6;
  export const EDGE: i32 = 7;
  export const NEAR_USER: i32 = 8;
  export const USER: i32 = 9;
  export const USER_NOT_IN_COMBAT: i32 = 10;
  export const FACTION: i32 = 11;
  export const DEPLOY: i32 = 12;
  export const ANCHOR: i32 = 13; // a redeployment wholly within NEAR_USER of an anchor (U.ANCHOR_MASK; To Our Liege)
}

export namespace H {
  export const MAGIC: i32 = 0;
  export const VERSION: i32 = 1;
  export const N_UNITS: i32 = 2;
  export const N_WEAPONS: i32 = 3;
  export const N_OBJECTIVES: i32 = 4;
  export const N_TERRAIN: i32 = 5;
  export const N_HISTORY: i32 = 6;
  export const OFF_UNITS: i32 = 7;
  export const OFF_WEAPONS: i32 = 8;
  export const OFF_OBJECTIVES: i32 = 9;
  export const OFF_TERRAIN: i32 = 10;
  export const OFF_TERRITORY: i32 = 11;
  export const OFF_HISTORY: i32 = 12;
  export const OFF_PRIOR: i32 = 13;
  export const LENGTH: i32 = 14;
  export const PLAN: i32 = 16;
  export const SCORING: i32 = 17;
  export const VICTORY_POINTS: i32 = 18;
  export const GLORIOUS_FROM: i32 = 19;
  export const RAIDS_FROM: i32 = 20;
  export const DESTROY_FROM: i32 = 21;
  export const VANTAGE: i32 = 22;
  export const PREDATORS: i32 = 23;
  export const ALPHA: i32 = 24;
  export const CONTROL_KIND: i32 = 25;
  export const TERRITORY_N0: i32 = 26;
  export const TERRITORY_N1: i32 = 27;
  export const ATTACKER: i32 = 32;
  export const ROUND: i32 = 33;
  export const TURN: i32 = 34;
  export const ACTIVE: i32 = 35;
  export const STEP: i32 = 36;
  export const STEP_PLAYER: i32 = 37;
  export const FIGHT_PICKER: i32 = 38;
  export const DEPLOYED_FIRST: i32 = 39;
  export const VP0: i32 = 40;
  export const VP1: i32 = 41;
  export const GS0: i32 = 42;
  export const GS1: i32 = 43;
  export const PENDING_ALPHA: i32 = 44;
  export const PENDING_SEISMIC: i32 = 45;
  export const PENDING_VANTAGE: i32 = 46;
  export const PENDING_RAID: i32 = 47;
  export const PENDING_DESTROYED: i32 = 48;
  export const SPELL_METAMORPHOSIS: i32 = 49;
  export const TACTIC: i32 = 50;
  export const TACTIC_UNIT0: i32 = 51;
  export const TACTIC_UNIT1: i32 = 52;
  export const TACTIC_UNIT2: i32 = 53;
  export const TACTIC_OBJ0: i32 = 54;
  export const TACTIC_OBJ1: i32 = 55;
  export const TACTIC_OPP_CONTROLLED: i32 = 56;
  export const S_ROUND: i32 = 60;
  export const S_FIRST: i32 = 61;
  export const S_TURNS: i32 = 62;
  export const S_ALPHA: i32 = 63;
  export const S_VANTAGE: i32 = 64;
  export const S_REMOVED: i32 = 65;
  export const S_GLORIOUS_WINNER: i32 = 66;
  export const S_GLORIOUS_ROUND: i32 = 67;
  export const S_VP_ATT: i32 = 68;
  export const S_VP_DEF: i32 = 69;
  export const S_TACTICS_ATT: i32 = 70;
  export const S_TACTICS_DEF: i32 = 71;
  export const S_PREDATORS_ATT: i32 = 72;
  export const S_PREDATORS_DEF: i32 = 73;
  export const S_PREY_ATT: i32 = 74;
  export const S_PREY_DEF: i32 = 75;
  export const S_PICKED_ATT: i32 = 76;
  export const S_PICKED_DEF: i32 = 77;
  export const CP0: i32 = 80;
  export const CP1: i32 = 81;
  export const COMMANDS_USED0: i32 = 82;
  export const COMMANDS_USED1: i32 = 83;
  export const OFF_ABILITIES: i32 = 90;
  export const N_ABILITIES: i32 = 91;
  export const ABILITY_BATTLE0: i32 = 92;
  export const ABILITY_BATTLE1: i32 = 93;
  export const ABILITY_TURN0: i32 = 94;
  export const ABILITY_TURN1: i32 = 95;
  export const ABILITY_PHASE0: i32 = 96;
  export const ABILITY_PHASE1: i32 = 97;
  export const SPARE_UNITS: i32 = 98;
  export const FATIGUED: i32 = 99;
  export const SUMMONED: i32 = 100;
  export const PREY_SLAIN: i32 = 112;
  // The effect language (effects.ts): the played effects' records, and the once-per-phase ones used (masks)
  export const OFF_EFFECTS: i32 = 101;
  export const N_EFFECTS: i32 = 102;
  export const EFFECT_PHASE0: i32 = 103;
  export const EFFECT_PHASE1: i32 = 104;
  // The combat phase's ability step (combat-abilities.ts): "once per battle (army)" records used
  export const EFFECT_BATTLE0: i32 = 124;
  export const EFFECT_BATTLE1: i32 = 125;
  // The fight order (fight-order.ts): the unit that fights next out of the alternation, its for-the-turn record
  export const FIGHT_NEXT: i32 = 119;
  export const FIGHT_NEXT_RECORD: i32 = 120;
  // Warscroll spells (warscroll-spells.ts): the spells the active army cast this phase (bit = first record)
  export const SPELLS_CAST: i32 = 108;
  // bits 32-63 of the masks over the effect records (encode.ts Mask64)
  export const EFFECT_PHASE0_HI: i32 = 128;
  export const EFFECT_PHASE1_HI: i32 = 129;
  export const EFFECT_BATTLE0_HI: i32 = 130;
  export const EFFECT_BATTLE1_HI: i32 = 131;
  export const SPELLS_CAST_HI: i32 = 132;
  // The bundled battle traits (traits.ts; encode-traits.ts): relentless discipline points, the factions whose
  // traits each army has (bit faction * 2 + player), the army-wide uses this turn
  export const DISCIPLINE0: i32 = 105;
  export const DISCIPLINE1: i32 = 106;
  export const TRAIT_FACTIONS: i32 = 107;
  export const TURN_USES: i32 = 109;
  export const BELIEF0: i32 = 110;
  export const BELIEF1: i32 = 111;
  export const FRENZY0: i32 = 113;
  export const FRENZY1: i32 = 114;
  export const BATTLE_USES: i32 = 115;
  // Ignoring the first damage point (room ignorefirst; encode.ts H.IGNORE_FIRST): the units with it, bits 0-31 and 32-63
  export const IGNORE_FIRST: i32 = 190;
  export const IGNORE_FIRST_HI: i32 = 191;
  // The hashut6 area (room: kinds 130-133, EF 198 and 202, H 192-195, U 112, UI 72, UD 16; hashut6.ts): each player's desolation tokens (bit i = objective i)
  export const DESOLATION0: i32 = 192;
  export const DESOLATION1: i32 = 193;
  // The sylvaneth6 area (room: kinds 134-136 and 140, EF 203 and 207, H 196-199, U 113, UI 73, US bit 1<<27; sylvaneth6.ts;
  // encode.ts H.SY6_*): each player's friendly overgrown tokens, bit = terrain feature
  export const SY6_OVERGROWN0: i32 = 196;
  export const SY6_OVERGROWN1: i32 = 197;
  export const DEPLOY_MOVE0: i32 = 198; // deploy-moves.ts: each player's deployment move distance (0 none)
  export const DEPLOY_MOVE1: i32 = 199;
}

export namespace U {
  export const OWNER: i32 = 0;
  export const MOVE: i32 = 1;
  export const MOVE_DICE_COUNT: i32 = 2;
  export const MOVE_DICE_SIDES: i32 = 3;
  export const MOVE_DICE_PLUS: i32 = 4;
  export const HEALTH: i32 = 5;
  export const SAVE: i32 = 6;
  export const WARD: i32 = 7;
  export const CONTROL: i32 = 8;
  export const BASE_RADIUS: i32 = 9;
  export const START_MODELS: i32 = 10;
  export const FLAGS: i32 = 11;
  export const WIZARD: i32 = 12;
  export const PRIEST: i32 = 13;
  export const ANTI_MASK: i32 = 14;
  export const FIRST_WEAPON: i32 = 15;
  export const WEAPONS: i32 = 16;
  export const MODELS: i32 = 24;
  export const DAMAGE: i32 = 25;
  export const X: i32 = 26;
  export const Y: i32 = 27;
  export const STATUS: i32 = 28;
  export const STATE: i32 = 29;
  export const KILLED: i32 = 30;
  export const KILLED_BY_MONSTER: i32 = 31;
  export const KILLED_BY_PREDATOR: i32 = 32;
  export const KILLED_ROUND: i32 = 33;
  export const KILLED_TURN: i32 = 34;
  export const CASTS: i32 = 35;
  export const BLOCKED: i32 = 36;
  export const DAMAGED_AT: i32 = 37;
  export const DAMAGED_CONTROL: i32 = 38;
  export const ISSUER: i32 = 39;
  export const RESERVE: i32 = 41;
  export const REPLACE_MASK: i32 = 42;
  export const USER_MASK: i32 = 43;
  export const ADDED: i32 = 44;
  export const BANISHMENT: i32 = 45;
  export const SUMMON: i32 = 46;
  export const MANIFEST_STATE: i32 = 47;
  // The effect language: masks over the effect records (bit k)
  export const EF_SOURCE: i32 = 48;
  export const EF_WHOM: i32 = 49;
  export const EF_NEAR: i32 = 50;
  export const EF_TURN: i32 = 51;
  export const LIMIT_WEAPON: i32 = 60;
  export const LIMIT_ATTACKS: i32 = 61;
  export const SPELL_UNTIL0: i32 = 54;
  export const SPELL_UNTIL1: i32 = 55;
  // bits 32-63 of the masks over the effect records (encode.ts Mask64), and more state bits (US2)
  export const EF_SOURCE_HI: i32 = 64;
  export const EF_WHOM_HI: i32 = 65;
  export const EF_NEAR_HI: i32 = 66;
  export const EF_TURN_HI: i32 = 67;
  export const SPELL_UNTIL0_HI: i32 = 68;
  export const SPELL_UNTIL1_HI: i32 = 69;
  export const STATE2: i32 = 70;
  // passive abilities (passive.ts): record k's inCombatWith / targetAnyKeywords filter passed (lo/hi)
  export const PASSIVE: i32 = 78;
  export const PASSIVE_HI: i32 = 79;
  // Mortal damage, slays and healing in every phase (damage.ts): per-unit "Once Per Battle" records used, `extra` keywords
  export const DMG_BATTLE: i32 = 84;
  export const DMG_BATTLE_HI: i32 = 85;
  export const DMG_EXTRA: i32 = 86;
  export const DMG_EXTRA_HI: i32 = 87;
  // The most common texts (common.ts): momentum points, and the unit's weapons they add to (bit = place among its weapons)
  export const MOMENTUM: i32 = 90;
  export const MOMENTUM_WEAPONS: i32 = 91;
  export const HEAT: i32 = 92; // heat tokens ('Full Power!', Overheating)
  // warscroll spells and prayers (warscroll-spells.ts): a PRIEST's ritual points
  export const RITUAL: i32 = 102;
  // The bundled battle traits (traits.ts): the number after RELENTLESS DISCIPLINE, Soul-bonded's charge (-1 none)
  export const DISCIPLINE: i32 = 52;
  export const SOUL_BONDED: i32 = 53;
  export const TRAIT_KEYWORDS: i32 = 56; // encode-traits.ts TK, TK_WARSCROLL
  export const SHOT_TARGET: i32 = 57; // traits.ts: the unit its shooting attacks targeted this turn (Deathly Barrage), -1 none
  // The timing2 area (timing2.ts): fighting twice, 0 no, 1 granted, 2 used the first (may use the second), 3 used both
  export const FIGHT_TWICE: i32 = 120;
  // The move3 area (move3.ts): its charge roll this turn (bits 0-4, -> UI.CHARGE_ROLL) + 32 x the units it passed across (ids 0-47, -> UD.PASSED)
  export const M3: i32 = 121;
  // The kills5 area (kills5.ts): its kills (src/aos/abilities/kills5.ts KILL_BITS) and kill marks (-> UI.KILLS5; the room's U 115)
  export const KILLS5: i32 = 115;
  // The hashut6 area (hashut6.ts): daemonic power points (bits 0-1) + 4 HELSMITHS OF HASHUT + 8 HOBGROT + 16 reads the points (-> UI.HASHUT)
  export const HASHUT: i32 = 112;
  // The cities6 area (cities6.ts; the room's U 114 -> UI.C6_UNIT): bit 0 the unit has the keyword CITIES OF SIGMAR, bits 1.. its warscroll's index
  export const C6_UNIT: i32 = 114;
  // To Our Liege (reserves.ts redeployOrder): bit k, the unit can be the anchor of redeployment record k
  export const ANCHOR_MASK: i32 = 40;
  export const COMMAND_MODELS: i32 = 17; // Wicked Predator: champions, standard bearers and musicians as fielded
  export const DEPLOY_MOVE: i32 = 113; // deploy-moves.ts: 1 has it, 2 a target, 4 itself a target, 16 x targets
}

/** An effect record (encode.ts EF). */
export const EFFECT: i32 = 216;
export const MAX_EFFECTS: i32 = 64;
export namespace EF {
  export const KIND: i32 = 0;
  export const VALUE: i32 = 1;
  export const DIRECTION: i32 = 2;
  export const SIDE: i32 = 3;
  export const RANGE: i32 = 4;
  export const WHOLLY: i32 = 5;
  export const INCLUDE_SELF: i32 = 6;
  export const ATTACK: i32 = 7;
  export const CHARGED: i32 = 8;
  export const TARGET_CHARGED: i32 = 9;
  export const NEAR_RANGE: i32 = 10;
  export const NEAR_WHOLLY: i32 = 11;
  export const NEAR_MEASURED: i32 = 12;
  export const LIMITED: i32 = 13;
  export const EXTRA: i32 = 14;
  export const CONTESTING: i32 = 15;
  export const PER: i32 = 16;
  export const DICE_COUNT: i32 = 17;
  export const DICE_SIDES: i32 = 18;
  export const ON: i32 = 19;
  export const EACH: i32 = 20;
  export const BETTER_MODELS: i32 = 21;
  export const BETTER_TARGET: i32 = 22;
  export const BETTER_ON: i32 = 23;
  export const BONUS_ADD: i32 = 24;
  export const MIN_MODELS: i32 = 25;
  export const LIMIT: i32 = 26;
  export const EACH_TARGET: i32 = 27;
  // healing and returning slain models (healing.ts)
  export const H_TIMING: i32 = 40;
  export const H_WHOSE: i32 = 41;
  export const H_DICE_PLUS: i32 = 42;
  export const H_MODE: i32 = 43;
  export const H_INSTEAD: i32 = 44;
  export const H_INSTEAD_H1: i32 = 45;
  export const H_SLEW: i32 = 46;
  export const H_TOKEN: i32 = 47;
  export const H_FOUGHT_BONUS: i32 = 48;
  // Charges and moves (moves.ts; encode.ts EF.MV_*, kinds MOVE_KINDS 42-44)
  export const MV_WITHIN: i32 = 67;
  export const MV_UNLESS: i32 = 68;
  export const MV_CONTESTING: i32 = 69;
  export const MV_AFTER: i32 = 70;
  export const MV_SHOOT: i32 = 71;
  export const MV_WHICH: i32 = 72;
  // charge re-rolls (charge-rerolls.ts; encode.ts EF.CR_*, kind CHARGE_REROLL_KIND 104)
  export const CR_DICE: i32 = 144;
  export const CR_LIMIT: i32 = 145;
  // The most common texts (common.ts; encode.ts COMMON_KINDS 94-98)
  export const RS_ON: i32 = 128;
  export const RS_LIMIT: i32 = 129;
  export const RS_GROUP: i32 = 130;
  export const ND_PLUS: i32 = 131;
  export const MO_CHARGE: i32 = 132;
  export const MO_RUN: i32 = 133;
  export const MO_MAX: i32 = 134;
  export const MO_LOSS: i32 = 135;
  export const HD_BEYOND: i32 = 136;
  export const HD_MIN_MODELS: i32 = 137;
  export const HD_RANGE: i32 = 138;
  export const HT_MOVE: i32 = 139;
  export const HT_HEAT: i32 = 140;
  export const HT_LIMIT: i32 = 141;
  export const HT_GROUP: i32 = 142;
  export const OH_ON: i32 = 143;
  // Passive texts, second pass (room passive2: EF 184-191; passive2.ts)
  export const P2_ON: i32 = 184;
  export const P2_DICE: i32 = 185;
  export const P2_HEAL: i32 = 186;
  export const P2_CLEAR: i32 = 187;
  export const P2_NEAR_MODELS: i32 = 188;
  export const TURN_SET: i32 = 28;
  export const COMPANION_ONLY: i32 = 29;
  export const AFTER_DAMAGE: i32 = 30;
  // declared abilities in every phase (combat-abilities.ts useStepAbilities)
  export const DECL_PHASE: i32 = 49;
  export const DECL_WHOSE: i32 = 50;
  export const UP_TO: i32 = 51;
  export const VISIBLE: i32 = 52;
  export const DMG_COUNT: i32 = 53;
  export const DMG_SIDES: i32 = 54;
  // the fight order (fight-order.ts)
  export const F_AFTER_FIGHT: i32 = 73;
  export const F_LIMIT: i32 = 74;
  // warscroll spells (warscroll-spells.ts)
  export const SP_CASTING: i32 = 55;
  export const SP_ROLL_MIN: i32 = 56;
  export const SP_ROLL_MAX: i32 = 57;
  export const SP_UNTIL: i32 = 58;
  export const SP_FIRST: i32 = 59;
  // warscroll spells and prayers, more (slots 160-175: encode.ts EF.SP_PRAYER on)
  export const SP_PRAYER: i32 = 160;
  export const SP_UP_TO: i32 = 161;
  export const SP_EVERY: i32 = 162;
  export const SP_PENALTY: i32 = 163;
  export const SP_MORE_AT: i32 = 164;
  export const SP_MORE_UP_TO: i32 = 165;
  export const SP_MORE_EVERY: i32 = 166;
  export const SP_OPTIONAL: i32 = 167;
  export const SP_AFTER_SLAIN: i32 = 168;
  export const SP_AROUND: i32 = 169;
  export const SP_MAX: i32 = 170;
  export const SP_FIXED: i32 = 171;
  export const SP_PER_ROUND: i32 = 172;
  export const SP_OPTION: i32 = 173;
  export const SP_RETURN_HEALTH: i32 = 174;
  // save-roll triggers (save-triggers.ts)
  export const TRIG_ROLL: i32 = 61;
  export const TRIG_REMOVE_TOKEN: i32 = 62;
  export const TRIG_TOKEN_NEEDED: i32 = 63;
  export const TARGET_KEYWORDS: i32 = 64;
  export const TARGET_MIN_MODELS: i32 = 65;
  export const IN_COMBAT: i32 = 66;
  // Effects for a while (status.ts; room status (A): EF 80-95)
  export const ST_UNTIL: i32 = 80;
  export const ST_GROUP: i32 = 81;
  export const ST_STATIONARY: i32 = 82;
  // passive abilities (passive.ts; encode.ts EF.P_*, kinds PASSIVE_KINDS 74-79)
  export const P_HOLDER: i32 = 96;
  export const P_DAMAGED: i32 = 97;
  export const P_DMG_MIN: i32 = 98;
  export const P_DMG_MAX: i32 = 99;
  export const P_MIN_MODELS: i32 = 100;
  export const P_MAX_MODELS: i32 = 101;
  export const P_ROUND_MIN: i32 = 102;
  export const P_ROUND_MAX: i32 = 103;
  export const P_COMBAT_WITH: i32 = 104;
  export const P_COMBAT_CHARGED: i32 = 105;
  export const P_OBJECTIVE: i32 = 106;
  export const P_TERRITORY: i32 = 107;
  export const P_ENEMY_RANGE: i32 = 108;
  export const P_ENEMY_NONE: i32 = 109;
  export const P_WEAPONS: i32 = 110;
  export const P_FLAGS: i32 = 111;
  // Mortal damage, slays and healing in every phase (damage.ts; encode.ts EF.D_*)
  export const D_NEW: i32 = 112;
  export const D_MIN: i32 = 113;
  export const D_MAX: i32 = 114;
  export const D_GATE: i32 = 115;
  export const D_DAMAGED: i32 = 116;
  export const D_VS_STAT: i32 = 117;
  export const D_VS_RULE: i32 = 118;
  export const D_TOP_FROM: i32 = 119;
  export const D_TOP_COUNT: i32 = 120;
  export const D_TOP_SIDES: i32 = 121;
  export const D_DMG_PLUS: i32 = 122;
  export const D_RB_ADD: i32 = 123;
  export const D_RB_IF: i32 = 124;
  export const D_RB_MODELS: i32 = 125;
  export const D_EXTRA_ADD: i32 = 126;
  export const D_EXTRA_FLAGS: i32 = 127;
  // The bundled battle traits (traits.ts): a mortal record whose damage the army gains as relentless discipline points
  export const GAIN_DISCIPLINE: i32 = 31;
  // The declared abilities' second pass (declared2.ts; encode.ts EF.D2_*)
  export const D2_VS: i32 = 176;
  export const D2_ADD_DAMAGED: i32 = 177;
  export const D2_ADD_KEYWORD: i32 = 178;
  export const D2_AND_SELF: i32 = 179;
  // The hero3 area (status.ts; encode.ts EF.H3_SURE)
  export const H3_SURE: i32 = 196;
  // The combat phase's and the end of a turn's third pass (combat3.ts; encode.ts EF.C3_*)
  export const C3_AFTER_ROLL: i32 = 180;
  export const C3_SWITCH_COUNT: i32 = 181;
  export const C3_SWITCHED: i32 = 182;
  // The move3 area (move3.ts; encode.ts EF.M3_PASSED)
  export const M3_PASSED: i32 = 192;
  export const M3_CHARGE_ROLL: i32 = 193;
  // Passive texts, third pass (room passive3: EF 189-191; passive3.ts; encode.ts EF.P3_*)
  export const P3_STATE: i32 = 189;
  export const P3_TARGET_RANGE: i32 = 190;
  export const P3_TARGET_BEYOND: i32 = 191;
  // The tail4 area (room tail4: EF 199; encode.ts EF.T4_FLAGS)
  export const T4_FLAGS: i32 = 199; // pass-through: 1 only enemy units' models (EF_WHOM: has one of enemyKeywords), 2 their combat ranges too
  // The declared4 area (room: kind codes 129-136, EF 183, H 192-195, U 112-113, UI 72-73; declared4.ts; encode.ts EF.D4_ON_SELF)
  export const D4_ON_SELF: i32 = 183;
  // The objective4 area (the room EF 197; encode.ts EF.O4): bits 0-2 a held effect's objectiveWhile (EF.P_OBJECTIVE's codes 1-3),
  // bit 8 the attack's target contests an objective, bit 16 the affected unit contests one the unit with the ability contests
  export const O4: i32 = 197;
  // The mortal4 area (room: kind codes 162-168, EF 195, H 200-203, U 116-117, UI 76-77, UD 16, US bit 1<<27; encode.ts EF.M4_AFTER)
  export const M4_AFTER: i32 = 195;
  // The moves5 area (room moves5: kind 129, EF 194 and 200-201 used; moves5.ts; encode.ts EF.MV5_*)
  export const MV5_FLAGS: i32 = 194;
  export const MV5_DICE: i32 = 200;
  export const MV5_PLUS: i32 = 201;
  // The terrain5 area (room: kind codes 154-159, EF 206-207, H 204-206, U 117, UI 76, UD 17; used: EF 206; encode.ts EF.T5_TERRAIN)
  export const T5_TERRAIN: i32 = 206; // hidden: within this of a terrain feature (-1: no such clause)
  // The kills5 area (room: kind codes 142-143 and 151-153, EF 204-205, H 200-203, U 115-116, UI 75, US bit 1<<29; kills5.ts;
  // encode.ts EF.K5_*): the kill bits the unit with the ability needs (any); a kill mark's bit and its timing's whose (1 Your, 2 Enemy)
  export const K5_NEED: i32 = 204;
  export const K5_MARK: i32 = 205;
  // The magic5 area (room: kinds 163-168, EF 208-209, H 207-209, U 118, UI 77; encode.ts EF.MG5_WHOSE). Used: kind 163, EF 208.
  export const MG5_WHOSE: i32 = 208;
  // The hashut6 area (room: kinds 130-133, EF 198 and 202, H 192-195, U 112, UI 72, UD 16; hashut6.ts; encode.ts EF.H6_POINTS). Used: EF 198, 202.
  export const H6_POINTS: i32 = 198; // conditions.daemonic: 0 none, else 1 + min + 4 x max
  export const H6_MAGIC: i32 = 202; // conditions.wardMagic: a ward against spells, prayers and manifestations' abilities only
  // The sylvaneth6 area (room: kinds 134-136 and 140, EF 203 and 207; sylvaneth6.ts; encode.ts EF.SY6_*)
  export const SY6_OVERGROWTH: i32 = 203; // the holder within (1) / wholly within (2) the creeping overgrowth
  export const SY6_CODE: i32 = 207; // an overgrow record: its range + 64 x its Your (1) / Enemy (2) Hero Phase + 256 "Once Per Battle"; on any record 512: the pick's "within the creeping overgrowth or visible and within friendly territory"
  // The cities6 area (room: kinds 141, 143, 151-153, EF 209-210, H 200-203, U 114, UI 74, US bit 1<<29; encode.ts EF.C6_ORDERS). Used: EF 209-210.
  export const C6_ORDERS: i32 = 209;
  export const C6_ATTACKER: i32 = 210;
  // The declared6 area (room: kinds 159 and 164-167, EF 212-213, H 208-211, U 118, UI 77, UD 17; used: EF 212-213; encode.ts EF.D6_*)
  export const D6_COMMAND: i32 = 212; // for-the-turn: 1 a command (declared6.ts)
  export const D6_TARGET_CHARGED: i32 = 213; // for-the-turn: 1 only attacks whose target charged this turn
  // The magic6 area (room: kinds 168, 171-174, EF 214-215, H 212-215, U 119, UI 78, US bit 1<<30; encode.ts EF.MG6_*).
  // Used: kinds 168 (power-turn) and 171 (casting-turn), EF 214-215.
  export const MG6_FLAGS: i32 = 214; // power-turn: 1 "Once Per Battle" (for each unit) + 2 x the dice's N+ (0: no dice); casting-turn: 1 "Once Per Turn (Army)" + 2 x N+ + 16 chanting + 32 until + 64 visible
  export const MG6_TERRAIN: i32 = 215; // within this of a terrain feature, edge to edge (-1: no such clause)
  // The passive6 area (room: kinds 154-158, EF 211, H 204-207, U 116-117, UI 76; assembly/battle/passive6.ts; encode.ts
  // EF.P6_FLAGS). Used: EF 211: bits 0-1 the attack's target's Control characteristic against the attacker's (1 higher, 2 lower; 0 none), bit 4 a charge mark's soleCombat
  export const P6_FLAGS: i32 = 211;
  // An Attacks modifier for every N models in the attack's target (encode.ts EF.P_PER_MODELS: Titanic Boulderclub; effects.ts attackEffects): N, 0 a plain one.
  export const P_PER_MODELS: i32 = 32;
  // A phase-move of units the ability picks (encode.ts EF.MV5_PICK: Guided by Lightning; moves5.ts ownMovementMoves):
  // upTo (bits 0-3) + 16 only units set up this turn by the arrival (US.ARRIVED) + 32 "Once Per Battle (Army)".
  export const MV5_PICK: i32 = 33;
  // Hurled Body (encode.ts EF.SLAY_HURL; combat-abilities.ts hurlBody): after a slay record's slay, mortal damage equal to the
  // slain model's Health on a visible enemy unit within this range of the unit with the ability (0 none).
  export const SLAY_HURL: i32 = 34;
}

export namespace UF {
  export const MONSTER: i32 = 1;
  export const HERO: i32 = 2;
  export const FLY: i32 = 4;
  export const STRIKE_FIRST: i32 = 8;
  export const STRIKE_LAST: i32 = 16;
  export const STANDARD: i32 = 32;
  export const CHAMPION: i32 = 64;
  export const BEAST: i32 = 128;
  export const LEADER: i32 = 256;
  export const BATTLELINE: i32 = 512;
  export const GENERAL: i32 = 1024;
  export const STARTING_ARMY: i32 = 2048;
  export const REPLACEMENT: i32 = 4096;
  export const REINFORCED: i32 = 8192;
  export const MANIFESTATION: i32 = 16384;
  export const SUMMON_WHOLLY: i32 = 32768;
}

export namespace US {
  export const MOVED: i32 = 1;
  export const RAN: i32 = 2;
  export const RETREATED: i32 = 4;
  export const CHARGED: i32 = 8;
  export const CHARGE_TRIED: i32 = 16;
  export const SHOT: i32 = 32;
  export const FOUGHT: i32 = 64;
  export const IN_COMBAT_AT_START: i32 = 128;
  export const METAMORPHOSIS: i32 = 256;
  export const PREDATOR: i32 = 512;
  export const FERAL_ROAR: i32 = 1024;
  export const REPLACED: i32 = 4096;
  export const BANISHED: i32 = 16384;
  export const STRIKE_FIRST_TURN: i32 = 65536;
  export const SLEW_TURN: i32 = 16777216;
  export const BONE_CAGE_FULL: i32 = 33554432;
  export const TRIGGER_TOKEN: i32 = 2097152;
  export const CHARGE_AFTER_TURN: i32 = 8388608; // moves.ts: Vanguard Chamber's "for the rest of the turn"
  export const STRIKE_LAST_TURN: i32 = 2048; // moves.ts: STRIKE-LAST for the rest of the turn (Brace for Impact)
  export const DISCIPLINE_USED: i32 = 8192; // traits.ts: used a RELENTLESS DISCIPLINE ability this phase
  export const IMPASSIVE_RETREAT: i32 = 32768; // traits.ts: Impassive Retreat, it may charge though it retreated
  export const FINEST_HOUR: i32 = 131072; // traits.ts: Their Finest Hour this turn
  export const RAMPAGE: i32 = 262144; // traits.ts: used a RAMPAGE ability this turn
  export const GARGANT_CHARGE_TARGET: i32 = 524288; // traits.ts: Gargant Charge's target this turn
  export const UNERRING: i32 = 1048576; // traits.ts: Unerring Hunters, +3" to its pile-in moves this turn
  export const ARRIVED: i32 = 67108864; // reserves.ts arrive: set up this turn by a reserve's arrival ability
  export const O4_MARK: i32 = 268435456; // objective4.ts useMarks: the unit has its ability's mark for the rest of the battle (the room's bit 1 << 28)
  export const SY6_USED: i32 = 134217728; // sylvaneth6.ts useOvergrow: used its "Once Per Battle" overgrow ability (the room's bit 1 << 27)
  export const UNDER_ORDERS: i32 = 536870912; // cities6.ts: the unit is under orders for the rest of the battle round (the cities6 room's bit 1 << 29)
}

export namespace W {
  export const RANGED: i32 = 0;
  export const RANGE: i32 = 1;
  export const ATTACKS_COUNT: i32 = 2;
  export const ATTACKS_SIDES: i32 = 3;
  export const ATTACKS_PLUS: i32 = 4;
  export const HIT: i32 = 5;
  export const WOUND: i32 = 6;
  export const REND: i32 = 7;
  export const DAMAGE_COUNT: i32 = 8;
  export const DAMAGE_SIDES: i32 = 9;
  export const DAMAGE_PLUS: i32 = 10;
  export const CRIT: i32 = 11;
  export const COMPANION: i32 = 12;
  export const CHARGE_DAMAGE: i32 = 13;
  export const CARRIERS: i32 = 14;
  export const ANTI_CHARGE: i32 = 15;
  export const ANTI_MONSTER: i32 = 16;
  export const ANTI_N: i32 = 17;
  export const ANTI_K0: i32 = 18;
  export const DAMAGED: i32 = 24;
  export const DAMAGED_ATTACKS_COUNT: i32 = 25;
  export const DAMAGED_ATTACKS_SIDES: i32 = 26;
  export const DAMAGED_ATTACKS_PLUS: i32 = 27;
  export const FLAGS: i32 = 28;
}

/** Weapon flags (encode.ts WF). */
export namespace WF {
  export const CHAMPION: i32 = 1;
  export const SHOOT_IN_COMBAT: i32 = 2;
  export const OTHER_ABILITY: i32 = 4;
  export const TALONS: i32 = 8; // Terrorgheist's Skeletal Talons (Wicked Predator)
}

export namespace O {
  export const PRIME: i32 = 0;
  export const NUMBER: i32 = 1;
  export const SET_UP_ROUND: i32 = 2;
  export const REMOVED_ROUND: i32 = 3;
  export const VEINS: i32 = 4;
  export const CONTROL: i32 = 5;
  export const PLACED: i32 = 6;
  export const PLACED_X: i32 = 7;
  export const PLACED_Y: i32 = 8;
  export const PENDING_VEINS: i32 = 9;
  export const MAP: i32 = 10;
  export const BORDERS: i32 = 25;
  export const VEINS_AT: i32 = 30;
}

export namespace R {
  export const WINNER: i32 = 0;
  export const OUTCOME: i32 = 1;
  export const VP0: i32 = 2;
  export const VP1: i32 = 3;
  export const BY_ROUND: i32 = 4;
  export const BY_SOURCE: i32 = 14;
  export const PICKED: i32 = 22;
  export const COMPLETED: i32 = 38;
  export const GS_COMPLETED: i32 = 54;
  export const ATTACKER: i32 = 56;
  export const ROUNDS: i32 = 57;
  export const DECISIONS: i32 = 58;
  export const ON_BATTLEFIELD: i32 = 59;
}

/** Step codes: the index of the step's kind in encode.ts STEP_KINDS (the set-up steps 0..4 never reach the kernel). */
export namespace STEP {
  export const PREDATORS: i32 = 5;
  export const PRIORITY_ROLL: i32 = 6;
  export const FIRST_TURN: i32 = 7;
  export const SEISMIC_SHIFT: i32 = 8;
  export const VANTAGE_POINT: i32 = 9;
  export const BATTLE_TACTIC: i32 = 10;
  export const HERO: i32 = 11;
  export const MOVEMENT: i32 = 12;
  export const SHOOTING: i32 = 13;
  export const CHARGE: i32 = 14;
  export const COMBAT: i32 = 15;
  export const RAID: i32 = 16;
  export const DESTROY_OBJECTIVE: i32 = 17;
  export const OVER: i32 = 18;
  export const FERAL_ROAR: i32 = 19;
}

/**
 * Every layout number in a fixed order (the test lists the same from encode.ts): the scalars, then each
 * namespace's slots in declaration order (H, U, UF, US, W, O, R), then the step codes. One line each, so a
 * new slot is one inserted line where its namespace lists it.
 */
const LAYOUT: StaticArray<i32> = [
  LAYOUT_VERSION,
  HEADER,
  UNIT,
  WEAPON,
  OBJECTIVE,
  TERRAIN,
  TERRITORY,
  SNAPSHOT,
  PRIOR,
  RESULT,
  MAX_UNITS,
  MAX_WEAPONS,
  MAX_OBJECTIVES,
  MAX_TERRAIN,
  MAX_HISTORY,
  MAX_ANTI_KEYWORDS,
  MAX_ANTI_PER_WEAPON,
  H.MAGIC,
  H.VERSION,
  H.N_UNITS,
  H.N_WEAPONS,
  H.N_OBJECTIVES,
  H.N_TERRAIN,
  H.N_HISTORY,
  H.OFF_UNITS,
  H.OFF_WEAPONS,
  H.OFF_OBJECTIVES,
  H.OFF_TERRAIN,
  H.OFF_TERRITORY,
  H.OFF_HISTORY,
  H.OFF_PRIOR,
  H.LENGTH,
  H.PLAN,
  H.SCORING,
  H.VICTORY_POINTS,
  H.GLORIOUS_FROM,
  H.RAIDS_FROM,
  H.DESTROY_FROM,
  H.VANTAGE,
  H.PREDATORS,
  H.ALPHA,
  H.CONTROL_KIND,
  H.TERRITORY_N0,
  H.TERRITORY_N1,
  H.ATTACKER,
  H.ROUND,
  H.TURN,
  H.ACTIVE,
  H.STEP,
  H.STEP_PLAYER,
  H.FIGHT_PICKER,
  H.DEPLOYED_FIRST,
  H.VP0,
  H.VP1,
  H.GS0,
  H.GS1,
  H.PENDING_ALPHA,
  H.PENDING_SEISMIC,
  H.PENDING_VANTAGE,
  H.PENDING_RAID,
  H.PENDING_DESTROYED,
  H.SPELL_METAMORPHOSIS,
  H.TACTIC,
  H.TACTIC_UNIT0,
  H.TACTIC_UNIT1,
  H.TACTIC_UNIT2,
  H.TACTIC_OBJ0,
  H.TACTIC_OBJ1,
  H.TACTIC_OPP_CONTROLLED,
  H.S_ROUND,
  H.S_FIRST,
  H.S_TURNS,
  H.S_ALPHA,
  H.S_VANTAGE,
  H.S_REMOVED,
  H.S_GLORIOUS_WINNER,
  H.S_GLORIOUS_ROUND,
  H.S_VP_ATT,
  H.S_VP_DEF,
  H.S_TACTICS_ATT,
  H.S_TACTICS_DEF,
  H.S_PREDATORS_ATT,
  H.S_PREDATORS_DEF,
  H.S_PREY_ATT,
  H.S_PREY_DEF,
  H.S_PICKED_ATT,
  H.S_PICKED_DEF,
  H.CP0,
  H.CP1,
  H.COMMANDS_USED0,
  H.COMMANDS_USED1,
  H.OFF_ABILITIES,
  H.N_ABILITIES,
  H.ABILITY_BATTLE0,
  H.ABILITY_BATTLE1,
  H.ABILITY_TURN0,
  H.ABILITY_TURN1,
  H.ABILITY_PHASE0,
  H.ABILITY_PHASE1,
  H.SPARE_UNITS,
  H.FATIGUED,
  H.SUMMONED,
  H.PREY_SLAIN,
  H.OFF_EFFECTS,
  H.N_EFFECTS,
  H.EFFECT_PHASE0,
  H.EFFECT_PHASE1,
  H.EFFECT_BATTLE0,
  H.EFFECT_BATTLE1,
  H.FIGHT_NEXT,
  H.FIGHT_NEXT_RECORD,
  H.SPELLS_CAST,
  H.EFFECT_PHASE0_HI,
  H.EFFECT_PHASE1_HI,
  H.EFFECT_BATTLE0_HI,
  H.EFFECT_BATTLE1_HI,
  H.SPELLS_CAST_HI,
  H.DISCIPLINE0,
  H.DISCIPLINE1,
  H.TRAIT_FACTIONS,
  H.TURN_USES,
  H.BELIEF0,
  H.BELIEF1,
  H.FRENZY0,
  H.FRENZY1,
  H.BATTLE_USES,
  H.IGNORE_FIRST,
  H.IGNORE_FIRST_HI,
  H.DESOLATION0,
  H.DESOLATION1,
  H.SY6_OVERGROWN0,
  H.SY6_OVERGROWN1,
  H.DEPLOY_MOVE0,
  H.DEPLOY_MOVE1,
  U.OWNER,
  U.MOVE,
  U.MOVE_DICE_COUNT,
  U.MOVE_DICE_SIDES,
  U.MOVE_DICE_PLUS,
  U.HEALTH,
  U.SAVE,
  U.WARD,
  U.CONTROL,
  U.BASE_RADIUS,
  U.START_MODELS,
  U.FLAGS,
  U.WIZARD,
  U.PRIEST,
  U.ANTI_MASK,
  U.FIRST_WEAPON,
  U.WEAPONS,
  U.MODELS,
  U.DAMAGE,
  U.X,
  U.Y,
  U.STATUS,
  U.STATE,
  U.KILLED,
  U.KILLED_BY_MONSTER,
  U.KILLED_BY_PREDATOR,
  U.KILLED_ROUND,
  U.KILLED_TURN,
  U.CASTS,
  U.BLOCKED,
  U.DAMAGED_AT,
  U.DAMAGED_CONTROL,
  U.ISSUER,
  U.RESERVE,
  U.REPLACE_MASK,
  U.USER_MASK,
  U.ADDED,
  U.BANISHMENT,
  U.SUMMON,
  U.MANIFEST_STATE,
  U.EF_SOURCE,
  U.EF_WHOM,
  U.EF_NEAR,
  U.EF_TURN,
  U.LIMIT_WEAPON,
  U.LIMIT_ATTACKS,
  U.SPELL_UNTIL0,
  U.SPELL_UNTIL1,
  U.EF_SOURCE_HI,
  U.EF_WHOM_HI,
  U.EF_NEAR_HI,
  U.EF_TURN_HI,
  U.SPELL_UNTIL0_HI,
  U.SPELL_UNTIL1_HI,
  U.STATE2,
  U.PASSIVE,
  U.PASSIVE_HI,
  U.DMG_BATTLE,
  U.DMG_BATTLE_HI,
  U.DMG_EXTRA,
  U.DMG_EXTRA_HI,
  U.MOMENTUM,
  U.MOMENTUM_WEAPONS,
  U.HEAT,
  U.RITUAL,
  U.DISCIPLINE,
  U.SOUL_BONDED,
  U.TRAIT_KEYWORDS,
  U.SHOT_TARGET,
  U.FIGHT_TWICE,
  U.M3,
  U.KILLS5,
  U.HASHUT,
  U.C6_UNIT,
  U.ANCHOR_MASK,
  U.COMMAND_MODELS,
  U.DEPLOY_MOVE,
  UF.MONSTER,
  UF.HERO,
  UF.FLY,
  UF.STRIKE_FIRST,
  UF.STRIKE_LAST,
  UF.STANDARD,
  UF.CHAMPION,
  UF.BEAST,
  UF.LEADER,
  UF.BATTLELINE,
  UF.GENERAL,
  UF.STARTING_ARMY,
  UF.REPLACEMENT,
  UF.REINFORCED,
  UF.MANIFESTATION,
  UF.SUMMON_WHOLLY,
  US.MOVED,
  US.RAN,
  US.RETREATED,
  US.CHARGED,
  US.CHARGE_TRIED,
  US.SHOT,
  US.FOUGHT,
  US.IN_COMBAT_AT_START,
  US.METAMORPHOSIS,
  US.PREDATOR,
  US.FERAL_ROAR,
  US.REPLACED,
  US.BANISHED,
  US.STRIKE_FIRST_TURN,
  US.SLEW_TURN,
  US.BONE_CAGE_FULL,
  US.TRIGGER_TOKEN,
  US.CHARGE_AFTER_TURN,
  US.STRIKE_LAST_TURN,
  US.DISCIPLINE_USED,
  US.IMPASSIVE_RETREAT,
  US.FINEST_HOUR,
  US.RAMPAGE,
  US.GARGANT_CHARGE_TARGET,
  US.UNERRING,
  US.ARRIVED,
  US.O4_MARK,
  US.SY6_USED,
  US.UNDER_ORDERS,
  W.RANGED,
  W.RANGE,
  W.ATTACKS_COUNT,
  W.ATTACKS_SIDES,
  W.ATTACKS_PLUS,
  W.HIT,
  W.WOUND,
  W.REND,
  W.DAMAGE_COUNT,
  W.DAMAGE_SIDES,
  W.DAMAGE_PLUS,
  W.CRIT,
  W.COMPANION,
  W.CHARGE_DAMAGE,
  W.CARRIERS,
  W.ANTI_CHARGE,
  W.ANTI_MONSTER,
  W.ANTI_N,
  W.ANTI_K0,
  W.DAMAGED,
  W.DAMAGED_ATTACKS_COUNT,
  W.DAMAGED_ATTACKS_SIDES,
  W.DAMAGED_ATTACKS_PLUS,
  W.FLAGS,
  WF.CHAMPION,
  WF.SHOOT_IN_COMBAT,
  WF.OTHER_ABILITY,
  WF.TALONS,
  O.PRIME,
  O.NUMBER,
  O.SET_UP_ROUND,
  O.REMOVED_ROUND,
  O.VEINS,
  O.CONTROL,
  O.PLACED,
  O.PLACED_X,
  O.PLACED_Y,
  O.PENDING_VEINS,
  O.MAP,
  O.BORDERS,
  O.VEINS_AT,
  R.WINNER,
  R.OUTCOME,
  R.VP0,
  R.VP1,
  R.BY_ROUND,
  R.BY_SOURCE,
  R.PICKED,
  R.COMPLETED,
  R.GS_COMPLETED,
  R.ATTACKER,
  R.ROUNDS,
  R.DECISIONS,
  R.ON_BATTLEFIELD,
  STEP.PREDATORS,
  STEP.PRIORITY_ROLL,
  STEP.FIRST_TURN,
  STEP.SEISMIC_SHIFT,
  STEP.VANTAGE_POINT,
  STEP.BATTLE_TACTIC,
  STEP.HERO,
  STEP.MOVEMENT,
  STEP.SHOOTING,
  STEP.CHARGE,
  STEP.COMBAT,
  STEP.RAID,
  STEP.DESTROY_OBJECTIVE,
  STEP.OVER,
  STEP.FERAL_ROAR,
  // CORE-RESERVES, CORE-REPLACEMENT: the ability records (after the step codes)
  ABILITY,
  MAX_ABILITIES,
  AB.KIND,
  AB.PHASE,
  AB.FROM_ROUND,
  AB.FREQUENCY,
  AB.COMMAND,
  AB.HALF,
  AB.ENEMY_GAP,
  AB.EDGE,
  AB.NEAR_USER,
  AB.USER,
  AB.USER_NOT_IN_COMBAT,
  AB.FACTION,
  AB.DEPLOY,
  AB.ANCHOR,
  // the effect language's records (effects.ts)
  EFFECT,
  MAX_EFFECTS,
  EF.KIND,
  EF.VALUE,
  EF.DIRECTION,
  EF.SIDE,
  EF.RANGE,
  EF.WHOLLY,
  EF.INCLUDE_SELF,
  EF.ATTACK,
  EF.CHARGED,
  EF.TARGET_CHARGED,
  EF.NEAR_RANGE,
  EF.NEAR_WHOLLY,
  EF.NEAR_MEASURED,
  EF.LIMITED,
  EF.EXTRA,
  EF.CONTESTING,
  EF.PER,
  EF.DICE_COUNT,
  EF.DICE_SIDES,
  EF.ON,
  EF.EACH,
  EF.BETTER_MODELS,
  EF.BETTER_TARGET,
  EF.BETTER_ON,
  EF.BONUS_ADD,
  EF.MIN_MODELS,
  EF.LIMIT,
  EF.EACH_TARGET,
  EF.TURN_SET,
  EF.COMPANION_ONLY,
  EF.AFTER_DAMAGE,
  EF.H_TIMING,
  EF.H_WHOSE,
  EF.H_DICE_PLUS,
  EF.H_MODE,
  EF.H_INSTEAD,
  EF.H_INSTEAD_H1,
  EF.H_SLEW,
  EF.H_TOKEN,
  EF.H_FOUGHT_BONUS,
  EF.DECL_PHASE,
  EF.DECL_WHOSE,
  EF.UP_TO,
  EF.VISIBLE,
  EF.DMG_COUNT,
  EF.DMG_SIDES,
  EF.F_AFTER_FIGHT,
  EF.F_LIMIT,
  EF.SP_CASTING,
  EF.SP_ROLL_MIN,
  EF.SP_ROLL_MAX,
  EF.SP_UNTIL,
  EF.SP_FIRST,
  EF.TRIG_ROLL,
  EF.TRIG_REMOVE_TOKEN,
  EF.TRIG_TOKEN_NEEDED,
  EF.TARGET_KEYWORDS,
  EF.TARGET_MIN_MODELS,
  EF.IN_COMBAT,
  EF.MV_WITHIN,
  EF.MV_UNLESS,
  EF.MV_CONTESTING,
  EF.MV_AFTER,
  EF.MV_SHOOT,
  EF.MV_WHICH,
  EF.ST_UNTIL,
  EF.ST_GROUP,
  EF.ST_STATIONARY,
  EF.P_HOLDER,
  EF.P_DAMAGED,
  EF.P_DMG_MIN,
  EF.P_DMG_MAX,
  EF.P_MIN_MODELS,
  EF.P_MAX_MODELS,
  EF.P_ROUND_MIN,
  EF.P_ROUND_MAX,
  EF.P_COMBAT_WITH,
  EF.P_COMBAT_CHARGED,
  EF.P_OBJECTIVE,
  EF.P_TERRITORY,
  EF.P_ENEMY_RANGE,
  EF.P_ENEMY_NONE,
  EF.P_WEAPONS,
  EF.P_FLAGS,
  EF.D_NEW,
  EF.D_MIN,
  EF.D_MAX,
  EF.D_GATE,
  EF.D_DAMAGED,
  EF.D_VS_STAT,
  EF.D_VS_RULE,
  EF.D_TOP_FROM,
  EF.D_TOP_COUNT,
  EF.D_TOP_SIDES,
  EF.D_DMG_PLUS,
  EF.D_RB_ADD,
  EF.D_RB_IF,
  EF.D_RB_MODELS,
  EF.D_EXTRA_ADD,
  EF.D_EXTRA_FLAGS,
  EF.CR_DICE,
  EF.CR_LIMIT,
  EF.RS_ON,
  EF.RS_LIMIT,
  EF.RS_GROUP,
  EF.ND_PLUS,
  EF.MO_CHARGE,
  EF.MO_RUN,
  EF.MO_MAX,
  EF.MO_LOSS,
  EF.HD_BEYOND,
  EF.HD_MIN_MODELS,
  EF.HD_RANGE,
  EF.HT_MOVE,
  EF.HT_HEAT,
  EF.HT_LIMIT,
  EF.HT_GROUP,
  EF.OH_ON,
  EF.P2_ON,
  EF.P2_DICE,
  EF.P2_HEAL,
  EF.P2_CLEAR,
  EF.P2_NEAR_MODELS,
  EF.SP_PRAYER,
  EF.SP_UP_TO,
  EF.SP_EVERY,
  EF.SP_PENALTY,
  EF.SP_MORE_AT,
  EF.SP_MORE_UP_TO,
  EF.SP_MORE_EVERY,
  EF.SP_OPTIONAL,
  EF.SP_AFTER_SLAIN,
  EF.SP_AROUND,
  EF.SP_MAX,
  EF.SP_FIXED,
  EF.SP_PER_ROUND,
  EF.SP_OPTION,
  EF.SP_RETURN_HEALTH,
  EF.GAIN_DISCIPLINE,
  EF.D2_VS,
  EF.D2_ADD_DAMAGED,
  EF.D2_ADD_KEYWORD,
  EF.D2_AND_SELF,
  EF.H3_SURE,
  EF.C3_AFTER_ROLL,
  EF.C3_SWITCH_COUNT,
  EF.C3_SWITCHED,
  EF.M3_PASSED,
  EF.M3_CHARGE_ROLL,
  EF.P3_STATE,
  EF.P3_TARGET_RANGE,
  EF.P3_TARGET_BEYOND,
  EF.T4_FLAGS,
  EF.D4_ON_SELF,
  EF.O4,
  EF.T5_TERRAIN,
  EF.M4_AFTER,
  EF.MV5_FLAGS,
  EF.MV5_DICE,
  EF.MV5_PLUS,
  EF.K5_NEED,
  EF.K5_MARK,
  EF.MG5_WHOSE,
  EF.H6_POINTS,
  EF.H6_MAGIC,
  EF.SY6_OVERGROWTH,
  EF.SY6_CODE,
  EF.C6_ORDERS,
  EF.C6_ATTACKER,
  EF.D6_COMMAND,
  EF.D6_TARGET_CHARGED,
  EF.MG6_FLAGS,
  EF.MG6_TERRAIN,
  EF.P6_FLAGS,
  EF.P_PER_MODELS,
  EF.MV5_PICK,
  EF.SLAY_HURL,
];

export function layoutValue(i: i32): i32 {
  return i >= 0 && i < LAYOUT.length ? LAYOUT[i] : -1;
}
export const LAYOUT_COUNT: i32 = LAYOUT.length;
