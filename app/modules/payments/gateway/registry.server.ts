// Which gateway object serves a payment method in gateway mode: the simulated one, or bKash over HTTP with the
// merchant credentials staff entered.
import { createBkashGateway } from "./bkash.server.ts";
import { createSimulatedGateway } from "./simulated.server.ts";
import type { GatewayCredentials, GatewayKind, PaymentGateway } from "./types.ts";

type MethodGateway = { id: number; gateway: GatewayKind | null; gatewayCredentials: GatewayCredentials | null };

let override: ((method: MethodGateway) => PaymentGateway) | null = null;

/** Tests only: wrap or replace the gateway a method gets (a network that drops an answer, say). null restores. */
export function overrideGateways(fn: ((method: MethodGateway) => PaymentGateway) | null) {
  override = fn;
}

export function gatewayFor(method: MethodGateway): PaymentGateway | null {
  if (!method.gateway) return null;
  if (override) return override(method);
  const credentials = method.gatewayCredentials ?? {};
  // One object per method and credentials, so bKash's token is granted once and reused until it expires.
  const key = `${method.id}:${method.gateway}:${JSON.stringify(credentials)}`;
  let gateway = cache.get(key);
  if (!gateway) {
    gateway = method.gateway === "bkash" ? createBkashGateway(credentials) : createSimulatedGateway({ webhookSecret: credentials.webhookSecret });
    for (const k of cache.keys()) if (k.startsWith(`${method.id}:`)) cache.delete(k);
    cache.set(key, gateway);
  }
  return gateway;
}

const cache = new Map<string, PaymentGateway>();
