/**
 * The kernel's slots of the bundled battle traits (src/aos/battle/traits.ts; assembly/battle/traits.ts), from
 * the room reserved for them (rollout/layout.ts "Spare room": area "bundled"): header H 105-107, 109-111, 113-118;
 * unit U 52-53, 56-59, 62-63; state bits US 8192, 32768, 131072, 262144, 524288, 1048576, 4194304 and
 * U.STATE2 bits 30-31. Their names are in encode.ts H, U and US (and assembly/battle/layout.ts).
 */
import type { BattleData } from "../battle/state.js";
import { commandModels, TRAIT_TOKEN } from "../battle/traits.js";
import { hasKeyword } from "../battle/units.js";

/** The factions whose traits the kernel plays, bit f * 2 + player in H.TRAIT_FACTIONS. */
export const TRAIT_FACTIONS = ["OSSIARCH BONEREAPERS", "NIGHTHAUNT", "FLESH-EATER COURTS", "SONS OF BEHEMAT", "STORMCAST ETERNALS"] as const;

/**
 * The keywords and warscrolls the traits ask about, a unit's bits in U.TRAIT_KEYWORDS (the kernel has no keyword
 * lists): faction keywords, then others, then warscrolls (by name).
 */
export const TK = {
  "OSSIARCH BONEREAPERS": 1,
  NIGHTHAUNT: 2,
  "FLESH-EATER COURTS": 4,
  "SONS OF BEHEMAT": 8,
  "STORMCAST ETERNALS": 16,
  NAGASH: 32,
  "MEGA-GARGANT": 64,
  GARGANT: 128,
  INFANTRY: 256,
  ABHORRANT: 512,
  NOBLE: 1024,
  SERFS: 2048,
  KNIGHTS: 4096,
  "WAR MACHINE": 8192,
} as const;
export const TK_WARSCROLL = {
  "Kavalos Deathriders": 1 << 16,
  "Liege-Kavalos": 1 << 17,
  "Mortek Crawler": 1 << 18,
  "Mortisan Ossifector": 1 << 19,
  "Glaivewraith Stalkers": 1 << 20,
  "Knight-Arcanum": 1 << 21,
  Praetors: 1 << 22,
  "Mancrusher Mob": 1 << 23,
  // A Kingdom Deluded's warscroll delusions (traits.ts DELUSION_WARSCROLLS): A Majestic Menagerie, Musicians, Play!
  "Abhorrant Ghoul King on Royal Terrorgheist": 1 << 24,
  "Abhorrant Archregent": 1 << 25,
  // Wicked Predator's other warscroll (the Ghoul King's bit is above)
  "Royal Terrorgheist": 1 << 26,
} as const;

/** A unit's U.TRAIT_KEYWORDS bits. */
export function traitKeywords(p: { warscroll: string; keywords: readonly string[] }): number {
  let m = 0;
  for (const [k, bit] of TK_LIST) if (hasKeyword(p as never, k)) m |= bit;
  const w = p.warscroll.toLowerCase();
  for (const [name, bit] of TK_WARSCROLL_LIST) if (w === name) m |= bit;
  return m;
}
const TK_LIST = Object.entries(TK);
const TK_WARSCROLL_LIST = Object.entries(TK_WARSCROLL).map(([w, bit]) => [w.toLowerCase(), bit] as const);

/** U.STATE2 bits of the traits. */
export const US2_TRAITS = { FINEST_HOUR_USED: 1 << 30 } as const;

/** "RELENTLESS DISCIPLINE (6)": 6 (factions.ts keywordValue). */
function disciplineValue(keywords: readonly string[]): number {
  for (const k of keywords) {
    const m = /^RELENTLESS DISCIPLINE\s*\((\d+)\)$/i.exec(k.trim());
    if (m) return Number(m[1]);
  }
  return 0;
}

export interface TraitSlots {
  H: { DISCIPLINE0: number; DISCIPLINE1: number; TRAIT_FACTIONS: number; TURN_USES: number; BELIEF0: number; BELIEF1: number; FRENZY0: number; FRENZY1: number; BATTLE_USES: number };
  U: { DISCIPLINE: number; SOUL_BONDED: number; TRAIT_KEYWORDS: number; SHOT_TARGET: number; STATE: number; STATE2: number; COMMAND_MODELS: number };
  US: { DISCIPLINE_USED: number; IMPASSIVE_RETREAT: number; FINEST_HOUR: number; RAMPAGE: number; GARGANT_CHARGE_TARGET: number; UNERRING: number };
}

/** Writes the traits' slots of `data` into the encoding `f` (units at `offUnits`, UNIT slots each). */
export function encodeTraits(data: BattleData, f: Float64Array, offUnits: number, unitSize: number, s: TraitSlots): void {
  let factions = 0;
  TRAIT_FACTIONS.forEach((faction, i) => {
    for (const p of [0, 1] as const) if (data.profiles.some((x) => x.owner === p && hasKeyword(x, faction))) factions |= 1 << (i * 2 + p);
  });
  f[s.H.TRAIT_FACTIONS] = factions;
  f[s.H.DISCIPLINE0] = data.factionPoints[0];
  f[s.H.DISCIPLINE1] = data.factionPoints[1];
  f[s.H.TURN_USES] = data.traits?.turnUses ?? 0;
  f[s.H.BATTLE_USES] = data.traits?.battleUses ?? 0;
  f[s.H.BELIEF0] = data.traits?.belief?.[0] ?? 0;
  f[s.H.BELIEF1] = data.traits?.belief?.[1] ?? 0;
  f[s.H.FRENZY0] = data.traits?.frenzy?.[0] ?? -1;
  f[s.H.FRENZY1] = data.traits?.frenzy?.[1] ?? -1;
  const shotAt = data.traits?.shotAt ?? [];
  const bonded = data.traits?.bonded ?? [];
  data.profiles.forEach((p, id) => {
    const o = offUnits + id * unitSize;
    const u = data.units[id]!;
    f[o + s.U.DISCIPLINE] = disciplineValue(p.keywords);
    f[o + s.U.SOUL_BONDED] = bonded.find(([praetors]) => praetors === id)?.[1] ?? -1;
    f[o + s.U.TRAIT_KEYWORDS] = traitKeywords(p);
    f[o + s.U.COMMAND_MODELS] = commandModels(p, p.startModels); // Wicked Predator (the kernel takes the models left as a cap)
    f[o + s.U.SHOT_TARGET] = shotAt.find(([c]) => c === id)?.[1] ?? -1;
    const has = (t: string) => u.tokens.includes(t);
    f[o + s.U.STATE]! |=
      (has(TRAIT_TOKEN.disciplineUsed) ? s.US.DISCIPLINE_USED : 0) |
      (has(TRAIT_TOKEN.impassiveRetreat) ? s.US.IMPASSIVE_RETREAT : 0) |
      (has(TRAIT_TOKEN.finestHour) ? s.US.FINEST_HOUR : 0) |
      (has(TRAIT_TOKEN.rampage) ? s.US.RAMPAGE : 0) |
      (has(TRAIT_TOKEN.gargantCharged) ? s.US.GARGANT_CHARGE_TARGET : 0) |
      (has(TRAIT_TOKEN.unerring) ? s.US.UNERRING : 0);
    f[o + s.U.STATE2]! |= has(TRAIT_TOKEN.finestHourUsed) ? US2_TRAITS.FINEST_HOUR_USED : 0;
  });
}
