/**
 * The passive6 area's records (docs/abilities.md "Passive abilities, sixth pass (passive6)"; src/aos/battle/passive6.ts,
 * assembly/battle/passive6.ts): objective4's `mark` with a charge-phase timing is put at the end of a charge phase, so
 * the kernel gives it its own kind code (the room's 154) — its hero-phase marks (kind 170) are put at the end of a hero
 * phase whatever their timing. The mark's bit is objective4's (US.O4_MARK: one mark a battle, encode-objective4.ts).
 */
import type { PlayedEffect } from "../abilities/index.js";

export const CHARGE_MARK_KIND = 154;

/** A mark put at the end of a charge phase (a charge-phase timing). */
export const isChargeMark = (pe: PlayedEffect): boolean => pe.effect.do.kind === "mark" && pe.ability.when.timing === "phase" && pe.ability.when.phase === "charge";
