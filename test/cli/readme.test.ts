/**
 * Issue 17, item 16: the README tells the truth. Every `tactica` command it shows (```sh blocks and indented
 * examples) runs as written, with the placeholders (my-army.json, DIR, ...) filled with real files; every
 * JSON example is accepted by the command of its section; every README section the help points to exists.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMAND_USAGE } from "../../src/cli/usage.js";
import { repoRoot, tactica } from "../support/cli.js";

const README = readFileSync(join(repoRoot, "README.md"), "utf8");
const BSDATA = join(repoRoot, "../../shared/data/bsdata-aos4");
const PLACEHOLDERS: Record<string, string> = {
  "my-army.json": "data/aos/rosters/ossiarch-bonereapers-1000.json",
  "my-list.json": "data/aos/rosters/ossiarch-bonereapers-1000.json",
  "my-map.json": "data/campaign/default-map.json",
  "profile.json": "examples/mortek-vs-liberators.json",
  "my-game.json": "examples/scoresheets/savage-gains.json",
  DIR: BSDATA,
  // "Saved games and positions" saves and resumes a game: in a scratch file, not the repository.
  "game.json": join(mkdtempSync(join(tmpdir(), "tactica-readme-")), "game.json"),
};

/** Words of a command line as the shell splits them (double quotes only: all the README uses). */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

interface Example {
  heading: string;
  line: string;
  args: string[];
  stdin?: string;
}

function examples(): { commands: Example[]; json: Example[] } {
  const commands: Example[] = [];
  const json: Example[] = [];
  let heading = "";
  let block: string | null = null;
  let buffer: string[] = [];
  for (const raw of README.split("\n")) {
    if (block === null && raw.startsWith("#")) heading = raw;
    if (raw.startsWith("```")) {
      if (block === null) {
        block = raw.slice(3);
        buffer = [];
      } else {
        if (block === "json") json.push({ heading, line: buffer.join("\n"), args: [] });
        block = null;
      }
      continue;
    }
    if (block !== null) buffer.push(raw);
    const indented = block === null && /^ {4}tactica /.test(raw);
    if (!(block === "sh" && /tactica /.test(raw)) && !indented) continue;
    const line = raw.replace(/\s{2,}#.*$/, "").trim();
    // Synopses ("tactica armies FILE|NAME [--json]") are not commands.
    if (/[[|]/.test(line.replace(/^cat \S+ \|/, "")) || /\bFILE\b|\bNAME\b/.test(line)) continue;
    const [, catFile, rest] = /^(?:cat (\S+) \| )?(?:npx )?tactica (.*)$/.exec(line) ?? [];
    if (rest === undefined) continue;
    const fill = (w: string) => (Object.hasOwn(PLACEHOLDERS, w) ? PLACEHOLDERS[w]! : w);
    commands.push({ heading, line, args: words(rest).map(fill), ...(catFile ? { stdin: readFileSync(join(repoRoot, fill(catFile)), "utf8") } : {}) });
  }
  return { commands, json };
}

const { commands, json } = examples();
const runnable = commands.filter((c) => existsSync(BSDATA) || !c.args.includes(BSDATA));

describe("the README's examples", () => {
  it("[issue 17 item 16] finds the commands and the JSON examples it shows", () => {
    expect(commands.length).toBeGreaterThanOrEqual(20);
    expect(json.map((j) => j.heading)).toEqual(["## `tactica odds aos`", "## `tactica odds mesbg`", "## `tactica score`: the digital scoring sheet"]);
  });

  it.each(runnable.map((c) => [c.line, c] as const))("[issue 17 item 16] %s", (_line, c) => {
    const human = c.args.some((a) => a.split(",").includes("human")); // --agents human,policy or human,mcts
    // A human player who types q at the first choice: the user chose to stop (exit 0).
    const r = tactica(c.args, human ? "q\n" : c.stdin, 300_000);
    expect(r.code, `${c.line}\n${r.err}`).toBe(0);
    if (human) {
      expect(r.err).toMatch(/your choice \(1-\d+/);
      expect(r.err).toMatch(/tactica: the (battle|campaign|game) was abandoned \(q\)\n$/);
      return;
    }
    expect(r.err).toBe("");
    expect(r.out.length).toBeGreaterThan(20);
    if (c.args.includes("--json")) expect(() => JSON.parse(r.out)).not.toThrow();
  });

  it("[issue 17 item 16] each JSON example is accepted by its section's command", () => {
    const command: Record<string, string[]> = {
      "## `tactica odds aos`": ["odds", "aos", "-"],
      "## `tactica odds mesbg`": ["odds", "mesbg", "-"],
      "## `tactica score`: the digital scoring sheet": ["score", "-"],
    };
    for (const j of json) {
      const r = tactica(command[j.heading]!, j.line);
      expect(r.code, `${j.heading}: ${r.err}`).toBe(0);
      expect(r.err).toBe("");
    }
  });

  it("[issue 17 item 16] every README section the help names exists; battle's synopsis shows its real default agents; battle and score word a result alike", () => {
    const norm = (t: string) => t.replace(/[#`:]/g, " ").replace(/\s+/g, " ").trim();
    const cited = Object.values(COMMAND_USAGE).flatMap((u) => [...u.matchAll(/README ((?:"[^"]+"(?: \/ )?)+)/g)].flatMap((m) => [...m[1]!.matchAll(/"([^"]+)"/g)].map((q) => norm(q[1]!))));
    expect(cited).toEqual(["tactica odds aos", "tactica odds mesbg", "Saved games and positions", "Saved games and positions", "tactica score", "Armies tactica armies and tactica units", "Saved games and positions", "Saved games and positions"]);
    const headings = README.split("\n").filter((l) => l.startsWith("#")).map(norm);
    for (const name of cited) expect(headings.some((h) => h.includes(name)), name).toBe(true);
    expect(COMMAND_USAGE.battle!).toContain("(default policy,random)");
    const battle = tactica(["battle", "--plan", "savage-gains", "--seed", "7"]).out;
    const result = /Result \[PB-RESULT\]: (Major victory|Minor victory|Draw)\b/.exec(battle);
    expect(result, battle.slice(-400)).not.toBeNull();
    expect(tactica(["score", "examples/scoresheets/savage-gains.json"]).out).toMatch(/Result: (Major victory|Minor victory|Draw)\b/);
  });
});
