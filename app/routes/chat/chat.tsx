import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, redirect } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { listPlayerChats, openChat } from "#app/modules/chat/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import type { Route } from "./+types/chat";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const chats = await listPlayerChats(player.id);
  return {
    title: translate(context, "chat.title"),
    layout: layoutFor(request.headers.get("user-agent")),
    openChatId: chats.find((c) => c.status === "open")?.id ?? null,
    hasHistory: chats.length > 0,
  };
}

/** Start a chat: the player's open conversation (made when there is none), then its page. */
export async function action({ context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const chat = await openChat(player.id);
  return redirect(`/chat-box/${chat.id}`);
}

export default function ChatHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { openChatId, hasHistory } = loaderData;
  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="chat-home">
        <h1 className="mb-3 text-xl font-bold">{t("chat.title")}</h1>
        <section className="rounded-xl bg-panel p-4">
          <p className="mb-4 text-sm text-white/80">{t("chat.intro")}</p>
          {openChatId ? (
            <a href={`/chat-box/${openChatId}`} className="btn-primary block w-full text-center" data-testid="chat-continue">
              {t("chat.continue")}
            </a>
          ) : (
            <Form method="post" action="/chat">
              <SubmitButton label={t("chat.start")} pendingLabel={t("chat.sending")} />
            </Form>
          )}
        </section>
        {hasHistory ? (
          <a href="/chat-list" className="mt-3 inline-block text-sm text-brand" data-testid="chat-list-link">
            {t("chat.list")}
          </a>
        ) : null}
      </main>
    </AccountFrame>
  );
}
