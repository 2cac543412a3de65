/** Small DOM helpers shared by the views. */

/** An element of web/index.html by id; a missing one is a bug in the page, named. */
export function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`web/index.html has no #${id}`);
  return el as T;
}

/** Builds an element; strings become text nodes, so names typed in the JSON can never inject markup. */
export function h(tag: string, attrs: Record<string, string> = {}, ...children: (Node | string | null | undefined | false)[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/**
 * A file picked with `file` or dropped on `target` goes to `load` (the first file only); `target` carries the
 * class `drop` while a file is held over it. The input is cleared, so the same file can be picked again.
 */
export function onFileChosen(file: HTMLInputElement, target: HTMLElement, load: (f: File) => void): void {
  file.addEventListener("change", () => {
    const f = file.files?.[0];
    file.value = "";
    if (f) load(f);
  });
  target.addEventListener("dragover", (e) => {
    e.preventDefault();
    target.classList.add("drop");
  });
  target.addEventListener("dragleave", () => target.classList.remove("drop"));
  target.addEventListener("drop", (e) => {
    e.preventDefault();
    target.classList.remove("drop");
    const f = e.dataTransfer?.files?.[0];
    if (f) load(f);
  });
}
