import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { dhakaDayBounds } from "#app/kernel/dhaka-time.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { runReportJob } from "./job.server.ts";
import { report } from "./reports.server.ts";
import { generateActivity } from "./test-helpers.ts";

afterAll(closeIdleConnections);

// Two Dhaka days, 2025-05-20 and 21 (midnight between them: 2025-05-20T18:00:00Z), read after the job closed both.
const PERIOD = { from: "2025-05-20", to: "2025-05-21" };
const AFTER = new Date("2025-05-22T12:00:00Z");
const start = dhakaDayBounds(PERIOD.from).start;
const end = dhakaDayBounds(PERIOD.to).end;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0]!;
const sum = (rows: Record<string, unknown>[], key: string) => rows.reduce((s, r) => s + BigInt(String(r[key] ?? 0)), 0n);

beforeAll(async () => {
  await generateActivity(db, { start: new Date("2025-05-20T06:00:00Z"), end: new Date("2025-05-21T12:00:00Z"), players: 60, rounds: 600 });
  // A dense minute across the Dhaka midnight.
  await generateActivity(db, {
    start: new Date("2025-05-20T17:59:30Z"),
    end: new Date("2025-05-20T18:00:30Z"),
    players: 10,
    rounds: 100,
    bets: 20,
    deposits: 20,
    withdrawals: 10,
    minutesToSettle: 0,
  });
  expect(await runReportJob({ now: AFTER, settleMs: 0 })).not.toBe("busy");
});

describe("reports", () => {
  it("GGR and RTP by game and by provider add up to the settled rounds' stakes minus wins in the period", async () => {
    const direct = await one<{ stakes: string; wins: string; rounds: number }>(sql`
      select coalesce(sum(stake), 0)::text as stakes, coalesce(sum(payout), 0)::text as wins, count(*)::int as rounds
      from game_rounds where status = 'settled' and settled_at >= ${ts(start)} and settled_at < ${ts(end)}`);
    expect(direct.rounds).toBeGreaterThan(0);
    for (const kind of ["games", "providers"] as const) {
      const table = await report(kind, PERIOD, { now: AFTER });
      expect(sum(table.rows, "stakes"), kind).toBe(BigInt(direct.stakes));
      expect(sum(table.rows, "wins"), kind).toBe(BigInt(direct.wins));
      expect(table.totals.ggr, kind).toBe(String(BigInt(direct.stakes) - BigInt(direct.wins)));
      expect(table.totals.rounds, kind).toBe(direct.rounds);
      for (const row of table.rows) {
        expect(BigInt(row.ggr as string)).toBe(BigInt(row.stakes as string) - BigInt(row.wins as string));
        if (BigInt(row.stakes as string) > 0n) expect(row.rtp).toBeCloseTo((Number(row.wins) / Number(row.stakes)) * 100, 1);
      }
      // Largest GGR first.
      const ggr = table.rows.map((r) => BigInt(r.ggr as string));
      expect([...ggr].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(ggr);
    }
  });

  it("payments by method and channel: paid deposits equal what the ledger credited in the period", async () => {
    const direct = await one<{ paid: string; n: number }>(sql`
      select coalesce(sum(amount), 0)::text as paid, count(*)::int as n from ledger_transfers
      where kind = 'deposit' and key like 'deposit:%:main' and created_at >= ${ts(start)} and created_at < ${ts(end)}`);
    const table = await report("payments", PERIOD, { now: AFTER });
    const deposits = table.rows.filter((r) => r.kind === "deposit");
    expect(sum(deposits, "paidAmount")).toBe(BigInt(direct.paid));
    expect(deposits.reduce((s, r) => s + Number(r.paidCount), 0)).toBe(direct.n);
    expect(table.totals.paidAmount).toBe(String(sum(table.rows, "paidAmount")));
    expect(deposits.every((r) => typeof r.method === "string" && r.method.length > 0)).toBe(true);
  });

  it("exchange by market and bonus cost by promotion add up to the ledger's postings in the period", async () => {
    const direct = await one<{ commission: string; house: string; bonus: string }>(sql`
      select coalesce(sum(t.amount) filter (where t.kind = 'exchange_commission'), 0)::text as commission,
        (coalesce(sum(t.amount) filter (where t.kind = 'exchange_loss'), 0) - coalesce(sum(t.amount) filter (where t.kind = 'exchange_win'), 0))::text as house,
        (coalesce(sum(t.amount) filter (where da.code = 'expense:bonus'), 0) - coalesce(sum(t.amount) filter (where ca.code = 'expense:bonus'), 0))::text as bonus
      from ledger_transfers t join ledger_accounts da on da.id = t.debit_account_id join ledger_accounts ca on ca.id = t.credit_account_id
      where t.created_at >= ${ts(start)} and t.created_at < ${ts(end)}`);
    const exchange = await report("exchange", PERIOD, { now: AFTER });
    expect(exchange.totals.commission).toBe(direct.commission);
    expect(exchange.totals.houseResult).toBe(direct.house);
    expect(exchange.rows.every((r) => ["match_odds", "bookmaker", "fancy"].includes(String(r.kind)))).toBe(true);
    const bonus = await report("bonus", PERIOD, { now: AFTER, lng: "bn" });
    expect(bonus.totals.cost).toBe(direct.bonus);
  });

  it("an empty period has no rows and zero totals", async () => {
    const table = await report("games", { from: "2024-01-01", to: "2024-01-02" }, { now: AFTER });
    expect(table.rows).toEqual([]);
    expect(table.totals).toMatchObject({ rounds: 0, stakes: "0", ggr: "0", rtp: null });
  });
});
