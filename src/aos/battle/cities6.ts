/**
 * The cities6 area (docs/abilities.md "Cities of Sigmar: under orders (cities6)"): the Cities of Sigmar's "under
 * orders", a per-unit state for the rest of the battle round, and the battle trait that gives it, Form Up. The
 * kernel's twin is assembly/battle/cities6.ts.
 *
 * Form Up (Battle Traits: Cities of Sigmar), Start of Battle Round: "Pick a friendly CITIES OF SIGMAR unit to use this
 * ability, then pick 2 other visible friendly CITIES OF SIGMAR units wholly within 12" of it to be the targets. The
 * unit using this ability and the targets: • cannot be under orders. • must each be a different unit type. Effect:
 * For the rest of the battle round, the unit using this ability and the targets are under orders."
 *
 * Played for every army with CITIES OF SIGMAR units on the battlefield (only imported warscrolls carry the keyword;
 * no bundled army changes). The policy, simple and deterministic: the first unit (by id) on the battlefield with
 * two such targets uses it, on the first two (by id); a player whose units offer no such trio does not use it. The
 * state is the token UNDER_ORDERS_TOKEN (the kernel's US.UNDER_ORDERS), removed from every unit at the start of each
 * battle round before Form Up ("for the rest of the battle round": nothing reads it between the end of one battle
 * round and the start of the next). Form Up rolls no dice.
 */
import { type EffectView, sourceFor } from "../abilities/attack.js";
import { battleEffects, battleView } from "./effects.js";
import type { Battle } from "./battle.js";
import type { Player } from "./state.js";
import { addToken, removeToken } from "./tokens.js";
import { hasKeyword } from "./units.js";
import { visible } from "./visibility.js";

export const UNDER_ORDERS_TOKEN = "under-orders";
/** The keyword Form Up picks. */
export const FORM_UP_KEYWORD = "CITIES OF SIGMAR";
export const FORM_UP_RANGE = 12;

export function cities6View(b: Battle): Pick<Required<EffectView>, "underOrders"> {
  return { underOrders: (id) => b.unit(id).tokens.includes(UNDER_ORDERS_TOKEN) };
}

/** Every footprint point of `x` within `range` of `y`'s (effects.ts battleView whollyWithin). */
function whollyWithin(b: Battle, x: number, y: number, range: number): boolean {
  const a = b.footprint(x);
  const c = b.footprint(y);
  return Math.hypot(a.x - c.x, a.y - c.y) + a.radius - c.radius <= range + 1e-9;
}

/** Form Up's pick for `player`: [user, target, target] or null (the policy above). */
export function formUpPick(b: Battle, player: Player): [number, number, number] | null {
  const units = b.deployed(player).filter((id) => hasKeyword(b.profile(id), FORM_UP_KEYWORD) && !b.unit(id).tokens.includes(UNDER_ORDERS_TOKEN));
  units.sort((x, y) => x - y);
  for (const u of units) {
    const types = [b.profile(u).warscroll];
    const picked: number[] = [];
    for (const t of units) {
      if (picked.length === 2) break;
      if (t === u || types.includes(b.profile(t).warscroll)) continue;
      if (!whollyWithin(b, t, u, FORM_UP_RANGE) || !visible(b, u, t)) continue;
      picked.push(t);
      types.push(b.profile(t).warscroll);
    }
    if (picked.length === 2) return [u, picked[0]!, picked[1]!];
  }
  return null;
}

/** The start of a battle round (round.ts startRound): last round's orders go, then each player's Form Up. */
export function cities6RoundStart(b: Battle): void {
  let any = false;
  for (const u of b.data.units) if (u.tokens.includes(UNDER_ORDERS_TOKEN)) removeToken(u, UNDER_ORDERS_TOKEN);
  for (const p of b.data.profiles) if (hasKeyword(p, FORM_UP_KEYWORD)) any = true;
  if (!any) return;
  for (const player of [0, 1] as Player[]) {
    const pick = formUpPick(b, player);
    if (!pick) continue;
    for (const id of pick) addToken(b.unit(id), UNDER_ORDERS_TOKEN);
    b.say(`Form Up: ${b.profile(pick[0]).name}, ${b.profile(pick[1]).name} and ${b.profile(pick[2]).name} are under orders for the rest of the battle round.`);
  }
}

/**
 * A passive `shoot-in-combat` of the unit's own that holds now ("While this unit is under orders: • This unit's ranged
 * weapons have Shoot in Combat."): in combat, all its ranged weapons shoot (shooting.ts shootingWeapons; the kernel's
 * cities6.ts shootsInCombat).
 */
export function shootsInCombat(b: Battle, id: number): boolean {
  const effects = battleEffects(b);
  let view: EffectView | undefined;
  for (const pe of effects) {
    if (pe.effect.do.kind !== "shoot-in-combat" || pe.ability.when.timing !== "passive") continue;
    view ??= battleView(b);
    if (sourceFor(view, pe, id) === id) return true;
  }
  return false;
}
