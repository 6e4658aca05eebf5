// The general settings the money flows depend on, read fresh (not from the page cache) inside their transaction.
import { db, type Executor } from "#app/db/db.server.ts";
import { RESUBMIT_WAIT_MINUTES_DEFAULT } from "./constants.ts";
import { readGeneralSettings } from "#app/modules/settings/index.server.ts";

export type MoneySettings = {
  withdrawalStatus: boolean;
  promotionWallet: boolean;
  depositTurnoverHundredths: number;
  /** Hours from a withdrawal request to its promised payout (the player's tracker says overdue past it). */
  payoutPromiseHours: number;
  /** Minutes from a deposit's rejection until the player may edit and resubmit it. */
  resubmitWaitMinutes: number;
  mode: "demo" | "real";
  /** Four-eyes payouts: poisha above which a withdrawal needs a second staff approval; 0 = off. */
  secondApprovalAbove: bigint;
};

/** The table's own defaults apply before the site is seeded. */
const DEFAULTS: MoneySettings = {
  withdrawalStatus: true,
  promotionWallet: false,
  depositTurnoverHundredths: 100,
  payoutPromiseHours: 24,
  resubmitWaitMinutes: RESUBMIT_WAIT_MINUTES_DEFAULT,
  mode: "demo",
  secondApprovalAbove: 2_000_000n,
};

export async function readMoneySettings(ex: Executor = db): Promise<MoneySettings> {
  const row = await readGeneralSettings(ex);
  if (!row) return DEFAULTS;
  const { withdrawalStatus, promotionWallet, depositTurnoverHundredths, payoutPromiseHours, resubmitWaitMinutes, mode, secondApprovalAbove } = row;
  return { withdrawalStatus, promotionWallet, depositTurnoverHundredths, payoutPromiseHours, resubmitWaitMinutes, mode, secondApprovalAbove };
}
