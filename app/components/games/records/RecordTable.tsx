import { useTranslation } from "#app/i18n/use-translation.ts";
import { ProfitLoss } from "./ProfitLoss.tsx";

export type RecordRow = { id: number; platform: string; gameType: string; game: string; turnover: string; profit: string; settledAt: string };

/** The settled bets: a table from 640 px, cards on phones. Each row opens the round's details. */
export function RecordTable({ rows, totals }: { rows: RecordRow[]; totals: { count: number; turnover: string; profit: string } }) {
  const { t } = useTranslation();
  if (!rows.length)
    return (
      <p className="p-6 text-center text-sm text-white/50" data-testid="no-data">
        {t("records.noData")}
      </p>
    );
  return (
    <>
      <ul className="divide-y divide-white/5 sm:hidden" data-testid="record-cards">
        {rows.map((r) => (
          <li key={r.id} className="relative p-3 hover:bg-white/5">
            <a href={`/betting-record/${r.id}`} className="flex justify-between gap-2 after:absolute after:inset-0 after:content-['']">
              <span className="min-w-0">
                <span className="block truncate font-semibold">{r.platform}</span>
                <span className="block truncate text-xs text-white/60">
                  {r.gameType} · {r.game}
                </span>
              </span>
              <ProfitLoss value={r.profit} />
            </a>
            <div className="mt-1 flex justify-between text-xs text-white/60">
              <span>
                {t("records.cols.turnover")} ৳{r.turnover}
              </span>
              <span className="tabular-nums">{r.settledAt}</span>
            </div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm sm:table" data-testid="record-table">
        <thead className="text-left text-xs text-white/60">
          <tr>
            <th className="px-3 py-2 font-normal">{t("records.cols.platform")}</th>
            <th className="px-2 py-2 font-normal">{t("records.cols.gameType")}</th>
            <th className="px-2 py-2 text-right font-normal">{t("records.cols.turnover")}</th>
            <th className="px-2 py-2 text-right font-normal">{t("records.cols.profitLoss")}</th>
            <th className="px-3 py-2 text-right font-normal">{t("records.cols.settleDate")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="relative border-t border-white/5 hover:bg-white/5" data-testid="record-row">
              <td className="px-3 py-2.5">
                <a href={`/betting-record/${r.id}`} className="font-semibold after:absolute after:inset-0 after:content-['']">
                  {r.platform}
                </a>
                <span className="block text-[0.7rem] text-white/50">{r.game}</span>
              </td>
              <td className="px-2 py-2.5">{r.gameType}</td>
              <td className="px-2 py-2.5 text-right tabular-nums">৳{r.turnover}</td>
              <td className="px-2 py-2.5 text-right">
                <ProfitLoss value={r.profit} />
              </td>
              <td className="px-3 py-2.5 text-right text-xs tabular-nums text-white/70">{r.settledAt}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-white/10 text-sm">
          <tr>
            <th scope="row" colSpan={2} className="px-3 py-2 text-left font-semibold">
              {t("records.totals", { count: totals.count })}
            </th>
            <td className="px-2 py-2 text-right tabular-nums">৳{totals.turnover}</td>
            <td className="px-2 py-2 text-right">
              <ProfitLoss value={totals.profit} />
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
      <p className="flex justify-between border-t border-white/10 p-3 text-xs sm:hidden" data-testid="record-totals">
        <span>{t("records.totals", { count: totals.count })}</span>
        <span>
          ৳{totals.turnover} · <ProfitLoss value={totals.profit} />
        </span>
      </p>
    </>
  );
}
