import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { LanguageSwitch } from "./LanguageSwitch.tsx";

export function GuestToolbar({ locale }: { locale: string }) {
  const { t } = useTranslation();
  return (
    <div className="bottom-bar guest-bar" data-testid="guest-toolbar">
      <LanguageSwitch locale={locale} />
      <a href="/signup" className="btn-secondary grow text-center">
        {t("common.signup")}
      </a>
      <a href="/login" className="btn-primary grow text-center">
        {t("common.login")}
      </a>
    </div>
  );
}

// Promotions and Deposit arrive with the money issue; until then they show as "coming soon", not as dead links.
const items = [
  { to: "/", key: "common.home", icon: "⌂", ready: true },
  { to: "/promotions", key: "common.promotions", icon: "🎁", ready: false },
  { to: "/deposit", key: "common.deposit", icon: "৳", ready: false },
  { to: "/account", key: "common.myAccount", icon: "☺", ready: true },
] as const;

export function BottomToolbar() {
  const { t } = useTranslation();
  return (
    <nav className="bottom-bar player-bar" data-testid="bottom-toolbar">
      {items.map((item) =>
        !item.ready ? (
          <span key={item.to} className="player-bar-item opacity-50" aria-disabled="true" title={t("common.comingSoon")}>
            <span aria-hidden="true" className="text-lg leading-none">
              {item.icon}
            </span>
            <span>{t(item.key)}</span>
          </span>
        ) : (
        <NavLink key={item.to} to={item.to} end className="player-bar-item" prefetch="none">
          <span aria-hidden="true" className="text-lg leading-none">
            {item.icon}
          </span>
          <span>{t(item.key)}</span>
        </NavLink>
        ),
      )}
    </nav>
  );
}
