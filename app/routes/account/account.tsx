import { translator } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, redirect } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { AccountMenu } from "#app/components/account/AccountMenu.tsx";
import { ActivityTimes } from "#app/components/account/ActivityTimes.tsx";
import { ContactLinks } from "#app/components/account/ContactLinks.tsx";
import { PersonalInfo } from "#app/components/account/PersonalInfo.tsx";
import { PromotionStrip } from "#app/components/account/PromotionStrip.tsx";
import { SecurityLevel } from "#app/components/account/SecurityLevel.tsx";
import { VerificationTips } from "#app/components/account/VerificationTips.tsx";
import { WalletCard } from "#app/components/account/WalletCard.tsx";
import { LogoutButton } from "#app/components/layout/LogoutButton.tsx";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { listSocialLinks } from "#app/modules/content/index.server.ts";
import { findPlayerById } from "#app/modules/players/index.server.ts";
import { playerVip } from "#app/modules/profile/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { accountOverview, resolveAccountTab, walletFigures } from "./member-centre.server.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/**
 * The member centre. `?tab=` is the spec's desktop tab: a section with its own page redirects there (it renders
 * inside the member-centre frame), `wallet` is shown here, anything else is the overview.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const auth = requirePlayer(context, url);
  const tab = resolveAccountTab(url.searchParams.get("tab"));
  if ("redirect" in tab) throw redirect(tab.redirect);
  const t = translator(context);
  const layout = layoutFor(request.headers.get("user-agent"));
  // The session decides whose data this is; nothing in the URL can point at another player.
  if (tab.view === "wallet") {
    return { view: "wallet" as const, title: t("centre.wallet.title"), layout, wallet: await walletFigures(auth.player.id) };
  }
  const [player, links, vip] = await Promise.all([findPlayerById(auth.player.id), listSocialLinks(), playerVip(auth.player.id, getLocale(context))]);
  if (!player) throw data(null, { status: 404 });
  return {
    view: "overview" as const,
    title: t("account.title"),
    layout,
    overview: await accountOverview(player, getLocale(context)),
    vip,
    contactLinks: links.map(({ platform, url, label }) => ({ platform, url, label })),
  };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "wallet") {
    return (
      <main data-testid="account-wallet-page">
        <AccountFrame layout={loaderData.layout}>
          <WalletCard wallet={loaderData.wallet} detailed />
        </AccountFrame>
      </main>
    );
  }
  return <Overview layout={loaderData.layout} overview={loaderData.overview} vip={loaderData.vip} contactLinks={loaderData.contactLinks} />;
}

type OverviewData = Extract<Route.ComponentProps["loaderData"], { view: "overview" }>;

function Overview({ layout, overview, vip, contactLinks }: Pick<OverviewData, "layout" | "overview" | "vip" | "contactLinks">) {
  const { t } = useTranslation();
  const { level, info, missing, wallet, activity, promotions } = overview;
  const desktop = layout === "desktop";
  // One tree for both arrangements: stacked on phones (and windows up to 768 px, as app.css does), menu at the left on desktops.
  // On phones the two columns dissolve (display: contents) and `order` interleaves their cards.
  const column = desktop ? "contents min-[769px]:flex min-[769px]:flex-col min-[769px]:gap-4" : "contents";
  return (
    <main className="mx-auto max-w-5xl p-3 min-[769px]:p-6" data-testid="account-page">
      <h1 className="mb-3 text-xl font-bold">{t("account.title")}</h1>
      <div
        className={
          desktop ? "flex flex-col gap-4 min-[769px]:grid min-[769px]:grid-cols-[16rem_minmax(0,1fr)] min-[769px]:items-start" : "flex flex-col gap-4"
        }
      >
        <div className={column}>
          <section className="order-1 flex items-center gap-3 rounded-xl bg-panel p-4" data-testid="account-summary">
            <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand text-xl font-bold text-black">
              {info.username.slice(0, 1).toUpperCase()}
            </span>
            <div className="min-w-0">
              <h2 className="truncate text-base font-semibold">{t("account.hello", { username: info.username })}</h2>
              <p className="text-xs text-white/60">
                {t("account.securityLevel")}: {t(`account.security.${level}`)}
              </p>
            </div>
          </section>
          <div className="order-4">
            <AccountMenu badges={{ vipPoints: vip.pointsText }} />
          </div>
          <div className="order-9 flex flex-col gap-4">
            <ContactLinks links={contactLinks} />
            <LogoutButton className="btn-secondary w-full" />
          </div>
        </div>
        <div className={column}>
          {missing.length ? (
            <div className="order-2">
              <VerificationTips missing={missing} />
            </div>
          ) : null}
          <div className="order-3">
            <WalletCard wallet={wallet} />
          </div>
          <div className="order-5 min-w-0">
            <PromotionStrip promotions={promotions} />
          </div>
          <div className="order-6">
            <SecurityLevel level={level} />
          </div>
          <div className="order-7">
            <ActivityTimes activity={activity} />
          </div>
          <div className="order-8">
            <PersonalInfo info={info} />
          </div>
        </div>
      </div>
    </main>
  );
}
