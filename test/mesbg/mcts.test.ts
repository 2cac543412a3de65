/**
 * The MESBG `mcts` agent (src/mesbg/search.ts): positions whose best choice is worked out by hand, where the
 * scripted player (the search's prior) is wrong in one and right in the other; determinism; a short game
 * against the scripted player; the leaves (kernel and TypeScript play the same cut-off die for die).
 */
import { describe, expect, it } from "vitest";
import { deriveSeed, Rng } from "../../src/core/rng.js";
import { loadCore } from "../../src/core/wasm.js";
import { playOut } from "../../src/planner/agents.js";
import { mesbgAgent } from "../../src/mesbg/agents.js";
import { encodeState } from "../../src/mesbg/encode.js";
import { mesbgGame, type MesbgState } from "../../src/mesbg/game.js";
import { deployedGame, playTs } from "../../src/mesbg/rollout.js";
import { playWasm } from "../../src/mesbg/rolloutWasm.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { coachMesbg, recommend } from "../../src/mesbg/coach.js";
import { reasonLine } from "../../src/cli/terminal/reasons.js";
import { loadGame } from "../../src/saves/load.js";
import { checkPasses, chooseFrom, comparePaired, DEFAULT_MIN_VISITS, DEFAULT_VERIFY, DEFAULT_VERIFY_BLOCK, encodedReturns, kernelEvaluator, mesbgMctsAgent, mesbgPrior, searchMesbg, tsEvaluator } from "../../src/mesbg/search.js";
import { evilHero, hero, orc, position, TOUCH, warrior } from "../support/mesbg.js";
import minasTirith from "../../data/mesbg/minas-tirith.json" with { type: "json" };
import mordor from "../../data/mesbg/mordor.json" with { type: "json" };

const core = await loadCore();
const label = (s: MesbgState, a: number) => s.actionToString(a);

/**
 * The last turn (maxTurns 1: the game is scored on what survives at its end). A Good warrior (F3 A1 S3 D4
 * W1) 4" from an Evil hero (F6 A3 S5 D5 W3, Might 2) that has already moved. Staying, any move, falling
 * back: no combat can happen, both forces stay whole, the return is exactly 0. Charging: the warrior's one
 * die must beat the best of three (a tie goes to Fight 6), the hero may add Might, and then three S5 strikes
 * at D4 kill it on 3+ — the return is strongly negative. The scripted player charges (its charge score,
 * -4.2, is above its "far stronger" cut-off of -6).
 */
function hopelessCharge(): MesbgState {
  const s = position({ w: warrior() }, { h: evilHero({ fight: 6, attacks: 3, strength: 5, defence: 5, wounds: 3 }) }, [
    { side: 0, profile: "w", x: 20, y: 20, name: "W" },
    { side: 1, profile: "h", x: 20, y: 24, name: "H", state: { activated: true } },
  ], { maxTurns: 1, record: false }, 3);
  s.apply(s.legalActions().find((a) => label(s, a) === "W activates")!);
  return s;
}

/**
 * The last turn's Fight phase: a Good hero (F4 A1 S3 D4 W2, Might 1, no Fate) rolled a 5 against an Orc's 6
 * (F3 A1 S3 D4 W1). With its Might the 5 becomes 6, the tie goes to Fight 4: the hero strikes once, 5+ to
 * wound, and the Orc's whole force dies 1/3 of the time — return 1 - 2/3 = 1/3. Without it the Orc strikes
 * once, 5+: the hero loses one of its two Wounds 1/3 of the time — return (1 - 1/3 · 1/2) - 1 = -1/6.
 */
function mightDecides(): MesbgState {
  return position({ h: hero({ fight: 4, might: 1, fate: 0, wounds: 2 }) }, { o: orc() }, [
    { side: 0, profile: "h", x: 10, y: 10, name: "H" },
    { side: 1, profile: "o", x: 10 + TOUCH, y: 10, name: "O" },
  ], { phase: "fight", maxTurns: 1, record: false }, [5, 6]);
}

describe("the MESBG mcts agent on positions with a known best choice", () => {
  it("[ME-CHARGE] does not throw a warrior at a hero that kills it, where the scripted player charges", () => {
    const s = hopelessCharge();
    const prior = mesbgPrior(s, 0);
    expect(label(s, prior)).toBe('W charges H (3.0")');
    const r = searchMesbg(s, { iterations: 200 }, 1, core);
    const charge = r.actions.find((a) => a.action === prior)!;
    expect(charge.visits).toBeGreaterThan(0);
    expect(charge.meanReturn).toBeLessThan(-0.5);
    // every other choice is exactly 0: nothing can fight, nothing is lost
    for (const a of r.actions) if (a.action !== prior) expect(a.meanReturn).toBe(0);
    expect(r.best).not.toBe(prior);
    const agent = mesbgMctsAgent({ iterations: 200 }, core);
    const played = agent.act(s, 0, new Rng(9));
    expect(label(s, played)).not.toMatch(/charges/);
    expect(s.legalActions()).toContain(played);
    // its note (the terminal's reason) carries the check that let the pick displace the scripted charge
    const c = agent.lastChoice!.check!;
    expect(c).toMatchObject({ proposed: label(s, played), passed: true });
    expect(c.meanDiff).toBeGreaterThan(c.se);
    expect(reasonLine(agent.lastChoice!)).toMatch(new RegExp(`; better than the scripted choice in ${c.pairs} paired games played to the end \\(return \\+\\d\\.\\d\\d ± \\d\\.\\d\\d a game\\)$`));
  });

  it("[ME-TURN] the terminal's reason of a checked decision: passed, not passed, and pairs that played out alike", () => {
    const note = { action: 1, winProbability: 0.25, winInterval: [0.1, 0.5] as [number, number], expectedVpDiff: null, visits: 12, iterations: 20, then: [] };
    expect(reasonLine(note)).toBe("25% to win [10%, 50%] — by its search, 12 of 20 iterations");
    expect(reasonLine({ ...note, check: { proposed: "A stays", pairs: 64, meanDiff: 0.125, se: 0.05, passed: true } })).toBe(
      "25% to win [10%, 50%] — by its search, 12 of 20 iterations; better than the scripted choice in 64 paired games played to the end (return +0.13 ± 0.05 a game)",
    );
    expect(reasonLine({ ...note, check: { proposed: "A stays", pairs: 16, meanDiff: -0.5, se: 0.25, passed: false } })).toBe(
      '25% to win [10%, 50%] — by its search, 12 of 20 iterations; the scripted choice: the search\'s pick, "A stays", was not better in 16 paired games played to the end (return −0.50 ± 0.25 a game)',
    );
    expect(reasonLine({ ...note, check: { proposed: "A stays", pairs: 16, meanDiff: -0.004, se: 0.04, passed: false } })).toMatch(/\(return \+0\.00 ± 0\.04 a game\)$/);
    expect(reasonLine({ ...note, check: { proposed: "A stays", pairs: 16, meanDiff: 0, se: 0, passed: false } })).toMatch(/was not better in 16 paired games played to the end \(they played out the same\)$/);
  });

  it("[ME-MIGHT] spends the Might that wins the duel: values within sampling error of 1/3 and -1/6", () => {
    const s = mightDecides();
    const acts = s.legalActions().map((a) => label(s, a));
    expect(acts).toEqual(["Gondor spends no Might", "H spends 1 Might to make its duel roll 6"]);
    // margin 0 and the search's own ranking: the Might is chosen on its statistics, not as the prior
    const r = searchMesbg(s, { iterations: 200 }, 2, core, { margin: 0 });
    expect(r.actions[0]!.label).toBe("H spends 1 Might to make its duel roll 6");
    const might = r.actions[0]!;
    const pass = r.actions[1]!;
    expect(Math.abs(might.meanReturn - 1 / 3)).toBeLessThan(4 * 0.48 / Math.sqrt(might.visits));
    expect(Math.abs(pass.meanReturn - -1 / 6)).toBeLessThan(Math.max(0.25, 4 * 0.24 / Math.sqrt(pass.visits)));
    expect(label(s, mesbgMctsAgent({ iterations: 200 }, core, { margin: 0 }).act(s, 0, new Rng(3)))).toBe("H spends 1 Might to make its duel roll 6");
  });
});

describe("the check of a proposal by paired rollouts to the end (comparePaired)", () => {
  const find = (s: MesbgState, text: string) => s.legalActions().find((a) => label(s, a) === text)!;

  it("[ME-MIGHT] spending the Might against keeping it: a paired difference within sampling error of 1/3 - (-1/6) = 1/2", () => {
    const s = mightDecides();
    const spend = find(s, "H spends 1 Might to make its duel roll 6");
    const keep = find(s, "Gondor spends no Might");
    const d = comparePaired(s, 0, spend, keep, 400, 5, core);
    expect(d.n).toBe(400);
    // each game's return is 1 or 0 after the Might, -1/2 or 0 without: the difference's sd is at most 1
    expect(d.se).toBeLessThan(0.05);
    expect(Math.abs(d.mean - 1 / 2)).toBeLessThan(4 * d.se);
    expect(d.se).toBeGreaterThan(0.01);
    // the same pairs without the kernel (TypeScript plays the same games die for die), and the other way round
    const ts = comparePaired(s, 0, spend, keep, 40, 5, null);
    expect(ts).toEqual(comparePaired(s, 0, spend, keep, 40, 5, core));
    const back = comparePaired(s, 0, keep, spend, 40, 5, core);
    expect(back.mean).toBeCloseTo(-ts.mean, 12);
    expect(s.legalActions().length).toBe(2); // the state is not changed
    // the game's own dice stream is not read: the check cannot see the dice the game is about to roll
    const other = s.clone();
    other.reseed(99);
    expect(comparePaired(other, 0, spend, keep, 40, 5, core)).toEqual(ts);
  });

  it("[ME-CHARGE] two choices that cannot change the result differ by exactly 0 (se 0): the scripted choice stays", () => {
    const s = hopelessCharge();
    const acts = s.legalActions();
    const quiet = acts.filter((a) => !/charges/.test(label(s, a)));
    expect(quiet.length).toBeGreaterThan(1);
    const d = comparePaired(s, 0, quiet[0]!, quiet[1]!, 16, 3, core);
    expect(d).toEqual({ mean: 0, se: 0, n: 16 });
    // checked in blocks of 16 (the agent's default), a difference that is not ahead after a block ends it there
    expect(comparePaired(s, 0, quiet[0]!, quiet[1]!, 64, 3, core, 16)).toEqual({ mean: 0, se: 0, n: 16 });
    expect(comparePaired(s, 0, mesbgPrior(s, 0), quiet[0]!, 64, 3, core, 16).n).toBe(16);
    // and the charge the scripted player would make loses to staying in every pair in which the warrior dies
    const stay = comparePaired(s, 0, quiet[0]!, mesbgPrior(s, 0), 64, 3, core);
    expect(stay.mean).toBeGreaterThan(0.5);
    // ahead after every block: all 64 pairs are played, the same as without blocks
    expect(comparePaired(s, 0, quiet[0]!, mesbgPrior(s, 0), 64, 3, core, 16)).toEqual(stay);
  });
});

describe("determinism and the choice rule", () => {
  /** A root edge whose searches returned `values`. */
  const edge = (action: number, values: number[]) => ({
    action, visits: values.length, available: values.length, sum: values.reduce((x, y) => x + y, 0), sumSq: values.reduce((x, y) => x + y * y, 0),
    wins: 0, draws: 0, vpVisits: 0, vpSum: 0, vpSumSq: 0,
  });

  it("[ME-CHARGE] the same seed and iteration budget give the same statistics and the same choice", () => {
    const s = hopelessCharge();
    const a = searchMesbg(s, { iterations: 60 }, 11, core);
    const b = searchMesbg(s, { iterations: 60 }, 11, core);
    expect(b.actions).toEqual(a.actions);
    const agent = mesbgMctsAgent({ iterations: 60 }, core);
    expect(agent.act(s, 0, new Rng(4))).toBe(agent.act(s, 0, new Rng(4)));
  });

  it("[ME-CHARGE] one iteration plays the scripted player's choice (the prior is expanded first)", () => {
    const s = hopelessCharge();
    expect(mesbgMctsAgent({ iterations: 1 }, core).act(s, 0, new Rng(1))).toBe(mesbgPrior(s, 0));
  });

  it("[ME-MIGHT] chooseFrom keeps the prior unless the most visited action beats it by the margin", () => {
    // action 7: four returns 1, 0, 1, 0; the prior (3): three returns 0 (mean 0, SE 0)
    const noisy = [edge(7, [1, 0, 1, 0]), edge(3, [0, 0, 0])];
    // mean 0.5, sample sd 0.577, SE 0.289: beats 0 by 1.73 SE
    expect(chooseFrom(noisy, 3, 1, 2)).toBe(7);
    expect(chooseFrom(noisy, 3, 2, 2)).toBe(3);
    expect(chooseFrom(noisy, 3, 0)).toBe(7);
    // seen once: no variance estimate, the prior stays
    expect(chooseFrom([edge(7, [1, 1]), edge(3, [0])], 3, 1, 1)).toBe(3);
  });

  it("[ME-MIGHT] chooseFrom keeps the prior until both it and the most visited action were searched minVisits times", () => {
    // action 7: six returns 1, 1, 1, 1, 0, 1 (mean 5/6, SE 0.167); the prior: four returns 0 (SE 0): 5 SE ahead
    const clear = [edge(7, [1, 1, 1, 1, 0, 1]), edge(3, [0, 0, 0, 0])];
    expect(chooseFrom(clear, 3, 2, 4)).toBe(7);
    // the default (DEFAULT_MIN_VISITS, 5): four searches of the prior are too few to judge it by
    expect(DEFAULT_MIN_VISITS).toBe(5);
    expect(chooseFrom(clear, 3, 2)).toBe(3);
    expect(chooseFrom([edge(7, [1, 1, 1, 1, 0, 1]), edge(3, [0, 0, 0, 0, 0])], 3, 2)).toBe(7);
  });
});

describe("the leaves", () => {
  const start = deployedGame(minasTirith, mordor, 5);

  it("[ME-FORCES-CLASH] the kernel's cut-off state is scored as the TypeScript engine scores the same game", () => {
    for (const seed of [1, 2]) {
      const ts = playTs(start, seed, 2);
      const wasm = playWasm(core, start, seed, 2);
      const [r0, r1] = encodedReturns(wasm);
      expect(r0).toBeCloseTo(ts.isTerminal() ? ts.returns()[0]! : ts.heuristic(0), 12);
      expect(r1).toBeCloseTo(-r0, 12);
      // and the encoded TypeScript state gives the same numbers through the same function
      expect(encodedReturns(encodeState(ts))[0]).toBeCloseTo(r0, 12);
    }
  });

  it("[ME-FORCES-CLASH] a leaf inside an activation: kernel and TypeScript evaluations agree die for die", () => {
    const s = start.clone();
    const rng = new Rng(8);
    // into turn 2's Move phase, then into an activation (where the kernel cannot start)
    while (!(s.data.turn === 2 && s.st.top()!.kind === "activation")) {
      const acts = s.legalActions();
      s.apply(s.currentPlayer() === -1 ? acts[rng.roll(acts.length) - 1]! : mesbgPrior(s, s.currentPlayer()));
    }
    expect(() => encodeState(s)).toThrow(/kernel starts only/);
    for (const leaf of [0, 1, 2, "end"] as const) {
      const k = kernelEvaluator(core, leaf)(s.clone(), new Rng(21));
      const t = tsEvaluator(leaf)(s.clone(), new Rng(21));
      expect(k.returns[0]).toBeCloseTo(t.returns[0]!, 12);
      expect(k.returns[0]).toBeGreaterThanOrEqual(-1);
      expect(k.returns[0]).toBeLessThanOrEqual(1);
    }
  });
});

describe("a game against the scripted player", () => {
  it("[ME-FORCES-CLASH] mcts vs scripted over two turns: every action legal, the same seed the same game", () => {
    const play = () => {
      const s = mesbgGame.newInitialState({ a: minasTirith, b: mordor, maxTurns: 2 }, 17);
      // 16 pairs a check (the default 64 costs minutes here: at 4 iterations the tree proposes often)
      const steps = playOut(s, [mesbgMctsAgent({ iterations: 4 }, core, { verify: 16 }), mesbgAgent("scripted", {}, core)], new Rng(deriveSeed(17, 1)));
      return { steps, s };
    };
    const a = play();
    const b = play();
    expect(a.s.isTerminal()).toBe(true);
    expect(a.s.data.result!.reason).not.toBe("wiped out");
    expect(a.s.data.turn).toBe(2);
    const ret = a.s.returns();
    expect(ret[0]! + ret[1]!).toBeCloseTo(0, 12);
    expect(Math.abs(ret[0]!)).toBeLessThanOrEqual(1);
    expect(b.steps.map((x) => x.action)).toEqual(a.steps.map((x) => x.action));
    expect(b.s.returns()).toEqual(ret);
    // side 0 (the search) made decisions, every one of them applied by MesbgState.apply (which refuses an illegal one)
    expect(a.steps.filter((x) => x.player === 0).length).toBeGreaterThan(20);
  });
});

describe("the coach's advice follows the agent's rule (src/mesbg/coach.ts)", () => {
  const move = (action: number, label: string, visits: number, win: number) => ({
    action, label, visits, meanReturn: 0, returnInterval: [0, 0] as [number, number], winProbability: win, winInterval: [0, 1] as [number, number], drawProbability: 0, expectedVpDiff: null, vpInterval: null,
  });
  const ranked = [move(1, "A charges", 50, 0.4), move(2, "A stays", 30, 0.3), move(3, "A falls back", 20, 0.1)];
  /** A check's figures with the agent's pass rule (search.ts checkPasses). */
  const paired = (mean: number, se: number, n: number) => ({ pairs: n, meanDiff: mean, se, passed: checkPasses({ mean, se }) });

  it("[ME-CHARGE] recommend: the proposal needs a paired difference above 1 standard error (0.05 > 0.04 passes; 0.04 = 0.04 does not)", () => {
    const pass = recommend(ranked, ranked[1]!, paired(0.05, 0.04, 64), "; then B falls", 3);
    expect(pass.check).toEqual({ proposed: "A charges", scripted: "A stays", pairs: 64, meanDiff: 0.05, se: 0.04, recommended: "proposed" });
    expect(pass.moves.map((m) => m.reason)).toEqual([
      '40% to win, the most searched; better than the scripted choice "A stays" in 64 paired games played to the end (return +0.05 ± 0.04 a game; ±1 a wipe-out, else the strength margin); then B falls',
      "the scripted choice: 30% to win; worse than the recommendation in 64 paired games played to the end (return +0.05 ± 0.04 a game; ±1 a wipe-out, else the strength margin)",
      "10% to win against 40% for the recommendation",
    ]);
    const fail = recommend(ranked, ranked[1]!, paired(0.04, 0.04, 64), "; then B falls", 2);
    expect(fail.check!.recommended).toBe("scripted");
    expect(fail.moves.map((m) => m.action)).toEqual([2, 1]);
    expect(fail.moves.map((m) => m.reason)).toEqual([
      'the scripted choice: 30% to win; the most searched, "A charges" (40%), was not better in 64 paired games played to the end (return +0.04 ± 0.04 a game; ±1 a wipe-out, else the strength margin)',
      "the most searched (40% to win), but not better than the recommendation in 64 paired games played to the end (return +0.04 ± 0.04 a game; ±1 a wipe-out, else the strength margin): the search looks one turn ahead, which favours holding back",
    ]);
    // a block of 16 pairs behind ends the check: a negative difference, shown with its sign
    const behind = recommend(ranked, ranked[2]!, paired(-0.125, 0.06, 16), "", 3);
    expect(behind.moves.map((m) => m.action)).toEqual([3, 1, 2]);
    expect(behind.moves[0]!.reason).toContain("in 16 paired games played to the end (return −0.13 ± 0.06 a game;");
    expect(behind.moves[2]!.reason).toBe("30% to win against 10% for the recommendation");
    // a difference that rounds to 0 is "+0.00", whatever its sign
    expect(recommend(ranked, ranked[1]!, paired(-0.004, 0.04, 16), "", 1).moves[0]!.reason).toContain("(return +0.00 ± 0.04 a game;");
    // the scripted choice is the most searched: no check, one reason
    const same = recommend(ranked, ranked[0]!, null, "; then B falls", 1);
    expect(same).toEqual({ moves: [{ ...ranked[0], reason: '40% to win, the most searched and the scripted player\'s choice too (next: "A stays", 30%); then B falls' }], check: null });
  });

  it("[ME-CHARGE] the tree's proposal that the paired games confirm is recommended, with the check's numbers", () => {
    const s = hopelessCharge();
    const before = s.legalActions();
    const prior = mesbgPrior(s, 0);
    const r = coachMesbg(core, s, { budget: { iterations: 200 }, top: 3, seed: 1 });
    const first = r.moves[0]!;
    expect(first.action).not.toBe(prior);
    expect(first.label).not.toMatch(/charges/);
    // the check is comparePaired with the agent's pairs, blocks and seed (deriveSeed(seed, 1))
    const d = comparePaired(s, 0, first.action, prior, DEFAULT_VERIFY, deriveSeed(1, 1), core, DEFAULT_VERIFY_BLOCK);
    expect(r.check).toEqual({ proposed: first.label, scripted: 'W charges H (3.0")', pairs: d.n, meanDiff: d.mean, se: d.se, recommended: "proposed" });
    expect(d.mean).toBeGreaterThan(0.5);
    expect(first.reason).toContain(`better than the scripted choice "W charges H (3.0")" in ${d.n} paired games played to the end (return +${d.mean.toFixed(2)} ± ${d.se.toFixed(2)} a game`);
    const charge = r.moves.find((m) => m.action === prior);
    if (charge) expect(charge.reason).toMatch(/^the scripted choice: \d+% to win; worse than the recommendation in/);
    expect(s.legalActions()).toEqual(before); // the state is not changed
  });

  it("[ME-TURN] a proposal the paired games do not confirm: the scripted choice is recommended and the proposal says why not", async () => {
    const json = JSON.parse(readFileSync(join(import.meta.dirname, "../../examples/positions/mesbg-turn-4.json"), "utf8"));
    const s = loadGame(json, 1).state as MesbgState;
    const prior = mesbgPrior(s, 1);
    const tree = searchMesbg(s, { iterations: 100 }, 1, core);
    expect(tree.actions[0]!.action).not.toBe(prior);
    const r = coachMesbg(core, s, { budget: { iterations: 100 }, top: 3, seed: 1 });
    // the activations lead to the same games in every pair: a difference of exactly 0 ends the check after one block
    expect(r.check).toEqual({ proposed: tree.actions[0]!.label, scripted: label(s, prior), pairs: 16, meanDiff: 0, se: 0, recommended: "scripted" });
    expect(r.moves.map((m) => m.action).slice(0, 2)).toEqual([prior, tree.actions[0]!.action]);
    expect(r.moves[0]!.reason).toMatch(new RegExp(`^the scripted choice: \\d+% to win; the most searched, "${tree.actions[0]!.label}" \\(\\d+%\\), was not better in 16 paired games played to the end \\(they played out the same\\)$`));
    expect(r.moves[1]!.reason).toMatch(/^the most searched \(\d+% to win\), but not better than the recommendation in 16 paired games played to the end \(they played out the same\)$/);
    expect(r.moves[2]!.reason).toMatch(/^\d+% to win against \d+% for the recommendation$/);
    // its statistics are the tree's, as searched
    expect(r.moves[1]!.visits).toBe(tree.actions[0]!.visits);
  });

  it("[ME-MIGHT] where the tree and the scripted player agree there is nothing to check", () => {
    const s = mightDecides();
    const prior = mesbgPrior(s, 0);
    expect(label(s, prior)).toBe("H spends 1 Might to make its duel roll 6");
    const r = coachMesbg(core, s, { budget: { iterations: 200 }, top: 2, seed: 2 });
    expect(r.check).toBeNull();
    expect(r.moves[0]!.action).toBe(prior);
    expect(r.moves[0]!.reason).toMatch(/^\d+% to win, the most searched and the scripted player's choice too \(next: "Gondor spends no Might", 0%\); then O backs away/);
    expect(r.moves[1]!.reason).toBe(`0% to win against ${Math.round(100 * r.moves[0]!.winProbability)}% for the recommendation`);
    expect(r.moves).toHaveLength(2);
  });
});
