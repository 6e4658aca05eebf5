// A sports-data provider as the original site read it (spec section 7): the sports API lists events by sport and
// serves match odds by market; the exchange host serves an event's Fancy and Bookmaker rows. Tests edit `sportsFeed`
// to move the match along, and switch the provider into error modes with setSportsFeedMode().
import { delay, http, HttpResponse } from "msw";

export const SPORTS_API_URL = "https://sports.test";
export const EXCHANGE_HOST_URL = "https://exchange-host.test";

type PriceSize = { price: number | string; size: number | string };
export type ProviderEvent = {
  EventId: string;
  Event: string;
  MarketId: string;
  Fancy: boolean;
  Bookmaker: boolean;
  OpenDate?: string;
  Competition?: string;
};
export type ProviderOdds = {
  marketId: string;
  inplay: boolean;
  status?: string;
  runners: { SelectionName: string; ex: { availableToBack: PriceSize[]; availableToLay: PriceSize[] } }[];
};
export type ProviderDetail = {
  fancy2?: { title: string; no: number; no_rate: number; yes: number; yes_rate: number; suspended: 0 | 1; ball_running: 0 | 1 }[];
  bookmaker?: { runner: string; backPrice: number; layPrice: number; suspended: 0 | 1; ball_running: 0 | 1; odd_type?: "DIGIT" | "ODDS" }[];
};

export const sportsFeed: {
  events: Record<string, ProviderEvent[]>;
  odds: Record<string, ProviderOdds[]>;
  details: Record<string, ProviderDetail>;
} = { events: {}, odds: {}, details: {} };

export type SportsFeedMode = "ok" | "server_error" | "slow" | "malformed";
let mode: SportsFeedMode = "ok";
export const setSportsFeedMode = (next: SportsFeedMode) => {
  mode = next;
};
export function resetSportsFeed() {
  mode = "ok";
  sportsFeed.events = {};
  sportsFeed.odds = {};
  sportsFeed.details = {};
}

async function answer<T>(body: T | undefined) {
  if (mode === "server_error") return HttpResponse.json({ message: "Server Error" }, { status: 500 });
  if (mode === "slow") await delay(6_000);
  if (mode === "malformed") return new HttpResponse('[{"EventId": "1", "Ev', { status: 200, headers: { "Content-Type": "application/json" } });
  if (body === undefined) return HttpResponse.json({ message: "Not Found" }, { status: 404 });
  return HttpResponse.json(body as object);
}

export const sportsFeedHandlers = [
  http.get(`${SPORTS_API_URL}/api/sports-events/:sport`, ({ params }) => answer(sportsFeed.events[String(params.sport)] ?? [])),
  http.get(`${SPORTS_API_URL}/api/match-odds/:marketId`, ({ params }) => answer(sportsFeed.odds[String(params.marketId)])),
  http.get(`${EXCHANGE_HOST_URL}/event/:eventId`, ({ params }) => answer(sportsFeed.details[String(params.eventId)])),
];
