import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { UnreadCount } from "#app/components/live/UnreadBadge.tsx";
import type { RootData } from "#app/root.tsx";
import { type AccountMenuBadge, accountMenu, accountMenuGroups } from "./account-menu.ts";

export type AccountMenuBadges = Partial<Record<AccountMenuBadge, string | number>>;

/** Whether a menu entry is the page shown: path and, for entries with a query (/account?tab=wallet), that query too. */
function isCurrent(to: string, pathname: string, search: string) {
  const [path, query = ""] = to.split("?");
  if (path !== pathname) return false;
  const tab = new URLSearchParams(search).get("tab");
  return query ? new URLSearchParams(query).get("tab") === tab : !tab || tab === "profile";
}

/** The member menu in the spec's groups; `badges` adds figures beside entries (unread messages, VIP points). */
export function AccountMenu({ badges = {} }: { badges?: AccountMenuBadges }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const root = useRouteLoaderData("root") as RootData | undefined;
  return (
    <nav aria-label={t("account.menu.title")} className="rounded-xl bg-panel p-2" data-testid="account-menu">
      {accountMenuGroups.map((group) => (
        <div key={group} data-group={group}>
          {/* The overview is the member centre itself: its entry needs no heading of the same name above it. */}
          <h2 className={`px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-white/50 ${group === "overview" ? "sr-only" : ""}`}>
            {t(`account.menu.groups.${group}`)}
          </h2>
          <ul>
            {accountMenu
              .filter((item) => item.group === group)
              .map((item) => {
                const current = isCurrent(item.to, pathname, search);
                const badgeName = "badge" in item ? item.badge : undefined;
                const badge = badgeName ? badges[badgeName] : undefined;
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      prefetch="none"
                      aria-current={current ? "page" : undefined}
                      className={`flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm ${current ? "bg-white/10 font-semibold text-brand" : "hover:bg-white/5"}`}
                    >
                      <span aria-hidden="true" className="w-5 text-center">
                        {item.icon}
                      </span>
                      <span className="flex-1">{t(item.key)}</span>
                      {badgeName === "unread" ? <UnreadCount unread={Number(badges.unread ?? root?.unread ?? 0)} /> : null}
                      {/* VP are a figure, not a notice: plain text, shown at 0 too. */}
                      {badgeName === "vipPoints" && badge !== undefined ? (
                        <span className="text-xs font-semibold tabular-nums text-brand" data-testid={`menu-badge-${badgeName}`}>
                          {t("account.menu.vipPointsBadge", { points: badge })}
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
