// The staff module's server entry: what other modules and routes may use. Everything else is private.
export { listAudit } from "./audit-log.server.ts";
export {
  clientIp,
  getStaff,
  hasStaffSessionCookie,
  loginStaff,
  logoutStaff,
  requireStaff,
  safeAdminRedirect,
  startStaffSession,
} from "./auth.server.ts";
export { dashboardCounts } from "./dashboard.server.ts";
export { staffUsers } from "./schema.ts";
export { createStaff, ensureSeedAdmin, findStaffByUsername, listStaff, resetStaffPassword, setStaffActive } from "./staff.server.ts";
