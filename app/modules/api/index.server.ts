// The api module's server entry: what other modules and routes may use. Everything else is private.
export { english, englishToken } from "./english.server.ts";
export { LOGIN_FIELDS, SIGNUP_FIELDS, clientCurrency, clientFieldErrors, issuesByField, pickFields, validationFailed } from "./fields.server.ts";
export type { Picked } from "./fields.server.ts";
export { NO_STORE, PUBLIC_CACHE, apiError, apiRefusal, checkMethod, formHasNul, readBody, readBytesWithin, rejectMethod } from "./http.server.ts";
export { absoluteUrl, generalEntry, logoEntry, promotionEntry, sliderEntry, socialLinksEntry, userEntry } from "./presenters.server.ts";
export { addNumber, otherPhones, profilePost, sendExtraCode, sendMainCode, updateBirthday, verifyCode } from "./profile.server.ts";
export { isTestRequest, openTestSession } from "./test-sessions.server.ts";
