import type { HeaderBalanceData } from "#app/components/payments/live-balance.ts";
import { groupTaka } from "#app/components/payments/format.ts";
import { formatPoisha, getPlayerBalances } from "#app/modules/ledger/ledger.server.ts";
import { readMoneySettings } from "#app/modules/payments/payments.server.ts";

/**
 * The header's balance: what the player can use now (posted minus pending holds), bonus only when that wallet is
 * on. The root passes the flag from its cached site settings; the stream and the poll read it fresh.
 */
export async function headerBalance(playerId: number, promotionWallet?: boolean): Promise<HeaderBalanceData> {
  const [balances, wallet] = await Promise.all([getPlayerBalances(playerId), promotionWallet ?? readMoneySettings().then((s) => s.promotionWallet)]);
  return {
    main: groupTaka(formatPoisha(balances.main.available)),
    bonus: wallet ? groupTaka(formatPoisha(balances.bonus.available)) : null,
  };
}
