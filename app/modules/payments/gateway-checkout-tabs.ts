// The tabs of the back office's gateway checkouts page (shared by its server module and its page).
export const checkoutTabs = ["open", "attention", "failed", "credited", "all"] as const;
export type CheckoutTab = (typeof checkoutTabs)[number];
