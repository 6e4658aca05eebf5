/** Game categories of the side menu and top bar; each filters the home page's games. */
export const categoryLinks = [
  { slug: "casino", key: "common.nav.casino" },
  { slug: "slot", key: "common.nav.slot" },
  { slug: "table", key: "common.nav.table" },
  { slug: "poker", key: "common.nav.poker" },
  { slug: "crash", key: "common.nav.crash" },
  { slug: "fishing", key: "common.nav.fishing" },
] as const;

/** The Sports submenu of the spec; the exchange and sportsbooks come in their own issues. */
export const sportsSubmenu = [
  "common.nav.exchange",
  "common.nav.iSports",
  "common.nav.e1Sports",
  "common.nav.horsebook",
  "common.nav.virtual",
  "common.nav.kabaddi",
  "common.nav.fantasy",
  "common.nav.sboSports",
] as const;

/** Entries whose pages later issues build (shown, but marked as coming). */
export const upcomingEntries = [
  "common.nav.lottery",
  "common.nav.promotions",
  "common.nav.referral",
  "common.nav.vip",
  "common.nav.affiliate",
  "common.nav.liveChat",
  "common.nav.ambassador",
] as const;
