// Signing of our requests to a provider. Same scheme as the seamless-wallet calls they send us:
// hex HMAC-SHA256 over `${timestamp}.${body}` with the provider's secret.
import { createHmac } from "node:crypto";

export function signProviderRequest(secret: string, body: string, timestamp: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}
