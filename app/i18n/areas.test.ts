import { describe, expect, it } from "vitest";
import { messageAreas } from "./areas.server.ts";
import { messageToken } from "./message.ts";

describe("messageAreas", () => {
  it("names each message's own route area and the areas of the keys it nests", () => {
    // house.errors.limit_exceeded is "$t(protectionLimits.refused)", which nests protectionLimits.names.* and protectionLimits.resets.*.
    expect(messageAreas([messageToken("house.errors.limit_exceeded", { name: "loss", limit: "1,000" })]).sort()).toEqual([
      "house",
      "protectionLimits",
    ]);
    expect(messageAreas([messageToken("protectionExclusion.loginRefused.until.timeout", { until: "2026-12-01 10:00" })])).toEqual([
      "protectionExclusion",
    ]);
    expect(messageAreas(["risk.errors.underReview", "payments.errors.amountInvalid"])).toEqual(["risk"]);
  });

  it("needs nothing for the catalogue every page has, or for no messages", () => {
    expect(messageAreas(["errors.tooManyAttempts", "payments.errors.trxUsed", "auth.login.title"])).toEqual([]);
    expect(messageAreas(undefined)).toEqual([]);
  });
});
