import { translate } from "#app/i18n/translate.server.ts";
import { useRefresh } from "#app/components/use-refresh.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { usePlayerEvent } from "#app/components/live/player-events.ts";
import { listPlayerChats } from "#app/modules/chat/index.server.ts";
import { preview } from "#app/modules/inbox/index.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/chat-list";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const chats = await listPlayerChats(player.id);
  return {
    title: translate(context, "chat.list"),
    layout: layoutFor(request.headers.get("user-agent")),
    chats: chats.map((c) => ({
      id: c.id,
      status: c.status,
      last: c.lastMessage ? preview(c.lastMessage, 12) : null,
      time: formatDhakaDateTime(c.lastMessageAt),
    })),
  };
}

export default function ChatList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  usePlayerEvent("chat", refresh);
  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="chat-list">
        <div className="mb-3 flex items-center justify-between">
          <h1 className="text-xl font-bold">{t("chat.list")}</h1>
          <a href="/chat" className="btn-secondary text-sm">
            {t("chat.title")}
          </a>
        </div>
        {loaderData.chats.length === 0 ? (
          <p className="rounded-xl bg-panel p-6 text-center text-white/60">{t("chat.empty")}</p>
        ) : (
          <ul className="rounded-xl bg-panel">
            {loaderData.chats.map((c) => (
              <li key={c.id} className="border-b border-white/5 last:border-0">
                <a href={`/chat-box/${c.id}`} className="block px-3 py-3 hover:bg-white/5" data-testid="chat-list-item">
                  <span className="flex justify-between gap-2">
                    <span className="font-semibold">{t("chat.conversation", { id: c.id })}</span>
                    <span className={`text-xs ${c.status === "open" ? "text-green-400" : "text-white/50"}`}>{t(`chat.status.${c.status}`)}</span>
                  </span>
                  <span className="block truncate text-sm text-white/60">{c.last ?? t("chat.noMessages")}</span>
                  <span className="block text-xs tabular-nums text-white/40">{c.time}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </main>
    </AccountFrame>
  );
}
