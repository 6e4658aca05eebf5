import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { AccountMenu } from "#app/components/account/AccountMenu.tsx";
import { ContactLinks } from "#app/components/account/ContactLinks.tsx";
import { PersonalInfo } from "#app/components/account/PersonalInfo.tsx";
import { SecurityLevel } from "#app/components/account/SecurityLevel.tsx";
import { LogoutButton } from "#app/components/layout/LogoutButton.tsx";
import { getInstance } from "#app/i18n/i18n.server.ts";
import { listSocialLinks } from "#app/modules/content/content.server.ts";
import { findPlayerById, securityLevel } from "#app/modules/players/players.server.ts";
import { requirePlayer } from "#app/modules/sessions/auth.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { formatDhaka } from "#app/utils/time.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const auth = requirePlayer(context, url);
  // The session decides whose data this is; nothing in the URL can point at another player.
  const [player, links] = await Promise.all([findPlayerById(auth.player.id), listSocialLinks()]);
  if (!player) throw data(null, { status: 404 });
  return {
    title: getInstance(context).t("account.title"),
    layout: layoutFor(request.headers.get("user-agent")),
    level: securityLevel(player),
    info: {
      username: player.username,
      name: player.name,
      phone: player.phone,
      phoneVerified: !!player.phoneVerifiedAt,
      email: player.email,
      emailVerified: !!player.emailVerifiedAt,
      registeredAt: formatDhaka(player.createdAt),
      lastLoginAt: formatDhaka(player.lastLoginAt),
    },
    contactLinks: links.map(({ platform, url, label }) => ({ platform, url, label })),
  };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { layout, level, info, contactLinks } = loaderData;
  const desktop = layout === "desktop";
  // One tree for both arrangements: stacked on phones (and windows up to 768 px, as app.css does), menu at the left on desktops.
  // On phones the two columns dissolve (display: contents) and `order` interleaves their cards.
  const column = desktop ? "contents min-[769px]:flex min-[769px]:flex-col min-[769px]:gap-4" : "contents";
  return (
    <main className="mx-auto max-w-5xl p-3 min-[769px]:p-6" data-testid="account-page">
      <h1 className="mb-3 text-xl font-bold">{t("account.title")}</h1>
      <div
        className={desktop ? "flex flex-col gap-4 min-[769px]:grid min-[769px]:grid-cols-[16rem_1fr] min-[769px]:items-start" : "flex flex-col gap-4"}
      >
        <div className={column}>
          <section className="order-1 flex items-center gap-3 rounded-xl bg-panel p-4" data-testid="account-summary">
            <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand text-xl font-bold text-black">
              {info.username.slice(0, 1).toUpperCase()}
            </span>
            <div className="min-w-0">
              <p className="truncate font-semibold">{t("account.hello", { username: info.username })}</p>
              <p className="text-xs text-white/60">
                {t("account.securityLevel")}: {t(`account.security.${level}`)}
              </p>
            </div>
          </section>
          <div className="order-2">
            <AccountMenu />
          </div>
          <div className="order-5 flex flex-col gap-4">
            <ContactLinks links={contactLinks} />
            <LogoutButton className="btn-secondary w-full" />
          </div>
        </div>
        <div className={column}>
          <div className="order-3">
            <SecurityLevel level={level} />
          </div>
          <div className="order-4">
            <PersonalInfo info={info} />
          </div>
        </div>
      </div>
    </main>
  );
}
