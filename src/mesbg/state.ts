/**
 * The state of a MESBG game as plain, JSON-serialisable data (zod schemas are the source of the types), and
 * `St`: that data together with the seeded Rng and the profile table, plus the small queries every rule
 * asks (who is engaged, who has a control zone, a model's Defence and Courage with every modifier).
 */
import { z } from "zod";
import { Rng } from "../core/rng.js";
import { CONTACT, gapOf, inZone } from "./board.js";
import { type Combat, combatSchema, type Frame, frameSchema } from "./frames.js";
import { type Force, forceSchema, type ProfileInfo, profileInfo } from "./profiles.js";

export const modelSchema = z.object({
  id: z.number().int().min(0).max(255),
  side: z.union([z.literal(0), z.literal(1)]),
  /** Index into the profile table built from the two forces (`buildInfos`). */
  info: z.number().int().min(0).max(255),
  name: z.string().max(80),
  x: z.number().finite(),
  y: z.number().finite(),
  wounds: z.number().int().min(0).max(20),
  might: z.number().int().min(0).max(6),
  will: z.number().int().min(0).max(20),
  fate: z.number().int().min(0).max(6),
  alive: z.boolean(),
  prone: z.boolean(),
  // This turn:
  activated: z.boolean(),
  /** Inches moved (standing up counts half the Move allowance): ME-BOW. */
  moved: z.number().min(0),
  movedAtAll: z.boolean(),
  charged: z.boolean(),
  chargedTargets: z.array(z.number().int().min(0).max(255)).max(8),
  /** ME-CAVALRY: charged by an enemy Cavalry model this turn. */
  chargedByCavalry: z.boolean(),
  /** ME-THROWING-SPEAR: threw it during the Move phase. */
  thrown: z.boolean(),
  shot: z.boolean(),
  cast: z.boolean(),
  /** ME-STAFF: the free Will point of this turn is used. */
  freeWill: z.boolean(),
  /** ME-RULES Terror: the Courage test of this turn. */
  terror: z.enum(["none", "passed", "failed"]),
  /** ME-POWERS Transfix (and Compel): until the End phase. */
  transfixed: z.boolean(),
  compelled: z.boolean(),
  /** ME-SPEAR: has supported a fight this turn. */
  supported: z.boolean(),
  /** ME-RULES Will of Evil: was in a combat this Fight phase. */
  fought: z.boolean(),
  /** ME-POWERS Terrifying Aura, until the caster's Will runs out. */
  aura: z.boolean(),
});
export type ModelState = z.output<typeof modelSchema>;

export const stateSchema = z.object({
  format: z.literal("tactica-mesbg/1"),
  board: z.object({ w: z.number().min(1).max(120), h: z.number().min(1).max(120) }),
  forces: z.tuple([forceSchema, forceSchema]),
  models: z.array(modelSchema).min(2).max(256),
  turn: z.number().int().min(0).max(1000),
  maxTurns: z.number().int().min(1).max(1000),
  priority: z.union([z.literal(0), z.literal(1), z.literal(-1)]),
  /** ME-PRIORITY: who chose priority last turn (a tie goes to the other player). */
  chooser: z.union([z.literal(0), z.literal(1), z.literal(-1)]),
  /** ME-FORCES-CLASH: side 0 holds the south half (y < h/2) when true. */
  side0South: z.boolean(),
  combats: z.array(combatSchema).max(256),
  stack: z.array(frameSchema).max(64),
  result: z.object({ winner: z.number().int().min(-1).max(1), reason: z.enum(["wiped out", "turn cap"]) }).nullable(),
  /** The last activation (for the control-zone invariant and the log). */
  lastMove: z.object({ model: z.number().int(), x: z.number(), y: z.number(), zone: z.array(z.number().int()) }).nullable(),
  rng: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
  recording: z.boolean(),
  events: z.array(z.string()).max(1_000_000),
});
export type StateData = z.output<typeof stateSchema>;

/** Profile table shared by every clone of a game (forces never change). */
export function buildInfos(forces: readonly [Force, Force]): ProfileInfo[] {
  const out: ProfileInfo[] = [];
  forces.forEach((f, s) => {
    for (const [key, p] of Object.entries(f.profiles)) out.push(profileInfo(`${s}:${key}`, p));
  });
  return out;
}

export function infoIndex(infos: readonly ProfileInfo[], side: number, key: string): number {
  const i = infos.findIndex((x) => x.key === `${side}:${key}`);
  if (i < 0) throw new Error(`no profile ${side}:${key}`);
  return i;
}

/** A fresh model of a profile, with full stores and nothing done this turn. */
export function newModel(id: number, side: 0 | 1, info: number, infos: readonly ProfileInfo[], name: string, x: number, y: number): ModelState {
  const p = infos[info]!.p;
  return {
    id, side, info, name, x, y,
    wounds: p.wounds, might: p.might, will: p.will, fate: p.fate,
    alive: true, prone: false,
    activated: false, moved: 0, movedAtAll: false, charged: false, chargedTargets: [], chargedByCavalry: false,
    thrown: false, shot: false, cast: false, freeWill: false, terror: "none", transfixed: false, compelled: false,
    supported: false, fought: false, aura: false,
  };
}

export class St {
  /** Incremented on every applied action: keys the options cache. */
  version = 0;
  private cacheVersion = -1;
  private cache = new Map<string, unknown>();

  constructor(
    public d: StateData,
    public infos: ProfileInfo[],
    public rng: Rng,
  ) {}

  m(id: number): ModelState {
    return this.d.models[id]!;
  }

  info(m: ModelState): ProfileInfo {
    return this.infos[m.info]!;
  }

  top(): Frame | undefined {
    return this.d.stack[this.d.stack.length - 1];
  }

  push(f: Frame): void {
    if (this.d.stack.length >= 60) throw new Error("mesbg: frame stack overflow");
    this.d.stack.push(f);
  }

  log(text: string): void {
    if (this.d.recording) this.d.events.push(text);
  }

  d6(): number {
    return this.rng.d6();
  }

  /** Memoises a pure function of the current state (cleared by every applied action). */
  memo<T>(key: string, f: () => T): T {
    if (this.cacheVersion !== this.version) {
      this.cache.clear();
      this.cacheVersion = this.version;
    }
    if (this.cache.has(key)) return this.cache.get(key) as T;
    const value = f();
    this.cache.set(key, value);
    return value;
  }

  /**
   * A copy of an equal state (`MesbgState.clone`) starts with what this one memoised for the current
   * version: the values are pure functions of the state and nothing mutates them, so the search's clones of
   * its root do not plan the same activation's moves again every iteration.
   */
  adoptCache(from: St): void {
    if (from.cacheVersion !== from.version) return;
    this.version = from.version;
    this.cacheVersion = from.cacheVersion;
    this.cache = new Map(from.cache);
  }

  sideName(side: number): string {
    return this.d.forces[side]!.name;
  }

  alignment(side: number): "good" | "evil" {
    return this.d.forces[side]!.alignment;
  }
}

export const other = (side: number): 0 | 1 => (side === 0 ? 1 : 0);

export function gap(st: St, a: ModelState, b: ModelState): number {
  return gapOf(a.x, a.y, st.info(a).radius, b.x, b.y, st.info(b).radius);
}

export function living(st: St, side?: number): ModelState[] {
  return st.d.models.filter((m) => m.alive && (side === undefined || m.side === side));
}

/** Alive enemies in base contact. */
export function contacts(st: St, m: ModelState): ModelState[] {
  const out: ModelState[] = [];
  const r = st.info(m).radius;
  for (const e of st.d.models) if (e.alive && e.side !== m.side && gapOf(m.x, m.y, r, e.x, e.y, st.info(e).radius) <= CONTACT) out.push(e);
  return out;
}

/** Engaged in combat: in base contact with an enemy. */
export function engaged(st: St, m: ModelState): boolean {
  const r = st.info(m).radius;
  for (const e of st.d.models) if (e.alive && e.side !== m.side && gapOf(m.x, m.y, r, e.x, e.y, st.info(e).radius) <= CONTACT) return true;
  return false;
}

/** ME-CONTROL-ZONE / ME-PRONE: prone models and models engaged in combat have no control zone. */
export function hasZone(st: St, e: ModelState): boolean {
  return e.alive && !e.prone && !engaged(st, e);
}

/** Enemies whose control zone `m` is in now. */
export function zonesOn(st: St, m: ModelState): number[] {
  const out: number[] = [];
  for (const e of st.d.models) if (e.alive && e.side !== m.side && hasZone(st, e) && inZone(gap(st, m, e)) && gap(st, m, e) > CONTACT) out.push(e.id);
  return out;
}

/** ME-ACTIVE-PASSIVE: active special rules work only while the model can activate (not transfixed). */
export function canUseActive(m: ModelState): boolean {
  return !m.transfixed;
}

/** ME-ARMOUR (in the profile info) and ME-RULES Shieldwall: +1 with two shielded Shieldwall friends in contact. */
export function defenceOf(st: St, m: ModelState): number {
  const i = st.info(m);
  let d = i.defence;
  if (i.shieldwall && i.shield && i.infantry && !m.prone && canUseActive(m)) {
    let n = 0;
    for (const f of st.d.models) {
      if (f === m || !f.alive || f.side !== m.side || f.prone) continue;
      const fi = st.info(f);
      if (fi.shieldwall && fi.shield && gap(st, m, f) <= CONTACT) n++;
    }
    if (n >= 2) d += 1;
  }
  return Math.min(10, d);
}

/** ME-RULES Terror, or an active Terrifying Aura (ME-POWERS). */
export function causesTerror(st: St, m: ModelState): boolean {
  return st.info(m).terror || m.aura;
}

/** ME-RULES Harbinger of Evil: -1 Courage (one more needed on 2D6) within 12" of one; several do not stack. */
export function courageNeed(st: St, m: ModelState): number {
  let need = st.info(m).p.courage;
  for (const e of st.d.models) {
    if (e.alive && e.side !== m.side && st.info(e).harbinger && gap(st, m, e) <= 12) {
      need += 1;
      break;
    }
  }
  return need;
}

/** Removes a casualty. */
export function slay(st: St, m: ModelState, how: string): void {
  if (!m.alive) return;
  m.alive = false;
  m.wounds = 0;
  m.prone = false;
  m.aura = false;
  st.log(`  ${m.name} ${how}.`);
  checkWipeOut(st);
}

/** ME-FORCES-CLASH: the first side to wipe out the other wins. */
export function checkWipeOut(st: St): void {
  if (st.d.result) return;
  const a = st.d.models.some((m) => m.alive && m.side === 0);
  const b = st.d.models.some((m) => m.alive && m.side === 1);
  if (a && b) return;
  st.d.result = { winner: a ? 0 : b ? 1 : -1, reason: "wiped out" };
  st.log(a || b ? `${st.sideName(a ? 0 : 1)} has wiped out ${st.sideName(a ? 1 : 0)} and wins.` : "Both forces are wiped out: a draw.");
}

/**
 * ME-WILL / ME-STAFF: spends Will points; the bearer of a Staff of Power spends its first point each turn
 * without reducing its store. Returns the points taken from the store. ME-POWERS Terrifying Aura ends when
 * the store reaches 0 (exhaustion), and ME-RULES Will of Evil banishes a model at 0.
 */
export function spendWill(st: St, m: ModelState, n: number): number {
  let fromStore = n;
  if (n > 0 && st.info(m).staff && !m.freeWill) {
    m.freeWill = true;
    fromStore--;
  }
  m.will -= fromStore;
  if (m.will < 0) throw new Error(`${m.name} spent Will it does not have`);
  afterWillChange(st, m);
  return fromStore;
}

export function afterWillChange(st: St, m: ModelState): void {
  if (m.will > 0) return;
  if (m.aura) {
    m.aura = false;
    st.log(`  ${m.name}'s Terrifying Aura ends (no Will left).`);
  }
  if (st.info(m).willOfEvil && m.alive) slay(st, m, "has no Will left and is banished (Will of Evil)");
}

/** Will points a model can spend now (store plus the staff's free point). */
export function willAvailable(st: St, m: ModelState): number {
  return m.will + (st.info(m).staff && !m.freeWill ? 1 : 0);
}

/**
 * Will a model may spend keeping a Will of Evil model's last point: the most it may spend to cast (ME-RULES
 * Will of Evil: "may not use its last point of Will to cast a Magical Power and cause itself to be removed
 * as a casualty"). On a Resist or a Courage test it may spend all of `willAvailable` (and is banished at
 * once if its store reaches 0); the scripted player never does.
 */
export function willKeepingLast(st: St, m: ModelState): number {
  return willAvailable(st, m) - (st.info(m).willOfEvil && m.will > 0 ? 1 : 0);
}

export function combatOf(st: St, id: number): Combat | undefined {
  return st.d.combats.find((c) => c.lone === id || c.others.includes(id));
}
