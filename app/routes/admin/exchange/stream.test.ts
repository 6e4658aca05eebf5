// The stream slot in the back office: an admin allows stream hosts, a trader sets an event's stream on one of them,
// refusals come back as 400 with the message on the field, each change is audited, other roles get 403.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { createTraderEvent } from "#app/modules/exchange/trader.server.ts";
import { exchangeEvents } from "#app/modules/exchange/schema.ts";
import { currentStreamHosts } from "#app/modules/settings/stream-hosts.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { ensureSeedAdmin, findStaffByUsername } from "#app/modules/staff/staff.server.ts";
import * as event from "./event.tsx";
import * as events from "./events.tsx";
import { staffCookie } from "#tests/kit/sessions.ts";
import { staffMember } from "#tests/kit/players.ts";

await seedDemoContent(db);
await ensureSeedAdmin(db, "AdminPass12345");
await staffMember("trader", "trader9", "TraderPass1", "Tra");
await staffMember("support", "support9", "SupportPass1", "Sup");

function post(path: string, cookie: string, form: Record<string, string>, params: Record<string, string> = {}) {
  const url = new URL(`http://localhost${path}`);
  const request = new Request(url, { method: "POST", headers: { cookie }, body: new URLSearchParams(form) });
  return { request, url, params, context: {} } as never;
}

async function outcome(p: Promise<unknown>) {
  try {
    const r = await p;
    if (r instanceof Response) return { status: r.status, location: r.headers.get("location") };
    const d = r as { init?: { status?: number }; data: Record<string, { error?: Record<string, string[]> }> };
    return { status: d.init?.status ?? 200, errors: Object.values(d.data)[0]?.error };
  } catch (e) {
    const err = e as { status?: number; init?: { status?: number } };
    return { status: err.init?.status ?? err.status };
  }
}

const lastAudit = async (action: string, entityId: number) =>
  (
    await db
      .select({ before: auditLog.before, after: auditLog.after, staffId: auditLog.staffId })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe("the stream slot in the back office", async () => {
  const adminCookie = await staffCookie("admin", "AdminPass12345");
  const traderCookie = await staffCookie("trader9", "TraderPass1");
  const supportCookie = await staffCookie("support9", "SupportPass1");
  const trader = (await findStaffByUsername("trader9"))!;
  const eventId = await createTraderEvent(
    { staffId: trader.id, ip: null },
    {
      sport: "cricket",
      competition: "Test",
      name: "DHA v SYL stream",
      startsAt: new Date(Date.now() + 3600_000),
      runners: ["DHA", "SYL"],
      bookmaker: false,
    },
  );
  const setStream = (cookie: string, url: string) =>
    outcome(event.action(post(`/admin/exchange/${eventId}`, cookie, { intent: "stream", url }, { eventId: String(eventId) })));
  const setHosts = (cookie: string, hosts: string) => outcome(events.action(post("/admin/exchange", cookie, { intent: "streamHosts", hosts })));

  it("lets an admin, not a trader, set the allowed hosts; a bad host is a 400 on the field", async () => {
    expect(await setHosts(traderCookie, "player.example.com")).toMatchObject({ status: 403 });
    expect(await setHosts(adminCookie, "https://player.example.com/")).toMatchObject({
      status: 400,
      errors: { hosts: ["adminExchange.errors.hosts"] },
    });
    expect(await setHosts(adminCookie, "player.example.com\nTV.example.org")).toMatchObject({ status: 302, location: "/admin/exchange?done=hosts" });
    expect(await currentStreamHosts()).toEqual(["player.example.com", "tv.example.org"]);
    const row = (await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, "settings.streamHosts"))).length;
    expect(row).toBe(1);
  });

  it("refuses a support agent the stream form (403)", async () => {
    expect(await setStream(supportCookie, "https://player.example.com/live")).toMatchObject({ status: 403 });
  });

  it("answers a URL that is not https, or on another host, with 400 and the message on the url field; nothing saved", async () => {
    expect(await setStream(traderCookie, "http://player.example.com/live")).toMatchObject({
      status: 400,
      errors: { url: ["adminExchange.errors.stream.https"] },
    });
    expect(await setStream(traderCookie, "https://evil.test/live")).toMatchObject({
      status: 400,
      errors: { url: ["adminExchange.errors.stream.host"] },
    });
    expect(await setStream(traderCookie, "not a url")).toMatchObject({ status: 400, errors: { url: ["adminExchange.errors.stream.invalid"] } });
    expect(await setStream(traderCookie, `https://player.example.com/${"x".repeat(600)}`)).toMatchObject({ status: 400 });
    const [row] = await db.select({ streamUrl: exchangeEvents.streamUrl }).from(exchangeEvents).where(eq(exchangeEvents.id, eventId));
    expect(row!.streamUrl).toBeNull();
  });

  it("saves a stream on an allowed host and clears it, each change audited with who, before and after", async () => {
    expect(await setStream(traderCookie, "https://player.example.com/embed/9")).toMatchObject({
      status: 302,
      location: `/admin/exchange/${eventId}?done=stream`,
    });
    const [row] = await db.select({ streamUrl: exchangeEvents.streamUrl }).from(exchangeEvents).where(eq(exchangeEvents.id, eventId));
    expect(row!.streamUrl).toBe("https://player.example.com/embed/9");
    expect(await lastAudit("exchange.event.stream", eventId)).toEqual({
      staffId: trader.id,
      before: { streamUrl: null },
      after: { streamUrl: "https://player.example.com/embed/9" },
    });
    expect(await setStream(traderCookie, "")).toMatchObject({ status: 302 });
    expect(await lastAudit("exchange.event.streamClear", eventId)).toMatchObject({ after: { streamUrl: null } });
  });
});
