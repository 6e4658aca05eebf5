import type { InboxItem } from "#app/modules/inbox/index.server.ts";

/** An inbox message with the spec's fields (id, title, message, created_at, is_read); the API answers in English. */
export function inboxEntry(m: InboxItem) {
  return { id: m.id, title: m.title, message: m.body, created_at: m.createdAt.toISOString(), is_read: m.read ? 1 : 0 };
}
