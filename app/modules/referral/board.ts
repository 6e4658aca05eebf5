// The cash reward ratio board (spec section 9) and the reward maths. Pure: shared by the daily job, the pages and
// the back-office form. Rates are integers in parts per million (0.1 % = 1000 ppm), amounts integer poisha, so no
// float ever touches money.

/** A tab of the board: it applies when the day's downline turnover is MORE than `above` poisha. */
export type RatioTab = { above: number; ratesPpm: [number, number, number] };
export type RatioBoard = { tabs: RatioTab[] };

export const LEVELS = [1, 2, 3] as const;
export const PPM = 1_000_000n;

/** Spec section 9: tabs at ৳100 / ৳200,000 / ৳500,000; direct referrals, their referrals, the third level. */
export const defaultBoard: RatioBoard = {
  tabs: [
    { above: 100_00, ratesPpm: [1000, 500, 100] },
    { above: 200_000_00, ratesPpm: [1500, 600, 200] },
    { above: 500_000_00, ratesPpm: [2000, 700, 300] },
  ],
};

/** Defaults for what makes a downline active; staff change them on /admin/referral. */
export const defaultRequirements = { requiredDeposit: 1_000_00n, requiredTurnover: 3_000_00n };

/**
 * The tab that applies to a day's total downline turnover (all three levels): the one with the highest threshold
 * strictly below the turnover. Exactly ৳100 earns nothing; ৳100.01 earns at the first tab; exactly ৳200,000 is
 * still the first tab.
 */
export function tabFor(board: RatioBoard, turnover: bigint): RatioTab | null {
  let best: RatioTab | null = null;
  for (const tab of board.tabs) if (turnover > BigInt(tab.above) && (!best || tab.above > best.above)) best = tab;
  return best;
}

/** The day's reward: each level's turnover times its rate, summed, rounded down to whole poisha. */
export function rewardFor(board: RatioBoard, levels: readonly [bigint, bigint, bigint]) {
  const turnover = levels[0] + levels[1] + levels[2];
  const tab = tabFor(board, turnover);
  if (!tab) return { turnover, tab: null, reward: 0n };
  const scaled = levels.reduce((sum, amount, i) => sum + amount * BigInt(tab.ratesPpm[i]!), 0n);
  return { turnover, tab, reward: scaled / PPM };
}

/** 1000 -> "0.1", 500 -> "0.05", 1500 -> "0.15" (percent). */
export function formatPpmPercent(ppm: number): string {
  const whole = Math.trunc(ppm / 10_000);
  const frac = String(ppm % 10_000)
    .padStart(4, "0")
    .replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
}

/** "0.1" -> 1000, "0.0125" -> 125; null for anything but a percent from 0 to 100 with at most 4 decimals. */
export function parsePercentPpm(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!m) return null;
  const ppm = Number(m[1]) * 10_000 + Number((m[2] ?? "").padEnd(4, "0"));
  return ppm > 1_000_000 ? null : ppm;
}

/** Page sizes of the Cash Reward History (spec section 9; 10 by default). */
export const historyPageSizes = [10, 25, 50, 100] as const;
export type HistoryPageSize = (typeof historyPageSizes)[number];
