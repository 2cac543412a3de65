/**
 * A player's turn (CORE-PHASES: hero, movement, shooting, charge, combat, end of turn) and what happens
 * between turns: control, battle tactics, victory points (through src/aos/scoring), the next turn, round
 * or the end of the battle.
 */
import { clearPhaseTokens, momentumRoundEnd, useHeatAbilities } from "./common.js";
import { clearIgnoredFirst } from "./ignore-first.js";
import { OBJECTIVE_RADIUS, whollyWithin } from "../battleplans/index.js";
import { battleOver, battleTacticOutcome, endBattle, grandStrategyCompleted, scoreTurn, type Side, type TacticFacts } from "../scoring/index.js";
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { COMBAT_RANGE, edgeDistance, objectiveDistance } from "./geometry.js";
import { unitControl } from "./damaged.js";
import { factionHook } from "./factions.js";
import { startCombatPhase } from "./feral-roar.js";
import { contested, updateControl } from "./objectives.js";
import { startRound } from "./round.js";
import { isManifestation } from "./manifestations.js";
import type { Player } from "./state.js";
import { describeTactic, tacticChoicesAvailable } from "./tactics.js";
import { removeToken, removeTurnTokens, removeUntilTokens, TOKEN } from "./tokens.js";
import { useEndOfTurnHealing, useHeroHealing, useStartOfTurnHealing } from "./healing.js";
import { useRitualGains } from "./magic5.js";
import { useCastingTurns, usePowerTurns } from "./magic6.js";
import { useMarks } from "./objective4.js";
import { useOvergrow } from "./sylvaneth6.js";
import { useChargeMarks } from "./passive6.js";
import { clearTurnKills, useKillMarks } from "./kills5.js";
import { useStepAbilities } from "./combat-abilities.js";
import { endOfTurnMoves, enemyCombatMoves, enemyMovementMoves, ownMovementMoves } from "./moves5.js";
import { STRIKE_LAST_TOKEN, useChargeReactions, useHeroChargeAfter } from "./moves.js";
import { useHashutTurnStart } from "./hashut6.js";
import { traitsPhaseEnd, traitsPhaseStart, traitsTurnStart } from "./traits.js";

export function beginTurn(b: Battle, player: Player): void {
  const d = b.data;
  d.active = player;
  d.tactic = null;
  for (const u of d.units) {
    u.moved = u.ran = u.retreated = u.charged = u.chargeTried = u.shot = u.fought = false;
    u.inCombatAtStart = false;
    // PB-REALM-METAMORPHOSIS: MONSTER "until your next hero phase".
    if (b.ownerOf(u.id) === player) removeToken(u, TOKEN.metamorphosis);
    removeToken(u, TOKEN.strikeFirst); // an ability's STRIKE-FIRST "for the rest of the turn"
    removeToken(u, STRIKE_LAST_TOKEN); // and STRIKE-LAST (moves.ts: Brace for Impact)
    delete u.slewThisTurn; // Victory Feast's "models slain by this unit this turn" (healing.ts)
    clearTurnKills(u); // kills5.ts: this turn's kills
    removeTurnTokens(u); // the effect language's for-the-turn modifiers (combat-abilities.ts)
    removeUntilTokens(u, player); // a spell's modifiers "until the start of your next turn" (warscroll-spells.ts)
  }
  traitsTurnStart(b); // the bundled battle traits' turn (traits.ts)
  d.spells = { cast: [], metamorphosis: false, blocked: [] };
  d.commandsUsed = [[], []];
  delete d.preySlain; // PB-REALM-PREY: MONSTER models slain this turn
  b.say(`${d.armies[player]}'s turn (round ${d.round}).`);
  useHashutTurnStart(b); // hashut6.ts: desolation tokens and daemonic power points, before the start-of-turn healing
  useStartOfTurnHealing(b); // "Start of Any Turn" healing (healing.ts), before the hero phase and its tactic pick
  // "Start of Any Turn" declared abilities (combat-abilities.ts, damage.ts), after that healing, the active player's first.
  useStepAbilities(b, player, "start-of-turn");
  useStepAbilities(b, (1 - player) as Player, "start-of-turn");
  // "[Once Per Battle, ]Your Hero Phase: Add 1 to this unit's power level for the rest of the turn" (magic6.ts), at the
  // start of the hero phase, before its tactic pick and spells.
  usePowerTurns(b, player);
  useCastingTurns(b, player); // magic6.ts: "add 1 to casting rolls for the target for the rest of the turn", after them
  // PB-TACTIC-PICK: at the start of the hero phase, if any tactic can be picked.
  d.step = tacticChoicesAvailable(b, player) ? { kind: "battle-tactic", player } : { kind: "hero", player };
}

const ORDER = ["hero", "movement", "shooting", "charge", "combat"] as const;

/** Ends the current phase and starts the next (or the end of the turn). */
export function nextPhase(b: Battle): void {
  const d = b.data;
  const kind = d.step.kind === "battle-tactic" ? "hero" : d.step.kind;
  const i = ORDER.indexOf(kind as (typeof ORDER)[number]);
  // Declared abilities of the hero, shooting and charge phases (combat-abilities.ts useStepAbilities), at the
  // end of the phase, the active player's then the opponent's.
  // Moves in the enemy's movement phase (moves5.ts), at its end, before the phase's declared step.
  // Moves of units its own abilities pick (moves5.ts: Guided by Lightning), first.
  if (kind === "movement") ownMovementMoves(b);
  if (kind === "movement") enemyMovementMoves(b);
  if (kind === "hero" || kind === "shooting" || kind === "charge" || kind === "movement") {
    useStepAbilities(b, d.active, kind);
    useStepAbilities(b, (1 - d.active) as Player, kind);
  }
  // Effects for a while (status.ts) of the shooting phase at its start, right after the movement phase's step.
  if (kind === "movement") {
    useStepAbilities(b, d.active, "shooting-start");
    useStepAbilities(b, (1 - d.active) as Player, "shooting-start");
  }
  // A charge phase's charge-roll modifiers for a while (declared2.ts) at its start, right after the shooting phase's step.
  if (kind === "shooting") {
    useStepAbilities(b, d.active, "charge-start");
    useStepAbilities(b, (1 - d.active) as Player, "charge-start");
  }
  // "Your Hero Phase" healing and returning abilities, after spells and replacements (healing.ts).
  if (kind === "hero") useHeroHealing(b, d.active);
  // "Enemy | Your Hero Phase: Give this unit D3 ritual points" (magic5.ts), after them.
  if (kind === "hero") useRitualGains(b);
  // "Your Hero Phase: for the rest of the turn, ... even if it used a RUN or RETREAT ability" (moves.ts), after them.
  if (kind === "hero") useHeroChargeAfter(b, d.active);
  // A Cogfort's heat-token ability and Overheating (common.ts), after them.
  if (kind === "hero") useHeatAbilities(b, d.active);
  // Marks for the rest of the battle (objective4.ts: Oath of Conquest), after them.
  if (kind === "hero") useMarks(b);
  // Overgrown tokens given by units (sylvaneth6.ts: Verdian Crown), after them.
  if (kind === "hero") useOvergrow(b);
  // "Any Charge Phase" abilities on a unit that charged (moves.ts: Brace for Impact), at the end of the phase.
  if (kind === "charge") useChargeReactions(b);
  // Marks for the rest of the battle put at the end of a charge phase (passive6.ts), after them.
  if (kind === "charge") useChargeMarks(b);
  // The bundled battle traits at the phase's end (traits.ts: Their Finest Hour, ...), then "this phase" is over.
  traitsPhaseEnd(b, kind);
  // CORE-CP: "once per phase" is per phase.
  d.commandsUsed = [[], []];
  clearPhaseTokens(b); // common.ts: a spell reaction's "once per phase"
  clearIgnoredFirst(d.units); // ignore-first.ts: "the first damage point ... in each phase"
  // PB-REALM-FERAL-ROAR lasts until the end of the combat phase.
  if (kind === "combat") for (const u of d.units) removeToken(u, TOKEN.feralRoar);
  if (kind === "combat") delete d.fightNext; // fight-order.ts: used at once, never left over
  if (i >= 0 && i + 1 < ORDER.length) {
    const next = ORDER[i + 1]!;
    if (next === "combat") {
      for (const id of b.deployed()) b.unit(id).inCombatAtStart = b.inCombat(id);
      d.fightPicker = d.active;
      // CORE-SPELLS' "once per phase" bookkeeping is per phase.
    }
    d.spells = { cast: [], metamorphosis: false, blocked: [] };
    d.step = { kind: next, player: d.active };
    traitsPhaseStart(b, next); // the bundled battle traits at the phase's start (traits.ts: Muster Guard)
    // PB-REALM-FERAL-ROAR: the start of the combat phase, before the fights.
    if (next === "combat") enemyCombatMoves(b); // moves5.ts: the opponent's "Enemy Combat Phase" moves, at its start
    if (next === "combat") startCombatPhase(b);
    return;
  }
  endOfTurnChoicesOrScore(b);
}

/** End of turn: control, then the plan's choices (raid, destroy), then scoring. */
function endOfTurnChoicesOrScore(b: Battle): void {
  // "End of Any Turn" moves (moves5.ts), the active player's then the opponent's, before the declared abilities.
  endOfTurnMoves(b);
  // "End of Any Turn" declared abilities (combat-abilities.ts), the active player's then the opponent's, before healing.
  useStepAbilities(b, b.data.active, "end-of-turn");
  useStepAbilities(b, (1 - b.data.active) as Player, "end-of-turn");
  useEndOfTurnHealing(b); // "End of Any Turn" abilities (healing.ts), before control
  useKillMarks(b); // kills5.ts: marks for the rest of the battle, after the healing
  updateControl(b, b.data.active);
  if (raidOptions(b).length > 0) b.data.step = { kind: "raid", player: b.data.active };
  else if (destroyOptions(b).length > 0) b.data.step = { kind: "destroy-objective", player: b.data.active };
  else scoreAndContinue(b);
}

/** PB-BP-10: from round 2, a controlled objective wholly within enemy territory and within 1" of a friendly unit. */
export function raidOptions(b: Battle): string[] {
  if (b.plan.id !== "feral-foray" || b.data.round < 2) return [];
  const me = b.active;
  const enemy = b.territoryPolygon(b.opponent);
  return b
    .objectives()
    .filter((o) => b.data.control[o.id] === me)
    .filter((o) => objectiveWhollyIn(enemy, o))
    .filter((o) => b.deployed(me).some((id) => objectiveDistance(b.footprint(id), o) <= 1))
    .map((o) => o.id);
}

/** An objective marker is 40mm across: "wholly within" means the whole marker is inside. */
function objectiveWhollyIn(poly: readonly { x: number; y: number }[], o: { x: number; y: number }): boolean {
  return whollyWithin(poly, { x: o.x, y: o.y, radius: OBJECTIVE_RADIUS });
}

/** PB-BP-11: from round 2, objectives the active player controls may be destroyed for VP. */
export function destroyOptions(b: Battle): string[] {
  if (b.plan.id !== "power-in-numbers" || b.data.round < 2) return [];
  return b.controlledBy(b.active).filter((id) => !b.data.pending.destroyed.includes(id) && b.data.pending.destroyed.length < 12);
}

function tacticFacts(b: Battle): TacticFacts | null {
  const t = b.data.tactic;
  if (!t) return null;
  const d = b.data;
  const me = b.active;
  const thisTurn = (id: number) => {
    const by = b.unit(id).destroyedBy;
    return by !== null && by.round === d.round && by.turn === d.turn;
  };
  const byMonster = (id: number) => b.unit(id).destroyedBy?.monster ?? false;
  switch (t.id) {
    case "broken-ranks":
    case "bring-it-down": {
      const target = t.units[0]!;
      return t.id === "broken-ranks"
        ? { id: t.id, target: { battleline: b.isBattleline(target), startingArmy: b.profile(target).startingArmy }, destroyedThisTurn: thisTurn(target), destroyedByMonster: byMonster(target) }
        : { id: t.id, target: { monster: true }, destroyedThisTurn: thisTurn(target), destroyedByMonster: byMonster(target) };
    }
    case "conquer":
      return { id: t.id, opponentControlledWhenPicked: t.opponentControlledWhenPicked, youControlAtEndOfTurn: d.control[t.objectives[0]!] === me };
    case "slay-the-warlord": {
      const g = b.general(b.opponent);
      return { id: t.id, enemyGeneralSlainThisTurn: g !== null && thisTurn(g), slainByMonster: g !== null && byMonster(g) };
    }
    case "ferocious-advance": {
      const units = t.units.map((id) => ({ ran: b.unit(id).ran, monster: b.isMonster(id), startingArmy: b.profile(id).startingArmy, alive: b.unit(id).status === "deployed" }));
      const alive = t.units.filter((id) => b.unit(id).status === "deployed");
      const close = alive.length === 3 && alive.every((x, i) => alive.every((y, j) => i === j || edgeDistance(b.footprint(x), b.footprint(y)) <= COMBAT_RANGE));
      return { id: t.id, units: units.map(({ ran, monster, startingArmy, alive: a }) => ({ ran: ran && a, monster, startingArmy })), finishedWithin3OfEachOther: close };
    }
    case "aggressive-expansion":
      return {
        id: t.id,
        picks: t.objectives.map((o) => {
          const at = b.objectives().find((x) => x.id === o);
          return { whollyWithinYourTerritory: at ? objectiveWhollyIn(b.territoryPolygon(me), at) : false, youControlAtEndOfTurn: d.control[o] === me };
        }),
      };
    case "monstrous-takeover": {
      const m = t.units[0]!;
      const alive = b.unit(m).status === "deployed";
      const contesting = alive
        ? contested(b, m).map(([o]) => ({
            youControl: d.control[o.id] === me,
            enemyMonsterContesting: b.deployed(b.opponent).some((e) => b.isMonster(e) && contested(b, e).some(([x]) => x.id === o.id)),
          }))
        : [];
      return { id: t.id, monster: { monster: b.isMonster(m), startingArmy: b.profile(m).startingArmy }, contesting };
    }
    case "savage-spearhead":
      return {
        id: t.id,
        unitsWhollyWithinEnemyTerritory: b
          .deployed(me)
          .filter((id) => b.whollyWithinTerritory(id, b.opponent))
          .map((id) => ({ startingArmy: b.profile(id).startingArmy, monster: b.isMonster(id) })),
      };
  }
}

function scoreAndContinue(b: Battle): void {
  const d = b.data;
  const me = b.active;
  const facts = tacticFacts(b);
  const outcome = facts ? battleTacticOutcome(facts) : null;
  // PB-REALM-PREY: a MONSTER model of `owner` was slain this turn (d.preySlain: one model is enough, noted as
  // it dies), or a MONSTER unit was destroyed — by keyword or by Metamorphosis, which a slain unit keeps until
  // its owner's next turn. (Not "slain by a MONSTER": that is the tactics' bonus, destroyedBy.monster.) A unit
  // destroyed in reserve at the start of the round (CORE-RESERVES: destroyedBy.turn -1) counts with the
  // round's first turn.
  const slainThisTurn = (owner: Player) =>
    d.preySlain?.[owner] === true ||
    d.units.some(
      (u) => b.ownerOf(u.id) === owner && u.destroyedBy?.round === d.round && (u.destroyedBy.turn === d.turn || (u.destroyedBy.turn === -1 && d.turn === 0)) && b.isMonster(u.id),
    );
  const predatorsDestroyed = d.predators[b.opponent].filter((id) => {
    const by = b.unit(id).destroyedBy;
    return by !== null && by.round === d.round && by.turn === d.turn && by.predator;
  }).length;
  const { state, score } = scoreTurn(d.scoring!, {
    round: d.round,
    player: b.side(me),
    objectives: b.controlledBy(me),
    opponentObjectives: b.controlledBy(b.opponent),
    battleTactic: d.tactic
      ? { id: d.tactic.id, picks: [...d.tactic.objectives, ...d.tactic.units.map((u) => b.profile(u).name)].slice(0, 3), completed: outcome!.completed, bonus: outcome!.bonus }
      : null,
    predatorsDestroyed: Math.min(3, predatorsDestroyed),
    raid: d.pending.raid,
    destroyedObjectives: d.pending.destroyed,
    enemyMonstersSlain: slainThisTurn(b.opponent),
    friendlyMonstersSlain: slainThisTurn(me),
  });
  d.scoring = state;
  d.sheet.push({
    round: d.round,
    player: me,
    battleTactic: d.tactic ? describeTactic(b, d.tactic) : null,
    battleTacticCompleted: outcome?.completed ?? false,
    objectives: [b.controlledBy(0), b.controlledBy(1)],
    lines: score.lines.map((l) => ({ player: b.playerOf(l.player), victoryPoints: l.victoryPoints, ruleId: l.ruleId, text: l.text })),
  });
  for (const l of score.lines) {
    d.victoryPoints[b.playerOf(l.player)] += l.victoryPoints;
    b.say(`  +${l.victoryPoints} VP ${d.armies[b.playerOf(l.player)]}: ${l.text}`);
  }
  for (const n of score.notes) b.say(`  ${n.text} (${n.ruleId})`);
  for (const id of score.removed) delete d.control[id];
  d.pending.raid = null;
  d.pending.destroyed = [];
  d.tactic = null;
  if (battleOver(state)) {
    factionHook(b, "onRoundEnd");
    return finishBattle(b);
  }
  if (d.turn === 0) {
    d.turn = 1;
    beginTurn(b, b.opponent);
  } else {
    factionHook(b, "onRoundEnd");
    momentumRoundEnd(b); // common.ts: "At the end of each battle round, subtract 1 from its momentum points"
    startRound(b);
  }
}

/** End of the battle: grand strategies (PB-GS-01..08) and the result (PB-RESULT). */
function finishBattle(b: Battle): void {
  const d = b.data;
  const army = (p: Player) => ({
    units: d.units
      .filter((u) => b.ownerOf(u.id) === p)
      .map((u) => ({
        name: b.profile(u.id).name,
        startingArmy: b.profile(u.id).startingArmy,
        onBattlefield: u.status === "deployed",
        battleline: b.isBattleline(u.id),
        hero: b.isHero(u.id),
        monster: b.isMonster(u.id),
        wizard: b.profile(u.id).wizardLevel > 0,
        priest: b.profile(u.id).priestLevel > 0,
      })),
    generalSlain: (() => {
      const g = b.general(p);
      return g !== null && b.unit(g).status === "destroyed";
    })(),
    terrainFeaturesControlled: terrainControlled(b, p),
  });
  const outcome = (p: Player) => {
    const id = d.grandStrategies[p]!;
    return { id, completed: grandStrategyCompleted(id, { friendly: army(p), enemy: army((1 - p) as Player) }) };
  };
  const outcomes = [outcome(0), outcome(1)];
  const gs = { attacker: outcomes[b.playerOf("attacker")]!, defender: outcomes[b.playerOf("defender")]! };
  d.grandStrategyCompleted = [outcomes[0]!.completed, outcomes[1]!.completed];
  d.end = endBattle(d.scoring!, gs);
  d.sheet.push({
    round: d.round,
    player: null,
    battleTactic: null,
    battleTacticCompleted: false,
    objectives: [b.controlledBy(0), b.controlledBy(1)],
    lines: d.end.lines.map((l) => ({ player: b.playerOf(l.player), victoryPoints: l.victoryPoints, ruleId: l.ruleId, text: l.text })),
  });
  for (const l of d.end.lines) {
    d.victoryPoints[b.playerOf(l.player)] += l.victoryPoints;
    b.say(`  +${l.victoryPoints} VP ${d.armies[b.playerOf(l.player)]}: ${l.text}`);
  }
  const r = d.end.result;
  // Worded as the scoring sheet words it ("Major victory"), not by the outcome's id ("major-victory").
  const worded = r.outcome === "draw" ? "A draw" : r.outcome === "major-victory" ? "Major victory" : "Minor victory";
  b.say(`Result: ${worded}${r.winner ? ` for ${d.armies[b.playerOf(r.winner)]}` : ""} — ${r.reason}.`);
  d.step = { kind: "over" };
}

/**
 * PB-GS-08 needs terrain control, which the seed does not define: a feature is controlled like an objective,
 * by the higher control score of units within 3" of it (a decision recorded in the README).
 */
export function terrainControlled(b: Battle, p: Player): number {
  let n = 0;
  for (const f of b.data.terrain) {
    const score: [number, number] = [0, 0];
    // Manifestations have no Control characteristic: they do not count (manifestations.ts).
    for (const id of b.deployed()) if (!isManifestation(b, id) && edgeDistance(b.footprint(id), f) <= COMBAT_RANGE) score[b.ownerOf(id)] += Math.max(1, unitControl(b.profile(id), b.unit(id)) * b.unit(id).models);
    if (score[p] > score[(1 - p) as Player]) n++;
  }
  return n;
}

/** PB-BP-10: raid one objective (or none) after scoring; the scoring fold removes it. */
export function raidChoices(b: Battle): Choice[] {
  const after = (bb: Battle) => {
    if (destroyOptions(bb).length > 0) bb.data.step = { kind: "destroy-objective", player: bb.active };
    else scoreAndContinue(bb);
  };
  return [
    { label: "raid no objective", tag: { kind: "raid", objective: null }, apply: (bb) => after(bb) },
    ...raidOptions(b).map((id) => ({
      label: `raid ${id} (+1 VP, removed from play)`,
      tag: { kind: "raid", objective: id } as const,
      apply(bb: Battle) {
        bb.data.pending.raid = id;
        after(bb);
      },
    })),
  ];
}

/** PB-BP-11: destroy controlled objectives one at a time for VP, then score. */
export function destroyChoices(b: Battle): Choice[] {
  return [
    { label: "destroy no more objectives", tag: { kind: "destroy", objective: null }, apply: (bb) => scoreAndContinue(bb) },
    ...destroyOptions(b).map((id) => ({
      label: `destroy ${id} for victory points`,
      tag: { kind: "destroy", objective: id } as const,
      apply(bb: Battle) {
        bb.data.pending.destroyed.push(id);
        if (destroyOptions(bb).length === 0) scoreAndContinue(bb);
      },
    })),
  ];
}
