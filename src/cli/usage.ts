/**
 * Every command's usage text, in a module that imports nothing: `tactica --help` and `tactica COMMAND --help`
 * print it without loading the command (each command is imported only when it runs). The numbers in it
 * (limits, defaults, the battleplans) are the library's constants, written out here; test/cli/usage.test.ts
 * checks that they still agree.
 */

export const ODDS_USAGE = `tactica odds aos FILE [--json] [--samples N] [--seed S] [--engine wasm|ts]
tactica odds aos --attacker NAME --defender NAME [--bsdata DIR] [--attacker-models N] [--defender-models N]
                 [--phase combat|shooting] [--charged] [--target-charged] [FILE] [...]
tactica odds mesbg FILE [--json] [--samples N] [--seed S] [--engine wasm|ts]

  FILE        a JSON profile (see README "tactica odds aos" / "tactica odds mesbg"); - reads stdin
  --attacker, --defender NAME
              a unit by warscroll name (bundled, or from --bsdata DIR); it replaces that side of FILE
  --attacker-models, --defender-models N
              models in the unit (default: its minimum unit size)
  --phase     combat (melee weapons, the default) or shooting (ranged weapons)
  --charged, --target-charged
              the attacker / the target charged this turn (Charge, Anti-charge)
  --json      machine-readable output
  --samples N Monte Carlo estimate from N seeded samples instead of the exact result (1..10000000; AoS: the
              work is bounded too, about 30 s of CPU: samples x attacks x (1 + damage) at most 5e9, 2e9 with --engine ts)
  --seed S    seed for --samples (default 1)
  --engine    wasm (default) or ts: which implementation computes it`;

export const MESBG_USAGE = `tactica mesbg [--a FILE] [--b FILE] [--seed S] [--agents A,B] [--turns N] [--json]

  --a, --b    force files (JSON, see data/mesbg/); default: Minas Tirith against Mordor
  --seed S    the game's seed (default 1): the same seed and agents replay the same game
  --agents    who plays each side: policy (the scripted player), random, or human (you: the choices are
              listed numbered on stderr and you type a number; e.g. --agents human,policy) (default policy,policy)
  --turns N   stop after N turns and score what survives (default 20, at most 100)
  --json      the full record (every decision, every event, the final state) as JSON`;

export const BATTLEPLAN_NAMES =
  "marking-territory, savage-gains, first-blood, power-struggle, survival-of-the-fittest, tectonic-interference, apex-predators, the-vice, tooth-and-nail, feral-foray, power-in-numbers, the-veins-of-ghur";

export const BATTLE_USAGE = `tactica battle [--plan NAME|roll] [--a FILE|ARMY] [--b FILE|ARMY] [--bsdata DIR] [--seed S] [--agents policy,random] [--terrain FILE] [--json]

  --plan      a battleplan (${BATTLEPLAN_NAMES}) or roll (PB-BATTLEPLAN-ROLL, the default)
  --a, --b    a roster file, an exported list (AoS app, Listbot, Sigdex, New Recruit; imported on the fly) or a
              bundled army's name (tactica armies lists them); default: the first two bundled armies
  --bsdata    a BSData AoS 4 folder for the lists' units (default: $TACTICA_BSDATA; else the bundled data)
  --seed S    the battle's seed (default 1): the same seed and agents give the same battle
  --agents    one agent per side: policy (the scripted player), random, or human (you: the choices are listed
              numbered on stderr and you type a number; e.g. --agents human,policy) (default policy,random)
  --terrain   a battlefield set up beforehand: a JSON list of features { x, y, radius, kind?, height?, tallRadius?,
              abilities?: ["Cover", "Unstable"] }, or a --json record (its "terrain"); default: the defender places it
  --json      the full record: every decision, the scoring sheet, the log`;

export const MATCHUP_USAGE = `tactica matchup [--a FILE|ARMY] [--b FILE|ARMY] [--bsdata DIR] [--plans all|NAME,NAME] [--games N] [--seed S]
                [--workers W] [--precision P] [--engine wasm|ts] [--budget SECONDS] [--json]

  --a, --b     roster files, exported lists (imported on the fly) or bundled army names (default: the first two)
  --bsdata DIR a BSData AoS 4 folder for the lists' units (default: $TACTICA_BSDATA)
  --plans      all (default) or a comma-separated list of battleplans
  --games N    battles per battleplan (default 200; at most 100000, and at most 400000 in all: with all 12
               plans that is 33333 a plan)
  --seed S     the seed (default 1): the same seed gives the same numbers with any --workers
  --workers W  worker threads, at most 16 (default: as many as the job's length pays for, up to the machine's
               cores: each worker spends about a second warming up, so a short job runs faster on one)
  --precision P  stop a battleplan early once its 95% intervals are within ±P (e.g. 0.02)
  --engine     wasm (the rollout kernel, the default) or ts (the TypeScript engine, the reference: same rules,
               several times slower)
  --budget S   stop after S seconds of wall-clock time (the numbers then depend on the machine)
  --json       the report as JSON (no progress bar)`;

export const SCORE_USAGE = `tactica score FILE [--json]

  FILE        a recorded Pitched Battle (see README "tactica score"); - reads stdin
  --json      machine-readable output: every turn's VP lines with their rule IDs, totals, result`;

export const ARMIES_USAGE = `tactica armies [--json]
tactica armies FILE [--bsdata DIR] [--limits FILE] [--json]

  without FILE  lists the bundled armies with faction, points and validity
  FILE          a roster (JSON; see README "Armies: tactica armies and tactica units") or a bundled army's
                name; - reads stdin. Exit 0 legal, 1 a rule broken, 2 not a roster
  --bsdata DIR  also resolve units from a BSData AoS 4 folder (bundled warscrolls win on a shared name)
  --limits FILE replace the Pitched Battles table (PB-LIMIT) with your own JSON
  --json        machine-readable output`;

export const UNITS_USAGE = `tactica units [--bsdata DIR] [--faction NAME] [--unit NAME] [--coverage] [--json]

  lists warscrolls: the bundled ones, or those a BSData AoS 4 folder yields
  --bsdata DIR   a BSData folder (.gst + .cat files); without --faction, lists its factions
  --faction NAME only this faction's warscrolls
  --unit NAME    one warscroll in full (abilities included)
  --coverage     per faction, how many abilities the engines play, and the ones they do not (with why)
  --json         the warscrolls as JSON (with --coverage: the coverage per faction)`;

export const CAMPAIGN_USAGE = `tactica campaign [--map FILE] [--a ARMY] [--b ARMY] [--seed N] [--turns N] [--influence final|per-turn] [--agents policy,policy] [--bsdata DIR] [--json]

  --map FILE   a campaign map (JSON; default: the bundled map, data/campaign/default-map.json)
  --a, --b     each realm's army: a bundled army's name, a roster file, an exported list (imported on the fly),
               or a campaign army file ({ roster, reinforcements, generals }); default: the first two bundled armies
  --bsdata DIR a BSData AoS 4 folder for the lists' units (default: $TACTICA_BSDATA)
  --seed N     the campaign's seed (default 1): the same seed gives the same campaign
  --turns N    campaign turns (default 16, CAMP-LENGTH; 1 to 40)
  --influence  final (default: what each realm holds at the end) or per-turn (each turn's holdings added up)
  --agents     one player per realm: policy (the scripted player, default for both), random, or human (you:
               the choices are listed numbered on stderr, you type a number; e.g. --agents human,policy)
  --json       the full record: each turn's orders, events, battles, territories, Banners, Influence; the result`;

export const IMPORT_USAGE = `tactica import FILE|- [--bsdata DIR] [--out ROSTER.json] [--json]

  reads an exported list: the AoS app's text (either layout), Listbot or Sigdex text, a New Recruit .ros,
  .rosz or .json; prints units, points and warnings. Exit 0 imported, 1 an unknown unit or the points do not
  reconcile, 2 not a list
  --bsdata DIR  a BSData AoS 4 folder for the warscrolls (default: $TACTICA_BSDATA; without it, the bundled data)
  --out FILE    write the roster JSON (for tactica armies / battle / matchup / campaign)
  --json        { format, faction, formation, pointsDeclared, pointsLimit, pointsCounted, units, regimentsOfRenown,
                lores, factionTerrain, warnings, roster }`;

/** Each command's own usage, for `tactica COMMAND --help`. */
export const COMMAND_USAGE: Readonly<Record<string, string>> = {
  odds: ODDS_USAGE,
  mesbg: MESBG_USAGE,
  matchup: MATCHUP_USAGE,
  battle: BATTLE_USAGE,
  score: SCORE_USAGE,
  armies: ARMIES_USAGE,
  units: UNITS_USAGE,
  campaign: CAMPAIGN_USAGE,
  import: IMPORT_USAGE,
};

const indent = (s: string) => s.split("\n").map((l) => `  ${l}`).join("\n");

export const USAGE = `tactica — AI opponent and strategy analysis for Age of Sigmar, Middle-earth SBG and a map campaign

Commands:
${[ODDS_USAGE, MESBG_USAGE, BATTLE_USAGE, MATCHUP_USAGE, SCORE_USAGE, ARMIES_USAGE, UNITS_USAGE, IMPORT_USAGE, CAMPAIGN_USAGE].map(indent).join("\n\n")}

  tactica help | --help       this text
  tactica --version`;
