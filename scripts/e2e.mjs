// End-to-end run of the dashboard (issue 12, Checks): builds the app (`vite build web`; the Wasm core and
// worker bundles first when build/ lacks them), serves web/dist with `vite preview` on 127.0.0.1, and drives
// it with playwright-core in /usr/bin/chromium at 1280x800 and on a phone (375x812): a few turns against the
// AI (the search, at its quick setting) in each game (AoS, MESBG, the campaign) with the win-probability graph
// beside the board, a game started from a pasted exported list, the Coach on the AoS game in play and on an
// example position, the odds with three attackers compared, the odds of a BSData warscroll (the BSData folder
// loaded through the picker, if $TACTICA_BSDATA, ../shared/data/bsdata-aos4 or /work/shared/data/bsdata-aos4 is
// there; else the test fixture) kept over a reload, the campaign's battle list with its odds (a saved
// campaign imported), the matchup, a saved game's review (AoS and MESBG) with its board. Screenshots of every view go to .cache/e2e/ (git-ignored).
// Fails (exit 1) on a page error or console error, on any request to anything but the preview server (no
// request may leave the machine), and on a page wider than the phone's screen.
//
//   npm run e2e [-- --only NAME] [-- --viewport desktop|phone] [-- --no-build]
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, root, startVite } from "./serve.mjs";

const outDir = join(root, ".cache", "e2e");
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } };
const READY_TIMEOUT_MS = 90_000;
const MATCHUP_TIMEOUT_MS = 400_000;
const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : null);
const only = arg("--only");
const viewports = arg("--viewport") ? [arg("--viewport")] : Object.keys(VIEWPORTS);

function run(cmd, args) {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!process.argv.includes("--no-build")) {
  if (!existsSync(join(root, "build", "core.wasm"))) run("npm", ["run", "build"]);
  run(process.execPath, [join(root, "node_modules", "vite", "bin", "vite.js"), "build", "web", "--logLevel", "warn"]);
}




const vite = await startVite();
const base = vite.base;
const fec = readFileSync(join(root, "test", "fixtures", "lists", "fec-plain.txt"), "utf8");
const BSDATA = [process.env.TACTICA_BSDATA, join(root, "..", "shared", "data", "bsdata-aos4"), "/work/shared/data/bsdata-aos4"].find((d) => d && existsSync(join(d, "Age of Sigmar 4.0.gst")));
const bsdataFiles = (dir) => readdirSync(dir).filter((f) => /\.(cat|gst)$/i.test(f)).map((f) => join(dir, f));
let browser;
const failures = [];
const t0 = Date.now();

/** Plays decisions (the first candidate each time, the AI answering each) until `done` or `max` decisions. */
async function play(page, kind, max, done = async () => false) {
  let n = 0;
  for (; n < max && !(await done()); n++) {
    const steps = await page.getAttribute(`#view-play-${kind}`, "data-steps");
    const first = page.locator(`#${kind}-choices button[data-action]`).first();
    if (!(await first.count())) break;
    await first.click();
    await page.waitForFunction(([k, s]) => document.getElementById(`view-play-${k}`).dataset.steps !== s, [kind, steps], { timeout: 60_000 });
  }
  return n;
}

const SCENES = [
  ["play-aos", "?view=play-aos", async (page) => {
    await page.selectOption("#aos-thinking", "quick");
    await page.click("#aos-new");
    await page.waitForFunction(() => document.querySelectorAll("#aos-choices button[data-action]").length > 0);
    // Deployment, then into the battle rounds: a few turns against the AI.
    const n = await play(page, "aos", 60, async () => /Round [2-5]/.test(await page.locator("#aos-legend").innerText()));
    const legend = await page.locator("#aos-legend").innerText();
    if (!/Round [1-5]/.test(legend)) throw new Error(`no battle round after ${n} decisions: "${legend}"`);
    console.log(`  play-aos: ${n} decisions, ${legend.split(".")[1]?.trim()}`);
    const points = Number(await page.getAttribute("#aos-graph", "data-points"));
    if (!(points > n)) throw new Error(`the win-probability graph has ${points} points after ${n} decisions`);
    if (!(await page.locator("#aos-ai li.searched").count()) && !(await page.locator("#aos-ai-reason").innerText())) throw new Error("no searched AI move with its reason");
    const unit = page.locator("#aos-board .piece.side-0").first();
    if (await unit.count()) await unit.hover();
  }],
  ["coach-play-aos", "?view=play-aos", async (page) => {
    await page.selectOption("#aos-thinking", "quick");
    await page.click("#aos-new");
    await page.waitForFunction(() => document.querySelectorAll("#aos-choices button[data-action]").length > 0);
    await play(page, "aos", 60, async () => /Round [2-5]/.test(await page.locator("#aos-legend").innerText()) && /movement/.test(await page.locator("#aos-legend").innerText()));
    // The header's Coach button: the game in Play is the position coached.
    await page.click('.view-switch button[data-view="coach"]');
    await page.waitForFunction(() => Number(document.getElementById("view-coach")?.dataset.moves ?? 0) > 0, null, { timeout: 120_000 });
    console.log(`  coach: ${await page.locator("#coach-heading").innerText()}; ${await page.locator("#coach-board .arrow-coach").count()} arrows`);
  }],
  ["coach", "?view=coach", async (page) => {
    await page.waitForFunction(() => Number(document.getElementById("view-coach")?.dataset.moves ?? 0) > 0, null, { timeout: 120_000 });
    if (!(await page.locator("#coach-tactic").isVisible())) throw new Error("the example's tactic to pick is not shown");
  }],
  ["play-aos-own-list", "?view=play-aos", async (page) => {
    await page.selectOption("#aos-a", "own");
    await page.fill("#aos-a-text", fec);
    await page.waitForSelector("#aos-a-check.ok", { timeout: 10_000 });
    await page.click("#aos-new");
    await page.waitForFunction(() => (document.getElementById("aos-heading")?.textContent ?? "").startsWith("Royal Feast"), null, { timeout: 60_000 });
    await play(page, "aos", 6);
  }],
  ["play-mesbg", "?view=play-mesbg", async (page) => {
    await page.selectOption("#mesbg-thinking", "quick");
    await page.click("#mesbg-new");
    await page.waitForFunction(() => document.querySelectorAll("#mesbg-choices button[data-action]").length > 0);
    const n = await play(page, "mesbg", 40, async () => /Turn [3-9]/.test(await page.locator("#mesbg-legend").innerText()));
    console.log(`  play-mesbg: ${n} decisions, ${(await page.locator("#mesbg-legend").innerText()).split(".")[1]?.trim()}`);
    const model = page.locator("#mesbg-board .piece.side-0").first();
    if (await model.count()) await model.hover();
  }],
  ["campaign", "?view=campaign", async (page) => {
    await page.selectOption("#campaign-thinking", "quick");
    await page.click("#campaign-new");
    await page.waitForFunction(() => document.querySelectorAll("#campaign-choices button[data-action]").length > 0);
    const n = await play(page, "campaign", 12, async () => /Campaign turn [2-9]/.test(await page.locator("#campaign-legend").innerText()));
    console.log(`  campaign: ${n} decisions, ${(await page.locator("#campaign-legend").innerText()).match(/Campaign turn \d+ of \d+/)?.[0]}`);
  }],
  ["odds", "?view=odds", async (page) => {
    const label = (sel, text) => page.locator(`${sel} option`, { hasText: text }).first().getAttribute("value");
    await page.selectOption("#pick-compare-1", await label("#pick-compare-1", "Liberators"));
    await page.selectOption("#pick-compare-2", await label("#pick-compare-2", "Gatebreaker Mega-Gargant"));
    await page.click("#pick-compare");
    await page.waitForFunction(() => document.querySelectorAll("#compare thead th").length === 4, null, { timeout: 30_000 });
    if ((await page.locator("#funnel tbody tr").count()) !== 6) throw new Error("the funnel does not have its six steps");
  }],
  ["odds-bsdata", "?view=odds", async (page) => {
    // The real folder when it is here (136 files, parsed in the BSData worker), else the hand-made fixture.
    const files = BSDATA ? bsdataFiles(BSDATA) : bsdataFiles(join(root, "test", "fixtures", "bsdata", "wardens"));
    const [faction, attacker] = BSDATA ? ["Seraphon (BSData)", "Saurus Warriors"] : ["Glass Wardens (BSData)", "Shard Spears"];
    await page.click("#odds-bsdata-details summary");
    // The page's longest task while the worker parses (it never parses on the page's thread).
    await page.evaluate(() => {
      window.__longest = 0;
      new PerformanceObserver((l) => l.getEntries().forEach((e) => (window.__longest = Math.max(window.__longest, e.duration)))).observe({ type: "longtask" });
    });
    await page.setInputFiles("#odds-bsdata-files", files);
    await page.waitForSelector("#odds-bsdata-check.ok", { timeout: 120_000 });
    console.log(`  odds-bsdata: ${await page.locator("#odds-bsdata-check").innerText()}; the page's longest task during the load: ${Math.round(await page.evaluate(() => window.__longest))} ms`);
    // A reload: the factions come back from IndexedDB.
    await page.reload();
    await page.waitForSelector("body[data-ready]", { timeout: READY_TIMEOUT_MS });
    await page.waitForFunction((f) => [...document.querySelectorAll("#pick-attacker-faction option")].some((o) => o.textContent === f), faction, { timeout: 30_000 });
    const value = await page.locator("#pick-attacker-faction option", { hasText: faction }).first().getAttribute("value");
    await page.selectOption("#pick-attacker-faction", value);
    await page.selectOption("#pick-attacker", await page.locator("#pick-attacker option", { hasText: attacker }).first().getAttribute("value"));
    await page.click("#pick-use");
    await page.waitForFunction((a) => (document.getElementById("odds-title")?.textContent ?? "").includes(a), attacker, { timeout: 30_000 });
    console.log(`  odds-bsdata: ${(await page.locator("#pick-note").innerText()).replace(/\n/g, " | ")}`);
  }],
  ["campaign-odds", "?view=campaign", async (page) => {
    // A saved campaign (test/fixtures/positions/campaign-battle-game.json: a battle in turn 4) imported.
    await page.selectOption("#campaign-ai-kind", "scripted");
    await page.waitForFunction(() => document.querySelectorAll("#campaign-choices button[data-action]").length > 0, null, { timeout: 60_000 });
    await page.setInputFiles("#campaign-import", join(root, "test", "fixtures", "positions", "campaign-battle-game.json"));
    await page.waitForSelector("#campaign-battles .battle-odds[data-win-a]", { timeout: 120_000 });
    console.log(`  campaign-odds: ${(await page.locator("#campaign-battles li").first().innerText()).replace(/\n/g, " | ")}`);
    await page.locator("#campaign-battles").scrollIntoViewIfNeeded();
  }],
  ["odds-mesbg", "?view=odds&game=mesbg", null],
  ["review", "?view=review", async (page) => {
    // The last turn of a close battle (the example position at 17-19 VP, from the movement phase) played by a
    // random player 1 and saved by the CLI's --save, reviewed for player 1.
    const position = join(outDir, "review-position.json");
    writeFileSync(position, JSON.stringify({ ...JSON.parse(readFileSync(join(root, "examples/positions/aos-last-round.json"), "utf8")), victoryPoints: [17, 19], phase: "movement" }));
    const file = join(outDir, "review-game.json");
    const r = spawnSync(process.execPath, [join(root, "bin", "tactica.mjs"), "battle", "--resume", position, "--agents", "policy,random", "--seed", "3", "--save", file], { cwd: root, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`tactica battle --save: ${r.stderr}`);
    await page.selectOption("#review-player", "1");
    await page.selectOption("#review-budget", "20");
    await page.setInputFiles("#review-file", file);
    await page.waitForFunction(() => document.querySelectorAll("#review-graph circle.mark-dot").length > 0, null, { timeout: 120_000 });
    await page.waitForSelector("#review-board[data-step='0']", { timeout: 30_000 });
    // To the first marked decision with another best choice: the move made and the best one dashed beside it.
    for (let i = 0; i < 60 && !(await page.locator("#review-board .arrow-best").count()) && !(await page.locator("#review-next").isDisabled()); i++) await page.keyboard.press("ArrowRight");
    console.log(`  review: ${await page.locator("#review-summary").innerText()}`);
    console.log(`  review board: step ${await page.getAttribute("#review-board", "data-step")}, ${await page.locator("#review-board .arrow-made").count()} move arrow, ${await page.locator("#review-board .arrow-best").count()} best-choice arrow`);
    if (!(await page.locator("#review-board .piece").count())) throw new Error("the review's board has no units");
  }],
  ["review-aos-battle", "?view=review", async (page) => {
    // A battle from its start, 45 decisions of the policy against a random second army (deployment, round 1's
    // moves, charge and fights), saved by the CLI's --save, reviewed for the random side at the quick budget.
    const file = join(outDir, "review-aos-battle.json");
    const r = spawnSync(process.execPath, [join(root, "bin", "tactica.mjs"), "battle", "--agents", "policy,random", "--seed", "3", "--stop-after", "45", "--save", file], { cwd: root, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`tactica battle --save: ${r.stderr}`);
    await page.selectOption("#review-player", "1");
    await page.selectOption("#review-budget", "20");
    await page.setInputFiles("#review-file", file);
    await page.waitForSelector("#review-board[data-step='0']", { timeout: 120_000 });
    // To a move of the reviewed side's whose best choice is another move: both arrows on the board.
    let both = false;
    for (let i = 0; i < 60 && !both; i++) {
      await page.keyboard.press("ArrowRight");
      both = (await page.locator("#review-board .arrow-made line").count()) > 0 && (await page.locator("#review-board .arrow-best line").count()) > 0;
    }
    if (!both) {
      await page.keyboard.press("Home");
      for (let i = 0; i < 60 && !(await page.locator("#review-board .arrow-made line").count()); i++) await page.keyboard.press("ArrowRight");
    }
    console.log(`  review-aos-battle: step ${await page.getAttribute("#review-board", "data-step")}: ${await page.locator("#review-moves li.current").innerText()}${both ? " (with the best choice)" : ""}`);
    if (!(await page.locator("#review-board .arrow-made line").count())) throw new Error("no AoS move drawn on the review's board");
  }],
  ["review-mesbg", "?view=review", async (page) => {
    // The MESBG example position (turn 4) played on for 30 decisions by the policy and a random player 0, saved
    // by the CLI's --save, reviewed for player 0 at the quick budget.
    const file = join(outDir, "review-mesbg-game.json");
    const r = spawnSync(process.execPath, [join(root, "bin", "tactica.mjs"), "mesbg", "--resume", join(root, "examples/positions/mesbg-turn-4.json"), "--agents", "random,policy", "--seed", "3", "--stop-after", "30", "--save", file], { cwd: root, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`tactica mesbg --save: ${r.stderr}`);
    await page.selectOption("#review-player", "0");
    await page.selectOption("#review-budget", "20");
    await page.setInputFiles("#review-file", file);
    await page.waitForSelector("#review-board[data-step='0']", { timeout: 120_000 });
    // To a move (a model that went somewhere) of the reviewed player's.
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("ArrowRight");
      if ((await page.locator("#review-board .arrow-made line").count()) && (await page.locator("#review-moves li.current.mine").count())) break;
    }
    console.log(`  review-mesbg: step ${await page.getAttribute("#review-board", "data-step")}: ${await page.locator("#review-moves li.current").innerText()}`);
    if (!(await page.locator("#review-board .arrow-made line").count())) throw new Error("no MESBG move drawn on the review's board");
  }],
  ["matchup", "", null, MATCHUP_TIMEOUT_MS],
];

try {
  await vite.ready(30_000);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  mkdirSync(outDir, { recursive: true });
  for (const vp of viewports) {
    for (const [name, path, act, timeout] of SCENES) {
      if (only && only !== name) continue;
      // A fresh context each time: its own IndexedDB, so every game starts from the setup.
      const context = await browser.newContext({ viewport: VIEWPORTS[vp], deviceScaleFactor: 1, isMobile: vp === "phone", hasTouch: vp === "phone" });
      const page = await context.newPage();
      const problems = [];
      await context.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith(base) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
        problems.push(`a request left the machine: ${url}`);
        return route.abort();
      });
      page.on("pageerror", (e) => problems.push(`page error: ${e.message}${process.env.E2E_STACK ? `\n${e.stack}` : ""}`));
      page.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));
      const shot = `${vp}-${name}.png`;
      try {
        await page.goto(base + path);
        await page.waitForSelector("body[data-ready]", { timeout: timeout ?? READY_TIMEOUT_MS });
        if (act) await act(page);
        // Past the AI moves' animation (web/play/animate.ts, 400 ms).
        await page.waitForTimeout(500);
        // Against the screen's width, not innerWidth: a phone's layout viewport grows to fit a too-wide page.
        const wide = (await page.evaluate(() => document.documentElement.scrollWidth)) - VIEWPORTS[vp].width;
        if (wide > 1) problems.push(`the page is ${wide}px wider than the ${vp} screen (it scrolls sideways)`);
        await page.screenshot({ path: join(outDir, shot), fullPage: true });
        console.log(`saved .cache/e2e/${shot}`);
      } catch (e) {
        problems.push(e.message.split("\n")[0]);
        await page.screenshot({ path: join(outDir, shot), fullPage: true }).catch(() => undefined);
      } finally {
        for (const p of problems) failures.push(`${shot}: ${p}`);
        await context.close();
      }
    }
  }
} catch (e) {
  failures.push(e.message);
  if (vite.log()) console.error(`vite output:\n${vite.log()}`);
} finally {
  await browser?.close();
  await vite.stop();
}
for (const f of failures) console.error(`FAIL ${f}`);
console.log(`${failures.length ? "e2e failed" : "e2e passed"} in ${((Date.now() - t0) / 1000).toFixed(0)} s; screenshots in .cache/e2e/`);
process.exit(failures.length ? 1 : 0);
