// Support chat: a player's conversations with support and the staff console's queue.
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { publish } from "#app/modules/events/index.server.ts";
import { releaseHits, takeHits, players } from "#app/modules/players/index.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { staffUsers } from "#app/modules/staff/index.server.ts";
import { isId } from "#app/utils/ids.ts";
import { chatMessages, chats, type ChatStatus } from "./schema.ts";
import { CONTENT_MAX } from "./validation.ts";

export type ChatError = "empty" | "tooLong" | "notFound" | "closed" | "tooFast";

/** A player may send this many chat messages a minute (a flood guard; support reads every one). */
export const PLAYER_MESSAGES_PER_MINUTE = 20;
export type ChatResult<T> = { ok: true; value: T } | { ok: false; error: ChatError };

/** The server's own check of a message: trimmed, not empty, at most CONTENT_MAX characters. */
function cleanContent(content: unknown): ChatResult<string> {
  const text = typeof content === "string" ? content.trim() : "";
  if (!text) return { ok: false, error: "empty" };
  if (text.length > CONTENT_MAX) return { ok: false, error: "tooLong" };
  return { ok: true, value: text };
}

function notify(playerId: number) {
  return Promise.all([publish({ kind: "chat", playerId }), publish({ kind: "staffChat" })]);
}

/** The player's open conversation, made when there is none (two tabs at once still get one: the unique index). */
export async function openChat(playerId: number) {
  const [made] = await db.insert(chats).values({ playerId }).onConflictDoNothing().returning();
  if (made) await notify(playerId);
  const [open] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.playerId, playerId), eq(chats.status, "open")));
  return open!;
}

// Qualified by hand: inside a one-table select Drizzle leaves ${chats.id} unqualified, and "id" would mean m.id.
const lastMessage = sql<string | null>`(select m.content from chat_messages m where m.chat_id = "chats"."id" order by m.id desc limit 1)`;

/** The player's conversations, latest activity first, each with its last message. */
export async function listPlayerChats(playerId: number) {
  return db
    .select({ id: chats.id, status: chats.status, createdAt: chats.createdAt, lastMessageAt: chats.lastMessageAt, lastMessage })
    .from(chats)
    .where(eq(chats.playerId, playerId))
    .orderBy(desc(chats.lastMessageAt), desc(chats.id))
    .limit(50);
}

/** One of the player's own conversations, or null (another player's or unknown). */
export async function getPlayerChat(playerId: number, chatId: number) {
  if (!isId(chatId)) return null;
  const [chat] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.playerId, playerId)));
  return chat ?? null;
}

export type ChatMessage = { id: number; chatId: number; sender: "player" | "staff"; staffName: string | null; content: string; createdAt: Date };

/** A conversation's messages, oldest first; the latest `limit` (history is kept, the page shows the recent part). */
export async function listMessages(chatId: number, { limit = 200 }: { limit?: number } = {}): Promise<ChatMessage[]> {
  const rows = await db
    .select({
      id: chatMessages.id,
      chatId: chatMessages.chatId,
      sender: chatMessages.sender,
      staffName: staffUsers.name,
      content: chatMessages.content,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .leftJoin(staffUsers, eq(staffUsers.id, chatMessages.staffId))
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** Messages after `afterId` (the live view's catch-up read). */
export async function messagesAfter(chatId: number, afterId: number) {
  return db
    .select({ id: chatMessages.id, sender: chatMessages.sender, content: chatMessages.content, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), gt(chatMessages.id, afterId)))
    .orderBy(asc(chatMessages.id))
    .limit(200);
}

/** The player writes in their own open conversation. */
export async function sendPlayerMessage(
  playerId: number,
  chatId: number,
  content: unknown,
): Promise<ChatResult<{ id: number; chatId: number; content: string; createdAt: Date }>> {
  const text = cleanContent(content);
  if (!text.ok) return text;
  const chat = await getPlayerChat(playerId, chatId);
  if (!chat) return { ok: false, error: "notFound" };
  const taken = await takeHits([{ key: `chat-message:player:${playerId}`, max: PLAYER_MESSAGES_PER_MINUTE, windowMinutes: 1 }]);
  if (!taken.ok) return { ok: false, error: "tooFast" };
  const id = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: chats.status }).from(chats).where(eq(chats.id, chat.id)).for("update");
    if (locked?.status !== "open") return null;
    const [row] = await tx
      .insert(chatMessages)
      .values({ chatId: chat.id, sender: "player", content: text.value })
      .returning({ id: chatMessages.id, chatId: chatMessages.chatId, content: chatMessages.content, createdAt: chatMessages.createdAt });
    await tx.update(chats).set({ lastMessageAt: row!.createdAt }).where(eq(chats.id, chat.id));
    return row!;
  });
  if (id === null) {
    await releaseHits(taken.ids);
    return { ok: false, error: "closed" };
  }
  await notify(playerId);
  return { ok: true, value: id };
}

// ---- Staff console (role support or admin) ----

export type QueueFilter = "open" | "mine" | "closed";

/** Open conversations waiting longest first (unassigned before taken), or the staff member's own, or closed ones. */
export async function listQueue(staffId: number, filter: QueueFilter = "open") {
  const where =
    filter === "closed"
      ? eq(chats.status, "closed")
      : filter === "mine"
        ? and(eq(chats.status, "open"), eq(chats.assignedTo, staffId))
        : eq(chats.status, "open");
  return db
    .select({
      id: chats.id,
      playerId: chats.playerId,
      username: players.username,
      status: chats.status,
      assignedTo: chats.assignedTo,
      assignee: staffUsers.username,
      lastMessageAt: chats.lastMessageAt,
      lastMessage,
    })
    .from(chats)
    .innerJoin(players, eq(players.id, chats.playerId))
    .leftJoin(staffUsers, eq(staffUsers.id, chats.assignedTo))
    .where(where)
    .orderBy(filter === "closed" ? desc(chats.lastMessageAt) : sql`${chats.assignedTo} is not null`, asc(chats.lastMessageAt))
    .limit(100);
}

export async function getChatForStaff(chatId: number) {
  if (!isId(chatId)) return null;
  const [chat] = await db
    .select({
      id: chats.id,
      playerId: chats.playerId,
      username: players.username,
      status: chats.status,
      assignedTo: chats.assignedTo,
      assignee: staffUsers.username,
    })
    .from(chats)
    .innerJoin(players, eq(players.id, chats.playerId))
    .leftJoin(staffUsers, eq(staffUsers.id, chats.assignedTo))
    .where(eq(chats.id, chatId));
  return chat ?? null;
}

/** Take (assignee = self) or assign to another support/admin member; audited. */
export async function assignChat(input: { staffId: number; chatId: number; to: number; ip?: string | null }): Promise<ChatResult<null>> {
  if (!isId(input.chatId)) return { ok: false, error: "notFound" };
  const playerId = await db.transaction(async (tx) => {
    const [chat] = await tx.select().from(chats).where(eq(chats.id, input.chatId)).for("update");
    if (!chat) return "notFound" as const;
    if (chat.status !== "open") return "closed" as const;
    const [target] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.id, input.to), eq(staffUsers.active, true), sql`${staffUsers.role} in ('support', 'admin')`));
    if (!target) return "notFound" as const;
    await tx.update(chats).set({ assignedTo: target.id }).where(eq(chats.id, chat.id));
    await audit(tx, {
      staffId: input.staffId,
      action: input.to === input.staffId ? "chat.take" : "chat.assign",
      entity: "chat",
      entityId: chat.id,
      before: { assignedTo: chat.assignedTo },
      after: { assignedTo: target.id },
      ip: input.ip ?? null,
    });
    return chat.playerId;
  });
  if (typeof playerId === "string") return { ok: false, error: playerId };
  await publish({ kind: "staffChat" });
  return { ok: true, value: null };
}

/** A staff reply; an unassigned conversation becomes the replier's. */
export async function staffReply(input: { staffId: number; chatId: number; content: unknown }): Promise<ChatResult<{ id: number }>> {
  const text = cleanContent(input.content);
  if (!text.ok) return text;
  if (!isId(input.chatId)) return { ok: false, error: "notFound" };
  const result = await db.transaction(async (tx) => {
    const [chat] = await tx.select().from(chats).where(eq(chats.id, input.chatId)).for("update");
    if (!chat) return "notFound" as const;
    if (chat.status !== "open") return "closed" as const;
    const [row] = await tx
      .insert(chatMessages)
      .values({ chatId: chat.id, sender: "staff", staffId: input.staffId, content: text.value })
      .returning({ id: chatMessages.id });
    await tx
      .update(chats)
      .set({ lastMessageAt: new Date(), assignedTo: chat.assignedTo ?? input.staffId })
      .where(eq(chats.id, chat.id));
    return { id: row!.id, playerId: chat.playerId };
  });
  if (typeof result === "string") return { ok: false, error: result };
  await notify(result.playerId);
  return { ok: true, value: { id: result.id } };
}

/** Closes a conversation (history kept; the player can open a new one); audited. */
export async function closeChat(input: { staffId: number; chatId: number; ip?: string | null }): Promise<ChatResult<null>> {
  if (!isId(input.chatId)) return { ok: false, error: "notFound" };
  const result = await db.transaction(async (tx) => {
    const [chat] = await tx.select().from(chats).where(eq(chats.id, input.chatId)).for("update");
    if (!chat) return "notFound" as const;
    if (chat.status !== "open") return "closed" as const;
    await tx
      .update(chats)
      .set({ status: "closed" satisfies ChatStatus, closedAt: new Date() })
      .where(eq(chats.id, chat.id));
    await audit(tx, {
      staffId: input.staffId,
      action: "chat.close",
      entity: "chat",
      entityId: chat.id,
      before: { status: "open" },
      after: { status: "closed" },
      ip: input.ip ?? null,
    });
    return chat.playerId;
  });
  if (typeof result === "string") return { ok: false, error: result };
  await notify(result);
  return { ok: true, value: null };
}

/** Support and admin staff who may take conversations (the assign menu). */
export async function listSupportStaff() {
  return db
    .select({ id: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .where(and(eq(staffUsers.active, true), sql`${staffUsers.role} in ('support', 'admin')`))
    .orderBy(asc(staffUsers.username));
}
