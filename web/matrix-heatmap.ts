/**
 * The dashboard's view of a `tactica matrix` result file (`--out FILE`): a heat map of each list's win rate
 * against each other list, rows and columns sorted by Bradley-Terry strength (strongest first), a cell's 95%
 * interval, draws, battles and expected VP on hover or focus. Self-contained: `mountMatrixFile` adds a file
 * picker and the map to a view (the Matchup view's foot, web/main.ts). The file is hostile input: it crosses
 * the zod schema below before anything is drawn, and every name is inserted as text.
 */
import { z } from "zod";
import { OKABE_ITO } from "./colours.js";
import { h } from "./dom.js";
import { coverageDisclosure } from "./coverage.js";

const interval = z.strictObject({ p: z.number().min(0).max(1), low: z.number().min(0).max(1), high: z.number().min(0).max(1) });
const vp = z.strictObject({ mean: z.number(), low: z.number(), high: z.number() });
const name = z.string().min(1).max(200);
const count = z.number().int().min(0);
const cell = z.strictObject({ a: count, b: count, plan: z.string().max(60), games: count, aWins: count, draws: count, bWins: count, aWin: interval, draw: interval, bWin: interval, aVp: vp, bVp: vp });
const strength = z.strictObject({ theta: z.number(), low: z.number(), high: z.number(), elo: z.number(), eloLow: z.number(), eloHigh: z.number() });

export const matrixFileSchema = z
  .looseObject({
    kind: z.literal("tactica-matrix"),
    version: z.literal(1),
    seed: count,
    agents: z.enum(["scripted", "mcts"]),
    gamesPerCell: count,
    plans: z.array(z.string().max(60)).min(1).max(12),
    lists: z.array(name).min(2).max(64),
    cells: z.array(cell).max(64 * 63 * 6),
    pairs: z.array(cell).max(64 * 63),
    ranking: z.array(z.looseObject({ list: name, rank: z.number().int().min(1), meanWinRate: z.number().min(0).max(1), strength })).min(2).max(64),
    /** Each list's abilities not played (`tactica matrix` writes them; older files have none). */
    abilities: z
      .array(z.looseObject({ army: name, abilities: count.max(10_000), notPlayed: count.max(10_000), notPlayedWhy: z.array(z.string().max(2000)).max(2000).optional() }))
      .max(64)
      .optional(),
  })
  .refine((r) => r.pairs.every((p) => p.a < r.lists.length && p.b < r.lists.length && p.a !== p.b), { message: "a pairing names a list the file does not have" })
  .refine((r) => r.ranking.every((s) => r.lists.includes(s.list)) && new Set(r.ranking.map((s) => s.list)).size === r.lists.length, { message: "the ranking does not name each list once" });
export type MatrixFile = z.output<typeof matrixFileSchema>;

/** The file's text, checked; an Error naming the first problem. */
export function parseMatrixFile(text: string): MatrixFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("not JSON: give the file `tactica matrix --out FILE` wrote");
  }
  const r = matrixFileSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new Error(`not a tactica matrix result: ${issue.path.join(".") || "the file"}: ${issue.message}`);
  }
  return r.data;
}

/** The lists' indexes, strongest first (the ranking's order). */
export function strengthOrder(r: MatrixFile): number[] {
  return [...r.ranking].sort((x, y) => x.rank - y.rank).map((s) => r.lists.indexOf(s.list));
}

export interface HeatCell {
  /** Row list's win probability against the column list, with its interval, over every plan. */
  win: { p: number; low: number; high: number };
  draw: number;
  games: number;
  vp: [number, number];
}

/** Row list `row` against column list `col` (from whichever side of the pairing it played). */
export function heatCell(r: MatrixFile, row: number, col: number): HeatCell | undefined {
  const p = r.pairs.find((c) => (c.a === row && c.b === col) || (c.a === col && c.b === row));
  if (!p) return undefined;
  const first = p.a === row;
  return { win: first ? p.aWin : p.bWin, draw: p.draw.p, games: p.games, vp: first ? [p.aVp.mean, p.bVp.mean] : [p.bVp.mean, p.aVp.mean] };
}

const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
/** Vermillion (0: always loses) through white (0.5) to blue (1: always wins). */
export function heatColour(p: number): string {
  const [from, to] = p < 0.5 ? [hex(OKABE_ITO.vermillion), [255, 255, 255]] : [[255, 255, 255], hex(OKABE_ITO.blue)];
  const t = p < 0.5 ? p / 0.5 : (p - 0.5) / 0.5;
  return `rgb(${from.map((v, i) => Math.round(v + (to[i]! - v) * t)).join(", ")})`;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function cellText(rowName: string, colName: string, c: HeatCell): string {
  return `${rowName} against ${colName}: wins ${pct(c.win.p)} (95% CI ${pct(c.win.low)}-${pct(c.win.high)}), draws ${pct(c.draw)}, ${c.games} battles, VP ${c.vp[0].toFixed(1)} to ${c.vp[1].toFixed(1)}`;
}

/** The heat map as a table: a row per list (strongest first), its win rate against each column's list. */
export function renderMatrixHeatmap(container: HTMLElement, r: MatrixFile): void {
  const order = strengthOrder(r);
  const detail = h("p", { class: "mx-detail", "aria-live": "polite" }, "Point at a cell (or focus it) for its interval.");
  const head = h("tr", {}, h("th", { scope: "col" }, "list (strongest first)"), ...order.map((j) => h("th", { scope: "col", class: "mx-col" }, r.lists[j]!)));
  const rows = order.map((i) => {
    const s = r.ranking.find((x) => x.list === r.lists[i])!;
    const label = h("th", { scope: "row" }, `${s.rank}. ${r.lists[i]!} `, h("span", { class: "mx-elo" }, `${s.strength.elo >= 0 ? "+" : ""}${s.strength.elo.toFixed(0)} Elo`));
    const cells = order.map((j) => {
      if (i === j) return h("td", { class: "mx-self", "aria-label": "the same list" }, "—");
      const c = heatCell(r, i, j);
      if (!c) return h("td", { class: "mx-none" }, "");
      const text = cellText(r.lists[i]!, r.lists[j]!, c);
      const td = h("td", { class: "mx-cell", tabindex: "0", title: text, "aria-label": text, "data-p": String(c.win.p), style: `background: ${heatColour(c.win.p)}; color: ${Math.abs(c.win.p - 0.5) > 0.3 ? "#fff" : "#000"}` }, pct(c.win.p));
      const show = () => (detail.textContent = text);
      td.addEventListener("mouseenter", show);
      td.addEventListener("focus", show);
      return td;
    });
    return h("tr", {}, label, ...cells);
  });
  const table = h("table", { class: "mx-table" }, h("thead", {}, head), h("tbody", {}, ...rows));
  container.replaceChildren(
    h("p", { class: "mx-summary" }, `${r.lists.length} lists, ${r.pairs.length} pairings x ${r.plans.length} battleplan${r.plans.length === 1 ? "" : "s"} x ${r.gamesPerCell} battles, seed ${r.seed}, ${r.agents} agents. Each cell: the row's win rate against the column, over every plan.`),
    h("div", { class: "mx-scroll" }, table),
    detail,
    // "N of this army's M abilities are not played": the result depends on the abilities too (src/aos/abilities).
    h("div", { class: "mu-coverage-notes" }, ...(r.abilities ?? []).map(coverageDisclosure)),
  );
}

/** A "matrix result" section with a file picker, appended to `parent`. */
export function mountMatrixFile(parent: HTMLElement): HTMLElement {
  const input = h("input", { type: "file", accept: ".json,application/json", id: "mx-file" }) as HTMLInputElement;
  const status = h("p", { class: "mx-status", role: "status" });
  const map = h("div", { class: "mx-map" });
  const section = h(
    "section",
    { class: "mx", "aria-labelledby": "mx-title" },
    h("h2", { id: "mx-title" }, "Matrix result"),
    h("p", {}, "A heat map of a ", h("code", {}, "tactica matrix --out FILE"), " result: every list against every other."),
    h("label", { for: "mx-file" }, "Open a result file "),
    input,
    status,
    map,
  );
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > 32 * 1024 * 1024) {
      status.textContent = `${file.name}: larger than 32 MB; is this a matrix result?`;
      return;
    }
    try {
      renderMatrixHeatmap(map, parseMatrixFile(await file.text()));
      status.textContent = file.name;
    } catch (e) {
      map.replaceChildren();
      status.textContent = `${file.name}: ${(e as Error).message}`;
    }
  });
  parent.append(section);
  return section;
}
