import { useTranslation } from "#app/i18n/use-translation.ts";

export type WalletFigures = { main: string; mainPosted: string; held: string; pendingWithdrawals: number; bonus: string | null };

/** Main and bonus wallet (ledger balances, formatted on the server); `detailed` adds what pending withdrawals hold. */
export function WalletCard({ wallet, detailed = false }: { wallet: WalletFigures; detailed?: boolean }) {
  const { t } = useTranslation();
  const Heading = detailed ? "h1" : "h2";
  return (
    <section className="rounded-xl bg-panel p-4" aria-labelledby="wallet-title" data-testid="wallet-card">
      <Heading id="wallet-title" className={detailed ? "mb-3 text-xl font-bold" : "mb-2 text-sm font-semibold text-white/80"}>
        {t("centre.wallet.title")}
      </Heading>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-ink p-3" data-testid="wallet-main">
          <dt className="text-xs text-white/60">{t("centre.wallet.main")}</dt>
          <dd className="text-lg font-bold tabular-nums">
            {t("paymentPages.currency")}
            {wallet.main}
          </dd>
        </div>
        {wallet.bonus !== null ? (
          <div className="rounded-lg bg-ink p-3" data-testid="wallet-bonus">
            <dt className="text-xs text-white/60">{t("centre.wallet.bonus")}</dt>
            <dd className="text-lg font-bold tabular-nums">
              {t("paymentPages.currency")}
              {wallet.bonus}
            </dd>
          </div>
        ) : null}
      </dl>
      {detailed ? (
        <dl className="mt-3 divide-y divide-white/10 text-sm">
          <div className="flex justify-between gap-2 py-2" data-testid="wallet-posted">
            <dt className="text-white/60">{t("centre.wallet.total")}</dt>
            <dd className="tabular-nums">
              {t("paymentPages.currency")}
              {wallet.mainPosted}
            </dd>
          </div>
          <div className="flex justify-between gap-2 py-2" data-testid="wallet-held">
            <dt className="text-white/60">
              {t("centre.wallet.held")}
              <span className="block text-xs">{t("centre.wallet.heldCount", { count: wallet.pendingWithdrawals })}</span>
            </dt>
            <dd className="tabular-nums">
              − {t("paymentPages.currency")}
              {wallet.held}
            </dd>
          </div>
          <div className="flex justify-between gap-2 py-2 font-semibold">
            <dt>{t("centre.wallet.available")}</dt>
            <dd className="tabular-nums">
              {t("paymentPages.currency")}
              {wallet.main}
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="mt-3 grid grid-cols-2 gap-2">
        <a href="/deposit" className="btn-primary text-center">
          {t("centre.wallet.deposit")}
        </a>
        <a href="/withdrawal" className="btn-secondary text-center">
          {t("centre.wallet.withdraw")}
        </a>
      </div>
      {detailed ? (
        <a href="/transaction-record" className="mt-3 inline-block text-sm text-brand">
          {t("centre.wallet.records")} ›
        </a>
      ) : null}
    </section>
  );
}
