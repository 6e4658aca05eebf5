// A payment gateway (a wallet's merchant checkout: bKash tokenized checkout, or the built-in simulated one) as the
// deposit flow uses it. Amounts are poisha; every call either answers or throws a GatewayError.

export const gatewayKinds = ["simulated", "bkash"] as const;
export type GatewayKind = (typeof gatewayKinds)[number];

/** A payment's state at the gateway, the way bKash names them. Only "Completed" ever credits a player. */
export type GatewayPaymentStatus = "Initiated" | "Authorized" | "Completed" | "Failed" | "Cancelled" | "Expired";

export type GatewayPayment = {
  paymentId: string;
  status: GatewayPaymentStatus;
  /** Poisha. */
  amount: bigint;
  currency: string;
  /** Our invoice number, as the gateway echoes it back. */
  invoice: string;
  /** The gateway's transaction id, once money moved. */
  trxId: string | null;
  /** The payer's wallet number (11 digits), once known. */
  payer: string | null;
  /** The gateway's own words for a failure (insufficient balance, wrong PIN, ...). */
  reason: string | null;
};

export type CreatePaymentInput = {
  invoice: string;
  /** Poisha. */
  amount: bigint;
  currency: string;
  /** Where the gateway sends the player back, with ?paymentID=...&status=success|failure|cancel. */
  callbackUrl: string;
  /** The player's reference at the gateway (bKash: payerReference). */
  payerReference: string;
};

export type PayoutInput = { reference: string; amount: bigint; currency: string; receiver: string };

export interface PaymentGateway {
  readonly kind: GatewayKind;
  /** Opens a checkout: the gateway's payment id and the address to send the player to. */
  createPayment(input: CreatePaymentInput): Promise<{ paymentId: string; checkoutUrl: string }>;
  /** Completes an authorised payment (money moves). Executing again answers the payment as it stands. */
  executePayment(paymentId: string): Promise<GatewayPayment>;
  /** Reads a payment as the gateway has it, without changing it. */
  queryPayment(paymentId: string): Promise<GatewayPayment>;
  /** Gives a completed payment's money back to the payer. */
  refundPayment(input: { paymentId: string; trxId: string; amount: bigint; reason: string; reference: string }): Promise<{ refundTrxId: string }>;
  /** Pays money out to a wallet (a withdrawal); the same reference twice pays once. */
  disburse(input: PayoutInput): Promise<{ trxId: string }>;
  /** Whether a webhook really came from the gateway. */
  verifyWebhook(headers: Headers, rawBody: string): boolean;
}

/**
 * The gateway did not answer as agreed: `timeout` (no answer in time; the payment's state is unknown, query it later),
 * `refused` (the gateway said no, with its code and message), `unavailable` (network or 5xx).
 */
export class GatewayError extends Error {
  readonly kind: "timeout" | "refused" | "unavailable";
  readonly code: string | null;
  constructor(kind: "timeout" | "refused" | "unavailable", message: string, code: string | null = null) {
    super(message);
    this.name = "GatewayError";
    this.kind = kind;
    this.code = code;
  }
}

/** What a method in gateway mode stores (staff enter it in the back office; secrets are never shown back). */
export type GatewayCredentials = {
  /** bKash: the tokenized checkout's base URL, e.g. https://tokenized.sandbox.bka.sh/v1.2.0-beta */
  baseUrl?: string;
  appKey?: string;
  appSecret?: string;
  username?: string;
  password?: string;
  /** The shared secret webhooks are signed with (HMAC-SHA256 of the raw body, hex, in X-Signature). */
  webhookSecret?: string;
};
