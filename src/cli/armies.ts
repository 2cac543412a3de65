/**
 * `tactica armies` lists the bundled armies with faction, points and validity;
 * `tactica armies FILE` validates a roster: exit 0 when legal, 1 when it breaks a rule (each violation is
 * printed with its rule ID), 2 when FILE is not a roster at all.
 */
import { ARMIES_USAGE } from "./usage.js";
import { z } from "zod";
import { parseCommandArgs } from "./args.js";
import {
  bundledRosters,
  checkRoster,
  PITCHED_BATTLES_2021,
  type PitchedBattleTable,
  pitchedBattleTableSchema,
  type RosterReport,
  validateRoster,
} from "../aos/armies/index.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { stat } from "node:fs/promises";
import { readJsonInput } from "./io.js";
import { loadListFile, withListWarscrolls } from "./lists.js";
import { bsdataOption, loadLibrary } from "./units.js";


const optionsSchema = z.strictObject({
  file: z.string().min(1).max(4096).optional(),
  bsdata: z.string().min(1).max(4096).optional(),
  limits: z.string().min(1).max(4096).optional(),
  json: z.boolean(),
});

const MODE_NAMES = { "pitched-battles-2021": "Pitched Battles 2021", "regiments-4th": "4th-edition regiments" } as const;
const fmt = (n: number) => n.toLocaleString("en-GB");

function reportJson(r: RosterReport): unknown {
  return {
    name: r.name,
    faction: r.faction,
    mode: r.mode,
    pointsLimit: r.pointsLimit,
    points: r.points,
    unpriced: r.unpriced,
    valid: r.valid,
    violations: r.violations,
    counts: r.counts,
    general: r.units.find((u) => u.index === r.general)?.label ?? null,
    regiments: r.regiments,
    manifestationLore: r.manifestationLore,
    units: r.units.map((u) => ({ unit: u.label, warscroll: u.warscroll.name, models: u.models, reinforced: u.reinforced, points: u.points })),
  };
}

/** The army's points: "890", or "890 + ?" when a unit's size has no points (RosterReport.unpriced). */
const pointsOf = (r: RosterReport) => `${fmt(r.points)}${r.unpriced.length > 0 ? " + ?" : ""}`;
const unpricedNote = (r: RosterReport) =>
  r.unpriced.length === 0 ? "" : ` (${r.unpriced.join(", ")}: no points for ${r.unpriced.length === 1 ? "its" : "their"} number of models)`;

export function formatReport(r: RosterReport, table: PitchedBattleTable): string {
  const lines = [`${r.name} — ${r.faction}, ${MODE_NAMES[r.mode]}, ${pointsOf(r)} / ${fmt(r.pointsLimit)} points${unpricedNote(r)}`];
  const limit = table[String(r.pointsLimit)];
  if (r.mode === "pitched-battles-2021") {
    const c = r.counts;
    const lim = (s: string) => (limit ? ` (${s})` : "");
    lines.push(
      `Leaders ${c.leaders}${lim(`${limit?.leaders.min}-${limit?.leaders.max}`)} · Battleline ${c.battleline}${lim(`≥${limit?.battleline.min}`)} · Behemoths ${c.behemoths}${lim(`≤${limit?.behemoths.max}`)} · Artillery ${c.artillery}${lim(`≤${limit?.artillery.max}`)} · Reinforced ${c.reinforced}${lim(`≤${limit?.reinforced.max}`)} · Allies ${c.alliesPoints} pts${lim(`≤${limit?.alliesPoints}`)} · Endless spells ${c.endlessSpells}${lim(`≤${limit?.endlessSpells.max}`)}`,
    );
  }
  lines.push("");
  const width = Math.min(48, Math.max(...r.units.map((u) => u.label.length)));
  for (const u of r.units) {
    const tags = [
      ...(r.mode === "pitched-battles-2021" ? u.warscroll.battlefieldRoles : []),
      u.reinforced === 1 ? "reinforced" : u.reinforced === 2 ? "reinforced twice" : "",
      u.unit.ally ? "ally" : "",
      u.unit.coalition ? "coalition" : "",
      u.regimentOfRenown ? `Regiment of Renown: ${u.regimentOfRenown}` : "",
      u.index === r.general ? "general" : "",
    ].filter(Boolean);
    lines.push(`  ${u.label.padEnd(width)}  ${String(u.models).padStart(3)} model${u.models === 1 ? " " : "s"}  ${String(u.points ?? "?").padStart(4)} pts  ${tags.join(", ")}`.trimEnd());
  }
  if (r.manifestationLore) {
    const l = r.manifestationLore;
    lines.push("", `Manifestation lore: ${l.name}, ${l.points} pts (${l.manifestations.join(", ")})`);
  }
  if (r.mode === "regiments-4th" && r.regiments.length > 0) {
    lines.push("", "Regiments:");
    r.regiments.forEach((reg, i) => lines.push(`  ${i + 1}. ${reg.leader}${reg.units.length ? ` with ${reg.units.join(", ")}` : ""}`));
  }
  lines.push("");
  if (r.valid) lines.push("Legal: no army rule is broken.");
  else {
    lines.push(`Not legal: ${r.violations.length} violation${r.violations.length === 1 ? "" : "s"}`);
    for (const v of r.violations) lines.push(`  [${v.rule}] ${v.message}`);
  }
  return lines.join("\n");
}

async function fileExists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

function findBundled(name: string): { file: string; json: unknown } | undefined {
  const want = name.trim().toLowerCase().replace(/\.json$/, "");
  const hit = bundledRosters().find(({ file, roster }) => roster.name.toLowerCase() === want || file.toLowerCase().endsWith(`/${want}`) || file.toLowerCase().endsWith(`/${want}.json`));
  return hit ? { file: hit.file, json: hit.roster } : undefined;
}

export async function armiesCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { bsdata: { type: "string" }, limits: { type: "string" }, json: { type: "boolean", default: false } });
  if (positionals.length > 1) throw new InputError(`unexpected argument "${positionals[1]}"\n${ARMIES_USAGE}`);
  const opts = parseOrThrow(optionsSchema, { file: positionals[0], ...values }, "armies");
  const table = opts.limits === undefined ? PITCHED_BATTLES_2021 : parseOrThrow(pitchedBattleTableSchema, await readJsonInput(opts.limits), opts.limits);
  // TACTICA_BSDATA stands in for --bsdata when a file is checked (the bundled armies need none).
  const bsdata = opts.file === undefined ? opts.bsdata : bsdataOption(opts.bsdata);
  const library = await loadLibrary(bsdata, "bundled");

  if (opts.file === undefined) {
    const reports = bundledRosters().map(({ file, roster }) => ({ file, report: validateRoster(roster, library, table) }));
    if (opts.json) {
      out(JSON.stringify(reports.map(({ file, report }) => ({ file, ...(reportJson(report) as object) }))));
      return 0;
    }
    const nameW = Math.max(...reports.map((x) => x.report.name.length));
    const facW = Math.max(...reports.map((x) => x.report.faction.length));
    out("Bundled armies (data/aos/rosters/):");
    for (const { report: r } of reports) {
      const status = r.valid ? "legal" : `NOT LEGAL (${r.violations.map((v) => v.rule).join(", ")})`;
      out(`  ${r.name.padEnd(nameW)}  ${r.faction.padEnd(facW)}  ${MODE_NAMES[r.mode].padEnd(21)}  ${`${pointsOf(r)} / ${fmt(r.pointsLimit)} pts`.padStart(17)}  ${status}`);
    }
    out(`\nCheck one in detail: tactica armies "${reports[0]?.report.name ?? "NAME"}" (a bundled army's name, or a roster file)`);
    return 0;
  }

  // A bundled army by name ("Mortek Shieldwall") or file name, unless a file of that name exists; else a
  // roster JSON or an exported list (the import's detector: the AoS app's text, Listbot, Sigdex, New Recruit).
  const bundled = (await fileExists(opts.file)) || opts.file === "-" ? undefined : findBundled(opts.file);
  const list = bundled ? undefined : await loadListFile(opts.file, library);
  const played = list ? withListWarscrolls(library, [list]) : library;
  const report = checkRoster(bundled ? bundled.json : list!.json, played, table, bundled ? bundled.file : opts.file);
  const imported = list?.format ? { format: list.format, pointsDeclared: list.pointsDeclared, warnings: list.warnings } : undefined;
  if (opts.json) out(JSON.stringify({ ...(reportJson(report) as object), ...(imported ? { imported } : {}) }));
  else {
    if (imported) {
      out(`Imported from ${opts.file === "-" ? "stdin" : opts.file} (${imported.format}; tactica import --out ROSTER.json keeps the roster):`);
      for (const w of imported.warnings) out(`  warning: ${w}`);
      out("");
    }
    out(formatReport(report, table));
    // The roster counts the data's points; the list's priced enhancements and lores are not in the roster.
    if (imported && imported.pointsDeclared !== null && imported.pointsDeclared !== report.points)
      out(`\nThe list declares ${fmt(imported.pointsDeclared)} points; the roster counts ${fmt(report.points)} from ${library.source}'s points (priced enhancements and lores are not part of a roster; tactica import FILE shows the list's own count).`);
    if (!report.valid && bsdata !== undefined && report.mode === "pitched-battles-2021" && report.violations.some((v) => /Battleline/.test(v.message)))
      out("\nNote: BSData's 4th-edition warscrolls have no Battleline role; bundled warscrolls have the 2021 roles.");
  }
  return report.valid ? 0 : 1;
}
