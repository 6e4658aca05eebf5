// Shared by the risk tests (not a test file itself): crafted histories written straight into the tables, at times on
// a test clock that only moves forward (the job reads rows after its cursor, like production rows arriving).
import { randomInt } from "node:crypto";
import { db } from "#app/db/db.server.ts";
import { gameProviders, gameRounds } from "#app/modules/games/schema.ts";
import { createMethodWithNumbers, createPlayer, newKey, newTrx, taka } from "#app/modules/payments/test-helpers.ts";
import { deposits, withdrawals } from "#app/modules/payments/schema.ts";
import { players } from "#app/modules/players/schema.ts";
import { playerPhones } from "#app/modules/profile/schema.ts";
import { rgLimitChanges } from "#app/modules/protection/schema.ts";
import { sessions } from "#app/modules/sessions/schema.ts";
import { eq } from "drizzle-orm";
import { runRiskJob } from "./job.server.ts";

export { taka };

const MIN = 60_000;
// Far ahead of the wall clock, so rows written with the current time by other code never interleave with ours.
let clock = Date.now() + 365 * 86_400_000;

/** A fresh stretch of test time: `at(m)` is m minutes into it; each call starts a day after the last one's end. */
export function timeline() {
  clock += 10 * 86_400_000;
  const start = clock;
  return (minutes: number) => new Date(start + minutes * MIN);
}

/** Runs the job as if far in the future, so every crafted row is old enough to read. */
export const runJob = () => runRiskJob({ now: new Date(clock + 100 * 86_400_000), settleMs: 0 });

let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>> | undefined;
let provider: number | undefined;

export async function paymentsCtx() {
  ctx ??= await createMethodWithNumbers();
  return ctx;
}

/** A verified player whose main phone the job sees at `at`. */
export async function player(at: Date) {
  const p = await createPlayer();
  await db.update(players).set({ updatedAt: at }).where(eq(players.id, p.id));
  return p;
}

let roundSeq = 0;
// Random rather than pid + counter: the database outlives a run, and a number reused by an earlier run is a shared wallet.
export const uniqueSender = () => `016${String(randomInt(100_000_000)).padStart(8, "0")}`;

export async function deposit(
  playerId: number,
  amount: bigint,
  at: Date,
  { status = "approved" as "approved" | "pending" | "rejected", trxId = newTrx(), sender = uniqueSender() } = {},
) {
  const c = await paymentsCtx();
  const [row] = await db
    .insert(deposits)
    .values({
      playerId,
      methodId: c.method.id,
      walletNumberId: c.agent.id,
      channelType: "Agent",
      amount,
      currency: "BDT",
      senderNumber: sender,
      trxId,
      proofFile: "x.png",
      proofMime: "image/png",
      status,
      bonusAmount: status === "approved" ? 0n : null,
      reviewedAt: status === "pending" ? null : at,
      rejectReason: status === "rejected" ? "no" : null,
      idempotencyKey: newKey(),
      createdAt: at,
    })
    .returning();
  return row!;
}

export async function withdrawal(playerId: number, amount: bigint, at: Date, accountNumber = uniqueSender()) {
  const c = await paymentsCtx();
  const [row] = await db
    .insert(withdrawals)
    .values({ playerId, methodId: c.method.id, amount, currency: "BDT", accountNumber, idempotencyKey: newKey(), createdAt: at })
    .returning();
  return row!;
}

/** A settled round: stake and payout in poisha. */
export async function round(playerId: number, stake: bigint, payout: bigint, at: Date) {
  provider ??= (
    await db
      .insert(gameProviders)
      .values({ platform: `RISK${process.pid}`, name: "Risk test" })
      .returning()
  )[0]!.id;
  await db.insert(gameRounds).values({
    providerId: provider,
    playerId,
    roundId: `r${++roundSeq}`,
    gameCode: "g",
    gameType: "SLOT",
    platform: "RISK",
    currency: "BDT",
    stake,
    payout,
    status: "settled",
    createdAt: at,
    settledAt: at,
  });
}

let sessionSeq = 0;
export async function session(playerId: number, at: Date, { deviceId = null as string | null, ip = null as string | null } = {}) {
  await db.insert(sessions).values({
    id: `risk-test-${process.pid}-${++sessionSeq}`,
    playerId,
    ip,
    deviceId,
    createdAt: at,
    expiresAt: new Date(at.getTime() + 86_400_000),
  });
}

export async function extraPhone(playerId: number, phone: string, at: Date) {
  await db.insert(playerPhones).values({ playerId, phone, createdAt: at });
}

export async function limitChange(playerId: number, action: "request_increase" | "request_removal" | "decrease", at: Date) {
  await db.insert(rgLimitChanges).values({
    playerId,
    kind: "deposit",
    period: "day",
    action,
    oldAmount: taka(5_000),
    newAmount: action === "request_removal" ? null : taka(50_000),
    createdAt: at,
  });
}
