/**
 * What a human player sees of a Pitched Battle at the terminal (src/cli/human.ts HumanView): the intro
 * (battleplan, both armies, objectives, territories, who is who), the text map on `s`, every choice with what
 * it does in numbers, and long lists grouped by unit. Nothing here changes the battle: the numbers are
 * worked out on the state as it stands, with the engine's own functions (destination, chargeEnd, the exact
 * attack odds) and, for a battle tactic, on copies played out by the scripted policy.
 */
import { BATTLEFIELD, type Point } from "../../aos/battleplans/index.js";
import { attackInput } from "../../aos/battle/attacks.js";
import type { Battle } from "../../aos/battle/battle.js";
import { CHARGE_END } from "../../aos/battle/geometry.js";
import { chargeBarred, moveModifier } from "../../aos/battle/moves.js";
import type { PitchedBattleState } from "../../aos/battle/game.js";
import { METAMORPHOSIS } from "../../aos/battle/hero.js";
import { destination, moveTargetPoint } from "../../aos/battle/movement.js";
import { choices } from "../../aos/battle/flow.js";
import type { Choice, ChoiceTag } from "../../aos/battle/choice.js";
import { clearSpot, pileInEnd } from "../../aos/battle/paths.js";
import { attackContext, shootingWeapons } from "../../aos/battle/shooting.js";
import { UNBIND_RANGE } from "../../aos/battle/spells.js";
import { chargeEnd } from "../../aos/battle/terrain.js";
import type { Player } from "../../aos/battle/state.js";
import { exactAttackTs } from "../../aos/odds/kernel.js";
import { checkExactBounds, planAttack } from "../../aos/odds/plan.js";
import { playPolicy } from "../../aos/rollout/ts.js";
import { BATTLE_TACTICS } from "../../aos/scoring/index.js";
import { diceToString } from "../../core/dice.js";
import { deriveSeed } from "../../core/rng.js";
import type { Action } from "../../planner/game.js";
import { type HumanView, whoPlays, whoTag } from "../human.js";
import { textMap, unitLetter, type MapShape } from "./map.js";

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
const at = (p: Point) => `(${p.x.toFixed(1)}, ${p.y.toFixed(1)})`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** P(2D6 = s) for s = 0..12. */
const TWO_D6 = Array.from({ length: 13 }, (_, s) => (s < 2 ? 0 : (6 - Math.abs(s - 7)) / 36));

// ---- the intro -------------------------------------------------------------------------------------------

function polygonText(poly: readonly Point[]): string {
  return poly.map((p) => `(${+p.x.toFixed(1)}, ${+p.y.toFixed(1)})`).join(" ");
}

export function aosIntro(b: Battle, player: number, hotSeat = false): string[] {
  const d = b.data;
  const plan = b.plan;
  const lines = [
    `${plan.name} (${plan.ruleId}, table ${plan.table}, ${plan.layout}) on a ${BATTLEFIELD.width}" x ${BATTLEFIELD.depth}" battlefield; (x, y) are inches from the south-west corner, north is up.`,
    whoPlays([d.armies[0]!, d.armies[1]!], player, hotSeat),
  ];
  for (const p of [0, 1] as const) {
    const units = d.profiles.map((prof, i) => ({ prof, i })).filter(({ prof, i }) => prof.owner === p && d.units[i]!.status !== "destroyed" && !d.manifestations?.units.some((m) => m.unit === i));
    const wounds = units.reduce((s, { prof }) => s + prof.health * prof.startModels, 0);
    lines.push(`Player ${p + 1}${whoTag(p, player, hotSeat)}, ${d.armies[p]}: ${plural(units.length, "unit")}, ${plural(units.reduce((s, u) => s + u.prof.startModels, 0), "model")}, ${wounds} wounds in all`);
    for (const { prof } of units)
      lines.push(`  ${prof.name}${prof.isGeneral ? " (general)" : ""}: ${plural(prof.startModels, "model")} x ${plural(prof.health, "wound")}, Move ${prof.moveDice ? "random" : `${prof.move}"`}, Save ${prof.save === null ? "-" : `${prof.save}+`}${prof.ward === null ? "" : `, Ward ${prof.ward}+`}${prof.wizardLevel ? `, WIZARD (${prof.wizardLevel})` : ""}`);
  }
  const objectives = b.objectives();
  if (objectives.length) lines.push(`Objectives: ${objectives.map((o) => `${o.id}${o.prime ? " (prime)" : ""} at ${at(o)}`).join(", ")}`);
  lines.push(`Territories (deployment zones): ${plan.territories.map((t) => `${t.id}: ${polygonText(t.polygon)}`).join("; ")}${plan.deploymentDistance ? `; set up more than ${plan.deploymentDistance}" from the enemy's territory` : ""}.`);
  for (const r of plan.specialRules) lines.push(`${r.name}: ${r.text}`);
  lines.push(`At each choice: type its number; s shows the map and the units, u takes back your last choice, q quits.`);
  return lines;
}

// ---- the map ---------------------------------------------------------------------------------------------

const TERRAIN_CHAR: Record<string, string> = { ruins: "#", hill: "^", rocks: "&", woods: "%" };

export function aosMap(b: Battle): string[] {
  const d = b.data;
  const zones: MapShape[] = [];
  const legend: string[] = [];
  const chosen = d.territories[0] !== null && d.territories[1] !== null;
  if (chosen) {
    ([0, 1] as const).forEach((p) => zones.push({ char: p === 0 ? "." : ":", polygon: b.territoryPolygon(p) }));
    legend.push(`. ${d.armies[0]}'s territory (${d.territories[0]})   : ${d.armies[1]}'s territory (${d.territories[1]})`);
  } else {
    b.plan.territories.forEach((t, i) => zones.push({ char: i === 0 ? "." : ":", polygon: t.polygon }));
    legend.push(`. territory ${b.plan.territories[0].id}   : territory ${b.plan.territories[1].id} (not yet taken)`);
  }
  const terrain: MapShape[] = d.terrain.map((f) => ({ char: TERRAIN_CHAR[f.kind ?? ""] ?? "#", circle: f }));
  if (d.terrain.length) legend.push(`Terrain: ${d.terrain.map((f) => `${TERRAIN_CHAR[f.kind ?? ""] ?? "#"} ${f.kind ?? "feature"} at ${at(f)} r ${f.radius.toFixed(1)}"`).join(", ")}`);
  const objectives = b.objectives();
  const marks: MapShape[] = objectives.map((o, i) => ({ char: String((i + 1) % 10), circle: { x: o.x, y: o.y, radius: 0.8 } }));
  if (objectives.length) legend.push(`Objectives: ${objectives.map((o, i) => `${(i + 1) % 10} ${o.id} at ${at(o)} (${d.control[o.id] === undefined || d.control[o.id] === null ? "nobody" : d.armies[d.control[o.id]!]})`).join(", ")}`);
  const units: MapShape[] = [];
  for (const p of [0, 1] as const) {
    const mine = b.deployed(p);
    mine.forEach((id, k) => units.push({ char: unitLetter(k, p === 0), circle: b.footprint(id) }));
    const text = mine.map((id, k) => {
      const u = b.unit(id);
      return `${unitLetter(k, p === 0)} ${b.profile(id).name} ${at(u)} ${plural(u.models, "model")}${u.damage ? ` ${u.damage} dmg` : ""}`;
    });
    legend.push(`${d.armies[p]} (${p === 0 ? "capitals" : "small letters"}): ${text.join("; ") || "none on the battlefield"}`);
  }
  return textMap({ width: BATTLEFIELD.width, depth: BATTLEFIELD.depth, layers: [zones, terrain, marks, units], legend });
}

// ---- the choices in numbers ------------------------------------------------------------------------------

/** The exact odds of `id`'s attacks of one type on `target` as the engine would resolve them now. */
export function attackOdds(b: Battle, id: number, target: number, type: "melee" | "ranged"): string {
  let prof = b.profile(id);
  if (type === "ranged") {
    const dist = b.distance(id, target);
    prof = { ...prof, weapons: shootingWeapons(b, id).filter((w) => w.range >= dist) };
  }
  let ctx = attackContext(b, id, target);
  if (type === "melee") {
    // CORE-PILEIN first: cover is judged from where the pile-in ends (combat.ts fight).
    const u = b.unit(id);
    const end = pileInEnd(b, id, target);
    if (end) {
      const [x, y] = [u.x, u.y];
      [u.x, u.y] = [end.x, end.y];
      ctx = attackContext(b, id, target);
      [u.x, u.y] = [x, y];
    }
  }
  const input = attackInput(prof, b.unit(id), type, b.profile(target), b.unit(target), ctx);
  if (!input) return "no weapon can reach it";
  const plan = planAttack(input);
  try {
    checkExactBounds(plan);
  } catch {
    return "too many dice for the exact odds";
  }
  const r = exactAttackTs(plan);
  return `expected ${r.damage.mean.toFixed(1)} damage, ${r.slain.mean.toFixed(1)} of ${b.unit(target).models} slain, ${pct(r.destroyed)} to destroy it${ctx.hitModifier ? " (in cover: -1 to hit)" : ""}`;
}

/** CORE-CHARGE, exactly: each 2D6 roll tried with the engine's own test (chargeEnd), weighted by its chance. */
export function chargeOdds(b: Battle, id: number, target: number): string {
  const gap = b.distance(id, target);
  let p = 0;
  let reach = 0;
  for (let roll = 2; roll <= 12; roll++) {
    // "Add N to charge rolls" and Thrashing Desperation's unmodified roll (battle/moves.ts), as charge.ts reads them.
    const r = Math.max(0, roll + moveModifier(b, id, "charge"));
    if (r >= gap - CHARGE_END) reach += TWO_D6[roll]!;
    if (chargeEnd(b.data.terrain, b.footprint(id), b.footprint(target), gap, r, (q) => clearSpot(b, id, q) && !chargeBarred(b, id, q, roll))) p += TWO_D6[roll]!;
  }
  const need = Math.max(2, Math.ceil(gap - CHARGE_END - 1e-9));
  const blocked = reach - p > 1e-9 ? ` (${pct(reach)} rolls far enough, but some spots are taken)` : "";
  return `${gap.toFixed(1)}" away: needs ${need}+ on 2D6, ${pct(p)} to arrive${blocked}`;
}

/** CORE-SPELLS and CORE-UNBIND (spells.ts castingRoll): cast and not unbound, exactly. */
export function castOdds(b: Battle, wizard: number, castingValue: number): string {
  const enemy = (1 - b.ownerOf(wizard)) as Player;
  const unbinder = b.deployed(enemy).find((e) => b.profile(e).wizardLevel > 0 && b.distance(e, wizard) <= UNBIND_RANGE);
  let cast = 0;
  let through = 0;
  for (let r = Math.max(3, castingValue); r <= 12; r++) {
    // A double 1 (2) miscasts; any other roll of the casting value or more casts.
    cast += TWO_D6[r]!;
    let notUnbound = 0;
    for (let u = 2; u <= r; u++) notUnbound += TWO_D6[u]!;
    through += TWO_D6[r]! * (unbinder === undefined ? 1 : notUnbound);
  }
  return `casting value ${castingValue}: ${pct(cast)} to cast${unbinder === undefined ? "" : `, ${pct(through)} if ${b.profile(unbinder).name} tries to unbind`}, 2.8% to miscast`;
}

/** Chance to complete a battle tactic, estimated: the turn played out TACTIC_PLAYS times by the scripted policy. */
export const TACTIC_PLAYS = 12;

function tacticEstimate(state: PitchedBattleState, action: Action): string {
  const turns = state.data.sheet.length;
  let done = 0;
  for (let i = 0; i < TACTIC_PLAYS; i++) {
    // Copies without the log (it would only cost time): the state's own log is put back at once.
    const log = state.data.log;
    state.data.log = null;
    let s: PitchedBattleState;
    try {
      s = state.clone();
    } finally {
      state.data.log = log;
    }
    s.apply(action);
    s.reseed(deriveSeed(0x7ac71c, i));
    playPolicy(s, (x) => x.data.sheet.length === turns);
    if (s.data.sheet[turns]?.battleTacticCompleted) done++;
  }
  return `estimated ${Math.round((100 * done) / TACTIC_PLAYS)}% to complete (${done} of ${TACTIC_PLAYS} plays of this turn by the scripted policy)`;
}

function moveText(b: Battle, id: number, tag: Extract<ChoiceTag, { kind: "move" }>): string {
  const prof = b.profile(id);
  const to = moveTargetPoint(b, b.ownerOf(id), tag.to);
  if (!to) return "";
  const u = b.unit(id);
  const end = (inches: number) => {
    const e = destination(b, id, to, inches);
    return `${at(e)}, ${Math.hypot(e.x - u.x, e.y - u.y).toFixed(1)}"`;
  };
  if (prof.moveDice) return `Move ${diceToString(prof.moveDice)}"${tag.run ? " + D6" : ""}, rolled when it moves: at least to ${end(Math.max(0, prof.moveDice.count + prof.moveDice.plus) + (tag.run ? 1 : 0))}`;
  if (!tag.run) return `to ${end(prof.move)}`;
  return `Move ${prof.move}" + D6: a 1 to ${end(prof.move + 1)}, a 6 to ${end(prof.move + 6)}; no shooting or charging after`;
}

function spellText(b: Battle, tag: ChoiceTag): string {
  if (tag.kind === "cast") return castOdds(b, tag.wizard, METAMORPHOSIS.castingValue);
  if (tag.kind === "summon") {
    const r = b.data.manifestations?.units.find((m) => m.unit === tag.unit);
    return r ? castOdds(b, tag.wizard, r.castingValue) : "";
  }
  return "";
}

/** The choice's label and, after a dash, what it does in numbers. */
export function describeChoice(state: PitchedBattleState, c: Choice, action: Action): string {
  const b = state.battle;
  const t = c.tag;
  let extra = "";
  if (t) {
    switch (t.kind) {
      case "move":
        extra = moveText(b, t.unit, t);
        break;
      case "retreat":
        extra = `D3 mortal damage, then out of combat range; no shooting or charging after`;
        break;
      case "charge":
        extra = chargeOdds(b, t.unit, t.target);
        break;
      case "shoot":
        extra = attackOdds(b, t.unit, t.target, "ranged");
        break;
      case "fight":
        extra = attackOdds(b, t.unit, t.target, "melee");
        break;
      case "tactic": {
        const bt = BATTLE_TACTICS.find((x) => x.id === t.tactic.id)!;
        extra = `${bt.condition} ${tacticEstimate(state, action)}`;
        break;
      }
      case "cast":
      case "summon":
        extra = spellText(b, t);
        break;
    }
  }
  return extra ? `${c.label} — ${extra}` : c.label;
}

function groupOf(b: Battle, t: ChoiceTag | undefined): string | null {
  if (!t) return null;
  switch (t.kind) {
    case "move":
    case "retreat":
    case "charge":
    case "shoot":
    case "fight":
    case "arrive":
    case "reserve":
    case "redeploy":
      return b.profile(t.unit).name;
    case "cast":
    case "summon":
      return b.profile(t.wizard).name;
    case "banish":
      return b.profile(t.caster).name;
    case "tactic":
      return BATTLE_TACTICS.find((x) => x.id === t.tactic.id)!.name;
    default:
      return null;
  }
}

export function aosView(status: (s: PitchedBattleState) => string[]): HumanView<PitchedBattleState> {
  return {
    intro: (s, player, hotSeat) => aosIntro(s.battle, player, hotSeat),
    status: (s) => [...aosMap(s.battle), ...status(s)],
    describe: (s, actions) => {
      const cs = choices(s.battle);
      return actions.map((a) => (s.currentPlayer() >= 0 && cs[a] ? describeChoice(s, cs[a]!, a) : s.actionToString(a)));
    },
    groupOf: (s, a) => groupOf(s.battle, choices(s.battle)[a]?.tag),
    takeBack: true,
  };
}
