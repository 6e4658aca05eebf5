import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { stopEventBus, subscribePlayer, subscribeStaffChat, type Notice } from "#app/modules/events/bus.server.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import { staffUsers } from "#app/modules/staff/schema.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import {
  assignChat,
  closeChat,
  getChatForStaff,
  getPlayerChat,
  listMessages,
  listPlayerChats,
  listQueue,
  openChat,
  PLAYER_MESSAGES_PER_MINUTE,
  sendPlayerMessage,
  staffReply,
} from "./chat.server.ts";

let support: { id: number };
let other: { id: number };

beforeAll(async () => {
  support = (
    await db
      .insert(staffUsers)
      .values({ username: `sup${process.pid}`, passwordHash: "x", role: "support" })
      .returning()
  )[0]!;
  other = (
    await db
      .insert(staffUsers)
      .values({ username: `sup2${process.pid}`, passwordHash: "x", role: "support" })
      .returning()
  )[0]!;
});

afterAll(async () => {
  await stopEventBus();
  await closeIdleConnections();
});

describe("support chat", () => {
  it("one open conversation per player, even when opened many times at once", async () => {
    const p = await createPlayer();
    const opened = await Promise.all(Array.from({ length: 20 }, () => openChat(p.id)));
    expect(new Set(opened.map((c) => c.id)).size).toBe(1);
    expect(await listPlayerChats(p.id)).toHaveLength(1);
  });

  it("refuses empty and whitespace-only messages on the server", async () => {
    const p = await createPlayer();
    const chat = await openChat(p.id);
    expect(await sendPlayerMessage(p.id, chat.id, "")).toEqual({ ok: false, error: "empty" });
    expect(await sendPlayerMessage(p.id, chat.id, "  \n\t ")).toEqual({ ok: false, error: "empty" });
    expect(await sendPlayerMessage(p.id, chat.id, 42)).toEqual({ ok: false, error: "empty" });
    expect(await staffReply({ staffId: support.id, chatId: chat.id, content: "   " })).toEqual({ ok: false, error: "empty" });
    expect(await sendPlayerMessage(p.id, chat.id, "x".repeat(2_001))).toEqual({ ok: false, error: "tooLong" });
    expect(await listMessages(chat.id)).toEqual([]);
  });

  it("a conversation belongs to its player only", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const chat = await openChat(a.id);
    expect(await getPlayerChat(b.id, chat.id)).toBeNull();
    expect(await sendPlayerMessage(b.id, chat.id, "hello")).toEqual({ ok: false, error: "notFound" });
    expect(await listPlayerChats(b.id)).toEqual([]);
  });

  it("messages go both ways, trimmed, in order, with notices to the player's stream and the staff console", async () => {
    const p = await createPlayer();
    const chat = await openChat(p.id);
    const playerSeen: Notice[] = [];
    let staffSeen = 0;
    const off = subscribePlayer(p.id, (n) => playerSeen.push(n));
    const offStaff = subscribeStaffChat(() => staffSeen++);
    expect(await sendPlayerMessage(p.id, chat.id, "  My deposit is late  ")).toMatchObject({ ok: true });
    expect(staffSeen).toBe(1);
    expect((await listQueue(support.id, "open")).map((c) => c.id)).toContain(chat.id);
    expect(await staffReply({ staffId: support.id, chatId: chat.id, content: "Checking now" })).toMatchObject({ ok: true });
    expect(playerSeen.filter((n) => n.kind === "chat")).toHaveLength(2);
    expect((await listMessages(chat.id)).map((m) => [m.sender, m.content])).toEqual([
      ["player", "My deposit is late"],
      ["staff", "Checking now"],
    ]);
    // The replier took the unassigned conversation.
    expect((await getChatForStaff(chat.id))?.assignedTo).toBe(support.id);
    expect((await listPlayerChats(p.id))[0]?.lastMessage).toBe("Checking now");
    off();
    offStaff();
  });

  it("take, assign and close are audited; a closed conversation takes no more messages and a new one can be opened", async () => {
    const p = await createPlayer();
    const chat = await openChat(p.id);
    expect(await assignChat({ staffId: support.id, chatId: chat.id, to: support.id })).toEqual({ ok: true, value: null });
    expect((await listQueue(support.id, "mine")).map((c) => c.id)).toContain(chat.id);
    expect(await assignChat({ staffId: support.id, chatId: chat.id, to: other.id })).toEqual({ ok: true, value: null });
    expect(await assignChat({ staffId: support.id, chatId: chat.id, to: 999_999 })).toEqual({ ok: false, error: "notFound" });
    expect(await closeChat({ staffId: other.id, chatId: chat.id })).toEqual({ ok: true, value: null });
    expect(await sendPlayerMessage(p.id, chat.id, "hello?")).toEqual({ ok: false, error: "closed" });
    expect(await staffReply({ staffId: support.id, chatId: chat.id, content: "hi" })).toEqual({ ok: false, error: "closed" });
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(chat.id)));
    expect(actions.map((a) => a.action).sort()).toEqual(["chat.assign", "chat.close", "chat.take"]);
    const next = await openChat(p.id);
    expect(next.id).not.toBe(chat.id);
    expect(await listPlayerChats(p.id)).toHaveLength(2);
  });

  it("lets at most 20 messages a minute through for one player, also when 50 are sent at once", async () => {
    const p = await createPlayer();
    const chat = await openChat(p.id);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => sendPlayerMessage(p.id, chat.id, `message ${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(PLAYER_MESSAGES_PER_MINUTE);
    expect(results.filter((r) => !r.ok && r.error === "tooFast")).toHaveLength(50 - PLAYER_MESSAGES_PER_MINUTE);
    expect(await listMessages(chat.id)).toHaveLength(PLAYER_MESSAGES_PER_MINUTE);
    // Another player is not held back.
    const other = await createPlayer();
    expect(await sendPlayerMessage(other.id, (await openChat(other.id)).id, "hello")).toMatchObject({ ok: true });
  });
});
