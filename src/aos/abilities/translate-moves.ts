/**
 * The translator's set-up patterns (docs/abilities.md "Set-ups and redeployment"; played by
 * src/aos/battle/setups.ts and the kernel's assembly/battle/reserves.ts): a unit set up in reserve at deployment
 * and its arrival from that reserve, and "remove this unit from the battlefield and set it up again". Hooked into
 * translate.ts by one line; a reserve and its arrival are played only as a pair (`pairSetUps`: the same
 * warscroll's two abilities naming the same place).
 */
import type { z } from "zod";
import { type Effect, effectSchema, type When } from "./schema.js";
import { type AbilityText, parseWhomPhrase, splitKeywords, type Translation } from "./translate.js";

type EffectIn = z.input<typeof effectSchema>;
const fx = (e: { conditions?: Partial<Effect["conditions"]>; do: EffectIn["do"] }): Effect =>
  effectSchema.parse({ whom: { side: "self", wholly: false, includeSelf: false }, conditions: { attack: "any", ...e.conditions }, do: e.do });

/** The place a reserve is in, as both abilities write it: "in a secret tunnel", "waiting in ambush", ... (lower case words). */
const PLACE = String.raw`[a-z][a-z' -]{2,58}[a-z]`;

const flat = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** A reserve's placement words: "(anywhere )on the battlefield more than N" from all enemy units[ and wholly within N" of a battlefield edge]" and the edge-first form. */
function placementOf(s: string): { moreThanFromEnemies: number; whollyWithinEdge?: number } | null {
  let m: RegExpExecArray | null;
  if ((m = /^(?:anywhere )?on the battlefield,? more than (\d+)" from all enemy units(?: and wholly within (\d+)" of a battlefield edge)?$/.exec(s)))
    return { moreThanFromEnemies: Number(m[1]), ...(m[2] !== undefined ? { whollyWithinEdge: Number(m[2]) } : {}) };
  if ((m = /^(?:on the battlefield,? )?wholly within (\d+)" of a battlefield edge and more than (\d+)" from all enemy units$/.exec(s)))
    return { moreThanFromEnemies: Number(m[2]), whollyWithinEdge: Number(m[1]) };
  return null;
}

const WHY_PAIR = "a reserve is played with its arrival: the same warscroll's other ability that sets it up from the same place must be read too";

/**
 * The set-up forms, or null (the other patterns then read the text):
 * - deployment phase: "[Declare: Pick this unit if it has not been deployed. Effect: ]Set up this unit in reserve
 *   PLACE. It has now been deployed" (or "If this unit has not been deployed, set up this unit in reserve ...") —
 *   `reserve`;
 * - your or any movement phase: "Declare: Pick this unit if it is PLACE. Effect: Set up this unit anywhere on the
 *   battlefield more than 9" from all enemy units [and wholly within 9" of a battlefield edge]" — `arrive`;
 * - your movement phase: "[If this unit is not in combat, ]remove this unit (it) from the battlefield and set it
 *   up again on the battlefield [wholly within N" of a battlefield edge and ]more than N" from all enemy units" —
 *   `redeploy`.
 */
export function setUpTranslation(a: AbilityText, when: When, vocab: ReadonlySet<string>): Translation | null {
  if (when.timing !== "phase") return null;
  const text = flat(a.effect);
  let m: RegExpExecArray | null;
  if (when.phase === "charge") return chargePhaseDice(text, when, vocab);
  if (when.phase === "deployment") {
    if (/^This unit can (?:immediately )?use the 'Normal Move' ability as if it were your movement phase\.?$/.test(text))
      return when.limit === "none" ? { kind: "played", when, effects: [fx({ do: { kind: "normal-move" } })] } : null;
    m = /^Declare: Pick (this unit and )?up to ([1-6]) (friendly .+?) units?( wholly within (\d+)" of this unit)? to be the targets\. Effect: Each target can use the 'Normal Move' ability as if it were your movement phase\.?$/.exec(text);
    if (m && (when.limit === "none" || when.limit === "once-per-battle-army")) {
      const filter = normalMoveFilter(m[3]!, vocab);
      if (!filter || Number(m[5] ?? 0) > 48) return null;
      const whom = { side: "friendly" as const, filter, ...(m[4] ? { range: Number(m[5]), wholly: true } : { wholly: false }), includeSelf: !m[1] };
      const effects = [...(m[1] ? [fx({ do: { kind: "normal-move" } })] : []), effectSchema.parse({ whom, conditions: { attack: "any" }, do: { kind: "normal-move", upTo: Number(m[2]) } })];
      return { kind: "played", when, effects };
    }
    m =
      new RegExp(String.raw`^(?:Declare: Pick this unit if it has not been deployed\. Effect: |If this unit has not been deployed, )?[Ss]et up this unit in reserve (${PLACE})\. (?:It|This unit) has now been deployed\.?$`).exec(text);
    if (!m || (when.limit !== "none" && when.limit !== "once-per-battle-army")) return null;
    return { kind: "played", when, effects: [fx({ do: { kind: "reserve", location: m[1]! } })] };
  }
  if (when.phase !== "movement") return null;
  m = new RegExp(String.raw`^Declare: Pick this unit if i ?t is (${PLACE})\. Effect: Set up this unit (.+?)\.?$`).exec(text);
  if (m) {
    const p = placementOf(m[2]!);
    if (!p || when.whose === "enemy" || when.limit !== "none" || p.moreThanFromEnemies > 48) return null;
    return { kind: "played", when, effects: [fx({ do: { kind: "arrive", location: m[1]!, ...p } })] };
  }
  m = /^(If this unit is not in combat, remove it|Remove this unit) from the battlefield and set it up again on the battlefield (.+?)\.?$/.exec(text);
  if (m) {
    const p = placementOf(`on the battlefield ${m[2]!}`);
    if (!p || when.whose !== "your" || when.limit === "once-per-battle" || when.limit === "once-per-phase-army") return null;
    const inCombat = m[1]!.startsWith("If") ? { inCombat: false } : {};
    return { kind: "played", when, effects: [fx({ conditions: inCombat, do: { kind: "redeploy", ...p } })] };
  }
  return null;
}

/** The place of a played reserve or arrival translation, else null. */
function placeOf(t: Translation, kind: "reserve" | "arrive"): string | null {
  if (t.kind !== "played" || t.effects.length !== 1) return null;
  const d = t.effects[0]!.do;
  return d.kind === kind ? d.location : null;
}

/**
 * One warscroll's translations, a reserve or an arrival left played only when the other ability of the pair is
 * there (the same place); the others become "translated" with the reason.
 */
export function pairSetUps(ts: readonly Translation[]): Translation[] {
  const reserves = new Set(ts.map((t) => placeOf(t, "reserve")).filter((x): x is string => x !== null));
  const arrivals = new Set(ts.map((t) => placeOf(t, "arrive")).filter((x): x is string => x !== null));
  return ts.map((t) => {
    const r = placeOf(t, "reserve");
    const a = placeOf(t, "arrive");
    if ((r !== null && !arrivals.has(r)) || (a !== null && !reserves.has(a))) {
      const p = t as Extract<Translation, { kind: "played" }>;
      return { kind: "translated", when: p.when, effects: p.effects, why: WHY_PAIR };
    }
    return t;
  });
}

/**
 * "Your Charge Phase: For the rest of the phase | turn, add 1 to the number of dice rolled when making charge rolls
 * for this unit | for friendly X units while they are wholly within N" of this unit, to a maximum of 3": a
 * `charge-dice` effect, played as the passive one is (both engines read charge-dice effects whatever their timing).
 * Exact: the units it concerns charge only in their own charge phase, where the ability is used before any charge
 * (decision: always, as it only adds dice), and "while they are wholly within" is read at each charge as a passive
 * aura is. Without a limit only (a "Once Per Turn (Army)" use would be a choice of which unit).
 */
function chargePhaseDice(text: string, when: Extract<When, { timing: "phase" }>, vocab: ReadonlySet<string>): Translation | null {
  if (when.whose !== "your" || when.limit !== "none") return null;
  const m = /^For the rest of the (?:phase|turn), add 1 to the number of dice rolled when making charge rolls for (.+?), to a maximum of 3\.?$/.exec(text);
  if (!m) return null;
  const whom = parseWhomPhrase(m[1]!, vocab);
  if (!whom || whom.side === "enemy") return null;
  return { kind: "played", when, effects: [effectSchema.parse({ whom, conditions: { attack: "any" }, do: { kind: "charge-dice", add: 1, max: 3 } })] };
}

/**
 * Charge re-rolls (src/aos/battle/charge-rerolls.ts): "Passive: You can re-roll charge rolls for this unit | for
 * friendly X units while they are wholly within N" of this unit" and the reactions "[Once Per Turn (Army), ]Reaction:
 * You declared a CHARGE ability for this unit | for an X unit wholly within N" of this unit: You can re-roll the
 * charge roll | Re-roll 1 dice in that charge roll | Change one of the dice in the charge roll to a 4". Null for any
 * other text (the other patterns then read it).
 */
export function chargeRerollTranslation(a: AbilityText, vocab: ReadonlySet<string>): Translation | null {
  const timing = flat(a.timing);
  const text = flat(a.effect).replace(/\.$/, "");
  let m: RegExpExecArray | null;
  if (timing === "Passive") {
    const aura = chargeAfterAura(text, vocab);
    if (aura) return { kind: "played", when: { timing: "passive" }, effects: aura };
    if (!(m = /^You can re-roll charge rolls for (.+)$/.exec(text))) return null;
    const whom = parseWhomPhrase(m[1]!, vocab);
    if (!whom || whom.side === "enemy") return null;
    return { kind: "played", when: { timing: "passive" }, effects: [effectSchema.parse({ whom, conditions: { attack: "any" }, do: { kind: "charge-reroll", dice: "all" } })] };
  }
  const t = /^(Once Per Turn \(Army\), )?Reaction: You declared a CHARGE ability for (this unit|an? (.+?) unit (wholly within|within) (\d+)" of this unit)$/.exec(timing);
  if (!t) return null;
  const dice = text === "You can re-roll the charge roll" ? "all" : text === "Re-roll 1 dice in that charge roll" ? "one" : text === "Change one of the dice in the charge roll to a 4" ? "four" : null;
  if (!dice) return null;
  let whom: Effect["whom"] = { side: "self", wholly: false, includeSelf: false };
  if (t[3] !== undefined) {
    const ks = splitKeywords(t[3], vocab, false);
    if (!ks || Number(t[5]) > 48) return null;
    whom = { side: "friendly", filter: { keywords: ks }, range: Number(t[5]), wholly: t[4] === "wholly within", includeSelf: true };
  }
  const when: When = { timing: "reaction", to: "own-charge", limit: t[1] ? "once-per-turn-army" : "none" };
  return { kind: "played", when, effects: [effectSchema.parse({ whom, conditions: { attack: "any" }, do: { kind: "charge-reroll", dice } })] };
}

/**
 * Charging or shooting after a run or retreat for friendly units near the unit (the passive charge-after effect
 * both engines read through `whom`, moves.ts actsAfter): "While they are wholly within N" of this unit, friendly X
 * units can use CHARGE | SHOOT and/or CHARGE abilities even if they used a RUN ability in the same turn", "While
 * friendly X units are wholly within N" of this unit, they can use ...", and "While a friendly X unit is wholly
 * within N" of this unit: • That unit can use a RETREAT ability and still use CHARGE abilities later in the turn.
 * • No mortal damage is inflicted on that unit by RETREAT abilities".
 */
function chargeAfterAura(text: string, vocab: ReadonlySet<string>): Effect[] | null {
  const t = text.replace(/\bRun ability\b/g, "RUN ability");
  let m: RegExpExecArray | null;
  const what = (w: string) => ({ shoot: w !== "CHARGE", charge: w !== "SHOOT" });
  const after = (w: string) => (w === "RUN or RETREAT" ? (["run", "retreat"] as const) : w === "RUN" ? (["run"] as const) : (["retreat"] as const));
  const effect = (whom: Effect["whom"], d: Record<string, unknown>) => effectSchema.parse({ whom, conditions: { attack: "any" }, do: { kind: "charge-after", ...d } });
  if (
    (m = /^While they are wholly within (\d+)" of this unit, (friendly .+?) can use (CHARGE|SHOOT and\/or CHARGE|SHOOT) abilities even if they used a (RUN or RETREAT|RUN|RETREAT) ability in the same turn$/.exec(t)) ||
    (m = /^While (friendly .+?) are wholly within (\d+)" of this unit, they can use (CHARGE|SHOOT and\/or CHARGE|SHOOT) abilities even if they used a (RUN or RETREAT|RUN|RETREAT) ability in the same turn$/.exec(t))
  ) {
    const [units, range] = /^\d/.test(m[1]!) ? [m[2]!, m[1]!] : [m[1]!, m[2]!];
    const whom = parseWhomPhrase(`${units} while they are wholly within ${range}" of this unit`, vocab);
    if (!whom || whom.side !== "friendly") return null;
    return [effect(whom, { after: [...after(m[4]!)], ...what(m[3]!) })];
  }
  m = /^While a (friendly .+?) unit is wholly within (\d+)" of this unit: • That unit can use a RETREAT ability and still use CHARGE abilities later in the turn\. • No mortal damage is inflicted on that unit by RETREAT abilities$/.exec(t);
  if (m) {
    const whom = parseWhomPhrase(`${m[1]!} units while they are wholly within ${m[2]!}" of this unit`, vocab);
    if (!whom || whom.side !== "friendly") return null;
    return [effect(whom, { after: ["retreat"] }), effect(whom, { after: ["retreat"], shoot: false, charge: false, noRetreatDamage: true })];
  }
  return null;
}

/** "friendly Namarti Thralls" (a warscroll), "friendly STORMCAST ETERNALS INFANTRY", "friendly DEATHRATTLE INFANTRY or DEADWALKERS INFANTRY" (keywords). */
function normalMoveFilter(phrase: string, vocab: ReadonlySet<string>): Effect["whom"]["filter"] | null {
  let m: RegExpExecArray | null;
  if ((m = /^friendly ([A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)*)$/.exec(phrase))) return { warscrolls: [m[1]!] };
  if ((m = /^friendly ([A-Z0-9][A-Z0-9'’ -]*?) or ([A-Z0-9][A-Z0-9'’ -]*)$/.exec(phrase))) {
    const a = splitKeywords(m[1]!, vocab, false);
    const b = splitKeywords(m[2]!, vocab, false);
    // "X INFANTRY or Y INFANTRY": the same last keyword, one of the first ones.
    if (!a || !b || a.length !== 2 || b.length !== 2 || a[1] !== b[1]) return null;
    return { keywords: [a[1]!], anyKeywords: [a[0]!, b[0]!] };
  }
  if ((m = /^friendly ([A-Z0-9][A-Z0-9'’ -]*)$/.exec(phrase))) {
    const ks = splitKeywords(m[1]!, vocab, false);
    return ks ? { keywords: ks } : null;
  }
  return null;
}
