// The promotions module's browser-safe entry: what components and routes may use in the browser.
export { parseCategoryParam, promotionCategories } from "./categories.ts";
export type { PromotionCategoryId } from "./categories.ts";
export { promotionFormSchema } from "./validation.ts";
