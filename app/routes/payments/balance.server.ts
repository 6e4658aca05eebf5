import type { HeaderBalanceData } from "#app/components/payments/live-balance.ts";
import { takaText } from "#app/kernel/money.ts";
import { getPlayerBalances } from "#app/modules/ledger/index.server.ts";
import { readMoneySettings } from "#app/modules/payments/index.server.ts";

/**
 * The header's balance: the Main Wallet, what the player can use now (posted minus what open bets and pending
 * withdrawals hold), and the Bonus Wallet when that wallet is on or holds money (games play from both, so a player
 * always sees the two figures a game's balance adds up). The root passes the flag from its cached site settings; the
 * stream and the poll read it fresh.
 */
export async function headerBalance(playerId: number, promotionWallet?: boolean): Promise<HeaderBalanceData> {
  const [balances, wallet] = await Promise.all([getPlayerBalances(playerId), promotionWallet ?? readMoneySettings().then((s) => s.promotionWallet)]);
  return {
    main: takaText(balances.main.available, { symbol: false }),
    bonus: wallet || balances.bonus.available > 0n ? takaText(balances.bonus.available, { symbol: false }) : null,
  };
}
