import { apiError, checkMethod, NO_STORE, rejectMethod, english } from "#app/modules/api/index.server.ts";
import { checkWithdrawal } from "#app/modules/payments/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/userwithdrawcheck";

/**
 * GET /api/userwithdrawcheck (auth; the spec's client sends remote_id, which must be the token's own player) →
 * 200 { success: true, message } when a withdrawal may be requested now; otherwise 400 { success: false, error,
 * message } with 'Please complete your turnover and try again.', the verification or the maintenance message.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const remoteId = url.searchParams.get("remote_id")?.trim();
  if (remoteId && remoteId !== String(player.id)) return apiError(403, "api.forbidden");
  const outcome = await checkWithdrawal(player.id);
  const headers = { ...NO_STORE, Vary: "Authorization" };
  if ("ok" in outcome) return Response.json({ success: true, message: english("adminPayments.api.withdrawalAllowed") }, { headers });
  const message = english(outcome.messageKey, outcome.params);
  return Response.json(
    { success: false, error: message, message, code: outcome.code },
    { status: outcome.code === "player_blocked" ? 403 : 400, headers },
  );
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
