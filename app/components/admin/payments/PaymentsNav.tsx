import { useTranslation } from "#app/i18n/use-translation.ts";
import { NavLink } from "react-router";

const links = [
  { to: "/admin/finance/deposits", key: "adminPayments.nav.deposits" },
  { to: "/admin/finance/withdrawals", key: "adminPayments.nav.withdrawals" },
  { to: "/admin/finance/adjustments", key: "adminPayments.nav.adjustments" },
  { to: "/admin/finance/payment-methods", key: "adminPayments.nav.methods" },
  { to: "/admin/finance/checkouts", key: "adminPayments.nav.checkouts" },
  { to: "/admin/finance/promotions", key: "adminPayments.nav.promotions" },
] as const;

/** The finance section's own tabs, under the back office's main navigation. */
export function PaymentsNav() {
  const { t } = useTranslation();
  return (
    <nav className="mb-4 flex gap-1 overflow-x-auto border-b border-white/10 text-sm" aria-label={t("adminPayments.title")} data-testid="finance-nav">
      {links.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          className={({ isActive }) =>
            `whitespace-nowrap border-b-2 px-3 py-2 ${isActive ? "border-brand font-bold text-brand" : "border-transparent text-white/80 hover:text-white"}`
          }
        >
          {t(l.key)}
        </NavLink>
      ))}
    </nav>
  );
}
