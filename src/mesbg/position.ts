/**
 * A position entered by hand: profiles for two sides, models placed where they stand (with any of their
 * state overridden: wounds, stores, prone, what they did this turn), the phase to start in and who has
 * priority. Tests set rules up this way; coaching will start from one. Validated like any input.
 */
import { z } from "zod";
import { Rng } from "../core/rng.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { advance } from "./engine.js";
import type { Frame } from "./frames.js";
import { MesbgState } from "./game.js";
import { type Force, profileSchema } from "./profiles.js";
import { BOARD, DEFAULT_MAX_TURNS } from "./scenario.js";
import { buildInfos, modelSchema, newModel, St, type StateData } from "./state.js";

const sideSchema = z.strictObject({
  name: z.string().min(1).max(60),
  alignment: z.enum(["good", "evil"]),
  profiles: z.record(z.string().regex(/^[a-z0-9-]{1,40}$/), profileSchema),
});

const overrides = modelSchema.omit({ id: true, side: true, info: true, name: true, x: true, y: true }).partial();

export const positionSchema = z.strictObject({
  sides: z.tuple([sideSchema, sideSchema]),
  board: z.strictObject({ w: z.number().min(1).max(120), h: z.number().min(1).max(120) }).default(BOARD),
  models: z
    .array(
      z.strictObject({
        side: z.union([z.literal(0), z.literal(1)]),
        profile: z.string(),
        x: z.number().finite(),
        y: z.number().finite(),
        name: z.string().min(1).max(80).optional(),
        state: overrides.optional(),
      }),
    )
    .min(2)
    .max(120),
  phase: z.enum(["move", "shoot", "fight"]).default("move"),
  priority: z.union([z.literal(0), z.literal(1)]).default(0),
  turn: z.number().int().min(1).max(100).default(1),
  maxTurns: z.number().int().min(1).max(100).default(DEFAULT_MAX_TURNS),
  record: z.boolean().default(true),
});
export type PositionInput = z.input<typeof positionSchema>;

/**
 * `dice` is a seed, or an Rng to roll with (tests pass a scripted one). With `advance: false` the state is
 * left at the start of its phase, not yet stepped to a decision: clone it, reseed it and call `advance`
 * (engine.ts) to replay the same position many times (the odds agreement test does).
 */
export function positionState(json: PositionInput | unknown, dice: number | Rng, opts: { advance?: boolean } = {}): MesbgState {
  const spec = parseOrThrow(positionSchema, json, "position");
  if (spec.sides[0].alignment === spec.sides[1].alignment) throw new InputError("position: sides[1].alignment: one side must be Good and the other Evil");
  const forces = spec.sides.map((s, side) => {
    const counts = new Map<string, number>();
    spec.models.forEach((m, i) => {
      if (m.side !== side) return;
      if (!(m.profile in s.profiles)) throw new InputError(`position: models[${i}].profile: no profile "${m.profile}" on side ${side}`);
      counts.set(m.profile, (counts.get(m.profile) ?? 0) + 1);
    });
    if (counts.size === 0) throw new InputError(`position: models: side ${side} has no models`);
    return { ...s, models: [...counts].map(([profile, count]) => ({ profile, count })) } as Force;
  }) as [Force, Force];
  const infos = buildInfos(forces);
  const models = spec.models.map((m, i) => {
    const info = infos.findIndex((x) => x.key === `${m.side}:${m.profile}`);
    const base = newModel(i, m.side, info, infos, m.name ?? `${infos[info]!.p.name} #${i}`, m.x, m.y);
    return { ...base, ...m.state };
  });
  const stack: Frame[] =
    spec.phase === "move"
      ? [{ kind: "game", stage: "pair" }, { kind: "movePhase", step: 0 }]
      : spec.phase === "shoot"
        ? [{ kind: "game", stage: "fight" }, { kind: "shootPhase", step: 0 }, { kind: "pairing", stage: "compute", ambiguous: [] }]
        : [{ kind: "game", stage: "end" }, { kind: "fightPhase", stage: "pick", resolved: [] }, { kind: "pairing", stage: "compute", ambiguous: [] }];
  const d: StateData = {
    format: "tactica-mesbg/1",
    board: spec.board,
    forces,
    models,
    turn: spec.turn,
    maxTurns: spec.maxTurns,
    priority: spec.priority,
    chooser: spec.priority,
    side0South: true,
    combats: [],
    stack,
    result: null,
    lastMove: null,
    rng: [0, 0, 0, 0],
    recording: spec.record,
    events: [],
  };
  const st = new St(d, infos, typeof dice === "number" ? new Rng(dice) : dice);
  if (opts.advance !== false) advance(st);
  return new MesbgState(st);
}
