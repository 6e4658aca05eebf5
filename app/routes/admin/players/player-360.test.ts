// The player list, the player 360 page, its notes and tags, and the CSV exports, through their routes on the real
// database: the statement's balance after each entry reconciles with the account, one player's page never carries
// another's rows, notes and tags post without JavaScript, bad input is a 400 with a message, and each role sees (and
// exports) only what it may.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { listPlayerEntries } from "#app/modules/ledger/queries.server.ts";
import { transfer } from "#app/modules/ledger/transfers.server.ts";
import { createSession } from "#app/modules/sessions/sessions.server.ts";
import { addPlayerNote, addPlayerTag } from "#app/modules/staff/player-notes.server.ts";
import { createPlayer, createStaff, fund, staffCookie, staffMember, taka } from "#tests/kit/index.ts";
import { callRoute } from "#tests/support/route-call.ts";
import * as exportRoute from "./export.ts";
import * as playerExport from "./player-export.ts";
import * as player from "./player.tsx";
import * as list from "./players.tsx";

const cookies: Record<string, string> = {};
beforeAll(async () => {
  for (const role of ["admin", "support", "finance", "trader", "content"] as const) {
    const username = `p360${role}${Date.now() % 100_000}`;
    await staffMember(role, username, "RolePass12345");
    cookies[role] = await staffCookie(username, "RolePass12345");
  }
});

/** A player with money moved in and out (so the statement has both signs), a note, a tag and a session. */
async function busyPlayer(label: string) {
  const p = await createPlayer();
  const staff = await createStaff();
  await fund(p.id, taka(1000));
  await fund(p.id, taka(250.75), { bonus: taka(40) });
  await transfer({
    key: `t360:${p.id}:out`,
    debit: `player:${p.id}:main`,
    credit: "house:test-float",
    amount: taka(120.5),
    currency: "BDT",
    kind: "withdrawal",
  });
  await fund(p.id, taka(3));
  await addPlayerNote({ staffId: staff.id, ip: null }, p.id, `note of ${label} ${p.id}`);
  await addPlayerTag({ staffId: staff.id, ip: null }, p.id, `tag-${label}-${p.id}`);
  await createSession(p.id, { ip: `10.9.${p.id % 250}.1`, userAgent: `agent-of-${label}-${p.id}` });
  return p;
}

/** The body as sent, byte-order mark included (Response.text() drops it). */
async function csvText(res: Response) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
}

const page360 = (id: number, role = "support", query = "") =>
  callRoute(player, `/admin/players/${id}${query}`, { cookie: cookies[role], params: { id: String(id) } });
type Page = {
  p360: {
    statement: { rows: { id: number; balanceAfter: string; amount: string }[] };
    balances: { main: string };
    notes: { body: string }[];
    tags: string[];
  };
};

describe("the ledger statement", () => {
  it("leaves after each entry the account's balance at that point, newest first, across pages", async () => {
    const p = await busyPlayer("rec");
    const all = [];
    let before: number | undefined;
    for (;;) {
      const page = await listPlayerEntries(p.id, { wallet: "main", limit: 2, before });
      all.push(...page.items);
      if (page.nextBefore === null) break;
      before = page.nextBefore;
    }
    expect(all.length).toBe(4);
    const balances = await getPlayerBalances(p.id);
    expect(all[0]!.balanceAfter).toBe(balances.main.posted);
    // Oldest first: the running sum of the amounts is each entry's balance after.
    let running = 0n;
    for (const e of [...all].reverse()) {
      running += e.amount;
      expect(e.balanceAfter).toBe(running);
    }
    const shown = ((await page360(p.id)).data as Page).p360;
    expect(shown.statement.rows[0]!.balanceAfter).toBe(shown.balances.main);
    expect(shown.statement.rows.map((r) => r.id)).toEqual(all.map((e) => e.id));
  });
});

describe("player 360", () => {
  it("shows only this player's rows in every list, and a player that does not exist is a 404", async () => {
    const a = await busyPlayer("a");
    const b = await busyPlayer("b");
    const out = await page360(a.id, "admin");
    expect(out.status).toBe(200);
    const text = JSON.stringify(out.data);
    expect(text).toContain(`note of a ${a.id}`);
    expect(text).toContain(`tag-a-${a.id}`);
    expect(text).toContain(`agent-of-a-${a.id}`);
    expect(text).not.toContain(`note of b ${b.id}`);
    expect(text).not.toContain(`tag-b-${b.id}`);
    expect(text).not.toContain(`agent-of-b-${b.id}`);
    expect(text).not.toContain(b.username);
    const bEntries = (await listPlayerEntries(b.id, { limit: 50 })).items.map((e) => e.id);
    const aRows = (out.data as Page).p360.statement.rows.map((r) => r.id);
    expect(aRows.filter((id) => bEntries.includes(id))).toEqual([]);
    for (const list of ["statement", "bonus", "payments", "rounds", "bets"]) {
      const csv = await callRoute(playerExport, `/admin/players/${a.id}/export/${list}`, {
        cookie: cookies.support,
        params: { id: String(a.id), list },
      });
      expect(csv.status, list).toBe(200);
      const body = await csvText(csv.response!);
      expect(body.startsWith("\uFEFF")).toBe(true);
      expect(body).not.toContain(`t360:${b.id}`);
    }
    expect((await page360(2_000_000_000, "admin")).status).toBe(404);
    expect((await page360(0, "admin")).status).toBe(404);
  });

  it("adds a note and a tag by plain form posts, each audited, and answers bad input with a 400 and a message", async () => {
    const p = await createPlayer();
    const post = (form: Record<string, string>) =>
      callRoute(player, `/admin/players/${p.id}`, { cookie: cookies.support, params: { id: String(p.id) }, form });
    const note = await post({ intent: "note", body: "Called about a late withdrawal" });
    expect(note.status).toBe(303);
    expect(note.headers.get("location")).toBe(`/admin/players/${p.id}?notice=noteAdded#notes`);
    expect((await post({ intent: "tag-add", tag: "Late Payout" })).headers.get("location")).toContain("notice=tagAdded");
    expect((await post({ intent: "tag-add", tag: "late-payout" })).headers.get("location")).toContain("notice=tagUnchanged");
    const shown = ((await page360(p.id)).data as Page).p360;
    expect(shown.notes.map((n) => n.body)).toEqual(["Called about a late withdrawal"]);
    expect(shown.tags).toEqual(["late-payout"]);
    const blank = await post({ intent: "note", body: "   " });
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({ noteError: "adminPlayers.errors.noteRequired" });
    const badTag = await post({ intent: "tag-add", tag: "=HYPERLINK()" });
    expect(badTag.status).toBe(400);
    expect(badTag.data).toMatchObject({ tagError: "adminPlayers.errors.tagInvalid" });
    expect((await post({ intent: "tag-remove", tag: "late-payout" })).headers.get("location")).toContain("notice=tagRemoved");
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(p.id)));
    expect(
      audits
        .map((r) => r.action)
        .filter((a) => a.startsWith("player."))
        .sort(),
    ).toEqual(["player.note.add", "player.tag.add", "player.tag.remove"]);
  });
});

describe("roles", () => {
  it("lets admin and support open the list and a player, and no other role", async () => {
    const p = await createPlayer();
    for (const role of ["admin", "support"]) {
      expect((await callRoute(list, "/admin/players", { cookie: cookies[role] })).status, role).toBe(200);
      expect((await page360(p.id, role)).status, role).toBe(200);
      const csv = await callRoute(playerExport, `/admin/players/${p.id}/export/statement`, {
        cookie: cookies[role],
        params: { id: String(p.id), list: "statement" },
      });
      expect(csv.status, role).toBe(200);
    }
    for (const role of ["finance", "trader", "content"]) {
      expect((await callRoute(list, "/admin/players", { cookie: cookies[role] })).status, role).toBe(403);
      expect((await page360(p.id, role)).status, role).toBe(403);
      const note = await callRoute(player, `/admin/players/${p.id}`, {
        cookie: cookies[role],
        params: { id: String(p.id) },
        form: { intent: "note", body: "x" },
      });
      expect(note.status, role).toBe(403);
      const csv = await callRoute(playerExport, `/admin/players/${p.id}/export/statement`, {
        cookie: cookies[role],
        params: { id: String(p.id), list: "statement" },
      });
      expect(csv.status, role).toBe(403);
      expect((await callRoute(exportRoute, "/admin/players/export", { cookie: cookies[role] })).status, role).toBe(403);
    }
    expect((await callRoute(list, "/admin/players")).status).toBe(302);
  });

  it("exports the whole filtered list to admins only, audited, with a byte-order mark and defused cells", async () => {
    const p = await createPlayer();
    const staff = await createStaff();
    await addPlayerTag({ staffId: staff.id, ip: null }, p.id, "exportme");
    expect((await callRoute(exportRoute, "/admin/players/export?tag=exportme", { cookie: cookies.support })).status).toBe(403);
    const out = await callRoute(exportRoute, "/admin/players/export?tag=exportme", { cookie: cookies.admin });
    expect(out.status).toBe(200);
    expect(out.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const body = await csvText(out.response!);
    expect(body.startsWith("\uFEFFId,Username,")).toBe(true);
    const lines = body.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(p.username);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "export.csv"), eq(auditLog.entityId, "players")));
    expect(audits.some((r) => (r.after as { filter: { tag?: string } }).filter.tag === "exportme")).toBe(true);
    const bad = await callRoute(exportRoute, "/admin/players/export?min=abc", { cookie: cookies.admin });
    expect(bad.status).toBe(400);
  });

  it("answers a bad filter on the list page with 400 and messages per field, never a 500", async () => {
    const out = await callRoute(list, "/admin/players?min=-5&sort=id;drop&from=2026-02-30&page=x", { cookie: cookies.admin });
    expect(out.status).toBe(400);
    const errors = (out.data as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).sort()).toEqual(["from", "min", "page", "sort"]);
    expect((out.data as { list: unknown }).list).toBeNull();
  });
});
