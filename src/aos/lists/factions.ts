/**
 * Names the text parsers recognise as an army's faction or grand alliance when an export prints them on lines
 * of their own (the app's plain layout). The 4th-edition factions as the game names them; a BSData folder or
 * the bundled data may add more (`knownFactions`).
 */
export const GRAND_ALLIANCES = ["Order", "Chaos", "Death", "Destruction"] as const;

export const AOS4_FACTIONS = [
  "Cities of Sigmar", "Daughters of Khaine", "Fyreslayers", "Idoneth Deepkin", "Kharadron Overlords", "Lumineth Realm-lords",
  "Seraphon", "Stormcast Eternals", "Sylvaneth", "Blades of Khorne", "Disciples of Tzeentch", "Hedonites of Slaanesh",
  "Maggotkin of Nurgle", "Skaven", "Slaves to Darkness", "Helsmiths of Hashut", "Beasts of Chaos", "Flesh-eater Courts",
  "Nighthaunt", "Ossiarch Bonereapers", "Soulblight Gravelords", "Legions of Nagash", "Gloomspite Gitz", "Ironjawz",
  "Kruleboyz", "Ogor Mawtribes", "Sons of Behemat", "Bonesplitterz", "Big Waaagh!", "Orruk Warclans",
] as const;

const fold = (s: string) => s.toLowerCase().replace(/['’]/g, "").replace(/[^a-z0-9!]+/g, " ").trim();

/** The faction a line names (exactly, ignoring case and punctuation), from the known names and `extra`. */
export function matchFaction(line: string, extra: readonly string[] = []): string | undefined {
  const want = fold(line);
  if (want === "") return undefined;
  return [...extra, ...AOS4_FACTIONS].find((f) => fold(f) === want);
}

export function matchGrandAlliance(text: string): string | undefined {
  const t = fold(text.replace(/^grand alliance\s*:?\s*/i, ""));
  return GRAND_ALLIANCES.find((g) => g.toLowerCase() === t);
}
