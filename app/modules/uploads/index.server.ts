// The uploads module's server entry: what other modules and routes may use. Everything else is private.
export { importDiskUploads } from "./import-disk.server.ts";
export type { LegacyFolder } from "./import-disk.server.ts";
export { uploadStore } from "./storage.server.ts";
export type { StoredUpload } from "./storage.server.ts";
