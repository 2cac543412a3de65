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

/** The Odds view's picker mounted on a fresh panel with its JSON box and form (the form does not submit). */
function pickerPanel(): { panel: HTMLDivElement; textarea: HTMLTextAreaElement; form: HTMLFormElement } {
  const panel = document.createElement("div");
  const textarea = document.createElement("textarea");
  const form = document.createElement("form");
  form.addEventListener("submit", (e) => e.preventDefault());
  form.append(textarea);
  panel.append(form);
  document.body.append(panel);
  mountOddsPicker(host, panel, textarea, form);
  return { panel, textarea, form };
}

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
    const { panel } = pickerPanel();
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

  it("the picker's models fields: named as on screen, empty is the unit's size, a success clears the error and a failure marks the old table not current", async () => {
    const { panel, textarea } = pickerPanel();
    const names = [...bundledLibrary().warscrolls].sort((x, y) => x.name.localeCompare(y.name)).map((w) => w.name);
    const $ = <T extends HTMLElement>(id: string) => panel.querySelector<T>(`#${id}`)!;
    const error = () => ($("pick-error").hidden ? "" : $("pick-error").textContent);
    const set = (id: string, v: string) => ($<HTMLInputElement>(id).value = v);
    // The compare: Mortek Guard and 3 Crypt Flayers against 5 Liberators.
    $<HTMLSelectElement>("pick-compare-1").value = String(names.indexOf("Crypt Flayers"));
    $<HTMLSelectElement>("pick-compare-1").dispatchEvent(new Event("change"));
    expect($<HTMLInputElement>("pick-compare-1-models").value).toBe("3");
    $("pick-compare").click();
    await until(() => panel.querySelectorAll("#compare thead th").length === 3);
    set("pick-compare-1-models", "-4");
    $("pick-compare").click();
    expect(error()).toBe("Attacker 2 size: must be a whole number from 1 to 100, or empty for the unit's size (Crypt Flayers: 3)");
    expect($("compare").classList.contains("stale")).toBe(true);
    expect($("compare").querySelector(".stale-note")!.textContent).toBe("Not current: this is for 10 Mortek Guard, 3 Crypt Flayers against 5 Liberators, combat.");
    // Emptied: the unit's size (the placeholder says "size"); the success clears the error and the dimming.
    set("pick-compare-1-models", "");
    $("pick-compare").click();
    expect(error()).toBe("");
    await until(() => panel.querySelectorAll("#compare thead th").length === 3 && !$("compare").querySelector(".stale-note"));
    expect($("compare").classList.contains("stale")).toBe(false);
    expect($("compare").querySelector(".compare-title")!.textContent).toBe("Combat: each attacker against 5 Liberators, exact means");
    // The what-if table, then a bad Defender models: the table stays, dimmed, saying what it is for.
    $("pick-what-if").click();
    await until(() => panel.querySelectorAll("#what-if tbody tr").length === 6);
    set("pick-defender-models", "2.5");
    $("pick-what-if").click();
    expect(error()).toBe("Defender models: must be a whole number from 1 to 100, or empty for the unit's size (Liberators: 5)");
    expect($("what-if").querySelector(".stale-note")!.textContent).toBe("Not current: this is for 10 Mortek Guard against 5 Liberators, combat.");
    set("pick-attacker-models", "0");
    $("pick-use").click();
    expect(error()).toBe("Attacker models: must be a whole number from 1 to 100, or empty for the unit's size (Mortek Guard: 10). Nothing was computed: the odds shown are still those of the matchup in the JSON box.");
    expect(textarea.value).toBe("");
    // Both emptied: the units' sizes, and the success clears the error.
    set("pick-attacker-models", "");
    set("pick-defender-models", "");
    $("pick-use").click();
    expect(error()).toBe("");
    const json = JSON.parse(textarea.value) as { attacker: { models: number }; defender: { models: number } };
    expect([json.attacker.models, json.defender.models]).toEqual([10, 5]);
    // A unit without weapons of the phase: named as on screen, the hint the phase field, not the CLI's flag.
    const phase = $<HTMLSelectElement>("pick-phase");
    phase.value = "shooting";
    phase.dispatchEvent(new Event("change"));
    $("pick-compare").click();
    expect(error()).toBe("Attacker: Mortek Guard has no ranged weapons (pick the combat phase)");
    panel.remove();
  });
});
