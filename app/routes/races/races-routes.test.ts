// /races (guests and players, English and Bangla), its live standings stream, and /admin/races (roles, validation, audit).
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { countWager, races } from "#app/modules/races/index.server.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import { createPlayer, taka } from "#app/modules/payments/test-helpers.ts";
import { callRoute, sessionFor, staffCookie } from "#tests/support/route-call.ts";
import { staffMember } from "#tests/kit/players.ts";
import * as admin from "#app/routes/admin/races/races.tsx";
import * as stream from "#app/routes/resources/race-events.ts";
import * as page from "./races.tsx";

// The standings' announcements go out a second after a wager: let them, before the pool closes.
afterAll(() => new Promise((r) => setTimeout(r, 1_200)));

let adminCookie: string;
let finance: string;
let content: string;

beforeAll(async () => {
  await ensureSeedAdmin(db, "AdminPass12345");
  await staffMember("finance", "finance1", "FinancePass1", "Fin");
  await staffMember("content", "content1", "ContentPass1", "Content");
  adminCookie = await staffCookie("admin", "AdminPass12345");
  finance = await staffCookie("finance1", "FinancePass1");
  content = await staffCookie("content1", "ContentPass1");
});

function raceForm(over: Record<string, string | string[]> = {}) {
  const fields: Record<string, string | string[]> = {
    name: "Route race",
    nameBn: "রুট রেস",
    period: "daily",
    products: ["house", "provider"],
    minStake: "10",
    prizes: "100\n50\n25",
    wallet: "main",
    turnoverMultiplier: "0",
    active: "on",
    ...over,
  };
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return body;
}
const save = (cookie: string, body: URLSearchParams, id = "new") =>
  callRoute(admin, `/admin/races/${id}`, { cookie, body, params: { id }, headers: { "content-type": "application/x-www-form-urlencoded" } });

describe("/admin/races", () => {
  it("sends a guest to log in and gives roles other than admin and finance 403, for the page and the form", async () => {
    expect((await callRoute(admin, "/admin/races")).status).toBe(302);
    expect((await callRoute(admin, "/admin/races", { cookie: content })).status).toBe(403);
    expect((await save(content, raceForm())).status).toBe(403);
    expect((await callRoute(admin, "/admin/races", { cookie: finance })).status).toBe(200);
  });

  it("refuses bad input with a 400 and a message on each field", async () => {
    const out = await save(
      finance,
      raceForm({ name: "", products: [], minStake: "-5", prizes: "100\n200", wallet: "main", turnoverMultiplier: "3", period: "monthly" }),
    );
    expect(out.status).toBe(400);
    const errors = (out.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors).toMatchObject({
      name: ["races.admin.errors.name"],
      period: ["races.admin.errors.period"],
      products: ["races.admin.errors.products"],
      minStake: ["races.admin.errors.minStake"],
      prizes: ["races.admin.errors.prizesOrder"],
    });
    const many = await save(finance, raceForm({ prizes: Array.from({ length: 51 }, () => "1").join("\n") }));
    expect((many.data as { result: { error: Record<string, string[]> } }).result.error.prizes).toEqual(["races.admin.errors.prizesTooMany"]);
    const zero = await save(finance, raceForm({ prizes: "0", wallet: "main", turnoverMultiplier: "2" }));
    expect((zero.data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      prizes: ["races.admin.errors.prizeAmount"],
      turnoverMultiplier: ["races.admin.errors.multiplierMain"],
    });
    expect((await callRoute(admin, "/admin/races/99999", { cookie: finance, params: { id: "99999" } })).status).toBe(404);
    expect((await callRoute(admin, "/admin/races/abc", { cookie: finance, params: { id: "abc" } })).status).toBe(404);
  });

  it("creates and edits a race with audit rows; a new prize table waits for the next period; the period is fixed", async () => {
    const created = await save(adminCookie, raceForm());
    expect(created.status).toBe(302);
    const [race] = await db.select().from(races).where(eq(races.name, "Route race"));
    expect(race).toMatchObject({ period: "daily", products: ["house", "provider"], minStake: taka(10), active: true });
    const id = String(race!.id);
    const edited = await save(adminCookie, raceForm({ prizes: "200\n100" }), id);
    expect(edited.status).toBe(302);
    expect(edited.headers.get("location")).toMatch(new RegExp(`^/admin/races/${id}\\?notice=saved&from=\\d{4}-\\d{2}-\\d{2}$`));
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "race.update"), eq(auditLog.entityId, String(race!.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.after).toMatchObject({ terms: { prizes: ["20000", "10000"] } });
    const weekly = await save(adminCookie, raceForm({ period: "weekly" }), id);
    expect(weekly.status).toBe(400);
    expect((weekly.data as { result: { error: Record<string, string[]> } }).result.error.period?.[0]).toContain("races.errors.period_fixed");
  });
});

describe("/races", () => {
  it("shows guests the races and prize tables, and a player their own rank, in English and Bangla", async () => {
    const [race] = await db.select().from(races).where(eq(races.name, "Route race"));
    const player = await createPlayer();
    await db.transaction((tx) => countWager(tx, { playerId: player.id, stake: taka(75), product: "house" }));
    type Page = { races: Array<{ id: number; name: string; mine: string | null; top: Array<{ name: string; wagered: string }>; prizes: unknown[] }> };
    const guest = await callRoute(page, "/races");
    expect(guest.status).toBe(200);
    const mineOf = (data: unknown) => (data as Page).races.find((r) => r.id === race!.id)!;
    expect(mineOf(guest.data)).toMatchObject({ name: "Route race", mine: null, prizes: [{ rank: 1, amount: "100" }, {}, {}] });
    expect(mineOf(guest.data).top[0]).toMatchObject({ wagered: "75" });
    expect(mineOf(guest.data).top[0]!.name).toContain("***");
    const { cookie } = await sessionFor(player);
    const en = mineOf((await callRoute(page, "/races", { cookie })).data);
    expect(en.mine).toBe("Your rank: #1, ৳75 wagered in 1 bet.");
    const bn = mineOf((await callRoute(page, "/races", { cookie, headers: { "accept-language": "bn" } })).data);
    expect(bn).toMatchObject({ name: "রুট রেস", mine: "আপনার র‍্যাঙ্ক: #1, 1টি বেটে ৳75 বাজি।" });
  });

  it("streams an active race's standings; a bad or unknown race is a 4xx", async () => {
    const [race] = await db.select().from(races).where(eq(races.name, "Route race"));
    expect((await callRoute(stream, "/resources/race-events?race=x")).status).toBe(400);
    expect((await callRoute(stream, "/resources/race-events?race=99999")).status).toBe(404);
    expect((await callRoute(stream, `/resources/race-events?race=${Array.from({ length: 21 }, (_, i) => i + 1).join(",")}`)).status).toBe(400);
    expect((await callRoute(stream, "/resources/race-events?race=1,,2")).status).toBe(400);
    const abort = new AbortController();
    // One stream for the page's races: an unknown id beside an active one is left out.
    const out = await callRoute(stream, `/resources/race-events?race=${race!.id},99999`, { signal: abort.signal });
    expect(out.headers.get("content-type")).toBe("text/event-stream");
    const reader = out.response!.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toMatch(/^event: standings\ndata: \{"race":\d+,"period":"\d{4}-\d{2}-\d{2}"/);
    abort.abort();
    await reader.cancel();
  });
});
