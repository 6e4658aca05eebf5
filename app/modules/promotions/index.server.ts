// The promotions module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { promotions } from "./schema.ts";
export { isPromotionError } from "./errors.ts";
export {
  computeBonus,
  getActivePromotion,
  getPromotion,
  listActivePromotions,
  listNewestPromotions,
  listPromotions,
  listPromotionsInCategory,
  savePromotion,
} from "./promotions.server.ts";
export type { Promotion } from "./promotions.server.ts";
export { seedPromotionsDemo } from "./seed.server.ts";
export { promotionNamesOf } from "./report-sources.server.ts";
