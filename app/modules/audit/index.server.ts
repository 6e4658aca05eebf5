// The audit module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { auditLog } from "./schema.ts";
export { audit, auditAction, changedFields, listAuditActions } from "./audit.server.ts";
