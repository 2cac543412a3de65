/**
 * Issue 17, items 1 and 2: the `tactica` a user runs is built ahead of time (build/cli/, scripts/build-cli.mjs,
 * run by `prepare` on `npm install`), loads a command only when it is called, and tool caches stay out of
 * node_modules (so npm does not re-read the tree on every `npx tactica`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, tactica } from "../support/cli.js";
import { USAGE } from "../../src/cli/usage.js";

const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { bin: Record<string, string>; scripts: Record<string, string> };

/** The files a chunk imports statically (what Node must load before the chunk runs), transitively. */
function staticClosure(entry: string): Map<string, number> {
  const seen = new Map<string, number>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const text = readFileSync(join(repoRoot, "build/cli", file), "utf8");
    seen.set(file, text.length);
    for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*"\.\/([^"]+)"/gm)) visit(m[1]!);
    for (const m of text.matchAll(/^import\s*"\.\/([^"]+)"/gm)) visit(m[1]!);
  };
  visit(entry);
  return seen;
}

describe("the built CLI", () => {
  it("[issue 17 item 1] npm install builds it: prepare runs build, which bundles the CLI; bin/tactica.mjs runs the bundle with plain node", () => {
    expect(pkg.scripts.prepare).toBe("npm run build");
    expect(pkg.scripts.build).toContain("npm run build:cli");
    expect(pkg.scripts["build:cli"]).toBe("node scripts/build-cli.mjs");
    expect(pkg.bin.tactica).toBe("bin/tactica.mjs");
    const bin = readFileSync(join(repoRoot, "bin/tactica.mjs"), "utf8");
    expect(bin).toContain('import("../build/cli/main.mjs")');
    // tsx only when asked for (development).
    expect(bin).toMatch(/if \(process\.env\.TACTICA_TSX\)\s*\{\s*const \{ register \} = await import\("tsx\/esm\/api"\)/);
  });

  it("[issue 17 item 1] --help loads only the entry and the usage text: no command, no zod (under 9 kB of code beside the usage texts)", () => {
    const closure = staticClosure("main.mjs");
    const bytes = [...closure.values()].reduce((a, b) => a + b, 0);
    // The usage texts grow with each command and option (fourteen commands: 17.7 kB); the code loaded beside them
    // is the entry and the texts' assembly, 7.3 kB today. A command's code or zod would add tens of kB.
    expect(bytes - Buffer.byteLength(USAGE)).toBeLessThan(9_000);
    for (const file of closure.keys()) expect(readFileSync(join(repoRoot, "build/cli", file), "utf8")).not.toContain("ZodType");
    // Each command is a dynamic import of its own chunk.
    const main = readFileSync(join(repoRoot, "build/cli/main.mjs"), "utf8");
    for (const command of ["odds", "mesbg", "matchup", "battle", "score", "armies", "units", "campaign"]) expect(main).toMatch(new RegExp(`import\\("\\./${command}-[A-Z0-9]+\\.mjs"\\)`));
  });

  it("[issue 17 item 1] the bundle prints byte for byte what the TypeScript sources print (help, odds, armies, an error)", () => {
    const duel = JSON.stringify({ a: { name: "Captain", side: "good", fight: 5, attacks: 2, strength: 4, defence: 6, wounds: 2, fate: 1 }, b: { name: "Orc Captain", side: "evil", fight: 4, attacks: 2, strength: 4, defence: 5, wounds: 2 } });
    for (const args of [["--help"], ["odds", "aos", "examples/mortek-vs-liberators.json"], ["odds", "mesbg", "-", "--json"], ["armies"], ["odds", "aos", "nope.json"]]) {
      const stdin = args[2] === "-" ? duel : undefined;
      const built = tactica(args, stdin);
      const dev = tactica(args, stdin, 120_000, { tsx: true });
      if (stdin) expect(JSON.parse(built.out).a).toBe("Captain");
      expect(built.code, args.join(" ")).toBe(dev.code);
      expect(built.out, args.join(" ")).toBe(dev.out);
      expect(built.err, args.join(" ")).toBe(dev.err);
    }
    // --engine auto (issue 17 item 6): this small exact job runs in TypeScript; the same numbers as in Wasm.
    expect(tactica(["odds", "aos", "examples/mortek-vs-liberators.json"]).out).toMatch(/^Mortek Guard attacking Liberators \(5 models, Health 2\) — exact \(TypeScript\)\n\nDamage:        mean 3\.646\n/);
    expect(tactica(["odds", "aos", "examples/mortek-vs-liberators.json", "--engine", "wasm"]).out).toMatch(/^Mortek Guard attacking Liberators \(5 models, Health 2\) — exact \(Wasm\)\n\nDamage:        mean 3\.646\n/);
  });
});

describe("tool caches", () => {
  it("[issue 17 item 2] vite's and vitest's cacheDir are .cache/ at the repository's root, outside node_modules", async () => {
    const { default: config } = await import("../../vitest.config.js");
    const projects = (config.test?.projects ?? []) as { cacheDir?: string }[];
    expect(config.cacheDir).toBe(".cache/vite");
    expect(projects.map((p) => p.cacheDir)).toEqual([".cache/vite", ".cache/vite"]);
    const { default: web } = await import("../../web/vite.config.js");
    expect((web as { cacheDir?: string }).cacheDir).toBe(join(repoRoot, ".cache/vite-web"));
    expect(readFileSync(join(repoRoot, ".gitignore"), "utf8")).toMatch(/^\.cache\/$/m);
  });
});
