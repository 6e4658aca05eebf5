// The AML thresholds staff edit on /admin/risk: one row, created with the defaults on first read.
import { eq } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { audit, changedFields } from "#app/modules/audit/index.server.ts";
import { type RiskSettings, riskSettings } from "./schema.ts";
import { parseTaka } from "#app/kernel/money.ts";
import { ratioToHundredths, type RiskSettingsInput } from "./validation.ts";

export type RiskThresholds = Omit<RiskSettings, "id" | "updatedAt">;

export async function getRiskSettings(ex: Executor = db): Promise<RiskThresholds> {
  const read = () => ex.select().from(riskSettings).where(eq(riskSettings.id, 1));
  let [row] = await read();
  if (!row) {
    await ex.insert(riskSettings).values({ id: 1 }).onConflictDoNothing();
    [row] = await read();
  }
  const { id: _id, updatedAt: _u, ...thresholds } = row!;
  return thresholds;
}

/** The settings as JSON can hold them (the audit log): poisha as decimal strings. */
const snapshot = (s: RiskThresholds) => ({ ...s, splitThreshold: String(s.splitThreshold), lossThreshold: String(s.lossThreshold) });

export function toThresholds(input: RiskSettingsInput): RiskThresholds {
  return {
    lowPlayRatioHundredths: ratioToHundredths(input.lowPlayRatio),
    cyclingCount: input.cyclingCount,
    cyclingWindowHours: input.cyclingWindowHours,
    splitThreshold: parseTaka(input.splitThreshold)!,
    splitCount: input.splitCount,
    lossThreshold: parseTaka(input.lossThreshold)!,
    lossWindowHours: input.lossWindowHours,
    sharedIpAccounts: input.sharedIpAccounts,
  };
}

/** Saves the thresholds; the changed fields go to the audit log in the same transaction. */
export async function updateRiskSettings(actor: { id: number; ip: string | null }, next: RiskThresholds): Promise<{ changed: boolean }> {
  await getRiskSettings();
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(riskSettings).where(eq(riskSettings.id, 1)).for("update");
    const { id: _id, updatedAt: _u, ...before } = row!;
    const diff = changedFields(snapshot(before), snapshot(next));
    if (!Object.keys(diff.after).length) return false;
    await tx
      .update(riskSettings)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(riskSettings.id, 1));
    await audit(tx, { staffId: actor.id, action: "risk.settings.update", entity: "risk_settings", entityId: 1, ...diff, ip: actor.ip });
    return true;
  });
  return { changed };
}
