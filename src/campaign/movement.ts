/**
 * CAMP-PHASES (Execute Orders): razing, fortifying and simultaneous moves.
 *
 * CAMP-MOVE: a Banner moves into one adjacent territory; into Marshes, Mountains or Jungles it first rolls
 * a D6 and on 1-2 counts as having Hold orders. CAMP-RIVER: crossing into a river section is Difficult
 * Terrain unless the section has a bridge; moving from section to section along the river is normal, and
 * a Forced March along it (an order with two steps) rolls a D6: 4-6 both steps, 2-3 one, 1 Hold.
 * CAMP-RAZE: Raze and Move rolls a D6 first: 1-2 the Banner stays. CAMP-SIMULTANEOUS ("Don't Pass in the
 * Night"): two enemy Banners ordered into each other's territory roll off (D6 each, ties rolled again);
 * the winner takes its terrain test (if its move needs one) and on a pass moves into the loser's
 * territory, where the loser stays and they fight; if the winner fails, the loser takes its test and on a
 * pass moves into the winner's territory instead; if both fail nobody moves. CAMP-ONE-BANNER: a Banner
 * whose move would end where another Banner of its player ends the turn does not move (Hold) — a Forced
 * March that rolled two steps and is blocked at the second stops after the first instead (the seed's
 * Banner "may" move twice); this is repeated until no territory holds two Banners of one player.
 *
 * The dice are rolled in this order (the contract scripted tests rely on): Raze and Move rolls by Banner
 * id; each swap, by its lower Banner id: player 0's roll-off die, player 1's (again on a tie), the
 * winner's test, the loser's test; then every other move by Banner id: its terrain or Forced March roll.
 */
import { isMove, isRaze, describeOrder } from "./orders.js";
import { needsTerrainTest, terrainTestReason } from "./map.js";
import { type CampaignConfig, type CampaignData, log, type Order, type Player } from "./state.js";

export interface Dice {
  roll(sides: number): number;
}

/** A Difficult Terrain test: D6, 1-2 fails (CAMP-MOVE). */
export function passesTerrainTest(roll: number): boolean {
  return roll >= 3;
}

/** CAMP-RIVER: the steps a Forced March takes on its D6: 4-6 two, 2-3 one, 1 none (Hold). */
export function forcedMarchSteps(roll: number): 0 | 1 | 2 {
  return roll >= 4 ? 2 : roll >= 2 ? 1 : 0;
}

/** CAMP-RAZE: after Razing, a D6 of 3+ lets the Banner move. */
export function razeMovePasses(roll: number): boolean {
  return roll >= 3;
}

export function executeOrders(config: CampaignConfig, d: CampaignData, dice: Dice): void {
  const board = config.board;
  const names = board.names;
  d.moved = [];
  d.fought = [];
  const rec = d.history?.[d.history.length - 1];
  const written = [...d.orders].sort((a, b) => a.banner - b.banner);
  log(d, "  Orders [CAMP-ORDERS]");
  for (const { banner, order } of written) {
    const b = d.banners.find((x) => x.id === banner)!;
    log(d, `    ${config.armies[b.owner].name}: ${b.name} in ${names[b.at!]}: ${describeOrder(config, order)}`);
    rec?.orders.push({ player: b.owner, banner: b.name, order: describeOrder(config, order) });
  }
  log(d, "  Execute orders");

  const start = new Map(d.banners.filter((b) => b.at !== null).map((b) => [b.id, b.at!]));
  const moving = new Map<number, Order>();
  for (const { banner, order } of written) {
    const b = d.banners.find((x) => x.id === banner)!;
    const t = b.at!;
    if (isRaze(order)) {
      d.razed[t] = true;
      d.fortified[t] = false;
      const owner = d.owner[t];
      log(d, `    [CAMP-RAZE] ${b.name} razes ${names[t]}${owner === null || owner === undefined ? "" : `: it counts for no Banner of ${config.armies[owner].name} until Recovered`}`);
      if (order.kind === "raze-and-move") {
        const r = dice.roll(6);
        if (razeMovePasses(r)) moving.set(banner, order);
        else log(d, `    [CAMP-RAZE] ${b.name} rolls ${r} after razing: it cannot move this turn (Hold)`);
      }
    } else if (order.kind === "fortify") {
      d.fortified[t] = true;
      d.fortifiedTurn[t] = d.turn;
      log(d, `    [CAMP-FORTIFY] ${b.name} fortifies ${names[t]} (+200 points from next turn while it stays; never again this campaign)`);
    } else if (order.kind === "move") {
      moving.set(banner, order);
    }
  }

  const dest = new Map<number, number>();
  const settled = new Set<number>();
  const owner = (id: number) => d.banners.find((x) => x.id === id)!.owner;
  const bname = (id: number) => d.banners.find((x) => x.id === id)!.name;
  const test = (id: number): boolean => {
    const from = start.get(id)!;
    const to = moving.get(id)!.to!;
    if (!needsTerrainTest(board, from, to)) return true;
    const r = dice.roll(6);
    const ok = passesTerrainTest(r);
    log(d, `    [${board.terrain[to] === "river" ? "CAMP-RIVER" : "CAMP-MOVE"}] ${bname(id)}: ${terrainTestReason(board, to)}; rolls ${r}: ${ok ? "passes" : "fails and holds"}`);
    return ok;
  };

  // CAMP-SIMULTANEOUS: Don't Pass in the Night.
  const ids = [...moving.keys()].sort((a, b) => a - b);
  for (const a of ids)
    for (const b of ids) {
      if (b <= a || settled.has(a) || settled.has(b) || owner(a) === owner(b)) continue;
      if (moving.get(a)!.to !== start.get(b) || moving.get(b)!.to !== start.get(a)) continue;
      settled.add(a).add(b);
      const byPlayer: Record<Player, number> = owner(a) === 0 ? { 0: a, 1: b } : { 0: b, 1: a };
      let r0 = 0;
      let r1 = 0;
      do {
        r0 = dice.roll(6);
        r1 = dice.roll(6);
      } while (r0 === r1);
      const w = r0 > r1 ? byPlayer[0] : byPlayer[1];
      const l = w === a ? b : a;
      log(d, `    [CAMP-SIMULTANEOUS] ${bname(a)} and ${bname(b)} would pass in the night: roll-off ${r0} to ${r1}, ${bname(w)} moves first`);
      if (test(w)) {
        dest.set(w, start.get(l)!);
        log(d, `    ${bname(w)} marches into ${names[start.get(l)!]}; ${bname(l)} stands to meet it`);
      } else if (test(l)) {
        dest.set(l, start.get(w)!);
        log(d, `    ${bname(l)} marches into ${names[start.get(w)!]} instead; ${bname(w)} stands to meet it`);
      } else {
        log(d, `    Neither gets through: no Banner moves, no battle`);
      }
    }

  for (const id of ids) {
    if (settled.has(id)) continue;
    const o = moving.get(id)!;
    if (o.then !== null) {
      const r = dice.roll(6);
      const steps = forcedMarchSteps(r);
      log(d, `    [CAMP-RIVER] ${bname(id)} force-marches along the river: rolls ${r}: ${steps === 2 ? `two moves, to ${names[o.then]}` : steps === 1 ? `one move, to ${names[o.to!]}` : "the troops refuse (Hold)"}`);
      if (steps > 0) dest.set(id, steps === 2 ? o.then : o.to!);
    } else if (test(id)) {
      dest.set(id, o.to!);
    }
  }

  // CAMP-ONE-BANNER: a Banner moving where another of its player's Banners ends up stays where it was — but
  // a Forced March whose second step is blocked stops after its first (it "may" move twice: CAMP-RIVER).
  const pos = new Map(start);
  for (const [id, t] of dest) pos.set(id, t);
  const marchedTwice = (id: number) => {
    const o = moving.get(id);
    return o !== undefined && o.then !== null && pos.get(id) === o.then;
  };
  for (let changed = true; changed; ) {
    changed = false;
    const seen = new Map<string, number[]>();
    for (const [id, t] of pos) {
      const k = `${owner(id)}:${t}`;
      seen.set(k, [...(seen.get(k) ?? []), id]);
    }
    for (const group of seen.values()) {
      if (group.length < 2) continue;
      for (const id of group)
        if (marchedTwice(id)) {
          const first = moving.get(id)!.to!;
          log(d, `    [CAMP-ONE-BANNER] ${bname(id)} cannot join another Banner of its realm in ${names[pos.get(id)!]}: its Forced March stops after the first step, in ${names[first]}`);
          pos.set(id, first);
          changed = true;
        } else if (pos.get(id) !== start.get(id)) {
          log(d, `    [CAMP-ONE-BANNER] ${bname(id)} cannot join another Banner of its realm in ${names[pos.get(id)!]}: it holds in ${names[start.get(id)!]}`);
          pos.set(id, start.get(id)!);
          changed = true;
        }
    }
  }

  for (const b of d.banners) {
    if (b.at === null) continue;
    const to = pos.get(b.id)!;
    if (to === b.at) continue;
    // CAMP-FORTIFY: a Banner that moves leaves its fortification behind.
    d.fortified[b.at] = false;
    d.moved.push(b.id);
    log(d, `    [CAMP-MOVE] ${b.name} moves from ${names[b.at]} to ${names[to]}`);
    b.at = to;
  }
}
