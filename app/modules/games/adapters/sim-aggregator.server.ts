// The simulated aggregator's game: a spin bets the stake and pays stake × a random multiplier through the
// seamless wallet, exactly as a real provider's server would call our wallet endpoints.
import { randomInt, randomUUID } from "node:crypto";
import { walletBalance, walletBet, walletRollback, walletWin, type WalletFailure } from "../wallet.server.ts";

/** Multiplier in tenths and its weight out of 10,000: RTP = Σ weight × multiplier = 96 %. */
export const SIM_PAYTABLE: ReadonlyArray<{ tenths: number; weight: number }> = [
  { tenths: 0, weight: 4_800 },
  { tenths: 5, weight: 1_800 },
  { tenths: 10, weight: 1_200 },
  { tenths: 20, weight: 1_500 },
  { tenths: 50, weight: 500 },
  { tenths: 100, weight: 200 },
];
const TOTAL_WEIGHT = 10_000;

/** A multiplier (tenths) for a uniform draw in [0, 10,000). */
export function simMultiplier(draw: number): number {
  let rest = draw;
  for (const row of SIM_PAYTABLE) {
    if (rest < row.weight) return row.tenths;
    rest -= row.weight;
  }
  throw new RangeError("draw out of range");
}

export const simPayout = (stake: bigint, tenths: number) => (stake * BigInt(tenths)) / 10n;

/** token: the session's launch token (the simulated aggregator bets with it, as a real provider does). */
export type SimSpinInput = { platform: string; playerId: number; gameCode: string; stake: bigint; token: string };
export type SimSpinResult =
  { ok: true; roundId: string; stake: bigint; tenths: number; payout: bigint; balance: bigint } | { ok: false; failure: WalletFailure };

/**
 * One spin: walletBet, then walletWin (amount 0 on a loss) closing the round. Each spin has its own round id and
 * transaction ids. A win the wallet refuses is retried (the call is idempotent); if it still fails the bet is
 * rolled back so the player is never left with a stake taken and no result.
 */
export async function simSpin({ platform, playerId, gameCode, stake, token }: SimSpinInput, draw = randomInt(TOTAL_WEIGHT)): Promise<SimSpinResult> {
  const roundId = `sim-${randomUUID()}`;
  const base = { platform, playerId, roundId, gameCode };
  const bet = await walletBet({ ...base, txnId: `${roundId}-bet`, amount: stake, token });
  if (!bet.ok) return { ok: false, failure: bet };
  const tenths = simMultiplier(draw);
  const payout = simPayout(stake, tenths);
  const win = { ...base, txnId: `${roundId}-win`, amount: payout, betTxnId: `${roundId}-bet`, roundClosed: true };
  for (let attempt = 0; attempt < 3; attempt++) {
    const paid = await walletWin(win);
    if (paid.ok) return { ok: true, roundId, stake, tenths, payout, balance: paid.balance };
  }
  const rolledBack = await walletRollback({ ...base, txnId: `${roundId}-rollback`, refTxnId: `${roundId}-bet` });
  return { ok: false, failure: rolledBack.ok ? { ok: false, code: "invalid_request", message: "The round was cancelled" } : rolledBack };
}

export async function simBalance(platform: string, playerId: number) {
  const b = await walletBalance({ platform, playerId });
  return b.ok ? b.balance : null;
}
