import { translate } from "#app/i18n/translate.server.ts";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useSubmit } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { MINUS, takaText } from "#app/kernel/money.ts";
import { amountTone, shownStatus, StatusBadge } from "#app/components/payments/StatusBadge.tsx";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";
import { OverdueBadge } from "#app/components/payments/WithdrawalTracker.tsx";
import { NetDeposits } from "#app/components/protection/NetDeposits.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { netDepositsText } from "#app/modules/protection/index.server.ts";
import {
  listTransactions,
  payoutPromise,
  readMoneySettings,
  type TransactionStatus,
  type TransactionType,
  vipPointsText,
} from "#app/modules/payments/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { dhakaDayKey, formatDhaka, formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { parseRecordFilter, PAGE_SIZE, recordQuery, type RecordFilter } from "./record-filter.ts";
import type { Route } from "./+types/transaction-record";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const filter = parseRecordFilter(url.searchParams);
  const [{ items, total }, net, settings] = await Promise.all([
    listTransactions(player.id, {
      status: filter.status === "all" ? undefined : filter.status,
      type: filter.type === "all" ? undefined : filter.type,
      range: filter.range,
      page: filter.page,
      pageSize: PAGE_SIZE,
    }),
    netDepositsText(player.id),
    readMoneySettings(),
  ]);
  const now = new Date();
  const locale = getLocale(context);
  // Grouped by the Asia/Dhaka calendar day, newest first (the list already is).
  const days: { day: string; rows: Row[] }[] = [];
  for (const item of items) {
    const day = dhakaDayKey(item.createdAt);
    const row: Row = {
      id: item.id,
      type: item.type,
      // Money out is written as every negative amount is: a real minus sign before the taka sign (−৳300.00).
      sign: item.type === "adjustment" ? (item.direction === "debit" ? MINUS : "+") : item.type === "withdraw" ? MINUS : "+",
      amount: takaText(item.amount),
      status: item.status,
      refunded: item.refunded,
      cancelled: item.cancelled,
      time: formatDhaka(item.createdAt, "HH:mm:ss"),
      // A VIP conversion has no payment method: the VP it converted; a race prize its race and period.
      method: item.race
        ? `${locale === "bn" ? item.race.nameBn : item.race.name} · ${item.race.period}`
        : item.vipPoints === null
          ? item.methodName
          : vipPointsText(item.vipPoints),
      tracker: null,
    };
    if (item.type === "withdraw") {
      // A withdrawal's compact status: where it is, and while pending when it is expected (overdue past that).
      const promise = payoutPromise(item.status, item.createdAt, settings.payoutPromiseHours, now);
      row.tracker = { expectedBy: item.status === "pending" ? formatDhakaDateTime(promise.expectedBy) : null, overdue: promise.overdue };
    }
    const last = days.at(-1);
    if (last?.day === day) last.rows.push(row);
    else days.push({ day, rows: [row] });
  }
  return {
    title: translate(context, "paymentPages.records.title"),
    layout: layoutFor(request.headers.get("user-agent")),
    filter,
    days,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    // Net deposits (RTS 1), with the strings of their panel.
    net,
    rg: areaBundle(context, "protectionReality"),
  };
}

type Row = {
  id: string;
  type: TransactionType;
  sign: "+" | typeof MINUS;
  amount: string;
  status: TransactionStatus;
  refunded: boolean;
  cancelled: boolean;
  time: string;
  method: string | null;
  /** Withdrawals only: the promised payout time while pending (Asia/Dhaka), and whether it has passed. */
  tracker: { expectedBy: string | null; overdue: boolean } | null;
};

const statusOptions = ["all", "pending", "fail", "success"] as const;
const typeOptions = ["all", "deposit", "withdraw", "adjustment", "vip", "race"] as const;
const rangeOptions = ["today", "yesterday", "7d", "all"] as const;

function Chips<T extends string>({
  name,
  legend,
  options,
  value,
  label,
}: {
  name: string;
  legend: string;
  options: readonly T[];
  value: T;
  label: (v: T) => string;
}) {
  return (
    <fieldset className="mb-2">
      <legend className="mb-1 text-xs text-white/60">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((o) => (
          <label key={o} className="cursor-pointer">
            <input type="radio" name={name} value={o} defaultChecked={o === value} className="peer sr-only" />
            <span className="block rounded-full border border-white/15 px-3 py-1 text-xs peer-checked:border-brand peer-checked:bg-brand peer-checked:font-semibold peer-checked:text-black peer-focus-visible:ring-2 peer-focus-visible:ring-brand">
              {label(o)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function TransactionRecord({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.rg);
  const { t } = useTranslation();
  const { filter, days, pages } = loaderData;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const typeLabel = (v: (typeof typeOptions)[number]) => (v === "all" ? t("paymentPages.records.all") : t(`payments.type.${v}`));
  const statusLabel = (v: (typeof statusOptions)[number]) => (v === "all" ? t("paymentPages.records.all") : t(`payments.status.${v}`));
  const rangeLabel = (v: (typeof rangeOptions)[number]) => t(`payments.range.${v}`);

  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="transaction-record-page">
        <h1 className="mb-3 text-xl font-bold">{t("paymentPages.records.title")}</h1>
        <NetDeposits net={loaderData.net} compact />
        <Form
          method="get"
          action="/transaction-record"
          className="mb-3 rounded-xl bg-panel p-3"
          onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}
          aria-label={t("paymentPages.records.filters")}
          data-testid="record-filters"
        >
          <Chips name="status" legend={t("paymentPages.records.status")} options={statusOptions} value={filter.status} label={statusLabel} />
          <Chips name="type" legend={t("paymentPages.records.type")} options={typeOptions} value={filter.type} label={typeLabel} />
          <Chips name="range" legend={t("paymentPages.records.date")} options={rangeOptions} value={filter.range} label={rangeLabel} />
          {hydrated ? null : (
            <button type="submit" className="btn-primary mt-1 w-full text-sm">
              {t("paymentPages.records.apply")}
            </button>
          )}
        </Form>

        <section className="rounded-xl bg-panel" data-testid="record-list">
          {days.length === 0 ? (
            <p className="p-6 text-center text-sm text-white/50">{t("paymentPages.records.noData")}</p>
          ) : (
            <table className="w-full text-sm">
              <thead className="text-left text-xs text-white/60">
                <tr>
                  <th className="px-3 py-2 font-normal">{t("paymentPages.records.colType")}</th>
                  <th className="px-2 py-2 text-right font-normal">{t("paymentPages.records.colAmount")}</th>
                  <th className="px-2 py-2 text-center font-normal">{t("paymentPages.records.colStatus")}</th>
                  <th className="px-3 py-2 text-right font-normal">{t("paymentPages.records.colDate")}</th>
                </tr>
              </thead>
              {days.map((group) => (
                <tbody key={group.day} data-testid="record-day">
                  <tr>
                    <th colSpan={4} scope="colgroup" className="bg-ink/60 px-3 py-1.5 text-left text-xs font-semibold text-white/70">
                      {group.day} <span className="font-normal text-white/50">({t("payments.gmt6")})</span>
                    </th>
                  </tr>
                  {group.rows.map((r) => (
                    <tr key={r.id} className="relative border-t border-white/5 hover:bg-white/5" data-testid="record-row">
                      <td className="px-3 py-2.5">
                        <a href={`/transaction-record/${r.id}`} className="font-semibold after:absolute after:inset-0 after:content-['']">
                          {t(`payments.type.${r.type}`)}
                        </a>
                        <span className="block text-[0.7rem] text-white/50">{r.method ?? t("payments.noAgent")}</span>
                        {r.tracker ? (
                          <span className="block text-[0.7rem] tabular-nums text-white/70" data-testid="record-tracker">
                            {r.status === "pending"
                              ? `${t("payments.tracker.steps.reviewed")} · ${t("payments.tracker.expectedBy", { time: r.tracker.expectedBy ?? "" })}`
                              : t(`payments.tracker.steps.${r.status}`)}
                          </span>
                        ) : null}
                      </td>
                      <td
                        className={`whitespace-nowrap px-2 py-2.5 text-right font-semibold tabular-nums ${amountTone(shownStatus(r.status, r.refunded, r.cancelled), r.sign === MINUS)}`}
                      >
                        {r.sign}
                        {r.amount}
                      </td>
                      <td className="px-2 py-2.5 text-center">
                        <StatusBadge status={shownStatus(r.status, r.refunded, r.cancelled)} />
                        {r.tracker?.overdue ? (
                          <span className="mt-1 block">
                            <OverdueBadge />
                          </span>
                        ) : null}
                      </td>
                      <td className="px-3 py-2.5 text-right text-xs tabular-nums text-white/70">{r.time}</td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          )}
        </section>
        {pages > 1 ? <Pager filter={filter} pages={pages} /> : null}
      </main>
    </AccountFrame>
  );
}

function Pager({ filter, pages }: { filter: RecordFilter; pages: number }) {
  const { t } = useTranslation();
  const current = Math.min(filter.page, pages);
  const first = Math.max(1, Math.min(current - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => first + i);
  const link = (page: number) => `/transaction-record${recordQuery({ ...filter, page })}`;
  const cell = "flex min-w-9 items-center justify-center rounded-md px-2 py-1.5 text-sm";
  return (
    <nav
      className="mt-3 flex flex-col items-center gap-2"
      aria-label={t("paymentPages.records.page", { page: current, pages })}
      data-testid="record-pager"
    >
      <div className="flex gap-1">
        {current > 1 ? (
          <a href={link(current - 1)} className={`${cell} bg-panel`} rel="prev">
            ‹ <span className="sr-only">{t("paymentPages.records.prev")}</span>
          </a>
        ) : null}
        {numbers.map((n) => (
          <a
            key={n}
            href={link(n)}
            className={`${cell} ${n === current ? "bg-brand font-bold text-black" : "bg-panel"}`}
            aria-current={n === current ? "page" : undefined}
          >
            {n}
          </a>
        ))}
        {current < pages ? (
          <a href={link(current + 1)} className={`${cell} bg-panel`} rel="next">
            › <span className="sr-only">{t("paymentPages.records.next")}</span>
          </a>
        ) : null}
      </div>
      <p className="text-xs text-white/50">{t("paymentPages.records.page", { page: current, pages })}</p>
    </nav>
  );
}
