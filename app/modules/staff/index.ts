// The staff module's browser-safe entry: what components and routes may use in the browser.
export { createStaffSchema, resetStaffPasswordSchema, setStaffActiveSchema, staffLoginSchema } from "./validation.ts";
export { staffRoles } from "./roles.ts";
export type { StaffRole } from "./roles.ts";
