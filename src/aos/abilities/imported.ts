/**
 * Imported warscrolls' abilities in play: the played translations (translate.ts) of a warscroll the bundled
 * data/aos/abilities.json does not hold. A warscroll it holds keeps its hand-written abilities (they are the
 * authority; the translation of the same text is not added on top). The keyword vocabulary is the library's.
 */
import type { WarscrollLibrary } from "../armies/library.js";
import type { Warscroll } from "../armies/warscroll.js";
import { abilitiesOf } from "./index.js";
import type { Ability } from "./schema.js";
import { keywordVocabulary, translateAbility, translatedAbility } from "./translate.js";
import { pairSetUps } from "./translate-moves.js";

const vocabularies = new WeakMap<object, Set<string>>();

/** The keywords a library's warscrolls name, and its factions' names (kept per library object). */
export function libraryVocabulary(lib: Pick<WarscrollLibrary, "warscrolls">): Set<string> {
  let v = vocabularies.get(lib.warscrolls);
  if (!v) {
    const ks: string[] = [];
    for (const w of lib.warscrolls) ks.push(w.faction, ...w.keywords);
    v = keywordVocabulary(ks);
    vocabularies.set(lib.warscrolls, v);
  }
  return v;
}

/** The translated abilities the interpreters play for `w` (none when the bundled data writes its abilities). */
export function translatedAbilitiesOf(w: Pick<Warscroll, "name" | "abilities">, vocab: ReadonlySet<string>): Ability[] {
  if (abilitiesOf(w.name).length > 0) return [];
  const out: Ability[] = [];
  // A reserve and its arrival are played as a pair (translate-moves.ts pairSetUps).
  const ts = pairSetUps(w.abilities.map((a) => translateAbility(a, vocab)));
  w.abilities.forEach((a, i) => {
    const t = translatedAbility(w.name, a.name, ts[i]!);
    if (t) out.push(t);
  });
  return out;
}
