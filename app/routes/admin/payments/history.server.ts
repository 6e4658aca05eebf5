// The player's money history as staff see it next to a deposit or withdrawal they must decide on.
import type { HistorySummary, RecentTransaction } from "#app/components/admin/payments/PlayerHistory.tsx";
import { type PlayerMoneySummary, latestTransactions } from "#app/modules/payments/index.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { takaText } from "#app/kernel/money.ts";

export function summaryView(s: PlayerMoneySummary, otherPlayersOnSender?: number): HistorySummary {
  return {
    approvedDeposits: s.approvedDeposits,
    approvedDepositTotal: takaText(s.approvedDepositTotal, { decimals: "trim" }),
    pendingDeposits: s.pendingDeposits,
    rejectedDeposits: s.rejectedDeposits,
    approvedWithdrawals: s.approvedWithdrawals,
    approvedWithdrawalTotal: takaText(s.approvedWithdrawalTotal, { decimals: "trim" }),
    pendingWithdrawals: s.pendingWithdrawals,
    otherPlayersOnSender,
  };
}

/**
 * For each request on a queue page (its player and its own id, e.g. "D12"): the player's latest transactions other
 * than that one, all read in one query. Keyed by the request's id.
 */
export async function recentTransactionsFor(
  requests: Array<{ playerId: number; ref: string }>,
  limit = 5,
): Promise<Map<string, RecentTransaction[]>> {
  const latest = await latestTransactions(
    requests.map((r) => r.playerId),
    limit + 1,
  );
  return new Map(
    requests.map(({ playerId, ref }) => [
      ref,
      (latest.get(playerId) ?? [])
        .filter((i) => i.id !== ref)
        .slice(0, limit)
        .map((i) => ({
          id: i.id,
          type: i.type,
          amount:
            i.type === "adjustment" && i.direction === "debit"
              ? `−${takaText(i.amount, { decimals: "trim" })}`
              : takaText(i.amount, { decimals: "trim" }),
          status: i.status,
          createdAt: formatDhakaDateTime(i.createdAt),
        })),
    ]),
  );
}
