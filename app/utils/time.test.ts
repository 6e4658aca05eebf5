import { describe, expect, it } from "vitest";
import { dayjs, formatDhaka } from "./time.ts";

describe("formatDhaka", () => {
  it("agrees with the time-zone database at random moments from 2005 to 2045, in every format the site uses", () => {
    const formats = ["YYYY-MM-DD HH:mm:ss", "YYYY-MM-DD HH:mm", "YYYY-MM-DD", "YYYY", "HH:mm:ss", "YYYY-MM-DDTHH:mm", "YYYY-MM-DD HH:mm Z"];
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5_000; i++) {
      const t = Date.UTC(2005, 0, 1) + Math.floor(random() * 40 * 365 * 86_400_000);
      for (const f of formats) expect(formatDhaka(t, f)).toBe(dayjs(t).tz("Asia/Dhaka").format(f));
    }
  });

  it("shows Dhaka's 2009 daylight saving (UTC+7) and the fixed UTC+6 after it", () => {
    expect(formatDhaka(Date.UTC(2009, 7, 1, 0, 0), "HH:mm")).toBe("07:00");
    expect(formatDhaka(Date.UTC(2026, 10, 23, 18, 30), "YYYY-MM-DD HH:mm")).toBe("2026-11-24 00:30");
    expect(formatDhaka(null)).toBe("");
  });
});
