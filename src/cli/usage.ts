/**
 * Every command's usage text, in a module that imports nothing: `tactica --help` and `tactica COMMAND --help`
 * print it without loading the command (each command is imported only when it runs). The numbers in it
 * (limits, defaults, the battleplans) are the library's constants, written out here; test/cli/usage.test.ts
 * checks that they still agree.
 */

export const ODDS_USAGE = `tactica odds aos FILE [--json] [--samples N] [--seed S] [--engine auto|wasm|ts]
tactica odds aos --attacker NAME --defender NAME [--bsdata DIR] [--attacker-models N] [--defender-models N]
                 [--phase combat|shooting] [--charged] [--target-charged] [FILE] [...]
tactica odds mesbg FILE [--json] [--samples N] [--seed S] [--engine auto|wasm|ts]

  FILE        a JSON profile (see README "tactica odds aos" / "tactica odds mesbg"); - reads stdin
  --attacker, --defender NAME
              a unit by warscroll name (bundled, or from --bsdata DIR); it replaces that side of FILE
  --attacker-models, --defender-models N
              models in the unit (default: its minimum unit size)
  --phase     combat (melee weapons, the default) or shooting (ranged weapons)
  --charged, --target-charged
              the attacker / the target charged this turn (Charge, Anti-charge)
  --for-the-turn W/A,.. turn-long combat-phase modifiers on the attacker (docs/abilities.md)
  --json      machine-readable output
  --samples N Monte Carlo estimate from N seeded samples instead of the exact result (1..10000000; AoS: the
              work is bounded too, about 30 s of CPU: samples x attacks x (1 + damage) at most 5e9, 2e9 with --engine ts)
  --seed S    seed for --samples (default 1)
  --engine    which implementation computes it: auto (default: the faster for the job's size — TypeScript
              for small jobs, where loading the Wasm core costs more than it saves), wasm or ts; the answer
              is the same (exact: bit for bit; --samples: the same samples for a seed)`;

export const MESBG_USAGE = `tactica mesbg [--a FILE] [--b FILE] [--seed S] [--agents A,B] [--budget B] [--turns N] [--json]

  --a, --b    force files (JSON, see data/mesbg/); default: Minas Tirith against Mordor
  --seed S    the game's seed (default 1): the same seed and agents replay the same game
  --agents    who plays each side: scripted (or policy: the scripted player), random, mcts (the search), or
              human (you: the choices are listed numbered on stderr and you type a number; e.g. --agents
              human,mcts) (default policy,policy)
  --budget B  the mcts agent's search per decision: iterations (e.g. 200, the default: the same seed, the
              same game) or a time (e.g. 500ms, 2s: as many iterations as the machine manages)
  --turns N   stop after N turns and score what survives (default 20, at most 100)
  --json      the full record (every decision, every event, the final state) as JSON

Saved games (README "Saved games and positions"):
  --save FILE       write the game so far to FILE (setup, seed, agents, every decision, the state; written
                    atomically, after every decision while a human plays and at the end)
                    FILE is checked before play: never a folder, a missing folder or an input of the run
                    (--resume's file aside); an existing file only if it is a save of a MESBG game, else exit 2
  --force           let --save overwrite an existing file that is not such a save (never an input file)
  --stop-after N    stop after N decisions of the players in this run (exit 0; with --save the game is saved)
  --resume FILE     play on from a saved game or a position entered by hand (format "tactica-position",
                    --seed seeds its dice); the agents come from --agents, else from the file
                    (with --resume the options that set the game up are refused: they are in the file)`;

export const BATTLEPLAN_NAMES =
  "marking-territory, savage-gains, first-blood, power-struggle, survival-of-the-fittest, tectonic-interference, apex-predators, the-vice, tooth-and-nail, feral-foray, power-in-numbers, the-veins-of-ghur";

export const BATTLE_USAGE = `tactica battle [--plan NAME|roll] [--a FILE|ARMY] [--b FILE|ARMY] [--bsdata DIR] [--seed S] [--agents A,B] [--budget B] [--terrain FILE] [--json]

  --plan      a battleplan (${BATTLEPLAN_NAMES}) or roll (PB-BATTLEPLAN-ROLL, the default)
  --a, --b    a roster file, an exported list (AoS app, Listbot, Sigdex, New Recruit; imported on the fly) or a
              bundled army's name (tactica armies lists them); default: the first two bundled armies
  --bsdata    a BSData AoS 4 folder for the lists' units (default: $TACTICA_BSDATA; else the bundled data)
  --seed S    the battle's seed (default 1): the same seed and agents give the same battle
  --agents    one agent per side: scripted (the scripted player; "policy" is the same), mcts (the search:
              Monte Carlo tree search with the Wasm kernel's rollouts), random, or human (you: the choices are
              listed numbered on stderr and you type a number; e.g. --agents human,mcts) (default policy,random)
  --budget B  the search's budget per decision: iterations (e.g. 300) or a time (e.g. 500ms, 2s); iterations
              replay the same battle from the same seed, a time depends on the machine (default 100)
  --terrain   a battlefield set up beforehand: a JSON list of features { x, y, radius, kind?, height?, tallRadius?,
              abilities?: ["Cover", "Unstable"] }, or a --json record (its "terrain"); default: the defender places it
  --json      the full record: every decision, the scoring sheet, the log

Saved games (README "Saved games and positions"):
  --save FILE       write the battle so far to FILE (setup, seed, agents, every decision, the state; written
                    atomically, after every decision while a human plays and at the end)
                    FILE is checked before play: never a folder, a missing folder or an input of the run
                    (--resume's file aside); an existing file only if it is a save of a battle, else exit 2
  --force           let --save overwrite an existing file that is not such a save (never an input file)
  --stop-after N    stop after N decisions of the players in this run (exit 0; with --save the battle is saved)
  --resume FILE     play on from a saved battle or a position entered by hand (format "tactica-position",
                    --seed seeds its dice); the agents come from --agents, else from the file
                    (with --resume the options that set the battle up are refused: they are in the file)`;

export const MATCHUP_USAGE = `tactica matchup [--a FILE|ARMY] [--b FILE|ARMY] [--bsdata DIR] [--plans all|NAME,NAME] [--games N] [--seed S]
                [--workers W] [--precision P] [--engine wasm|ts] [--budget SECONDS] [--json]

  --a, --b     roster files, exported lists (imported on the fly) or bundled army names (default: the first two)
  --bsdata DIR a BSData AoS 4 folder for the lists' units (default: $TACTICA_BSDATA)
  --plans      all (default) or a comma-separated list of battleplans
  --games N    battles per battleplan (default 200; at most 100000, and at most 400000 in all: with all 12
               plans that is 33333 a plan)
  --seed S     the seed (default 1): the same seed gives the same numbers with any --workers
  --workers W  worker threads, at most 16 (default: as many as the job's length pays for, up to the cores
               that are idle (the cores less the load average): each worker spends about a second warming
               up, so a short job runs faster on one; the progress line says how many run)
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
  FILE          a roster (JSON; see README "Armies: tactica armies and tactica units"), an exported list
                (as tactica import reads) or a bundled army's name; - reads stdin. Exit 0 legal, 1 a rule
                broken, 2 neither a roster nor a list
  --bsdata DIR  also resolve units from a BSData AoS 4 folder (bundled warscrolls win on a shared name;
                default: $TACTICA_BSDATA)
  --limits FILE replace the Pitched Battles table (PB-LIMIT) with your own JSON
  --json        machine-readable output`;

export const UNITS_USAGE = `tactica units [--bsdata DIR] [--faction NAME] [--unit NAME] [--coverage] [--json]

  lists warscrolls: the bundled ones, or those a BSData AoS 4 folder yields
  --bsdata DIR   a BSData folder (.gst + .cat files); without --faction, lists its factions
  --faction NAME only this faction's warscrolls
  --unit NAME    one warscroll in full (abilities included)
  --coverage     per faction, how many abilities the engines play, and the ones they do not (with why)
  --json         the warscrolls as JSON (with --coverage: the coverage per faction)`;

export const CAMPAIGN_USAGE = `tactica campaign [--map FILE] [--a ARMY] [--b ARMY] [--seed N] [--turns N] [--influence final|per-turn] [--agents A,B] [--budget B] [--bsdata DIR] [--json]

  --map FILE   a campaign map (JSON; default: the bundled map, data/campaign/default-map.json)
  --a, --b     each realm's army: a bundled army's name, a roster file, an exported list (imported on the fly),
               or a campaign army file ({ roster, reinforcements, generals }); default: the first two bundled armies
  --bsdata DIR a BSData AoS 4 folder for the lists' units (default: $TACTICA_BSDATA)
  --seed N     the campaign's seed (default 1): the same seed gives the same campaign
  --turns N    campaign turns (default 16, CAMP-LENGTH; 1 to 40)
  --influence  final (default: what each realm holds at the end) or per-turn (each turn's holdings added up)
  --agents     one player per realm: scripted (the scripted player, default for both; policy is another name
               for it), mcts (the search: every order, HQ, retreat and Banner by Monte Carlo tree search), random,
               or human (you: the choices are listed numbered on stderr, you type a number; e.g. --agents human,mcts)
  --budget B   the mcts player's search per decision: iterations (default 200; the same seed gives the same
               campaign) or a time, e.g. 500ms or 2s (then it depends on the machine's speed)
  --json       the full record: each turn's orders, events, battles, territories, Banners, Influence; the result

Saved games (README "Saved games and positions"):
  --save FILE       write the campaign so far to FILE (setup, seed, agents, every decision, the state; written
                    atomically, after every decision while a human plays and at the end)
                    FILE is checked before play: never a folder, a missing folder or an input of the run
                    (--resume's file aside); an existing file only if it is a save of a campaign, else exit 2
  --force           let --save overwrite an existing file that is not such a save (never an input file)
  --stop-after N    stop after N decisions of the players in this run (exit 0; with --save the campaign is saved)
  --resume FILE     play on from a saved campaign; the agents come from --agents, else from the file
                    (with --resume the options that set the campaign up are refused: they are in the file)`;

export const IMPORT_USAGE = `tactica import FILE|- [--bsdata DIR] [--out ROSTER.json [--force]] [--json]

  reads an exported list: the AoS app's text (either layout), Listbot or Sigdex text, a New Recruit .ros,
  .rosz or .json; prints units, points and warnings. Exit 0 imported, 1 an unknown unit or the points do not
  reconcile, 2 not a list
  --bsdata DIR  a BSData AoS 4 folder for the warscrolls (default: $TACTICA_BSDATA; without it, the bundled data)
  --out FILE    write the roster JSON (for tactica armies / battle / matchup / campaign; atomically); checked
                before the list is read: not FILE itself, not a folder, its folder there, and no existing file
                (exit 2: remove it or give --force)
  --force       let --out overwrite an existing file (never the list being imported)
  --json        { format, faction, formation, pointsDeclared, pointsLimit, pointsCounted, units, regimentsOfRenown,
                lores, factionTerrain, warnings, roster }`;

export const ARENA_USAGE = `tactica arena --game aos|mesbg|campaign --a AGENT --b AGENT [--budget B] [--budget-a B] [--budget-b B]
              [--games N] [--seed S] [--plans NAME,NAME] [--army-a ARMY] [--army-b ARMY] [--bsdata DIR] [--workers K] [--json]

  two agents play N games against each other, swapping sides from one game to the next
  --game       aos (Pitched Battles), mesbg (The Forces Clash, Minas Tirith against Mordor) or campaign (the
               bundled map and the first two bundled armies)
  --a, --b     the agents: random, scripted (policy is another name) or mcts (the search)
  --budget B   the search's budget per decision for both: iterations (the default: aos 100, mesbg 200,
               campaign 200, each game's own command's default) or a time (500ms,
               2s; then the games depend on the machine's speed); --budget-a / --budget-b set one agent's
  --games N    games in all (default 100, at most 100000); game i plays side i % 2 for --a, with seed
               deriveSeed(S, i); AoS battleplans go round in pairs of games
  --seed S     the seed (default 1): the same seed gives the same games with any --workers
  --plans      AoS: a comma-separated list of battleplans (default savage-gains,tectonic-interference,tooth-and-nail)
  --army-a, --army-b
               AoS: the two armies (a roster file, an exported list or a bundled army's name; default the first
               two bundled armies); each agent plays each army in half the games (of an even --games)
  --bsdata DIR AoS: a BSData AoS 4 folder for the lists' units (default: $TACTICA_BSDATA)
  --workers K  worker threads, each with its own Wasm core and agents, at most 16 (default: one per 4 games, up to
               the machine's cores)
  --json       { game, games, seed, a: { agent, budget, wins, draws, losses, winRate, winInterval }, b, byPlan,
               msPerDecision, decisionsPerGame, sides, elapsedMs, armies, workers, abilities? } (no progress bar; abilities:
               AoS, each army's { army, abilities, notPlayed, notPlayedList, notPlayedWhy, listedBy }, as matchup's)`;

export const COACH_USAGE = `tactica coach FILE [--a ARMY] [--b ARMY] [--bsdata DIR] [--budget B] [--top K] [--seed S] [--json]

  FILE        a saved game (--save) or a position entered by hand (README "Saved games and positions"), AoS or
              MESBG, standing at a player's decision; an AoS position's armies may name roster files or
              exported lists (found beside the position)
  --a, --b    AoS position: replace its army 0 / 1 (a roster file, an exported list or a bundled army's name)
  --bsdata DIR a BSData AoS 4 folder for the lists' units (default: $TACTICA_BSDATA)
  --budget B  the search: iterations (default 2000; the same file and seed give the same advice) or a time
              (e.g. 2s: then it depends on the machine)
  --top K     how many choices to list, best first (default 3, at most 20)
  --seed S    the dice of the searched futures (default 1)
  --json      { game, player, decision, budget, iterations, moves: [ { action, label, winProbability,
              winInterval, expectedVpDiff, vpInterval, visits, reason } ], principalLine, abilities? } (abilities: AoS,
              each army's { army, abilities, notPlayed, notPlayedList, notPlayedWhy, listedBy })`;

export const REVIEW_USAGE = `tactica review FILE [--player N] [--budget B] [--seed S] [--workers N] [--ascii] [--json]

  FILE        a game saved with --save (AoS or MESBG; an unfinished one is reviewed up to where it stops)
  --player N  the side reviewed, 0 or 1 (default: the file's human side, 0 if none played)
  --budget B  the search at each decision (default 100 iterations for AoS, 20 for MESBG; the same file and seed
              give the same review)
  --seed S    the dice of the searched and rolled-out futures (default 1)
  --workers N decisions reviewed on N worker threads, 1-16 (default: one per ~5 s of work, at most the idle
              cores); the review is the same with any number
  --ascii     the graph in # and . (default when the locale is not UTF-8)
  --json      { game, player, finished, result, steps, budget, seed, samples, decisions: [ { index, round, phase,
              turn, action, label, best, bestLabel, choices, winBefore, winMade, winBest, loss, lossError, mark,
              confirmed, expectedVpDiff?, expectedVpDiffBest?, visits, iterations } ], summary: { text, counts, worst },
              graph: [ { label, round, index, win, winAfter, mark } ], abilities? } (abilities: AoS, each army's
              { army, abilities, notPlayed, notPlayedList, notPlayedWhy, listedBy })`;

export const MATRIX_USAGE = `tactica matrix [LIST...] [--plans all|NAME,NAME] [--games N] [--agents scripted|mcts] [--iterations N]
               [--seed S] [--out FILE] [--csv FILE] [--force] [--json] [--workers N] [--chunk N] [--bsdata DIR]
               [--queue redis://HOST:PORT] [--job ID]

  LIST        two or more armies: a bundled army's name, a roster file or an exported list (default: every
              bundled army); every pairing is played, on every battleplan asked
  --plans     all (default) or a comma-separated list of battleplans
  --games N   battles per pairing and battleplan (default 200, 1..100000)
  --agents    who plays both sides: scripted (default; the battles in the Wasm kernel) or mcts (the search)
  --iterations N
              the mcts agents' iterations a decision (default 100)
  --seed S    the job's seed (default 1): the same seed, the same result, whoever plays the chunks
  --out FILE  write the result as JSON (the dashboard's Matrix view reads it); --csv FILE one row a cell and
              one a pairing. Both written atomically, and checked before the first battle: not a folder, their
              folder there, not a LIST file nor each other; an existing --out only if it is an earlier matrix
              result, an existing --csv never (exit 2)
  --force     let --out / --csv overwrite an existing file (never a LIST file)
  --json      print the result as JSON instead of the tables (with --out: the same JSON; its abilities: each
              list's { army, abilities, notPlayed, notPlayedList, notPlayedWhy, listedBy })
  --workers N local pool workers (default: from the job's size and the idle cores); --chunk N battles a chunk
              (default: a cell's battles up to 500 scripted, 1 mcts: a knob for overhead, not for the result)
  --queue URL send the chunks to a BullMQ queue on that Redis instead; run \`tactica worker --queue URL\` on
              any number of machines; --job ID names the job (default: a hash of the request; the same
              command resumes from the results stored). A Redis not reached within 5 s at the start: exit 2;
              a connection lost for 60 s mid-job: exit 1 (the results stay stored for the resume)`;

export const WORKER_USAGE = `tactica worker --queue redis://HOST:PORT [--workers N] [--lock S] [--idle-exit S] [--offline-exit S]

  Takes \`tactica matrix --queue\` chunks from the queue and plays them in a local worker pool, until stopped
  (Ctrl-C or SIGTERM: the chunks in hand are finished first; a second signal, or no connection to Redis:
  at once).
  --queue URL redis://[user:password@]host:port[/db] or rediss:// (TLS); not reached within 5 s: exit 2
  --workers N pool workers (default: the machine's cores)
  --lock S    seconds a chunk's lock lasts without renewal before another worker retries it (default 30)
  --idle-exit S  stop after S s with no chunk in hand, connected or not (exit 0; default: wait for more)
  --offline-exit S  stop after S s without a connection to Redis (exit 1; default 60)`;

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
  arena: ARENA_USAGE,
  coach: COACH_USAGE,
  matrix: MATRIX_USAGE,
  worker: WORKER_USAGE,
  review: REVIEW_USAGE,
};

const indent = (s: string) => s.split("\n").map((l) => `  ${l}`).join("\n");

export const USAGE = `tactica — AI opponent and strategy analysis for Age of Sigmar, Middle-earth SBG and a map campaign

Commands:
${[ODDS_USAGE, MESBG_USAGE, BATTLE_USAGE, MATCHUP_USAGE, SCORE_USAGE, ARMIES_USAGE, UNITS_USAGE, IMPORT_USAGE, CAMPAIGN_USAGE, ARENA_USAGE, COACH_USAGE, REVIEW_USAGE, MATRIX_USAGE, WORKER_USAGE].map(indent).join("\n\n")}

  tactica help | --help       this text
  tactica --version`;
