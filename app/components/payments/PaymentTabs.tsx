import { useTranslation } from "#app/i18n/use-translation.ts";

/** Deposit / Withdrawal switch at the top of both pages: plain links. */
export function PaymentTabs({ active }: { active: "deposit" | "withdrawal" }) {
  const { t } = useTranslation();
  const tab = (key: "deposit" | "withdrawal") =>
    `flex-1 rounded-lg py-2 text-center text-sm font-semibold ${active === key ? "bg-brand text-black" : "text-white/80 hover:bg-white/5"}`;
  return (
    <nav className="mb-3 flex gap-1 rounded-xl bg-panel p-1" data-testid="money-tabs">
      <a href="/deposit" className={tab("deposit")} aria-current={active === "deposit" ? "page" : undefined}>
        {t("paymentPages.tabs.deposit")}
      </a>
      <a href="/withdrawal" className={tab("withdrawal")} aria-current={active === "withdrawal" ? "page" : undefined}>
        {t("paymentPages.tabs.withdrawal")}
      </a>
    </nav>
  );
}
