import { translate, translator } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { Notice } from "#app/components/admin/AdminField.tsx";
import { ChatForm, ChatMessages } from "#app/components/chat/ChatThread.tsx";
import { useStaffChatRefresh } from "#app/components/chat/staff-chat-events.ts";
import { assignChat, closeChat, getChatForStaff, listMessages, listSupportStaff, staffReply } from "#app/modules/chat/index.server.ts";
import { toId } from "#app/modules/payments/index.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { takaText } from "#app/kernel/money.ts";
import { SupportPlayerPanel, type SupportPlayer } from "#app/components/admin/players/SupportPlayerPanel.tsx";
import { getPlayerBalances } from "#app/modules/ledger/index.server.ts";
import { listTransactions } from "#app/modules/payments/index.server.ts";
import { playerVip } from "#app/modules/profile/index.server.ts";
import { limitOverview } from "#app/modules/protection/index.server.ts";
import { getLocale } from "#app/i18n/i18n.server.ts";
import type { Route } from "./+types/chat";

/** The panel beside the chat: only the chat's own player, read through each module's front door. */
async function supportPlayer(id: number, username: string, locale: string): Promise<SupportPlayer> {
  const [balances, vip, last, open, limits] = await Promise.all([
    getPlayerBalances(id),
    playerVip(id, locale),
    listTransactions(id, { range: "all", page: 1, pageSize: 10 }),
    listTransactions(id, { range: "all", status: "pending", page: 1, pageSize: 10 }),
    limitOverview(id),
  ]);
  return {
    id,
    username,
    main: takaText(balances.main.available),
    bonus: takaText(balances.bonus.available),
    vip: vip.level,
    payments: last.items.slice(0, 5).map((x) => ({
      id: x.id,
      type: x.type,
      status: x.cancelled ? "cancelled" : x.status,
      amount: takaText(x.amount),
      time: formatDhaka(x.createdAt, "MM-DD HH:mm"),
    })),
    open: open.items
      .filter((x) => x.type === "deposit" || x.type === "withdraw")
      .map((x) => ({ id: x.id, type: x.type, amount: takaText(x.amount), time: formatDhaka(x.createdAt, "MM-DD HH:mm") })),
    limits: limits
      .filter((l) => l.amount !== null)
      .map((l) => ({ kind: l.kind, period: l.period, amount: l.kind === "session" ? `${l.amount} min` : takaText(l.amount!) })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const done = ["taken", "assigned", "closed"] as const;

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const auth = await requireStaff(request, pageRoles.support);
  const chat = await getChatForStaff(toId(params.chatId) ?? 0);
  if (!chat) throw data(null, { status: 404 });
  const t = translator(context);
  const [messages, staff, player] = await Promise.all([
    listMessages(chat.id),
    listSupportStaff(),
    supportPlayer(chat.playerId, chat.username, String(getLocale(context))),
  ]);
  const notice = url.searchParams.get("done");
  return {
    title: `${t("chat.admin.title")} · ${chat.username}`,
    chat: { ...chat, mine: chat.assignedTo === auth.staff.id },
    player,
    i18n: areaBundle(context, "adminPlayers"),
    me: auth.staff.id,
    staff,
    notice: (done as readonly string[]).includes(notice ?? "") ? (notice as (typeof done)[number]) : null,
    messages: messages.map((m) => ({
      id: m.id,
      mine: m.sender === "staff",
      author: m.sender === "player" ? chat.username : m.staffName || t("chat.support"),
      content: m.content,
      time: formatDhaka(m.createdAt, "MM-DD HH:mm"),
    })),
  };
}

/** reply, take, assign (to another support member) or close; each is a plain form post answered by a redirect. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const auth = await requireStaff(request, pageRoles.support);
  const chatId = toId(params.chatId) ?? 0;
  const form = await request.formData();
  const intent = form.get("intent") ?? "reply";
  const ip = clientIp(request);
  const base = `/admin/support/chats/${chatId}`;
  const result =
    intent === "take"
      ? await assignChat({ staffId: auth.staff.id, chatId, to: auth.staff.id, ip })
      : intent === "assign"
        ? await assignChat({ staffId: auth.staff.id, chatId, to: toId(form.get("to")) ?? 0, ip })
        : intent === "close"
          ? await closeChat({ staffId: auth.staff.id, chatId, ip })
          : await staffReply({ staffId: auth.staff.id, chatId, content: form.get("content") });
  if (result.ok) {
    const notice = intent === "take" ? "taken" : intent === "assign" ? "assigned" : intent === "close" ? "closed" : null;
    return redirect(notice ? `${base}?done=${notice}` : base, 303);
  }
  if (result.error === "notFound" && intent !== "assign") throw data(null, { status: 404 });
  return data({ error: translate(context, `chat.errors.${result.error}`) }, { status: result.error === "closed" ? 409 : 400 });
}

export default function StaffChat({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  useStaffChatRefresh();
  const { chat, messages, staff, notice } = loaderData;
  const action = `/admin/support/chats/${chat.id}`;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,48rem)_18rem]">
      <section className="min-w-0" data-testid="staff-chat">
        <a href="/admin/support/chats" className="mb-2 inline-block text-sm text-brand">
          ← {t("chat.admin.back")}
        </a>
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-bold">
            {t("chat.conversation", { id: chat.id })} · {chat.username}
          </h1>
          <span className={`rounded px-2 py-0.5 text-xs ${chat.status === "open" ? "bg-green-700" : "bg-white/10"}`}>
            {t(`chat.status.${chat.status}`)}
          </span>
          <span className="text-sm text-white/60" data-testid="staff-chat-assignee">
            {t("chat.admin.assignee")}: {chat.assignee ?? t("chat.admin.unassigned")}
          </span>
        </div>
        {notice ? <Notice>{t(`chat.admin.${notice}`)}</Notice> : null}
        {chat.status === "open" ? (
          <div className="mb-3 flex flex-wrap items-end gap-2">
            {!chat.mine ? (
              <Form method="post" action={action}>
                <button type="submit" name="intent" value="take" className="btn-primary !py-1.5 text-sm" data-testid="staff-chat-take">
                  {t("chat.admin.take")}
                </button>
              </Form>
            ) : null}
            <Form method="post" action={action} className="flex items-end gap-1">
              <input type="hidden" name="intent" value="assign" />
              <label className="text-sm">
                <span className="block text-xs text-white/60">{t("chat.admin.assignTo")}</span>
                <select name="to" className="rounded border border-white/15 bg-ink px-2 py-1.5" defaultValue={chat.assignedTo ?? ""}>
                  {staff.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.username}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="btn-secondary !py-1.5 text-sm">
                {t("chat.admin.assign")}
              </button>
            </Form>
            <Form method="post" action={action} className="ml-auto">
              <button type="submit" name="intent" value="close" className="btn-secondary !py-1.5 text-sm" data-testid="staff-chat-close">
                {t("chat.admin.close")}
              </button>
            </Form>
          </div>
        ) : null}
        <div className="rounded-xl bg-panel">
          <ChatMessages messages={messages} empty={t("chat.noMessages")} />
          {chat.status === "open" ? (
            <ChatForm
              action={action}
              error={actionData?.error ?? null}
              label={t("chat.admin.reply")}
              sendLabel={t("chat.admin.reply")}
              sendingLabel={t("chat.sending")}
              emptyMessage={t("chat.errors.empty")}
              placeholder={t("chat.placeholder")}
            />
          ) : null}
        </div>
      </section>
      <SupportPlayerPanel player={loaderData.player} />
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
