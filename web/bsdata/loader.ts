/**
 * The BSData loader the Odds picker and the army pickers show: the BSData folder (a folder picker), several
 * .cat/.gst files, or a folder or files dropped on it, parsed in a worker and kept in this browser
 * (store.ts). Its status line says which factions are loaded; a load's verdict names any file that could not
 * be read and, when nothing could be loaded, says that what was kept before is still there. Names from the
 * files are set as text (web/dom.ts h), never as HTML.
 */
import { h } from "../dom.js";
import { BSDATA_FILE, bsdataImport, bsdataSources, forgetBsdata, loadBsdataFiles, type LoadOutcome, onBsdataChange, restoreBsdata } from "./store.js";

type Picked = { name: string; file: File };

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** Every file under a dropped folder (FileSystemEntry API; Chromium reads a directory 100 entries at a time). */
async function entryFiles(entry: FileSystemEntry, out: Picked[], limit: number): Promise<void> {
  if (out.length >= limit) return;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    out.push({ name: file.name, file });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    // Only the folder's own catalogue files and its sub-folders: BSData keeps every .cat at the top.
    for (const e of batch) if (e.isDirectory || BSDATA_FILE.test(e.name)) await entryFiles(e, out, limit);
  }
}

export function statusText(): string {
  const imp = bsdataImport();
  if (!imp || imp.factions.length === 0) return "No BSData loaded: the pickers list the bundled factions only.";
  const n = imp.factions.reduce((s, f) => s + f.warscrolls.length, 0);
  const names = imp.factions.map((f) => f.faction);
  const shown = names.length > 4 ? `${names.slice(0, 4).join(", ")} and ${names.length - 4} more` : names.join(", ");
  return `BSData loaded: ${plural(imp.factions.length, "faction")} (${shown}), ${plural(n, "warscroll")} — from ${bsdataSources().join(", ")}; kept in this browser.`;
}

export function bsdataLoader(id: string): HTMLElement {
  const status = h("p", { class: "bsdata-status", id: `${id}-status` }, statusText());
  const folder = h("input", { type: "file", id: `${id}-folder`, class: "visually-hidden", webkitdirectory: "", multiple: "" }) as HTMLInputElement;
  const files = h("input", { type: "file", id: `${id}-files`, class: "visually-hidden", multiple: "", accept: ".cat,.gst" }) as HTMLInputElement;
  const button = (input: HTMLInputElement, text: string) => {
    const l = h("label", { for: input.id, class: "button", tabindex: "0" }, text);
    l.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        input.click();
      }
    });
    return l;
  };
  const forget = h("button", { type: "button", id: `${id}-forget`, class: "link" }, "forget the loaded factions") as HTMLButtonElement;
  const check = h("div", { class: "field-check", id: `${id}-check`, "aria-live": "polite" });
  const el = h("div", { class: "bsdata-loader", id },
    status,
    h("div", { class: "bsdata-buttons" }, button(folder, "Load the BSData folder…"), folder, button(files, "…or .cat/.gst files"), files, forget),
    h("p", { class: "hint" }, "Other factions: the BSData Age of Sigmar 4 folder (github.com/BSData/age-of-sigmar-4th), picked or dropped here. It is read in this browser only."),
    check);
  const refresh = () => {
    status.textContent = statusText();
    forget.hidden = !bsdataImport();
  };
  onBsdataChange(refresh);
  refresh();
  void restoreBsdata().then((problem) => {
    if (problem) show({ ok: false, message: problem, fileErrors: [] }, false);
  });

  const show = (o: LoadOutcome, hadBefore: boolean) => {
    const errors = o.fileErrors.slice(0, 8).map((e) => h("div", { class: "warn" }, `⚠ ${e.file}: ${e.error}`));
    if (o.fileErrors.length > 8) errors.push(h("div", { class: "warn" }, `⚠ and ${o.fileErrors.length - 8} more files`));
    if (o.ok) {
      check.className = "field-check ok";
      check.replaceChildren(h("div", {}, `✓ Loaded ${plural(o.factions.length, "faction")} (${o.factions.slice(0, 6).join(", ")}${o.factions.length > 6 ? ", …" : ""}), ${plural(o.warscrolls, "warscroll")}.`), ...errors);
    } else {
      check.className = "field-check bad";
      const imp = bsdataImport();
      const keptLine = hadBefore && imp ? `Nothing changed: the ${plural(imp.factions.length, "faction")} loaded before are kept.` : "Nothing was loaded.";
      check.replaceChildren(h("div", {}, `✗ ${o.message}`), ...errors, h("div", {}, keptLine));
    }
  };
  const load = async (picked: Picked[], label?: string) => {
    if (picked.length === 0) return;
    await restoreBsdata();
    const hadBefore = !!bsdataImport();
    el.setAttribute("aria-busy", "true");
    check.className = "field-check";
    check.replaceChildren(h("div", {}, `Reading ${plural(picked.filter((p) => BSDATA_FILE.test(p.name)).length, "catalogue file")} in a worker…`));
    try {
      show(await loadBsdataFiles(picked, label), hadBefore);
    } finally {
      el.removeAttribute("aria-busy");
    }
  };
  folder.addEventListener("change", () => {
    const list = [...(folder.files ?? [])];
    folder.value = "";
    // webkitRelativePath is "folder/file.cat": the folder's name labels the load.
    const top = list[0]?.webkitRelativePath.split("/")[0];
    void load(list.map((file) => ({ name: file.name, file })), top || undefined);
  });
  files.addEventListener("change", () => {
    const list = [...(files.files ?? [])];
    files.value = "";
    void load(list.map((file) => ({ name: file.name, file })), list.length === 1 ? list[0]!.name : undefined);
  });
  forget.addEventListener("click", async () => {
    await forgetBsdata();
    check.className = "field-check";
    check.replaceChildren(h("div", {}, "The BSData factions are forgotten: the pickers list the bundled factions only."));
  });
  el.addEventListener("dragover", (e) => {
    e.preventDefault();
    el.classList.add("drop");
  });
  el.addEventListener("dragleave", () => el.classList.remove("drop"));
  el.addEventListener("drop", (e) => {
    e.preventDefault();
    el.classList.remove("drop");
    const items = [...(e.dataTransfer?.items ?? [])];
    const entries = items.map((i) => i.webkitGetAsEntry?.()).filter((x): x is FileSystemEntry => !!x);
    void (async () => {
      if (entries.length === 0) return load([...(e.dataTransfer?.files ?? [])].map((file) => ({ name: file.name, file })));
      const picked: Picked[] = [];
      try {
        for (const entry of entries) await entryFiles(entry, picked, 1000);
      } catch (err) {
        return show({ ok: false, message: `the dropped folder could not be read (${(err as Error).message})`, fileErrors: [] }, !!bsdataImport());
      }
      const dir = entries.length === 1 && entries[0]!.isDirectory ? entries[0]!.name : undefined;
      return load(picked, dir);
    })();
  });
  return el;
}
