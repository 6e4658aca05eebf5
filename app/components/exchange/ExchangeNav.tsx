import { useTranslation } from "#app/i18n/use-translation.ts";
import { NavLink, useMatches } from "react-router";

const items = [
  { to: "/exchange", key: "common.exchangeNav.home" },
  { to: "/exchange-inplay", key: "common.exchangeNav.inplay" },
  { to: "/exchange-sports", key: "common.exchangeNav.sports" },
  { to: "/exchange-multi", key: "common.exchangeNav.multi" },
  { to: "/exchange-account", key: "common.exchangeNav.account" },
] as const;

/** A route whose handle has `exchangeNav: true` gets the exchange's navigation instead of the site's bottom toolbar. */
export const exchangeHandle = { exchangeNav: true };

export function useExchangeNav(): boolean {
  return useMatches().some((m) => (m.handle as { exchangeNav?: boolean } | undefined)?.exchangeNav === true);
}

/** The exchange's five places: a bar at the bottom on phones, a row of tabs above the page on desktops. */
export function ExchangeNav({ variant }: { variant: "bottom" | "top" }) {
  const { t } = useTranslation();
  return (
    <nav
      className={variant === "bottom" ? "bottom-bar player-bar" : "exchange-top-nav"}
      aria-label={t("common.exchangeNav.label")}
      data-testid={`exchange-nav-${variant}`}
    >
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} end className={variant === "bottom" ? "player-bar-item" : "exchange-top-nav-item"} prefetch="none">
          <span className={variant === "bottom" ? "text-center text-xs leading-tight" : undefined}>{t(item.key)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
