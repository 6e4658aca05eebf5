import { describe, expect, it } from "vitest";
import { checkLimit, mayConfirm, pendingFromFor, sessionOver, used } from "./limits-math.ts";
import { taka } from "#tests/kit/money.ts";

// 2026-11-23 23:30 in Dhaka (UTC+6) is 17:30 UTC.
const at = (iso: string) => new Date(iso);

describe("limit maths", () => {
  it("accepts exactly up to the limit and refuses one poisha over", () => {
    const now = at("2026-11-23T12:00:00Z");
    const rows = [{ at: at("2026-11-23T10:00:00Z"), amount: taka(3_000) }];
    expect(checkLimit("deposit", "day", taka(5_000), rows, taka(2_000), now)).toEqual({ ok: true, used: taka(3_000), remaining: taka(2_000) });
    const over = checkLimit("deposit", "day", taka(5_000), rows, taka(2_000) + 1n, now);
    expect(over).toMatchObject({ ok: false, remaining: taka(2_000), resetsAt: at("2026-11-24T10:00:00Z") });
  });

  it("rolls over midnight in Dhaka instead of resetting at it", () => {
    // Deposits at 23:00 and 23:50 Dhaka on the 23rd; at 00:10 Dhaka on the 24th they still count.
    const rows = [
      { at: at("2026-11-23T17:00:00Z"), amount: taka(3_000) },
      { at: at("2026-11-23T17:50:00Z"), amount: taka(1_500) },
    ];
    const now = at("2026-11-23T18:10:00Z");
    expect(used("deposit", rows, "day", now)).toBe(taka(4_500));
    const r = checkLimit("deposit", "day", taka(5_000), rows, taka(1_000), now);
    // Only once the first one leaves (23:00 Dhaka on the 24th) do ৳1,000 fit again.
    expect(r).toMatchObject({ ok: false, remaining: taka(500), resetsAt: at("2026-11-24T17:00:00Z") });
    // A row leaves the window exactly 24 hours after it was made.
    expect(used("deposit", rows, "day", at("2026-11-24T17:00:00Z"))).toBe(taka(1_500));
    expect(used("deposit", rows, "day", at("2026-11-24T16:59:59.999Z"))).toBe(taka(4_500));
  });

  it("finds the reset from the counted rows, oldest first, for weeks and months too", () => {
    const now = at("2026-11-23T12:00:00Z");
    const rows = [
      { at: at("2026-11-20T08:00:00Z"), amount: taka(100) },
      { at: at("2026-11-21T08:00:00Z"), amount: taka(800) },
      { at: at("2026-11-22T08:00:00Z"), amount: taka(100) },
    ];
    // Week limit 1,000: all used; 500 fits once the first two (900) have left: 28 Nov 08:00 UTC.
    expect(checkLimit("stake", "week", taka(1_000), rows, taka(500), now)).toMatchObject({ ok: false, resetsAt: at("2026-11-28T08:00:00Z") });
    expect(checkLimit("stake", "month", taka(1_000), rows, taka(500), now)).toMatchObject({ ok: false, resetsAt: at("2026-12-21T08:00:00Z") });
    // More than the whole limit never fits.
    expect(checkLimit("stake", "week", taka(1_000), rows, taka(1_000) + 1n, now)).toMatchObject({ ok: false, resetsAt: null });
  });

  it("counts a loss as stakes minus payouts, never below zero", () => {
    const now = at("2026-11-23T12:00:00Z");
    const rows = [
      { at: at("2026-11-23T09:00:00Z"), amount: taka(-700) },
      { at: at("2026-11-23T10:00:00Z"), amount: taka(500) },
    ];
    expect(used("loss", rows, "day", now)).toBe(0n);
    expect(checkLimit("loss", "day", taka(300), rows, taka(300), now)).toMatchObject({ ok: true, remaining: taka(300) });
    const lost = [{ at: at("2026-11-23T10:00:00Z"), amount: taka(250) }];
    expect(checkLimit("loss", "day", taka(300), lost, taka(50), now)).toMatchObject({ ok: true, remaining: taka(50) });
    expect(checkLimit("loss", "day", taka(300), lost, taka(50) + 1n, now)).toMatchObject({ ok: false, resetsAt: at("2026-11-24T10:00:00Z") });
  });

  it("lets an increase be confirmed 24:00:00 after the request, not 23:59:59", () => {
    const asked = at("2026-11-23T12:00:00Z");
    const from = pendingFromFor(asked);
    expect(mayConfirm(from, new Date(asked.getTime() + 86_399_000))).toBe(false);
    expect(mayConfirm(from, new Date(asked.getTime() + 86_400_000))).toBe(true);
  });

  it("ends a session once it is as old as the limit", () => {
    const start = at("2026-11-23T12:00:00Z");
    expect(sessionOver(start, 30, at("2026-11-23T12:29:59Z"))).toBe(false);
    expect(sessionOver(start, 30, at("2026-11-23T12:30:00Z"))).toBe(true);
  });
});
