// The site-wide lists of casino rounds, exchange bets and ledger entries through their routes on the real database:
// who may open and export each (others get a 403), today as the default view, a player filter by username or id that
// never shows another player's rows, bad filter values answered with a 400 and a message next to the field (never a
// 500), and the CSV exports: headers, byte-order mark, the filter's rows and an audit row.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { gameProviders, gameRounds } from "#app/modules/games/schema.ts";
import { createMatchOddsMarket, createPlayer, fund, staffCookie, staffMember, taka } from "#tests/kit/index.ts";
import { exchangeOrders } from "#app/modules/exchange/schema.ts";
import { callRoute, type RouteModule } from "#tests/support/route-call.ts";
import * as betsExport from "./bets-export.ts";
import * as bets from "./bets.tsx";
import { readRoundsQuery } from "./filters.server.ts";
import * as ledgerExport from "./ledger-export.ts";
import * as ledger from "./ledger.tsx";
import * as roundsExport from "./rounds-export.ts";
import * as rounds from "./rounds.tsx";

const cookies: Record<string, string> = {};
let a: { id: number; username: string };
let b: { id: number; username: string };

beforeAll(async () => {
  for (const role of ["admin", "support", "finance", "trader", "content"] as const) {
    const username = `lists${role}${Date.now() % 100_000}`;
    await staffMember(role, username, "RolePass12345");
    cookies[role] = await staffCookie(username, "RolePass12345");
  }
  a = await createPlayer();
  b = await createPlayer();
  const [provider] = await db.insert(gameProviders).values({ platform: "LST", name: "List Games", sortOrder: 5 }).returning();
  let n = 0;
  for (const p of [a, a, b]) {
    await db.insert(gameRounds).values({
      providerId: provider!.id,
      playerId: p.id,
      roundId: `lst-${++n}`,
      gameCode: "LST-SLOT-ONE",
      gameType: "SLOT",
      platform: "LST",
      currency: "BDT",
      stake: taka(10),
      payout: p === b ? taka(25) : 0n,
      status: "settled",
      settledAt: new Date(),
    });
  }
  const { market, home } = await createMatchOddsMarket();
  for (const p of [a, b]) {
    await db.insert(exchangeOrders).values({
      marketId: market.id,
      runnerId: home.id,
      playerId: p.id,
      side: "back",
      tick: 100,
      size: taka(100),
      status: "unmatched",
      requestKey: `lst-${p.id}`,
    });
  }
  await fund(a.id, taka(300));
  await fund(b.id, taka(80));
});

type Rows<R> = { rows: R[]; errors: Record<string, string>; totals: Record<string, unknown> | null; exportHref: string | null };
const open = (route: RouteModule, path: string, role = "finance") => callRoute(route, path, { cookie: cookies[role] });
const csvText = async (res: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());

const lists = [
  { name: "rounds", page: rounds, exp: roundsExport, path: "/admin/rounds", roles: ["admin", "finance"] },
  { name: "exchange-bets", page: bets, exp: betsExport, path: "/admin/exchange-bets", roles: ["admin", "finance", "trader"] },
  { name: "ledger", page: ledger, exp: ledgerExport, path: "/admin/ledger", roles: ["admin", "finance"] },
] as const;

describe("roles", () => {
  it("opens each list and its export to its roles only, and sends a guest to sign in", async () => {
    for (const list of lists) {
      for (const role of ["admin", "support", "finance", "trader", "content"]) {
        const allowed = (list.roles as readonly string[]).includes(role);
        expect((await open(list.page, list.path, role)).status, `${list.name} ${role}`).toBe(allowed ? 200 : 403);
        expect((await open(list.exp, `${list.path}/export`, role)).status, `${list.name} export ${role}`).toBe(allowed ? 200 : 403);
      }
      expect((await callRoute(list.page, list.path)).status).toBe(302);
    }
  });
});

describe("filters", () => {
  it("shows today by default and a player's own rows only, by username or by id, with the filter's totals", async () => {
    const all = await open(rounds, "/admin/rounds");
    expect((all.data as Rows<unknown>).exportHref).toContain("range=today");
    for (const who of [a.username, String(a.id)]) {
      const out = await open(rounds, `/admin/rounds?player=${encodeURIComponent(who)}&range=today`);
      const data = out.data as Rows<{ playerId: number; username: string }>;
      expect(data.rows.map((r) => r.playerId)).toEqual([a.id, a.id]);
      expect(data.totals).toEqual({ count: 2, stake: "৳20.00", payout: "৳0.00", ggr: "৳20.00", capped: false });
    }
    const betsOfB = (await open(bets, `/admin/exchange-bets?player=${b.username}`)).data as Rows<{ playerId: number }>;
    expect(betsOfB.rows.map((r) => r.playerId)).toEqual([b.id]);
    const entriesOfB = (await open(ledger, `/admin/ledger?player=${b.id}&range=today`)).data as Rows<{ playerId: number | null }>;
    expect(entriesOfB.rows.length).toBeGreaterThan(0);
    expect(entriesOfB.rows.every((r) => r.playerId === b.id)).toBe(true);
  });

  it("answers bad values with a 400 and a message next to the field, never a 500", async () => {
    const cases: Array<[RouteModule, string, string]> = [
      [rounds, "/admin/rounds?from=2026-13-40", "from"],
      [rounds, "/admin/rounds?from=2026-03-02&to=2026-03-01", "to"],
      [rounds, "/admin/rounds?status=lost", "status"],
      [rounds, "/admin/rounds?minStake=abc", "minStake"],
      [rounds, "/admin/rounds?player=nobody_here_zz", "player"],
      [rounds, "/admin/rounds?player=%00drop", "player"],
      [rounds, "/admin/rounds?game=%27%20or%201%3D1", "game"],
      [bets, "/admin/exchange-bets?market=99999999999", "market"],
      [bets, "/admin/exchange-bets?kind=cricket", "kind"],
      [ledger, "/admin/ledger?account=everyone", "account"],
      [ledger, "/admin/ledger?range=forever", "range"],
    ];
    for (const [route, path, field] of cases) {
      const out = await open(route, path);
      expect(out.status, path).toBe(400);
      // A NUL in the address is refused before the route (the request guard's plain 400).
      if (out.data) expect(Object.keys((out.data as Rows<unknown>).errors), path).toContain(field);
      else expect(path).toContain("%00");
    }
    // A cursor that is not a row id means the newest page.
    expect((await open(rounds, "/admin/rounds?before=-5")).status).toBe(200);
    const exp = await open(roundsExport, "/admin/rounds/export?status=lost");
    expect(exp.status).toBe(400);
  });

  it("reads a Dhaka day from its midnight to the next", async () => {
    const q = await readRoundsQuery(new URL("http://x/admin/rounds?from=2026-03-01&to=2026-03-01"));
    expect(q.filter).toMatchObject({ start: new Date("2026-02-28T18:00:00Z"), end: new Date("2026-03-01T18:00:00Z") });
    const any = await readRoundsQuery(new URL("http://x/admin/rounds?range="));
    expect(any.filter).toMatchObject({ start: undefined, end: undefined });
  });
});

describe("exports", () => {
  it("streams the filter's rows as CSV with a byte-order mark, and audits the export", async () => {
    const out = await open(roundsExport, `/admin/rounds/export?range=today&player=${a.username}`);
    expect(out.status).toBe(200);
    expect(out.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(out.headers.get("content-disposition")).toMatch(/attachment; filename="casino-rounds-.*\.csv"/);
    const body = await csvText(out.response!);
    expect(body.startsWith("\uFEFF")).toBe(true);
    const lines = body.trim().split("\r\n");
    expect(lines[0]).toContain("Username");
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((l) => l.includes(a.username) && l.includes("List Games") && l.includes("10.00"))).toBe(true);
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "export.csv"), eq(auditLog.entityId, "casino-rounds")));
    expect(audited.at(-1)!.after).toMatchObject({ list: "casino-rounds", filter: { range: "today", player: a.username } });

    const betsCsv = await csvText((await open(betsExport, `/admin/exchange-bets/export?player=${b.id}`, "trader")).response!);
    expect(betsCsv.trim().split("\r\n")).toHaveLength(2);
    expect(betsCsv).toContain(b.username);
    // Status and side in words, not the stored codes.
    expect(betsCsv).toMatch(/,Back,.*,Unmatched,/);
    const ledgerCsv = await csvText((await open(ledgerExport, `/admin/ledger/export?range=today&player=${a.id}`)).response!);
    expect(ledgerCsv).toContain("300.00");
    expect(ledgerCsv).not.toContain(b.username);
  });
});
