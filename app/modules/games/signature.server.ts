// Signatures of the seamless-wallet calls providers send us: X-Signature = hex HMAC-SHA256 over
// `${X-Timestamp}.${raw body}` with the provider's secret (or, during a rotation, its previous secret);
// X-Timestamp = unix seconds within ±300 s of our clock. Compared in constant time.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { signProviderRequest } from "./adapters/sign.ts";
import { gameProviders } from "./schema.ts";

// One signing function for both directions: our launch requests to providers and the tests' provider calls.
export { signProviderRequest };

export const SIGNATURE_HEADER = "X-Signature";
export const TIMESTAMP_HEADER = "X-Timestamp";
export const SIGNATURE_WINDOW_SECONDS = 300;

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "stale" | "invalid" };

export type SignatureInput = {
  /** The provider's current secret and the previous one (still accepted during a rotation). */
  secrets: ReadonlyArray<string | null | undefined>;
  body: string;
  timestamp: string | null;
  signature: string | null;
  /** Milliseconds; for tests. */
  now?: number;
};

export function verifyProviderSignature({ secrets, body, timestamp, signature, now = Date.now() }: SignatureInput): SignatureCheck {
  if (!timestamp || !signature) return { ok: false, reason: "missing" };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "invalid" };
  if (Math.abs(Math.floor(now / 1000) - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) return { ok: false, reason: "stale" };
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return { ok: false, reason: "invalid" };
  const given = Buffer.from(signature, "hex");
  let match = false;
  // Every configured secret is checked (no early exit), each comparison in constant time on 32-byte buffers.
  for (const secret of secrets) {
    if (!secret) continue;
    const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
    if (timingSafeEqual(expected, given)) match = true;
  }
  return match ? { ok: true } : { ok: false, reason: "invalid" };
}

/** Headers for a signed call (the tests and the simulated provider use them). */
export function signedHeaders(secret: string, body: string, timestamp = String(Math.floor(Date.now() / 1000))): Record<string, string> {
  return {
    "Content-Type": "application/json",
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signProviderRequest(secret, body, timestamp),
  };
}

/** The provider's platform code (upper case) and secrets, or null for an unknown platform. */
export async function providerSecrets(platform: string): Promise<{ platform: string; secrets: Array<string | null> } | null> {
  if (!/^[A-Za-z0-9]{2,20}$/.test(platform)) return null;
  const [row] = await db
    .select({ platform: gameProviders.platform, secret: gameProviders.secret, secretPrevious: gameProviders.secretPrevious })
    .from(gameProviders)
    .where(eq(gameProviders.platform, platform.toUpperCase()));
  return row ? { platform: row.platform, secrets: [row.secret, row.secretPrevious] } : null;
}
