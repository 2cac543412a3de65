/**
 * Issue 17, items 8 and 12. Names that exist on every JavaScript object ("constructor", "toString",
 * "__proto__", ...) written anywhere in any file the CLI reads — as a value or as a key, in every schema — are
 * either accepted or refused with an InputError naming the field; never a TypeError ("Cannot read properties
 * of undefined"). And a roster's grand strategy is checked by one schema, at the edge, by every command.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { aosOddsExact } from "../../src/aos/odds/index.js";
import { bundledLibrary, checkRoster, PITCHED_BATTLES_2021, pitchedBattleTableSchema, rosterSchema } from "../../src/aos/armies/index.js";
import { terrainSchema } from "../../src/aos/battle/terrain.js";
import { parseXml } from "../../src/aos/bsdata/xml.js";
import { scoreSheet } from "../../src/aos/scoresheet/index.js";
import { parseMap } from "../../src/campaign/map.js";
import { resolveCampaignArmy } from "../../src/campaign/armies.js";
import { InputError, parseJsonText, parseOrThrow } from "../../src/core/errors.js";
import { newGame } from "../../src/mesbg/game.js";
import { mesbgOddsExact } from "../../src/mesbg/odds/index.js";
import { parseForce } from "../../src/mesbg/profiles.js";
import { repoRoot, scratchDir, tactica } from "../support/cli.js";

const HOSTILE = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "prototype", "__defineGetter__"];
const json = (path: string) => JSON.parse(readFileSync(join(repoRoot, path), "utf8")) as unknown;
const mordor = parseForce(json("data/mesbg/mordor.json"), "mordor");

/** Every schema a file crosses, with what the command then does with it. */
const SCHEMAS: { name: string; example: unknown; use(value: unknown): unknown }[] = [
  { name: "AoS odds profile", example: json("examples/mortek-vs-liberators.json"), use: (v) => aosOddsExact(v) },
  {
    name: "MESBG odds profile",
    example: { a: { name: "Captain", side: "good", fight: 5, attacks: 2, strength: 4, defence: 6, wounds: 2, fate: 1 }, b: { name: "Orc Captain", side: "evil", fight: 4, attacks: 2, strength: 4, defence: 5, wounds: 2 } },
    use: (v) => mesbgOddsExact(v),
  },
  { name: "MESBG force", example: json("data/mesbg/rohan.json"), use: (v) => newGame(parseForce(v, "force"), mordor, 1, 1) },
  { name: "roster", example: json("data/aos/rosters/ossiarch-bonereapers-1000.json"), use: (v) => checkRoster(v, bundledLibrary()) },
  { name: "regiments roster", example: json("data/aos/rosters/flesh-eater-courts-2000-regiments.json"), use: (v) => checkRoster(v, bundledLibrary()) },
  {
    name: "limits table",
    example: PITCHED_BATTLES_2021,
    use: (v) => checkRoster(json("data/aos/rosters/ossiarch-bonereapers-1000.json"), bundledLibrary(), parseOrThrow(pitchedBattleTableSchema, v, "limits")),
  },
  { name: "terrain", example: [{ x: 10, y: 10, radius: 3, kind: "wood", abilities: ["Cover"] }], use: (v) => parseOrThrow(terrainSchema, v, "terrain") },
  { name: "campaign map", example: json("data/campaign/default-map.json"), use: (v) => parseMap(v, "map") },
  { name: "campaign army", example: json("data/campaign/example-army.json"), use: (v) => resolveCampaignArmy(v, "--a") },
  { name: "scoring sheet", example: json("examples/scoresheets/savage-gains.json"), use: (v) => scoreSheet(v, "sheet") },
];

/** JSON texts of the example with one string value, or one key, replaced by `name`. */
function* mutations(value: unknown, name: string): Generator<string> {
  const paths: { path: (string | number)[]; key: boolean }[] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (typeof v === "string") paths.push({ path, key: false });
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v !== null && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        paths.push({ path: [...path, k], key: true });
        walk(x, [...path, k]);
      }
  };
  walk(value, []);
  for (const { path, key } of paths) {
    const copy = structuredClone(value) as Record<string | number, unknown>;
    let parent = copy;
    for (const p of path.slice(0, -1)) parent = parent[p] as Record<string | number, unknown>;
    const last = path[path.length - 1]!;
    if (key) {
      // Rebuild the object in order with the key renamed; defineProperty so "__proto__" is an own key.
      const entries = Object.entries(parent);
      for (const k of Object.keys(parent)) delete parent[k];
      for (const [k, x] of entries) Object.defineProperty(parent, k === last ? name : k, { value: x, enumerable: true, writable: true, configurable: true });
    } else parent[last] = name;
    yield JSON.stringify(copy);
  }
}

describe("own-property lookups", () => {
  it("[issue 17 item 8] every string and every key of every schema's example replaced by constructor, toString, __proto__, ...: accepted or an InputError, never a crash", () => {
    let tried = 0;
    let refusedProto = 0;
    for (const schema of SCHEMAS) {
      for (const name of HOSTILE)
        for (const text of mutations(schema.example, name)) {
          tried++;
          try {
            schema.use(parseJsonText(text, schema.name));
          } catch (e) {
            if (!(e instanceof InputError)) throw new Error(`${schema.name}: ${text.slice(0, 300)} → ${(e as Error).stack}`);
            if (/the key "__proto__" is not allowed/.test(e.message)) refusedProto++;
          }
        }
    }
    expect(tried).toBeGreaterThan(3000);
    expect(refusedProto).toBeGreaterThan(100);
  });

  it("[issue 17 item 8] a MESBG force whose models name the profile 'constructor' is refused naming the field; 'constructor' as a real profile id works", () => {
    const rohan = json("data/mesbg/rohan.json") as { profiles: Record<string, unknown>; models: { profile: string }[] };
    for (const bad of ["constructor", "toString", "hasOwnProperty"]) {
      const f = structuredClone(rohan);
      f.models[0]!.profile = bad;
      expect(() => parseForce(f, "rohan.json")).toThrow(`rohan.json: models[0].profile: no profile "${bad}" in profiles`);
    }
    const f = structuredClone(rohan);
    const id = f.models[0]!.profile;
    // Moved, not copied: two profiles of one name are refused (each model is named by its profile).
    f.profiles["constructor" as string] = f.profiles[id];
    delete f.profiles[id];
    f.models[0]!.profile = "constructor";
    expect(parseForce(f, "rohan.json").profiles.constructor).toEqual(parseForce(rohan, "rohan.json").profiles[id]);
  });

  it("[issue 17 item 8] the BSData reader refuses &constructor; (it used to become 'function Object() { [native code] }'); a limits table refuses a __proto__ key", () => {
    expect(() => parseXml('<a name="x&constructor;y"/>', "t.cat")).toThrow('unknown entity "&constructor;"');
    expect(parseXml('<a name="x&amp;y"/>', "t.cat").attrs.name).toBe("x&y");
    const entry = JSON.stringify(PITCHED_BATTLES_2021["1000"]);
    expect(() => parseJsonText(`{"1000":${entry},"__proto__":${entry}}`, "limits.json")).toThrow('limits.json: the key "__proto__" is not allowed');
    const s = scratchDir("proto");
    const r = tactica(["armies", "Mortek Shieldwall", "--limits", s.file("limits.json", `{"1000":${entry},"__proto__":${entry}}`)]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`tactica: ${join(s.dir, "limits.json")}: the key "__proto__" is not allowed\n`);
  });
});

describe("a roster's grand strategy", () => {
  const roster = json("data/aos/rosters/ossiarch-bonereapers-1000.json") as Record<string, unknown>;
  const message = "grandStrategy: must be a grand strategy of the Pitched Battles 2021 pack (Sever the Head, Hold the Line, Vendetta, Dominating Presence, Beast Master, Prized Sorcery, Pillars of Belief, Predator's Domain)";

  it("[issue 17 item 12] one schema: 'abc' is refused by the roster schema itself; a name or an id in any case is accepted", () => {
    expect(rosterSchema.safeParse({ ...roster, grandStrategy: "abc" }).error?.issues[0]?.message).toBe(message.replace("grandStrategy: ", ""));
    for (const ok of ["Hold the Line", "hold-the-line", "HOLD THE LINE", " Predator's Domain ", "predators-domain"]) expect(rosterSchema.safeParse({ ...roster, grandStrategy: ok }).success, ok).toBe(true);
  });

  it("[issue 17 item 12] armies, battle, matchup and campaign all refuse it at the edge (exit 2, the field named) before any play", () => {
    const s = scratchDir("gs");
    const file = s.file("abc.json", { ...roster, grandStrategy: "abc" });
    const armies = tactica(["armies", file]);
    expect(armies.code).toBe(2);
    expect(armies.err).toBe(`tactica: ${file}: ${message}\n`);
    for (const command of ["battle", "matchup"]) {
      const r = tactica([command, "--a", file]);
      expect(r.code, command).toBe(2);
      expect(r.err).toBe(`tactica: --a: ${message}\n`);
    }
    const campaign = tactica(["campaign", "--a", file]);
    expect(campaign.code).toBe(2);
    expect(campaign.err).toBe(`tactica: --a: roster.${message}\n`);
  });
});
