import type en from "../en/home.ts";
import type { Shape } from "../shape.ts";

export default {
  metaDescription: "বাংলাদেশের খেলোয়াড়দের জন্য ক্রিকেট এক্সচেঞ্জ, লাইভ ক্যাসিনো, স্লট, টেবিল, ক্র্যাশ ও ফিশিং গেম। বিকাশ, নগদ, রকেট ও উপায় দিয়ে ডিপোজিট করুন।",
  banners: "প্রোমোশন",
  goToSlide: "{{total}}টির মধ্যে {{n}} নম্বর স্লাইড",
  favourites: "প্রিয়",
  featuredGames: "বিশেষ গেম",
  features: "ফিচার",
  announcements: "ঘোষণা",
  categories: "ধরন অনুযায়ী বিশেষ গেম",
  allGames: "সব",
  noGames: "কোনো তথ্য নেই",
  noGamesHint: "এই বিভাগে এখনো কোনো গেম নেই।",
  showAllGames: "সব গেম দেখুন",
  moreGames: "সব গেম",
  provider: "প্রোভাইডার",
  loginToPlay: "খেলতে লগইন করুন",
  contactScanHint: "ফোনের ক্যামেরা দিয়ে কোডটি স্ক্যান করুন বা লিংকে চাপ দিন।",
  ageBadge: "18+",
  readMoreResponsible: "দায়িত্বশীল গেমিং সম্পর্কে পড়ুন",
} satisfies Shape<typeof en>;
