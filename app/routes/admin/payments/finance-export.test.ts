// The finance pages' filter and their CSV exports, called as the server calls them: the BOM, the header, Bangla intact,
// a formula-looking username defused, exactly the filtered rows; who may export (403 for others, log-in for guests),
// a bad filter a 400 (page and export), and each export audited with who, which list and which filter. The audit log
// and risk signals exports likewise.
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { players } from "#app/modules/players/schema.ts";
import { adjustments, deposits, gatewayPayments } from "#app/modules/payments/schema.ts";
import { amlSignals } from "#app/modules/risk/schema.ts";
import { findStaffByUsername } from "#app/modules/staff/staff.server.ts";
import { createMethod, createPlayer, seedAdmin, staffMember, taka } from "#tests/kit/index.ts";
import { callRoute, staffCookie } from "#tests/support/route-call.ts";
import * as auditExport from "../audit-export.ts";
import * as auditPage from "../audit.tsx";
import * as riskExport from "../risk/export.ts";
import * as adjustmentsExport from "./adjustments-export.ts";
import * as adjustmentsPage from "./adjustments.tsx";
import * as checkoutsExport from "./checkouts-export.ts";
import * as depositsExport from "./deposits-export.ts";
import * as depositsPage from "./deposits.tsx";
import * as withdrawalsExport from "./withdrawals-export.ts";
import * as withdrawalsPage from "./withdrawals.tsx";

const tag = randomUUID().slice(0, 6);
const cookies: Record<string, string> = {};
let method: { id: number };
let player: { id: number; username: string };
let plain: { id: number; username: string };
const made: number[] = [];

beforeAll(async () => {
  const admin = await seedAdmin();
  for (const role of ["finance", "support", "content"] as const) {
    await staffMember(role, `${role}x${tag}`, `${role}Pass12345`, role);
    cookies[role] = await staffCookie(`${role}x${tag}`, `${role}Pass12345`);
  }
  cookies.admin = await staffCookie("admin", "AdminPass12345");
  method = await createMethod();
  const p = await createPlayer();
  const q = await createPlayer();
  // A username a spreadsheet would run as a formula, and a Bangla one.
  player = (
    await db
      .update(players)
      .set({ username: `=HYPERLINK("x${tag}")` })
      .where(eq(players.id, p.id))
      .returning()
  )[0]!;
  plain = (
    await db
      .update(players)
      .set({ username: `রহিম${tag}` })
      .where(eq(players.id, q.id))
      .returning()
  )[0]!;
  for (const [i, who] of [player!, plain!, plain!].entries()) {
    const status = i === 1 ? "rejected" : "pending";
    const [d] = await db
      .insert(deposits)
      .values({
        playerId: who.id,
        methodId: method.id,
        channelType: "Agent",
        amount: taka(100 * (i + 1)),
        currency: "BDT",
        senderNumber: "01712345678",
        trxId: `EXP${tag}${i}`.toUpperCase(),
        status,
        idempotencyKey: randomUUID(),
        ...(status === "rejected" ? { reviewedAt: new Date(), reviewedBy: admin.id, rejectReason: "টাকা আসেনি, আবার চেষ্টা করুন" } : {}),
      })
      .returning();
    made.push(d!.id);
  }
  await db.insert(adjustments).values({
    playerId: plain!.id,
    staffId: admin.id,
    direction: "credit",
    amount: taka(75),
    currency: "BDT",
    reason: "ক্ষতিপূরণ",
    idempotencyKey: randomUUID(),
  });
});

async function csvOf(outcome: { status: number; response?: Response }) {
  expect(outcome.status).toBe(200);
  const bytes = new Uint8Array(await outcome.response!.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { bytes, text, lines: text.slice(1).trimEnd().split("\r\n") };
}

describe("finance exports", () => {
  it("deposits: BOM, header, Bangla intact, formula defused, exactly the filtered rows, audited", async () => {
    const url = `/admin/finance/deposits/export?status=all&method=${method.id}&q=EXP${tag}`;
    const outcome = await callRoute(depositsExport, url, { cookie: cookies.finance });
    expect(outcome.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(outcome.headers.get("content-disposition")).toMatch(/^attachment; filename="deposits-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { bytes, text, lines } = await csvOf(outcome);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe(
      "Reference,Time (Dhaka),Username,Phone,Method,Channel,Amount (BDT),Bonus (BDT),Sender number,TRX ID,Status,Decided by,Decided at (Dhaka),Cancelled at (Dhaka),Reason",
    );
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(made.map((id) => `D${id}`));
    expect(lines[1]).toContain(`"'=HYPERLINK(""x${tag}"")"`);
    expect(lines[2]).toContain(`রহিম${tag}`);
    expect(lines[2]).toContain("টাকা আসেনি, আবার চেষ্টা করুন");
    expect(lines[2]).toContain(",200.00,");
    expect(lines[2]).toContain(",Rejected,admin,");
    expect(text).not.toMatch(/(^|,)"?[=+@-]/m); // no cell starts as a formula
    const finance = (await findStaffByUsername(`financex${tag}`))!;
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, finance.id), eq(auditLog.action, "export.csv")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      entity: "list",
      entityId: "deposits",
      after: { list: "deposits", filter: { status: "all", method: String(method.id), q: `EXP${tag}` } },
    });
  });

  it("the pending tab's export has only the pending rows; status and amount narrow it", async () => {
    const pending = await csvOf(await callRoute(depositsExport, `/admin/finance/deposits/export?q=EXP${tag}`, { cookie: cookies.support }));
    expect(pending.lines.slice(1).map((l) => l.split(",")[0])).toEqual([`D${made[0]}`, `D${made[2]}`]);
    const byAmount = await csvOf(
      await callRoute(depositsExport, `/admin/finance/deposits/export?status=all&q=EXP${tag}&amount=300`, { cookie: cookies.admin }),
    );
    expect(byAmount.lines.slice(1).map((l) => l.split(",")[0])).toEqual([`D${made[2]}`]);
  });

  it("adjustments and withdrawals export with their own columns; in Bangla for a Bangla staff member", async () => {
    const adj = await csvOf(
      await callRoute(adjustmentsExport, `/admin/finance/adjustments/export?q=${encodeURIComponent(`রহিম${tag}`)}`, { cookie: cookies.finance }),
    );
    expect(adj.lines[0]).toBe("Reference,Time (Dhaka),Username,Phone,Direction,Amount (BDT),Reason,Staff");
    expect(adj.lines.slice(1)).toHaveLength(1);
    expect(adj.lines[1]).toMatch(new RegExp(`^A\\d+,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},রহিম${tag},\\d+,Credit,75.00,ক্ষতিপূরণ,admin$`));
    const bn = await csvOf(
      await callRoute(withdrawalsExport, `/admin/finance/withdrawals/export?status=all&q=${tag}`, {
        cookie: cookies.finance,
        headers: { "accept-language": "bn" },
      }),
    );
    expect(bn.lines).toHaveLength(1);
    expect(bn.lines[0]!.startsWith("রেফারেন্স,সময় (ঢাকা)")).toBe(true);
  });

  it("checkouts: the tab and the filter's rows oldest first, every column, Bangla intact, audited", async () => {
    const checkouts = [];
    for (const [i, status] of (["initiated", "completed", "mismatch"] as const).entries()) {
      const [row] = await db
        .insert(gatewayPayments)
        .values({
          playerId: plain.id,
          methodId: method.id,
          gateway: "simulated",
          invoice: `GEXP${tag}${i}`.toUpperCase(),
          gatewayPaymentId: `sim-exp-${tag}-${i}`,
          amount: taka(500 * (i + 1)),
          currency: "BDT",
          status,
          trxId: status === "initiated" ? null : `TXEXP${tag}${i}`.toUpperCase(),
          payer: status === "initiated" ? null : "01712345678",
          failureReason: status === "mismatch" ? "amount: ৳80" : null,
          depositId: status === "completed" ? made[0] : null,
          idempotencyKey: randomUUID(),
          createdAt: new Date(Date.UTC(2026, 2, 9, 17, 59 + i)),
          finishedAt: status === "initiated" ? null : new Date(Date.UTC(2026, 2, 9, 18, 30)),
        })
        .returning();
      checkouts.push(row!);
    }
    const url = `/admin/finance/checkouts/export?status=all&q=gexp${tag}`;
    const outcome = await callRoute(checkoutsExport, url, { cookie: cookies.finance });
    expect(outcome.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(outcome.headers.get("content-disposition")).toMatch(/^attachment; filename="checkouts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { bytes, lines } = await csvOf(outcome);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe(
      "Invoice,Time (Dhaka),Username,Phone,Method,Gateway,Amount (BDT),Status,Gateway payment,TRX ID,Payer wallet,Reason,Deposit,Ended at (Dhaka),Checks",
    );
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(checkouts.map((c) => c.invoice));
    expect(lines[1]).toMatch(
      new RegExp(`^GEXP${tag.toUpperCase()}0,2026-03-09 23:59:00,রহিম${tag},\\d+,[^,]+,simulated,500.00,Open,sim-exp-${tag}-0,,,,,,0$`),
    );
    expect(lines[2]).toContain(`,1000.00,Credited,sim-exp-${tag}-1,TXEXP${tag.toUpperCase()}1,01712345678,,D${made[0]},2026-03-10 00:30:00,0`);
    expect(lines[3]).toContain(",Did not match,");
    expect(lines[3]).toContain(",amount: ৳80,");
    // The tab narrows the export as it narrows the page; the status select too.
    const attention = await csvOf(
      await callRoute(checkoutsExport, `/admin/finance/checkouts/export?status=attention&q=gexp${tag}`, { cookie: cookies.finance }),
    );
    expect(attention.lines.slice(1).map((l) => l.split(",")[0])).toEqual([checkouts[2]!.invoice]);
    const open = await csvOf(await callRoute(checkoutsExport, `/admin/finance/checkouts/export?q=gexp${tag}`, { cookie: cookies.finance }));
    expect(open.lines.slice(1).map((l) => l.split(",")[0])).toEqual([checkouts[0]!.invoice]);
    const state = await csvOf(
      await callRoute(checkoutsExport, `/admin/finance/checkouts/export?status=all&state=completed&q=gexp${tag}`, { cookie: cookies.finance }),
    );
    expect(state.lines.slice(1).map((l) => l.split(",")[0])).toEqual([checkouts[1]!.invoice]);
    const finance = (await findStaffByUsername(`financex${tag}`))!;
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, finance.id), eq(auditLog.action, "export.csv"), eq(auditLog.entityId, "checkouts")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ entity: "list", after: { list: "checkouts", filter: { status: "all", state: "completed", q: `gexp${tag}` } } });
    // In Bangla for a Bangla staff member.
    const bn = await csvOf(await callRoute(checkoutsExport, url, { cookie: cookies.finance, headers: { "accept-language": "bn" } }));
    expect(bn.lines[0]!.startsWith("ইনভয়েস,সময় (ঢাকা)")).toBe(true);
  });

  it("only the page's roles export: content gets 403, a guest is sent to log in", async () => {
    for (const route of [depositsExport, withdrawalsExport, adjustmentsExport, checkoutsExport]) {
      expect((await callRoute(route, "/admin/finance/deposits/export", { cookie: cookies.content })).status).toBe(403);
      expect((await callRoute(route, "/admin/finance/deposits/export")).status).toBe(302);
    }
    expect((await callRoute(auditExport, "/admin/audit/export", { cookie: cookies.finance })).status).toBe(403);
    expect((await callRoute(riskExport, "/admin/risk/export", { cookie: cookies.support })).status).toBe(403);
  });

  it("a bad filter is a 400 with the field named, on the pages and the exports, never a 500", async () => {
    for (const query of [
      "from=2026-13-45",
      "to=yesterday",
      "amount=12.345",
      "amount=-5",
      "range=forever",
      "status=paid",
      "method=abc",
      "from=2026-03-10&to=2026-03-01",
      `q=${"x".repeat(61)}`,
    ]) {
      const page = await callRoute(depositsPage, `/admin/finance/deposits?${query}`, { cookie: cookies.finance });
      expect(page.status, query).toBe(400);
      expect(Object.keys((page.data as { filter: { errors: object } }).filter.errors).length, query).toBe(1);
      expect((await callRoute(depositsExport, `/admin/finance/deposits/export?${query}`, { cookie: cookies.finance })).status, query).toBe(400);
      expect((await callRoute(withdrawalsPage, `/admin/finance/withdrawals?${query}`, { cookie: cookies.finance })).status, query).toBe(400);
      expect((await callRoute(checkoutsExport, `/admin/finance/checkouts/export?${query}`, { cookie: cookies.finance })).status, query).toBe(400);
    }
    expect((await callRoute(adjustmentsPage, "/admin/finance/adjustments?amount=abc", { cookie: cookies.finance })).status).toBe(400);
    expect((await callRoute(checkoutsExport, "/admin/finance/checkouts/export?state=paid", { cookie: cookies.finance })).status).toBe(400);
    expect((await callRoute(auditPage, "/admin/audit?from=2026-02-31x", { cookie: cookies.admin })).status).toBe(400);
    expect((await callRoute(auditExport, "/admin/audit/export?to=tomorrow", { cookie: cookies.admin })).status).toBe(400);
    expect((await callRoute(riskExport, "/admin/risk/export?from=1", { cookie: cookies.admin })).status).toBe(400);
  });

  it("the deposits page shows the filter's rows and totals, per status on the All tab", async () => {
    const page = await callRoute(depositsPage, `/admin/finance/deposits?status=all&q=EXP${tag}`, { cookie: cookies.finance });
    expect(page.status).toBe(200);
    const d = page.data as {
      rows: Array<{ id: number }>;
      filter: { totals: { count: number; amount: string; byStatus: Array<{ status: string; count: number }> }; exportHref: string };
    };
    expect(d.rows.map((r) => r.id).sort()).toEqual([...made].sort());
    expect(d.filter.totals).toMatchObject({
      count: 3,
      amount: "৳600",
      byStatus: [
        { status: "pending", count: 2 },
        { status: "rejected", count: 1 },
      ],
    });
    expect(d.filter.exportHref).toBe(`/admin/finance/deposits/export?q=EXP${tag}&status=all`);
  });
});

describe("audit log and risk signals exports", () => {
  it("the audit log of a filter, newest first, admins only; the export is itself audited", async () => {
    await callRoute(depositsExport, `/admin/finance/deposits/export?q=EXP${tag}`, { cookie: cookies.support });
    const support = (await findStaffByUsername(`supportx${tag}`))!;
    const { lines } = await csvOf(
      await callRoute(auditExport, `/admin/audit/export?staff=${support.id}&action=export.csv&range=today`, { cookie: cookies.admin }),
    );
    expect(lines[0]).toBe("Time (Dhaka),Staff,Action,Entity,Entity ID,Before,After,IP address");
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.slice(1).every((l) => l.includes(`supportx${tag},export.csv,list,deposits`))).toBe(true);
    const times = lines.slice(1).map((l) => l.slice(0, 19));
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("risk signals of a filter with kinds and statuses as words", async () => {
    await db.insert(amlSignals).values({ playerId: plain.id, kind: "trx_reuse", fingerprint: `exp-${tag}`, evidence: { trxId: "ABC" } });
    const { lines } = await csvOf(
      await callRoute(riskExport, "/admin/risk/export?status=open&kind=trx_reuse&range=today", { cookie: cookies.finance }),
    );
    expect(lines[0]).toBe("Reference,Time (Dhaka),Username,Kind,Status,Handled by,Handled at (Dhaka),Note,Evidence");
    expect(lines.some((l) => l.includes(`রহিম${tag},Reused or near-duplicate TRX ID,Open,,,,"{""trxId"":""ABC""}"`))).toBe(true);
  });
});
