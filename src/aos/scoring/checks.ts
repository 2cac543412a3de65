/**
 * Checks that turn facts can be true on this battleplan at this moment: the objectives exist and are on the
 * battlefield, battle tactics follow PB-TACTIC-PICK, plan-specific facts belong to the plan. Each failure is
 * a RuleError naming the field (relative to the turn facts) and the rule.
 */
import { type Battleplan, inPlayByMap, notInPlayReason, type Objective, objectivePosition, objectiveWhollyWithin } from "../battleplans/index.js";
import { battleTactic } from "./catalog.js";
import { fail } from "./errors.js";
import { opponentOf, type ScoringState, type TurnFacts } from "./facts.js";

/** The objectives on the battlefield now: on the map this round and not removed during the battle. */
export function objectivesInPlay(plan: Battleplan, state: ScoringState): Objective[] {
  const removed = new Set(state.removed.map((r) => r.objective));
  return plan.objectives.filter((o) => inPlayByMap(o, state.round) && !removed.has(o.id));
}

/** Why `id` cannot be named as an objective on the battlefield now, or null. */
export function whyNotInPlay(plan: Battleplan, state: ScoringState, id: string): string | null {
  const o = plan.objectives.find((x) => x.id === id);
  if (!o) return `no objective "${id}" on ${plan.name} (objectives: ${plan.objectives.map((x) => x.id).join(", ")})`;
  const byMap = notInPlayReason(o, state.round);
  if (byMap) return `${id} is ${byMap}`;
  const r = state.removed.find((x) => x.objective === id);
  if (r) {
    const how = r.reason === "seismic-shift" ? "by Seismic Shift" : r.reason === "raid" ? `when the ${r.by} raided it` : `when the ${r.by} destroyed it`;
    return `${id} is no longer on the battlefield (removed in round ${r.round} ${how})`;
  }
  return null;
}

export function checkObjectiveList(plan: Battleplan, state: ScoringState, field: string, ids: readonly string[]): void {
  ids.forEach((id, i) => {
    const why = whyNotInPlay(plan, state, id);
    if (why) fail([field, i], why, plan.ruleId);
    if (ids.indexOf(id) !== i) fail([field, i], `${id} is listed twice`);
  });
}

export function checkControl(plan: Battleplan, state: ScoringState, facts: TurnFacts): void {
  checkObjectiveList(plan, state, "objectives", facts.objectives);
  checkObjectiveList(plan, state, "opponentObjectives", facts.opponentObjectives);
  facts.opponentObjectives.forEach((id, i) => {
    if (facts.objectives.includes(id)) fail(["opponentObjectives", i], `${id} is also in objectives: only one player controls an objective`);
  });
}

/** PB-TACTIC-PICK and the picks of PB-BT-02 / PB-BT-06. */
export function checkBattleTactic(plan: Battleplan, state: ScoringState, facts: TurnFacts): void {
  const t = facts.battleTactic;
  if (!t) return;
  const tactic = battleTactic(t.id);
  const earlier = state.battleTacticsPicked[facts.player].find((p) => p.id === t.id);
  if (earlier) fail(["battleTactic", "id"], `${tactic.name} was already picked by the ${facts.player} in round ${earlier.round}; no battle tactic can be picked twice in a battle`, "PB-TACTIC-PICK");
  if (t.bonus && !tactic.bonus) fail(["battleTactic", "bonus"], `${tactic.name} has no bonus victory point`, tactic.ruleId);
  if (t.bonus && !t.completed) fail(["battleTactic", "bonus"], `the bonus of ${tactic.name} needs the battle tactic completed`, tactic.ruleId);
  if (t.picks.length > 0 && t.picks.length !== tactic.pick.count) {
    fail(["battleTactic", "picks"], `${tactic.name} picks ${tactic.pick.count === 0 ? "nothing" : tactic.pick.text}, so ${tactic.pick.count} pick(s), not ${t.picks.length}`, tactic.ruleId);
  }
  t.picks.forEach((p, i) => {
    if (t.picks.indexOf(p) !== i) fail(["battleTactic", "picks", i], `"${p}" is picked twice; the picks must be different`, tactic.ruleId);
  });
  // Completion of an objective tactic is decided by what was picked: a completed one must say what (issue 17).
  if (tactic.pick.objectives && t.completed && t.picks.length === 0)
    fail(["battleTactic", "picks"], `${tactic.name} is completed by controlling what was picked: give picks (${tactic.pick.text}), or completed false`, tactic.ruleId);
  if (!tactic.pick.objectives || t.picks.length === 0) return;

  t.picks.forEach((id, i) => {
    const why = whyNotInPlay(plan, state, id);
    if (why) fail(["battleTactic", "picks", i], why, tactic.ruleId);
  });
  const path = ["battleTactic", "picks", 0] as const;
  if (t.id === "conquer") {
    // PB-BT-02: the opponent controls it when it is picked, i.e. as the previous turn ended.
    const previous = state.history.at(-1);
    const opponent = opponentOf(facts.player);
    if (previous && !previous.control[opponent].includes(t.picks[0]!)) {
      fail(path, `Conquer picks an objective your opponent controls; the ${opponent} did not control ${t.picks[0]} at the end of the previous turn`, tactic.ruleId);
    }
  }
  if (t.id === "aggressive-expansion") {
    t.picks.forEach((id, i) => {
      const at = objectivePosition(plan.objectives.find((o) => o.id === id)!, state.round, state.placed[id]);
      if (at && objectiveWhollyWithin(plan, state.territories[facts.player], at)) {
        fail(["battleTactic", "picks", i], `${id} is wholly within your territory; Aggressive Expansion picks objectives that are not`, tactic.ruleId);
      }
    });
  }
  // Completion is a fact of the record here: it is completed exactly when you control every pick.
  const controlsAll = t.picks.every((id) => facts.objectives.includes(id));
  if (controlsAll !== t.completed) {
    fail(
      ["battleTactic", "completed"],
      `${tactic.name} is completed exactly when you control ${t.picks.join(" and ")} at the end of the turn; objectives says you ${controlsAll ? "do" : "do not"}, so completed must be ${controlsAll}`,
      tactic.ruleId,
    );
  }
}

/** Facts that only some plans have: predators, raids, destroyed objectives. */
export function checkPlanFacts(plan: Battleplan, state: ScoringState, facts: TurnFacts): void {
  if (facts.predatorsDestroyed > 0) {
    if (!plan.predators) fail(["predatorsDestroyed"], `${plan.name} has no predator units (Survival of the Fittest only)`, "PB-BP-05");
    const total = state.predatorsDestroyed[facts.player] + facts.predatorsDestroyed;
    if (total > 3) fail(["predatorsDestroyed"], `the ${facts.player} would have destroyed ${total} enemy predator units; each player has only 3`, "PB-BP-05");
  }
  if (facts.raid !== null) {
    if (plan.raidsFromRound === undefined) fail(["raid"], `${plan.name} has no raids (Feral Foray only)`, "PB-BP-10");
    if (facts.round < plan.raidsFromRound) fail(["raid"], `raids start from battle round ${plan.raidsFromRound}, this is round ${facts.round}`, "PB-BP-10");
    const why = whyNotInPlay(plan, state, facts.raid);
    if (why) fail(["raid"], why, "PB-BP-10");
    if (!facts.objectives.includes(facts.raid)) fail(["raid"], `you can only raid an objective you control, and ${facts.raid} is not in objectives`, "PB-BP-10");
    const at = objectivePosition(plan.objectives.find((o) => o.id === facts.raid)!, state.round)!;
    if (!objectiveWhollyWithin(plan, state.territories[opponentOf(facts.player)], at)) {
      fail(["raid"], `${facts.raid} is not wholly within your opponent's territory (${state.territories[opponentOf(facts.player)]})`, "PB-BP-10");
    }
  }
  if (facts.destroyedObjectives.length > 0) {
    if (plan.destroyObjectivesFromRound === undefined) fail(["destroyedObjectives"], `${plan.name} has no destroying of objectives (Power in Numbers only)`, "PB-BP-11");
    if (facts.round < plan.destroyObjectivesFromRound) {
      fail(["destroyedObjectives"], `objectives can be destroyed from battle round ${plan.destroyObjectivesFromRound}, this is round ${facts.round}`, "PB-BP-11");
    }
    checkObjectiveList(plan, state, "destroyedObjectives", facts.destroyedObjectives);
    facts.destroyedObjectives.forEach((id, i) => {
      if (!facts.objectives.includes(id)) fail(["destroyedObjectives", i], `you can only destroy an objective you control, and ${id} is not in objectives`, "PB-BP-11");
    });
  }
}
