// /admin/reports and its exports called as the server calls them: who may open which report (traders only the
// exchange's), a bad range a 400 with the message, and the CSV with its BOM, translated header and totals equal to
// the page's, audited.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { runReportJob } from "#app/modules/reporting/job.server.ts";
import { generateActivity } from "#app/modules/reporting/test-helpers.ts";
import type { ReportTable } from "#app/modules/reporting/index.ts";
import { seedAdmin, staffMember } from "#tests/kit/index.ts";
import { callRoute, staffCookie } from "#tests/support/route-call.ts";
import * as exportRoute from "./export.ts";
import * as page from "./report.tsx";

const tag = randomUUID().slice(0, 6);
/** The route's :kind from the path, as React Router's matching would give it. */
const kindOf = (path: string) => /^\/admin\/reports\/([^/?]+)/.exec(path)?.[1];
const open = (path: string, cookie?: string) => {
  const kind = kindOf(path);
  return callRoute(page, path, { cookie, params: kind ? { kind } : {} });
};
const download = (path: string, cookie?: string) => callRoute(exportRoute, path, { cookie, params: { kind: kindOf(path)! } });
const cookies: Record<string, string> = {};
// A custom range long ago, read after the job has closed it.
const RANGE = "range=custom&from=2025-06-10&to=2025-06-11";

beforeAll(async () => {
  await seedAdmin();
  cookies.admin = await staffCookie("admin", "AdminPass12345");
  for (const role of ["finance", "trader", "support"] as const) {
    await staffMember(role, `${role}r${tag}`, `${role}Pass12345`, role);
    cookies[role] = await staffCookie(`${role}r${tag}`, `${role}Pass12345`);
  }
  await generateActivity(db, { start: new Date("2025-06-10T03:00:00Z"), end: new Date("2025-06-11T12:00:00Z"), players: 30, rounds: 300 });
  expect(await runReportJob({ settleMs: 0 })).not.toBe("busy");
});

describe("/admin/reports", () => {
  it("shows each report to admin and finance, only the exchange's to a trader, none to support", async () => {
    for (const kind of ["games", "providers", "exchange", "bonus", "payments"]) {
      for (const role of ["admin", "finance"]) {
        const out = await open(`/admin/reports/${kind}?${RANGE}`, cookies[role]);
        expect(out.status, `${role} ${kind}`).toBe(200);
        expect((out.data as { table: ReportTable }).table.kind).toBe(kind);
      }
      const trader = await open(`/admin/reports/${kind}?${RANGE}`, cookies.trader);
      expect(trader.status, `trader ${kind}`).toBe(kind === "exchange" ? 200 : 403);
      expect((await open(`/admin/reports/${kind}`, cookies.support)).status).toBe(403);
    }
    // A trader's default report is the one they may open.
    const traderHome = await open("/admin/reports", cookies.trader);
    expect(traderHome.data as { kind: string; kinds: string[] }).toMatchObject({ kind: "exchange", kinds: ["exchange"] });
    expect((await open("/admin/reports/nonsense", cookies.admin)).status).toBe(404);
    expect((await open("/admin/reports/games")).status).toBe(302);
  });

  it("answers a bad range with 400 and the problem, on the page and the export", async () => {
    const out = await open("/admin/reports/games?range=custom&from=2025-06-12&to=2025-06-10", cookies.admin);
    expect(out.status).toBe(400);
    expect((out.data as { problem: unknown }).problem).toEqual({ field: "from", problem: "fromAfterTo" });
    expect((await download("/admin/reports/games/export?range=custom&from=2025-02-30", cookies.admin)).status).toBe(400);
  });

  it("exports the page's rows as CSV with a BOM and the staff member's headers, and audits it", async () => {
    const shown = (await open(`/admin/reports/games?${RANGE}`, cookies.finance)).data as { table: ReportTable };
    expect(shown.table.rows.length).toBeGreaterThan(0);
    const out = await download(`/admin/reports/games/export?${RANGE}`, cookies.finance);
    expect(out.status).toBe(200);
    const bytes = new Uint8Array(await out.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split("\r\n");
    expect(lines[0]).toBe("Product,Provider,Game code,Game,Rounds,Stakes (৳),Wins (৳),GGR (৳),RTP %");
    expect(lines).toHaveLength(shown.table.rows.length + 1);
    const ggrColumn = 7;
    const ggr = lines.slice(1).reduce((sum, line) => sum + Math.round(Number(line.split(",")[ggrColumn]) * 100), 0);
    expect(BigInt(ggr)).toBe(BigInt(shown.table.totals.ggr as string));
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "export.csv"), eq(auditLog.entityId, "report-games-2025-06-10-2025-06-11")));
    expect(rows).toHaveLength(1);
    expect((await download(`/admin/reports/games/export?${RANGE}`, cookies.trader)).status).toBe(403);
  });
});
