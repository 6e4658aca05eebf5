import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { NavLink } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { useStaffChatRefresh } from "#app/components/chat/staff-chat-events.ts";
import { listQueue, type QueueFilter } from "#app/modules/chat/index.server.ts";
import { preview } from "#app/modules/inbox/index.ts";
import { requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/chats";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const tabs = ["open", "mine", "closed"] as const satisfies readonly QueueFilter[];

/** The support queue: open conversations (waiting ones first, then the longest waiting), mine, or closed. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const auth = await requireStaff(request, pageRoles.support);
  const raw = url.searchParams.get("tab");
  const tab: QueueFilter = (tabs as readonly string[]).includes(raw ?? "") ? (raw as QueueFilter) : "open";
  const rows = await listQueue(auth.staff.id, tab);
  return {
    title: translate(context, "chat.admin.title"),
    tab,
    rows: rows.map((r) => ({
      id: r.id,
      username: r.username,
      status: r.status,
      assignee: r.assignee,
      mine: r.assignedTo === auth.staff.id,
      last: r.lastMessage ? preview(r.lastMessage, 12) : "",
      time: formatDhakaDateTime(r.lastMessageAt),
    })),
  };
}

export default function ChatQueue({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useStaffChatRefresh();
  const { tab, rows } = loaderData;
  return (
    <section data-testid="chat-console">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-bold">{t("chat.admin.title")}</h1>
        <nav className="flex gap-1 text-sm">
          {tabs.map((k) => (
            <NavLink
              key={k}
              to={`/admin/support/chats?tab=${k}`}
              className={`rounded px-3 py-1.5 ${k === tab ? "bg-white/10 font-bold text-brand" : "text-white/80 hover:bg-white/5"}`}
            >
              {t(`chat.admin.tabs.${k}`)}
            </NavLink>
          ))}
        </nav>
        <a href={`/admin/support/chats?tab=${tab}`} className="btn-secondary ml-auto !py-1 text-sm">
          {t("chat.admin.refresh")}
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-xl bg-panel p-6 text-center text-white/60">{t("chat.admin.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl bg-panel">
          <table className="w-full text-sm">
            <thead className="text-left text-white/60">
              <tr>
                <th className="p-2">#</th>
                <th className="p-2">{t("chat.admin.player")}</th>
                <th className="p-2">{t("chat.admin.lastMessage")}</th>
                <th className="p-2">{t("chat.admin.lastActivity")}</th>
                <th className="p-2">{t("chat.admin.assignee")}</th>
                <th className="p-2" />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-white/5" data-testid="chat-queue-row">
                  <td className="p-2 tabular-nums">{r.id}</td>
                  <td className="p-2 font-semibold">{r.username}</td>
                  <td className="max-w-xs truncate p-2 text-white/80">{r.last}</td>
                  <td className="whitespace-nowrap p-2 tabular-nums text-white/60">{r.time}</td>
                  <td className="p-2">{r.assignee ?? <span className="text-amber-300">{t("chat.admin.unassigned")}</span>}</td>
                  <td className="p-2 text-right">
                    <a href={`/admin/support/chats/${r.id}`} className="btn-secondary !py-1 text-sm" data-testid="chat-queue-open">
                      {t("chat.admin.open")}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
