import type { MessageKey } from "#app/i18n/message.ts";
import { translator } from "#app/i18n/translate.server.ts";
import type { RouterContextProvider } from "react-router";
import type { InboxItem } from "#app/modules/inbox/index.server.ts";
import { preview } from "#app/modules/inbox/index.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";

export type InboxView = { id: number; title: string; body: string; preview: string; time: string; read: boolean };

/** A message as the page shows it: system notices in the player's language, the 5-word preview, Dhaka time. */
export function inboxView(context: Readonly<RouterContextProvider>, item: InboxItem): InboxView {
  const t = translator(context);
  const title = item.template ? t(`inbox.system.${item.template}.title` as MessageKey) : item.title;
  const body = item.template ? t(`inbox.system.${item.template}.body` as MessageKey, item.params ?? undefined) : item.body;
  return { id: item.id, title, body, preview: preview(body), time: formatDhakaDateTime(item.createdAt), read: item.read };
}
