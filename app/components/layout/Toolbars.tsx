import { useTranslation } from "#app/i18n/use-translation.ts";
import { NavLink } from "react-router";
import { LanguageSwitch } from "./LanguageSwitch.tsx";

export function GuestToolbar({ locale }: { locale: string }) {
  const { t } = useTranslation();
  return (
    <nav className="bottom-bar guest-bar" aria-label={t("common.guestLinks")} data-testid="guest-toolbar">
      <LanguageSwitch locale={locale} />
      <a href="/signup" className="btn-secondary grow text-center">
        {t("common.signup")}
      </a>
      <a href="/login" className="btn-primary grow text-center">
        {t("common.login")}
      </a>
    </nav>
  );
}

const items = [
  { to: "/", key: "common.home", icon: "home" },
  { to: "/promotions", key: "common.promotions", icon: "gift" },
  { to: "/deposit", key: "common.deposit", icon: "wallet" },
  { to: "/account", key: "common.myAccount", icon: "user" },
] as const;

// Inline icons: low-end Android and Linux builds often lack an emoji font.
const iconPaths = {
  home: "M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z",
  gift: "M4 10h16v11H4zM2 7h20v3H2zM12 7v14M12 7c-2-4-6-4-6-1s6 1 6 1zm0 0c2-4 6-4 6-1s-6 1-6 1z",
  wallet: "M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3zM3 7l13-4v4M16 13h3",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6",
} as const;

function ToolbarIcon({ name }: { name: keyof typeof iconPaths }) {
  return (
    <svg
      aria-hidden="true"
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}

export function BottomToolbar() {
  const { t } = useTranslation();
  return (
    <nav className="bottom-bar player-bar" aria-label={t("common.playerLinks")} data-testid="bottom-toolbar">
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} end className="player-bar-item" prefetch="none">
          <ToolbarIcon name={item.icon} />
          <span>{t(item.key)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
