/** Giving a set-up battle's units an ability read from its BSData text, as an imported warscroll would have it. */
import { expect } from "vitest";
import { translateAbility, translatedAbility } from "../../src/aos/abilities/translate.js";
import type { Battle } from "../../src/aos/battle/battle.js";
import { choices } from "../../src/aos/battle/flow.js";
import { policyAction } from "../../src/aos/battle/policy.js";

type Vocabulary = Parameters<typeof translateAbility>[1];

/** `text` translated with `vocab` (it must be played) and added to every unit of `warscroll` in `b`. */
export function giveTranslated(b: Battle, warscroll: string, text: { name: string; timing: string; effect: string }, vocab: Vocabulary): void {
  const t = translateAbility(text, vocab);
  expect(t.kind, `${text.name}: ${JSON.stringify(t)}`).toBe("played");
  const a = translatedAbility(warscroll, text.name, t)!;
  for (const p of b.data.profiles) if (p.warscroll === warscroll) p.abilities = [...(p.abilities ?? []), a];
}

/** The scripted policy's pick in `b`, which must be a spell or prayer: applied, and its label returned. */
export function castFirst(b: Battle): string {
  b.choiceCache = null;
  const c = choices(b)[policyAction(b)]!;
  expect(c.tag?.kind).toBe("spell");
  c.apply(b);
  return c.label;
}
