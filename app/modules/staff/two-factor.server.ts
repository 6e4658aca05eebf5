// Two-factor sign-in for staff: TOTP (RFC 6238, through otpauth: 6 digits, 30 s, ±1 step accepted) and ten one-time
// recovery codes, kept only as SHA-256. A TOTP code's step is claimed atomically (a step at or before the last one
// accepted is refused: no replay); a recovery code is spent atomically (used_at set once). Wrong codes count as failed
// log-in attempts under the staff limits, on a key of their own that a right password does not clear.
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { Secret, TOTP } from "otpauth";
import { db, type Tx } from "#app/db/db.server.ts";
import { DomainError } from "#app/kernel/domain-error.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { beginLoginAttempt, loginFailed, loginSucceeded, verifyPassword, type LoginPace } from "#app/modules/players/index.server.ts";
import { hashToken } from "#app/modules/sessions/index.server.ts";
import { getGeneralSettings } from "#app/modules/settings/index.server.ts";
import { staffRecoveryCodes, staffUsers, type StaffRole } from "./schema.ts";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

/** In real-money mode these roles must sign in with a second factor; in demo mode it is optional for everyone. */
export const TWO_FACTOR_REQUIRED_ROLES: readonly StaffRole[] = ["admin", "finance"];

export type TwoFactorErrorCode = "code_invalid" | "password_invalid" | "too_many_attempts" | "already_on" | "not_on" | "required" | "no_setup";

const messageKeys = {
  code_invalid: "admin.errors.codeInvalid",
  password_invalid: "admin.errors.currentPasswordWrong",
  too_many_attempts: "admin.errors.tooManyAttempts",
  already_on: "admin.errors.twoFactorAlreadyOn",
  not_on: "admin.errors.twoFactorNotOn",
  required: "admin.errors.twoFactorRequired",
  no_setup: "admin.errors.twoFactorNoSetup",
} as const;

export class TwoFactorError extends DomainError<TwoFactorErrorCode> {
  constructor(code: TwoFactorErrorCode, params: Record<string, number> = {}) {
    super(code, messageKeys[code], {
      field: code === "code_invalid" ? "code" : code === "password_invalid" ? "password" : undefined,
      params,
      status: code === "too_many_attempts" ? 429 : code === "code_invalid" || code === "password_invalid" ? 401 : 409,
    });
    this.name = "TwoFactorError";
  }
}

export const isTwoFactorError = (e: unknown): e is TwoFactorError => e instanceof TwoFactorError;

/** Whether the site's mode makes a second factor compulsory for this role. */
export async function twoFactorRequired(role: StaffRole) {
  if (!TWO_FACTOR_REQUIRED_ROLES.includes(role)) return false;
  // A database not seeded yet (no settings row: the first start, some tests) is not in real-money mode.
  const settings = await getGeneralSettings().catch(() => null);
  return settings?.mode === "real";
}

/** `issuer` is what the authenticator app lists the account under (the site's title); it takes no part in the code. */
function totpFor(secret: string, username: string, issuer = "") {
  return new TOTP({ issuer, label: username, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The code an authenticator shows at `at` (tests and the e2e helper). */
export function totpCodeFor(secret: string, at = Date.now()) {
  return totpFor(secret, "x").generate({ timestamp: at });
}

const normaliseCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();
const isTotpShape = (code: string) => /^\d{6}$/.test(code);

/** The TOTP time step `code` belongs to (within ±1 of now), or null. */
function matchingStep(secret: string, code: string, at: number) {
  const delta = totpFor(secret, "x").validate({ token: code, timestamp: at, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Claims the step for the account, atomically: false when it (or a later one) was used already. */
async function claimStep(tx: Tx | typeof db, staffId: number, step: number) {
  const claimed = await tx
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(and(eq(staffUsers.id, staffId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
    .returning({ id: staffUsers.id });
  return claimed.length === 1;
}

function newRecoveryCodes() {
  // 10 characters of base32 (50 bits each), shown as xxxxx-xxxxx.
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = new Secret({ size: 10 }).base32.slice(0, 10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

const hashRecovery = (code: string) => hashToken(`staff-recovery:${normaliseCode(code)}`);

async function loadStaff(staffId: number) {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, staffId)).limit(1);
  if (!row) throw new Error(`staff ${staffId} not found`);
  return row;
}

export type CodeCheck = { staffId: number; username: string; ip: string | null; pace?: LoginPace };

/**
 * Runs `check` as a log-in attempt: refused with too_many_attempts while the staff limits say so; a false result is a
 * failed attempt (and audited), a true one clears the code counter of this username and address.
 */
export async function gated(who: CodeCheck, check: () => Promise<boolean>, refusal: "code_invalid" | "password_invalid" = "code_invalid") {
  const gate = await beginLoginAttempt("staff", `${who.username}#2fa`, who.ip ?? "unknown", who.pace);
  if (!gate.ok) throw new TwoFactorError("too_many_attempts", { minutes: gate.retryAfterMinutes });
  if (await check()) {
    await loginSucceeded(gate.attempt);
    return;
  }
  await loginFailed(gate.attempt);
  const action = refusal === "code_invalid" ? "staff.two_factor_failed" : "staff.password_check_failed";
  await db.transaction((tx) => audit(tx, { staffId: who.staffId, action, entity: "staff_user", entityId: who.staffId, ip: who.ip }));
  throw new TwoFactorError(refusal);
}

export type SecondFactorResult = { method: "totp" | "recovery"; recoveryCodesLeft?: number };

/**
 * Checks a code (TOTP, or a recovery code) of an account with two-factor sign-in on, spending it: a TOTP step once,
 * a recovery code once. Throws TwoFactorError (code_invalid, too_many_attempts, not_on).
 */
export async function spendSecondFactor(who: CodeCheck, code: string, at = Date.now()): Promise<SecondFactorResult> {
  const staff = await loadStaff(who.staffId);
  if (!staff.totpSecret) throw new TwoFactorError("not_on");
  const secret = staff.totpSecret;
  const typed = normaliseCode(code);
  let result: SecondFactorResult = { method: "totp" };
  await gated(who, async () => {
    if (isTotpShape(typed)) {
      const step = matchingStep(secret, typed, at);
      return step !== null && (await claimStep(db, who.staffId, step));
    }
    if (typed.length !== 10) return false;
    return db.transaction(async (tx) => {
      const [spent] = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: new Date(at) })
        .where(
          and(eq(staffRecoveryCodes.staffId, who.staffId), eq(staffRecoveryCodes.codeHash, hashRecovery(typed)), isNull(staffRecoveryCodes.usedAt)),
        )
        .returning({ id: staffRecoveryCodes.id });
      if (!spent) return false;
      const left = await countRecoveryCodes(who.staffId, tx);
      await audit(tx, {
        staffId: who.staffId,
        action: "staff.recovery_code_used",
        entity: "staff_user",
        entityId: who.staffId,
        after: { recoveryCodesLeft: left },
        ip: who.ip,
      });
      result = { method: "recovery", recoveryCodesLeft: left };
      return true;
    });
  });
  return result;
}

async function countRecoveryCodes(staffId: number, executor: Tx | typeof db = db) {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export type TwoFactorStatus = {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
  /** While setting up: what the authenticator app needs (the QR code as an SVG data URL, the secret as text). */
  setup: { qrDataUrl: string; secret: string; uri: string } | null;
};

/** The account page's view of two-factor sign-in. The secret shows only during setup, never once it is on. */
export async function twoFactorStatus(staffId: number): Promise<TwoFactorStatus> {
  const staff = await loadStaff(staffId);
  const required = await twoFactorRequired(staff.role);
  if (staff.totpSecret) return { enabled: true, required, recoveryCodesLeft: await countRecoveryCodes(staffId), setup: null };
  return {
    enabled: false,
    required,
    recoveryCodesLeft: 0,
    setup: staff.totpPendingSecret ? await setupView(staff.totpPendingSecret, staff.username) : null,
  };
}

async function setupView(secret: string, username: string) {
  const settings = await getGeneralSettings().catch(() => null);
  const uri = totpFor(secret, username, `${settings?.siteTitle || "DeshPlay"} back office`).toString();
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { uri, secret, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** Starts (or restarts) setup: a new secret to scan, not yet in force. */
export async function beginTwoFactorSetup(staffId: number) {
  const staff = await loadStaff(staffId);
  if (staff.totpSecret) throw new TwoFactorError("already_on");
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(staffUsers)
    .set({ totpPendingSecret: secret })
    .where(and(eq(staffUsers.id, staffId), isNull(staffUsers.totpSecret)));
  return setupView(secret, staff.username);
}

/**
 * Turns two-factor sign-in on once a current code of the secret being set up is right. Returns the recovery codes,
 * shown this once (only their hashes are kept).
 */
export async function enableTwoFactor(who: CodeCheck, code: string, at = Date.now()): Promise<{ recoveryCodes: string[] }> {
  const staff = await loadStaff(who.staffId);
  if (staff.totpSecret) throw new TwoFactorError("already_on");
  const pending = staff.totpPendingSecret;
  if (!pending) throw new TwoFactorError("no_setup");
  const step = isTotpShape(normaliseCode(code)) ? matchingStep(pending, normaliseCode(code), at) : null;
  const codes = newRecoveryCodes();
  let enabled = false;
  await gated(who, async () => {
    if (step === null) return false;
    enabled = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffUsers)
        .set({ totpSecret: pending, totpPendingSecret: null, totpLastStep: step, totpEnabledAt: new Date(at), updatedAt: new Date(at) })
        .where(and(eq(staffUsers.id, who.staffId), isNull(staffUsers.totpSecret), eq(staffUsers.totpPendingSecret, pending)))
        .returning({ id: staffUsers.id });
      if (!row) return false;
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, who.staffId));
      await tx.insert(staffRecoveryCodes).values(codes.map((c) => ({ staffId: who.staffId, codeHash: hashRecovery(c) })));
      await audit(tx, { staffId: who.staffId, action: "staff.two_factor_enabled", entity: "staff_user", entityId: who.staffId, ip: who.ip });
      return true;
    });
    return true;
  });
  // A parallel confirmation won (the codes it made are the ones in force).
  if (!enabled) throw new TwoFactorError("already_on");
  return { recoveryCodes: codes };
}

/**
 * Turns two-factor sign-in off with a current code (TOTP or recovery) or the account's password; refused while the
 * role requires it.
 */
export async function disableTwoFactor(who: CodeCheck, proof: { code?: string; password?: string }, at = Date.now()) {
  const staff = await loadStaff(who.staffId);
  if (!staff.totpSecret) throw new TwoFactorError("not_on");
  if (await twoFactorRequired(staff.role)) throw new TwoFactorError("required");
  if (proof.password) {
    await gated(who, () => verifyPassword(staff.passwordHash, proof.password!), "password_invalid");
  } else {
    await spendSecondFactor(who, proof.code ?? "", at);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, totpEnabledAt: null, updatedAt: new Date(at) })
      .where(eq(staffUsers.id, who.staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, who.staffId));
    await audit(tx, {
      staffId: who.staffId,
      action: "staff.two_factor_disabled",
      entity: "staff_user",
      entityId: who.staffId,
      after: { by: proof.password ? "password" : "code" },
      ip: who.ip,
    });
  });
}
