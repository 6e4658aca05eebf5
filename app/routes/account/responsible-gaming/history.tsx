// /account/responsible-gaming/history: the account history's net deposits (RTS 1) for 30 days, 12 months and the
// lifetime, with the ways to the transaction and betting records.
import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { NetDeposits } from "#app/components/protection/NetDeposits.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { netDepositsText } from "#app/modules/protection/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import type { Route } from "./+types/history";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  return {
    title: translate(context, "protectionReality.history.title"),
    layout: layoutFor(request.headers.get("user-agent")),
    area: areaBundle(context, "protectionReality"),
    net: await netDepositsText(player.id),
  };
}

export default function AccountHistory({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="account-history-page">
        <h1 className="mb-2 text-xl font-bold">{t("protectionReality.history.title")}</h1>
        <p className="mb-3 text-sm text-white/80">{t("protectionReality.history.intro")}</p>
        <NetDeposits net={loaderData.net} />
        <p className="mt-2 text-xs text-white/60">{t("protectionReality.history.note")}</p>
        <section className="mt-4 rounded-xl bg-panel p-4" aria-labelledby="records-title">
          <h2 id="records-title" className="mb-2 text-sm font-semibold">
            {t("protectionReality.history.recordsTitle")}
          </h2>
          <ul className="space-y-2 text-sm">
            <li>
              <a className="text-brand underline" href="/transaction-record">
                {t("protectionReality.history.transactionRecord")}
              </a>
            </li>
            <li>
              <a className="text-brand underline" href="/betting-record">
                {t("protectionReality.history.bettingRecord")}
              </a>
            </li>
          </ul>
        </section>
        <p className="mt-3 text-sm">
          <a className="text-brand underline" href="/account/responsible-gaming">
            {t("protectionReality.hub")}
          </a>
        </p>
      </main>
    </AccountFrame>
  );
}
