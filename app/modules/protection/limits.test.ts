import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "rg-limits-"));
});

import { db } from "#app/db/db.server.ts";
import { approveDeposit } from "#app/modules/payments/deposits.server.ts";
import { isPaymentError } from "#app/modules/payments/errors.ts";
import { deposits } from "#app/modules/payments/schema.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createSite,
  createStaff,
  depositFor,
  taka,
} from "#app/modules/payments/test-helpers.ts";
import { LimitError } from "./limits-errors.ts";
import {
  cancelPendingLimit,
  changeLimit,
  checkDepositLimits,
  confirmLimit,
  limitOverview,
  listLimitChanges,
  markDepositLimitPrompted,
  parseLimitValue,
  shouldPromptDepositLimit,
} from "./limits.server.ts";
import { rgLimitChanges, rgLimits } from "./schema.ts";

const DAY = 86_400_000;
const depositDay = { kind: "deposit", period: "day" } as const;

afterAll(closeIdleConnections);
beforeAll(async () => {
  await createSite();
});

async function limitRow(playerId: number, slot: { kind: string; period: string }) {
  const [row] = await db
    .select()
    .from(rgLimits)
    .where(and(eq(rgLimits.playerId, playerId), eq(rgLimits.kind, slot.kind as "deposit"), eq(rgLimits.period, slot.period as "day")));
  return row;
}

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe("changing limits", () => {
  it("sets and lowers at once, and makes an increase wait 24 hours for a confirmation", async () => {
    const player = await createPlayer();
    const t0 = new Date("2026-11-23T10:00:00Z");
    expect(await changeLimit(player.id, depositDay, taka(5_000), t0)).toBe("set");
    expect(await changeLimit(player.id, depositDay, taka(3_000), t0)).toBe("decreased");
    expect((await limitRow(player.id, depositDay))?.amount).toBe(taka(3_000));

    const asked = new Date(t0.getTime() + 60_000);
    expect(await changeLimit(player.id, depositDay, taka(8_000), asked)).toBe("pending");
    const pending = await limitRow(player.id, depositDay);
    expect(pending).toMatchObject({ amount: taka(3_000), pendingAmount: taka(8_000), pendingFrom: new Date(asked.getTime() + DAY) });

    const early = await rejection(confirmLimit(player.id, depositDay, new Date(asked.getTime() + DAY - 1_000)));
    expect(early).toBeInstanceOf(LimitError);
    // 10:01 UTC + 24 h is 16:01 in Dhaka on the 24th.
    expect((early as LimitError).params.from).toBe("2026-11-24 16:01");
    expect((await limitRow(player.id, depositDay))?.amount).toBe(taka(3_000));

    expect(await confirmLimit(player.id, depositDay, new Date(asked.getTime() + DAY))).toBe("increased");
    expect(await limitRow(player.id, depositDay)).toMatchObject({ amount: taka(8_000), pendingAmount: null, pendingFrom: null });

    const history = await listLimitChanges(player.id);
    expect(history.map((h) => h.action).reverse()).toEqual(["set", "decrease", "request_increase", "confirm"]);
    expect(history[0]).toMatchObject({ oldAmount: taka(3_000), newAmount: taka(8_000) });
  });

  it("removes a limit only after 24 hours and a confirmation; the player may cancel what waits", async () => {
    const player = await createPlayer();
    const t0 = new Date("2026-11-23T10:00:00Z");
    const slot = { kind: "stake", period: "week" } as const;
    await changeLimit(player.id, slot, taka(1_000), t0);
    expect(await changeLimit(player.id, slot, null, t0)).toBe("pending");
    await cancelPendingLimit(player.id, slot, t0);
    expect(await limitRow(player.id, slot)).toMatchObject({ amount: taka(1_000), pendingRemoval: false, pendingFrom: null });
    expect(await rejection(confirmLimit(player.id, slot, new Date(t0.getTime() + 2 * DAY)))).toMatchObject({ code: "nothing_pending" });

    await changeLimit(player.id, slot, null, t0);
    expect(await confirmLimit(player.id, slot, new Date(t0.getTime() + DAY))).toBe("removed");
    expect(await limitRow(player.id, slot)).toBeUndefined();
    expect((await listLimitChanges(player.id)).map((h) => h.action).reverse()).toEqual([
      "set",
      "request_removal",
      "cancel",
      "request_removal",
      "confirm",
    ]);
    expect(await rejection(changeLimit(player.id, slot, null, t0))).toMatchObject({ code: "no_limit" });
  });

  it("reads taka text for money limits and whole minutes for the session", () => {
    expect(parseLimitValue(depositDay, "5,000.50")).toBe(500_050n);
    expect(() => parseLimitValue(depositDay, "-1")).toThrow(LimitError);
    expect(() => parseLimitValue(depositDay, "abc")).toThrow(LimitError);
    expect(parseLimitValue({ kind: "session", period: "session" }, "90")).toBe(90n);
    expect(() => parseLimitValue({ kind: "session", period: "session" }, "4")).toThrow(LimitError);
    expect(() => parseLimitValue({ kind: "session", period: "session" }, "1.5")).toThrow(LimitError);
  });

  it("leaves one consistent row and a history that replays to it after 50 parallel changes", async () => {
    const player = await createPlayer();
    const slot = { kind: "loss", period: "month" } as const;
    const now = new Date();
    await changeLimit(player.id, slot, taka(10_000), now);
    const amounts = Array.from({ length: 50 }, (_, i) => (i % 3 === 0 ? null : taka(5_000 + ((i * 7919) % 10_000))));
    const outcomes = await Promise.all(amounts.map((a) => changeLimit(player.id, slot, a, now).catch((e: unknown) => e)));
    expect(outcomes.filter((o) => typeof o !== "string")).toEqual([]);

    const row = await limitRow(player.id, slot);
    const decreases = amounts.filter((a): a is bigint => a !== null && a < taka(10_000));
    expect(row!.amount).toBe(decreases.reduce((m, a) => (a < m ? a : m), taka(10_000)));

    const history = await db
      .select()
      .from(rgLimitChanges)
      .where(and(eq(rgLimitChanges.playerId, player.id), eq(rgLimitChanges.kind, "loss")))
      .orderBy(asc(rgLimitChanges.id));
    expect(history).toHaveLength(1 + outcomes.filter((o) => o !== "unchanged").length);
    // Replaying the history row by row gives the stored row: no change was lost or interleaved.
    let amount: bigint | null = null;
    let pending: bigint | null | "removal" = null;
    for (const h of history) {
      expect(h.oldAmount).toBe(amount);
      if (h.action === "set" || h.action === "decrease") {
        amount = h.newAmount;
        pending = null;
      } else if (h.action === "request_increase") pending = h.newAmount;
      else if (h.action === "request_removal") pending = "removal";
      else if (h.action === "cancel") pending = null;
    }
    expect(row!.amount).toBe(amount);
    expect(row!.pendingRemoval ? "removal" : row!.pendingAmount).toBe(pending);
  });
});

describe("deposit limits", () => {
  let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;
  let staff: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    ctx = await createMethodWithNumbers();
    staff = await createStaff();
  });

  it("refuses a deposit over the daily limit with the limit, what is left and when it frees up", async () => {
    const player = await createPlayer();
    await changeLimit(player.id, depositDay, taka(2_000));
    const first = await depositFor(player.id, ctx, { amount: taka(1_500) });
    const refused = await rejection(depositFor(player.id, ctx, { amount: "500.01" }));
    expect(isPaymentError(refused, "limit_exceeded")).toBe(true);
    const e = refused as import("#app/modules/payments/errors.ts").PaymentError;
    expect(e.field).toBe("amount");
    expect(e.messageKey).toBe("protectionLimits.refused");
    expect(e.params).toMatchObject({ name: "deposit_day", limit: "2,000", remaining: "500", resets: "at" });
    const [row] = await db.select({ at: deposits.createdAt }).from(deposits).where(eq(deposits.id, first.id));
    const resets = new Date(row!.at.getTime() + DAY);
    expect(e.params.resetsAt).toBe(
      // sv-SE writes dates as the site does (2026-11-24), independently of the formatter under test.
      new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Dhaka", day: "2-digit", month: "2-digit", year: "numeric" }).format(resets) +
        " " +
        new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dhaka", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(resets),
    );
    // Exactly what is left still fits.
    await depositFor(player.id, ctx, { amount: "500" });
    expect(await checkDepositLimits(db, player.id, 1n)).toMatchObject({ remaining: 0n });
  });

  it("does not count rejected deposits", async () => {
    const player = await createPlayer();
    await changeLimit(player.id, depositDay, taka(1_000));
    const d = await depositFor(player.id, ctx, { amount: taka(1_000) });
    expect(await checkDepositLimits(db, player.id, 1n)).not.toBeNull();
    const { rejectDeposit } = await import("#app/modules/payments/deposits.server.ts");
    await rejectDeposit({ staffId: staff.id, depositId: d.id, reason: "No such transfer" });
    expect(await checkDepositLimits(db, player.id, taka(1_000))).toBeNull();
  });

  it("lets exactly the parallel deposits through that fit a ৳5,000 daily limit", async () => {
    const player = await createPlayer();
    // ৳3,000 approved earlier today (approved deposits leave the queue of at most 5 pending ones) leave ৳2,000.
    for (let i = 0; i < 6; i++) await approveDeposit({ staffId: staff.id, depositId: (await depositFor(player.id, ctx, { amount: taka(500) })).id });
    await changeLimit(player.id, depositDay, taka(5_000));
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        depositFor(player.id, ctx, { amount: taka(500) }).then(
          () => "ok",
          (e: unknown) => e,
        ),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(4);
    expect(results.filter((r) => isPaymentError(r, "limit_exceeded"))).toHaveLength(46);
    const overview = await limitOverview(player.id);
    expect(overview.find((l) => l.kind === "deposit" && l.period === "day")).toMatchObject({ used: taka(5_000), remaining: 0n });
  });
});

describe("the first-deposit prompt", () => {
  it("shows until the player deposits, sets a deposit limit or skips it", async () => {
    const a = await createPlayer();
    expect(await shouldPromptDepositLimit(a.id)).toBe(true);
    await markDepositLimitPrompted(a.id);
    await markDepositLimitPrompted(a.id);
    expect(await shouldPromptDepositLimit(a.id)).toBe(false);
    const b = await createPlayer();
    await changeLimit(b.id, { kind: "deposit", period: "week" }, taka(100));
    expect(await shouldPromptDepositLimit(b.id)).toBe(false);
  });
});
