// What /account shows: the overview (verification tips, wallet, security, activity times, new promotions, personal
// info) and the wallet tab, all from the player's own rows (the session decides whose), plus where each desktop tab lives.
import { takaText } from "#app/kernel/money.ts";
import { getPlayerBalances } from "#app/modules/ledger/index.server.ts";
import { playerPaymentActivity, readMoneySettings } from "#app/modules/payments/index.server.ts";
import { securityLevel, type players } from "#app/modules/players/index.server.ts";
import { listNewestPromotions } from "#app/modules/promotions/index.server.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";

/**
 * The spec's desktop tabs (/account?tab=...). Each section is its own page inside the member-centre frame; the tab
 * answers with a redirect there. "profile" (or no tab, or an unknown one) is the overview, "wallet" is shown here.
 */
export const accountTabRoutes: Record<string, string> = {
  bettingRecords: "/betting-record",
  transactionRecords: "/transaction-record",
  vip: "/vip",
  resetPassword: "/reset-password",
  inbox: "/inbox",
  referralProgram: "/refrrel-program",
  deposit: "/deposit",
  withdrawal: "/withdrawal",
  turnover: "/turnover-record",
};

type Player = typeof players.$inferSelect;

export type AccountView = "overview" | "wallet";

/** Where a ?tab= value leads: a section's route, or the view this page renders. */
export function resolveAccountTab(tab: string | null): { redirect: string } | { view: AccountView } {
  if (tab && Object.hasOwn(accountTabRoutes, tab)) return { redirect: accountTabRoutes[tab]! };
  return { view: tab === "wallet" ? "wallet" : "overview" };
}

const when = (d: Date | null) => (d ? formatDhaka(d) : null);

/** Main and bonus wallet from the ledger (bonus only when the promotion wallet is on) and what pending withdrawals hold. */
export async function walletFigures(playerId: number) {
  const [balances, settings, activity] = await Promise.all([getPlayerBalances(playerId), readMoneySettings(), playerPaymentActivity(playerId)]);
  return {
    main: takaText(balances.main.available, { symbol: false }),
    mainPosted: takaText(balances.main.posted, { symbol: false }),
    held: takaText(balances.main.pending, { symbol: false }),
    pendingWithdrawals: activity.pendingWithdrawals,
    bonus: settings.promotionWallet || balances.bonus.available > 0n ? takaText(balances.bonus.available, { symbol: false }) : null,
  };
}

/** What the player still has to verify, in the order the profile page asks for it. */
export function missingVerifications(player: Pick<Player, "birthday" | "phoneVerifiedAt" | "emailVerifiedAt">) {
  const missing: Array<"birthday" | "phone" | "email"> = [];
  if (!player.birthday) missing.push("birthday");
  if (!player.phoneVerifiedAt) missing.push("phone");
  if (!player.emailVerifiedAt) missing.push("email");
  return missing;
}

export async function accountOverview(player: Player, locale: string) {
  const bn = locale === "bn";
  const [wallet, activity, promotions] = await Promise.all([walletFigures(player.id), playerPaymentActivity(player.id), listNewestPromotions(12)]);
  return {
    level: securityLevel(player),
    missing: missingVerifications(player),
    wallet,
    activity: {
      lastLogin: when(player.lastLoginAt),
      lastDeposit: when(activity.lastDepositAt),
      lastWithdrawal: when(activity.lastWithdrawalAt),
      registered: formatDhaka(player.createdAt),
    },
    promotions: promotions.map((p) => ({
      id: p.id,
      name: (bn ? p.nameBn : p.nameEn) || p.nameEn,
      percent: p.bonusPercent,
      thumbnail: p.thumbnail,
    })),
    info: {
      username: player.username,
      name: player.name,
      phone: player.phone,
      phoneVerified: !!player.phoneVerifiedAt,
      email: player.email,
      emailVerified: !!player.emailVerifiedAt,
      birthday: player.birthday ?? null,
      registeredAt: formatDhaka(player.createdAt),
      lastLoginAt: formatDhaka(player.lastLoginAt),
    },
  };
}

export type AccountOverview = Awaited<ReturnType<typeof accountOverview>>;
