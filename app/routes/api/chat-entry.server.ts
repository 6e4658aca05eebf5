import type { ChatMessage } from "#app/modules/chat/index.server.ts";

/** The other side of every player's chat: support (the spec's fixed support user). */
export const SUPPORT_USER = { id: 0, username: "Support" } as const;

/** A chat message with the spec's fields (chat_id, sender_id, content); staff messages carry the support user's id. */
export function chatMessageEntry(m: Pick<ChatMessage, "id" | "chatId" | "sender" | "content" | "createdAt">, playerId: number) {
  return {
    id: m.id,
    chat_id: m.chatId,
    sender_id: m.sender === "player" ? playerId : SUPPORT_USER.id,
    sender: m.sender === "player" ? "player" : "support",
    content: m.content,
    created_at: m.createdAt.toISOString(),
  };
}
