import { translate } from "#app/i18n/translate.server.ts";
import { useRef, useState } from "react";
import { useRefresh } from "#app/components/use-refresh.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, redirect, useFetcher } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { usePlayerEvent } from "#app/components/live/player-events.ts";
import { listInbox, updateInbox } from "#app/modules/inbox/index.server.ts";
import { bulkSchema } from "#app/modules/inbox/index.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { inboxView, type InboxView } from "./view.server.ts";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const page = Number(url.searchParams.get("page") ?? 1);
  const inbox = await listInbox(player.id, { page: Number.isSafeInteger(page) && page > 0 ? page : 1 });
  const done = url.searchParams.get("done");
  const count = Number(url.searchParams.get("count") ?? 0);
  return {
    title: translate(context, "inbox.title"),
    layout: layoutFor(request.headers.get("user-agent")),
    edit: url.searchParams.get("edit") === "1",
    items: inbox.items.map((item) => inboxView(context, item)),
    page: inbox.page,
    lastPage: inbox.lastPage,
    notice: done === "read" || done === "delete" || done === "none" ? { done, count: Number.isSafeInteger(count) ? count : 0 } : null,
  };
}

/** Edit mode's Read or Delete of the selected messages (the player's own only); also the modal's mark-read. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const form = await request.formData();
  const parsed = bulkSchema.safeParse({ intent: form.get("intent"), ids: form.getAll("ids") });
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  const { intent, ids } = parsed.data;
  const changed = await updateInbox(player.id, ids, intent);
  if (form.get("modal") === "1") return { ok: true, changed };
  const page = url.searchParams.get("page");
  const back = new URLSearchParams({ done: ids.length ? intent : "none", count: String(changed) });
  if (ids.length === 0 || intent === "read") back.set("edit", "1");
  if (page && /^\d{1,6}$/.test(page)) back.set("page", page);
  return redirect(`/inbox?${back}`);
}

function MessageRow({ m, edit, onOpen }: { m: InboxView; edit: boolean; onOpen: (m: InboxView) => void }) {
  const { t } = useTranslation();
  const content = (
    <span className="flex min-w-0 flex-1 items-start gap-2">
      <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${m.read ? "bg-transparent" : "bg-red-500"}`} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={`truncate ${m.read ? "text-white/80" : "font-bold text-white"}`} data-testid="inbox-title">
            {m.title}
          </span>
          {m.read ? null : (
            <span className="shrink-0 rounded bg-red-600 px-1.5 text-[0.65rem] font-bold uppercase text-white" data-testid="inbox-new">
              {t("inbox.new")}
            </span>
          )}
        </span>
        <span className="block truncate text-sm text-white/60" data-testid="inbox-preview">
          {m.preview}
        </span>
        <span className="block text-xs tabular-nums text-white/40">{m.time}</span>
      </span>
    </span>
  );
  return (
    <li className="border-b border-white/5 last:border-0" data-testid="inbox-item" data-read={m.read ? "1" : "0"}>
      {edit ? (
        <label className="flex cursor-pointer items-center gap-3 px-3 py-3">
          <input type="checkbox" name="ids" value={m.id} className="h-5 w-5 shrink-0" aria-label={t("inbox.select", { title: m.title })} />
          {content}
        </label>
      ) : (
        <a
          href={`/inbox/${m.id}`}
          className="flex px-3 py-3 hover:bg-white/5"
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            onOpen(m);
          }}
        >
          {content}
        </a>
      )}
    </li>
  );
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { items, edit, page, lastPage, notice } = loaderData;
  const refresh = useRefresh();
  const fetcher = useFetcher();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<InboxView | null>(null);
  // A message sent, read or deleted anywhere (another tab, staff) refreshes the list.
  usePlayerEvent("inbox", refresh);

  function openMessage(m: InboxView) {
    setOpen(m);
    dialog.current?.showModal();
    if (!m.read) void fetcher.submit({ intent: "read", ids: String(m.id), modal: "1" }, { method: "post", action: `/inbox?page=${page}` });
  }

  const pageHref = (p: number) => `/inbox?${new URLSearchParams({ page: String(p), ...(edit ? { edit: "1" } : {}) })}`;

  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="inbox-page">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h1 className="text-xl font-bold">{t("inbox.title")}</h1>
          {items.length > 0 || edit ? (
            edit ? (
              <a href={`/inbox?page=${page}`} className="btn-secondary text-sm" data-testid="inbox-exit">
                {t("inbox.exit")}
              </a>
            ) : (
              <a href={`/inbox?page=${page}&edit=1`} className="btn-secondary text-sm" data-testid="inbox-edit">
                {t("inbox.edit")}
              </a>
            )
          ) : null}
        </div>
        {notice ? (
          <p role="status" className="mb-3 rounded-lg bg-white/10 px-3 py-2 text-sm" data-testid="inbox-notice">
            {notice.done === "none"
              ? t("inbox.nothingSelected")
              : notice.done === "read"
                ? t("inbox.markedRead", { count: notice.count })
                : t("inbox.deleted", { count: notice.count })}
          </p>
        ) : null}
        {items.length === 0 ? (
          <p className="rounded-xl bg-panel p-6 text-center text-white/60" data-testid="inbox-empty">
            {t("inbox.empty")}
          </p>
        ) : (
          <Form method="post" action={`/inbox?page=${page}`} data-testid="inbox-form">
            <ul className="rounded-xl bg-panel" data-testid="inbox-list">
              {items.map((m) => (
                <MessageRow key={m.id} m={m} edit={edit} onOpen={openMessage} />
              ))}
            </ul>
            {edit ? (
              <div className="sticky bottom-16 mt-3 flex gap-2">
                <button type="submit" name="intent" value="read" className="btn-primary flex-1" data-testid="inbox-read">
                  {t("inbox.read")}
                </button>
                <button type="submit" name="intent" value="delete" className="btn-secondary flex-1" data-testid="inbox-delete">
                  {t("inbox.delete")}
                </button>
              </div>
            ) : null}
          </Form>
        )}
        {lastPage > 1 ? (
          <nav className="mt-3 flex items-center justify-between text-sm" aria-label={t("inbox.page", { page, last: lastPage })}>
            {page > 1 ? <a href={pageHref(page - 1)}>{t("inbox.previous")}</a> : <span />}
            <span className="text-white/60">{t("inbox.page", { page, last: lastPage })}</span>
            {page < lastPage ? <a href={pageHref(page + 1)}>{t("inbox.next")}</a> : <span />}
          </nav>
        ) : null}
        <p className="mt-3 text-xs text-white/40">{t("inbox.live")}</p>
        <dialog
          ref={dialog}
          className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl bg-panel p-0 text-white shadow-2xl backdrop:bg-black/60"
          data-testid="inbox-modal"
          onClose={() => setOpen(null)}
        >
          {open ? (
            <article className="p-4">
              <h2 className="mb-1 text-lg font-bold">{open.title}</h2>
              <p className="mb-3 text-xs tabular-nums text-white/50">{open.time}</p>
              <p className="whitespace-pre-wrap break-words text-sm" data-testid="inbox-modal-body">
                {open.body}
              </p>
              <form method="dialog" className="mt-4 text-right">
                <button type="submit" className="btn-primary">
                  {t("inbox.close")}
                </button>
              </form>
            </article>
          ) : null}
        </dialog>
      </main>
    </AccountFrame>
  );
}
