// The settings module's browser-safe entry: what components and routes may use in the browser.
export { countryOfPlayer, jurisdictionCodes, jurisdictionOf } from "./jurisdiction.ts";
export type { JurisdictionCode } from "./jurisdiction.ts";
export { MAX_STREAM_HOSTS, parseStreamHosts } from "./stream-hosts.ts";
export { formatHundredths, parseHundredths, settingsSchema, siteModes } from "./validation.ts";
export { requirableVerifications } from "./verifications.ts";
export type { RequirableVerification } from "./verifications.ts";
