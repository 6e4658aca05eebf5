// The maths of the player's money limits, without I/O: what counts in a rolling window, what is left, and when
// enough of it has left the window for a requested amount to fit. Amounts are poisha.
import type { LimitKind, LimitPeriod } from "./schema.ts";

export type MoneyKind = Exclude<LimitKind, "session">;
export type MoneyPeriod = Exclude<LimitPeriod, "session">;
export const moneyKinds = ["deposit", "loss", "stake"] as const satisfies readonly MoneyKind[];
export const moneyPeriods = ["day", "week", "month"] as const satisfies readonly MoneyPeriod[];

const HOUR = 3_600_000;
export const PERIOD_MS: Record<MoneyPeriod, number> = { day: 24 * HOUR, week: 7 * 24 * HOUR, month: 30 * 24 * HOUR };
export const LONGEST_PERIOD_MS = PERIOD_MS.month;
/** How long an increase or removal waits before the player may confirm it. */
export const COOLING_OFF_MS = 24 * HOUR;

/**
 * One counted row: a deposit (its amount), a round's stake, or for loss a round's stake minus its payout (may be
 * negative: a winning round lowers the loss).
 */
export type Counted = { at: Date; amount: bigint };

/** A row counts while it is younger than the period: it leaves the window exactly `period` after it was made. */
const inWindow = (row: Counted, period: MoneyPeriod, now: Date) => row.at.getTime() > now.getTime() - PERIOD_MS[period];

const sum = (rows: Counted[]) => rows.reduce((s, r) => s + r.amount, 0n);

/** What counts against the limit now: the sum of the window's rows; a loss is never below 0. */
export function used(kind: MoneyKind, rows: Counted[], period: MoneyPeriod, now: Date): bigint {
  const total = sum(rows.filter((r) => inWindow(r, period, now)));
  return kind === "loss" && total < 0n ? 0n : total;
}

export type LimitCheck =
  | { ok: true; used: bigint; remaining: bigint }
  /** resetsAt: when enough has left the window for `amount` to fit; null when it never fits (above the limit itself). */
  | { ok: false; used: bigint; remaining: bigint; resetsAt: Date | null };

/**
 * Whether `amount` more fits under `limit` (exactly at the limit fits). For a loss limit the amount is a stake
 * the player could lose in full.
 */
export function checkLimit(kind: MoneyKind, period: MoneyPeriod, limit: bigint, rows: Counted[], amount: bigint, now: Date): LimitCheck {
  const window = rows.filter((r) => inWindow(r, period, now)).sort((a, b) => a.at.getTime() - b.at.getTime());
  const usedNow = used(kind, window, period, now);
  const remaining = limit > usedNow ? limit - usedNow : 0n;
  if (usedNow + amount <= limit) return { ok: true, used: usedNow, remaining };
  if (amount > limit) return { ok: false, used: usedNow, remaining, resetsAt: null };
  // Rows leave the window oldest first; the first moment the rest plus the amount fits is when it resets enough.
  let left = sum(window);
  for (const row of window) {
    left -= row.amount;
    const usage = kind === "loss" && left < 0n ? 0n : left;
    if (usage + amount <= limit) return { ok: false, used: usedNow, remaining, resetsAt: new Date(row.at.getTime() + PERIOD_MS[period]) };
  }
  return { ok: false, used: usedNow, remaining, resetsAt: new Date(now.getTime() + PERIOD_MS[period]) };
}

/** The cooling-off of an increase or removal asked for at `now`. */
export const pendingFromFor = (now: Date) => new Date(now.getTime() + COOLING_OFF_MS);

/** A pending change may be confirmed from pendingFrom on (24:00:00 after the request, not 23:59:59). */
export const mayConfirm = (pendingFrom: Date, now: Date) => now.getTime() >= pendingFrom.getTime();

/** Whether the session that started at `startedAt` has outlived a session-time limit of `minutes`. */
export const sessionOver = (startedAt: Date, minutes: number, now: Date) => now.getTime() - startedAt.getTime() >= minutes * 60_000;
