/**
 * The odds view's unit picker (AoS): attacker and defender from the bundled warscrolls instead of JSON (the
 * JSON editor stays, as the advanced option: the picker writes the JSON it computes). Each side goes through
 * warscrollToOddsSide, as `tactica odds --attacker NAME` does, so the profile is the real warscroll's, and
 * what the odds do not model is listed. Below it, the what-if table: mean damage and the chance to destroy
 * across the defender's save (2+..6+, none) and the attacker's hit re-rolls, each cell an exact computation
 * in the coordinator worker.
 */
import { bundledLibrary, warscrollToOddsSide } from "../src/aos/armies/index.js";
import type { Warscroll } from "../src/aos/armies/index.js";
import { SERIES_COLOURS } from "./colours.js";
import { h } from "./dom.js";
import { drawFunnel } from "./odds-funnel.js";
import { describeFailure } from "./odds-worker.js";
import type { WorkerHost } from "./worker-host.js";

export const WHAT_IF_SAVES = [2, 3, 4, 5, 6, null] as const;
export const WHAT_IF_REROLLS = ["none", "ones", "failed"] as const;

/** The matchup JSON for two warscrolls (throws an InputError naming the side when one cannot be used). */
export function pickedMatchup(attacker: Warscroll, attackerModels: number, phase: "combat" | "shooting", defender: Warscroll, defenderModels: number) {
  const a = warscrollToOddsSide(attacker, "attacker", attackerModels, phase);
  const d = warscrollToOddsSide(defender, "defender", defenderModels);
  return {
    json: { attacker: a.json, defender: d.json, context: { charged: false, modifiers: { hit: 0, wound: 0, save: 0 }, rerolls: { hit: "none", wound: "none", save: "none" } } },
    notes: [...a.notes, ...d.notes],
  };
}

/** How many attackers the comparison takes (issue 12: "compare up to three attackers side by side"). */
export const MAX_COMPARED = 3;

export function mountOddsPicker(host: WorkerHost, panel: HTMLElement, textarea: HTMLTextAreaElement, form: HTMLFormElement): void {
  const lib = bundledLibrary();
  const scrolls = [...lib.warscrolls].sort((x, y) => x.name.localeCompare(y.name));
  const opt = (w: Warscroll, i: number) => h("option", { value: String(i) }, `${w.name} (${w.faction ?? ""})`);
  const aSel = h("select", { id: "pick-attacker" }, ...scrolls.map(opt)) as HTMLSelectElement;
  const dSel = h("select", { id: "pick-defender" }, ...scrolls.map(opt)) as HTMLSelectElement;
  aSel.value = String(Math.max(0, scrolls.findIndex((w) => w.name === "Mortek Guard")));
  dSel.value = String(Math.max(0, scrolls.findIndex((w) => w.name === "Liberators")));
  const aModels = h("input", { type: "number", min: "1", max: "100", value: "10", id: "pick-attacker-models" }) as HTMLInputElement;
  const dModels = h("input", { type: "number", min: "1", max: "100", value: "5", id: "pick-defender-models" }) as HTMLInputElement;
  const phase = h("select", { id: "pick-phase" }, h("option", { value: "combat" }, "combat (melee)"), h("option", { value: "shooting" }, "shooting (ranged)")) as HTMLSelectElement;
  const use = h("button", { type: "button", class: "primary", id: "pick-use" }, "Use these units") as HTMLButtonElement;
  const whatIf = h("button", { type: "button", id: "pick-what-if" }, "What if: saves and re-rolls") as HTMLButtonElement;
  const compareBtn = h("button", { type: "button", id: "pick-compare" }, "Compare attackers") as HTMLButtonElement;
  // The comparison: the attacker above and up to two more, each with its models, against the defender above.
  const more = [1, 2].map((k) => {
    const sel = h("select", { id: `pick-compare-${k}` }, h("option", { value: "" }, "— none —"), ...scrolls.map(opt)) as HTMLSelectElement;
    const models = h("input", { type: "number", min: "1", max: "100", value: "", placeholder: "size", id: `pick-compare-${k}-models`, "aria-label": `models of attacker ${k + 1}` }) as HTMLInputElement;
    sel.addEventListener("change", () => (models.value = sel.value === "" ? "" : String(scrolls[Number(sel.value)]!.unitSize)));
    return { sel, models };
  });
  const compareOut = h("div", { id: "compare", class: "compare", "aria-live": "polite" });
  const msg = h("p", { class: "pick-note", id: "pick-note", "aria-live": "polite" });
  const table = h("div", { id: "what-if", class: "what-if" });
  const sizeOf = (sel: HTMLSelectElement, models: HTMLInputElement) => () => (models.value = String(scrolls[Number(sel.value)]!.unitSize));
  aSel.addEventListener("change", sizeOf(aSel, aModels));
  dSel.addEventListener("change", sizeOf(dSel, dModels));

  const current = () => pickedMatchup(scrolls[Number(aSel.value)]!, Number(aModels.value), phase.value as "combat" | "shooting", scrolls[Number(dSel.value)]!, Number(dModels.value));
  use.addEventListener("click", () => {
    try {
      const m = current();
      textarea.value = JSON.stringify(m.json, null, 1);
      textarea.dispatchEvent(new Event("input"));
      msg.textContent = `From the bundled warscrolls.${m.notes.length ? ` Not modelled by the odds: ${m.notes.join("; ")}.` : ""}`;
      form.requestSubmit();
    } catch (e) {
      msg.textContent = describeFailure(e).message;
    }
  });
  whatIf.addEventListener("click", async () => {
    let base: ReturnType<typeof current>["json"];
    try {
      base = current().json;
    } catch (e) {
      msg.textContent = describeFailure(e).message;
      return;
    }
    whatIf.disabled = true;
    table.replaceChildren(h("p", {}, "Computing 18 exact cases…"));
    try {
      const w = await host.ready();
      const rows: HTMLElement[] = [];
      let top = 0;
      const cells: { save: number | null; reroll: string; mean: number; destroyed: number }[] = [];
      for (const save of WHAT_IF_SAVES)
        for (const reroll of WHAT_IF_REROLLS) {
          const input = { ...base, defender: { ...base.defender, save }, context: { ...base.context, rerolls: { ...base.context.rerolls, hit: reroll } } };
          const r = await Promise.race([w.api.aosExact(input), w.failed]);
          cells.push({ save, reroll, mean: r.damage.mean, destroyed: r.destroyed });
          top = Math.max(top, r.damage.mean);
        }
      for (const save of WHAT_IF_SAVES) {
        rows.push(h("tr", {}, h("th", {}, save === null ? "no save" : `${save}+`),
          ...WHAT_IF_REROLLS.map((reroll) => {
            const c = cells.find((x) => x.save === save && x.reroll === reroll)!;
            return h("td", {}, h("span", { class: "bar", style: `width:${top ? (100 * c.mean) / top : 0}%` }), h("span", { class: "val" }, `${c.mean.toFixed(2)} dmg · ${(100 * c.destroyed).toFixed(1)}% destroyed`));
          })));
      }
      table.replaceChildren(h("table", { class: "what-if-table" },
        h("caption", {}, `Mean damage and chance to destroy ${base.defender.name}: its save (rows) against ${base.attacker.name}'s hit re-rolls (columns)`),
        h("thead", {}, h("tr", {}, h("th", {}, "save"), ...WHAT_IF_REROLLS.map((r) => h("th", {}, r === "none" ? "no re-roll" : r === "ones" ? "re-roll 1s" : "re-roll failed")))),
        h("tbody", {}, ...rows)));
    } catch (e) {
      table.replaceChildren(h("p", { class: "error" }, describeFailure(e).message));
    } finally {
      whatIf.disabled = false;
    }
  });
  compareBtn.addEventListener("click", async () => {
    const d = scrolls[Number(dSel.value)]!;
    const picked = [{ w: scrolls[Number(aSel.value)]!, models: Number(aModels.value) }, ...more.filter((m) => m.sel.value !== "").map((m) => ({ w: scrolls[Number(m.sel.value)]!, models: Number(m.models.value) }))].slice(0, MAX_COMPARED);
    let inputs: ReturnType<typeof pickedMatchup>[];
    try {
      inputs = picked.map((p) => pickedMatchup(p.w, p.models, phase.value as "combat" | "shooting", d, Number(dModels.value)));
    } catch (e) {
      compareOut.replaceChildren(h("p", { class: "error" }, describeFailure(e).message));
      return;
    }
    compareBtn.disabled = true;
    compareOut.replaceChildren(h("p", {}, `Computing ${picked.length} exact attack${picked.length === 1 ? "" : "s"}…`));
    try {
      const w = await host.ready();
      const reports = [];
      for (const m of inputs) reports.push(await Promise.race([w.api.aosExact(m.json), w.failed]));
      const names = picked.map((p, i) => (picked.findIndex((q) => q.w === p.w) === i ? p.w.name : `${p.w.name} (${p.models})`));
      const notes = [...new Set(inputs.flatMap((m) => m.notes))];
      drawFunnel(compareOut, reports.map((r, i) => ({ name: names[i]!, colour: SERIES_COLOURS[i]!, stages: r.stages! })),
        `Up to three attackers side by side against ${d.name}`,
        [
          { label: "Slain", values: reports.map((r) => `${r.slain.mean.toFixed(2)} of ${r.models}`) },
          { label: "Destroyed", values: reports.map((r) => `${(100 * r.destroyed).toFixed(1)}%`) },
        ]);
      compareOut.prepend(h("p", { class: "compare-title" }, `${phase.value === "shooting" ? "Shooting" : "Combat"}: each attacker against ${dModels.value} ${d.name}, exact means`));
      if (notes.length) compareOut.append(h("p", { class: "pick-note" }, `Not modelled by the odds: ${notes.join("; ")}.`));
    } catch (e) {
      compareOut.replaceChildren(h("p", { class: "error" }, describeFailure(e).message));
    } finally {
      compareBtn.disabled = false;
    }
  });
  const fieldset = h("fieldset", { class: "odds-picker", id: "odds-picker" },
      h("legend", {}, "Pick the units (bundled warscrolls)"),
      h("label", {}, "Attacker ", aSel), h("label", {}, "models ", aModels), h("label", {}, "phase ", phase),
      h("label", {}, "Defender ", dSel), h("label", {}, "models ", dModels),
      h("div", { class: "actions" }, use, whatIf),
      h("div", { class: "compare-pick" },
        h("span", { class: "compare-label" }, "Compare the attacker with up to two more, against the same defender:"),
        ...more.map((m, i) => h("label", {}, `Attacker ${i + 2} `, m.sel, m.models)),
        compareBtn),
      h("p", { class: "pick-note default-source" }, "The default example below (examples/mortek-vs-liberators.json) is an illustrative profile, not the real warscroll: its Nadirite Blades have Rend 1 and Crit (2 Hits), the bundled Mortek Guard warscroll has Rend 0 and no Crit. Pick units here for the real profiles."),
      msg, compareOut, table);
  panel.prepend(fieldset);
  // The picker is for AoS; the MESBG odds keep the JSON editor only.
  const showFor = (game: string | null | undefined) => (fieldset.hidden = game === "mesbg");
  showFor(new URL(location.href).searchParams.get("game"));
  for (const b of document.querySelectorAll<HTMLButtonElement>(".game-switch button")) b.addEventListener("click", () => showFor(b.dataset.game));
}
