// Where a payment gateway sends the player back after its checkout (?paymentID=...&status=...). The gateway's own
// answer decides what happened (see gateway-deposits.server.ts); the player lands on the checkout's result page.
import { redirect } from "react-router";
import { handleCallback } from "#app/modules/payments/index.server.ts";
import type { Route } from "./+types/gateway-callback";

export async function loader({ url }: Route.LoaderArgs) {
  const row = await handleCallback(url.searchParams);
  throw redirect(row ? `/deposit/checkout/${row.invoice}` : "/deposit");
}
