/**
 * The encoding of the most common texts' effects (src/aos/battle/common.ts; the kernel's assembly/battle/common.ts):
 * kind codes COMMON_KINDS (94-100) and SPELL_RESIST_KIND (101), record slots EF.RS_* to EF.OH_ON (128-143), unit slots U.MOMENTUM (90),
 * U.MOMENTUM_WEAPONS (91) and U.HEAT (92), the U.STATE2 bits US2_COMMON (2^15-2^18). encode.ts calls these functions.
 */
import type { PlayedEffect } from "../abilities/index.js";
import { passes } from "../abilities/index.js";
import { FULL_THROTTLE_TOKEN, HEAT_TOKEN, MOMENTUM_TOKEN, sameWeapon, SPELL_RESIST_PHASE_TOKEN } from "../battle/common.js";
import type { UnitProfile, UnitState } from "../battle/units.js";
import { hasKeyword } from "../battle/units.js";
import { EF, U } from "./encode.js";

/** The kinds of common.ts and their kernel codes (EF.KIND). */
export const COMMON_KINDS = { resist: 94, "not-destroyed": 95, momentum: 96, hidden: 97, "pass-through": 98, heat: 99, overheat: 100 } as const;
/** A resist effect against spells only (against: "spell"): its own kernel code. */
export const SPELL_RESIST_KIND = 101;

/** The kernel code of a common effect. */
export function commonKind(pe: PlayedEffect): number {
  const d = pe.effect.do;
  return d.kind === "resist" && d.against === "spell" ? SPELL_RESIST_KIND : COMMON_KINDS[d.kind as keyof typeof COMMON_KINDS];
}

/** U.STATE2 bits (the rooms' 15-19). */
export const US2_COMMON = { RESISTED: 1 << 15, FULL_THROTTLE: 1 << 16, HEAT_USED: 1 << 17, SPELL_RESISTED: 1 << 18 } as const;

/** The common.ts effects the kernel plays: a resistance reaction to being targeted, the others passive. */
export function isKernelCommonEffect(pe: PlayedEffect): boolean {
  const d = pe.effect.do;
  const w = pe.ability.when;
  if (d.kind === "resist") return w.timing === "reaction" && w.to === "targeted";
  if (d.kind === "heat") return w.timing === "phase" && w.phase === "hero" && w.whose !== "enemy";
  return d.kind in COMMON_KINDS && w.timing === "passive";
}

/** The slots of a common record k of `list`. */
export function commonRecord(pe: PlayedEffect, list: readonly PlayedEffect[], records: Float64Array, r: number): void {
  const d = pe.effect.do;
  if (d.kind === "resist") {
    const w = pe.ability.when;
    const limit = w.timing === "reaction" ? w.limit : "none";
    records[r + EF.RS_ON] = d.on;
    records[r + EF.RS_LIMIT] = d.oncePerPhase ? 3 : limit === "once-per-turn-army" ? 2 : limit === "once-per-turn" ? 1 : 0;
    // "Once Per Turn (Army)" is counted by the ability's name: the first record of that name stands for it.
    records[r + EF.RS_GROUP] = list.findIndex((x) => x.effect.do.kind === "resist" && x.ability.name.toLowerCase() === pe.ability.name.toLowerCase());
  } else if (d.kind === "not-destroyed") {
    records[r + EF.DICE_COUNT] = d.damage.count;
    records[r + EF.DICE_SIDES] = d.damage.sides;
    records[r + EF.ND_PLUS] = d.damage.plus;
  } else if (d.kind === "momentum") {
    records[r + EF.MO_CHARGE] = d.charge;
    records[r + EF.MO_RUN] = d.run;
    records[r + EF.MO_MAX] = d.max;
    records[r + EF.MO_LOSS] = d.roundLoss;
  } else if (d.kind === "heat") {
    const w = pe.ability.when;
    const opt = d.options.find((o) => o.move !== undefined);
    records[r + EF.HT_MOVE] = opt?.move ?? 0;
    records[r + EF.HT_HEAT] = opt?.heat ?? 0;
    records[r + EF.HT_LIMIT] = w.timing === "phase" && w.limit === "once-per-turn-army" ? 1 : 0;
    records[r + EF.HT_GROUP] = list.findIndex((x) => x.effect.do.kind === "heat" && x.ability.name.toLowerCase() === pe.ability.name.toLowerCase());
  } else if (d.kind === "overheat") {
    records[r + EF.OH_ON] = d.on;
  } else if (d.kind === "pass-through") {
    // tail4 (Threshing Doom): only enemy units' models (1), and their combat ranges (2).
    records[r + EF.T4_FLAGS] = (d.enemyKeywords ? 1 : 0) | (d.ranges ? 2 : 0);
  } else if (d.kind === "hidden") {
    records[r + EF.HD_BEYOND] = d.beyond;
    records[r + EF.HD_MIN_MODELS] = d.escort?.minModels ?? 0;
    records[r + EF.HD_RANGE] = d.escort?.range ?? -1; // terrain5: -1 no escort needed
    records[r + EF.T5_TERRAIN] = d.terrain ?? -1; // terrain5: within this of a terrain feature (-1: no such clause)
  }
}

/**
 * A unit's bits of record k in its masks, where a common record reads them otherwise: a hidden record's EF_NEAR
 * is "passes the escort's filter" and its EF_WHOM "has the keyword no other escorted unit may have"; a
 * pass-through record's EF_WHOM is "has none of its keywords" (its models can be passed through; tail4's enemyKeywords:
 * "has one of them"). Null: as usual.
 */
export function commonUnitBits(p: UnitProfile, pe: PlayedEffect): { whom: boolean; near: boolean } | null {
  const d = pe.effect.do;
  if (d.kind === "hidden") return { whom: d.alone !== undefined && hasKeyword(p, d.alone), near: d.escort !== undefined && passes(p, d.escort.filter) };
  // tail4: with enemyKeywords, "has one of them" (the kernel checks the owner: EF.T4_FLAGS).
  if (d.kind === "pass-through") return { whom: d.enemyKeywords ? d.enemyKeywords.some((k) => hasKeyword(p, k)) : !d.notKeywords.some((k) => hasKeyword(p, k)), near: false };
  return null;
}

/** A unit's momentum points, the weapons they add to (bit = place among its weapons), and its resistance roll used this turn. */
export function commonUnitSlots(p: UnitProfile, u: UnitState, list: readonly PlayedEffect[], f: Float64Array, o: number): void {
  let points = 0;
  for (const t of u.tokens) if (t === MOMENTUM_TOKEN) points++;
  f[o + U.MOMENTUM] = points;
  const pe = list.find((x) => x.effect.do.kind === "momentum" && x.ability.warscroll.toLowerCase() === p.warscroll.toLowerCase());
  let weapons = 0;
  if (pe) {
    const d = pe.effect.do as Extract<PlayedEffect["effect"]["do"], { kind: "momentum" }>;
    const first = p.weapons.find((w) => sameWeapon(w.name, d.weapon));
    if (first) p.weapons.forEach((w, i) => w.name === first.name && (weapons |= 1 << i));
  }
  f[o + U.MOMENTUM_WEAPONS] = weapons;
  if (u.tokens.some((t) => t.startsWith("for-the-turn:resist:"))) f[o + U.STATE2]! |= US2_COMMON.RESISTED;
  if (u.tokens.includes(FULL_THROTTLE_TOKEN)) f[o + U.STATE2]! |= US2_COMMON.FULL_THROTTLE;
  if (u.tokens.includes(SPELL_RESIST_PHASE_TOKEN)) f[o + U.STATE2]! |= US2_COMMON.SPELL_RESISTED;
  if (u.tokens.some((t) => t.startsWith("for-the-turn:heat-used:"))) f[o + U.STATE2]! |= US2_COMMON.HEAT_USED;
  let heat = 0;
  for (const t of u.tokens) if (t === HEAT_TOKEN) heat++;
  f[o + U.HEAT] = heat;
}
