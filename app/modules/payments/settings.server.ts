// The general settings the money flows depend on, read fresh (not from the page cache) inside their transaction.
import { asc } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { RESUBMIT_WAIT_MINUTES_DEFAULT } from "./constants.ts";
import { generalSettings } from "#app/modules/settings/index.server.ts";

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
  secondApprovalAbove: 5_000_000n,
};

export async function readMoneySettings(ex: Executor = db): Promise<MoneySettings> {
  const [row] = await ex
    .select({
      withdrawalStatus: generalSettings.withdrawalStatus,
      promotionWallet: generalSettings.promotionWallet,
      depositTurnoverHundredths: generalSettings.depositTurnoverHundredths,
      payoutPromiseHours: generalSettings.payoutPromiseHours,
      resubmitWaitMinutes: generalSettings.resubmitWaitMinutes,
      mode: generalSettings.mode,
      secondApprovalAbove: generalSettings.secondApprovalAbove,
    })
    .from(generalSettings)
    .orderBy(asc(generalSettings.id))
    .limit(1);
  return row ?? DEFAULTS;
}
