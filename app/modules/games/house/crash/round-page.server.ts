// The public page of one shared Crash round (/house/crash/round/:id, the round's id as its history chip links it):
// its crash point, hash and salt once it has crashed (before that they would tell the crash point), its times in
// Asia/Dhaka, every bet with masked names, and a link that recomputes it on /fair. A round voided by a restart is shown
// as void with its hash (as the history shows it). Unknown or malformed ids: undefined (the route's 404).
import { asc, desc, eq, gt, lt } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { takaText } from "#app/kernel/money.ts";
import { players } from "#app/modules/players/index.server.ts";
import { parseRoundId } from "../../records.server.ts";
import { crashBets, crashChains, crashRounds } from "../../schema.ts";
import { multiplierText } from "./curve.ts";
import { maskName } from "./events.ts";
import type { CrashPhase } from "./public.ts";
import { verifyHref } from "./view.ts";

export type CrashRoundBet = {
  /** Masked ("ra***9"). */
  name: string;
  /** Taka text. */
  stake: string;
  status: "active" | "cashed" | "lost" | "voided";
  /** "2.50" once cashed out. */
  cashoutAt: string | null;
  /** Taka text once settled (0.00 for a loss), else null. */
  payout: string | null;
  /** The most the bet could pay (after the max win and the round's payout cap), taka text. */
  maxPayout: string | null;
};

export type CrashRoundPage = {
  id: number;
  gameNumber: number;
  chainId: number;
  status: CrashPhase;
  /** Hundredths and text, once crashed. */
  crashPoint: number | null;
  crashText: string | null;
  hash: string | null;
  salt: string | null;
  /** Asia/Dhaka, 24-hour. */
  bettingEndsAt: string;
  startedAt: string | null;
  endedAt: string | null;
  bets: CrashRoundBet[];
  /** /fair with the round's inputs filled in, once it has crashed. */
  verify: string | null;
  /** The neighbouring rounds' ids (null at the ends), for older / newer links. */
  previousId: number | null;
  nextId: number | null;
};

/** The page of a Crash round by its id; undefined for a bad or unknown id. */
export async function crashRoundPage(rawId: unknown): Promise<CrashRoundPage | undefined> {
  const id = parseRoundId(rawId);
  if (id === null) return undefined;
  const [row] = await db
    .select({ round: crashRounds, salt: crashChains.salt })
    .from(crashRounds)
    .innerJoin(crashChains, eq(crashChains.id, crashRounds.chainId))
    .where(eq(crashRounds.id, id));
  if (!row) return undefined;
  const { round } = row;
  const crashed = round.status === "crashed";
  // A voided round never ran: its hash is public as in the history; a round in play keeps hash and salt back.
  const ended = crashed || round.status === "voided";
  const [bets, [previous], [next]] = await Promise.all([
    db
      .select({
        username: players.username,
        stake: crashBets.stake,
        status: crashBets.status,
        cashoutAt: crashBets.cashoutAt,
        payout: crashBets.payout,
        maxPayout: crashBets.maxPayout,
      })
      .from(crashBets)
      .innerJoin(players, eq(players.id, crashBets.playerId))
      .where(eq(crashBets.roundId, id))
      .orderBy(desc(crashBets.stake), asc(crashBets.id)),
    db.select({ id: crashRounds.id }).from(crashRounds).where(lt(crashRounds.id, id)).orderBy(desc(crashRounds.id)).limit(1),
    db.select({ id: crashRounds.id }).from(crashRounds).where(gt(crashRounds.id, id)).orderBy(asc(crashRounds.id)).limit(1),
  ]);
  const salt = ended ? row.salt : null;
  const hash = ended ? round.hash : null;
  return {
    id: round.id,
    gameNumber: round.gameNumber,
    chainId: round.chainId,
    status: round.status,
    crashPoint: crashed ? round.crashPoint : null,
    crashText: crashed ? multiplierText(round.crashPoint) : null,
    hash,
    salt,
    bettingEndsAt: formatDhaka(round.bettingEndsAt),
    startedAt: round.startedAt ? formatDhaka(round.startedAt) : null,
    endedAt: round.endedAt ? formatDhaka(round.endedAt) : null,
    bets: bets.map((b) => ({
      name: maskName(b.username),
      stake: takaText(b.stake),
      status: b.status,
      cashoutAt: b.status === "cashed" && b.cashoutAt !== null ? multiplierText(b.cashoutAt) : null,
      payout: b.status === "cashed" || b.status === "lost" ? takaText(b.payout ?? 0n) : null,
      maxPayout: b.maxPayout === null ? null : takaText(b.maxPayout),
    })),
    verify: crashed && salt !== null ? verifyHref(round.hash, salt, round.gameNumber) : null,
    previousId: previous?.id ?? null,
    nextId: next?.id ?? null,
  };
}
