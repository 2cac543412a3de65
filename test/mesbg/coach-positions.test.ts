/**
 * The coach where the answer is knowable (issue 11), MESBG: positions entered by hand
 * (test/fixtures/positions/mesbg-*.json) whose best choice is worked out below, and the coach's FIRST choice
 * (`tactica coach`'s recommendation, src/mesbg/coach.ts: the search's most searched move where paired games to
 * the end confirm it against the scripted choice) asserted to be it — with, where the win probability is
 * exact, the coach's within a stated tolerance.
 *
 * Every position is the last turn (turn 8 of 8): the game ends at the End phase, won by a wipe-out (+1) or
 * else by the larger share of the starting strength (points x Wounds left) still on the board (scenario.ts;
 * the models a position leaves out were slain). Minas Tirith's force is 415 points, Mordor's 378. Each
 * position is built so that the best choice is the best both by the chance to win and by the game's return
 * (the search maximises the return: a wipe-out's ±1, else the share margin).
 *
 * A decision inside a fight (Might on a duel roll, Fate on a wound) is reached from the position with a
 * stated seed, the models' earlier choices made by the scripted player (it draws no dice: search.ts), and
 * the dice that led there checked in the log.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { Rng } from "../../src/core/rng.js";
import type { MesbgState } from "../../src/mesbg/game.js";
import { mesbgPolicy } from "../../src/mesbg/policy.js";
import { coachMesbg, type MesbgCoachMove } from "../../src/mesbg/coach.js";
import { mesbgPositionState } from "../../src/saves/mesbg-position.js";

const dir = join(import.meta.dirname, "../fixtures/positions");
let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const load = (file: string, seed = 1) => mesbgPositionState(JSON.parse(readFileSync(join(dir, file), "utf8")), seed, file);
const labels = (s: MesbgState) => s.legalActions(s.currentPlayer()).map((a) => s.actionToString(a));
/** Applies the option whose label contains `part`. */
function take(s: MesbgState, part: string): void {
  const p = s.currentPlayer();
  const a = s.legalActions(p).find((x) => s.actionToString(x).includes(part));
  if (a === undefined) throw new Error(`no option "${part}" in ${labels(s).join(" | ")}`);
  s.apply(a);
}
/** Plays the scripted player until a decision offers an option matching `re`. */
function playTo(s: MesbgState, re: RegExp): void {
  const rng = new Rng(0);
  for (let i = 0; i < 100; i++) {
    if (labels(s).some((l) => re.test(l))) return;
    s.apply(mesbgPolicy.act(s, s.currentPlayer(), rng));
  }
  throw new Error(`no decision offers ${re}`);
}
const log = (s: MesbgState) => (s.st.d.events as unknown[]).map(String).join("\n");
/** `tactica coach`'s moves (src/mesbg/coach.ts), its recommendation first: every searched one listed. */
const coach = (s: MesbgState, iterations = 400): { actions: MesbgCoachMove[] } => ({ actions: coachMesbg(core, s, { budget: { iterations }, top: 100, seed: 1 }).moves });
const statsOf = (r: { actions: MesbgCoachMove[] }, part: string) => r.actions.find((a) => a.label.includes(part));

describe("the coach's first choice on knowable MESBG positions", () => {
  it("[ME-MOVE] ahead on strength in the last turn: fall back out of the troll's reach", () => {
    // The Captain (2 Wounds, 50 pts: 12.0% of 415) at (20, 20), the Troll with 1 Wound left (100 pts x 1/3:
    // 8.8% of 378) at (20, 26); Minas Tirith has priority and moves first. Falling back 6" to (20, 14) leaves
    // 12" between centres, a gap of 12 - 0.49 - 1.18 = 10.3" > the Troll's Move 6: no fight, 12.0% > 8.8%, a
    // win: 100%. Staying or advancing lets the Troll charge (F7, 3 Attacks, S7 against D4): a risk for nothing.
    const s = load("mesbg-fall-back-from-the-troll.json");
    expect(coach(s).actions[0]!.label).toBe("Captain of Minas Tirith #0 activates");
    take(s, "Captain of Minas Tirith #0 activates");
    const r = coach(s);
    expect(r.actions[0]!.label).toBe('Captain of Minas Tirith #0 falls back 6.0"');
    expect(r.actions[0]!.winProbability).toBe(1);
  });

  it("[ME-SHOOT] the last enemy in range: shoot — 1/2 to hit (Shoot 4+), 1/6 to wound (S2 against D4): 1/12", () => {
    // The Archer (8 pts: 1.9%) against the Orc Captain with 1 Wound left (40 x 1/2: 5.3%), 12" apart, nothing
    // in the way: behind on strength, only a wipe-out wins. A hit on 4+ (1/2), the bow's S2 against D4 wounds
    // on 6 (1/6): 1/12 = 0.083. Not shooting: 0.
    const r = coach(load("mesbg-shoot-the-woundable-target.json"));
    expect(r.actions[0]!.label).toBe("Archer of Minas Tirith #0 shoots Orc Captain #1 with its bow");
    expect(Math.abs(r.actions[0]!.winProbability - 1 / 12)).toBeLessThan(0.06);
    expect(statsOf(r, "finishes shooting")!.winProbability).toBe(0);
  });

  it("[ME-SHOOT] the orc archer's shot at the last Captain: 1/3 to hit (Shoot 5+), 1/6 to wound: 1/18", () => {
    // Mordor's side this time: the Orc Archer (6 of 378: 1.6%) against Minas Tirith's Captain with 1 Wound (25 of
    // 415: 6.0%). Shoot 5+ (1/3), the orc bow's S2 against D4 on 6 (1/6): 1/18 = 0.056; not shooting: 0.
    const r = coach(load("mesbg-shoot-orc-bow.json"));
    expect(r.actions[0]!.label).toBe("Orc Archer #0 shoots Captain of Minas Tirith #1 with its orc bow");
    expect(Math.abs(r.actions[0]!.winProbability - 1 / 18)).toBeLessThan(0.05);
    expect(statsOf(r, "finishes shooting")!.winProbability).toBe(0);
  });

  it("[ME-CHARGE] behind on strength: the Knight charges the last enemy (only a wipe-out wins)", () => {
    // The Knight (15 of 415: 3.6%) against an Orc Champion that is its whole force (100%), 7" apart; the Knight's
    // Move 10 reaches it. Without a fight Minas Tirith loses at the turn cap; the charge (a cavalry charge: an
    // extra Attack, the lance) wins the duel about half the time and then needs one wound: by far the best
    // chance — about 46% against the Orc's own charge at best (it may charge a Knight that stays).
    const s = load("mesbg-charge-the-last-enemy.json");
    take(s, "Knight of Minas Tirith #0 activates");
    const r = coach(s);
    expect(r.actions[0]!.label).toBe('Knight of Minas Tirith #0 charges Orc Champion #1 (5.7")');
    expect(r.actions[0]!.winProbability).toBeGreaterThan(0.3);
    for (const a of r.actions.slice(1)) expect(a.winProbability).toBeLessThan(r.actions[0]!.winProbability - 0.15);
  });

  it("[ME-MIGHT] a duel lost by one: spend 1 Might to tie, then the tie's D6 (4+) and one wound of 2 strikes with 1 Might left: 3/8", () => {
    // The Captain (1 Wound: 25 of 415, 6.0%; Might 2) against the Orc Captain (2 Wounds: 40 of 378, 10.6%), in
    // base contact. One wound is enough: the Orc Captain at 1 Wound is 5.3% < 6.0%, a win at the turn cap.
    // Seed 1: the duel is 5,1 against 6,2. Spending 1 Might makes 6: a tie between equal Fight values (4 and 4),
    // won by Good on a D6 of 4+ (1/2, as the log says). Then 2 strikes, each wounding on 5+ as the log shows,
    // the Might point left lifting a 4: no wound only if both are 1-3, (1/2)² — so 1/2 · 3/4 = 3/8 = 0.375.
    // Spending none loses the duel: the Captain cannot wound (0).
    const s = load("mesbg-duel-might.json", 1);
    playTo(s, /spends 1 Might/);
    expect(log(s)).toMatch(/Duel: Captain of Minas Tirith #0 5,1 {2}vs {2}Orc Captain #1 6,2/);
    const r = coach(s);
    expect(r.actions[0]!.label).toBe("Captain of Minas Tirith #0 spends 1 Might to make its duel roll 6");
    expect(Math.abs(r.actions[0]!.winProbability - 3 / 8)).toBeLessThan(0.1);
    expect(statsOf(r, "spends no Might")!.winProbability).toBe(0);
  });

  it("[ME-MIGHT] a duel lost by two: spend both Might to tie, then the tie's D6 and one wound at 5+ with none left: 5/18", () => {
    // As above, seed 6: the duel is 4,2 against 3,6. Both Might points make 6; the tie is Good's on 4+ (1/2);
    // one of 2 strikes must wound on 5+ with no Might left: 1 - (2/3)² = 5/9. So 5/18 = 0.278; none: 0.
    const s = load("mesbg-duel-might-two.json", 6);
    playTo(s, /spends 2 Might/);
    expect(log(s)).toMatch(/Duel: Captain of Minas Tirith #0 4,2 {2}vs {2}Orc Captain #1 3,6/);
    const r = coach(s);
    expect(r.actions[0]!.label).toBe("Captain of Minas Tirith #0 spends 2 Might to make its duel roll 6");
    expect(Math.abs(r.actions[0]!.winProbability - 5 / 18)).toBeLessThan(0.1);
    expect(statsOf(r, "spends no Might")!.winProbability).toBe(0);
  });

  it("[ME-MIGHT] a strike that fell short by one: spend the last Might point to wound, and win (100%) rather than not (0)", () => {
    // As the first duel (seed 1), the Captain spent 1 Might and won the tie; its first strike rolled 3, its second
    // 4, short of the 5+ it needs. The Orc Captain wounded once is 5.3% < 6.0%: the Might point makes the 4 a 5
    // and wins at the turn cap (100%); no Might: no wound, 6.0% < 10.6%, lost (0).
    const s = load("mesbg-duel-might.json", 1);
    playTo(s, /spends 1 Might to make its duel roll/);
    take(s, "spends 1 Might to make its duel roll 6");
    playTo(s, /spends 1 Might to wound/);
    expect(log(s)).toMatch(/to wound Orc Captain #1: 3 \(needs 5\+\) — fails\n.*\n {4}to wound Orc Captain #1: 4 \(needs 5\+\) — fails/);
    const r = coach(s);
    expect(r.actions[0]!.label).toBe("Captain of Minas Tirith #0 spends 1 Might to wound");
    expect(r.actions[0]!.winProbability).toBe(1);
    expect(statsOf(r, "no Might")!.winProbability).toBe(0);
  });

  it("[ME-FATE] the last Wound of the last model: spend the Fate point (4+ to stop it) rather than be wiped out", () => {
    // The Captain (1 Wound, Fate 1) lost the duel to the Troll (seed 2) and is wounded: taking the wound slays
    // the last model of Minas Tirith — wiped out, a return of exactly -1. The Fate point stops it on 4+ (1/2), and
    // anything else is better than -1.
    const s = load("mesbg-spend-fate.json", 2);
    playTo(s, /spends a Fate point/);
    expect(log(s)).toMatch(/Mordor wins the duel/);
    const r = coach(s);
    expect(r.actions[0]!.label).toBe("Captain of Minas Tirith #0 spends a Fate point (of 1)");
    const took = statsOf(r, "takes the wound");
    expect(took === undefined || took.meanReturn === -1).toBe(true);
    expect(r.actions[0]!.meanReturn).toBeGreaterThan(-1);
  });

  it("[ME-FATE] Fate and Might: the Fate roll (4+, a 3 lifted by the Might point: 2/3) rather than the wound", () => {
    // As above with Might 1 as well (seed 2): the Fate roll succeeds on 4+, or on a 3 with the Might point
    // (ME-MIGHT lifts a failed Fate roll): 2/3 to stop the wound; taking it: wiped out, -1.
    const s = load("mesbg-spend-fate-and-might.json", 2);
    playTo(s, /spends a Fate point/);
    const r = coach(s);
    expect(r.actions[0]!.label).toBe("Captain of Minas Tirith #0 spends a Fate point (of 1)");
    const took = statsOf(r, "takes the wound");
    expect(took === undefined || took.meanReturn === -1).toBe(true);
  });

  it("[ME-FATE] a Fate roll of 3: spend the Might point to make it 4 and stop the wound, rather than be wiped out", () => {
    // As above (seed 2): the Fate roll is a 3, one short of 4+; ME-MIGHT lets a Might point lift it. Keeping the
    // Might: the wound stands, the last model is slain — wiped out, exactly -1. Spending it: the wound is stopped
    // (the Troll's other strikes may still come), anything but a sure -1.
    const s = load("mesbg-spend-fate-and-might.json", 2);
    playTo(s, /spends a Fate point/);
    take(s, "spends a Fate point");
    playTo(s, /spends 1 Might on the Fate roll/);
    expect(log(s)).toMatch(/spends Fate: rolls 3 — fails/);
    const r = coach(s);
    expect(r.actions[0]!.label).toBe("Captain of Minas Tirith #0 spends 1 Might on the Fate roll");
    expect(r.actions[0]!.meanReturn).toBeGreaterThan(-1);
    const kept = statsOf(r, "keeps its Might");
    expect(kept === undefined || kept.meanReturn === -1).toBe(true);
  });
});
