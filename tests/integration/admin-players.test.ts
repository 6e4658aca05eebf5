// The support back office's player pages: role-gated (support and admin), search, and contact edits that are audited
// and clear the verification of a changed phone or e-mail (giving the number up for other accounts).
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { groupTaka } from "#app/components/payments/format.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { transfer } from "#app/modules/ledger/transfers.server.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import { listMessagesTo } from "#app/modules/outbox/outbox.server.ts";
import { findPlayerById } from "#app/modules/players/players.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { signedUpPlayer } from "#app/modules/players/test-helpers.ts";
import { sendPhoneCode, verifyPhoneCode } from "#app/modules/profile/phone-verification.server.ts";
import { verifiedContacts } from "#app/modules/profile/schema.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { ensureSeedAdmin, findStaffByUsername } from "#app/modules/staff/staff.server.ts";
import * as playerRoute from "#app/routes/admin/players/player.tsx";
import * as playersRoute from "#app/routes/admin/players/players.tsx";
import { callRoute } from "#tests/support/route-call.ts";
import { staffCookie } from "#tests/kit/sessions.ts";
import { staffMember } from "#tests/kit/players.ts";

const cookies: Record<string, string> = {};

beforeAll(async () => {
  await ensureSeedAdmin(db, "AdminPass12345");
  for (const role of ["support", "finance"] as const) {
    await staffMember(role, `${role}7`, "StaffPass123", role);
    cookies[role] = await staffCookie(`${role}7`, "StaffPass123");
  }
  cookies.admin = await staffCookie("admin", "AdminPass12345");
});

describe("/admin/players", () => {
  it("sends a guest to log in and refuses other roles with 403, for pages and posts", async () => {
    const p = await signedUpPlayer("gated01");
    expect((await callRoute(playersRoute, "/admin/players")).status).toBe(302);
    expect((await callRoute(playersRoute, "/admin/players?q=gated", { cookie: cookies.finance })).status).toBe(403);
    expect((await callRoute(playerRoute, `/admin/players/${p.id}`, { cookie: cookies.finance, params: { id: String(p.id) } })).status).toBe(403);
    const post = await callRoute(playerRoute, `/admin/players/${p.id}`, {
      cookie: cookies.finance,
      params: { id: String(p.id) },
      form: { name: "X", phone: "01711111111", email: "x@example.com", birthday: "" },
    });
    expect(post.status).toBe(403);
    expect((await findPlayerById(p.id))!.name).not.toBe("X");
  });

  it("finds players by username, phone or e-mail", async () => {
    const p = await signedUpPlayer("findme01");
    await db.update(players).set({ phone: "01822334455" }).where(eq(players.id, p.id));
    for (const q of ["findme", "1822334455", "+8801822334455", "findme01@example"]) {
      const res = await callRoute(playersRoute, `/admin/players?q=${encodeURIComponent(q)}`, { cookie: cookies.support });
      expect(res.status).toBe(200);
      expect((res.data as { list: { rows: { id: number }[] } }).list.rows.map((r) => r.id)).toContain(p.id);
    }
    expect((await callRoute(playersRoute, "/admin/players?q=ab", { cookie: cookies.support })).status).toBe(400);
    // LIKE wildcards are plain text.
    const wild = await callRoute(playersRoute, "/admin/players?q=%25%25%25", { cookie: cookies.admin });
    expect((wild.data as { list: { rows: unknown[] } }).list.rows).toEqual([]);
  });

  it("shows the player's card with balances from the ledger; an unknown id is 404", async () => {
    const p = await signedUpPlayer("cardme01");
    const res = await callRoute(playerRoute, `/admin/players/${p.id}`, { cookie: cookies.support, params: { id: String(p.id) } });
    expect(res.status).toBe(200);
    await transfer({
      key: `test:admin-card:${p.id}`,
      debit: "house:adjustments",
      credit: `player:${p.id}:main`,
      amount: 12_345n,
      currency: "BDT",
      kind: "adjustment",
    });
    const balances = await getPlayerBalances(p.id);
    expect(balances.main.available).toBeGreaterThanOrEqual(12_345n);
    const card = await callRoute(playerRoute, `/admin/players/${p.id}`, { cookie: cookies.support, params: { id: String(p.id) } });
    expect((card.data as { player: unknown }).player).toMatchObject({
      username: "cardme01",
      main: groupTaka(formatPoisha(balances.main.available)),
      bonus: groupTaka(formatPoisha(balances.bonus.available)),
      phoneVerified: false,
      emailVerified: false,
    });
    expect((await callRoute(playerRoute, "/admin/players/999999", { cookie: cookies.support, params: { id: "999999" } })).status).toBe(404);
    expect((await callRoute(playerRoute, "/admin/players/abc", { cookie: cookies.support, params: { id: "abc" } })).status).toBe(404);
  });

  it("edits contact data with an audit row; a changed verified phone loses its verification and its claim", async () => {
    const p = await signedUpPlayer("editme01");
    await db.update(players).set({ phone: "01933445566" }).where(eq(players.id, p.id));
    await sendPhoneCode(p.id, "main");
    const code = /\b(\d{6})\b/.exec((await listMessagesTo("+8801933445566")).at(-1)!.body)![1]!;
    expect(await verifyPhoneCode(p.id, "main", code)).toMatchObject({ ok: true });
    expect(await db.select().from(verifiedContacts).where(eq(verifiedContacts.value, "+8801933445566"))).toHaveLength(1);

    const bad = await callRoute(playerRoute, `/admin/players/${p.id}`, {
      cookie: cookies.support,
      params: { id: String(p.id) },
      form: { name: "Rahim", phone: "12", email: "new@example.com", birthday: "2020-01-01" },
    });
    expect(bad.status).toBe(400);

    const saved = await callRoute(playerRoute, `/admin/players/${p.id}`, {
      cookie: cookies.support,
      params: { id: String(p.id) },
      form: { name: "Rahim Uddin", phone: "01933445577", email: "editme01@example.com", birthday: "1990-02-03" },
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/admin/players/${p.id}?notice=saved`);
    const after = (await findPlayerById(p.id))!;
    expect(after).toMatchObject({ name: "Rahim Uddin", phone: "01933445577", birthday: "1990-02-03", phoneVerifiedAt: null });
    expect(await db.select().from(verifiedContacts).where(eq(verifiedContacts.value, "+8801933445566"))).toHaveLength(0);
    const [row] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(p.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const support = (await findStaffByUsername("support7"))!;
    expect(row).toMatchObject({
      staffId: support.id,
      action: "player.contact.update",
      entity: "player",
      before: { name: "", phone: "01933445566", birthday: null, phoneVerified: true },
      after: { name: "Rahim Uddin", phone: "01933445577", birthday: "1990-02-03", phoneVerified: false },
    });

    // The same values again change nothing and write no audit row.
    const again = await callRoute(playerRoute, `/admin/players/${p.id}`, {
      cookie: cookies.admin,
      params: { id: String(p.id) },
      form: { name: "Rahim Uddin", phone: "01933445577", email: "EDITME01@example.com", birthday: "1990-02-03" },
    });
    expect(again.headers.get("location")).toBe(`/admin/players/${p.id}?notice=unchanged`);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(p.id))),
    ).toHaveLength(1);
  });
});
