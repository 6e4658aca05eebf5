// What moves a market besides bets: the feed or a trader suspends and reopens it, turns the event in-play (unmatched
// match-odds orders lapse unless kept), marks a delivery as being bowled (Bookmaker and Fancy take no bets), and
// moves Bookmaker quotes and Fancy lines. Each change raises the market's version and tells its pages.
import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { publish } from "#app/modules/events/index.server.ts";
import { ExchangeError } from "./errors.ts";
import { kindsWhere, marketKind } from "./market-kinds.ts";
import { lapseOrders } from "./orders.server.ts";
import { exchangeEvents, exchangeMarkets, exchangeRunners, type MarketStatus } from "./schema.ts";

const bump = { version: sql`${exchangeMarkets.version} + 1` };
/** Every suspension is counted: an in-play order waiting its delay learns of one even if the market reopened (submitOrder). */
export const suspended = { suspensions: sql`${exchangeMarkets.suspensions} + 1` };

async function told(marketIds: number[]) {
  for (const marketId of marketIds) await publish({ kind: "market", marketId });
}

/** Work of a trader's change that commits with it: its audit row. */
export type WithChange = (tx: Tx) => Promise<void>;
const none: WithChange = async () => {};

/** Opens or suspends a market that is not settled. Suspending for settlement also lapses every unmatched order. */
export async function setMarketStatus(
  marketId: number,
  status: Exclude<MarketStatus, "closed">,
  { forSettlement = false } = {},
  withChange: WithChange = none,
) {
  const market = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(exchangeMarkets)
      .set({ status, ...bump, ...(status === "suspended" ? suspended : {}) })
      .where(and(eq(exchangeMarkets.id, marketId), sql`${exchangeMarkets.settledAt} is null`))
      .returning();
    if (!updated) throw new ExchangeError("market_closed");
    await withChange(tx);
    return updated;
  });
  if (status === "suspended" && forSettlement && marketKind(market.kind).hasBook) await lapseOrders(marketId, { keepPersist: false });
  await told([marketId]);
  return market;
}

/** The event goes in play: its markets too, and unmatched match-odds orders not kept in-play lapse. */
export async function turnInPlay(eventId: number, withChange: WithChange = none) {
  const markets = await db.transaction(async (tx) => {
    await tx.update(exchangeEvents).set({ inPlay: true }).where(eq(exchangeEvents.id, eventId));
    const updated = await tx
      .update(exchangeMarkets)
      .set({ inPlay: true, ...bump })
      .where(and(eq(exchangeMarkets.eventId, eventId), sql`${exchangeMarkets.settledAt} is null`))
      .returning({ id: exchangeMarkets.id, kind: exchangeMarkets.kind });
    await withChange(tx);
    return updated;
  });
  for (const m of markets) if (marketKind(m.kind).hasBook) await lapseOrders(m.id, { keepPersist: true });
  await told(markets.map((m) => m.id));
}

/** A delivery is being bowled (true) or has been (false): the event's Bookmaker and Fancy markets stop or resume. */
export async function setBallRunning(eventId: number, running: boolean, withChange: WithChange = none) {
  const markets = await db.transaction(async (tx) => {
    const updated = await tx
      .update(exchangeMarkets)
      .set({ ballRunning: running, ...bump })
      .where(
        and(
          eq(exchangeMarkets.eventId, eventId),
          inArray(exchangeMarkets.kind, kindsWhere({ hasBook: false })),
          sql`${exchangeMarkets.settledAt} is null`,
        ),
      )
      .returning({ id: exchangeMarkets.id });
    await withChange(tx);
    return updated;
  });
  await told(markets.map((m) => m.id));
}

/** New DIGIT rates for a Bookmaker runner (0 or null: no quote). The lay rate is never below the back rate. */
export async function setBookmakerQuote(runnerId: number, backRate: number | null, layRate: number | null, withChange: WithChange = none) {
  const valid = (r: number | null) => r === null || (Number.isInteger(r) && r >= 0 && r <= 100_000);
  if (!valid(backRate) || !valid(layRate) || (backRate && layRate && layRate < backRate)) throw new ExchangeError("invalid_price");
  const runner = await db.transaction(async (tx) => {
    const [updated] = await tx.update(exchangeRunners).set({ backRate, layRate }).where(eq(exchangeRunners.id, runnerId)).returning();
    if (!updated) throw new ExchangeError("runner_not_active");
    await tx.update(exchangeMarkets).set(bump).where(eq(exchangeMarkets.id, updated.marketId));
    await withChange(tx);
    return updated;
  });
  await told([runner.marketId]);
}

/** New No/Yes lines and rates of a Fancy market (the Yes line is never below the No line). */
export async function setFancyLine(
  marketId: number,
  line: { noLine: number; yesLine: number; noRate: number; yesRate: number },
  withChange: WithChange = none,
) {
  const ok =
    [line.noLine, line.yesLine].every((n) => Number.isInteger(n) && n >= 0 && n <= 10_000) &&
    [line.noRate, line.yesRate].every((n) => Number.isInteger(n) && n > 0 && n <= 10_000) &&
    line.yesLine >= line.noLine;
  if (!ok) throw new ExchangeError("invalid_price");
  await db.transaction(async (tx) => {
    const [market] = await tx
      .update(exchangeMarkets)
      .set({ ...line, ...bump })
      .where(and(eq(exchangeMarkets.id, marketId), eq(exchangeMarkets.kind, "fancy"), sql`${exchangeMarkets.settledAt} is null`))
      .returning();
    if (!market) throw new ExchangeError("market_not_found");
    await withChange(tx);
  });
  await told([marketId]);
}
