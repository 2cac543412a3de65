/**
 * `tactica campaign` end to end: a whole campaign played AI against AI, its log and result, the JSON
 * record, and bad input refused with exit code 2 and a message naming the field.
 */
import { describe, expect, it } from "vitest";
import obr from "../../data/aos/rosters/ossiarch-bonereapers-1000.json" with { type: "json" };
import defaultMapJson from "../../data/campaign/default-map.json" with { type: "json" };
import { scratchDir, tactica } from "../support/cli.js";

describe("tactica campaign", () => {
  it("[CAMP-LENGTH] plays a whole default campaign (16 turns unless a realm falls) and prints the record as JSON", () => {
    const r = tactica(["campaign", "--seed", "4", "--json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.map).toBe("The Realm of the Styx");
    expect(j.armies.map((a: { name: string }) => a.name)).toEqual(["Mortek Shieldwall", "Hammers of the Warrior Chamber"]);
    const played = j.result.turnsPlayed;
    expect(j.turns).toHaveLength(played);
    if (!j.result.eliminated.includes(true)) expect(played).toBe(16);
    // Every turn: each Banner on the map got an order; every battle has a result from the AoS engine.
    for (const t of j.turns) {
      expect(t.orders.length).toBeGreaterThan(0);
      for (const b of t.battles) {
        expect(b.result.source).toBe("simulated");
        expect(b.points[0]).toBeGreaterThanOrEqual(2250);
      }
    }
    // The result is the Influence of the last turn (final mode), the winner the one with more.
    const last = j.turns.at(-1);
    expect(j.result.influence).toEqual(j.result.eliminated.includes(true) ? j.result.influence : last.influence);
    if (j.result.winner !== null) expect(j.result.influence[j.result.winner]).toBeGreaterThanOrEqual(j.result.influence[1 - j.result.winner]);
  });

  it("[CAMP-PHASES] prints a readable turn-by-turn log, the same for the same seed", () => {
    const r = tactica(["campaign", "--seed", "2", "--turns", "3", "--a", "data/campaign/example-army.json", "--b", "Stomp of Giants"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Map campaign on The Realm of the Styx \(42 territories\) — The Tithe of Nagashizzar \(Ossiarch Bonereapers\) against Stomp of Giants \(Sons of Behemat\), seed 2, 3 turns/);
    for (const s of ["Set-up [CAMP-HQ]", "The Bone Tithe, led by Liege Morthrax (Liege-Kavalos)", "Turn 1", "Turn 3", "Orders [CAMP-ORDERS]", "Execute orders", "End of turn", "[CAMP-INFLUENCE]", "Final standing", "Result: "])
      expect(r.out).toContain(s);
    expect(r.out).not.toContain("Turn 4");
    expect(tactica(["campaign", "--seed", "2", "--turns", "3", "--a", "data/campaign/example-army.json", "--b", "Stomp of Giants"]).out).toBe(r.out);
  });

  it("refuses a bad map, bad options and a bad army with exit code 2 and the field named", () => {
    const dir = scratchDir("campaign");
    const asym = structuredClone(defaultMapJson) as { territories: { adjacent: string[] }[] };
    asym.territories[1]!.adjacent.push("styx-narrows");
    const bad = tactica(["campaign", "--map", dir.file("map.json", asym)]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/map\.json: territories\[1\]\.adjacent\[5\]: "styx-narrows" does not list "cragmoor-heights" as adjacent; adjacency must be symmetric/);
    const notJson = tactica(["campaign", "--map", dir.file("broken.json", "{ nope")]);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toMatch(/broken\.json: not valid JSON/);
    const turns = tactica(["campaign", "--turns", "0"]);
    expect(turns.code).toBe(2);
    expect(turns.err).toBe("tactica: campaign: turns: must be at least 1\n");
    expect(tactica(["campaign", "--sneed", "1"]).code).toBe(2);
    const army = tactica(["campaign", "--a", dir.file("army.json", { roster: obr, generals: [{ name: "Bob", warscroll: "Mortek Guard" }] })]);
    expect(army.code).toBe(2);
    expect(army.err).toMatch(/--a\.generals\[0\]\.warscroll: Mortek Guard is not a HERO/);
  });

  it("is listed in tactica --help", () => {
    expect(tactica(["--help"]).out).toContain("tactica campaign [--map FILE] [--a ARMY] [--b ARMY] [--seed N] [--turns N]");
  });
});

describe("tactica campaign with a human player", () => {
  it("[CAMP-ORDERS] a player alone against the AI: choices numbered on stderr (HQ, then each Banner's order), the campaign to its end from typed choices; bad agents and the end of the input are exit 2", () => {
    const args = ["campaign", "--agents", "human,policy", "--turns", "3", "--seed", "4"];
    const r = tactica(args, "1\n".repeat(500));
    expect(r.code, r.err.slice(-400)).toBe(0);
    expect(r.err).toMatch(/Player 1, your choice \(1-\d+, s for the situation, \? for the coach, u to take back, q to quit\):\n {3}1\. Mortek Shieldwall sets up its HQ in /);
    expect(r.err).toContain("Vorgath the Grim's Host: Hold");
    expect(r.out).toContain("players human vs scripted"); // policy is another name for scripted
    expect(r.out).toMatch(/Result: /);
    expect(tactica(args, "1\n".repeat(500)).out).toBe(r.out);
    const eof = tactica(args, "1\n");
    expect(eof.code).toBe(2);
    expect(eof.err).toContain("tactica: input ended before the campaign did: player 1 has a choice to make");
    const bad = tactica(["campaign", "--agents", "human"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("agents: must be two of: scripted, policy, mcts, random, human");
  });

  it("[CAMP-HQ] ? asks the coach at the HQ choice: the top 3 from the campaign search, each with the share of its lines won or ahead and a reason; the game goes on as without it", () => {
    const args = ["campaign", "--agents", "human,policy", "--turns", "1", "--seed", "4"];
    const r = tactica(args, `?\n${"1\n".repeat(300)}`, 300_000);
    expect(r.code, r.err.slice(-400)).toBe(0);
    const at = r.err.indexOf("Coach (200 iterations; battles drawn from a table of real ones):");
    expect(at).toBeGreaterThan(0);
    const lines = r.err.slice(at).split("\n").slice(1, 4);
    expect(lines).toHaveLength(3);
    lines.forEach((l, i) => expect(l).toMatch(new RegExp(`^ {2}${i + 1}\\. Mortek Shieldwall sets up its HQ in .+ — \\d+% of its lines won or ahead, mean return [+-]\\d\\.\\d\\d`)));
    // The scripted opponent's decisions have no search behind them: no reason line.
    expect(r.err).not.toMatch(/Player 2 \(scripted\):/);
    expect(r.out).toBe(tactica(args, "1\n".repeat(300), 300_000).out);
  });

  it("[CAMP-ORDERS] a player against the mcts agent (--budget in iterations): the campaign to its end, the same for the same seed; a bad budget is exit 2", () => {
    const args = ["campaign", "--agents", "human,mcts", "--budget", "20", "--turns", "2", "--seed", "4"];
    const r = tactica(args, "1\n".repeat(200), 300_000);
    expect(r.code, r.err.slice(-400)).toBe(0);
    expect(r.err).toMatch(/Player 1, your choice \(1-\d+, s for the situation, \? for the coach, u to take back, q to quit\):/);
    // [issue 11] Each of the mcts player's decisions that it searched comes with its search's numbers.
    expect(r.err).toMatch(/ {2}Player 2 \(mcts\): .+ — \d+% of its lines won or ahead \[\d+%, \d+%\], Influence margin [+−]\d+\.\d — by its search, \d+ of 20 iterations/);
    expect(r.out).toContain("players human vs mcts (mcts: 20 iterations a decision)");
    expect(r.out).toContain("Campaign over after 2 turns [CAMP-LENGTH]");
    expect(r.out).toMatch(/Result: /);
    expect(tactica(args, "1\n".repeat(200), 300_000).out).toBe(r.out);
    const budget = tactica(["campaign", "--agents", "mcts,scripted", "--budget", "lots"]);
    expect(budget.code).toBe(2);
    expect(budget.err).toBe('tactica: campaign: budget: "lots" is not a budget: give iterations (e.g. 500) or a time (e.g. 500ms, 2s)\n');
  });

  it("[issue 11] [CAMP-HQ] the terminal campaign: the intro, s draws the map as text with its legend, the HQ choice shows each territory's terrain, neighbours and Influence, an order its destination; u takes back an order and the same answers give the same campaign", () => {
    const args = ["campaign", "--agents", "human,policy", "--turns", "3", "--seed", "4"];
    const ones = "1\n".repeat(500);
    const r = tactica(args, `s\n${ones}`);
    expect(r.code, r.err.slice(-400)).toBe(0);
    expect(r.err).toContain("Map campaign on The Realm of the Styx: 42 territories, 3 turns, Influence counted at the end");
    expect(r.err).toContain("You are Player 1, Mortek Shieldwall (Ossiarch Bonereapers); Player 2, Hammers of the Warrior Chamber (Stormcast Eternals), is played by the AI.");
    expect(r.err.indexOf("You are Player 1")).toBeLessThan(r.err.indexOf("your choice"));
    // The hex grid: odd columns half a hex lower (territory 2 is on the line under 1 and 3); 12 is a special section.
    expect(r.err).toContain("  [ 1.-    ]         [ 3%-    ]         [ 5.-    ]         [ 7^-    ]\n           [ 2^-    ]         [ 4w-    ]         [ 6~-    ]");
    expect(r.err).toContain("[12.-  * ]");
    expect(r.err).toContain("Each cell: number, terrain (. plains, % forest, & jungle, ^ mountain, ~ marsh, = pass, w river), owner (A Mortek Shieldwall, B Hammers of the Warrior Chamber, - nobody)");
    expect(r.err).toContain("  1 Greyfield March, 2 Cragmoor Heights, 3 Northwood, 4 Styx Headwaters, 5 Ashfield, 6 Reedmire, 7 Frostfang Tor");
    expect(r.err).toContain("   1. Mortek Shieldwall sets up its HQ in Greyfield March — plains, Influence 1; neighbours: Cragmoor Heights, Thornwood");
    expect(r.err).toContain("   3. Vorgath the Grim's Host: Move to Cragmoor Heights — mountain, Influence 1");
    const u = tactica(args, `1\n2\nu\n${ones}`);
    expect(u.code, u.err.slice(-400)).toBe(0);
    expect(u.err).toContain('  Taken back: "Vorgath the Grim\'s Host: Fortify" (and what followed it).');
    expect(u.out).toBe(r.out);
  });
});
