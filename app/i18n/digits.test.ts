// One rule for digits: Latin digits (0-9) in both languages. Amounts, phone numbers, TRX IDs and codes are typed
// with Latin digits on every phone keyboard here, so Bangla text shows numbers the same way (no "৳১০০" beside a
// "1,000" button); numbers are formatted by the same functions (groupTaka, groupWhole, formatDhaka) in both.
import { describe, expect, it } from "vitest";
import bn from "./locales/bn/index.ts";

const BANGLA_DIGIT = /[\u09E6-\u09EF]/;

function strings(value: unknown, path: string[] = []): Array<[string, string]> {
  if (typeof value === "string") return [[path.join("."), value]];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, [...path, k]));
  return [];
}

describe("digits in Bangla", () => {
  it("every Bangla string writes numbers with Latin digits", () => {
    const all = strings(bn);
    expect(all.length).toBeGreaterThan(500);
    expect(all.filter(([, s]) => BANGLA_DIGIT.test(s)).map(([key, s]) => `${key}: ${s}`)).toEqual([]);
  });
});
