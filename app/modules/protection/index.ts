// The protection module's browser-safe entry: what components and routes may use in the browser.
export { isCalendarDate, latestAdultBirthday, MINIMUM_AGE } from "./age.ts";
export { exclusionRefusal } from "./exclusions-refusal.ts";
export {
  closeAccountSchema,
  exclusionNotices,
  selfExclusionEnd,
  selfExclusionSchema,
  selfExclusionTerms,
  staffExclusionSchema,
  staffTerm,
  timeOutEnd,
  timeOutPeriods,
  timeOutSchema,
} from "./exclusions.ts";
export { documentReviewSchema, documentTypeField } from "./identity-forms.ts";
export { identityDocumentTypes, requirableVerifications } from "./identity-verifications.ts";
export { limitText, refusalMessage } from "./limits-errors.ts";
export type { LimitRefusal } from "./limits-errors.ts";
export { HUB_PATH, limitFormSchema, slotId } from "./limits-form.ts";
export { sessionOver } from "./limits-math.ts";
export { realityIntervals, realitySettingSchema } from "./reality.ts";
