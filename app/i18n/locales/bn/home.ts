import type en from "../en/home.ts";
import type { Shape } from "../shape.ts";

export default {
  favourites: "প্রিয়",
  featuredGames: "বিশেষ গেম",
  features: "ফিচার",
  announcements: "ঘোষণা",
  allGames: "সব",
  noGames: "কোনো তথ্য নেই",
  playNow: "খেলুন",
  loginToPlay: "খেলতে লগইন করুন",
  gameComingSoon: "গেম ক্যাটালগের সাথে গেম চালু হবে",
} satisfies Shape<typeof en>;
