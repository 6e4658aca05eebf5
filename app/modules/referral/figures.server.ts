// What a player sees on /refrrel-program: their figures and their own reward history (never another player's).
import { and, count, desc, eq, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import type { HistoryPageSize } from "./board.ts";
import { referralRewards } from "./schema.ts";
import { getReferralSettings } from "./settings.server.ts";
import { isActiveSql } from "./sources.server.ts";

export type ReferralFigures = {
  /** Direct referrals signed up with the player's code. */
  downlines: number;
  /** Direct referrals who met both requirements. */
  activeDownlines: number;
  requiredDeposit: bigint;
  requiredTurnover: bigint;
  lifetimeRewards: bigint;
  /** Downline turnover counted in the player's daily rewards, all days. */
  referralTurnover: bigint;
  claimable: bigint;
};

export async function referralFigures(playerId: number, now = new Date()): Promise<ReferralFigures> {
  const settings = await getReferralSettings();
  const [counts] = rowsOf<{ downlines: number; active: number }>(
    await db.execute(sql`
      select count(*)::int as downlines, (count(*) filter (where ${isActiveSql(sql.raw("p.id"), settings, now)}))::int as active
      from players p where p.referred_by_id = ${playerId}`),
  );
  const [sums] = await db
    .select({
      lifetime: sql<string>`coalesce(sum(${referralRewards.reward}), 0)::text`,
      turnover: sql<string>`coalesce(sum(${referralRewards.turnover}), 0)::text`,
      claimable: sql<string>`coalesce(sum(${referralRewards.reward}) filter (where ${referralRewards.status} = 'claimable'), 0)::text`,
    })
    .from(referralRewards)
    .where(eq(referralRewards.playerId, playerId));
  return {
    downlines: counts?.downlines ?? 0,
    activeDownlines: counts?.active ?? 0,
    requiredDeposit: settings.requiredDeposit,
    requiredTurnover: settings.requiredTurnover,
    lifetimeRewards: BigInt(sums?.lifetime ?? 0),
    referralTurnover: BigInt(sums?.turnover ?? 0),
    claimable: BigInt(sums?.claimable ?? 0),
  };
}

/** The player's reward rows, newest day first. */
export async function listRewardHistory(playerId: number, { page, size }: { page: number; size: HistoryPageSize }) {
  const [total] = await db.select({ n: count() }).from(referralRewards).where(eq(referralRewards.playerId, playerId));
  const pages = Math.max(1, Math.ceil((total?.n ?? 0) / size));
  const current = Math.min(Math.max(1, page), pages);
  const items = await db
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.playerId, playerId)))
    .orderBy(desc(referralRewards.day))
    .limit(size)
    .offset((current - 1) * size);
  return { items, total: total?.n ?? 0, page: current, pages };
}
