/**
 * The Play views' chances as they are worded (web/play/estimate.ts): the figure, its Wilson 95% interval from
 * the count it rests on, and "too few to tell" under TOO_FEW samples; no interval where the figure is no count.
 */
import { describe, expect, it } from "vitest";
import { estimateText, pctWithInterval, TOO_FEW, tooFew } from "../../web/play/estimate.js";

describe("a chance with its interval", () => {
  it("a search's figure from a handful of visits is marked too few to tell", () => {
    expect(estimateText({ p: 2 / 5, n: 5, unit: "searches" })).toBe("40% [12%–77%], 5 searches: too few to tell");
    expect(estimateText({ p: 1, n: 5, unit: "searches" })).toBe("100% [57%–100%], 5 searches: too few to tell");
    expect(estimateText({ p: 1, n: 1, unit: "rollouts" })).toBe("100% [21%–100%], 1 rollout: too few to tell");
    expect(estimateText({ p: 0, n: 1, unit: "searches" })).toBe("0% [0%–79%], 1 search: too few to tell");
  });
  it("enough samples: the interval alone", () => {
    expect(estimateText({ p: 40 / 64, n: 64, unit: "rollouts" })).toBe("63% [50%–73%], 64 rollouts");
    expect(tooFew({ p: 0.5, n: TOO_FEW })).toBe(false);
    expect(tooFew({ p: 0.5, n: TOO_FEW - 1 })).toBe(true);
    expect(pctWithInterval({ p: 0.5, n: 20 })).toBe("50% [30%–70%]");
  });
  it("a figure that is no count has no interval, and says what it is", () => {
    expect(estimateText({ p: 1, source: "result" })).toBe("100%: the result");
    expect(estimateText({ p: 0.52, source: "heuristic (Influence lead)" })).toBe("52%: a lean from the Influence lead, not a measured chance");
    expect(estimateText({ p: 0.4, source: "search" })).toBe("40% (how many samples: not kept)");
    expect(tooFew({ p: 0.4 })).toBe(false);
  });
});
