import { useTranslation } from "#app/i18n/use-translation.ts";
import { NavLink, useRouteLoaderData } from "react-router";
import type { loader as adminLayoutLoader } from "#app/routes/admin/layout.tsx";
import { mayOpen } from "#app/routes/admin/pages.ts";

/** The tabs of the back office's games section (Crash seeding only for the roles that may open it). */
export function GamesNav() {
  const { t } = useTranslation();
  const role = useRouteLoaderData<typeof adminLayoutLoader>("routes/admin/layout")?.staff?.role;
  const tab = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap rounded px-3 py-2 text-sm ${isActive ? "bg-white/10 font-bold text-brand" : "text-white/80 hover:bg-white/5"}`;
  return (
    <nav className="mb-3 flex flex-wrap gap-1" aria-label={t("adminGames.title")} data-testid="games-nav">
      <NavLink to="/admin/games" end className={tab}>
        {t("adminGames.tabs.games")}
      </NavLink>
      <NavLink to="/admin/games/providers" end className={tab}>
        {t("adminGames.tabs.providers")}
      </NavLink>
      {role && mayOpen(role, "crashChains") ? (
        <NavLink to="/admin/games/crash-chains" end className={tab}>
          {t("adminGames.tabs.chains")}
        </NavLink>
      ) : null}
    </nav>
  );
}
