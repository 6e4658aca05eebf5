/**
 * The member menu of /account. Only sections that exist are listed; later issues add theirs
 * (Funds: deposit, withdrawal; History: betting, turnover, transaction records; inbox, VIP, referral).
 */
export const accountMenu = [
  { to: "/account", key: "account.menu.profile", icon: "☺" },
  { to: "/deposit", key: "cashier.menu.deposit", icon: "+" },
  { to: "/withdrawal", key: "cashier.menu.withdrawal", icon: "−" },
  // History
  { to: "/betting-record", key: "account.menu.bettingRecord", icon: "♠" },
  { to: "/transaction-record", key: "cashier.menu.transactionRecord", icon: "≡" },
  { to: "/turnover-record", key: "cashier.menu.turnoverRecord", icon: "◔" },
  // Profile
  { to: "/profile", key: "account.menu.personalInfo", icon: "✎" },
  { to: "/reset-password", key: "account.menu.resetPassword", icon: "🔒" },
  { to: "/vip", key: "common.nav.vip", icon: "♛" },
  { to: "/refrrel-program", key: "common.nav.referral", icon: "⇄" },
  { to: "/inbox", key: "inbox.menu", icon: "✉" },
] as const;
