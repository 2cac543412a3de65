/**
 * Faction rules: army-wide abilities a faction's units bring (battle traits). A rule hooks into the
 * battle's flow — here the start and end of each battle round — and keeps its state in `BattleData`,
 * so it serialises with the rest of the battle. The Ossiarch Bonereapers' Immortal Elite is the example
 * the catalog names (CORE-OBR-DISCIPLINE); more rules plug in the same way.
 */
import type { Battle } from "./battle.js";
import type { Player } from "./state.js";
import { hasKeyword } from "./units.js";

export interface FactionRule {
  id: string;
  /** Whether `player`'s army uses this rule (from its units' keywords). */
  appliesTo(b: Battle, player: Player): boolean;
  onRoundStart?(b: Battle, player: Player): void;
  onRoundEnd?(b: Battle, player: Player): void;
}

/** keywordValue's patterns, made once per name (no "g" flag: exec keeps no state between calls). */
const KEYWORD_VALUE = new Map<string, RegExp>();

/** The number in a keyword such as "RELENTLESS DISCIPLINE (6)". */
function keywordValue(keywords: readonly string[], name: string): number {
  let re = KEYWORD_VALUE.get(name);
  if (!re) KEYWORD_VALUE.set(name, (re = new RegExp(`^${name}\\s*\\((\\d+)\\)$`, "i")));
  for (const k of keywords) {
    const m = re.exec(k.trim());
    if (m) return Number(m[1]);
  }
  return 0;
}

/**
 * CORE-OBR-DISCIPLINE, Immortal Elite: once per battle round, at its start, if there are friendly OSSIARCH
 * BONEREAPERS HEROES on the battlefield, the player must pick one and gains relentless discipline points
 * equal to the number after its RELENTLESS DISCIPLINE keyword; unspent points are lost at the end of the
 * round. The pick here is the HERO with the highest value (a player gains nothing by picking less).
 */
export const immortalElite: FactionRule = {
  id: "immortal-elite",
  appliesTo: (b, player) => b.data.profiles.some((p) => p.owner === player && hasKeyword(p, "OSSIARCH BONEREAPERS")),
  onRoundStart(b, player) {
    const heroes = b.deployed(player).filter((id) => b.isHero(id) && hasKeyword(b.profile(id), "OSSIARCH BONEREAPERS"));
    if (heroes.length === 0) return;
    const best = heroes.reduce((x, y) => (keywordValue(b.profile(y).keywords, "RELENTLESS DISCIPLINE") > keywordValue(b.profile(x).keywords, "RELENTLESS DISCIPLINE") ? y : x));
    const points = keywordValue(b.profile(best).keywords, "RELENTLESS DISCIPLINE");
    b.data.factionPoints[player] += points;
    b.say(`Immortal Elite: ${b.data.armies[player]} gains ${points} relentless discipline points from ${b.profile(best).name}.`);
  },
  onRoundEnd(b, player) {
    if (b.data.factionPoints[player] > 0) b.say(`Immortal Elite: ${b.data.armies[player]} loses ${b.data.factionPoints[player]} unspent relentless discipline points.`);
    b.data.factionPoints[player] = 0;
  },
};

export const FACTION_RULES: readonly FactionRule[] = [immortalElite];

export function factionHook(b: Battle, hook: "onRoundStart" | "onRoundEnd"): void {
  for (const player of [0, 1] as Player[]) for (const rule of FACTION_RULES) if (rule.appliesTo(b, player)) rule[hook]?.(b, player);
}
