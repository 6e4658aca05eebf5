import { useTranslation } from "#app/i18n/use-translation.ts";
import { z } from "zod";
import { exchangeHandle } from "#app/components/exchange/ExchangeNav.tsx";
import { PriceChart } from "#app/components/exchange/PriceChart.tsx";
import { exchangeId } from "#app/components/exchange/schemas.ts";
import { useMarketReload } from "#app/components/exchange/use-market-reload.ts";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { ladderPage } from "#app/modules/exchange/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/ladder";

export const handle = exchangeHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const querySchema = z.object({ market: exchangeId, runner: exchangeId });

/** /exchange-ladder?market=<match odds id>&runner=<its runner id>: the runner's price ladder and price history. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requirePlayer(context, url);
  const q = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!q.success) throw new Response("market and runner must be ids", { status: 400 });
  const page = await ladderPage(q.data.market, q.data.runner);
  if (!page) throw new Response("No such runner in a match-odds market", { status: 404 });
  return {
    ...page,
    title: `${translate(context, "exchange.depth.title", { runner: page.runner.name })} – ${page.event.name}`,
    area: areaBundle(context, "exchange"),
  };
}

export default function Ladder({ loaderData }: Route.ComponentProps) {
  useArea([loaderData.area]);
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { event, market, runner, rows, history } = loaderData;
  const live = useMarketReload(market.id, hydrated && market.status !== "closed");
  const chartTitle = t("exchange.depth.chartTitle", { runner: runner.name });
  return (
    <main className="mx-auto max-w-3xl p-3 pb-20" data-testid="ladder-page">
      <header className="mb-3 rounded-xl bg-panel p-3">
        <p className="text-xs text-white/70">
          <a href={`/odds-view?market=${market.id}`} className="underline">
            {t("exchange.depth.backToMarket")}
          </a>{" "}
          · {event.name}
        </p>
        <h1 className="flex items-center gap-2 text-lg font-bold">
          <span className="flex-1">{t("exchange.depth.title", { runner: runner.name })}</span>
          {live ? (
            <span className="text-xs font-normal text-emerald-400" data-testid="live-indicator">
              ● {t("exchange.market.live")}
            </span>
          ) : null}
        </h1>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
          <div>
            <dt className="text-white/70">{t("exchange.depth.lastTraded")}</dt>
            <dd className="text-base font-bold tabular-nums" data-testid="ladder-ltp">
              {loaderData.ltp ?? "–"}
            </dd>
          </div>
          <div>
            <dt className="text-white/70">{t("exchange.depth.matched")}</dt>
            <dd className="text-base font-bold tabular-nums" data-testid="ladder-matched">
              {loaderData.matched}
            </dd>
          </div>
          <div>
            <dt className="text-white/70">{t("exchange.depth.marketMatched")}</dt>
            <dd className="text-base font-bold tabular-nums">{loaderData.marketMatched}</dd>
          </div>
        </dl>
      </header>

      <section className="mb-3 rounded-xl bg-panel p-3" aria-labelledby="price-history">
        <h2 id="price-history" className="mb-2 font-bold">
          {chartTitle}
        </h2>
        {history.length === 0 ? (
          <p className="text-sm text-white/70">{t("exchange.depth.noTrades")}</p>
        ) : (
          <>
            <PriceChart points={history} title={chartTitle} testId="price-chart" />
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer underline">
                {t("exchange.depth.history")} (
                {t("exchange.depth.chartFrom", { from: history[0]!.time, to: history.at(-1)!.time, points: history.length })})
              </summary>
              <table className="mt-2 w-full text-xs" data-testid="price-history">
                <thead>
                  <tr className="text-left text-white/70">
                    <th scope="col">{t("exchange.depth.time")}</th>
                    <th scope="col">{t("exchange.depth.price")}</th>
                    <th scope="col">{t("exchange.depth.range")}</th>
                    <th scope="col" className="text-right">
                      {t("exchange.depth.volume")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {history.map((p, i) => (
                    <tr key={i} className="border-t border-white/10 tabular-nums">
                      <td>{p.time}</td>
                      <td>{p.price}</td>
                      <td>{p.low === p.high ? p.low : `${p.low}–${p.high}`}</td>
                      <td className="text-right">{p.volume}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        )}
      </section>

      <table className="w-full overflow-hidden rounded-xl bg-panel text-sm tabular-nums" data-testid="ladder">
        <caption className="bg-panel-2 px-3 py-2 text-left font-bold">{t("exchange.depth.ladderCaption")}</caption>
        <thead>
          <tr className="text-xs">
            <th scope="col" className="px-2 py-1 text-right font-semibold text-sky-300">
              {t("exchange.depth.toBack")}
            </th>
            <th scope="col" className="px-2 py-1 text-center font-semibold">
              {t("exchange.depth.price")}
            </th>
            <th scope="col" className="px-2 py-1 text-left font-semibold text-pink-300">
              {t("exchange.depth.toLay")}
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold text-white/80">
              {t("exchange.depth.traded")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4} className="p-4 text-center text-white/70">
                {t("exchange.depth.emptyLadder")}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.tick} className="border-t border-white/10" data-testid="ladder-row" data-price={r.price}>
                <td className="p-0.5 text-right">
                  {r.toBack ? (
                    <span className={`block rounded px-2 py-0.5 text-ink ${r.bestBack ? "bg-sky-400 font-extrabold" : "bg-sky-200"}`}>
                      {r.toBack}
                    </span>
                  ) : null}
                </td>
                <th scope="row" className={`px-2 text-center ${r.last ? "bg-amber-300 font-extrabold text-ink" : "font-semibold"}`}>
                  {r.price}
                </th>
                <td className="p-0.5 text-left">
                  {r.toLay ? (
                    <span className={`block rounded px-2 py-0.5 text-ink ${r.bestLay ? "bg-pink-400 font-extrabold" : "bg-pink-200"}`}>
                      {r.toLay}
                    </span>
                  ) : null}
                </td>
                <td className="px-2 text-right text-white/90" data-testid="ladder-traded">
                  {r.traded}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </main>
  );
}
