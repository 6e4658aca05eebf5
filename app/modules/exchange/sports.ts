// The sports the exchange lists (browser-safe).
export const sports = ["cricket", "soccer", "tennis"] as const;

export type Sport = (typeof sports)[number];
