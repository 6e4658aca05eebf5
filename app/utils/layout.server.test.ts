import { describe, expect, test } from "vitest";
import { layoutFor } from "./layout.server.ts";

const PHONE = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const TABLET = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const CRAWLER =
  "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X) AppleWebKit/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Mobile Safari/537.36";

describe("layoutFor", () => {
  test("phones get the mobile layout; tablets, desktops, crawlers and no user agent the desktop one", () => {
    expect(layoutFor(PHONE)).toBe("mobile");
    expect(layoutFor(TABLET)).toBe("desktop");
    expect(layoutFor(DESKTOP)).toBe("desktop");
    expect(layoutFor(CRAWLER)).toBe("desktop");
    expect(layoutFor(null)).toBe("desktop");
  });

  test("the same answer for a user agent seen before, also after many others", () => {
    for (let i = 0; i < 2_500; i++) layoutFor(`${DESKTOP} build/${i}`);
    expect(layoutFor(PHONE)).toBe("mobile");
    expect(layoutFor(PHONE)).toBe("mobile");
    expect(layoutFor(DESKTOP)).toBe("desktop");
  });
});
