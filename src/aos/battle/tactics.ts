/**
 * PB-TACTIC-PICK: at the start of the hero phase the active player picks one battle tactic not used before
 * in the battle, revealing what it picks (a unit, an objective, three units). Each distinct pick is one
 * choice for the player; Ferocious Advance offers the sets of three units that could still run together.
 */
import { OBJECTIVE_RADIUS, whollyWithin } from "../battleplans/index.js";
import { BATTLE_TACTICS, type BattleTacticId } from "../scoring/index.js";
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { edgeDistance } from "./geometry.js";
import type { Player, TacticInPlay } from "./state.js";

function used(b: Battle, player: Player): Set<BattleTacticId> {
  return new Set((b.data.scoring?.battleTacticsPicked[b.side(player)] ?? []).map((t) => t.id));
}

/** Up to 4 sets of three units not in combat that are closest together (Ferocious Advance). */
function triples(b: Battle, player: Player): number[][] {
  const free = b.deployed(player).filter((id) => !b.inCombat(id) && b.profile(id).startingArmy);
  const out: { set: number[]; spread: number }[] = [];
  for (let i = 0; i < free.length; i++)
    for (let j = i + 1; j < free.length; j++)
      for (let k = j + 1; k < free.length; k++) {
        const [a, c, e] = [free[i]!, free[j]!, free[k]!];
        const spread = Math.max(edgeDistance(b.footprint(a), b.footprint(c)), edgeDistance(b.footprint(a), b.footprint(e)), edgeDistance(b.footprint(c), b.footprint(e)));
        out.push({ set: [a, c, e], spread });
      }
  return out
    .sort((x, y) => x.spread - y.spread)
    .slice(0, 4)
    .map((x) => x.set);
}

export function tacticPicks(b: Battle, player: Player): TacticInPlay[] {
  const enemy = (1 - player) as Player;
  const done = used(b, player);
  const out: TacticInPlay[] = [];
  const add = (id: BattleTacticId, units: number[] = [], objectives: string[] = [], opponentControlledWhenPicked = false) =>
    out.push({ id, units, objectives, opponentControlledWhenPicked });
  for (const t of BATTLE_TACTICS) {
    if (done.has(t.id)) continue;
    switch (t.id) {
      case "broken-ranks":
        for (const id of b.deployed(enemy)) if (b.isBattleline(id) && b.profile(id).startingArmy) add(t.id, [id]);
        break;
      case "conquer":
        for (const o of b.controlledBy(enemy)) add(t.id, [], [o], true);
        break;
      case "slay-the-warlord":
      case "savage-spearhead":
        add(t.id);
        break;
      case "ferocious-advance":
        for (const set of triples(b, player)) add(t.id, set);
        break;
      case "bring-it-down":
        for (const id of b.deployed(enemy)) if (b.isMonster(id)) add(t.id, [id]);
        break;
      case "aggressive-expansion": {
        const mine = b.territoryPolygon(player);
        const objs = b.objectives().filter((o) => !whollyIn(mine, o)).map((o) => o.id);
        for (let i = 0; i < objs.length; i++) for (let j = i + 1; j < objs.length; j++) add(t.id, [], [objs[i]!, objs[j]!]);
        break;
      }
      case "monstrous-takeover":
        for (const id of b.deployed(player)) if (b.isMonster(id) && b.profile(id).startingArmy) add(t.id, [id]);
        break;
    }
  }
  return out;
}

function whollyIn(poly: readonly { x: number; y: number }[], o: { x: number; y: number }): boolean {
  return whollyWithin(poly, { x: o.x, y: o.y, radius: OBJECTIVE_RADIUS });
}

export function tacticChoicesAvailable(b: Battle, player: Player): boolean {
  return tacticPicks(b, player).length > 0;
}

export function describeTactic(b: Battle, t: TacticInPlay): string {
  const name = BATTLE_TACTICS.find((x) => x.id === t.id)!.name;
  const picks = [...t.units.map((u) => b.profile(u).name), ...t.objectives];
  return picks.length ? `${name} (${picks.join(", ")})` : name;
}

export function tacticChoices(b: Battle, player: Player): Choice[] {
  return tacticPicks(b, player).map((t) => ({
    label: `battle tactic: ${describeTactic(b, t)}`,
    tag: { kind: "tactic", tactic: t },
    apply(bb) {
      bb.data.tactic = t;
      bb.say(`${bb.data.armies[player]} reveals the battle tactic ${describeTactic(bb, t)}.`);
      bb.data.step = { kind: "hero", player };
    },
  }));
}
