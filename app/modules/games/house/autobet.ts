// Autobet's plan (issue 30), pure and browser-safe: the server-side run (no JavaScript), the browser's loop and the
// Crash engine's autobet sessions all apply these same rules between bets.
//
// - Settings: a number of bets (1..100 for the server-side run; "until stopped" with JavaScript, up to
//   AUTOBET_CLIENT_CAP), a base stake, what to do on a win and on a loss (reset to the base stake, or increase the
//   last stake by a percentage), stop once the profit reaches P, stop once the loss reaches L.
// - The next stake after a result: the last stake × (10000 + pct) / 10000 in whole poisha, rounded half up
//   (percentages are hundredths of a percent, 0.01 % .. 1000 %), then clamped to the game's max stake, to the
//   player's balance, and never below the game's min stake (a balance below the min stake stops the run).
// - The stop decision after each bet, checked in this order: stop on profit (profit ≥ P), stop on loss (loss ≥ L),
//   the number of bets done, then a next stake the balance cannot cover.

export const AUTOBET_SERVER_MAX_BETS = 100;
/** The most bets the browser's "until stopped" loop places before it stops by itself. */
export const AUTOBET_CLIENT_CAP = 1000;
/** Percentages in hundredths of a percent: 1 = 0.01 %, 100000 = 1000 %. */
export const AUTOBET_MAX_PERCENT = 100_000;

export type AutobetAdjust = { mode: "reset" } | { mode: "increase"; /** hundredths of a percent */ percent: number };

export type AutobetSettings = {
  /** null: until stopped (the browser's loop), capped at AUTOBET_CLIENT_CAP. */
  bets: number | null;
  baseStake: bigint;
  onWin: AutobetAdjust;
  onLoss: AutobetAdjust;
  /** Stop once the run's profit is at least this (poisha, > 0); null: no such stop. */
  stopProfit: bigint | null;
  /** Stop once the run's loss is at least this (poisha, > 0); null: no such stop. */
  stopLoss: bigint | null;
};

export type AutobetBounds = { minStake: bigint; maxStake: bigint; balance: bigint };

export type AutobetState = {
  betsDone: number;
  /** The stake of the next bet. */
  stake: bigint;
  /** Payouts minus stakes so far (negative: a loss). */
  profit: bigint;
};

/** Why a run stopped by its own rules (refusals of a bet are the games' error codes). */
export type AutobetPlanStop = "bets_done" | "stop_profit" | "stop_loss" | "balance";

export const autobetPlanStops = ["bets_done", "stop_profit", "stop_loss", "balance"] as const satisfies readonly AutobetPlanStop[];

/** The bets the run may place: the settings' number, or the browser's cap for "until stopped". */
export const autobetBetLimit = (settings: AutobetSettings): number => settings.bets ?? AUTOBET_CLIENT_CAP;

/** `stake` held to the game's stake range and the balance; null when the balance cannot cover the min stake. */
export function clampStake(stake: bigint, { minStake, maxStake, balance }: AutobetBounds): bigint | null {
  if (balance < minStake) return null;
  let s = stake;
  if (s > maxStake) s = maxStake;
  if (s > balance) s = balance;
  if (s < minStake) s = minStake;
  return s;
}

/** The last stake raised by `percent` hundredths of a percent, in whole poisha rounded half up. */
export function increaseStake(stake: bigint, percent: number): bigint {
  return (stake * BigInt(10_000 + percent) + 5_000n) / 10_000n;
}

/** The first bet's stake, or the reason the run cannot start. */
export function startAutobet(
  settings: AutobetSettings,
  bounds: AutobetBounds,
): { state: AutobetState; stop: null } | { state: AutobetState; stop: "balance" } {
  const stake = clampStake(settings.baseStake, bounds);
  const state = { betsDone: 0, stake: stake ?? settings.baseStake, profit: 0n };
  return stake === null ? { state, stop: "balance" } : { state, stop: null };
}

/**
 * The state after a settled bet of `stake` that paid `payout` (0 on a loss; a win is a payout above the stake — a
 * payout equal to the stake, a push, counts as a win and one below it as a loss), and whether the run stops. `bounds`
 * holds the balance after the bet.
 */
export function afterAutobet(
  settings: AutobetSettings,
  state: AutobetState,
  result: { stake: bigint; payout: bigint },
  bounds: AutobetBounds,
): { state: AutobetState; stop: AutobetPlanStop | null } {
  const profit = state.profit + result.payout - result.stake;
  const betsDone = state.betsDone + 1;
  const won = result.payout >= result.stake && result.payout > 0n;
  const adjust = won ? settings.onWin : settings.onLoss;
  const wanted = adjust.mode === "reset" ? settings.baseStake : increaseStake(result.stake, adjust.percent);
  const next = clampStake(wanted, bounds);
  const nextState = { betsDone, stake: next ?? wanted, profit };
  if (settings.stopProfit !== null && profit >= settings.stopProfit) return { state: nextState, stop: "stop_profit" };
  if (settings.stopLoss !== null && -profit >= settings.stopLoss) return { state: nextState, stop: "stop_loss" };
  if (betsDone >= autobetBetLimit(settings)) return { state: nextState, stop: "bets_done" };
  if (next === null) return { state: nextState, stop: "balance" };
  return { state: nextState, stop: null };
}
