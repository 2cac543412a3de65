/**
 * `npm run bench:cli` (issue 17 item 1): the wall time of the commands a user types, as a user runs them —
 * a fresh process each time — against `node -e 0` (Node's own start-up), as ratios from one run. Rounds are
 * interleaved (each round runs every case once) so a change in the machine's load hits all cases alike;
 * medians of ROUNDS. Also: the same commands through tsx from the sources (TACTICA_TSX=1, how every call ran
 * before the CLI was built ahead of time) and through npx. Writes analysis/bench/results/cli.md.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const ODDS = ["odds", "aos", "examples/mortek-vs-liberators.json"];

interface Case {
  name: string;
  cmd: string;
  args: string[];
  env?: Record<string, string>;
}
const bin = join(root, "bin/tactica.mjs");
const cases: Case[] = [
  { name: "node -e 0", cmd: process.execPath, args: ["-e", "0"] },
  { name: "tactica --help", cmd: process.execPath, args: [bin, "--help"] },
  { name: "tactica odds aos FILE", cmd: process.execPath, args: [bin, ...ODDS] },
  { name: "tactica --help (tsx, before)", cmd: process.execPath, args: [bin, "--help"], env: { TACTICA_TSX: "1" } },
  { name: "tactica odds aos FILE (tsx, before)", cmd: process.execPath, args: [bin, ...ODDS], env: { TACTICA_TSX: "1" } },
  { name: "npx tactica --help", cmd: "npx", args: ["tactica", "--help"] },
  { name: "npx tactica odds aos FILE", cmd: "npx", args: ["tactica", ...ODDS] },
];

function wall(c: Case): number {
  const env = { ...process.env, ...c.env };
  if (!c.env?.TACTICA_TSX) delete env.TACTICA_TSX;
  const t0 = performance.now();
  const r = spawnSync(c.cmd, c.args, { cwd: root, env, encoding: "utf8" });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${c.name}: exit ${r.status}: ${r.stderr}`);
  return ms;
}

// The outputs must be the same whichever way the CLI runs.
const out = (c: Case) => spawnSync(c.cmd, c.args, { cwd: root, env: { ...process.env, ...c.env }, encoding: "utf8" }).stdout;
const identical = out(cases[2]!) === out(cases[4]!) && out(cases[1]!) === out(cases[3]!);

for (const c of cases) wall(c); // warm the file cache
const times = cases.map(() => [] as number[]);
const load0 = loadavg()[0]!;
for (let r = 0; r < ROUNDS; r++) cases.forEach((c, i) => times[i]!.push(wall(c)));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const med = times.map(median);
const base = med[0]!;

// "The work" of odds: the same computation in this process, warm (parse, plan, Wasm compile + exact odds).
const { aosOddsExact } = await import("../../src/aos/odds/index.js");
const { compileCore, instantiateCore } = await import("../../src/core/wasm.js");
const { readFileSync } = await import("node:fs");
const profile = JSON.parse(readFileSync(join(root, ODDS[2]!), "utf8"));
const workRuns: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  aosOddsExact(profile, instantiateCore(await compileCore()));
  workRuns.push(performance.now() - t0);
}
const work = median(workRuns);

const rows = cases.map((c, i) => `| ${c.name} | ${med[i]!.toFixed(0)} ms | ${(med[i]! / base).toFixed(2)}x |`);
const md = [
  "# bench:cli — wall time of a command, fresh process each time",
  "",
  `${new Date().toISOString()}, ${availableParallelism()} cores, load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}; median of ${ROUNDS} interleaved rounds.`,
  "",
  "| command | median wall | vs node -e 0 |",
  "|---|---|---|",
  ...rows,
  "",
  `The work of \`odds aos\` itself (in one warm process: compile the Wasm core, parse, exact odds): ${work.toFixed(1)} ms; ` +
    `\`tactica odds aos FILE\` / (node -e 0 + the work) = ${(med[2]! / (base + work)).toFixed(2)}x (goal ≤ 2x); ` +
    `\`tactica --help\` / node -e 0 = ${(med[1]! / base).toFixed(2)}x (goal ≤ 2x).`,
  `Built CLI against tsx from the sources: --help ${(med[3]! / med[1]!).toFixed(1)}x faster, odds ${(med[4]! / med[2]!).toFixed(1)}x faster; outputs byte-identical: ${identical}.`,
  "",
].join("\n");
mkdirSync(join(root, "analysis/bench/results"), { recursive: true });
writeFileSync(join(root, "analysis/bench/results/cli.md"), md);
process.stdout.write(md);
if (!identical) process.exitCode = 1;
