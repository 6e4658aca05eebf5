import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "#app/db/db.server.ts";
import { dhakaRange } from "#app/kernel/dhaka-time.ts";
import { dateRangeOf } from "./constants.ts";
import { adjustBalance } from "./adjustments.server.ts";
import { approveDeposit, rejectDeposit } from "./deposits.server.ts";
import { getTransaction, listTransactions } from "./transactions.server.ts";
import { latestTransactions } from "./transactions.server.ts";
import { adjustments, deposits } from "./schema.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createSite,
  createStaff,
  depositFor,
  expectInvariants,
  newKey,
  taka,
} from "./test-helpers.ts";

let staff: Awaited<ReturnType<typeof createStaff>>;
let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;

beforeAll(async () => {
  await createSite();
  staff = await createStaff();
  ctx = await createMethodWithNumbers();
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

const at = async (depositId: number, iso: string) => {
  await db
    .update(deposits)
    .set({ createdAt: new Date(iso), updatedAt: new Date(iso) })
    .where(eq(deposits.id, depositId));
};

describe("Asia/Dhaka days", () => {
  it("computes today, yesterday and the last 7 days in Dhaka", () => {
    // 23:50 in Dhaka on 21 Nov is 17:50 UTC.
    const now = new Date("2026-11-21T17:50:00Z");
    const bounds = (range: keyof typeof dateRangeOf) => {
      const named = dateRangeOf[range];
      return named ? dhakaRange(named, now) : null;
    };
    expect(bounds("today")).toEqual({ start: new Date("2026-11-20T18:00:00Z"), end: new Date("2026-11-21T18:00:00Z") });
    expect(bounds("yesterday")).toEqual({ start: new Date("2026-11-19T18:00:00Z"), end: new Date("2026-11-20T18:00:00Z") });
    expect(bounds("7d")).toEqual({ start: new Date("2026-11-14T18:00:00Z"), end: new Date("2026-11-21T18:00:00Z") });
    expect(bounds("all")).toBeNull();
  });

  it("filters the player's transactions by Dhaka day, status and type", async () => {
    const player = await createPlayer();
    const now = new Date("2026-11-21T17:50:00Z"); // 23:50 Dhaka, 21 Nov
    const late = await depositFor(player.id, ctx); // 23:30 Dhaka 21 Nov = 17:30 UTC: today in Dhaka
    await at(late.id, "2026-11-21T17:30:00Z");
    const early = await depositFor(player.id, ctx); // 00:10 Dhaka 21 Nov = 18:10 UTC on the 20th: still today in Dhaka
    await at(early.id, "2026-11-20T18:10:00Z");
    const before = await depositFor(player.id, ctx); // 23:50 Dhaka 20 Nov: yesterday
    await at(before.id, "2026-11-20T17:50:00Z");
    const old = await depositFor(player.id, ctx); // 10 days ago
    await at(old.id, "2026-11-11T06:00:00Z");
    await approveDeposit({ staffId: staff.id, depositId: early.id, ip: null });
    await rejectDeposit({ staffId: staff.id, depositId: before.id, reason: "unknown TRX", ip: null });
    const { adjustment } = await adjustBalance({
      staffId: staff.id,
      playerId: player.id,
      direction: "credit",
      amount: "50",
      reason: "gift",
      idempotencyKey: newKey(),
    });
    await db
      .update(adjustments)
      .set({ createdAt: new Date("2026-11-16T12:00:00Z") })
      .where(eq(adjustments.id, adjustment.id));

    const ids = async (filter: Parameters<typeof listTransactions>[1]) =>
      (await listTransactions(player.id, { now, ...filter })).items.map((i) => i.id);
    expect(await ids({ range: "today" })).toEqual([`D${late.id}`, `D${early.id}`]);
    expect(await ids({ range: "yesterday" })).toEqual([`D${before.id}`]);
    expect(await ids({ range: "7d" })).toEqual([`D${late.id}`, `D${early.id}`, `D${before.id}`, `A${adjustment.id}`]);
    expect(await ids({ range: "all" })).toEqual([`D${late.id}`, `D${early.id}`, `D${before.id}`, `A${adjustment.id}`, `D${old.id}`]);
    expect(await ids({ range: "all", status: "success" })).toEqual([`D${early.id}`, `A${adjustment.id}`]);
    expect(await ids({ range: "all", status: "fail" })).toEqual([`D${before.id}`]);
    expect(await ids({ range: "all", status: "pending" })).toEqual([`D${late.id}`, `D${old.id}`]);
    expect(await ids({ range: "all", type: "withdraw" })).toEqual([]);
    expect(await ids({ range: "all", type: "adjustment" })).toEqual([`A${adjustment.id}`]);
    // Paging: 2 per page is not an allowed size (10 is used); 10 per page, page 2 is empty.
    expect((await listTransactions(player.id, { range: "all", pageSize: 10, page: 2, now })).items).toEqual([]);
    const page = await listTransactions(player.id, { range: "all", pageSize: 10, now });
    expect(page.total).toBe(5);
    expect(page.items[0]).toMatchObject({
      type: "deposit",
      amount: taka(1_000),
      status: "pending",
      methodName: ctx.method.name,
      channelType: "Agent",
    });
    // Another player's list is empty.
    const other = await createPlayer();
    expect((await listTransactions(other.id, { range: "all", now })).total).toBe(0);
  });

  it("details: timeline and fields, and nothing for malformed or foreign ids", async () => {
    const player = await createPlayer();
    const d = await depositFor(player.id, ctx);
    const details = await getTransaction(player.id, `d${d.id}`);
    expect(details).toMatchObject({ id: `D${d.id}`, timeline: [{ step: "submitted" }, { step: "reviewed", at: null }] });
    expect(details!.fields.map((f) => f.key)).toEqual([
      "transactionId",
      "method",
      "channel",
      "amount",
      "trxId",
      "senderNumber",
      "paidTo",
      "createdAt",
      "updatedAt",
    ]);
    for (const bad of ["", "D", "X1", "D0", "D-1", "D99999999999", `W${d.id}`, `A${d.id}`, "D1 or 1=1"]) {
      expect(await getTransaction(player.id, bad)).toBeNull();
    }
  });
});

describe("latestTransactions", () => {
  it("gives each player their own newest transactions, at most N, in one query", async () => {
    const [a, b, none] = [await createPlayer(), await createPlayer(), await createPlayer()];
    const made: number[] = [];
    for (const [i, iso] of ["2026-11-01T10:00:00Z", "2026-11-03T10:00:00Z", "2026-11-02T10:00:00Z"].entries()) {
      const d = await depositFor(a.id, ctx);
      await at(d.id, iso);
      made[i] = d.id;
    }
    const other = await depositFor(b.id, ctx);
    const latest = await latestTransactions([a.id, b.id, none.id, a.id], 2);
    expect(latest.get(a.id)!.map((t) => t.id)).toEqual([`D${made[1]}`, `D${made[2]}`]);
    expect(latest.get(b.id)!.map((t) => t.id)).toEqual([`D${other.id}`]);
    expect(latest.get(none.id)).toEqual([]);
    // The same as each player's own record, newest first.
    const own = await listTransactions(a.id, { range: "all", page: 1, pageSize: 10 });
    expect(own.items.slice(0, 2)).toEqual(latest.get(a.id));
  });
});
