import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link } from "react-router";

export const queueStatuses = ["pending", "approved", "rejected"] as const;
export type QueueTab = (typeof queueStatuses)[number];

/** Pending / Approved / Rejected as links (the tab is in the URL, so it works without JavaScript). */
export function QueueTabs({ base, current, pendingCount }: { base: string; current: QueueTab; pendingCount?: number }) {
  const { t } = useTranslation();
  return (
    <div className="mb-3 flex gap-2" role="tablist">
      {queueStatuses.map((s) => (
        <Link
          key={s}
          to={s === "pending" ? base : `${base}?status=${s}`}
          role="tab"
          aria-selected={s === current}
          className={`rounded-full px-3 py-1 text-sm ${s === current ? "bg-brand font-bold text-ink" : "bg-panel text-white/80 hover:bg-panel-2"}`}
        >
          {t(`adminPayments.tabs.${s}`)}
          {s === "pending" && pendingCount !== undefined ? ` (${pendingCount})` : ""}
        </Link>
      ))}
    </div>
  );
}

/** Newer / Older links around a page number. */
export function Pager({ base, status, page, hasMore }: { base: string; status: QueueTab; page: number; hasMore: boolean }) {
  const { t } = useTranslation();
  if (page <= 1 && !hasMore) return null;
  const href = (p: number) => {
    const q = new URLSearchParams();
    if (status !== "pending") q.set("status", status);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return s ? `${base}?${s}` : base;
  };
  return (
    <div className="mt-3 flex items-center justify-between text-sm">
      {page > 1 ? <Link to={href(page - 1)}>{t("adminPayments.prev")}</Link> : <span />}
      <span className="text-white/60">{t("adminPayments.page", { page })}</span>
      {hasMore ? <Link to={href(page + 1)}>{t("adminPayments.next")}</Link> : <span />}
    </div>
  );
}
