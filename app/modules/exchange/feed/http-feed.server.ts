// A real sports-data provider over HTTP, in the JSON shapes the original site read (spec section 7): the sports
// API's event list per sport and match odds per market, and the exchange host's Fancy and Bookmaker rows per event.
// Each read turns them into the exchange's snapshots. A sport or an event the provider fails to answer for (an
// error, a time-out, a body that is not the expected JSON) is left out of that read, so its markets stay as they
// were; the others go on. The provider publishes no results here: a trader settles its markets.
import { z } from "zod";
import { log as rootLog } from "#app/kernel/log.server.ts";
import type { Sport } from "../schema.ts";
import type { ExchangeFeed, FeedEvent, FeedFancyLine } from "./feed.ts";

export type HttpFeedOptions = {
  sportsUrl: string;
  exchangeUrl: string;
  timeoutMs?: number;
  sports?: readonly Sport[];
};

const log = rootLog.child({ module: "exchange-feed" });
const num = z.coerce.number().finite();
const flag = z.union([z.boolean(), z.number(), z.string()]).transform((v) => v === true || v === 1 || v === "1" || v === "true");
const level = z.object({ price: num, size: num });

const eventsSchema = z.array(
  z.object({
    EventId: z.coerce.string().min(1).max(64),
    Event: z.string().min(1).max(200),
    MarketId: z.coerce.string().min(1).max(64),
    Fancy: flag.optional(),
    Bookmaker: flag.optional(),
    OpenDate: z.string().max(40).optional(),
    Competition: z.string().max(200).optional(),
  }),
);

const oddsSchema = z
  .array(
    z.object({
      inplay: flag.optional(),
      runners: z
        .array(
          z.object({
            SelectionName: z.string().min(1).max(200),
            ex: z.object({ availableToBack: z.array(level).default([]), availableToLay: z.array(level).default([]) }).optional(),
          }),
        )
        .min(2),
    }),
  )
  .min(1);

const detailSchema = z.object({
  fancy2: z
    .array(
      z.object({
        title: z.string().min(1).max(200),
        no: num,
        no_rate: num,
        yes: num,
        yes_rate: num,
        suspended: flag.optional(),
        ball_running: flag.optional(),
      }),
    )
    .default([]),
  bookmaker: z
    .array(
      z.object({
        runner: z.string().min(1).max(200),
        backPrice: num,
        layPrice: num,
        suspended: flag.optional(),
        ball_running: flag.optional(),
        odd_type: z.enum(["DIGIT", "ODDS"]).optional(),
      }),
    )
    .default([]),
});

async function getJson<T>(url: string, schema: z.ZodType<T>, timeoutMs: number): Promise<T> {
  const res = await fetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return schema.parse(await res.json());
}

/** A Bookmaker price as a DIGIT rate (profit per 100); 0 is "no quote". ODDS prices are decimal (1.45 → 45). */
function digit(price: number, oddType: "DIGIT" | "ODDS" | undefined): number | null {
  if (!(price > 0)) return null;
  const rate = oddType === "ODDS" ? Math.round((price - 1) * 100) : Math.round(price);
  return rate > 0 ? rate : null;
}

/** Win chances from the middle of each runner's best back and lay prices, scaled to sum to 1. */
function chancesOf(runners: z.infer<typeof oddsSchema>[number]["runners"]): number[] | undefined {
  const mids = runners.map((r) => {
    const back = r.ex?.availableToBack[0]?.price;
    const lay = r.ex?.availableToLay[0]?.price;
    return back && lay && back > 1 && lay > 1 ? (back + lay) / 2 : undefined;
  });
  if (mids.some((m) => m === undefined)) return undefined;
  const raw = mids.map((m) => 1 / m!);
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((p) => p / total);
}

export function httpFeed({ sportsUrl, exchangeUrl, timeoutMs = 4_000, sports = ["cricket", "soccer", "tennis"] }: HttpFeedOptions): ExchangeFeed {
  const base = (url: string) => url.replace(/\/+$/, "");
  async function snapshot(sport: Sport, e: z.infer<typeof eventsSchema>[number], now: Date): Promise<FeedEvent> {
    const [market] = await getJson(`${base(sportsUrl)}/api/match-odds/${encodeURIComponent(e.MarketId)}`, oddsSchema, timeoutMs);
    const detail =
      e.Fancy || e.Bookmaker
        ? await getJson(`${base(exchangeUrl)}/event/${encodeURIComponent(e.EventId)}`, detailSchema, timeoutMs)
        : { fancy2: [], bookmaker: [] };
    const runners = market!.runners.map((r) => r.SelectionName);
    const ballRunning = [...detail.fancy2, ...detail.bookmaker].some((row) => row.ball_running);
    const bookmaker = e.Bookmaker
      ? runners.map((name) => {
          const row = detail.bookmaker.find((b) => b.runner === name);
          if (!row || row.suspended) return { back: null, lay: null };
          return { back: digit(row.backPrice, row.odd_type), lay: digit(row.layPrice, row.odd_type) };
        })
      : undefined;
    const fancy: FeedFancyLine[] = detail.fancy2
      .filter((f) => Number.isInteger(f.no) && Number.isInteger(f.yes) && f.no >= 0 && f.yes >= f.no)
      .map((f) => ({
        name: f.title,
        noLine: f.no,
        yesLine: f.yes,
        noRate: Math.max(1, Math.round(f.no_rate)),
        yesRate: Math.max(1, Math.round(f.yes_rate)),
        suspended: Boolean(f.suspended),
        result: null,
      }));
    const opens = e.OpenDate ? new Date(e.OpenDate) : null;
    return {
      externalId: `http-${sport}-${e.EventId}`,
      sport,
      competition: e.Competition ?? sport,
      name: e.Event,
      startsAt: opens && !Number.isNaN(opens.getTime()) ? opens : now,
      runners,
      inPlay: Boolean(market!.inplay),
      ballRunning,
      chances: chancesOf(market!.runners),
      bookmaker,
      fancy,
    };
  }

  return {
    async events(now) {
      const out: FeedEvent[] = [];
      for (const sport of sports) {
        const list = await getJson(`${base(sportsUrl)}/api/sports-events/${sport}`, eventsSchema, timeoutMs).catch((e: unknown) => {
          log.error({ reason: e instanceof Error ? e.message : e }, `the ${sport} events could not be read`);
          return [];
        });
        const snapshots = await Promise.allSettled(list.map((e) => snapshot(sport, e, now)));
        for (const s of snapshots) if (s.status === "fulfilled") out.push(s.value);
      }
      return out;
    },
  };
}
