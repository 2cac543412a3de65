/**
 * The encoder's part for passive abilities (src/aos/abilities/passive.ts; the kernel's assembly/battle/passive.ts):
 * the kinds' codes, the record slots EF.P_* of a played effect's passive conditions, and a unit's U.PASSIVE bits.
 * encode.ts calls these from effectSlots.
 */
import { InputError } from "../../core/errors.js";
import { heldWeaponSlots } from "./encode-declared4.js";
import { keywordIn, type PlayedEffect, passes } from "../abilities/index.js";
import { killMarked } from "../abilities/kills5.js";

/** The kernel codes of passive.ts's kinds (EF.KIND, the passive room 74-83). */
export const PASSIVE_KINDS = { save: 74, attacks: 75, strike: 76, "weapon-ability": 77, "no-crits": 78, "ignore-modifiers": 79, "ward-roll": 80, "damage-set": 150, "damage-double": 183 } as const; // damage-set: the passive4 room (assembly/battle/passive4.ts); damage-double: the passive5 room (assembly/battle/passive5.ts)

const ABILITY_CODES = ["Crit (2 Hits)", "Crit (Auto-wound)", "Crit (Mortal)", "Anti-charge (+1 Rend)", "Charge (+1 Damage)"] as const;

/** A passive effect of one of passive.ts's kinds (a STRIKE-FIRST without dice), which the kernel plays. */
export function isKernelPassiveEffect(pe: PlayedEffect): boolean {
  const d = pe.effect.do;
  // An aura switched on for the rest of the turn (the combat3 area) is read as a passive one while it is on.
  // kills5: an effect for the rest of the battle that needs its kill mark (its ability's timing the mark's).
  if ((pe.ability.when.timing !== "passive" && !pe.effect.conditions.switchedOn && !killMarked(pe)) || !(d.kind in PASSIVE_KINDS)) return false;
  return d.kind !== "strike" || d.on === undefined;
}

/** The kind code of a passive.ts kind (isKernelPassiveEffect). */
export const passiveKindCode = (pe: PlayedEffect): number => PASSIVE_KINDS[pe.effect.do.kind as keyof typeof PASSIVE_KINDS];

/**
 * Writes record `r`'s passive slots (every record: its conditions may be passive ones) and the passive kinds'
 * VALUE / EXTRA. `profiles`: the battle's, for a named weapon's index. An InputError for what the kernel does not
 * play: named weapons of another unit, or of a warscroll whose units list their weapons in different orders.
 */
export function passiveRecord(pe: PlayedEffect, records: Float64Array, r: number, EF: Record<string, number>, profiles: readonly { warscroll: string; weapons: readonly { name: string; abilities: readonly string[] }[] }[]): void {
  const c = pe.effect.conditions;
  const d = pe.effect.do;
  const cond =
    c.holder !== undefined || c.damaged !== undefined || c.damagePoints !== undefined || c.minModels !== undefined || c.maxModels !== undefined || c.fromRound !== undefined ||
    c.toRound !== undefined || c.roundParity !== undefined || c.inCombatWith !== undefined || c.objective !== undefined || c.territory !== undefined || c.enemyWithin !== undefined;
  records[r + EF.P_HOLDER!] = c.holder === "source" ? 1 : 0;
  records[r + EF.P_DAMAGED!] = c.damaged === undefined ? 0 : c.damaged ? 1 : 2;
  records[r + EF.P_DMG_MIN!] = c.damagePoints?.min ?? 0;
  records[r + EF.P_DMG_MAX!] = c.damagePoints?.max ?? -1;
  records[r + EF.P_MIN_MODELS!] = c.minModels ?? 0;
  records[r + EF.P_MAX_MODELS!] = c.maxModels ?? 0;
  records[r + EF.P_ROUND_MIN!] = c.fromRound ?? 0;
  records[r + EF.P_ROUND_MAX!] = c.toRound ?? 0;
  records[r + EF.P_COMBAT_WITH!] = c.inCombatWith?.count ?? 0;
  records[r + EF.P_COMBAT_CHARGED!] = c.inCombatWith?.charged === undefined ? -1 : c.inCombatWith.charged ? 1 : 0;
  records[r + EF.P_OBJECTIVE!] = c.objective === undefined ? 0 : ["any", "controlled", "not-controlled", "outside-friendly-territory", "controlled-in-enemy-territory", "controlled-alone"].indexOf(c.objective) + 1;
  records[r + EF.P_TERRITORY!] = c.territory === undefined ? 0 : ["wholly-outside-friendly", "wholly-within-enemy", "not-within-enemy", "wholly-within-friendly"].indexOf(c.territory) + 1;
  records[r + EF.P_ENEMY_RANGE!] = c.enemyWithin?.range ?? -1;
  records[r + EF.P_ENEMY_NONE!] = c.enemyWithin?.none ? 1 : 0;
  if (c.attackerFilter !== undefined && (c.inCombatWith?.filter !== undefined || c.targetAnyKeywords !== undefined)) throw new InputError(`abilities: ${pe.key}: the rollout kernel reads one passive filter a record (the attacker's, inCombatWith's or targetAnyKeywords)`);
  if (c.inCombatWith?.filter !== undefined && c.targetAnyKeywords !== undefined) throw new InputError(`abilities: ${pe.key}: the rollout kernel reads one passive filter a record (inCombatWith's or targetAnyKeywords)`);
  let weapons = 0;
  // declared4: Companion or named weapons held for a while (encode-declared4.ts).
  const held = heldWeaponSlots(pe, profiles);
  if (held) {
    records[r + EF.P_WEAPONS!] = held.mask;
    records[r + EF.P_FLAGS!] = (held.companion ? 2 : 0) | 8 | (c.targetAnyKeywords ? 4 : 0) | (c.attackerFilter ? 64 : 0); // passive4's target and attacker filters too
    return;
  }
  if (c.weapons !== undefined) {
    if (pe.effect.whom.side !== "self") throw new InputError(`abilities: ${pe.key}: the rollout kernel reads named weapons of the unit with the ability only`);
    const names = c.weapons.map((n) => n.toLowerCase());
    let first: number | undefined;
    for (const p of profiles) {
      if (p.warscroll.toLowerCase() !== pe.ability.warscroll.toLowerCase()) continue;
      let m = 0;
      p.weapons.forEach((w, i) => {
        if (!names.includes(w.name.toLowerCase())) return;
        if (i >= 31) throw new InputError(`abilities: ${pe.key}: the rollout kernel names a unit's first 31 weapons only`);
        m |= 1 << i;
      });
      if (first !== undefined && first !== m) throw new InputError(`abilities: ${pe.key}: the rollout kernel needs the same weapon list in every unit of ${pe.ability.warscroll}`);
      first = m;
    }
    // No weapon of that name: no weapon takes it (a bit no weapon has).
    weapons = first === undefined || first === 0 ? 1 << 31 : first;
  }
  records[r + EF.P_WEAPONS!] = weapons;
  const perWeapon = d.kind === "attacks" || d.kind === "weapon-ability" || ((d.kind === "rend" || d.kind === "damage") && (c.weapons !== undefined || c.companionWeapons === true));
  records[r + EF.P_FLAGS!] =
    (cond ? 1 : 0) | (c.companionWeapons || (d.kind === "attacks" && d.companionOnly) ? 2 : 0) | (c.targetAnyKeywords ? 4 : 0) | (perWeapon ? 8 : 0) | (c.roundParity === "odd" ? 16 : c.roundParity === "even" ? 32 : 0) | (c.attackerFilter ? 64 : 0); // 64: the passive4 area's attacker filter (U.PASSIVE bit k)
  if (!isKernelPassiveEffect(pe)) return;
  switch (d.kind) {
    case "attacks":
      records[r + EF.P_PER_MODELS!] = d.perTargetModels ?? 0; // Titanic Boulderclub: for every N models in the target
      break;
    case "strike":
      records[r + EF.EXTRA!] = d.order === "first" ? 0 : 1;
      break;
    case "weapon-ability":
      records[r + EF.VALUE!] = ABILITY_CODES.indexOf(d.ability) + 1;
      break;
    case "ward-roll":
      records[r + EF.EXTRA!] = d.none ? 1 : 0;
      break;
    case "ignore-modifiers":
      records[r + EF.VALUE!] = d.sign === "negative" ? 1 : d.sign === "positive" ? 2 : 3;
      records[r + EF.EXTRA!] = ["hit-wound", "save", "control"].indexOf(d.rolls);
      break;
  }
}

/** Whether a unit (its keywords) passes record `pe`'s passive filter: inCombatWith's, or one of targetAnyKeywords (U.PASSIVE bit k). */
export function passesPassiveFilter(pe: PlayedEffect, p: { warscroll: string; keywords: readonly string[] }): boolean {
  const c = pe.effect.conditions;
  if (c.attackerFilter) return passes(p, c.attackerFilter); // passive4: the attacking unit's filter (EF.P_FLAGS 64)
  if (c.inCombatWith) return passes(p, c.inCombatWith.filter);
  if (c.targetAnyKeywords) return c.targetAnyKeywords.some((k) => keywordIn(p.keywords, k));
  return false;
}
