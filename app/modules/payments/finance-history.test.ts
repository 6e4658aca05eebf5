// The finance history's filter, totals and export rows on generated deposits, withdrawals, adjustments and gateway
// checkouts around a
// Dhaka midnight (17:59:59.999 and 18:00 UTC), each search field on its own, totals equal to the sum of the filtered
// rows, and the export read in keyset pages (including rows whose created_at differ only in microseconds). On
// PostgreSQL, EXPLAIN on 100,000 deposits shows each search served by an index, not a scan of the table.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { dhakaDayBounds } from "#app/kernel/dhaka-time.ts";
import { players } from "#app/modules/players/schema.ts";
import { createMethod, createPlayer, createStaff, taka } from "#tests/kit/index.ts";
import {
  adjustmentExportRows,
  checkoutExportRows,
  depositExportRows,
  type FinanceFilter,
  financeTotals,
  listAdjustments,
  totalsQuery,
  withdrawalExportRows,
} from "./finance-history.server.ts";
import { listDepositQueue } from "./deposits.server.ts";
import { checkoutTabStatuses } from "./gateway-checkout-tabs.ts";
import { checkoutCounts, listGatewayCheckouts } from "./gateway-checkouts.server.ts";
import { adjustments, deposits, type GatewayPaymentState, gatewayPayments, withdrawals } from "./schema.ts";

const DAY = "2026-03-10";
const { start: MIDNIGHT } = dhakaDayBounds(DAY); // 2026-03-09T18:00:00Z
const before = new Date(MIDNIGHT.getTime() - 1); // 17:59:59.999 UTC: still the 9th in Dhaka
const at = (minutes: number) => new Date(MIDNIGHT.getTime() + minutes * 60_000);

let method: { id: number };
let other: { id: number };
let rahim: { id: number; username: string; phone: string };
let karim: { id: number; username: string; phone: string };
let staff: { id: number };
const suffix = randomUUID().slice(0, 6).toUpperCase();

async function deposit(
  player: { id: number },
  createdAt: Date,
  amount: bigint,
  status: "pending" | "approved" | "rejected" | "cancelled",
  trxId: string,
  { methodId = method.id, sender = "01711111111" } = {},
) {
  const decided = status === "approved" || status === "rejected" ? { reviewedAt: createdAt, reviewedBy: staff.id } : {};
  const [row] = await db
    .insert(deposits)
    .values({
      playerId: player.id,
      methodId,
      channelType: "Agent",
      amount,
      currency: "BDT",
      senderNumber: sender,
      trxId,
      status,
      idempotencyKey: randomUUID(),
      createdAt,
      ...decided,
      ...(status === "approved" ? { bonusAmount: 0n } : {}),
      ...(status === "rejected" ? { rejectReason: "টাকা পাওয়া যায়নি" } : {}),
      ...(status === "cancelled" ? { cancelledAt: createdAt } : {}),
    })
    .returning();
  return row!;
}

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

let ids: Record<string, number> = {};

beforeAll(async () => {
  method = await createMethod();
  other = await createMethod();
  staff = await createStaff();
  const a = await createPlayer();
  const b = await createPlayer();
  // Usernames and phones of their own, so the prefix searches find only this file's players.
  const [ra] = await db
    .update(players)
    .set({ username: `rahim${suffix}`, phone: `0199${suffix.replace(/\D/g, "7").padEnd(7, "3").slice(0, 7)}` })
    .where(eq(players.id, a.id))
    .returning();
  const [ka] = await db
    .update(players)
    .set({ username: `karim${suffix}`, phone: `0188${suffix.replace(/\D/g, "5").padEnd(7, "4").slice(0, 7)}` })
    .where(eq(players.id, b.id))
    .returning();
  rahim = ra!;
  karim = ka!;
  ids = {
    lateNinth: (await deposit(rahim, before, taka(500), "approved", `ZZ${suffix}A1`)).id,
    firstTenth: (await deposit(rahim, MIDNIGHT, taka(700), "pending", `ZZ${suffix}B2`)).id,
    rejected: (await deposit(karim, at(60), taka(1_000), "rejected", `YY${suffix}C3`, { sender: "01822222222" })).id,
    approved: (await deposit(karim, at(120), taka(1_250.5), "approved", `YY${suffix}D4`)).id,
    cancelled: (await deposit(rahim, at(23 * 60 + 59), taka(300), "cancelled", `XX${suffix}E5`)).id,
    nextDay: (await deposit(karim, at(24 * 60), taka(900), "approved", `XX${suffix}F6`)).id,
    otherMethod: (await deposit(karim, at(30), taka(700), "pending", `WW${suffix}G7`, { methodId: other.id })).id,
  };
});

/** This file's deposits only (other files share the database). */ async function depositIds(f: FinanceFilter) {
  const rows = await collect(depositExportRows(f, 2, db));
  return rows.filter((r) => Object.values(ids).includes(r.id)).map((r) => r.id);
}

describe("finance history: deposits", () => {
  it("takes a Dhaka day from 18:00 UTC the day before to 18:00 UTC that day", async () => {
    const { start, end } = dhakaDayBounds(DAY);
    const found = await depositIds({ start, end, methodId: method.id });
    expect(found.sort()).toEqual([ids.firstTenth, ids.rejected, ids.approved, ids.cancelled].sort());
    expect(found).not.toContain(ids.lateNinth);
    expect(found).not.toContain(ids.nextDay);
  });

  it("finds by TRX ID prefix (any case), reference, username, phone, sending number, amount, status and method", async () => {
    expect(await depositIds({ q: `yy${suffix.toLowerCase()}` })).toEqual([ids.rejected, ids.approved]);
    expect(await depositIds({ q: `YY${suffix}D4` })).toEqual([ids.approved]);
    expect(await depositIds({ q: `D${ids.cancelled}` })).toEqual([ids.cancelled]);
    expect(await depositIds({ q: `RAHIM${suffix}` })).toEqual([ids.lateNinth, ids.firstTenth, ids.cancelled]);
    expect(await depositIds({ q: rahim.phone.slice(0, 9) })).toEqual([ids.lateNinth, ids.firstTenth, ids.cancelled]);
    expect(await depositIds({ q: `+88${karim.phone}` })).toEqual([ids.otherMethod, ids.rejected, ids.approved, ids.nextDay]);
    expect(await depositIds({ q: "0182222" })).toEqual([ids.rejected]);
    expect(await depositIds({ amount: taka(1_250.5) })).toEqual([ids.approved]);
    expect(await depositIds({ status: "cancelled", q: `rahim${suffix}` })).toEqual([ids.cancelled]);
    expect(await depositIds({ methodId: other.id })).toEqual([ids.otherMethod]);
    // A search text with LIKE's wildcards means those characters, not "anything".
    expect(await depositIds({ q: "%" })).toEqual([]);
    expect(await depositIds({ q: "_" })).toEqual([]);
  });

  it("totals equal the count and sum of the rows the filter shows, per status too", async () => {
    const { start, end } = dhakaDayBounds(DAY);
    for (const f of [
      { methodId: method.id },
      { methodId: method.id, start, end },
      { q: `karim${suffix}` },
      { q: `karim${suffix}`, status: "approved" },
      { methodId: method.id, start: MIDNIGHT, end: at(24 * 60 + 1) },
    ] satisfies FinanceFilter[]) {
      const rows = await collect(depositExportRows(f, 3, db));
      const totals = await financeTotals("deposits", f);
      expect(totals.count, JSON.stringify(f)).toBe(rows.length);
      expect(totals.amount).toBe(rows.reduce((s, r) => s + r.amount, 0n));
      for (const s of totals.byStatus) {
        const of = rows.filter((r) => r.status === s.status);
        expect(s).toEqual({ status: s.status, count: of.length, amount: of.reduce((sum, r) => sum + r.amount, 0n) });
      }
    }
    const day = await financeTotals("deposits", { methodId: method.id, start, end });
    expect(day).toEqual({
      count: 4,
      amount: taka(700 + 1_000 + 1_250.5 + 300),
      byStatus: [
        { status: "pending", count: 1, amount: taka(700) },
        { status: "approved", count: 1, amount: taka(1_250.5) },
        { status: "rejected", count: 1, amount: taka(1_000) },
        { status: "cancelled", count: 1, amount: taka(300) },
      ],
      capped: false,
    });
  });

  it("the queue page narrows its tab by the filter", async () => {
    const { items, total } = await listDepositQueue({ status: "approved", filter: { q: `karim${suffix}` } });
    expect(items.map((d) => d.id)).toEqual([ids.nextDay, ids.approved]);
    expect(total).toBe(2);
    const pending = await listDepositQueue({ status: "pending", filter: { methodId: method.id, start: MIDNIGHT } });
    expect(pending.items.map((d) => d.id)).toEqual([ids.firstTenth]);
  });

  it("the export reads in keyset pages, oldest first, each row once (created_at equal to the millisecond)", async () => {
    const p = await createPlayer();
    const same = new Date("2026-04-01T10:00:00.123Z");
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await deposit(p, same, taka(10 + i), "pending", `SAME${suffix}${i}`));
    // Microseconds a JavaScript Date cannot hold: the third row is 7 µs later than the rest.
    await db.execute(sql`update deposits set created_at = created_at + interval '7 microseconds' where id = ${made[2]!.id}`);
    const rows = await collect(depositExportRows({ q: p.username }, 2, db));
    expect(rows.map((r) => r.id)).toEqual([made[0]!.id, made[1]!.id, made[3]!.id, made[4]!.id, made[2]!.id]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(5);
  });
});

describe("finance history: withdrawals and adjustments", () => {
  it("withdrawals: by payout reference, number paid to, status; totals match", async () => {
    const made = [];
    for (const [i, status] of (["pending", "approved", "rejected"] as const).entries()) {
      const [w] = await db
        .insert(withdrawals)
        .values({
          playerId: karim.id,
          methodId: method.id,
          amount: taka(600 + i * 100),
          currency: "BDT",
          accountNumber: karim.phone,
          status,
          idempotencyKey: randomUUID(),
          createdAt: at(i),
          ...(status === "approved" ? { reviewedAt: at(i), reviewedBy: staff.id, payoutReference: `PAY${suffix}${i}` } : {}),
          ...(status === "rejected" ? { reviewedAt: at(i), reviewedBy: staff.id, rejectReason: "no" } : {}),
        })
        .returning();
      made.push(w!);
    }
    const ofFilter = async (f: FinanceFilter) => (await collect(withdrawalExportRows(f, 2, db))).map((r) => r.id);
    expect(await ofFilter({ q: `pay${suffix}` })).toEqual([made[1]!.id]);
    expect(await ofFilter({ q: karim.phone, methodId: method.id })).toEqual(made.map((w) => w.id));
    expect(await ofFilter({ q: karim.phone, status: "rejected" })).toEqual([made[2]!.id]);
    const totals = await financeTotals("withdrawals", { q: karim.phone });
    expect(totals.count).toBe(3);
    expect(totals.amount).toBe(taka(600 + 700 + 800));
  });

  it("adjustments: by username, direction and date; list and totals agree", async () => {
    for (const [i, direction] of (["credit", "debit", "credit"] as const).entries())
      await db.insert(adjustments).values({
        playerId: rahim.id,
        staffId: staff.id,
        direction,
        amount: taka(50 * (i + 1)),
        currency: "BDT",
        reason: "সংশোধন",
        idempotencyKey: randomUUID(),
        createdAt: i === 2 ? before : at(i),
      });
    const f = { q: `rahim${suffix}`, start: MIDNIGHT } satisfies FinanceFilter;
    const rows = await collect(adjustmentExportRows(f, 1, db));
    expect(rows.map((r) => [r.direction, r.amount])).toEqual([
      ["credit", taka(50)],
      ["debit", taka(100)],
    ]);
    const { items } = await listAdjustments(f);
    expect(items.map((r) => r.id)).toEqual(rows.map((r) => r.id).reverse());
    expect(await financeTotals("adjustments", { ...f, status: "debit" })).toEqual({
      count: 1,
      amount: taka(100),
      byStatus: [{ status: "debit", count: 1, amount: taka(100) }],
      capped: false,
    });
    // A reference of another list is not this list's id.
    expect(await collect(adjustmentExportRows({ q: `D${rows[0]!.id}` }, 10, db))).toEqual([]);
  });
});

describe("finance history: gateway checkouts", () => {
  const made: Record<string, number> = {};
  let credited: { id: number };

  /** A checkout as the gateway's answer would leave it (a credited one names its approved deposit). */
  async function checkout(
    player: { id: number },
    createdAt: Date,
    amount: bigint,
    status: GatewayPaymentState,
    name: string,
    { methodId = method.id, depositId = null as number | null } = {},
  ) {
    const [row] = await db
      .insert(gatewayPayments)
      .values({
        playerId: player.id,
        methodId,
        gateway: "simulated",
        invoice: `G${suffix}${name}`,
        gatewayPaymentId: status === "failed" && name === "never" ? null : `sim-${suffix.toLowerCase()}-${name}`,
        amount,
        currency: "BDT",
        status,
        trxId: status === "initiated" || status === "expired" ? null : `TX${suffix}${name}`,
        payer: status === "completed" ? "01712345678" : null,
        failureReason: status === "mismatch" ? "amount: ৳80" : null,
        depositId,
        idempotencyKey: randomUUID(),
        createdAt,
        finishedAt: status === "initiated" ? null : createdAt,
      })
      .returning();
    return row!.id;
  }

  beforeAll(async () => {
    credited = await deposit(karim, at(90), taka(2_000), "approved", `GW${suffix}`);
    made.lateNinth = await checkout(rahim, before, taka(500), "initiated", "A1");
    made.firstTenth = await checkout(rahim, MIDNIGHT, taka(800), "mismatch", "B2");
    made.completed = await checkout(karim, at(90), taka(2_000), "completed", "C3", { depositId: credited.id });
    made.expired = await checkout(karim, at(23 * 60 + 59), taka(300), "expired", "D4");
    made.nextDay = await checkout(karim, at(24 * 60), taka(900), "refused", "E5");
    made.otherMethod = await checkout(rahim, at(30), taka(700), "initiated", "F6", { methodId: other.id });
  });

  /** This file's checkouts only, oldest first, read two at a time. */
  const found = async (f: FinanceFilter) =>
    (await collect(checkoutExportRows(f, 2, db))).filter((r) => Object.values(made).includes(r.id)).map((r) => r.id);

  it("takes a Dhaka day from 18:00 UTC the day before to 18:00 UTC that day", async () => {
    const { start, end } = dhakaDayBounds(DAY);
    expect(await found({ start, end, methodId: method.id })).toEqual([made.firstTenth, made.completed, made.expired]);
    expect(await found({ end: MIDNIGHT, methodId: method.id })).toEqual([made.lateNinth]);
  });

  it("finds by invoice, gateway payment id and TRX ID prefixes (any case), the deposit, username, phone, amount, status, tab", async () => {
    expect(await found({ q: `g${suffix.toLowerCase()}c` })).toEqual([made.completed]);
    expect(await found({ q: `G${suffix}` })).toEqual([made.lateNinth, made.firstTenth, made.otherMethod, made.completed, made.expired, made.nextDay]);
    expect(await found({ q: `SIM-${suffix}-E` })).toEqual([made.nextDay]);
    expect(await found({ q: `tx${suffix.toLowerCase()}b2` })).toEqual([made.firstTenth]);
    expect(await found({ q: `D${credited.id}` })).toEqual([made.completed]);
    expect(await found({ q: `RAHIM${suffix}` })).toEqual([made.lateNinth, made.firstTenth, made.otherMethod]);
    expect(await found({ q: `+88${karim.phone.slice(0, 8)}` })).toEqual([made.completed, made.expired, made.nextDay]);
    expect(await found({ amount: taka(800) })).toEqual([made.firstTenth]);
    expect(await found({ q: `karim${suffix}`, status: "expired" })).toEqual([made.expired]);
    expect(await found({ q: `G${suffix}`, statuses: checkoutTabStatuses("attention") })).toEqual([made.firstTenth, made.nextDay]);
    expect(await found({ q: `G${suffix}`, statuses: checkoutTabStatuses("open"), methodId: other.id })).toEqual([made.otherMethod]);
    // The tab and the status select together: both must hold.
    expect(await found({ q: `G${suffix}`, statuses: checkoutTabStatuses("open"), status: "completed" })).toEqual([]);
    // Another list's reference and LIKE's wildcards find nothing.
    expect(await found({ q: `W${credited.id}` })).toEqual([]);
    expect(await found({ q: "%" })).toEqual([]);
  });

  it("totals equal the count and sum of the rows the filter shows, per status in a fixed order", async () => {
    const { start, end } = dhakaDayBounds(DAY);
    for (const f of [
      { q: `G${suffix}` },
      { q: `G${suffix}`, start, end },
      { q: `karim${suffix}`, statuses: checkoutTabStatuses("failed") },
      { q: `G${suffix}`, status: "initiated" },
    ] satisfies FinanceFilter[]) {
      const rows = await collect(checkoutExportRows(f, 3, db));
      const totals = await financeTotals("checkouts", f);
      expect(totals.count, JSON.stringify(f)).toBe(rows.length);
      expect(totals.amount).toBe(rows.reduce((s, r) => s + r.amount, 0n));
    }
    expect(await financeTotals("checkouts", { q: `G${suffix}`, start, end, methodId: method.id })).toEqual({
      count: 3,
      amount: taka(800 + 2_000 + 300),
      byStatus: [
        { status: "completed", count: 1, amount: taka(2_000) },
        { status: "mismatch", count: 1, amount: taka(800) },
        { status: "expired", count: 1, amount: taka(300) },
      ],
      capped: false,
    });
  });

  it("the export rows carry the checkout's fields, oldest first, each once across keyset pages", async () => {
    const rows = (await collect(checkoutExportRows({ q: `G${suffix}` }, 1, db))).filter((r) => Object.values(made).includes(r.id));
    expect(rows.map((r) => r.id)).toEqual([made.lateNinth, made.firstTenth, made.otherMethod, made.completed, made.expired, made.nextDay]);
    expect(rows[3]).toMatchObject({
      invoice: `G${suffix}C3`,
      username: karim.username,
      phone: karim.phone,
      gateway: "simulated",
      amount: taka(2_000),
      status: "completed",
      gatewayPaymentId: `sim-${suffix.toLowerCase()}-C3`,
      trxId: `TX${suffix}C3`,
      payer: "01712345678",
      depositId: credited.id,
      checks: 0,
    });
    expect(rows[1]!.failureReason).toBe("amount: ৳80");
  });

  it("the page lists a filter newest first; the tab counts ignore the filter", async () => {
    const { items, hasMore } = await listGatewayCheckouts({ filter: { q: `rahim${suffix}`, statuses: ["initiated"] }, page: 1, pageSize: 1 });
    expect(items.map((r) => r.id)).toEqual([made.otherMethod]);
    expect(hasMore).toBe(true);
    const second = await listGatewayCheckouts({ filter: { q: `rahim${suffix}`, statuses: ["initiated"] }, page: 2, pageSize: 1 });
    expect(second.items).toHaveLength(1);
    expect(second.hasMore).toBe(false);
    const counts = await checkoutCounts();
    expect(counts.open).toBeGreaterThanOrEqual(2);
    expect(counts.attention).toBeGreaterThanOrEqual(2);
  });
});

describe.runIf(process.env.DATABASE_URL)("finance history on PostgreSQL: the searches use indexes", () => {
  it("on 100,000 deposits no search scans the deposits table", { timeout: 120_000 }, async () => {
    const p = await createPlayer();
    await db.execute(sql`
      insert into deposits (player_id, method_id, channel_type, amount, currency, sender_number, trx_id, status, idempotency_key, created_at)
      select ${p.id}, ${method.id}, 'Agent', 50000 + g, 'BDT', '017' || lpad(g::text, 8, '0'), 'BULK${sql.raw(suffix)}' || g, 'pending',
             'bulk-${sql.raw(suffix)}-' || g, timestamptz '2025-01-01' + g * interval '1 minute'
      from generate_series(1, 100000) g`);
    await db.execute(sql`analyze deposits`);
    await db.execute(sql`analyze players`);
    const plans: Record<string, string> = {};
    for (const [name, f] of Object.entries({
      trx: { q: `BULK${suffix}777` },
      username: { q: rahim.username },
      phone: { q: "0170000123" },
      reference: { q: `D${ids.approved}` },
      day: dhakaDayBounds("2025-02-01"),
    } satisfies Record<string, FinanceFilter>)) {
      const result = await db.execute<{ "QUERY PLAN": string }>(sql`explain ${(await totalsQuery("deposits", f, db)).query.getSQL()}`);
      plans[name] = (result as unknown as { rows: Array<{ "QUERY PLAN": string }> }).rows.map((r) => r["QUERY PLAN"]).join("\n");
    }
    if (process.env.SHOW_PLANS) console.info(plans);
    for (const [name, plan] of Object.entries(plans)) expect(plan, `${name}:\n${plan}`).not.toMatch(/Seq Scan on deposits/);
  });

  it("on 100,000 gateway checkouts no search or day scans the checkouts table", { timeout: 120_000 }, async () => {
    const p = await createPlayer();
    await db.execute(sql`
      insert into gateway_payments (player_id, method_id, gateway, invoice, gateway_payment_id, amount, currency, status, trx_id,
                                    idempotency_key, created_at)
      select ${p.id}, ${method.id}, 'simulated', 'GB${sql.raw(suffix)}' || g, 'sim-bulk-${sql.raw(suffix.toLowerCase())}-' || g, 50000 + g,
             'BDT', case when g % 3 = 0 then 'failed' else 'initiated' end, 'BT${sql.raw(suffix)}' || g, 'bulk-${sql.raw(suffix)}-' || g,
             timestamptz '2025-01-01' + g * interval '1 minute'
      from generate_series(1, 100000) g`);
    await db.execute(sql`analyze gateway_payments`);
    await db.execute(sql`analyze players`);
    const plans: Record<string, string> = {};
    for (const [name, f] of Object.entries({
      invoice: { q: `gb${suffix.toLowerCase()}777` },
      gatewayId: { q: `SIM-BULK-${suffix}-777` },
      trx: { q: `BT${suffix}777` },
      username: { q: rahim.username },
      phone: { q: "0170000123" },
      deposit: { q: `D${ids.approved}` },
      day: dhakaDayBounds("2025-02-01"),
      dayOnTab: { ...dhakaDayBounds("2025-02-01"), statuses: checkoutTabStatuses("failed") },
    } satisfies Record<string, FinanceFilter>)) {
      const result = await db.execute<{ "QUERY PLAN": string }>(sql`explain ${(await totalsQuery("checkouts", f, db)).query.getSQL()}`);
      plans[name] = (result as unknown as { rows: Array<{ "QUERY PLAN": string }> }).rows.map((r) => r["QUERY PLAN"]).join("\n");
    }
    if (process.env.SHOW_PLANS) console.info(plans);
    for (const [name, plan] of Object.entries(plans)) expect(plan, `${name}:\n${plan}`).not.toMatch(/Seq Scan on gateway_payments/);
  });
});
