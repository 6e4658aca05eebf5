// The settings module's server entry: what other modules and routes may use. Everything else is private.
export { getGeneralSettings } from "./general.server.ts";
export type { GeneralSettings } from "./general.server.ts";
export { checkJurisdiction } from "./jurisdiction.server.ts";
export { generalSettings } from "./schema.ts";
export { getEditableSettings, updateSettings } from "./settings.server.ts";
export { configuredStreamHosts, currentStreamHosts, updateStreamHosts } from "./stream-hosts.server.ts";
