import { useTranslation } from "#app/i18n/use-translation.ts";
import { NavLink } from "react-router";

/** The tabs of the back office's games section. */
export function GamesNav() {
  const { t } = useTranslation();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap rounded px-3 py-2 text-sm ${isActive ? "bg-white/10 font-bold text-brand" : "text-white/80 hover:bg-white/5"}`;
  return (
    <nav className="mb-3 flex gap-1" aria-label={t("adminGames.title")} data-testid="games-nav">
      <NavLink to="/admin/games" end className={tab}>
        {t("adminGames.tabs.games")}
      </NavLink>
      <NavLink to="/admin/games/providers" end className={tab}>
        {t("adminGames.tabs.providers")}
      </NavLink>
    </nav>
  );
}
