import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { getInstance, getLocale } from "#app/i18n/i18n.server.ts";
import { toId } from "#app/modules/payments/payments.server.ts";
import { getPromotion } from "#app/modules/promotions/promotions.server.ts";
import { requirePlayer } from "#app/modules/sessions/auth.server.ts";
import { promotionView } from "./promotion-view.server.ts";
import type { Route } from "./+types/promotion-details";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.promotion.name }];

/** An unknown id, or a promotion staff switched off, is a 404; one that has ended still shows (turnover links to it). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  requirePlayer(context, url);
  const promotion = await getPromotion(toId(params.id));
  if (!promotion || promotion.status !== "active") throw data(null, { status: 404 });
  return {
    title: getInstance(context).t("cashier.promotions.title"),
    promotion: promotionView(promotion, getLocale(context)),
    ended: promotion.endsAt !== null && promotion.endsAt <= new Date(),
  };
}

export default function PromotionDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { promotion: p, ended } = loaderData;
  return (
    <main className="mx-auto max-w-2xl p-3 min-[769px]:p-6" data-testid="promotion-details-page">
      <a href="/promotions" className="mb-3 inline-flex items-center gap-1 text-sm text-brand">
        <span aria-hidden="true">‹</span> {t("cashier.promotions.back")}
      </a>
      <article className="overflow-hidden rounded-xl bg-panel">
        {p.thumbnail ? <img src={p.thumbnail} alt="" width={1200} height={400} className="aspect-[3/1] w-full object-cover" /> : null}
        <div className="p-4 min-[769px]:p-6">
          <div className="mb-2 flex items-start justify-between gap-3">
            <h1 className="text-xl font-bold">{p.name}</h1>
            <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-sm font-bold text-white" data-testid="promotion-percent">
              {t("cashier.promotions.bonus", { percent: p.percent })}
            </span>
          </div>
          <p className="mb-4 text-xs tabular-nums text-white/60">
            {t("cashier.promotions.period", { from: p.from, to: p.to ?? t("cashier.promotions.noEnd") })} ({t("money.gmt6")})
          </p>
          <ul className="mb-4 flex flex-wrap gap-2 text-xs">
            {p.maxBonus ? <li className="rounded-full bg-ink px-3 py-1">{t("cashier.promotions.maxBonus", { amount: p.maxBonus })}</li> : null}
            <li className="rounded-full bg-ink px-3 py-1">{t("cashier.promotions.turnover", { times: p.turnoverTimes })}</li>
          </ul>
          {p.description ? (
            <section className="mb-4">
              <h2 className="mb-1 text-sm font-semibold text-white/80">{t("cashier.promotions.description")}</h2>
              <p className="whitespace-pre-line text-sm leading-relaxed">{p.description}</p>
            </section>
          ) : null}
          {p.terms ? (
            <section className="mb-5">
              <h2 className="mb-1 text-sm font-semibold text-white/80">{t("cashier.promotions.terms")}</h2>
              <p className="whitespace-pre-line text-sm leading-relaxed text-white/80">{p.terms}</p>
            </section>
          ) : null}
          {ended ? null : (
            <a href={`/deposit?promotionId=${p.id}`} className="btn-primary block text-center" data-testid="promotion-deposit">
              {t("cashier.promotions.depositNow")}
            </a>
          )}
        </div>
      </article>
    </main>
  );
}
