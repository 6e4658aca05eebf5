/** Game categories of the side menu and top bar: each has its category page (a /games view of one game type). */
export const categoryLinks = [
  { slug: "casino", type: "LIVE", key: "common.nav.casino" },
  { slug: "slot", type: "SLOT", key: "common.nav.slot" },
  { slug: "table", type: "TABLE", key: "common.nav.table" },
  { slug: "poker", type: "POKER", key: "common.nav.poker" },
  { slug: "crash", type: "CRASH", key: "common.nav.crash" },
  { slug: "fishing", type: "FISH", key: "common.nav.fishing" },
  { slug: "arcade", type: "ARCADE", key: "common.nav.arcade" },
  { slug: "lottery", type: "LOTTERY", key: "common.nav.lottery" },
] as const;

/** The Sports submenu's third-party books: catalogue games of type SPORTS, by provider platform. */
export const sportsBooks = [
  { platform: "ISPORTS", key: "common.nav.iSports" },
  { platform: "E1SPORTS", key: "common.nav.e1Sports" },
  { platform: "HORSEBOOK", key: "common.nav.horsebook" },
  { platform: "VIRTUAL", key: "common.nav.virtual" },
  { platform: "KABADDI", key: "common.nav.kabaddi" },
  { platform: "FANTASY", key: "common.nav.fantasy" },
  { platform: "SBO", key: "common.nav.sboSports" },
] as const;

/** The side menu's member entries: each leads to its page (the chat's page is where the 24/7 LiveChat opens). */
export const memberLinks = [
  { href: "/promotions", key: "common.nav.promotions" },
  { href: "/races", key: "common.nav.races" },
  { href: "/refrrel-program", key: "common.nav.referral" },
  { href: "/vip", key: "common.nav.vip" },
  { href: "/affiliate", key: "common.nav.affiliate" },
  { href: "/chat", key: "common.nav.liveChat" },
  { href: "/brand-ambassador", key: "common.nav.ambassador" },
] as const;
