/** The Play views' small texts, as pure functions (web/play/play-view.ts): the campaign's end, an empty AI answer, a list's errors. */
import { describe, expect, it } from "vitest";
import { campaignEnd, listed, noAnswer } from "../../web/play/play-view.js";

describe("Play texts", () => {
  it("[CAMP-LENGTH] the campaign's end is said once", () => {
    const line = "Campaign over after 4 turns [CAMP-LENGTH]: Influence 12 to 9. Mortek Shieldwall wins — more Influence";
    expect(campaignEnd(line)).toBe(line);
    expect(campaignEnd("the last HQ fell")).toBe("Campaign over: the last HQ fell");
    expect(campaignEnd(null)).toBe("Campaign over.");
  });
  it("the AI's answer, when empty, says why", () => {
    const saved = (steps: { human?: boolean }[]) => ({ steps }) as never;
    expect(noAnswer({ over: false, saved: saved([]) })).toBe("Nothing yet: the game has just begun.");
    expect(noAnswer({ over: false, saved: saved([{}, { human: true }]) })).toBe("None: the next decision is yours again.");
    expect(noAnswer({ over: true, saved: saved([{ human: true }]) })).toBe("None: your decision ended the game.");
    expect(noAnswer({ over: false, saved: saved([{ human: true }, {}]) })).toBe("None since the game was restored: its moves are in the Log.");
  });
  it("a list's errors, one a line", () => {
    expect(listed("First army", ["pointsLimit: is required (number)"])).toBe("First army: pointsLimit: is required (number)");
    expect(listed("First army", ["pointsLimit: is required (number)", "general: is required"])).toBe("First army:\npointsLimit: is required (number)\ngeneral: is required");
  });
});
