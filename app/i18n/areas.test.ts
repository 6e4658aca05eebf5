import { describe, expect, it } from "vitest";
import { messageAreas } from "./areas.server.ts";
import { messageToken } from "./message.ts";

describe("messageAreas", () => {
  it("names each message's own route area and the areas of the keys it nests", () => {
    // house.errors.limit_exceeded is "$t(rgLimits.refused)", which nests rgLimits.names.* and rgLimits.resets.*.
    expect(messageAreas([messageToken("house.errors.limit_exceeded", { name: "loss", limit: "1,000" })]).sort()).toEqual(["house", "rgLimits"]);
    expect(messageAreas([messageToken("rgExclusion.loginRefused.until.timeout", { until: "2026-12-01 10:00" })])).toEqual(["rgExclusion"]);
    expect(messageAreas(["risk.errors.underReview", "payments.errors.amountInvalid"])).toEqual(["risk"]);
  });

  it("needs nothing for the catalogue every page has, or for no messages", () => {
    expect(messageAreas(["errors.tooManyAttempts", "payments.errors.trxUsed", "auth.login.title"])).toEqual([]);
    expect(messageAreas(undefined)).toEqual([]);
  });
});
