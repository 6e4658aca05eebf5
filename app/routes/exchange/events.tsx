import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { EventRow } from "#app/components/exchange/EventRow.tsx";
import { exchangeHandle } from "#app/components/exchange/ExchangeNav.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { eventListPage } from "#app/modules/exchange/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/events";

export const handle = exchangeHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const TABS = ["inplay", "today", "tomorrow", "result"] as const;
const querySchema = z.object({
  tab: z.enum(TABS).catch("inplay"),
  q: z
    .string()
    .max(60)
    .catch("")
    .transform((s) => s.replace(/[\u0000-\u001f\u007f]/g, "").trim()),
});

/** /exchange and /exchange-inplay: the events of a tab (In-Play, Today, Tomorrow, Result) grouped by sport, with search. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const { tab, q } = querySchema.parse({ tab: url.searchParams.get("tab") ?? undefined, q: url.searchParams.get("q") ?? undefined });
  const groups = await eventListPage(player.id, tab, q || undefined);
  return { title: translate(context, "exchange.title"), area: areaBundle(context, "exchange"), tab, q, path: url.pathname, groups };
}

export default function ExchangeEvents({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { tab, q, path, groups } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  const href = (to: string) => `${path}?${new URLSearchParams({ tab: to, ...(q ? { q } : {}) })}`;
  return (
    <main className="mx-auto max-w-3xl p-3 pb-20" data-testid="exchange-events">
      <h1 className="sr-only">{t("exchange.title")}</h1>
      <nav className="mb-3 flex gap-1 overflow-x-auto rounded-xl bg-panel p-1" aria-label={t("exchange.title")}>
        {TABS.map((k) => (
          <a
            key={k}
            href={href(k)}
            aria-current={k === tab ? "page" : undefined}
            className={`flex-1 rounded-lg px-3 py-2 text-center text-sm font-semibold whitespace-nowrap ${k === tab ? "bg-brand text-ink" : "text-white/80"}`}
            data-testid={`tab-${k}`}
          >
            {t(`exchange.tabs.${k}`)}
          </a>
        ))}
      </nav>
      <Form method="get" action={path} className="mb-3 flex gap-2" role="search">
        <input type="hidden" name="tab" value={tab} />
        <label htmlFor="exchange-search" className="sr-only">
          {t("exchange.searchLabel")}
        </label>
        <input
          id="exchange-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={60}
          placeholder={t("exchange.searchLabel")}
          className="min-w-0 flex-1 rounded-lg bg-panel px-3 py-2"
        />
        <button type="submit" className="btn-primary px-4">
          {t("exchange.search")}
        </button>
        {q ? (
          <a href={href(tab)} className="self-center text-sm underline">
            {t("exchange.clearSearch")}
          </a>
        ) : null}
      </Form>
      {loading ? (
        <p role="status" className="p-4 text-center text-white/70">
          {tab === "inplay" ? t("exchange.loadingInplay") : t("exchange.loadingEvents")}
        </p>
      ) : groups.length === 0 ? (
        <p className="rounded-xl bg-panel p-6 text-center text-white/70" data-testid="exchange-empty">
          {t("exchange.noEvents")}
        </p>
      ) : (
        groups.map((g) => (
          <section
            key={g.sport}
            className="mb-3 overflow-hidden rounded-xl bg-panel"
            aria-labelledby={`sport-${g.sport}`}
            data-testid={`sport-${g.sport}`}
          >
            <h2 id={`sport-${g.sport}`} className="bg-panel-2 px-3 py-2 text-sm font-bold">
              {t(`exchange.sports.${g.sport}`)}
            </h2>
            <ul>
              {g.events.map((e) => (
                <EventRow key={e.id} event={e} />
              ))}
            </ul>
          </section>
        ))
      )}
    </main>
  );
}
