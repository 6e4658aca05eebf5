// A payment gateway's server-to-server notice for a method in gateway mode. Only a correctly signed notice is
// acted on, and then only by asking the gateway about the payment it names (the notice's own words credit nothing).
import { data } from "react-router";
import { handleWebhook } from "#app/modules/payments/index.server.ts";
import { toId } from "#app/modules/payments/index.ts";
import type { Route } from "./+types/gateway-webhook";

const MAX_BODY = 64 * 1024;

export function loader() {
  throw data({ message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const methodId = toId(params.methodId);
  if (!methodId) return data({ message: "Not found" }, { status: 404 });
  const raw = await request.text();
  if (raw.length > MAX_BODY) return data({ message: "Too large" }, { status: 413 });
  const ok = await handleWebhook(methodId, request.headers, raw);
  return ok ? { ok: true } : data({ message: "Invalid signature" }, { status: 401 });
}
