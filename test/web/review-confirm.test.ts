/** The Review view's line about the fresh-dice check of a loss (src/review/review.ts step 4). */
import { describe, expect, it } from "vitest";
import { confirmationNote } from "../../web/review/review-view.js";

describe("[REVIEW-MARK] the Review view says what the fresh dice found", () => {
  it("a loss found again: its figures are the confirmation's; not found: not marked, and why", () => {
    const size = { outcomes: 8, rollouts: 8 };
    expect(confirmationNote({ confirmed: true, mark: "blunder" }, size)).toBe("Confirmed on fresh dice (64 rollouts per choice): the figures above are theirs.");
    expect(confirmationNote({ confirmed: true, mark: "good" }, size)).toBe("The first rollouts put this choice behind; fresh dice (64 rollouts per choice) did not find the loss again, so it is not marked.");
    expect(confirmationNote({ confirmed: false, mark: "good" }, size)).toBeNull();
    // A review kept in the browser from before the check: no `confirmed`, no `samples.confirm`.
    expect(confirmationNote({ mark: "mistake" }, undefined)).toBeNull();
    expect(confirmationNote({ confirmed: true, mark: "mistake" }, undefined)).toBe("Confirmed on fresh dice: the figures above are theirs.");
  });
});
