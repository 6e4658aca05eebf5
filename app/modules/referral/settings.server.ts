// The referral settings staff edit on /admin/referral: one row, created with the defaults on first read.
import { eq } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { audit, changedFields } from "#app/modules/audit/index.server.ts";
import { defaultBoard, defaultRequirements, type RatioBoard } from "./board.ts";
import { referralSettings } from "./schema.ts";

export type ReferralSettings = { requiredDeposit: bigint; requiredTurnover: bigint; board: RatioBoard };

export async function getReferralSettings(ex: Executor = db): Promise<ReferralSettings> {
  const read = () =>
    ex
      .select({
        requiredDeposit: referralSettings.requiredDeposit,
        requiredTurnover: referralSettings.requiredTurnover,
        board: referralSettings.board,
      })
      .from(referralSettings)
      .where(eq(referralSettings.id, 1));
  const [row] = await read();
  if (row) return row;
  await ex
    .insert(referralSettings)
    .values({ id: 1, ...defaultRequirements, board: defaultBoard })
    .onConflictDoNothing();
  const [created] = await read();
  return created!;
}

/** The settings as JSON can hold them (the audit log): poisha as decimal strings. */
const snapshot = (s: ReferralSettings) => ({
  requiredDeposit: String(s.requiredDeposit),
  requiredTurnover: String(s.requiredTurnover),
  board: s.board,
});

/** Saves the settings; the change and both whole snapshots go to the audit log in the same transaction. */
export async function updateReferralSettings(actor: { id: number; ip: string | null }, next: ReferralSettings): Promise<{ changed: boolean }> {
  await getReferralSettings();
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        requiredDeposit: referralSettings.requiredDeposit,
        requiredTurnover: referralSettings.requiredTurnover,
        board: referralSettings.board,
      })
      .from(referralSettings)
      .where(eq(referralSettings.id, 1))
      .for("update");
    if (!Object.keys(changedFields(snapshot(before!), snapshot(next)).after).length) return false;
    await tx
      .update(referralSettings)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(referralSettings.id, 1));
    await audit(tx, {
      staffId: actor.id,
      action: "referral.settings.update",
      entity: "referral_settings",
      entityId: 1,
      before: snapshot(before!),
      after: snapshot(next),
      ip: actor.ip,
    });
    return true;
  });
  return { changed };
}
