/**
 * A MESBG state as one flat Float64Array: the input of the Wasm rollout kernel (assembly/mesbg_rollout/),
 * and, read back, its output (the kernel writes its state into the same layout, so a test can compare
 * `encodeState(ts)` with what the kernel left, number for number).
 *
 * THE LAYOUT (the one place it is written down; assembly/mesbg_rollout/layout.ts repeats the numbers and
 * the kernel refuses a buffer whose format or strides differ):
 *
 *   header, HEADER_SIZE slots
 *     0 FORMAT (= FORMAT_VERSION)      1 nProfiles        2 nModels         3 nCombats
 *     4 turn                           5 maxTurns         6 priority (-1 none, 0, 1)
 *     7 chooser (who chose priority last turn, -1 none)
 *     8 entry: the decision point the state is at (ENTRY below)
 *     9 entry argument: ENTRY.priorityChoose → the side choosing; ENTRY.move / ENTRY.shoot → the step (0: the
 *       priority player's turn to act, 1: the other player's)
 *    10 board width  11 board height (inches)  12 the Good side (0 or 1)
 *    13 winner (-1 draw or none)  14 reason (0 none, 1 wiped out, 2 turn cap)
 *    15 offset of the profile table  16 offset of the model table  17 offset of the combat table
 *    18 total length  19 PROFILE_STRIDE  20 MODEL_STRIDE  21 COMBAT_STRIDE
 *   profiles, nProfiles x PROFILE_STRIDE (the engine's `buildInfos` order: side 0's profiles, then side 1's)
 *     0 base radius (inches)  1 Defence with armour and shield (ME-ARMOUR)  2 Mv  3 FV  4 SV  5 S  6 A
 *     7 W  8 C  9 flags (PF bits)  10 value (points, or the engine's rough worth)
 *    11 missile count, 12.. five × [range, Strength, 1 if a throwing spear] in the engine's order
 *    27 power count,   28.. five × [kind (POWER_KINDS index), range, casting value] in profile order
 *   models, nModels x MODEL_STRIDE (by id)
 *     0 side  1 profile index  2 x  3 y  4 wounds  5 might  6 will  7 fate  8 flags (MF bits)
 *     9 Terror test this turn (0 none, 1 passed, 2 failed)  10 inches moved this turn
 *    11 number of charge targets  12..19 charge targets (ids)
 *   combats, nCombats x COMBAT_STRIDE (the Move phase's pairing, in the engine's order; shoot/fight only)
 *     0 lone model  1 number of others  2 resolved this Fight phase (0/1)  3..17 the others (ids)
 *
 * The decision points supported (`ENTRY`): a turn's priority roll-off (the chance node at the start of
 * each turn) and its choice; the Move phase between two activations; the Shoot phase between two shots;
 * the Fight phase between two combats; a finished game; and a position set up at the start of the Shoot
 * or Fight phase and not yet stepped (position.ts `advance: false`: its combats are paired first). A state
 * waiting anywhere else (inside an activation, a combat, a casting, a Fate roll) is refused with an error
 * that names the frame.
 */
import { InputError } from "../core/errors.js";
import type { MesbgState } from "./game.js";
import { MISSILE_CHART, POWERS } from "./profiles.js";

export const FORMAT_VERSION = 1;
export const HEADER_SIZE = 24;
export const PROFILE_STRIDE = 44;
export const MODEL_STRIDE = 20;
export const COMBAT_STRIDE = 18;
export const MAX_MISSILES = 5;
export const MAX_POWERS = 5;
export const MAX_CHARGE_TARGETS = 8;
export const MAX_COMBAT_OTHERS = 15;
/** The kernel's working arrays are sized for at most this many models. */
export const MAX_MODELS = 256;

export const H = {
  FORMAT: 0, NPROFILES: 1, NMODELS: 2, NCOMBATS: 3, TURN: 4, MAXTURNS: 5, PRIORITY: 6, CHOOSER: 7, ENTRY: 8, ENTRY_ARG: 9,
  BOARD_W: 10, BOARD_H: 11, GOOD: 12, WINNER: 13, REASON: 14, PROFILE_AT: 15, MODEL_AT: 16, COMBAT_AT: 17, SIZE: 18,
  PROFILE_STRIDE: 19, MODEL_STRIDE: 20, COMBAT_STRIDE: 21,
} as const;

export const ENTRY = { priorityRoll: 0, priorityChoose: 1, move: 2, shoot: 3, fight: 4, over: 5, pairThenShoot: 6, pairThenFight: 7 } as const;

export const P = { RADIUS: 0, DEFENCE: 1, MOVE: 2, FIGHT: 3, SHOOT: 4, STRENGTH: 5, ATTACKS: 6, WOUNDS: 7, COURAGE: 8, FLAGS: 9, VALUE: 10, NMISSILES: 11, MISSILES: 12, NPOWERS: 27, POWERS: 28 } as const;

/** Profile flags. */
export const PF = {
  hero: 1, infantry: 2, cavalry: 4, monster: 8, shield: 16, spear: 32, pike: 64, lance: 128, twoHanded: 256, handAndAHalf: 512,
  staff: 1024, elven: 2048, bow: 4096, throwingSpear: 8192, burly: 16384, harbinger: 32768, resistant: 65536, shieldwall: 131072,
  terror: 262144, willOfEvil: 524288,
} as const;

export const M = { SIDE: 0, PROFILE: 1, X: 2, Y: 3, WOUNDS: 4, MIGHT: 5, WILL: 6, FATE: 7, FLAGS: 8, TERROR: 9, MOVED: 10, NCT: 11, CT: 12 } as const;

/** Model flags. */
export const MF = {
  alive: 1, prone: 2, activated: 4, movedAtAll: 8, charged: 16, chargedByCavalry: 32, thrown: 64, shot: 128, cast: 256, freeWill: 512,
  transfixed: 1024, compelled: 2048, supported: 4096, fought: 8192, aura: 16384,
} as const;

export const C = { LONE: 0, NOTHERS: 1, RESOLVED: 2, OTHERS: 3 } as const;

/** Power kinds, by index (profiles.ts POWERS). */
export const POWER_KINDS = POWERS;

const TERROR = { none: 0, passed: 1, failed: 2 } as const;

/** Which decision point the state waits at, or an InputError naming where it is. */
function entryOf(s: MesbgState): { entry: number; arg: number; resolved: number[] } {
  const e = kernelEntry(s);
  if (e) return e;
  const where = s.data.stack.map((f) => `${f.kind}:${"stage" in f ? f.stage : f.step}`).join(" > ");
  throw new InputError(`mesbg encode: the kernel starts only at a priority roll-off, or between activations, shots or combats; this state waits at ${where}`);
}

/** Can the kernel start from `s` (`encodeState` accepts it)? The search's leaves ask before every rollout. */
export function atKernelPoint(s: MesbgState): boolean {
  return kernelEntry(s) !== null;
}

/** The decision point the state waits at, or null where the kernel cannot start (no error built: cheap). */
function kernelEntry(s: MesbgState): { entry: number; arg: number; resolved: number[] } | null {
  const d = s.data;
  if (d.result) return { entry: ENTRY.over, arg: 0, resolved: [] };
  const st = d.stack;
  const top = st[st.length - 1];
  const under = st[st.length - 2];
  // a phase set up and not stepped yet: its pairing frame is still to compute
  if (st.length === 3 && top?.kind === "pairing" && top.stage === "compute" && st[0]?.kind === "game") {
    const phase = st[1]!;
    if (phase.kind === "shootPhase" && phase.step === 0 && st[0].stage === "fight") return { entry: ENTRY.pairThenShoot, arg: 0, resolved: [] };
    if (phase.kind === "fightPhase" && phase.stage === "pick" && phase.resolved.length === 0 && st[0].stage === "end") return { entry: ENTRY.pairThenFight, arg: 0, resolved: [] };
  }
  if (st.length !== 2 || under?.kind !== "game" || !top) return null;
  if (top.kind === "priority" && under.stage === "move") {
    if (top.stage === "roll") return { entry: ENTRY.priorityRoll, arg: 0, resolved: [] };
    if (top.stage === "choose") return { entry: ENTRY.priorityChoose, arg: top.chooser, resolved: [] };
  }
  if (top.kind === "movePhase" && under.stage === "pair" && top.step < 2) return { entry: ENTRY.move, arg: top.step, resolved: [] };
  if (top.kind === "shootPhase" && under.stage === "fight" && top.step < 2) return { entry: ENTRY.shoot, arg: top.step, resolved: [] };
  if (top.kind === "fightPhase" && under.stage === "end" && top.stage === "pick") return { entry: ENTRY.fight, arg: 0, resolved: top.resolved };
  return null;
}

/** The state as the kernel's flat input (see the layout above). */
export function encodeState(s: MesbgState): Float64Array {
  const d = s.data;
  const infos = s.st.infos;
  const { entry, arg, resolved } = entryOf(s);
  if (d.models.length > MAX_MODELS) throw new InputError(`mesbg encode: at most ${MAX_MODELS} models (this state has ${d.models.length})`);
  const combats = entry === ENTRY.shoot || entry === ENTRY.fight ? d.combats : [];
  const profileAt = HEADER_SIZE;
  const modelAt = profileAt + infos.length * PROFILE_STRIDE;
  const combatAt = modelAt + d.models.length * MODEL_STRIDE;
  const size = combatAt + combats.length * COMBAT_STRIDE;
  const out = new Float64Array(size);
  const h = (k: number, v: number) => (out[k] = v);
  h(H.FORMAT, FORMAT_VERSION);
  h(H.NPROFILES, infos.length);
  h(H.NMODELS, d.models.length);
  h(H.NCOMBATS, combats.length);
  h(H.TURN, d.turn);
  h(H.MAXTURNS, d.maxTurns);
  h(H.PRIORITY, d.priority);
  h(H.CHOOSER, d.chooser);
  h(H.ENTRY, entry);
  h(H.ENTRY_ARG, arg);
  h(H.BOARD_W, d.board.w);
  h(H.BOARD_H, d.board.h);
  h(H.GOOD, d.forces[0].alignment === "good" ? 0 : 1);
  h(H.WINNER, d.result ? d.result.winner : -1);
  h(H.REASON, d.result ? (d.result.reason === "wiped out" ? 1 : 2) : 0);
  h(H.PROFILE_AT, profileAt);
  h(H.MODEL_AT, modelAt);
  h(H.COMBAT_AT, combatAt);
  h(H.SIZE, size);
  h(H.PROFILE_STRIDE, PROFILE_STRIDE);
  h(H.MODEL_STRIDE, MODEL_STRIDE);
  h(H.COMBAT_STRIDE, COMBAT_STRIDE);
  infos.forEach((i, k) => {
    const o = profileAt + k * PROFILE_STRIDE;
    const p = i.p;
    out[o + P.RADIUS] = i.radius;
    out[o + P.DEFENCE] = i.defence;
    out[o + P.MOVE] = p.move;
    out[o + P.FIGHT] = p.fight;
    out[o + P.SHOOT] = p.shoot;
    out[o + P.STRENGTH] = p.strength;
    out[o + P.ATTACKS] = p.attacks;
    out[o + P.WOUNDS] = p.wounds;
    out[o + P.COURAGE] = p.courage;
    let flags = 0;
    for (const [name, bit] of Object.entries(PF)) if (i[name as keyof typeof PF]) flags |= bit;
    out[o + P.FLAGS] = flags;
    out[o + P.VALUE] = i.value;
    if (i.missiles.length > MAX_MISSILES || i.powers.length > MAX_POWERS) throw new InputError(`mesbg encode: profile ${i.key} has too many missile weapons or powers`);
    out[o + P.NMISSILES] = i.missiles.length;
    i.missiles.forEach((w, j) => {
      out[o + P.MISSILES + 3 * j] = MISSILE_CHART[w].range;
      out[o + P.MISSILES + 3 * j + 1] = MISSILE_CHART[w].strength;
      out[o + P.MISSILES + 3 * j + 2] = w === "throwing spear" ? 1 : 0;
    });
    out[o + P.NPOWERS] = i.powers.length;
    i.powers.forEach((pw, j) => {
      out[o + P.POWERS + 3 * j] = POWER_KINDS.indexOf(pw.name);
      out[o + P.POWERS + 3 * j + 1] = pw.range;
      out[o + P.POWERS + 3 * j + 2] = pw.castingValue;
    });
  });
  d.models.forEach((m, k) => {
    const o = modelAt + k * MODEL_STRIDE;
    out[o + M.SIDE] = m.side;
    out[o + M.PROFILE] = m.info;
    out[o + M.X] = m.x;
    out[o + M.Y] = m.y;
    out[o + M.WOUNDS] = m.wounds;
    out[o + M.MIGHT] = m.might;
    out[o + M.WILL] = m.will;
    out[o + M.FATE] = m.fate;
    let flags = 0;
    for (const [name, bit] of Object.entries(MF)) if (m[name as keyof typeof MF]) flags |= bit;
    out[o + M.FLAGS] = flags;
    out[o + M.TERROR] = TERROR[m.terror];
    out[o + M.MOVED] = m.moved;
    if (m.chargedTargets.length > MAX_CHARGE_TARGETS) throw new InputError(`mesbg encode: ${m.name} charged more than ${MAX_CHARGE_TARGETS} models`);
    out[o + M.NCT] = m.chargedTargets.length;
    m.chargedTargets.forEach((t, j) => (out[o + M.CT + j] = t));
  });
  combats.forEach((c, k) => {
    const o = combatAt + k * COMBAT_STRIDE;
    if (c.others.length > MAX_COMBAT_OTHERS) throw new InputError(`mesbg encode: a combat with more than ${MAX_COMBAT_OTHERS + 1} models`);
    out[o + C.LONE] = c.lone;
    out[o + C.NOTHERS] = c.others.length;
    out[o + C.RESOLVED] = resolved.includes(k) ? 1 : 0;
    c.others.forEach((id, j) => (out[o + C.OTHERS + j] = id));
  });
  return out;
}

/** The model table of an encoded state, one record per model (for tests and the differential checks). */
export function encodedModels(e: Float64Array): Float64Array[] {
  const at = e[H.MODEL_AT]!;
  const n = e[H.NMODELS]!;
  return Array.from({ length: n }, (_, k) => e.slice(at + k * MODEL_STRIDE, at + (k + 1) * MODEL_STRIDE));
}
