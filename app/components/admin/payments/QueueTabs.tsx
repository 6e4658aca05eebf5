import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link } from "react-router";

/** "all": every status (the finance history's search across the tabs). */
export const queueStatuses = ["pending", "approved", "rejected", "cancelled", "all"] as const;
export type QueueTab = (typeof queueStatuses)[number];

/** A page's status tabs as links (the tab is in the URL, so it works without JavaScript); the first is the default. */
export function StatusTabs<T extends string>({
  base,
  tabs,
  current,
  label,
  query = "",
}: {
  base: string;
  tabs: readonly T[];
  current: T;
  label: (tab: T) => string;
  /** The page's filter (without status and page), kept when switching tabs. */
  query?: string;
}) {
  const href = (s: T) => {
    const q = new URLSearchParams(query);
    if (s !== tabs[0]) q.set("status", s);
    const text = q.toString();
    return text ? `${base}?${text}` : base;
  };
  return (
    <div className="mb-3 flex flex-wrap gap-2" role="tablist">
      {tabs.map((s) => (
        <Link
          key={s}
          to={href(s)}
          role="tab"
          aria-selected={s === current}
          className={`rounded-full px-3 py-1 text-sm ${s === current ? "bg-brand font-bold text-ink" : "bg-panel text-white/80 hover:bg-panel-2"}`}
        >
          {label(s)}
        </Link>
      ))}
    </div>
  );
}

/** Pending / Approved / Rejected, with how many are pending. */
export function QueueTabs({ base, current, pendingCount, query }: { base: string; current: QueueTab; pendingCount?: number; query?: string }) {
  const { t } = useTranslation();
  const label = (s: QueueTab) =>
    s === "all"
      ? t("adminExports.filter.allStatuses")
      : `${t(`adminPayments.tabs.${s}`)}${s === "pending" && pendingCount !== undefined ? ` (${pendingCount})` : ""}`;
  return <StatusTabs base={base} tabs={queueStatuses} current={current} label={label} query={query} />;
}

/** Newer / Older links around a page number; the tab's status is kept unless it is the page's default one. */
export function Pager({
  base,
  status,
  page,
  hasMore,
  defaultStatus = "pending",
  query = "",
}: {
  base: string;
  status: string;
  page: number;
  hasMore: boolean;
  defaultStatus?: string;
  /** The page's filter (without status and page), kept from page to page. */
  query?: string;
}) {
  const { t } = useTranslation();
  if (page <= 1 && !hasMore) return null;
  const href = (p: number) => {
    const q = new URLSearchParams(query);
    if (status !== defaultStatus) q.set("status", status);
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
