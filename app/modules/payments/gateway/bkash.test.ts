// The bKash adapter against msw handlers that answer like bKash's tokenized checkout sandbox.
import { createHmac } from "node:crypto";
import { delay, http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { server } from "#tests/setup/msw.ts";
import { createBkashGateway } from "./bkash.server.ts";
import { GatewayError, type GatewayCredentials } from "./types.ts";

const BASE = "https://tokenized.sandbox.bka.sh/v1.2.0-beta";
const credentials: GatewayCredentials = {
  baseUrl: BASE,
  appKey: "app-key",
  appSecret: "app-secret",
  username: "sandboxUser",
  password: "sandboxPass",
  webhookSecret: "webhook-secret",
};
const url = (path: string) => `${BASE}/tokenized/checkout${path}`;

type Seen = { path: string; headers: Headers; body: Record<string, unknown> };
let seen: Seen[];
let grants: number;
let refreshes: number;
/** The id_tokens bKash currently accepts. */
let live: Set<string>;

const calls = (path: string) => seen.filter((s) => s.path === path);

function tokenAnswer(id: string) {
  live.add(id);
  return HttpResponse.json({
    statusCode: "0000",
    statusMessage: "Successful",
    id_token: id,
    refresh_token: `refresh-${id}`,
    expires_in: 3600,
    token_type: "Bearer",
  });
}

/** Answers `path` with `answer` when the caller's token is live, 401 otherwise. */
function endpoint(path: string, answer: (body: Record<string, unknown>) => Response | Promise<Response>) {
  return http.post(url(path), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    seen.push({ path, headers: request.headers, body });
    if (!live.has(request.headers.get("authorization") ?? "") || request.headers.get("x-app-key") !== "app-key") {
      return HttpResponse.json({ message: "Unauthorized" }, { status: 401 });
    }
    return answer(body);
  });
}

const payment = (paymentID: string, extra: Record<string, unknown> = {}) => ({
  statusCode: "0000",
  statusMessage: "Successful",
  paymentID,
  trxID: "BFD90JRLST",
  transactionStatus: "Completed",
  amount: "1234.56",
  currency: "BDT",
  intent: "sale",
  merchantInvoiceNumber: "INV-1",
  customerMsisdn: "01770618575",
  payerReference: "player-42",
  ...extra,
});

beforeEach(() => {
  seen = [];
  grants = 0;
  refreshes = 0;
  live = new Set();
  server.use(
    http.post(url("/token/grant"), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.push({ path: "/token/grant", headers: request.headers, body });
      if (request.headers.get("username") !== "sandboxUser" || request.headers.get("password") !== "sandboxPass") {
        return HttpResponse.json({ statusCode: "2001", statusMessage: "Invalid App Key" });
      }
      await delay(20);
      return tokenAnswer(`grant-${++grants}`);
    }),
    http.post(url("/token/refresh"), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.push({ path: "/token/refresh", headers: request.headers, body });
      return tokenAnswer(`refreshed-${++refreshes}`);
    }),
    endpoint("/create", (body) =>
      HttpResponse.json({
        statusCode: "0000",
        statusMessage: "Successful",
        paymentID: `TR00${String(body.merchantInvoiceNumber)}`,
        bkashURL: `https://sandbox.payment.bkash.com/?paymentId=TR00${String(body.merchantInvoiceNumber)}`,
        transactionStatus: "Initiated",
        amount: body.amount,
        currency: "BDT",
        merchantInvoiceNumber: body.merchantInvoiceNumber,
      }),
    ),
    endpoint("/execute", (body) => HttpResponse.json(payment(String(body.paymentID)))),
    endpoint("/payment/status", (body) => HttpResponse.json(payment(String(body.paymentID), { trxID: "QUERIEDTRX" }))),
  );
});

const createInput = (invoice = "INV-1") => ({
  invoice,
  amount: 50_000n,
  currency: "BDT",
  callbackUrl: "https://deshplay.test/deposit/bkash/callback",
  payerReference: "player-42",
});

async function gatewayError(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe("the bKash token", () => {
  it("is granted once for 20 parallel creates, with the app's key, secret, username and password", async () => {
    const gateway = createBkashGateway(credentials);
    const created = await Promise.all(Array.from({ length: 20 }, (_, i) => gateway.createPayment(createInput(`INV-${i}`))));
    expect(created).toHaveLength(20);
    expect(grants).toBe(1);
    const [grant] = calls("/token/grant");
    expect(grant!.body).toEqual({ app_key: "app-key", app_secret: "app-secret" });
    expect(calls("/create").every((c) => c.headers.get("authorization") === "grant-1")).toBe(true);
  });

  it("is refreshed shortly before it expires, and granted again when the refresh fails", async () => {
    let clock = 1_000_000;
    const gateway = createBkashGateway(credentials, { now: () => clock });
    await gateway.queryPayment("TR001");
    clock += 54 * 60_000; // 54 of its 60 minutes: still used as it is
    await gateway.queryPayment("TR001");
    expect([grants, refreshes]).toEqual([1, 0]);

    clock += 2 * 60_000; // 4 minutes left: refreshed
    await gateway.queryPayment("TR001");
    expect([grants, refreshes]).toEqual([1, 1]);
    expect(calls("/token/refresh")[0]!.body).toEqual({ app_key: "app-key", app_secret: "app-secret", refresh_token: "refresh-grant-1" });
    expect(calls("/payment/status").at(-1)!.headers.get("authorization")).toBe("refreshed-1");

    server.use(http.post(url("/token/refresh"), () => HttpResponse.json({ statusCode: "2079", statusMessage: "Invalid refresh token" })));
    clock += 60 * 60_000;
    await gateway.queryPayment("TR001");
    expect(grants).toBe(2);
    expect(calls("/payment/status").at(-1)!.headers.get("authorization")).toBe("grant-2");
  });

  it("is granted again once when bKash answers 401, and the call is retried once", async () => {
    const gateway = createBkashGateway(credentials);
    await gateway.queryPayment("TR001");
    live.delete("grant-1"); // revoked at bKash
    const answered = await gateway.queryPayment("TR002");
    expect(answered.paymentId).toBe("TR002");
    expect(grants).toBe(2);
    expect(calls("/payment/status").map((c) => c.headers.get("authorization"))).toEqual(["grant-1", "grant-1", "grant-2"]);

    server.use(http.post(url("/payment/status"), () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 })));
    const error = await gatewayError(gateway.queryPayment("TR003")); // every token refused: one retry, then an error
    expect([error.kind, error.code]).toEqual(["refused", "401"]);
    expect(grants).toBe(3);
  });
});

describe("bKash payments", () => {
  it("creates a checkout with the exact body and answers its payment id and address", async () => {
    const gateway = createBkashGateway(credentials);
    const created = await gateway.createPayment(createInput("INV-77"));
    expect(created).toEqual({ paymentId: "TR00INV-77", checkoutUrl: "https://sandbox.payment.bkash.com/?paymentId=TR00INV-77" });
    const [create] = calls("/create");
    expect(create!.body).toEqual({
      mode: "0011",
      payerReference: "player-42",
      callbackURL: "https://deshplay.test/deposit/bkash/callback",
      amount: "500.00",
      currency: "BDT",
      intent: "sale",
      merchantInvoiceNumber: "INV-77",
    });
    expect(create!.headers.get("x-app-key")).toBe("app-key");
    expect(create!.headers.get("accept")).toBe("application/json");
  });

  it("executes a payment into Completed with its trxID, payer and exact amount", async () => {
    const gateway = createBkashGateway(credentials);
    const executed = await gateway.executePayment("TR0011");
    expect(executed).toEqual({
      paymentId: "TR0011",
      status: "Completed",
      amount: 123_456n,
      currency: "BDT",
      invoice: "INV-1",
      trxId: "BFD90JRLST",
      payer: "01770618575",
      reason: null,
    });
    expect(calls("/execute")[0]!.body).toEqual({ paymentID: "TR0011" });
  });

  it("keeps the payer only when it is 11 digits, maps an unknown status to Failed and refuses a Completed payment without trxID", async () => {
    const gateway = createBkashGateway(credentials);
    server.use(
      endpoint("/payment/status", (body) =>
        HttpResponse.json(payment(String(body.paymentID), { customerMsisdn: "0177***8575", transactionStatus: "Pending Authorization" })),
      ),
    );
    expect(await gateway.queryPayment("TR0012")).toMatchObject({
      status: "Failed",
      payer: null,
      trxId: "BFD90JRLST",
      reason: expect.stringContaining("Pending Authorization"),
    });

    server.use(endpoint("/payment/status", (body) => HttpResponse.json(payment(String(body.paymentID), { trxID: undefined }))));
    expect((await gatewayError(gateway.queryPayment("TR0013"))).kind).toBe("unavailable");

    server.use(endpoint("/payment/status", (body) => HttpResponse.json(payment(String(body.paymentID), { amount: "12.345" }))));
    expect((await gatewayError(gateway.queryPayment("TR0014"))).kind).toBe("unavailable");
  });

  it("answers an already executed payment with a query", async () => {
    const gateway = createBkashGateway(credentials);
    server.use(endpoint("/execute", () => HttpResponse.json({ statusCode: "2117", statusMessage: "Payment execution already been called before" })));
    const executed = await gateway.executePayment("TR0015");
    expect(executed).toMatchObject({ paymentId: "TR0015", status: "Completed", trxId: "QUERIEDTRX" });
    expect(calls("/payment/status").map((c) => c.body)).toEqual([{ paymentID: "TR0015" }]);
  });

  it("turns bKash's error codes into a refusal with the code and message", async () => {
    const gateway = createBkashGateway(credentials);
    server.use(endpoint("/execute", () => HttpResponse.json({ statusCode: "2023", statusMessage: "Insufficient Balance" })));
    const error = await gatewayError(gateway.executePayment("TR0016"));
    expect([error.kind, error.code, error.message]).toEqual(["refused", "2023", "Insufficient Balance"]);
    expect(calls("/payment/status")).toHaveLength(0);

    server.use(endpoint("/create", () => HttpResponse.json({ errorCode: "2006", errorMessage: "Invalid Amount" })));
    const other = await gatewayError(gateway.createPayment(createInput()));
    expect([other.kind, other.code, other.message]).toEqual(["refused", "2006", "Invalid Amount"]);
  });

  it("is unavailable on a 5xx or a network error", async () => {
    const gateway = createBkashGateway(credentials);
    server.use(endpoint("/payment/status", () => HttpResponse.text("Bad Gateway", { status: 502 })));
    expect((await gatewayError(gateway.queryPayment("TR0017"))).kind).toBe("unavailable");
    server.use(http.post(url("/payment/status"), () => HttpResponse.error()));
    expect((await gatewayError(gateway.queryPayment("TR0017"))).kind).toBe("unavailable");
  });

  it("times out when bKash never answers", async () => {
    const gateway = createBkashGateway(credentials, { timeoutMs: 200 });
    await gateway.queryPayment("TR0018"); // token granted first, so the time-out hits the call itself
    server.use(http.post(url("/payment/status"), () => delay("infinite")));
    const started = performance.now();
    const error = await gatewayError(gateway.queryPayment("TR0018"));
    expect(error.kind).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("bKash refunds and payouts", () => {
  it("refunds with paymentID, amount, trxID, sku and reason", async () => {
    server.use(
      endpoint("/payment/refund", () =>
        HttpResponse.json({ statusCode: "0000", refundTrxID: "RFND123", transactionStatus: "Completed", amount: "25.50" }),
      ),
    );
    const gateway = createBkashGateway(credentials);
    const refund = await gateway.refundPayment({
      paymentId: "TR0019",
      trxId: "BFD90JRLST",
      amount: 2_550n,
      reason: "Deposit over limit",
      reference: "REF-9",
    });
    expect(refund).toEqual({ refundTrxId: "RFND123" });
    expect(calls("/payment/refund")[0]!.body).toEqual({
      paymentID: "TR0019",
      amount: "25.50",
      trxID: "BFD90JRLST",
      sku: "REF-9",
      reason: "Deposit over limit",
    });
  });

  it("pays out with the reference as invoice, and refuses a reused reference without querying", async () => {
    server.use(endpoint("/payment/b2cPayment", () => HttpResponse.json({ statusCode: "0000", trxID: "B2C777", transactionStatus: "Completed" })));
    const gateway = createBkashGateway(credentials);
    expect(await gateway.disburse({ reference: "WD-5", amount: 100_005n, currency: "BDT", receiver: "01711111111" })).toEqual({ trxId: "B2C777" });
    expect(calls("/payment/b2cPayment")[0]!.body).toEqual({
      amount: "1000.05",
      currency: "BDT",
      merchantInvoiceNumber: "WD-5",
      receiverMSISDN: "01711111111",
    });

    server.use(endpoint("/payment/b2cPayment", () => HttpResponse.json({ statusCode: "2068", statusMessage: "Duplicate for All Transactions" })));
    const error = await gatewayError(gateway.disburse({ reference: "WD-5", amount: 100_005n, currency: "BDT", receiver: "01711111111" }));
    expect([error.kind, error.code]).toEqual(["refused", "2068"]);
    expect(calls("/payment/status")).toHaveLength(0);
  });
});

describe("bKash webhooks", () => {
  const body = JSON.stringify({ paymentID: "TR0020", transactionStatus: "Completed" });
  const sign = (secret: string) => createHmac("sha256", secret).update(body).digest("hex");
  const headers = (signature: string) => new Headers({ "X-Signature": signature });
  const gateway = createBkashGateway(credentials);

  it("accepts the right signature only", () => {
    expect(gateway.verifyWebhook(headers(sign("webhook-secret")), body)).toBe(true);
    expect(gateway.verifyWebhook(headers(sign("another-secret")), body)).toBe(false);
    expect(gateway.verifyWebhook(headers(sign("webhook-secret")), `${body} `)).toBe(false);
    expect(gateway.verifyWebhook(headers(sign("webhook-secret").slice(0, 62)), body)).toBe(false);
    expect(gateway.verifyWebhook(new Headers(), body)).toBe(false);
  });

  it("accepts nothing when no secret is configured", () => {
    const unsigned = createBkashGateway({ ...credentials, webhookSecret: undefined });
    expect(unsigned.verifyWebhook(headers(sign("")), body)).toBe(false);
    expect(unsigned.verifyWebhook(headers(sign("webhook-secret")), body)).toBe(false);
  });
});
