/**
 * The TypeScript side of the rollout kernel's decision trace: each decision of the scripted policy (and each
 * roll-off) as the kernel records it (assembly/battle/flow.ts traced): step, player, a, b, c and word 0 of
 * the RNG state before the decision is applied. Comparing the two finds the first step where they part.
 */
import type { PitchedBattleState } from "../../src/aos/battle/game.js";
import { policyAction } from "../../src/aos/battle/policy.js";
import { choices } from "../../src/aos/battle/flow.js";
import { STEP_KINDS, triggerToken, US } from "../../src/aos/rollout/encode.js";
import { playedEffectsOf } from "../../src/aos/abilities/index.js";
import { BATTLE_TACTIC_IDS } from "../../src/aos/scoring/index.js";
import { CHANCE } from "../../src/planner/game.js";
import { sampleChance } from "../../src/planner/agents.js";

export type TraceRow = [number, number, number, number, number, number, number];
/** f64 per decision in the kernel's trace (assembly/battle/flow.ts TRACE). */
export const TRACE_SLOTS = 7;

/** assembly/battle/flow.ts traced's fingerprint of the units. */
function fingerprint(s: PitchedBattleState): number {
  const d = s.data;
  // The save-roll triggers' token (encode.ts triggerToken: Loyal Gryph-hound's), US.TRIGGER_TOKEN in the kernel.
  const trigger = triggerToken(playedEffectsOf(d.profiles));
  let h = 0;
  for (const u of d.units) {
    const flags = (u.moved ? 1 : 0) | (u.ran ? 2 : 0) | (u.retreated ? 4 : 0) | (u.charged ? 8 : 0) | (u.chargeTried ? 16 : 0) | (u.shot ? 32 : 0) | (u.fought ? 64 : 0) | (u.inCombatAtStart ? 128 : 0) | (u.tokens.includes("metamorphosis") ? 256 : 0) | (d.predators[d.profiles[u.id]!.owner as 0 | 1].includes(u.id) ? 512 : 0) | (u.tokens.includes("feral-roar") ? 1024 : 0) | (d.spells.banished?.includes(u.id) ? 16384 : 0) | (d.profiles.some((p) => p.replacementOf === u.id) ? 4096 : 0) | (u.slewThisTurn ? 16777216 : 0) | (u.tokens.includes("bone-cage-full") ? 33554432 : 0) | (u.tokens.includes("for-the-turn:charge-after") ? 8388608 : 0) | (u.tokens.includes("strike-last") ? 2048 : 0) | (trigger !== undefined && u.tokens.includes(trigger) ? US.TRIGGER_TOKEN : 0);
    h += u.x * (u.id + 1) + u.y * (u.id + 7) + (u.models * 3 + u.damage * 5 + flags * 11 + (u.status === "waiting" ? 0 : u.status === "deployed" ? 1 : u.status === "reserve" ? 3 : 2) * 13);
  }
  return h;
}

export function traceTs(state: PitchedBattleState, seed: number, cap = 100_000): TraceRow[] {
  const s = state.clone();
  s.reseed(seed);
  const b = s.battle;
  const plan = b.plan;
  const obj = (id: string | null) => (id === null ? -1 : plan.objectives.findIndex((o) => o.id === id));
  const rows: TraceRow[] = [];
  while (!s.isTerminal() && rows.length < cap) {
    const step = b.data.step;
    const kind = STEP_KINDS.indexOf(step.kind);
    const player = "player" in step ? step.player : 0;
    const s0 = b.rng.state()[0];
    if (s.currentPlayer() === CHANCE) {
      const a = sampleChance(s, b.rng);
      rows.push([kind, 0, a, 0, 0, s0, fingerprint(s)]);
      s.apply(a);
      continue;
    }
    const action = policyAction(b);
    const tag = choices(b)[action]!.tag!;
    let row: [number, number, number] = [0, 0, 0];
    switch (tag.kind) {
      case "end":
        row = [-1, 0, 0];
        break;
      case "predator":
        row = [tag.unit, 0, 0];
        break;
      case "first-turn":
        row = [tag.first, 0, 0];
        break;
      case "seismic":
        row = [obj(tag.objective), 0, 0];
        break;
      case "vantage":
        row = [-2, 0, 0];
        break;
      case "tactic": {
        const t = tag.tactic;
        const first = t.units.length ? t.units[0]! : t.objectives.length ? obj(t.objectives[0]!) : -1;
        const second = t.units.length > 1 ? t.units[1]! : t.objectives.length > 1 ? obj(t.objectives[1]!) : -1;
        row = [BATTLE_TACTIC_IDS.indexOf(t.id), first, second];
        break;
      }
      case "cast":
        row = [tag.wizard, tag.target, 0];
        break;
      case "spell":
        row = [tag.wizard, 3000 + tag.target, 0];
        break;
      case "move":
        row = [tag.unit, tag.to.kind === "objective" ? obj(tag.to.id) : tag.to.kind === "enemy" ? 100 + tag.to.unit : 200, tag.run ? 1 : 0];
        break;
      case "shoot":
      case "charge":
      case "fight":
        row = [tag.unit, tag.target, 0];
        break;
      case "raid":
      case "destroy":
        row = [obj(tag.objective), 0, 0];
        break;
      case "retreat":
        row = [tag.unit, -1, 0];
        break;
      case "arrive":
      case "replace":
      case "redeploy":
        // CORE-RESERVES, CORE-REPLACEMENT, redeployment (setups.ts): the unit, its target (an objective's index or 100 + an enemy), 3 / 4 / 5.
        row = [tag.unit, tag.to.kind === "objective" ? obj(tag.to.id) : tag.to.kind === "enemy" ? 100 + tag.to.unit : -1, tag.kind === "arrive" ? 3 : tag.kind === "replace" ? 4 : 5];
        break;
      case "command":
        row = [tag.unit ?? -1, 0, 0];
        break;
      case "summon":
        row = [tag.wizard, 1000 + tag.unit, 0];
        break;
      case "banish":
        row = [tag.caster, 2000 + tag.target, 0];
        break;
    }
    rows.push([kind, player, ...row, s0, fingerprint(s)]);
    s.apply(action);
  }
  return rows;
}
