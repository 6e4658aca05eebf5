// The casino: providers, the game catalogue, favourites, launches, the seamless wallet's call log,
// settled rounds (the betting record) and the in-house games' provably fair state (seeds, mines, crash).
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { players } from "#app/modules/players/schema.ts";

export const providerKinds = ["house", "aggregator"] as const;
export type ProviderKind = (typeof providerKinds)[number];

/**
 * A game provider (platform). "house" is this app's own provider (Crash, Dice, Mines); "aggregator" games
 * launch through the HTTP aggregator adapter at baseUrl. The secret signs the seamless-wallet calls
 * (HMAC-SHA256); secretPrevious is still accepted during a rotation.
 */
export const gameProviders = pgTable(
  "game_providers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Upper-case platform code, the first part of a game code: HOUSE, KA, SEXY, RT, SG, ... */
    platform: text().notNull(),
    name: text().notNull(),
    kind: text().$type<ProviderKind>().notNull().default("aggregator"),
    /** The original site's betting-record platform filter id (KA Gaming 96, Sexy 48, Red Tiger 69, Spadegaming 70). */
    filterId: integer(),
    icon: text().notNull().default(""),
    baseUrl: text().notNull().default(""),
    operatorId: text().notNull().default(""),
    secret: text().notNull().default(""),
    secretPrevious: text(),
    status: text().$type<"active" | "inactive">().notNull().default("active"),
    sortOrder: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("game_providers_platform_idx").on(t.platform),
    check("game_providers_platform_check", sql`${t.platform} ~ '^[A-Z0-9]{2,20}$'`),
    check("game_providers_kind_check", sql`${t.kind} in ('house', 'aggregator')`),
  ],
);

/**
 * A game. code is PLATFORM-TYPE-NAME (the spec splits it on a dash into platform and type); type is one of
 * gameTypes (types.ts). Stakes are poisha; posters are paths under public/ (the fallback is the default poster).
 */
export const games = pgTable(
  "games",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    name: text().notNull(),
    type: text().notNull(),
    providerId: integer()
      .notNull()
      .references(() => gameProviders.id),
    poster: text().notNull().default(""),
    displayOrder: integer().notNull().default(0),
    featured: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    minStake: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`1000`),
    maxStake: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`2500000`),
    /**
     * House games (issue 30, limits): the most one bet can pay, stake included (payout = min(stake × multiplier,
     * maxWin)). Aggregator games ignore it (their provider enforces its own).
     */
    maxWin: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`100000000`),
    /** Crash only (issue 30): the most a round's bets can pay together (their reserved max payouts); null elsewhere. */
    roundPayoutCap: bigint({ mode: "bigint" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("games_code_idx").on(t.code),
    index("games_type_idx").on(t.type, t.active, t.displayOrder),
    index("games_provider_idx").on(t.providerId, t.active),
    index("games_featured_idx").on(t.featured, t.active, t.displayOrder),
    check("games_stakes_check", sql`${t.minStake} > 0 and ${t.maxStake} >= ${t.minStake}`),
    check("games_max_win_check", sql`${t.maxWin} > 0`),
    check("games_round_payout_cap_check", sql`${t.roundPayoutCap} is null or ${t.roundPayoutCap} > 0`),
  ],
);

export const gameFavourites = pgTable(
  "game_favourites",
  {
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    gameId: integer()
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.gameId] })],
);

/** A one-time launch: the token (stored hashed) opens /gamerun once; the provider identifies the session by it. */
export const gameLaunches = pgTable(
  "game_launches",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    gameId: integer()
      .notNull()
      .references(() => games.id),
    device: text().$type<"mobile" | "desktop">().notNull(),
    /** Where Close returns to: a same-site path. */
    returnTo: text().notNull().default("/games"),
    /** The URL the game runs at (house page or the aggregator's launch URL). */
    url: text().notNull().default(""),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("game_launches_token_idx").on(t.tokenHash), index("game_launches_player_idx").on(t.playerId, t.id)],
);

export const walletActions = ["bet", "win", "rollback"] as const;
export type WalletAction = (typeof walletActions)[number];

/**
 * Every money call a provider made, unique per (provider, txn id): a retry replays `response`; the same id
 * with other fields is refused. A rollback naming an unknown bet is stored as a tombstone (status
 * "tombstone", refTxnId = the bet's id) that moves no money and makes a late bet with that id fail.
 */
export const gameWalletCalls = pgTable(
  "game_wallet_calls",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer()
      .notNull()
      .references(() => gameProviders.id),
    txnId: text().notNull(),
    action: text().$type<WalletAction>().notNull(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    roundId: text().notNull(),
    gameCode: text().notNull(),
    amount: bigint({ mode: "bigint" }).notNull(),
    currency: text().notNull(),
    /** rollback: the bet (or win) it cancels; win: optionally the bet it pays. */
    refTxnId: text(),
    status: text().$type<"applied" | "tombstone">().notNull().default("applied"),
    /** The first response, replayed to retries (balance fields are re-read). */
    response: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("game_wallet_calls_txn_idx").on(t.providerId, t.txnId),
    index("game_wallet_calls_ref_idx").on(t.providerId, t.refTxnId),
    index("game_wallet_calls_round_idx").on(t.providerId, t.playerId, t.roundId),
    check("game_wallet_calls_amount_check", sql`${t.amount} >= 0`),
    check("game_wallet_calls_action_check", sql`${t.action} in ('bet', 'win', 'rollback')`),
  ],
);

export const roundStatuses = ["open", "settled", "rolled_back"] as const;
export type RoundStatus = (typeof roundStatuses)[number];

/**
 * One player's round with one provider: the stakes and payouts of its wallet calls. A settled round is a
 * row of the betting record. For house games `fairness` holds what a player needs to verify the result.
 */
export const gameRounds = pgTable(
  "game_rounds",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer()
      .notNull()
      .references(() => gameProviders.id),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    roundId: text().notNull(),
    gameId: integer().references(() => games.id),
    gameCode: text().notNull(),
    gameType: text().notNull(),
    platform: text().notNull(),
    currency: text().notNull(),
    stake: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    payout: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    status: text().$type<RoundStatus>().notNull().default("open"),
    fairness: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("game_rounds_round_idx").on(t.providerId, t.playerId, t.roundId),
    index("game_rounds_player_settled_idx").on(t.playerId, t.status, t.settledAt),
    // The stake and loss limits read a player's rounds of the last 30 days (responsible gaming).
    index("game_rounds_player_created_idx").on(t.playerId, t.createdAt),
    // /fair links each revealed seed pair to the last round played under it.
    index("game_rounds_player_seed_idx")
      .on(t.playerId, sql`((${t.fairness}->>'seedId')::int)`, t.id)
      .where(sql`${t.fairness}->>'seedId' is not null`),
    // The daily reports find the players who bet in a day.
    index("game_rounds_created_idx").on(t.createdAt),
    // The VIP accrual reads settled rounds by their settlement time.
    index("game_rounds_settled_idx")
      .on(t.settledAt)
      .where(sql`${t.status} = 'settled'`),
    check("game_rounds_amounts_check", sql`${t.stake} >= 0 and ${t.payout} >= 0`),
    check("game_rounds_status_check", sql`${t.status} in ('open', 'settled', 'rolled_back')`),
  ],
);

/**
 * A player's seed pair for Dice and Mines. The server seed stays secret while active (only its SHA-256 is
 * shown); rotating reveals it and starts a new pair with nonce 0. One active pair per player.
 */
export const fairSeeds = pgTable(
  "fair_seeds",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    serverSeed: text().notNull(),
    serverSeedHash: text().notNull(),
    clientSeed: text().notNull(),
    /** The nonce of the next bet; the first bet under a pair uses 0. */
    nonce: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp({ withTimezone: true }),
    /**
     * The server seed of the pair that follows this one, on the active pair only: its hash is shown before the
     * player picks a client seed, and a rotation makes it the new active seed (so the house cannot pick a seed
     * knowing the client seed). Cleared when the pair is revealed.
     */
    nextServerSeed: text(),
    nextServerSeedHash: text(),
    /** How results are read from the pair's bytes (fair/algorithms.ts): 1 before 2026-11-28, 2 the published formulas. */
    algorithm: smallint().notNull().default(1),
  },
  (t) => [
    uniqueIndex("fair_seeds_active_idx")
      .on(t.playerId)
      .where(sql`${t.active}`),
    index("fair_seeds_player_idx").on(t.playerId, t.id),
    check("fair_seeds_revealed_check", sql`${t.active} = (${t.revealedAt} is null)`),
    check("fair_seeds_next_check", sql`${t.active} = (${t.nextServerSeed} is not null and ${t.nextServerSeedHash} is not null)`),
  ],
);

/** A Mines game in play or ended; at most one in play per player. revealed: tile indexes 0-24 in order. */
export const minesGames = pgTable(
  "mines_games",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    seedId: integer()
      .notNull()
      .references(() => fairSeeds.id),
    nonce: integer().notNull(),
    mines: integer().notNull(),
    stake: bigint({ mode: "bigint" }).notNull(),
    currency: text().notNull(),
    revealed: jsonb()
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Issue 30: the game's max win when it started (the most its cash-out pays); null for games started before it. */
    maxWin: bigint({ mode: "bigint" }),
    /**
     * The autobet request that started it (the browser's loop sends one key per game): the same key again answers
     * this game instead of starting another. Null for games started by hand.
     */
    requestKey: text(),
    status: text().$type<"playing" | "cashed" | "busted">().notNull().default("playing"),
    payout: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("mines_games_playing_idx")
      .on(t.playerId)
      .where(sql`${t.status} = 'playing'`),
    index("mines_games_player_idx").on(t.playerId, t.id),
    uniqueIndex("mines_games_request_idx").on(t.playerId, t.requestKey),
    check("mines_games_mines_check", sql`${t.mines} between 1 and 24`),
    check("mines_games_status_check", sql`${t.status} in ('playing', 'cashed', 'busted')`),
  ],
);

/**
 * A Crash hash chain: hash(n) = SHA-256(hash(n+1)) from a secret seed; game 1 uses the last hash generated.
 * terminatingHash (SHA-256 of game 1's hash) and the salt are published before game 1.
 */
/**
 * A Crash hash chain and its seeding event: the terminating hash is published when the chain is made (createdAt),
 * with `saltSource`, the public value announced to become the salt (a future drand round, a block hash); the salt
 * is fixed later (saltFixedAt), once that value exists. No round of the chain starts before its salt is fixed.
 */
export const crashChains = pgTable(
  "crash_chains",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    seed: text().notNull(),
    length: integer().notNull(),
    terminatingHash: text().notNull(),
    saltSource: text().notNull().default(""),
    salt: text(),
    saltFixedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("crash_chains_salt_check", sql`(${t.salt} is null) = (${t.saltFixedAt} is null)`)],
);

export const crashRoundStatuses = ["betting", "running", "crashed", "voided"] as const;
export type CrashRoundStatus = (typeof crashRoundStatuses)[number];

/** One shared Crash round. hash and crashPoint (hundredths: 100 = 1.00×) are shown only once it has crashed. */
export const crashRounds = pgTable(
  "crash_rounds",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer()
      .notNull()
      .references(() => crashChains.id),
    gameNumber: integer().notNull(),
    hash: text().notNull(),
    /** bigint: a crash point can exceed 2^31 hundredths (P ≈ 5e-8 a game); mode number is exact below 2^53. */
    crashPoint: bigint({ mode: "number" }).notNull(),
    status: text().$type<CrashRoundStatus>().notNull().default("betting"),
    bettingEndsAt: timestamp({ withTimezone: true }).notNull(),
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("crash_rounds_game_idx").on(t.chainId, t.gameNumber),
    index("crash_rounds_status_idx").on(t.status, t.id),
    check("crash_rounds_point_check", sql`${t.crashPoint} >= 100`),
    check("crash_rounds_status_check", sql`${t.status} in ('betting', 'running', 'crashed', 'voided')`),
  ],
);

/** A player's bet on a Crash round; cashoutAt / autoCashout in hundredths. One bet per player per round. */
export const crashBets = pgTable(
  "crash_bets",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: bigint({ mode: "number" })
      .notNull()
      .references(() => crashRounds.id),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    stake: bigint({ mode: "bigint" }).notNull(),
    currency: text().notNull(),
    autoCashout: integer(),
    cashoutAt: bigint({ mode: "number" }),
    payout: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    /**
     * Issue 30: the most this bet can pay (poisha), fixed when it was placed: the game's max win, its auto cash-out's
     * payout and what was left of the round's payout cap, the least of them. Null for bets placed before it existed.
     */
    maxPayout: bigint({ mode: "bigint" }),
    /** Issue 30: the limits lowered this bet's auto cash-out / max payout below what the player asked (shown at the bet). */
    capped: boolean().notNull().default(false),
    status: text().$type<"active" | "cashed" | "lost" | "voided">().notNull().default("active"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("crash_bets_round_player_idx").on(t.roundId, t.playerId),
    index("crash_bets_player_idx").on(t.playerId, t.id),
    check("crash_bets_auto_check", sql`${t.autoCashout} is null or ${t.autoCashout} >= 101`),
    check("crash_bets_status_check", sql`${t.status} in ('active', 'cashed', 'lost', 'voided')`),
  ],
);

/**
 * Issue 30: a player's Crash autobet. The leader's engine places its next bet when a round opens (the bet itself is a
 * normal crash_bets row), after applying the last bet's result with the plan's rules (house/autobet.ts). One active
 * autobet per player (partial unique index); `last_round_id` is claimed in the same update that writes the new state,
 * under the condition that it still holds the value read, so two engines never bet twice for one round.
 */
export const crashAutobets = pgTable(
  "crash_autobets",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id),
    /** The plan's settings (AutobetSettings with amounts as poisha strings). */
    settings: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Hundredths (200 = 2.00×). */
    autoCashout: integer().notNull(),
    betsDone: integer().notNull().default(0),
    nextStake: bigint({ mode: "bigint" }).notNull(),
    profit: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    /** The round of its last bet, whose result is applied when the next round opens. */
    lastRoundId: bigint({ mode: "number" }),
    status: text().$type<"active" | "stopped">().notNull().default("active"),
    /** The key of the session that started it (protection's realitySessionKey): its reality check stops the autobet. */
    sessionKey: text(),
    /** Why it stopped: a plan stop (house/autobet.ts), "user", or "refused" with the refusal's message token. */
    stopReason: text(),
    stopToken: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("crash_autobets_active_idx")
      .on(t.playerId)
      .where(sql`${t.status} = 'active'`),
    index("crash_autobets_player_idx").on(t.playerId, t.id),
    check("crash_autobets_status_check", sql`${t.status} in ('active', 'stopped')`),
    check("crash_autobets_auto_check", sql`${t.autoCashout} >= 101`),
  ],
);

export type GameProvider = typeof gameProviders.$inferSelect;
export type Game = typeof games.$inferSelect;
export type GameRound = typeof gameRounds.$inferSelect;
export type GameWalletCall = typeof gameWalletCalls.$inferSelect;
export type FairSeed = typeof fairSeeds.$inferSelect;
export type MinesGame = typeof minesGames.$inferSelect;
export type CrashRound = typeof crashRounds.$inferSelect;
export type CrashBet = typeof crashBets.$inferSelect;
