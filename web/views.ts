/** The dashboard's views: their names in the header and their URLs (`?view=NAME`). */
export const VIEW_IDS = ["play-aos", "play-mesbg", "campaign", "coach", "review", "matchup", "odds"] as const;
export type View = (typeof VIEW_IDS)[number];

export const VIEWS: Record<View, { name: string; tagline: string; title: string }> = {
  "play-aos": {
    name: "play Age of Sigmar",
    tagline: "A Pitched Battle against the AI on a battlefield drawn to scale.",
    title: "tactica — play Age of Sigmar",
  },
  "play-mesbg": {
    name: "play Middle-earth SBG",
    tagline: "The Forces Clash against the AI, model by model on a 48\" board.",
    title: "tactica — play Middle-earth SBG",
  },
  campaign: {
    name: "campaign",
    tagline: "The map campaign: your Banners' orders against the AI's, territory by territory.",
    title: "tactica — campaign",
  },
  coach: {
    name: "coach",
    tagline: "Your position: the best moves, their chances and why, drawn on the board.",
    title: "tactica — coach",
  },
  matchup: {
    name: "army matchup",
    tagline: "Which army wins, on which battleplan, and by how much: seeded battles played in your browser.",
    title: "tactica — army matchup",
  },
  odds: {
    name: "combat odds",
    tagline: "What one attack or one fight really does, worked out exactly from the rules.",
    title: "tactica — combat odds",
  },
  review: {
    name: "game review",
    tagline: "A saved game replayed move by move, each decision marked by the win probability it cost.",
    title: "tactica — game review",
  },
};

export const isView = (v: string | null): v is View => v !== null && (VIEW_IDS as readonly string[]).includes(v);

/** The view a URL asks for: `?view=`, else `?game=` alone (old odds links), else the matchup. */
export function viewFromUrl(url: URL): View {
  const asked = url.searchParams.get("view");
  if (isView(asked)) return asked;
  return url.searchParams.has("game") ? "odds" : "matchup";
}

/** The URL of `view`, keeping `?game=` only for the odds view (it picks the odds' game). */
export function viewUrl(url: URL, view: View): URL {
  const next = new URL(url.href);
  next.searchParams.set("view", view);
  if (view !== "odds") next.searchParams.delete("game");
  return next;
}
