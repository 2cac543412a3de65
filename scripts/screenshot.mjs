// Screenshots of the real web page (STACK.md "Screenshots of the real page"): serves web/ on 127.0.0.1 at a
// free port — `vite preview web` when web/dist is a current build (`npm run build:web`), else the dev
// server `vite web` — opens it in /usr/bin/chromium, waits for body[data-ready] (set once the first result
// is drawn; a plain `chromium --screenshot` fires before the workers answer) and saves screenshots/*.png:
//   matchup.png             the default view: the built-in default matchup (1,200 battles) once it is drawn
//   matchup-paste.png       a pasted roster with a mistake: the error names the field, under the picker
//   odds.png, odds-mesbg.png, odds-error.png   the combat-odds view (AoS, MESBG, a bad input)
//   play-aos.png, play-mesbg.png   a few decisions played against the AI (the first candidate each time),
//                                  with a unit hovered (its ranges drawn)
//   campaign.png                   the campaign map after a few orders against the AI
//   coach-mesbg.png, coach-aos.png the coach on the MESBG and AoS example positions (recommendation and reasons)
//   review.png                     a saved Pitched Battle (made here by the CLI) reviewed, its first marked decision open
// Builds nothing itself: the Wasm core (build/core.wasm) must exist (`npm run build`).
//
//   node scripts/screenshot.mjs [--dev] [--only NAME]   --dev: always use the dev server; --only: one
//                                                       screenshot (e.g. play-aos.png)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, root, startVite } from "./serve.mjs";

const outDir = join(root, "screenshots");
const READY_TIMEOUT_MS = 60_000;
// The default matchup plays 12 x 100 battles: ~15 s on two cores, longer on a slow machine.
const MATCHUP_TIMEOUT_MS = 300_000;

if (!existsSync(join(root, "build", "core.wasm"))) {
  console.error("build/core.wasm not found: run `npm run build` first");
  process.exit(2);
}

/** Newest modification time of the files under `dir` (skipping web/dist itself). */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (p !== join(root, "web", "dist")) t = Math.max(t, newest(p));
    } else t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

/** A build older than its sources would show yesterday's page, so then the dev server is used instead. */
function distIsCurrent() {
  const built = join(root, "web", "dist", "index.html");
  if (!existsSync(built)) return false;
  const sources = Math.max(...["web", "src", "workers"].map((d) => newest(join(root, d))), statSync(join(root, "build", "core.wasm")).mtimeMs);
  return statSync(built).mtimeMs >= sources;
}




const useDev = process.argv.includes("--dev") || !distIsCurrent();
const vite = await startVite({ dev: useDev });
console.log(`serving with vite ${useDev ? "dev server (web/dist missing or older than its sources)" : "preview (web/dist)"} on 127.0.0.1:${vite.port}`);
const base = vite.base;
let browser;
let failed = false;
try {
  await vite.ready(30_000);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 }, deviceScaleFactor: 1 });
  mkdirSync(outDir, { recursive: true });

  /** Opens `path`, waits for the first drawn result, runs `act`, saves the page; page errors fail the run. */
  const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
  async function shoot(name, path, act, readyTimeout = READY_TIMEOUT_MS) {
    if (only && only !== name) return;
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));
    try {
      await page.goto(base + path);
      await page.waitForSelector("body[data-ready]", { timeout: readyTimeout });
      if (act) await act(page);
      const file = join(outDir, name);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`saved ${file}`);
    } catch (e) {
      failed = true;
      console.error(`${name}: ${e.message.split("\n")[0]}`);
      const text = await page.locator("body").innerText().catch(() => "");
      if (text) console.error(`page text:\n${text.slice(0, 1500)}`);
    } finally {
      for (const p of problems) console.error(`${name}: ${p}`);
      if (problems.length) failed = true;
      await page.close();
    }
  }

  await shoot("matchup.png", "", async (page) => {
    // The page's default view is the matchup, and it must have played every battle it promised.
    const text = await page.locator("#mu-detail").innerText();
    if (!/1,200 battles over 12 battleplans/.test(text)) throw new Error(`the default matchup is not 12 x 100 battles: "${text}"`);
    if ((await page.locator("#mu-plans rect.seg").count()) !== 13 * 3) throw new Error("the battleplan chart does not have 13 rows of 3 bars");
  }, MATCHUP_TIMEOUT_MS);
  // A pasted roster with a mistake: the message names the field, next to the input, before anything runs.
  await shoot("matchup-paste.png", "", async (page) => {
    await page.selectOption("#mu-b-select", "paste");
    const text = await page.inputValue("#mu-b-json");
    await page.fill("#mu-b-json", text.replace(/"pointsLimit": \d+/, '"pointsLimit": "lots"'));
    await page.waitForSelector("#mu-b-check.bad", { timeout: 10_000 });
    const message = await page.locator("#mu-b-check").innerText();
    if (!message.includes("pointsLimit")) throw new Error(`the error does not name the field: "${message}"`);
    await page.click("#mu-run");
  }, MATCHUP_TIMEOUT_MS);
  await shoot("odds.png", "?view=odds");
  await shoot("odds-mesbg.png", "?view=odds&game=mesbg");
  // A bad input must show inline next to the input while the last good result stays on screen.
  await shoot("odds-error.png", "?view=odds", async (page) => {
    const text = await page.inputValue("#input");
    await page.fill("#input", text.replace('"save": 3', '"save": 9'));
    await page.click("#compute");
    await page.waitForSelector("#error:not([hidden])", { timeout: 10_000 });
  });
  /** Plays `n` decisions (the first candidate each time), waiting for the AI's answer after each. */
  async function play(page, kind, n) {
    for (let i = 0; i < n; i++) {
      const steps = await page.getAttribute(`#view-play-${kind}`, "data-steps");
      const first = page.locator(`#${kind}-choices button[data-action]`).first();
      if (!(await first.count())) break;
      await first.click();
      await page.waitForFunction(([k, s]) => document.getElementById(`view-play-${k}`).dataset.steps !== s, [kind, steps], { timeout: 30_000 });
    }
  }
  await shoot("play-aos.png", "?view=play-aos", async (page) => {
    await page.click("#aos-new");
    await page.waitForFunction(() => document.querySelectorAll("#aos-choices button[data-action]").length > 0);
    await play(page, "aos", 12);
    const unit = page.locator("#aos-board .piece.side-0").first();
    if (await unit.count()) await unit.hover();
  });
  await shoot("play-mesbg.png", "?view=play-mesbg", async (page) => {
    await page.click("#mesbg-new");
    await page.waitForFunction(() => document.querySelectorAll("#mesbg-choices button[data-action]").length > 0);
    await play(page, "mesbg", 8);
    const model = page.locator("#mesbg-board .piece.side-0").first();
    if (await model.count()) await model.hover();
  });
  await shoot("campaign.png", "?view=campaign", async (page) => {
    await page.click("#campaign-new");
    await page.waitForFunction(() => document.querySelectorAll("#campaign-choices button[data-action]").length > 0);
    await play(page, "campaign", 3);
  });
  await shoot("coach-mesbg.png", "?view=coach", async (page) => {
    await page.selectOption("#coach-example", "1");
    await page.click("#coach-example-go");
    await page.waitForFunction(() => document.getElementById("coach-heading")?.textContent?.includes("turn 4"), null, { timeout: READY_TIMEOUT_MS });
  });
  await shoot("coach-aos.png", "?view=coach", async (page) => {
    await page.selectOption("#coach-example", "0");
    await page.click("#coach-example-go");
    await page.waitForFunction(() => /searches in/.test(document.getElementById("coach-status")?.textContent ?? ""), null, { timeout: READY_TIMEOUT_MS });
  });
  await shoot("review.png", "?view=review", async (page) => {
    // A Pitched Battle saved by the CLI as a user would (scripted against scripted), reviewed for player 0 at
    // the quick setting; then its first marked decision opened (the verdict and the fresh-dice check's line).
    const dir = mkdtempSync(join(tmpdir(), "tactica-shot-"));
    try {
      const file = join(dir, "game.json");
      execFileSync(process.execPath, [join(root, "bin", "tactica.mjs"), "battle", "--agents", "scripted,scripted", "--save", file], { stdio: "ignore" });
      await page.selectOption("#review-player", "0");
      await page.selectOption("#review-budget", "20");
      await page.setInputFiles("#review-file", file);
      await page.waitForFunction(() => /^Reviewed /.test(document.getElementById("review-status")?.textContent ?? ""), null, { timeout: MATCHUP_TIMEOUT_MS });
      const marked = page.locator("#review-moves li:has(.mark-badge)").first();
      if (await marked.count()) await marked.click();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, READY_TIMEOUT_MS);
} catch (e) {
  failed = true;
  console.error(e.message);
  if (vite.log()) console.error(`vite output:\n${vite.log()}`);
} finally {
  await browser?.close();
  await vite.stop();
}
process.exit(failed ? 1 : 0);
