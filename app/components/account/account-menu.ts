/**
 * The member menu of /account and of every member-centre section, in the spec's groups (Funds, History, Profile;
 * Contact Us and Log out follow it). One entry per line: each issue adds its own.
 * `badge` names a figure the page may show beside the entry (the inbox's unread count, the player's VIP points).
 */
export type AccountMenuGroup = "overview" | "funds" | "history" | "profile";
export type AccountMenuBadge = "unread" | "vipPoints";
export type AccountMenuEntry = { group: AccountMenuGroup; to: string; key: string; icon: string; badge?: AccountMenuBadge };

export const accountMenuGroups = ["overview", "funds", "history", "profile"] as const satisfies readonly AccountMenuGroup[];

export const accountMenu = [
  { group: "overview", to: "/account", key: "account.menu.profile", icon: "☺" },
  { group: "funds", to: "/deposit", key: "paymentPages.menu.deposit", icon: "+" },
  { group: "funds", to: "/withdrawal", key: "paymentPages.menu.withdrawal", icon: "−" },
  { group: "funds", to: "/account?tab=wallet", key: "account.menu.wallet", icon: "৳" },
  { group: "history", to: "/betting-record", key: "account.menu.bettingRecord", icon: "♠" },
  { group: "history", to: "/turnover-record", key: "paymentPages.menu.turnoverRecord", icon: "◔" },
  { group: "history", to: "/transaction-record", key: "paymentPages.menu.transactionRecord", icon: "≡" },
  { group: "profile", to: "/profile", key: "account.menu.personalInfo", icon: "☻" },
  { group: "profile", to: "/reset-password", key: "account.menu.resetPassword", icon: "🔒" },
  { group: "profile", to: "/inbox", key: "account.menu.inbox", icon: "✉", badge: "unread" },
  { group: "profile", to: "/refrrel-program", key: "account.menu.referral", icon: "⇄" },
  { group: "profile", to: "/vip", key: "account.menu.vip", icon: "♛", badge: "vipPoints" },
  { group: "profile", to: "/account/verification", key: "account.menu.verification", icon: "✓" },
  { group: "profile", to: "/account/responsible-gaming", key: "account.menu.responsibleGaming", icon: "⛉" },
] as const satisfies readonly AccountMenuEntry[];
