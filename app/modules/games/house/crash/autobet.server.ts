// Crash autobet (issue 30): a player's session row (crash_autobets) that the leader's engine serves each time a round
// opens. For each active session it first applies the result of the session's last bet with the plan's rules
// (../autobet.ts: on win / on loss, stop on profit, stop on loss, the number of bets), then places the next bet with
// placeBet (the same wallet path, limits, exclusions and payout caps as a bet by hand) at the session's auto cash-out.
// Any refusal stops the session at once, with its reason, and so does the reality check of the session that started it
// falling due (the player answers it on the site, then starts again).
//
// One bet per round even with two engines: the new state and `last_round_id = round` are written by one update
// whose condition is the `last_round_id` read (and the session still active), so only one engine wins the round;
// crash_bets' unique (round, player) index backs it. A voided round's bet (refunded) does not count. State lives only
// in the database, so a restart resumes where it was.
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { crashAutobets, crashBets } from "../../schema.ts";
import { HOUSE_PLATFORM } from "../../types.ts";
import { walletBalance } from "../../wallet.server.ts";
import { afterAutobet, AUTOBET_CLIENT_CAP, AUTOBET_MAX_PERCENT, type AutobetAdjust, type AutobetSettings, startAutobet } from "../autobet.ts";
import { findHouseGame } from "../game-row.server.ts";
import { placeBet, MAX_AUTO_CASHOUT } from "./bets.server.ts";
import { CrashError, isCrashError } from "./errors.ts";
import { CRASH_CODE } from "./game.ts";
import { multiplierText } from "./curve.ts";
import { takaText } from "#app/kernel/money.ts";
import { realityDueForSession } from "#app/modules/protection/index.server.ts";

const log = rootLog.child({ module: "crash-autobet" });

export type CrashAutobet = typeof crashAutobets.$inferSelect;

type StoredSettings = {
  bets: number | null;
  baseStake: string;
  onWin: AutobetAdjust;
  onLoss: AutobetAdjust;
  stopProfit: string | null;
  stopLoss: string | null;
};

const store = (s: AutobetSettings): StoredSettings => ({
  bets: s.bets,
  baseStake: String(s.baseStake),
  onWin: s.onWin,
  onLoss: s.onLoss,
  stopProfit: s.stopProfit === null ? null : String(s.stopProfit),
  stopLoss: s.stopLoss === null ? null : String(s.stopLoss),
});

export function settingsOf(row: CrashAutobet): AutobetSettings {
  const s = row.settings as StoredSettings;
  return {
    bets: s.bets,
    baseStake: BigInt(s.baseStake),
    onWin: s.onWin,
    onLoss: s.onLoss,
    stopProfit: s.stopProfit === null ? null : BigInt(s.stopProfit),
    stopLoss: s.stopLoss === null ? null : BigInt(s.stopLoss),
  };
}

const adjustValid = (a: AutobetAdjust) =>
  a.mode === "reset" || (a.mode === "increase" && Number.isInteger(a.percent) && a.percent >= 1 && a.percent <= AUTOBET_MAX_PERCENT);

async function balanceOf(playerId: number): Promise<bigint> {
  const b = await walletBalance({ platform: HOUSE_PLATFORM, playerId });
  return b.ok ? b.balance : 0n;
}

/**
 * Starts the player's autobet (its first bet goes on the next round that opens). A player has one active autobet:
 * a second start while one runs answers the running one (parallel starts create one).
 */
export async function startCrashAutobet(
  playerId: number,
  settings: AutobetSettings,
  autoCashout: number,
  /** The key of the player's session (protection's realitySessionKey): its reality check falling due stops it. */
  sessionKey: string | null = null,
): Promise<CrashAutobet> {
  const game = await findHouseGame(CRASH_CODE);
  if (!game) throw new CrashError("game_unavailable", "Crash is not available right now.");
  const bets = settings.bets;
  if (
    (bets !== null && (!Number.isInteger(bets) || bets < 1 || bets > AUTOBET_CLIENT_CAP)) ||
    !adjustValid(settings.onWin) ||
    !adjustValid(settings.onLoss)
  ) {
    throw new CrashError("wallet_refused", "Check the autobet settings.");
  }
  if (!Number.isSafeInteger(autoCashout) || autoCashout < 101 || autoCashout > MAX_AUTO_CASHOUT) {
    throw new CrashError("auto_invalid", "Auto cash-out must be from 1.01× to 1,000,000×.");
  }
  const first = startAutobet(settings, { minStake: game.minStake, maxStake: game.maxStake, balance: await balanceOf(playerId) });
  if (first.stop) throw new CrashError("insufficient_funds", "Insufficient balance for this stake.");
  const [row] = await db
    .insert(crashAutobets)
    .values({ playerId, settings: store(settings), autoCashout, nextStake: first.state.stake, sessionKey })
    .onConflictDoNothing()
    .returning();
  return row ?? (await activeCrashAutobet(playerId))!;
}

/** The player's running autobet, or undefined. */
export async function activeCrashAutobet(playerId: number): Promise<CrashAutobet | undefined> {
  const [row] = await db
    .select()
    .from(crashAutobets)
    .where(and(eq(crashAutobets.playerId, playerId), eq(crashAutobets.status, "active")));
  return row;
}

/** The player's latest autobet (running or stopped), for the page. */
export async function latestCrashAutobet(playerId: number): Promise<CrashAutobet | undefined> {
  const [row] = await db.select().from(crashAutobets).where(eq(crashAutobets.playerId, playerId)).orderBy(desc(crashAutobets.id)).limit(1);
  return row;
}

/** Stops the player's autobet (a bet already placed on the current round stays, like any bet). */
export async function stopCrashAutobet(playerId: number): Promise<boolean> {
  const rows = await db
    .update(crashAutobets)
    .set({ status: "stopped", stopReason: "user", updatedAt: sql`now()` })
    .where(and(eq(crashAutobets.playerId, playerId), eq(crashAutobets.status, "active")))
    .returning({ id: crashAutobets.id });
  return rows.length > 0;
}

const stopped = (id: number, stopReason: string, stopToken: string | null = null) =>
  db
    .update(crashAutobets)
    .set({ status: "stopped", stopReason, stopToken, updatedAt: sql`now()` })
    .where(and(eq(crashAutobets.id, id), eq(crashAutobets.status, "active")));

/**
 * Serves every active autobet for the round that just opened (the leader's engine calls it before the betting time
 * runs). Each session is independent: one failing does not hold the others.
 */
export async function placeAutobets(roundId: number): Promise<number> {
  const sessions = await db
    .select()
    .from(crashAutobets)
    .where(and(eq(crashAutobets.status, "active"), or(isNull(crashAutobets.lastRoundId), sql`${crashAutobets.lastRoundId} < ${roundId}`)));
  if (!sessions.length) return 0;
  const game = await findHouseGame(CRASH_CODE);
  let placed = 0;
  for (const s of sessions) {
    try {
      if (await serve(s, roundId, game ? { minStake: game.minStake, maxStake: game.maxStake } : null)) placed++;
    } catch (err) {
      log.error({ err, autobet: s.id }, "autobet step failed");
    }
  }
  return placed;
}

async function serve(s: CrashAutobet, roundId: number, range: { minStake: bigint; maxStake: bigint } | null): Promise<boolean> {
  if (!range) {
    await stopped(s.id, "refused", "crash.errors.game_unavailable");
    return false;
  }
  const settings = settingsOf(s);
  let state = { betsDone: s.betsDone, stake: s.nextStake, profit: s.profit };
  if (s.lastRoundId !== null) {
    const [bet] = await db
      .select({ stake: crashBets.stake, payout: crashBets.payout, status: crashBets.status })
      .from(crashBets)
      .where(and(eq(crashBets.roundId, s.lastRoundId), eq(crashBets.playerId, s.playerId)));
    // Still in the air (a round resumed after a restart): wait for the next round.
    if (bet?.status === "active") return false;
    if (bet && bet.status !== "voided") {
      const next = afterAutobet(settings, state, { stake: bet.stake, payout: bet.payout }, { ...range, balance: await balanceOf(s.playerId) });
      state = next.state;
      if (next.stop) {
        await db
          .update(crashAutobets)
          .set({
            status: "stopped",
            stopReason: next.stop,
            betsDone: state.betsDone,
            profit: state.profit,
            nextStake: state.stake,
            updatedAt: sql`now()`,
          })
          .where(and(eq(crashAutobets.id, s.id), eq(crashAutobets.status, "active"), eq(crashAutobets.lastRoundId, s.lastRoundId)));
        return false;
      }
    }
  }
  if (s.sessionKey && (await realityDueForSession(s.playerId, s.sessionKey))) {
    await stopped(s.id, "refused", "house.errors.reality_check_due");
    return false;
  }
  // Claim the round: only the engine whose update finds the last round it read places the bet.
  const claimed = await db
    .update(crashAutobets)
    .set({ betsDone: state.betsDone, profit: state.profit, nextStake: state.stake, lastRoundId: roundId, updatedAt: sql`now()` })
    .where(
      and(
        eq(crashAutobets.id, s.id),
        eq(crashAutobets.status, "active"),
        s.lastRoundId === null ? isNull(crashAutobets.lastRoundId) : eq(crashAutobets.lastRoundId, s.lastRoundId),
      ),
    )
    .returning({ id: crashAutobets.id });
  if (!claimed.length) return false;
  try {
    await placeBet(s.playerId, { stake: state.stake, autoCashout: s.autoCashout });
    return true;
  } catch (e) {
    if (!isCrashError(e)) throw e;
    // Another bet of the player's on this round (by hand), or a round that closed before its turn, is no refusal of
    // the autobet: it skips the round.
    if (e.code === "already_bet" || e.code === "betting_closed") {
      await db.update(crashAutobets).set({ lastRoundId: null }).where(eq(crashAutobets.id, s.id));
      return false;
    }
    await stopped(s.id, "refused", e.token);
    return false;
  }
}

/** The player's latest autobet as the page shows it (amounts formatted), or null. */
export async function crashAutobetState(playerId: number) {
  const row = await latestCrashAutobet(playerId);
  if (!row) return null;
  return {
    active: row.status === "active",
    // While it runs, the bet on the last round counts too (its result is applied when the next round opens).
    betsDone: row.betsDone + (row.status === "active" && row.lastRoundId !== null ? 1 : 0),
    bets: settingsOf(row).bets,
    profit: takaText(row.profit, { plus: true }),
    nextStake: takaText(row.nextStake),
    autoCashout: multiplierText(row.autoCashout),
    stopReason: row.stopReason,
    stopToken: row.stopToken,
  };
}
