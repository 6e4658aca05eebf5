// Crash bets and cash-outs through the seamless wallet. Every "only once" rule is a row condition in the database:
// one bet per player per round (unique index), a bet only while the round takes bets (the round row is read FOR
// UPDATE, so the engine's switch to running waits for it and the round's bets take its payout cap one at a time),
// a bet leaves "active" once (cashed, lost or voided).
import { and, desc, eq, sql } from "drizzle-orm";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { findHouseGame, type HouseGame } from "../game-row.server.ts";
import { crashBets, crashRounds } from "../../schema.ts";
import { HOUSE_PLATFORM } from "../../types.ts";
import { type WalletFailure, type WalletSuccess, walletBet, walletRollback, walletWin } from "../../wallet.server.ts";
import { multiplierAt } from "./curve.ts";
import { betLimit, cappedPayout, MAX_AUTO_CASHOUT } from "./limits.ts";
import { CrashError } from "./errors.ts";
import { maskName } from "./events.ts";
import { CRASH_CODE } from "./game.ts";
import { noteSettledHouseBet } from "../live-bets.server.ts";
import { playTransaction } from "../wallet-call.server.ts";
import { crashHub, type CrashHub } from "./hub.server.ts";
import { refusalMessage } from "#app/modules/protection/index.ts";
import { takaText } from "#app/kernel/money.ts";

export { MAX_AUTO_CASHOUT };

export const walletRoundId = (roundId: number) => `crash:${roundId}`;
export const crashTxnId = (roundId: number, playerId: number, kind: "bet" | "win" | "rollback") => `crash:${roundId}:${playerId}:${kind}`;

function walletOrThrow(result: WalletSuccess | WalletFailure): WalletSuccess {
  if (result.ok) return result;
  if (result.code === "insufficient_funds") throw new CrashError("insufficient_funds", "Insufficient balance for this stake.");
  if (result.code === "limit_exceeded" && result.limit) throw new CrashError("limit_exceeded", result.message, refusalMessage(result.limit).params);
  if (result.code === "player_blocked") throw new CrashError("player_blocked", "Your account cannot place bets.");
  if (result.code === "verification_needed") throw new CrashError("verification_needed", "Complete your verification before playing.");
  throw new CrashError("wallet_refused", result.message || "The wallet refused the call.");
}

const call = (roundId: number, playerId: number) => ({ platform: HOUSE_PLATFORM, playerId, roundId: walletRoundId(roundId), gameCode: CRASH_CODE });

export type PlacedBet = {
  betId: number;
  roundId: number;
  stake: bigint;
  /** Hundredths: the auto cash-out the bet got (lower than asked when `capped`). */
  autoCashout: number | null;
  /** The most the bet can pay (max win and the round's payout cap). */
  maxPayout: bigint;
  capped: boolean;
  balance: bigint;
};

/** What the round's bets reserved of its payout cap (their max payouts), read after the round row is locked. */
async function reservedOf(tx: Executor, roundId: number): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${crashBets.maxPayout}), 0)::text` })
    .from(crashBets)
    .where(eq(crashBets.roundId, roundId));
  return BigInt(row?.total ?? "0");
}

/** The round taking bets now (by the database clock), as a query the caller may lock. */
const roundTakingBets = (ex: Executor) =>
  ex
    .select({ id: crashRounds.id, gameNumber: crashRounds.gameNumber, chainId: crashRounds.chainId })
    .from(crashRounds)
    .where(and(eq(crashRounds.status, "betting"), sql`${crashRounds.bettingEndsAt} > clock_timestamp()`))
    .orderBy(desc(crashRounds.id))
    .limit(1);

/** A bet on the round taking bets now. autoCashout: hundredths (101 = 1.01×) or null. */
export async function placeBet(playerId: number, input: { stake: bigint; autoCashout: number | null }): Promise<PlacedBet> {
  const game = await findHouseGame(CRASH_CODE);
  if (!game) throw new CrashError("game_unavailable", "Crash is not available right now.");
  const { stake, autoCashout } = input;
  if (typeof stake !== "bigint" || stake <= 0n) throw new CrashError("stake_invalid", "Enter a valid stake.");
  if (stake < game.minStake || stake > game.maxStake) {
    const params = { min: takaText(game.minStake), max: takaText(game.maxStake) };
    throw new CrashError("stake_range", `The stake must be between ${params.min} and ${params.max}.`, params);
  }
  if (autoCashout !== null && (!Number.isSafeInteger(autoCashout) || autoCashout < 101 || autoCashout > MAX_AUTO_CASHOUT)) {
    throw new CrashError("auto_invalid", "Auto cash-out must be from 1.01× to 1,000,000×.");
  }
  const [player] = await db.select({ username: players.username, currency: players.currency }).from(players).where(eq(players.id, playerId));
  if (!player) throw new CrashError("wallet_refused", "Unknown player.");

  const placed = await playTransaction(async (tx) => {
    const [round] = await roundTakingBets(tx).for("update");
    if (!round) throw new CrashError("betting_closed", "Bets are closed: wait for the next round.");
    const room = game.roundPayoutCap === null ? null : game.roundPayoutCap - (await reservedOf(tx, round.id));
    const limit = betLimit(stake, autoCashout, game.maxWin, room);
    if (!limit) throw new CrashError("round_full", "This round has reached its payout limit: wait for the next round.");
    const [bet] = await tx
      .insert(crashBets)
      .values({ roundId: round.id, playerId, stake, currency: player.currency, ...limit })
      .onConflictDoNothing()
      .returning({ id: crashBets.id });
    if (!bet) throw new CrashError("already_bet", "You already have a bet on this round.");
    const fairness = { game: "crash", crashRoundId: round.id, chainId: round.chainId, gameNumber: round.gameNumber };
    const paid = walletOrThrow(
      await walletBet({ ...call(round.id, playerId), txnId: crashTxnId(round.id, playerId, "bet"), amount: stake, fairness }, tx),
    );
    return { betId: bet.id, roundId: round.id, stake, ...limit, balance: paid.balance };
  });
  await publishBalanceChanged(playerId);
  await crashHub().publish({
    t: "bet",
    r: placed.roundId,
    b: placed.betId,
    n: maskName(player.username),
    s: String(stake),
    mp: placed.maxPayout === null ? null : String(placed.maxPayout),
  });
  return placed;
}

/**
 * What a bet placed now could pay at most (the max win, or less when the round taking bets has less room left
 * under its payout cap; 0 when full); null when no round takes bets or the game has no round cap. Shown before the
 * bet: the bet itself takes its room atomically (placeBet).
 */
export async function roundRoom(game: HouseGame): Promise<bigint | null> {
  if (game.roundPayoutCap === null) return null;
  const [round] = await roundTakingBets(db);
  if (!round) return null;
  const left = game.roundPayoutCap - (await reservedOf(db, round.id));
  return left < 0n ? 0n : left < game.maxWin ? left : game.maxWin;
}

type ActiveBet = { id: number; roundId: number; playerId: number; stake: bigint };
/** Its limits as placed: a cash-out pays at most maxPayout; a capped bet cashed at its (lowered) auto paid its cap. */
type BetLimits = { maxPayout: bigint | null; capped: boolean; autoCashout: number | null };

/** Cashes an active bet at `at` inside tx: null when it is no longer active (cashed, lost or voided meanwhile). */
async function cashBet(tx: Tx, bet: ActiveBet, limits: BetLimits, at: number, gameNumber: number) {
  const held = cappedPayout(bet.stake, at, limits.maxPayout);
  const { payout } = held;
  const capped = held.capped || (limits.capped && limits.autoCashout !== null && at >= limits.autoCashout);
  const [done] = await tx
    .update(crashBets)
    .set({ status: "cashed", cashoutAt: at, payout, settledAt: sql`now()` })
    .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, "active")))
    .returning({ id: crashBets.id });
  if (!done) return null;
  // The round's hash and crash point are not known to players yet: the betting record shows them after the crash.
  const fairness = {
    game: "crash",
    crashRoundId: bet.roundId,
    gameNumber,
    cashoutAt: at,
    ...(capped ? { capped: true, maxPayout: String(payout) } : {}),
  };
  const won = walletOrThrow(
    await walletWin(
      {
        ...call(bet.roundId, bet.playerId),
        txnId: crashTxnId(bet.roundId, bet.playerId, "win"),
        amount: payout,
        betTxnId: crashTxnId(bet.roundId, bet.playerId, "bet"),
        roundClosed: true,
        fairness,
      },
      tx,
    ),
  );
  return { payout, balance: won.balance, roundDbId: won.roundDbId };
}

async function announceCashout(hub: CrashHub, bet: ActiveBet, at: number, payout: bigint) {
  const [player] = await db.select({ username: players.username }).from(players).where(eq(players.id, bet.playerId));
  await hub.publish({ t: "cashout", r: bet.roundId, b: bet.id, n: maskName(player?.username ?? "?"), at, p: String(payout) });
}

export type CashOut = { roundId: number; cashoutAt: number; payout: bigint; balance: bigint };

/**
 * The player's cash-out of their bet on the running round, at the server's multiplier now (the database clock
 * since the round's start; never a value from the client), or at their auto cash-out if that is lower.
 */
export async function cashOut(playerId: number): Promise<CashOut> {
  const result = await playTransaction(async (tx) => {
    const result = await tx.execute(sql`
      select b.id, b.round_id, b.stake, b.auto_cashout, b.max_payout, b.capped, r.crash_point, r.game_number,
             (extract(epoch from (clock_timestamp() - r.started_at)) * 1000)::float8 as elapsed
      from crash_bets b join crash_rounds r on r.id = b.round_id
      where b.player_id = ${playerId} and b.status = 'active' and r.status = 'running'
      order by b.round_id desc limit 1
      for update of b`);
    const [row] = rowsOf<{
      id: unknown;
      round_id: unknown;
      stake: string;
      auto_cashout: number | null;
      max_payout: string | null;
      capped: boolean;
      crash_point: unknown;
      game_number: number;
      elapsed: unknown;
    }>(result);
    if (!row) return null;
    const bet: ActiveBet = { id: Number(row.id), roundId: Number(row.round_id), playerId, stake: BigInt(row.stake) };
    const now = multiplierAt(Number(row.elapsed));
    if (now >= Number(row.crash_point)) throw new CrashError("crashed", "Too late: the round has crashed.");
    const at = row.auto_cashout !== null ? Math.min(now, row.auto_cashout) : now;
    const limits = { maxPayout: row.max_payout === null ? null : BigInt(row.max_payout), capped: row.capped, autoCashout: row.auto_cashout };
    const cashed = await cashBet(tx, bet, limits, at, row.game_number);
    return cashed ? { bet, roundId: bet.roundId, cashoutAt: at, ...cashed } : null;
  });
  if (!result) throw await whyNoCashOut(playerId);
  await publishBalanceChanged(playerId);
  noteSettledHouseBet(result.roundDbId);
  await announceCashout(crashHub(), result.bet, result.cashoutAt, result.payout);
  return { roundId: result.roundId, cashoutAt: result.cashoutAt, payout: result.payout, balance: result.balance };
}

async function whyNoCashOut(playerId: number): Promise<CrashError> {
  const [last] = await db
    .select({ status: crashBets.status, round: crashRounds.status })
    .from(crashBets)
    .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
    .where(eq(crashBets.playerId, playerId))
    .orderBy(desc(crashBets.id))
    .limit(1);
  if (last?.status === "cashed" && last.round !== "voided") return new CrashError("already_cashed", "You have already cashed out.");
  if (last?.status === "active" && last.round === "betting") return new CrashError("not_running", "The round has not started yet.");
  if (last?.status === "lost" || (last?.status === "active" && last.round === "crashed"))
    return new CrashError("crashed", "Too late: the round has crashed.");
  return new CrashError("no_bet", "You have no bet on this round.");
}

/** The engine's auto cash-out of one bet at its auto cash-out value; false when it was no longer active. */
export async function autoCashOut(
  hub: CrashHub,
  bet: ActiveBet & { autoCashout: number; maxPayout: bigint | null; capped: boolean },
  gameNumber: number,
): Promise<boolean> {
  const cashed = await playTransaction((tx) => cashBet(tx, bet, bet, bet.autoCashout, gameNumber));
  if (!cashed) return false;
  await publishBalanceChanged(bet.playerId);
  noteSettledHouseBet(cashed.roundDbId);
  await announceCashout(hub, bet, bet.autoCashout, cashed.payout);
  return true;
}

/** A bet still active when its round crashed: lost, settled by a win of 0 (the round enters the betting record). */
export async function loseBet(bet: ActiveBet, fairness: Record<string, unknown>): Promise<boolean> {
  const settled = await playTransaction(async (tx) => {
    const [done] = await tx
      .update(crashBets)
      .set({ status: "lost", settledAt: sql`now()` })
      .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, "active")))
      .returning({ id: crashBets.id });
    if (!done) return null;
    const { roundId, playerId } = bet;
    const won = walletOrThrow(
      await walletWin(
        {
          ...call(roundId, playerId),
          txnId: crashTxnId(roundId, playerId, "win"),
          amount: 0n,
          betTxnId: crashTxnId(roundId, playerId, "bet"),
          roundClosed: true,
          fairness,
        },
        tx,
      ),
    );
    return { roundDbId: won.roundDbId };
  });
  if (settled === null) return false;
  await publishBalanceChanged(bet.playerId);
  noteSettledHouseBet(settled.roundDbId);
  return true;
}

/** A bet of a voided round: its stake goes back (wallet rollback of the bet). */
export async function voidBet(bet: ActiveBet): Promise<boolean> {
  const voided = await playTransaction(async (tx) => {
    const [done] = await tx
      .update(crashBets)
      .set({ status: "voided", settledAt: sql`now()` })
      .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, "active")))
      .returning({ id: crashBets.id });
    if (!done) return false;
    const { roundId, playerId } = bet;
    walletOrThrow(
      await walletRollback(
        { ...call(roundId, playerId), txnId: crashTxnId(roundId, playerId, "rollback"), refTxnId: crashTxnId(roundId, playerId, "bet") },
        tx,
      ),
    );
    return true;
  });
  if (voided) await publishBalanceChanged(bet.playerId);
  return voided;
}
