/**
 * The combat phase: players alternate picking a unit in combat to fight, the active player first
 * (CORE-FIGHT-ORDER); every unit in combat must fight; STRIKE-FIRST units go before the others and
 * STRIKE-LAST units after them, and only for units in combat at the start of the phase (CORE-STRIKE-ORDER).
 * Fighting is a pile-in (CORE-PILEIN) then the melee attacks against one enemy unit within combat range.
 * A unit an ability lets fight "immediately after" (fight-order.ts) is the next pick, out of the alternation.
 */
import { afterFightMove } from "./moves5.js";
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { diceText, resolveAttacks } from "./attacks.js";
import { destroyIfSlain } from "./casualties.js";
import { afterFightHealing } from "./healing.js";
import { applySaveTriggers, saveTriggers } from "./save-triggers.js";
import { applySlainTriggers, slainTriggers } from "./passive2.js";
import { saveRolls } from "../odds/sample.js";
import { altarLeaderMoved } from "./objectives.js";
import { attackContext } from "./shooting.js";
import type { Player } from "./state.js";
import { pileInEnd } from "./paths.js";
import { hasKeyword } from "./units.js";
import { addToken, hasToken, TOKEN } from "./tokens.js";
import { declareFightAfter } from "./fight-order.js";
import { nextPhase } from "./turn.js";
import { hasStrikeLast } from "./moves.js";
import { strikeForAWhile } from "./status.js";
import { deathriderWedge, reactToAttack, wickedPredator } from "./traits.js";
import { wedgeMoves } from "./wedge.js";
import { hasPassiveStrike } from "./passive.js";
import { foughtOnce, foughtOnceLast, secondFightOpen } from "./timing2.js";


/** STRIKE-FIRST by keyword or, for the rest of the turn, by an ability (combat-abilities.ts: Hold the Shieldwall). */
function hasStrikeFirst(b: Battle, id: number): boolean {
  return hasKeyword(b.profile(id), "STRIKE-FIRST") || hasToken(b.unit(id), TOKEN.strikeFirst) || strikeForAWhile(b, id, "first") || hasPassiveStrike(b, id, "first");
}

/** STRIKE-LAST by keyword, Brace for Impact's token or an effect held for a while (status.ts), or a passive one (moves.ts hasStrikeLast). */
function hasLast(b: Battle, id: number): boolean {
  return hasStrikeLast(b, id) || strikeForAWhile(b, id, "last") || foughtOnceLast(b, id);
}

// STRIKE-LAST by keyword or for the rest of the turn by an ability (moves.ts hasStrikeLast: Brace for Impact).
function strikeFirst(b: Battle, id: number): boolean {
  return b.unit(id).inCombatAtStart && hasStrikeFirst(b, id) && !hasLast(b, id);
}

function strikeLast(b: Battle, id: number): boolean {
  return b.unit(id).inCombatAtStart && hasLast(b, id) && !hasStrikeFirst(b, id);
}

/** Units that still have to fight, and of those the ones that may be picked now (strike order). */
export function fightCandidates(b: Battle): number[] {
  const all = b.deployed().filter((id) => (!b.unit(id).fought || secondFightOpen(b, id)) && b.inCombat(id));
  const first = all.filter((id) => strikeFirst(b, id));
  if (first.length) return first;
  const normal = all.filter((id) => !strikeLast(b, id));
  return normal.length ? normal : all;
}

/** Whose pick it is: the picker, or the other player when the picker has nobody eligible. */
export function fightPicker(b: Battle): Player | null {
  if (b.data.fightNext) return b.ownerOf(b.data.fightNext.unit);
  const c = fightCandidates(b);
  if (c.length === 0) return null;
  const p = b.data.fightPicker;
  return c.some((id) => b.ownerOf(id) === p) ? p : ((1 - p) as Player);
}

export function combatChoices(b: Battle, player: Player): Choice[] {
  const out: Choice[] = [];
  // fight-order.ts: the unit picked to fight immediately after the last fight is the only pick.
  for (const id of b.data.fightNext ? [b.data.fightNext.unit] : fightCandidates(b)) {
    if (b.ownerOf(id) !== player) continue;
    for (const t of b.enemiesInCombat(id)) out.push({ label: `${b.profile(id).name} fights ${b.profile(t).name}`, tag: { kind: "fight", unit: id, target: t }, apply: (bb) => fight(bb, id, t) });
  }
  return out;
}

export function fight(b: Battle, id: number, target: number): void {
  const u = b.unit(id);
  const wasFirst = strikeFirst(b, id);
  const next = b.data.fightNext;
  if (next?.unit === id) {
    // "If it is picked to do so": the for-the-turn effect after the fight-after one (fight-order.ts).
    if (next.token !== null) addToken(u, next.token);
    delete b.data.fightNext;
  }
  // Its reaction to its own FIGHT ability: a friendly unit that may fight right after it (fight-order.ts).
  const after = declareFightAfter(b, id);
  // Deathrider Wedge (traits.ts): a FIGHT ability of its own, mortal damage instead of the pile-in and attacks.
  const liege = deathriderWedge(b, id, target);
  if (liege > -2) {
    wedgeMoves(b, id, liege); // wedge.ts: then it and the friendly target can move 10" (12": Deathrider Commander)
    u.fought = true;
    foughtOnce(b, id); // timing2.ts: a second FIGHT ability open
    afterTheFight(b, id, wasFirst, after);
    return;
  }
  // CORE-PILEIN: up to 3" toward the target, ending no further from it, with room (paths.ts pileInEnd).
  const end = pileInEnd(b, id, target);
  if (end) {
    u.x = end.x;
    u.y = end.y;
    altarLeaderMoved(b, id, false); // PB-BP-07: a pile-in is a move other than a retreat
  }
  const woundsBefore = b.unit(target).models * b.profile(target).health - b.unit(target).damage;
  const triggers = saveTriggers(b, id, target, true);
  const slainTrig = slainTriggers(b, target); // passive2.ts: a roll for each model slain
  const wicked = wickedPredator(b, id, target); // traits.ts: its Talons' Attacks for this FIGHT ability
  const ctx = attackContext(b, id, target, "melee");
  if (wicked > 0) ctx.traits!.wicked = wicked;
  // The reactions to the FIGHT ability (traits.ts: Pitiless Assault, Inviolate Legions).
  if (b.profile(id).weapons.some((w) => w.type === "melee") && u.models > 0) reactToAttack(b, id, target, true, ctx.mods!, ctx.traits!);
  const r = resolveAttacks(b.profile(id), u, "melee", b.profile(target), b.unit(target), ctx, b.rng, b.data.log !== null);
  u.fought = true;
  foughtOnce(b, id); // timing2.ts: a second FIGHT ability open
  b.say(`${b.profile(id).name} fights ${b.profile(target).name}: ${r.damage} damage, ${r.slain} slain.${r.dice ? ` Dice: ${diceText(r.dice)}.` : ""}`);
  destroyIfSlain(b, target, { unit: id, melee: true, attack: true }, r.slain);
  // Save-roll triggers (save-triggers.ts: Acid Ichor), after the FIGHT ability, before Stolen Hours.
  if (triggers.length > 0) applySaveTriggers(b, id, triggers, saveRolls);
  if (slainTrig.length > 0) applySlainTriggers(b, id, slainTrig, r.slain);
  // Stolen Hours (healing.ts): the damage points allocated, at most the wounds the target had left.
  afterFightHealing(b, id, Math.min(r.damage, woundsBefore));
  afterTheFight(b, id, wasFirst, after);
}

/** After a unit's FIGHT ability: the next pick (CORE-FIGHT-ORDER), a unit fighting immediately after, or the phase's end. */
function afterTheFight(b: Battle, id: number, wasFirst: boolean, after: ReturnType<typeof declareFightAfter>): void {
  afterFightMove(b, id); // moves5.ts: "this unit can move up to 2D6\" after that FIGHT ability has been resolved"
  const me = b.ownerOf(id);
  // Alternate; after the last STRIKE-FIRST unit, the active player picks next (19.0).
  b.data.fightPicker = wasFirst && !fightCandidates(b).some((x) => strikeFirst(b, x)) ? b.active : ((1 - me) as Player);
  if (after && b.unit(after.unit).status === "deployed" && fightCandidates(b).includes(after.unit)) {
    b.data.fightNext = after;
    b.say(`${b.profile(after.unit).name} fights immediately after it (${after.by.split("/")[1]}).`);
  }
  if (fightPicker(b) === null) nextPhase(b);
  else b.data.step = { kind: "combat", player: fightPicker(b)! };
}
