/**
 * Colour-blind-safe side colours everywhere (issue 12, Quality): one definition (web/colours.ts, Okabe-Ito
 * blue and vermillion) that the CSS, the matchup's charts and the boards use; the two sides (and the odds
 * view's three compared attackers) stay far apart in colour under simulated protanopia, deuteranopia and
 * tritanopia (Machado, Oliveira and Fernandes 2009, severity 1), and the text shades read on white (WCAG AA).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OKABE_ITO, SERIES_COLOURS, SIDE_COLOURS, SIDE_INKS } from "../../web/colours.js";
import { SIDE_COLORS } from "../../web/matchup-charts.js";
import { SIDE_COLOURS as BOARD_COLOURS } from "../../web/play/board.js";

const css = readFileSync(new URL("../../web/style.css", import.meta.url), "utf8");
const cssVar = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`).exec(css)?.[1]?.toLowerCase();

const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const rgb = (hex: string) => [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
const luminance = (hex: string) => {
  const [r, g, b] = rgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

const CVD: Record<string, number[][]> = {
  normal: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};
const mul = (m: number[][], v: number[]) => m.map((row) => Math.min(1, Math.max(0, row[0]! * v[0]! + row[1]! * v[1]! + row[2]! * v[2]!)));
/** CIE L*a*b* (D65) of a linear-RGB colour. */
function lab([r, g, b]: number[]): [number, number, number] {
  const x = (0.4124 * r! + 0.3576 * g! + 0.1805 * b!) / 0.95047;
  const y = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  const z = (0.0193 * r! + 0.1192 * g! + 0.9505 * b!) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
/** CIE76 colour difference of two colours as seen with the deficiency `kind`. */
function deltaE(a: string, b: string, kind: string): number {
  const [p, q] = [lab(mul(CVD[kind]!, rgb(a))), lab(mul(CVD[kind]!, rgb(b)))];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

describe("colour-blind-safe side colours", () => {
  it("one definition: Okabe-Ito blue and vermillion in the CSS, the matchup's charts and the boards", () => {
    expect(SIDE_COLOURS).toEqual([OKABE_ITO.blue, OKABE_ITO.vermillion]);
    expect([cssVar("side-a"), cssVar("side-b")]).toEqual([...SIDE_COLOURS]);
    expect([cssVar("good"), cssVar("evil")]).toEqual([...SIDE_COLOURS]);
    expect([cssVar("side-a-ink"), cssVar("side-b-ink")]).toEqual([...SIDE_INKS]);
    expect([SIDE_COLORS.a, SIDE_COLORS.b]).toEqual([...SIDE_COLOURS]);
    expect(BOARD_COLOURS).toBe(SIDE_COLOURS);
    // No view keeps a side colour of its own: the old blue/brown and blue/red pairs are gone from the sources.
    for (const f of ["style.css", "matchup-charts.ts", "odds-view.ts", "play/board.ts", "play/play-view.ts", "play/campaign-map.ts"]) {
      const text = readFileSync(new URL(`../../web/${f}`, import.meta.url), "utf8");
      for (const old of ["#2a6496", "#b4521b", "#2c5d8f", "#8f2c1f"]) expect(text.includes(old), `${f} ${old}`).toBe(false);
    }
  });

  it("the two sides differ by more than 30 (CIE76) with normal vision and each colour-vision deficiency; the three compared attackers by more than 20", () => {
    for (const kind of Object.keys(CVD)) {
      expect(deltaE(SIDE_COLOURS[0], SIDE_COLOURS[1], kind), kind).toBeGreaterThan(30);
      for (let i = 0; i < 3; i++) for (let j = i + 1; j < 3; j++) expect(deltaE(SERIES_COLOURS[i]!, SERIES_COLOURS[j]!, kind), `${kind} ${i}-${j}`).toBeGreaterThan(20);
    }
    // A red/green pair, by contrast, nearly vanishes for a deuteranope: the check can fail.
    expect(deltaE("#d62728", "#2ca02c", "deuteranopia")).toBeLessThan(deltaE(SIDE_COLOURS[0], SIDE_COLOURS[1], "deuteranopia") / 2);
  });

  it("the text shades of the sides read on white: contrast at least 4.5:1 (WCAG AA)", () => {
    for (const ink of SIDE_INKS) expect(contrastOnWhite(ink), ink).toBeGreaterThanOrEqual(4.5);
    // The vermillion itself (3.9:1) is for fills, bars and bold headings only.
    expect(contrastOnWhite(OKABE_ITO.vermillion)).toBeLessThan(4.5);
  });
});
