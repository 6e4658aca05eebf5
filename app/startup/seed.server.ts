// Demo content for a fresh install. Images are the project's own SVGs under public/.
import { sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { announcements, branding, gameCategories, generalSettings, paymentMethods, players, sliders, socialLinks } from "#app/db/schema.ts";
import { creditDemoBalance, hashPassword } from "#app/modules/players/index.server.ts";

export const DEMO_PLAYER = { username: "demo", password: "Demo1234" } as const;

const categories = [
  { slug: "sports", nameEn: "Sports", nameBn: "স্পোর্টস" },
  { slug: "casino", nameEn: "Casino", nameBn: "ক্যাসিনো" },
  { slug: "slot", nameEn: "Slot", nameBn: "স্লট" },
  { slug: "table", nameEn: "Table", nameBn: "টেবিল" },
  { slug: "poker", nameEn: "Poker", nameBn: "পোকার" },
  { slug: "crash", nameEn: "Crash", nameBn: "ক্র্যাশ" },
  { slug: "fishing", nameEn: "Fishing", nameBn: "ফিশিং" },
];

const footerTextEn = [
  "DeshPlay is an online gaming site with cricket exchange betting, live casino, slots, table games, crash and fishing games, made for players in Bangladesh.",
  "Deposit and withdraw with the mobile wallets you already use. Every deposit is checked by our finance team and credited to your main wallet; promotions add a bonus that you unlock by playing.",
  "We take responsible gaming seriously: set limits, take a break or exclude yourself at any time from your account. Players must be 18 or older.",
  "Our support team answers on WhatsApp, Facebook and e-mail around the clock, in English and Bangla.",
].join("\n\n");

const footerTextBn = [
  "দেশপ্লে একটি অনলাইন গেমিং সাইট, যেখানে আছে ক্রিকেট এক্সচেঞ্জ বেটিং, লাইভ ক্যাসিনো, স্লট, টেবিল গেম, ক্র্যাশ ও ফিশিং গেম — বাংলাদেশের খেলোয়াড়দের জন্য তৈরি।",
  "আপনার পরিচিত মোবাইল ওয়ালেট দিয়ে ডিপোজিট ও উইথড্র করুন। প্রতিটি ডিপোজিট আমাদের ফিন্যান্স টিম যাচাই করে আপনার মেইন ওয়ালেটে যোগ করে; প্রোমোশনে বোনাস মেলে, যা খেলে আনলক করতে হয়।",
  "আমরা দায়িত্বশীল গেমিংকে গুরুত্ব দিই: যেকোনো সময় অ্যাকাউন্ট থেকে সীমা ঠিক করুন, বিরতি নিন বা নিজেকে বাদ দিন। খেলোয়াড়দের বয়স 18 বা তার বেশি হতে হবে।",
  "আমাদের সাপোর্ট টিম হোয়াটসঅ্যাপ, ফেসবুক ও ইমেইলে সারাক্ষণ ইংরেজি ও বাংলায় উত্তর দেয়।",
].join("\n\n");

/** Inserts the demo content and demo player if this database has none. Returns true when it seeded. */
export async function seedDemoContent(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(7240302)`);
    const existing = await tx.select({ id: generalSettings.id }).from(generalSettings).limit(1);
    if (existing.length > 0) return false;

    await tx.insert(generalSettings).values({
      siteTitle: "DeshPlay",
      supportMail: "support@deshplay.example",
      withdrawalStatus: true,
      promotionWallet: true,
      mode: "demo",
      footerTextEn,
      footerTextBn,
    });
    await tx.insert(branding).values({
      logo: "/brand/logo.svg",
      mobileLogo: "/brand/logo-mobile.svg",
      loaderLogo: "/brand/loader.svg",
      favicon: "/brand/favicon.svg",
    });
    await tx.insert(socialLinks).values([
      { platform: "whatsapp", url: "https://wa.me/8801700000000", label: "+880 1700-000000", sortOrder: 1 },
      { platform: "facebook", url: "https://www.facebook.com/deshplay.example", label: "DeshPlay", sortOrder: 2 },
      { platform: "telegram", url: "https://t.me/deshplay_example", label: "@deshplay_example", sortOrder: 3 },
      { platform: "email", url: "mailto:support@deshplay.example", label: "support@deshplay.example", sortOrder: 4 },
    ]);
    await tx.insert(sliders).values([
      {
        sliderType: "Main",
        titleEn: "Welcome bonus 100% on your first deposit",
        titleBn: "প্রথম ডিপোজিটে 100% স্বাগত বোনাস",
        thumbnail: "/demo/banners/banner-1.svg",
        link: "/signup",
        playerLink: "/deposit",
        sortOrder: 1,
      },
      {
        sliderType: "Main",
        titleEn: "Cricket exchange: back and lay every ball",
        titleBn: "ক্রিকেট এক্সচেঞ্জ: প্রতিটি বলে ব্যাক ও লে",
        thumbnail: "/demo/banners/banner-2.svg",
        link: "/exchange",
        sortOrder: 2,
      },
      {
        sliderType: "Main",
        titleEn: "Provably fair Crash, Dice and Mines",
        titleBn: "যাচাইযোগ্য ন্যায্য ক্র্যাশ, ডাইস ও মাইনস",
        thumbnail: "/demo/banners/banner-3.svg",
        link: "/crash",
        sortOrder: 3,
      },
      {
        sliderType: "Main",
        titleEn: "Refer a friend, earn every day",
        titleBn: "বন্ধুকে রেফার করুন, প্রতিদিন আয় করুন",
        thumbnail: "/demo/banners/banner-4.svg",
        link: "/signup",
        playerLink: "/promotions",
        sortOrder: 4,
      },
      {
        sliderType: "Favourite",
        titleEn: "Cricket Exchange",
        titleBn: "ক্রিকেট এক্সচেঞ্জ",
        thumbnail: "/demo/favourites/fav-1.svg",
        link: "/exchange",
        sortOrder: 1,
      },
      {
        sliderType: "Favourite",
        titleEn: "Live Casino",
        titleBn: "লাইভ ক্যাসিনো",
        thumbnail: "/demo/favourites/fav-2.svg",
        link: "/casino",
        sortOrder: 2,
      },
      { sliderType: "Favourite", titleEn: "Slots", titleBn: "স্লট", thumbnail: "/demo/favourites/fav-3.svg", link: "/slot", sortOrder: 3 },
      { sliderType: "Favourite", titleEn: "Crash", titleBn: "ক্র্যাশ", thumbnail: "/demo/favourites/fav-4.svg", link: "/crash", sortOrder: 4 },
      {
        sliderType: "Features",
        titleEn: "Fast mobile-wallet deposits",
        titleBn: "দ্রুত মোবাইল ওয়ালেট ডিপোজিট",
        thumbnail: "/demo/features/feature-1.svg",
        link: null,
        sortOrder: 1,
      },
      {
        sliderType: "Features",
        titleEn: "24/7 support in Bangla",
        titleBn: "24/7 বাংলায় সাপোর্ট",
        thumbnail: "/demo/features/feature-2.svg",
        link: null,
        sortOrder: 2,
      },
      {
        sliderType: "Features",
        titleEn: "Play responsibly",
        titleBn: "দায়িত্ব নিয়ে খেলুন",
        thumbnail: "/demo/features/feature-3.svg",
        link: "/responsible-gaming",
        sortOrder: 3,
      },
    ]);
    await tx.insert(announcements).values([
      {
        titleEn: "Welcome to DeshPlay! This is a demo installation: all balances are play money.",
        titleBn: "দেশপ্লেতে স্বাগতম! এটি একটি ডেমো ইনস্টলেশন: সব ব্যালেন্স খেলার টাকা।",
        sortOrder: 1,
      },
      {
        titleEn: "Deposits are credited after our finance team checks the transfer, usually within 30 minutes.",
        titleBn: "ফিন্যান্স টিম ট্রান্সফার যাচাই করার পর ডিপোজিট যোগ হয়, সাধারণত 30 মিনিটের মধ্যে।",
        sortOrder: 2,
      },
      {
        titleEn: "Never share your password or reset code with anyone, including our staff.",
        titleBn: "আপনার পাসওয়ার্ড বা রিসেট কোড কাউকে দেবেন না, আমাদের কর্মীদেরও নয়।",
        sortOrder: 3,
      },
    ]);
    await tx.insert(gameCategories).values(categories.map((c, i) => ({ ...c, icon: `/demo/categories/${c.slug}.svg`, sortOrder: i + 1 })));
    await tx.insert(paymentMethods).values([
      { name: "bKash", icon: "/demo/payments/bkash.svg", sortOrder: 1 },
      { name: "Nagad", icon: "/demo/payments/nagad.svg", sortOrder: 2 },
      { name: "Rocket", icon: "/demo/payments/rocket.svg", sortOrder: 3 },
      { name: "Upay", icon: "/demo/payments/upay.svg", sortOrder: 4 },
    ]);
    const [demoPlayer] = await tx
      .insert(players)
      .values({
        username: DEMO_PLAYER.username,
        passwordHash: await hashPassword(DEMO_PLAYER.password),
        name: "Demo Player",
        phone: "01700000001",
        email: "demo@deshplay.example",
        currency: "BDT",
        referralCode: "DEMO2026",
        // Withdrawals need a birthday and a verified phone; the demo player has both so every flow can be tried.
        birthday: "1995-01-01",
        phoneVerifiedAt: new Date(),
      })
      .returning();
    // Demo mode: the demo player starts with the play-money balance like every new player.
    await creditDemoBalance(demoPlayer!, tx);
    return true;
  });
}
