// What players may see of Crash: the current round (its hash and crash point only once it has crashed), the bets
// on it (names masked), the player's own bet, recent rounds and the published chain.
import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { crashBets, crashChains, crashRounds, type CrashRound } from "../../schema.ts";
import { publishedChain } from "./chain.server.ts";
import { multiplierAt } from "./curve.ts";
import { maskName } from "./events.ts";
import type { CrashState, HistoryRound, MyBet, PublicBet, PublicRound } from "./public.ts";
import { HISTORY_SHOWN } from "./view.ts";

export type { CrashPhase, CrashState, PublicRound } from "./public.ts";

export function publicRound(round: CrashRound, now = Date.now()): PublicRound {
  const crashed = round.status === "crashed";
  const startedAt = round.startedAt?.getTime() ?? null;
  const elapsed = round.status === "running" && startedAt !== null ? Math.max(0, now - startedAt) : null;
  return {
    id: round.id,
    gameNumber: round.gameNumber,
    phase: round.status,
    bettingEndsAt: round.bettingEndsAt.getTime(),
    startedAt,
    elapsed,
    multiplier: crashed ? round.crashPoint : elapsed !== null ? multiplierAt(elapsed) : 100,
    crashPoint: crashed ? round.crashPoint : null,
    hash: crashed ? round.hash : null,
  };
}

/** The newest round, as players see it. */
export async function currentRound(): Promise<PublicRound | null> {
  const [round] = await db.select().from(crashRounds).orderBy(desc(crashRounds.id)).limit(1);
  return round ? publicRound(round) : null;
}

export async function roundBets(roundId: number): Promise<PublicBet[]> {
  const rows = await db
    .select({
      id: crashBets.id,
      username: players.username,
      stake: crashBets.stake,
      cashoutAt: crashBets.cashoutAt,
      payout: crashBets.payout,
      maxPayout: crashBets.maxPayout,
      status: crashBets.status,
    })
    .from(crashBets)
    .innerJoin(players, eq(players.id, crashBets.playerId))
    .where(eq(crashBets.roundId, roundId))
    .orderBy(desc(crashBets.stake), desc(crashBets.id))
    .limit(100);
  return rows.map((r) => ({
    betId: r.id,
    name: maskName(r.username),
    stake: String(r.stake),
    autoCashout: null,
    cashoutAt: r.cashoutAt,
    payout: String(r.payout),
    maxPayout: r.maxPayout === null ? null : String(r.maxPayout),
    status: r.status,
  }));
}

export async function myBet(playerId: number, roundId: number): Promise<MyBet | null> {
  const [row] = await db
    .select({
      id: crashBets.id,
      stake: crashBets.stake,
      maxPayout: crashBets.maxPayout,
      autoCashout: crashBets.autoCashout,
      cashoutAt: crashBets.cashoutAt,
      payout: crashBets.payout,
      status: crashBets.status,
    })
    .from(crashBets)
    .where(and(eq(crashBets.roundId, roundId), eq(crashBets.playerId, playerId)));
  return row
    ? {
        id: row.id,
        betId: row.id,
        roundId,
        maxPayout: row.maxPayout === null ? null : String(row.maxPayout),
        name: "",
        stake: String(row.stake),
        autoCashout: row.autoCashout,
        cashoutAt: row.cashoutAt,
        payout: String(row.payout),
        status: row.status,
      }
    : null;
}

/** The last `limit` ended rounds (crashed, or voided by a restart) with their hash and the salt of their chain. */
export async function recentRounds(limit = HISTORY_SHOWN): Promise<HistoryRound[]> {
  const rows = await db
    .select({
      id: crashRounds.id,
      gameNumber: crashRounds.gameNumber,
      crashPoint: crashRounds.crashPoint,
      hash: crashRounds.hash,
      salt: crashChains.salt,
      endedAt: crashRounds.endedAt,
      status: crashRounds.status,
    })
    .from(crashRounds)
    .innerJoin(crashChains, eq(crashChains.id, crashRounds.chainId))
    .where(inArray(crashRounds.status, ["crashed", "voided"]))
    .orderBy(desc(crashRounds.id))
    .limit(limit);
  // A round starts only once its chain's salt is fixed, so a crashed round's chain has one.
  return rows.map(({ status, ...r }) => ({ ...r, salt: r.salt!, endedAt: r.endedAt?.getTime() ?? null, voided: status === "voided" }));
}

/** Everything the page and the polling clients show; playerId adds the player's own bet. */
export async function crashState(playerId?: number): Promise<CrashState> {
  const round = await currentRound();
  const [mine, bets, history, chain] = await Promise.all([
    round && playerId ? myBet(playerId, round.id) : null,
    round ? roundBets(round.id) : [],
    recentRounds(HISTORY_SHOWN),
    publishedChain(),
  ]);
  return { serverNow: Date.now(), round, myBet: mine, bets, history, chain };
}
