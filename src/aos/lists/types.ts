/**
 * A list as an export printed it, before it is matched against warscrolls: what every list parser
 * (app text, Listbot/Sigdex text, New Recruit .ros/.rosz/.json) produces and reconcile.ts turns into a roster.
 */
import type { Warscroll } from "../armies/warscroll.js";

export const LIST_FORMATS = ["aos-app", "listbot", "sigdex", "newrecruit-ros", "newrecruit-rosz", "newrecruit-json"] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

/** What a user is told the importer understands (exit 2 for anything else). */
export const FORMATS_UNDERSTOOD =
  "the Warhammer Age of Sigmar app's export text (both layouts), Listbot or Sigdex text, a New Recruit .ros, .rosz or .json export, or a roster JSON";

export type EnhancementKind = "command trait" | "artefact" | "spell" | "prayer" | "heroic trait" | "mount trait" | "other";

export interface ListEnhancement {
  kind: EnhancementKind;
  name: string;
  /** The price printed beside it ("X - (10) Points"); already part of the unit's points. */
  points: number | null;
}

export interface ListUnit {
  name: string;
  /** As printed on the unit's line (enhancement costs included); null when the line has no price. */
  points: number | null;
  /** "General's Regiment", "Regiment 1", "Auxiliary", a Regiment of Renown's name, or null (no regiments). */
  regiment: string | null;
  general: boolean;
  reinforced: boolean;
  legends: boolean;
  enhancements: ListEnhancement[];
  /** Weapon loadouts and other bullets ("2x Moonstone Hammer"). */
  loadout: string[];
  /** Models, when the export says (New Recruit, "10x Liberators"). */
  models?: number;
  /** The profile a .ros carried for this unit (then no library needs to know it). */
  profile?: Warscroll;
  /** Why the profile the file carried could not be read (said only when no library knows the unit). */
  profileError?: string;
  /**
   * A unit whose points could not be read (`points` is then null): a text list's line (its number in the file
   * and its text) or a New Recruit selection (line null, text `selection "Name"`), and why. reconcile.ts says
   * it, with the points the data has for the unit, and the import exits 1.
   */
  unread?: { line: number | null; text: string; problem: string };
}

export interface ListLore {
  kind: "spell" | "prayer" | "manifestation";
  name: string;
  points: number | null;
}

export interface RegimentOfRenownList {
  name: string;
  points: number | null;
  units: ListUnit[];
}

export interface ParsedList {
  format: ListFormat;
  name: string | null;
  grandAlliance: string | null;
  faction: string | null;
  formation: string | null;
  formationPoints: number | null;
  pointsDeclared: number | null;
  pointsLimit: number | null;
  units: ListUnit[];
  regimentsOfRenown: RegimentOfRenownList[];
  lores: ListLore[];
  factionTerrain: { name: string; points: number | null } | null;
  drops: number | null;
  /** A 2021 list's grand strategy ("Grand Strategy: Hold the Line"), as printed; null when it names none. */
  grandStrategy: string | null;
  /** Free text, General's Handbook lines, battle tactic cards, and anything else kept for the roster's notes. */
  notes: string[];
  warnings: string[];
}

export function emptyList(format: ListFormat): ParsedList {
  return {
    format,
    name: null,
    grandAlliance: null,
    faction: null,
    formation: null,
    formationPoints: null,
    pointsDeclared: null,
    pointsLimit: null,
    units: [],
    regimentsOfRenown: [],
    lores: [],
    factionTerrain: null,
    drops: null,
    grandStrategy: null,
    notes: [],
    warnings: [],
  };
}

export function newUnit(name: string, points: number | null, regiment: string | null): ListUnit {
  return { name, points, regiment, general: false, reinforced: false, legends: false, enhancements: [], loadout: [] };
}
