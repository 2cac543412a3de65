/**
 * Starting a battle from two rosters and a battleplan: the validated options, the units' profiles, the
 * initial `BattleData`. The first step is the roll-off for attacker and defender (a chance node).
 */
import { pickSoulBonded } from "./traits.js";
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { Rng } from "../../core/rng.js";
import { bundledLibrary, grandStrategyIdOf, requireWarscroll, type Roster, type WarscrollLibrary } from "../armies/index.js";
import { battleplan, battleplanIdSchema } from "../battleplans/index.js";
import { GRAND_STRATEGIES, type GrandStrategyId } from "../scoring/index.js";
import { Battle } from "./battle.js";
import type { BattleData, Player } from "./state.js";
import { terrainSchema } from "./terrain.js";
import { footprintRadius, newUnitState, unitProfile, type UnitProfile } from "./units.js";
import { terrainRoomProblem } from "./setup.js";
import { manifestationProfiles, withDormantManifestations } from "./manifestations.js";
import { libraryVocabulary, translatedAbilitiesOf } from "../abilities/imported.js";
import { playedEffectsOf } from "../abilities/index.js";
import { startTokens } from "./healing.js";
import { grantPowers } from "./passive2.js";
import type { UnitState } from "./units.js";

/** Bone Cage: the tokens a unit starts the battle with (healing.ts startTokens). */
function withStartTokens(u: UnitState, p: UnitProfile): UnitState {
  for (const t of startTokens(playedEffectsOf([p]), p.warscroll)) u.tokens.push(t);
  return u;
}

export const battleOptionsSchema = z.strictObject({
  battleplan: battleplanIdSchema,
  /** Keep a readable log in the state (off for rollouts). */
  log: z.boolean().default(false),
  /** A battlefield set up beforehand (PB-TERRAIN: "set up by a third party"); none: the defender places it. */
  terrain: terrainSchema.optional(),
});
export type BattleOptions = z.input<typeof battleOptionsSchema>;

/** PB-GS-PICK: the roster's grand strategy by name or id; null if the roster has none (picked at set-up). */
export function grandStrategyOf(roster: Roster): GrandStrategyId | null {
  if (!roster.grandStrategy) return null;
  // The roster schema refuses an unknown name at the edge; a roster built in code is checked here too.
  const id = grandStrategyIdOf(roster.grandStrategy);
  if (!id) throw new InputError(`grandStrategy: "${roster.grandStrategy.slice(0, 60)}" is not a grand strategy of the Pitched Battles 2021 pack (${GRAND_STRATEGIES.map((x) => x.name).join(", ")})`);
  return id;
}

export const MAX_BATTLE_UNITS = 40;

export function newBattleData(rosters: [Roster, Roster], options: BattleOptions, library: WarscrollLibrary = bundledLibrary()): BattleData {
  const opts = battleOptionsSchema.parse(options);
  const profiles: UnitProfile[] = [];
  rosters.forEach((r, owner) => {
    r.units.forEach((entry, i) => {
      const w = requireWarscroll(library, entry.warscroll, `${owner === 0 ? "a" : "b"}.units[${i}].warscroll`);
      const p = unitProfile(w, entry, owner, r);
      // An imported warscroll's translated abilities (the bundled ones are data/aos/abilities.json's).
      const translated = translatedAbilitiesOf(w, libraryVocabulary(library));
      if (translated.length > 0) p.abilities = translated;
      grantPowers(p); // passive2.ts: "While this unit's NAME is on the battlefield, it has WIZARD (1)"
      profiles.push(p);
    });
  });
  // CORE-BANISH: each army's manifestations, after the rosters' units, off the battlefield until summoned.
  const manifestations = manifestationProfiles(rosters, profiles, library);
  if (profiles.length > MAX_BATTLE_UNITS) throw new InputError(`rosters: at most ${MAX_BATTLE_UNITS} units in one battle (got ${profiles.length})`);
  const armies: [string, string] = [rosters[0].name, rosters[1].name === rosters[0].name ? `${rosters[1].name} (2)` : rosters[1].name];
  if (opts.terrain) {
    const radii = (owner: number) => profiles.filter((p) => p.owner === owner).map((p) => footprintRadius(p.startModels, p.baseRadius));
    const room = terrainRoomProblem(battleplan(opts.battleplan), opts.terrain, [
      { army: armies[0], radii: radii(0) },
      { army: armies[1], radii: radii(1) },
    ]);
    if (room) throw new InputError(`terrain: ${room}`);
  }
  return {
    version: 1,
    battleplan: opts.battleplan,
    pointsLimit: Math.max(rosters[0].pointsLimit, rosters[1].pointsLimit),
    armies,
    profiles,
    units: withDormantManifestations(
      profiles.map((p, id) => withStartTokens(newUnitState(id, p), p)),
      manifestations,
    ),
    terrain: opts.terrain ? structuredClone(opts.terrain) : [],
    attacker: null,
    territories: [null, null],
    grandStrategies: [grandStrategyOf(rosters[0]), grandStrategyOf(rosters[1])],
    scoring: null,
    round: 0,
    turn: 0,
    active: 0 as Player,
    step: { kind: "rolloff-attacker" },
    commandPoints: [0, 0],
    commandsUsed: [[], []],
    factionPoints: [0, 0],
    abilityUses: [],
    ...(manifestations ? { manifestations } : {}),
    // Praetors' Soul-bonded: the pick of the deployment phase, made now (traits.ts pickSoulBonded).
    ...(pickSoulBonded(profiles).length > 0 ? { traits: { bonded: pickSoulBonded(profiles) } } : {}),
    control: {},
    tactic: null,
    predators: [[], []],
    deployedFirst: null,
    pending: { seismicShift: null, vantagePoint: null, raid: null, destroyed: [], alphaRoll: null, veinsRolls: {} },
    spells: { cast: [], metamorphosis: false, blocked: [] },
    fightPicker: 0,
    victoryPoints: [0, 0],
    sheet: [],
    grandStrategyCompleted: null,
    end: null,
    log: opts.log ? [] : null,
  };
}

export function newBattle(rosters: [Roster, Roster], options: BattleOptions, seed: number, library?: WarscrollLibrary): Battle {
  return new Battle(newBattleData(rosters, options, library), new Rng(seed));
}
