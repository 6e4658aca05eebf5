import { useTranslation } from "#app/i18n/use-translation.ts";
import { useLocation } from "react-router";
import { gamerunHref, providerGamesHref } from "#app/components/games/catalogue/links.ts";
import type { CatalogueMenu } from "#app/modules/games/index.server.ts";
import { DhakaClock } from "./DhakaClock.tsx";
import { categoryLinks, memberLinks, sportsBooks } from "./menu-items.ts";

/**
 * Overlay opened by the header's link to #side-menu (CSS :target), so it works without JavaScript;
 * "close" links back to #. Each category is a <details> listing its page and its providers (each a /games
 * view); the Sports submenu opens the sports books' games.
 */
export function SideMenu({ loggedIn, menu }: { loggedIn: boolean; menu: CatalogueMenu }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const books = sportsBooks.flatMap((b) => {
    const game = menu.sports.find((g) => g.platform === b.platform);
    return game ? [{ ...b, code: game.code }] : [];
  });
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
                  <a href="/sports">{t("common.nav.allIn", { category: t("common.nav.sports") })}</a>
                </li>
                <li>
                  <a href="/exchange">{t("common.nav.exchange")}</a>
                </li>
                {books.map((b) => (
                  <li key={b.platform}>
                    <a href={gamerunHref(b.code, pathname + search)}>{t(b.key)}</a>
                  </li>
                ))}
              </ul>
            </details>
          </li>
          {categoryLinks.map((c) => {
            const providers = menu.providers[c.type];
            if (providers.length === 0) {
              return (
                <li key={c.slug}>
                  <a href={`/${c.slug}`}>{t(c.key)}</a>
                </li>
              );
            }
            return (
              <li key={c.slug}>
                <details>
                  <summary>{t(c.key)}</summary>
                  <ul className="pl-4">
                    <li>
                      <a href={`/${c.slug}`}>{t("common.nav.allIn", { category: t(c.key) })}</a>
                    </li>
                    {providers.map((p) => (
                      <li key={p.platform}>
                        <a href={providerGamesHref(c.type, p.platform, p.name)}>{p.name}</a>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            );
          })}
          {memberLinks.map((item) => (
            <li key={item.href}>
              <a href={item.href}>{t(item.key)}</a>
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
