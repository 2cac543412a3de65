/**
 * A battlefield drawn as text, to scale: one column per `inchesPerColumn`, one row per `inchesPerRow`
 * (a terminal cell is about twice as tall as it is wide, so 1" by 2" keeps the shapes round). North (the
 * largest y) is at the top, as in the dashboard (web/play/board.ts). Layers are painted in order — zones,
 * terrain, objectives, units — each cell showing the last that covers its centre; a marker smaller than a
 * cell still shows in the cell of its centre. The legend under the grid says what each character is.
 */
import type { Point } from "../../aos/battleplans/index.js";

export interface MapShape {
  /** One character. */
  char: string;
  circle?: { x: number; y: number; radius: number };
  polygon?: readonly Point[];
}

export interface TextMapSpec {
  width: number;
  depth: number;
  inchesPerColumn?: number;
  inchesPerRow?: number;
  /** Painted in order: later layers over earlier ones. */
  layers: readonly (readonly MapShape[])[];
  legend: readonly string[];
}

function inside(poly: readonly Point[], p: Point): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) c = !c;
  }
  return c;
}

export function textMap(spec: TextMapSpec): string[] {
  const cw = spec.inchesPerColumn ?? 1;
  const rh = spec.inchesPerRow ?? 2;
  const cols = Math.ceil(spec.width / cw);
  const rows = Math.ceil(spec.depth / rh);
  const grid = Array.from({ length: rows }, () => new Array<string>(cols).fill(" "));
  const cell = (x: number, y: number): [number, number] => [Math.min(rows - 1, Math.max(0, rows - 1 - Math.floor(y / rh))), Math.min(cols - 1, Math.max(0, Math.floor(x / cw)))];
  for (const layer of spec.layers)
    for (const s of layer) {
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) {
          const p = { x: (c + 0.5) * cw, y: spec.depth - (r + 0.5) * rh };
          const hit = s.circle ? Math.hypot(p.x - s.circle.x, p.y - s.circle.y) <= s.circle.radius : s.polygon ? inside(s.polygon, p) : false;
          if (hit) grid[r]![c] = s.char;
        }
      if (s.circle) {
        const [r, c] = cell(s.circle.x, s.circle.y);
        grid[r]![c] = s.char;
      }
    }
  const ruler = (n: number) => {
    let line = "";
    for (let c = 0; c < cols; c++) {
      const x = c * cw;
      line += x % 10 === 0 ? String(x / 10 % 10) : "-";
    }
    return line.slice(0, n);
  };
  const out = [`     ${ruler(cols)}  (x in 10", ${cw}" a column, ${rh}" a row; north at the top)`];
  grid.forEach((row, r) => {
    const yTop = spec.depth - r * rh;
    out.push(`${(r % 5 === 0 ? `${Math.round(yTop)}"` : "").padStart(4)} |${row.join("")}|`);
  });
  out.push(`  0" +${"-".repeat(cols)}+`);
  out.push(...spec.legend);
  return out;
}

/** A, B, ... Z, then AA-style codes are not needed: letters repeat with a number in the legend beyond 26. */
export function unitLetter(i: number, upper: boolean): string {
  const c = String.fromCharCode(97 + (i % 26));
  return upper ? c.toUpperCase() : c;
}
