/**
 * The declared abilities' fourth pass (docs/abilities.md "Declared abilities, fourth pass (declared4)"): clauses and
 * picks of "Declare: ... Effect: ..." abilities whose effect is held for a while, read through hooks in
 * translate-status.ts and played by the status step (src/aos/battle/status.ts and its kernel twin), with the weapon
 * mods of the passive interpreters (passive.ts weaponAfterMods; the kernel's passive.ts weaponMods).
 *
 * - "add|subtract N to|from the Attacks|Rend|Damage characteristic of the target's Companion [melee] weapons": the
 *   held modifier with `conditions.companionWeapons` (only Companion weapons, a positive Attacks modifier too:
 *   CORE-COMPANION's "unless otherwise specified").
 * - "... of the target's | this unit's NAME[ and NAME][ melee | ranged weapons]" (a named weapon): `conditions.weapons`,
 *   the names as written and, for a last word ending in "s", without it ("Templar Weapons" is the Blood Knights'
 *   "Templar Weapon"); only where the weapons' owner is known — this unit, or a pick of units named by their
 *   warscroll (declared4Owners), so the kernel's weapon mask is the warscroll's.
 */
import type { Body } from "./translate-status.js";
import type { Effect } from "./schema.js";
import { weaponNames } from "./translate-passive.js";

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Singular variants of names whose last word is a plural in "s" ("Templar Weapons" -> "Templar Weapon"), at most 4 names in all. */
function withSingulars(names: string[]): string[] {
  const out = [...names];
  for (const n of names) {
    const m = /^(.*[a-z])s$/.exec(n);
    if (m && !n.endsWith("ss") && !out.includes(m[1]!)) out.push(m[1]!);
  }
  return out.length <= 4 ? out : names;
}

/**
 * A modifier of some of the subject's weapons held for a while: "add|subtract N to|from the Attacks|Rend|Damage
 * characteristic of S's Companion [melee] weapons | S's NAMES [melee|ranged weapons]"; null otherwise.
 */
export function declared4Body(s: string, self: boolean, body: (s: string, self: boolean) => Body | null): Body | null {
  if (!self) {
    // "... of both this unit's and the target's X" (Wrath of the Draconith): the target's, and this unit's with the same dice (onSelf).
    const both = /^((?:add|subtract) [1-3] (?:to|from) the (?:Attacks|Rend|Damage) characteristic of )both this unit's and the target's (.+)$/i.exec(s);
    if (both) {
      const t = declared4Body(`${both[1]}the target's ${both[2]}`, false, body) ?? body(`${both[1]}the target's ${both[2]}`, false);
      const u = declared4Body(`${both[1]}this unit's ${both[2]}`, true, body) ?? body(`${both[1]}this unit's ${both[2]}`, true);
      return t && u && t.length === 1 && u.length === 1 ? [t[0]!, { ...u[0]!, onSelf: true }] : null;
    }
    // "the targets have WARD (5+) and this unit has STRIKE-LAST" (Starlight Mantle): the targets', then this unit's (onSelf).
    const and = /^the targets? (?:has|have) (.+) and this unit has (STRIKE-FIRST|STRIKE-LAST|WARD \([2-6]\+\))$/i.exec(s);
    if (and) {
      const t = body(`the target has ${and[1]}`, false);
      const u = body(`this unit has ${and[2]}`, true);
      return t && u && t.length === 1 && u.length === 1 ? [t[0]!, { ...u[0]!, onSelf: true }] : null;
    }
  }
  // "the target's | the targets' melee weapons have Charge (+1 Damage)" (Retinue of Blood), "weapons used by this unit and the
  // target have Charge (+1 Damage)" (Herald of Trampling Death: the target's, then this unit's, onSelf): hero3's weapon-ability set.
  const CHARGE = { set: "weapon-ability" as const, ability: "Charge (+1 Damage)" as const };
  if (!self && /^(?:the target's|the targets') melee weapons have Charge \(\+1 Damage\)$/i.test(s)) return [{ do: CHARGE, attack: "melee" }];
  if (!self && /^weapons used by this unit and the target have Charge \(\+1 Damage\)$/i.test(s)) return [{ do: CHARGE, attack: "any" }, { do: CHARGE, attack: "any", onSelf: true }];
  // "subtract N from ward rolls made by the target | for the target" (Relic Censer): the holder's ward rolls.
  const ward = new RegExp(`^(add|subtract) ([1-3]) (?:to|from) ward rolls (?:made by|for) ${self ? "(?:this unit|it)" : "the target"}$`, "i").exec(s);
  if (ward) return [{ do: { set: "ward-roll", value: (ward[1]!.toLowerCase() === "add" ? 1 : -1) * Number(ward[2]) }, attack: "any" }];
  // "that unit's" after a pick of one unit is the target's (Strike at the Heart: "that unit's Templar Weapons").
  const P = self ? "(?:this unit's|its)" : "(?:the target's|that unit's)";
  const m = new RegExp(`^(add|subtract) ([1-3]) (?:to|from) the (Attacks|Rend|Damage) characteristic of ${P} (.+)$`, "i").exec(s);
  if (!m) return null;
  const value = (m[1]!.toLowerCase() === "add" ? 1 : -1) * Number(m[2]);
  const set = m[3]!.toLowerCase() as "attacks" | "rend" | "damage";
  const what = m[4]!;
  const c = /^Companion (?:(melee|ranged) )?weapons$/.exec(what);
  if (c) return [{ do: { set, value }, attack: c[1] === "melee" ? "melee" : c[1] === "ranged" ? "ranged" : "any", cond: { companionWeapons: true } }];
  const n = /^(.+?)(?: (melee|ranged) weapons)?$/.exec(what)!;
  if (/^(?:melee|ranged) weapons$|^weapons$/i.test(what)) return null;
  const names = weaponNames(n[1]!);
  if (!names) return null;
  return [{ do: { set, value }, attack: n[2] === "melee" ? "melee" : n[2] === "ranged" ? "ranged" : "any", cond: { weapons: withSingulars(names) } }];
}

/**
 * The declared4 forms' checks on an ability's effects (translate-status.ts, before it is played). A held effect on named weapons is read only where their owner's warscroll is known: this unit ("this unit's X"), or
 * a pick of friendly units named by warscroll (and this unit, "pick this unit and up to N ..."): the kernel's weapon
 * mask is read from those warscrolls (encode-passive.ts). False for any other pick.
 */
export function declared4Owners(effects: readonly Effect[]): boolean {
  // A follower on this unit (onSelf) only after a pick of one unit or each unit (not "up to N", not "this unit and up to N").
  if (effects.some((e) => e.do.kind === "for-the-turn" && e.do.onSelf) && effects.some((e) => e.do.kind === "for-the-turn" && (e.do.upTo !== undefined || e.do.andSelf !== undefined || e.whom.side === "self"))) return false;
  return effects.every((e) => e.conditions.weapons === undefined || e.whom.side === "self" || (e.do.kind === "for-the-turn" && e.do.onSelf === true) || (e.whom.side === "friendly" && e.whom.filter?.warscrolls !== undefined && e.whom.filter.keywords === undefined));
}

/** "that did not charge this turn and is": the pick's target condition `targetCharged: false` (translate-status.ts declaredPick). */
export const NOT_CHARGED = "that did not charge this turn and (?:is|are)";

/**
 * Units named by a warscroll whose name has a lower-case "of" or "the" ("Flamers of Tzeentch"), which translate-status.ts
 * pickUnits' names do not read, with or without a side: "[other ][friendly|enemy ]Name of Name unit(s)". A pick without
 * a side ("Pick up to 2 visible Flamers of Tzeentch units", Heart of the Inferno) is of friendly units (decision: the
 * catalogue leaves out "friendly"; the pick names the army's own warscroll for a buff). Null otherwise.
 */
export function declared4Units(phrase: string): { side: "friendly" | "enemy"; filter: { warscrolls: string[] }; other: boolean } | null {
  const m = /^(other )?(?:(friendly|enemy) )?([A-Z][a-z'’-]+(?: (?:of|the) [A-Z][a-z'’-]+| [A-Z][a-z'’-]+)*) units?$/.exec(phrase);
  if (!m || !/ (?:of|the) /.test(m[3]!)) return null;
  return { side: (m[2] as "friendly" | "enemy" | undefined) ?? "friendly", filter: { warscrolls: [m[3]!] }, other: m[1] !== undefined };
}

/**
 * "This ability also affects Companion weapons" after an Attacks modifier of the target's melee weapons (Soulgorgers):
 * the list without it, and `also` — the modifier is then written twice, for the weapons as usual (a Companion weapon
 * takes only a negative one: attack.ts attacksWithModifier) and for Companion weapons only (`companionWeapons`, a
 * positive one too), so every melee weapon takes it once.
 */
export function alsoCompanion(list: string[]): { list: string[]; also: boolean } {
  if (list.length < 2 || list.at(-1) !== "This ability also affects Companion weapons") return { list, also: false };
  return { list: list.slice(0, -1), also: true };
}
