// Deposits through the simulated gateway, end to end at the module level: exactly one credit whatever the callbacks
// do, nothing for a forged webhook or a payment that does not match, and reconciliation for the lost answers.
import { spawn } from "node:child_process";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isConnectionLost } from "#app/db/connection-errors.ts";
import { db } from "#app/db/db.server.ts";
import { expectedLogs } from "#tests/kit/logs.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { rgLimits } from "#app/modules/protection/schema.ts";
import { amlSignals } from "#app/modules/risk/schema.ts";
import { getPlayerCheckout, handleCallback, handleWebhook, reconcileCheckouts, settleCheckout, startCheckout } from "./gateway-deposits.server.ts";
import { overrideGateways } from "./gateway/registry.server.ts";
import { createSimulatedGateway, SIM_OTP, SIM_PIN, SIM_WALLETS, signWebhook, simConfirm } from "./gateway/simulated.server.ts";
import { GatewayError, type PaymentGateway } from "./gateway/types.ts";
import { deposits, gatewayPayments, paymentMethods, simulatedGatewayPayments } from "./schema.ts";
import {
  closeIdleConnections,
  createMethod,
  createPlayer,
  createPromotion,
  createSite,
  expectInvariants,
  expectPaymentError,
  isPostgres,
  newKey,
  taka,
} from "./test-helpers.ts";

const ORIGIN = "http://localhost:3000";
const SECRET = "whsec-test-0123456789";
let method: Awaited<ReturnType<typeof createMethod>>;

beforeAll(async () => {
  await createSite({ promotionWallet: true, depositTurnoverHundredths: 100 });
  method = await createMethod();
  await db
    .update(paymentMethods)
    .set({ gateway: "simulated", gatewayCredentials: { webhookSecret: SECRET }, gatewayMin: taka(500), gatewayMax: taka(25_000) })
    .where(eq(paymentMethods.id, method.id));
});

afterEach(() => overrideGateways(null));

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

const main = async (playerId: number) => (await getPlayerBalances(playerId)).main.posted;
const open = (playerId: number, amount = taka(1_000), promotionId: number | null = null) =>
  startCheckout(playerId, { methodId: method.id, amount, promotionId, idempotencyKey: newKey() }, { origin: ORIGIN });

/** The player pays on the simulated wallet's page; returns the callback address the wallet sends them to. */
async function pay(paymentId: string, wallet = "01711111111") {
  const result = await simConfirm(paymentId, { wallet, otp: SIM_OTP, pin: SIM_PIN });
  if (!result.ok) throw new Error(`the simulated wallet refused: ${result.message}`);
  return "redirect" in result ? new URL(result.redirect) : null;
}

describe("a checkout through the simulated gateway", () => {
  it("credits the deposit, its bonus and turnover once the player pays and comes back", async () => {
    const player = await createPlayer();
    const promotion = await createPromotion({ bonusPercent: 10, turnoverMultiplierHundredths: 100 });
    const { payment, checkoutUrl } = await open(player.id, taka(1_000), promotion.id);
    expect(checkoutUrl).toBe(`/sim-gateway/checkout/${payment.gatewayPaymentId}`);
    const back = await pay(payment.gatewayPaymentId!);
    expect(back!.pathname).toBe("/deposit/gateway-callback");
    expect(back!.searchParams.get("status")).toBe("success");

    const row = await handleCallback(back!.searchParams);
    expect(row).toMatchObject({ status: "completed", payer: "01711111111" });
    const [dep] = await db.select().from(deposits).where(eq(deposits.id, row!.depositId!));
    expect(dep).toMatchObject({
      status: "approved",
      channelType: "Gateway",
      amount: taka(1_000),
      bonusAmount: taka(100),
      walletNumberId: null,
      proofFile: null,
    });
    expect(await main(player.id)).toBe(taka(1_000));
    expect((await getPlayerBalances(player.id)).bonus.posted).toBe(taka(100));
    expect((await getPlayerCheckout(player.id, row!.invoice))?.status).toBe("completed");
  });

  it("gives one credit for 50 parallel copies of the success callback", async () => {
    const player = await createPlayer();
    const { payment } = await open(player.id, taka(2_000));
    const back = await pay(payment.gatewayPaymentId!);
    const rows = await Promise.all(Array.from({ length: 50 }, () => handleCallback(new URLSearchParams(back!.searchParams))));
    expect(new Set(rows.map((r) => r?.depositId))).toEqual(new Set([rows[0]!.depositId]));
    expect(await db.select().from(deposits).where(eq(deposits.playerId, player.id))).toHaveLength(1);
    expect(await main(player.id)).toBe(taka(2_000));
  });

  it("credits nothing for a callback that only claims success", async () => {
    const player = await createPlayer();
    const { payment } = await open(player.id);
    // The player never paid: a hand-made success callback is executed at the gateway, which refuses.
    const row = await handleCallback(new URLSearchParams({ paymentID: payment.gatewayPaymentId!, status: "success" }));
    expect(row?.status).toBe("initiated");
    expect(await main(player.id)).toBe(0n);
    expect(await handleCallback(new URLSearchParams({ paymentID: "SIMFFFFFFFFFFFFFFFF", status: "success" }))).toBeNull();
  });

  it("records a cancel and an insufficient balance without a credit", async () => {
    const player = await createPlayer();
    const first = await open(player.id);
    const cancelled = await simConfirm(first.payment.gatewayPaymentId!, "cancel");
    expect(cancelled.ok && "redirect" in cancelled && new URL(cancelled.redirect).searchParams.get("status")).toBe("cancel");
    expect((await handleCallback(new URL((cancelled as { redirect: string }).redirect).searchParams))?.status).toBe("cancelled");

    const second = await open(player.id);
    const back = await pay(second.payment.gatewayPaymentId!, SIM_WALLETS.insufficient);
    expect(back!.searchParams.get("status")).toBe("failure");
    expect(await handleCallback(back!.searchParams)).toMatchObject({ status: "failed", failureReason: "Insufficient Balance" });
    expect(await main(player.id)).toBe(0n);
  });

  it("refuses a checkout outside the method's range or over the player's deposit limit", async () => {
    const player = await createPlayer();
    await expectPaymentError(open(player.id, taka(100)), "amount_out_of_range");
    await db.insert(rgLimits).values({ playerId: player.id, kind: "deposit", period: "day", amount: taka(800) });
    await expectPaymentError(open(player.id, taka(1_000)), "limit_exceeded");
    expect(await db.select().from(gatewayPayments).where(eq(gatewayPayments.playerId, player.id))).toHaveLength(0);
  });

  it("refuses the credit when a limit was set while the player was paying, and refunds at the gateway", async () => {
    const player = await createPlayer();
    const { payment } = await open(player.id, taka(1_000));
    const back = await pay(payment.gatewayPaymentId!);
    await db.insert(rgLimits).values({ playerId: player.id, kind: "deposit", period: "day", amount: taka(500) });
    expect((await handleCallback(back!.searchParams))?.status).toBe("refused");
    expect(await main(player.id)).toBe(0n);
    const [sim] = await db.select().from(simulatedGatewayPayments).where(eq(simulatedGatewayPayments.id, payment.gatewayPaymentId!));
    expect(sim?.refundTrxId).toMatch(/^SR/);
  });
});

describe("answers that cannot be trusted", () => {
  it("credits nothing for a webhook with a forged signature, and settles on a signed one", async () => {
    const player = await createPlayer();
    const { payment } = await open(player.id);
    await simConfirm(payment.gatewayPaymentId!, { wallet: "01722222222", otp: SIM_OTP, pin: SIM_PIN });
    const body = JSON.stringify({ paymentID: payment.gatewayPaymentId });
    expect(await handleWebhook(method.id, new Headers({ "x-signature": signWebhook("wrong-secret", body) }), body)).toBe(false);
    expect(await handleWebhook(method.id, new Headers(), body)).toBe(false);
    expect(await main(player.id)).toBe(0n);
    expect(await handleWebhook(method.id, new Headers({ "x-signature": signWebhook(SECRET, body) }), body)).toBe(true);
    expect(await main(player.id)).toBe(taka(1_000));
  });

  it("credits nothing and raises a risk signal when the gateway reports another amount", async () => {
    const player = await createPlayer();
    const sim = createSimulatedGateway();
    // A gateway whose execute answers a smaller amount than the checkout was opened for.
    overrideGateways(() => ({ ...sim, executePayment: async (id) => ({ ...(await sim.executePayment(id)), amount: taka(10) }) }));
    const { payment } = await open(player.id, taka(1_500));
    const back = await pay(payment.gatewayPaymentId!);
    expect(await handleCallback(back!.searchParams)).toMatchObject({ status: "mismatch" });
    expect(await main(player.id)).toBe(0n);
    const signals = await db
      .select()
      .from(amlSignals)
      .where(and(eq(amlSignals.playerId, player.id), eq(amlSignals.kind, "gateway_mismatch")));
    expect(signals).toHaveLength(1);
    expect(signals[0]!.evidence).toMatchObject({ field: "amount", invoice: payment.invoice });
  });

  it("leaves a checkout open when the gateway times out on execute, and reconciliation credits it", async () => {
    const player = await createPlayer();
    const sim = createSimulatedGateway();
    const timingOut: PaymentGateway = {
      ...sim,
      executePayment: async () => {
        throw new GatewayError("timeout", "no answer in 30 s");
      },
    };
    overrideGateways(() => timingOut);
    const { payment } = await open(player.id, taka(700));
    const back = await pay(payment.gatewayPaymentId!);
    expect((await handleCallback(back!.searchParams))?.status).toBe("initiated");
    expect(await main(player.id)).toBe(0n);

    overrideGateways(null);
    expect(await reconcileCheckouts({ olderThanMs: 0 })).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(gatewayPayments).where(eq(gatewayPayments.id, payment.id));
    expect(row).toMatchObject({ status: "completed" });
    expect(row!.checks).toBeGreaterThanOrEqual(1);
    expect(await main(player.id)).toBe(taka(700));
  });

  it("credits the time-out path (the wallet never calls back) through reconciliation only", async () => {
    const player = await createPlayer();
    const { payment } = await open(player.id, taka(900));
    const result = await simConfirm(payment.gatewayPaymentId!, { wallet: SIM_WALLETS.timeout, otp: SIM_OTP, pin: SIM_PIN });
    expect(result).toMatchObject({ ok: true, timeout: true });
    // Too young for reconciliation: nothing happens yet.
    await reconcileCheckouts();
    expect(await main(player.id)).toBe(0n);
    await Promise.all(Array.from({ length: 5 }, () => reconcileCheckouts({ olderThanMs: 0 })));
    expect(await main(player.id)).toBe(taka(900));
    expect(await db.select().from(deposits).where(eq(deposits.playerId, player.id))).toHaveLength(1);
  });

  it.runIf(isPostgres())(
    "credits once after an instance is killed between the gateway's execute and the credit",
    async () => {
      const player = await createPlayer();
      const { payment } = await open(player.id, taka(1_100));
      const back = await pay(payment.gatewayPaymentId!);
      const child = await new Promise<{ code: number | null; signal: string | null; stdout: string }>((resolve) => {
        const proc = spawn(process.execPath, ["tests/support/gateway-crash-instance.ts", back!.searchParams.toString()], { env: process.env });
        let stdout = "";
        proc.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
        proc.on("exit", (code, signal) => resolve({ code, signal, stdout }));
      });
      expect(child.signal).toBe("SIGKILL");
      expect(child.stdout).toContain('{"executed":"Completed"}');
      // The wallet took the money; we credited nothing yet.
      expect((await db.select().from(simulatedGatewayPayments).where(eq(simulatedGatewayPayments.id, payment.gatewayPaymentId!)))[0]?.status).toBe(
        "Completed",
      );
      expect(await main(player.id)).toBe(0n);
      // After the restart: reconciliation and a late copy of the callback, at once, credit it once.
      await Promise.all([reconcileCheckouts({ olderThanMs: 0 }), handleCallback(back!.searchParams), reconcileCheckouts({ olderThanMs: 0 })]);
      expect(await main(player.id)).toBe(taka(1_100));
      expect(await db.select().from(deposits).where(eq(deposits.playerId, player.id))).toHaveLength(1);
    },
    60_000,
  );

  it.runIf(isPostgres())(
    "credits each paid checkout once when PostgreSQL ends the connections under load, and the process lives",
    async () => {
      // Each query that was running on an ended connection is logged as lost (how many depends on timing).
      const logs = expectedLogs();
      const processErrors: unknown[] = [];
      const onProcessError = (e: unknown) => void processErrors.push(e);
      process.on("uncaughtException", onProcessError);
      process.on("unhandledRejection", onProcessError);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      admin.on("error", () => {});
      await admin.connect();
      try {
        const players = await Promise.all(Array.from({ length: 20 }, () => createPlayer()));
        const paid = await Promise.all(
          players.map(async (player) => {
            const { payment } = await open(player.id, taka(1_000));
            return { player, back: (await pay(payment.gatewayPaymentId!))! };
          }),
        );
        // The callbacks, each sent three times, while the database ends every connection of the app twice.
        const callbacks = Promise.allSettled(paid.flatMap(({ back }) => [1, 2, 3].map(() => handleCallback(back.searchParams))));
        let ended = 0;
        for (const wait of [5, 40]) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          const { rows } = await admin.query<{ n: number }>(
            "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
          );
          ended += rows[0]!.n;
        }
        const results = await callbacks;
        expect(ended).toBeGreaterThan(0);
        for (const r of results) if (r.status === "rejected") expect(isConnectionLost(r.reason), String(r.reason)).toBe(true);

        // Whatever the lost callbacks left open, reconciliation settles: one deposit per paid checkout.
        await reconcileCheckouts({ olderThanMs: 0 });
        for (const { player } of paid) {
          expect(await main(player.id)).toBe(taka(1_000));
          expect(await db.select().from(deposits).where(eq(deposits.playerId, player.id))).toHaveLength(1);
        }
        expect(processErrors).toEqual([]);
        for (const message of logs.messages()) expect(message).toMatch(/connection .*lost/);
      } finally {
        process.off("uncaughtException", onProcessError);
        process.off("unhandledRejection", onProcessError);
        await admin.end();
      }
    },
    60_000,
  );

  it("settles a checkout the gateway expired, and a second settle changes nothing", async () => {
    const player = await createPlayer();
    const { payment } = await open(player.id);
    await db
      .update(simulatedGatewayPayments)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(simulatedGatewayPayments.id, payment.gatewayPaymentId!));
    expect((await settleCheckout(payment.id, { execute: false })).status).toBe("expired");
    expect((await settleCheckout(payment.id, { execute: true })).status).toBe("expired");
  });

  it("shows a checkout only to its own player", async () => {
    const [owner, other] = [await createPlayer(), await createPlayer()];
    const { payment } = await open(owner.id);
    expect(await getPlayerCheckout(owner.id, payment.invoice)).not.toBeNull();
    expect(await getPlayerCheckout(other.id, payment.invoice)).toBeNull();
  });

  it("answers the same form sent twice with the same checkout", async () => {
    const player = await createPlayer();
    const key = newKey();
    const input = { methodId: method.id, amount: taka(600), promotionId: null, idempotencyKey: key };
    const results = await Promise.all(Array.from({ length: 10 }, () => startCheckout(player.id, input, { origin: ORIGIN }).catch((e: unknown) => e)));
    const ids = new Set(results.flatMap((r) => (r instanceof Error ? [] : [(r as { payment: { id: number } }).payment.id])));
    expect(ids.size).toBe(1);
    expect(await db.select().from(gatewayPayments).where(eq(gatewayPayments.playerId, player.id))).toHaveLength(1);
  });

  it("sends the form sent again to the gateway's page while it is open (stored, so any instance can), then to the result", async () => {
    const player = await createPlayer();
    const input = { methodId: method.id, amount: taka(700), promotionId: null, idempotencyKey: newKey() };
    const first = await startCheckout(player.id, input, { origin: ORIGIN });
    const [stored] = await db.select().from(gatewayPayments).where(eq(gatewayPayments.id, first.payment.id));
    expect(stored!.checkoutUrl).toBe(first.checkoutUrl);
    expect((await startCheckout(player.id, input, { origin: ORIGIN })).checkoutUrl).toBe(first.checkoutUrl);

    await handleCallback((await pay(first.payment.gatewayPaymentId!))!.searchParams);
    expect((await startCheckout(player.id, input, { origin: ORIGIN })).checkoutUrl).toBe(`/deposit/checkout/${first.payment.invoice}`);
    expect(await main(player.id)).toBe(taka(700));
  });
});
