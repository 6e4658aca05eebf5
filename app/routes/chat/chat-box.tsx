import { translate, translator } from "#app/i18n/translate.server.ts";
import { useRefresh } from "#app/components/use-refresh.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, redirect } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { ChatForm, ChatMessages } from "#app/components/chat/ChatThread.tsx";
import { usePlayerEvent } from "#app/components/live/player-events.ts";
import { getPlayerChat, listMessages, sendPlayerMessage } from "#app/modules/chat/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/chat-box";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const chatIdOf = (raw: string) => (/^\d{1,10}$/.test(raw) ? Number(raw) : 0);

/** One of the player's own conversations; another player's id or an unknown one is a 404. */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const chat = await getPlayerChat(player.id, chatIdOf(params.chatId));
  if (!chat) throw data(null, { status: 404 });
  const t = translator(context);
  const messages = await listMessages(chat.id);
  return {
    title: t("chat.title"),
    layout: layoutFor(request.headers.get("user-agent")),
    chat: { id: chat.id, status: chat.status },
    messages: messages.map((m) => ({
      id: m.id,
      mine: m.sender === "player",
      // Staff replies are signed Support, as the chat API's other_user is: a staff account's name (the seeded admin's
      // is "Administrator") is the back office's, not the player's.
      author: m.sender === "player" ? t("chat.you") : t("chat.support"),
      content: m.content,
      time: formatDhaka(m.createdAt, "HH:mm"),
    })),
  };
}

/** The player's message: refused (400, with the text kept) when empty or whitespace-only; otherwise post and redirect. */
export async function action({ request, context, params, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const form = await request.formData();
  const result = await sendPlayerMessage(player.id, chatIdOf(params.chatId), form.get("content"));
  if (result.ok) return redirect(`/chat-box/${params.chatId}`, 303);
  if (result.error === "notFound") throw data(null, { status: 404 });
  return data(
    { error: translate(context, `chat.errors.${result.error}`) },
    { status: result.error === "closed" ? 409 : result.error === "tooFast" ? 429 : 400 },
  );
}

export default function ChatBox({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { chat, messages } = loaderData;
  const refresh = useRefresh();
  usePlayerEvent("chat", refresh);
  const action = `/chat-box/${chat.id}`;
  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="chat-box">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h1 className="text-xl font-bold">{t("chat.title")}</h1>
          <a href="/chat-list" className="text-sm text-brand">
            {t("chat.back")}
          </a>
        </div>
        <section className="rounded-xl bg-panel" aria-label={t("chat.conversation", { id: chat.id })}>
          <ChatMessages messages={messages} empty={t("chat.noMessages")} />
          {chat.status === "open" ? (
            <ChatForm
              action={action}
              error={actionData?.error ?? null}
              label={t("chat.message")}
              sendLabel={t("chat.send")}
              sendingLabel={t("chat.sending")}
              emptyMessage={t("chat.errors.empty")}
              placeholder={t("chat.placeholder")}
            />
          ) : (
            <div className="border-t border-white/10 p-3 text-sm text-white/70" data-testid="chat-closed">
              <p className="mb-2">{t("chat.closedNote")}</p>
              <a href="/chat" className="btn-primary inline-block">
                {t("chat.start")}
              </a>
            </div>
          )}
        </section>
      </main>
    </AccountFrame>
  );
}
