// The betting record: a player's settled rounds (spec /betting-record and "Settled bet record"), filtered by
// Asia/Dhaka day, platform and game type, and one round's details with its wallet calls and fairness data.
// The filter itself (parsing, query strings) is in records-filter.ts, which pages use in the browser too.
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { dhakaRange } from "#app/modules/payments/dhaka-days.ts";
import { fairSeeds, gameProviders, gameRounds, games, gameWalletCalls } from "./schema.ts";
import type { RecordDay, RecordFilter } from "./records-filter.ts";

export type SettledRound = {
  id: number;
  platform: string;
  providerName: string;
  gameType: string;
  gameCode: string;
  gameName: string | null;
  stake: bigint;
  payout: bigint;
  /** payout - stake. */
  profit: bigint;
  currency: string;
  settledAt: Date;
};

export type SettledRoundsPage = { items: SettledRound[]; total: number; pages: number; page: number; turnover: bigint; profit: bigint };

const dayBounds = (day: RecordDay, now: Date) => dhakaRange(day === "last7" ? "7d" : day, now) as { from: Date; to: Date };

/** The player's settled rounds for the filter, newest settlement first, with the filter's totals. */
export async function listSettledRounds(
  playerId: number,
  { day, platform, type, page = 1, size = 10 }: Partial<RecordFilter> & { day: RecordDay },
  now: Date = new Date(),
): Promise<SettledRoundsPage> {
  const { from, to } = dayBounds(day, now);
  const where = and(
    eq(gameRounds.playerId, playerId),
    eq(gameRounds.status, "settled"),
    gte(gameRounds.settledAt, from),
    lt(gameRounds.settledAt, to),
    ...(platform ? [eq(gameRounds.platform, platform)] : []),
    ...(type ? [eq(gameRounds.gameType, type)] : []),
  ) as SQL;
  const [totals] = await db
    .select({
      n: count(),
      stake: sql<string>`coalesce(sum(${gameRounds.stake}), 0)::text`,
      payout: sql<string>`coalesce(sum(${gameRounds.payout}), 0)::text`,
    })
    .from(gameRounds)
    .where(where);
  const total = Number(totals?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db
    .select({ r: gameRounds, providerName: gameProviders.name, gameName: games.name })
    .from(gameRounds)
    .innerJoin(gameProviders, eq(gameProviders.id, gameRounds.providerId))
    .leftJoin(games, eq(games.id, gameRounds.gameId))
    .where(where)
    .orderBy(desc(gameRounds.settledAt), desc(gameRounds.id))
    .limit(size)
    .offset((current - 1) * size);
  const turnover = BigInt(totals?.stake ?? "0");
  return {
    items: rows.map(({ r, providerName, gameName }) => ({
      id: r.id,
      platform: r.platform,
      providerName,
      gameType: r.gameType,
      gameCode: r.gameCode,
      gameName,
      stake: r.stake,
      payout: r.payout,
      profit: r.payout - r.stake,
      currency: r.currency,
      settledAt: r.settledAt!,
    })),
    total,
    pages,
    page: current,
    turnover,
    profit: BigInt(totals?.payout ?? "0") - turnover,
  };
}

export type RoundDetails = Omit<SettledRound, "settledAt"> & {
  roundId: string;
  status: string;
  createdAt: Date;
  settledAt: Date | null;
  calls: Array<{ txnId: string; action: string; amount: bigint; status: string; createdAt: Date }>;
  /** House games: what the player needs to verify the result; the server seed only once it has been revealed. */
  fairness: Record<string, unknown> | null;
  serverSeed: string | null;
};

/** One of the player's own rounds by its record id; undefined for another player's or an unknown id. */
export async function getRound(playerId: number, id: unknown): Promise<RoundDetails | undefined> {
  const roundId = typeof id === "string" && /^\d{1,15}$/.test(id) ? Number(id) : typeof id === "number" && Number.isSafeInteger(id) ? id : null;
  if (!roundId || roundId < 1) return undefined;
  const [row] = await db
    .select({ r: gameRounds, providerName: gameProviders.name, gameName: games.name })
    .from(gameRounds)
    .innerJoin(gameProviders, eq(gameProviders.id, gameRounds.providerId))
    .leftJoin(games, eq(games.id, gameRounds.gameId))
    .where(and(eq(gameRounds.id, roundId), eq(gameRounds.playerId, playerId)));
  if (!row) return undefined;
  const { r } = row;
  const calls = await db
    .select({
      txnId: gameWalletCalls.txnId,
      action: gameWalletCalls.action,
      amount: gameWalletCalls.amount,
      status: gameWalletCalls.status,
      createdAt: gameWalletCalls.createdAt,
    })
    .from(gameWalletCalls)
    .where(and(eq(gameWalletCalls.providerId, r.providerId), eq(gameWalletCalls.playerId, playerId), eq(gameWalletCalls.roundId, r.roundId)))
    .orderBy(asc(gameWalletCalls.id));
  let serverSeed: string | null = null;
  const seedId = r.fairness?.seedId;
  if (typeof seedId === "number" && Number.isSafeInteger(seedId)) {
    const [seed] = await db
      .select({ serverSeed: fairSeeds.serverSeed, revealedAt: fairSeeds.revealedAt })
      .from(fairSeeds)
      .where(and(eq(fairSeeds.id, seedId), eq(fairSeeds.playerId, playerId)));
    serverSeed = seed?.revealedAt ? seed.serverSeed : null;
  }
  return {
    id: r.id,
    roundId: r.roundId,
    platform: r.platform,
    providerName: row.providerName,
    gameType: r.gameType,
    gameCode: r.gameCode,
    gameName: row.gameName,
    stake: r.stake,
    payout: r.payout,
    profit: r.payout - r.stake,
    currency: r.currency,
    status: r.status,
    createdAt: r.createdAt,
    settledAt: r.settledAt,
    calls,
    fairness: r.fairness ?? null,
    serverSeed,
  };
}

/** The platforms a player can filter by: every provider, in display order. */
export async function listRecordPlatforms(): Promise<Array<{ platform: string; name: string }>> {
  return db
    .select({ platform: gameProviders.platform, name: gameProviders.name })
    .from(gameProviders)
    .orderBy(asc(gameProviders.sortOrder), asc(gameProviders.name));
}

/** The /fair verifier link that recomputes a house round's result, once the seed needed for it is public. */
export function verifyLink(fairness: Record<string, unknown> | null, serverSeed: string | null): string | null {
  if (!fairness) return null;
  const game = fairness.game;
  if ((game === "dice" || game === "mines") && serverSeed && typeof fairness.clientSeed === "string" && typeof fairness.nonce === "number") {
    const q = new URLSearchParams({ game, serverSeed, clientSeed: fairness.clientSeed, nonce: String(fairness.nonce) });
    if (game === "mines" && typeof fairness.mines === "number") q.set("mines", String(fairness.mines));
    return `/fair?${q}#verifier`;
  }
  if (game === "crash" && typeof fairness.hash === "string" && typeof fairness.salt === "string") {
    return `/fair?${new URLSearchParams({ game: "crash", hash: fairness.hash, salt: fairness.salt })}#verifier`;
  }
  return null;
}
