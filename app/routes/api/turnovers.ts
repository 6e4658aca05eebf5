import { apiError, checkMethod, NO_STORE, rejectMethod } from "#app/modules/api/index.server.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { TurnoverStatus } from "#app/modules/turnover/index.server.ts";
import { listTurnovers, type TurnoverRow } from "#app/modules/payments/index.server.ts";
import type { Route } from "./+types/turnovers";

function entry(r: TurnoverRow) {
  return {
    id: r.id,
    status: r.status,
    required_turnover: formatPoisha(r.required),
    remaining_turnover: formatPoisha(r.remaining),
    progress: r.progress,
    bonus_amount: formatPoisha(r.bonusAmount),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    completed_at: r.completedAt ? r.completedAt.toISOString() : null,
    transaction: {
      id: r.depositId ? `D${r.depositId}` : null,
      promotion: r.promotionNameEn ? { name: r.promotionNameEn, name_bn: r.promotionNameBn } : null,
      payment_method: r.methodName ? { name: r.methodName } : null,
    },
  };
}

/**
 * GET /api/turnovers?status=active|complete (auth; remote_id, when sent, must be the token's own player) →
 * { turnover: [...] } with the spec's fields (amounts in taka, progress in percent capped at 100); without a
 * status, the active ones first, then the completed ones.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const remoteId = url.searchParams.get("remote_id")?.trim();
  if (remoteId && remoteId !== String(player.id)) return apiError(403, "api.forbidden");
  const status = url.searchParams.get("status");
  const statuses: TurnoverStatus[] = status === "active" || status === "complete" ? [status] : ["active", "complete"];
  const rows = (await Promise.all(statuses.map((s) => listTurnovers(player.id, s)))).flat();
  return Response.json({ turnover: rows.map(entry) }, { headers: { ...NO_STORE, Vary: "Authorization" } });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
