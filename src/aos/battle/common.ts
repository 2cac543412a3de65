/**
 * The most common BSData ability texts the engines play (docs/abilities.md "The most common texts"), the effect
 * kinds of schema.ts COMMON_KINDS read by translate-common.ts. The kernel's twin is assembly/battle/common.ts:
 * the same rules, the same dice in the same places (test/aos/abilities-common.test.ts).
 *
 * - `resist` (Ruination Chamber): a reaction when an enemy non-CORE ability the engines play picks the unit as its
 *   target — a declared ability's mortal damage, slay or for-the-turn modifier (combat-abilities.ts), a warscroll
 *   spell (warscroll-spells.ts, after the casting roll succeeds and is not unbound: CORE-SPELLS lets reactions
 *   answer only a spell that is cast), Brace for Impact (moves.ts). A resistance roll of D6; on `on`+ the ability
 *   has no effect on this unit (none of its dice for that unit are rolled). "Once Per Turn (Army)": once a turn
 *   for the army, counted by the ability's name (the same ability on several warscrolls is one); "Once Per Turn":
 *   once a turn for the unit. The policy (both engines, no search decision): used on the first enemy ability that
 *   picks the unit each turn, never on a friendly one.
 * - `not-destroyed` (Son of Behemat): where the engines destroy a unit outright — a unit still in reserve at the
 *   start of the fourth battle round (CORE-RESERVES), a unit set up in reserve under Tooth and Nail's No Reserves
 *   (PB-BP-09) — it is not destroyed; `damage` damage points are allocated to it instead, no ward (it may then
 *   lose models to them as any damage).
 * - `momentum` (Unstoppable Momentum): points on the unit, gained on a successful charge and a run, at most `max`,
 *   added to the Damage characteristic of its weapon `weapon`, and lost `roundLoss` at a time at the end of each
 *   battle round. As tokens "momentum" (one per point) in the unit's list (tokens.ts).
 * - `hidden` (Hidden Weapon Team): visibility.ts visible() asks `hiddenFrom`.
 * - `pass-through` (Longshanks): paths.ts moveWorld and clearSpot ask `passesThrough`; tail4's form (enemy X units'
 *   models and combat ranges: Threshing Doom) `passesRange` too.
 * - `heat` ('Full Power!' and its kin) and `overheat` (Overheating): at the end of its army's hero phase, after the
 *   other hero-phase abilities (turn.ts), a Cogfort whose heat-token ability has a Full Throttle option uses it (the
 *   policy of both engines; not a decision of the search): the first such unit by id that is not in combat, has
 *   fewer than HEAT_CAP heat tokens and no Full Throttle yet — "Once Per Turn (Army)": one a turn for the army. It
 *   picks Full Throttle alone: its heat tokens ("heat", one per token) and, for the rest of the turn, its Move
 *   characteristic is the option's (the `for-the-turn:full-throttle` token; movement.ts reads it instead of the
 *   Move, a random Move is then not rolled; move modifiers still apply). Then Overheating: a dice per heat token it
 *   has; for each `on`+, 1 damage point (no ward) and 1 heat token removed.
 */
import { type PlayedEffect, passes } from "../abilities/index.js";
import type { Do } from "../abilities/schema.js";
import { allocateDamage } from "./attacks.js";
import { destroyIfSlain } from "./casualties.js";
import type { Battle } from "./battle.js";
import { battleEffects } from "./effects.js";
import type { Player } from "./state.js";
import { hasKeyword } from "./units.js";
import { edgeDistance } from "./geometry.js";
import { rerollsResistance } from "./tail4.js";

type CommonKind = "resist" | "not-destroyed" | "momentum" | "hidden" | "pass-through" | "heat" | "overheat";
type DoOf<K extends CommonKind> = Extract<Do, { kind: K }>;

const kindsCache = new WeakMap<object, Set<string>>();

/** Whether the battle's played effects hold kind `k` (gates every hook: nothing changes for a battle without it). */
export function hasCommon(b: Battle, k: CommonKind): boolean {
  let s = kindsCache.get(b.data.profiles);
  if (!s) {
    s = new Set(battleEffects(b).map((pe) => pe.effect.do.kind));
    kindsCache.set(b.data.profiles, s);
  }
  return s.has(k);
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The first played effect of kind `k` of unit `id`'s warscroll (data order) that `ok` accepts, or null. */
function effectOf<K extends CommonKind>(b: Battle, id: number, k: K, ok: (d: DoOf<K>) => boolean = () => true): { pe: PlayedEffect; d: DoOf<K> } | null {
  const w = b.profile(id).warscroll;
  for (const pe of battleEffects(b)) if (pe.effect.do.kind === k && same(pe.ability.warscroll, w) && ok(pe.effect.do as DoOf<K>)) return { pe, d: pe.effect.do as DoOf<K> };
  return null;
}

// ---- resistance rolls ------------------------------------------------------------------------------------

/** The token a unit that made a resistance roll this turn carries: the ability's name (removed when a turn starts). */
export const resistToken = (ability: string) => `for-the-turn:resist:${ability.toLowerCase()}`;

/**
 * Enemy ability `what` of unit `source` picked `target` as its target: the target's resistance roll, if it has one
 * left this turn. True: the ability has no effect on the target (the caller rolls nothing for it).
 */
export function resisted(b: Battle, source: number, target: number, what: string, spell = false): boolean {
  if (!hasCommon(b, "resist") || b.ownerOf(source) === b.ownerOf(target) || b.unit(target).status !== "deployed") return false;
  // A spell: first the reactions against spells only (they keep the once-a-turn one for later), then the general one.
  if (spell && spellResisted(b, target, what)) return true;
  const r = effectOf(b, target, "resist", (d) => d.against === undefined);
  if (!r) return false;
  const when = r.pe.ability.when;
  const limit = when.timing === "reaction" ? when.limit : "none";
  const token = resistToken(r.pe.ability.name);
  const me = b.ownerOf(target);
  if (limit === "once-per-turn-army" && b.data.units.some((u) => b.ownerOf(u.id) === me && u.tokens.includes(token))) return false;
  if (limit === "once-per-turn" && b.unit(target).tokens.includes(token)) return false;
  if (limit !== "none" && !b.unit(target).tokens.includes(token)) b.unit(target).tokens.push(token);
  let roll = b.rollD6();
  // tail4.ts: a failed roll re-rolled (The Flames of Hope).
  const again = roll < r.d.on ? rerollsResistance(b, target) : -1;
  if (again >= 0) {
    b.say(`  ${b.profile(target).name} rolls ${roll} for ${r.pe.ability.name} and re-rolls it (${b.profile(again).name}).`);
    roll = b.rollD6();
  }
  const ok = roll >= r.d.on;
  b.say(`  ${b.profile(target).name} uses ${r.pe.ability.name} against ${what}: resistance roll ${roll}${ok ? ", no effect on it" : ""}.`);
  return ok;
}

/** The token of a spell reaction used "once per phase" on the unit that used it (removed when the phase ends: clearPhaseTokens). */
export const SPELL_RESIST_PHASE_TOKEN = "for-the-turn:phase:spell-resist";

/**
 * An enemy spell picked `target`: the reactions against spells of its army ("If this unit [or a friendly X unit wholly
 * within 12" of this unit] was picked to be the target of that spell, roll a dice. On a N+, ignore the effect"), each
 * unit that has one and covers the target, by ascending id, until a roll succeeds. True: no effect on the target.
 */
function spellResisted(b: Battle, target: number, what: string): boolean {
  for (const x of b.deployed(b.ownerOf(target))) {
    const r = effectOf(b, x, "resist", (d) => d.against === "spell");
    if (!r) continue;
    const w = r.pe.effect.whom;
    if (x !== target && !(w.side === "friendly" && passes(b.profile(target), w.filter) && whollyWithin(b, target, x, w.range ?? 0))) continue;
    const u = b.unit(x);
    if (r.d.oncePerPhase) {
      if (u.tokens.includes(SPELL_RESIST_PHASE_TOKEN)) continue;
      u.tokens.push(SPELL_RESIST_PHASE_TOKEN);
    }
    const roll = b.rollD6();
    const ok = roll >= r.d.on;
    b.say(`  ${b.profile(x).name} uses ${r.pe.ability.name} against ${what} on ${b.profile(target).name}: ${roll}${ok ? ", no effect on it" : ""}.`);
    if (ok) return true;
  }
  return false;
}

/** "Wholly within `range` of": every point of a's footprint within range of b's (effects.ts battleView). */
export function whollyWithin(b: Battle, a: number, c: number, range: number): boolean {
  const fa = b.footprint(a);
  const fc = b.footprint(c);
  return Math.hypot(fa.x - fc.x, fa.y - fc.y) + fa.radius - fc.radius <= range + 1e-9;
}

/** The end of a phase: the spell reactions' "once per phase" tokens go (turn.ts nextPhase). */
export function clearPhaseTokens(b: Battle): void {
  if (!hasCommon(b, "resist")) return;
  for (const u of b.data.units) if (u.tokens.includes(SPELL_RESIST_PHASE_TOKEN)) u.tokens = u.tokens.filter((t) => t !== SPELL_RESIST_PHASE_TOKEN);
}

// ---- destroyed outright ----------------------------------------------------------------------------------

/**
 * A rule destroys unit `id` outright (`why` for the log). With a `not-destroyed` effect it is not destroyed: the
 * damage points are allocated instead (no ward) and true is returned (it stays where it is, on the battlefield
 * or in reserve, unless those points slay its last model). False: the caller destroys it.
 */
export function avoidsDestruction(b: Battle, id: number, why: string): boolean {
  if (!hasCommon(b, "not-destroyed")) return false;
  const r = effectOf(b, id, "not-destroyed");
  if (!r) return false;
  const dice = r.d.damage;
  let points = dice.plus;
  for (let i = 0; i < dice.count; i++) points += b.rng.roll(dice.sides);
  const u = b.unit(id);
  const slain = allocateDamage(b.profile(id), u, points);
  b.say(`${b.profile(id).name} would be destroyed (${why}): ${r.pe.ability.name}, ${points} damage points instead${slain ? `, ${slain} slain` : ""}.`);
  return u.models > 0;
}

// ---- momentum points -------------------------------------------------------------------------------------

export const MOMENTUM_TOKEN = "momentum";

export function momentumOf(b: Battle, id: number): number {
  let n = 0;
  for (const t of b.unit(id).tokens) if (t === MOMENTUM_TOKEN) n++;
  return n;
}

function setMomentum(b: Battle, id: number, n: number): void {
  const u = b.unit(id);
  const rest = u.tokens.filter((t) => t !== MOMENTUM_TOKEN);
  for (let i = 0; i < n; i++) rest.push(MOMENTUM_TOKEN);
  u.tokens = rest;
}

/** Unit `id` charged (successfully) or ran: its momentum points. */
export function gainMomentum(b: Battle, id: number, event: "charge" | "run"): void {
  if (!hasCommon(b, "momentum")) return;
  const r = effectOf(b, id, "momentum");
  if (!r) return;
  const now = momentumOf(b, id);
  const next = Math.min(r.d.max, now + r.d[event]);
  if (next === now) return;
  setMomentum(b, id, next);
  b.say(`  ${b.profile(id).name}: ${next} momentum point${next === 1 ? "" : "s"} (${r.pe.ability.name}).`);
}

/** The end of a battle round: every unit's momentum points go down (to 0). */
export function momentumRoundEnd(b: Battle): void {
  if (!hasCommon(b, "momentum")) return;
  for (const u of b.data.units) {
    const now = momentumOf(b, u.id);
    if (now === 0) continue;
    const r = effectOf(b, u.id, "momentum");
    setMomentum(b, u.id, Math.max(0, now - (r ? r.d.roundLoss : now)));
  }
}

/** The Damage added to `id`'s weapons by name (attacks.ts AttackContext.weaponDamage), or undefined for none. */
export function momentumDamage(b: Battle, id: number): Record<string, number> | undefined {
  if (!hasCommon(b, "momentum")) return undefined;
  const n = momentumOf(b, id);
  if (n === 0) return undefined;
  const r = effectOf(b, id, "momentum");
  if (!r) return undefined;
  const w = b.profile(id).weapons.find((x) => sameWeapon(x.name, r.d.weapon));
  return w ? { [w.name]: n } : undefined;
}

/** Weapon names as the catalogues write them in a text ("MAW-GRUNTA'S TUSKS") and on the warscroll ("Maw-grunta's Tusks"). */
export const sameWeapon = (a: string, b: string) => a.replace(/’/g, "'").toLowerCase() === b.replace(/’/g, "'").toLowerCase();

// ---- hidden weapon teams ---------------------------------------------------------------------------------

/**
 * Hidden Weapon Team: `t` is not visible to enemy unit `viewer` more than `beyond` away while it is within
 * `escort.range` of a friendly unit of the escort with `minModels` or more models, and no other friendly unit
 * with `alone` (the keyword) is within that unit's `escort.range` (any escort that qualifies will do).
 */
export function hiddenFrom(b: Battle, viewer: number, t: number): boolean {
  if (!hasCommon(b, "hidden") || b.ownerOf(viewer) === b.ownerOf(t)) return false;
  const r = effectOf(b, t, "hidden");
  if (!r || !(b.distance(viewer, t) > r.d.beyond)) return false;
  const me: Player = b.ownerOf(t);
  // "and there are no enemy units within this unit's combat range" (translate-passive2.ts).
  const clear = r.d.clear;
  if (clear !== undefined && b.deployed((1 - me) as Player).some((e) => b.distance(e, t) <= clear + 1e-9)) return false;
  // terrain5 (Hunters of the Frozen Wilds): "while it is within N\" of a terrain feature" (edge to edge).
  const near = r.d.terrain;
  if (near !== undefined && !b.data.terrain.some((f) => edgeDistance(b.footprint(t), f) <= near + 1e-9)) return false;
  const e = r.d.escort;
  if (!e) return true; // terrain5: no escort needed
  for (const x of b.deployed(me)) {
    if (x === t || !passes(b.profile(x), e.filter) || b.unit(x).models < e.minModels || b.distance(x, t) > e.range + 1e-9) continue;
    const alone = r.d.alone;
    if (alone !== undefined && b.deployed(me).some((y) => y !== t && y !== x && hasKeyword(b.profile(y), alone) && b.distance(y, x) <= e.range + 1e-9)) continue;
    return true;
  }
  return false;
}

// ---- passing through -------------------------------------------------------------------------------------

/**
 * Longshanks: `mover` can pass through `other`'s models (a unit without any of the effect's `notKeywords`). tail4
 * (Threshing Doom, Barge Through): with `enemyKeywords`, only an enemy unit with one of them.
 */
export function passesThrough(b: Battle, mover: number, other: number): boolean {
  if (!hasCommon(b, "pass-through")) return false;
  const r = effectOf(b, mover, "pass-through");
  if (r === null) return false;
  const e = r.d.enemyKeywords;
  if (e) return b.ownerOf(other) !== b.ownerOf(mover) && e.some((k) => hasKeyword(b.profile(other), k));
  return !r.d.notKeywords.some((k) => hasKeyword(b.profile(other), k));
}

/** tail4 (Threshing Doom): `mover` can pass through enemy unit `other`'s combat range too (paths.ts moveWorld: it only limits where the move ends). */
export function passesRange(b: Battle, mover: number, other: number): boolean {
  if (!hasCommon(b, "pass-through")) return false;
  const r = effectOf(b, mover, "pass-through");
  return r !== null && r.d.ranges === true && passesThrough(b, mover, other);
}

// ---- heat tokens ('Full Power!', Overheating) ------------------------------------------------------------

export const HEAT_TOKEN = "heat";
export const FULL_THROTTLE_TOKEN = "for-the-turn:full-throttle";
/** The army used the heat-token ability `ability` this turn ("Once Per Turn (Army)", by name), on the unit that used it. */
export const heatUsedToken = (ability: string) => `for-the-turn:heat-used:${ability.toLowerCase()}`;
/** The policy uses a heat-token ability only on a unit with fewer heat tokens than this. */
export const HEAT_CAP = 4;

export function heatOf(b: Battle, id: number): number {
  let n = 0;
  for (const t of b.unit(id).tokens) if (t === HEAT_TOKEN) n++;
  return n;
}

/** The Move characteristic Full Throttle gives `id` for the rest of the turn (movement.ts), or null. */
export function fullThrottleMove(b: Battle, id: number): number | null {
  if (!hasCommon(b, "heat") || !b.unit(id).tokens.includes(FULL_THROTTLE_TOKEN)) return null;
  const r = effectOf(b, id, "heat");
  return r?.d.options.find((o) => o.move !== undefined)?.move ?? null;
}

/** The end of `player`'s hero phase: its heat-token abilities, by the policy above (both engines). */
export function useHeatAbilities(b: Battle, player: Player): void {
  if (!hasCommon(b, "heat")) return;
  for (const pe of battleEffects(b)) {
    const d = pe.effect.do;
    const w = pe.ability.when;
    if (d.kind !== "heat" || w.timing !== "phase" || w.phase !== "hero" || w.whose === "enemy") continue;
    const opt = d.options.find((o) => o.move !== undefined);
    if (!opt) continue;
    const army = w.limit === "once-per-turn-army";
    const used = heatUsedToken(pe.ability.name);
    if (army && b.data.units.some((u) => b.ownerOf(u.id) === player && u.tokens.includes(used))) continue;
    for (const s of b.deployed(player)) {
      const u = b.unit(s);
      if (!same(b.profile(s).warscroll, pe.ability.warscroll) || b.inCombat(s) || heatOf(b, s) >= HEAT_CAP || u.tokens.includes(FULL_THROTTLE_TOKEN)) continue;
      for (let i = 0; i < opt.heat; i++) u.tokens.push(HEAT_TOKEN);
      u.tokens.push(FULL_THROTTLE_TOKEN);
      if (army) u.tokens.push(used);
      b.say(`${b.profile(s).name} uses ${pe.ability.name}: ${opt.name} (Move ${opt.move}" for the rest of the turn), ${opt.heat} heat tokens (${heatOf(b, s)} in all).`);
      overheat(b, s);
      if (army) break;
    }
  }
}

/** Overheating, right after the heat-token ability: a dice per heat token; each `on`+ a damage point (no ward) and a token less. */
function overheat(b: Battle, id: number): void {
  const r = effectOf(b, id, "overheat");
  if (!r) return;
  const n = heatOf(b, id);
  let points = 0;
  for (let i = 0; i < n; i++) if (b.rollD6() >= r.d.on) points++;
  if (points === 0) return;
  const u = b.unit(id);
  for (let i = 0; i < points; i++) u.tokens.splice(u.tokens.indexOf(HEAT_TOKEN), 1);
  const slain = allocateDamage(b.profile(id), u, points);
  b.say(`  ${b.profile(id).name}: ${r.pe.ability.name}, ${points} damage point${points === 1 ? "" : "s"}, ${heatOf(b, id)} heat tokens left${slain ? `, ${slain} slain` : ""}.`);
  destroyIfSlain(b, id, null, slain);
}
