// The player's money history as staff see it next to a deposit or withdrawal they must decide on.
import type { HistorySummary, RecentTransaction } from "#app/components/admin/finance/PlayerHistory.tsx";
import type { PlayerMoneySummary } from "#app/modules/payments/history.server.ts";
import { listTransactions } from "#app/modules/payments/transactions.server.ts";
import { dhakaTime, taka } from "./finance.server.ts";

export function summaryView(s: PlayerMoneySummary, otherPlayersOnSender?: number): HistorySummary {
  return {
    approvedDeposits: s.approvedDeposits,
    approvedDepositTotal: taka(s.approvedDepositTotal),
    pendingDeposits: s.pendingDeposits,
    rejectedDeposits: s.rejectedDeposits,
    approvedWithdrawals: s.approvedWithdrawals,
    approvedWithdrawalTotal: taka(s.approvedWithdrawalTotal),
    pendingWithdrawals: s.pendingWithdrawals,
    otherPlayersOnSender,
  };
}

/** The player's latest transactions other than the one being decided (its id, e.g. "D12"). */
export async function recentTransactions(playerId: number, exceptId: string, limit = 5): Promise<RecentTransaction[]> {
  const { items } = await listTransactions(playerId, { range: "all", page: 1, pageSize: 10 });
  return items
    .filter((i) => i.id !== exceptId)
    .slice(0, limit)
    .map((i) => ({
      id: i.id,
      type: i.type,
      amount: i.type === "adjustment" && i.direction === "debit" ? `−${taka(i.amount)}` : taka(i.amount),
      status: i.status,
      createdAt: dhakaTime(i.createdAt),
    }));
}
