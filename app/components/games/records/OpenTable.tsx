import { useTranslation } from "#app/i18n/use-translation.ts";

export type OpenRow = { id: number; provider: string; gameType: string; game: string; stake: string; placedAt: string };

/** The unsettled rounds: a table from 640 px, cards on phones. Each row opens the round's details. */
export function OpenTable({ rows, totals }: { rows: OpenRow[]; totals: { count: number; stake: string } }) {
  const { t } = useTranslation();
  if (!rows.length)
    return (
      <p className="p-6 text-center text-sm text-white/50" data-testid="no-data">
        {t("records.unsettled.empty")}
      </p>
    );
  return (
    <>
      <ul className="divide-y divide-white/5 sm:hidden" data-testid="open-cards">
        {rows.map((r) => (
          <li key={r.id} className="relative p-3 hover:bg-white/5">
            <a href={`/betting-record/${r.id}`} className="flex justify-between gap-2 after:absolute after:inset-0 after:content-['']">
              <span className="min-w-0">
                <span className="block truncate font-semibold">{r.game}</span>
                <span className="block truncate text-xs text-white/60">
                  {r.provider} · {r.gameType}
                </span>
              </span>
              <span className="whitespace-nowrap font-semibold tabular-nums">৳{r.stake}</span>
            </a>
            <div className="mt-1 flex justify-between text-xs text-white/60">
              <span>{t("records.unsettled.cols.placed")}</span>
              <span className="tabular-nums">{r.placedAt}</span>
            </div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm sm:table" data-testid="open-table">
        <thead className="text-left text-xs text-white/60">
          <tr>
            <th className="px-3 py-2 font-normal">{t("records.unsettled.cols.game")}</th>
            <th className="px-2 py-2 font-normal">{t("records.unsettled.cols.provider")}</th>
            <th className="px-2 py-2 text-right font-normal">{t("records.unsettled.cols.stake")}</th>
            <th className="px-3 py-2 text-right font-normal">{t("records.unsettled.cols.placed")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="relative border-t border-white/5 hover:bg-white/5" data-testid="open-row">
              <td className="px-3 py-2.5">
                <a href={`/betting-record/${r.id}`} className="font-semibold after:absolute after:inset-0 after:content-['']">
                  {r.game}
                </a>
                <span className="block text-[0.7rem] text-white/50">{r.gameType}</span>
              </td>
              <td className="px-2 py-2.5">{r.provider}</td>
              <td className="whitespace-nowrap px-2 py-2.5 text-right tabular-nums">৳{r.stake}</td>
              <td className="px-3 py-2.5 text-right text-xs tabular-nums text-white/70">{r.placedAt}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-white/10 text-sm">
          <tr>
            <th scope="row" colSpan={2} className="px-3 py-2 text-left font-semibold">
              {t("records.totals", { count: totals.count })}
            </th>
            <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums">৳{totals.stake}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      <p className="flex justify-between border-t border-white/10 p-3 text-xs sm:hidden" data-testid="open-totals">
        <span>{t("records.totals", { count: totals.count })}</span>
        <span className="whitespace-nowrap tabular-nums">৳{totals.stake}</span>
      </p>
    </>
  );
}
