/**
 * What a human player sees of a map campaign at the terminal (src/cli/human.ts HumanView): the intro (the
 * map, both realms' armies, the turns and how Influence counts, who is who), the map drawn as text on `s`
 * (the hex grid as the dashboard lays it out, web/play/campaign-map.ts: odd columns half a hex lower), and
 * the HQ choice with each territory's terrain, neighbours and Influence.
 */
import { type CampaignState, decodeOrder, influenceNow, PASS, PLAYERS } from "../../campaign/index.js";
import { influenceOf } from "../../campaign/map.js";
import type { Action } from "../../planner/game.js";
import { type HumanView, whoPlays } from "../human.js";

type Config = CampaignState["config"];
type Data = CampaignState["data"];

const TERRAIN_CHAR: Record<string, string> = { plains: ".", forest: "%", jungle: "&", mountain: "^", marsh: "~", pass: "=", river: "w" };

function territoryText(config: Config, d: Data, t: number): string {
  const b = config.board;
  const owner = d.owner[t] ?? null;
  return `${b.terrain[t]}${b.bridge[t] ? " with a bridge" : ""}${b.special[t] ? `, special section (${b.special[t]!.kind})` : ""}, Influence ${influenceOf(b, t, d.razed[t]!)}${owner === null ? "" : `, held by ${config.armies[owner].name}`}; neighbours: ${b.adjacent[t]!.map((n) => b.names[n]).join(", ")}`;
}

export function campaignIntro(s: CampaignState, player: number, hotSeat = false): string[] {
  const { config, data: d } = s;
  const map = config.board.map;
  const side = (p: number) => `${config.armies[p]!.name} (${config.armies[p]!.roster.faction})`;
  const lines = [
    `Map campaign on ${map.name}: ${config.board.n} territories, ${d.options.turns} turns, Influence counted ${d.options.influence === "per-turn" ? "every turn" : "at the end"}; every battle is simulated by the Pitched Battle engine.`,
    whoPlays([side(0), side(1)], player, hotSeat),
  ];
  for (const p of PLAYERS) {
    const a = config.armies[p];
    lines.push(`Player ${p + 1}, ${a.name}: ${a.roster.units.map((u) => u.id ?? `${u.warscroll}${u.models ? ` (${u.models})` : ""}`).join(", ")}; ${a.basePoints} points besides the General`);
  }
  lines.push(`HQs go on the edge territories; special sections give 5 Influence, the Lake 10, any other territory 1.`);
  lines.push(`At each choice: type its number; s draws the map, u takes back your last choice, q quits.`);
  return lines;
}

/** The hex map as text: one cell per territory, its number, terrain, owner (A/B), HQ and Banners. */
export function campaignMap(s: CampaignState): string[] {
  const { config, data: d } = s;
  const b = config.board;
  const pos = b.map.territories.map((t) => (t as { position?: { column: number; row: number } }).position ?? null);
  const lines: string[] = [];
  if (pos.some((p) => p === null)) lines.push("(the map gives no positions: the territories are listed below)");
  else {
    const cols = Math.max(...pos.map((p) => p!.column)) + 1;
    const rows = Math.max(...pos.map((p) => p!.row)) + 1;
    const W = 9;
    const grid = Array.from({ length: 2 * rows + 1 }, () => new Array<string>(cols).fill(" ".repeat(W)));
    pos.forEach((p, t) => {
      const owner = d.owner[t] === null ? "-" : d.owner[t] === 0 ? "A" : "B";
      const hq = d.hq[0] === t ? "H" : d.hq[1] === t ? "h" : " ";
      const here = d.banners.filter((x) => x.at === t);
      const flag = here.length === 0 ? " " : here.every((x) => x.owner === 0) ? "a" : here.every((x) => x.owner === 1) ? "b" : "x";
      const cell = `${String(t + 1).padStart(2)}${TERRAIN_CHAR[b.terrain[t]!] ?? "?"}${owner}${hq}${flag}${b.special[t] ? "*" : " "}${d.razed[t] ? "r" : " "}`;
      grid[2 * p!.row + (p!.column % 2)]![p!.column] = `[${cell}]`.padEnd(W);
    });
    for (const row of grid) {
      const line = row.join("").trimEnd();
      if (line) lines.push(`  ${line}`);
    }
  }
  lines.push(`Each cell: number, terrain (${Object.entries(TERRAIN_CHAR).map(([k, v]) => `${v} ${k}`).join(", ")}), owner (A ${config.armies[0].name}, B ${config.armies[1].name}, - nobody), H/h the HQ of A/B, a/b/x Banners of A, B, both, * special (more Influence), r razed.`);
  const names = b.names.map((n, t) => `${t + 1} ${n}`);
  for (let i = 0; i < names.length; i += 7) lines.push(`  ${names.slice(i, i + 7).join(", ")}`);
  for (const p of PLAYERS) {
    const mine = d.banners.filter((x) => x.owner === p);
    lines.push(`${config.armies[p].name}: Influence ${influenceNow(config, d, p)}; Banners: ${mine.map((x) => `${x.name} ${x.at === null ? "scattered" : `in ${b.names[x.at]} (${x.at + 1})`}`).join(", ") || "none"}`);
  }
  return lines;
}

function describe(s: CampaignState, actions: readonly Action[], player: number): string[] {
  const step = s.data.step;
  return actions.map((a) => {
    const label = s.actionToString(a, player);
    if (step.kind === "hq" || step.kind === "raise" || step.kind === "retreat") return `${label} — ${territoryText(s.config, s.data, a)}`;
    if (step.kind === "orders" && a !== PASS) {
      const o = decodeOrder(a);
      const to = o.then ?? o.to;
      if (to !== null) return `${label} — ${territoryText(s.config, s.data, to).replace(/; neighbours: .*$/, "")}`;
    }
    return label;
  });
}

export function campaignView(status: (s: CampaignState) => string[]): HumanView<CampaignState> {
  return {
    intro: campaignIntro,
    status: (s) => [...campaignMap(s), ...status(s)],
    describe,
    takeBack: true,
  };
}
