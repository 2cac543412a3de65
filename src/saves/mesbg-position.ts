/**
 * A game of The Forces Clash entered by hand (issue 11, "Positions"): the two forces, each model still
 * standing with its place, wounds and Might / Will / Fate left, the turn, the phase and who has priority.
 * `mesbgPositionState` turns it into the engine's state at its first decision (through src/mesbg/position.ts).
 *
 * A position starts at the start of the Move, Shoot or Fight phase of a turn, priority already rolled
 * (ME-PRIORITY); nothing has activated, moved, shot or fought yet this turn. The models of a force that are
 * not entered were slain (they still count in the force's starting strength, which scores the turn cap).
 * Not enterable: Terror tests taken, Transfix / Compel in effect, Terrifying Aura.
 */
import { z } from "zod";
import isengard from "../../data/mesbg/isengard.json" with { type: "json" };
import minasTirith from "../../data/mesbg/minas-tirith.json" with { type: "json" };
import mordor from "../../data/mesbg/mordor.json" with { type: "json" };
import rohan from "../../data/mesbg/rohan.json" with { type: "json" };
import { InputError, parseOrThrow } from "../core/errors.js";
import { Rng } from "../core/rng.js";
import type { MesbgState } from "../mesbg/game.js";
import { positionState } from "../mesbg/position.js";
import { checkOpposed, type Force, forceSchema, MM_PER_INCH, parseForce } from "../mesbg/profiles.js";
import { BOARD, DEFAULT_MAX_TURNS } from "../mesbg/scenario.js";
import { MAX_TURNS_LIMIT } from "../mesbg/game.js";
import { POSITION_FORMAT } from "./aos-position.js";

const FORCES: Record<string, unknown> = { "minas-tirith": minasTirith, mordor, rohan, isengard };
export const BUNDLED_FORCES = ["minas-tirith", "mordor", "rohan", "isengard"] as const;
export const MESBG_PHASES = ["move", "shoot", "fight"] as const;

const side = z.union([z.literal(0), z.literal(1)]);
const store = z.number().int().min(0).max(20);

export const mesbgPositionSchema = z.strictObject({
  format: z.literal(POSITION_FORMAT),
  version: z.literal(1),
  game: z.literal("mesbg"),
  /** Each force: a force (JSON as in data/mesbg/), or a bundled force's name. Force 0 is "a". */
  forces: z.tuple([z.union([z.enum(BUNDLED_FORCES), z.unknown()]), z.union([z.enum(BUNDLED_FORCES), z.unknown()])]),
  turn: z.number().int().min(1).max(MAX_TURNS_LIMIT),
  maxTurns: z.number().int().min(1).max(MAX_TURNS_LIMIT).default(DEFAULT_MAX_TURNS),
  phase: z.enum(MESBG_PHASES),
  /** Who has priority this turn (ME-PRIORITY). */
  priority: side,
  models: z
    .array(
      z.strictObject({
        side,
        /** The profile's id in its force ("captain", "warrior-shield"). */
        profile: z.string().min(1).max(40),
        x: z.number().finite(),
        y: z.number().finite(),
        /** Left (default: the profile's). */
        wounds: z.number().int().min(1).max(20).optional(),
        might: store.optional(),
        will: store.optional(),
        fate: store.optional(),
        prone: z.boolean().default(false),
      }),
    )
    .min(2)
    .max(120),
});
export type MesbgPosition = z.input<typeof mesbgPositionSchema>;

function forceOf(ref: unknown, field: string): Force {
  if (typeof ref === "string" && (BUNDLED_FORCES as readonly string[]).includes(ref)) return parseForce(FORCES[ref], ref);
  if (typeof ref === "string") throw new InputError(`${field}: "${ref.slice(0, 40)}" is not a bundled force (${BUNDLED_FORCES.join(", ")}); give a force instead`);
  return parseForce(parseOrThrow(forceSchema, ref, field), field);
}

/** The state at the position's first decision; `seed` seeds the dice from there on. */
export function mesbgPositionState(json: unknown, seed: number, where = "position"): MesbgState {
  const pos = parseOrThrow(mesbgPositionSchema, json, where);
  const fail = (field: string, why: string): never => {
    throw new InputError(`${where}: ${field}: ${why}`);
  };
  const forces = pos.forces.map((f, i) => forceOf(f, `${where}: forces[${i}]`)) as [Force, Force];
  try {
    checkOpposed(forces[0], forces[1]);
  } catch (e) {
    fail("forces[1].alignment", (e as Error).message.replace(/^b\.alignment: /, ""));
  }
  if (pos.turn > pos.maxTurns) fail("turn", `turn ${pos.turn} is after the turn cap (maxTurns ${pos.maxTurns})`);
  const left = forces.map((f) => new Map(f.models.map((m) => [m.profile, m.count])));
  const bases: { x: number; y: number; r: number; i: number }[] = [];
  const models = pos.models.map((m, i) => {
    const field = `models[${i}]`;
    const force = forces[m.side];
    const p = force.profiles[m.profile];
    if (!p) fail(`${field}.profile`, `${force.name} has no profile "${m.profile.slice(0, 40)}" (${Object.keys(force.profiles).join(", ")})`);
    const count = left[m.side]!.get(m.profile) ?? 0;
    if (count <= 0) fail(`${field}.profile`, `${force.name} fields ${force.models.find((x) => x.profile === m.profile)?.count ?? 0} of ${p!.name}: this is one more`);
    left[m.side]!.set(m.profile, count - 1);
    const r = p!.base / MM_PER_INCH / 2;
    if (m.x - r < -1e-9 || m.y - r < -1e-9 || m.x + r > BOARD.w + 1e-9 || m.y + r > BOARD.h + 1e-9) fail(`${field}`, `${p!.name} at (${m.x}, ${m.y}) is off the board (${BOARD.w}" by ${BOARD.h}", its base ${(2 * r).toFixed(2)}" across)`);
    for (const o of bases) {
      if (Math.hypot(o.x - m.x, o.y - m.y) < o.r + r - 0.01) fail(`${field}`, `${p!.name} at (${m.x}, ${m.y}) overlaps models[${o.i}]'s base`);
    }
    bases.push({ x: m.x, y: m.y, r, i });
    const cap = { wounds: p!.wounds, might: p!.might ?? 0, will: p!.will ?? 0, fate: p!.fate ?? 0 };
    for (const k of ["wounds", "might", "will", "fate"] as const) {
      const v = m[k];
      if (v !== undefined && v > cap[k]) fail(`${field}.${k}`, `${p!.name} has ${cap[k]} ${k === "wounds" ? "Wounds" : k.charAt(0).toUpperCase() + k.slice(1)} on its profile; ${v} is more`);
    }
    const state = { prone: m.prone, ...(m.wounds !== undefined ? { wounds: m.wounds } : {}), ...(m.might !== undefined ? { might: m.might } : {}), ...(m.will !== undefined ? { will: m.will } : {}), ...(m.fate !== undefined ? { fate: m.fate } : {}) };
    return { side: m.side, profile: m.profile, x: m.x, y: m.y, state };
  });
  for (const s of [0, 1] as const) if (!pos.models.some((m) => m.side === s)) fail("models", `${forces[s].name} has no model left: the game is over`);
  // The slain: the rest of each force, off the board, so the starting strength is the force's.
  const slain = forces.flatMap((f, s) => [...left[s]!].flatMap(([profile, n]) => Array.from({ length: n }, () => ({ side: s as 0 | 1, profile, x: 0, y: 0, state: { alive: false, wounds: 0 } }))));
  return positionState(
    {
      sides: forces.map((f) => ({ name: f.name, alignment: f.alignment, profiles: f.profiles })),
      models: [...models, ...slain],
      phase: pos.phase,
      priority: pos.priority,
      turn: pos.turn,
      maxTurns: pos.maxTurns,
      record: true,
    },
    new Rng(seed),
  );
}
