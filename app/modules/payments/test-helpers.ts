// Shared by the money tests (not a test file itself): a site with settings, methods, wallet numbers,
// promotions, a staff member and verified players, plus image bytes for proofs.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { expect } from "vitest";
import { db } from "#app/db/db.server.ts";
import { checkLedgerInvariants } from "#app/modules/ledger/invariants.server.ts";
import { promotions } from "#app/modules/promotions/schema.ts";
import { submitDeposit } from "./deposits.server.ts";
import { PaymentError, type PaymentErrorCode } from "./errors.ts";

export { taka } from "#tests/kit/money.ts";
export { createPlayer, createStaff } from "#tests/kit/players.ts";
export { createSite, setSettings } from "#tests/kit/settings.ts";
export { createMethod, createMethodWithNumbers, createWalletNumber } from "#tests/kit/payments.ts";
import { taka } from "#tests/kit/money.ts";

/** A real 1x1 PNG. */
export const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
);
export const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

let seq = 0;
const tag = () => `${process.pid.toString(36)}${Date.now().toString(36)}${++seq}`;

export async function createPromotion(values: Partial<typeof promotions.$inferInsert> = {}) {
  const [p] = await db
    .insert(promotions)
    .values({
      nameEn: "Bonus",
      nameBn: "বোনাস",
      bonusPercent: 50,
      turnoverMultiplierHundredths: 500,
      maxBonus: taka(1_000),
      startsAt: new Date(Date.now() - 86_400_000),
      ...values,
    })
    .returning();
  return p!;
}

// Random, not a counter: the AML job flags TRX IDs one character apart, and consecutive counters are exactly that.
export const newTrx = () => `TRX${randomBytes(12).toString("hex")}`.toUpperCase();
export const newKey = () => `k-${tag()}`;

export async function depositFor(
  playerId: number,
  ctx: { method: { id: number }; agent: { id: number } },
  { amount = taka(1_000) as bigint | string, promotionId = null as number | null } = {},
) {
  const { deposit } = await submitDeposit(playerId, {
    methodId: ctx.method.id,
    channelType: "Agent",
    walletNumberId: ctx.agent.id,
    amount,
    senderNumber: "01712345678",
    trxId: newTrx(),
    promotionId,
    proof: { bytes: PNG, declaredName: "shot.png" },
    idempotencyKey: newKey(),
  });
  return deposit;
}

export async function expectPaymentError(promise: Promise<unknown>, code: PaymentErrorCode, messageKey?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected PaymentError ${code}, got ${String(error)}`).toBeInstanceOf(PaymentError);
  expect((error as PaymentError).code).toBe(code);
  if (messageKey) expect((error as PaymentError).messageKey).toBe(messageKey);
  return error as PaymentError;
}

export async function expectInvariants() {
  const report = await checkLedgerInvariants();
  expect(report.results.filter((r) => !r.ok)).toEqual([]);
  expect(report.ok).toBe(true);
}

/** Lets the per-file PostgreSQL database be dropped: idle pool connections are closed first. */
export async function closeIdleConnections() {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return;
  const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  await Promise.all(clients.map((c) => new Promise<void>((resolve) => (c.once("end", () => resolve()), c.release(true)))));
}

export const isPostgres = () => Boolean(process.env.DATABASE_URL);
