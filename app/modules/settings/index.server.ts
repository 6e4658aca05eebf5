// The settings module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { generalSettings } from "./schema.ts";
export { getGeneralSettings, readGeneralSettings } from "./general.server.ts";
export type { GeneralSettings } from "./general.server.ts";
export { checkJurisdiction } from "./jurisdiction.server.ts";
export { getEditableSettings, updateSettings } from "./settings.server.ts";
export { configuredStreamHosts, currentStreamHosts, updateStreamHosts } from "./stream-hosts.server.ts";
