// The verifications an operator may require in real-money mode (shared by the settings form, server and browser).
export const requirableVerifications = ["phone", "email", "documents"] as const;
export type RequirableVerification = (typeof requirableVerifications)[number];

export const identityDocumentTypes = ["national_id", "passport", "driving_licence"] as const;
export type IdentityDocumentType = (typeof identityDocumentTypes)[number];
export type IdentityDocumentStatus = "pending" | "approved" | "rejected";
