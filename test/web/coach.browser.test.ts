/**
 * The Coach view in real Chromium: a known position (examples/positions/aos-last-round.json, the second
 * army's battle-tactic pick in round 5) coached in the worker: the ranked moves with win probability, VP and
 * reason, the tactic to pick; the same position at its movement phase with the moves drawn as numbered
 * arrows from the unit to its objective; a MESBG position; a bad paste refused with its message.
 */
import { beforeAll, describe, expect, it } from "vitest";
import aosLastRound from "../../examples/positions/aos-last-round.json" with { type: "json" };
import { createCoachView } from "../../web/coach/coach-view.js";
import { forgetGame } from "../../web/play/store.js";
import { mesbgShortSave } from "../review/fixtures.js";
import { loadGame } from "../../src/saves/load.js";
import type { MesbgState } from "../../src/mesbg/game.js";

const until = async (f: () => boolean, ms = 60_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
};
type Root = HTMLElement & { coach(json: unknown): Promise<boolean>; coachText(t: string): Promise<boolean> };
const root = () => document.getElementById("view-coach") as Root;
const labels = () => [...document.querySelectorAll("#coach-moves .move-label")].map((e) => e.textContent!);

beforeAll(async () => {
  document.body.replaceChildren(document.createElement("footer"));
  // No game in Play: the view opens on its first example.
  await forgetGame("play-aos");
});

describe("Coach", () => {
  it("[PB-TACTICS] lists the top moves of a known position with win probability, VP and reason, and the tactic to pick", async () => {
    const view = createCoachView(() => undefined);
    (document.getElementById("coach-budget") as HTMLSelectElement).value = "500";
    (document.getElementById("coach-top") as HTMLInputElement).value = "3";
    view.show();
    await until(() => root().dataset.moves !== undefined);
    expect(root().dataset.moves).toBe("3");
    expect(document.getElementById("coach-heading")!.textContent).toBe("Hammers of the Warrior Chamber to decide — round 5, battle-tactic");
    // Every move is a battle tactic to pick (the hero phase's decision), with its figures and reason.
    for (const l of labels()) expect(l).toMatch(/^battle tactic: /);
    for (const f of document.querySelectorAll("#coach-moves .move-figures")) expect(f.textContent).toMatch(/^win \d+% \[\d+%–\d+%\] · VP [+−]\d+\.\d · \d+ searches$/);
    for (const r of document.querySelectorAll("#coach-moves .move-reason")) expect(r.textContent).toMatch(/^\d+% to win, VP margin [+−]\d+\.\d/);
    expect(document.getElementById("coach-tactic")!.textContent).toBe(`The tactic to pick: ${labels()[0]!.replace(/^battle tactic: /, "")} — ${/(\d+)% to complete/.exec(document.querySelector("#coach-moves .move-reason")!.textContent!)?.[1] ?? "?"}% to complete it.`);
    expect(document.getElementById("coach-status")!.textContent).toMatch(/^3 moves from 500 searches in \d+\.\d s\.$/);
    // [AB-COVERAGE] the advice depends on the abilities too: each army's line, its list in a disclosure.
    expect([...document.querySelectorAll("#coach-coverage summary")].map((e) => e.textContent)).toEqual([
      "Mortek Shieldwall: 1 of this army's 9 abilities is not played",
      "Hammers of the Warrior Chamber: 1 of this army's 11 abilities is not played",
    ]);
    expect([...document.querySelectorAll("#coach-coverage details:first-child li")].map((e) => e.textContent!.split(":")[0]).sort()).toEqual(["Mortisan Boneshaper/Legion Quartermaster"]);
  });

  it("[CORE-MOVE] at the movement phase the moves are drawn as numbered arrows from the unit to its objective", async () => {
    expect(await root().coach({ ...aosLastRound, phase: "movement" })).toBe(true);
    expect(document.getElementById("coach-heading")!.textContent).toBe("Hammers of the Warrior Chamber to decide — round 5, movement");
    const ls = labels();
    const toward = ls.flatMap((l, i) => (/^(\S.*) (moves|runs) toward objective (\w+)$/.test(l) ? [i + 1] : []));
    expect(toward.length).toBeGreaterThan(0);
    const arrows = [...document.querySelectorAll<SVGGElement>("#coach-board .arrow-coach")];
    for (const rank of toward) {
      const [, unit, , obj] = /^(\S.*) (moves|runs) toward objective (\w+)$/.exec(ls[rank - 1]!)!;
      const a = arrows.find((g) => g.classList.contains(`rank-${rank}`))!;
      expect(a.querySelector("text")!.textContent).toBe(String(rank));
      const line = a.querySelector("line")!;
      // From the unit's footprint (as the position file places it) to the objective's marker (north at the top: y flipped on 44").
      const u = aosLastRound.units.find((x) => x.unit === unit && x.army === 1)!;
      expect([Number(line.getAttribute("x1")), Number(line.getAttribute("y1"))]).toEqual([u.at!.x, 44 - u.at!.y]);
      const o = document.querySelector(`#coach-board [data-objective="${obj}"] circle`)!;
      expect([line.getAttribute("x2"), line.getAttribute("y2")]).toEqual([o.getAttribute("cx"), o.getAttribute("cy")]);
    }
  });

  it("[ME-MOVE] a MESBG position lists its moves; a bad paste shows its message and keeps the last answer", async () => {
    (document.getElementById("coach-example") as HTMLSelectElement).value = "1";
    document.getElementById("coach-example-go")!.click();
    await until(() => document.getElementById("coach-heading")!.textContent!.includes("turn 4"));
    expect(root().dataset.moves).toBe("3");
    for (const f of document.querySelectorAll("#coach-moves .move-figures")) expect(f.textContent).toMatch(/^win \d+% \[\d+%–\d+%\] · \d+ searches$/);
    const before = document.getElementById("coach-moves")!.outerHTML;
    expect(await root().coachText("{ nope")).toBe(false);
    expect(document.getElementById("coach-error")!.textContent).toMatch(/^the position is not JSON/);
    expect(await root().coachText(JSON.stringify({ ...aosLastRound, round: 9 }))).toBe(false);
    expect(document.getElementById("coach-error")!.textContent).toMatch(/round/);
    expect(document.getElementById("coach-moves")!.outerHTML).toBe(before);
    // "Moves listed" is refused, named, when it is no whole number from 1 to 20 (it was clamped or rounded).
    const top = document.getElementById("coach-top") as HTMLInputElement;
    for (const v of ["-1", "0", "1000", "2.5", ""]) {
      top.value = v;
      expect(await root().coachText(JSON.stringify(aosLastRound))).toBe(false);
      expect(document.getElementById("coach-error")!.textContent).toBe("moves listed: must be a whole number from 1 to 20");
      expect(top.getAttribute("aria-invalid")).toBe("true");
      expect(document.getElementById("coach-moves")!.outerHTML).toBe(before);
    }
    top.value = "3";
  });

  it("lists the moves as titled: the recommendation, then the most searched", () => {
    expect([...document.querySelectorAll("#view-coach h3")].map((e) => e.textContent)).toContain("The coach's moves: its recommendation, then the most searched");
    // (the recommendation is the most searched unless paired games to the end did not confirm it: src/mesbg/coach.ts)
    const visits = [...document.querySelectorAll("#coach-moves .move-figures")].map((f) => Number(/· (\d+) searches$/.exec(f.textContent!)![1])).slice(1);
    expect(visits.length).toBeGreaterThan(1);
    expect([...visits].sort((a, b) => b - a)).toEqual(visits);
  });

  it("[ME-MOVE] a MESBG model's moves are numbered arrows to where the engine puts it", async () => {
    // The example position with the Dark Marshal activated (fixtures.ts): its move is the decision.
    const save = mesbgShortSave(1);
    expect(save.steps[0]!.text).toBe("The Dark Marshal #10 activates");
    (document.getElementById("coach-top") as HTMLInputElement).value = "12";
    expect(await root().coach(save)).toBe(true);
    expect(document.getElementById("coach-coverage")!.childElementCount).toBe(0); // MESBG: no warscroll abilities
    const state = loadGame(save, 1).state as MesbgState;
    const marshal = state.data.models[10]!;
    let moved = 0;
    labels().forEach((label, i) => {
      const action = state.legalActions(state.currentPlayer()).find((a) => state.actionToString(a) === label)!;
      expect(action).toBeDefined();
      const after = state.clone();
      after.apply(action);
      const to = after.data.models[10]!;
      const g = document.querySelector(`#coach-board .arrow-coach.rank-${i + 1}`)!;
      expect(g.querySelector("text")!.textContent).toBe(String(i + 1));
      const line = g.querySelector("line");
      if (Math.hypot(to.x - marshal.x, to.y - marshal.y) > 0.05) {
        moved++;
        // From the model's base to the engine's destination (north up: y flipped on the 48" board).
        expect([Number(line!.getAttribute("x1")), 48 - Number(line!.getAttribute("y1"))]).toEqual([marshal.x, marshal.y]);
        expect(Number(line!.getAttribute("x2"))).toBeCloseTo(to.x, 9);
        expect(48 - Number(line!.getAttribute("y2"))).toBeCloseTo(to.y, 9);
      } else if (/ casts .* at .* #\d+ /.test(label)) {
        // A spell: from the caster to its target (the model numbered in the label).
        const target = state.data.models[Number(/ at .* #(\d+) /.exec(label)![1])]!;
        expect([Number(line!.getAttribute("x1")), 48 - Number(line!.getAttribute("y1"))]).toEqual([marshal.x, marshal.y]);
        expect([Number(line!.getAttribute("x2")), 48 - Number(line!.getAttribute("y2"))]).toEqual([target.x, target.y]);
      } else {
        // Staying put: a ring round the model.
        expect(line).toBeNull();
        expect([Number(g.querySelector("circle")!.getAttribute("cx")), 48 - Number(g.querySelector("circle")!.getAttribute("cy"))]).toEqual([marshal.x, marshal.y]);
      }
    });
    expect(moved).toBeGreaterThan(0);
  });
});
