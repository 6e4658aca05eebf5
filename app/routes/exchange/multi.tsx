import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { exchangeHandle } from "#app/components/exchange/ExchangeNav.tsx";
import { usePinnedLive } from "#app/components/exchange/use-pinned-live.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { multiMarketsPage } from "#app/modules/exchange/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/multi";

export const handle = exchangeHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** /exchange-multi: the match odds the player pinned, side by side, each leading to its market page; prices live. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  return { title: translate(context, "exchange.multiTitle"), area: areaBundle(context, "exchange"), markets: await multiMarketsPage(player.id) };
}

export default function ExchangeMulti({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  const { cards: markets, connected } = usePinnedLive(loaderData.markets);
  return (
    <main className="mx-auto max-w-5xl p-3 pb-20" data-testid="exchange-multi">
      <h1 className="mb-3 flex items-center gap-2 text-lg font-bold">
        <span className="flex-1">{t("exchange.multiTitle")}</span>
        {connected ? (
          <span className="text-xs font-normal text-emerald-400" data-testid="live-indicator">
            ● {t("exchange.market.live")}
          </span>
        ) : null}
      </h1>
      {markets.length === 0 ? (
        <p className="rounded-xl bg-panel p-6 text-center text-white/70">{t("exchange.noPinned")}</p>
      ) : (
        <div className="grid gap-3 min-[900px]:grid-cols-2">
          {markets.map((m) => (
            <section key={m.marketId} className="overflow-hidden rounded-xl bg-panel" data-testid="multi-market">
              <header className="flex items-center gap-2 bg-panel-2 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <h2 className="truncate font-semibold">
                    <a href={`/odds-view?market=${m.marketId}`} className="hover:underline">
                      {m.event}
                    </a>
                  </h2>
                  <p className="text-xs text-white/60">
                    <span className="tabular-nums">{m.startsAt}</span> · {m.competition}
                    {m.inPlay ? <span className="ml-1 rounded bg-accent px-1.5 font-bold text-ink">{t("exchange.inPlay")}</span> : null}
                  </p>
                </div>
                <Form method="post" action="/exchange/pin">
                  <input type="hidden" name="market" value={m.marketId} />
                  <input type="hidden" name="pin" value="0" />
                  <input type="hidden" name="redirectTo" value="/exchange-multi" />
                  <button type="submit" className="icon-btn" aria-label={t("exchange.unpin")} title={t("exchange.unpin")}>
                    ✕
                  </button>
                </Form>
              </header>
              {m.settled || m.status === "closed" ? (
                <p className="p-3 text-center text-white/70">{t("exchange.market.closed")}</p>
              ) : (
                <table className="w-full text-sm">
                  <thead className="sr-only">
                    <tr>
                      <th>{t("exchange.account.selection")}</th>
                      <th>{t("exchange.market.back")}</th>
                      <th>{t("exchange.market.lay")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {m.runners.map((r) => (
                      <tr key={r.id} className="border-t border-white/10">
                        <td className="px-3 py-2">{r.name}</td>
                        <td className="w-20 bg-sky-300/90 text-center text-ink">
                          {r.back ? (
                            <>
                              <b className="block">{r.back.price}</b>
                              <small>{r.back.size}</small>
                            </>
                          ) : (
                            "–"
                          )}
                        </td>
                        <td className="w-20 bg-pink-300/90 text-center text-ink">
                          {r.lay ? (
                            <>
                              <b className="block">{r.lay.price}</b>
                              <small>{r.lay.size}</small>
                            </>
                          ) : (
                            "–"
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {m.status === "suspended" && !m.settled ? (
                <p className="p-2 text-center text-xs text-white/70">{t("exchange.market.suspend")}</p>
              ) : null}
            </section>
          ))}
        </div>
      )}
    </main>
  );
}
