/**
 * No request leaves the machine (issue 12, Quality): the app as built (`vite build web`, here into
 * .cache/offline-dist) references no remote URL it could fetch. Every absolute URL in the built files is
 * listed; the only ones allowed are names that are never requested — XML namespaces (the SVG the charts
 * draw), JSON Schema identifiers (zod's toJSONSchema writes them as `$schema` text) and the licence and
 * home-page lines in bundled libraries' comments. A new URL fails here until someone has looked at it. The
 * page's own links (index.html, CSS) are all relative. (`npm run e2e` also records every request the running
 * page makes and fails on any that is not to 127.0.0.1.)
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const outDir = join(root, ".cache", "offline-dist");

/** URLs that name something and are never fetched, with why. */
const NEVER_REQUESTED: { re: RegExp; why: string }[] = [
  { re: /^http:\/\/www\.w3\.org\/(2000\/svg|1999\/xhtml|1999\/xlink|2000\/xmlns\/|XML\/1998\/namespace)$/, why: "XML namespaces (d3 and the SVG board)" },
  { re: /^https?:\/\/json-schema\.org\/(draft\/2020-12|draft-07|draft-04)\/schema#?$/, why: "JSON Schema identifiers, text in zod's toJSONSchema" },
  { re: /^http:\/\/\[\$\{e\}\]$/, why: "zod's IPv6 check parses `new URL(\"http://[addr]\")`; parsing fetches nothing" },
  { re: /^https:\/\/vite\.dev\/guide\/troubleshooting\.html#module-externalized-for-browser-compatibility$/, why: "the text of vite's error for a Node module in the browser" },
  { re: /^https:\/\/github\.com\/josdejong\/workerpool$/, why: "workerpool's licence comment" },
  { re: /^http:\/\/www\.apache\.org\/licenses\/LICENSE-2\.0$/, why: "a licence comment" },
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

let built: { file: string; text: string }[] = [];
beforeAll(async () => {
  await build({ configFile: join(root, "web", "vite.config.ts"), root: join(root, "web"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
  built = files(outDir).filter((f) => /\.(js|mjs|html|css|json|svg|webmanifest)$/.test(f)).map((file) => ({ file, text: readFileSync(file, "utf8") }));
}, 180_000);

describe("the built dashboard works offline", () => {
  it("has its page, scripts, workers and the Wasm core", () => {
    const names = files(outDir).map((f) => f.slice(outDir.length + 1));
    expect(names).toContain("index.html");
    expect(names.some((n) => n.endsWith(".wasm"))).toBe(true);
    expect(names.filter((n) => n.endsWith(".js")).length).toBeGreaterThanOrEqual(3);
  });

  it("references no remote URL: every absolute URL in the built files is a name that is never requested", () => {
    const found = new Map<string, string>();
    for (const { file, text } of built) for (const m of text.matchAll(/\b(?:https?|wss?|ftp):\/\/[^\s"'`)<>\\]+/g)) found.set(m[0].replace(/[.,;]+$/, ""), file.slice(outDir.length + 1));
    const remote = [...found].filter(([url]) => !NEVER_REQUESTED.some((a) => a.re.test(url)));
    expect(remote).toEqual([]);
    expect(found.size).toBeGreaterThan(0);
  });

  it("the page's own links are relative: no protocol-relative or absolute src, href or url()", () => {
    for (const { file, text } of built.filter((b) => /\.(html|css)$/.test(b.file))) {
      const links = [...text.matchAll(/(?:src|href)\s*=\s*["']([^"']+)["']|url\(\s*["']?([^"')]+)/g)].map((m) => m[1] ?? m[2]!);
      for (const l of links) expect(l, `${file}: ${l}`).toMatch(/^(\.\/|\.\.\/|#|data:|[a-zA-Z0-9_-]+\/|[a-zA-Z0-9_.-]+$)/);
    }
  });
});
