/**
 * Positions set up for a rule: two armies from bundled warscrolls placed where a test wants them, in a
 * chosen phase, with an optional scripted RNG (each die the test expects, in order).
 */
import { bundledLibrary, rosterSchema, type Roster } from "../../src/aos/armies/index.js";
import { battleplan, type BattleplanId } from "../../src/aos/battleplans/index.js";
import { Battle } from "../../src/aos/battle/battle.js";
import { newBattleData } from "../../src/aos/battle/create.js";
import { choices, settle } from "../../src/aos/battle/flow.js";
import type { Player, Step } from "../../src/aos/battle/state.js";
import { Rng } from "../../src/core/rng.js";
import { startBattle, startRound } from "../../src/aos/scoring/index.js";

/** An RNG that returns the scripted dice, then fails loudly if the rule rolls more than the test expects. */
export class ScriptedRng extends Rng {
  constructor(private readonly dice: number[]) {
    super(0);
  }
  override roll(sides: number): number {
    const v = this.dice.shift();
    if (v === undefined) throw new Error(`the test scripted no more dice (a D${sides} was rolled)`);
    if (v < 1 || v > sides) throw new Error(`scripted ${v} on a D${sides}`);
    return v;
  }
  left(): number {
    return this.dice.length;
  }
}

export interface Placement {
  warscroll: string;
  owner: Player;
  x: number;
  y: number;
  models?: number;
  keywords?: string[];
}

/**
 * `lores`: each player's manifestation lore (CORE-BANISH); its manifestations' units follow the placed units
 * (player 0's, then player 1's), off the battlefield until summoned.
 */
export function battleAt(
  plan: BattleplanId,
  placements: Placement[],
  opts: { step?: Step; dice?: number[]; seed?: number; log?: boolean; lores?: [string | null, string | null] } = {},
): { b: Battle; ids: number[] } {
  const rosters = ([0, 1] as Player[]).map((owner): Roster => {
    const mine = placements.map((p, i) => ({ p, i })).filter((x) => x.p.owner === owner);
    // Units are named after their warscroll ("Mortek Guard", then "Mortek Guard 2" for a second one).
    const seen = new Map<string, number>();
    const name = (w: string) => {
      const n = (seen.get(w) ?? 0) + 1;
      seen.set(w, n);
      return n === 1 ? w : `${w} ${n}`;
    };
    const names = mine.map(({ p }) => name(p.warscroll));
    return rosterSchema.parse({
      name: owner === 0 ? "Player A" : "Player B",
      faction: "Test",
      pointsLimit: 2000,
      general: names[0],
      grandStrategy: "Hold the Line",
      ...(opts.lores?.[owner] ? { manifestationLore: opts.lores[owner] } : {}),
      units: mine.map(({ p }, k) => ({ id: names[k], warscroll: p.warscroll, ...(p.models ? { models: p.models } : {}), keywords: p.keywords ?? [] })),
    });
  }) as [Roster, Roster];
  const data = newBattleData(rosters, { battleplan: plan, log: opts.log ?? true }, bundledLibrary());
  const b = new Battle(data, opts.dice ? new ScriptedRng([...opts.dice]) : new Rng(opts.seed ?? 1));
  const p = battleplan(plan);
  data.attacker = 0;
  data.territories = [p.territories[0].id, p.territories[1].id];
  data.scoring = startRound(startBattle({ battleplan: plan, attackerTerritory: p.territories[0].id }), {
    round: 1,
    first: "attacker",
    ...(p.alphaObjective ? { alphaRoll: 1 } : {}),
  }).state;
  data.round = 1;
  data.turn = 0;
  data.active = 0;
  for (const o of b.objectives()) data.control[o.id] = null;
  // Units are created owner 0 first, then owner 1, each in placement order.
  const order = [...placements.map((pl, i) => ({ pl, i })).filter((x) => x.pl.owner === 0), ...placements.map((pl, i) => ({ pl, i })).filter((x) => x.pl.owner === 1)];
  const ids: number[] = [];
  order.forEach(({ pl, i }, id) => {
    const u = data.units[id]!;
    u.x = pl.x;
    u.y = pl.y;
    u.status = "deployed";
    ids[i] = id;
  });
  data.step = opts.step ?? { kind: "movement", player: 0 };
  return { b, ids };
}

/** The labels of the choices open now (the choice cache cleared first). */
export function labels(b: Battle): string[] {
  b.choiceCache = null;
  return choices(b).map((c) => c.label);
}

/** Applies the choice whose label contains `text` (exactly one must). */
export function pick(b: Battle, text: string): void {
  b.choiceCache = null;
  const matching = choices(b).filter((c) => c.label.includes(text));
  if (matching.length !== 1) throw new Error(`"${text}" matches ${matching.length} of: ${labels(b).join(" | ")}`);
  b.choiceCache = null;
  matching[0]!.apply(b);
  settle(b);
}

/** The phases a set-up position can start in. */
export type PhaseKind = "hero" | "movement" | "shooting" | "charge" | "combat";

/**
 * `units` in a row along y at x = 30 (from y = 10), each 0.25" from the next edge to edge — so each is in combat
 * with its neighbours — with no terrain, player 0's `step` phase; `dice` scripted, or seeded dice (seed 1) when
 * null.
 */
export function battleInRow(units: Omit<Placement, "x" | "y">[], dice: number[] | null, step: PhaseKind): { b: Battle; ids: number[] } {
  const { b, ids } = battleAt("savage-gains", units.map((u) => ({ ...u, x: 30, y: 10 })), { ...(dice ? { dice } : { seed: 1 }), step: { kind: step, player: 0 } });
  let y = 10;
  ids.forEach((id, i) => {
    if (i > 0) y += b.footprint(ids[i - 1]!).radius + b.footprint(id).radius + 0.25;
    b.unit(id).y = y;
  });
  b.data.terrain = [];
  return { b, ids };
}

/**
 * Liberators (`l`, player 0), a Lord-Imperatant (`h`, a HERO of `heroOwner`), Vindictors (`v`) and a Mancrusher
 * Gargant (`g`, a MONSTER), both player 1's, in a row (battleInRow: each in combat with its neighbours).
 */
export function heroAndMonsterRow(heroOwner: 0 | 1, dice: number[] | null, step: PhaseKind = "combat"): { b: Battle; l: number; h: number; v: number; g: number } {
  const { b, ids } = battleInRow(
    [{ warscroll: "Liberators", owner: 0 }, { warscroll: "Lord-Imperatant", owner: heroOwner }, { warscroll: "Vindictors", owner: 1 }, { warscroll: "Mancrusher Gargant", owner: 1 }],
    dice,
    step,
  );
  return { b, l: ids[0]!, h: ids[1]!, v: ids[2]!, g: ids[3]! };
}

/**
 * Player 0's Vindictors (`v`) and Lord-Imperatant (`l`), and player 1's Liberators (`e`) 9" edge to edge from the
 * Vindictors, with no terrain, in player 0's `step` phase: a charge or a move away is a dice roll's question.
 * `dice` scripted, or seeded dice (seed 1) when null.
 */
export function nineInchesApart(step: PhaseKind, dice: number[] | null): { b: Battle; v: number; l: number; e: number } {
  const { b, ids } = battleAt(
    "savage-gains",
    [
      { warscroll: "Vindictors", owner: 0, x: 24, y: 10 },
      { warscroll: "Lord-Imperatant", owner: 0, x: 34, y: 10 },
      { warscroll: "Liberators", owner: 1, x: 28, y: 10 },
    ],
    { ...(dice ? { dice } : { seed: 1 }), step: { kind: step, player: 0 } },
  );
  const [v, l, e] = ids as [number, number, number];
  b.unit(e).y = b.unit(v).y + b.footprint(v).radius + b.footprint(e).radius + 9;
  b.data.terrain = [];
  return { b, v, l, e };
}
