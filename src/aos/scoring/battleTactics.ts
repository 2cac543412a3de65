/**
 * PB-BT-01..08 as predicates over plain facts the engine computes from its state (geometry such as "within
 * 3\"" or "wholly within" arrives as booleans). Each returns whether the tactic is completed and whether its
 * bonus condition (1 additional VP) is met; a bonus is only ever met for a completed tactic.
 */
export interface TacticOutcome {
  completed: boolean;
  bonus: boolean;
}

export type TacticFacts =
  | { id: "broken-ranks"; target: { battleline: boolean; startingArmy: boolean }; destroyedThisTurn: boolean; destroyedByMonster: boolean }
  | { id: "conquer"; opponentControlledWhenPicked: boolean; youControlAtEndOfTurn: boolean }
  | { id: "slay-the-warlord"; enemyGeneralSlainThisTurn: boolean; slainByMonster: boolean }
  | { id: "ferocious-advance"; units: { ran: boolean; monster: boolean; startingArmy: boolean }[]; finishedWithin3OfEachOther: boolean }
  | { id: "bring-it-down"; target: { monster: boolean }; destroyedThisTurn: boolean; destroyedByMonster: boolean }
  | { id: "aggressive-expansion"; picks: { whollyWithinYourTerritory: boolean; youControlAtEndOfTurn: boolean }[] }
  | { id: "monstrous-takeover"; monster: { monster: boolean; startingArmy: boolean }; contesting: { youControl: boolean; enemyMonsterContesting: boolean }[] }
  | { id: "savage-spearhead"; unitsWhollyWithinEnemyTerritory: { startingArmy: boolean; monster: boolean }[] };

export function battleTacticOutcome(facts: TacticFacts): TacticOutcome {
  const done = (completed: boolean, bonus = false): TacticOutcome => ({ completed, bonus: completed && bonus });
  switch (facts.id) {
    case "broken-ranks": // PB-BT-01
      return done(facts.target.battleline && facts.target.startingArmy && facts.destroyedThisTurn, facts.destroyedByMonster);
    case "conquer": // PB-BT-02
      return done(facts.opponentControlledWhenPicked && facts.youControlAtEndOfTurn);
    case "slay-the-warlord": // PB-BT-03
      return done(facts.enemyGeneralSlainThisTurn, facts.slainByMonster);
    case "ferocious-advance": // PB-BT-04: 3 different starting-army units, all ran and ended within 3" of each other
      return done(
        facts.units.length === 3 && facts.units.every((u) => u.ran && u.startingArmy) && facts.finishedWithin3OfEachOther,
        facts.units.every((u) => u.monster),
      );
    case "bring-it-down": // PB-BT-05
      return done(facts.target.monster && facts.destroyedThisTurn, facts.destroyedByMonster);
    case "aggressive-expansion": // PB-BT-06
      return done(facts.picks.length === 2 && facts.picks.every((p) => !p.whollyWithinYourTerritory && p.youControlAtEndOfTurn));
    case "monstrous-takeover": // PB-BT-07
      return done(facts.monster.monster && facts.monster.startingArmy && facts.contesting.some((o) => o.youControl && !o.enemyMonsterContesting));
    case "savage-spearhead": { // PB-BT-08
      const ours = facts.unitsWhollyWithinEnemyTerritory.filter((u) => u.startingArmy);
      return done(ours.length >= 2, ours.filter((u) => u.monster).length >= 2);
    }
  }
}
