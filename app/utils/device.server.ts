// A device as a person recognises it in a list of sessions ("Chrome on Windows"), read from its user agent by
// ua-parser-js (the same parser that picks the layout). A guess from what the browser claims, never proof.
import { UAParser } from "ua-parser-js";

export type DeviceDescription = { browser: string | null; os: string | null };

export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: null, os: null };
  const { browser, os } = new UAParser(userAgent).getResult();
  return { browser: browser.name ?? null, os: os.name ?? null };
}
