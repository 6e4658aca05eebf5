// The player's money pages called the way React Router calls them: the root middleware (language, session) fills
// the context, then the route's loader or action runs. Real database, real files; nothing is mocked.
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { stopEventBus } from "#app/modules/events/bus.server.ts";
import { clearSiteConfigCache } from "#app/modules/content/content.server.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { adjustBalance } from "#app/modules/payments/adjustments.server.ts";
import { approveDeposit } from "#app/modules/payments/deposits.server.ts";
import { deposits } from "#app/modules/payments/schema.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createPromotion,
  createSite,
  createStaff,
  depositFor,
  expectInvariants,
  newKey,
  PDF,
  PNG,
  setSettings,
  taka,
} from "#app/modules/payments/test-helpers.ts";
import * as balance from "#app/routes/resources/balance.ts";
import * as balanceEvents from "#app/routes/resources/balance-events.ts";
import * as depositProof from "#app/routes/resources/deposit-proof.ts";
import * as deposit from "./deposit.tsx";
import * as makePayment from "./make-payment.tsx";
import * as paymentRequest from "./payment-request.tsx";
import * as promotionDetails from "./promotion-details.tsx";
import * as transactionDetails from "./transaction-details.tsx";
import * as turnoverRecord from "./turnover-record.tsx";
import * as withdrawal from "./withdrawal.tsx";
import { type CallInit, callRoute, type RouteModule, sessionFor } from "#tests/support/route-call.ts";

/** Every request comes from one client address, as the per-address limits see it. */
const call = (route: RouteModule, path: string, init: CallInit = {}) =>
  callRoute(route, path, { ...init, headers: { "x-client-ip": "10.1.1.1", ...init.headers } });
const loggedIn = async (player: { id: number }) => (await sessionFor(player)).cookie;

/** The cookies a response sets, as one Cookie header value to send on the next request. */
const cookiesFrom = (headers: Headers, base: string) => [base, ...headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");

function proofForm(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(
    "proof",
    file ? new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }) : new File([], "", { type: "application/octet-stream" }),
  );
  return form;
}

let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  await createSite({ promotionWallet: true, depositTurnoverHundredths: 100 });
  clearSiteConfigCache();
  staff = await createStaff();
  ctx = await createMethodWithNumbers();
});

afterAll(async () => {
  await expectInvariants();
  await stopEventBus(); // the stream test started LISTEN on PostgreSQL
  await closeIdleConnections();
});

describe("/deposit", () => {
  it("sends a guest to log in and back", async () => {
    const out = await call(deposit, "/deposit");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login?redirectTo=%2Fdeposit");
  });

  it("folds a quick amount pressed without JavaScript into the amount and comes back to a clean address", async () => {
    const cookie = await loggedIn(await createPlayer());
    const out = await call(deposit, `/deposit?methodId=${ctx.method.id}&channelType=Agent&amount=100&add=500`, { cookie });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe(`/deposit?methodId=${ctx.method.id}&channelType=Agent&amount=600`);
    const forged = await call(deposit, `/deposit?amount=100&add=777`, { cookie });
    expect(forged.headers.get("location")).toBe("/deposit?amount=100");
  });

  it("shows the chosen method's channels with their ranges, and preselects the first promotion", async () => {
    const promotion = await createPromotion({ bonusPercent: 25, sortOrder: -1 });
    const cookie = await loggedIn(await createPlayer());
    const out = await call(deposit, `/deposit?methodId=${ctx.method.id}`, { cookie });
    const page = out.data as {
      channels: unknown[];
      selected: { promotionId: number; channelType: string };
      promotions: { id: number; percent: number }[];
    };
    expect(page.channels).toEqual([
      { type: "Agent", min: "500", max: "25,000" },
      { type: "Personal", min: "500", max: "10,000" },
    ]);
    expect(page.selected.channelType).toBe("Agent");
    // The range beside the amount is the chosen channel's, never a fixed ৳100 the channels would refuse.
    expect((out.data as { amountRange: unknown }).amountRange).toEqual({ min: "500", max: "25,000" });
    const personal = await call(deposit, `/deposit?methodId=${ctx.method.id}&channelType=Personal`, { cookie });
    expect((personal.data as { amountRange: unknown }).amountRange).toEqual({ min: "500", max: "10,000" });
    // Before a method is chosen: what the open channels take together.
    const none = await call(deposit, "/deposit", { cookie });
    expect((none.data as { amountRange: { min: string } }).amountRange.min).toBe("500");
    expect(page.selected.promotionId).toBe(page.promotions[0]!.id);
    expect(page.promotions.find((p) => p.id === promotion.id)?.percent).toBe(25);
  });

  it("refuses an amount outside the channel's range next to the amount, keeping the choices", async () => {
    const cookie = await loggedIn(await createPlayer());
    const body = new URLSearchParams({ promotionId: "none", methodId: String(ctx.method.id), channelType: "Personal", amount: "12000" });
    const out = await call(deposit, "/deposit", { cookie, method: "POST", body });
    expect(out.status).toBe(400);
    const d = out.data as { result: { error: Record<string, string[]> }; again: { selected: { methodId: number; channelType: string } } };
    expect(d.result.error.amount?.map(inEnglish)).toEqual(["For this payment type the amount must be between ৳500 and ৳10,000."]);
    expect(d.again.selected).toMatchObject({ methodId: ctx.method.id, channelType: "Personal" });
  });

  it("gives the spec's messages for a missing amount, method and channel", async () => {
    const cookie = await loggedIn(await createPlayer());
    const out = await call(deposit, "/deposit", { cookie, method: "POST", body: new URLSearchParams({ promotionId: "none" }) });
    expect(out.status).toBe(400);
    const error = (out.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(error.amount).toEqual(["payments.errors.amountRequired"]);
    expect(error.methodId).toEqual(["payments.errors.methodInvalid"]);
    expect(error.channelType).toEqual(["payments.errors.channelRequired"]);
  });
});

describe("deposit: /deposit -> /make-payment -> /payment-request", () => {
  it("assigns a number, takes the proof once for a double submit, and shows the request from the record", async () => {
    const player = await createPlayer();
    const session = await loggedIn(player);
    const step1 = await call(deposit, "/deposit", {
      cookie: session,
      method: "POST",
      body: new URLSearchParams({ promotionId: "none", methodId: String(ctx.method.id), channelType: "Agent", amount: "1,500" }),
    });
    expect(step1.status).toBe(302);
    expect(step1.headers.get("location")).toBe("/make-payment");
    const cookie = cookiesFrom(step1.headers, session);

    const page = await call(makePayment, "/make-payment", { cookie });
    const view = page.data as { accountNumber: string; amount: string; channelType: string; idempotencyKey: string };
    expect(view.accountNumber).toBe(ctx.agent.accountNumber);
    expect(view.amount).toBe("1,500.00");

    const fields = { senderNumber: "01712345678", trxId: "ABC123XYZ", idempotencyKey: view.idempotencyKey };
    const submit = () =>
      call(makePayment, "/make-payment", { cookie, method: "POST", body: proofForm(fields, { bytes: PNG, name: "shot.png", type: "image/png" }) });
    const [first, second] = await Promise.all([submit(), submit()]);
    expect(first.status).toBe(302);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    const id = /id=D(\d+)$/.exec(first.headers.get("location")!)![1]!;
    expect(await db.select().from(deposits).where(eq(deposits.playerId, player.id))).toHaveLength(1);

    const request = await call(paymentRequest, `/payment-request?id=D${id}&amount=999999`, { cookie: session });
    expect(request.data).toMatchObject({ kind: "deposit", amount: "1,500.00", icon: ctx.method.icon });

    const proof = await call(depositProof, `/resources/deposit-proof?id=${id}`, { cookie: session });
    expect(proof.status).toBe(200);
    expect(proof.headers.get("content-type")).toBe("image/png");
    expect(proof.headers.get("x-content-type-options")).toBe("nosniff");
    expect(proof.headers.get("cache-control")).toMatch(/^private/);
    expect(new Uint8Array(await proof.response!.arrayBuffer())).toEqual(PNG);
  });

  it("refuses a missing or fake screenshot and a short sender number with field messages", async () => {
    const session = await loggedIn(await createPlayer());
    const step1 = await call(deposit, "/deposit", {
      cookie: session,
      method: "POST",
      body: new URLSearchParams({ promotionId: "none", methodId: String(ctx.method.id), channelType: "Agent", amount: "800" }),
    });
    const cookie = cookiesFrom(step1.headers, session);
    const key = newKey();
    const missing = await call(makePayment, "/make-payment", {
      cookie,
      method: "POST",
      body: proofForm({ senderNumber: "0171", trxId: "T1", idempotencyKey: key }),
    });
    expect(missing.status).toBe(400);
    const errors = (missing.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.senderNumber).toEqual(["payments.errors.senderInvalid"]);
    expect(errors.proof).toEqual(["payments.errors.proofRequired"]);

    const fake = await call(makePayment, "/make-payment", {
      cookie,
      method: "POST",
      body: proofForm({ senderNumber: "01712345678", trxId: "T2", idempotencyKey: key }, { bytes: PDF, name: "shot.png", type: "image/png" }),
    });
    expect(fake.status).toBe(400);
    expect((fake.data as { result: { error: Record<string, string[]> } }).result.error.proof?.map(inEnglish)).toEqual([
      "The screenshot must be a JPEG, PNG or WebP image.",
    ]);

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooLarge = await call(makePayment, "/make-payment", {
      cookie,
      method: "POST",
      body: proofForm({ senderNumber: "01712345678", trxId: "T3", idempotencyKey: key }, { bytes: big, name: "big.png", type: "image/png" }),
    });
    expect(tooLarge.status).toBe(413);
    expect((tooLarge.data as { result: { error: Record<string, string[]> } }).result.error.proof?.map(inEnglish)).toEqual([
      "The screenshot must be 5 MB or smaller.",
    ]);
  });

  it("sends a guest to log in, and a player without a draft (or with another player's) back to /deposit", async () => {
    const guest = await call(makePayment, "/make-payment");
    expect(guest.headers.get("location")).toBe("/login?redirectTo=%2Fmake-payment");

    const owner = await loggedIn(await createPlayer());
    const step1 = await call(deposit, "/deposit", {
      cookie: owner,
      method: "POST",
      body: new URLSearchParams({ promotionId: "none", methodId: String(ctx.method.id), channelType: "Agent", amount: "900" }),
    });
    const draft = step1.headers.getSetCookie()[0]!.split(";")[0]!;
    const other = await loggedIn(await createPlayer());
    expect((await call(makePayment, "/make-payment", { cookie: other })).headers.get("location")).toBe("/deposit");
    expect((await call(makePayment, "/make-payment", { cookie: `${other}; ${draft}` })).headers.get("location")).toBe("/deposit");
  });
});

describe("another player's records", () => {
  it("are 404 on every page and resource, and so are unknown ids", async () => {
    const owner = await createPlayer();
    const d = await depositFor(owner.id, ctx);
    const intruder = await loggedIn(await createPlayer());
    expect((await call(transactionDetails, `/transaction-record/D${d.id}`, { cookie: intruder, params: { id: `D${d.id}` } })).status).toBe(404);
    expect((await call(paymentRequest, `/payment-request?id=D${d.id}`, { cookie: intruder })).status).toBe(404);
    expect((await call(depositProof, `/resources/deposit-proof?id=${d.id}`, { cookie: intruder })).status).toBe(404);
    expect((await call(depositProof, `/resources/deposit-proof?id=${d.id}`)).status).toBe(404);
    expect((await call(transactionDetails, "/transaction-record/X1", { cookie: intruder, params: { id: "X1" } })).status).toBe(404);
    expect((await call(promotionDetails, "/promotions/999999", { cookie: intruder, params: { id: "999999" } })).status).toBe(404);

    const own = await call(transactionDetails, `/transaction-record/D${d.id}`, { cookie: await loggedIn(owner), params: { id: `D${d.id}` } });
    expect(own.data).toMatchObject({ tx: { id: `D${d.id}`, status: "pending", amount: "৳1,000.00" } });
  });
});

describe("/withdrawal", () => {
  it("shows the maintenance notice when withdrawals are off", async () => {
    await setSettings({ withdrawalStatus: false });
    clearSiteConfigCache();
    const out = await call(withdrawal, "/withdrawal", { cookie: await loggedIn(await createPlayer()) });
    expect(out.data).toMatchObject({ open: false });
    await setSettings({ withdrawalStatus: true });
  });

  it("checks turnover first, then holds the amount and goes to the payment request", async () => {
    const player = await createPlayer();
    const cookie = await loggedIn(player);
    await approveDeposit({ staffId: staff.id, depositId: (await depositFor(player.id, ctx)).id, ip: null });
    const body = () => new URLSearchParams({ methodId: String(ctx.method.id), amount: "600", idempotencyKey: newKey() });
    const blocked = await call(withdrawal, "/withdrawal", { cookie, method: "POST", body: body() });
    expect(blocked.status).toBe(400);
    expect((blocked.data as { result: { error: Record<string, string[]> } }).result.error[""]?.map(inEnglish)).toEqual([
      "Please complete your turnover and try again.",
    ]);

    const turnover = await call(turnoverRecord, "/turnover-record", { cookie });
    expect(turnover.data).toMatchObject({ tab: "active", rows: [{ progress: 0, required: "1,000.00", remaining: "1,000.00" }] });

    const free = await createPlayer();
    const freeCookie = await loggedIn(free);
    await adjustBalance({
      staffId: staff.id,
      playerId: free.id,
      direction: "credit",
      amount: taka(2_000),
      reason: "test",
      ip: null,
      idempotencyKey: newKey(),
    });
    const ok = await call(withdrawal, "/withdrawal", { cookie: freeCookie, method: "POST", body: body() });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toMatch(/^\/payment-request\?id=W\d+$/);
    expect((await getPlayerBalances(free.id)).main.available).toBe(taka(1_400));
    const request = await call(paymentRequest, ok.headers.get("location")!, { cookie: freeCookie });
    expect(request.data).toMatchObject({ kind: "withdraw", amount: "600.00" });
  });
});

describe("/resources/balance (the header's poll while the stream is down)", () => {
  it("answers the page's own session cookie with its balance, and a guest 401", async () => {
    expect((await call(balance, "/resources/balance")).status).toBe(401);
    const player = await createPlayer();
    await adjustBalance({
      staffId: staff.id,
      playerId: player.id,
      direction: "credit",
      amount: taka(250),
      reason: "test",
      ip: null,
      idempotencyKey: newKey(),
    });
    const out = await call(balance, "/resources/balance", { cookie: await loggedIn(player) });
    expect(out.status).toBe(200);
    expect(out.headers.get("cache-control")).toBe("no-store");
    expect(out.data).toEqual({ main: "250.00", bonus: "0.00" });
  });
});

describe("/resources/balance-events", () => {
  it("answers a guest 401", async () => {
    expect((await call(balanceEvents, "/resources/balance-events")).status).toBe(401);
  });

  it("streams the balance at once with the SSE headers", async () => {
    const player = await createPlayer();
    await adjustBalance({
      staffId: staff.id,
      playerId: player.id,
      direction: "credit",
      amount: taka(1_234.5),
      reason: "test",
      ip: null,
      idempotencyKey: newKey(),
    });
    const client = new AbortController();
    const out = await call(balanceEvents, "/resources/balance-events", { cookie: await loggedIn(player), signal: client.signal });
    expect(out.headers.get("content-type")).toBe("text/event-stream");
    expect(out.headers.get("x-accel-buffering")).toBe("no");
    const reader = out.response!.body!.getReader();
    let text = "";
    while (!text.includes("\n\n")) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toBe('event: balance\ndata: {"main":"1,234.50","bonus":"0.00"}\n\n');
    // A ledger movement (here a staff credit, which publishes the change) arrives as the next event.
    await adjustBalance({
      staffId: staff.id,
      playerId: player.id,
      direction: "credit",
      amount: taka(100),
      reason: "test",
      ip: null,
      idempotencyKey: newKey(),
    });
    text = "";
    while (!text.includes("\n\n")) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toBe('event: balance\ndata: {"main":"1,334.50","bonus":"0.00"}\n\n');
    client.abort();
    await reader.cancel().catch(() => {});
  });
});
