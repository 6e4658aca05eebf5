import { useTranslation } from "#app/i18n/use-translation.ts";
import type { RootData } from "#app/root.tsx";
import { HeaderBalance } from "#app/components/payments/HeaderBalance.tsx";
import { ChatButton } from "#app/components/chat/ChatButton.tsx";
import { InboxLink } from "#app/components/live/UnreadBadge.tsx";
import { ExchangeNav, useExchangeNav } from "#app/components/exchange/ExchangeNav.tsx";
import { BackToTop } from "./BackToTop.tsx";
import { BottomToolbar, GuestToolbar } from "./Toolbars.tsx";
import { DesktopTopBar } from "./DesktopTopBar.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { SideMenu } from "./SideMenu.tsx";

/**
 * The site's chrome around a page. A page shown inside another page's frame (a game in /gamerun) gets only the
 * demo marker and itself: root marks <html data-framed> and CSS hides the .site-chrome parts.
 */
export function Shell({ data, children }: { data: RootData; children: React.ReactNode }) {
  const { t } = useTranslation();
  const exchangeNav = useExchangeNav() && !!data.player;
  return (
    <>
      {data.site.mode === "demo" ? (
        <aside className="demo-marker" data-testid="demo-marker">
          {t("common.demoMarker")}
        </aside>
      ) : null}
      <div className="desktop-only site-chrome">
        <DesktopTopBar data={data} />
      </div>
      <div className="mobile-only site-chrome">
        <header className="mobile-header" data-testid="mobile-header">
          <a href="#side-menu" className="icon-btn" aria-label={t("common.menu")} data-testid="menu-button">
            <span aria-hidden="true">☰</span>
          </a>
          <a href="/" className="mobile-logo">
            <img src={data.site.mobileLogo} alt={data.site.title} width={110} height={32} loading="lazy" />
          </a>
          {data.balance ? <HeaderBalance balance={data.balance} variant="mobile" /> : null}
          {data.player ? <InboxLink unread={data.unread} testId="header-inbox-mobile" className="shrink-0 px-1" /> : null}
          <nav className="mobile-header-links" aria-label={t("common.headerLinks")}>
            <a href={`mailto:${data.site.supportMail}`}>{t("common.help")}</a>
            <a href="/app-download">{t("common.appDownload")}</a>
            <LanguageSwitch locale={data.locale} compact />
          </nav>
        </header>
        <SideMenu loggedIn={!!data.player} menu={data.menu} />
      </div>
      {data.toast ? (
        <div role="status" className="toast" data-testid="toast">
          {data.toast}
        </div>
      ) : null}
      {exchangeNav ? (
        <div className="desktop-only site-chrome">
          <ExchangeNav variant="top" />
        </div>
      ) : null}
      <div className="page">{children}</div>
      <div className="mobile-only site-chrome">
        {exchangeNav ? <ExchangeNav variant="bottom" /> : data.player ? <BottomToolbar /> : <GuestToolbar locale={data.locale} />}
      </div>
      {/* Landmarks hold every part of the page; these two float over it. */}
      <aside aria-label={t("common.floatingButtons")}>
        <BackToTop />
        {data.player ? <ChatButton /> : null}
      </aside>
    </>
  );
}
