/**
 * The odds view's funnel of the attack sequence and the comparison of up to three attackers, in real
 * Chromium: the stage means come from the coordinator worker's Wasm kernel, equal to the TypeScript kernel's,
 * and the picker draws one column per attacker against one defender.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aosOddsExact } from "../../src/aos/odds/index.js";
import { bundledLibrary } from "../../src/aos/armies/index.js";
import { DEFAULT_AOS } from "../../web/defaults.js";
import { drawFunnel, FUNNEL_STAGES } from "../../web/odds-funnel.js";
import { mountOddsPicker, pickedMatchup } from "../../web/odds-picker.js";
import { createWorkerHost, type WorkerHost } from "../../web/worker-host.js";
import { SERIES_COLOURS } from "../../web/colours.js";

let host: WorkerHost;
beforeAll(async () => {
  host = createWorkerHost();
  await host.ready();
});
afterAll(async () => {
  await (await host.ready()).close();
});

const until = async (f: () => boolean, ms = 30_000) => {
  const end = performance.now() + ms;
  while (!f()) {
    if (performance.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe("odds funnel: hits, wounds, unsaved, after ward", () => {
  it("[CORE-HIT][CORE-WARD] the worker's (Wasm) stage means equal the TypeScript kernel's: 21 attacks, 17.5 hits, 8.75 wounds, 4.375 unsaved, 525/144 after the ward", async () => {
    const w = await host.ready();
    const r = await Promise.race([w.api.aosExact(DEFAULT_AOS), w.failed]);
    expect(r.stages).toEqual(aosOddsExact(DEFAULT_AOS).stages);
    expect(r.stages!.attacks).toBe(21);
    expect(r.stages!.hits).toBeCloseTo(17.5, 12);
    expect(r.stages!.wounds).toBeCloseTo(8.75, 12);
    expect(r.stages!.unsaved).toBeCloseTo(4.375, 12);
    expect(r.stages!.afterWard).toBeCloseTo(525 / 144, 12);

    const box = document.createElement("div");
    document.body.append(box);
    drawFunnel(box, [{ name: "Mortek <b>Guard</b>", colour: SERIES_COLOURS[0], stages: r.stages! }], "test");
    const rows = [...box.querySelectorAll("tbody tr")];
    expect(rows.map((tr) => tr.querySelector("th")!.textContent)).toEqual(FUNNEL_STAGES.map((s) => s.label));
    expect(rows.map((tr) => tr.querySelector(".funnel-val")!.textContent)).toEqual(["21.00", "17.50 83%", "8.75 50%", "4.38 50%", "4.38 x1.00", "3.65 83%"]);
    // Bars on one scale: the attacks' bar is the full width, the hits' 17.5/21 of it.
    const width = (i: number) => parseFloat((rows[i]!.querySelector(".funnel-bar") as HTMLElement).style.width);
    expect(width(0)).toBe(100);
    expect(width(1)).toBeCloseTo((100 * 17.5) / 21, 1);
    box.remove();
  });

  it("[CORE-HIT] compares three attackers side by side against one defender, each column the exact odds of that attacker", async () => {
    const panel = document.createElement("div");
    const textarea = document.createElement("textarea");
    const form = document.createElement("form");
    form.append(textarea);
    panel.append(form);
    document.body.append(panel);
    mountOddsPicker(host, panel, textarea, form);
    const lib = bundledLibrary();
    const names = [...lib.warscrolls].sort((x, y) => x.name.localeCompare(y.name)).map((w) => w.name);
    const pick = (id: string, name: string) => {
      const sel = panel.querySelector<HTMLSelectElement>(`#${id}`)!;
      sel.value = String(names.indexOf(name));
      sel.dispatchEvent(new Event("change"));
    };
    pick("pick-attacker", "Mortek Guard");
    pick("pick-defender", "Liberators");
    pick("pick-compare-1", "Liberators");
    pick("pick-compare-2", "Gatebreaker Mega-Gargant");
    panel.querySelector<HTMLButtonElement>("#pick-compare")!.click();
    await until(() => panel.querySelectorAll("#compare thead th").length === 4);
    const heads = [...panel.querySelectorAll("#compare thead th")].slice(1).map((th) => th.textContent);
    expect(heads).toEqual(["Mortek Guard", "Liberators", "Gatebreaker Mega-Gargant"]);
    const find = (n: string) => lib.warscrolls.find((w) => w.name === n)!;
    const expected = ["Mortek Guard", "Liberators", "Gatebreaker Mega-Gargant"].map((n) => aosOddsExact(pickedMatchup(find(n), find(n).unitSize, "combat", find("Liberators"), 5).json));
    const afterWard = [...panel.querySelectorAll('#compare td[data-stage="afterWard"] .funnel-val')].map((e) => e.textContent);
    expect(afterWard).toEqual(expected.map((r) => r.stages!.afterWard.toFixed(2) + ` ${Math.round((100 * r.stages!.afterWard) / r.stages!.damage)}%`));
    // The damage step multiplies: the Gargant's unsaved attacks do more than one damage each.
    const damage = [...panel.querySelectorAll('#compare td[data-stage="damage"] .funnel-val')].map((e) => e.textContent);
    expect(damage).toEqual(expected.map((r) => `${r.stages!.damage.toFixed(2)} x${(r.stages!.damage / r.stages!.unsaved).toFixed(2)}`));
    // The real Mortek Guard warscroll: 21 x 4/6 x 1/2 x 1/3 = 7/3 after the ward (the Liberators have none).
    expect(afterWard[0]).toBe("2.33 100%");
    const destroyed = [...panel.querySelectorAll("#compare .funnel-extra")].at(-1)!.querySelectorAll("td");
    expect([...destroyed].map((td) => td.textContent)).toEqual(expected.map((r) => `${(100 * r.destroyed).toFixed(1)}%`));
    const swatches = [...panel.querySelectorAll<HTMLElement>("#compare thead .swatch")].map((s) => s.style.background);
    expect(new Set(swatches).size).toBe(3);
    panel.remove();
  });
});
