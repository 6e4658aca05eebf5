import { checkMethod, PUBLIC_CACHE, rejectMethod } from "#app/modules/api/http.server.ts";
import { absoluteUrl } from "#app/modules/api/presenters.server.ts";
import { formatPoisha } from "#app/modules/ledger/money.ts";
import { listActivePromotions, type Promotion } from "#app/modules/promotions/promotions.server.ts";
import { formatHundredths } from "#app/modules/settings/validation.ts";
import type { Route } from "./+types/promotion";

/**
 * A promotion as the spec's clients read it (section 3, including its spelling "deposit_bouns"), with the Bangla
 * texts, the bonus cap in taka ("5000.00", null = none) and the bonus turnover multiplier ("5").
 * The same shape is built in promotions.$id.ts (a route module may not export server code to another).
 */
function promotionEntry(p: Promotion) {
  return {
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
}

/** GET /api/promotion → the promotions a player may choose now, in display order (the first is preselected). */
export async function loader({ request }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const rows = await listActivePromotions();
  return Response.json(rows.map(promotionEntry), { headers: PUBLIC_CACHE });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
