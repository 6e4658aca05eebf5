import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useSubmit } from "react-router";
import { Pager } from "#app/components/games/records/Pager.tsx";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";

export type HistoryRow = {
  id: number;
  day: string;
  turnover: string;
  reward: string;
  status: "claimable" | "claimed" | "below";
  levels: [string, string, string];
  tab: { above: string; rates: string } | null;
};

const statusClass = { claimable: "bg-brand/15 text-brand", claimed: "bg-accent/20 text-accent-light", below: "bg-white/10 text-white/60" };

/** The Cash Reward History tab: a GET form for the page size (works without JavaScript), the rows, the pager. */
export function RewardHistory({
  rows,
  size,
  sizes,
  page,
  pages,
  path,
}: {
  rows: HistoryRow[];
  size: number;
  sizes: readonly number[];
  page: number;
  pages: number;
  path: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <section data-testid="reward-history">
      <Form
        method="get"
        action={path}
        className="mb-3 flex items-end gap-2 rounded-xl bg-panel p-3"
        onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}
      >
        <input type="hidden" name="tab" value="history" />
        <label className="text-xs text-white/60">
          {t("referral.history.pageSize")}
          <select
            name="size"
            defaultValue={String(size)}
            className="mt-1 block rounded-md bg-black/30 px-3 py-1.5 text-sm text-white"
            data-testid="history-size"
          >
            {sizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {hydrated ? null : (
          <button type="submit" className="btn-primary !px-4 !py-1.5 text-sm">
            {t("referral.history.apply")}
          </button>
        )}
      </Form>
      <div className="overflow-x-auto rounded-xl bg-panel">
        <table className="w-full text-xs min-[480px]:text-sm">
          <thead>
            <tr className="text-left text-white/50">
              <th className="p-2 font-normal">{t("referral.history.cols.date")}</th>
              <th className="p-2 text-right font-normal">{t("referral.history.cols.turnover")}</th>
              <th className="p-2 text-right font-normal">{t("referral.history.cols.cashReward")}</th>
              <th className="p-2 font-normal">{t("referral.history.cols.status")}</th>
              <th className="p-2 font-normal">{t("referral.history.cols.details")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="p-6 text-center text-white/50">
                  {t("referral.history.noData")}
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.id} className="border-t border-white/10 align-top" data-testid="history-row">
                  <td className="whitespace-nowrap p-2">{r.day}</td>
                  <td className="p-2 text-right tabular-nums">৳{r.turnover}</td>
                  <td className="p-2 text-right font-semibold tabular-nums">৳{r.reward}</td>
                  <td className="p-2">
                    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-[0.7rem] font-semibold ${statusClass[r.status]}`}>
                      {t(`referral.history.statuses.${r.status}`)}
                    </span>
                  </td>
                  <td className="p-2">
                    <details>
                      <summary className="cursor-pointer text-brand">{t("referral.history.show")}</summary>
                      <ul className="mt-1 space-y-0.5 whitespace-nowrap text-white/70">
                        {r.levels.map((amount, i) => (
                          <li key={i}>{t("referral.history.levelTurnover", { level: i + 1, amount })}</li>
                        ))}
                        <li>{r.tab ? t("referral.history.rates", r.tab) : t("referral.history.noTab")}</li>
                      </ul>
                    </details>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-center text-xs text-white/50">{t("referral.history.gmt6")}</p>
      {pages > 1 ? <Pager page={page} pages={pages} link={(p) => `${path}?tab=history&size=${size}&page=${p}`} /> : null}
    </section>
  );
}
