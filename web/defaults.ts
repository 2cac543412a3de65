/**
 * The matchups the page opens with. The AoS one is a copy of examples/mortek-vs-liberators.json, held in
 * the bundle so that the first result needs no request besides the worker and the Wasm core.
 */
import type { z } from "zod";
import type { AosOddsInputJson } from "../src/aos/odds/index.js";
import type { mesbgOddsInputSchema } from "../src/mesbg/odds/index.js";

/** What a user may type for MESBG: the schema's input side (defaults not yet filled in). */
export type MesbgOddsInputJson = z.input<typeof mesbgOddsInputSchema>;

export const DEFAULT_AOS: AosOddsInputJson = {
  attacker: {
    name: "Mortek Guard",
    models: 10,
    keywords: ["CHAMPION"],
    weapons: [
      {
        name: "Nadirite Blades", type: "melee", attacks: 2, hit: 3, wound: 4, rend: 1, damage: 1,
        abilities: ["Crit (2 Hits)", "Anti-CAVALRY (+1 Rend)"],
      },
    ],
  },
  defender: { name: "Liberators", models: 5, health: 2, save: 3, ward: 6, keywords: ["INFANTRY"] },
  context: {
    charged: false,
    modifiers: { hit: 0, wound: 0, save: 0 },
    rerolls: { hit: "none", wound: "none", save: "none" },
  },
};

/** A rank-and-file one-on-one fight (ME-DUEL): even duel, 5+ to wound each way. */
export const DEFAULT_MESBG: MesbgOddsInputJson = {
  a: { name: "Warrior of Minas Tirith", side: "good", fight: 3, attacks: 1, strength: 3, defence: 5, wounds: 1 },
  b: { name: "Orc Warrior", side: "evil", fight: 3, attacks: 1, strength: 3, defence: 4, wounds: 1 },
  trapped: false,
};

export type Game = "aos" | "mesbg";

export const DEFAULT_INPUT: Record<Game, unknown> = { aos: DEFAULT_AOS, mesbg: DEFAULT_MESBG };

/** One-line JSON with a space after each separator, the way people type it. */
function flatJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(flatJson).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? "{}" : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${flatJson(v)}`).join(", ")} }`;
}

/**
 * JSON for the textarea, laid out like the example files: a value stays on one line when it fits in
 * `width` columns, else its members go one per line. Plain JSON.stringify(v, null, 2) would spread the
 * default over ~35 lines and push the Compute button off screen.
 */
export function prettyInput(value: unknown, width = 66, indent = "", column = indent.length): string {
  const flat = flatJson(value);
  if (value === null || typeof value !== "object" || column + flat.length < width) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + prettyInput(v, width, inner)).join(",\n")}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${prettyInput(v, width, inner, inner.length + k.length + 4)}`).join(",\n")}\n${indent}}`;
}
