import { z } from "zod";
import { openTestMatch } from "#app/modules/exchange/index.server.ts";
import { isTestRequest } from "#app/modules/api/index.server.ts";
import type { Route } from "./+types/e2e-exchange-match";

export function loader() {
  return new Response(null, { status: 404 });
}

// -1: the match of the last hour but one, in play with a score (the match tracker's tests).
const body = z.object({ hoursAhead: z.coerce.number().int().min(-1).max(40) });

/** POST /__e2e/exchange-match (hoursAhead): browser tests only; a 404 on any normal server. */
export async function action({ request }: Route.ActionArgs) {
  if (!isTestRequest(request)) return new Response(null, { status: 404 });
  const parsed = body.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return new Response(null, { status: 400 });
  return Response.json(await openTestMatch(parsed.data.hoursAhead), { headers: { "Cache-Control": "no-store" } });
}
