import { useTranslation } from "#app/i18n/use-translation.ts";

export type StripPromotion = { id: number; name: string; percent: number; thumbnail: string | null };

/**
 * The member centre's new-promotions slider: a horizontally scrolling strip (no script needed) showing the spec's
 * counts: 7 slides, 4 below 1024 px, 3 below 600 px, 2 below 480 px.
 */
export function PromotionStrip({ promotions }: { promotions: StripPromotion[] }) {
  const { t } = useTranslation();
  return (
    <section className="rounded-xl bg-panel p-4" aria-labelledby="new-promotions" data-testid="promotion-strip">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="new-promotions" className="text-sm font-semibold text-white/80">
          {t("centre.promotions.title")}
        </h2>
        <a href="/promotions" className="text-xs text-brand">
          {t("centre.promotions.all")} ›
        </a>
      </div>
      {promotions.length === 0 ? (
        <p className="text-sm text-white/50">{t("centre.promotions.none")}</p>
      ) : (
        <ul className="flex snap-x snap-mandatory gap-2 overflow-x-auto pb-1" tabIndex={0} aria-label={t("centre.promotions.title")}>
          {promotions.map((p) => (
            <li
              key={p.id}
              className="shrink-0 basis-[calc((100%-0.5rem)/2)] snap-start min-[480px]:basis-[calc((100%-1rem)/3)] min-[600px]:basis-[calc((100%-1.5rem)/4)] min-[1024px]:basis-[calc((100%-3rem)/7)]"
              data-testid="strip-promotion"
            >
              <a href={`/promotions/${p.id}`} className="block overflow-hidden rounded-lg bg-ink">
                <div className="relative flex aspect-[3/2] items-center justify-center bg-panel-2">
                  {p.thumbnail ? (
                    <img src={p.thumbnail} alt="" width={180} height={120} loading="lazy" className="h-full w-full object-cover" />
                  ) : (
                    <span className="text-xl font-extrabold text-brand">{p.percent}%</span>
                  )}
                  <span className="absolute right-1 top-1 rounded-full bg-red-600 px-1.5 text-[0.65rem] font-bold text-white">
                    {t("centre.promotions.bonus", { percent: p.percent })}
                  </span>
                </div>
                <p className="line-clamp-2 p-1.5 text-xs leading-tight">{p.name}</p>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
