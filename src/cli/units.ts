/** `tactica units [--bsdata DIR] [--faction NAME] [--unit NAME] [--json]`: the warscrolls a user can build from. */
import { UNITS_USAGE } from "./usage.js";
import { z } from "zod";
import { parseCommandArgs } from "./args.js";
import { bundledLibrary, describeOption, mergeLibraries, requireWarscroll, type Warscroll, type WarscrollLibrary } from "../aos/armies/index.js";
import { allWarscrolls, type BsdataImport, importBsdata } from "../aos/bsdata/index.js";
import { readCached, writeCached } from "../aos/bsdata/cache.js";
import { InputError, parseOrThrow } from "../core/errors.js";


const nameOpt = z.string().trim().min(1).max(200, "must be at most 200 characters");
const optionsSchema = z.strictObject({
  bsdata: z.string().min(1).max(4096).optional(),
  faction: nameOpt.optional(),
  unit: nameOpt.optional(),
  json: z.boolean(),
  coverage: z.boolean(),
});

/** --bsdata DIR, else the TACTICA_BSDATA environment variable, else none (the bundled data only). */
export function bsdataOption(given: string | undefined): string | undefined {
  const env = process.env.TACTICA_BSDATA;
  return given ?? (env !== undefined && env.trim() !== "" ? env : undefined);
}

const bsdataCache = new Map<string, Promise<BsdataImport>>();

/** Imports a BSData folder once per process. */
export function loadBsdata(dir: string): Promise<BsdataImport> {
  let p = bsdataCache.get(dir);
  if (!p) {
    // The parsed import is kept on disk too (src/aos/bsdata/cache.ts): a second run skips the XML.
    p = readCached(dir).then(async (hit) => {
      if (hit) return hit;
      const imp = await importBsdata(dir);
      await writeCached(dir, imp);
      return imp;
    });
    bsdataCache.set(dir, p);
  }
  return p;
}

/**
 * The warscrolls a command resolves names against: the bundled data, plus a BSData import when given.
 * `prefer` says which wins for a unit both have (bundled warscrolls carry the 2021 battlefield roles).
 */
export async function loadLibrary(bsdata: string | undefined, prefer: "bundled" | "bsdata"): Promise<WarscrollLibrary> {
  const bundled = bundledLibrary();
  if (bsdata === undefined) return bundled;
  // Every faction's copy is kept, so a roster's faction finds its own (PB-FACTION); the main faction comes first.
  const imp = await loadBsdata(bsdata);
  const imported: WarscrollLibrary = { source: `BSData ${bsdata}`, warscrolls: imp.factions.flatMap((f) => f.warscrolls), lores: imp.lores };
  const source = `the bundled data and BSData ${bsdata}`;
  return prefer === "bundled" ? mergeLibraries(source, bundled, imported) : mergeLibraries(source, imported, bundled);
}

const roll = (v: number | null) => (v === null ? "-" : `${v}+`);
const move = (v: Warscroll["move"]) => (v === null ? "-" : `${v}"`);

export function formatWarscroll(w: Warscroll, full = false, rolesFrom = "Pitched Battles 2021"): string {
  const size = `${w.unitSize} model${w.unitSize === 1 ? "" : "s"}${w.unitSize > 1 ? (w.canReinforce ? ", can be reinforced" : ", cannot be reinforced") : ""}`;
  const lines = [
    `${w.name} — ${w.faction}, ${w.points} pts, ${size}${w.baseSize ? `, base ${w.baseSize.replace(/\n/g, "; ")}` : ""}`,
    `  Move ${move(w.move)}  Health ${w.health}  Save ${roll(w.save)}  Control ${w.control ?? "-"}${w.ward !== null ? `  Ward ${w.ward}+` : ""}`,
    `  Keywords: ${w.keywords.join(", ") || "-"}`,
  ];
  if (w.battlefieldRoles.length > 0) lines.push(`  Battlefield roles (${rolesFrom}): ${w.battlefieldRoles.join(", ")}`);
  const nameWidth = Math.min(52, Math.max(0, ...w.weapons.map((x) => x.name.length)));
  for (const x of w.weapons) {
    const who = x.models === undefined ? "" : x.models === 0 ? "  (option)" : `  (${x.models} of ${w.unitSize})`;
    lines.push(
      `  ${x.type === "melee" ? "Melee " : "Ranged"} ${x.name.padEnd(nameWidth)}  ${x.range !== undefined ? `Rng ${x.range}"  ` : ""}Atk ${x.attacks}  Hit ${x.hit}+  Wnd ${x.wound}+  Rnd ${x.rend === 0 ? "-" : x.rend}  Dmg ${x.damage}${x.abilities.length ? `  ${x.abilities.join(", ")}` : ""}${who}`,
    );
  }
  if (full) {
    for (const a of w.abilities) {
      lines.push(`  ${a.name}${a.timing ? ` [${a.timing}]` : ""}`);
      if (a.effect) lines.push(...a.effect.split("\n").map((l) => `      ${l}`));
    }
  } else if (w.abilities.length > 0) lines.push(`  Abilities: ${w.abilities.map((a) => a.name).join("; ")}`);
  if (w.regimentOptions) lines.push(`  Regiment options: ${w.regimentOptions.map(describeOption).join(", ")}`);
  // PB-REALM-FERAL-ROAR: Battle Damaged as the battle engine plays it.
  if (w.battleDamaged) {
    const bd = w.battleDamaged;
    const what = [...bd.weapons.map((x) => `${x.name} Atk ${x.attacks}`), ...(bd.control !== undefined ? [`Control ${bd.control}`] : [])];
    lines.push(`  Battle Damaged (from ${bd.damagePoints} damage points; Feral Roar suspends it): ${what.join(", ")}`);
  }
  if (w.notes) lines.push(`  Note: ${w.notes}`);
  return lines.join("\n");
}

/**
 * `--coverage`: per faction, how many of its warscrolls' abilities the engines play (src/aos/abilities: the
 * hand-written data, or an imported ability's text translated, translate.ts), and the ones they do not,
 * grouped by text with counts and the reason. Each warscroll counts once in its faction (a warscroll several
 * catalogues offer counts in each). `vocabFrom`: the warscrolls whose keywords the translator may name.
 */
async function coverageReport(warscrolls: readonly Warscroll[], json: boolean, out: (s: string) => void, vocabFrom: readonly Warscroll[] = warscrolls): Promise<number> {
  const [{ coverageOf, notPlayedGroups }, { libraryVocabulary }] = await Promise.all([import("../aos/abilities/index.js"), import("../aos/abilities/imported.js")]);
  const vocab = libraryVocabulary({ warscrolls: vocabFrom as Warscroll[] });
  const byFaction = new Map<string, Warscroll[]>();
  for (const w of warscrolls) byFaction.set(w.faction, [...(byFaction.get(w.faction) ?? []), w]);
  const rows = [...byFaction].map(([faction, ws]) => {
    const c = coverageOf(
      ws.map((w) => ({ warscroll: w.name, abilityNames: w.abilities.map((a) => a.name), abilities: w.abilities, battleDamaged: w.battleDamaged !== undefined })),
      vocab,
    );
    return { faction, ...c, groups: notPlayedGroups(c) };
  });
  const total = rows.reduce((n, r) => n + r.total, 0);
  const played = rows.reduce((n, r) => n + r.played, 0);
  const translatedPlayed = rows.reduce((n, r) => n + r.translatedPlayed, 0);
  const translatedNotPlayed = rows.reduce((n, r) => n + r.translatedNotPlayed, 0);
  const share = total ? ((100 * played) / total).toFixed(1) : "0.0";
  if (json) {
    out(
      JSON.stringify(
        rows.map((r) => ({ faction: r.faction, abilities: r.total, played: r.played, translatedPlayed: r.translatedPlayed, translatedNotPlayed: r.translatedNotPlayed, notPlayed: r.notPlayed, groups: r.groups })),
      ),
    );
    return 0;
  }
  // The battle traits of the bundled factions (data/aos/battle-traits.json), for the factions listed.
  const { battleTraitsOf } = await import("../aos/abilities/battle-traits.js");
  let traitsTotal = 0;
  let traitsPlayed = 0;
  for (const r of rows) {
    out(`${r.faction}: ${r.played} of ${r.total} abilities played${r.translatedPlayed ? ` (${r.translatedPlayed} translated from the text)` : ""}, ${r.notPlayed.length} not played${r.translatedNotPlayed ? ` (${r.translatedNotPlayed} of them translated)` : ""}`);
    for (const g of r.groups) {
      const who = g.abilities.length > 3 ? `${g.abilities.slice(0, 3).join("; ")}; ...` : g.abilities.join("; ");
      // An imported ability's text, grouped; a bundled one by its name.
      if (g.text) out(`  ${g.count}x "${g.text.length > 140 ? `${g.text.slice(0, 139)}…` : g.text}" (${who}): ${g.note}`);
      else out(`  ${who}: ${g.note}`);
    }
    const traits = battleTraitsOf(r.faction);
    if (traits.length === 0) continue;
    const missing = traits.filter((t) => t.status === "not-played");
    traitsTotal += traits.length;
    traitsPlayed += traits.length - missing.length;
    out(`${r.faction} battle traits: ${traits.length - missing.length} of ${traits.length} played, ${missing.length} not played`);
    for (const t of missing) out(`  Battle Traits/${t.name}: ${t.note}`);
  }
  if (traitsTotal > 0) out(`${traitsPlayed} of ${traitsTotal} battle traits of the listed factions played; "played" counts those other engine code plays (reserves, replacements).`);
  out(
    `${played} of ${total} abilities played (${share}%)${translatedPlayed ? `, ${translatedPlayed} of them translated from the BSData text` : ""}${translatedNotPlayed ? `; ${translatedNotPlayed} more translated but not played yet` : ""}; "played" counts those other engine code plays (reserves, replacements, Battle Damaged).`,
  );
  return 0;
}

export async function unitsCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { bsdata: { type: "string" }, faction: { type: "string" }, unit: { type: "string" }, json: { type: "boolean", default: false }, coverage: { type: "boolean", default: false } });
  if (positionals.length > 0) throw new InputError(`unexpected argument "${positionals[0]}"\n${UNITS_USAGE}`);
  const opts = parseOrThrow(optionsSchema, values, "units");

  let warscrolls: Warscroll[];
  let header: string;
  let footer: string[] = [];
  let vocabFrom: Warscroll[] | undefined;
  const rolesFrom = opts.bsdata !== undefined ? "from keywords" : "Pitched Battles 2021";
  if (opts.bsdata !== undefined) {
    const imp = await loadBsdata(opts.bsdata);
    if (opts.coverage && opts.faction === undefined && opts.unit === undefined) return coverageReport(imp.factions.flatMap((f) => f.warscrolls), opts.json, out);
    if (opts.coverage) vocabFrom = imp.factions.flatMap((f) => f.warscrolls);
    if (opts.faction === undefined && opts.unit === undefined) {
      // No faction: the factions the folder offers, with what parsed.
      if (opts.json) {
        out(JSON.stringify(imp.factions.map((f) => ({ faction: f.faction, warscrolls: f.warscrolls.length, failures: f.failures, skipped: f.skipped }))));
        return 0;
      }
      const width = Math.max(...imp.factions.map((f) => f.faction.length));
      out(`Factions in ${opts.bsdata} (tactica units --bsdata DIR --faction NAME lists one):`);
      for (const f of imp.factions)
        out(`  ${f.faction.padEnd(width)}  ${String(f.warscrolls.length).padStart(3)} warscroll${f.warscrolls.length === 1 ? " " : "s"}${f.failures.length ? `, ${f.failures.length} unreadable` : ""}`);
      const total = imp.factions.reduce((n, f) => n + f.warscrolls.length, 0);
      const failures = imp.factions.flatMap((f) => f.failures);
      const n = (k: number, one: string) => `${k} ${one}${k === 1 ? "" : "s"}`;
      out(`${n(total, "warscroll")} in ${n(imp.factions.length, "faction")}; ${n(failures.length, "warscroll")} could not be read${imp.fileErrors.length ? `, nor ${n(imp.fileErrors.length, "file")}:` : "."}`);
      for (const e of imp.fileErrors) out(`  ${e.error.startsWith(`${e.file}:`) ? e.error : `${e.file}: ${e.error}`}`);
      // A file that could not be read leaves the list short: exit 1, as an import with problems does.
      return imp.fileErrors.length ? 1 : 0;
    }
    if (opts.faction !== undefined) {
      const f = imp.factions.find((x) => x.faction.toLowerCase() === opts.faction!.toLowerCase());
      if (!f) {
        const close = imp.factions.filter((x) => x.faction.toLowerCase().includes(opts.faction!.toLowerCase())).map((x) => `"${x.faction}"`).slice(0, 5);
        throw new InputError(`--faction: no faction "${opts.faction}" in ${opts.bsdata}${close.length ? ` (did you mean ${close.join(", ")}?)` : " (tactica units --bsdata DIR lists them)"}`);
      }
      warscrolls = f.warscrolls;
      header = `${f.faction}: ${f.warscrolls.length} warscrolls from ${opts.bsdata}`;
      footer = [
        ...f.failures.map((x) => `Could not read ${x.unit}: ${x.reason}`),
        ...(f.skipped.length ? [`Skipped (not warscrolls): ${f.skipped.join("; ")}`] : []),
        "Battlefield roles are derived from keywords (HERO: Leader, MONSTER: Behemoth, WAR MACHINE: Artillery); 4th-edition data has no Battleline.",
      ];
    } else {
      warscrolls = allWarscrolls(imp);
      header = `${warscrolls.length} warscrolls from ${opts.bsdata}`;
    }
  } else {
    const lib = bundledLibrary();
    warscrolls = opts.faction === undefined ? lib.warscrolls : lib.warscrolls.filter((w) => w.faction.toLowerCase() === opts.faction!.toLowerCase());
    if (warscrolls.length === 0) {
      const factions = [...new Set(lib.warscrolls.map((w) => w.faction))].join(", ");
      throw new InputError(`--faction: no bundled faction "${opts.faction}" (bundled: ${factions}; give --bsdata DIR for every faction)`);
    }
    header = `${warscrolls.length} bundled warscrolls${opts.faction ? ` of ${warscrolls[0]!.faction}` : ""}`;
  }

  if (opts.coverage) {
    const only = opts.unit === undefined ? warscrolls : [requireWarscroll({ source: "the selected warscrolls", warscrolls }, opts.unit, "--unit")];
    return coverageReport(only, opts.json, out, vocabFrom ?? only);
  }
  if (opts.unit !== undefined) {
    const w = requireWarscroll({ source: opts.bsdata ? `BSData ${opts.bsdata}${opts.faction ? ` (${opts.faction})` : ""}` : "the bundled data", warscrolls }, opts.unit, "--unit");
    out(opts.json ? JSON.stringify(w) : formatWarscroll(w, true, rolesFrom));
    return 0;
  }
  if (opts.json) {
    out(JSON.stringify(warscrolls));
    return 0;
  }
  out(header);
  for (const w of warscrolls) out(`\n${formatWarscroll(w, false, rolesFrom)}`);
  if (footer.length) out(`\n${footer.join("\n")}`);
  return 0;
}
