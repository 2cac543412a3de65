/**
 * The timing2 area in the TypeScript engine (docs/abilities.md "Timings: commands, replacements and spellings").
 *
 * Replacement abilities translated from imported warscrolls (translate-timing2.ts, the `replace` kind): each played
 * one becomes a replacement ability of its warscroll (CORE-REPLACEMENT), used by that warscroll's units, as the
 * bundled ones of data/aos/unit-abilities.json are; replacement.ts offers it and sets the unit up, and the kernel
 * (assembly/battle/reserves.ts) plays its ability record (encode.ts reserveSlots) — no code of its own. A warscroll
 * a bundled replacement ability of the same name covers (Nagash's Supreme Lord of the Undead) keeps the bundled one.
 *
 * Fighting twice (the `fight-twice` kind): used in the combat phase's ability step, then read by combat.ts fight
 * and hasLast; the kernel's twin is assembly/battle/timing2.ts.
 */
import type { Ability } from "../abilities/schema.js";
import { type ReplacementAbility, translatedReplacementAbilities, unitAbilities } from "./abilities.js";
import type { Battle } from "./battle.js";
import { hasKeyword } from "./units.js";

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
const norm = (s: string) => s.trim().toLowerCase();

type Profiles = readonly { warscroll: string; keywords: readonly string[]; abilities?: readonly Ability[] }[];

/** The replacement abilities the played `replace` translations of the battle's warscrolls make, in data order. */
function translatedReplacements(profiles: Profiles): ReplacementAbility[] {
  const bundled = unitAbilities().replacement;
  const out: ReplacementAbility[] = [];
  const seen = new Set<string>();
  for (const p of profiles) {
    if (!p.abilities || seen.has(norm(p.warscroll))) continue;
    seen.add(norm(p.warscroll));
    for (const ab of p.abilities) {
      const d = ab.effects[0]?.do;
      const w = ab.when;
      if (ab.status !== "played" || d?.kind !== "replace" || w.timing !== "phase" || (w.phase !== "hero" && w.phase !== "movement")) continue;
      if (bundled.some((b) => norm(b.name) === norm(ab.name) && b.user?.units.warscrolls?.some((x) => norm(x) === norm(p.warscroll)))) continue;
      const r: ReplacementAbility = {
        id: `t2-${slug(p.warscroll)}-${slug(ab.name)}`.slice(0, 60).replace(/-+$/, ""),
        name: ab.name,
        faction: p.keywords[0] ?? p.warscroll.toUpperCase(),
        catalogue: "(translated from the BSData text)",
        command: d.command,
        phase: w.phase,
        // "Once Per Battle" (each unit) counted for the army: exact for the UNIQUE warscrolls that carry it.
        frequency: w.limit === "once-per-turn-army" ? "once-per-turn" : w.limit === "once-per-battle" || w.limit === "once-per-battle-army" ? "once-per-battle" : "unlimited",
        user: { units: { warscrolls: [p.warscroll] }, notInCombat: d.userNotInCombat },
        targets: d.targets,
        models: d.models,
        placement: {
          ...(d.moreThanFromEnemies !== undefined ? { moreThanFromEnemies: d.moreThanFromEnemies } : {}),
          ...(d.whollyWithinEdge !== undefined ? { whollyWithinEdge: d.whollyWithinEdge } : {}),
          ...(d.whollyWithinUser !== undefined ? { whollyWithinUser: d.whollyWithinUser } : {}),
          notInCombat: false,
        },
      };
      translatedReplacementAbilities.set(r.id, r);
      out.push(r);
    }
  }
  return out;
}

const cache = new WeakMap<object, { sig: string; list: ReplacementAbility[] }>();

/**
 * The battle's replacement abilities, in the order the kernel's records take: the bundled ones, then the
 * translated ones of the battle's warscrolls (cached per profiles list while its warscrolls and abilities stay).
 */
export function battleReplacements(profiles: Profiles): ReplacementAbility[] {
  const sig = profiles.map((p) => `${p.warscroll}:${p.abilities?.length ?? 0}`).join("|");
  const hit = cache.get(profiles);
  if (hit && hit.sig === sig) return hit.list;
  const list = [...unitAbilities().replacement, ...translatedReplacements(profiles)];
  cache.set(profiles, { sig, list });
  return list;
}

// --------------------------------------------------------------------------------------- fighting twice

/** "This unit can use 2 FIGHT abilities this phase" was used; it has not fought yet (all five gone with the turn). */
export const FIGHT_TWICE_TOKEN = "for-the-turn:fight-twice";
/** It used the first FIGHT ability and may use the second: STRIKE-LAST for the rest of the turn. */
export const SECOND_FIGHT_TOKEN = "for-the-turn:second-fight";
/** The HEROES form (`heroes`): granted; the first used, the second open while it is in combat with an enemy HERO. */
export const FIGHT_TWICE_HEROES_TOKEN = "for-the-turn:fight-twice-heroes";
export const SECOND_FIGHT_HEROES_TOKEN = "for-the-turn:second-fight-heroes";
/** It used both: STRIKE-LAST for the rest of the turn. */
export const FOUGHT_TWICE_TOKEN = "for-the-turn:fought-twice";

export const FIGHT_TOKENS: readonly string[] = [FIGHT_TWICE_TOKEN, SECOND_FIGHT_TOKEN, FIGHT_TWICE_HEROES_TOKEN, SECOND_FIGHT_HEROES_TOKEN, FOUGHT_TWICE_TOKEN];

/** In combat with an enemy HERO (the `heroes` form). */
function withEnemyHero(b: Battle, id: number): boolean {
  return b.enemiesInCombat(id).some((e) => hasKeyword(b.profile(e), "HERO"));
}

/**
 * The combat step's use of a `fight-twice` ability (combat-abilities.ts useStepAbilities): the policy (both
 * engines, no search decision) uses it on a unit of the warscroll that is in combat (with an enemy HERO for the
 * `heroes` form) and has not fought (the step comes before the fights) — a second fight only adds attacks.
 * Returns whether it was used.
 */
export function useFightTwice(b: Battle, s: number, name: string, heroes: boolean): boolean {
  const u = b.unit(s);
  if (!b.inCombat(s) || u.fought || u.tokens.some((t) => FIGHT_TOKENS.includes(t))) return false;
  if (heroes && !withEnemyHero(b, s)) return false;
  u.tokens.push(heroes ? FIGHT_TWICE_HEROES_TOKEN : FIGHT_TWICE_TOKEN);
  b.say(`${b.profile(s).name} uses ${name}: it can use 2 FIGHT abilities this phase.`);
  return true;
}

/**
 * After a unit's FIGHT ability (combat.ts fight): the first of two opens the second (and STRIKE-LAST for the rest
 * of the turn, so it is picked again after the other units, CORE-STRIKE-ORDER; while it can, it must fight again,
 * as every unit in combat must); the second closes it. `fought` stays "has used a FIGHT ability this turn".
 */
export function foughtOnce(b: Battle, id: number): void {
  const u = b.unit(id);
  const swap = (from: string, to: string) => (u.tokens = [...u.tokens.filter((t) => t !== from), to]);
  if (u.tokens.includes(FIGHT_TWICE_TOKEN)) swap(FIGHT_TWICE_TOKEN, SECOND_FIGHT_TOKEN);
  else if (u.tokens.includes(FIGHT_TWICE_HEROES_TOKEN)) swap(FIGHT_TWICE_HEROES_TOKEN, SECOND_FIGHT_HEROES_TOKEN);
  else if (u.tokens.includes(SECOND_FIGHT_TOKEN)) swap(SECOND_FIGHT_TOKEN, FOUGHT_TWICE_TOKEN);
  else if (u.tokens.includes(SECOND_FIGHT_HEROES_TOKEN)) swap(SECOND_FIGHT_HEROES_TOKEN, FOUGHT_TWICE_TOKEN);
}

/** It has fought once and may fight again (combat.ts fightCandidates): the HEROES form while in combat with an enemy HERO. */
export function secondFightOpen(b: Battle, id: number): boolean {
  const t = b.unit(id).tokens;
  return t.includes(SECOND_FIGHT_TOKEN) || (t.includes(SECOND_FIGHT_HEROES_TOKEN) && withEnemyHero(b, id));
}

/** STRIKE-LAST after the first of two FIGHT abilities (combat.ts hasLast). */
export function foughtOnceLast(b: Battle, id: number): boolean {
  return b.unit(id).tokens.some((t) => t === SECOND_FIGHT_TOKEN || t === SECOND_FIGHT_HEROES_TOKEN || t === FOUGHT_TWICE_TOKEN);
}
