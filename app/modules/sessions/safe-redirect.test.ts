import { describe, expect, it } from "vitest";
import { OPEN_REDIRECTS } from "#tests/support/open-redirects.ts";
import { safeRedirect } from "./auth.server.ts";

describe("safeRedirect", () => {
  it("keeps paths on this site with their query and fragment", () => {
    expect(safeRedirect("/deposit")).toBe("/deposit");
    expect(safeRedirect("/games?type=SLOT&system=KA,JILI#top")).toBe("/games?type=SLOT&system=KA,JILI#top");
    expect(safeRedirect("/gamerun?code=KA-SLOT-X&from=%2Fgames%3Ftype%3DSLOT")).toBe("/gamerun?code=KA-SLOT-X&from=%2Fgames%3Ftype%3DSLOT");
    expect(safeRedirect("/a/../b")).toBe("/b");
    expect(safeRedirect("/a/%2e%2e/b?c=1")).toBe("/b?c=1");
    expect(safeRedirect("/admin/../deposit")).toBe("/deposit");
    expect(safeRedirect("/games//slot")).toBe("/games//slot");
  });

  it.each(OPEN_REDIRECTS)("never leaves the site for %j", (to) => {
    expect(safeRedirect(to)).toBe("/");
    expect(safeRedirect(to, "/admin")).toBe("/admin");
  });

  it("gives an answer that is its own answer (a path checked after its dot segments are resolved)", () => {
    for (const to of ["/a/./b/../c", "/x/%2e/y", "/deposit?back=//evil.example", "/a#//evil.example"]) {
      const once = safeRedirect(to);
      expect(once.startsWith("/") && !once.startsWith("//")).toBe(true);
      expect(safeRedirect(once)).toBe(once);
    }
  });

  it.each(["/%E0%A4%A", " /deposit", "deposit", "", `/${"a".repeat(3000)}`])("sends %j to the fallback", (to) => {
    expect(safeRedirect(to)).toBe("/");
    expect(safeRedirect(to, "/admin")).toBe("/admin");
  });

  it("refuses values that are not strings", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/");
  });
});
