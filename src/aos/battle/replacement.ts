/**
 * Replacement units (CORE-REPLACEMENT, core rules 24.2): an ability (abilities.ts: Heavens-sent, Summon
 * Loyal Subjects, Boneshaper, Supreme Lord of the Undead) sets up a new unit in place of a destroyed one.
 *
 * - The replacement is a new unit: a new profile and state (new id, appended), the same warscroll, keywords
 *   and weapon options, with the ability's number of models (half the original's, rounding up, or all of
 *   them); weapons are carried by the same share of the models (at least one model keeps each). What the
 *   original gained during the battle does not carry over: it starts with no tokens (CORE-TOKENS:
 *   Metamorphosis and other persisting effects), no damage, not a predator, not the general.
 * - It is reinforced if the original was and it has more than half the original's models.
 * - Each unit is replaced at most once, and a replacement unit is never replaced. A manifestation (off the
 *   battlefield until summoned: manifestations.ts) is not a destroyed unit to replace.
 * - It is not part of the starting army (PB-START-ARMY: added once the battle has begun), and it is a
 *   summoned unit (Pitched Battles 2021 3.1): under Tooth and Nail's Fatigued Warriors (PB-BP-09) it cannot
 *   shoot or charge in the turn it was added.
 * - When: in its player's hero or movement phase as the ability says, within its frequency ("Once Per
 *   Battle", "Once Per Turn (Army)"). A command ability (CORE-CP) also costs 1 command point and, like every
 *   command (commands.ts), an army uses it once per phase; its issuer is the unit using it, which issues to
 *   itself (all the bundled users are HEROES); a battle trait with no user needs no issuer (no unit on the
 *   battlefield receives it). Where the ability names a user, the user must be on the battlefield (and not in
 *   combat if it says so); with several possible users, each is a choice.
 * - Where: as reserves.ts `setUpSpot` finds it, near each objective and the two weakest enemy units, under
 *   the ability's placement (more than 9" from all enemy units, wholly within 6" of a battlefield edge,
 *   wholly within 12" of the user, not in combat...). A unit set up in the movement phase cannot move in
 *   that phase (as for arrivals from reserve); one set up in the hero phase moves as usual.
 */
import type { Battle } from "./battle.js";
import type { Choice } from "./choice.js";
import { armyHasFaction, matches, type ReplacementAbility, replacementAbility } from "./abilities.js";
import { canIssue } from "./commands.js";
import { isManifestation } from "./manifestations.js";
import { obstacles, setUpSpot, setUpTargets } from "./reserves.js";
import { battleReplacements } from "./timing2.js";
import type { Player } from "./state.js";
import { footprintRadius, newUnitState, type UnitProfile } from "./units.js";

/** The number of models of a replacement for a unit that was set up with `originalModels`. */
export function replacementModels(a: Pick<ReplacementAbility, "models">, originalModels: number): number {
  return a.models === "half" ? Math.ceil(originalModels / 2) : originalModels;
}

/** 24.2: reinforced if the original was and the replacement has more than half the original's models. */
export function replacementReinforced(originalReinforced: boolean, originalModels: number, models: number): boolean {
  return originalReinforced && models > originalModels / 2;
}

/** Whether unit `id` has been replaced already. */
export function replaced(b: Battle, id: number): boolean {
  return b.data.profiles.some((p) => p.replacementOf === id);
}

/** PB-BP-09 Fatigued Warriors: a summoned unit (a replacement) cannot shoot or charge in the turn it was added. */
export function fatigued(b: Battle, id: number): boolean {
  const added = b.unit(id).added;
  return b.plan.fatiguedWarriors && added !== undefined && added.round === b.data.round && added.turn === b.data.turn;
}

/** Destroyed friendly units `a` can replace: not replacements, not replaced yet, matching its targets. */
export function replaceableBy(b: Battle, player: Player, a: ReplacementAbility): number[] {
  return b.data.units
    .filter((u) => u.status === "destroyed" && b.ownerOf(u.id) === player)
    .map((u) => u.id)
    // A unit a spell destroyed "and cannot be replaced" (warscroll-spells.ts NO_REPLACEMENT_TOKEN) is not.
    .filter((id) => b.profile(id).replacementOf === undefined && !replaced(b, id) && !isManifestation(b, id) && matches(b.profile(id), a.targets) && !b.unit(id).tokens.includes("cannot-be-replaced"));
}

/** Units of `player` that can use `a` now (null: the army uses it). */
export function replacementUsers(b: Battle, player: Player, a: ReplacementAbility): (number | null)[] {
  if (a.user === null) return [null];
  const user = a.user;
  return b.deployed(player).filter((id) => matches(b.profile(id), user.units) && !(user.notInCombat && b.inCombat(id)) && (!a.command || canIssue(b, id, id)));
}

/** Whether `player` may use `a` in this phase: its faction, phase, frequency, and a command's cost. */
export function replacementAvailable(b: Battle, player: Player, a: ReplacementAbility, phase: "hero" | "movement"): boolean {
  const d = b.data;
  if (a.phase !== phase || !armyHasFaction(d.profiles, player, a.faction)) return false;
  const used = (d.abilityUses ?? []).filter((x) => x.player === player && x.ability === a.id);
  if (a.frequency === "once-per-battle" && used.length > 0) return false;
  if (a.frequency === "once-per-turn" && used.some((x) => x.round === d.round && x.turn === d.turn)) return false;
  if (a.command && (d.commandPoints[player] < 1 || d.commandsUsed[player].includes(a.id))) return false;
  return true;
}

/** The replacement choices of `player` in this phase: each ability, destroyed unit, user and set-up target. */
export function replacementChoices(b: Battle, player: Player, phase: "hero" | "movement"): Choice[] {
  const out: Choice[] = [];
  for (const a of battleReplacements(b.data.profiles)) {
    if (!replacementAvailable(b, player, a, phase)) continue;
    const targets = replaceableBy(b, player, a);
    if (targets.length === 0) continue;
    const users = replacementUsers(b, player, a);
    const near = setUpTargets(b, player);
    const around = obstacles(b, player);
    for (const id of targets) {
      const r = footprintRadius(replacementModels(a, b.profile(id).startModels), b.profile(id).baseRadius);
      for (const user of users) {
        const from = user === null ? null : b.footprint(user);
        for (const t of near) {
          const at = setUpSpot(b, player, r, a.placement, from, t.at, around);
          if (!at) continue;
          out.push({
            label: `${a.name}${user === null ? "" : ` (${b.profile(user).name})`}: a replacement for ${b.profile(id).name} near ${t.label} at (${at.x.toFixed(1)}, ${at.y.toFixed(1)})`,
            tag: { kind: "replace", ability: a.id, unit: id, user, to: t.to, at },
            apply: (bb) => {
              setUpReplacement(bb, player, a.id, id, user, at);
            },
          });
        }
      }
    }
  }
  return out;
}

/** The replacement unit's profile: the original's warscroll with the new number of models. */
export function replacementProfile(original: UnitProfile, originalId: number, models: number): UnitProfile {
  const copy = structuredClone(original);
  return {
    ...copy,
    name: `${original.name} (replacement)`,
    startModels: models,
    weapons: copy.weapons.map((w) => ({ ...w, carriers: Math.max(1, Math.min(models, Math.round((w.carriers * models) / original.startModels))) })),
    isGeneral: false,
    startingArmy: false,
    reinforced: replacementReinforced(original.reinforced ?? false, original.startModels, models),
    replacementOf: originalId,
  };
}

/** Sets up the replacement of destroyed unit `target` at `at`, paying for the ability; returns its id. */
export function setUpReplacement(b: Battle, player: Player, abilityId: string, target: number, user: number | null, at: { x: number; y: number }): number {
  const d = b.data;
  const a = replacementAbility(abilityId);
  const original = b.profile(target);
  if (original.replacementOf !== undefined || replaced(b, target)) throw new Error(`${original.name} cannot be replaced (CORE-REPLACEMENT: once, never a replacement)`);
  if (a.command) {
    d.commandPoints[player] -= 1;
    d.commandsUsed[player].push(a.id);
  }
  d.abilityUses.push({ ability: a.id, player, round: d.round, turn: d.turn });
  const id = d.profiles.length;
  const profile = replacementProfile(original, target, replacementModels(a, original.startModels));
  d.profiles.push(profile);
  const u = newUnitState(id, profile);
  u.status = "deployed";
  u.x = at.x;
  u.y = at.y;
  u.added = { round: d.round, turn: d.turn };
  if (a.phase === "movement") u.moved = true;
  d.units.push(u);
  b.choiceCache = null;
  const cost = a.command ? ` (1 command point, ${d.commandPoints[player]} left)` : "";
  b.say(
    `${d.armies[player]} uses ${a.name}${user === null ? "" : ` with ${b.profile(user).name}`}${cost}: ${profile.name} (${profile.startModels} models${profile.reinforced ? ", reinforced" : ""}) is set up at (${at.x.toFixed(1)}, ${at.y.toFixed(1)}).`,
  );
  return id;
}
