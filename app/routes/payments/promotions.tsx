import { translate } from "#app/i18n/translate.server.ts";
import { useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CategoryTabs } from "#app/components/promotions/CategoryTabs.tsx";
import { PromotionBody, type PromotionViewData } from "#app/components/promotions/PromotionBody.tsx";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { parseCategoryParam } from "#app/modules/promotions/index.ts";
import { listPromotionsInCategory } from "#app/modules/promotions/index.server.ts";
import { promotionView } from "./promotion-view.server.ts";
import type { Route } from "./+types/promotions";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Open to guests (issue 8). `?category=` is a spec section 9 id; anything else shows ALL. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const category = parseCategoryParam(url.searchParams.get("category"));
  const promotions = await listPromotionsInCategory(category);
  return { title: translate(context, "paymentPages.promotions.title"), category, promotions: promotions.map((p) => promotionView(p, locale)) };
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { promotions, category } = loaderData;
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<PromotionViewData | null>(null);
  // With JavaScript a card opens its details in a modal; without, its link opens the details page.
  const show = (e: React.MouseEvent, p: PromotionViewData) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0 || !dialog.current?.showModal) return;
    e.preventDefault();
    setOpen(p);
    dialog.current.showModal();
  };
  return (
    <main className="mx-auto max-w-5xl p-3 min-[769px]:p-6" data-testid="promotions-page">
      <section
        className="mb-4 overflow-hidden rounded-xl bg-gradient-to-br from-brand to-brand-dark p-5 text-black"
        aria-labelledby="promotions-title"
      >
        <p className="text-xs font-bold uppercase tracking-wide opacity-70">{t("paymentPages.promotions.title")}</p>
        <h1 id="promotions-title" className="mb-1 text-xl font-extrabold min-[769px]:text-2xl">
          {t("paymentPages.promotions.banner")}
        </h1>
        <p className="text-sm">{t("paymentPages.promotions.bannerText")}</p>
      </section>
      <CategoryTabs active={category} />
      {promotions.length === 0 ? (
        <p className="rounded-xl bg-panel p-6 text-center text-sm text-white/50" data-testid="promotions-empty">
          {t("paymentPages.promotions.noData")}
        </p>
      ) : (
        <ul className="grid gap-3 min-[600px]:grid-cols-2 min-[1024px]:grid-cols-3">
          {promotions.map((p) => (
            <li key={p.id} className="overflow-hidden rounded-xl bg-panel" data-testid="promotion-card" data-promotion-id={p.id}>
              <a href={`/promotions/${p.id}`} className="block h-full" onClick={(e) => show(e, p)}>
                <div className="relative flex aspect-[3/1] items-center justify-center bg-panel-2">
                  {p.thumbnail ? (
                    <img src={p.thumbnail} alt="" width={600} height={200} loading="lazy" className="h-full w-full object-cover" />
                  ) : (
                    <span className="text-4xl font-extrabold text-brand">{p.percent}%</span>
                  )}
                  <span className="absolute right-2 top-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
                    {t("paymentPages.promotions.bonus", { percent: p.percent })}
                  </span>
                </div>
                <div className="p-3">
                  <h2 className="mb-1 font-bold">{p.name}</h2>
                  {p.preview ? (
                    <p className="mb-2 text-sm text-white/70" data-testid="promotion-preview">
                      {p.preview}
                      {p.preview !== p.description ? "…" : ""}
                    </p>
                  ) : null}
                  <p className="text-xs tabular-nums text-white/50">
                    {t("paymentPages.promotions.period", { from: p.from, to: p.to ?? t("paymentPages.promotions.noEnd") })}
                  </p>
                  <span className="mt-2 inline-block text-sm font-semibold text-brand">{t("paymentPages.promotions.details")} ›</span>
                </div>
              </a>
            </li>
          ))}
        </ul>
      )}
      <dialog
        ref={dialog}
        aria-labelledby="promotion-dialog-title"
        className="m-auto max-h-[90vh] w-[min(36rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl bg-panel p-0 text-white shadow-2xl backdrop:bg-black/60"
        data-testid="promotion-dialog"
        onClose={() => setOpen(null)}
      >
        <form method="dialog" className="sticky top-0 z-10 flex justify-end">
          <button type="submit" className="icon-btn m-2 bg-black/60" aria-label={t("paymentPages.promotions.close")}>
            ✕
          </button>
        </form>
        {open ? (
          <div className="-mt-12">
            <PromotionBody promotion={open} headingId="promotion-dialog-title" />
          </div>
        ) : null}
      </dialog>
    </main>
  );
}
