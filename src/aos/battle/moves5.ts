/**
 * The moves5 area (docs/abilities.md "Moves outside the movement phase (moves5)"): `phase-move`, "this unit can move
 * D6"" in a step outside the movement phase. The kernel's twin is assembly/battle/moves5.ts (the same rules, the same
 * dice in the same places: test/aos/abilities-moves5.test.ts).
 *
 * Steps (each ability is used by the unit with it, in data order, the first whose step it is):
 * - after the unit's own SHOOT ability (shooting.ts shoot): a reaction own-shoot ("Once Per Turn (Army)": kept with the
 *   phase's uses, BattleData.commandsUsed, as the charge re-rolls' reactions) or a shooting-phase ability;
 * - after the unit's own FIGHT ability (combat.ts afterTheFight, before the next pick): a reaction own-fight, with the
 *   condition `charged` (it charged this turn);
 * - at the start of the enemy's combat phase (turn.ts nextPhase, before Feral Roar and the combat-phase abilities): the
 *   units of the player whose turn it is not, by ascending id;
 * - at the end of the enemy's movement phase (turn.ts nextPhase, before the phase's declared step): the units of the
 *   player whose turn it is not, by ascending id;
 * - at the end of any turn (turn.ts, before the "End of Any Turn" declared step): the active player's units, then the
 *   opponent's, by ascending id.
 * "Once Per Turn (Army)": one unit of the army in the step.
 *
 * The policy of both engines (not a decision of the search): a unit moves only if it is not in combat (every text's
 * condition or a choice the policy makes), `clear` holds (more than N" from every enemy unit), it does not hold an
 * objective (policy.ts holds) and the movement policy would advance it on an objective (policy.ts advanceTarget; never
 * toward an enemy). Then the dice are rolled and it moves a normal move's line toward that objective (movement.ts
 * destination: never into nor through the enemies' combat ranges, so "It cannot end that move in combat", "It cannot
 * move into combat during any part of that move" and "It can move into combat" — a permission not taken — all hold).
 * It is not a MOVE ability of the movement phase: the unit's `moved` and `ran` stand. `gate`: a dice first (after the
 * policy chose to use it), the move only on gate+ (the ability is used either way). `normal`: a Normal Move's distance,
 * the unit's Move characteristic (movement.ts moveCharacteristic: a random Move rolled, Full Throttle, Move modifiers).
 */
import type { PlayedEffect } from "../abilities/index.js";
import { rollDice } from "../../core/dice.js";
import type { Battle } from "./battle.js";
import { battleEffects, battleView } from "./effects.js";
import { whomHolds } from "../abilities/attack.js";
import { arrivedToken } from "./reserves.js";
import { destination, moveCharacteristic } from "./movement.js";
import { notePassing } from "./move3.js";
import { altarLeaderMoved } from "./objectives.js";
import { advanceTarget, holds } from "./policy.js";
import type { Player } from "./state.js";

type Step = "after-shoot" | "enemy-movement" | "end-of-turn" | "after-fight" | "enemy-combat" | "own-movement";
/** The steps in EF.MV5_FLAGS' order (bits 0-2: the index + 1). */
export const STEPS: readonly Step[] = ["after-shoot", "enemy-movement", "end-of-turn", "after-fight", "enemy-combat", "own-movement"];

/** The step a phase-move effect is used in, or null. */
export function moveStep(pe: PlayedEffect): Step | null {
  if (pe.effect.do.kind !== "phase-move") return null;
  const w = pe.ability.when;
  if (w.timing === "reaction" && w.to === "own-shoot") return "after-shoot";
  if (w.timing === "phase" && w.phase === "shooting") return "after-shoot";
  if (w.timing === "reaction" && w.to === "own-fight") return "after-fight";
  if (w.timing === "phase" && w.phase === "combat" && w.whose === "enemy") return "enemy-combat";
  if (w.timing === "phase" && w.phase === "movement" && w.whose === "enemy") return "enemy-movement";
  if (w.timing === "phase" && w.phase === "end-of-turn" && w.whose === "any") return "end-of-turn";
  // Units the ability picks (`upTo`), at the end of its own movement phase (Guided by Lightning).
  if (w.timing === "phase" && w.phase === "movement" && w.whose === "your" && pe.effect.do.upTo !== undefined) return "own-movement";
  return null;
}

const armyLimited = (pe: PlayedEffect) => (pe.ability.when.timing === "phase" || pe.ability.when.timing === "reaction") && pe.ability.when.limit === "once-per-turn-army";
const owns = (b: Battle, id: number, pe: PlayedEffect) => b.profile(id).warscroll.toLowerCase() === pe.ability.warscroll.toLowerCase();

/** The policy and the move: whether unit `id` moved (its dice rolled). */
function phaseMove(b: Battle, id: number, pe: PlayedEffect): boolean {
  const d = pe.effect.do;
  if (d.kind !== "phase-move" || b.inCombat(id)) return false;
  if (pe.effect.conditions.charged && !b.unit(id).charged) return false;
  const player = b.ownerOf(id) as Player;
  if (d.clear !== undefined && b.deployed((1 - player) as Player).some((e) => b.distance(id, e) <= d.clear!)) return false;
  if (holds(b, player, id)) return false;
  const t = advanceTarget(b, player, id);
  if (!t || t.kind !== "objective") return false;
  const o = b.objectives().find((x) => x.id === t.id)!;
  if (d.gate !== undefined) {
    const g = b.rollD6();
    b.say(`${b.profile(id).name} uses ${pe.ability.name}: ${g} on the dice (${d.gate}+ to move).`);
    if (g < d.gate) return true;
  }
  const roll = d.normal ? moveCharacteristic(b, id) : rollDice(d.dice, b.rng);
  const end = destination(b, id, o, roll);
  const u = b.unit(id);
  const from = { x: u.x, y: u.y };
  u.x = end.x;
  u.y = end.y;
  notePassing(b, id, from); // move3.ts
  b.say(`${b.profile(id).name} uses ${pe.ability.name}: moves ${Math.hypot(end.x - from.x, end.y - from.y).toFixed(1)}" (${roll}") to (${end.x.toFixed(1)}, ${end.y.toFixed(1)}).`);
  altarLeaderMoved(b, id, false);
  return true;
}

/** After unit `id`'s SHOOT ability (shooting.ts shoot): its first after-shoot move that applies. */
export function afterShootMove(b: Battle, id: number): void {
  afterOwnMove(b, id, "after-shoot");
}

/** After unit `id`'s FIGHT ability (combat.ts afterTheFight, before the next pick): its first after-fight move that applies. */
export function afterFightMove(b: Battle, id: number): void {
  afterOwnMove(b, id, "after-fight");
}

function afterOwnMove(b: Battle, id: number, step: Step): void {
  const effects = battleEffects(b).filter((pe) => moveStep(pe) === step);
  if (effects.length === 0 || b.unit(id).status !== "deployed") return;
  const me = b.ownerOf(id) as Player;
  for (const pe of effects) {
    if (!owns(b, id, pe)) continue;
    if (armyLimited(pe) && b.data.commandsUsed[me].includes(pe.key)) continue;
    if (!phaseMove(b, id, pe)) continue;
    if (armyLimited(pe)) b.data.commandsUsed[me].push(pe.key);
    return;
  }
}

/** The step's moves of `player`'s units. */
function stepMoves(b: Battle, player: Player, step: Step): void {
  const effects = battleEffects(b).filter((pe) => moveStep(pe) === step);
  if (effects.length === 0) return;
  const used = new Set<string>();
  for (const id of b.deployed(player)) {
    for (const pe of effects) {
      if (!owns(b, id, pe) || used.has(pe.key)) continue;
      if (!phaseMove(b, id, pe)) continue;
      if (armyLimited(pe)) used.add(pe.key);
      break;
    }
  }
}

/**
 * At the end of the active player's movement phase (before the opponent's enemy-movement-phase moves and the phase's
 * declared step): its abilities that move picked units ("Pick up to 3 friendly STORMCAST ETERNALS units wholly within
 * 12" of this unit that were set up this turn using the 'Scions of the Storm' ability to be the targets. Each target
 * can immediately move D3""). For each such ability in data order, each unit with it by ascending id: the units `whom`
 * names (set up this turn by `arrived`), by ascending id, each moved by phaseMove's policy, until `upTo` have moved.
 * Used once any has moved: "Once Per Battle (Army)" / "Once Per Turn (Army)" then spent (no other unit with it uses it).
 */
export function ownMovementMoves(b: Battle): void {
  const effects = battleEffects(b).filter((pe) => moveStep(pe) === "own-movement");
  if (effects.length === 0) return;
  const me = b.data.active;
  const used = (b.data.effectsUsed ??= [[], []]);
  const v = battleView(b);
  for (const pe of effects) {
    const d = pe.effect.do;
    if (d.kind !== "phase-move") continue;
    const w = pe.ability.when;
    const limit = w.timing === "phase" ? w.limit : "none";
    if (limit === "once-per-battle-army" && used[me].includes(pe.key)) continue;
    for (const s of b.deployed(me)) {
      if (!owns(b, s, pe) || b.unit(s).status !== "deployed") continue;
      let moved = 0;
      for (const t of b.deployed(me)) {
        if (moved >= d.upTo!) break;
        if (!whomHolds(v, pe.effect, s, t)) continue;
        if (d.arrived !== undefined && !b.unit(t).tokens.includes(arrivedToken(d.arrived))) continue;
        if (phaseMove(b, t, pe)) moved++;
      }
      if (moved === 0) continue;
      if (limit === "once-per-battle-army") used[me].push(pe.key);
      if (limit === "once-per-battle-army" || limit === "once-per-turn-army") break;
    }
  }
}

/** At the end of the active player's movement phase: the opponent's enemy-movement-phase moves. */
export function enemyMovementMoves(b: Battle): void {
  stepMoves(b, (1 - b.data.active) as Player, "enemy-movement");
}

/** At the start of the active player's combat phase (before its Feral Roar and combat-phase abilities): the opponent's enemy-combat-phase moves. */
export function enemyCombatMoves(b: Battle): void {
  stepMoves(b, (1 - b.data.active) as Player, "enemy-combat");
}

/** At the end of a turn: the active player's end-of-turn moves, then the opponent's. */
export function endOfTurnMoves(b: Battle): void {
  stepMoves(b, b.data.active, "end-of-turn");
  stepMoves(b, (1 - b.data.active) as Player, "end-of-turn");
}
