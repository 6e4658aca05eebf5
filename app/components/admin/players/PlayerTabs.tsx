import { useTranslation } from "#app/i18n/use-translation.ts";
import { NavLink } from "react-router";
import { mayOpen } from "#app/routes/admin/pages.ts";
import type { StaffRole } from "#app/modules/staff/index.ts";

const tabs = [
  { key: "profile", path: "", page: "players" },
  { key: "limits", path: "/limits", page: "protection" },
  { key: "exclusions", path: "/exclusions", page: "protection" },
  { key: "documents", path: "/documents", page: "protection" },
  { key: "risk", path: "/risk", page: "risk" },
] as const;

/** The tabs of one player's back-office pages (/admin/players/:id and its protection pages), by the staff member's role. */
export function PlayerTabs({ playerId, username, role }: { playerId: number; username: string; role: StaffRole }) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="mb-2 text-xl font-bold">{username}</h1>
      <nav className="mb-3 flex flex-wrap gap-1 border-b border-white/10 text-sm" data-testid="player-tabs">
        {tabs
          .filter((tab) => mayOpen(role, tab.page))
          .map((tab) => (
            <NavLink
              key={tab.key}
              to={`/admin/players/${playerId}${tab.path}`}
              end
              className={({ isActive }) =>
                `rounded-t px-3 py-1.5 ${isActive ? "bg-panel font-semibold text-white" : "text-white/60 hover:text-white"}`
              }
            >
              {t(`admin.playerTabs.${tab.key}`)}
            </NavLink>
          ))}
      </nav>
    </>
  );
}
