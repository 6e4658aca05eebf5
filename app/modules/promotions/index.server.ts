// The promotions module's server entry: what other modules and routes may use. Everything else is private.
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
export { promotions } from "./schema.ts";
export { seedPromotionsDemo } from "./seed.server.ts";
