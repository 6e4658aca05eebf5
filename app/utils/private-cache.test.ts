import { describe, expect, it } from "vitest";
import { PRIVATE_NO_STORE, sessionCacheControl } from "./private-cache.server.ts";

describe("sessionCacheControl", () => {
  it("gives a response to a session private, no-store unless its route chose no-store or declared it public", () => {
    expect(sessionCacheControl(null)).toBe(PRIVATE_NO_STORE);
    expect(sessionCacheControl("")).toBe(PRIVATE_NO_STORE);
    expect(sessionCacheControl("no-cache")).toBe(PRIVATE_NO_STORE);
    expect(sessionCacheControl("private, max-age=300")).toBe(PRIVATE_NO_STORE);
    expect(sessionCacheControl("max-age=60")).toBe(PRIVATE_NO_STORE);
    expect(sessionCacheControl("no-store")).toBe("no-store");
    expect(sessionCacheControl("private, no-store")).toBe("private, no-store");
    expect(sessionCacheControl("No-Store, must-revalidate")).toBe("No-Store, must-revalidate");
    expect(sessionCacheControl("public, max-age=31536000, immutable")).toBe("public, max-age=31536000, immutable");
  });
});
