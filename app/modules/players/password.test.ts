import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server.ts";

describe("password hashing", () => {
  it("uses argon2id with a fresh salt and verifies only the right password", async () => {
    const a = await hashPassword("Secret123");
    const b = await hashPassword("Secret123");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, "Secret123")).toBe(true);
    expect(await verifyPassword(a, "secret123")).toBe(false);
  });
  it("treats a malformed stored hash as a failed check, not a crash", async () => {
    expect(await verifyPassword("not-a-hash", "Secret123")).toBe(false);
  });
});
