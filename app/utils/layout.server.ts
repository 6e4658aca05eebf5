import { isbot } from "isbot";
import { UAParser } from "ua-parser-js";

export type LayoutKind = "mobile" | "desktop";

// Parsing a user agent is a good part of a small page's cost, and a site sees few distinct ones: remember them.
const MAX_REMEMBERED = 1_000;
const remembered = new Map<string, LayoutKind>();

/** Phones (and wearables) get the mobile layout; tablets, desktops and crawlers the desktop one. */
export function layoutFor(userAgent: string | null): LayoutKind {
  if (!userAgent) return "desktop";
  let kind = remembered.get(userAgent);
  if (kind === undefined) {
    kind = parseLayout(userAgent);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(userAgent, kind);
  }
  return kind;
}

function parseLayout(userAgent: string): LayoutKind {
  if (isbot(userAgent)) return "desktop";
  const type = UAParser(userAgent).device.type;
  return type === "mobile" || type === "wearable" ? "mobile" : "desktop";
}
