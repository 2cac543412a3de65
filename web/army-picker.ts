/**
 * One side's army picker for the Play, Campaign and Matchup views: a bundled army, or the user's own list —
 * pasted, loaded with the file button, or dropped on the box — checked at once (web/army-import.ts) with
 * its verdict beneath: the army's summary and the importer's warnings, or what is wrong. An invalid list
 * leaves the picker unusable for a new game and changes nothing kept. A list of a faction the bundled data
 * does not have is matched against the BSData factions loaded in this browser (the loader sits under the
 * box, web/bsdata/loader.ts); a pasted list is checked again whenever those change.
 */
import { bundledRosters, type Roster, type Warscroll } from "../src/aos/armies/index.js";
import { ARMY_FORMATS, type ArmyCheck, checkArmyFile, checkArmyText } from "./army-import.js";
import { h, onFileChosen } from "./dom.js";
import { bsdataLoader } from "./bsdata/loader.js";
import { onBsdataChange } from "./bsdata/store.js";

export const OWN = "own";

export interface ArmyPicker {
  el: HTMLElement;
  select: HTMLSelectElement;
  text: HTMLTextAreaElement;
  file: HTMLInputElement;
  check: HTMLElement;
  /** The army picked, or the messages saying why the user's own list cannot be played. */
  read(): { ok: true; roster: Roster; extra: Warscroll[] } | { ok: false; errors: string[] };
  /** The last verdict on the user's own list (undefined while a bundled army is picked). */
  verdict(): ArmyCheck | undefined;
  /** Checks `text` as if pasted (and switches to the user's own list). */
  paste(text: string): ArmyCheck;
  /** Checks a loaded or dropped file (and switches to the user's own list). */
  load(file: File): Promise<ArmyCheck>;
  /** Called after every verdict. */
  onChange(f: () => void): void;
}

export function armyPicker(id: string, label: string, defaultIndex: number, opts: { pointsInName?: boolean } = {}): ArmyPicker {
  const bundled = bundledRosters();
  const select = h("select", { id }, ...bundled.map((r, i) => h("option", { value: String(i) }, opts.pointsInName === false ? r.roster.name : `${r.roster.name} (${r.roster.pointsLimit} pts)`)), h("option", { value: OWN }, "Your own list (paste or load a file)…")) as HTMLSelectElement;
  select.value = String(Math.min(defaultIndex, bundled.length - 1));
  const text = h("textarea", {
    id: `${id}-text`, rows: "8", spellcheck: "false", autocomplete: "off", autocapitalize: "off", wrap: "off",
    "aria-describedby": `${id}-check`, "aria-label": `${label}: paste a list`, placeholder: "Paste the AoS app's export, a Listbot or Sigdex export, a New Recruit .json, or a roster JSON — or drop a file here.",
  }) as HTMLTextAreaElement;
  const file = h("input", { type: "file", id: `${id}-file`, class: "visually-hidden", accept: ".txt,.json,.ros,.rosz,text/plain,application/json,application/xml,application/zip" }) as HTMLInputElement;
  const fileLabel = h("label", { for: `${id}-file`, class: "button", tabindex: "0" }, "Load a file…");
  fileLabel.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      file.click();
    }
  });
  const check = h("div", { class: "field-check", id: `${id}-check`, "aria-live": "polite" });
  const own = h("div", { class: "own-list", hidden: "" }, text, h("div", { class: "own-list-buttons" }, fileLabel, file, h("span", { class: "hint" }, "understood: ", ARMY_FORMATS)),
    h("details", { class: "bsdata-details" }, h("summary", {}, "Other factions: the BSData folder"), bsdataLoader(`${id}-bsdata`)));
  const el = h("div", { class: "army-picker" }, h("label", { for: id }, `${label} `), select, own, check);
  let last: ArmyCheck | undefined;
  const listeners: (() => void)[] = [];

  const show = (c: ArmyCheck | undefined) => {
    last = c;
    if (select.value !== OWN || c === undefined) {
      check.className = "field-check";
      check.replaceChildren();
      text.removeAttribute("aria-invalid");
    } else if (c.ok) {
      check.className = "field-check ok";
      check.replaceChildren(h("div", {}, `✓ ${c.summary}`), ...c.warnings.slice(0, 8).map((w) => h("div", { class: "warn" }, `⚠ ${w}`)));
      text.removeAttribute("aria-invalid");
    } else {
      check.className = "field-check bad";
      check.replaceChildren(...c.errors.map((e) => h("div", {}, e)));
      text.setAttribute("aria-invalid", "true");
    }
    listeners.forEach((f) => f());
  };
  const useOwn = () => {
    select.value = OWN;
    own.hidden = false;
  };
  select.addEventListener("change", () => {
    own.hidden = select.value !== OWN;
    show(select.value === OWN && text.value.trim() !== "" ? checkArmyText(text.value, "the pasted list") : undefined);
    if (select.value === OWN && text.value.trim() === "") check.replaceChildren(h("div", {}, `Paste ${ARMY_FORMATS} — or load or drop a file.`));
  });
  let timer = 0;
  text.addEventListener("input", () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => show(checkArmyText(text.value, "the pasted list")), 250);
  });
  const load = async (f: File): Promise<ArmyCheck> => {
    useOwn();
    const c = await checkArmyFile(f);
    // A text file goes into the box, so it can be looked at and edited; a .rosz stays a file.
    if (!(f.name ?? "").toLowerCase().endsWith(".rosz") && f.size <= 4_000_000) text.value = await f.text();
    show(c);
    return c;
  };
  onFileChosen(file, text, (f) => void load(f));
  // BSData loaded (or forgotten): the pasted list again, against what is loaded now.
  onBsdataChange(() => {
    if (select.value === OWN && text.value.trim() !== "") show(checkArmyText(text.value, "the pasted list"));
  });

  return {
    el, select, text, file, check,
    read() {
      if (select.value !== OWN) return { ok: true, roster: bundled[Number(select.value)]!.roster, extra: [] };
      const c = last ?? checkArmyText(text.value, "the pasted list");
      if (!c.ok) return { ok: false, errors: c.errors };
      return { ok: true, roster: c.roster, extra: c.extra };
    },
    verdict: () => last,
    paste(t: string) {
      useOwn();
      text.value = t;
      const c = checkArmyText(t, "the pasted list");
      show(c);
      return c;
    },
    load,
    onChange: (f) => void listeners.push(f),
  };
}
