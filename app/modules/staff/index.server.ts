// The staff module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { staffUsers } from "./schema.ts";
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
export { createStaff, ensureSeedAdmin, findStaffByUsername, listStaff, resetStaffPassword, setStaffActive } from "./staff.server.ts";
