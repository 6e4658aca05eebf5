// The contact platforms staff can list (browser-safe: the admin form and the footer use them).
export const socialPlatforms = ["whatsapp", "facebook", "telegram", "email"] as const;

export type SocialPlatform = (typeof socialPlatforms)[number];
