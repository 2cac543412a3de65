/**
 * The dashboard's plain number fields read through one zod schema and worded one way, as the matchup's
 * settings are: "seed: must be a whole number from 0 to 4294967295". An empty field is refused (an empty seed
 * is not "random": every view is seeded so the same seed gives the same game), and so is a number field the
 * browser could not read (its `validity.badInput`: "abc" in a number input reads as empty).
 */
import { z } from "zod";
import { MAX_SEED } from "../src/core/rng.js";

export { MAX_SEED };

export type Read = { ok: true; value: number } | { ok: false; message: string };

/** A whole number from `min` to `max` in the field the user knows as `label` (lower case, as Matchup's). */
export function readWhole(label: string, raw: string, min: number, max: number, badInput = false): Read {
  const r = z.string().trim().min(1).transform(Number).pipe(z.number().int().min(min).max(max)).safeParse(raw);
  return !badInput && r.success ? { ok: true, value: r.data } : { ok: false, message: `${label}: must be a whole number from ${min} to ${max}` };
}

/** The seed field of any view. */
export const readSeed = (raw: string, badInput = false): Read => readWhole("seed", raw, 0, MAX_SEED, badInput);

/** Reads an input: its value through `readWhole`, with aria-invalid set to the verdict. */
export function readInput(input: HTMLInputElement, label: string, min: number, max: number): Read {
  const r = readWhole(label, input.value, min, max, input.validity.badInput);
  markInvalid(input, !r.ok);
  return r;
}

/** aria-invalid="true" on a field that is wrong (an empty aria-invalid is read as false), none on one that is right. */
export function markInvalid(el: Element, invalid: boolean): void {
  if (invalid) el.setAttribute("aria-invalid", "true");
  else el.removeAttribute("aria-invalid");
}
