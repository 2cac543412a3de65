/**
 * The shared random-playout checker (test/support/random-sim.ts) over the Pitched Battle engine, on every
 * battleplan: every legal action applies, clone and JSON round-trips continue identically, and the
 * battle's invariants hold at every step.
 */
import { describe, expect, it } from "vitest";
import { bundledRosters } from "../../src/aos/armies/index.js";
import { BATTLEPLAN_IDS } from "../../src/aos/battleplans/index.js";
import { pitchedBattleGame, type PitchedBattleSetup, type PitchedBattleState } from "../../src/aos/battle/game.js";
import { canEndOn } from "../../src/aos/battle/terrain.js";
import { choices } from "../../src/aos/battle/flow.js";
import { MIN_MOVE } from "../../src/aos/battle/paths.js";
import { playOut, randomAgent } from "../../src/planner/agents.js";
import { Rng } from "../../src/core/rng.js";
import { playedEffectsOf } from "../../src/aos/abilities/index.js";
import { turnToken } from "../../src/aos/abilities/attack.js";
import { check, randomSimTest } from "../support/random-sim.js";
import { resistToken } from "../../src/aos/battle/common.js";
import { arrivedToken } from "../../src/aos/battle/reserves.js";

const rosters = bundledRosters().map((r) => r.roster);
const GAMES_PER_PLAN = Number(process.env.TACTICA_SIM_GAMES ?? 150);

/** The move or retreat just chosen (beforeApply), checked after it is applied (item 3 of issue 14). */
let pending: { unit: number; x: number; y: number; label: string; retreat: boolean } | null = null;

function rememberMove(s: PitchedBattleState, _player: number, action: number): void {
  const tag = choices(s.battle)[action]!.tag;
  pending = null;
  if (tag?.kind === "move" || tag?.kind === "retreat") {
    const u = s.data.units[tag.unit]!;
    pending = { unit: tag.unit, x: u.x, y: u.y, label: s.actionToString(action), retreat: tag.kind === "retreat" };
  }
}

/**
 * CORE-MOVE, CORE-FLY, CORE-CHARGE, CORE-PILEIN: no two footprints on the battlefield overlap, after any step;
 * a unit offered a move that takes it is never left with a 0" move (it moves at least MIN_MOVE), and an
 * offered retreat gets out (unless its D3 destroyed the unit). Staying is choosing no move for the unit.
 */
function footprintInvariants(s: PitchedBattleState): void {
  const b = s.battle;
  const on = b.deployed().map((id) => ({ id, f: b.footprint(id) }));
  for (let i = 0; i < on.length; i++)
    for (let j = i + 1; j < on.length; j++) {
      const p = on[i]!.f;
      const q = on[j]!.f;
      check(Math.hypot(p.x - q.x, p.y - q.y) >= p.radius + q.radius - 1e-6, () => `${b.profile(on[i]!.id).name} and ${b.profile(on[j]!.id).name} overlap at (${p.x}, ${p.y}) and (${q.x}, ${q.y}), step ${s.data.step.kind}`);
    }
  if (pending) {
    const u = s.data.units[pending.unit]!;
    if (u.status === "deployed") {
      const moved = Math.hypot(u.x - pending.x, u.y - pending.y);
      check(moved >= (pending.retreat ? 1e-9 : MIN_MOVE - 1e-9), () => `"${pending!.label}" moved ${moved}"`);
      if (pending.retreat) check(!b.inCombat(pending.unit), () => `"${pending!.label}" ended in combat`);
    }
    pending = null;
  }
}

function invariants(s: PitchedBattleState): void {
  footprintInvariants(s);
  const d = s.data;
  d.units.forEach((u, i) => {
    const p = d.profiles[i]!;
    check(u.models >= 0 && u.models <= p.startModels, () => `${p.name}: ${u.models} models of ${p.startModels}`);
    check(u.damage >= 0 && u.damage < p.health, () => `${p.name}: ${u.damage} damage allocated with Health ${p.health}`);
    if (u.status === "destroyed") check(u.models === 0, () => `${p.name} destroyed with models left`);
    if (u.status === "deployed") {
      check(u.models > 0, () => `${p.name} on the battlefield with no models`);
      check(u.x >= 0 && u.x <= 60 && u.y >= 0 && u.y <= 44, () => `${p.name} off the battlefield at (${u.x}, ${u.y})`);
      // CORE-UNSTABLE: nobody is set up on or ends a move on the part of an Unstable feature over 1" tall.
      check(canEndOn(d.terrain, s.battle.footprint(i)), () => `${p.name} stands on unstable terrain at (${u.x}, ${u.y})`);
    }
  });
  check(d.round <= 5, `battle round ${d.round}`);
  reserveInvariants(s);
  manifestationInvariants(s);
  // CORE-CP, PB-REALM-FERAL-ROAR: command points are never overspent; each command once per phase per army; a
  // Feral Roar lasts only through the combat phase, on a MONSTER with Battle Damaged.
  check(d.commandPoints[0] >= 0 && d.commandPoints[1] >= 0, () => `command points ${d.commandPoints.join(", ")}`);
  for (const used of d.commandsUsed) check(new Set(used).size === used.length, () => `a command used twice in one phase: ${used.join(", ")}`);
  d.units.forEach((u, i) => {
    if (!u.tokens.includes("feral-roar")) return;
    check(d.step.kind === "combat" || d.step.kind === "feral-roar", () => `${d.profiles[i]!.name} still roaring at step ${d.step.kind}`);
    check(d.profiles[i]!.battleDamaged !== undefined && s.battle.isMonster(i), () => `${d.profiles[i]!.name} roaring without Battle Damaged or not a MONSTER`);
  });
  // VP come only from the scoring fold (the plan's sources) and, at the end, the grand strategies.
  if (d.scoring && !d.end) {
    check(d.victoryPoints[s.battle.playerOf("attacker")] === d.scoring.victoryPoints.attacker, "attacker VP differ from the scoring fold");
    check(d.victoryPoints[s.battle.playerOf("defender")] === d.scoring.victoryPoints.defender, "defender VP differ from the scoring fold");
  }
}

/** CORE-RESERVES, CORE-REPLACEMENT, CORE-TOKENS. */
function reserveInvariants(s: PitchedBattleState): void {
  const d = s.data;
  const replacing = new Set<number>();
  d.units.forEach((u, i) => {
    const p = d.profiles[i]!;
    check(u.id === i, () => `unit ${i} has id ${u.id}`);
    if (u.status === "reserve") {
      // No unit is in reserve once the fourth battle round has started, nor ever under No Reserves (PB-BP-09).
      check(d.round < 4, () => `${p.name} is still in reserve in battle round ${d.round}`);
      check(!s.battle.plan.noReserves, () => `${p.name} is in reserve under No Reserves`);
      check(u.models === p.startModels && u.reserve !== undefined, () => `${p.name} in reserve with ${u.models} models, ability ${u.reserve}`);
    } else check(u.reserve === undefined, () => `${p.name} is ${u.status} but remembers a reserve ability`);
    if (p.replacementOf !== undefined) {
      const o = p.replacementOf;
      check(!replacing.has(o), () => `${d.profiles[o]!.name} replaced twice`);
      replacing.add(o);
      check(d.profiles[o]!.replacementOf === undefined, () => `${p.name} replaces a replacement`);
      check(d.units[o]!.status === "destroyed" && o < i, () => `${p.name} replaces a unit that is not destroyed`);
      check(!p.startingArmy && !p.isGeneral && u.added !== undefined, () => `${p.name} counts as starting army, general or not added`);
      check(p.startModels <= d.profiles[o]!.startModels, () => `${p.name} has more models than the unit it replaces`);
    }
    // An ability's modifier for the rest of the turn (abilities/attack.ts turnToken): a played for-the-turn effect
    // of a warscroll in the battle, set in the combat phase: never in the phases before it (it goes when a turn starts);
    // Bone Cage's full cage (healing.ts) on a Gothizzar Harvester only; Loyal Gryph-hound's hound (save-triggers.ts) on a
    // Lord-Imperatant only.
    // A warscroll spell's (warscroll-spells.ts) is set in the hero phase: from it on, never in the battle tactic step
    // before it; one "until the start of your next turn" may be there at any step.
    const played = playedEffectsOf(d.profiles).filter((pe) => pe.effect.do.kind === "for-the-turn");
    const turnTokens = new Set(played.filter((pe) => pe.ability.when.timing !== "spell").map(turnToken));
    const spellTokens = new Set(played.filter((pe) => pe.ability.when.timing === "spell").map(turnToken));
    const untilTokens = new Set([...spellTokens].flatMap((t) => [`until-your-next-turn:0:${t}`, `until-your-next-turn:1:${t}`]));
    const forTheTurn = (t: string) =>
      (turnTokens.has(t) && !["battle-tactic", "hero", "movement", "shooting", "charge"].includes(d.step.kind)) || (spellTokens.has(t) && d.step.kind !== "battle-tactic") || untilTokens.has(t);
    // Brace for Impact's STRIKE-LAST (battle/moves.ts): on a unit that charged this turn, set at the end of the
    // charge phase (so never in the phases before it) of a battle with Annihilators.
    const braced = (t: string) => t === "strike-last" && u.charged && d.profiles.some((q) => q.warscroll === "Annihilators") && !["battle-tactic", "hero", "movement", "shooting", "charge"].includes(d.step.kind);
    // The bundled battle traits' tokens (battle/traits.ts): each on the units its trait names, and those set in the
    // charge or combat phase never in the phases before it (they go when a turn starts).
    const kw = (k: string) => p.keywords.some((x) => x.toUpperCase() === k || x.toUpperCase().startsWith(`${k} (`));
    const late = !["battle-tactic", "hero", "movement", "shooting", "charge"].includes(d.step.kind);
    const trait = (t: string) =>
      (t === "relentless-discipline-used" && kw("OSSIARCH BONEREAPERS")) ||
      (t === "impassive-retreat" && kw("OSSIARCH BONEREAPERS") && u.retreated) ||
      (t === "their-finest-hour" && kw("STORMCAST ETERNALS") && u.tokens.includes("their-finest-hour-used") && d.step.kind !== "battle-tactic") ||
      (t === "their-finest-hour-used" && kw("STORMCAST ETERNALS")) ||
      (t === "rampage" && (kw("MEGA-GARGANT") || kw("GARGANT")) && late) ||
      (t === "gargant-charge-target" && late) ||
      (t === "unerring-hunters" && p.warscroll === "Glaivewraith Stalkers" && late) ||
      // Prosecutors' Ruination Chamber (common.ts resisted): its once-a-turn mark, from any step an enemy ability targets it.
      (t === resistToken("Ruination Chamber") && p.warscroll === "Prosecutors") ||
      // Arrived from reserve this turn (reserves.ts arrive): from the movement phase on, on a unit on the battlefield.
      (t === arrivedToken("Scions of the Storm") && kw("STORMCAST ETERNALS") && u.status !== "reserve" && !["battle-tactic", "hero"].includes(d.step.kind));
    check(new Set(u.tokens).size === u.tokens.length && u.tokens.every((t) => t === "metamorphosis" || t === "feral-roar" || (t === "strike-first" && p.warscroll === "Vindictors") || (t === "bone-cage-full" && p.warscroll === "Gothizzar Harvester") || (t === "gryph-hound" && p.warscroll === "Lord-Imperatant") || forTheTurn(t) || braced(t) || trait(t)), () => `${p.name} has tokens ${u.tokens.join(", ")}`);
  });
}

/**
 * CORE-BANISH: a manifestation is never of the starting army (nor the general), is on the battlefield only
 * after it was summoned, and is never banished in the turn it was summoned.
 */
function manifestationInvariants(s: PitchedBattleState): void {
  const d = s.data;
  for (const r of d.manifestations?.units ?? []) {
    const p = d.profiles[r.unit]!;
    const u = d.units[r.unit]!;
    check(!p.startingArmy && !p.isGeneral && p.owner === r.owner, () => `${p.name} is of the starting army, the general, or of the wrong army`);
    check(u.status === "deployed" || u.status === "destroyed", () => `${p.name} is ${u.status}`);
    if (u.status === "deployed") check(r.history.at(-1)?.event === "summoned", () => `${p.name} is on the battlefield without being summoned`);
    let summoned: { round: number; turn: number } | null = null;
    for (const h of r.history) {
      if (h.event === "summoned") summoned = h;
      else check(summoned !== null && (summoned.round !== h.round || summoned.turn !== h.turn), () => `${p.name} banished in round ${h.round}, turn ${h.turn}, when it was summoned`);
    }
  }
}

function atEnd(s: PitchedBattleState): void {
  const d = s.data;
  expect(d.end).not.toBeNull();
  // PB-LENGTH: 5 battle rounds, unless Marking Territory's major victory ends it early (PB-BP-01).
  if (d.scoring!.gloriousVictory) expect(d.battleplan).toBe("marking-territory");
  else {
    expect(d.round).toBe(5);
    expect(d.scoring!.turnsThisRound).toBe(2);
  }
  const gs = d.end!.lines.reduce((a, l) => a + l.victoryPoints, 0);
  expect(d.victoryPoints[0] + d.victoryPoints[1]).toBe(d.scoring!.victoryPoints.attacker + d.scoring!.victoryPoints.defender + gs);
  expect(gs % 3).toBe(0); // grand strategies are worth 3 VP each (PB-GS-PICK)
  const r = s.returns();
  expect(r[0]! + r[1]!).toBe(0);
}

describe("Pitched Battle engine: random playouts", () => {
  for (const plan of BATTLEPLAN_IDS) {
    it(`[PB-LENGTH] ${GAMES_PER_PLAN} seeded random battles on ${plan}: legal actions apply, round-trips continue identically, invariants hold`, () => {
      const { terminals } = randomSimTest({
        game: pitchedBattleGame,
        options: (rng, i): PitchedBattleSetup => {
          const a = rosters[rng.roll(rosters.length) - 1]!;
          const b = rosters[rng.roll(rosters.length) - 1]!;
          return { rosters: [a, b], battleplan: plan, log: i % 10 === 0 };
        },
        games: GAMES_PER_PLAN,
        seed: BATTLEPLAN_IDS.indexOf(plan) + 1,
        maxSteps: 5000,
        roundTripEvery: 37,
        beforeApply: rememberMove,
        check: invariants,
        checkTerminal: atEnd,
      });
      expect(terminals).toBe(GAMES_PER_PLAN);
    });
  }

  it("[PB-SCORESHEET] replays: the same seed and the same actions give the same battle, byte for byte", () => {
    const opts = { rosters: [rosters[0]!, rosters[2]!] as [typeof rosters[0], typeof rosters[0]], battleplan: "savage-gains" as const, log: true };
    const first = pitchedBattleGame.newInitialState(opts, 99);
    const steps = playOut(first, [randomAgent, randomAgent], new Rng(5));
    const again = pitchedBattleGame.newInitialState(opts, 99);
    for (const step of steps) again.apply(step.action);
    expect(JSON.stringify(again.toJSON())).toBe(JSON.stringify(first.toJSON()));
    expect(again.data.log!.length).toBeGreaterThan(50);
  });
});
