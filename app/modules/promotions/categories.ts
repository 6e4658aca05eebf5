// The promotion categories of spec section 9, with the spec's ids (the /promotions tabs, in the order).
// "all" is no category: every active promotion. The spec's hidden ids (16, 2048, 4096, 16384) are not offered.
export const promotionCategories = [
  { id: 99, key: "welcome" },
  { id: 1, key: "slots" },
  { id: 2, key: "liveCasino" },
  { id: 4, key: "sports" },
  { id: 8, key: "fishing" },
  { id: 32, key: "esports" },
  { id: 64, key: "lottery" },
  { id: 128, key: "p2p" },
  { id: 256, key: "table" },
  { id: 1024, key: "arcade" },
  { id: 8192, key: "crash" },
  { id: 512, key: "others" },
] as const;

export type PromotionCategoryId = (typeof promotionCategories)[number]["id"];
export const promotionCategoryIds: readonly PromotionCategoryId[] = promotionCategories.map((c) => c.id);

export function isPromotionCategory(id: unknown): id is PromotionCategoryId {
  return typeof id === "number" && (promotionCategoryIds as readonly number[]).includes(id);
}

/** The ?category= value of /promotions: a known id, else null (ALL). */
export function parseCategoryParam(value: string | null): PromotionCategoryId | null {
  if (!value || !/^\d{1,5}$/.test(value)) return null;
  const id = Number(value);
  return isPromotionCategory(id) ? id : null;
}
