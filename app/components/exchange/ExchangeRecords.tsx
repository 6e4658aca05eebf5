import { useTranslation } from "#app/i18n/use-translation.ts";

type Signed = { text: string; negative: boolean } | null;
export type ExchangeRecordRow = {
  id: number;
  transactionId: string;
  event: string;
  market: string;
  betType: string;
  selection: string;
  odds: string | null;
  requestedOdds: string | null;
  run: string | null;
  stake: string;
  potentialProfit: string;
  potentialLiability: string;
  unmatched: string | null;
  cancelled: string | null;
  lapsed: string | null;
  voided: string | null;
  status: "open" | "WON" | "LOST" | "VOID" | "CANCELLED" | "LAPSED";
  net: Signed;
  createdAt: string;
  matchedAt: string | null;
  marketId: number;
};

/** A detail row shown only when it has a value. */
function Row({ label, value, testId }: { label: string; value: string | null; testId?: string }) {
  if (value === null) return null;
  return (
    <>
      <dt className="text-white/60">{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </>
  );
}

type Side = "back" | "lay" | "yes" | "no";

function Net({ net }: { net: Signed }) {
  if (!net) return <>–</>;
  return <span className={`tabular-nums ${net.negative ? "text-red-400" : "text-emerald-400"}`}>{net.text}</span>;
}

/**
 * The Exchange tab: the player's bets, each opening its details (a link, so it works without JavaScript). The
 * Unsettled tab shows its open bets with it too, paging on its own address and saying so when there are none.
 */
export function ExchangeRecords({
  records,
  next,
  detail,
  olderHref = (before) => `/betting-record?tab=exchange&before=${before}`,
  empty,
}: {
  records: ExchangeRecordRow[];
  next: number | null;
  detail: ExchangeRecordRow | null;
  olderHref?: (before: number) => string;
  empty?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {detail ? (
        <section
          role="dialog"
          aria-modal="false"
          aria-labelledby="exchange-detail-title"
          className="mb-3 rounded-xl border border-brand/60 bg-panel p-3"
          data-testid="exchange-record-detail"
        >
          <div className="mb-2 flex items-center">
            <h2 id="exchange-detail-title" className="flex-1 font-bold">
              {t("records.exchange.details")}
            </h2>
            <a href="/betting-record?tab=exchange" className="text-sm underline">
              {t("records.exchange.close")}
            </a>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-white/60">{t("records.exchange.event")}</dt>
            <dd>{detail.event}</dd>
            <dt className="text-white/60">{t("records.exchange.market")}</dt>
            <dd>{detail.market}</dd>
            <dt className="text-white/60">{t("records.exchange.selection")}</dt>
            <dd>
              {t(`records.exchange.sides.${detail.betType as Side}`)} {detail.selection}
            </dd>
            <Row label={t("records.exchange.odds")} value={detail.odds} testId="exchange-detail-odds" />
            <Row label={t("records.exchange.requestedOdds")} value={detail.requestedOdds} />
            <Row label={t("records.exchange.run")} value={detail.run} />
            <Row label={t("records.exchange.stake")} value={detail.stake} />
            <Row label={t("records.exchange.profit")} value={detail.potentialProfit} testId="exchange-detail-profit" />
            <Row label={t("records.exchange.liability")} value={detail.potentialLiability} />
            <Row label={t("records.exchange.unmatched")} value={detail.unmatched} />
            <Row label={t("records.exchange.cancelled")} value={detail.cancelled} />
            <Row label={t("records.exchange.lapsed")} value={detail.lapsed} />
            <Row label={t("records.exchange.voided")} value={detail.voided} />
            <dt className="text-white/60">{t("records.exchange.status")}</dt>
            <dd data-testid="exchange-detail-status">{t(`records.exchange.statuses.${detail.status}`)}</dd>
            <dt className="text-white/60">{t("records.exchange.net")}</dt>
            <dd data-testid="exchange-detail-net">
              <Net net={detail.net} />
            </dd>
            <dt className="text-white/60">{t("records.exchange.transaction")}</dt>
            <dd className="font-mono text-xs">{detail.transactionId}</dd>
            <dt className="text-white/60">{t("records.exchange.placed")}</dt>
            <dd className="tabular-nums">{detail.createdAt}</dd>
            <Row label={t("records.exchange.matchedAt")} value={detail.matchedAt} />
          </dl>
          <a href={`/odds-view?market=${detail.marketId}`} className="mt-2 inline-block text-sm underline">
            {t("records.exchange.openMarket")}
          </a>
        </section>
      ) : null}
      <section className="overflow-x-auto rounded-xl bg-panel" data-testid="exchange-records">
        {records.length === 0 ? (
          <p className="p-6 text-center text-sm text-white/60">{empty ?? t("records.exchange.empty")}</p>
        ) : (
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="bg-panel-2 text-xs text-white/70">
              <tr>
                <th className="px-2 py-2">{t("records.exchange.event")}</th>
                <th className="px-2 py-2">{t("records.exchange.selection")}</th>
                <th className="px-2 py-2">{t("records.exchange.stake")}</th>
                <th className="px-2 py-2">{t("records.exchange.status")}</th>
                <th className="px-2 py-2">{t("records.exchange.net")}</th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => (
                <tr key={r.id} className="border-t border-white/10" data-testid="exchange-record">
                  <td className="px-2 py-1.5">
                    <a href={`/betting-record?tab=exchange&bet=${r.id}`} className="underline">
                      {r.event}
                    </a>
                    <small className="block text-white/50">
                      {r.market} · {r.createdAt}
                    </small>
                  </td>
                  <td className="px-2 py-1.5">
                    {t(`records.exchange.sides.${r.betType as Side}`)} {r.selection} <small className="text-white/60">{r.odds ?? r.run}</small>
                  </td>
                  <td className="px-2 py-1.5 tabular-nums">{r.stake}</td>
                  <td className="px-2 py-1.5">{t(`records.exchange.statuses.${r.status}`)}</td>
                  <td className="px-2 py-1.5">
                    <Net net={r.net} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {next ? (
        <a href={olderHref(next)} className="mt-2 inline-block text-sm underline">
          {t("records.exchange.older")}
        </a>
      ) : null}
    </>
  );
}
