/**
 * The ability coverage of a game loaded from a file (src/aos/abilities/roster-coverage.ts): `tactica coach`,
 * `review`, a resumed `battle` and the dashboard's Coach view say which of the armies' abilities are not played.
 */
import { type ArmyCoverage, battleCoverage } from "../aos/abilities/roster-coverage.js";
import type { PitchedBattleState } from "../aos/battle/game.js";
import { pointsWarning, rosterSchema } from "../aos/armies/index.js";
import { libraryOf, playLibrarySchema } from "./library.js";
import type { LoadedGame } from "./load.js";

/**
 * The coverage of an AoS game (a saved game, or a position entered by hand, which has no rosters in its setup):
 * the warscrolls of its battle, in the file's own library when it has one; none for the other games (their
 * rules have no warscroll abilities).
 */
export function gameCoverage(game: Pick<LoadedGame, "kind" | "setup" | "state">): ArmyCoverage[] {
  if (game.kind !== "aos") return [];
  const setup = (game.setup ?? {}) as { library?: unknown; position?: { library?: unknown } };
  const own = playLibrarySchema.safeParse(setup.library ?? setup.position?.library);
  return battleCoverage((game.state as unknown as PitchedBattleState).data, own.success && own.data ? libraryOf(own.data) : undefined);
}

/**
 * The points warning of an AoS game's two armies when their sizes differ (src/aos/armies/compare.ts), in the
 * file's own library when it has one; null when they are the same, for a position entered by hand (no rosters)
 * and for the other games.
 */
export function gamePointsWarning(game: Pick<LoadedGame, "kind" | "setup">): string | null {
  if (game.kind !== "aos") return null;
  const setup = (game.setup ?? {}) as { a?: unknown; b?: unknown; library?: unknown };
  const [a, b] = [rosterSchema.safeParse(setup.a), rosterSchema.safeParse(setup.b)];
  if (!a.success || !b.success) return null;
  const own = playLibrarySchema.safeParse(setup.library);
  return pointsWarning(a.data, b.data, libraryOf(own.success ? own.data : undefined));
}
