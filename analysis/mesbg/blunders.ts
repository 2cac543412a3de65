/**
 * The scripted MESBG player's blunders of issue 10, counted over seeded policy-vs-policy games (TypeScript
 * engine): Terror tests taken, failed (the model frozen) and passed, and how many passes were followed by a
 * charge on a Terror-causer in that activation; when the Will of Evil models are banished; Gandalf's
 * stances (and who won his duels). Run: npx tsx analysis/mesbg/blunders.ts [games=8] [a.json b.json]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deriveSeed, Rng } from "../../src/core/rng.js";
import { mesbgPolicy } from "../../src/mesbg/policy.js";
import { newGame } from "../../src/mesbg/game.js";
import { parseForce } from "../../src/mesbg/profiles.js";
import { argA, argB, K, kindOf } from "../../src/mesbg/actions.js";
import { causesTerror } from "../../src/mesbg/state.js";
import { CHANCE } from "../../src/planner/game.js";
import { sampleChance } from "../../src/planner/agents.js";

const games = Number(process.argv[2] ?? 8);
const data = join(import.meta.dirname, "../../data/mesbg");
const fa = process.argv[3] ?? join(data, "minas-tirith.json");
const fb = process.argv[4] ?? join(data, "mordor.json");
const a = parseForce(JSON.parse(readFileSync(fa, "utf8")), fa);
const b = parseForce(JSON.parse(readFileSync(fb, "utf8")), fb);

const c = { tests: 0, failed: 0, passed: 0, passedThenCharged: 0, chargesOnTerror: 0, stanceOne: 0, stanceTwo: 0, stanceShield: 0, banished: [] as string[], wins: [0, 0, 0], returns: 0 };
for (let seed = 1; seed <= games; seed++) {
  const state = newGame(a, b, seed, undefined, true);
  const st = state.st;
  const rng = new Rng(deriveSeed(seed, 1));
  let tested = -1; // the model whose Terror test passed in this activation
  while (!state.isTerminal()) {
    const p = state.currentPlayer();
    const action = p === CHANCE ? sampleChance(state, rng) : mesbgPolicy.act(state, p, rng);
    const f = st.top();
    const k = kindOf(action);
    if (f?.kind === "activation") {
      if (tested !== f.model) tested = -1;
      if (k === K.TERROR) c.tests++;
      if (k === K.CHARGE || k === K.CHARGE2 || k === K.SPEAR_CHARGE) {
        const targets = k === K.CHARGE2 ? [argA(action), argB(action)] : [argA(action)];
        if (targets.some((t) => causesTerror(st, st.m(t)))) {
          c.chargesOnTerror++;
          if (tested === f.model) c.passedThenCharged++;
        }
        tested = -1;
      }
    }
    if (f?.kind === "combat" && k === K.STANCE && st.m(argA(action)).name === "Gandalf the Grey") {
      const s = argB(action);
      if (s === 0) c.stanceOne++;
      else if (s === 1) c.stanceTwo++;
      else c.stanceShield++;
    }
    const model = f?.kind === "activation" ? f.model : -1;
    state.apply(action);
    if (k === K.TERROR || (model >= 0 && st.top()?.kind === "courage")) {
      // the test resolves inside apply (or after a Hero's spend decision)
    }
    if (model >= 0 && k === K.TERROR) {
      // resolved now unless a Hero is deciding whether to spend
      while (st.top()?.kind === "courage") state.apply(mesbgPolicy.act(state, state.currentPlayer(), rng));
      const m = st.m(model);
      if (m.terror === "passed") {
        c.passed++;
        tested = model;
      } else c.failed++;
    }
  }
  const d = state.data;
  c.wins[d.result!.winner === -1 ? 2 : d.result!.winner]!++;
  c.returns += state.returns()[0]!;
  for (const e of d.events) {
    const m = /^ {2}(.+) has no Will left and is banished/.exec(e);
    if (m) c.banished.push(`seed ${seed}: ${m[1]} banished in turn ${turnOf(d.events, e)}`);
  }
  for (const m of d.models) {
    if (!st.info(m).willOfEvil || !m.alive) continue;
    c.banished.push(`seed ${seed}: ${m.name} still standing at the end (turn ${d.turn}) with ${m.will} Will`);
  }
  for (const e of d.events) {
    const m = /^ {2}(.+) is slain\.$/.exec(e);
    if (m && d.models.some((x) => x.name === m[1] && st.info(x).willOfEvil)) c.banished.push(`seed ${seed}: ${m[1]} slain in turn ${turnOf(d.events, e)}`);
  }
}

function turnOf(events: string[], line: string): number {
  let t = 0;
  for (const e of events) {
    const m = /^=== Turn (\d+) ===/.exec(e);
    if (m) t = Number(m[1]);
    if (e === line) return t;
  }
  return t;
}

console.log(`${games} games, ${a.name} vs ${b.name}, policy vs policy (seeds 1-${games})`);
console.log(`Terror tests ${c.tests}: failed ${c.failed}, passed ${c.passed}; passes followed by a charge on a Terror-causer ${c.passedThenCharged}; all charges on Terror-causers ${c.chargesOnTerror}`);
console.log(`Gandalf's stances: one-handed ${c.stanceOne}, two-handed ${c.stanceTwo}, shielding ${c.stanceShield}`);
console.log(`Will of Evil models:\n  ${c.banished.join("\n  ")}`);
console.log(`results: ${a.name} wins ${c.wins[0]}, ${b.name} wins ${c.wins[1]}, draws ${c.wins[2]}; mean return for ${a.name} ${(c.returns / games).toFixed(3)}`);
