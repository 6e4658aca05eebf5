import { useTranslation } from "react-i18next";
import { DhakaClock } from "./DhakaClock.tsx";
import { categoryLinks, sportsSubmenu, upcomingEntries } from "./menu-items.ts";

/**
 * Overlay opened by the header's link to #side-menu (CSS :target), so it works without JavaScript;
 * "close" links back to #. The Sports submenu is a <details>.
 */
export function SideMenu({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div id="side-menu" className="side-menu" data-testid="side-menu">
      <a href="#" className="side-menu-backdrop" aria-label={t("common.closeMenu")} tabIndex={-1} />
      <nav className="side-menu-panel" aria-label={t("common.menu")}>
        <div className="flex items-center justify-between border-b border-white/10 p-3">
          <span className="font-bold">{t("common.menu")}</span>
          <a href="#" className="icon-btn" aria-label={t("common.closeMenu")}>
            ✕
          </a>
        </div>
        <ul className="side-menu-list">
          <li>
            <a href="/">{t("common.home")}</a>
          </li>
          <li>
            <details>
              <summary>{t("common.nav.sports")}</summary>
              <ul className="pl-4">
                <li>
                  <a href="/?category=sports#games">{t("common.nav.sports")}</a>
                </li>
                {sportsSubmenu.map((key) => (
                  <li key={key} className="upcoming">
                    {t(key)} <small>{t("common.comingSoon")}</small>
                  </li>
                ))}
              </ul>
            </details>
          </li>
          {categoryLinks.map((c) => (
            <li key={c.slug}>
              <a href={`/?category=${c.slug}#games`}>{t(c.key)}</a>
            </li>
          ))}
          {upcomingEntries.map((key) => (
            <li key={key} className="upcoming">
              {t(key)} <small>{t("common.comingSoon")}</small>
            </li>
          ))}
          {loggedIn ? (
            <li>
              <a href="/account">{t("common.myAccount")}</a>
            </li>
          ) : (
            <>
              <li>
                <a href="/login">{t("common.login")}</a>
              </li>
              <li>
                <a href="/signup">{t("common.signup")}</a>
              </li>
            </>
          )}
        </ul>
        <div className="p-3">
          <DhakaClock label={t("common.timeZoneLabel")} />
        </div>
      </nav>
    </div>
  );
}
