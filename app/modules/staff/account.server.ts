// A staff member's own account: their password and their sessions (each change in the audit log).
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { hashPassword, verifyPassword } from "#app/modules/players/index.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { staffSessions, staffUsers } from "./schema.ts";
import { describeDevice } from "#app/utils/device.server.ts";
import { gated, type CodeCheck } from "./two-factor.server.ts";

/**
 * Changes the signed-in staff member's own password after checking the current one (a wrong one is a failed log-in
 * attempt); their other sessions end, the one in use stays. Throws TwoFactorError("password_invalid") for a wrong one.
 */
export async function changeOwnPassword(who: CodeCheck & { sessionId: string }, currentPassword: string, newPassword: string) {
  const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.id, who.staffId)).limit(1);
  if (!staff) throw new Error(`staff ${who.staffId} not found`);
  await gated(who, () => verifyPassword(staff.passwordHash, currentPassword), "password_invalid");
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ passwordHash, updatedAt: new Date() }).where(eq(staffUsers.id, who.staffId));
    const ended = await deleteOtherSessions(tx, who);
    await audit(tx, {
      staffId: who.staffId,
      action: "staff.password_change",
      entity: "staff_user",
      entityId: who.staffId,
      after: { sessionsEnded: ended.length },
      ip: who.ip,
    });
  });
}

export type OwnSession = {
  /** The session's id (the SHA-256 of its cookie's token: it cannot be turned back into a cookie). */
  id: string;
  current: boolean;
  browser: string | null;
  os: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
};

/** The staff member's open sessions (signed in, not expired), the most recently seen first. */
export async function listOwnSessions(staffId: number, currentSessionId: string): Promise<OwnSession[]> {
  const rows = await db
    .select()
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), eq(staffSessions.stage, "full"), gt(staffSessions.expiresAt, new Date())))
    .orderBy(desc(staffSessions.lastSeenAt));
  return rows
    .map((r) => ({
      id: r.id,
      current: r.id === currentSessionId,
      ...describeDevice(r.userAgent),
      ip: r.ip,
      createdAt: r.createdAt,
      lastSeenAt: r.id === currentSessionId ? new Date() : r.lastSeenAt,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the staff member's own sessions (another's id ends nothing). Returns whether one ended. */
export async function endOwnSession(who: { staffId: number; ip: string | null }, sessionId: string) {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffId, who.staffId), eq(staffSessions.id, sessionId)))
      .returning({ ip: staffSessions.ip, userAgent: staffSessions.userAgent });
    if (ended.length === 0) return false;
    await audit(tx, {
      staffId: who.staffId,
      action: "staff.session_end",
      entity: "staff_user",
      entityId: who.staffId,
      before: { ip: ended[0]!.ip, device: describeDevice(ended[0]!.userAgent) },
      ip: who.ip,
    });
    return true;
  });
}

/** Ends all of the staff member's sessions but the one in use. Returns how many ended. */
export async function endOtherSessions(who: { staffId: number; ip: string | null; sessionId: string }) {
  return db.transaction(async (tx) => {
    const ended = await deleteOtherSessions(tx, who);
    if (ended.length > 0)
      await audit(tx, {
        staffId: who.staffId,
        action: "staff.session_end",
        entity: "staff_user",
        entityId: who.staffId,
        after: { others: ended.length },
        ip: who.ip,
      });
    return ended.length;
  });
}

/** Deletes the staff member's sessions but the one in use (a password change and "end all others" both do). */
function deleteOtherSessions(tx: Tx, who: { staffId: number; sessionId: string }) {
  return tx
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, who.staffId), ne(staffSessions.id, who.sessionId)))
    .returning({ id: staffSessions.id });
}
