import { useTranslation } from "#app/i18n/use-translation.ts";
import { NavLink } from "react-router";
import { LanguageSwitch } from "#app/components/layout/LanguageSwitch.tsx";
import { mayViewFinance } from "#app/components/admin/payments/finance-roles.ts";
import { adminMenu, mayOpen } from "#app/routes/admin/pages.ts";
import type { StaffRole } from "#app/modules/staff/index.ts";

type Props = {
  locale: string;
  siteTitle: string;
  mode: "demo" | "real";
  staff: { username: string; name: string; role: StaffRole } | null;
};

export function AdminHeader({ locale, siteTitle, mode, staff }: Props) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-white/10 bg-panel" data-testid="admin-header">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
        <a href="/admin" className="font-bold">
          {siteTitle} <span className="font-normal text-white/60">· {t("admin.title")}</span>
        </a>
        <span
          data-testid="admin-mode"
          className={`rounded px-2 py-0.5 text-xs font-bold ${mode === "demo" ? "demo-marker" : "bg-accent text-white"}`}
        >
          {t(`admin.modeBadge.${mode}`)}
        </span>
        <div className="ml-auto flex items-center gap-2">
          {staff ? (
            <span className="hidden text-sm text-white/70 sm:inline" data-testid="admin-whoami">
              {t("admin.signedInAs", { name: staff.name || staff.username, role: t(`admin.roles.${staff.role}`) })}
            </span>
          ) : null}
          <LanguageSwitch locale={locale} compact />
          {staff ? (
            <form method="post" action="/admin/logout" className="inline">
              <button type="submit" className="btn-secondary !px-2 !py-1 text-sm" data-testid="admin-logout">
                {t("admin.nav.logout")}
              </button>
            </form>
          ) : null}
        </div>
      </div>
      {staff ? (
        <nav className="mx-auto flex max-w-6xl flex-wrap gap-1 px-2 pb-1 text-sm" aria-label={t("admin.title")}>
          {adminMenu
            .filter((l) => mayOpen(staff.role, l.page))
            .map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                // The dashboard only on /admin itself; a section also on its sub-pages (/admin/content/sliders).
                end={l.to === "/admin"}
                className={({ isActive }) =>
                  `whitespace-nowrap rounded px-3 py-2 ${isActive ? "bg-white/10 font-bold text-brand" : "text-white/80 hover:bg-white/5"}`
                }
              >
                {t(l.labelKey)}
              </NavLink>
            ))}
          {mayViewFinance(staff.role) ? (
            // The finance section's own tabs (deposits, withdrawals, ...) are on its pages.
            <NavLink
              to="/admin/finance"
              className={({ isActive }) =>
                `whitespace-nowrap rounded px-3 py-2 ${isActive ? "bg-white/10 font-bold text-brand" : "text-white/80 hover:bg-white/5"}`
              }
              data-testid="admin-nav-finance"
            >
              {t("admin.nav.finance")}
            </NavLink>
          ) : null}
          <a href="/" className="ml-auto whitespace-nowrap px-3 py-2 text-white/60 hover:text-white">
            {t("admin.nav.site")}
          </a>
        </nav>
      ) : null}
    </header>
  );
}
