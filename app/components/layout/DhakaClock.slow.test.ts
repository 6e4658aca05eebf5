import { describe, expect, it } from "vitest";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { formatDhakaClock } from "./DhakaClock.tsx";

// The clock formats with Intl so that every page's browser bundle goes without dayjs; it must still write exactly
// what the kernel writes.
describe("formatDhakaClock", () => {
  it("writes the same text as the kernel's formatDhaka", () => {
    const edges = ["2026-11-21T17:59:59Z", "2026-11-21T18:00:00Z", "2026-12-31T17:59:59Z", "2026-12-31T18:00:00Z", "2028-02-28T18:00:00Z"];
    for (const iso of edges) expect(formatDhakaClock(new Date(iso))).toBe(formatDhaka(new Date(iso)));
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2_000; i++) {
      const at = new Date(Date.UTC(2010, 0, 1) + Math.floor(random() * 35 * 365 * 86_400_000));
      expect(formatDhakaClock(at)).toBe(formatDhaka(at));
    }
  });
});
