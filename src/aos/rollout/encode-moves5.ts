/**
 * The moves5 area's records in the kernel's flat state (docs/abilities.md "Moves outside the movement phase (moves5)";
 * src/aos/battle/moves5.ts, assembly/battle/moves5.ts). Room (layout 7, "moves5"): kind codes 129-133, EF 194 and
 * 200-201, H 192-195, U 112-113, UI 72-73, UD 16, U.STATE bit 2^27. Used: kind code 129 (`phase-move`), EF 194
 * (EF.MV5_FLAGS), 200 (EF.MV5_DICE), 201 (EF.MV5_PLUS). A "Once Per Turn (Army)" after-shoot reaction's use is kept
 * with the phase's uses (H.EFFECT_PHASE*, BattleData.commandsUsed); the other steps are used whole within one step.
 */
import { type PlayedEffect, passes } from "../abilities/index.js";
import { moveStep, STEPS } from "../battle/moves5.js";
import type { BattleData } from "../battle/state.js";
import { EF, onlyArrival } from "./encode.js";

/** The kernel's code of `phase-move` (EF.KIND). */
export const PHASE_MOVE_KIND = 129;

/** The effects the kernel plays with this area's code: a phase-move in one of its steps. */
export function isKernelMoves5Effect(pe: PlayedEffect): boolean {
  return moveStep(pe) !== null;
}

/** `arrived`: the units it can pick (of the armies of the units with the ability, passing its filter) arrive only by it. */
function checkArrival(data: BattleData, pe: PlayedEffect, arrival: string): void {
  const w = pe.ability.warscroll.toLowerCase();
  const owners = new Set(data.profiles.filter((p) => p.warscroll.toLowerCase() === w).map((p) => p.owner));
  onlyArrival(data, arrival, pe.ability.name, data.profiles.filter((p) => owners.has(p.owner) && passes(p, pe.effect.whom.filter)));
}

/** Writes a phase-move record's slots (EF.MV5_FLAGS, EF.MV5_DICE, EF.MV5_PLUS, EF.MV5_PICK). */
export function moves5Record(pe: PlayedEffect, records: Float64Array, r: number, data: BattleData): void {
  const d = pe.effect.do;
  if (d.kind !== "phase-move") return;
  if (d.arrived !== undefined) checkArrival(data, pe, d.arrived);
  const battleArmy = pe.ability.when.timing === "phase" && pe.ability.when.limit === "once-per-battle-army";
  records[r + EF.MV5_PICK] = (d.upTo ?? 0) | (d.arrived !== undefined ? 16 : 0) | (battleArmy ? 32 : 0);
  const step = STEPS.indexOf(moveStep(pe)!) + 1;
  const w = pe.ability.when;
  const army = (w.timing === "phase" || w.timing === "reaction") && w.limit === "once-per-turn-army";
  records[r + EF.MV5_FLAGS] = step | (army ? 8 : 0) | (pe.effect.conditions.charged ? 16 : 0) | (d.normal ? 32 : 0) | ((d.gate ?? 0) * 64) | ((d.clear ?? 0) * 512);
  records[r + EF.MV5_DICE] = d.dice.count * 16 + d.dice.sides;
  records[r + EF.MV5_PLUS] = d.dice.plus;
}
