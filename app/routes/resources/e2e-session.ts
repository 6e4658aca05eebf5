import { openTestSession } from "#app/modules/api/index.server.ts";
import type { Route } from "./+types/e2e-session";

export function loader() {
  return new Response(null, { status: 404 });
}

/** POST /__e2e/session: browser tests only (see test-sessions.server.ts); a 404 on any normal server. */
export async function action({ request }: Route.ActionArgs) {
  const outcome = await openTestSession(request);
  if (outcome.status !== 204) return new Response(null, { status: outcome.status });
  return new Response(null, { status: 204, headers: { "Set-Cookie": outcome.setCookie, "Cache-Control": "no-store" } });
}
