import { isbot } from "isbot";
import { UAParser } from "ua-parser-js";

export type LayoutKind = "mobile" | "desktop";

/** Phones (and wearables) get the mobile layout; tablets, desktops and crawlers the desktop one. */
export function layoutFor(userAgent: string | null): LayoutKind {
  if (!userAgent || isbot(userAgent)) return "desktop";
  const type = UAParser(userAgent).device.type;
  return type === "mobile" || type === "wearable" ? "mobile" : "desktop";
}
