import { useEffect, useState } from "react";
import { useRefresh } from "#app/components/use-refresh.ts";
import type { MessageKey, MessageParams } from "#app/i18n/message.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { takaText } from "#app/kernel/money.ts";
import { racesPageData } from "#app/modules/races/index.server.ts";
import { getAuth } from "#app/modules/sessions/index.server.ts";
import { type RacePageView, raceView } from "./race-view.server.ts";
import type { Route } from "./+types/races";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Open to guests; a logged-in player also sees their own rank and wager. */
export async function loader({ context }: Route.LoaderArgs) {
  const t = translator(context);
  const player = getAuth(context)?.player ?? null;
  const now = new Date();
  const locale = getLocale(context);
  const races = await racesPageData(player?.id ?? null, now);
  return {
    title: t("races.title"),
    i18n: areaBundle(context, "races"),
    loggedIn: Boolean(player),
    races: races.map((r) => raceView(r, (key, params) => t(key as MessageKey, params as MessageParams), locale, now)),
  };
}

type Row = { rank: number; name: string; wagered: string };
type Live = { tops: Record<number, Row[]>; live: boolean };

/** With JavaScript: one event stream for the page's races; a new period reloads the page. */
function useLiveStandings(races: RacePageView[]): Live {
  const [tops, setTops] = useState<Record<number, Row[]>>({});
  const [live, setLive] = useState(false);
  const revalidate = useRefresh();
  const ids = races.map((r) => r.id).join(",");
  const periods = races.map((r) => `${r.id}:${r.periodStart}`).join(",");
  useEffect(() => setTops({}), [races]);
  useEffect(() => {
    if (!ids) return;
    const periodOf = new Map(periods.split(",").map((p) => [Number(p.split(":")[0]), p.split(":")[1]]));
    const source = new EventSource(`/resources/race-events?race=${ids}`);
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener("standings", (e: MessageEvent<string>) => {
      let push: { race: number; period: string; top: Array<{ rank: number; name: string; wagered: string }> };
      try {
        push = JSON.parse(e.data) as typeof push;
      } catch {
        return;
      }
      if (!periodOf.has(push.race)) return;
      if (push.period !== periodOf.get(push.race)) return void revalidate();
      const rows = push.top.map((r) => ({ rank: r.rank, name: r.name, wagered: takaText(BigInt(r.wagered), { symbol: false, decimals: "trim" }) }));
      setTops((all) => ({ ...all, [push.race]: rows }));
    });
    return () => source.close();
  }, [ids, periods, revalidate]);
  return { tops, live };
}

function RaceCard({ race, loggedIn, top, live }: { race: RacePageView; loggedIn: boolean; top: Row[]; live: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="rounded-xl bg-panel p-3 min-[769px]:p-4" data-testid="race-card" data-race-id={race.id} aria-labelledby={`race-${race.id}`}>
      <p className="text-xs font-bold uppercase tracking-wide text-brand">{race.kind}</p>
      <h2 id={`race-${race.id}`} className="text-lg font-extrabold">
        {race.name}
      </h2>
      <p className="text-sm text-white/70">{race.period}</p>
      <p className="mt-1 text-sm font-semibold" data-testid="race-time-left">
        {race.timeLeft}
      </p>
      <p className="text-xs text-white/60">{race.endsAtText}</p>
      <p className="mt-2 text-xs text-white/70">{race.counts}</p>
      <p className="text-xs text-white/60">{t("races.tie")}</p>

      <div className="mt-3 rounded-lg bg-black/20 p-2 text-sm" data-testid="race-mine">
        {race.mine ? (
          <strong>{race.mine}</strong>
        ) : loggedIn ? (
          t("races.notRanked")
        ) : (
          <>
            {t("races.guest")}{" "}
            <a className="text-brand underline" href="/login?redirectTo=%2Fraces">
              {t("races.login")}
            </a>
          </>
        )}
      </div>

      <div className="mt-3 grid gap-3 min-[769px]:grid-cols-2">
        <div>
          <h3 className="mb-1 flex items-center gap-2 font-bold">
            {t("races.standings")}
            {live ? (
              <span className="rounded bg-green-600 px-1.5 text-[10px] font-bold uppercase text-white" data-testid="race-live">
                {t("races.live")}
              </span>
            ) : null}
          </h3>
          {top.length === 0 ? (
            <p className="text-sm text-white/60">{t("races.empty")}</p>
          ) : (
            <table className="w-full text-sm" data-testid="race-standings">
              <thead>
                <tr className="text-left text-xs text-white/60">
                  <th className="py-1 pr-2 font-normal">{t("races.rank")}</th>
                  <th className="py-1 pr-2 font-normal">{t("races.player")}</th>
                  <th className="py-1 text-right font-normal">{t("races.wagered")}</th>
                </tr>
              </thead>
              <tbody>
                {top.map((r) => (
                  <tr key={r.rank} className="border-t border-white/10">
                    <td className="py-1 pr-2">#{r.rank}</td>
                    <td className="py-1 pr-2">{r.name}</td>
                    <td className="py-1 text-right tabular-nums">৳{r.wagered}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div>
          <h3 className="mb-1 font-bold">{t("races.prizes")}</h3>
          {race.prizes.length === 0 ? (
            <p className="text-sm text-white/60">{t("races.noPrizes")}</p>
          ) : (
            <table className="w-full text-sm" data-testid="race-prizes">
              <thead>
                <tr className="text-left text-xs text-white/60">
                  <th className="py-1 pr-2 font-normal">{t("races.rank")}</th>
                  <th className="py-1 text-right font-normal">{t("races.prize")}</th>
                </tr>
              </thead>
              <tbody>
                {race.prizes.map((p) => (
                  <tr key={p.rank} className="border-t border-white/10">
                    <td className="py-1 pr-2">#{p.rank}</td>
                    <td className="py-1 text-right tabular-nums">৳{p.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {race.wallet ? <p className="mt-1 text-xs text-white/60">{race.wallet}</p> : null}
          {race.next ? <p className="mt-1 text-xs text-white/60">{race.next}</p> : null}
        </div>
      </div>

      <details className="mt-3" data-testid="race-past">
        <summary className="cursor-pointer text-sm font-bold">{t("races.past")}</summary>
        {race.past.length === 0 ? (
          <p className="mt-1 text-sm text-white/60">{t("races.noPast")}</p>
        ) : (
          race.past.map((p) => (
            <div key={p.period} className="mt-2">
              <p className="text-xs text-white/60">{p.period}</p>
              {p.winners.length === 0 ? (
                <p className="text-sm text-white/60">{t("races.noPast")}</p>
              ) : (
                <ol className="text-sm">
                  {p.winners.map((w) => (
                    <li key={w.rank} className="flex justify-between border-t border-white/10 py-0.5">
                      <span>
                        #{w.rank} {w.name}
                      </span>
                      <span className="tabular-nums">৳{w.amount}</span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          ))
        )}
      </details>
    </section>
  );
}

export default function Races({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { tops, live } = useLiveStandings(loaderData.races);
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-3 p-3 min-[769px]:p-6" data-testid="races-page">
      <h1 className="text-xl font-extrabold">{t("races.title")}</h1>
      <p className="text-sm text-white/70">{t("races.intro")}</p>
      {loaderData.races.length === 0 ? (
        <p className="rounded-xl bg-panel p-6 text-center text-sm text-white/50">{t("races.none")}</p>
      ) : (
        loaderData.races.map((race) => (
          <RaceCard key={race.id} race={race} loggedIn={loaderData.loggedIn} top={tops[race.id] ?? race.top} live={live} />
        ))
      )}
    </main>
  );
}
