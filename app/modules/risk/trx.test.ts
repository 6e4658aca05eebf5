import { describe, expect, it } from "vitest";
import { normalizeTrx, trxMatch, trxVariants, withinOneEdit } from "./trx.ts";

describe("TRX ID matching", () => {
  it("normalises case and separators", () => {
    expect(normalizeTrx("ab-12 cd_9")).toBe("AB12CD9");
  });

  it("finds the same ID written differently and IDs one character apart", () => {
    expect(trxMatch("8N7A6D5X4K", "8n7a-6d5x-4k")).toBe("same");
    expect(trxMatch("8N7A6D5X4K", "8N7A6D5X4Q")).toBe("near");
    expect(trxMatch("8N7A6D5X4K", "8N7A6D5X4")).toBe("near");
    expect(trxMatch("8N7A6D5X4K", "8N7A6DD5X4K")).toBe("near");
  });

  it("does not match IDs two characters apart or short IDs one apart", () => {
    expect(trxMatch("8N7A6D5X4K", "8N7A6D5YYK")).toBeNull();
    expect(trxMatch("8N7A6D5X4K", "N8A76D5X4K")).toBeNull();
    expect(trxMatch("AB12", "AB13")).toBeNull();
    expect(withinOneEdit("ABC", "ABCDE")).toBe(false);
  });

  it("one edit apart always shares a stored variant", () => {
    const share = (a: string, b: string) => trxVariants(a).some((v) => trxVariants(b).includes(v));
    expect(share("8N7A6D5X4K", "8N7A6D5X4Q")).toBe(true);
    expect(share("8N7A6D5X4K", "8N7A6DX4K")).toBe(true);
    expect(share("8N7A6D5X4K", "9M7A6D5X4Q")).toBe(false);
  });
});
