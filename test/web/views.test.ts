/** The dashboard's URLs (web/views.ts): each view its own `?view=`, old `?game=` links still open the odds. */
import { describe, expect, it } from "vitest";
import { VIEW_IDS, viewFromUrl, viewUrl } from "../../web/views.js";

const u = (q: string) => new URL(`http://127.0.0.1:5173/${q}`);

describe("dashboard URLs", () => {
  it("[DASH-VIEWS] every view round-trips through its URL; unknown or missing views open the matchup", () => {
    expect(VIEW_IDS).toEqual(["play-aos", "play-mesbg", "campaign", "coach", "review", "matchup", "odds"]);
    expect(viewUrl(u(""), "coach").search).toBe("?view=coach");
    for (const v of VIEW_IDS) expect(viewFromUrl(viewUrl(u(""), v))).toBe(v);
    expect(viewUrl(u(""), "campaign").search).toBe("?view=campaign");
    expect(viewFromUrl(u(""))).toBe("matchup");
    expect(viewFromUrl(u("?view=<script>"))).toBe("matchup");
    // A link made before the matchup view: ?game= alone is the odds; leaving the odds drops the game.
    expect(viewFromUrl(u("?game=mesbg"))).toBe("odds");
    expect(viewUrl(u("?view=odds&game=mesbg"), "play-aos").search).toBe("?view=play-aos");
    expect(viewUrl(u("?view=matchup"), "odds").search).toBe("?view=odds");
  });
});
