// The money calls of the JSON API (spec section 7), called the way React Router calls a resource route: the root's
// auth middleware resolves the bearer token into the context, then GET/HEAD/OPTIONS go to the loader and other
// methods to the action. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  // Proof screenshots are written under DATA_DIR/uploads: a throw-away folder, never the app's ./data.
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "money-api-"));
});

import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { db } from "#app/db/db.server.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { adjustBalance } from "#app/modules/payments/adjustments.server.ts";
import { approveDeposit, listDepositQueue } from "#app/modules/payments/deposits.server.ts";
import { deposits, withdrawals } from "#app/modules/payments/schema.ts";
import { playerPhones } from "#app/modules/profile/schema.ts";
import {
  closeIdleConnections,
  createMethod,
  createMethodWithNumbers,
  createPlayer,
  createPromotion,
  createSite,
  createStaff,
  createWalletNumber,
  expectInvariants,
  newTrx,
  PDF,
  PNG,
  taka,
} from "#app/modules/payments/test-helpers.ts";
import { authMiddleware } from "#app/modules/sessions/auth.server.ts";
import { createSession } from "#app/modules/sessions/sessions.server.ts";
import * as balanceRoute from "#app/routes/api/balance.ts";
import * as walletRoute from "#app/routes/api/get-wallet-number.ts";
import * as methodsRoute from "#app/routes/api/payment-methods.ts";
import * as promotionListRoute from "#app/routes/api/promotion.ts";
import * as promotionRoute from "#app/routes/api/promotions.$id.ts";
import * as channelsRoute from "#app/routes/api/payment-method-channels.ts";
import * as depositRoute from "#app/routes/api/submit-deposit.ts";
import * as withdrawRoute from "#app/routes/api/submit-withdraw.ts";
import * as transactionsRoute from "#app/routes/api/transaction-show.ts";
import * as turnoversRoute from "#app/routes/api/turnovers.ts";
import * as withdrawCheckRoute from "#app/routes/api/userwithdrawcheck.ts";

type Handler = (args: never) => unknown;
type RouteModule = { loader: Handler; action: Handler };

async function send(
  route: RouteModule,
  path: string,
  init: {
    method?: string;
    json?: unknown;
    body?: BodyInit;
    headers?: Record<string, string>;
    token?: string;
    params?: Record<string, string>;
    duplex?: boolean;
  } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("x-client-ip", "10.8.0.1");
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  // A streamed body (no length known in advance) needs duplex: "half".
  const request = new Request(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers,
    body,
    ...(init.duplex ? { duplex: "half" } : {}),
  } as RequestInit);
  const url = new URL(request.url);
  const context = new RouterContextProvider();
  const args = { request, url, params: init.params ?? {}, context, pattern: url.pathname };
  await authMiddleware(args, async () => new Response());
  const handler = ["GET", "HEAD", "OPTIONS"].includes(request.method) ? route.loader : route.action;
  try {
    return (await handler(args as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown; // React Router answers a thrown Response as is
    throw thrown;
  }
}

async function json(res: Response) {
  return { status: res.status, body: await res.json() };
}

let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;
let staffId: number;
let promo: Awaited<ReturnType<typeof createPromotion>>;
let alice: { id: number; phone: string; token: string };
let bob: { id: number; phone: string; token: string };

async function playerWithToken(options?: { verified?: boolean }) {
  const p = await createPlayer(options);
  const { token } = await createSession(p.id);
  return { id: p.id, phone: p.phone, token };
}

beforeAll(async () => {
  // Bonus to the bonus wallet; a deposit must be played through once.
  await createSite({ promotionWallet: true, depositTurnoverHundredths: 100 });
  staffId = (await createStaff()).id;
  ctx = await createMethodWithNumbers();
  promo = await createPromotion({
    nameEn: "Half bonus",
    nameBn: "অর্ধেক বোনাস",
    bonusPercent: 50,
    maxBonus: taka(300),
    turnoverMultiplierHundredths: 200,
  });
  alice = await playerWithToken();
  bob = await playerWithToken();
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** A multipart deposit as an app client sends it. */
function depositForm(
  fields: Record<string, string>,
  proof: { bytes: Uint8Array; name: string; type: string } | null = { bytes: PNG, name: "shot.png", type: "image/png" },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (proof) form.set("proof", new File([proof.bytes as BlobPart], proof.name, { type: proof.type }));
  return form;
}

const validDeposit = (over: Record<string, string> = {}) => ({
  payment_id: String(ctx.method.id),
  wallet_id: String(ctx.agent.id),
  account_type: "Agent",
  amount: "1000",
  account_number: "01712345678",
  transaction_id: newTrx(),
  ...over,
});

const submit = (token: string | undefined, form: FormData, headers?: Record<string, string>) =>
  send(depositRoute, "/api/submit-deposit", { method: "POST", body: form, token, headers });

describe("public lists", () => {
  it("GET /api/payment-methods lists active methods once per name, with absolute icon URLs", async () => {
    const twin = await createMethod(ctx.method.name);
    const hidden = await createMethod(undefined, "inactive");
    const { status, body } = await json(await send(methodsRoute, "/api/payment-methods"));
    expect(status).toBe(200);
    const mine = body.filter((m: { name: string }) => m.name === ctx.method.name);
    expect(mine).toEqual([{ id: ctx.method.id, name: ctx.method.name, icon: `http://localhost:3000${ctx.method.icon}`, status: "active" }]);
    expect(body.map((m: { id: number }) => m.id)).not.toContain(twin.id);
    expect(body.map((m: { id: number }) => m.id)).not.toContain(hidden.id);
    expect((await send(methodsRoute, "/api/payment-methods", { method: "POST" })).status).toBe(405);
  });

  it("GET /api/promotion lists promotions open now with the spec's fields; /api/promotions/{id} gives one", async () => {
    const later = await createPromotion({ nameEn: "Later", startsAt: new Date(Date.now() + 86_400_000) });
    const off = await createPromotion({ nameEn: "Off", status: "inactive" });
    const { status, body } = await json(await send(promotionListRoute, "/api/promotion"));
    expect(status).toBe(200);
    const ids = body.map((p: { id: number }) => p.id);
    expect(ids).toContain(promo.id);
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(off.id);
    const entry = body.find((p: { id: number }) => p.id === promo.id);
    expect(entry).toMatchObject({
      name: "Half bonus",
      name_bn: "অর্ধেক বোনাস",
      status: "active",
      deposit_bouns: 50,
      max_bonus: "300.00",
      turnover_multiplier: "2",
      end_date: null,
      categories: [],
    });
    expect(entry.start_date).toBe(promo.startsAt.toISOString());

    const one = await json(await send(promotionRoute, `/api/promotions/${promo.id}`, { params: { id: String(promo.id) } }));
    expect(one).toEqual({ status: 200, body: { promotion: entry } });
    for (const id of [String(later.id), String(off.id), "999999", "abc", "1e3", "99999999999", "-1"]) {
      const res = await send(promotionRoute, `/api/promotions/${id}`, { params: { id } });
      expect(res.status, id).toBe(404);
      expect((await res.json()).message).toBe("Promotion not found.");
    }
  });
});

describe("logged-out callers", () => {
  const guarded: Array<[string, RouteModule, string, string]> = [
    ["showpayment-menthod", channelsRoute, "/api/showpayment-menthod?name=x", "GET"],
    ["get-wallet-number", walletRoute, "/api/get-wallet-number?name=x", "GET"],
    ["submit-deposit", depositRoute, "/api/submit-deposit", "POST"],
    ["userwithdrawcheck", withdrawCheckRoute, "/api/userwithdrawcheck", "GET"],
    ["submit-withdraw", withdrawRoute, "/api/submit-withdraw", "POST"],
    ["balance", balanceRoute, "/api/balance", "POST"],
    ["transaction/show", transactionsRoute, "/api/transaction/show", "GET"],
    ["turnovers", turnoversRoute, "/api/turnovers", "GET"],
  ];
  it.each(guarded)("%s answers 401 without a token and with a forged one", async (_name, route, path, method) => {
    for (const token of [undefined, "not-a-real-token"]) {
      const res = await send(route, path, { method, token });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
      expect(await res.json()).toEqual({ message: "Unauthenticated." });
    }
  });
});

describe("deposit", () => {
  it("GET /api/showpayment-menthod gives the method's channels with their limits in taka", async () => {
    const { status, body } = await json(
      await send(channelsRoute, `/api/showpayment-menthod?name=${encodeURIComponent(ctx.method.name.toUpperCase())}`, { token: alice.token }),
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toEqual([
      {
        id: ctx.method.id,
        payment_id: ctx.method.id,
        name: ctx.method.name,
        icon: `http://localhost:3000${ctx.method.icon}`,
        account_type: "Agent",
        label: "CashOut",
        min: "500.00",
        max: "25000.00",
      },
      {
        id: ctx.method.id,
        payment_id: ctx.method.id,
        name: ctx.method.name,
        icon: `http://localhost:3000${ctx.method.icon}`,
        account_type: "Personal",
        label: "Send Money",
        min: "500.00",
        max: "10000.00",
      },
    ]);
    for (const q of ["?name=NoSuchWallet", ""]) {
      const res = await json(await send(channelsRoute, `/api/showpayment-menthod${q}`, { token: alice.token }));
      expect(res).toEqual({ status: 404, body: { success: false, message: "The selected payment method is not available." } });
    }
  });

  it("GET /api/get-wallet-number gives a number that fits the type and amount, and refuses bad input", async () => {
    const path = (q: Record<string, string>) => `/api/get-wallet-number?${new URLSearchParams({ name: ctx.method.name, ...q })}`;
    const ok = await json(await send(walletRoute, path({ account_type: "Agent", amount: "1000" }), { token: alice.token }));
    expect(ok).toEqual({ status: 200, body: [{ id: ctx.agent.id, account_number: ctx.agent.accountNumber }] });
    // The original site's labels name the types too.
    const personal = await json(await send(walletRoute, path({ account_type: "Send Money", amount: "600.50" }), { token: alice.token }));
    expect(personal.body).toEqual([{ id: ctx.personal.id, account_number: ctx.personal.accountNumber }]);

    const noType = await json(await send(walletRoute, path({ account_type: "Bank", amount: "1000" }), { token: alice.token }));
    expect(noType.status).toBe(422);
    expect(noType.body.errors.account_type).toEqual(["Please select a Deposit channel"]);
    const badAmount = await json(await send(walletRoute, path({ account_type: "Agent", amount: "1e3" }), { token: alice.token }));
    expect(badAmount.status).toBe(422);
    expect(badAmount.body.errors.amount).toEqual(["Enter the amount in taka, for example 500 or 500.50."]);
    // Personal numbers take at most 10,000: nothing fits 20,000.
    const tooBig = await json(await send(walletRoute, path({ account_type: "Personal", amount: "20000" }), { token: alice.token }));
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.message).toBe("No account can take this amount right now. Please try another amount or payment type.");
    const unknown = await send(walletRoute, `/api/get-wallet-number?name=Nope&account_type=Agent&amount=1000`, { token: alice.token });
    expect(unknown.status).toBe(404);
  });

  it("POST /api/submit-deposit records a pending deposit; the same Idempotency-Key gives the same one", async () => {
    const fields = validDeposit({ promotion_id: String(promo.id), remote_id: String(alice.id) });
    const first = await json(await submit(alice.token, depositForm(fields), { "Idempotency-Key": "app-dep-1" }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      success: true,
      message: "Submission successful!",
      data: {
        status: "pending",
        amount: "1000.00",
        payment_id: ctx.method.id,
        account_type: "Agent",
        transaction_id: fields.transaction_id,
        promotion_id: promo.id,
      },
    });
    expect(first.body.data.id).toMatch(/^D\d+$/);
    const again = await json(await submit(alice.token, depositForm(fields), { "Idempotency-Key": "app-dep-1" }));
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const rows = await db.select().from(deposits).where(eq(deposits.playerId, alice.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: taka(1000),
      senderNumber: "01712345678",
      walletNumberId: ctx.agent.id,
      promotionId: promo.id,
      proofMime: "image/png",
    });

    // The type is taken from the wallet number when the client leaves it out.
    const { account_type: _omit, ...noType } = validDeposit({ wallet_id: String(ctx.personal.id), amount: "700" });
    const personal = await json(await submit(alice.token, depositForm(noType)));
    expect(personal.status).toBe(201);
    expect(personal.body.data.account_type).toBe("Personal");
  });

  it("takes the spec's JSON payload without a screenshot or receiving number: a pending deposit finance see as 'no proof'", async () => {
    const carol = await playerWithToken();
    // Exactly the spec's fields, numbers as JSON numbers.
    const spec = {
      remote_id: carol.id,
      account_number: "01712345678",
      transaction_id: newTrx(),
      amount: 1000,
      payment_id: ctx.method.id,
      promotion_id: null,
    };
    const res = await json(await send(depositRoute, "/api/submit-deposit", { method: "POST", json: spec, token: carol.token }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: "pending", amount: "1000.00", account_type: "Agent", promotion_id: null });
    // Multipart with a named number but no screenshot is accepted too.
    const noProof = await json(await submit(carol.token, depositForm(validDeposit({ amount: "600" }), null)));
    expect(noProof.status).toBe(201);
    const rows = await db.select().from(deposits).where(eq(deposits.playerId, carol.id)).orderBy(deposits.id);
    expect(rows.map((r) => [r.walletNumberId, r.proofFile, r.proofMime, r.channelType])).toEqual([
      [null, null, null, "Agent"],
      [ctx.agent.id, null, null, "Agent"],
    ]);
    const { items } = await listDepositQueue({ status: "pending", pageSize: 100 });
    const queued = items.filter((d) => d.playerId === carol.id);
    expect(queued.map((d) => [d.walletAccountNumber, d.proofFile])).toEqual([
      [null, null],
      [ctx.agent.accountNumber, null],
    ]);
    // The rules still hold: a JSON amount outside the range is refused under the client's field name.
    const low = await json(
      await send(depositRoute, "/api/submit-deposit", {
        method: "POST",
        json: { ...spec, amount: 50, transaction_id: newTrx() },
        token: carol.token,
      }),
    );
    expect(low.status).toBe(422);
    expect(low.body.errors.amount).toEqual(["Deposits must be between ৳100 and ৳25,000."]);
    // Finance approve it as any other deposit.
    await approveDeposit({ staffId, depositId: rows[0]!.id, ip: "127.0.0.1" });
    expect((await db.select().from(deposits).where(eq(deposits.id, rows[0]!.id)))[0]!.status).toBe("approved");
  });

  it("refuses bad amounts, forged ids, a PDF named .png and a reused TRX ID, each under the client's field name", async () => {
    const other = await createMethodWithNumbers();
    const cases: Array<[string, FormData, number, string, string]> = [
      ["letters", depositForm(validDeposit({ amount: "abc" })), 422, "amount", "Enter the amount in taka, for example 500 or 500.50."],
      ["below 100", depositForm(validDeposit({ amount: "50" })), 422, "amount", "Deposits must be between ৳100 and ৳25,000."],
      [
        "over the channel",
        depositForm(validDeposit({ amount: "300" })),
        422,
        "amount",
        "For this payment type the amount must be between ৳500 and ৳25,000.",
      ],
      ["negative", depositForm(validDeposit({ amount: "-1000" })), 422, "amount", "The amount cannot be negative."],
      ["forged method", depositForm(validDeposit({ payment_id: "999999" })), 422, "payment_id", "Please select a valid payment method."],
      [
        "another method's number",
        depositForm(validDeposit({ wallet_id: String(other.agent.id) })),
        422,
        "wallet_id",
        "This account number is no longer available. Please start the deposit again.",
      ],
      [
        "sender not 11 digits",
        depositForm(validDeposit({ account_number: "0171234567" })),
        422,
        "account_number",
        "Please provide a valid 11-digit account number.",
      ],
      ["no TRX ID", depositForm(validDeposit({ transaction_id: " " })), 422, "transaction_id", "Please provide your TRX ID. It should be valid."],
      [
        "forged promotion",
        depositForm(validDeposit({ promotion_id: "abc" })),
        422,
        "promotion_id",
        "This promotion is not available. Please choose another one.",
      ],
      [
        "PDF renamed .png",
        depositForm(validDeposit(), { bytes: PDF, name: "shot.png", type: "image/png" }),
        422,
        "proof",
        "The screenshot must be a JPEG, PNG or WebP image.",
      ],
      [
        "an empty screenshot",
        depositForm(validDeposit(), { bytes: new Uint8Array(), name: "shot.png", type: "image/png" }),
        422,
        "proof",
        "Please upload a screenshot of your payment.",
      ],
    ];
    for (const [name, form, status, field, message] of cases) {
      const res = await json(await submit(bob.token, form));
      expect(res.status, name).toBe(status);
      expect(res.body, name).toEqual({ success: false, message, errors: { [field]: [message] } });
    }
    const trx = newTrx();
    expect((await submit(bob.token, depositForm(validDeposit({ transaction_id: trx })))).status).toBe(201);
    const reused = await json(await submit(bob.token, depositForm(validDeposit({ transaction_id: trx.toLowerCase() }))));
    expect(reused.status).toBe(409);
    expect(reused.body.errors.transaction_id).toEqual(["This TRX ID has already been submitted. Please check it and try again."]);
    expect(await db.select().from(deposits).where(eq(deposits.playerId, bob.id))).toHaveLength(1);
  });

  it("refuses another player's remote_id (403), text bodies (415), bad idempotency keys (400) and oversized uploads (413)", async () => {
    const forged = await submit(bob.token, depositForm(validDeposit({ remote_id: String(alice.id) })));
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ message: "This action is unauthorized." });
    const forgedJson = await send(depositRoute, "/api/submit-deposit", {
      method: "POST",
      json: { ...validDeposit(), remote_id: alice.id },
      token: bob.token,
    });
    expect(forgedJson.status).toBe(403);
    const asText = await send(depositRoute, "/api/submit-deposit", {
      method: "POST",
      body: JSON.stringify(validDeposit()),
      headers: { "content-type": "text/plain" },
      token: bob.token,
    });
    expect(asText.status).toBe(415);
    const broken = await send(depositRoute, "/api/submit-deposit", {
      method: "POST",
      body: '{"amount": ',
      headers: { "content-type": "application/json" },
      token: bob.token,
    });
    expect(broken.status).toBe(400);
    expect((await submit(bob.token, depositForm(validDeposit()), { "Idempotency-Key": "spaces are bad" })).status).toBe(400);
    // Refused while reading (no Content-Length) and before reading (a Content-Length over the limit).
    const huge = new Response(depositForm(validDeposit(), { bytes: new Uint8Array(6 * 1024 * 1024), name: "big.png", type: "image/png" }));
    const hugeType = huge.headers.get("content-type")!;
    const hugeBody = await huge.blob();
    const withoutLength: Record<string, string> = { "content-type": hugeType };
    for (const headers of [withoutLength, { ...withoutLength, "content-length": String(hugeBody.size) }]) {
      const tooLarge = await send(depositRoute, "/api/submit-deposit", {
        method: "POST",
        body: hugeBody.stream(),
        headers,
        token: bob.token,
        duplex: true,
      });
      expect(tooLarge.status).toBe(413);
      expect((await tooLarge.json()).message).toBe("The screenshot must be 5 MB or smaller.");
    }
    expect(await db.select().from(deposits).where(eq(deposits.playerId, bob.id))).toHaveLength(1);
  });

  it("after approval: balance and bonus, the turnover list, and the withdrawal check asks for turnover", async () => {
    const [dep] = await db.select().from(deposits).where(eq(deposits.playerId, alice.id)).orderBy(deposits.id).limit(1);
    await approveDeposit({ staffId, depositId: dep!.id, ip: "127.0.0.1" });

    const balance = await json(await send(balanceRoute, "/api/balance", { method: "POST", token: alice.token }));
    // 1,000 deposited, bonus 50% capped at 300, in the bonus wallet.
    expect(balance).toEqual({ status: 200, body: { balance: "1000.00", bonus_balance: "300.00", currency: "BDT" } });
    expect((await send(balanceRoute, "/api/balance", { token: alice.token })).status).toBe(405);

    const turnover = await json(await send(turnoversRoute, `/api/turnovers?remote_id=${alice.id}`, { token: alice.token }));
    expect(turnover.status).toBe(200);
    // 1,000 × 1 + 300 × 2.
    expect(turnover.body.turnover).toEqual([
      expect.objectContaining({
        status: "active",
        required_turnover: "1600.00",
        remaining_turnover: "1600.00",
        progress: 0,
        bonus_amount: "300.00",
        transaction: { id: `D${dep!.id}`, promotion: { name: "Half bonus", name_bn: "অর্ধেক বোনাস" }, payment_method: { name: ctx.method.name } },
      }),
    ]);
    expect((await json(await send(turnoversRoute, "/api/turnovers?status=complete", { token: alice.token }))).body).toEqual({ turnover: [] });

    const check = await json(await send(withdrawCheckRoute, `/api/userwithdrawcheck?remote_id=${alice.id}`, { token: alice.token }));
    const message = "Please complete your turnover and try again.";
    expect(check).toEqual({ status: 400, body: { success: false, error: message, message, code: "turnover_incomplete" } });
    const submitted = await json(
      await send(withdrawRoute, "/api/submit-withdraw", { method: "POST", json: { amount: 500, payment_id: ctx.method.id }, token: alice.token }),
    );
    expect(submitted).toEqual({ status: 400, body: { success: false, error: message, message } });
  });
});

describe("withdrawal", () => {
  it("checks, holds the amount at once and answers the same request (Idempotency-Key) only once", async () => {
    const carol = await playerWithToken();
    await adjustBalance({
      staffId,
      playerId: carol.id,
      direction: "credit",
      amount: taka(2000),
      reason: "test credit",
      idempotencyKey: "api-test-carol",
    });
    const check = await json(await send(withdrawCheckRoute, "/api/userwithdrawcheck", { token: carol.token }));
    expect(check).toEqual({ status: 200, body: { success: true, message: "You can request a withdrawal." } });

    const body = { remote_id: carol.id, account_number: carol.phone, amount: 600, payment_id: ctx.method.id };
    const first = await json(
      await send(withdrawRoute, "/api/submit-withdraw", {
        method: "POST",
        json: body,
        token: carol.token,
        headers: { "Idempotency-Key": "w-carol-1" },
      }),
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      success: true,
      message: "Withdrawal successful!",
      data: { status: "pending", amount: "600.00", account_number: carol.phone },
    });
    const again = await json(
      await send(withdrawRoute, "/api/submit-withdraw", {
        method: "POST",
        json: body,
        token: carol.token,
        headers: { "Idempotency-Key": "w-carol-1" },
      }),
    );
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await db.select().from(withdrawals).where(eq(withdrawals.playerId, carol.id))).toHaveLength(1);
    expect((await json(await send(balanceRoute, "/api/balance", { method: "POST", token: carol.token }))).body.balance).toBe("1400.00");

    // Form data works too.
    const form = new URLSearchParams({ amount: "500", payment_id: String(ctx.method.id) });
    const asForm = await send(withdrawRoute, "/api/submit-withdraw", {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      token: carol.token,
    });
    expect(asForm.status).toBe(201);
    expect((await getPlayerBalances(carol.id)).main.available).toBe(taka(900));

    const records = await json(await send(transactionsRoute, `/api/transaction/show?remote_id=${carol.id}`, { token: carol.token }));
    expect(records.status).toBe(200);
    expect(records.body.map((r: { action: string; key: string; amount: string }) => [r.action, r.key, r.amount])).toEqual([
      ["withdraw", "0", "500.00"],
      ["withdraw", "0", "600.00"],
      ["adjustment", "1", "2000.00"],
    ]);
    const [w] = records.body;
    expect(w).toMatchObject({
      status: "pending",
      direction: null,
      payment_method: { name: ctx.method.name, type: null, icon: `http://localhost:3000${ctx.method.icon}` },
    });
    expect(w.transaction_id).toBe(w.id);
    expect(new Date(w.created_at).toISOString()).toBe(w.created_at);
    expect(records.body[2]).toMatchObject({ action: "adjustment", direction: "credit", payment_method: null });
    // To a verified extra phone of the player's, written with the calling code.
    await db.insert(playerPhones).values({ playerId: carol.id, phone: "01922000333", verifiedAt: new Date() });
    const toExtra = await json(
      await send(withdrawRoute, "/api/submit-withdraw", {
        method: "POST",
        json: { ...body, amount: 500, account_number: "+8801922000333" },
        token: carol.token,
      }),
    );
    expect(toExtra).toMatchObject({ status: 201, body: { data: { account_number: "01922000333" } } });
  });

  it("refuses bad amounts, more than the balance, a forged method, someone else's number and remote_id", async () => {
    const dave = await playerWithToken();
    await adjustBalance({
      staffId,
      playerId: dave.id,
      direction: "credit",
      amount: taka(1000),
      reason: "test credit",
      idempotencyKey: "api-test-dave",
    });
    const post = (json: Record<string, unknown>) => send(withdrawRoute, "/api/submit-withdraw", { method: "POST", json, token: dave.token });
    const cases: Array<[string, Record<string, unknown>, number, string, string | null]> = [
      ["no amount", { payment_id: ctx.method.id }, 422, "Amount is required.", "amount"],
      ["below 500", { amount: "100", payment_id: ctx.method.id }, 422, "Withdrawals must be between ৳500 and ৳25,000.", "amount"],
      ["letters", { amount: "five hundred", payment_id: ctx.method.id }, 422, "Enter the amount in taka, for example 500 or 500.50.", "amount"],
      ["more than available", { amount: "1500", payment_id: ctx.method.id }, 422, "Your balance is not enough. Available: ৳1,000.", "amount"],
      ["forged method", { amount: "500", payment_id: 987654 }, 422, "Please select your payment method.", "payment_id"],
      [
        "another's number",
        { amount: "500", payment_id: ctx.method.id, account_number: "01999999999" },
        422,
        "Withdrawals are paid to your own verified phone number only.",
        "account_number",
      ],
    ];
    for (const [name, body, status, message, field] of cases) {
      const res = await json(await post(body));
      expect(res.status, name).toBe(status);
      expect(res.body, name).toEqual({ success: false, error: message, message, ...(field ? { errors: { [field]: [message] } } : {}) });
    }
    const forged = await post({ remote_id: alice.id, amount: "500", payment_id: ctx.method.id });
    expect(forged.status).toBe(403);
    // An extra phone not yet verified is no payout number either.
    await db.insert(playerPhones).values({ playerId: dave.id, phone: "01933000444", verifiedAt: null });
    expect((await json(await post({ amount: "500", payment_id: ctx.method.id, account_number: "01933000444" }))).status).toBe(422);
    expect(await db.select().from(withdrawals).where(eq(withdrawals.playerId, dave.id))).toHaveLength(0);
    expect((await getPlayerBalances(dave.id)).main.available).toBe(taka(1000));
  });

  it("asks for verification first when the birthday or phone is missing", async () => {
    const erin = await playerWithToken({ verified: false });
    const check = await json(await send(withdrawCheckRoute, "/api/userwithdrawcheck", { token: erin.token }));
    expect(check.status).toBe(400);
    expect(check.body.message).toBe("Please complete the verification below before you proceed with the withdrawal request");
    expect((await send(withdrawCheckRoute, `/api/userwithdrawcheck?remote_id=${alice.id}`, { token: erin.token })).status).toBe(403);
  });
});

describe("records are the token's own", () => {
  it("answers another player's remote_id with 403 and never lists their transactions", async () => {
    for (const [route, path] of [
      [transactionsRoute, "/api/transaction/show"],
      [turnoversRoute, "/api/turnovers"],
    ] as const) {
      const res = await send(route, `${path}?remote_id=${alice.id}`, { token: bob.token });
      expect(res.status, path).toBe(403);
    }
    const bobs = await json(await send(transactionsRoute, "/api/transaction/show", { token: bob.token }));
    const alices = await json(await send(transactionsRoute, "/api/transaction/show", { token: alice.token }));
    const aliceIds = new Set(alices.body.map((t: { id: string }) => t.id));
    expect(bobs.body.length).toBeGreaterThan(0);
    for (const t of bobs.body) expect(aliceIds.has(t.id)).toBe(false);
    expect((await json(await send(turnoversRoute, "/api/turnovers", { token: bob.token }))).body).toEqual({ turnover: [] });
  });

  it("filters transaction/show by the spec's status, type and date values", async () => {
    const all = (await json(await send(transactionsRoute, "/api/transaction/show", { token: alice.token }))).body;
    expect(all.map((t: { action: string; key: string }) => `${t.action}:${t.key}`).sort()).toEqual(["deposit:0", "deposit:1"]);
    const success = await json(await send(transactionsRoute, "/api/transaction/show?status=1&type=0&date=0", { token: alice.token }));
    expect(success.body).toHaveLength(1);
    expect(success.body[0]).toMatchObject({
      action: "deposit",
      key: "1",
      amount: "1000.00",
      payment_method: { name: ctx.method.name, type: "Agent" },
    });
    const res = await send(transactionsRoute, "/api/transaction/show?status=2", { token: alice.token });
    expect(await res.json()).toEqual([]);
    expect(res.headers.get("x-total-count")).toBe("0");
    // Yesterday holds nothing; unknown values are ignored rather than refused.
    expect((await json(await send(transactionsRoute, "/api/transaction/show?date=1", { token: alice.token }))).body).toEqual([]);
    expect(
      (await json(await send(transactionsRoute, "/api/transaction/show?status=constructor&type=__proto__", { token: alice.token }))).body,
    ).toHaveLength(2);
  });

  it("refuses a deposit to a wallet number staff switched off", async () => {
    const off = await createWalletNumber(ctx.method.id, "Agent", { active: false });
    const res = await json(await submit(bob.token, depositForm(validDeposit({ wallet_id: String(off.id) }))));
    expect(res.status).toBe(422);
    expect(res.body.errors.wallet_id).toEqual(["This account number is no longer available. Please start the deposit again."]);
  });
});
