// Identity verification: what an operator may require (defined with the settings) and the documents a player uploads.
export { requirableVerifications, type RequirableVerification } from "#app/modules/settings/index.ts";

export const identityDocumentTypes = ["national_id", "passport", "driving_licence"] as const;
export type IdentityDocumentType = (typeof identityDocumentTypes)[number];
export type IdentityDocumentStatus = "pending" | "approved" | "rejected";
