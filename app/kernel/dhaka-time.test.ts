import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import {
  addDays,
  DHAKA_TZ,
  dhakaDayBounds,
  dhakaDayKey,
  dhakaDayStart,
  dhakaRange,
  dhakaRangeDays,
  formatDhaka,
  formatDhakaDate,
  formatDhakaDateTime,
  formatDhakaInput,
  isDayKey,
  parseDhakaDate,
  parseDhakaDateTime,
  startOfDhakaDay,
} from "./dhaka-time.ts";

const utc = (iso: string) => new Date(iso);

describe("formatDhaka", () => {
  it("agrees with the time-zone database at random moments from 2005 to 2045, in every format the site uses", () => {
    const formats = ["YYYY-MM-DD HH:mm:ss", "YYYY-MM-DD HH:mm", "YYYY-MM-DD", "YYYY", "HH:mm:ss", "YYYY-MM-DDTHH:mm", "YYYY-MM-DD HH:mm Z"];
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    // 400 moments × 7 formats: the time-zone plugin builds an Intl formatter on every call (5,000 took 40 s loaded).
    for (let i = 0; i < 400; i++) {
      const t = Date.UTC(2005, 0, 1) + Math.floor(random() * 40 * 365 * 86_400_000);
      for (const f of formats) expect(formatDhaka(t, f)).toBe(dayjs(t).tz(DHAKA_TZ).format(f));
    }
  });

  it("shows Dhaka's 2009 daylight saving (UTC+7) and the fixed UTC+6 after it", () => {
    expect(formatDhaka(Date.UTC(2009, 7, 1, 0, 0), "HH:mm")).toBe("07:00");
    expect(formatDhaka(Date.UTC(2026, 10, 23, 18, 30), "YYYY-MM-DD HH:mm")).toBe("2026-11-24 00:30");
    expect(formatDhaka(null)).toBe("");
    expect(formatDhaka(undefined)).toBe("");
  });

  it("writes dates, 24-hour date-times and datetime-local values as the pages always have", () => {
    const at = utc("2026-11-21T09:04:05Z"); // 15:04:05 in Dhaka
    expect(formatDhaka(at)).toBe("2026-11-21 15:04:05");
    expect(formatDhakaDate(at)).toBe("2026-11-21");
    expect(formatDhakaDateTime(at)).toBe("2026-11-21 15:04");
    expect(formatDhakaInput(at)).toBe("2026-11-21T15:04");
    expect(formatDhakaDateTime(utc("2026-11-21T17:59:00Z"))).toBe("2026-11-21 23:59");
    expect(formatDhakaDateTime(utc("2026-11-21T18:00:00Z"))).toBe("2026-11-22 00:00");
    expect(formatDhakaDateTime(null)).toBe("");
  });
});

describe("Dhaka days", () => {
  it("puts an instant on the Dhaka date: a new day starts at 18:00 UTC", () => {
    expect(dhakaDayKey(utc("2026-11-21T17:59:59.999Z"))).toBe("2026-11-21");
    expect(dhakaDayKey(utc("2026-11-21T18:00:00.000Z"))).toBe("2026-11-22");
    expect(dhakaDayKey(Date.parse("2026-11-21T00:00:00Z"))).toBe("2026-11-21");
  });

  it("turns the month and the year at Dhaka's midnight, not UTC's", () => {
    expect(dhakaDayKey(utc("2026-02-28T17:59:59Z"))).toBe("2026-02-28");
    expect(dhakaDayKey(utc("2026-02-28T18:00:00Z"))).toBe("2026-03-01");
    expect(dhakaDayKey(utc("2028-02-28T18:00:00Z"))).toBe("2028-02-29");
    expect(dhakaDayKey(utc("2026-12-31T17:59:59Z"))).toBe("2026-12-31");
    expect(dhakaDayKey(utc("2026-12-31T18:00:00Z"))).toBe("2027-01-01");
  });

  it("bounds a day as [18:00 UTC the date before, 18:00 UTC its date)", () => {
    expect(dhakaDayBounds("2026-11-21")).toEqual({ start: utc("2026-11-20T18:00:00Z"), end: utc("2026-11-21T18:00:00Z") });
    expect(dhakaDayBounds("2027-01-01")).toEqual({ start: utc("2026-12-31T18:00:00Z"), end: utc("2027-01-01T18:00:00Z") });
    expect(dhakaDayBounds("2026-03-31")).toEqual({ start: utc("2026-03-30T18:00:00Z"), end: utc("2026-03-31T18:00:00Z") });
    expect(dhakaDayStart("2026-03-01")).toEqual(utc("2026-02-28T18:00:00Z"));
    expect(dhakaDayKey(dhakaDayStart("2026-05-10"))).toBe("2026-05-10");
    expect(dhakaDayKey(dhakaDayBounds("2026-05-10").end.getTime() - 1)).toBe("2026-05-10");
  });

  it("starts the day of an instant at the Dhaka midnight before it", () => {
    expect(startOfDhakaDay(utc("2026-11-21T17:59:59Z"))).toEqual(utc("2026-11-20T18:00:00Z"));
    expect(startOfDhakaDay(utc("2026-11-21T18:00:00Z"))).toEqual(utc("2026-11-21T18:00:00Z"));
    expect(startOfDhakaDay(utc("2026-12-31T20:00:00Z"))).toEqual(utc("2026-12-31T18:00:00Z"));
  });

  it("uses the time-zone database before 2010 (UTC+7 in the 2009 daylight saving)", () => {
    expect(dhakaDayStart("2009-08-01")).toEqual(utc("2009-07-31T17:00:00Z"));
    expect(dhakaDayStart("2008-08-01")).toEqual(utc("2008-07-31T18:00:00Z"));
  });

  it("moves day keys across months, years and leap days", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2026-11-21", -6)).toBe("2026-11-15");
  });

  it("reads day keys", () => {
    expect(isDayKey("2026-11-21")).toBe(true);
    expect(isDayKey("2026-11-32")).toBe(false);
    expect(isDayKey("2026-13-01")).toBe(false);
    expect(isDayKey("2026-1-01")).toBe(false);
    // Days a month does not have are refused, not rolled over into the next month.
    for (const day of ["2026-02-29", "2026-02-30", "2026-04-31", "2026-06-31", "2026-02-00"]) expect(isDayKey(day), day).toBe(false);
    expect(isDayKey("2028-02-29")).toBe(true);
    expect(isDayKey("")).toBe(false);
  });
});

describe("Dhaka ranges", () => {
  // 23:50 in Dhaka on 21 Nov is 17:50 UTC; ten minutes later it is the 22nd.
  const lateEvening = utc("2026-11-21T17:50:00Z");
  const justAfterMidnight = utc("2026-11-21T18:00:00Z");

  it("resolves today, yesterday and the last 7 and 30 days against now", () => {
    expect(dhakaRange("today", lateEvening)).toEqual({ start: utc("2026-11-20T18:00:00Z"), end: utc("2026-11-21T18:00:00Z") });
    expect(dhakaRange("yesterday", lateEvening)).toEqual({ start: utc("2026-11-19T18:00:00Z"), end: utc("2026-11-20T18:00:00Z") });
    expect(dhakaRange("last7", lateEvening)).toEqual({ start: utc("2026-11-14T18:00:00Z"), end: utc("2026-11-21T18:00:00Z") });
    expect(dhakaRange("last30", lateEvening)).toEqual({ start: utc("2026-10-22T18:00:00Z"), end: utc("2026-11-21T18:00:00Z") });
  });

  it("moves on at Dhaka's midnight", () => {
    expect(dhakaRangeDays("today", lateEvening)).toEqual({ from: "2026-11-21", to: "2026-11-21" });
    expect(dhakaRangeDays("today", justAfterMidnight)).toEqual({ from: "2026-11-22", to: "2026-11-22" });
    expect(dhakaRangeDays("yesterday", justAfterMidnight)).toEqual({ from: "2026-11-21", to: "2026-11-21" });
    expect(dhakaRangeDays("last7", justAfterMidnight)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
  });

  it("crosses month and year ends", () => {
    const newYear = utc("2026-12-31T18:30:00Z"); // 00:30 on 1 January 2027 in Dhaka
    expect(dhakaRangeDays("yesterday", newYear)).toEqual({ from: "2026-12-31", to: "2026-12-31" });
    expect(dhakaRange("last7", newYear)).toEqual({ start: utc("2026-12-25T18:00:00Z"), end: utc("2027-01-01T18:00:00Z") });
    expect(dhakaRangeDays("last30", utc("2026-03-01T06:00:00Z"))).toEqual({ from: "2026-01-31", to: "2026-03-01" });
  });

  it("bounds a custom from–to with both days included", () => {
    expect(dhakaRange({ from: "2026-11-01", to: "2026-11-07" })).toEqual({ start: utc("2026-10-31T18:00:00Z"), end: utc("2026-11-07T18:00:00Z") });
    expect(dhakaRange({ from: "2026-12-31", to: "2026-12-31" })).toEqual({ start: utc("2026-12-30T18:00:00Z"), end: utc("2026-12-31T18:00:00Z") });
  });
});

describe("parsing what forms send", () => {
  it("reads a date as the Dhaka midnight starting it", () => {
    expect(parseDhakaDate("2027-01-01")).toEqual(utc("2026-12-31T18:00:00Z"));
    expect(parseDhakaDate("2027-1-1")).toBeNull();
    expect(parseDhakaDate("nonsense")).toBeNull();
  });

  it("reads datetime-local values as Dhaka wall-clock time", () => {
    expect(parseDhakaDateTime("2026-05-01T18:30")).toEqual(utc("2026-05-01T12:30:00Z"));
    expect(parseDhakaDateTime("2026-05-01T18:30:15")).toEqual(utc("2026-05-01T12:30:15Z"));
    expect(parseDhakaDateTime("2026-05-01 18:30")).toEqual(utc("2026-05-01T12:30:00Z"));
    expect(parseDhakaDateTime("2027-01-01T00:00")).toEqual(utc("2026-12-31T18:00:00Z"));
    expect(parseDhakaDateTime("2026-12-31T23:59")).toEqual(utc("2026-12-31T17:59:00Z"));
    expect(parseDhakaDateTime("2026-05-01")).toBeNull();
    expect(parseDhakaDateTime("2026-05-01T25:00")).toBeNull();
    expect(parseDhakaDateTime("2026-05-32T10:00")).toBeNull();
    expect(parseDhakaDateTime("")).toBeNull();
  });

  it("formats and reads back the same datetime-local value", () => {
    const at = utc("2026-12-31T18:45:00Z");
    expect(formatDhakaInput(at)).toBe("2027-01-01T00:45");
    expect(parseDhakaDateTime(formatDhakaInput(at))).toEqual(at);
  });
});
