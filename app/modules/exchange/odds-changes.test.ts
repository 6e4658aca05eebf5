import { describe, expect, it } from "vitest";
import { acceptedQuote, ODDS_CHANGE_TOLERANCE as N } from "./odds-changes.ts";

const rate = (r: number) => ({ rate: r, line: null });

describe("accepting odds changes", () => {
  it("takes an unchanged quote either way, and refuses any change when the player does not accept changes", () => {
    expect(acceptedQuote("back", rate(45), rate(45), false)).toEqual(rate(45));
    expect(acceptedQuote("back", rate(45), rate(46), false)).toBeNull();
    expect(acceptedQuote("yes", { rate: 100, line: 46 }, { rate: 100, line: 45 }, false)).toBeNull();
  });

  it("back and yes: a lower rate is worse, taken up to the tolerance; a higher one always", () => {
    expect(N).toBe(5);
    expect(acceptedQuote("back", rate(45), rate(45 - N), true)).toEqual(rate(40));
    expect(acceptedQuote("back", rate(45), rate(45 - N - 1), true)).toBeNull();
    expect(acceptedQuote("back", rate(45), rate(60), true)).toEqual(rate(60));
    expect(acceptedQuote("yes", { rate: 100, line: 46 }, { rate: 95, line: 46 }, true)).toEqual({ rate: 95, line: 46 });
    expect(acceptedQuote("yes", { rate: 100, line: 46 }, { rate: 94, line: 46 }, true)).toBeNull();
  });

  it("lay and no: a higher rate is worse, taken up to the tolerance; a lower one always", () => {
    expect(acceptedQuote("lay", rate(47), rate(47 + N), true)).toEqual(rate(52));
    expect(acceptedQuote("lay", rate(47), rate(47 + N + 1), true)).toBeNull();
    expect(acceptedQuote("lay", rate(47), rate(30), true)).toEqual(rate(30));
    expect(acceptedQuote("no", { rate: 100, line: 45 }, { rate: 105, line: 45 }, true)).toEqual({ rate: 105, line: 45 });
    expect(acceptedQuote("no", { rate: 100, line: 45 }, { rate: 106, line: 45 }, true)).toBeNull();
  });

  it("a Fancy line is taken only when it moved in the player's favour (Yes lower, No higher), the rate within the tolerance", () => {
    expect(acceptedQuote("yes", { rate: 100, line: 46 }, { rate: 100, line: 45 }, true)).toEqual({ rate: 100, line: 45 });
    expect(acceptedQuote("yes", { rate: 100, line: 46 }, { rate: 100, line: 47 }, true)).toBeNull();
    expect(acceptedQuote("no", { rate: 100, line: 45 }, { rate: 100, line: 46 }, true)).toEqual({ rate: 100, line: 46 });
    expect(acceptedQuote("no", { rate: 100, line: 45 }, { rate: 100, line: 44 }, true)).toBeNull();
    // A better line with a rate beyond the tolerance is still refused.
    expect(acceptedQuote("yes", { rate: 100, line: 46 }, { rate: 90, line: 44 }, true)).toBeNull();
  });
});
