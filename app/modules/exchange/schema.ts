// The exchange: events (a match), markets (match odds, Bookmaker, Fancy), runners, players' orders and their fills,
// and each player's exposure per market with the ledger hold that reserves it. Money in poisha (bigint).
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sports, type Sport } from "./sports.ts";

export { sports, type Sport };
import type { ScoreBoard } from "./feed/feed.ts";
import { players } from "#app/modules/players/schema.ts";

export const marketKinds = ["match_odds", "bookmaker", "fancy"] as const;
export type MarketKind = (typeof marketKinds)[number];
export const marketStatuses = ["open", "suspended", "closed"] as const;
export type MarketStatus = (typeof marketStatuses)[number];
export const runnerStatuses = ["active", "winner", "loser", "removed"] as const;
export type RunnerStatus = (typeof runnerStatuses)[number];
export const orderSides = ["back", "lay", "yes", "no"] as const;
export type OrderSide = (typeof orderSides)[number];
/** Before settlement: unmatched / partially matched / matched / cancelled / lapsed; after: won, lost or void. */
export const orderStatuses = ["unmatched", "partially_matched", "matched", "cancelled", "lapsed", "won", "lost", "void"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const exchangeEvents = pgTable(
  "exchange_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sport: text().$type<Sport>().notNull(),
    competition: text().notNull(),
    name: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    inPlay: boolean().notNull().default(false),
    closed: boolean().notNull().default(false),
    /** The score board as the feed last sent it (feed/feed.ts ScoreBoard); null before the start. */
    score: jsonb().$type<ScoreBoard>(),
    /** The feed's id for the event (the simulated feed's or a provider's). */
    externalId: text(),
    /** A provider's live-stream player page (https, on a host of the stream allow-list) staff set; null: our match tracker. */
    streamUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("exchange_events_external_idx").on(t.externalId),
    index("exchange_events_start_idx").on(t.closed, t.startsAt),
    check("exchange_events_sport_check", sql`${t.sport} in ('cricket', 'soccer', 'tennis')`),
    check("exchange_events_stream_check", sql`${t.streamUrl} is null or ${t.streamUrl} like 'https://%'`),
  ],
);

export const exchangeMarkets = pgTable(
  "exchange_markets",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer()
      .notNull()
      .references(() => exchangeEvents.id),
    kind: text().$type<MarketKind>().notNull(),
    name: text().notNull(),
    status: text().$type<MarketStatus>().notNull().default("open"),
    inPlay: boolean().notNull().default(false),
    /** Bookmaker and Fancy: a delivery is being bowled, no bets. */
    ballRunning: boolean().notNull().default(false),
    /** Delay of in-play match-odds orders before they reach the book (README.md, "In-play delay": 5 s by default). */
    inPlayDelayMs: integer().notNull().default(5000),
    /** On net market winnings, basis points: 200 = 2 % (match odds), 0 for Bookmaker and Fancy. */
    commissionBp: integer().notNull().default(200),
    minStake: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`10000`),
    maxStake: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`10000000`),
    /** Fancy: the No and Yes lines (runs) and their rates per 100. */
    noLine: integer(),
    yesLine: integer(),
    noRate: integer(),
    yesRate: integer(),
    /** Fancy: the result in runs once settled (0 is a result). */
    resultRuns: integer(),
    voided: boolean().notNull().default(false),
    settledAt: timestamp({ withTimezone: true }),
    /** How many times the market was settled (a correction re-settles it after reversing the last settlement). */
    settleCount: integer().notNull().default(0),
    /**
     * How many times the market was suspended: an in-play order that waited its delay is refused when this moved
     * meanwhile, even if the market reopened before the delay ended (submitOrder).
     */
    suspensions: integer().notNull().default(0),
    /** Raised on every change of status, quotes or book, for clients to skip stale pushes. */
    version: integer().notNull().default(0),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("exchange_markets_event_idx").on(t.eventId, t.sortOrder),
    check("exchange_markets_kind_check", sql`${t.kind} in ('match_odds', 'bookmaker', 'fancy')`),
    check("exchange_markets_status_check", sql`${t.status} in ('open', 'suspended', 'closed')`),
    check("exchange_markets_stakes_check", sql`${t.minStake} > 0 and ${t.maxStake} >= ${t.minStake}`),
    check("exchange_markets_commission_check", sql`${t.commissionBp} between 0 and 10000`),
  ],
);

export const exchangeRunners = pgTable(
  "exchange_runners",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    marketId: integer()
      .notNull()
      .references(() => exchangeMarkets.id),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
    status: text().$type<RunnerStatus>().notNull().default("active"),
    /** Bookmaker: the current DIGIT back and lay rates (null or 0: no quote). */
    backRate: integer(),
    layRate: integer(),
  },
  (t) => [
    index("exchange_runners_market_idx").on(t.marketId, t.sortOrder),
    check("exchange_runners_status_check", sql`${t.status} in ('active', 'winner', 'loser', 'removed')`),
  ],
);

export const exchangeOrders = pgTable(
  "exchange_orders",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    marketId: integer()
      .notNull()
      .references(() => exchangeMarkets.id),
    /** Null for Fancy (the market is the line). */
    runnerId: integer().references(() => exchangeRunners.id),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    side: text().$type<OrderSide>().notNull(),
    /** Match odds: the limit price as a ladder tick. */
    tick: integer(),
    /** Bookmaker and Fancy: the rate taken (per 100). Fancy: the line. */
    rate: integer(),
    line: integer(),
    size: bigint({ mode: "bigint" }).notNull(),
    matched: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    /** Taken off the book unmatched: cancelled by the player or lapsed (of which `lapsed`). */
    cancelled: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    /** The part of `cancelled` that lapsed (turn in play, suspension for settlement, the market closing). */
    lapsed: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    /**
     * What the matched stake returns a backer if the selection wins, stake included: the sum over the order's fills
     * of size × price (match odds), or stake + stake × rate / 100 (Bookmaker, Fancy). Written with each fill, in its
     * transaction. The average matched price is matchedReturn / matched; matchedReturn − matched is the matched
     * part's profit (back, yes) or liability (lay, no), the figure settlement pays from the fills.
     */
    matchedReturn: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    /** When the order was last matched (null while nothing is). */
    matchedAt: timestamp({ withTimezone: true }),
    status: text().$type<OrderStatus>().notNull(),
    /** Keep in-play (PERSIST) instead of lapsing at turn-in-play. */
    persist: boolean().notNull().default(false),
    /** The player's request id: a retried request finds its order instead of placing another. */
    requestKey: text().notNull(),
    /** Settled P&L of the order (poisha, before commission). */
    profit: bigint({ mode: "bigint" }),
    placedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("exchange_orders_request_idx").on(t.playerId, t.requestKey),
    index("exchange_orders_book_idx")
      .on(t.marketId, t.id)
      .where(sql`${t.status} in ('unmatched', 'partially_matched')`),
    index("exchange_orders_player_idx").on(t.playerId, t.marketId),
    index("exchange_orders_placed_idx").on(t.placedAt),
    check("exchange_orders_side_check", sql`${t.side} in ('back', 'lay', 'yes', 'no')`),
    check("exchange_orders_size_check", sql`${t.size} > 0 and ${t.size} % 100 = 0`),
    check("exchange_orders_parts_check", sql`${t.matched} >= 0 and ${t.cancelled} >= 0 and ${t.matched} + ${t.cancelled} <= ${t.size}`),
    check("exchange_orders_lapsed_check", sql`${t.lapsed} >= 0 and ${t.lapsed} <= ${t.cancelled}`),
    check("exchange_orders_return_check", sql`(${t.matched} = 0 and ${t.matchedReturn} = 0) or ${t.matchedReturn} > ${t.matched}`),
  ],
);

/** One match between an incoming (taker) and a resting (maker) order, at the maker's price. */
export const exchangeFills = pgTable(
  "exchange_fills",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    marketId: integer()
      .notNull()
      .references(() => exchangeMarkets.id),
    runnerId: integer()
      .notNull()
      .references(() => exchangeRunners.id),
    takerOrderId: bigint({ mode: "number" })
      .notNull()
      .references(() => exchangeOrders.id),
    makerOrderId: bigint({ mode: "number" })
      .notNull()
      .references(() => exchangeOrders.id),
    tick: integer().notNull(),
    size: bigint({ mode: "bigint" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("exchange_fills_market_idx").on(t.marketId, t.id),
    index("exchange_fills_created_idx").on(t.createdAt),
    index("exchange_fills_taker_idx").on(t.takerOrderId),
    index("exchange_fills_maker_idx").on(t.makerOrderId),
    check("exchange_fills_size_check", sql`${t.size} > 0`),
  ],
);

/** A player's worst-case loss in a market, held from main by the ledger hold `holdId` (none when 0). */
export const exchangeExposures = pgTable(
  "exchange_exposures",
  {
    playerId: integer()
      .notNull()
      .references(() => players.id),
    marketId: integer()
      .notNull()
      .references(() => exchangeMarkets.id),
    amount: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    holdId: bigint({ mode: "number" }),
    version: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.marketId] }), check("exchange_exposures_amount_check", sql`${t.amount} >= 0`)],
);

export type ExchangeEvent = typeof exchangeEvents.$inferSelect;
export type ExchangeMarket = typeof exchangeMarkets.$inferSelect;
export type ExchangeRunner = typeof exchangeRunners.$inferSelect;
export type ExchangeOrder = typeof exchangeOrders.$inferSelect;
export type ExchangeFill = typeof exchangeFills.$inferSelect;

/** A market a player pinned to Multi Markets ('Add to Multi Markets'). */
export const exchangePins = pgTable(
  "exchange_pins",
  {
    playerId: integer()
      .notNull()
      .references(() => players.id),
    marketId: integer()
      .notNull()
      .references(() => exchangeMarkets.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.marketId] })],
);

/**
 * A player's one-click betting settings (README "One-click betting"); no row means the defaults (off). Stake presets
 * are whole taka, 3–5 of them ascending; `stake` is the selected one.
 */
export const exchangePreferences = pgTable(
  "exchange_preferences",
  {
    playerId: integer()
      .primaryKey()
      .references(() => players.id),
    oneClick: boolean().notNull().default(false),
    stakePresets: integer().array().notNull(),
    stake: integer().notNull(),
    confirmBets: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("exchange_preferences_presets_check", sql`cardinality(${t.stakePresets}) between 3 and 5`),
    check("exchange_preferences_stake_check", sql`${t.stake} = any(${t.stakePresets})`),
  ],
);
export type ExchangePreferences = typeof exchangePreferences.$inferSelect;

export const autoCashOutStatuses = ["armed", "fired", "cleared"] as const;

/**
 * A player's auto cash-out on a match-odds market (README.md, "Cash Out"): armed, it fires a full cash out once the
 * cash-out value reaches `profitTarget` or falls to −`lossLimit` (poisha). One row per player and market; it fires at
 * most once per arming (claimed by `status = 'armed'` → 'fired' in the cash out's transaction).
 */
export const exchangeAutoCashOuts = pgTable(
  "exchange_auto_cash_outs",
  {
    playerId: integer()
      .notNull()
      .references(() => players.id),
    marketId: integer()
      .notNull()
      .references(() => exchangeMarkets.id),
    profitTarget: bigint({ mode: "bigint" }).notNull(),
    lossLimit: bigint({ mode: "bigint" }),
    status: text({ enum: autoCashOutStatuses }).notNull().default("armed"),
    firedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.marketId] }),
    index("exchange_auto_cash_outs_armed_idx")
      .on(t.marketId)
      .where(sql`${t.status} = 'armed'`),
    check("exchange_auto_cash_outs_status_check", sql`${t.status} in ('armed', 'fired', 'cleared')`),
    check("exchange_auto_cash_outs_amounts_check", sql`${t.profitTarget} > 0 and (${t.lossLimit} is null or ${t.lossLimit} > 0)`),
  ],
);
export type ExchangeAutoCashOut = typeof exchangeAutoCashOuts.$inferSelect;
