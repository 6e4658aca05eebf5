// The staff module's browser-safe entry: what components and routes may use in the browser.
export {
  changeOwnPasswordSchema,
  createStaffSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  endOtherSessionsSchema,
  endSessionSchema,
  resetStaffPasswordSchema,
  resetStaffTwoFactorSchema,
  setStaffActiveSchema,
  staffCodeSchema,
  staffLoginSchema,
  startTwoFactorSchema,
} from "./validation.ts";
export { staffRoles } from "./roles.ts";
export type { StaffRole } from "./roles.ts";
export { NOTE_MAX, TAG_MAX, noteSchema, tagField, tagSchema } from "./player-notes.ts";
