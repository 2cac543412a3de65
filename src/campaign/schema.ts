/**
 * The campaign's inputs, each a zod schema (the single source of its type): the map (territories, their
 * terrain and adjacency, rivers and bridges, special map sections and the Lake of Lost Souls, the edge
 * territories where HQs go), a player's campaign army (a roster, its reinforcements, its Generals), the
 * set-up of a whole campaign, and what players type during one (orders, a battle's result).
 *
 * Every size is bounded; a map that parses is also checked as a graph (`checkMapGraph`): ids unique,
 * adjacency symmetric and known, the map connected, rivers made of adjacent river sections, room for two
 * HQs. Each failure names the field (`territories[3].adjacent[1]: ...`).
 */
import { z } from "zod";
import { NAME_MAX, nameField, rosterSchema, rosterUnitSchema } from "../aos/armies/index.js";
import { battleplanIdSchema } from "../aos/battleplans/index.js";

/** Bounds against absurd files: the default map has 42 territories, a hex has 6 neighbours. */
export const MAP_LIMITS = { maxTerritories: 128, maxAdjacent: 12, maxRivers: 8, maxSections: 64, maxText: 2000 } as const;

/** CAMP-MOVE, CAMP-RIVER: the terrain kinds of the seed. Special map sections say theirs (Plains unless noted). */
export const TERRAINS = ["plains", "forest", "pass", "marsh", "mountain", "jungle", "river"] as const;
export type Terrain = (typeof TERRAINS)[number];

/** CAMP-MOVE: Marshes, Mountains and Jungles are Difficult Terrain (a river section only when crossed: CAMP-RIVER). */
export const DIFFICULT_TERRAINS: readonly Terrain[] = ["marsh", "mountain", "jungle"];

export const territoryIdField = z
  .string()
  .min(1, "must not be empty")
  .max(60, "must be at most 60 characters")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be kebab-case (a-z, 0-9, -)");

export const specialSectionSchema = z.strictObject({
  /** CAMP-INFLUENCE: a special map section is worth 5 Influence, the Lake of Lost Souls 10. */
  kind: z.enum(["section", "lake"]),
  /** CAMP-BATTLE: special map sections are fought with their own scenario (one of the 12 battleplans). */
  scenario: battleplanIdSchema,
  /** CAMP-RAZE: the Influence it is worth while Razed (default 1: an ordinary territory until Recovered). */
  razedInfluence: z.number().int("must be a whole number").min(0).max(10).optional(),
  description: z.string().max(MAP_LIMITS.maxText).optional(),
});

export const mapTerritorySchema = z.strictObject({
  id: territoryIdField,
  name: z.string().trim().min(1, "must not be empty").max(80, "must be at most 80 characters"),
  terrain: z.enum(TERRAINS),
  adjacent: z.array(territoryIdField).min(1, "a territory needs at least one neighbour").max(MAP_LIMITS.maxAdjacent, `at most ${MAP_LIMITS.maxAdjacent} neighbours`),
  /** CAMP-HQ: on the edge of the map (an HQ may be chosen here). */
  edge: z.boolean().default(false),
  /** CAMP-RIVER: a river section with a bridge (the Bone Bridge): crossing here is not Difficult Terrain. */
  bridge: z.boolean().default(false),
  special: specialSectionSchema.optional(),
  /** Where it is drawn (a hex grid's column and row); the rules do not read it. */
  position: z.strictObject({ column: z.number().int().min(0).max(99), row: z.number().int().min(0).max(99) }).optional(),
});

export const riverSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  /** The river's sections in the order it flows: each adjacent to the next (moving along them is "up/down river"). */
  sections: z.array(territoryIdField).min(2, "a river needs at least 2 sections").max(MAP_LIMITS.maxSections),
});

export const campaignMapObjectSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  description: z.string().max(MAP_LIMITS.maxText).optional(),
  territories: z
    .array(mapTerritorySchema)
    .min(3, "a map needs at least 3 territories")
    .max(MAP_LIMITS.maxTerritories, `at most ${MAP_LIMITS.maxTerritories} territories`),
  rivers: z.array(riverSchema).max(MAP_LIMITS.maxRivers).default([]),
});

type MapObject = z.output<typeof campaignMapObjectSchema>;

/** Graph checks a schema of fields cannot express; each issue names the field. */
export function checkMapGraph(map: MapObject, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
  // zod runs refinements after non-fatal issues too (a too-short list): judge only what is there.
  if (map.territories.length === 0) return;
  const index = new Map<string, number>();
  map.territories.forEach((t, i) => {
    if (index.has(t.id)) issue(["territories", i, "id"], `"${t.id}" is used by territories[${index.get(t.id)}] too; ids must be unique`);
    else index.set(t.id, i);
  });
  // Orders, the log and the map show territories by name: two of one name could not be told apart.
  const named = new Map<string, number>();
  map.territories.forEach((t, i) => {
    const key = t.name.trim().toLowerCase();
    if (named.has(key)) issue(["territories", i, "name"], `"${t.name}" is the name of territories[${named.get(key)}] too; names must be unique`);
    else named.set(key, i);
  });
  map.territories.forEach((t, i) => {
    const seen = new Set<string>();
    t.adjacent.forEach((a, j) => {
      const at = ["territories", i, "adjacent", j];
      if (a === t.id) return issue(at, `"${a}" is the territory itself`);
      if (seen.has(a)) return issue(at, `"${a}" is listed twice`);
      seen.add(a);
      const k = index.get(a);
      if (k === undefined) return issue(at, `"${a}" is not the id of a territory`);
      // Adjacency must be symmetric: a Banner that can march from A to B can march back.
      if (!map.territories[k]!.adjacent.includes(t.id)) issue(at, `"${a}" does not list "${t.id}" as adjacent; adjacency must be symmetric`);
    });
    if (t.bridge && t.terrain !== "river") issue(["territories", i, "bridge"], `only a river section can have a bridge ("${t.id}" is ${t.terrain})`);
  });
  const lakes = map.territories.flatMap((t, i) => (t.special?.kind === "lake" ? [i] : []));
  if (lakes.length > 1) issue(["territories", lakes[1]!, "special", "kind"], "there is only one Lake of Lost Souls on a map");

  // Rivers: river-terrain sections, each adjacent to the next, each in one river; every river section in a river.
  const inRiver = new Map<string, number>();
  map.rivers.forEach((r, ri) => {
    r.sections.forEach((s, si) => {
      const at = ["rivers", ri, "sections", si];
      const k = index.get(s);
      if (k === undefined) return issue(at, `"${s}" is not the id of a territory`);
      if (map.territories[k]!.terrain !== "river") return issue(at, `"${s}" is ${map.territories[k]!.terrain}, not a river section`);
      if (inRiver.has(s)) return issue(at, `"${s}" is already a section of ${map.rivers[inRiver.get(s)!]!.name}`);
      inRiver.set(s, ri);
      const prev = r.sections[si - 1];
      if (prev !== undefined && !map.territories[k]!.adjacent.includes(prev)) issue(at, `"${s}" is not adjacent to the section before it ("${prev}")`);
    });
  });
  map.territories.forEach((t, i) => {
    if (t.terrain === "river" && !inRiver.has(t.id)) issue(["territories", i, "terrain"], `"${t.id}" is a river section but no river in "rivers" lists it`);
  });

  // Connected: every territory can be reached (a Banner cut off for ever is a broken map).
  if (index.size === map.territories.length) {
    const seen = new Set<string>([map.territories[0]!.id]);
    const queue = [map.territories[0]!.id];
    while (queue.length) {
      const t = map.territories[index.get(queue.shift()!)!]!;
      for (const a of t.adjacent) if (index.has(a) && !seen.has(a)) (seen.add(a), queue.push(a));
    }
    const cut = map.territories.findIndex((t) => !seen.has(t.id));
    if (cut >= 0) issue(["territories", cut], `"${map.territories[cut]!.id}" cannot be reached from "${map.territories[0]!.id}"; the map must be connected`);
    // CAMP-HQ: two players need two edge territories at least 2 hops apart.
    else if (!hasTwoHqs(map)) issue(["territories"], "the map needs two edge territories (edge: true) at least 2 territories apart, for the HQs (CAMP-HQ)");
  }
}

function hasTwoHqs(map: MapObject): boolean {
  const edges = map.territories.filter((t) => t.edge);
  for (const e of edges) {
    const near = new Set([e.id, ...e.adjacent]);
    if (edges.some((f) => !near.has(f.id))) return true;
  }
  return false;
}

/** A campaign map: territories, adjacency, rivers, special sections. */
export const campaignMapSchema = campaignMapObjectSchema.superRefine((map, ctx) => checkMapGraph(map, ctx));
export type CampaignMap = z.output<typeof campaignMapSchema>;
export type CampaignMapJson = z.input<typeof campaignMapSchema>;
export type MapTerritory = CampaignMap["territories"][number];

/**
 * CAMP-GENERAL: a Banner's General — a HERO warscroll of the army's faction, with a name and fixed options
 * (the command trait and artefact it always takes). Generals are unique within a player's empire: names
 * differ, and no two take the same artefact.
 */
export const generalSchema = z.strictObject({
  name: nameField,
  warscroll: nameField,
  /** The Banner this General leads (default: "<General>'s Host"). */
  banner: nameField.optional(),
  commandTrait: nameField.optional(),
  artefact: nameField.optional(),
});
export type GeneralJson = z.input<typeof generalSchema>;

export const MAX_GENERALS = 24;
export const MAX_REINFORCEMENTS = 40;

/**
 * A player's campaign army (CAMP-GENERAL, CAMP-BATTLE): the roster every Banner fields (at most 2,250
 * points; its general is replaced by the Banner's own General), the reinforcements a Banner adds in this
 * order while they fit its points (2,250 + 200 per Fortify + 200 per supporting Banner), and the Generals
 * raised with new Banners, in order (named automatically from the roster's HEROES when the list runs out).
 */
export const campaignArmySchema = z.strictObject({
  /** The realm's name in the log (default: the roster's name). */
  name: nameField.optional(),
  roster: rosterSchema,
  /** Absent: automatic (copies of the roster's non-HERO units, in roster order, up to 3 rounds). */
  reinforcements: z.array(rosterUnitSchema).max(MAX_REINFORCEMENTS, `at most ${MAX_REINFORCEMENTS} reinforcements`).optional(),
  generals: z.array(generalSchema).max(MAX_GENERALS, `at most ${MAX_GENERALS} generals`).default([]),
});
export type CampaignArmyJson = z.input<typeof campaignArmySchema>;

export const BATTLE_MODES = ["simulated", "entered"] as const;
export type BattleMode = (typeof BATTLE_MODES)[number];

export const INFLUENCE_MODES = ["final", "per-turn"] as const;
export type InfluenceMode = (typeof INFLUENCE_MODES)[number];

/** CAMP-LENGTH: 16 campaign turns by default; shorter (or longer) campaigns are an option. */
export const DEFAULT_TURNS = 16;
export const MAX_TURNS = 40;

export const campaignOptionsSchema = z.strictObject({
  turns: z.number().int("must be a whole number").min(1, "must be at least 1").max(MAX_TURNS, `must be at most ${MAX_TURNS}`).default(DEFAULT_TURNS),
  /** CAMP-BATTLE: "simulated" plays each battle with the AoS engine; "entered" makes it a chance node whose outcome the players give. */
  battles: z.enum(BATTLE_MODES).default("simulated"),
  /** CAMP-INFLUENCE: "final" counts the territories held at the end; "per-turn" adds each turn's holdings up. */
  influence: z.enum(INFLUENCE_MODES).default("final"),
  /** Keep a readable log and per-turn records in the state (the CLI; off for search). */
  log: z.boolean().default(false),
});
export type CampaignOptions = z.output<typeof campaignOptionsSchema>;

/** CAMP-ORDERS: the orders a Banner can be given. "raze" alone is Raze and Hold. */
export const ORDER_KINDS = ["hold", "fortify", "recover", "raze-and-hold", "move", "raze-and-move"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** An order as a player types it: the Banner by name, the order, where to (and the second step of a Forced March). */
export const orderInputSchema = z
  .strictObject({
    banner: nameField,
    order: z.enum([...ORDER_KINDS, "raze"]).transform((k) => (k === "raze" ? "raze-and-hold" : k)),
    to: territoryIdField.optional(),
    then: territoryIdField.optional(),
  })
  .refine((o) => (o.order === "move" || o.order === "raze-and-move") === (o.to !== undefined), { message: "move and raze-and-move need `to`; other orders take none", path: ["to"] })
  .refine((o) => o.then === undefined || o.order === "move", { message: "only a move can go on (a Forced March along a river)", path: ["then"] });
export const ordersInputSchema = z.strictObject({ orders: z.array(orderInputSchema).max(64) });
export type OrderInput = z.output<typeof orderInputSchema>;

/** A battle's result as the players enter it (CAMP-BATTLE, mode "entered"). */
export const battleResultInputSchema = z
  .strictObject({
    territory: territoryIdField,
    outcome: z.enum(["major-victory", "minor-victory", "draw"]),
    /** The winning player (0 or 1); null for a draw. */
    winner: z.union([z.literal(0), z.literal(1)]).nullable(),
    /** CAMP-RETREAT: the loser has no unit left, or the winner scored twice its VP and 10 more (the loser scatters). */
    massacre: z.boolean().default(false),
  })
  .refine((r) => (r.outcome === "draw") === (r.winner === null), { message: "a draw has no winner; a victory has one", path: ["winner"] })
  .refine((r) => !(r.massacre && r.winner === null), { message: "a draw is no Massacre", path: ["massacre"] });
export type BattleResultInput = z.output<typeof battleResultInputSchema>;

export { NAME_MAX };
