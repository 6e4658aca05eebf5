// The betting record: a player's settled rounds (spec /betting-record and "Settled bet record") and unsettled ones, filtered by
// Asia/Dhaka day, platform and game type, and one round's details with its wallet calls and fairness data.
// The filter itself (parsing, query strings) is in records-filter.ts, which pages use in the browser too.
import { and, asc, count, desc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { dhakaRange } from "#app/kernel/dhaka-time.ts";
import { TOTALS_CAP } from "#app/kernel/list-totals.ts";
import { pastCap, rowsCap } from "#app/kernel/list-totals.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { fairSeeds, gameProviders, gameRounds, games, gameWalletCalls, type RoundStatus } from "./schema.ts";
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

/** [from, to) of the filter's day: its values are the kernel's range names. */
export const dayBounds = (day: RecordDay, now: Date = new Date()) => {
  const { start, end } = dhakaRange(day, now);
  return { from: start, to: end };
};

type RoundsFilter = Partial<RecordFilter> & { day: RecordDay };

/**
 * The player's own rounds in one status for the filter: settled ones by the Dhaka day they settled, open ones by the
 * day they were placed. Rolled-back rounds are neither.
 */
function roundsWhere(playerId: number, status: "settled" | "open", { day, platform, type }: RoundsFilter, now: Date): SQL {
  const { from, to } = dayBounds(day, now);
  const at = status === "settled" ? gameRounds.settledAt : gameRounds.createdAt;
  return and(
    eq(gameRounds.playerId, playerId),
    eq(gameRounds.status, status),
    gte(at, from),
    lt(at, to),
    ...(platform ? [eq(gameRounds.platform, platform)] : []),
    ...(type ? [eq(gameRounds.gameType, type)] : []),
  ) as SQL;
}

/** The count and stake and payout sums of the rounds, and the page to show (a page past the end shows the last). */
async function pageOf(where: SQL, page: number, size: number) {
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
  return { total, pages, current: Math.min(Math.max(1, page), pages), stake: BigInt(totals?.stake ?? "0"), payout: BigInt(totals?.payout ?? "0") };
}

const roundRows = (where: SQL) =>
  db
    .select({ r: gameRounds, providerName: gameProviders.name, gameName: games.name })
    .from(gameRounds)
    .innerJoin(gameProviders, eq(gameProviders.id, gameRounds.providerId))
    .leftJoin(games, eq(games.id, gameRounds.gameId))
    .where(where);

type RoundRow = Awaited<ReturnType<typeof roundRows>>[number];

/** What both tabs show of a round: its game, provider and stake. */
const roundSummary = ({ r, providerName, gameName }: RoundRow) => ({
  id: r.id,
  platform: r.platform,
  providerName,
  gameType: r.gameType,
  gameCode: r.gameCode,
  gameName,
  stake: r.stake,
  currency: r.currency,
});

/** The player's settled rounds for the filter, newest settlement first, with the filter's totals. */
export async function listSettledRounds(playerId: number, filter: RoundsFilter, now: Date = new Date()): Promise<SettledRoundsPage> {
  const { page = 1, size = 10 } = filter;
  const where = roundsWhere(playerId, "settled", filter, now);
  const { total, pages, current, stake: turnover, payout } = await pageOf(where, page, size);
  const rows = await roundRows(where)
    .orderBy(desc(gameRounds.settledAt), desc(gameRounds.id))
    .limit(size)
    .offset((current - 1) * size);
  return {
    items: rows.map((row) => ({
      ...roundSummary(row),
      payout: row.r.payout,
      profit: row.r.payout - row.r.stake,
      settledAt: row.r.settledAt!,
    })),
    total,
    pages,
    page: current,
    turnover,
    profit: payout - turnover,
  };
}

export type OpenRound = Pick<SettledRound, "id" | "platform" | "providerName" | "gameType" | "gameCode" | "gameName" | "stake" | "currency"> & {
  createdAt: Date;
};

export type OpenRoundsPage = { items: OpenRound[]; total: number; pages: number; page: number; stake: bigint };

/**
 * The player's unsettled rounds for the filter (the record's Unsettled tab): a Crash bet in flight, a Mines game in
 * play, a provider's round with a bet and no win yet. Newest placed first, with their total stake.
 */
export async function listOpenRounds(playerId: number, filter: RoundsFilter, now: Date = new Date()): Promise<OpenRoundsPage> {
  const { page = 1, size = 10 } = filter;
  const where = roundsWhere(playerId, "open", filter, now);
  const { total, pages, current, stake } = await pageOf(where, page, size);
  const rows = await roundRows(where)
    .orderBy(desc(gameRounds.createdAt), desc(gameRounds.id))
    .limit(size)
    .offset((current - 1) * size);
  return {
    items: rows.map((row) => ({ ...roundSummary(row), createdAt: row.r.createdAt })),
    total,
    pages,
    page: current,
    stake,
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

/**
 * The server seed a house round was drawn from (its fairness data's seedId, a pair of this player), once a rotation
 * has revealed it; null before that, and for rounds not played from a seed pair.
 */
export async function revealedServerSeed(playerId: number, fairness: Record<string, unknown> | null): Promise<string | null> {
  const seedId = fairness?.seedId;
  // fair_seeds ids are int4: a provider's fairness data may hold any number.
  if (typeof seedId !== "number" || !Number.isSafeInteger(seedId) || seedId < 1 || seedId > 2 ** 31 - 1) return null;
  const [seed] = await db
    .select({ serverSeed: fairSeeds.serverSeed, revealedAt: fairSeeds.revealedAt })
    .from(fairSeeds)
    .where(and(eq(fairSeeds.id, seedId), eq(fairSeeds.playerId, playerId)));
  return seed?.revealedAt ? seed.serverSeed : null;
}

/** A round's record id as a URL carries it: 1 to 15 digits, at least 1; null for anything else. */
export function parseRoundId(id: unknown): number | null {
  if (typeof id !== "string" || !/^\d{1,15}$/.test(id)) return null;
  const n = Number(id);
  return n >= 1 ? n : null;
}

/** One of the player's own rounds by its record id; undefined for another player's or an unknown id. */
export async function getRound(playerId: number, id: unknown): Promise<RoundDetails | undefined> {
  const roundId = typeof id === "number" ? (Number.isSafeInteger(id) && id >= 1 ? id : null) : parseRoundId(id);
  if (roundId === null) return undefined;
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
  const serverSeed = await revealedServerSeed(playerId, r.fairness);
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
export { verifyLink } from "./house/registry.ts";

export type PlayerRoundRow = {
  id: number;
  playerId: number;
  username: string;
  platform: string;
  providerName: string;
  gameCode: string;
  gameName: string | null;
  gameType: string;
  status: string;
  stake: bigint;
  payout: bigint;
  currency: string;
  createdAt: Date;
  settledAt: Date | null;
};

/**
 * The back office's filter of casino rounds (provider and house games, every status): one player or everyone, a
 * provider (its platform code), a game (its code), a status, the time placed in [start, end), and a stake range.
 */
export type RoundListFilter = {
  playerId?: number;
  platform?: string;
  gameCode?: string;
  status?: RoundStatus;
  start?: Date;
  end?: Date;
  minStake?: bigint;
  maxStake?: bigint;
};

function roundListWhere(f: RoundListFilter): SQL | undefined {
  return and(
    f.playerId === undefined ? undefined : eq(gameRounds.playerId, f.playerId),
    f.platform ? eq(gameRounds.platform, f.platform) : undefined,
    f.gameCode ? eq(gameRounds.gameCode, f.gameCode) : undefined,
    f.status ? eq(gameRounds.status, f.status) : undefined,
    f.start ? gte(gameRounds.createdAt, f.start) : undefined,
    f.end ? lt(gameRounds.createdAt, f.end) : undefined,
    f.minStake === undefined ? undefined : gte(gameRounds.stake, f.minStake),
    f.maxStake === undefined ? undefined : lte(gameRounds.stake, f.maxStake),
  );
}

/**
 * The back office's casino rounds for the filter (the player 360 passes its player, /admin/rounds anyone), newest
 * first, keyset paging by id (`before` = the last id seen). Pass readDb for an export.
 */
export async function listRounds(
  filter: RoundListFilter,
  { before, limit = 50 }: { before?: number; limit?: number } = {},
  ex: Executor = db,
): Promise<PlayerRoundRow[]> {
  const rows = await ex
    .select({ r: gameRounds, providerName: gameProviders.name, gameName: games.name, username: players.username })
    .from(gameRounds)
    .innerJoin(gameProviders, eq(gameProviders.id, gameRounds.providerId))
    .innerJoin(players, eq(players.id, gameRounds.playerId))
    .leftJoin(games, eq(games.id, gameRounds.gameId))
    .where(and(roundListWhere(filter), before === undefined ? undefined : lt(gameRounds.id, before)))
    .orderBy(desc(gameRounds.id))
    .limit(Math.min(Math.max(1, Math.trunc(limit) || 1), 1000));
  return rows.map(({ r, providerName, gameName, username }) => ({
    id: r.id,
    playerId: r.playerId,
    username,
    platform: r.platform,
    providerName,
    gameCode: r.gameCode,
    gameName,
    gameType: r.gameType,
    status: r.status,
    stake: r.stake,
    payout: r.payout,
    currency: r.currency,
    createdAt: r.createdAt,
    settledAt: r.settledAt,
  }));
}

export type RoundTotals = {
  count: number;
  stake: bigint;
  payout: bigint;
  /** stake - payout of settled rounds. */ ggr: bigint;
  /** "Any day" matched more than TOTALS_CAP rounds: count is the cap and no sum is given (kernel/list-totals.ts). */
  capped: boolean;
};

/**
 * The totals of what the filter shows: rounds, stakes, wins (payouts) and GGR (settled rounds' stakes minus wins).
 * Without a date range they are read over at most TOTALS_CAP + 1 rounds (any of them: the sums are only shown when every matching row was read).
 */
export async function roundTotals(filter: RoundListFilter, ex: Executor = db): Promise<RoundTotals> {
  const rows = sql`select ${gameRounds.stake} as stake, ${gameRounds.payout} as payout, ${gameRounds.status} as status from ${gameRounds}
    where ${roundListWhere(filter) ?? sql`true`}${rowsCap(filter)}`;
  const [t] = rowsOf<{ n: number; stake: string; payout: string; ggr: string }>(
    await ex.execute(sql`select count(*)::int as n, coalesce(sum(stake), 0)::text as stake, coalesce(sum(payout), 0)::text as payout,
      coalesce(sum(stake - payout) filter (where status = 'settled'), 0)::text as ggr from (${rows}) r`),
  );
  if (pastCap(filter, Number(t?.n ?? 0))) return { count: TOTALS_CAP, stake: 0n, payout: 0n, ggr: 0n, capped: true };
  return { count: Number(t?.n ?? 0), stake: BigInt(t?.stake ?? "0"), payout: BigInt(t?.payout ?? "0"), ggr: BigInt(t?.ggr ?? "0"), capped: false };
}

/** One player's casino rounds (the player 360 and its export): listRounds with the player as the filter. */
export function listPlayerRounds(playerId: number, page: { before?: number; limit?: number } = {}, ex: Executor = db): Promise<PlayerRoundRow[]> {
  return listRounds({ playerId }, page, ex);
}
