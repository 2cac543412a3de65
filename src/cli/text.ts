/**
 * Text printed for a person must not carry terminal control codes from a user's file (a unit named
 * "\u001b[2J" would clear the screen): every control character but line break and tab, DEL, the C1 controls
 * and the bidirectional overrides are written as a visible `\uXXXX` escape. The same escape is valid inside a
 * JSON string, so `--json` output (where JSON.stringify leaves C1 and bidi characters raw) stays the same
 * JSON value.
 */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
