// The staff roles (browser-safe: the admin menu and forms use them).
export const staffRoles = ["admin", "finance", "support", "trader", "content"] as const;

export type StaffRole = (typeof staffRoles)[number];
