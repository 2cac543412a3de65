/**
 * The Wasm rollout kernel (assembly/aos_rollout.ts) is a second implementation of the Pitched Battle engine
 * with the scripted policy, held equal to the TypeScript authority (src/aos/battle/):
 *
 * - per battleplan, N seeded battles from the same post-deployment position: win rate, mean VP per round
 *   and VP by source agree within 4.5 standard errors of the difference (the statistical guard) — and,
 *   since the kernel draws the same dice in the same order, every battle is in fact identical, seed for seed;
 * - single combats give identical damage from the same random stream;
 * - any decision step mid-battle, any army, varied profiles: identical battles.
 *
 * TACTICA_ROLLOUT_GAMES=5000 runs thousands per plan (the default keeps the file well under a minute).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { battleplan, BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import { attackContext, shootingWeapons } from "../../src/aos/battle/shooting.js";
import { resolveAttacks } from "../../src/aos/battle/attacks.js";
import { choices } from "../../src/aos/battle/flow.js";
import { pitchedBattleGame, PitchedBattleState } from "../../src/aos/battle/game.js";
import { policyAction } from "../../src/aos/battle/policy.js";
import { footprintRadius } from "../../src/aos/battle/units.js";
import { encodeBattle, H, RESULT } from "../../src/aos/rollout/encode.js";
import { playPolicy, playSetUp, rolloutTs } from "../../src/aos/rollout/ts.js";
import { type RolloutResult, VP_SOURCES } from "../../src/aos/rollout/types.js";
import { rolloutsWasm, rolloutWasm } from "../../src/aos/rollout/wasm.js";
import { GRAND_STRATEGY_IDS } from "../../src/aos/scoring/index.js";
import { Rng } from "../../src/core/rng.js";
import { type Core, loadCore } from "../../src/core/wasm.js";
import { CHANCE } from "../../src/planner/game.js";
import { battleAt } from "../support/battle-fixtures.js";
import { TRACE_SLOTS, traceTs } from "../support/rollout-trace.js";

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});

const GAMES = Number(process.env.TACTICA_ROLLOUT_GAMES ?? 30);
const rosters = bundledRosters().map((r) => r.roster);
const thousand = rosters.filter((r) => r.pointsLimit === 1000 && r.mode === "pitched-battles-2021");
/** The statistical tolerance: 4.5 standard errors of the difference of two means of n draws each. */
const Z = 4.5;

function meanAndVar(xs: number[]): [number, number] {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return [m, xs.reduce((a, x) => a + (x - m) ** 2, 0) / Math.max(1, xs.length - 1)];
}

/** Asserts that two samples' means agree within Z standard errors of their difference. */
function agree(what: string, ts: number[], wasm: number[]): void {
  const [m1, v1] = meanAndVar(ts);
  const [m2, v2] = meanAndVar(wasm);
  const tolerance = Z * Math.sqrt(v1 / ts.length + v2 / wasm.length) + 1e-9;
  expect(Math.abs(m1 - m2), `${what}: TypeScript ${m1.toFixed(3)}, Wasm ${m2.toFixed(3)}, tolerance ${tolerance.toFixed(3)}`).toBeLessThanOrEqual(tolerance);
}

function compareDistributions(ts: RolloutResult[], wasm: RolloutResult[]): void {
  for (const p of [0, 1] as const) {
    agree(`player ${p} win rate`, ts.map((r) => (r.winner === p ? 1 : 0)), wasm.map((r) => (r.winner === p ? 1 : 0)));
    for (let round = 0; round < 5; round++) agree(`player ${p} VP in round ${round + 1}`, ts.map((r) => r.vpByRound[p][round]!), wasm.map((r) => r.vpByRound[p][round]!));
    for (const s of VP_SOURCES) agree(`player ${p} VP from ${s}`, ts.map((r) => r.vpBySource[p][s]), wasm.map((r) => r.vpBySource[p][s]));
  }
}

/** Where the two engines' decision traces part (test/support/rollout-trace.ts), for a failure message. */
function firstDifference(s: PitchedBattleState, seed: number): string {
  const ts = traceTs(s, seed);
  const { trace } = core.aosRolloutTrace(encodeBattle(s.data), seed, RESULT, ts.length + 1);
  const i = ts.findIndex((row, k) => row.some((v, j) => v !== trace[k * TRACE_SLOTS + j]));
  if (i < 0) return "no decision (the results alone differ)";
  const kernel = Array.from(trace.slice(i * TRACE_SLOTS, (i + 1) * TRACE_SLOTS));
  return `decision ${i}: TypeScript [${ts[i]!.join(", ")}], Wasm [${kernel.join(", ")}] (step, player, a, b, c, RNG word, units' fingerprint)`;
}

function afterDeployment(plan: (typeof BATTLEPLAN_IDS)[number], seed: number, pair: [number, number] = [0, 1]): PitchedBattleState {
  const s = pitchedBattleGame.newInitialState({ rosters: [thousand[pair[0]]!, thousand[pair[1]]!], battleplan: plan }, seed);
  return playSetUp(s);
}

/** Plays `steps` decisions of a set-up battle: uniformly at random (chance nodes too), or by the scripted policy. */
function advance(s: ReturnType<typeof pitchedBattleGame.newInitialState>, rng: Rng, steps: number, random: boolean): void {
  if (random) {
    for (let k = 0; k < steps && !s.isTerminal(); k++) {
      const acts = s.currentPlayer() === CHANCE ? [0, 1] : s.legalActions();
      s.apply(acts[rng.roll(acts.length) - 1]!);
    }
  } else {
    let k = 0;
    playPolicy(s, () => k++ < steps);
  }
}

describe("rollout kernel against the TypeScript engine", () => {
  for (const [i, plan] of BATTLEPLAN_IDS.entries()) {
    it(`[${battleplan(plan).ruleId}] ${plan}: ${GAMES} seeded battles from one post-deployment position agree (win rate, VP per round, VP by source within ${Z} SE) and are identical seed for seed`, () => {
      const s = afterDeployment(plan, 100 + i, i % 2 === 0 ? [0, 1] : [1, 0]);
      const seeds = Array.from({ length: GAMES }, (_, g) => 7919 * (i + 1) + g);
      const wasm = rolloutsWasm(core, s, seeds);
      const ts = seeds.map((seed) => rolloutTs(s, seed));
      compareDistributions(ts, wasm);
      const different = seeds.filter((_, g) => JSON.stringify(ts[g]) !== JSON.stringify(wasm[g]));
      expect(different, different.length ? `seeds whose battles differ; the first parts at ${firstDifference(s, different[0]!)}` : "").toEqual([]);
      // The position is untouched by the rollouts: it can be rolled out again.
      expect(s.data.step.kind).not.toBe("over");
    });
  }

  it("[CORE-HIT] [CORE-WOUND] [CORE-SAVE] [CORE-WARD] [CORE-ALLOC] single combats: the same random stream gives the same damage and casualties", () => {
    const warscrolls = ["Liberators", "Vindictors", "Annihilators", "Prosecutors", "Celestar Ballista", "Lord-Imperatant", "Mortek Guard", "Kavalos Deathriders", "Gothizzar Harvester", "Liege-Kavalos", "Mancrusher Gargant", "Chainrasps", "Grimghast Reapers", "Crypt Horrors", "Royal Terrorgheist", "Varghulf Courtier", "Crypt Flayers"];
    const rng = new Rng(2718);
    let attacks = 0;
    for (let c = 0; c < 400; c++) {
      const a = warscrolls[rng.roll(warscrolls.length) - 1]!;
      const t = warscrolls[rng.roll(warscrolls.length) - 1]!;
      const { b, ids } = battleAt("savage-gains", [
        { warscroll: a, owner: 0, x: 20, y: 10 },
        { warscroll: t, owner: 1, x: 20, y: 10 },
      ]);
      const [ai, ti] = ids as [number, number];
      const ranged = b.profile(ai).weapons.some((w) => w.type === "ranged") && rng.roll(2) === 1;
      const gap = ranged ? rng.roll(20) - 1 : rng.roll(3) - 1; // ranged: some weapons may be out of reach
      const tu = b.unit(ti);
      tu.y = 10 + b.footprint(ai).radius + b.footprint(ti).radius + gap + 0.25;
      tu.models = Math.max(1, b.profile(ti).startModels - rng.roll(3) + 1);
      if (b.profile(ti).health > 1) tu.damage = rng.roll(b.profile(ti).health) - 1;
      b.unit(ai).charged = rng.roll(2) === 1; // CORE-CHARGE-DMG
      tu.charged = rng.roll(3) === 1; // Anti-charge, and no cover
      tu.tokens = rng.roll(3) === 1 ? ["metamorphosis"] : []; // Anti-MONSTER (PB-REALM-METAMORPHOSIS)
      if (rng.roll(2) === 1) b.data.terrain = [{ x: 20, y: tu.y, radius: b.footprint(ti).radius + 1 }]; // PB-COVER: wholly on it
      const dist = b.distance(ai, ti);
      const ap = b.profile(ai);
      // shooting.ts shoot: only the ranged weapons that can shoot now (in combat: Shoot in Combat) in range of the target.
      const profile = ranged ? { ...ap, weapons: shootingWeapons(b, ai).filter((w) => w.range >= dist) } : ap;
      const encoded = encodeBattle(b.data);
      const seed = rng.nextU32();
      const before = { models: tu.models, damage: tu.damage };
      const r = resolveAttacks(profile, b.unit(ai), ranged ? "ranged" : "melee", b.profile(ti), tu, attackContext(b, ai, ti, ranged ? "ranged" : "melee", profile.weapons.filter((x) => x.type === (ranged ? "ranged" : "melee"))), new Rng(seed));
      const w = core.aosRolloutAttack(encoded, ai, ti, ranged, seed);
      const attacked = profile.weapons.some((x) => x.type === (ranged ? "ranged" : "melee"));
      expect(Array.from(w), `${a} ${ranged ? "shoots" : "fights"} ${t} (${before.models} models, ${before.damage} damage), seed ${seed}`).toEqual([attacked ? r.damage : -1, tu.models, tu.damage]);
      if (attacked) attacks++;
    }
    expect(attacks).toBeGreaterThan(350);
  });

  it("[PB-LENGTH] from any decision step of a battle round, any bundled armies (1000 and 2000 points), after random or scripted play: identical battles", () => {
    const rng = new Rng(31);
    let compared = 0;
    for (let g = 0; g < 24; g++) {
      const plan = BATTLEPLAN_IDS[g % 12]!;
      const s = pitchedBattleGame.newInitialState({ rosters: [rosters[rng.roll(rosters.length) - 1]!, rosters[rng.roll(rosters.length) - 1]!], battleplan: plan }, 900 + g);
      playSetUp(s);
      const steps = rng.roll(120) - 1;
      // Random play leaves what the policy never does: retreats, odd moves, spells on anyone.
      advance(s, rng, steps, g % 3 === 0);
      if (s.isTerminal()) continue;
      for (const seed of [rng.nextU32(), rng.nextU32()]) {
        expect(rolloutWasm(core, s, seed), `${plan} from ${s.data.step.kind}, round ${s.data.round}, seed ${seed}`).toEqual(rolloutTs(s, seed));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it("[CORE-STRIKE-ORDER] [CORE-FLY] [PB-GS-01] [PB-GS-07] varied profiles — strike order, FLY, random Move, priests, wizards, every grand strategy: identical battles", () => {
    const rng = new Rng(77);
    for (let g = 0; g < 24; g++) {
      const s = afterDeployment(BATTLEPLAN_IDS[g % 12]!, 300 + g, g % 2 === 0 ? [0, 1] : [1, 0]);
      const d = s.data;
      d.grandStrategies = [GRAND_STRATEGY_IDS[g % 8]!, GRAND_STRATEGY_IDS[(g + 3) % 8]!];
      for (const p of d.profiles) {
        const r = rng.roll(8);
        if (r === 1) p.keywords.push("STRIKE-FIRST");
        if (r === 2) p.keywords.push("STRIKE-LAST");
        if (r === 3) p.keywords.push("FLY");
        if (r === 4) Object.assign(p, { move: 0, moveDice: { count: rng.roll(2), sides: 6, plus: rng.roll(3) - 1 } });
        if (r === 5) p.priestLevel = 1;
        if (r === 6) p.wizardLevel = 2;
      }
      const seed = rng.nextU32();
      expect(rolloutWasm(core, s, seed), `battle ${g}, seed ${seed}`).toEqual(rolloutTs(s, seed));
    }
  });

  it("[CORE-RETREAT] the kernel has no retreat because the policy never retreats (units in combat stay and fight)", () => {
    let inCombat = 0;
    for (let g = 0; g < 6; g++) {
      const s = afterDeployment(BATTLEPLAN_IDS[g * 2]!, 40 + g);
      const rng = s.battle.rng;
      while (!s.isTerminal()) {
        if (s.currentPlayer() === CHANCE) {
          s.apply(rng.nextFloat() < 0.5 ? 0 : 1);
          continue;
        }
        const cs = choices(s.battle);
        if (cs.some((c) => c.tag?.kind === "retreat")) inCombat++;
        const a = policyAction(s.battle);
        expect(cs[a]!.tag?.kind).not.toBe("retreat");
        s.apply(a);
      }
    }
    expect(inCombat).toBeGreaterThan(0); // it had the choice
  });

  it("[PB-REALM-PREY] a MONSTER model slain in a unit that lives scores in both engines: the kernel notes it as it allocates damage, and reads it from a mid-turn state", () => {
    // 20 Mortek Guard made MONSTERS fight 10 Liberators: models die every round without the units being destroyed at once.
    const position = (preySlain?: [boolean, boolean]) => {
      const { b } = battleAt(
        "savage-gains",
        [
          { warscroll: "Liberators", owner: 0, x: 20, y: 10, models: 10 },
          { warscroll: "Mortek Guard", owner: 1, x: 20, y: 17.5, models: 20, keywords: ["MONSTER"] },
        ],
        { step: { kind: "combat", player: 0 }, log: false },
      );
      for (const id of b.deployed()) b.unit(id).inCombatAtStart = true;
      if (preySlain) b.data.preySlain = preySlain;
      return new PitchedBattleState(b);
    };
    const realm = (r: RolloutResult) => [r.vpBySource[0].realm, r.vpBySource[1].realm];
    let scored = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = position();
      expect(encodeBattle(s.data)[H.PREY_SLAIN]).toBe(0);
      const ts = rolloutTs(s, seed);
      expect(rolloutWasm(core, s, seed)).toEqual(ts);
      scored += realm(ts)[0]!;
      // A mid-turn state that has already seen a MONSTER model of player 1 slain: encoded, read, scored alike.
      const marked = position([false, true]);
      expect(encodeBattle(marked.data)[H.PREY_SLAIN]).toBe(2);
      const tsMarked = rolloutTs(marked, seed);
      expect(rolloutWasm(core, marked, seed)).toEqual(tsMarked);
      expect(realm(tsMarked)[0]).toBeGreaterThanOrEqual(realm(ts)[0]!);
    }
    // The Liberators' army scores Predators and Prey for the Mortek Guard's models (a point in most rounds).
    expect(scored).toBeGreaterThan(6);
  });

  it("[PB-BP-07] a Leader's pile-in that ends within 3\" of an altar takes it in the kernel too", () => {
    const R = 20 / 25.4;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { b } = battleAt(
        "apex-predators",
        [
          { warscroll: "Knight-Arcanum", owner: 0, x: 30, y: 15.5 },
          { warscroll: "Liberators", owner: 0, x: 46, y: 24 },
          { warscroll: "Mortek Guard", owner: 1, x: 30, y: 15.5 + R + footprintRadius(10, 0.5 * 25 / 25.4) + 2.9 },
          { warscroll: "Mortek Guard", owner: 1, x: 14, y: 20 },
        ],
        { step: { kind: "combat", player: 0 }, log: false, seed },
      );
      for (const id of b.deployed()) b.unit(id).inCombatAtStart = b.inCombat(id);
      const s = new PitchedBattleState(b);
      // The kernel's first decision is this fight: the pile-in takes the centre altar before any attack.
      const after = s.clone();
      after.apply(policyAction(after.battle));
      expect(after.data.control.centre).toBe(0);
      expect(rolloutWasm(core, s, seed)).toEqual(rolloutTs(s, seed));
    }
  });

  it("[PB-BP-03] [CORE-OBR-DISCIPLINE] [CORE-CP] command points (1 a round while the general lives, the vantage point's extra one) are counted in the kernel too, since Feral Roar spends them; so are relentless discipline points (battle/traits.ts spends them): results are identical", () => {
    // First Blood with the Ossiarch army: both extras are gained (test/aos/feral-roar.test.ts has armies that spend them).
    const s = afterDeployment("first-blood", 5);
    const after = s.clone();
    after.data.log = [];
    const start = [...after.data.commandPoints];
    playPolicy(after);
    // Rounds 2 to 5 give each army 1 unless its general has been slain, the vantage point 1 more, each
    // command (Feral Roar, a replacement ability's) spends 1: what is left is exactly that count, and the
    // vantage point was held at least once.
    const log = after.data.log;
    const count = (re: RegExp) => log.filter((l) => re.test(l)).length;
    let vantage = 0;
    after.data.commandPoints.forEach((cp, p) => {
      const army = after.data.armies[p]!;
      const side = after.battle.side(p as 0 | 1);
      const none = count(new RegExp(`^${army} receives no command point`));
      const extra = count(new RegExp(`^First Blood: the ${side} controls the vantage point`));
      vantage += extra;
      const spent = count(new RegExp(`^${army} uses .*1 command point, \\d+ left\\)`));
      expect(cp, `${army}: ${none} rounds without a general, ${extra} vantage points, ${spent} spent`).toBe(start[p]! + 4 - none + extra - spent);
    });
    expect(vantage).toBeGreaterThan(0);
    for (const seed of [1, 2, 3, 4, 5, 6]) expect(rolloutWasm(core, s, seed)).toEqual(rolloutTs(s, seed));
  });

  it("[CORE-BANISH] [CORE-SPELLS] [CORE-UNBIND] manifestation lores — summoning (miscasts, unbinding, set-up spots), manifestations fighting, banishing — from any step after random or scripted play: identical battles", () => {
    // The Ossiarch Bonereapers' own lore, two universal ones; Nighthaunt's WIZARD (2) summons twice a phase.
    const withLore = (i: number, lore: string) => ({ ...rosters[i]!, manifestationLore: lore });
    const armies = [withLore(0, "Horrors of the Necropolis"), withLore(3, "Primal Energy"), withLore(1, "Krondspine Incarnate"), rosters[4]!, withLore(0, "Krondspine Incarnate")];
    const rng = new Rng(4242);
    let compared = 0;
    let summoned = 0;
    let banished = 0;
    for (let g = 0; g < 24; g++) {
      const plan = BATTLEPLAN_IDS[g % 12]!;
      const s = pitchedBattleGame.newInitialState({ rosters: [armies[rng.roll(armies.length) - 1]!, armies[rng.roll(armies.length) - 1]!], battleplan: plan }, 500 + g);
      playSetUp(s);
      const steps = rng.roll(150) - 1;
      // Random play summons at any spot and banishes friendly manifestations too; the kernel takes over from there.
      advance(s, rng, steps, g % 3 === 0);
      if (s.isTerminal()) continue;
      for (const seed of [rng.nextU32(), rng.nextU32()]) {
        expect(rolloutWasm(core, s, seed), `${plan} from ${s.data.step.kind}, round ${s.data.round}, seed ${seed}: first difference at ${firstDifference(s, seed)}`).toEqual(rolloutTs(s, seed));
        compared++;
      }
      const end = s.clone();
      playPolicy(end);
      for (const r of end.data.manifestations?.units ?? []) {
        summoned += r.history.filter((h) => h.event === "summoned").length;
        banished += r.history.filter((h) => h.event === "banished").length;
      }
    }
    expect(compared).toBeGreaterThan(40);
    // The rules were exercised: manifestations summoned and banished in these battles.
    expect(summoned).toBeGreaterThan(10);
    expect(banished).toBeGreaterThan(0);
  });
});
