// The verifications an operator may require in real-money mode before a deposit or a bet (a general setting, shared by
// the settings form, server and browser); protection checks them.
export const requirableVerifications = ["phone", "email", "documents"] as const;
export type RequirableVerification = (typeof requirableVerifications)[number];
