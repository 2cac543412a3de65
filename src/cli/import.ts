/**
 * `tactica import FILE|- [--bsdata DIR] [--out ROSTER.json] [--json]`: reads an exported list (the AoS app's
 * text, Listbot / Sigdex text, a New Recruit .ros / .rosz / .json), detecting the format by content, and
 * prints what it found: units and points, warscrolls matched, the points reconciled, warnings; `--out` writes
 * the roster JSON every other command reads (atomically). Exit 0 imported, 1 imported with an unknown unit,
 * a unit line whose points cannot be read, points that do not reconcile, or no known unit (no roster: --out
 * writes nothing), 2 not a list (or --out cannot be written).
 */
import { z } from "zod";
import { IMPORT_USAGE } from "./usage.js";
import { parseCommandArgs } from "./args.js";
import { factionsOf, type WarscrollLibrary } from "../aos/armies/index.js";
import { type ImportReport, importList } from "../aos/lists/index.js";
import { InputError, parseOrThrow } from "../core/errors.js";
import { readListBytes } from "./lists.js";
import { checkOutputs, writeAtomic } from "./output-file.js";
import { bsdataOption, loadLibrary } from "./units.js";


const optionsSchema = z.strictObject({
  file: z.string().min(1).max(4096),
  bsdata: z.string().min(1).max(4096).optional(),
  out: z.string().min(1).max(4096).optional(),
  json: z.boolean(),
  force: z.boolean(),
});

export function importJson(r: ImportReport): unknown {
  return {
    format: r.format,
    name: r.name,
    faction: r.faction,
    formation: r.formation,
    pointsDeclared: r.pointsDeclared,
    pointsLimit: r.pointsLimit,
    pointsCounted: r.pointsCounted,
    pointsReconcile: r.pointsReconcile,
    units: r.units,
    regimentsOfRenown: r.regimentsOfRenown,
    lores: r.lores,
    factionTerrain: r.factionTerrain,
    drops: r.drops,
    grandStrategy: r.grandStrategy,
    warnings: r.warnings,
    unreadLines: r.unreadLines,
    roster: r.roster,
  };
}

export function formatImport(r: ImportReport, library: WarscrollLibrary): string {
  const lines = [`${r.name} — ${r.faction ?? "no faction"}${r.formation ? `, ${r.formation}` : ""} (${r.format})`];
  const points =
    r.pointsDeclared === null
      ? `${r.pointsCounted} pts counted (the list declares no total)`
      : `${r.pointsDeclared} / ${r.pointsLimit ?? "?"} pts declared, ${r.pointsCounted} counted: ${r.pointsReconcile ? "they reconcile" : "they do NOT reconcile"}`;
  lines.push(points, "");
  let regiment: string | null | undefined;
  for (const u of r.units) {
    if (u.regiment !== regiment) {
      regiment = u.regiment;
      if (regiment) lines.push(`${regiment}:`);
    }
    const tags = [u.general ? "general" : "", u.reinforced ? "reinforced" : "", ...u.enhancements].filter(Boolean);
    lines.push(`  ${u.name} (${u.points ?? "?"}${u.pointsFrom === "data" ? " from the data" : ""})${tags.length ? ` [${tags.join(", ")}]` : ""}${u.warscroll === null ? "  — UNKNOWN" : u.warscroll !== u.name ? `  → ${u.warscroll}` : ""}`);
  }
  for (const ror of r.regimentsOfRenown) lines.push(`Regiment of Renown: ${ror.name} (${ror.points ?? "?"}): ${ror.units.join(", ")}`);
  for (const l of r.lores) lines.push(`${l.kind[0]!.toUpperCase()}${l.kind.slice(1)} lore: ${l.name}${l.points !== null ? ` (${l.points})` : ""}`);
  if (r.grandStrategy) lines.push(`Grand strategy: ${r.grandStrategy}`);
  if (r.factionTerrain) lines.push(`Faction terrain: ${r.factionTerrain.name}${r.factionTerrain.points !== null ? ` (${r.factionTerrain.points})` : ""}`);
  if (r.warnings.length) lines.push("", "Warnings:", ...r.warnings.map((w) => `  ${w}`));
  lines.push("", `Warscrolls from ${library.source}.`);
  return lines.join("\n");
}

export async function importCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { bsdata: { type: "string" }, out: { type: "string" }, json: { type: "boolean", default: false }, force: { type: "boolean", default: false } });
  if (positionals.length !== 1) throw new InputError(`${positionals.length === 0 ? "give a list file (or - for stdin)" : `unexpected argument "${positionals[1]!.slice(0, 60)}"`}\n${IMPORT_USAGE}`);
  const opts = parseOrThrow(optionsSchema, { file: positionals[0], ...values, bsdata: bsdataOption(values.bsdata) }, "import");
  // Before the list is read: --out can be written, is not the list itself, and replaces no file unless --force
  // (a roster written by hand and one written here look the same: an existing file is never taken as ours).
  await checkOutputs([{ flag: "--out", file: opts.out }], [{ flag: "FILE", file: opts.file }], opts.force);
  const library = await loadLibrary(opts.bsdata, "bundled");
  const bytes = await readListBytes(opts.file);
  const report = importList(bytes, opts.file === "-" ? "stdin" : opts.file, library, factionsOf(library));
  // No known unit, no roster: exit 1 with the report (which units, their nearest names) as without --out — the
  // input is a list (exit 2 is for what is not one), and --out only adds that nothing was written.
  if (opts.out !== undefined && !report.roster) report.warnings.push(`--out: nothing written to ${opts.out}: no unit of the list is known in ${library.source}`);
  if (opts.out !== undefined && report.roster) {
    await writeAtomic(opts.out, `${JSON.stringify(report.roster, null, 2)}\n`, "--out");
    // The roster names warscrolls; the profiles a .ros carried are not in it.
    if (report.warscrolls.length > 0)
      report.warnings.push(`${report.warscrolls.length} unit${report.warscrolls.length === 1 ? " is" : "s are"} played from the profiles in ${opts.file} (${report.warscrolls.map((w) => w.name).join(", ")}): give the list file itself to battle / matchup / campaign, or --bsdata, to play ${opts.out}`);
  }
  out(opts.json ? JSON.stringify(importJson(report)) : formatImport(report, library));
  const unknown = report.units.some((u) => u.warscroll === null) || report.warnings.some((w) => w.startsWith("unknown unit"));
  return unknown || report.roster === null || report.unreadLines.length > 0 || report.pointsReconcile === false ? 1 : 0;
}
