// Which country a player belongs to, and whether the licence covers it. Pure: used by the sign-up,
// the log-in and the settings form (browser and server).

/** ISO 3166-1 alpha-2 codes of the countries a sign-up can produce (its currencies and calling codes). */
export const jurisdictionCodes = ["BD", "IN", "PK"] as const;
export type JurisdictionCode = (typeof jurisdictionCodes)[number];

const countries: Record<JurisdictionCode, { currency: string; callingCode: string }> = {
  BD: { currency: "BDT", callingCode: "880" },
  IN: { currency: "INR", callingCode: "91" },
  PK: { currency: "PKR", callingCode: "92" },
};

/**
 * The player's country from their currency and phone calling code; null when they are unknown or point to
 * two different countries (a BDT account with an Indian number is not placed in either).
 */
export function countryOfPlayer({
  currency,
  callingCode,
}: {
  currency: string | null | undefined;
  callingCode: string | null | undefined;
}): JurisdictionCode | null {
  const code = (callingCode ?? "").trim().replace(/^\+/, "");
  const cur = (currency ?? "").trim().toUpperCase();
  for (const country of jurisdictionCodes) {
    if (countries[country].currency === cur && countries[country].callingCode === code) return country;
  }
  return null;
}

export function isJurisdictionCode(value: unknown): value is JurisdictionCode {
  return jurisdictionCodes.includes(value as JurisdictionCode);
}

/** True when the operator's list of allowed jurisdictions holds this country. An unknown country never is. */
export function isJurisdictionAllowed(settings: { jurisdictions: readonly string[] }, country: string | null | undefined): boolean {
  if (!country) return false;
  return settings.jurisdictions.some((c) => c.toUpperCase() === country.toUpperCase());
}

export type RealMoneyRequirements = { licenceIssuer: string | null; licenceNumber: string | null; jurisdictions: readonly string[] };

/** What is missing before real-money mode may be switched on (empty when nothing is). */
export function missingForRealMoney(s: RealMoneyRequirements): Array<"licenceIssuer" | "licenceNumber" | "jurisdictions"> {
  const missing: Array<"licenceIssuer" | "licenceNumber" | "jurisdictions"> = [];
  if (!s.licenceIssuer?.trim()) missing.push("licenceIssuer");
  if (!s.licenceNumber?.trim()) missing.push("licenceNumber");
  if (!s.jurisdictions.length) missing.push("jurisdictions");
  return missing;
}

/** The currency and calling code that place a player in this country (the back office's jurisdiction filter). */
export const jurisdictionOf = (country: JurisdictionCode): { currency: string; callingCode: string } => countries[country];
