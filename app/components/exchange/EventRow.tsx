import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, useLocation } from "react-router";

export type EventRowData = {
  id: number;
  name: string;
  competition: string;
  startsAt: string;
  inPlay: boolean;
  closed: boolean;
  marketId: number | null;
  hasFancy: boolean;
  hasBookmaker: boolean;
  pinned: boolean;
};

/** One event in a list: its name and start, the In-Play label, Fancy and BookMaker badges and the Multi Markets pin. */
export function EventRow({ event }: { event: EventRowData }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const name = event.marketId ? (
    <a href={`/odds-view?market=${event.marketId}`} className="font-semibold hover:underline">
      {event.name}
    </a>
  ) : (
    <span className="font-semibold">{event.name}</span>
  );
  return (
    <li className="flex items-center gap-2 border-b border-white/10 px-3 py-2 last:border-b-0" data-testid="exchange-event" data-event={event.id}>
      <div className="min-w-0 flex-1">
        <p className="truncate">{name}</p>
        <p className="flex flex-wrap items-center gap-1 text-xs text-white/60">
          <span className="tabular-nums">{event.startsAt}</span>
          <span className="truncate">{event.competition}</span>
          {event.inPlay ? <span className="rounded bg-accent px-1.5 font-bold text-ink">{t("exchange.inPlay")}</span> : null}
          {event.hasFancy ? <span className="rounded bg-panel-2 px-1.5 text-white">{t("exchange.fancy")}</span> : null}
          {event.hasBookmaker ? <span className="rounded bg-panel-2 px-1.5 text-white">{t("exchange.bookmaker")}</span> : null}
        </p>
      </div>
      {event.marketId && !event.closed ? (
        <Form method="post" action="/exchange/pin" preventScrollReset>
          <input type="hidden" name="market" value={event.marketId} />
          <input type="hidden" name="pin" value={event.pinned ? "0" : "1"} />
          <input type="hidden" name="redirectTo" value={pathname + search} />
          <button
            type="submit"
            className={`icon-btn text-lg ${event.pinned ? "text-brand" : "text-white/50"}`}
            aria-label={event.pinned ? t("exchange.unpin") : t("exchange.pin")}
            title={event.pinned ? t("exchange.unpin") : t("exchange.pin")}
            aria-pressed={event.pinned}
            data-testid="pin-button"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
              <path d="M16 3l5 5-3 1-4 4 1 5-2 2-4-4-5 5-1-1 5-5-4-4 2-2 5 1 4-4z" />
            </svg>
          </button>
        </Form>
      ) : null}
    </li>
  );
}
