import { useTranslation } from "#app/i18n/use-translation.ts";
import { data } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { getInboxMessage, updateInbox } from "#app/modules/inbox/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { inboxView } from "./view.server.ts";
import type { Route } from "./+types/message";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.message.title }] : []);

/**
 * One message in full (the modal's page without JavaScript). Opening it marks it read, as the spec's tap does: the
 * one state change on a GET here, harmless and idempotent (a forged link can only mark the player's own message read).
 * Another player's message, a deleted one or an unknown id is a 404.
 */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : 0;
  const item = await getInboxMessage(player.id, id);
  if (!item) throw data(null, { status: 404 });
  if (!item.read) await updateInbox(player.id, [item.id], "read");
  return { layout: layoutFor(request.headers.get("user-agent")), message: inboxView(context, item) };
}

export default function InboxMessage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { message } = loaderData;
  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="inbox-message-page">
        <a href="/inbox" className="mb-3 inline-block text-sm text-brand">
          ← {t("inbox.back")}
        </a>
        <article className="rounded-xl bg-panel p-4">
          <h1 className="mb-1 text-lg font-bold" data-testid="inbox-message-title">
            {message.title}
          </h1>
          <p className="mb-3 text-xs tabular-nums text-white/50">
            {t("inbox.received")}: {message.time}
          </p>
          <p className="whitespace-pre-wrap break-words text-sm" data-testid="inbox-message-body">
            {message.body}
          </p>
        </article>
      </main>
    </AccountFrame>
  );
}
