/**
 * A Pitched Battle (`BattleData`, at any decision step after deployment) as one flat Float64Array for the
 * Wasm rollout kernel (assembly/aos_rollout.ts). Everything the kernel needs to play the battle to its end
 * with the scripted policy: the plan's map and rules as numbers, unit profiles (weapons with their parsed
 * abilities, as src/aos/odds/plan.ts reads them), unit states, objectives and their controllers, terrain,
 * the scoring fold's bookkeeping, and the VP already scored (so the kernel returns the whole battle's record).
 *
 * THE LAYOUT (sizes and slot numbers, the one place they are written down) is in ./layout.ts, re-exported here;
 * assembly/battle/layout.ts repeats the numbers and test/aos/rollout-encode.test.ts holds the two equal.
 */
import { cities6Unit, ordersCondition, SHOOT_IN_COMBAT_KIND, underOrders } from "./encode-cities6.js";
import { move3Slot } from "./encode-move3.js";
import { isKernelPassiveEffect, passesPassiveFilter, passiveKindCode, passiveRecord } from "./encode-passive.js";
import { InputError } from "../../core/errors.js";
import { type WeaponAbilities, weaponAbilities } from "../odds/plan.js";
import { type Battleplan, battleplan, BATTLEPLAN_IDS, bordersOf, inPlayByMap, objectivePosition, SCORING_KINDS, veinsPosition } from "../battleplans/index.js";
import { BATTLE_TACTIC_IDS, GRAND_STRATEGY_IDS, type Side } from "../scoring/index.js";
import { Battle } from "../battle/battle.js";
import { armyHasFaction, matches, type ReplacementAbility, type ReserveAbility } from "../battle/abilities.js";
import { isKernelObjective4Effect, markToken, objective4Bits, objective4Kind } from "./encode-objective4.js";
import { CHARGE_MARK_KIND, isChargeMark } from "./encode-passive6.js";
import { battleReserves, type RedeployAbility, redeployAbilities, redeployUser } from "../battle/setups.js";
import { ARRIVED_TOKEN_PREFIX } from "../battle/reserves.js";
import { WICKED_WEAPON } from "../battle/traits.js";
import { encodeDeploymentMoves } from "./encode-deploy.js";
import { battleReplacements } from "../battle/timing2.js";
import { canIssue } from "../battle/commands.js";
import type { AbilityUse, BattleData, Step, TerrainFeature } from "../battle/state.js";
import { givesCover } from "../battle/terrain.js";
import { Rng } from "../../core/rng.js";
import { keywordIn, passes, type PlayedEffect, playedEffectsOf } from "../abilities/index.js";
import type { DiceExpr } from "../../core/dice.js";
import { turnToken } from "../abilities/attack.js";
import { isCombatStepEffect, STEP_PHASES, stepPhaseOf } from "../battle/combat-abilities.js";
import { isFightAfterEffect, isFightAfterTurnEffect } from "../battle/fight-order.js";
import { isSpellEffect, NO_REPLACEMENT_TOKEN, spellOf, untilToken } from "../battle/warscroll-spells.js";
import { durationGroup } from "../battle/status.js";
import { DURATION_SETS } from "../abilities/schema.js";
import { VP_SOURCES, vpSource } from "./types.js";
import { isNewMortal, isStepHeal, unitKey } from "../battle/damage.js";
import { commonKind, commonRecord, commonUnitBits, commonUnitSlots, isKernelCommonEffect } from "./encode-common.js";
import { IGNORED_FIRST_TOKEN, ignoresFirst } from "../battle/ignore-first.js";
import { encodeTraits } from "./encode-traits.js";
import { hashutPoints, hashutSlot } from "./encode-hashut6.js";
import { pointReaders } from "../battle/hashut6.js";
import { battleEffects } from "../battle/effects.js";
import { fightTwiceState, isKernelTiming2Effect, timing2Kind } from "./encode-timing2.js";
import { heldAbilityCode, isKernelHero3Effect, SEIZE_KIND } from "./encode-hero3.js";
import { isKernelReact4Effect, react4Record } from "./encode-react4.js";
import { isKernelMagic5Effect, magic5Record } from "./encode-magic5.js";
import { isKernelMagic6Effect, magic6Record } from "./encode-magic6.js";
import { combat3Record, isKernelCombat3Effect, SWITCH_ON_KIND } from "./encode-combat3.js";
import { isKernelTail4Effect, TAIL4_KINDS, tail4Record } from "./encode-tail4.js";
import { isKernelMoves5Effect, moves5Record, PHASE_MOVE_KIND } from "./encode-moves5.js";
import { DESTROYED_MORTAL_KIND, isAfterMortalEffect, isKernelMortal4Effect, mortal4Record } from "./encode-mortal4.js";
import { isKernelPassive3Effect, passive3KindCode, passive3State } from "./encode-passive3.js";
import { isKernelSylvaneth6Effect, OVERGROW_KIND, overgrowthCode, sylvaneth6Code } from "./encode-sylvaneth6.js";
import { OVERGROW_USED } from "../battle/sylvaneth6.js";
import { isKernelKills5Effect, KILL_MARK_KIND, killMarkTokens, kills5Mark, kills5Need, kills5Slot } from "./encode-kills5.js";

import { LAYOUT_VERSION, HEADER, UNIT, WEAPON, OBJECTIVE, TERRAIN, TERRITORY, SNAPSHOT, PRIOR, MAX_UNITS, MAX_WEAPONS, MAX_OBJECTIVES, MAX_TERRAIN, MAX_ANTI_KEYWORDS, H, U, UF, US, W, WF, MAX_ANTI_PER_WEAPON, O, STEP_KINDS, ABILITY, MAX_ABILITIES, AB, EFFECT, MAX_EFFECTS, EF, US2_IGNORED_FIRST } from "./layout.js";
export * from "./layout.js";

/** charge-rerolls.ts's effect kind and its kernel code (EF.KIND), from the moves area's range 104-113. */
export const CHARGE_REROLL_KIND = 104;
/** The effect kinds of fight-order.ts and their kernel codes (EF.KIND), apart from EFFECT_KINDS' indices. */
export const FIGHT_KINDS = { "fight-after": 46 } as const;
/** The effect kinds of save-triggers.ts and their kernel codes (EF.KIND), from the roll triggers' range 38-41. */
export const TRIGGER_KINDS = { "save-roll": 38 } as const;
/** The effect kinds of moves.ts and their kernel codes (EF.KIND); "move", "run", "charge" and "pile-in" share 44 (EF.MV_WHICH). */
export const MOVE_KINDS = { "charge-barrier": 42, "charge-after": 43, move: 44, run: 44, charge: 44, "pile-in": 44, "charged-strike-last": 45 } as const;
const MOVE_WHICH = ["move", "run", "charge", "pile-in"] as const;
/** The token a hero-phase charge-after ability leaves (battle/moves.ts CHARGE_AFTER_TOKEN, US.CHARGE_AFTER_TURN). */
const CHARGE_AFTER_TOKEN = "for-the-turn:charge-after";

/** The move effects the kernel plays (moves.ts): barriers, charge-after passive or in your hero phase, passive modifiers. */
function isKernelMoveEffect(pe: PlayedEffect): boolean {
  const d = pe.effect.do;
  const w = pe.ability.when;
  if (d.kind === "charge-barrier") return true;
  if (d.kind === "charged-strike-last") return w.timing === "phase" && w.phase === "charge";
  if (d.kind === "charge-after") return w.timing === "passive" || (w.timing === "phase" && w.phase === "hero");
  return (d.kind === "move" || d.kind === "run" || d.kind === "charge" || d.kind === "pile-in") && w.timing === "passive";
}

/** The slots of a move record (EF.MV_*). */
function moveRecord(pe: PlayedEffect, records: Float64Array, r: number): void {
  const d = pe.effect.do;
  if (d.kind === "charge-barrier") {
    records[r + EF.MV_WITHIN] = d.within;
    records[r + EF.MV_UNLESS] = d.unlessRoll;
    records[r + EF.MV_CONTESTING] = pe.effect.conditions.contesting === "objective-you-control" ? 1 : 0;
  } else if (d.kind === "charged-strike-last") {
    // Brace for Impact: the dice's target in EF.ON, whom's range in EF.RANGE.
    records[r + EF.ON] = d.on;
  } else if (d.kind === "charge-after") {
    records[r + EF.MV_AFTER] = (d.after.includes("run") ? 1 : 0) | (d.after.includes("retreat") ? 2 : 0) | (pe.ability.when.timing === "passive" ? 0 : 4);
    records[r + EF.MV_SHOOT] = (d.shoot ? 1 : 0) | (d.charge ? 0 : 2);
  } else if (d.kind === "move" || d.kind === "run" || d.kind === "charge" || d.kind === "pile-in") {
    records[r + EF.MV_WHICH] = MOVE_WHICH.indexOf(d.kind);
    records[r + EF.VALUE] = d.value;
  }
}
/** The effect kinds of healing.ts and their kernel codes (EF.KIND), apart from EFFECT_KINDS' indices. */
export const HEALING_KINDS = { heal: 24, "return-models": 25, "forbid-heal": 26, token: 27 } as const;
/** The effect kinds of a warscroll spell (warscroll-spells.ts isSpellEffect) and their kernel codes (EF.KIND). */
export const SPELL_KINDS = { mortal: 34, "for-the-turn": 35, slay: 114, "return-models": 115 } as const;
/** "Can use UNBIND abilities as if it had WIZARD (1)" (spells.ts unbindsAsWizard): a passive record, its kernel code. */
export const UNBIND_KIND = 36;
/** passive2.ts's effect kinds and their kernel codes (EF.KIND), from the passive2 room's range 144-159. */
export const PASSIVE2_KINDS = { "slain-roll": 144, "power-level": 145, unbinding: 146, chanting: 147, "cast-heal": 148 } as const;
/** A passive casting-roll modifier (battle/casting.ts castingBonus; assembly/battle/casting.ts): its kernel code (reserved room 124-127), EF.VALUE its value, whom the generic slots. */
export const CASTING_KIND = 124;
/** The same while the WIZARD has not miscast this phase (`unlessMiscast`), and "miscast-goes-on": kernel codes 125, 126. */
export const CASTING_UNLESS_MISCAST_KIND = 125;
export const MISCAST_GOES_ON_KIND = 126;
/** A casting-roll modifier "when it uses a SUMMON ability" (`summon`): kernel code 127. */
export const CASTING_SUMMON_KIND = 127;
/** The effect kinds of the declared-ability steps (combat-abilities.ts) apart from EFFECT_KINDS, and their codes (30-33). */
export const DECLARED_KINDS = { "terrain-mortal": 30 } as const;
/** A heal the declared steps play (damage.ts isStepHeal): its kernel code, from the damage area's 84-93. */
export const STEP_HEAL_KIND = 84;
/** The one token the kernel carries for an ability (US.BONE_CAGE_FULL). */
export const BONE_CAGE_TOKEN = "bone-cage-full";
export const EFFECT_KINDS = ["hit", "wound", "rend", "damage", "ward", "fail-unmodified", "control", "mortal", "slay", "strike", "for-the-turn", "charge-dice"] as const;

/**
 * The healing effects the kernel plays (healing.ts isHealingEffect, less what needs no record: Bone Cage's
 * start token is the encoded token, Repair Construct's removal is its return record's H_TOKEN).
 */
function isKernelHealingEffect(pe: PlayedEffect): boolean {
  if (isSpellEffect(pe)) return false; // a spell's return-models is a spell record (SPELL_KINDS)
  const d = pe.effect.do;
  if (isStepHeal(pe)) return false; // the steps' heals: STEP_HEAL_KIND
  return d.kind === "heal" || d.kind === "return-models" || d.kind === "forbid-heal" || (d.kind === "token" && d.roll !== undefined);
}

/** The slots of a healing record (EF.H_*), or an InputError for what the kernel does not play. */
function healingRecord(pe: PlayedEffect, records: Float64Array, r: number): void {
  const d = pe.effect.do;
  const w = pe.ability.when;
  const c = pe.effect.conditions;
  const refuse = (why: string) => new InputError(`abilities: ${pe.key}: the rollout kernel ${why}`);
  if (w.timing === "passive") records[r + EF.H_TIMING] = 0;
  else if (w.timing === "phase" && w.phase === "hero" && w.whose === "your") records[r + EF.H_TIMING] = 1;
  else if (w.timing === "phase" && w.phase === "end-of-turn") {
    records[r + EF.H_TIMING] = 2;
    records[r + EF.H_WHOSE] = ["any", "your", "enemy"].indexOf(w.whose);
  } else if (w.timing === "phase" && w.phase === "start-of-turn" && d.kind !== "token") {
    records[r + EF.H_TIMING] = 3;
    records[r + EF.H_WHOSE] = ["any", "your", "enemy"].indexOf(w.whose);
  } else if (d.kind !== "forbid-heal") throw refuse(`plays healing in your hero phase, at the start or the end of a turn or after a fight only`);
  const limit = w.timing === "phase" ? w.limit : "none";
  records[r + EF.LIMIT] = limitCode(limit);
  records[r + EF.H_SLEW] = c.slewThisTurn ? 1 : 0;
  const dice = (x: DiceExpr) => {
    records[r + EF.DICE_COUNT] = x.count;
    records[r + EF.DICE_SIDES] = x.sides;
    records[r + EF.H_DICE_PLUS] = x.plus;
  };
  if (d.kind === "heal") {
    if (pe.effect.whom.side !== "self") throw refuse("heals the unit with the ability only");
    if (d.amount === "damage-dealt") records[r + EF.H_MODE] = 1;
    else if (d.amount === "half-damage") records[r + EF.H_MODE] = 2; // damage.ts: half the unit's damage points, rounding up
    else dice(d.amount);
  } else if (d.kind === "return-models") {
    const x = d.health ?? d.count;
    if (!x) throw refuse("returns a count or a Health budget of models");
    dice(x);
    records[r + EF.H_MODE] = d.health ? 1 : 0;
    records[r + EF.ON] = d.on ?? 0;
    records[r + EF.EACH_TARGET] = d.targets === "each" ? 1 : 0;
    records[r + EF.H_INSTEAD] = d.instead?.count ?? 0;
    records[r + EF.H_INSTEAD_H1] = d.instead?.healthOne ? 1 : 0;
    records[r + EF.D_MIN] = d.least ?? 0;
    if (c.token !== undefined) {
      if (c.token !== BONE_CAGE_TOKEN) throw refuse(`carries the ${BONE_CAGE_TOKEN} token only`);
      records[r + EF.H_TOKEN] = 1;
    }
  } else if (d.kind === "token") {
    if (d.token !== BONE_CAGE_TOKEN || !d.roll) throw refuse(`carries the ${BONE_CAGE_TOKEN} token only`);
    records[r + EF.H_TOKEN] = 1;
    records[r + EF.ON] = d.roll.on;
    records[r + EF.H_FOUGHT_BONUS] = d.roll.foughtBonus;
  }
}

/**
 * The token the kernel carries for the save-roll triggers (US.TRIGGER_TOKEN): the one a trigger of the battle
 * removes; two different ones are refused (the TypeScript engine plays such a battle).
 */
export function triggerToken(list: readonly PlayedEffect[]): string | undefined {
  let token: string | undefined;
  for (const pe of list) {
    const d = pe.effect.do;
    if (d.kind !== "save-roll" || d.removeToken === undefined) continue;
    if (token !== undefined && token !== d.removeToken) throw new InputError(`abilities: ${pe.key}: the rollout kernel carries one save-roll token a battle (${token} and ${d.removeToken})`);
    token = d.removeToken;
  }
  return token;
}

/**
 * A mask over the effect records (bit k = record k, MAX_EFFECTS = 64): bits 0-31 and 32-63 as two signed 32-bit
 * numbers, encoded in a slot and its _HI slot (f64 slots hold 32-bit integers exactly; the kernel reads them as a u64).
 */
export type Mask64 = [lo: number, hi: number];
const mask64 = (): Mask64 => [0, 0];
function setBit(m: Mask64, k: number): void {
  if (k < 32) m[0] |= 1 << k;
  else m[1] |= 1 << (k - 32);
}

/** EF.LIMIT: 0 none or once per turn (each unit once in a step), 1 once per turn (army), 2 once per battle (army), 3 once per battle for each unit. */
function limitCode(limit: string): number {
  return limit === "once-per-turn-army" ? 1 : limit === "once-per-battle-army" ? 2 : limit === "once-per-battle" ? 3 : 0;
}

/** The slots of a mortal record of damage.ts's forms (EF.D_*). */
function damageRecord(pe: PlayedEffect, d: Extract<PlayedEffect["effect"]["do"], { kind: "mortal" }>, records: Float64Array, r: number): void {
  const refuse = (why: string) => new InputError(`abilities: ${pe.key}: the rollout kernel ${why}`);
  records[r + EF.D_NEW] = 1;
  records[r + EF.D_MIN] = d.minDice ?? 0;
  records[r + EF.D_MAX] = d.maxDice ?? 0;
  records[r + EF.D_GATE] = d.gate ?? 0;
  if (d.summed && (d.rolls !== undefined || d.per !== "once" || d.dice.count > 2)) throw refuse("sums at most 2 dice, rolled once");
  if (d.vs) {
    records[r + EF.D_VS_STAT] = ["health", "save", "models", "damage"].indexOf(d.vs.stat) + 1;
    records[r + EF.D_VS_RULE] = ["exceeds", "at-most", "below"].indexOf(d.vs.rule);
  }
  if (d.top) {
    if (d.top.damage.plus !== 0) throw refuse("rolls a better damage without a modifier");
    records[r + EF.D_TOP_FROM] = d.top.from;
    records[r + EF.D_TOP_COUNT] = d.top.damage.count;
    records[r + EF.D_TOP_SIDES] = d.top.damage.sides;
  }
  records[r + EF.D_DMG_PLUS] = d.damage?.plus ?? 0;
  if (d.rollBonus) {
    records[r + EF.D_RB_ADD] = d.rollBonus.add;
    records[r + EF.D_RB_IF] = ["target-charged", "target-more-models", "target-models-over", "target-damaged", "daemonic-points"].indexOf(d.rollBonus.if); // 4: hashut6's
    records[r + EF.D_RB_MODELS] = d.rollBonus.models ?? 0;
  }
  records[r + EF.D_EXTRA_ADD] = d.extra?.add ?? 0;
  records[r + EF.D_EXTRA_FLAGS] = (d.extra?.double ? 1 : 0) | (d.extra?.charged ? 2 : 0) | (d.extra?.anyKeywords ? 4 : 0) | (d.summed ? 8 : 0);
}

/** The slots of a heal the steps play (damage.ts useStepHeal): its dice, first roll and how many targets. */
function stepHealRecord(pe: PlayedEffect, records: Float64Array, r: number): void {
  const d = pe.effect.do as Extract<PlayedEffect["effect"]["do"], { kind: "heal" }>;
  const x = d.amount as DiceExpr;
  if (x.count > 2) throw new InputError(`abilities: ${pe.key}: the rollout kernel heals at most 2 dice`);
  if (d.perModel) {
    records[r + EF.D_MIN] = d.perModel.on;
    records[r + EF.D_TOP_FROM] = d.perModel.top?.from ?? 0;
    records[r + EF.D_TOP_COUNT] = d.perModel.top?.amount ?? 0;
  }
  records[r + EF.DICE_COUNT] = x.count;
  records[r + EF.DICE_SIDES] = x.sides;
  records[r + EF.H_DICE_PLUS] = x.plus;
  records[r + EF.ON] = d.on ?? 0;
  records[r + EF.EACH_TARGET] = d.targets === "each" ? 1 : 0;
  records[r + EF.UP_TO] = d.upTo ?? 0;
}

/**
 * EF.CHARGED's 2 for `arrived` (a declared mortal damage or slay only), when every reserve the units of the ability's
 * warscroll (the units that use it) could be set up in arrives by `arrival`.
 */
function arrivedCondition(data: BattleData, arrival: string, ability: string, warscroll: string, kind: string): number {
  if (kind !== "mortal" && kind !== "slay") throw new InputError(`${ability}: "set up this turn using ..." is a condition of a declared mortal damage or slay`);
  const w = warscroll.toLowerCase();
  onlyArrival(data, arrival, ability, data.profiles.filter((p) => p.warscroll.toLowerCase() === w));
  return 2;
}

/**
 * The kernel knows a unit was set up this turn by a reserve arrival (U.STATE ARRIVED), not by which: an ability that
 * asks for `arrival` needs it to be the only one the reserves of `units` (reserves.ts reserveOptions, before its
 * limits) arrive by, else an InputError (the TypeScript engine plays the battle). Also encode-moves5.ts's picks.
 */
export function onlyArrival(data: BattleData, arrival: string, ability: string, units: readonly BattleData["profiles"][number][]): void {
  const usable = battleReserves(data.profiles).filter((a) => units.some((p) => matches(p, a.units) && armyHasFaction(data.profiles, p.owner, a.faction)));
  const other = usable.find((a) => a.arrival.name.toLowerCase() !== arrival.toLowerCase());
  if (other) throw new InputError(`${ability}: the rollout kernel cannot tell an arrival by '${arrival}' from one by '${other.arrival.name}' in one battle (the TypeScript engine plays it)`);
}

/** The played effects the kernel interprets, and each unit's masks over them. */
function effectSlots(data: BattleData): {
  records: Float64Array;
  unit: (id: number) => Mask64[];
  phase: [Mask64, Mask64];
  battle: [Mask64, Mask64];
  spellsCast: Mask64;
  fightNext: [number, number];
  trigger: string | undefined;
  mark: string | undefined;
  killMarks: string[];
  list: PlayedEffect[];
} {
  // Mortal damage and slays only as the combat phase's ability step plays them (combat-abilities.ts).
  const list = playedEffectsOf(data.profiles).filter(
    (pe) =>
      (pe.effect.do.kind === "return-models" && isSpellEffect(pe) && spellOf(pe.ability)) ||
      ((EFFECT_KINDS as readonly string[]).includes(pe.effect.do.kind) &&
        (pe.effect.do.kind !== "mortal" && pe.effect.do.kind !== "slay" && pe.effect.do.kind !== "strike" && pe.effect.do.kind !== "for-the-turn"
          ? true
          : isCombatStepEffect(pe) || stepPhaseOf(pe) !== null || isFightAfterTurnEffect(pe) || (isSpellEffect(pe) && !!spellOf(pe.ability)) || isAfterMortalEffect(pe))) ||
      isKernelHealingEffect(pe) ||
      (isStepHeal(pe) && stepPhaseOf(pe) !== null) ||
      isFightAfterEffect(pe) ||
      pe.effect.do.kind in TRIGGER_KINDS ||
      (pe.effect.do.kind in PASSIVE2_KINDS && pe.ability.when.timing === "passive") ||
      (pe.effect.do.kind === "unbind" && pe.ability.when.timing === "passive") ||
      ((pe.effect.do.kind === "casting" || pe.effect.do.kind === "miscast-goes-on") && pe.ability.when.timing === "passive") ||
      (pe.effect.do.kind === "terrain-mortal" && stepPhaseOf(pe) !== null) ||
      isKernelMoveEffect(pe) ||
      pe.effect.do.kind === "charge-reroll" ||
      isKernelCommonEffect(pe) ||
      isKernelPassiveEffect(pe) ||
      isKernelPassive3Effect(pe) ||
      isKernelTiming2Effect(pe) ||
      isKernelHero3Effect(pe) ||
      isKernelCombat3Effect(pe) ||
      isKernelTail4Effect(pe) ||
      isKernelMoves5Effect(pe) ||
      isKernelObjective4Effect(pe) ||
      isKernelKills5Effect(pe) ||
      isKernelMortal4Effect(pe) ||
      isKernelReact4Effect(pe) ||
      isKernelMagic5Effect(pe) ||
      isKernelSylvaneth6Effect(pe) ||
      (pe.effect.do.kind === "shoot-in-combat" && pe.ability.when.timing === "passive") || // encode-cities6.ts
      isKernelMagic6Effect(pe),
  );
  const trigger = triggerToken(list);
  const mark = markToken(list); // encode-objective4.ts
  const killMarks = killMarkTokens(list); // encode-kills5.ts
  if (list.length > MAX_EFFECTS) throw new InputError(`abilities: at most ${MAX_EFFECTS} played effects in one battle for the rollout kernel (got ${list.length})`);
  const records = new Float64Array(list.length * EFFECT);
  list.forEach((pe, k) => {
    const r = k * EFFECT;
    const e = pe.effect;
    const d = e.do;
    const c = e.conditions;
    const spell = isSpellEffect(pe);
    records[r + EF.KIND] = isKernelSylvaneth6Effect(pe)
      ? OVERGROW_KIND
      : d.kind === "shoot-in-combat"
      ? SHOOT_IN_COMBAT_KIND // encode-cities6.ts
      : isChargeMark(pe)
      ? CHARGE_MARK_KIND // encode-passive6.ts: objective4's mark put at the end of a charge phase
      : isKernelObjective4Effect(pe)
      ? objective4Kind(pe)
      : isKernelKills5Effect(pe)
      ? KILL_MARK_KIND
      : isKernelTiming2Effect(pe)
      ? timing2Kind(pe)
      : isKernelHero3Effect(pe)
      ? SEIZE_KIND
      : isKernelCombat3Effect(pe)
      ? SWITCH_ON_KIND
      : isKernelTail4Effect(pe)
      ? TAIL4_KINDS[d.kind as keyof typeof TAIL4_KINDS]
      : isKernelMoves5Effect(pe)
      ? PHASE_MOVE_KIND
      : isKernelMortal4Effect(pe)
      ? DESTROYED_MORTAL_KIND
      : isKernelPassiveEffect(pe)
      ? passiveKindCode(pe)
      : isKernelPassive3Effect(pe)
      ? passive3KindCode(pe)
      : isStepHeal(pe)
      ? STEP_HEAL_KIND
      : d.kind === "charge-reroll"
      ? CHARGE_REROLL_KIND
      : isKernelMoveEffect(pe)
      ? MOVE_KINDS[d.kind as keyof typeof MOVE_KINDS]
      : isKernelCommonEffect(pe)
      ? commonKind(pe)
      : spell
      ? SPELL_KINDS[d.kind as keyof typeof SPELL_KINDS]
      : d.kind === "casting"
      ? d.summon ? CASTING_SUMMON_KIND : d.unlessMiscast ? CASTING_UNLESS_MISCAST_KIND : CASTING_KIND
      : d.kind === "miscast-goes-on"
      ? MISCAST_GOES_ON_KIND
      : d.kind === "unbind"
        ? UNBIND_KIND
        : d.kind in PASSIVE2_KINDS
        ? PASSIVE2_KINDS[d.kind as keyof typeof PASSIVE2_KINDS]
        : d.kind in HEALING_KINDS
          ? HEALING_KINDS[d.kind as keyof typeof HEALING_KINDS]
          : d.kind in FIGHT_KINDS
            ? FIGHT_KINDS[d.kind as keyof typeof FIGHT_KINDS]
            : d.kind in TRIGGER_KINDS
              ? TRIGGER_KINDS[d.kind as keyof typeof TRIGGER_KINDS]
              : d.kind in DECLARED_KINDS
                ? DECLARED_KINDS[d.kind as keyof typeof DECLARED_KINDS]
                : EFFECT_KINDS.indexOf(d.kind as (typeof EFFECT_KINDS)[number]);
    records[r + EF.VALUE] =
      d.kind === "slay"
        ? ["roll-at-least-double-health", "roll-exceeds-health", "roll-at-least-health", "2d6-exceeds-health"].indexOf(d.rule) // 3: declared6's 2D6 destroying the unit
        : d.kind === "ward" ? d.value : d.kind === "fail-unmodified" ? d.upTo : d.kind === "control" ? (d.add ?? 0) : d.kind === "strike" ? (d.on ?? 1) : d.kind === "charge-dice" ? d.add : "value" in d ? (d.value ?? 0) : 0;
    records[r + EF.DIRECTION] = "direction" in d && d.direction === "against" ? 1 : 0;
    records[r + EF.SIDE] = ["self", "friendly", "enemy"].indexOf(e.whom.side);
    records[r + EF.RANGE] = e.whom.range ?? -1;
    records[r + EF.WHOLLY] = e.whom.wholly ? 1 : 0;
    records[r + EF.INCLUDE_SELF] = e.whom.includeSelf ? 1 : 0;
    records[r + EF.ATTACK] = ["any", "melee", "ranged"].indexOf(c.attack);
    // 2: "set up this turn using the 'X' ability" (conditions.arrived): the kernel knows that a unit arrived from
    // reserve this turn (U.STATE ARRIVED), not by which ability, so every arrival of the battle must be that one.
    records[r + EF.CHARGED] = c.arrived !== undefined ? arrivedCondition(data, c.arrived, pe.ability.name, pe.ability.warscroll, d.kind) : c.charged === undefined ? -1 : c.charged ? 1 : 0;
    records[r + EF.TARGET_CHARGED] = c.targetCharged === undefined ? -1 : c.targetCharged ? 1 : 0;
    records[r + EF.M3_PASSED] = c.passedAcross ? 1 : 0; // move3.ts
    records[r + EF.M3_CHARGE_ROLL] = c.chargeRoll ?? 0;
    records[r + EF.NEAR_RANGE] = c.near?.range ?? -1;
    records[r + EF.NEAR_WHOLLY] = c.near?.wholly ? 1 : 0;
    records[r + EF.NEAR_MEASURED] = c.near?.measured === "this-within" ? 1 : 0;
    records[r + EF.P2_NEAR_MODELS] = c.near?.minModels ?? 0;
    records[r + EF.P3_STATE] = pe.ability.when.timing === "passive" ? passive3State(c) : 0; // a passive ability's (attack.ts sourceFor)
    records[r + EF.P3_TARGET_RANGE] = c.targetWithin?.range ?? -1; // read with P3_STATE bit 32
    records[r + EF.P3_TARGET_BEYOND] = c.targetWithin?.beyond ? 1 : 0;
    records[r + EF.O4] = objective4Bits(pe, mark); // encode-objective4.ts
    records[r + EF.K5_NEED] = kills5Need(pe, killMarks); // encode-kills5.ts
    records[r + EF.K5_MARK] = kills5Mark(pe, killMarks);
    records[r + EF.H6_POINTS] = hashutPoints(pe); // encode-hashut6.ts
    records[r + EF.H6_MAGIC] = c.wardMagic ? 1 : 0;
    records[r + EF.SY6_OVERGROWTH] = overgrowthCode(pe); // encode-sylvaneth6.ts
    records[r + EF.SY6_CODE] = sylvaneth6Code(pe);
    records[r + EF.C6_ORDERS] = ordersCondition(c); // encode-cities6.ts
    records[r + EF.C6_ATTACKER] = (c.attackerUnderOrders ? 1 : 0) | (d.kind === "for-the-turn" && d.sureUnderOrders ? 2 : 0);
    records[r + EF.LIMITED] = pe.ability.when.timing === "reaction" && pe.ability.when.limit === "once-per-phase-army" ? 1 : 0;
    records[r + EF.EXTRA] =
      d.kind === "fail-unmodified" ? (d.rolls.includes("hit") ? 1 : 0) | (d.rolls.includes("wound") ? 2 : 0) : d.kind === "control" ? (d.max ?? 0) : d.kind === "charge-dice" ? d.max : 0;
    records[r + EF.CONTESTING] = c.contesting === undefined ? 0 : c.contesting === "objective-in-friendly-territory" ? 1 : 2;
    if (d.kind === "charge-reroll") {
      records[r + EF.CR_DICE] = ["all", "one", "four"].indexOf(d.dice);
      records[r + EF.CR_LIMIT] = pe.ability.when.timing === "reaction" && pe.ability.when.limit === "once-per-turn-army" ? 1 : 0;
    }
    if (d.kind === "mortal") {
      // A spell's fixed amount (no dice) is its EF.SP_FIXED (spellRecord).
      if (d.dice.plus !== 0 && !(spell && d.dice.count === 0)) throw new InputError(`abilities: ${pe.key}: the rollout kernel rolls mortal damage dice without a modifier`);
      records[r + EF.PER] = ["once", "model", "target-model", "round", "target-health", "target-damage", "self-damage", "charge-roll"].indexOf(d.per); // 7: move3.ts
      records[r + EF.DICE_COUNT] = d.dice.count * (d.rolls ?? 1); // "Roll 6 dice": the kernel rolls DICE_COUNT dice
      if (isNewMortal(d) && !spell) damageRecord(pe, d, records, r); // a spell's mortal damage is a spell record (spellRecord)
      records[r + EF.DICE_SIDES] = d.dice.sides;
      records[r + EF.ON] = d.on ?? 1;
      records[r + EF.EACH] = d.each === "roll" ? 0 : d.each;
      records[r + EF.BETTER_MODELS] = d.better?.models ?? 0;
      records[r + EF.BETTER_TARGET] = d.better?.of === "target" ? 1 : 0;
      records[r + EF.BETTER_ON] = d.better?.on ?? 0;
      records[r + EF.BONUS_ADD] = d.bonus?.add ?? 0;
      records[r + EF.EACH_TARGET] = d.targets === "each" ? 1 : 0;
      records[r + EF.UP_TO] = d.upTo ?? 0;
      // Necrotic Impetus: the army gains the damage points allocated as relentless discipline points (combat-abilities.ts gainTokens).
      records[r + EF.GAIN_DISCIPLINE] = pe.ability.effects.some((x) => x.do.kind === "token" && x.do.action === "gain" && x.do.token === "relentless-discipline") ? 1 : 0;
      if (d.damage) {
        if (d.damage.plus !== 0 && !isNewMortal(d)) throw new InputError(`abilities: ${pe.key}: the rollout kernel rolls mortal damage dice without a modifier`);
        records[r + EF.DMG_COUNT] = d.damage.count;
        records[r + EF.DMG_SIDES] = d.damage.sides;
      }
    }
    if (d.kind === "for-the-turn") {
      // 1: set on the unit that fights after; passive4's atPick: 2 also at the pick on the target, 3 at the pick on the unit with the ability.
      records[r + EF.F_AFTER_FIGHT] = isFightAfterTurnEffect(pe) ? (d.atPick ? (e.whom.side === "self" ? 3 : 2) : 1) : 0;
      if (isFightAfterTurnEffect(pe) && d.on !== undefined) throw new InputError(`abilities: ${pe.key}: the rollout kernel sets a fight-after's for-the-turn effect without dice`);
      records[r + EF.ON] = d.on ?? 0;
      records[r + EF.TURN_SET] = DURATION_SETS.indexOf(d.set);
      records[r + EF.ST_UNTIL] = d.until === "your-next-turn" ? 1 : 0;
      records[r + EF.UP_TO] = d.upTo ?? 0; // "pick up to N units" (the mortal records' slot, the same meaning)
      records[r + EF.EACH_TARGET] = d.each ? 1 : 0; // combat3: "pick each ... unit" (the mortal records' slot, the same meaning)
      records[r + EF.ST_STATIONARY] = c.stationary === undefined ? 0 : c.stationary ? 1 : 2;
      records[r + EF.D2_VS] = d.vs === undefined ? 0 : ["control-exceeds", "control-at-most", "health-at-most", "health-2d6-exceeds"].indexOf(d.vs) + 1;
      records[r + EF.D2_ADD_DAMAGED] = d.addIfDamaged ?? 0;
      records[r + EF.D2_ADD_KEYWORD] = d.addIfKeywords?.add ?? 0;
      records[r + EF.D2_AND_SELF] = d.andSelf ?? 0;
      records[r + EF.H3_SURE] = d.sureInCombat ? 1 : 0;
      records[r + EF.D4_ON_SELF] = d.onSelf ? 1 : 0; // declared4 (battle/declared4.ts onSelf)
      records[r + EF.D6_COMMAND] = d.command ? 1 : 0; // declared6 (battle/declared6.ts): a command
      records[r + EF.D6_TARGET_CHARGED] = c.attackTargetCharged ? 1 : 0; // declared6: the attack's target charged this turn
      // Elite Guardians: "If this unit is in combat with any enemy units that charged this turn", checked when it is used
      // (status.ts useForAWhile; the passive records' slots, the same meaning, without a filter).
      if (c.inCombatWith !== undefined) {
        if (c.inCombatWith.filter !== undefined) throw new InputError(`abilities: ${pe.key}: the rollout kernel reads an effect for a while's inCombatWith without a filter`);
        records[r + EF.P_COMBAT_WITH] = c.inCombatWith.count;
        records[r + EF.P_COMBAT_CHARGED] = c.inCombatWith.charged === undefined ? -1 : c.inCombatWith.charged ? 1 : 0;
      }
      records[r + EF.SP_OPTION] = c.option ?? 0; // pick5: "pick 1 of the following effects", the option (the spells' slot, the same meaning)
      if (d.set === "weapon-ability") records[r + EF.VALUE] = heldAbilityCode(d.ability); // hero3: the Crit, as a passive weapon-ability's code
      // declared2 "charge-after" (battle/declared2.ts): the charge-after records' slots, the same meaning (bit 1 a run, bit 2 a retreat; SHOOT too).
      if (d.set === "charge-after") {
        records[r + EF.MV_AFTER] = (d.after?.includes("run") ? 1 : 0) | (d.after?.includes("retreat") ? 2 : 0);
        records[r + EF.MV_SHOOT] = d.shoot ? 1 : 0;
      }
      const group = durationGroup(pe);
      records[r + EF.ST_GROUP] = group ? group.length : 0;
      // The kernel reads a group's records from its first one: they follow it (an ability's effects are consecutive).
      if (group && group.some((g, i) => list[k + i]?.key !== pe.key || list[k + i]?.effect !== g.effect))
        throw new InputError(`abilities: ${pe.key}: the rollout kernel reads an ability's effects for a while one after the other`);
      records[r + EF.COMPANION_ONLY] = d.companionOnly ? 1 : 0;
      records[r + EF.AFTER_DAMAGE] = d.afterDamage ?? 0;
      records[r + EF.C3_AFTER_ROLL] = d.afterRoll ? 1 : 0;
      records[r + EF.M4_AFTER] = (d.afterSlain ? 1 : 0) | (d.afterSelf ? 2 : 0); // the mortal4 area
      // The schema puts it after its ability's mortal damage; the kernel reads the record before it.
      if (d.afterDamage !== undefined && (k === 0 || list[k - 1]!.key !== pe.key || list[k - 1]!.effect.do.kind !== "mortal"))
        throw new InputError(`abilities: ${pe.key}: a for-the-turn effect after mortal damage must follow it`);
    }
    if (d.kind === "terrain-mortal") {
      // The feature within RANGE of the unit; the units within NEAR_RANGE of it (EF_WHOM: whom's filter), both sides with EACH_TARGET.
      if (d.dice.plus !== 0) throw new InputError(`abilities: ${pe.key}: the rollout kernel rolls mortal damage dice without a modifier`);
      records[r + EF.RANGE] = d.range;
      records[r + EF.NEAR_RANGE] = d.within;
      records[r + EF.DICE_COUNT] = d.dice.count;
      records[r + EF.DICE_SIDES] = d.dice.sides;
      records[r + EF.ON] = d.on ?? 1;
      records[r + EF.EACH] = d.each === "roll" ? 0 : d.each;
      records[r + EF.EACH_TARGET] = d.sides === "both" ? 1 : 0;
    }
    if (d.kind === "slay") {
      records[r + EF.DICE_COUNT] = d.rolls ?? 1; // "Roll 3 dice": each one slays a model
      records[r + EF.SLAY_HURL] = d.hurl ?? 0; // Hurled Body
    }
    if (isStepHeal(pe)) stepHealRecord(pe, records, r);
    if (d.kind === "mortal" || d.kind === "slay" || d.kind === "strike" || d.kind === "for-the-turn" || d.kind === "terrain-mortal" || isStepHeal(pe) || isKernelTiming2Effect(pe) || isKernelHero3Effect(pe) || isKernelCombat3Effect(pe)) {
      const w = pe.ability.when;
      const limit = w.timing === "phase" ? w.limit : "none";
      records[r + EF.MIN_MODELS] = c.minModels ?? 0;
      records[r + EF.LIMIT] = limitCode(limit);
      records[r + EF.DECL_PHASE] = STEP_PHASES.indexOf(stepPhaseOf(pe) ?? "combat");
      records[r + EF.DECL_WHOSE] = w.timing === "phase" ? ["any", "your", "enemy"].indexOf(w.whose) : 0;
      records[r + EF.VISIBLE] = c.visible && (d.kind === "mortal" || d.kind === "slay" || d.kind === "heal" || d.kind === "for-the-turn") ? 1 : 0;
      records[r + EF.D_DAMAGED] = c.damaged === undefined ? 0 : c.damaged ? 1 : 2;
    }
    combat3Record(pe, list, k, records, r, EF); // encode-combat3.ts: an aura switched on for the rest of the turn
    mortal4Record(pe, records, r, EF); // encode-mortal4.ts: a destroyed unit's mortal damage
    if (isKernelReact4Effect(pe)) react4Record(pe, records, r, EF); // encode-react4.ts: casting and unbinding reactions
    if (isKernelMagic5Effect(pe)) magic5Record(pe, records, r, EF); // encode-magic5.ts: ritual points given in a hero phase
    if (isKernelMagic6Effect(pe)) magic6Record(pe, records, r, EF); // encode-magic6.ts: a power level for the rest of the turn
    if (isKernelHealingEffect(pe)) healingRecord(pe, records, r);
    else if (c.token !== undefined && c.token !== mark && !killMarks.includes(c.token)) { // a kill mark's: EF.K5_NEED (encode-kills5.ts)
      // The one token an attack record can need is the trigger token (Loyal Gryph-hound's ward).
      if (c.token !== trigger) throw new InputError(`abilities: ${pe.key}: the rollout kernel carries only the token a save-roll trigger removes`);
      records[r + EF.TRIG_TOKEN_NEEDED] = 1;
    }
    if (d.kind === "fight-after") {
      const w = pe.ability.when;
      const limit = w.timing === "reaction" ? w.limit : "none";
      if (limit !== "none" && limit !== "once-per-turn-army") throw new InputError(`abilities: ${pe.key}: the rollout kernel plays a fight-after reaction without a limit or once per turn (army) only`);
      records[r + EF.F_LIMIT] = limit === "once-per-turn-army" ? 1 : 0;
    }
    if (spell) {
      const w = pe.ability.when as Extract<PlayedEffect["ability"]["when"], { timing: "spell" }>;
      records[r + EF.SP_CASTING] = w.castingValue;
      records[r + EF.SP_ROLL_MIN] = c.castingRoll?.atLeast ?? 0;
      records[r + EF.SP_ROLL_MAX] = c.castingRoll?.atMost ?? 0;
      records[r + EF.SP_UNTIL] = d.kind === "for-the-turn" && d.until === "your-next-turn" ? 1 : 0;
      records[r + EF.SP_FIRST] = list.findIndex((x) => x.ability === pe.ability);
      spellRecord(pe, records, r);
    }
    if (d.kind === "save-roll") {
      records[r + EF.TRIG_ROLL] = d.roll;
      if (d.mortal) {
        records[r + EF.DICE_COUNT] = d.mortal.count;
        records[r + EF.DICE_SIDES] = d.mortal.sides;
        records[r + EF.VALUE] = d.mortal.plus;
      } else records[r + EF.TRIG_REMOVE_TOKEN] = 1;
    }
    if (d.kind === "cast-heal") records[r + EF.P2_HEAL] = d.heal;
    if (d.kind === "hidden") records[r + EF.P2_CLEAR] = d.clear ?? -1; // common.ts hiddenFrom: no enemy unit within this
    if (d.kind === "slain-roll") {
      records[r + EF.P2_ON] = d.on;
      records[r + EF.P2_DICE] = d.dice;
      records[r + EF.DICE_COUNT] = d.mortal.count;
      records[r + EF.DICE_SIDES] = d.mortal.sides;
      records[r + EF.VALUE] = d.mortal.plus;
    }
    if (c.targetKeywords !== undefined) {
      if (c.near) throw new InputError(`abilities: ${pe.key}: the rollout kernel reads a target's keywords or a "near" condition, not both`);
      records[r + EF.TARGET_KEYWORDS] = 1;
    }
    records[r + EF.TARGET_MIN_MODELS] = c.targetMinModels ?? 0;
    records[r + EF.P6_FLAGS] = (c.targetControl === "higher" ? 1 : c.targetControl === "lower" ? 2 : 0) | (c.soleCombat ? 4 : 0); // passive6
    records[r + EF.IN_COMBAT] = c.inCombat === undefined ? 0 : c.inCombat ? 1 : 2;
    if (isKernelMoveEffect(pe)) moveRecord(pe, records, r);
    if (isKernelCommonEffect(pe)) commonRecord(pe, list, records, r);
    if (isKernelTail4Effect(pe)) tail4Record(pe, records, r);
    if (isKernelMoves5Effect(pe)) moves5Record(pe, records, r, data); // encode-moves5.ts
    passiveRecord(pe, records, r, EF, data.profiles);
  });
  const unit = (id: number): Mask64[] => {
    const p = data.profiles[id]!;
    const tokens = data.units[id]!.tokens;
    const source = mask64();
    const whom = mask64();
    const near = mask64();
    const turn = mask64();
    const until = [mask64(), mask64()];
    const passive = mask64();
    const extra = mask64();
    const battleUsed = mask64();
    list.forEach((pe, k) => {
      if (passesPassiveFilter(pe, p)) setBit(passive, k);
      if ((pe.effect.do.kind === "for-the-turn" || pe.effect.do.kind === "power-turn" || pe.effect.do.kind === "casting-turn" || pe.effect.conditions.switchedOn) && tokens.includes(turnToken(pe))) setBit(turn, k); // magic6: a power level for the rest of the turn
      for (const pl of [0, 1] as const) if ((pe.effect.do.kind === "for-the-turn" || pe.effect.do.kind === "casting-turn") && tokens.includes(untilToken(pl, turnToken(pe)))) setBit(until[pl]!, k); // magic6: casting-turn
      if (p.warscroll.toLowerCase() === pe.ability.warscroll.toLowerCase()) setBit(source, k);
      const common = commonUnitBits(p, pe); // encode-common.ts: what a common record's masks mean
      if (common ? common.whom : passes(p, pe.effect.whom.filter)) setBit(whom, k);
      if (pe.effect.conditions.near && passes(p, pe.effect.conditions.near.filter)) setBit(near, k);
      if (common?.near) setBit(near, k);
      const tk = pe.effect.conditions.targetKeywords;
      if (tk && tk.every((x) => keywordIn(p.keywords, x))) setBit(near, k); // the target's keywords (EF.TARGET_KEYWORDS)
      const d = pe.effect.do;
      if (d.kind === "mortal" && d.bonus && keywordIn(p.keywords, d.bonus.keyword)) setBit(near, k);
      if (d.kind === "mortal" && d.extra?.anyKeywords?.some((x) => keywordIn(p.keywords, x))) setBit(extra, k); // damage.ts extraApplies
      if (d.kind === "for-the-turn" && d.addIfKeywords?.anyKeywords.some((x) => keywordIn(p.keywords, x))) setBit(extra, k); // declared2.ts diceHolds
      if ((data.effectsUsed?.[p.owner as 0 | 1] ?? []).includes(unitKey(pe, id))) setBit(battleUsed, k); // damage.ts usedByUnit
      if (d.kind === "return-models" && d.instead?.keyword !== undefined && keywordIn(p.keywords, d.instead.keyword)) setBit(near, k);
    });
    return [source, whom, near, turn, until[0]!, until[1]!, battleUsed, extra, passive];
  };
  const maskOf = (has: (pe: PlayedEffect, k: number) => boolean): Mask64 => {
    const m = mask64();
    list.forEach((pe, k) => has(pe, k) && setBit(m, k));
    return m;
  };
  const phase = ([0, 1] as const).map((pl) => maskOf((pe) => (data.commandsUsed?.[pl] ?? []).includes(pe.key) && pe.ability.when.timing === "reaction")) as [Mask64, Mask64];
  const battle = ([0, 1] as const).map((pl) => maskOf((pe) => (data.effectsUsed?.[pl] ?? []).includes(pe.key))) as [Mask64, Mask64];
  // fight-order.ts: the unit picked to fight next, and the record of the for-the-turn effect it then gets.
  const next = data.fightNext;
  const fightNext: [number, number] = next ? [next.unit, next.token === null ? -1 : list.findIndex((pe) => pe.effect.do.kind === "for-the-turn" && turnToken(pe) === next.token)] : [-1, -1];
  const spellsCast = mask64();
  for (const key of data.spells.warscroll ?? []) {
    const k = list.findIndex((pe) => pe.key === key && isSpellEffect(pe));
    if (k >= 0) setBit(spellsCast, k);
  }
  return { records, unit, phase, battle, spellsCast, fightNext, trigger, mark, killMarks, list };
}

/** The slots of a warscroll spell's or prayer's record beyond SP_CASTING..SP_FIRST (EF.SP_PRAYER on). */
function spellRecord(pe: PlayedEffect, records: Float64Array, r: number): void {
  const w = pe.ability.when;
  if (w.timing !== "spell" && w.timing !== "prayer") return;
  const d = pe.effect.do;
  const t = w.targets ?? {};
  if (w.timing === "prayer") {
    records[r + EF.SP_PRAYER] = 1;
    records[r + EF.SP_CASTING] = w.chantingValue;
  }
  records[r + EF.SP_UP_TO] = t.upTo ?? 1;
  records[r + EF.SP_EVERY] = t.every ? 1 : 0;
  records[r + EF.SP_PENALTY] = t.penalty ?? 0;
  records[r + EF.SP_MORE_AT] = t.more?.atLeast ?? 0;
  records[r + EF.SP_MORE_UP_TO] = t.more?.upTo ?? 1;
  records[r + EF.SP_MORE_EVERY] = t.more?.every ? 1 : 0;
  records[r + EF.SP_OPTIONAL] = t.optional ? 1 : 0;
  records[r + EF.SP_AFTER_SLAIN] = pe.effect.conditions.afterSlain ? 1 : 0;
  records[r + EF.VISIBLE] = pe.effect.conditions.visible ? 1 : 0;
  records[r + EF.SP_AROUND] = d.kind === "mortal" && d.around !== undefined ? d.around : -1;
  if (d.kind === "mortal") {
    records[r + EF.SP_MAX] = d.maxDice ?? 0;
    records[r + EF.SP_FIXED] = d.dice.count === 0 ? d.dice.plus : 0;
    records[r + EF.PER] = ["once", "model", "target-model", "round", "casting-roll", "target-health"].indexOf(d.per);
  }
  if (d.kind === "slay") records[r + EF.VALUE] = 3; // casting-roll-exceeds-health
  if (d.kind === "for-the-turn") records[r + EF.SP_PER_ROUND] = d.perRound ? 1 : 0;
  records[r + EF.SP_OPTION] = pe.effect.conditions.option ?? 0;
  if (d.kind === "return-models") {
    const x = (d.health ?? d.count)!;
    records[r + EF.DICE_COUNT] = x.count;
    records[r + EF.DICE_SIDES] = x.sides;
    records[r + EF.SP_FIXED] = x.plus;
    records[r + EF.SP_RETURN_HEALTH] = d.health ? 1 : 0;
  }
}

/** Result record slots (written by the kernel). */
export const R = {
  WINNER: 0, // player, -1 draw
  OUTCOME: 1, // 0 draw, 1 minor victory, 2 major victory
  VP0: 2,
  VP1: 3,
  BY_ROUND: 4, // [player][round 1..5]: 10 slots
  BY_SOURCE: 14, // [player][VP_SOURCES]: 8 slots
  PICKED: 22, // [player][tactic]: round picked (0 not): 16 slots
  COMPLETED: 38, // [player][tactic]: 16 slots
  GS_COMPLETED: 54, // [player]: 2 slots
  ATTACKER: 56,
  ROUNDS: 57,
  DECISIONS: 58, // policy decisions the kernel took
  ON_BATTLEFIELD: 59, // [player]: units on the battlefield at the end (CAMP-RETREAT's Massacre test): 2 slots
} as const;

const CONTROL_KINDS = ["normal", "altars-of-the-beast", "backbone-of-success"] as const;
const side = (s: Side) => (s === "attacker" ? 0 : 1);

/** A weapon's abilities read once per distinct list (encoding is on the path of every rollout from a new position). */
const abilitiesCache = new Map<string, WeaponAbilities>();
function abilitiesOf(abilities: readonly string[], field: string): WeaponAbilities {
  const key = abilities.join("\n");
  let a = abilitiesCache.get(key);
  if (!a) {
    a = weaponAbilities(abilities, field);
    if (abilitiesCache.size < 10_000) abilitiesCache.set(key, a);
  }
  return a;
}

/** The Anti-X keywords (uppercase) of a battle's weapons that the kernel checks by mask. */
function antiKeywords(data: BattleData): string[] {
  const out: string[] = [];
  for (const p of data.profiles)
    for (const w of p.weapons)
      for (const x of abilitiesOf(w.abilities, `${p.name}.${w.name}`).anti) {
        const X = x.toUpperCase();
        if (X !== "CHARGE" && X !== "MONSTER" && !out.includes(X)) out.push(X);
      }
  if (out.length > MAX_ANTI_KEYWORDS) throw new InputError(`weapons: at most ${MAX_ANTI_KEYWORDS} different Anti-X keywords in one battle for the rollout kernel (got ${out.length})`);
  return out;
}

/** The map's part of the objective records (everything but control and the Veins' placing), per plan and
 * territories: computed once, copied into each encoding. */
const mapCache = new Map<string, Float64Array>();

function objectiveMap(plan: Battleplan, data: BattleData): Float64Array {
  const key = `${plan.id}:${data.territories[0]}`;
  const cached = mapCache.get(key);
  if (cached) return cached;
  const f = new Float64Array(plan.objectives.length * OBJECTIVE);
  plan.objectives.forEach((o, i) => {
    const b = i * OBJECTIVE;
    f[b + O.PRIME] = o.prime ? 1 : 0;
    f[b + O.NUMBER] = o.number ?? 0;
    f[b + O.SET_UP_ROUND] = o.setUpInRound;
    f[b + O.REMOVED_ROUND] = o.removedInRound ?? 0;
    f[b + O.VEINS] = o.positions ? 0 : 1;
    for (let r = 1; r <= 5; r++) {
      const p = o.positions ? objectivePosition(o, r) : null;
      f[b + O.MAP + 3 * (r - 1)] = inPlayByMap(o, r) ? 1 : 0;
      f[b + O.MAP + 3 * (r - 1) + 1] = p ? p.x : NaN;
      f[b + O.MAP + 3 * (r - 1) + 2] = p ? p.y : NaN;
      // PB-BP-02: which territories' border the objective stands on (the fold reads the map position).
      let borders = 0;
      if (p && plan.scoring === "savage-gains") {
        const on = bordersOf(plan, p);
        for (const pl of [0, 1] as const) if (on.includes(data.territories[pl]!)) borders |= 1 << pl;
      }
      f[b + O.BORDERS + (r - 1)] = borders;
    }
    if (o.line)
      for (let roll = 2; roll <= 12; roll++) {
        const p = veinsPosition(plan, o.id, roll);
        f[b + O.VEINS_AT + 2 * (roll - 2)] = p.x;
        f[b + O.VEINS_AT + 2 * (roll - 2) + 1] = p.y;
      }
  });
  mapCache.set(key, f);
  return f;
}

function encodeObjectives(plan: Battleplan, data: BattleData, f: Float64Array, at: number): void {
  const s = data.scoring!;
  f.set(objectiveMap(plan, data), at);
  plan.objectives.forEach((o, i) => {
    const b = at + i * OBJECTIVE;
    const c = data.control[o.id];
    f[b + O.CONTROL] = c === 0 || c === 1 ? c : -1;
    const placed = s.placed[o.id];
    if (placed) {
      f[b + O.PLACED] = 1;
      f[b + O.PLACED_X] = placed.x;
      f[b + O.PLACED_Y] = placed.y;
    }
    f[b + O.PENDING_VEINS] = data.pending.veinsRolls[o.id] ?? 0;
  });
}

/** The terrain record's abilities mask: bit 0 Cover (PB-COVER), bit 1 Unstable (CORE-UNSTABLE). */
function terrainAbilities(t: TerrainFeature): number {
  return (givesCover(t) ? 1 : 0) | (t.abilities?.includes("Unstable") ? 2 : 0);
}

/**
 * CORE-BANISH: the manifestations' slots (U.BANISHMENT, U.SUMMON, U.MANIFEST_STATE, UF.MANIFESTATION,
 * UF.SUMMON_WHOLLY) and the summon spells attempted this phase (H.SUMMONED). A spell's index is that of the
 * first manifestation record of its army with that spell (at most 16); ranges and gaps are whole inches.
 */
function manifestationSlots(data: BattleData): { attempted: number; byUnit: Map<number, { banishment: number; summon: number; stamp: number; wholly: boolean }> } {
  const byUnit = new Map<number, { banishment: number; summon: number; stamp: number; wholly: boolean }>();
  const records = data.manifestations?.units ?? [];
  const attemptedNames = data.spells.summoned ?? [];
  let attempted = 0;
  records.forEach((r) => {
    const spell = records.findIndex((x) => x.owner === r.owner && x.spell === r.spell);
    if (spell >= 16) throw new InputError(`manifestations: at most 16 summon spells for the rollout kernel (got ${spell + 1})`);
    for (const [what, v] of [["range", r.range], ["enemy gap", r.enemyGap]] as const)
      if (!Number.isInteger(v) || v < 0 || v > 99) throw new InputError(`manifestations: ${r.spell}'s ${what} (${v}") must be whole inches up to 99 for the rollout kernel`);
    if (r.owner === data.active && attemptedNames.includes(r.spell)) attempted |= 1 << spell;
    const last = [...r.history].reverse().find((h) => h.event === "summoned");
    byUnit.set(r.unit, {
      banishment: r.banishment,
      summon: r.kind === "spell" ? spell * 1_000_000 + r.castingValue * 10_000 + r.range * 100 + r.enemyGap : -1,
      stamp: last ? last.round * 2 + last.turn + 1 : 0,
      wholly: r.wholly,
    });
  });
  return { attempted, byUnit };
}

/** The reserve and replacement abilities as the kernel's records, and each unit's slots for them. */
function reserveSlots(data: BattleData, b: Battle): {
  records: Float64Array;
  unit: (id: number) => { reserve: number; replaceMask: number; userMask: number; anchorMask: number; added: number; flags: number; state: number; status: number | null };
  header: { battle: [number, number]; turn: [number, number]; phase: [number, number]; spare: number; spareWeapons: number };
} {
  // The bundled reserve abilities and the battle's translated ones, the replacements (bundled and translated: timing2.ts), then the battle's
  // redeployment abilities (setups.ts).
  const list: { kind: 0 | 1 | 2; id: string; faction: string; a: ReserveAbility | ReplacementAbility | RedeployAbility }[] = [
    ...battleReserves(data.profiles).map((a) => ({ kind: 0 as const, id: a.id, faction: a.faction, a })),
    ...battleReplacements(data.profiles).map((a) => ({ kind: 1 as const, id: a.id, faction: a.faction, a })),
    ...redeployAbilities(data.profiles).map((a) => ({ kind: 2 as const, id: a.id, faction: "", a })),
  ];
  if (list.length > MAX_ABILITIES) throw new InputError(`abilities: at most ${MAX_ABILITIES} reserve and replacement abilities for the rollout kernel (got ${list.length})`);
  const records = new Float64Array(list.length * ABILITY);
  const redeployMask = (a: RedeployAbility) => (data.profiles.some((p) => p.owner === 0 && redeployUser(a, p)) ? 1 : 0) | (data.profiles.some((p) => p.owner === 1 && redeployUser(a, p)) ? 2 : 0);
  const factionMask = (faction: string) => (armyHasFaction(data.profiles, 0, faction) ? 1 : 0) | (armyHasFaction(data.profiles, 1, faction) ? 2 : 0);
  list.forEach((x, k) => {
    const r = k * ABILITY;
    const placement = x.kind === 0 ? (x.a as ReserveAbility).arrival.placement : (x.a as ReplacementAbility | RedeployAbility).placement;
    records[r + AB.KIND] = x.kind;
    records[r + AB.ENEMY_GAP] = Math.max(placement.moreThanFromEnemies ?? 0, placement.notInCombat ? 3 : 0);
    records[r + AB.EDGE] = placement.whollyWithinEdge ?? -1;
    records[r + AB.NEAR_USER] = placement.whollyWithinUser ?? -1;
    // A redeployment: the armies with a unit that may use it (its warscroll, or a battle trait's keyword).
    records[r + AB.FACTION] = x.kind === 2 ? redeployMask(x.a as RedeployAbility) : factionMask(x.faction);
    if (x.kind === 2) {
      const a = x.a as RedeployAbility;
      records[r + AB.PHASE] = 1;
      records[r + AB.FREQUENCY] = a.frequency === "unlimited" ? 0 : a.frequency === "once-per-turn" ? 1 : 2;
      records[r + AB.USER] = 1;
      records[r + AB.USER_NOT_IN_COMBAT] = a.notInCombat ? 1 : 0;
      records[r + AB.COMMAND] = a.command ? 1 : 0; // Ethereal Translocation: 1 command point, once per phase, an issuer
      records[r + AB.ANCHOR] = a.anchor !== undefined ? 1 : 0; // To Our Liege: wholly within NEAR_USER of an anchor
    } else if (x.kind === 0) {
      const a = x.a as ReserveAbility;
      records[r + AB.PHASE] = 1;
      records[r + AB.FROM_ROUND] = a.arrival.fromRound;
      records[r + AB.DEPLOY] = a.deploy ? 1 : 0;
    } else {
      const a = x.a as ReplacementAbility;
      records[r + AB.PHASE] = a.phase === "hero" ? 0 : 1;
      records[r + AB.FREQUENCY] = a.frequency === "unlimited" ? 0 : a.frequency === "once-per-turn" ? 1 : 2;
      records[r + AB.COMMAND] = a.command ? 1 : 0;
      records[r + AB.HALF] = a.models === "half" ? 1 : 0;
      records[r + AB.USER] = a.user ? 1 : 0;
      records[r + AB.USER_NOT_IN_COMBAT] = a.user?.notInCombat ? 1 : 0;
    }
  });
  const index = (id: string) => list.findIndex((x) => x.id === id);
  const uses = data.abilityUses ?? [];
  const usedMask = (p: 0 | 1, when: (u: AbilityUse) => boolean) => uses.filter((u) => u.player === p && when(u)).reduce((m, u) => m | (1 << index(u.ability)), 0);
  const phaseMask = (p: 0 | 1) => list.reduce((m, x, k) => ((data.commandsUsed?.[p] ?? []).includes(x.id) ? m | (1 << k) : m), 0);
  const replacedIds = new Set(data.profiles.flatMap((p) => (p.replacementOf === undefined ? [] : [p.replacementOf])));
  const isManifestation = new Set((data.manifestations?.units ?? []).map((r) => r.unit));
  const replaceMask = (id: number) => {
    const p = data.profiles[id]!;
    if (p.replacementOf !== undefined || isManifestation.has(id)) return 0;
    return list.reduce((m, x, k) => (x.kind === 1 && (x.a as ReplacementAbility).targets && matches(p, (x.a as ReplacementAbility).targets) ? m | (1 << k) : m), 0);
  };
  const userMask = (id: number) => {
    const p = data.profiles[id]!;
    return list.reduce((m, x, k) => {
      if (x.kind === 2) return redeployUser(x.a as RedeployAbility, p) ? m | (1 << k) : m;
      if (x.kind !== 1) return m;
      const a = x.a as ReplacementAbility;
      return a.user && matches(p, a.user.units) && (!a.command || canIssue(b, id, id)) ? m | (1 << k) : m;
    }, 0);
  };
  // Replacements still possible: units not replaced yet that an ability their army has can replace (a
  // warscroll ability only while the army has a unit that can use it).
  const armyUsers = [0, 1].map((pl) => data.profiles.reduce((m, p, id) => (p.owner === pl && data.units[id]!.status !== "destroyed" ? m | userMask(id) : m), 0));
  let spare = 0;
  let spareWeapons = 0;
  data.profiles.forEach((p, id) => {
    if (replacedIds.has(id)) return;
    const m = list.reduce((acc, x, k) => {
      if (x.kind !== 1 || (records[k * ABILITY + AB.FACTION]! & (1 << p.owner)) === 0) return acc;
      return (x.a as ReplacementAbility).user === null || (armyUsers[p.owner]! & (1 << k)) !== 0 ? acc | (1 << k) : acc;
    }, 0);
    if ((replaceMask(id) & m) === 0) return;
    spare++;
    spareWeapons += p.weapons.length;
  });
  const unit = (id: number) => {
    const p = data.profiles[id]!;
    const u = data.units[id]!;
    return {
      reserve: u.status === "reserve" ? index(u.reserve!) : -1,
      replaceMask: replaceMask(id),
      userMask: userMask(id),
      // To Our Liege: the redeployments it can be the anchor of (setups.ts RedeployAbility.anchor).
      anchorMask: list.reduce((m, x, k) => (x.kind === 2 && (x.a as RedeployAbility).anchor !== undefined && passes(p, (x.a as RedeployAbility).anchor) ? m | (1 << k) : m), 0),
      added: u.added ? u.added.round * 2 + u.added.turn + 1 : 0,
      flags: (p.replacementOf !== undefined ? UF.REPLACEMENT : 0) | (p.reinforced ? UF.REINFORCED : 0),
      // A unit a spell destroyed "and cannot be replaced" (warscroll-spells.ts) is as one replaced already.
      state: replacedIds.has(id) || u.tokens.includes(NO_REPLACEMENT_TOKEN) ? US.REPLACED : 0,
      status: u.status === "reserve" ? 3 : null,
    };
  };
  return {
    records,
    unit,
    header: {
      battle: [usedMask(0, () => true), usedMask(1, () => true)],
      turn: [usedMask(0, (u) => u.round === data.round && u.turn === data.turn), usedMask(1, (u) => u.round === data.round && u.turn === data.turn)],
      phase: [phaseMask(0), phaseMask(1)],
      spare,
      spareWeapons,
    },
  };
}

/**
 * Encodes `data` for the kernel. Refused (InputError): set-up steps (the kernel starts once deployment is
 * done), finished battles, and armies beyond the kernel's fixed sizes.
 */
export function encodeBattle(data: BattleData): Float64Array {
  if (data.step.kind === "over") throw new InputError("state: the battle is over; there is nothing to roll out");
  if (STEP_KINDS.indexOf(data.step.kind) < STEP_KINDS.indexOf("predators") || data.scoring === null || data.attacker === null)
    throw new InputError(`state: the rollout kernel starts after deployment, not at step "${data.step.kind}"`);
  const b = new Battle(data, new Rng(0));
  const plan = b.plan;
  const s = data.scoring;
  const anti = antiKeywords(data);
  const nUnits = data.units.length;
  const nWeapons = data.profiles.reduce((n, p) => n + p.weapons.length, 0);
  const nObjectives = plan.objectives.length;
  const nTerrain = data.terrain.length;
  const nHistory = s.history.length;
  if (nUnits > MAX_UNITS) throw new InputError(`units: at most ${MAX_UNITS} for the rollout kernel (got ${nUnits})`);
  if (nWeapons > MAX_WEAPONS) throw new InputError(`weapons: at most ${MAX_WEAPONS} in one battle for the rollout kernel (got ${nWeapons})`);
  if (nObjectives > MAX_OBJECTIVES) throw new InputError(`objectives: at most ${MAX_OBJECTIVES} (got ${nObjectives})`);
  if (nTerrain > MAX_TERRAIN) throw new InputError(`terrain: at most ${MAX_TERRAIN} features (got ${nTerrain})`);
  for (const t of plan.territories) if (t.polygon.length > TERRITORY / 2) throw new InputError(`territory ${t.id}: at most ${TERRITORY / 2} corners`);

  const offUnits = HEADER;
  const offWeapons = offUnits + nUnits * UNIT;
  const offObjectives = offWeapons + nWeapons * WEAPON;
  const offTerrain = offObjectives + nObjectives * OBJECTIVE;
  const offTerritory = offTerrain + nTerrain * TERRAIN;
  const offHistory = offTerritory + 2 * TERRITORY;
  const offPrior = offHistory + nHistory * SNAPSHOT;
  // CORE-RESERVES, CORE-REPLACEMENT: the abilities after the prior section; room for replacement units.
  const reserves = reserveSlots(data, b);
  const offAbilities = offPrior + PRIOR;
  if (nUnits + reserves.header.spare > MAX_UNITS)
    throw new InputError(`units: at most ${MAX_UNITS} for the rollout kernel, counting the ${reserves.header.spare} replacement units that may still be set up (got ${nUnits})`);
  if (nWeapons + reserves.header.spareWeapons > MAX_WEAPONS)
    throw new InputError(`weapons: at most ${MAX_WEAPONS} in one battle for the rollout kernel, counting those of replacement units (got ${nWeapons} + ${reserves.header.spareWeapons})`);
  const effects = effectSlots(data);
  const readers = pointReaders(battleEffects(b)); // hashut6.ts: the warscrolls whose effects read daemonic power points
  const offEffects = offAbilities + reserves.records.length;
  const length = offEffects + effects.records.length;
  const f = new Float64Array(length);
  const objIndex = (id: string | null | undefined) => (id == null ? -1 : plan.objectives.findIndex((o) => o.id === id));
  const mask = (ids: readonly string[]) => ids.reduce((m, id) => m | (1 << objIndex(id)), 0);

  // header
  f[H.MAGIC] = 0x7ac71ca;
  f[H.VERSION] = LAYOUT_VERSION;
  f[H.N_UNITS] = nUnits;
  f[H.N_WEAPONS] = nWeapons;
  f[H.N_OBJECTIVES] = nObjectives;
  f[H.N_TERRAIN] = nTerrain;
  f[H.N_HISTORY] = nHistory;
  f[H.OFF_UNITS] = offUnits;
  f[H.OFF_WEAPONS] = offWeapons;
  f[H.OFF_OBJECTIVES] = offObjectives;
  f[H.OFF_TERRAIN] = offTerrain;
  f[H.OFF_TERRITORY] = offTerritory;
  f[H.OFF_HISTORY] = offHistory;
  f[H.OFF_PRIOR] = offPrior;
  f[H.LENGTH] = length;
  f[H.PLAN] = BATTLEPLAN_IDS.indexOf(plan.id);
  f[H.SCORING] = SCORING_KINDS.indexOf(plan.scoring);
  f[H.VICTORY_POINTS] = plan.victoryPoints ? 1 : 0;
  f[H.GLORIOUS_FROM] = plan.gloriousVictoryFromRound ?? 0;
  f[H.RAIDS_FROM] = plan.raidsFromRound ?? 0;
  f[H.DESTROY_FROM] = plan.destroyObjectivesFromRound ?? 0;
  f[H.VANTAGE] = plan.vantagePoint ? 1 : 0;
  f[H.PREDATORS] = plan.predators ? 1 : 0;
  f[H.ALPHA] = plan.alphaObjective ? 1 : 0;
  f[H.CONTROL_KIND] = CONTROL_KINDS.indexOf(plan.objectiveControl);
  f[H.ATTACKER] = data.attacker;
  f[H.ROUND] = data.round;
  f[H.TURN] = data.turn;
  f[H.ACTIVE] = data.active;
  f[H.STEP] = STEP_KINDS.indexOf(data.step.kind);
  f[H.STEP_PLAYER] = "player" in data.step ? data.step.player : -1;
  f[H.FIGHT_PICKER] = data.fightPicker;
  f[H.DEPLOYED_FIRST] = data.deployedFirst ?? -1;
  f[H.VP0] = data.victoryPoints[0];
  f[H.VP1] = data.victoryPoints[1];
  f[H.GS0] = GRAND_STRATEGY_IDS.indexOf(data.grandStrategies[0]!);
  f[H.GS1] = GRAND_STRATEGY_IDS.indexOf(data.grandStrategies[1]!);
  f[H.PENDING_ALPHA] = data.pending.alphaRoll ?? 0;
  f[H.PENDING_SEISMIC] = objIndex(data.pending.seismicShift);
  f[H.PENDING_VANTAGE] = objIndex(data.pending.vantagePoint);
  f[H.PENDING_RAID] = objIndex(data.pending.raid);
  f[H.PENDING_DESTROYED] = mask(data.pending.destroyed);
  f[H.SPELL_METAMORPHOSIS] = data.spells.metamorphosis ? 1 : 0;
  const t = data.tactic;
  f[H.TACTIC] = t ? BATTLE_TACTIC_IDS.indexOf(t.id) : -1;
  for (let i = 0; i < 3; i++) f[H.TACTIC_UNIT0 + i] = t?.units[i] ?? -1;
  for (let i = 0; i < 2; i++) f[H.TACTIC_OBJ0 + i] = objIndex(t?.objectives[i]);
  f[H.TACTIC_OPP_CONTROLLED] = t?.opponentControlledWhenPicked ? 1 : 0;
  f[H.S_ROUND] = s.round;
  f[H.S_FIRST] = s.first === null ? -1 : side(s.first);
  f[H.S_TURNS] = s.turnsThisRound;
  f[H.S_ALPHA] = s.alphaRoll ?? 0;
  f[H.S_VANTAGE] = objIndex(s.vantagePoint);
  f[H.S_REMOVED] = mask(s.removed.map((r) => r.objective));
  f[H.S_GLORIOUS_WINNER] = s.gloriousVictory ? side(s.gloriousVictory.winner) : -1;
  f[H.S_GLORIOUS_ROUND] = s.gloriousVictory?.round ?? 0;
  f[H.S_VP_ATT] = s.victoryPoints.attacker;
  f[H.S_VP_DEF] = s.victoryPoints.defender;
  f[H.S_TACTICS_ATT] = s.battleTacticsCompleted.attacker;
  f[H.S_TACTICS_DEF] = s.battleTacticsCompleted.defender;
  f[H.S_PREDATORS_ATT] = s.predatorsDestroyed.attacker;
  f[H.S_PREDATORS_DEF] = s.predatorsDestroyed.defender;
  f[H.S_PREY_ATT] = s.preyScored.attacker.reduce((m, r) => m | (1 << r), 0);
  f[H.S_PREY_DEF] = s.preyScored.defender.reduce((m, r) => m | (1 << r), 0);
  f[H.S_PICKED_ATT] = s.battleTacticsPicked.attacker.reduce((m, x) => m | (1 << BATTLE_TACTIC_IDS.indexOf(x.id)), 0);
  f[H.S_PICKED_DEF] = s.battleTacticsPicked.defender.reduce((m, x) => m | (1 << BATTLE_TACTIC_IDS.indexOf(x.id)), 0);
  f[H.CP0] = data.commandPoints[0];
  f[H.CP1] = data.commandPoints[1];
  const used = (p: 0 | 1) => ((data.commandsUsed?.[p] ?? []).includes("feral-roar") ? 1 : 0);
  f[H.COMMANDS_USED0] = used(0);
  f[H.COMMANDS_USED1] = used(1);
  const summons = manifestationSlots(data);
  f[H.SUMMONED] = summons.attempted;
  f[H.PREY_SLAIN] = (data.preySlain?.[0] ? 1 : 0) | (data.preySlain?.[1] ? 2 : 0);
  f[H.OFF_ABILITIES] = offAbilities;
  f[H.N_ABILITIES] = reserves.records.length / ABILITY;
  for (const p of [0, 1] as const) {
    f[H.ABILITY_BATTLE0 + p] = reserves.header.battle[p];
    f[H.ABILITY_TURN0 + p] = reserves.header.turn[p];
    f[H.ABILITY_PHASE0 + p] = reserves.header.phase[p];
  }
  f[H.SPARE_UNITS] = reserves.header.spare;
  f[H.FATIGUED] = plan.fatiguedWarriors ? 1 : 0;
  f.set(reserves.records, offAbilities);
  f[H.OFF_EFFECTS] = offEffects;
  f[H.N_EFFECTS] = effects.records.length / EFFECT;
  [f[H.EFFECT_PHASE0], f[H.EFFECT_PHASE0_HI]] = effects.phase[0];
  [f[H.EFFECT_PHASE1], f[H.EFFECT_PHASE1_HI]] = effects.phase[1];
  [f[H.EFFECT_BATTLE0], f[H.EFFECT_BATTLE0_HI]] = effects.battle[0];
  [f[H.EFFECT_BATTLE1], f[H.EFFECT_BATTLE1_HI]] = effects.battle[1];
  [f[H.FIGHT_NEXT], f[H.FIGHT_NEXT_RECORD]] = effects.fightNext;
  [f[H.SPELLS_CAST], f[H.SPELLS_CAST_HI]] = effects.spellsCast;
  f.set(effects.records, offEffects);
  f[H.TERRITORY_N0] = b.territoryPolygon(0).length;
  f[H.TERRITORY_N1] = b.territoryPolygon(1).length;

  // units and weapons
  let wi = 0;
  const ignoreFirst: [number, number] = [0, 0]; // H.IGNORE_FIRST: the units that ignore the first damage point each phase
  data.profiles.forEach((p, id) => {
    const u = data.units[id]!;
    const o = offUnits + id * UNIT;
    // hasKeyword, with the unit's keywords upper-cased once.
    const upper = p.keywords.map((k) => k.trim().toUpperCase());
    const kw = (K: string) => upper.some((X) => X === K || X.startsWith(`${K} (`));
    f[o + U.OWNER] = p.owner;
    // A "random" Move of no dice ("6" as text) is a fixed Move.
    f[o + U.MOVE] = p.moveDice && p.moveDice.count === 0 ? Math.max(0, p.moveDice.plus) : p.move;
    f[o + U.MOVE_DICE_COUNT] = p.moveDice?.count ?? 0;
    f[o + U.MOVE_DICE_SIDES] = p.moveDice?.sides ?? 0;
    f[o + U.MOVE_DICE_PLUS] = p.moveDice?.plus ?? 0;
    f[o + U.HEALTH] = p.health;
    f[o + U.SAVE] = p.save ?? 0;
    f[o + U.WARD] = p.ward ?? 0;
    f[o + U.CONTROL] = p.control;
    f[o + U.BASE_RADIUS] = p.baseRadius;
    f[o + U.START_MODELS] = p.startModels;
    f[o + U.FLAGS] =
      (kw("MONSTER") ? UF.MONSTER : 0) |
      (kw("HERO") ? UF.HERO : 0) |
      (kw("FLY") ? UF.FLY : 0) |
      (kw("STRIKE-FIRST") ? UF.STRIKE_FIRST : 0) |
      (kw("STRIKE-LAST") ? UF.STRIKE_LAST : 0) |
      (kw("STANDARD BEARER") ? UF.STANDARD : 0) |
      (kw("CHAMPION") ? UF.CHAMPION : 0) |
      (kw("BEAST") ? UF.BEAST : 0) |
      (p.roles.includes("Leader") ? UF.LEADER : 0) |
      (p.roles.includes("Battleline") ? UF.BATTLELINE : 0) |
      (p.isGeneral ? UF.GENERAL : 0) |
      (p.startingArmy ? UF.STARTING_ARMY : 0);
    f[o + U.WIZARD] = p.wizardLevel;
    f[o + U.PRIEST] = p.priestLevel;
    f[o + U.ANTI_MASK] = anti.reduce((m, x, k) => (kw(x) ? m | (1 << k) : m), 0); // CORE-ANTI: X is a keyword here
    f[o + U.DAMAGED_AT] = p.battleDamaged?.damagePoints ?? 0;
    f[o + U.DAMAGED_CONTROL] = p.battleDamaged?.control ?? -1;
    f[o + U.ISSUER] = (kw("CHAMPION") ? 1 : 0) | (kw("TOTEM") ? 2 : 0);
    f[o + U.FIRST_WEAPON] = wi;
    f[o + U.WEAPONS] = p.weapons.length;
    const limited = p.weapons.map((w, k) => ({ w, k })).filter((x) => x.w.limitedAttacks !== undefined);
    if (limited.length > 1) throw new InputError(`${p.name}: at most one weapon with an Attacks ability for the rollout kernel`);
    const lim = limited[0]?.w.limitedAttacks;
    if (lim && lim.attacks.count !== 0) throw new InputError(`${p.name}: the rollout kernel takes a fixed Attacks for an Attacks ability`);
    f[o + U.LIMIT_WEAPON] = lim ? limited[0]!.k : -1;
    f[o + U.LIMIT_ATTACKS] = lim ? lim.damagePoints * 100 + lim.attacks.plus : 0;
    for (const w of p.weapons) {
      const a = abilitiesOf(w.abilities, `${p.name}.${w.name}`);
      const q = offWeapons + wi * WEAPON;
      f[q + W.RANGED] = w.type === "ranged" ? 1 : 0;
      f[q + W.RANGE] = w.range;
      f[q + W.ATTACKS_COUNT] = w.attacks.count;
      f[q + W.ATTACKS_SIDES] = w.attacks.sides;
      f[q + W.ATTACKS_PLUS] = w.attacks.plus;
      f[q + W.HIT] = w.hit;
      f[q + W.WOUND] = w.wound;
      f[q + W.REND] = w.rend;
      f[q + W.DAMAGE_COUNT] = w.damage.count;
      f[q + W.DAMAGE_SIDES] = w.damage.sides;
      f[q + W.DAMAGE_PLUS] = w.damage.plus;
      f[q + W.CRIT] = a.crit;
      f[q + W.COMPANION] = a.companion ? 1 : 0;
      f[q + W.CHARGE_DAMAGE] = a.chargeDamage ? 1 : 0;
      f[q + W.CARRIERS] = w.carriers;
      f[q + W.FLAGS] = (w.champion ? WF.CHAMPION : 0) | (a.shootInCombat ? WF.SHOOT_IN_COMBAT : 0) | (w.abilities.some((x) => !/^companion$/i.test(x.trim())) ? WF.OTHER_ABILITY : 0) | (w.type === "melee" && w.name.toLowerCase() === WICKED_WEAPON ? WF.TALONS : 0);
      if (w.damagedAttacks) {
        f[q + W.DAMAGED] = 1;
        f[q + W.DAMAGED_ATTACKS_COUNT] = w.damagedAttacks.count;
        f[q + W.DAMAGED_ATTACKS_SIDES] = w.damagedAttacks.sides;
        f[q + W.DAMAGED_ATTACKS_PLUS] = w.damagedAttacks.plus;
      }
      const others = a.anti.map((x) => x.toUpperCase()).filter((x) => x !== "CHARGE" && x !== "MONSTER");
      if (others.length > MAX_ANTI_PER_WEAPON) throw new InputError(`${p.name}.${w.name}: at most ${MAX_ANTI_PER_WEAPON} Anti-X abilities for the rollout kernel`);
      f[q + W.ANTI_CHARGE] = a.anti.filter((x) => x.toUpperCase() === "CHARGE").length;
      f[q + W.ANTI_MONSTER] = a.anti.filter((x) => x.toUpperCase() === "MONSTER").length;
      f[q + W.ANTI_N] = others.length;
      others.forEach((x, k) => (f[q + W.ANTI_K0 + k] = anti.indexOf(x)));
      wi++;
    }
    // state
    f[o + U.MODELS] = u.models;
    f[o + U.DAMAGE] = u.damage;
    f[o + U.X] = u.x;
    f[o + U.Y] = u.y;
    f[o + U.STATUS] = u.status === "waiting" ? 0 : u.status === "deployed" ? 1 : 2;
    f[o + U.STATE] =
      (u.moved ? US.MOVED : 0) |
      (u.ran ? US.RAN : 0) |
      (u.retreated ? US.RETREATED : 0) |
      (u.charged ? US.CHARGED : 0) |
      (u.chargeTried ? US.CHARGE_TRIED : 0) |
      (u.shot ? US.SHOT : 0) |
      (u.fought ? US.FOUGHT : 0) |
      (u.inCombatAtStart ? US.IN_COMBAT_AT_START : 0) |
      (u.tokens.includes("metamorphosis") ? US.METAMORPHOSIS : 0) |
      (u.tokens.includes("feral-roar") ? US.FERAL_ROAR : 0) |
      (u.tokens.includes("strike-first") ? US.STRIKE_FIRST_TURN : 0) |
      (u.slewThisTurn ? US.SLEW_TURN : 0) |
      (u.tokens.includes(BONE_CAGE_TOKEN) ? US.BONE_CAGE_FULL : 0) |
      (effects.trigger !== undefined && u.tokens.includes(effects.trigger) ? US.TRIGGER_TOKEN : 0) |
      (u.tokens.includes(CHARGE_AFTER_TOKEN) ? US.CHARGE_AFTER_TURN : 0) |
      (u.tokens.includes("strike-last") ? US.STRIKE_LAST_TURN : 0) |
      (u.tokens.some((t) => t.startsWith(ARRIVED_TOKEN_PREFIX)) ? US.ARRIVED : 0) |
      (effects.mark !== undefined && u.tokens.includes(effects.mark) ? US.O4_MARK : 0) |
      (u.tokens.includes(OVERGROW_USED) ? US.SY6_USED : 0) |
      (data.predators[p.owner as 0 | 1].includes(id) ? US.PREDATOR : 0);
    if (u.destroyedBy) {
      f[o + U.KILLED] = 1;
      f[o + U.KILLED_BY_MONSTER] = u.destroyedBy.monster ? 1 : 0;
      f[o + U.KILLED_BY_PREDATOR] = u.destroyedBy.predator ? 1 : 0;
      f[o + U.KILLED_ROUND] = u.destroyedBy.round;
      f[o + U.KILLED_TURN] = u.destroyedBy.turn;
    }
    f[o + U.CASTS] = data.spells.cast.filter((x) => x === id).length;
    f[o + U.BLOCKED] = data.spells.blocked.includes(id) ? 1 : (data.spells.miscast ?? []).includes(id) ? 2 : 0; // 2: miscast, goes on (casting.ts)
    const m = summons.byUnit.get(id);
    if (m) {
      f[o + U.FLAGS]! |= UF.MANIFESTATION | (m.wholly ? UF.SUMMON_WHOLLY : 0);
      f[o + U.BANISHMENT] = m.banishment;
      f[o + U.SUMMON] = m.summon;
      f[o + U.MANIFEST_STATE] = m.stamp;
    } else f[o + U.MANIFEST_STATE] = (data.spells.prayed ?? []).filter((x) => x === id).length;
    if (data.spells.banished?.includes(id)) f[o + U.STATE]! |= US.BANISHED;
    f[o + U.RITUAL] = data.units[id]!.ritualPoints ?? 0; // CORE-PRAYERS (warscroll-spells.ts chantingRoll)
    f[o + U.FIGHT_TWICE] = fightTwiceState(u); // encode-timing2.ts
    f[o + U.M3] = move3Slot(u); // encode-move3.ts
    f[o + U.KILLS5] = kills5Slot(data.units[id]!, effects.killMarks); // encode-kills5.ts
    f[o + U.HASHUT] = hashutSlot(b, id, readers); // encode-hashut6.ts
    f[o + U.C6_UNIT] = cities6Unit(data.profiles, p); // encode-cities6.ts
    if (underOrders(u)) f[o + U.STATE]! |= US.UNDER_ORDERS;
    const r = reserves.unit(id);
    f[o + U.RESERVE] = r.reserve;
    f[o + U.REPLACE_MASK] = r.replaceMask;
    f[o + U.USER_MASK] = r.userMask;
    f[o + U.ANCHOR_MASK] = r.anchorMask;
    f[o + U.ADDED] = r.added;
    f[o + U.FLAGS]! |= r.flags;
    f[o + U.STATE]! |= r.state;
    if (r.status !== null) f[o + U.STATUS] = r.status;
    const [source, whom, near, turn, until0, until1, battleUsed, extra, passive] = effects.unit(id);
    [f[o + U.PASSIVE], f[o + U.PASSIVE_HI]] = passive!;
    [f[o + U.DMG_BATTLE], f[o + U.DMG_BATTLE_HI]] = battleUsed!;
    [f[o + U.DMG_EXTRA], f[o + U.DMG_EXTRA_HI]] = extra!;
    [f[o + U.EF_SOURCE], f[o + U.EF_SOURCE_HI]] = source!;
    [f[o + U.EF_WHOM], f[o + U.EF_WHOM_HI]] = whom!;
    [f[o + U.EF_NEAR], f[o + U.EF_NEAR_HI]] = near!;
    [f[o + U.EF_TURN], f[o + U.EF_TURN_HI]] = turn!;
    [f[o + U.SPELL_UNTIL0], f[o + U.SPELL_UNTIL0_HI]] = until0!;
    [f[o + U.SPELL_UNTIL1], f[o + U.SPELL_UNTIL1_HI]] = until1!;
    commonUnitSlots(p, u, effects.list, f, o); // encode-common.ts: momentum, a resistance roll used
    // ignore-first.ts: the unit ignores the first damage point each phase (H.IGNORE_FIRST bit), and has this phase.
    if (ignoresFirst(p)) ignoreFirst[id < 32 ? 0 : 1] |= 1 << (id & 31);
    if (u.tokens.includes(IGNORED_FIRST_TOKEN)) f[o + U.STATE2]! |= US2_IGNORED_FIRST;
  });
  [f[H.IGNORE_FIRST], f[H.IGNORE_FIRST_HI]] = ignoreFirst;
  [f[H.SY6_OVERGROWN0], f[H.SY6_OVERGROWN1]] = data.overgrown ?? [0, 0]; // sylvaneth6.ts

  encodeObjectives(plan, data, f, offObjectives);
  data.terrain.forEach((t, i) => f.set([t.x, t.y, t.radius, t.height ?? 0, t.tallRadius ?? t.radius, terrainAbilities(t)], offTerrain + i * TERRAIN));
  for (const pl of [0, 1] as const) b.territoryPolygon(pl).forEach((p, i) => f.set([p.x, p.y], offTerritory + pl * TERRITORY + 2 * i));
  s.history.forEach((h, i) => f.set([h.round, side(h.player), mask(h.control.attacker), mask(h.control.defender)], offHistory + i * SNAPSHOT));

  // The record so far: VP by round and source from the sheet, tactics picked and completed.
  for (const turn of data.sheet)
    for (const l of turn.lines) f[offPrior + l.player * 20 + (Math.min(5, Math.max(1, turn.round)) - 1) * 4 + VP_SOURCES.indexOf(vpSource(l.ruleId))]! += l.victoryPoints;
  for (const pl of [0, 1] as const) {
    const picks = s.battleTacticsPicked[pl === data.attacker ? "attacker" : "defender"];
    for (const x of picks) {
      const k = BATTLE_TACTIC_IDS.indexOf(x.id);
      f[offPrior + 40 + pl * 8 + k] = x.round;
      if (data.sheet.some((st) => st.player === pl && st.round === x.round && st.battleTacticCompleted)) f[offPrior + 56 + pl * 8 + k] = 1;
    }
  }
  // The bundled battle traits' slots (encode-traits.ts).
  encodeTraits(data, f, offUnits, UNIT, { H, U, US });
  encodeDeploymentMoves(data, f, offUnits, UNIT);
  [f[H.DESOLATION0], f[H.DESOLATION1]] = data.desolation ?? [0, 0]; // hashut6.ts
  return f;
}

/**
 * The encoding of a battle at the end of its set-up from `base`, the encoding of another battle of the same
 * set-up template (src/aos/rollout/template.ts: the same armies, plan, roll-off winner and number of terrain
 * features): a copy of `base` with the slots the set-up's dice decide written from `data` — where each unit
 * stands, the terrain, who controls each objective, round 1's dice (the alpha objective, the Veins' rolls).
 * Everything else in the two battles is the same; test/aos/rollout-template.test.ts holds the result equal
 * to `encodeBattle(data)`.
 */
export function encodeSetUp(base: Float64Array, data: BattleData): Float64Array {
  const f = base.slice();
  if (f[H.N_TERRAIN] !== data.terrain.length || f[H.N_UNITS] !== data.units.length) throw new Error("encodeSetUp: the encoding is of another set-up");
  const offUnits = f[H.OFF_UNITS]!;
  for (let id = 0; id < data.units.length; id++) {
    const u = data.units[id]!;
    f[offUnits + id * UNIT + U.X] = u.x;
    f[offUnits + id * UNIT + U.Y] = u.y;
  }
  const offTerrain = f[H.OFF_TERRAIN]!;
  data.terrain.forEach((t, i) => f.set([t.x, t.y, t.radius, t.height ?? 0, t.tallRadius ?? t.radius, terrainAbilities(t)], offTerrain + i * TERRAIN));
  const offObjectives = f[H.OFF_OBJECTIVES]!;
  battleplan(data.battleplan).objectives.forEach((o, i) => {
    const b = offObjectives + i * OBJECTIVE;
    const c = data.control[o.id];
    f[b + O.CONTROL] = c === 0 || c === 1 ? c : -1;
    f[b + O.PENDING_VEINS] = data.pending.veinsRolls[o.id] ?? 0;
  });
  f[H.PENDING_ALPHA] = data.pending.alphaRoll ?? 0;
  f[H.CP0] = data.commandPoints[0];
  f[H.CP1] = data.commandPoints[1];
  return f;
}
