import { getAuth } from "#app/modules/sessions/index.server.ts";
import { headerBalance } from "#app/routes/payments/balance.server.ts";
import type { Route } from "./+types/balance";

/**
 * GET /resources/balance: the header's balance for the page's own session cookie, polled when the event stream is
 * down. (/api/balance is for app clients and takes a bearer token only; a cookie poll there got 401 and reloaded.)
 */
export async function loader({ context }: Route.LoaderArgs) {
  const auth = getAuth(context);
  if (!auth) return Response.json({ message: "Unauthenticated." }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return Response.json(await headerBalance(auth.player.id), { headers: { "Cache-Control": "no-store" } });
}
