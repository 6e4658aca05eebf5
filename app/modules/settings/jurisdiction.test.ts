import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { clearSiteConfigCache } from "#app/modules/content/content.server.ts";
import { generalSettings } from "./schema.ts";
import { countryOfPlayer, isJurisdictionAllowed, missingForRealMoney } from "./jurisdiction.ts";
import { checkJurisdiction } from "./jurisdiction.server.ts";

async function setSite(values: Partial<typeof generalSettings.$inferInsert>) {
  await db.update(generalSettings).set(values);
  clearSiteConfigCache();
}

describe("countryOfPlayer", () => {
  it.each([
    ["BDT", "880", "BD"],
    ["INR", "91", "IN"],
    ["PKR", "92", "PK"],
    ["bdt", "+880", "BD"],
  ])("%s with +%s is %s", (currency, callingCode, country) => {
    expect(countryOfPlayer({ currency, callingCode })).toBe(country);
  });

  it.each([
    ["BDT", "91"],
    ["BDT", "92"],
    ["INR", "880"],
    ["INR", "92"],
    ["PKR", "880"],
    ["PKR", "91"],
    ["USD", "1"],
    ["", ""],
  ])("refuses the mismatch %s with +%s as unknown", (currency, callingCode) => {
    expect(countryOfPlayer({ currency, callingCode })).toBeNull();
  });
});

describe("isJurisdictionAllowed", () => {
  it("allows only listed countries and never an unknown one", () => {
    const settings = { jurisdictions: ["IN", "PK"] };
    expect(isJurisdictionAllowed(settings, "IN")).toBe(true);
    expect(isJurisdictionAllowed(settings, "PK")).toBe(true);
    expect(isJurisdictionAllowed(settings, "BD")).toBe(false);
    expect(isJurisdictionAllowed(settings, null)).toBe(false);
    expect(isJurisdictionAllowed({ jurisdictions: [] }, "BD")).toBe(false);
  });

  it("lists what real-money mode still needs", () => {
    expect(missingForRealMoney({ licenceIssuer: " ", licenceNumber: null, jurisdictions: [] })).toEqual([
      "licenceIssuer",
      "licenceNumber",
      "jurisdictions",
    ]);
    expect(missingForRealMoney({ licenceIssuer: "MGA", licenceNumber: "B2C/1", jurisdictions: ["IN"] })).toEqual([]);
  });
});

describe("checkJurisdiction", () => {
  beforeAll(async () => {
    await seedDemoContent(db);
  });

  it("lets every player in while the site is in demo mode", async () => {
    await setSite({ mode: "demo", jurisdictions: [] });
    expect(await checkJurisdiction({ currency: "INR", callingCode: "880" })).toBeNull();
    expect(await checkJurisdiction({ currency: "BDT", callingCode: "880" })).toBeNull();
  });

  it("in real-money mode refuses countries off the list and mismatched players", async () => {
    await setSite({ mode: "real", licenceIssuer: "Test Authority", licenceNumber: "L-1", jurisdictions: ["IN", "PK"] });
    const refused = { messageKey: "admin.jurisdiction.refused" };
    expect(await checkJurisdiction({ currency: "INR", callingCode: "91" })).toBeNull();
    expect(await checkJurisdiction({ currency: "PKR", callingCode: "92" })).toBeNull();
    expect(await checkJurisdiction({ currency: "BDT", callingCode: "880" })).toEqual(refused);
    expect(await checkJurisdiction({ currency: "INR", callingCode: "92" })).toEqual(refused);
    expect(await checkJurisdiction({ currency: "INR", callingCode: "880" })).toEqual(refused);
    await setSite({ jurisdictions: ["BD"] });
    expect(await checkJurisdiction({ currency: "BDT", callingCode: "880" })).toBeNull();
    expect(await checkJurisdiction({ currency: "INR", callingCode: "91" })).toEqual(refused);
  });
});
