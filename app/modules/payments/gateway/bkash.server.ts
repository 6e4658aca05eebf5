// bKash tokenized checkout over HTTP. bKash answers most errors as HTTP 200 with statusCode ≠ "0000" (or
// { errorCode, errorMessage }); those become GatewayError("refused"). Amounts go over the wire as "1234.56" strings and
// are converted to and from poisha without floating point. Secrets never appear in errors or logs.
import { createHmac, timingSafeEqual } from "node:crypto";
import { formatPoisha, parseTaka } from "#app/kernel/money.ts";
import { GatewayError, type GatewayCredentials, type GatewayPayment, type GatewayPaymentStatus, type PaymentGateway } from "./types.ts";

type Options = { timeoutMs?: number; fetch?: typeof fetch; now?: () => number };
type Json = Record<string, unknown>;
type Token = { idToken: string; refreshToken: string | null; expiresAt: number };

/** Renew this long before bKash's expiry, so a token never lapses between our check and bKash's. */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** "Already executed" / "invalid payment state": the payment stands as it is, so a query answers it. */
const EXECUTED_CODES = new Set(["2117", "2056"]);
const statuses: readonly GatewayPaymentStatus[] = ["Initiated", "Authorized", "Completed", "Failed", "Cancelled", "Expired"];
const UNAUTHORIZED = Symbol("401");

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
/** An answer that breaks bKash's contract: the payment's state is unknown, so the caller must not treat it as refused. */
const malformed = (what: string) => new GatewayError("unavailable", `bKash answered ${what}`);

function checkOut(amount: bigint, currency: string) {
  if (amount <= 0n) throw new GatewayError("refused", `Amount must be positive, got ${amount}`);
  if (currency !== "BDT") throw new GatewayError("refused", `bKash only takes BDT, got ${currency}`);
  return formatPoisha(amount);
}

function parseAmount(value: unknown): bigint {
  const amount = typeof value === "string" ? parseTaka(value) : undefined;
  if (amount === undefined) throw malformed(`an unreadable amount ${JSON.stringify(value)}`);
  return amount;
}

function toPayment(json: Json, paymentId: string): GatewayPayment {
  const given = text(json.transactionStatus);
  const known = statuses.find((s) => s === given);
  const status = known ?? "Failed";
  const trxId = text(json.trxID);
  if (status === "Completed" && !trxId) throw malformed(`payment ${paymentId} Completed without trxID`);
  if (text(json.paymentID) && text(json.paymentID) !== paymentId) throw malformed(`payment ${json.paymentID as string} for ${paymentId}`);
  const msisdn = text(json.customerMsisdn);
  return {
    paymentId,
    status,
    amount: parseAmount(json.amount),
    currency: text(json.currency) ?? "BDT",
    invoice: text(json.merchantInvoiceNumber) ?? "",
    trxId,
    payer: msisdn && /^\d{11}$/.test(msisdn) ? msisdn : null,
    reason: !known ? `Unknown bKash transactionStatus: ${given ?? "(none)"}` : ["Failed", "Cancelled", "Expired"].includes(status) ? status : null,
  };
}

export function createBkashGateway(credentials: GatewayCredentials, options: Options = {}): PaymentGateway {
  const base = (credentials.baseUrl ?? "").trim().replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 30_000;
  // Looked up per call, so a fetch patched after this gateway was made (test mocks) is the one used.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  let token: Token | null = null;
  let pending: Promise<Token> | null = null;

  async function post(path: string, body: Json, headers: Record<string, string>): Promise<Json | typeof UNAUTHORIZED> {
    const { baseUrl, appKey, appSecret, username, password } = credentials;
    if (!baseUrl || !appKey || !appSecret || !username || !password) throw new GatewayError("unavailable", "bKash credentials are incomplete");
    let response: Response;
    let json: unknown;
    try {
      response = await doFetch(`${base}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      json = await response.json().catch((e: unknown) => {
        if ((e as Error).name === "TimeoutError") throw e;
        return undefined;
      });
    } catch (e) {
      if ((e as Error).name === "TimeoutError") throw new GatewayError("timeout", `bKash did not answer ${path} within ${timeoutMs} ms`);
      throw new GatewayError("unavailable", `bKash could not be reached for ${path}: ${(e as Error).name}`);
    }
    if (response.status === 401) return UNAUTHORIZED;
    if (response.status >= 500 || response.status === 429) throw new GatewayError("unavailable", `bKash answered HTTP ${response.status} to ${path}`);
    if (!json || typeof json !== "object") {
      if (!response.ok) throw new GatewayError("refused", `bKash answered HTTP ${response.status} to ${path}`, String(response.status));
      throw malformed(`${path} with no JSON`);
    }
    const answer = json as Json;
    const code = text(answer.statusCode) ?? text(answer.errorCode);
    if (code !== null && code !== "0000") {
      throw new GatewayError("refused", text(answer.statusMessage) ?? text(answer.errorMessage) ?? `bKash error ${code}`, code);
    }
    if (!response.ok) throw new GatewayError("refused", `bKash answered HTTP ${response.status} to ${path}`, String(response.status));
    return answer;
  }

  async function tokenCall(kind: "grant" | "refresh", extra: Json): Promise<Token> {
    const body = { app_key: credentials.appKey, app_secret: credentials.appSecret, ...extra };
    const headers = { username: credentials.username ?? "", password: credentials.password ?? "" };
    const json = await post(`/tokenized/checkout/token/${kind}`, body, headers);
    if (json === UNAUTHORIZED) throw new GatewayError("refused", `bKash refused the token ${kind}`, "401");
    const idToken = text(json.id_token);
    if (!idToken) throw malformed(`a token ${kind} without id_token`);
    const seconds = Number(json.expires_in);
    const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 3600_000;
    return { idToken, refreshToken: text(json.refresh_token), expiresAt: now() + lifetime };
  }

  async function obtain(previous: Token | null): Promise<Token> {
    if (previous?.refreshToken) {
      try {
        return await tokenCall("refresh", { refresh_token: previous.refreshToken });
      } catch {
        // A refresh token bKash no longer honours: start over with a grant.
      }
    }
    return tokenCall("grant", {});
  }

  /** The live id_token; `revoked` (one bKash just answered 401 to) is dropped and a new one granted. */
  async function idToken(revoked?: string): Promise<string> {
    if (revoked && token?.idToken === revoked) token = null;
    if (token && now() < token.expiresAt - REFRESH_MARGIN_MS) return token.idToken;
    // One renewal in flight at a time: parallel callers wait for the same one.
    pending ??= obtain(revoked ? null : token)
      .then((fresh) => (token = fresh))
      .finally(() => (pending = null));
    return (await pending).idToken;
  }

  async function call(path: string, body: Json): Promise<Json> {
    const send = (id: string) => post(`/tokenized/checkout${path}`, body, { Authorization: id, "X-APP-Key": credentials.appKey ?? "" });
    const first = await idToken();
    const json = await send(first);
    if (json !== UNAUTHORIZED) return json;
    const retried = await send(await idToken(first));
    if (retried === UNAUTHORIZED) throw new GatewayError("refused", `bKash refused a fresh token for ${path}`, "401");
    return retried;
  }

  const queryPayment = async (paymentId: string) => toPayment(await call("/payment/status", { paymentID: paymentId }), paymentId);

  return {
    kind: "bkash",

    async createPayment(input) {
      const json = await call("/create", {
        mode: "0011",
        payerReference: input.payerReference,
        callbackURL: input.callbackUrl,
        amount: checkOut(input.amount, input.currency),
        currency: "BDT",
        intent: "sale",
        merchantInvoiceNumber: input.invoice,
      });
      const paymentId = text(json.paymentID);
      const checkoutUrl = text(json.bkashURL);
      if (!paymentId || !checkoutUrl) throw malformed("a checkout without paymentID or bkashURL");
      return { paymentId, checkoutUrl };
    },

    async executePayment(paymentId) {
      try {
        return toPayment(await call("/execute", { paymentID: paymentId }), paymentId);
      } catch (e) {
        if (e instanceof GatewayError && e.kind === "refused" && e.code && EXECUTED_CODES.has(e.code)) return queryPayment(paymentId);
        throw e;
      }
    },

    queryPayment,

    async refundPayment(input) {
      const json = await call("/payment/refund", {
        paymentID: input.paymentId,
        amount: checkOut(input.amount, "BDT"),
        trxID: input.trxId,
        sku: input.reference,
        reason: input.reason,
      });
      const refundTrxId = text(json.refundTrxID);
      if (!refundTrxId || text(json.transactionStatus) !== "Completed") throw malformed(`refund ${input.reference} without a completed refundTrxID`);
      return { refundTrxId };
    },

    // A reused reference comes back refused with code "2068": the first payout's trxId is the caller's record.
    async disburse(input) {
      const json = await call("/payment/b2cPayment", {
        amount: checkOut(input.amount, input.currency),
        currency: "BDT",
        merchantInvoiceNumber: input.reference,
        receiverMSISDN: input.receiver,
      });
      const trxId = text(json.trxID);
      if (!trxId || text(json.transactionStatus) !== "Completed") throw malformed(`payout ${input.reference} without a completed trxID`);
      return { trxId };
    },

    verifyWebhook(headers, rawBody) {
      const secret = credentials.webhookSecret;
      const signature = headers.get("x-signature")?.trim() ?? "";
      if (!secret || !/^[0-9a-f]+$/i.test(signature)) return false;
      const given = Buffer.from(signature, "hex");
      const expected = createHmac("sha256", secret).update(rawBody).digest();
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
