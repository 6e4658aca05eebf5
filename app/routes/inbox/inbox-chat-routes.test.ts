// The inbox and support chat pages, the JSON API and the one event stream, called the way React Router calls them.
// Real database; nothing is mocked.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { openChat, sendPlayerMessage, staffReply } from "#app/modules/chat/chat.server.ts";
import { eventBusReady, type Notice, stopEventBus } from "#app/modules/events/bus.server.ts";
import { getInboxMessage, sendInboxMessage, unreadCount } from "#app/modules/inbox/inbox.server.ts";
import { adjustBalance } from "#app/modules/payments/adjustments.server.ts";
import { closeIdleConnections, createPlayer, createSite, createStaff, newKey, taka } from "#app/modules/payments/test-helpers.ts";
import { staffUsers } from "#app/modules/staff/schema.ts";
import { createStaff as createStaffAccount } from "#app/modules/staff/staff.server.ts";
import * as adminChat from "#app/routes/admin/support/chat.tsx";
import * as adminInbox from "#app/routes/admin/support/inbox.tsx";
import * as apiChatMessages from "#app/routes/api/chats.$chatId.messages.ts";
import * as apiChats from "#app/routes/api/chats.ts";
import * as apiGetChats from "#app/routes/api/get-chats.ts";
import * as apiInboxId from "#app/routes/api/inbox.$id.ts";
import * as apiInboxRead from "#app/routes/api/inbox.$id.read.ts";
import * as apiInbox from "#app/routes/api/inbox.ts";
import * as apiMessages from "#app/routes/api/messages.ts";
import * as chatBox from "#app/routes/chat/chat-box.tsx";
import * as chatHome from "#app/routes/chat/chat.tsx";
import * as events from "#app/routes/resources/balance-events.ts";
import { type CallInit, callRoute, type RouteModule, sessionFor } from "#tests/support/route-call.ts";
import * as inbox from "./inbox.tsx";
import * as message from "./message.tsx";
import { staffCookie } from "#tests/kit/sessions.ts";

const call = (route: RouteModule, path: string, init: CallInit = {}) =>
  callRoute(route, path, { ...init, headers: { "x-client-ip": "10.2.2.2", ...init.headers } });

let staff: Awaited<ReturnType<typeof createStaff>>;
let supportCookie: string;
let financeCookie: string;

beforeAll(async () => {
  await createSite();
  staff = await createStaff();
  const [admin] = await db
    .insert(staffUsers)
    .values({ username: `adm${process.pid}`, passwordHash: "x", role: "admin" })
    .returning();
  await createStaffAccount({ id: admin!.id, ip: null }, { username: "support1", name: "Sue", role: "support", password: "SupportPass1" });
  await createStaffAccount({ id: admin!.id, ip: null }, { username: "finance9", name: "Fin", role: "finance", password: "FinancePass1" });
  supportCookie = await staffCookie("support1", "SupportPass1");
  financeCookie = await staffCookie("finance9", "FinancePass1");
});

afterAll(async () => {
  await stopEventBus();
  await closeIdleConnections();
});

const sendTo = async (username: string, title = "Hello there", body = "Welcome to the site, enjoy your stay") => {
  const sent = await sendInboxMessage({ staffId: staff.id, audience: "player", usernames: username, title, body });
  if (!sent.ok) throw new Error("not sent");
  return sent.messageId;
};

describe("/inbox pages", () => {
  it("sends a guest to log in", async () => {
    expect((await call(inbox, "/inbox")).headers.get("location")).toBe("/login?redirectTo=%2Finbox");
    expect((await call(chatHome, "/chat")).headers.get("location")).toBe("/login?redirectTo=%2Fchat");
  });

  it("lists the player's messages with 5-word previews; opening one marks it read; another player's id is a 404", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const id = await sendTo(a.username);
    const { cookie } = await sessionFor(a);
    const list = await call(inbox, "/inbox", { cookie });
    const items = (list.data as { items: { id: number; preview: string; read: boolean }[] }).items;
    expect(items.find((m) => m.id === id)).toMatchObject({ preview: "Welcome to the site, enjoy…", read: false });
    const other = await call(message, `/inbox/${id}`, { cookie: (await sessionFor(b)).cookie, params: { id: String(id) } });
    expect(other.status).toBe(404);
    expect((await getInboxMessage(a.id, id))?.read).toBe(false);
    const page = await call(message, `/inbox/${id}`, { cookie, params: { id: String(id) } });
    expect(page.status).toBe(200);
    expect((await getInboxMessage(a.id, id))?.read).toBe(true);
  });

  it("edit mode: Read or Delete the selected messages (a form post answered by a redirect); others' ids change nothing", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const [m1, m2] = [await sendTo(a.username), await sendTo(a.username)];
    const mine = await sendTo(b.username);
    const { cookie } = await sessionFor(a);
    const body = new URLSearchParams([
      ["intent", "delete"],
      ["ids", String(m1)],
      ["ids", String(mine)],
    ]);
    const out = await call(inbox, "/inbox?page=1", { cookie, body, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/inbox?done=delete&count=1&page=1");
    expect(await getInboxMessage(a.id, m1)).toBeNull();
    expect(await getInboxMessage(b.id, mine)).not.toBeNull();
    const read = await call(inbox, "/inbox", { cookie, form: { intent: "read", ids: String(m2) } });
    expect(read.headers.get("location")).toContain("done=read&count=1");
    expect(await unreadCount(a.id)).toBe(0);
  });
});

describe("/api/inbox", () => {
  it("pages the player's messages with the spec's fields; another player's ids are 404 for read, show and delete", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const id = await sendTo(a.username);
    const tokenA = (await sessionFor(a)).token;
    const tokenB = (await sessionFor(b)).token;
    const list = await call(apiInbox, "/api/inbox?page=1", { token: tokenA });
    expect(list.data).toMatchObject({ success: true, data: { current_page: 1, last_page: 1 }, unread: 1 });
    expect((list.data as { data: { data: unknown[] } }).data.data[0]).toMatchObject({ id, title: "Hello there", is_read: 0 });
    expect((await call(apiInbox, "/api/inbox", { token: tokenB })).data).toMatchObject({ data: { data: [] } });
    expect((await call(apiInbox, "/api/inbox")).status).toBe(401);

    expect((await call(apiInboxId, `/api/inbox/${id}`, { token: tokenB, params: { id: String(id) } })).status).toBe(404);
    expect((await call(apiInboxRead, `/api/inbox/${id}/read`, { token: tokenB, method: "PATCH", params: { id: String(id) } })).status).toBe(404);
    expect((await call(apiInboxId, `/api/inbox/${id}`, { token: tokenB, method: "DELETE", params: { id: String(id) } })).status).toBe(404);
    expect((await call(apiInboxId, `/api/inbox/abc`, { token: tokenA, params: { id: "abc" } })).status).toBe(404);

    expect((await call(apiInboxId, `/api/inbox/${id}`, { token: tokenA, params: { id: String(id) } })).data).toMatchObject({
      data: { id, message: "Welcome to the site, enjoy your stay" },
    });
    expect((await call(apiInboxRead, `/api/inbox/${id}/read`, { token: tokenA, method: "PATCH", params: { id: String(id) } })).status).toBe(200);
    expect((await getInboxMessage(a.id, id))?.read).toBe(true);
    expect((await call(apiInboxId, `/api/inbox/${id}`, { token: tokenA, method: "POST", params: { id: String(id) } })).status).toBe(405);
    expect((await call(apiInboxId, `/api/inbox/${id}`, { token: tokenA, method: "DELETE", params: { id: String(id) } })).status).toBe(200);
    expect(await getInboxMessage(a.id, id)).toBeNull();
  });
});

describe("support chat pages and API", () => {
  it("a player's chat is theirs only: another player's chat id is a 404 on the page and the API", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const started = await call(chatHome, "/chat", { cookie: (await sessionFor(a)).cookie, form: {} });
    expect(started.status).toBe(302);
    const chatId = started.headers.get("location")!.split("/").at(-1)!;
    const cookieB = (await sessionFor(b)).cookie;
    expect((await call(chatBox, `/chat-box/${chatId}`, { cookie: cookieB, params: { chatId } })).status).toBe(404);
    expect((await call(chatBox, `/chat-box/${chatId}`, { cookie: cookieB, params: { chatId }, form: { content: "hi" } })).status).toBe(404);
    const tokenB = (await sessionFor(b)).token;
    expect((await call(apiChatMessages, `/api/chats/${chatId}/messages`, { token: tokenB, params: { chatId } })).status).toBe(404);
    expect((await call(apiMessages, "/api/messages", { token: tokenB, json: { chat_id: Number(chatId), sender_id: 1, content: "hi" } })).status).toBe(
      404,
    );
  });

  it("empty or whitespace-only messages are refused (page 400, API 422); a real one is posted and redirected", async () => {
    const p = await createPlayer();
    const chat = await openChat(p.id);
    const { cookie, token } = await sessionFor(p);
    const params = { chatId: String(chat.id) };
    const blank = await call(chatBox, `/chat-box/${chat.id}`, { cookie, params, form: { content: "   \n " } });
    expect(blank.status).toBe(400);
    expect(blank.data).toEqual({ error: "Please type a message." });
    const ok = await call(chatBox, `/chat-box/${chat.id}`, { cookie, params, form: { content: " Where is my deposit? " } });
    expect(ok.status).toBe(303);
    expect((await call(apiMessages, "/api/messages", { token, json: { chat_id: chat.id, sender_id: 1, content: "\t" } })).status).toBe(422);
    const posted = await call(apiMessages, "/api/messages", { token, json: { chat_id: chat.id, sender_id: 1, content: "Still waiting" } });
    expect(posted.status).toBe(201);
    expect(posted.data).toMatchObject({ data: { chat_id: chat.id, sender_id: p.id, content: "Still waiting" } });
    const history = await call(apiChatMessages, `/api/chats/${chat.id}/messages`, { token, params });
    expect((history.data as { messages: { content: string }[] }).messages.map((m) => m.content)).toEqual(["Where is my deposit?", "Still waiting"]);
  });

  it("POST /api/chats opens (or returns) the player's chat; /api/get-chats lists theirs with the last message", async () => {
    const p = await createPlayer();
    const { token } = await sessionFor(p);
    const first = await call(apiChats, "/api/chats", { token, json: { user_one_id: p.id, user_two_id: 1 } });
    const again = await call(apiChats, "/api/chats", { token, json: {} });
    const id = (first.data as { chat: { id: number } }).chat.id;
    expect((again.data as { chat: { id: number } }).chat.id).toBe(id);
    expect((await call(apiChats, "/api/chats", { token, json: { user_one_id: p.id + 1 } })).status).toBe(403);
    await sendPlayerMessage(p.id, id, "Hello support");
    await staffReply({ staffId: staff.id, chatId: id, content: "Hello player" });
    expect((await call(apiGetChats, "/api/get-chats", { token })).data).toEqual({
      chats: [expect.objectContaining({ id, chat_id: id, other_user: { id: 0, username: "Support" }, last_message: "Hello player", status: "open" })],
    });
  });
});

describe("back office", () => {
  it("support sends an inbox message to a list (audited); finance may not", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const form = { audience: "list", usernames: `${a.username}, ${b.username}`, title: "Weekend bonus", body: "Deposit this weekend for more" };
    const refused = await call(adminInbox, "/admin/support/inbox", { cookie: financeCookie, form });
    expect(refused.status).toBe(403);
    const out = await call(adminInbox, "/admin/support/inbox", { cookie: supportCookie, form });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/admin/support/inbox?sent=2");
    expect(await unreadCount(a.id)).toBe(1);
    const unknown = await call(adminInbox, "/admin/support/inbox", { cookie: supportCookie, form: { ...form, usernames: "ghost123" } });
    expect(unknown.status).toBe(400);
  });

  it("support replies in a conversation; a blank reply is refused", async () => {
    const p = await createPlayer();
    const chat = await openChat(p.id);
    const params = { chatId: String(chat.id) };
    expect((await call(adminChat, `/admin/support/chats/${chat.id}`, { cookie: supportCookie, params, form: { content: "  " } })).status).toBe(400);
    const ok = await call(adminChat, `/admin/support/chats/${chat.id}`, { cookie: supportCookie, params, form: { content: "How can I help?" } });
    expect(ok.status).toBe(303);
    const page = await call(adminChat, `/admin/support/chats/${chat.id}`, { cookie: supportCookie, params });
    expect((page.data as { messages: { content: string }[] }).messages.map((m) => m.content)).toEqual(["How can I help?"]);
    expect((await call(adminChat, `/admin/support/chats/${chat.id}`, { cookie: financeCookie, params })).status).toBe(403);
  });
});

describe("the one event stream", () => {
  it("carries balance, inbox and chat events for the player on one connection", async () => {
    const p = await createPlayer();
    const { cookie } = await sessionFor(p);
    const client = new AbortController();
    const out = await call(events, "/resources/events?inbox=1", { cookie, signal: client.signal });
    const reader = out.response!.body!.getReader();
    let text = "";
    const until = async (needle: string) => {
      const end = Date.now() + 5_000;
      while (!text.includes(needle)) {
        if (Date.now() > end) throw new Error(`no ${needle} in ${text}`);
        text += new TextDecoder().decode((await reader.read()).value);
      }
    };
    // The first balance and unread count come from two reads made at once: they arrive in either order.
    await until('event: inbox\ndata: {"unread":0}');
    await until("event: balance");
    await sendTo(p.username);
    await until('event: inbox\ndata: {"unread":1}');
    await sendInboxMessage({ staffId: staff.id, audience: "all", title: "All", body: "Everyone" });
    await until('event: inbox\ndata: {"unread":2}');
    const chat = await openChat(p.id);
    await staffReply({ staffId: staff.id, chatId: chat.id, content: "Hi" });
    await until("event: chat");
    await adjustBalance({
      staffId: staff.id,
      playerId: p.id,
      direction: "credit",
      amount: taka(50),
      reason: "t",
      ip: null,
      idempotencyKey: newKey(),
    });
    await until('"main":"50.00"');
    client.abort();
    await reader.cancel().catch(() => {});
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "carries the inbox, chat and balance notices another app instance publishes (LISTEN/NOTIFY)",
    async () => {
      const p = await createPlayer();
      await sendTo(p.username);
      const { cookie } = await sessionFor(p);
      await eventBusReady();
      const client = new AbortController();
      const out = await call(events, "/resources/events?inbox=1", { cookie, signal: client.signal });
      const reader = out.response!.body!.getReader();
      let text = "";
      const until = async (needle: string) => {
        const end = Date.now() + 10_000;
        while (!text.includes(needle)) {
          if (Date.now() > end) throw new Error(`no ${needle} in ${text}`);
          text += new TextDecoder().decode((await reader.read()).value);
        }
      };
      await until('event: inbox\ndata: {"unread":1}');
      // The other instance changed the state (the same database), then published; this instance only hears NOTIFY.
      await updateInboxOf(p.id);
      text = "";
      const notices: Notice[] = [
        { kind: "inbox", playerId: p.id },
        { kind: "chat", playerId: p.id },
        { kind: "balance", playerId: p.id },
      ];
      await promisify(execFile)(process.execPath, ["tests/support/bus-instance.ts", JSON.stringify(notices)], { env: process.env });
      await until('event: inbox\ndata: {"unread":0}');
      await until("event: chat");
      await until("event: balance");
      client.abort();
      await reader.cancel().catch(() => {});
    },
  );
});

/** Marks the player's messages read straight in the database, without publishing (as another instance would). */
async function updateInboxOf(playerId: number) {
  await db.execute(sql`update inbox_recipients set read_at = now() where player_id = ${playerId}`);
}
