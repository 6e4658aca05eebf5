// Staff accounts: look-ups, the first admin, and the admin's changes (each written to the audit log).
import { randomBytes } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { db, type Db, type Tx } from "#app/db/db.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { hashPassword } from "#app/modules/players/index.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { staffRecoveryCodes, staffSessions, staffUsers, type StaffRole } from "./schema.ts";
import { STAFF_PASSWORD_MIN, type CreateStaffInput } from "./validation.ts";

export type Staff = typeof staffUsers.$inferSelect;
/** An account as the rest of the app sees it: never the password hash nor the two-factor secrets. */
export type PublicStaff = Omit<Staff, "passwordHash" | "totpSecret" | "totpPendingSecret" | "totpLastStep"> & { twoFactorEnabled: boolean };

export function toPublicStaff({ passwordHash: _hash, totpSecret, totpPendingSecret: _pending, totpLastStep: _step, ...rest }: Staff): PublicStaff {
  return { ...rest, twoFactorEnabled: totpSecret !== null };
}

/** What the audit log keeps of an account: never the password hash. */
const snapshot = (s: Staff | PublicStaff) => ({ username: s.username, name: s.name, role: s.role, active: s.active });

export async function findStaffByUsername(username: string, executor: Db | Tx = db) {
  const [row] = await executor
    .select()
    .from(staffUsers)
    .where(sql`lower(${staffUsers.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findStaffById(id: number) {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return row;
}

export async function listStaff(): Promise<PublicStaff[]> {
  const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.username));
  return rows.map(toPublicStaff);
}

export type Actor = { id: number; ip: string | null };

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === "23505" || err?.cause?.code === "23505";
};

export type CreateStaffResult = { ok: true; staff: PublicStaff } | { ok: false; fieldErrors: { username: string[] } };

export async function createStaff(actor: Actor, input: Omit<CreateStaffInput, "intent">): Promise<CreateStaffResult> {
  const taken: CreateStaffResult = { ok: false, fieldErrors: { username: ["admin.errors.usernameTaken"] } };
  if (await findStaffByUsername(input.username)) return taken;
  const passwordHash = await hashPassword(input.password);
  try {
    const staff = await db.transaction(async (tx) => {
      const [row] = await tx.insert(staffUsers).values({ username: input.username, name: input.name, role: input.role, passwordHash }).returning();
      await audit(tx, { staffId: actor.id, action: "staff.create", entity: "staff_user", entityId: row!.id, after: snapshot(row!), ip: actor.ip });
      return row!;
    });
    return { ok: true, staff: toPublicStaff(staff) };
  } catch (e) {
    if (isUniqueViolation(e)) return taken;
    throw e;
  }
}

export type StaffChangeResult =
  | { ok: true; username: string }
  | {
      ok: false;
      error: "admin.errors.staffNotFound" | "admin.errors.cannotDeactivateSelf" | "admin.errors.twoFactorResetSelf" | "admin.errors.twoFactorNotOn";
    };

/** Deactivating also ends the account's sessions at once; an admin cannot lock themselves out. */
export async function setStaffActive(actor: Actor, staffId: number, active: boolean): Promise<StaffChangeResult> {
  if (!active && staffId === actor.id) return { ok: false, error: "admin.errors.cannotDeactivateSelf" };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).for("update");
    if (!before) return { ok: false, error: "admin.errors.staffNotFound" } as const;
    if (before.active === active) return { ok: true, username: before.username } as const;
    const [after] = await tx.update(staffUsers).set({ active, updatedAt: new Date() }).where(eq(staffUsers.id, staffId)).returning();
    if (!active) await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    await audit(tx, {
      staffId: actor.id,
      action: active ? "staff.activate" : "staff.deactivate",
      entity: "staff_user",
      entityId: staffId,
      before: snapshot(before),
      after: snapshot(after!),
      ip: actor.ip,
    });
    return { ok: true, username: before.username } as const;
  });
}

/** Sets a new password and ends the account's sessions (the acting admin keeps the one in use). */
export async function resetStaffPassword(actor: Actor & { sessionId?: string }, staffId: number, password: string): Promise<StaffChangeResult> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(staffUsers).set({ passwordHash, updatedAt: new Date() }).where(eq(staffUsers.id, staffId)).returning();
    if (!row) return { ok: false, error: "admin.errors.staffNotFound" } as const;
    const own = eq(staffSessions.staffId, staffId);
    await tx.delete(staffSessions).where(actor.sessionId ? and(own, ne(staffSessions.id, actor.sessionId)) : own);
    // The password itself is never logged; the entry records that it changed.
    await audit(tx, {
      staffId: actor.id,
      action: "staff.password_reset",
      entity: "staff_user",
      entityId: staffId,
      after: { username: row.username },
      ip: actor.ip,
    });
    return { ok: true, username: row.username } as const;
  });
}

/**
 * For a member who lost their authenticator and their recovery codes: turns their two-factor sign-in off, deletes
 * their recovery codes and ends their sessions. Where their role requires a second factor, their next log-in goes
 * through setting up a new one. One's own is turned off on /admin/account (with a code or the password) instead.
 */
export async function resetStaffTwoFactor(actor: Actor, staffId: number): Promise<StaffChangeResult> {
  if (staffId === actor.id) return { ok: false, error: "admin.errors.twoFactorResetSelf" };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffUsers).where(eq(staffUsers.id, staffId)).for("update");
    if (!before) return { ok: false, error: "admin.errors.staffNotFound" } as const;
    if (!before.totpSecret) return { ok: false, error: "admin.errors.twoFactorNotOn" } as const;
    await tx
      .update(staffUsers)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, totpEnabledAt: null, updatedAt: new Date() })
      .where(eq(staffUsers.id, staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    await audit(tx, {
      staffId: actor.id,
      action: "staff.two_factor_reset",
      entity: "staff_user",
      entityId: staffId,
      after: { username: before.username },
      ip: actor.ip,
    });
    return { ok: true, username: before.username } as const;
  });
}

// Any fixed number, different from the demo seed's; two instances starting together create one admin.
const log = rootLog.child({ module: "staff" });
const SEED_ADMIN_LOCK = 7_240_303;
export const SEED_ADMIN_USERNAME = "admin";

export type SeedAdminResult = { created: false } | { created: true; username: string; password: string | null };

/**
 * Creates the first admin when there is no staff account at all, and prints its log-in once. The password
 * is ADMIN_INITIAL_PASSWORD when set (tests, e2e, scripted installs), otherwise random. Does nothing later.
 */
export async function ensureSeedAdmin(executor: Db = db, initialPassword = process.env.ADMIN_INITIAL_PASSWORD): Promise<SeedAdminResult> {
  if (initialPassword !== undefined && initialPassword !== "" && initialPassword.length < STAFF_PASSWORD_MIN) {
    throw new Error(`ADMIN_INITIAL_PASSWORD must be at least ${STAFF_PASSWORD_MIN} characters.`);
  }
  const fromEnv = !!initialPassword;
  const password = fromEnv ? initialPassword! : randomBytes(12).toString("base64url");
  const result = await executor.transaction(async (tx): Promise<SeedAdminResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_ADMIN_LOCK})`);
    const [any] = await tx.select({ id: staffUsers.id }).from(staffUsers).limit(1);
    if (any) return { created: false };
    const [row] = await tx
      .insert(staffUsers)
      .values({ username: SEED_ADMIN_USERNAME, name: "Administrator", role: "admin" satisfies StaffRole, passwordHash: await hashPassword(password) })
      .returning();
    await audit(tx, { staffId: null, action: "staff.seed", entity: "staff_user", entityId: row!.id, after: snapshot(row!) });
    return { created: true, username: row!.username, password: fromEnv ? null : password };
  });
  if (result.created) {
    log.info(
      result.password
        ? `Admin created: ${result.username} / ${result.password} — change it in /admin/account`
        : `Admin created: ${result.username} / (the password in ADMIN_INITIAL_PASSWORD) — change it in /admin/account`,
    );
  }
  return result;
}
