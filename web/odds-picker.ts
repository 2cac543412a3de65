/**
 * The odds view's unit picker (AoS): attacker and defender from the bundled warscrolls, and from the BSData
 * factions the user loaded (web/bsdata/), instead of JSON (the JSON editor stays, as the advanced option:
 * the picker writes the JSON it computes). Faction, then warscroll, then weapon (every weapon of the phase,
 * as `tactica odds --attacker NAME` takes them, or one). Each side goes through warscrollToOddsSide and the
 * played abilities through applyOddsAbilities, as `tactica odds aos --attacker NAME --defender NAME` does, so
 * the same two warscrolls give the same input and the same numbers, and the note below says what the CLI
 * prints: the abilities on and off, and how many are not played. Below it, the what-if table: mean damage
 * and the chance to destroy across the defender's save (2+..6+, none) and the attacker's hit re-rolls, each
 * cell an exact computation in the coordinator worker.
 */
import { bundledLibrary } from "../src/aos/armies/index.js";
import { warscrollToAttacker, warscrollToDefender } from "../src/aos/armies/odds.js";
import type { Warscroll, WarscrollLibrary } from "../src/aos/armies/index.js";
import { applyOddsAbilities } from "../src/aos/abilities/odds-input.js";
import { ODDS_LIMITS } from "../src/aos/odds/schema.js";
import { InputError } from "../src/core/errors.js";
import { z } from "zod";
import { bsdataLibrary, bsdataWarscrolls, onBsdataChange, withBsdata } from "./bsdata/store.js";
import { bsdataLoader } from "./bsdata/loader.js";
import { SERIES_COLOURS } from "./colours.js";
import { h } from "./dom.js";
import { drawFunnel } from "./odds-funnel.js";
import { describeFailure } from "./odds-worker.js";
import type { WorkerHost } from "./worker-host.js";

export const WHAT_IF_SAVES = [2, 3, 4, 5, 6, null] as const;
export const WHAT_IF_REROLLS = ["none", "ones", "failed"] as const;

/** The matchup JSON for two warscrolls (throws an InputError naming the side when one cannot be used). */
export function pickedMatchup(attacker: Warscroll, attackerModels: number, phase: "combat" | "shooting", defender: Warscroll, defenderModels: number, attackerLabel = "Attacker") {
  // Named as the picker names them on screen ("Attacker 2: … has no ranged weapons (pick the combat phase)").
  const a = warscrollToAttacker(attacker, attackerModels, phase, attackerLabel);
  const d = warscrollToDefender(defender, defenderModels, "Defender");
  return {
    json: { attacker: a.json, defender: d.json, context: { charged: false, modifiers: { hit: 0, wound: 0, save: 0 }, rerolls: { hit: "none", wound: "none", save: "none" } } },
    notes: [...a.notes, ...d.notes],
  };
}

/**
 * The odds input for two picked warscrolls with their played abilities applied, as the CLI builds it
 * (src/cli/odds.ts), and the CLI's lines about them. `weapon` narrows the attacker to one of its weapons of
 * the phase. `library` is the one whose keywords the translated abilities are read with: the CLI's, the
 * bundled data alone, or (a unit from BSData picked) BSData before the bundled data, as `--bsdata DIR`.
 */
export function pickedOdds(attacker: Warscroll, attackerModels: number, phase: "combat" | "shooting", defender: Warscroll, defenderModels: number, opts: { weapon?: string; library?: WarscrollLibrary; label?: string } = {}) {
  const type = phase === "combat" ? "melee" : "ranged";
  const armed = opts.weapon === undefined ? attacker : { ...attacker, weapons: attacker.weapons.filter((w) => w.type === type && w.name === opts.weapon) };
  const m = pickedMatchup(armed, attackerModels, phase, defender, defenderModels, opts.label);
  const lines = applyOddsAbilities(m.json as Record<string, unknown>, attacker, defender, { phase, attackerModels, defenderModels }, opts.library ?? bundledLibrary());
  return { json: m.json, notes: m.notes, lines };
}

/**
 * A models field of the picker, as the user sees it named ("Attacker models", "Attacker 2 size"): empty is the
 * unit's size (the field's placeholder says "size"), else a whole number of 1 to 100. `badInput` is the
 * browser's word that the field holds text that is no number (a number input then reads as empty).
 */
export function readModels(label: string, raw: string, w: Warscroll, badInput = false): number {
  const schema = z.string().trim().transform((s) => (s === "" ? w.unitSize : Number(s))).pipe(z.number().int().min(1).max(ODDS_LIMITS.maxModels));
  const r = schema.safeParse(raw);
  if (badInput || !r.success)
    throw new InputError(`${label}: must be a whole number from 1 to ${ODDS_LIMITS.maxModels}, or empty for the unit's size (${w.name}: ${w.unitSize})`);
  return r.data;
}

/** How many attackers the comparison takes (issue 12: "compare up to three attackers side by side"). */
export const MAX_COMPARED = 3;

/** A warscroll the picker offers, with where it comes from. */
interface Offered {
  w: Warscroll;
  source: "bundled" | "bsdata";
}

/** The picker's list: the bundled warscrolls by name, then the loaded BSData factions' (faction by faction). */
export function offeredWarscrolls(): Offered[] {
  const bundled = [...bundledLibrary().warscrolls].sort((x, y) => x.name.localeCompare(y.name)).map((w) => ({ w, source: "bundled" as const }));
  return [...bundled, ...bsdataWarscrolls().map((w) => ({ w, source: "bsdata" as const }))];
}

const factionKey = (o: Offered) => `${o.source}:${o.w.faction}`;
const factionLabel = (o: Offered) => (o.source === "bsdata" ? `${o.w.faction} (BSData)` : o.w.faction);
const roll = (v: number | null) => (v === null ? "-" : `${v}+`);

export function mountOddsPicker(host: WorkerHost, panel: HTMLElement, textarea: HTMLTextAreaElement, form: HTMLFormElement): void {
  let scrolls: Offered[] = offeredWarscrolls();
  const opt = (o: Offered, i: number) => h("option", { value: String(i) }, `${o.w.name} (${o.w.faction}${o.source === "bsdata" ? ", BSData" : ""})`);
  /** The options of a warscroll list: one faction's, or every faction's in groups. */
  const options = (faction: string) => {
    if (faction !== "") return scrolls.flatMap((o, i) => (factionKey(o) === faction ? [opt(o, i)] : []));
    const groups = new Map<string, HTMLElement>();
    scrolls.forEach((o, i) => {
      const k = factionKey(o);
      if (!groups.has(k)) groups.set(k, h("optgroup", { label: factionLabel(o) }));
      groups.get(k)!.append(opt(o, i));
    });
    return [...groups.values()].sort((x, y) => x.getAttribute("label")!.localeCompare(y.getAttribute("label")!));
  };
  const factionOptions = () => {
    const seen = new Map<string, string>();
    for (const o of scrolls) if (!seen.has(factionKey(o))) seen.set(factionKey(o), factionLabel(o));
    return [h("option", { value: "" }, "every faction"), ...[...seen].sort((x, y) => x[1].localeCompare(y[1])).map(([k, label]) => h("option", { value: k }, label))];
  };
  const aFaction = h("select", { id: "pick-attacker-faction", "aria-label": "attacker's faction" }, ...factionOptions()) as HTMLSelectElement;
  const dFaction = h("select", { id: "pick-defender-faction", "aria-label": "defender's faction" }, ...factionOptions()) as HTMLSelectElement;
  const aSel = h("select", { id: "pick-attacker" }, ...options("")) as HTMLSelectElement;
  const dSel = h("select", { id: "pick-defender" }, ...options("")) as HTMLSelectElement;
  aSel.value = String(Math.max(0, scrolls.findIndex((o) => o.w.name === "Mortek Guard")));
  dSel.value = String(Math.max(0, scrolls.findIndex((o) => o.w.name === "Liberators")));
  const aModels = h("input", { type: "number", min: "1", max: "100", value: "10", placeholder: "size", id: "pick-attacker-models", "aria-label": "Attacker models" }) as HTMLInputElement;
  const dModels = h("input", { type: "number", min: "1", max: "100", value: "5", placeholder: "size", id: "pick-defender-models", "aria-label": "Defender models" }) as HTMLInputElement;
  const phase = h("select", { id: "pick-phase" }, h("option", { value: "combat" }, "combat (melee)"), h("option", { value: "shooting" }, "shooting (ranged)")) as HTMLSelectElement;
  const weapon = h("select", { id: "pick-weapon" }) as HTMLSelectElement;
  const use = h("button", { type: "button", class: "primary", id: "pick-use" }, "Use these units") as HTMLButtonElement;
  const whatIf = h("button", { type: "button", id: "pick-what-if" }, "What if: saves and re-rolls") as HTMLButtonElement;
  const compareBtn = h("button", { type: "button", id: "pick-compare" }, "Compare attackers") as HTMLButtonElement;
  // The comparison: the attacker above and up to two more, each with its models, against the defender above.
  const more = [1, 2].map((k) => {
    const sel = h("select", { id: `pick-compare-${k}` }, h("option", { value: "" }, "— none —"), ...options("")) as HTMLSelectElement;
    const models = h("input", { type: "number", min: "1", max: "100", value: "", placeholder: "size", id: `pick-compare-${k}-models`, "aria-label": `Attacker ${k + 1} size` }) as HTMLInputElement;
    sel.addEventListener("change", () => (models.value = sel.value === "" ? "" : String(scrolls[Number(sel.value)]!.w.unitSize)));
    return { sel, models };
  });
  const compareOut = h("div", { id: "compare", class: "compare", "aria-live": "polite" });
  const msg = h("p", { class: "pick-note", id: "pick-note", "aria-live": "polite" });
  // The picker's one error line: each action clears it on success; a failure names the field as it is on screen
  // and marks what the action would have replaced as not current (it stays, dimmed, saying what it is for).
  const pickError = h("p", { class: "error pick-error", id: "pick-error", role: "alert", hidden: "" });
  const clearError = () => {
    pickError.hidden = true;
    pickError.textContent = "";
  };
  const failed = (e: unknown, out: HTMLElement | null, forWhat: string, tail = "") => {
    pickError.textContent = `${describeFailure(e).message}${tail}`;
    pickError.hidden = false;
    if (out && forWhat && out.childElementCount && !out.classList.contains("stale")) {
      out.classList.add("stale");
      out.prepend(h("p", { class: "stale-note" }, `Not current: this is for ${forWhat}.`));
    }
  };
  const fresh = (out: HTMLElement) => out.classList.remove("stale");
  /** What a table is for, in words: "10 Mortek Guard against 5 Liberators, combat". */
  const described = (a: Warscroll, an: number, d: Warscroll, dn: number, weaponName = "") =>
    `${an} ${a.name}${weaponName ? ` (${weaponName})` : ""} against ${dn} ${d.name}, ${currentPhase()}`;
  let tableFor = "";
  let compareFor = "";
  const table = h("div", { id: "what-if", class: "what-if" });
  const picked = (sel: HTMLSelectElement) => scrolls[Number(sel.value)]!;
  /** The attacker's weapons of the phase: all of them (as the CLI), or one. */
  const fillWeapons = () => {
    const type = phase.value === "shooting" ? "ranged" : "melee";
    const before = weapon.value;
    const ws = picked(aSel).w.weapons.filter((x) => x.type === type);
    weapon.replaceChildren(
      h("option", { value: "" }, `every ${type} weapon (${ws.length})`),
      ...ws.map((x) => h("option", { value: x.name }, `${x.name} — Atk ${x.attacks}, Hit ${roll(x.hit)}, Wnd ${roll(x.wound)}, Rnd ${x.rend}, Dmg ${x.damage}`)),
    );
    weapon.value = ws.some((x) => x.name === before) ? before : "";
  };
  const sizeOf = (sel: HTMLSelectElement, models: HTMLInputElement) => () => (models.value = String(picked(sel).w.unitSize));
  aSel.addEventListener("change", sizeOf(aSel, aModels));
  aSel.addEventListener("change", fillWeapons);
  phase.addEventListener("change", fillWeapons);
  dSel.addEventListener("change", sizeOf(dSel, dModels));
  /** A faction picked: its warscrolls in the list, the first of them picked (unless the one picked is of it). */
  const narrow = (faction: HTMLSelectElement, sel: HTMLSelectElement) => () => {
    const keep = picked(sel);
    sel.replaceChildren(...options(faction.value));
    const i = scrolls.indexOf(keep);
    sel.value = faction.value === "" || factionKey(keep) === faction.value ? String(i) : (sel.querySelector("option")?.value ?? "0");
    if (sel.value !== String(i)) sel.dispatchEvent(new Event("change"));
  };
  aFaction.addEventListener("change", narrow(aFaction, aSel));
  dFaction.addEventListener("change", narrow(dFaction, dSel));
  fillWeapons();

  /** The BSData factions changed (a load, a restore, a forget): the lists again, keeping what is picked. */
  onBsdataChange(() => {
    const keep = [aSel, dSel, ...more.map((m) => m.sel)].map((sel) => (sel.value === "" ? null : scrolls[Number(sel.value)]));
    const keepFaction = [aFaction.value, dFaction.value];
    scrolls = offeredWarscrolls();
    const index = (o: Offered | null | undefined) => (o ? scrolls.findIndex((x) => x.w === o.w || (x.source === o.source && x.w.faction === o.w.faction && x.w.name === o.w.name)) : -1);
    [aFaction, dFaction].forEach((f, k) => {
      f.replaceChildren(...factionOptions());
      f.value = [...f.options].some((o) => o.value === keepFaction[k]) ? keepFaction[k]! : "";
    });
    aSel.replaceChildren(...options(aFaction.value));
    dSel.replaceChildren(...options(dFaction.value));
    for (const m of more) m.sel.replaceChildren(h("option", { value: "" }, "— none —"), ...options(""));
    [aSel, dSel, ...more.map((m) => m.sel)].forEach((sel, k) => {
      const i = index(keep[k]);
      if (i >= 0 && [...sel.options].some((o) => o.value === String(i))) sel.value = String(i);
      else if (k >= 2) sel.value = "";
      else {
        sel.value = sel.querySelector("option")?.value ?? "0";
        sel.dispatchEvent(new Event("change"));
      }
    });
    fillWeapons();
  });

  /** The library the abilities are read with: BSData's first when a BSData unit is picked (`--bsdata DIR`). */
  const libraryFor = (...os: Offered[]) => (os.some((o) => o.source === "bsdata") && bsdataLibrary() ? withBsdata(bundledLibrary(), "bsdata") : bundledLibrary());
  const currentPhase = () => phase.value as "combat" | "shooting";
  const attackerModels = () => readModels("Attacker models", aModels.value, picked(aSel).w, aModels.validity.badInput);
  const defenderModels = () => readModels("Defender models", dModels.value, picked(dSel).w, dModels.validity.badInput);
  const current = () => {
    const a = picked(aSel);
    const d = picked(dSel);
    return pickedOdds(a.w, attackerModels(), currentPhase(), d.w, defenderModels(), { ...(weapon.value ? { weapon: weapon.value } : {}), library: libraryFor(a, d) });
  };
  const sourceLine = () => {
    const where = (o: Offered) => (o.source === "bsdata" ? `BSData's ${o.w.faction}` : "the bundled data");
    const a = picked(aSel);
    const d = picked(dSel);
    return where(a) === where(d) ? `From ${where(a)}.` : `${a.w.name} from ${where(a)}, ${d.w.name} from ${where(d)}.`;
  };
  use.addEventListener("click", () => {
    try {
      const m = current();
      textarea.value = JSON.stringify(m.json, null, 1);
      textarea.dispatchEvent(new Event("input"));
      msg.replaceChildren(
        h("span", {}, `${sourceLine()}${m.notes.length ? ` Not modelled by the odds: ${m.notes.join("; ")}.` : ""}`),
        ...m.lines.map((l) => h("span", { class: "ability-line" }, l)),
      );
      clearError();
      form.requestSubmit();
    } catch (e) {
      msg.replaceChildren();
      failed(e, null, "", ". Nothing was computed: the odds shown are still those of the matchup in the JSON box.");
    }
  });
  whatIf.addEventListener("click", async () => {
    let base: ReturnType<typeof current>["json"];
    let forWhat: string;
    try {
      base = current().json;
      forWhat = described(picked(aSel).w, attackerModels(), picked(dSel).w, defenderModels(), weapon.value);
    } catch (e) {
      failed(e, table, tableFor);
      return;
    }
    clearError();
    fresh(table);
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
      tableFor = forWhat;
    } catch (e) {
      table.replaceChildren(h("p", { class: "error" }, describeFailure(e).message));
    } finally {
      whatIf.disabled = false;
    }
  });
  compareBtn.addEventListener("click", async () => {
    const d = picked(dSel);
    let chosen: { o: Offered; models: number; n: number }[];
    let inputs: ReturnType<typeof pickedOdds>[];
    let defenders: number;
    try {
      chosen = [
        { o: picked(aSel), models: attackerModels(), n: 1 },
        ...more.flatMap((m, i) => {
          if (m.sel.value === "") return [];
          const o = scrolls[Number(m.sel.value)]!;
          return [{ o, models: readModels(`Attacker ${i + 2} size`, m.models.value, o.w, m.models.validity.badInput), n: i + 2 }];
        }),
      ].slice(0, MAX_COMPARED);
      defenders = defenderModels();
      inputs = chosen.map((p, i) => pickedOdds(p.o.w, p.models, currentPhase(), d.w, defenders, { library: libraryFor(p.o, d), label: i === 0 ? "Attacker" : `Attacker ${p.n}` }));
    } catch (e) {
      failed(e, compareOut, compareFor);
      return;
    }
    clearError();
    fresh(compareOut);
    const forWhat = `${chosen.map((p) => `${p.models} ${p.o.w.name}`).join(", ")} against ${defenders} ${d.w.name}, ${currentPhase()}`;
    compareBtn.disabled = true;
    compareOut.replaceChildren(h("p", {}, `Computing ${chosen.length} exact attack${chosen.length === 1 ? "" : "s"}…`));
    try {
      const w = await host.ready();
      const reports = [];
      for (const m of inputs) reports.push(await Promise.race([w.api.aosExact(m.json), w.failed]));
      const names = chosen.map((p, i) => (chosen.findIndex((q) => q.o === p.o) === i ? p.o.w.name : `${p.o.w.name} (${p.models})`));
      const notes = [...new Set(inputs.flatMap((m) => m.notes))];
      drawFunnel(compareOut, reports.map((r, i) => ({ name: names[i]!, colour: SERIES_COLOURS[i]!, stages: r.stages! })),
        `Up to three attackers side by side against ${d.w.name}`,
        [
          { label: "Slain", values: reports.map((r) => `${r.slain.mean.toFixed(2)} of ${r.models}`) },
          { label: "Destroyed", values: reports.map((r) => `${(100 * r.destroyed).toFixed(1)}%`) },
        ]);
      compareOut.prepend(h("p", { class: "compare-title" }, `${currentPhase() === "shooting" ? "Shooting" : "Combat"}: each attacker against ${defenders} ${d.w.name}, exact means`));
      compareFor = forWhat;
      const on = [...new Set(reports.flatMap((r) => r.abilities))];
      if (on.length) compareOut.append(h("p", { class: "pick-note" }, `Abilities on: ${on.join(", ")}.`));
      if (notes.length) compareOut.append(h("p", { class: "pick-note" }, `Not modelled by the odds: ${notes.join("; ")}.`));
    } catch (e) {
      compareOut.replaceChildren(h("p", { class: "error" }, describeFailure(e).message));
    } finally {
      compareBtn.disabled = false;
    }
  });
  const summary = h("summary", {});
  const summarise = () => {
    const n = new Set(bsdataWarscrolls().map((w) => w.faction)).size;
    summary.textContent = n ? `BSData: ${n} faction${n === 1 ? "" : "s"} loaded — load more, or forget them` : "Other factions: load the BSData folder";
  };
  onBsdataChange(summarise);
  summarise();
  const fieldset = h("fieldset", { class: "odds-picker", id: "odds-picker" },
      h("legend", {}, "Pick the units (bundled warscrolls, and BSData factions you load)"),
      h("div", { class: "pick-side" }, h("label", {}, "Attacker's faction ", aFaction), h("label", {}, "Attacker ", aSel), h("label", {}, "models ", aModels)),
      h("div", { class: "pick-side" }, h("label", {}, "phase ", phase), h("label", {}, "weapon ", weapon)),
      h("div", { class: "pick-side" }, h("label", {}, "Defender's faction ", dFaction), h("label", {}, "Defender ", dSel), h("label", {}, "models ", dModels)),
      h("div", { class: "actions" }, use, whatIf),
      h("div", { class: "compare-pick" },
        h("span", { class: "compare-label" }, "Compare the attacker with up to two more, against the same defender:"),
        ...more.map((m, i) => h("label", {}, `Attacker ${i + 2} `, m.sel, m.models)),
        compareBtn),
      h("p", { class: "pick-note default-source" }, "The default example below (examples/mortek-vs-liberators.json) is an illustrative profile, not the real warscroll: its Nadirite Blades have Rend 1 and Crit (2 Hits), the bundled Mortek Guard warscroll has Rend 0 and no Crit. Pick units here for the real profiles."),
      pickError, msg, compareOut, table,
      h("details", { class: "bsdata-details", id: "odds-bsdata-details" }, summary, bsdataLoader("odds-bsdata")));
  panel.prepend(fieldset);
  // The picker is for AoS; the MESBG odds keep the JSON editor only.
  const showFor = (game: string | null | undefined) => (fieldset.hidden = game === "mesbg");
  showFor(new URL(location.href).searchParams.get("game"));
  for (const b of document.querySelectorAll<HTMLButtonElement>(".game-switch button")) b.addEventListener("click", () => showFor(b.dataset.game));
}
