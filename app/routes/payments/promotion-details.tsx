import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data } from "react-router";
import { PromotionBody } from "#app/components/promotions/PromotionBody.tsx";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { toId } from "#app/modules/payments/index.server.ts";
import { getPromotion } from "#app/modules/promotions/index.server.ts";
import { promotionView } from "./promotion-view.server.ts";
import type { Route } from "./+types/promotion-details";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.promotion.name }];

/**
 * Open to guests, like /promotions (its page without JavaScript). An unknown id, or a promotion staff switched off,
 * is a 404; one that has ended still shows (turnover links to it).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const promotion = await getPromotion(toId(params.id));
  if (!promotion || promotion.status !== "active") throw data(null, { status: 404 });
  return {
    title: translate(context, "paymentPages.promotions.title"),
    promotion: promotionView(promotion, getLocale(context)),
    ended: promotion.endsAt !== null && promotion.endsAt <= new Date(),
  };
}

export default function PromotionDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-2xl p-3 min-[769px]:p-6" data-testid="promotion-details-page">
      <a href="/promotions" className="mb-3 inline-flex items-center gap-1 text-sm text-brand">
        <span aria-hidden="true">‹</span> {t("paymentPages.promotions.back")}
      </a>
      <article className="overflow-hidden rounded-xl bg-panel">
        <PromotionBody promotion={loaderData.promotion} ended={loaderData.ended} />
      </article>
    </main>
  );
}
