// The flat state layout. Written down once, in src/mesbg/encode.ts; these are the same numbers, and the
// kernel refuses a buffer whose format version or strides differ (game.ts readState).

export const FORMAT_VERSION: i32 = 1;
export const HEADER_SIZE: i32 = 24;
export const PROFILE_STRIDE: i32 = 44;
export const MODEL_STRIDE: i32 = 20;
export const COMBAT_STRIDE: i32 = 18;
export const MAX_MODELS: i32 = 256;
export const MAX_CT: i32 = 8;
export const MAX_OTHERS: i32 = 15;

// header
export const H_FORMAT: i32 = 0;
export const H_NPROFILES: i32 = 1;
export const H_NMODELS: i32 = 2;
export const H_NCOMBATS: i32 = 3;
export const H_TURN: i32 = 4;
export const H_MAXTURNS: i32 = 5;
export const H_PRIORITY: i32 = 6;
export const H_CHOOSER: i32 = 7;
export const H_ENTRY: i32 = 8;
export const H_ENTRY_ARG: i32 = 9;
export const H_BOARD_W: i32 = 10;
export const H_BOARD_H: i32 = 11;
export const H_GOOD: i32 = 12;
export const H_WINNER: i32 = 13;
export const H_REASON: i32 = 14;
export const H_PROFILE_AT: i32 = 15;
export const H_MODEL_AT: i32 = 16;
export const H_COMBAT_AT: i32 = 17;
export const H_SIZE: i32 = 18;
export const H_PROFILE_STRIDE: i32 = 19;
export const H_MODEL_STRIDE: i32 = 20;
export const H_COMBAT_STRIDE: i32 = 21;

export const ENTRY_PRIORITY_ROLL: i32 = 0;
export const ENTRY_PRIORITY_CHOOSE: i32 = 1;
export const ENTRY_MOVE: i32 = 2;
export const ENTRY_SHOOT: i32 = 3;
export const ENTRY_FIGHT: i32 = 4;
export const ENTRY_OVER: i32 = 5;
export const ENTRY_PAIR_THEN_SHOOT: i32 = 6;
export const ENTRY_PAIR_THEN_FIGHT: i32 = 7;

// profile record
export const P_RADIUS: i32 = 0;
export const P_DEFENCE: i32 = 1;
export const P_MOVE: i32 = 2;
export const P_FIGHT: i32 = 3;
export const P_SHOOT: i32 = 4;
export const P_STRENGTH: i32 = 5;
export const P_ATTACKS: i32 = 6;
export const P_WOUNDS: i32 = 7;
export const P_COURAGE: i32 = 8;
export const P_FLAGS: i32 = 9;
export const P_VALUE: i32 = 10;
export const P_NMISSILES: i32 = 11;
export const P_MISSILES: i32 = 12;
export const P_NPOWERS: i32 = 27;
export const P_POWERS: i32 = 28;

// profile flags
export const PF_HERO: i32 = 1;
export const PF_INFANTRY: i32 = 2;
export const PF_CAVALRY: i32 = 4;
export const PF_MONSTER: i32 = 8;
export const PF_SHIELD: i32 = 16;
export const PF_SPEAR: i32 = 32;
export const PF_PIKE: i32 = 64;
export const PF_LANCE: i32 = 128;
export const PF_TWO_HANDED: i32 = 256;
export const PF_HAND_AND_A_HALF: i32 = 512;
export const PF_STAFF: i32 = 1024;
export const PF_ELVEN: i32 = 2048;
export const PF_BOW: i32 = 4096;
export const PF_THROWING_SPEAR: i32 = 8192;
export const PF_BURLY: i32 = 16384;
export const PF_HARBINGER: i32 = 32768;
export const PF_RESISTANT: i32 = 65536;
export const PF_SHIELDWALL: i32 = 131072;
export const PF_TERROR: i32 = 262144;
export const PF_WILL_OF_EVIL: i32 = 524288;

// power kinds (profiles.ts POWERS)
export const POW_BLACK_DART: i32 = 0;
export const POW_COMPEL: i32 = 1;
export const POW_SORCEROUS_BLAST: i32 = 2;
export const POW_TERRIFYING_AURA: i32 = 3;
export const POW_TRANSFIX: i32 = 4;

// model record
export const M_SIDE: i32 = 0;
export const M_PROFILE: i32 = 1;
export const M_X: i32 = 2;
export const M_Y: i32 = 3;
export const M_WOUNDS: i32 = 4;
export const M_MIGHT: i32 = 5;
export const M_WILL: i32 = 6;
export const M_FATE: i32 = 7;
export const M_FLAGS: i32 = 8;
export const M_TERROR: i32 = 9;
export const M_MOVED: i32 = 10;
export const M_NCT: i32 = 11;
export const M_CT: i32 = 12;

// model flags
export const MF_ALIVE: i32 = 1;
export const MF_PRONE: i32 = 2;
export const MF_ACTIVATED: i32 = 4;
export const MF_MOVED_AT_ALL: i32 = 8;
export const MF_CHARGED: i32 = 16;
export const MF_CHARGED_BY_CAVALRY: i32 = 32;
export const MF_THROWN: i32 = 64;
export const MF_SHOT: i32 = 128;
export const MF_CAST: i32 = 256;
export const MF_FREE_WILL: i32 = 512;
export const MF_TRANSFIXED: i32 = 1024;
export const MF_COMPELLED: i32 = 2048;
export const MF_SUPPORTED: i32 = 4096;
export const MF_FOUGHT: i32 = 8192;
export const MF_AURA: i32 = 16384;

export const TERROR_NONE: i32 = 0;
export const TERROR_PASSED: i32 = 1;
export const TERROR_FAILED: i32 = 2;

// combat record
export const C_LONE: i32 = 0;
export const C_NOTHERS: i32 = 1;
export const C_RESOLVED: i32 = 2;
export const C_OTHERS: i32 = 3;
