import { useTranslation } from "#app/i18n/use-translation.ts";
import { NavLink } from "react-router";
import type { RootData } from "#app/root.tsx";
import { InboxLink } from "#app/components/live/UnreadBadge.tsx";
import { HeaderBalance } from "#app/components/payments/HeaderBalance.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { categoryLinks } from "./menu-items.ts";
import { LogoutButton } from "./LogoutButton.tsx";
import { DhakaClock } from "./DhakaClock.tsx";

export function DesktopTopBar({ data }: { data: RootData }) {
  const { t } = useTranslation();
  return (
    <header className="desktop-header" data-testid="desktop-header">
      <div className="desktop-header-inner">
        <a href="/" className="shrink-0">
          {/* Lazy: a phone never shows this header, so the hidden logo is never fetched there. */}
          <img src={data.site.logo} alt={data.site.title} width={150} height={40} loading="lazy" />
        </a>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <DhakaClock label={t("common.timeZoneLabel")} />
          <LanguageSwitch locale={data.locale} />
          {data.player ? (
            <>
              {data.balance ? <HeaderBalance balance={data.balance} variant="desktop" /> : null}
              <InboxLink unread={data.unread} testId="header-inbox-desktop" className="px-1 text-white/80 hover:text-white" />
              <a href="/account" className="btn-secondary" data-testid="account-entry">
                {data.player.username}
              </a>
              <LogoutButton />
            </>
          ) : (
            <>
              <a href="/login" className="btn-secondary">
                {t("common.login")}
              </a>
              <a href="/register" className="btn-primary">
                {t("common.signup")}
              </a>
            </>
          )}
        </div>
      </div>
      {/* Its own row: beside the balance and account of a logged-in player it had to scroll and hid Crash and Fishing. */}
      <nav className="desktop-categories" aria-label={t("common.nav.categories")}>
        <NavLink to="/" end>
          {t("common.home")}
        </NavLink>
        <NavLink to="/sports">{t("common.nav.sports")}</NavLink>
        {categoryLinks.map((c) => (
          <NavLink key={c.slug} to={`/${c.slug}`}>
            {t(c.key)}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
