import { useTranslation } from "react-i18next";
import { NavLink, useRouteLoaderData } from "react-router";
import { UnreadCount } from "#app/components/live/UnreadBadge.tsx";
import type { RootData } from "#app/root.tsx";
import { accountMenu } from "./account-menu.ts";

export function AccountMenu() {
  const { t } = useTranslation();
  const root = useRouteLoaderData("root") as RootData | undefined;
  return (
    <nav aria-label={t("account.menu.title")} className="rounded-xl bg-panel p-2" data-testid="account-menu">
      <h2 className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-white/50">{t("account.menu.title")}</h2>
      <ul>
        {accountMenu.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              prefetch="none"
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm ${isActive ? "bg-white/10 font-semibold text-brand" : "hover:bg-white/5"}`
              }
            >
              <span aria-hidden="true" className="w-5 text-center">
                {item.icon}
              </span>
              <span>{t(item.key)}</span>
              {item.to === "/inbox" && root ? <UnreadCount unread={root.unread} /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
