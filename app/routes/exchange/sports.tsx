import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { z } from "zod";
import { EventRow } from "#app/components/exchange/EventRow.tsx";
import { exchangeHandle } from "#app/components/exchange/ExchangeNav.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { sportsPage } from "#app/modules/exchange/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/sports";

export const handle = exchangeHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const sportParam = z.enum(["cricket", "soccer", "tennis"]).optional().catch(undefined);

/** /exchange-sports: sports with their open events; ?sport= lists that sport's competitions and their events. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const sport = sportParam.parse(url.searchParams.get("sport") ?? undefined) ?? "cricket";
  const page = await sportsPage(player.id, sport);
  return { title: translate(context, "exchange.sportsTitle"), area: areaBundle(context, "exchange"), sport, ...page };
}

export default function ExchangeSports({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  const { sport, counts, competitions } = loaderData;
  return (
    <main className="mx-auto max-w-3xl p-3 pb-20" data-testid="exchange-sports">
      <h1 className="mb-3 text-lg font-bold">{t("exchange.sportsTitle")}</h1>
      <nav className="mb-3 flex gap-1 rounded-xl bg-panel p-1" aria-label={t("exchange.sportsTitle")}>
        {(["cricket", "soccer", "tennis"] as const).map((s) => (
          <a
            key={s}
            href={`/exchange-sports?sport=${s}`}
            aria-current={s === sport ? "page" : undefined}
            className={`flex-1 rounded-lg px-3 py-2 text-center text-sm font-semibold ${s === sport ? "bg-brand text-ink" : "text-white/80"}`}
          >
            {t(`exchange.sports.${s}`)}{" "}
            <small className="font-normal">({t("exchange.eventsCount", { count: counts.find((c) => c.sport === s)?.count ?? 0 })})</small>
          </a>
        ))}
      </nav>
      {competitions.length === 0 ? (
        <p className="rounded-xl bg-panel p-6 text-center text-white/70">{t("exchange.noEvents")}</p>
      ) : (
        competitions.map((c) => (
          <section key={c.name} className="mb-3 overflow-hidden rounded-xl bg-panel" data-testid="competition">
            <h2 className="bg-panel-2 px-3 py-2 text-sm font-bold">{c.name}</h2>
            <ul>
              {c.events.map((e) => (
                <EventRow key={e.id} event={e} />
              ))}
            </ul>
          </section>
        ))
      )}
    </main>
  );
}
