// Test kit: exchange markets. An event with a Match Odds market (two runners), a Bookmaker market beside one, or a
// Fancy line; `values` overrides any column of the market.
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { exchangeEvents, exchangeMarkets, exchangeRunners } from "#app/modules/exchange/schema.ts";
import { taka } from "./money.ts";

export async function createMatchOddsMarket(values: Partial<typeof exchangeMarkets.$inferInsert> = {}) {
  const [event] = await db
    .insert(exchangeEvents)
    .values({ sport: "cricket", competition: "Test League", name: "Dhaka v Chattogram", startsAt: new Date(Date.now() + 3_600_000) })
    .returning();
  const [market] = await db
    .insert(exchangeMarkets)
    .values({ eventId: event!.id, kind: "match_odds", name: "Match Odds", minStake: taka(10), ...values })
    .returning();
  const runners = await db
    .insert(exchangeRunners)
    .values([
      { marketId: market!.id, name: "Dhaka", sortOrder: 1 },
      { marketId: market!.id, name: "Chattogram", sortOrder: 2 },
    ])
    .returning();
  return { event: event!, market: market!, home: runners[0]!, away: runners[1]! };
}

/** A Bookmaker market (no commission) whose first runner is quoted 45 / 47 and the second 120 / 125. */
export async function createBookmakerMarket(values: Partial<typeof exchangeMarkets.$inferInsert> = {}) {
  const { event, market: odds, home: oddsHome, away: oddsAway } = await createMatchOddsMarket();
  const [market] = await db
    .insert(exchangeMarkets)
    .values({ eventId: event.id, kind: "bookmaker", name: "Bookmaker", commissionBp: 0, minStake: taka(10), ...values })
    .returning();
  const runners = await db
    .insert(exchangeRunners)
    .values([
      { marketId: market!.id, name: "Dhaka", sortOrder: 1, backRate: 45, layRate: 47 },
      { marketId: market!.id, name: "Chattogram", sortOrder: 2, backRate: 120, layRate: 125 },
    ])
    .returning();
  return { event, oddsMarket: odds, oddsHome, oddsAway, market: market!, home: runners[0]!, away: runners[1]! };
}

/**
 * A Fancy line: No 45 / Yes 46 at evens unless given, on the event `eventId` names (to stand beside another market,
 * such as a Bookmaker market) or else on a new match-odds market's event.
 */
export async function createFancyMarket(values: Partial<typeof exchangeMarkets.$inferInsert> = {}) {
  const event =
    values.eventId === undefined
      ? (await createMatchOddsMarket()).event
      : (await db.select().from(exchangeEvents).where(eq(exchangeEvents.id, values.eventId)))[0]!;
  const [market] = await db
    .insert(exchangeMarkets)
    .values({
      eventId: event.id,
      kind: "fancy",
      name: "6 over runs Dhaka",
      commissionBp: 0,
      minStake: taka(10),
      noLine: 45,
      yesLine: 46,
      noRate: 100,
      yesRate: 100,
      ...values,
    })
    .returning();
  return { event, market: market! };
}
