/** Issue 17: hostile input at the CLI's edge — files that cannot be read, control codes, odd seeds, BOMs. */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, tactica } from "../support/cli.js";
import { argsMessage } from "../../src/cli/args.js";

const dir = mkdtempSync(join(tmpdir(), "tactica-hostile-"));
chmodSync(dir, 0o755);
function file(name: string, content: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content));
  return p;
}

const profile = {
  attacker: { name: "Mortek Guard", models: 10, weapons: [{ name: "Nadirite Blades", type: "melee", attacks: 2, hit: 3, wound: 4, rend: 1, damage: 1 }] },
  defender: { name: "Liberators", models: 5, health: 2, save: 3 },
};

describe("unreadable files", () => {
  // Root reads any file: the CLI then runs as nobody, as a user without the permission would.
  const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const locked = file("locked.json", profile);
  chmodSync(locked, 0o000);

  it("[issue 17 item 7] a file without read permission: exit 2, one line 'cannot read FILE: permission denied', in every command that reads one", () => {
    for (const [args, prefix] of [
      [["odds", "aos", locked], ""],
      [["odds", "mesbg", locked], ""],
      [["score", locked], ""],
      [["battle", "--a", locked], "--a: "],
      [["battle", "--terrain", locked], ""],
      [["mesbg", "--b", locked], ""],
      [["campaign", "--a", locked], "--a: "],
      [["campaign", "--map", locked], ""],
      [["armies", locked], ""],
      [["armies", "--limits", locked], ""],
    ] as [string[], string][]) {
      const r = tactica(args, undefined, 120_000, asUser);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.out).toBe("");
      expect(r.err.startsWith(`tactica: ${prefix}cannot read ${locked}: permission denied`), `${args.join(" ")}: ${r.err}`).toBe(true);
      expect(r.err.trim().split("\n")).toHaveLength(1);
    }
  });

  it("[issue 17 item 7] a folder, and a missing file, say so", () => {
    expect(tactica(["odds", "aos", dir]).err).toBe(`tactica: cannot read ${dir}: it is a folder, not a file\n`);
    expect(tactica(["score", join(dir, "gone.json")]).err).toBe(`tactica: cannot read ${join(dir, "gone.json")}: no such file\n`);
  });
});

describe("--samples is bounded by the work, not the count", () => {
  // 100 models x 48 attacks of 2D6 damage: 4800 x (1 + 12) = 62,400 steps a sample.
  const horde = file("horde.json", {
    attacker: { name: "Horde", models: 100, weapons: [{ name: "Claws", type: "melee", attacks: 48, hit: 2, wound: 2, rend: 3, damage: "2D6" }] },
    defender: { name: "Wall", models: 100, health: 50, save: 6, ward: 5 },
  });

  it("[issue 17 item 10] the TypeScript sampler takes at most 2e9 steps (32,051 samples here), the Wasm one 5e9 (80,128)", () => {
    const ts = tactica(["odds", "aos", horde, "--samples", "32052", "--engine", "ts"]);
    expect(ts.code).toBe(2);
    expect(ts.err).toBe(
      "tactica: samples: 32052 samples of ~62400 steps each (attacks x damage) is too much work for the TypeScript sampler; use at most 32051 (or --engine wasm, up to 80128)\n",
    );
    const wasm = tactica(["odds", "aos", horde, "--samples", "80129"]);
    expect(wasm.code).toBe(2);
    expect(wasm.err).toBe("tactica: samples: 80129 samples of ~62400 steps each (attacks x damage) is too much work for the Wasm sampler; use at most 80128\n");
    // The old bound (1e9 attacks) allowed 208,333 samples: 1.3e10 steps, minutes of CPU.
    expect(tactica(["odds", "aos", horde, "--samples", "208333", "--engine", "ts"]).code).toBe(2);
    const small = tactica(["odds", "aos", horde, "--samples", "200", "--engine", "ts", "--json"]);
    expect(small.code).toBe(0);
    expect(JSON.parse(small.out).samples).toBe(200);
  });
});

describe("text printed for a person", () => {
  const esc = "\u001b[2J\u001b]0;pwned\u0007";
  const named = file("escape.json", { ...profile, attacker: { ...profile.attacker, name: `Mortek${esc}` } });

  it("[issue 17 item 11] control characters in names are printed as \\u escapes (odds, armies, score, battle); --json stays the same JSON", () => {
    const r = tactica(["odds", "aos", named]);
    expect(r.code).toBe(0);
    expect(r.out.split("\n")[0]).toBe("Mortek\\u001b[2J\\u001b]0;pwned\\u0007 attacking Liberators (5 models, Health 2) — exact (TypeScript)"); // --engine auto: a small exact job runs in TypeScript (item 6)
    expect(r.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    const j = tactica(["odds", "aos", named, "--json"]);
    expect(JSON.parse(j.out).attacker).toBe(`Mortek${esc}`);
    // C1 controls (U+009B is a CSI on some terminals) and bidi overrides, which JSON.stringify leaves raw.
    const c1 = tactica(["odds", "aos", file("c1.json", { ...profile, defender: { ...profile.defender, name: "Lib\u009b2J\u202e" } }), "--json"]);
    expect(c1.out).toContain("Lib\\u009b2J\\u202e");
    expect(JSON.parse(c1.out).defender).toBe("Lib\u009b2J\u202e");
    const armies = tactica(["armies", file("roster.json", { ...bundledRoster(), name: `Evil${esc}` })]);
    expect(armies.code).toBe(0);
    expect(armies.out.split("\n")[0]).toMatch(/^Evil\\u001b\[2J\\u001b\]0;pwned\\u0007 — Ossiarch Bonereapers/);
    const battle = tactica(["battle", "--a", file("battle-roster.json", { ...bundledRoster(), name: `Evil${esc}` }), "--plan", "the-vice"]);
    expect(battle.code).toBe(0);
    expect(battle.out).toContain("Evil\\u001b[2J\\u001b]0;pwned\\u0007 against");
    expect(battle.out).not.toContain("\u001b");
  });

  it("[issue 17 item 11] a parse error does not echo raw bytes of the file", () => {
    const r = tactica(["odds", "aos", file("garbage.json", `\u001b[2J${"x".repeat(10)}`)]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^tactica: \S+garbage\.json: not valid JSON \(/);
    expect(r.err).toContain("\\u001b");
    expect(r.err).not.toContain("\u001b");
    // The text V8 quotes round the fault may hold a line break: written \n, so the one line is whole.
    const two = file("two-lines.json", "not json\nmore");
    expect(tactica(["odds", "aos", two]).err).toBe(`tactica: ${two}: not valid JSON (Unexpected token 'o', "not json\\nmore" is not valid JSON)\n`);
  });
});

describe("--seed", () => {
  it("[issue 17 item 13] an empty seed is refused; --seed -1 gets the range message of --seed=-1 (odds, battle, mesbg, matchup, campaign)", () => {
    for (const command of [["odds", "aos", "examples/mortek-vs-liberators.json", "--samples", "10"], ["battle"], ["mesbg"], ["matchup"], ["campaign"]]) {
      const name = command[0];
      const empty = tactica([...command, "--seed", ""]);
      expect(empty.code, name).toBe(2);
      expect(empty.err).toBe(`tactica: ${name}: seed: must not be empty: a whole number from 0 to 4294967295\n`);
      const spaced = tactica([...command, "--seed", "-1"]);
      const joined = tactica([...command, "--seed=-1"]);
      expect(spaced.code, name).toBe(2);
      expect(spaced.err).toBe(`tactica: ${name}: seed: must be a whole number from 0 to 4294967295\n`);
      expect(joined.err).toBe(spaced.err);
    }
    // A negative number is a value only after an option that takes one.
    expect(tactica(["odds", "aos", "examples/mortek-vs-liberators.json", "--json", "-1"]).err).toMatch(/Unknown option '-1'/);
  });
});

describe("option mistakes in the CLI's words", () => {
  it("an unknown option or command names the nearest one and --help; a missing value and a value on a flag name the option; exit 2", () => {
    const cases: [string[], string][] = [
      [["battle", "--budjet", "5"], "tactica: Unknown option '--budjet' (did you mean --budget?); the command's --help lists its options\n"],
      [["odds", "aos", "--attacker-model", "3"], "tactica: Unknown option '--attacker-model' (did you mean --attacker-models?); the command's --help lists its options\n"],
      [["mesbg", "--colour", "red"], "tactica: Unknown option '--colour'; the command's --help lists its options\n"],
      [["battle", "--seed"], "tactica: --seed: needs a value\n"],
      [["battle", "--json=3"], "tactica: --json: takes no value (it is on when given)\n"],
      [["batle"], 'tactica: unknown command "batle": did you mean battle? (tactica --help lists the commands)\n'],
      [["xyzzy"], 'tactica: unknown command "xyzzy" (tactica --help lists the commands)\n'],
    ];
    for (const [args, err] of cases) {
      const r = tactica(args);
      expect({ args, code: r.code, err: r.err }).toEqual({ args, code: 2, err });
    }
  });

  it("the nearest option: within two edits, and none when two are as near", () => {
    const unknown = (opt: string) => Object.assign(new Error(`Unknown option '${opt}'. To specify a positional argument starting with a '-', ...`), { code: "ERR_PARSE_ARGS_UNKNOWN_OPTION" });
    expect(argsMessage(unknown("--sed"), ["seed", "save"])).toBe("Unknown option '--sed' (did you mean --seed?); the command's --help lists its options");
    // "sae": one edit from "save" (a v put in), three from "seed".
    expect(argsMessage(unknown("--sae"), ["seed", "save"])).toMatch(/did you mean --save\?/);
    // "ab" is one edit from both "ac" and "bb": no guess.
    expect(argsMessage(unknown("--ab"), ["ac", "bb"])).toBe("Unknown option '--ab'; the command's --help lists its options");
    expect(argsMessage(unknown("--zzzzz"), ["seed"])).toBe("Unknown option '--zzzzz'; the command's --help lists its options");
    // Anything else parseArgs says passes through as it is.
    expect(argsMessage(Object.assign(new Error("something new"), { code: "ERR_OTHER" }), ["seed"])).toBe("something new");
  });
});

describe("smaller things", () => {
  it("[issue 17 item 15] a UTF-8 byte-order mark before the JSON is accepted", () => {
    const withBom = file("bom.json", `\ufeff${JSON.stringify(profile)}`);
    const r = tactica(["odds", "aos", withBom, "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).attacker).toBe("Mortek Guard");
    expect(tactica(["odds", "aos", "-", "--json"], `\ufeff${JSON.stringify(profile)}`).code).toBe(0);
  });

  it("[issue 17 item 15] an odds error names the file (or stdin)", () => {
    const bad = file("bad-odds.json", { ...profile, defender: { ...profile.defender, health: 0 } });
    const r = tactica(["odds", "aos", bad]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`tactica: ${bad}: defender.health: Too small: expected number to be >=1\n`);
    expect(tactica(["odds", "mesbg", "-"], "{}").err).toMatch(/^tactica: stdin: a: is required/);
  });

  it("names that would be ambiguous are refused: two MESBG profiles of one name, one profile listed twice, a score sheet's two players of one name", () => {
    const rohan = JSON.parse(readFileSync(join(repoRoot, "data/mesbg/rohan.json"), "utf8")) as { profiles: Record<string, { name: string }>; models: { profile: string; count: number }[] };
    const dup = file("rohan-dup.json", { ...rohan, profiles: { ...rohan.profiles, archer: { ...rohan.profiles.archer!, name: rohan.profiles.warrior!.name } } });
    const r = tactica(["mesbg", "--a", dup]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`tactica: ${dup}: profiles.archer.name: "Warrior of Rohan" is already the name of profile "warrior": each profile needs its own name\n`);
    const twice = file("rohan-twice.json", { ...rohan, models: [...rohan.models, { profile: "warrior", count: 2 }] });
    expect(tactica(["mesbg", "--a", twice]).err).toBe(`tactica: ${twice}: models[6].profile: "warrior" is listed twice: give one entry with the whole count\n`);
    const sheet = JSON.parse(readFileSync(join(repoRoot, "examples/scoresheets/savage-gains.json"), "utf8")) as { attacker: { name: string }; defender: { name: string } };
    const bobs = file("bobs.json", { ...sheet, defender: { ...sheet.defender, name: ` ${sheet.attacker.name.toUpperCase()}` } });
    const s = tactica(["score", bobs]);
    expect(s.code).toBe(2);
    expect(s.err).toBe(`tactica: ${bobs}: defender.name: is the attacker's name too: give the players different names\n`);
  });

  it("an empty or blank name is refused (it would leave a hole in every line of the answer); a missing one takes the default", () => {
    const blank = file("blank-names.json", { ...profile, attacker: { ...profile.attacker, name: "" }, defender: { ...profile.defender, name: "  " } });
    const r = tactica(["odds", "aos", blank]);
    expect(r.code).toBe(2);
    const why = "must not be empty (leave the field out for the default name)";
    expect(r.err).toBe(`tactica: ${blank}: attacker.name: ${why}; defender.name: ${why}\n`);
    const fighter = { side: "good", fight: 5, attacks: 2, strength: 4, defence: 6, wounds: 2 };
    const m = tactica(["odds", "mesbg", "-"], JSON.stringify({ a: { ...fighter, name: "" }, b: { ...fighter, side: "evil" } }));
    expect(m.code).toBe(2);
    expect(m.err).toBe(`tactica: stdin: a.name: ${why}\n`);
    expect(tactica(["odds", "mesbg", "-"], JSON.stringify({ a: fighter, b: { ...fighter, side: "evil" } })).out).toContain("good model (a)");
  });
});

function bundledRoster(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(repoRoot, "data/aos/rosters/ossiarch-bonereapers-1000.json"), "utf8")) as Record<string, unknown>;
}

describe("tactica score", () => {
  it("[issue 17 item 15] [PB-BT-02] a completed Conquer with no objective picked is refused (it used to score); with its pick it scores", () => {
    const sheet = JSON.parse(readFileSync(join(repoRoot, "examples/scoresheets/savage-gains.json"), "utf8"));
    const tactic = sheet.rounds[1].turns[0].battleTactic;
    expect(tactic).toEqual({ id: "conquer", picks: ["west"], completed: true });
    expect(tactica(["score", file("with-pick.json", sheet)]).code).toBe(0);
    tactic.picks = [];
    const r = tactica(["score", file("no-pick.json", sheet)]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/rounds\[1\]\.turns\[0\]\.battleTactic\.picks: Conquer is completed by controlling what was picked: give picks \(1 objective marker on the battlefield that your opponent controls\), or completed false/);
  });
});
