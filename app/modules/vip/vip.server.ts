// What pages and the API read about a player's VIP: the summary (level, VP, experience, next level), the VP rows
// received and used, and the monthly history. Everything is the session's own player's: no id from a URL reaches here.
import { and, count, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { DHAKA_TZ } from "#app/kernel/dhaka-time.ts";
import { listLevels, readVipSettings } from "./levels.server.ts";
import { conversionUnit, levelFor, levelName, levelProgress } from "./rules.ts";
import { vipAccounts, vipEntries, type VipEntryKind } from "./schema.ts";
import type { VipPage } from "./validation.ts";

export { accrueSettledStakes, registerVipSource, startVipAccrual, type VipSource } from "./accrual.server.ts";
export { convertPoints } from "./convert.server.ts";
export { isVipError, VipError } from "./errors.ts";
export { ensureVipDefaults, listLevels, readVipSettings } from "./levels.server.ts";
export { formatVp, levelFor, levelName } from "./rules.ts";

export type VipSummary = {
  /** `nameBn`: the Bangla name staff gave the level, if any (levelName picks the one to show). */
  level: { name: string; nameBn: string | null; ratio: number; experience: bigint } | null;
  next: { name: string; nameBn: string | null; experience: bigint } | null;
  /** cvp (hundredths of a VP) the player can convert. */
  points: bigint;
  /** cvp accrued in all. */
  experience: bigint;
  /** Percent of the way to the next level (100 at the top). */
  progress: number;
  minConvert: number;
  /** Whole VP that convert together at this level, and the poisha they give. */
  unit: { vp: bigint; poisha: bigint } | null;
};

/** The player's VIP card: used by /vip, /profile, /account and /api/user/show (vip_coin). */
export async function vipSummary(playerId: number): Promise<VipSummary> {
  const [[account], levels, settings] = await Promise.all([
    db.select().from(vipAccounts).where(eq(vipAccounts.playerId, playerId)),
    listLevels(),
    readVipSettings(),
  ]);
  const points = account?.points ?? 0n;
  const experience = account?.experience ?? 0n;
  const { level, next } = levelFor(levels, experience);
  return {
    level: level ? { name: level.name, nameBn: level.nameBn, ratio: level.ratio, experience: level.experience } : null,
    next: next ? { name: next.name, nameBn: next.nameBn, experience: next.experience } : null,
    points,
    experience,
    progress: levelProgress(experience, level, next),
    minConvert: settings.minConvert,
    unit: level ? conversionUnit(level.ratio) : null,
  };
}

/** The player's VP rows of one kind, newest first (received rows worth less than 0.01 VP are left out). */
export async function listVipEntries(playerId: number, kind: VipEntryKind, { page, size }: VipPage) {
  const where = and(eq(vipEntries.playerId, playerId), eq(vipEntries.kind, kind), gt(vipEntries.points, 0n));
  const [[total], items] = await Promise.all([
    db.select({ n: count() }).from(vipEntries).where(where),
    db
      .select()
      .from(vipEntries)
      .where(where)
      .orderBy(desc(vipEntries.id))
      .limit(size)
      .offset((page - 1) * size),
  ]);
  const n = total?.n ?? 0;
  return { items, total: n, pages: Math.max(1, Math.ceil(n / size)), page };
}

export type VipHistoryRow = { year: number; month: number; experience: bigint; level: string };

/**
 * Experience acquired per month (Asia/Dhaka), newest first, with the level reached by the end of that month, named in
 * `locale`'s language.
 */
export async function vipHistory(playerId: number, { page, size }: VipPage, locale = "en") {
  const result = await db.execute(sql`
    select extract(year from d)::int as year, extract(month from d)::int as month, exp::text as exp,
      (sum(exp) over (order by d))::text as cumulative
    from (
      select date_trunc('month', created_at at time zone ${DHAKA_TZ}) as d, sum(points) as exp
      from vip_entries where player_id = ${playerId} and kind = 'received'
      group by 1
    ) m
    order by d desc`);
  const levels = await listLevels();
  const all = rowsOf<{ year: number; month: number; exp: string; cumulative: string }>(result)
    .filter((r) => BigInt(r.exp) > 0n)
    .map((r): VipHistoryRow => {
      const { level } = levelFor(levels, BigInt(r.cumulative));
      return { year: Number(r.year), month: Number(r.month), experience: BigInt(r.exp), level: level ? levelName(level, locale) : "" };
    });
  return { items: all.slice((page - 1) * size, page * size), total: all.length, pages: Math.max(1, Math.ceil(all.length / size)), page };
}

/** For the back office's player list: the SQL of a player's VIP experience in cvp (0 before their first accrual). */
export const playerExperienceSql = (playerId: SQL): SQL =>
  sql`coalesce((select va.experience from ${vipAccounts} va where va.player_id = ${playerId}), 0)`;
