import { useTranslation } from "#app/i18n/use-translation.ts";
import { promotionCategories, type PromotionCategoryId } from "#app/modules/promotions/index.ts";

/** The /promotions category tabs: plain links with ?category=<spec id>, so the filter is a GET that works without JavaScript. */
export function CategoryTabs({ active }: { active: PromotionCategoryId | null }) {
  const { t } = useTranslation();
  const tabs = [{ id: null, key: "all" as const }, ...promotionCategories];
  return (
    <nav aria-label={t("paymentPages.promotions.categoriesLabel")} className="-mx-3 mb-4 overflow-x-auto px-3" data-testid="promotion-tabs">
      <ul className="flex w-max gap-2 min-[769px]:w-auto min-[769px]:flex-wrap">
        {tabs.map((tab) => {
          const current = tab.id === active;
          return (
            <li key={tab.key}>
              <a
                href={tab.id === null ? "/promotions" : `/promotions?category=${tab.id}`}
                aria-current={current ? "page" : undefined}
                data-category={tab.id ?? "all"}
                className={`block whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ${current ? "bg-brand text-black" : "bg-panel text-white/80 hover:bg-white/10"}`}
              >
                {t(`paymentPages.promotions.categories.${tab.key}`)}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
