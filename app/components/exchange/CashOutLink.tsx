import { useTranslation } from "#app/i18n/use-translation.ts";
import { takaText } from "#app/kernel/money.ts";
import { type CashOutBasis, type DepthLevels, pageCashOutValue } from "#app/modules/exchange/index.ts";

type ShownRunner = { id: number; status: string } & DepthLevels;

/**
 * "Cash Out ৳X" on the market page for a player with a matched position: the value is the Cash Out page's own quote
 * (`cashOutOn`) over the book's depth the page carries, rendered by the server and kept live by every push; the link
 * opens the quote page (/exchange-cashout/:marketId).
 */
export function CashOutLink({ marketId, basis, runners }: { marketId: number; basis: CashOutBasis; runners: ShownRunner[] }) {
  const { t } = useTranslation();
  // Already level on every runner (cashed out): nothing left to cash out.
  const level = new Set(basis.position.map(([, pnl]) => pnl)).size <= 1;
  if (level) return null;
  const value = pageCashOutValue(basis, runners);
  return (
    <a
      href={`/exchange-cashout/${marketId}`}
      className={`mb-3 block rounded-xl p-3 text-center font-bold ${value !== null && value < 0n ? "bg-red-800/60" : "bg-amber-500 text-ink"}`}
      data-testid="cash-out-link"
    >
      {value === null ? t("exchange.cashOut.title") : t("exchange.cashOut.button", { value: takaText(value) })}
    </a>
  );
}
