import { apiError, checkMethod, PUBLIC_CACHE, rejectMethod } from "#app/modules/api/http.server.ts";
import { absoluteUrl } from "#app/modules/api/presenters.server.ts";
import { formatPoisha } from "#app/modules/ledger/money.ts";
import { toId } from "#app/modules/payments/validation.ts";
import { getActivePromotion } from "#app/modules/promotions/promotions.server.ts";
import { formatHundredths } from "#app/modules/settings/validation.ts";
import type { Route } from "./+types/promotions.$id";

/**
 * GET /api/promotions/{id} → { promotion } (the fields of GET /api/promotion) for a promotion players can choose now;
 * 404 for anything else (unknown, inactive, not started or ended, malformed id).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const p = await getActivePromotion(toId(params.id));
  if (!p) return apiError(404, "finance.api.promotionNotFound");
  const promotion = {
    id: p.id,
    name: p.nameEn,
    name_bn: p.nameBn,
    status: p.status,
    deposit_bouns: p.bonusPercent,
    desc: p.descriptionEn,
    desc_bn: p.descriptionBn,
    terms: p.termsEn,
    terms_bn: p.termsBn,
    max_bonus: p.maxBonus === null ? null : formatPoisha(p.maxBonus),
    turnover_multiplier: formatHundredths(p.turnoverMultiplierHundredths),
    thumbnail: p.thumbnail ? absoluteUrl(p.thumbnail) : null,
    start_date: p.startsAt.toISOString(),
    end_date: p.endsAt ? p.endsAt.toISOString() : null,
  };
  return Response.json({ promotion }, { headers: PUBLIC_CACHE });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
