// The public, shareable page of one round of an in-house game (/bet/:id): who bet (masked), on what, how much, what it
// paid, and what recomputes it on /fair. Anyone may open it, so it shows only what the round's own player would be
// glad to share: never the full username, never a server seed before a rotation revealed it, never a Crash round's
// hash before the round crashed. Provider (aggregator) rounds have no page: their results are not ours to prove.
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { takaText } from "#app/kernel/money.ts";
import { players } from "#app/modules/players/index.server.ts";
import type { Fairness, RecordResult } from "./house/game.ts";
import { maskName } from "./house/crash/events.ts";
import { houseGame, verifyLink } from "./house/registry.ts";
import { betPageId, roundOfBetPageId } from "./bet-link.server.ts";
import { revealedServerSeed } from "./records.server.ts";
import { crashChains, crashRounds, gameRounds, games } from "./schema.ts";
import { HOUSE_PLATFORM } from "./types.ts";

export type BetPageStatus = "settled" | "open" | "void";

export type BetPage = {
  id: number;
  /** The house game's id (dice, mines, crash) and its catalogue name. */
  gameId: string;
  game: string;
  /** The player's username, masked ("ra***9"). */
  player: string;
  status: BetPageStatus;
  /** Asia/Dhaka, 24-hour. */
  placedAt: string;
  settledAt: string | null;
  /** Taka without the sign ("1,250.00"); payout, profit and multiplier only once the round settled. */
  stake: string;
  payout: string | null;
  profit: string | null;
  /** The multiplier the round paid ("1.9800", "2.50"; "0.00" for a loss). */
  multiplier: string | null;
  /** The round's result line, records.details.<key> with its values. */
  result: RecordResult | null;
  fairness: {
    /** Played from the player's seed pair: the page shows the server seed, or that it is still hidden. */
    seedPair: boolean;
    serverSeedHash: string | null;
    serverSeed: string | null;
    clientSeed: string | null;
    nonce: string | null;
    mines: string | null;
    /** Mines: where the mines were, once the game ended (as the betting record's details show them). */
    minePositions: string | null;
    /** Crash: the round's hash and the chain's salt, once the round crashed. */
    hash: string | null;
    salt: string | null;
  };
  /** /fair with this round's inputs filled in, once they are all public; else null. */
  verify: string | null;
};

const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null);

/**
 * The page of a round (as getRound returns it) when it has one, i.e. a round of one of our own games; else null. Its
 * id is signed (bet-link.server.ts): only someone the link was given to reaches the round.
 */
export function betPageLink(round: { id: number; platform: string; fairness: Fairness | null }): string | null {
  return round.platform === HOUSE_PLATFORM && houseGame(round.fairness?.game) ? `/bet/${betPageId(round.id)}` : null;
}

/** The statuses a round's page names: a rolled-back round was voided (its stake given back). */
const statusOf = (status: string): BetPageStatus => (status === "settled" ? "settled" : status === "open" ? "open" : "void");

/** "1.98"-style payout / stake, floored to hundredths: for a win whose fairness data names no multiplier. */
function ratioText(payout: bigint, stake: bigint): string | null {
  if (stake <= 0n) return null;
  const hundredths = (payout * 100n) / stake;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}`;
}

/** A Crash round's hash and its chain's salt, once the round has crashed (before that the hash tells the crash point). */
async function crashedRoundSeeds(fairness: Fairness): Promise<{ hash: string; salt: string } | null> {
  const id = fairness.crashRoundId;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) return null;
  const [round] = await db
    .select({ status: crashRounds.status, hash: crashRounds.hash, salt: crashChains.salt })
    .from(crashRounds)
    .innerJoin(crashChains, eq(crashChains.id, crashRounds.chainId))
    .where(eq(crashRounds.id, id));
  // A round starts only once its chain's salt is fixed, so a crashed round's chain has one.
  return round?.status === "crashed" ? { hash: round.hash, salt: round.salt! } : null;
}

/**
 * The page of one in-house round by its page id ("<betting-record id>-<tag>", as betPageLink makes it); undefined for
 * a bare id, a wrong tag, anything malformed or any other round.
 */
export async function getBetPage(pageId: unknown): Promise<BetPage | undefined> {
  const roundId = roundOfBetPageId(pageId);
  if (roundId === null) return undefined;
  const [row] = await db
    .select({ r: gameRounds, gameName: games.name, username: players.username })
    .from(gameRounds)
    .innerJoin(players, eq(players.id, gameRounds.playerId))
    .leftJoin(games, eq(games.id, gameRounds.gameId))
    .where(and(eq(gameRounds.id, roundId), eq(gameRounds.platform, HOUSE_PLATFORM)));
  const fairness = row?.r.fairness ?? null;
  const game = houseGame(fairness?.game);
  if (!row || !fairness || !game) return undefined;
  const { r } = row;
  const status = statusOf(r.status);
  const settled = status === "settled";
  const seedPair = game.fairness.source === "seeds";
  const serverSeed = seedPair ? await revealedServerSeed(r.playerId, fairness) : null;
  const chain = seedPair ? null : await crashedRoundSeeds(fairness);
  // What recomputes the round: for a seed game the stored inputs and the revealed seed; for a chain game the crashed
  // round's hash and salt (a bet cashed out before the crash was stored without them).
  const inputs: Fairness = chain ? { ...fairness, ...chain } : seedPair ? fairness : { ...fairness, hash: undefined, salt: undefined };
  const multiplier = !settled ? null : r.payout === 0n ? "0.00" : (game.winMultiplier(fairness) ?? ratioText(r.payout, r.stake));
  return {
    id: r.id,
    gameId: game.id,
    game: row.gameName ?? game.catalogue.name,
    player: maskName(row.username),
    status,
    placedAt: formatDhaka(r.createdAt),
    settledAt: r.settledAt ? formatDhaka(r.settledAt) : null,
    stake: takaText(r.stake, { symbol: false }),
    payout: settled ? takaText(r.payout, { symbol: false }) : null,
    profit: settled ? takaText(r.payout - r.stake, { symbol: false }) : null,
    multiplier,
    result: settled ? game.record(fairness) : null,
    fairness: {
      seedPair,
      serverSeedHash: seedPair ? text(fairness.serverSeedHash) : null,
      serverSeed,
      clientSeed: seedPair ? text(fairness.clientSeed) : null,
      nonce: seedPair ? text(fairness.nonce) : null,
      mines: text(fairness.mines),
      minePositions: settled && Array.isArray(fairness.minePositions) ? fairness.minePositions.join(", ") : null,
      hash: chain?.hash ?? null,
      salt: chain?.salt ?? null,
    },
    verify: settled ? verifyLink(inputs, serverSeed) : null,
  };
}
