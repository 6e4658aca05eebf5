import type { RouterContextProvider } from "react-router";
import { getInstance } from "#app/i18n/i18n.server.ts";
import type { InboxItem } from "#app/modules/inbox/inbox.server.ts";
import { preview } from "#app/modules/inbox/validation.ts";
import { formatDhaka } from "#app/utils/time.ts";

export type InboxView = { id: number; title: string; body: string; preview: string; time: string; read: boolean };

/** A message as the page shows it: system notices in the player's language, the 5-word preview, Dhaka time. */
export function inboxView(context: Readonly<RouterContextProvider>, item: InboxItem): InboxView {
  const t = getInstance(context).t as unknown as (key: string, params?: Record<string, string>) => string;
  const title = item.template ? t(`inbox.system.${item.template}.title`) : item.title;
  const body = item.template
    ? t(`inbox.system.${item.template}.body`, { ...item.params, interpolation: { escapeValue: false } } as never)
    : item.body;
  return { id: item.id, title, body, preview: preview(body), time: formatDhaka(item.createdAt, "YYYY-MM-DD HH:mm"), read: item.read };
}
