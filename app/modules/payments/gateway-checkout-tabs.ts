// The tabs of the back office's gateway checkouts page (shared by its server module and its page), each a group of the
// checkouts' statuses.
import type { GatewayPaymentState } from "./schema.ts";

export const checkoutTabs = ["open", "attention", "failed", "credited", "all"] as const;
export type CheckoutTab = (typeof checkoutTabs)[number];

const statusesOf: Record<Exclude<CheckoutTab, "all">, readonly GatewayPaymentState[]> = {
  open: ["initiated"],
  attention: ["mismatch", "refused"],
  failed: ["failed", "cancelled", "expired"],
  credited: ["completed", "refunded"],
};

/** The statuses a tab shows; undefined for "all". */
export const checkoutTabStatuses = (tab: CheckoutTab): readonly GatewayPaymentState[] | undefined => (tab === "all" ? undefined : statusesOf[tab]);
