/**
 * The whole dashboard mounts as `npm start` serves it: web/index.html's markup, then web/main.ts, every view
 * created at once. A view that throws while it is created (a name used before its declaration, as the
 * Matchup view's abilities note once was) leaves the page stuck at its first view; the unit-level browser
 * tests mount one view's parts and do not see it.
 */
import { expect, it } from "vitest";
import html from "../../web/index.html?raw";

it("[DASH-VIEWS] index.html + main.ts mount every view; the Matchup view shows the points warning and one abilities note per army", async () => {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)![1]!.replace(/<script[\s\S]*?<\/script>/g, "");
  document.body.innerHTML = body;
  await import("../../web/main.js");
  const notes = [...document.querySelectorAll("#mu-coverage summary, #mu-coverage > div")].map((e) => e.textContent);
  // The default armies: Mortek Shieldwall (9 abilities, 1 not played) and the Hammers (11, 1 not played) — data/aos/abilities.json.
  expect(notes).toEqual(["Mortek Shieldwall: 1 of this army's 9 abilities is not played", "Hammers of the Warrior Chamber: 1 of this army's 11 abilities is not played"]);
  expect(document.getElementById("mu-points-warning")!.hidden).toBe(false);
  expect(document.getElementById("mu-points-warning")!.textContent).toContain("990 of 1000");
  // Every header button names a view the page has.
  const views = [...document.querySelectorAll<HTMLButtonElement>(".view-switch button")].map((b) => b.dataset.view);
  expect(views).toEqual(["play-aos", "play-mesbg", "campaign", "coach", "review", "matchup", "odds"]);
  for (const v of views) expect(document.getElementById(`view-${v}`) ?? document.getElementById(`view-play-${v}`), v).not.toBeNull();
});
