// The dashboard (/admin): what each role sees, the range form's refusals, and a deposit approved today showing up.
import { RouterContextProvider } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { i18nextMiddleware } from "#app/i18n/i18n.server.ts";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { approveDeposit } from "#app/modules/payments/index.server.ts";
import { closeIdleConnections, depositFor } from "#app/modules/payments/test-helpers.ts";
import { ensureSeedAdmin, findStaffByUsername } from "#app/modules/staff/staff.server.ts";
import { createMethodWithNumbers, createPlayer, staffCookie, staffMember, taka } from "#tests/kit/index.ts";
import { runReportJob, type PeriodFigures } from "#app/modules/reporting/index.server.ts";
import * as dashboard from "./dashboard.tsx";

afterAll(closeIdleConnections);

await seedDemoContent(db);
await ensureSeedAdmin(db, "AdminPass12345");
const admin = (await findStaffByUsername("admin"))!;
for (const role of ["finance", "trader", "support", "content"] as const) await staffMember(role, `${role}1`, "RolePass12345", role);

async function run(path: string, cookie: string): Promise<unknown> {
  const url = new URL(`http://localhost${path}`);
  const args = { request: new Request(url, { headers: { cookie } }), url, params: {}, context: new RouterContextProvider(), pattern: url.pathname };
  let result: unknown;
  await i18nextMiddleware(args as never, async () => {
    result = await dashboard.loader(args as never);
    return new Response();
  });
  return result;
}

type Loaded = Awaited<ReturnType<typeof dashboard.loader>>;
async function load(path: string, cookie: string): Promise<{ status: number; body: Exclude<Loaded, { init: unknown }> }> {
  const res = await run(path, cookie);
  if (res && typeof res === "object" && "init" in res && "data" in res) {
    const d = res as { data: never; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: res as never };
}

describe("the dashboard", () => {
  it("shows an admin a deposit approved today among today's figures, and the deposit chart's table", async () => {
    const cookie = await staffCookie("admin", "AdminPass12345");
    await runReportJob({ settleMs: 0 });
    const before = (await load("/admin?range=today", cookie)).body.board.current as Required<PeriodFigures>;
    const ctx = await createMethodWithNumbers();
    const player = await createPlayer();
    const dep = await depositFor(player.id, ctx, { amount: taka(1_234) });
    await approveDeposit({ staffId: admin.id, depositId: dep.id });
    // Today's figures are the job's last pass (it runs every 10 s on the server).
    await runReportJob({ settleMs: 0 });
    const { status, body } = await load("/admin?range=today", cookie);
    expect(status).toBe(200);
    expect(body.board.sections).toEqual(["money", "casino", "exchange", "players", "retention"]);
    expect(body.board.queues.map((q) => q.queue)).toEqual(["deposits", "withdrawals", "chats", "reviews"]);
    const cur = body.board.current as Required<PeriodFigures>;
    expect(BigInt(cur.deposits.amount) - BigInt(before.deposits.amount)).toBe(taka(1_234));
    expect(cur.deposits.count - before.deposits.count).toBe(1);
    expect(cur.firstDepositors - before.firstDepositors).toBe(1);
    const today = body.board.charts!.daily.at(-1)!;
    expect(today.day).toBe(body.range.current.to);
    expect(BigInt(today.deposits)).toBe(BigInt(cur.deposits.amount));
  });

  it("shows each role only its part: trader the exchange, support the queues and players, content the players", async () => {
    const seen = async (role: string) => {
      const { body } = await load("/admin", await staffCookie(`${role}1`, "RolePass12345"));
      const cur = body.board.current ?? {};
      return { sections: body.board.sections, queues: body.board.queues.map((q) => q.queue), figures: Object.keys(cur).sort() };
    };
    const players = ["active", "converted", "firstDepositors", "signups"];
    const finance = await seen("finance");
    expect(finance.sections).toEqual(["money", "casino", "exchange", "players", "retention"]);
    expect(finance.queues).toEqual(["deposits", "withdrawals", "reviews"]);
    expect(finance.figures).toEqual(expect.arrayContaining(["deposits", "ngr", "casinoGgr", "commission"]));
    // The figures a role may not see never leave the server.
    expect(await seen("trader")).toEqual({ sections: ["exchange"], queues: [], figures: ["commission", "exchange", "houseResult"] });
    expect(await seen("support")).toEqual({ sections: ["players"], queues: ["deposits", "withdrawals", "chats"], figures: players });
    expect(await seen("content")).toEqual({ sections: ["players", "retention"], queues: [], figures: players });
  });

  it("answers a bad range with 400 and a message for the field, showing the last 7 days instead", async () => {
    const cookie = await staffCookie("admin", "AdminPass12345");
    for (const [query, field, problem] of [
      ["range=custom&from=2026-02-30&to=2026-03-01", "from", "badDate"],
      ["range=custom&from=yesterday&to=2026-03-01", "from", "badDate"],
      ["range=custom&from=2026-03-01&to=2026-13-01", "to", "badDate"],
      ["range=custom&from=2026-03-02&to=2026-03-01", "from", "fromAfterTo"],
      ["range=custom&from=2020-01-01&to=2026-03-01", "from", "tooLong"],
    ] as const) {
      const { status, body } = await load(`/admin?${query}`, cookie);
      expect(status, query).toBe(400);
      expect(body.problem, query).toEqual({ field, problem });
      expect(body.range.days).toBe(7);
    }
    const ok = await load("/admin?range=custom&from=2026-01-01&to=2026-01-31", cookie);
    expect(ok.status).toBe(200);
    expect(ok.body.range.current).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(ok.body.range.previous).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(ok.body.board.charts!.daily).toHaveLength(31);
  });
});
