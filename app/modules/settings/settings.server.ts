// Site settings as staff edit them on /admin/settings. The row belongs to the content module, which
// serves it to every page (cached); a change here clears that cache and is written to the audit log.
import { asc, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { contentChanged } from "#app/utils/ttl-cache.server.ts";
import { generalSettings } from "./schema.ts";
import { audit, changedFields } from "#app/modules/audit/index.server.ts";
import { type RequirableVerification, requirableVerifications } from "./verifications.ts";
import { missingForRealMoney } from "./jurisdiction.ts";
import {
  isPayoutPromiseHours,
  isResubmitWaitMinutes,
  parseDemoBalance,
  parseHundredths,
  parseHighRollerStake,
  parseSecondApprovalAbove,
  type SettingsInput,
} from "./validation.ts";

const editable = {
  siteTitle: generalSettings.siteTitle,
  supportMail: generalSettings.supportMail,
  withdrawalStatus: generalSettings.withdrawalStatus,
  promotionWallet: generalSettings.promotionWallet,
  depositTurnoverHundredths: generalSettings.depositTurnoverHundredths,
  payoutPromiseHours: generalSettings.payoutPromiseHours,
  resubmitWaitMinutes: generalSettings.resubmitWaitMinutes,
  mode: generalSettings.mode,
  licenceIssuer: generalSettings.licenceIssuer,
  licenceNumber: generalSettings.licenceNumber,
  jurisdictions: generalSettings.jurisdictions,
  requiredVerifications: generalSettings.requiredVerifications,
  demoStartingBalance: generalSettings.demoStartingBalance,
  secondApprovalAbove: generalSettings.secondApprovalAbove,
  highRollerStake: generalSettings.highRollerStake,
};

export type EditableSettings = {
  siteTitle: string;
  supportMail: string;
  withdrawalStatus: boolean;
  promotionWallet: boolean;
  depositTurnoverHundredths: number;
  /** Hours from a withdrawal request to its promised payout (1-720). */
  payoutPromiseHours: number;
  /** Minutes after a rejection before the player may edit and resubmit the deposit (0-1440). */
  resubmitWaitMinutes: number;
  mode: "demo" | "real";
  licenceIssuer: string | null;
  licenceNumber: string | null;
  jurisdictions: string[];
  /** Real-money mode: the identity checks a deposit or bet needs. */
  requiredVerifications: RequirableVerification[];
  /** Poisha credited to each new player in demo mode; 0 = off. */
  demoStartingBalance: bigint;
  /** Poisha above which a withdrawal needs a second staff approval (four-eyes payouts); 0 = off. */
  secondApprovalAbove: bigint;
  /** Poisha: the house games' live bets list a stake of at least this under High rollers. */
  highRollerStake: bigint;
};

/** The settings as JSON can hold them (the audit log): poisha as a decimal string. */
const snapshot = (s: EditableSettings) => ({
  ...s,
  demoStartingBalance: String(s.demoStartingBalance),
  secondApprovalAbove: String(s.secondApprovalAbove),
  highRollerStake: String(s.highRollerStake),
});

export async function getEditableSettings(): Promise<EditableSettings> {
  const [row] = await db.select(editable).from(generalSettings).orderBy(asc(generalSettings.id)).limit(1);
  if (!row) throw new Error("Site settings are missing: the database was not seeded.");
  return row;
}

export type UpdateSettingsResult = { ok: true; changed: boolean } | { ok: false; fieldErrors: Partial<Record<keyof SettingsInput, string[]>> };

/**
 * Saves the settings form. Real-money mode is refused unless a licence issuer, a licence number and at
 * least one allowed jurisdiction are set (checked here too: the form's own check runs in the browser).
 */
export async function updateSettings(actor: { id: number; ip: string | null }, input: SettingsInput): Promise<UpdateSettingsResult> {
  const hundredths = parseHundredths(input.depositTurnoverMultiplier);
  if (hundredths === null) return { ok: false, fieldErrors: { depositTurnoverMultiplier: ["admin.errors.multiplierInvalid"] } };
  const demoBalance = input.demoStartingBalance === undefined ? undefined : parseDemoBalance(input.demoStartingBalance);
  if (demoBalance === null) return { ok: false, fieldErrors: { demoStartingBalance: ["admin.errors.demoBalanceInvalid"] } };
  const secondApproval = input.secondApprovalAbove === undefined ? undefined : parseSecondApprovalAbove(input.secondApprovalAbove);
  if (secondApproval === null) return { ok: false, fieldErrors: { secondApprovalAbove: ["admin.errors.secondApprovalInvalid"] } };
  const highRoller = input.highRollerStake === undefined ? undefined : parseHighRollerStake(input.highRollerStake);
  if (highRoller === null) return { ok: false, fieldErrors: { highRollerStake: ["admin.errors.highRollerInvalid"] } };
  if (input.payoutPromiseHours !== undefined && !isPayoutPromiseHours(input.payoutPromiseHours)) {
    return { ok: false, fieldErrors: { payoutPromiseHours: ["admin.errors.payoutPromiseInvalid"] } };
  }
  if (input.resubmitWaitMinutes !== undefined && !isResubmitWaitMinutes(input.resubmitWaitMinutes)) {
    return { ok: false, fieldErrors: { resubmitWaitMinutes: ["admin.errors.resubmitWaitInvalid"] } };
  }
  const next: Omit<
    EditableSettings,
    "demoStartingBalance" | "payoutPromiseHours" | "resubmitWaitMinutes" | "secondApprovalAbove" | "highRollerStake"
  > & {
    demoStartingBalance?: bigint;
    secondApprovalAbove?: bigint;
    highRollerStake?: bigint;
    payoutPromiseHours?: number;
    resubmitWaitMinutes?: number;
  } = {
    siteTitle: input.siteTitle,
    supportMail: input.supportMail,
    withdrawalStatus: input.withdrawalStatus,
    promotionWallet: input.promotionWallet,
    depositTurnoverHundredths: hundredths,
    payoutPromiseHours: input.payoutPromiseHours,
    resubmitWaitMinutes: input.resubmitWaitMinutes,
    mode: input.mode,
    licenceIssuer: input.licenceIssuer,
    licenceNumber: input.licenceNumber,
    jurisdictions: [...new Set(input.jurisdictions)].sort(),
    requiredVerifications: requirableVerifications.filter((v) => input.requiredVerifications?.includes(v)),
    demoStartingBalance: demoBalance,
    secondApprovalAbove: secondApproval,
    highRollerStake: highRoller,
  };
  if (next.mode === "real") {
    const missing = missingForRealMoney(next);
    if (missing.length) {
      const fieldErrors: Partial<Record<keyof SettingsInput, string[]>> = { mode: ["admin.errors.realNeedsLicence"] };
      for (const field of missing) fieldErrors[field] = [`admin.errors.${field}Required`];
      return { ok: false, fieldErrors };
    }
  }
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: generalSettings.id, ...editable })
      .from(generalSettings)
      .orderBy(asc(generalSettings.id))
      .limit(1)
      .for("update");
    if (!row) throw new Error("Site settings are missing: the database was not seeded.");
    const { id, ...before } = row;
    // Left out of the form, the demo balance, the payout promise, the resubmit wait and the second-approval amount keep their current values.
    const after: EditableSettings = {
      ...next,
      demoStartingBalance: next.demoStartingBalance ?? before.demoStartingBalance,
      payoutPromiseHours: next.payoutPromiseHours ?? before.payoutPromiseHours,
      resubmitWaitMinutes: next.resubmitWaitMinutes ?? before.resubmitWaitMinutes,
      secondApprovalAbove: next.secondApprovalAbove ?? before.secondApprovalAbove,
      highRollerStake: next.highRollerStake ?? before.highRollerStake,
    };
    if (!Object.keys(changedFields(snapshot(before), snapshot(after)).after).length) return false;
    await tx
      .update(generalSettings)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(generalSettings.id, id));
    // Whole snapshots, so any past state can be read from a single row; the audit page shows the difference.
    await audit(tx, {
      staffId: actor.id,
      action: "settings.update",
      entity: "general_settings",
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
      ip: actor.ip,
    });
    return true;
  });
  if (changed) contentChanged();
  return { ok: true, changed };
}
