/**
 * What a human player sees of a MESBG game at the terminal (src/cli/human.ts HumanView): the intro (the
 * scenario, both forces, the board halves, who is who), a text map of the board on `s`, each choice with its
 * numbers (a move's end point, a power's casting value and chance, a shot's chance to hit and wound), and
 * the long lists (which model activates, a wizard's powers) grouped. The engine already logs every die of
 * a fight, shot and casting (fight.ts, shoot.ts, magic.ts).
 */
import { argA, argB, argC, K, kindOf } from "../../mesbg/actions.js";
import type { MesbgState } from "../../mesbg/game.js";
import { menu } from "../../mesbg/move.js";
import { MISSILE_CHART } from "../../mesbg/profiles.js";
import { BOARD } from "../../mesbg/scenario.js";
import { woundCode, woundProbability } from "../../mesbg/woundChart.js";
import type { Action } from "../../planner/game.js";
import { type HumanView, whoPlays, whoTag } from "../human.js";
import { textMap, unitLetter, type MapShape } from "./map.js";

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
const at = (x: number, y: number) => `(${x.toFixed(1)}, ${y.toFixed(1)})`;

/** Each side's profiles in muster order, for letters on the map and the intro's roll of models. */
function profilesOf(state: MesbgState, side: number): { name: string; ids: number[] }[] {
  const out: { name: string; key: number; ids: number[] }[] = [];
  for (const m of state.data.models) {
    if (m.side !== side) continue;
    let e = out.find((x) => x.key === m.info);
    if (!e) out.push((e = { name: m.name.replace(/ \d+$/, ""), key: m.info, ids: [] }));
    e.ids.push(m.id);
  }
  return out;
}

export function mesbgIntro(state: MesbgState, player: number, hotSeat = false): string[] {
  const d = state.data;
  const st = state.st;
  const lines = [
    `The Forces Clash (ME-FORCES-CLASH) on a ${BOARD.w}" x ${BOARD.h}" board with no terrain, at most ${d.maxTurns} turns; (x, y) are inches from the south-west corner, north is up.`,
    whoPlays([`${d.forces[0]!.name} (${d.forces[0]!.alignment})`, `${d.forces[1]!.name} (${d.forces[1]!.alignment})`], player, hotSeat),
    `Deployment: the higher D6 picks the south half (y below ${BOARD.h / 2}") or the north half and deploys first, every Warrior within 6" of a friendly Hero; the other side deploys in the other half, more than 12" from every enemy.`,
    `No objectives: the side that wipes out the other wins; at the turn cap the side with more of its starting strength left is ahead.`,
  ];
  for (const s of [0, 1]) {
    const models = d.models.filter((m) => m.side === s);
    lines.push(`Player ${s + 1}${whoTag(s, player, hotSeat)}, ${d.forces[s]!.name}: ${models.length} models, ${models.reduce((n, m) => n + st.info(m).p.wounds, 0)} wounds in all`);
    for (const g of profilesOf(state, s)) {
      const i = st.info(st.m(g.ids[0]!));
      const p = i.p;
      lines.push(
        `  ${g.name}${g.ids.length > 1 ? ` x${g.ids.length}` : ""}: Move ${p.move}", Fight ${p.fight}/${p.shoot}+, Strength ${p.strength}, Defence ${i.defence}, Attacks ${p.attacks}, Wounds ${p.wounds}, Courage ${p.courage}${i.hero ? `, Might/Will/Fate ${p.might}/${p.will}/${p.fate}` : ""}${i.missiles.length ? `, ${i.missiles.join(", ")}` : ""}${i.powers.length ? `; powers: ${i.powers.map((w) => `${w.name} ${w.castingValue}+`).join(", ")}` : ""}`,
      );
    }
  }
  lines.push(`At each choice: type its number; s shows the map and the models, u takes back your last choice, q quits.`);
  return lines;
}

export function mesbgMap(state: MesbgState): string[] {
  const d = state.data;
  const st = state.st;
  const zones: MapShape[] = [{ char: ".", polygon: [{ x: 0, y: 0 }, { x: BOARD.w, y: 0 }, { x: BOARD.w, y: BOARD.h / 2 }, { x: 0, y: BOARD.h / 2 }] }];
  const legend = [`. the south half (y below ${BOARD.h / 2}")${d.turn > 0 || d.models.some((m) => m.x !== 0 || m.y !== 0) ? `: ${d.forces[d.side0South ? 0 : 1]!.name}'s` : ""}`];
  // Heroes (first in muster order) are painted last, so a Hero among its Warriors still shows.
  const marks: MapShape[][] = [];
  for (const s of [0, 1]) {
    const groups = profilesOf(state, s);
    const text: string[] = [];
    groups.forEach((g, k) => {
      const ch = unitLetter(k, s === 0);
      const alive = g.ids.map((id) => st.m(id)).filter((m) => m.alive);
      marks.push(alive.map((m) => ({ char: ch, circle: { x: m.x, y: m.y, radius: st.info(m).radius } })));
      if (alive.length) text.push(`${ch} ${g.name}${alive.length > 1 ? ` (${alive.length})` : ` ${at(alive[0]!.x, alive[0]!.y)}`}`);
    });
    legend.push(`${d.forces[s]!.name} (${s === 0 ? "capitals" : "small letters"}): ${text.join("; ") || "none left"}`);
  }
  return textMap({ width: BOARD.w, depth: BOARD.h, layers: [zones, ...marks.reverse()], legend });
}

/** ME-MAGIC: a power is cast if any of its Will dice scores its casting value (before Might and resisting). */
function castChance(castingValue: number, dice: number): number {
  return 1 - Math.pow(Math.min(1, (castingValue - 1) / 6), dice);
}

function describeAction(state: MesbgState, a: Action): string {
  const st = state.st;
  const label = state.actionToString(a);
  const f = st.top();
  const k = kindOf(a);
  if (k === K.CAST) {
    const caster = f?.kind === "activation" ? st.m(f.model) : null;
    if (!caster) return label;
    const power = st.info(caster).powers[argA(a)]!;
    return `${label} — casting value ${power.castingValue}+: ${pct(castChance(power.castingValue, argC(a)))} that a die scores it, before resisting`;
  }
  if (f?.kind === "activation" && (k === K.MOVE || k === K.CHARGE || k === K.CHARGE2 || k === K.SPEAR_CHARGE || k === K.CRAWL)) {
    const mm = menu(st, f);
    const o = k === K.MOVE ? mm.moves[argA(a)] : k === K.CRAWL ? mm.crawls[argA(a)] : mm.charges.get(a);
    if (!o) return label;
    return `${label} — ends at ${at(o.x, o.y)}${k === K.MOVE ? "" : `, ${o.len.toFixed(1)}" of its ${st.info(st.m(f.model)).p.move}"`}`;
  }
  if (k === K.SHOOT) {
    const m = st.m(argA(a));
    const t = st.m(argB(a));
    const weapon = st.info(m).missiles[argC(a)]!;
    // ME-SHOOT: one worse after moving; a 6 always hits.
    const need = Math.min(6, st.info(m).p.shoot + (m.movedAtAll ? 1 : 0));
    const hit = (7 - need) / 6;
    const wound = woundProbability(woundCode(MISSILE_CHART[weapon].strength, st.info(t).defence), 0);
    return `${label} — to hit ${need}+ (${pct(hit)}), to wound S${MISSILE_CHART[weapon].strength} vs Defence ${st.info(t).defence} (${pct(wound)}): ${pct(hit * wound)} to wound, before Might and Fate`;
  }
  return label;
}

function groupOf(state: MesbgState, a: Action): string | null {
  const st = state.st;
  switch (kindOf(a)) {
    case K.ACTIVATE:
      return `activate a ${st.m(argA(a)).name.replace(/ \d+$/, "")}`;
    case K.CAST: {
      const f = st.top();
      if (f?.kind !== "activation") return null;
      const m = st.m(f.model);
      return `${st.info(m).powers[argA(a)]!.name} at ${st.m(argB(a)).name}`;
    }
    case K.SHOOT:
      return `${st.m(argA(a)).name} shoots`;
    case K.MOVE:
    case K.CRAWL:
      return "move";
    case K.CHARGE:
    case K.CHARGE2:
    case K.SPEAR_CHARGE:
      return "charge";
    default:
      return null;
  }
}

export function mesbgView(status: (s: MesbgState) => string[]): HumanView<MesbgState> {
  return {
    intro: mesbgIntro,
    status: (s) => [...mesbgMap(s), ...status(s)],
    describe: (s, actions) => actions.map((a) => describeAction(s, a)),
    groupOf,
    takeBack: true,
  };
}
