import { useTranslation } from "#app/i18n/use-translation.ts";
import type { TransactionType } from "#app/modules/payments/index.ts";

export type HistorySummary = {
  approvedDeposits: number;
  approvedDepositTotal: string;
  pendingDeposits: number;
  rejectedDeposits: number;
  approvedWithdrawals: number;
  approvedWithdrawalTotal: string;
  pendingWithdrawals: number;
  otherPlayersOnSender?: number;
};

export type RecentTransaction = {
  id: string;
  type: TransactionType;
  amount: string;
  status: "pending" | "success" | "fail";
  createdAt: string;
};

const statusColour = { pending: "text-amber-300", success: "text-accent", fail: "text-red-300" } as const;

/** The player's money so far and their latest transactions, next to a request staff must decide on. */
export function PlayerHistory({ summary, recent }: { summary: HistorySummary; recent: RecentTransaction[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("adminPayments.history.title")} className="text-sm" data-testid="player-history">
      <h3 className="mb-1 font-bold">{t("adminPayments.history.title")}</h3>
      <ul className="mb-2 space-y-0.5 text-white/80">
        <li>{t("adminPayments.history.deposits", { count: summary.approvedDeposits, total: summary.approvedDepositTotal })}</li>
        <li>{t("adminPayments.history.withdrawals", { count: summary.approvedWithdrawals, total: summary.approvedWithdrawalTotal })}</li>
        <li>
          {t("adminPayments.history.open", {
            deposits: summary.pendingDeposits,
            withdrawals: summary.pendingWithdrawals,
            rejected: summary.rejectedDeposits,
          })}
        </li>
        {summary.otherPlayersOnSender ? (
          <li className="font-bold text-amber-300" data-testid="aml-shared-sender">
            {t("adminPayments.history.sharedSender", { count: summary.otherPlayersOnSender })}
          </li>
        ) : null}
      </ul>
      {recent.length ? (
        <table className="w-full text-left text-xs">
          <thead className="text-white/60">
            <tr>
              <th className="py-0.5 font-normal">{t("adminPayments.fields.type")}</th>
              <th className="py-0.5 font-normal">{t("adminPayments.fields.amount")}</th>
              <th className="py-0.5 font-normal">{t("adminPayments.fields.status")}</th>
              <th className="py-0.5 font-normal">{t("adminPayments.fields.time")}</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((r) => (
              <tr key={r.id} className="border-t border-white/5">
                <td className="py-0.5">{t(`adminPayments.txType.${r.type}`)}</td>
                <td className="py-0.5">{r.amount}</td>
                <td className={`py-0.5 ${statusColour[r.status]}`}>{t(`adminPayments.txStatus.${r.status}`)}</td>
                <td className="py-0.5 whitespace-nowrap">{r.createdAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-white/60">{t("adminPayments.history.none")}</p>
      )}
    </section>
  );
}
