import { describe, expect, it } from "vitest";
import { safeRedirect } from "./auth.server.ts";

describe("safeRedirect", () => {
  it("keeps paths on this site with their query and fragment", () => {
    expect(safeRedirect("/deposit")).toBe("/deposit");
    expect(safeRedirect("/games?type=SLOT&system=KA,JILI#top")).toBe("/games?type=SLOT&system=KA,JILI#top");
    expect(safeRedirect("/gamerun?code=KA-SLOT-X&from=%2Fgames%3Ftype%3DSLOT")).toBe("/gamerun?code=KA-SLOT-X&from=%2Fgames%3Ftype%3DSLOT");
    expect(safeRedirect("/a/../b")).toBe("/b");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/x\r\nSet-Cookie: a=b",
    "/%0d%0aSet-Cookie:%20a=b",
    "/%E0%A4%A",
    "javascript:alert(1)",
    " /deposit",
    "deposit",
    "",
    `/${"a".repeat(3000)}`,
  ])("sends %j to the fallback", (to) => {
    expect(safeRedirect(to)).toBe("/");
    expect(safeRedirect(to, "/admin")).toBe("/admin");
  });

  it("refuses values that are not strings", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/");
  });
});
