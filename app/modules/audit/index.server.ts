// The audit module's server entry: what other modules and routes may use. Everything else is private.
export { audit, changedFields, listAuditActions } from "./audit.server.ts";
export { auditLog } from "./schema.ts";
