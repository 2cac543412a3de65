/**
 * The attack sequence as a funnel (the odds view): the mean number of attacks, hits, wounds, unsaved
 * attacks, damage and damage after the ward, as the exact odds report them (src/aos/odds/kernel.ts
 * stageMeans, the Wasm kernel's aosStage). One attacker, or up to three side by side against one defender:
 * one row per stage, one bar per attacker, every bar on the same scale. A table, so it reads as numbers too.
 */
import type { AosStages } from "../src/aos/odds/index.js";
import { h } from "./dom.js";

export const FUNNEL_STAGES: { key: keyof AosStages; label: string; note: string }[] = [
  { key: "attacks", label: "Attacks", note: "Attacks characteristic x models, + the champion" },
  { key: "hits", label: "Hits", note: "hit rolls passed; a Crit (2 Hits) counts two" },
  { key: "wounds", label: "Wounds", note: "wound rolls passed; an auto-wound or a Crit (Mortal) skips the roll" },
  { key: "unsaved", label: "Unsaved", note: "not saved; a Crit (Mortal) skips the save" },
  { key: "damage", label: "Damage", note: "unsaved x the Damage characteristic (the mean Damage of each unsaved attack)" },
  { key: "afterWard", label: "After ward", note: "damage points the ward rolls did not negate" },
];

export interface FunnelEntry {
  name: string;
  colour: string;
  stages: AosStages;
}

const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));

/**
 * The share of the previous stage kept at this one ("62%"), or "" for the first stage or an empty one; the
 * damage step multiplies instead (each unsaved attack does its Damage): "x3.12".
 */
export function keptShare(stages: AosStages, i: number): string {
  if (i === 0) return "";
  const before = stages[FUNNEL_STAGES[i - 1]!.key];
  if (before <= 0) return "";
  const ratio = stages[FUNNEL_STAGES[i]!.key] / before;
  return FUNNEL_STAGES[i]!.key === "damage" ? `x${ratio.toFixed(2)}` : `${Math.round(100 * ratio)}%`;
}

/** Draws the funnel of `entries` (1 to 3) into `container`. */
export function drawFunnel(container: HTMLElement, entries: FunnelEntry[], caption: string, extraRows: { label: string; values: string[] }[] = []): void {
  const top = Math.max(1e-9, ...entries.flatMap((e) => FUNNEL_STAGES.map((s) => e.stages[s.key])));
  const one = entries.length === 1;
  const rows = FUNNEL_STAGES.map((s, i) =>
    h("tr", {},
      h("th", { scope: "row", title: s.note }, s.label),
      ...entries.map((e) => {
        const v = e.stages[s.key];
        const share = keptShare(e.stages, i);
        return h("td", { "data-stage": s.key },
          h("span", { class: "funnel-bar", style: `width:${((100 * v) / top).toFixed(2)}%;background:${e.colour}` }),
          h("span", { class: "funnel-val" }, fmt(v), share ? h("span", { class: "funnel-share" }, ` ${share}`) : null));
      })));
  container.replaceChildren(
    h("table", { class: `funnel${one ? " single" : ""}` },
      h("caption", { class: "visually-hidden" }, caption),
      h("colgroup", {}, h("col", { class: "funnel-head" }), ...entries.map(() => h("col", {}))),
      one ? null : h("thead", {}, h("tr", {}, h("th", {}, ""), ...entries.map((e) => h("th", { scope: "col" }, h("span", { class: "swatch", style: `background:${e.colour}` }), e.name)))),
      h("tbody", {}, ...rows, ...extraRows.map((r) => h("tr", { class: "funnel-extra" }, h("th", { scope: "row" }, r.label), ...r.values.map((v) => h("td", {}, h("span", { class: "funnel-val" }, v))))))),
  );
}
