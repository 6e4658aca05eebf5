// The time-out, self-exclusion and close-account pages as a browser without JavaScript uses them, the log-in page's
// notice, and the staff Exclusions tab (roles, the never-shorter rule, the audit).
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { signedUpPlayer } from "#app/modules/players/test-helpers.ts";
import { activeExclusion } from "#app/modules/protection/exclusions.server.ts";
import { sessions } from "#app/modules/sessions/schema.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import * as staffTab from "#app/routes/admin/players/exclusions.tsx";
import * as loginPage from "#app/routes/auth/login.tsx";
import { callRoute, sessionFor } from "#tests/support/route-call.ts";
import * as closeAccount from "./close-account.tsx";
import * as selfExclusion from "./self-exclusion.tsx";
import * as timeOut from "./time-out.tsx";
import { staffCookie } from "#tests/kit/sessions.ts";
import { staffMember } from "#tests/kit/players.ts";

await seedDemoContent(db);
let seq = 0;
const newPlayer = () => signedUpPlayer(`exr${process.pid % 10_000}n${++seq}`);
const errorsOf = (data: unknown) => (data as { result: { error: Record<string, string[]> } }).result.error;
let support: string;
let content: string;

beforeAll(async () => {
  await ensureSeedAdmin(db, "AdminPass12345");
  await staffMember("support", "support1", "SupportPass1", "Support");
  await staffMember("content", "content1", "ContentPass1", "Content");
  support = await staffCookie("support1", "SupportPass1");
  content = await staffCookie("content1", "ContentPass1");
});

describe("the player's pages", () => {
  it("send a guest to log in", async () => {
    const out = await callRoute(timeOut, "/account/responsible-gaming/time-out");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login?redirectTo=%2Faccount%2Fresponsible-gaming%2Ftime-out");
  });

  it("a wrong password or a missing choice is a 4xx next to the field, and nothing starts", async () => {
    const player = await newPlayer();
    const { cookie } = await sessionFor(player);
    const path = "/account/responsible-gaming/self-exclusion";
    const wrong = await callRoute(selfExclusion, path, { cookie, form: { term: "1y", password: "Wrong1234", understood: "on" } });
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong.data).password?.map(inEnglish)).toEqual(["Current password is incorrect"]);
    const unticked = await callRoute(selfExclusion, path, { cookie, form: { term: "1y", password: "Secret123" } });
    expect(unticked.status).toBe(400);
    expect(errorsOf(unticked.data).understood).toEqual(["protectionExclusion.errors.confirmRequired"]);
    const days = await callRoute(timeOut, "/account/responsible-gaming/time-out", {
      cookie,
      form: { period: "custom", days: "43", password: "Secret123" },
    });
    expect(days.status).toBe(400);
    expect(errorsOf(days.data).days).toEqual(["protectionExclusion.errors.daysInvalid"]);
    expect(await activeExclusion(db, player.id)).toBeNull();
  });

  it("a time-out of custom days logs the player out (cookie cleared) and the log-in page says what started", async () => {
    const player = await newPlayer();
    const { cookie } = await sessionFor(player);
    const out = await callRoute(timeOut, "/account/responsible-gaming/time-out", {
      cookie,
      form: { period: "custom", days: "10", password: "Secret123" },
    });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login?notice=timeout");
    expect(out.headers.get("set-cookie")).toMatch(/^sid=;.*Max-Age=0/);
    const active = await activeExclusion(db, player.id);
    expect(active!.endsAt!.getTime() - active!.startsAt.getTime()).toBe(10 * 86_400_000);
    expect(await db.select().from(sessions).where(eq(sessions.playerId, player.id))).toEqual([]);
    // The old cookie is no longer a session.
    expect((await callRoute(timeOut, "/account/responsible-gaming/time-out", { cookie })).status).toBe(302);

    const page = await callRoute(loginPage, "/login?notice=timeout");
    expect((page.data as { notice: string }).notice).toMatch(/^Your time-out has started/);
    expect(((await callRoute(loginPage, "/login?notice=bogus")).data as { notice: null }).notice).toBeNull();
  });

  it("closing the account starts a permanent closure with the player's reason", async () => {
    const player = await newPlayer();
    const { cookie } = await sessionFor(player);
    const out = await callRoute(closeAccount, "/account/responsible-gaming/close-account", {
      cookie,
      form: { reason: "Not for me", password: "Secret123", understood: "on" },
    });
    expect(out.headers.get("location")).toBe("/login?notice=closure");
    expect(await activeExclusion(db, player.id)).toMatchObject({ kind: "closure", endsAt: null });
  });
});

describe("/admin/players/:id/exclusions", () => {
  it("is for admin, support and finance only", async () => {
    const player = await newPlayer();
    const path = `/admin/players/${player.id}/exclusions`;
    expect((await callRoute(staffTab, path, { params: { id: String(player.id) } })).status).toBe(302);
    expect((await callRoute(staffTab, path, { cookie: content, params: { id: String(player.id) } })).status).toBe(403);
    const post = await callRoute(staffTab, path, { cookie: content, params: { id: String(player.id) }, form: { term: "1y", reason: "x" } });
    expect(post.status).toBe(403);
    expect((await callRoute(staffTab, "/admin/players/999999/exclusions", { cookie: support, params: { id: "999999" } })).status).toBe(404);
  });

  it("applies a longer one (audited), refuses a shorter one with the active one's end, lists both", async () => {
    const player = await newPlayer();
    const params = { id: String(player.id) };
    const path = `/admin/players/${player.id}/exclusions`;
    const applied = await callRoute(staffTab, path, { cookie: support, params, form: { term: "1y", reason: "Asked on the phone" } });
    expect(applied.status).toBe(302);
    expect(applied.headers.get("location")).toBe(`${path}?notice=applied`);

    const shorter = await callRoute(staffTab, path, { cookie: support, params, form: { term: "30d", reason: "Asked again" } });
    expect(shorter.status).toBe(409);
    expect(inEnglish(errorsOf(shorter.data)[""]![0]!)).toMatch(
      /^A self-exclusion is active until \d{4}-\d\d-\d\d \d\d:\d\d\. A new one must end later/,
    );
    const noReason = await callRoute(staffTab, path, { cookie: support, params, form: { term: "5y", reason: "" } });
    expect(noReason.status).toBe(400);

    const page = await callRoute(staffTab, path, { cookie: support, params });
    const history = (page.data as { history: { kind: string; staff: string; reason: string; active: boolean }[] }).history;
    expect(history).toMatchObject([{ kind: "self_exclusion", staff: "support1", reason: "Asked on the phone", active: true }]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "player.self_exclusion"), eq(auditLog.entityId, String(player.id))));
    expect(audits).toMatchObject([{ after: { reason: "Asked on the phone" } }]);
  });
});
