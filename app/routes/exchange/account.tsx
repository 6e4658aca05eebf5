import { useTranslation } from "react-i18next";
import { z } from "zod";
import { exchangeHandle } from "#app/components/exchange/ExchangeNav.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { getInstance } from "#app/i18n/i18n.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { accountPage } from "#app/modules/exchange/pages.server.ts";
import { requirePlayer } from "#app/modules/sessions/auth.server.ts";
import type { Route } from "./+types/account";

export const handle = exchangeHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const querySchema = z.object({
  view: z.enum(["bets", "history"]).catch("bets"),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

/** /exchange-account: My Profile, Balance Overview (exposure held), My Bets (open) and Bets History (settled), from the ledger and the orders. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const { view, before } = querySchema.parse({
    view: url.searchParams.get("view") ?? undefined,
    before: url.searchParams.get("before") ?? undefined,
  });
  const page = await accountPage(player.id, view === "history", before);
  return {
    title: getInstance(context).t("exchange.accountTitle"),
    area: areaBundle(context, "exchange"),
    profile: { id: player.id, username: player.username },
    view,
    ...page,
  };
}

export default function ExchangeAccount({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  const { profile, balance, bets, view, next } = loaderData;
  const views = [
    { key: "bets", label: t("exchange.account.bets") },
    { key: "history", label: t("exchange.account.history") },
  ] as const;
  return (
    <main className="mx-auto max-w-4xl p-3 pb-20" data-testid="exchange-account">
      <h1 className="mb-3 text-lg font-bold">{t("exchange.accountTitle")}</h1>
      <div className="mb-3 grid gap-3 min-[700px]:grid-cols-2">
        <section className="rounded-xl bg-panel p-3" aria-labelledby="xa-profile">
          <h2 id="xa-profile" className="mb-2 font-bold">
            {t("exchange.account.profile")}
          </h2>
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt className="text-white/60">{t("exchange.account.accountId")}</dt>
            <dd className="tabular-nums">{profile.id}</dd>
            <dt className="text-white/60">{t("exchange.account.username")}</dt>
            <dd>{profile.username}</dd>
            <dt className="text-white/60">{t("exchange.account.timeZone")}</dt>
            <dd>{t("common.timeZoneLabel")} (Asia/Dhaka)</dd>
          </dl>
        </section>
        <section className="rounded-xl bg-panel p-3" aria-labelledby="xa-balance" data-testid="exchange-balance">
          <h2 id="xa-balance" className="mb-2 font-bold">
            {t("exchange.account.balance")}
          </h2>
          <dl className="grid grid-cols-2 gap-1 text-sm tabular-nums">
            <dt className="text-white/60">{t("exchange.account.main")}</dt>
            <dd>{balance.main}</dd>
            <dt className="text-white/60">{t("exchange.account.exposure")}</dt>
            <dd data-testid="account-exposure">{balance.exposure}</dd>
            <dt className="text-white/60">{t("exchange.account.available")}</dt>
            <dd>{balance.available}</dd>
            <dt className="text-white/60">{t("exchange.account.bonus")}</dt>
            <dd>{balance.bonus}</dd>
          </dl>
        </section>
      </div>
      <nav className="mb-2 flex gap-1 rounded-xl bg-panel p-1" aria-label={t("exchange.account.bets")}>
        {views.map((v) => (
          <a
            key={v.key}
            href={`/exchange-account?view=${v.key}`}
            aria-current={v.key === view ? "page" : undefined}
            className={`flex-1 rounded-lg px-3 py-2 text-center text-sm font-semibold ${v.key === view ? "bg-brand text-ink" : "text-white/80"}`}
          >
            {v.label}
          </a>
        ))}
      </nav>
      <div className="overflow-x-auto rounded-xl bg-panel">
        <table className="w-full text-left text-sm" data-testid="exchange-bets">
          <thead className="bg-panel-2 text-xs text-white/70">
            <tr>
              <th className="px-2 py-2">{t("exchange.account.event")}</th>
              <th className="px-2 py-2">{t("exchange.account.selection")}</th>
              <th className="px-2 py-2">{t("exchange.account.side")}</th>
              <th className="px-2 py-2">{t("exchange.account.price")}</th>
              <th className="px-2 py-2">{t("exchange.account.stake")}</th>
              <th className="px-2 py-2">{t("exchange.account.status")}</th>
              {view === "history" ? <th className="px-2 py-2">{t("exchange.account.net")}</th> : null}
              <th className="px-2 py-2">
                {t("exchange.account.placed")} ({t("common.timeZoneLabel")})
              </th>
            </tr>
          </thead>
          <tbody>
            {bets.length === 0 ? (
              <tr>
                <td colSpan={8} className="p-4 text-center text-white/60">
                  {t("exchange.account.noData")}
                </td>
              </tr>
            ) : (
              bets.map((b) => (
                <tr key={b.id} className="border-t border-white/10">
                  <td className="px-2 py-1.5">
                    <a href={`/odds-view?market=${b.marketId}`} className="hover:underline">
                      {b.event}
                    </a>
                    <small className="block text-white/50">{b.market}</small>
                  </td>
                  <td className="px-2 py-1.5">{b.selection}</td>
                  <td className="px-2 py-1.5">{t(`exchange.account.sides.${b.side}`)}</td>
                  <td className="px-2 py-1.5 tabular-nums">{b.price}</td>
                  <td className="px-2 py-1.5 tabular-nums">{b.stake}</td>
                  <td className="px-2 py-1.5">{t(`exchange.account.statuses.${b.status}`)}</td>
                  {view === "history" ? (
                    <td className={`px-2 py-1.5 tabular-nums ${b.net?.negative ? "text-red-400" : "text-emerald-400"}`}>{b.net?.text ?? "–"}</td>
                  ) : null}
                  <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">{b.placedAt}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {next ? (
        <a href={`/exchange-account?view=${view}&before=${next}`} className="mt-2 inline-block text-sm underline">
          {t("exchange.account.more")}
        </a>
      ) : null}
    </main>
  );
}
