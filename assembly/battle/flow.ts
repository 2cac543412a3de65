// The battle's flow, step by step as src/aos/battle/ runs it (flow.ts settle, round.ts, turn.ts): battle
// rounds with priority (PB-INITIATIVE, PB-ROLLOFF), the map's events (PB-BP-06, PB-BP-08, PB-BP-12),
// Seismic Shift (PB-REALM-SEISMIC), turns and phases (CORE-PHASES), the end of each turn (control, raids,
// destroyed objectives, scoring) and the end of the battle — with the scripted policy deciding every step.
import { cities6RoundStart } from "./cities6";
import { clearPhaseBits, FULL_THROTTLE, HEAT_USED, momentumRoundEnd, RESISTED, SPELL_RESISTED, useHeatAbilities } from "./common";
import { nextU32, roll, rngWord } from "../rng";
import { controlledBy, inPlay, objectiveWhollyWithin, objX, objY, refreshInPlay, refreshObjectiveTerritories, unitToMarker, updateControl } from "./board";
import { endOfTurnMoves, enemyCombatMoves, enemyMovementMoves, ownMovementMoves } from "./moves5";
import { castMetamorphosis, charge, currentFightPicker, fight, IGNORED_FIRST, inCombat, moveUnit, shoot } from "./actions";
import { clearFightNext } from "./fight-order";
import { STEP, US } from "./layout";
import {
  chargeOrder, combatOrder, decKind, decObj0, decObj1, decRun, decTarget, decUnit, decUnit1, decUnit2, destroyPick, heroOrder, movementOrder,
  predatorPick, shootingOrder, tacticPicks, TO_OBJECTIVE, chargeCursor, anchorsClock,
} from "./policy";
import { finishBattle, scoreTurn } from "./score";
import { clearEffectPhase, setSpellsCast } from "./effects";
import { castSpell, spCaster, spellOrder, spFirst, spTarget, spTargets } from "./warscroll-spells";
import { useCombatAbilities, useStepAbilities } from "./combat-abilities";
import { useEndOfTurnHealing, useHeroHealing, useStartOfTurnHealing } from "./healing";
import { useRitualGains } from "./magic5";
import { useCastingTurns, usePowerTurns } from "./magic6";
import { useMarks } from "./objective4";
import { useOvergrow } from "./sylvaneth6";
import { useChargeMarks } from "./passive6";
import { clearTurnKills, useKillMarks } from "./kills5";
import { useHashutTurnStart } from "./hashut6";
import { useChargeReactions, useHeroChargeAfter } from "./moves";
import { applySetUp, clearAbilityPhase, destroyReserves, setUpKind, setUpOrder, setUpTarget, setUpUnit } from "./reserves";
import { feralRoarPick, generalGeneratesCommandPoints, hasFeralRoarTargets } from "./commands";
import { banish, castSummon, M_BANISH, M_SUMMON, manifestOrder, mCaster, mTarget, resetManifestPhase } from "./manifest";
import { cp0, cp1, feralRoarUsed0, feralRoarUsed1, hist, nHistory, pendingVantage, playerOf, setPreySlain, sVantage } from "./state";
import { setEfMask, setSt2, setUd, UD, UM } from "./state";
import { traitsCombatStep, traitsPhaseEnd, traitsPhaseStart, traitsRoundStart, traitsTurnStart } from "./traits";
import {
  active, attacker, deployed, deployedFirst, fightPicker, nObjectives, nUnits, OD, od, OI, oi, owner, pendingAlpha, pendingDestroyed, pendingRaid,
  pendingSeismic, planAlpha, planVantage, raidsFrom, destroyFrom, round, sAlpha, setOd, setOi, setSt, setUi, sFirst, sGloriousWinner, sideOf,
  sRemoved, sRound, st, step, stepPlayer, sTurns, spellMetamorphosis, tactic, tacticObj0, tacticObj1, tacticOppControlled, tacticUnit0, tacticUnit1,
  tacticUnit2, turn, UI, ui, ux, uy, stF, touchObjectives, deployedMask, deployedOf, spellDirty, bitOf,
} from "./state";

const PREDATORS = STEP.PREDATORS;
const PRIORITY_ROLL = STEP.PRIORITY_ROLL;
const FIRST_TURN = STEP.FIRST_TURN;
const SEISMIC = STEP.SEISMIC_SHIFT;
const VANTAGE = STEP.VANTAGE_POINT;
const BATTLE_TACTIC = STEP.BATTLE_TACTIC;
const HERO = STEP.HERO;
const MOVEMENT = STEP.MOVEMENT;
const SHOOTING = STEP.SHOOTING;
const CHARGE = STEP.CHARGE;
const COMBAT = STEP.COMBAT;
const RAID = STEP.RAID;
const DESTROY = STEP.DESTROY_OBJECTIVE;
const OVER = STEP.OVER;
const FERAL_ROAR = STEP.FERAL_ROAR;

// ---- battle rounds ---------------------------------------------------------------------------------------

/** round.ts startRound: the round's dice are rolled now (the alpha D3, the Veins' 2D6). */
function startRound(): void {
  round++;
  traitsRoundStart(); // factions.ts Immortal Elite: last round's points lost, this round's gained (traits.ts)
  refreshInPlay();
  // CORE-RESERVES: units still in reserve at the start of the fourth battle round are destroyed.
  destroyReserves();
  cities6RoundStart(); // cities6.ts: last round's orders go, then the Cities of Sigmar's Form Up (no dice)
  turn = 0;
  // CORE-CP: start-of-round command points (round.ts): 1 from each army's general while it lives, after the
  // reserves go.
  if (generalGeneratesCommandPoints(0)) cp0++;
  if (generalGeneratesCommandPoints(1)) cp1++;
  pendingVantage = -1;
  pendingAlpha = 0;
  pendingSeismic = -1;
  pendingRaid = -1;
  pendingDestroyed = 0;
  for (let o = 0; o < nObjectives; o++) setOi(o, OI.PENDING_VEINS, 0);
  if (planAlpha) pendingAlpha = roll(3);
  for (let o = 0; o < nObjectives; o++)
    if (oi(o, OI.REMOVED_ROUND) != round && oi(o, OI.SET_UP) == round && round > 1 && oi(o, OI.VEINS) != 0) setOi(o, OI.PENDING_VEINS, roll(6) + roll(6));
  if (round == 1) {
    step = FIRST_TURN;
    stepPlayer = deployedFirst >= 0 ? deployedFirst : attacker;
  } else step = PRIORITY_ROLL;
}

/** round.ts objectivesThisRound: on the battlefield once this round's map events happen. */
function onBattlefieldThisRound(o: i32): bool {
  if (oi(o, OI.IN_MAP + round - 1) == 0 || (sRemoved & (1 << o)) != 0) return false;
  return oi(o, OI.VEINS) == 0 || oi(o, OI.PLACED) != 0 || oi(o, OI.PENDING_VEINS) != 0;
}

function afterPriority(): void {
  const second = 1 - active;
  let seismic = false;
  if (round == 3) for (let o = 0; o < nObjectives; o++) if (onBattlefieldThisRound(o) && oi(o, OI.PRIME) == 0) seismic = true;
  if (seismic) {
    step = SEISMIC;
    stepPlayer = second;
  } else afterSeismic();
}

function afterSeismic(): void {
  if (planVantage) {
    // PB-BP-03: the vantage point gives a command point next round (Feral Roar spends them).
    step = VANTAGE;
    stepPlayer = 1 - active;
  } else finishRoundStart();
}

/** round.ts finishRoundStart: the scoring fold's startRound (Veins placed, alpha, Seismic Shift), then the first turn. */
function finishRoundStart(): void {
  // PB-BP-03 (scoring/round.ts startRound): last round's vantage point gives a command point to each side
  // controlling it in the last snapshot of control, before this round's pick replaces it.
  if (planVantage && sVantage >= 0 && nHistory > 0) {
    for (let side = 0; side < 2; side++) {
      if ((hist(nHistory - 1, 2 + side) & (1 << sVantage)) == 0) continue;
      if (playerOf(side) == 0) cp0++;
      else cp1++;
    }
  }
  sVantage = pendingVantage;
  sRound = round;
  sFirst = sideOf(active);
  sTurns = 0;
  sAlpha = planAlpha ? pendingAlpha : 0;
  for (let o = 0; o < nObjectives; o++) {
    const r = oi(o, OI.PENDING_VEINS);
    if (r == 0) continue;
    setOi(o, OI.PLACED, 1);
    setOd(o, OD.PLACED_X, od(o, OD.VEINS_AT + 2 * (r - 2)));
    setOd(o, OD.PLACED_Y, od(o, OD.VEINS_AT + 2 * (r - 2) + 1));
  }
  if (pendingSeismic >= 0) sRemoved |= 1 << pendingSeismic;
  refreshObjectiveTerritories();
  touchObjectives();
  // Objectives that left the battlefield lose their controller.
  for (let o = 0; o < nObjectives; o++) if (!inPlay(o)) setOi(o, OI.CONTROL, -1);
  beginTurn(active);
}

// ---- turns and phases ------------------------------------------------------------------------------------

const TURN_FLAGS: i32 = US.MOVED | US.RAN | US.RETREATED | US.CHARGED | US.CHARGE_TRIED | US.SHOT | US.FOUGHT | US.IN_COMBAT_AT_START | US.STRIKE_FIRST_TURN | US.SLEW_TURN | US.CHARGE_AFTER_TURN | US.STRIKE_LAST_TURN |
  US.DISCIPLINE_USED | US.IMPASSIVE_RETREAT | US.FINEST_HOUR | US.RAMPAGE | US.GARGANT_CHARGE_TARGET | US.UNERRING | // traits.ts traitsTurnStart
  US.ARRIVED; // reserves.ts arrive

function resetSpells(): void {
  spellMetamorphosis = false;
  setSpellsCast(0); // warscroll spells (warscroll-spells.ts)
  // Only the units whose bookkeeping may have changed since the last reset (state.ts spellDirty).
  const units = spellDirty & (nUnits >= 64 ? ~(<u64>0) : bitOf(nUnits) - 1);
  spellDirty = 0;
  resetManifestPhase(units); // CORE-BANISH: summons, prayers and banishment picks are per phase
  for (let m = units; m != 0; m &= m - 1) {
    const u = <i32>ctz<u64>(m);
    setUi(u, UI.CASTS, 0);
    setUi(u, UI.BLOCKED, 0);
  }
}

/** turn.ts beginTurn: PB-REALM-METAMORPHOSIS lasts until its controller's next hero phase. */
function beginTurn(player: i32): void {
  active = player;
  tactic = -1;
  for (let u = 0; u < nUnits; u++) {
    setSt(u, TURN_FLAGS, false);
    setEfMask(u, UM.EF_TURN, 0); // the effect language's for-the-turn modifiers (turn.ts removeTurnTokens)
    setSt2(u, RESISTED | FULL_THROTTLE | HEAT_USED | SPELL_RESISTED | IGNORED_FIRST, false); // ignore-first.ts's token; and common.ts's for-the-turn tokens (a resistance roll, Full Throttle, a heat-token ability used, a spell reaction)
    setEfMask(u, player == 0 ? UM.SPELL_UNTIL0 : UM.SPELL_UNTIL1, 0); // a spell's "until the start of your next turn" (turn.ts removeUntilTokens)
    if (owner(u) == player) setSt(u, US.METAMORPHOSIS, false);
    setUi(u, UI.FIGHT_TWICE, 0); // timing2.ts: fighting twice is for the phase (turn.ts: its for-the-turn tokens)
    setUd(u, UD.PASSED, 0); // move3.ts: the units passed across this turn (turn.ts: its for-the-turn tokens)
    setUi(u, UI.CHARGE_ROLL, 0); // move3.ts: the charge roll this turn
    clearTurnKills(u); // kills5.ts: this turn's kills
  }
  traitsTurnStart(); // the bundled battle traits' turn (traits.ts)
  resetSpells();
  feralRoarUsed0 = false;
  feralRoarUsed1 = false;
  clearAbilityPhase(); // CORE-CP: commands once per phase (replacement abilities)
  clearEffectPhase(); // once-per-phase abilities (effects.ts)
  setPreySlain(0); // PB-REALM-PREY: MONSTER models slain this turn
  useHashutTurnStart(); // hashut6.ts: desolation tokens and daemonic power points, before the start-of-turn healing
  useStartOfTurnHealing(); // "Start of Any Turn" healing (healing.ts), before the hero phase and its tactic pick
  // "Start of Any Turn" declared abilities (turn.ts; damage.ts), after that healing, the active player's first.
  useStepAbilities(player, 6);
  useStepAbilities(1 - player, 6);
  // "[Once Per Battle, ]Your Hero Phase: Add 1 to this unit's power level for the rest of the turn" (turn.ts, magic6.ts).
  usePowerTurns(player);
  useCastingTurns(player); // magic6.ts: a casting bonus for a while on a picked friendly WIZARD, after them
  step = tacticPicks(player, false) > 0 ? BATTLE_TACTIC : HERO;
  stepPlayer = player;
}

/** turn.ts nextPhase. */
function nextPhase(): void {
  const kind = step == BATTLE_TACTIC ? HERO : step;
  // Declared abilities of the hero, shooting and charge phases (turn.ts), the active player's then the opponent's.
  // Moves in the enemy's movement phase (moves5.ts), at its end, before the phase's declared step.
  // Moves of units its own abilities pick (moves5.ts: Guided by Lightning), first.
  if (kind == MOVEMENT) ownMovementMoves();
  if (kind == MOVEMENT) enemyMovementMoves();
  if (kind == HERO || kind == SHOOTING || kind == CHARGE || kind == MOVEMENT) {
    const phase = kind == HERO ? 3 : kind == SHOOTING ? 2 : kind == CHARGE ? 1 : 5; // STEP_PHASES
    useStepAbilities(active, phase);
    useStepAbilities(1 - active, phase);
  }
  // Effects for a while (turn.ts, status.ts): the shooting phase's at its start, right after the movement phase's step.
  if (kind == MOVEMENT) {
    useStepAbilities(active, 7);
    useStepAbilities(1 - active, 7);
  }
  // A charge phase's charge-roll modifiers for a while (turn.ts, declared2.ts) at its start, right after the shooting phase's step.
  if (kind == SHOOTING) {
    useStepAbilities(active, 8);
    useStepAbilities(1 - active, 8);
  }
  // "Your Hero Phase" healing and returning abilities, after spells and replacements (healing.ts).
  if (kind == HERO) useHeroHealing(active);
  // "Enemy | Your Hero Phase: Give this unit D3 ritual points" (turn.ts, magic5.ts), after them.
  if (kind == HERO) useRitualGains();
  // "Your Hero Phase: for the rest of the turn, ... even if it used a RUN or RETREAT ability" (moves.ts), after them.
  if (kind == HERO) useHeroChargeAfter(active);
  // A Cogfort's heat-token ability and Overheating (common.ts), after them.
  if (kind == HERO) useHeatAbilities(active);
  // Marks for the rest of the battle (turn.ts, objective4.ts: Oath of Conquest), after them.
  if (kind == HERO) useMarks(active);
  // Overgrown tokens given by units (turn.ts, sylvaneth6.ts: Verdian Crown), after them.
  if (kind == HERO) useOvergrow(active);
  // "Any Charge Phase" abilities on a unit that charged (moves.ts: Brace for Impact), at the end of the phase.
  if (kind == CHARGE) useChargeReactions(active);
  // Marks for the rest of the battle put at the end of a charge phase (turn.ts, passive6.ts), after them.
  if (kind == CHARGE) useChargeMarks(active);
  // The bundled battle traits at the phase's end (traits.ts: Their Finest Hour, ...), then "this phase" is over.
  traitsPhaseEnd(kind == HERO ? 0 : kind == CHARGE ? 1 : 2);
  // CORE-CP: once per phase; PB-REALM-FERAL-ROAR lasts until the end of the combat phase.
  feralRoarUsed0 = false;
  feralRoarUsed1 = false;
  clearAbilityPhase();
  clearEffectPhase();
  clearPhaseBits(); // common.ts: a spell reaction's "once per phase"
  for (let u = 0; u < nUnits; u++) setSt2(u, IGNORED_FIRST, false); // ignore-first.ts clearIgnoredFirst
  if (kind == COMBAT) for (let u = 0; u < nUnits; u++) setSt(u, US.FERAL_ROAR, false);
  if (kind == COMBAT) clearFightNext(); // fight-order.ts: used at once, never left over
  if (kind >= HERO && kind < COMBAT) {
    const next = kind + 1;
    if (next == COMBAT) {
      for (let m = deployedMask; m != 0; m &= m - 1) {
        const u = <i32>ctz<u64>(m);
        setSt(u, US.IN_COMBAT_AT_START, inCombat(u));
      }
      fightPicker = active;
    }
    resetSpells();
    chargeCursor = 0;
    step = next;
    stepPlayer = active;
    traitsPhaseStart(next == MOVEMENT); // the bundled battle traits at the phase's start (traits.ts: Muster Guard)
    if (next == COMBAT) enemyCombatMoves(); // moves5.ts: the opponent's "Enemy Combat Phase" moves, at its start
    if (next == COMBAT) startCombatPhase();
    return;
  }
  endOfTurn();
}

/** feral-roar.ts startCombatPhase: the active player's Feral Roar decision, else the opponent's, else the fights. */
function startCombatPhase(): void {
  if (hasFeralRoarTargets(active)) {
    step = FERAL_ROAR;
    stepPlayer = active;
  } else afterFeralRoar(active);
}

function afterFeralRoar(player: i32): void {
  if (player == active && hasFeralRoarTargets(1 - active)) {
    step = FERAL_ROAR;
    stepPlayer = 1 - active;
  } else {
    // CORE-FIGHT-ORDER: the other non-FIGHT combat-phase abilities, the active player's then the opponent's.
    // Each army's bundled battle traits after its other abilities (traits.ts: Feeding Frenzy, RAMPAGE, Unerring Hunters).
    useCombatAbilities(active);
    traitsCombatStep(active);
    useCombatAbilities(1 - active);
    traitsCombatStep(1 - active);
    step = COMBAT;
    stepPlayer = active;
  }
}

/** round.ts vantageChoices with the policy's pick: the first objective the picker controls, else the first. */
function vantagePick(me: i32): i32 {
  let first = -1;
  for (let o = 0; o < nObjectives; o++) {
    if (!onBattlefieldThisRound(o) || o == pendingSeismic) continue;
    if (first < 0) first = o;
    if (oi(o, OI.CONTROL) == me) return o;
  }
  return first;
}

/** PB-BP-10: controlled, wholly within enemy territory, within 1" of a friendly unit (mask). */
function raidOptions(): i32 {
  if (raidsFrom == 0 || round < raidsFrom) return 0;
  let m = 0;
  for (let o = 0; o < nObjectives; o++) {
    if (!inPlay(o) || oi(o, OI.CONTROL) != active) continue;
    if (!objectiveWhollyWithin(1 - active, o)) continue;
    for (let q = deployedOf(active); q != 0; q &= q - 1)
      if (unitToMarker(<i32>ctz<u64>(q), o) <= 1) {
        m |= 1 << o;
        break;
      }
  }
  return m;
}

/** PB-BP-11: controlled objectives not destroyed yet this turn (mask). */
function destroyOptions(): i32 {
  if (destroyFrom == 0 || round < destroyFrom) return 0;
  return controlledBy(active) & ~pendingDestroyed;
}

function endOfTurn(): void {
  endOfTurnMoves(); // "End of Any Turn" moves (moves5.ts), the active player's then the opponent's
  // "End of Any Turn" declared abilities (turn.ts), the active player's then the opponent's, before healing.
  useStepAbilities(active, 4);
  useStepAbilities(1 - active, 4);
  useEndOfTurnHealing(); // "End of Any Turn" abilities (healing.ts), before control
  useKillMarks(active); // kills5.ts: marks for the rest of the battle, after the healing
  updateControl();
  if (raidOptions() != 0) {
    step = RAID;
    stepPlayer = active;
  } else afterRaid();
}

function afterRaid(): void {
  if (destroyOptions() != 0) {
    step = DESTROY;
    stepPlayer = active;
  } else scoreAndContinue();
}

function scoreAndContinue(): void {
  scoreTurn();
  refreshInPlay();
  if (sGloriousWinner >= 0 || (sRound == 5 && sTurns == 2)) {
    finishBattle();
    step = OVER;
    return;
  }
  if (turn == 0) {
    turn = 1;
    beginTurn(1 - active);
  } else {
    momentumRoundEnd(); // common.ts: "At the end of each battle round, subtract 1 from its momentum points"
    startRound();
  }
}

/** flow.ts settle: steps that need no decision move on by themselves. */
function settle(): void {
  for (let guard = 0; guard < 10000; guard++) {
    if (step == COMBAT) {
      const p = currentFightPicker(fightPicker);
      if (p < 0) {
        nextPhase();
        continue;
      }
      stepPlayer = p;
      return;
    }
    if (step == PREDATORS && predatorPick(stepPlayer) < 0) {
      if (stepPlayer == attacker) stepPlayer = 1 - stepPlayer;
      else startRound();
      continue;
    }
    return;
  }
}

// ---- the play loop ---------------------------------------------------------------------------------------

/** Decisions taken by the policy (and roll-offs) in the last rollout. */
export let decisions: i32 = 0;
/** f64 per decision in a trace. */
export const TRACE: i32 = 7;
let trace: usize = 0;
let traceCap: i32 = 0;

export function setTrace(buf: usize, cap: i32): void {
  trace = buf;
  traceCap = cap;
}

function traced(a: i32, b: i32, c: i32): void {
  if (decisions >= traceCap) return;
  const p = trace + (<usize>(decisions * TRACE) << 3);
  stF(p, 0, <f64>step);
  stF(p, 1, <f64>stepPlayer);
  stF(p, 2, <f64>a);
  stF(p, 3, <f64>b);
  stF(p, 4, <f64>c);
  stF(p, 5, <f64>rngWord(0));
  // A fingerprint of the units (positions, models, damage, flags) to find where two runs part.
  let h: f64 = 0;
  for (let u = 0; u < nUnits; u++)
    h += ux(u) * <f64>(u + 1) + uy(u) * <f64>(u + 7) + <f64>(ui(u, UI.MODELS) * 3 + ui(u, UI.DAMAGE) * 5 + ui(u, UI.STATE) * 11 + ui(u, UI.STATUS) * 13);
  stF(p, 6, h);
}

/** Plays the loaded battle to its end; returns 0, or 3 if it did not end within the decision limit. */
export function play(): i32 {
  decisions = 0;
  chargeCursor = 0;
  anchorsClock = -1;
  refreshObjectiveTerritories();
  settle();
  while (step != OVER) {
    if (decisions >= 100000) return 3;
    const me = stepPlayer;
    switch (step) {
      case PREDATORS: {
        const u = predatorPick(me);
        if (trace != 0) traced(u, 0, 0);
        setSt(u, US.PREDATOR, true);
        let picked = 0;
        let standing = 0;
        for (let x = 0; x < nUnits; x++) {
          if (owner(x) != me) continue;
          if (st(x, US.PREDATOR)) picked++;
          if (deployed(x)) standing++;
        }
        if (picked >= 3 || standing == picked) {
          if (me == attacker) stepPlayer = 1 - me;
          else startRound();
        }
        break;
      }
      case PRIORITY_ROLL: {
        // PB-ROLLOFF: planner/agents.ts sampleChance over two outcomes of 1/2, from the battle's stream.
        const before = rngWord(0);
        const winner = nextU32() < 0x80000000 ? 0 : 1;
        if (trace != 0 && decisions < traceCap) {
          stepPlayer = 0;
          traced(winner, 0, 0);
          stF(trace + (<usize>(decisions * TRACE) << 3), 5, <f64>before);
        }
        step = FIRST_TURN;
        stepPlayer = winner;
        break;
      }
      case FIRST_TURN:
        if (trace != 0) traced(me, 0, 0);
        active = me;
        afterPriority();
        break;
      case SEISMIC: {
        let pick = -1;
        for (let o = 0; o < nObjectives; o++)
          if (onBattlefieldThisRound(o) && oi(o, OI.PRIME) == 0 && oi(o, OI.CONTROL) == 1 - me) {
            pick = o;
            break;
          }
        if (trace != 0) traced(pick, 0, 0);
        pendingSeismic = pick;
        afterSeismic();
        break;
      }
      case VANTAGE:
        if (trace != 0) traced(-2, 0, 0);
        pendingVantage = vantagePick(me);
        finishRoundStart();
        break;
      case FERAL_ROAR: {
        // PB-REALM-FERAL-ROAR (policy.ts): on the first battle-damaged MONSTER in combat, else none.
        const u = feralRoarPick(me);
        if (trace != 0) traced(u, 0, 0);
        if (u >= 0) {
          if (me == 0) {
            cp0--;
            feralRoarUsed0 = true;
          } else {
            cp1--;
            feralRoarUsed1 = true;
          }
          setSt(u, US.FERAL_ROAR, true);
        }
        afterFeralRoar(me);
        break;
      }
      case BATTLE_TACTIC:
        tacticPicks(me, true);
        tactic = decKind;
        tacticUnit0 = decUnit;
        tacticUnit1 = decUnit1;
        tacticUnit2 = decUnit2;
        tacticObj0 = decObj0;
        tacticObj1 = decObj1;
        tacticOppControlled = decKind == 1;
        if (trace != 0) traced(decKind, decUnit >= 0 ? decUnit : decObj0, decUnit1 >= 0 ? decUnit1 : decObj1);
        step = HERO;
        break;
      case HERO: {
        // CORE-REPLACEMENT first (policy.ts setUpOrder).
        if (setUpOrder(me, 0)) {
          if (trace != 0) traced(setUpUnit, setUpTarget, 4);
          applySetUp();
          break;
        }
        // CORE-BANISH (manifest.ts): Banish Manifestation, then a summon spell, then Metamorphosis.
        const m = manifestOrder(me);
        if (m == M_BANISH) {
          if (trace != 0) traced(mCaster, 2000 + mTarget, 0);
          banish(mCaster, mTarget);
          break;
        }
        if (m == M_SUMMON) {
          if (trace != 0) traced(mCaster, 1000 + mTarget, 0);
          castSummon(mCaster, mTarget);
          break;
        }
        // Warscroll spells (warscroll-spells.ts), before Metamorphosis.
        if (spellOrder(me)) {
          if (trace != 0) traced(spCaster, 3000 + spTarget, 0);
          castSpell(spCaster, spFirst, spTargets);
          break;
        }
        if (heroOrder(me)) {
          if (trace != 0) traced(decUnit, decTarget, 0);
          castMetamorphosis(decUnit, decTarget);
        } else {
          if (trace != 0) traced(-1, 0, 0);
          nextPhase();
        }
        break;
      }
      case MOVEMENT:
        if (setUpOrder(me, 1)) {
          // CORE-REPLACEMENT, CORE-RESERVES: a replacement, else an arrival from reserve (policy.ts setUpOrder).
          if (trace != 0) traced(setUpUnit, setUpTarget, setUpKind == 0 ? 4 : setUpKind == 1 ? 3 : 5);
          applySetUp();
        } else if (movementOrder(me)) {
          if (trace != 0) traced(decUnit, decKind * 100 + decTarget, decRun ? 1 : 0);
          const tx = decKind == TO_OBJECTIVE ? objX(decTarget) : ux(decTarget);
          const ty = decKind == TO_OBJECTIVE ? objY(decTarget) : uy(decTarget);
          moveUnit(decUnit, tx, ty, decRun);
        } else {
          if (trace != 0) traced(-1, 0, 0);
          nextPhase();
        }
        break;
      case SHOOTING:
        if (shootingOrder(me)) {
          if (trace != 0) traced(decUnit, decTarget, 0);
          shoot(decUnit, decTarget);
        } else {
          if (trace != 0) traced(-1, 0, 0);
          nextPhase();
        }
        break;
      case CHARGE:
        if (chargeOrder(me)) {
          if (trace != 0) traced(decUnit, decTarget, 0);
          charge(decUnit, decTarget);
        } else {
          if (trace != 0) traced(-1, 0, 0);
          nextPhase();
        }
        break;
      case COMBAT:
        if (!combatOrder(me)) return 4;
        if (trace != 0) traced(decUnit, decTarget, 0);
        fightPicker = fight(decUnit, decTarget, fightPicker);
        break;
      case RAID: {
        const options = raidOptions();
        const pick = options == 0 ? -1 : <i32>ctz<i32>(options);
        if (trace != 0) traced(pick, 0, 0);
        pendingRaid = pick;
        afterRaid();
        break;
      }
      case DESTROY: {
        const pick = destroyPick(me, destroyOptions());
        if (trace != 0) traced(pick, 0, 0);
        if (pick < 0) scoreAndContinue();
        else {
          pendingDestroyed |= 1 << pick;
          if (destroyOptions() == 0) scoreAndContinue();
        }
        break;
      }
      default:
        return 5;
    }
    decisions++;
    settle();
  }
  return 0;
}
