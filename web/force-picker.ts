/**
 * One side's force picker for Play MESBG (issue 12: "You pick your army or force — bundled, pasted or a
 * file"): a bundled force, or the user's own force JSON — pasted, loaded with the file button, or dropped on
 * the box — checked at once with the MESBG force schema (src/mesbg/profiles.ts parseForce, the one the CLI's
 * `tactica mesbg --a FILE` uses), its verdict beneath: the force's summary, or each thing that is wrong, by
 * field. An invalid force leaves the picker unusable for a new game.
 */
import { InputError, parseJsonText } from "../src/core/errors.js";
import { type Force, parseForce } from "../src/mesbg/profiles.js";
import { h, onFileChosen } from "./dom.js";

export const OWN_FORCE = "own";
/** A force file is a few KB; anything past this is not one. */
const MAX_FORCE_BYTES = 1_000_000;

/** `json`: the force as given (what a saved set-up keeps, parsed again when the game starts). */
export type ForceCheck = { ok: true; force: Force; json: unknown; summary: string } | { ok: false; errors: string[] };

/** The verdict on a force's JSON text: the schema's messages split one per field ("models.0.count: ..."). */
export function checkForceText(text: string, where: string): ForceCheck {
  if (text.trim() === "") return { ok: false, errors: [`${where}: empty; paste a force JSON (as data/mesbg/*.json) or load a file`] };
  try {
    const json = parseJsonText(text, where, MAX_FORCE_BYTES);
    const force = parseForce(json, where);
    const models = force.models.reduce((s, m) => s + m.count, 0);
    const priced = force.models.every((m) => force.profiles[m.profile]?.points !== undefined);
    const points = priced ? force.models.reduce((s, m) => s + m.count * force.profiles[m.profile]!.points!, 0) : null;
    return { ok: true, force, json, summary: `${force.name} — ${force.alignment === "good" ? "Good" : "Evil"}, ${models} model${models === 1 ? "" : "s"}${points === null ? "" : `, ${points} points`}` };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    // parseOrThrow joins the fields' issues with "; " after the file's name: one line each reads better.
    return { ok: false, errors: e.message.split("; ") };
  }
}

export interface ForcePicker {
  el: HTMLElement;
  select: HTMLSelectElement;
  text: HTMLTextAreaElement;
  file: HTMLInputElement;
  check: HTMLElement;
  read(): ForceCheck;
  paste(text: string): ForceCheck;
  load(file: File): Promise<ForceCheck>;
}

export function forcePicker(id: string, label: string, bundled: readonly { name: string; force: unknown }[], defaultIndex: number): ForcePicker {
  const select = h("select", { id }, ...bundled.map((f, i) => h("option", { value: String(i) }, f.name)), h("option", { value: OWN_FORCE }, "Your own force (paste or load a JSON file)…")) as HTMLSelectElement;
  select.value = String(Math.min(defaultIndex, bundled.length - 1));
  const text = h("textarea", {
    id: `${id}-text`, rows: "8", spellcheck: "false", autocomplete: "off", autocapitalize: "off", wrap: "off",
    "aria-describedby": `${id}-check`, "aria-label": `${label}: paste a force`, placeholder: "Paste a force JSON (name, alignment, profiles, models: as data/mesbg/*.json) — or drop a file here.",
  }) as HTMLTextAreaElement;
  const file = h("input", { type: "file", id: `${id}-file`, class: "visually-hidden", accept: ".json,application/json" }) as HTMLInputElement;
  const fileLabel = h("label", { for: `${id}-file`, class: "button", tabindex: "0" }, "Load a file…");
  fileLabel.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      file.click();
    }
  });
  const check = h("div", { class: "field-check", id: `${id}-check`, "aria-live": "polite" });
  const own = h("div", { class: "own-list", hidden: "" }, text, h("div", { class: "own-list-buttons" }, fileLabel, file, h("span", { class: "hint" }, "a MESBG force JSON")));
  const el = h("div", { class: "army-picker" }, h("label", { for: id }, `${label} `), select, own, check);
  let last: ForceCheck | undefined;

  const show = (c: ForceCheck | undefined) => {
    last = c;
    if (select.value !== OWN_FORCE || c === undefined) {
      check.className = "field-check";
      check.replaceChildren();
      text.removeAttribute("aria-invalid");
    } else if (c.ok) {
      check.className = "field-check ok";
      check.replaceChildren(h("div", {}, `✓ ${c.summary}`));
      text.removeAttribute("aria-invalid");
    } else {
      check.className = "field-check bad";
      check.replaceChildren(...c.errors.slice(0, 8).map((e) => h("div", {}, e)));
      text.setAttribute("aria-invalid", "true");
    }
  };
  const useOwn = () => {
    select.value = OWN_FORCE;
    own.hidden = false;
  };
  select.addEventListener("change", () => {
    own.hidden = select.value !== OWN_FORCE;
    show(select.value === OWN_FORCE && text.value.trim() !== "" ? checkForceText(text.value, "the pasted force") : undefined);
  });
  let timer = 0;
  text.addEventListener("input", () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => show(checkForceText(text.value, "the pasted force")), 250);
  });
  const load = async (f: File): Promise<ForceCheck> => {
    useOwn();
    const where = f.name || "the file";
    const body = f.size <= MAX_FORCE_BYTES ? await f.text() : null;
    const c: ForceCheck = body === null ? { ok: false, errors: [`${where}: larger than ${MAX_FORCE_BYTES} bytes; is this a force?`] } : checkForceText(body, where);
    if (body !== null) text.value = body;
    show(c);
    return c;
  };
  onFileChosen(file, text, (f) => void load(f));

  return {
    el, select, text, file, check,
    read() {
      if (select.value !== OWN_FORCE) {
        const f = bundled[Number(select.value)]!;
        return { ok: true, force: parseForce(f.force, f.name), json: f.force, summary: f.name };
      }
      return last ?? checkForceText(text.value, "the pasted force");
    },
    paste(t: string) {
      useOwn();
      text.value = t;
      const c = checkForceText(t, "the pasted force");
      show(c);
      return c;
    },
    load,
  };
}
