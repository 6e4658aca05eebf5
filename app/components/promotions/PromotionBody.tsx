import { useTranslation } from "#app/i18n/use-translation.ts";

export type PromotionViewData = {
  id: number;
  name: string;
  percent: number;
  description: string;
  terms: string;
  thumbnail: string | null;
  from: string;
  to: string | null;
  maxBonus: string | null;
  turnoverTimes: string;
};

/** A promotion's full text, its facts and the Deposit button (opens /deposit with it chosen): the details page and the modal. */
export function PromotionBody({ promotion: p, ended = false, headingId }: { promotion: PromotionViewData; ended?: boolean; headingId?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {p.thumbnail ? <img src={p.thumbnail} alt="" width={1200} height={400} className="aspect-[3/1] w-full object-cover" /> : null}
      <div className="p-4 min-[769px]:p-6">
        <div className="mb-2 flex items-start justify-between gap-3">
          <h1 id={headingId} className="text-xl font-bold">
            {p.name}
          </h1>
          <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-sm font-bold text-white" data-testid="promotion-percent">
            {t("paymentPages.promotions.bonus", { percent: p.percent })}
          </span>
        </div>
        <p className="mb-4 text-xs tabular-nums text-white/60">
          {t("paymentPages.promotions.period", { from: p.from, to: p.to ?? t("paymentPages.promotions.noEnd") })} ({t("payments.gmt6")})
        </p>
        <ul className="mb-4 flex flex-wrap gap-2 text-xs">
          {p.maxBonus ? <li className="rounded-full bg-ink px-3 py-1">{t("paymentPages.promotions.maxBonus", { amount: p.maxBonus })}</li> : null}
          <li className="rounded-full bg-ink px-3 py-1">{t("paymentPages.promotions.turnover", { times: p.turnoverTimes })}</li>
        </ul>
        {p.description ? (
          <section className="mb-4">
            <h2 className="mb-1 text-sm font-semibold text-white/80">{t("paymentPages.promotions.description")}</h2>
            <p className="whitespace-pre-line text-sm leading-relaxed">{p.description}</p>
          </section>
        ) : null}
        {p.terms ? (
          <section className="mb-5">
            <h2 className="mb-1 text-sm font-semibold text-white/80">{t("paymentPages.promotions.terms")}</h2>
            <p className="whitespace-pre-line text-sm leading-relaxed text-white/80">{p.terms}</p>
          </section>
        ) : null}
        {ended ? null : (
          <a href={`/deposit?promotionId=${p.id}`} className="btn-primary block text-center" data-testid="promotion-deposit">
            {t("paymentPages.promotions.depositNow")}
          </a>
        )}
      </div>
    </>
  );
}
