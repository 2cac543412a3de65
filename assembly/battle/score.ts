// Scoring, as src/aos/battle/turn.ts feeds it to the fold of src/aos/scoring: the battle tactic's facts and
// outcome (PB-BT-01..08), the plan's objective VP (PB-BP-01..12), predators (PB-BP-05), Predators and Prey
// (PB-REALM-PREY), raids (PB-BP-10), destroyed objectives (PB-BP-11), the glorious victory (PB-BP-01), the
// grand strategies (PB-GS-01..08) and the result (PB-RESULT).
import { contests, controlledBy, inPlay, objectiveWhollyWithin, whollyWithinTerritory } from "./board";
import { COMBAT_RANGE, hypot } from "./math";
import { unitControl } from "./commands";
import { UF, US } from "./layout";
import {
  active, deployed, dist, flag, general, hist, isHero, isMonster, nHistory, nObjectives, nTerrain, nUnits, OI, oi, owner, planVictoryPoints,
  pushHistory, round, score, scoringKind, setOi, sideOf, SOURCE_OBJECTIVES, SOURCE_REALM, SOURCE_STRATEGY, SOURCE_TACTICS, st, terrain, turn, ui, UI,
  ur, ux, uy, tactic, tacticUnit0, tacticUnit1, tacticUnit2, tacticObj0, tacticObj1, tacticOppControlled, sAlpha, sRemoved, sPreyAtt, sPreyDef,
  sTurns, sPickedAtt, sPickedDef, sTacticsAtt, sTacticsDef, sGloriousWinner, sGloriousRound, gloriousFrom, pendingRaid, pendingDestroyed, setRecord,
  gs0, gs1, vp0, vp1, attacker, deployedMask, deployedOf, unitsOf, preySlain,
} from "./state";

// @ts-ignore: decorator
@inline function popcount(m: i32): i32 {
  return <i32>popcnt<i32>(m);
}

function killedThisTurn(u: i32): bool {
  return ui(u, UI.KILLED) != 0 && ui(u, UI.KILLED_ROUND) == round && ui(u, UI.KILLED_TURN) == turn;
}

function killedByMonster(u: i32): bool {
  return ui(u, UI.KILLED) != 0 && ui(u, UI.KILLED_BY_MONSTER) != 0;
}

// ---- the battle tactic (turn.ts tacticFacts + scoring/battleTactics.ts) -----------------------------------

export let tacticCompleted: bool = false;
export let tacticBonus: bool = false;

function tacticOutcome(me: i32): void {
  const enemy = 1 - me;
  let done = false;
  let bonus = false;
  switch (tactic) {
    case 0: {
      // PB-BT-01 Broken Ranks
      const t = tacticUnit0;
      done = flag(t, UF.BATTLELINE) && flag(t, UF.STARTING_ARMY) && killedThisTurn(t);
      bonus = killedByMonster(t);
      break;
    }
    case 1:
      // PB-BT-02 Conquer
      done = tacticOppControlled && oi(tacticObj0, OI.CONTROL) == me;
      break;
    case 2: {
      // PB-BT-03 Slay the Warlord
      const g = general(enemy);
      done = g >= 0 && killedThisTurn(g);
      bonus = g >= 0 && killedByMonster(g);
      break;
    }
    case 3: {
      // PB-BT-04 Ferocious Advance: all three ran and finished within 3" of each other
      const a = tacticUnit0;
      const b = tacticUnit1;
      const c = tacticUnit2;
      const ran = (st(a, US.RAN) && deployed(a) && flag(a, UF.STARTING_ARMY)) && (st(b, US.RAN) && deployed(b) && flag(b, UF.STARTING_ARMY)) && (st(c, US.RAN) && deployed(c) && flag(c, UF.STARTING_ARMY));
      const close = deployed(a) && deployed(b) && deployed(c) &&
        dist(a, b) <= COMBAT_RANGE && dist(a, c) <= COMBAT_RANGE && dist(b, a) <= COMBAT_RANGE && dist(b, c) <= COMBAT_RANGE && dist(c, a) <= COMBAT_RANGE && dist(c, b) <= COMBAT_RANGE;
      done = ran && close;
      bonus = isMonster(a) && isMonster(b) && isMonster(c);
      break;
    }
    case 4: {
      // PB-BT-05 Bring It Down!
      const t = tacticUnit0;
      done = killedThisTurn(t);
      bonus = killedByMonster(t);
      break;
    }
    case 5: {
      // PB-BT-06 Aggressive Expansion: both picks controlled and not wholly within your territory
      done = true;
      for (let k = 0; k < 2; k++) {
        const o = k == 0 ? tacticObj0 : tacticObj1;
        const wholly = inPlay(o) && objectiveWhollyWithin(me, o);
        if (wholly || oi(o, OI.CONTROL) != me) done = false;
      }
      break;
    }
    case 6: {
      // PB-BT-07 Monstrous Takeover
      const m = tacticUnit0;
      let any = false;
      if (deployed(m) && isMonster(m) && flag(m, UF.STARTING_ARMY)) {
        for (let o = 0; o < nObjectives && !any; o++) {
          if (!inPlay(o) || !contests(m, o) || oi(o, OI.CONTROL) != me) continue;
          let enemyMonster = false;
          for (let q = deployedOf(enemy); q != 0; q &= q - 1) {
            const e = <i32>ctz<u64>(q);
            if (isMonster(e) && contests(e, o)) enemyMonster = true;
          }
          if (!enemyMonster) any = true;
        }
      }
      done = any;
      break;
    }
    case 7: {
      // PB-BT-08 Savage Spearhead: 2+ starting-army units wholly within enemy territory (bonus: 2+ MONSTERS)
      let n = 0;
      let monsters = 0;
      for (let q = deployedOf(me); q != 0; q &= q - 1) {
        const u = <i32>ctz<u64>(q);
        if (!flag(u, UF.STARTING_ARMY)) continue;
        if (!whollyWithinTerritory(enemy, ux(u), uy(u), ur(u))) continue;
        n++;
        if (isMonster(u)) monsters++;
      }
      done = n >= 2;
      bonus = monsters >= 2;
      break;
    }
  }
  tacticCompleted = done;
  tacticBonus = done && bonus;
}

// ---- the turn's VP ---------------------------------------------------------------------------------------

/** PB-REALM-PREY: a MONSTER model of `who` (by keyword or Metamorphosis) was slain this turn, or such a unit destroyed. */
function monsterSlainThisTurn(who: i32): bool {
  if ((preySlain & (1 << who)) != 0) return true; // a MONSTER model slain this turn (actions.ts allocateDamage)
  // A unit destroyed in reserve at the start of the round (CORE-RESERVES: KILLED_TURN -1) counts with its first turn.
  for (let q = unitsOf(who); q != 0; q &= q - 1) {
    const u = <i32>ctz<u64>(q);
    if (!isMonster(u)) continue;
    if (killedThisTurn(u) || (ui(u, UI.KILLED) != 0 && ui(u, UI.KILLED_ROUND) == round && ui(u, UI.KILLED_TURN) == -1 && turn == 0)) return true;
  }
  return false;
}

/** PB-BP-11 (scoring/victoryPoints.ts destroyValue): the history ends with this turn's snapshot. */
export function destroyValue(side: i32, o: i32): i32 {
  const now = nHistory - 1;
  const bit = 1 << o;
  let start = now;
  while (start > 0 && (hist(start - 1, 2 + side) & bit) != 0) start--;
  let own0 = -1;
  let own1 = -1;
  for (let i = now - 1; i >= 0; i--) {
    if (hist(i, 1) != side) continue;
    if (own0 < 0) own0 = i;
    else {
      own1 = i;
      break;
    }
  }
  if (hist(now, 0) == 5 && hist(start, 0) == 1) return 8;
  if (own1 >= 0 && own1 >= start) return 4;
  if (own0 >= 0 && own0 >= start) return 2;
  return 1;
}

/** The plan's objective VP at the end of `me`'s turn (scoring/victoryPoints.ts objectiveVictoryPoints). */
function objectiveVictoryPoints(me: i32, mine: i32, theirs: i32): i32 {
  const more = popcount(mine) > popcount(theirs) ? 1 : 0;
  switch (scoringKind) {
    case 1: {
      // PB-BP-02: 4 on the opponent's border, 1 on your own, 2 elsewhere
      let v = 0;
      for (let o = 0; o < nObjectives; o++) {
        if ((mine & (1 << o)) == 0) continue;
        const b = oi(o, OI.BORDERS + round - 1);
        v += (b & (1 << (1 - me))) != 0 ? 4 : (b & (1 << me)) != 0 ? 1 : 2;
      }
      return v;
    }
    case 2: {
      // one, two, more
      const n = popcount(mine);
      return (n >= 1 ? 1 : 0) + (n >= 2 ? 1 : 0) + more;
    }
    case 3: {
      // PB-BP-04: held at the end of this turn and of your previous one
      const side = sideOf(me);
      let held = 0;
      for (let i = nHistory - 1; i >= 0; i--) {
        if (hist(i, 1) != side) continue;
        held = mine & hist(i, 2 + side);
        break;
      }
      const n = popcount(held);
      return (n >= 1 ? 1 : 0) + (n >= 2 ? 1 : 0) + more;
    }
    case 4: {
      // PB-BP-06: 2 for the alpha, 1 per beta
      let v = 0;
      for (let o = 0; o < nObjectives; o++) {
        const num = oi(o, OI.NUMBER);
        if ((mine & (1 << o)) == 0 || num == 0) continue;
        v += num == sAlpha ? 2 : 1;
      }
      return v;
    }
    case 6:
      // PB-BP-12: the round's number per objective
      return popcount(mine) * round;
  }
  return 0; // PB-BP-01 none, PB-BP-11 only destroying scores
}

/** The end of the active player's turn: turn.ts scoreAndContinue's scoring part (the fold's scoreTurn). */
export function scoreTurn(): void {
  const me = active;
  const opp = 1 - me;
  const side = sideOf(me);
  const mine = controlledBy(me);
  const theirs = controlledBy(opp);
  tacticOutcome(me);
  let predators = 0;
  for (let q = unitsOf(opp); q != 0; q &= q - 1) {
    const u = <i32>ctz<u64>(q);
    if (st(u, US.PREDATOR) && killedThisTurn(u) && ui(u, UI.KILLED_BY_PREDATOR) != 0) predators++;
  }
  predators = min<i32>(3, predators);
  if (planVictoryPoints) {
    score(me, objectiveVictoryPoints(me, mine, theirs), SOURCE_OBJECTIVES);
    if (predators > 0) score(me, predators, SOURCE_OBJECTIVES); // PB-BP-05
    if (tactic >= 0 && tacticCompleted) score(me, 2 + (tacticBonus ? 1 : 0), SOURCE_TACTICS);
    // PB-REALM-PREY: once per battle round for each player, whoever's turn it was.
    const bit = 1 << round;
    if (monsterSlainThisTurn(opp)) {
      if (side == 0 && (sPreyAtt & bit) == 0) {
        sPreyAtt |= bit;
        score(me, 1, SOURCE_REALM);
      } else if (side == 1 && (sPreyDef & bit) == 0) {
        sPreyDef |= bit;
        score(me, 1, SOURCE_REALM);
      }
    }
    if (monsterSlainThisTurn(me)) {
      if (side == 1 && (sPreyAtt & bit) == 0) {
        sPreyAtt |= bit;
        score(opp, 1, SOURCE_REALM);
      } else if (side == 0 && (sPreyDef & bit) == 0) {
        sPreyDef |= bit;
        score(opp, 1, SOURCE_REALM);
      }
    }
    if (pendingRaid >= 0) score(me, 1, SOURCE_OBJECTIVES); // PB-BP-10
  }
  pushHistory(round, side, side == 0 ? mine : theirs, side == 0 ? theirs : mine);
  if (planVictoryPoints) for (let o = 0; o < nObjectives; o++) if ((pendingDestroyed & (1 << o)) != 0) score(me, destroyValue(side, o), SOURCE_OBJECTIVES);

  // PB-BP-01: from round 3, a player controlling every objective on the battlefield wins at once.
  if (gloriousFrom > 0 && round >= gloriousFrom) {
    let all = 0;
    for (let o = 0; o < nObjectives; o++) if (oi(o, OI.IN_MAP + round - 1) != 0 && (sRemoved & (1 << o)) == 0) all |= 1 << o;
    if (all != 0 && (all & mine) == all) {
      sGloriousWinner = side;
      sGloriousRound = round;
    } else if (all != 0 && (all & theirs) == all) {
      sGloriousWinner = 1 - side;
      sGloriousRound = round;
    }
  }

  sTurns++;
  if (tactic >= 0) {
    if (side == 0) sPickedAtt |= 1 << tactic;
    else sPickedDef |= 1 << tactic;
    setRecord(40 + me * 8 + tactic, <f64>round);
    if (tacticCompleted) {
      if (side == 0) sTacticsAtt++;
      else sTacticsDef++;
      setRecord(56 + me * 8 + tactic, 1);
    }
  }
  const removedNow = (pendingRaid >= 0 ? 1 << pendingRaid : 0) | pendingDestroyed;
  sRemoved |= removedNow;
  for (let o = 0; o < nObjectives; o++) if ((removedNow & (1 << o)) != 0) setOi(o, OI.CONTROL, -1);
  pendingRaid = -1;
  pendingDestroyed = 0;
  tactic = -1;
}

// ---- the end of the battle -------------------------------------------------------------------------------

/** turn.ts terrainControlled: features held by the higher control score within 3" (PB-GS-08). */
function terrainControlled(p: i32): i32 {
  let n = 0;
  for (let f = 0; f < nTerrain; f++) {
    let s0 = 0;
    let s1 = 0;
    const fx = terrain(f, 0);
    const fy = terrain(f, 1);
    const fr = terrain(f, 2);
    for (let q = deployedMask; q != 0; q &= q - 1) {
      const u = <i32>ctz<u64>(q);
      if (flag(u, UF.MANIFESTATION)) continue; // CORE-BANISH: no Control characteristic
      if (Math.max(0, hypot(ux(u) - fx, uy(u) - fy) - ur(u) - fr) > COMBAT_RANGE) continue;
      const s = max<i32>(1, unitControl(u) * ui(u, UI.MODELS));
      if (owner(u) == 0) s0 += s;
      else s1 += s;
    }
    if (p == 0 ? s0 > s1 : s1 > s0) n++;
  }
  return n;
}

function generalSlain(p: i32): bool {
  const g = general(p);
  return g >= 0 && ui(g, UI.STATUS) == 2;
}

/** PB-GS-01..08 (scoring/grandStrategies.ts) for player `p` when the battle ends. */
export function grandStrategyCompleted(p: i32): bool {
  const id = p == 0 ? gs0 : gs1;
  const e = 1 - p;
  let mine = 0;
  let theirs = 0;
  let battleline = false;
  let monster = false;
  let wizard = false;
  let priest = false;
  let enemyHero = false;
  for (let q = deployedMask; q != 0; q &= q - 1) {
    const u = <i32>ctz<u64>(q);
    if (!flag(u, UF.STARTING_ARMY)) continue;
    if (owner(u) == p) {
      mine++;
      if (flag(u, UF.BATTLELINE)) battleline = true;
      if (isMonster(u)) monster = true;
      if (ui(u, UI.WIZARD) > 0) wizard = true;
      if (ui(u, UI.PRIEST) > 0) priest = true;
    } else {
      theirs++;
      if (isHero(u)) enemyHero = true;
    }
  }
  switch (id) {
    case 0: return !enemyHero; // PB-GS-01 Sever the Head
    case 1: return battleline; // PB-GS-02 Hold the Line
    case 2: return generalSlain(e) && !generalSlain(p); // PB-GS-03 Vendetta
    case 3: return mine > theirs; // PB-GS-04 Dominating Presence
    case 4: return monster; // PB-GS-05 Beast Master
    case 5: return wizard; // PB-GS-06 Prized Sorcery
    case 6: return priest; // PB-GS-07 Pillars of Belief
    case 7: return terrainControlled(p) > terrainControlled(e); // PB-GS-08 Predator's Domain
  }
  return false;
}

export let gsDone0: bool = false;
export let gsDone1: bool = false;
/** -1 draw, else the winning player. */
export let winner: i32 = -1;
/** 0 draw, 1 minor victory, 2 major victory. */
export let outcome: i32 = 0;

/** turn.ts finishBattle: grand strategies' 3 VP (PB-GS-PICK), then PB-RESULT. */
export function finishBattle(): void {
  gsDone0 = grandStrategyCompleted(0);
  gsDone1 = grandStrategyCompleted(1);
  if (planVictoryPoints) {
    if (gsDone0) score(0, 3, SOURCE_STRATEGY);
    if (gsDone1) score(1, 3, SOURCE_STRATEGY);
  }
  const defender = 1 - attacker;
  const vpA = attacker == 0 ? vp0 : vp1;
  const vpD = attacker == 0 ? vp1 : vp0;
  const gsA = attacker == 0 ? gsDone0 : gsDone1;
  const gsD = attacker == 0 ? gsDone1 : gsDone0;
  if (sGloriousWinner >= 0) {
    outcome = 2;
    winner = sGloriousWinner == 0 ? attacker : defender;
  } else if (planVictoryPoints && vpA != vpD) {
    outcome = 2;
    winner = vpA > vpD ? attacker : defender;
  } else if (sTacticsAtt != sTacticsDef) {
    outcome = 1;
    winner = sTacticsAtt > sTacticsDef ? attacker : defender;
  } else if (gsA != gsD) {
    outcome = 1;
    winner = gsA ? attacker : defender;
  } else {
    outcome = 0;
    winner = -1;
  }
}
