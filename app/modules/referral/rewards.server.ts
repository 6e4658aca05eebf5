// The daily referral reward job. After midnight in Dhaka it computes, for every player, the previous day's reward
// from the settled turnover of their active downlines (three levels), and catches up any days it missed.
// Each day is one transaction under a per-day advisory lock that ends by listing the day in referral_reward_days,
// and rewards are unique per (player, day): running twice, on several instances at once, or again after a crash
// (the unfinished transaction rolled back) never pays a day twice.
import { desc, eq, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { addDays, dhakaDayBounds, dhakaDayKey } from "#app/kernel/dhaka-time.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { rewardFor } from "./board.ts";
import { referralRewardDays, referralRewards } from "./schema.ts";
import { getReferralSettings } from "./settings.server.ts";
import { isActiveSql, settledTurnoverSql } from "./sources.server.ts";

/** Rounds settling just before midnight may commit a moment after it; a day is computed this long after it ends. */
export const SETTLE_GRACE_MS = 10 * 60_000;
/** The first key of the job's two-key advisory locks (the second is the day number). */
const log = rootLog.child({ module: "referral" });
const LOCK_SPACE = 7240801;
const INSERT_CHUNK = 500;

type LevelRow = { earner: number; l1: string; l2: string; l3: string };

/**
 * Every earner's turnover per level for a day: the day's settled turnover of each referred player who was active
 * (met both requirements) by the end of the day, credited to their referrer (level 1), that one's referrer (2) and
 * the next (3), when the earner plays in the same currency. Only referred players are visited, each through the game_rounds (player, status, settled_at) index.
 */
async function levelTurnovers(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], day: string) {
  const settings = await getReferralSettings(tx);
  const { start: from, end: to } = dhakaDayBounds(day);
  const p = sql.raw("p.id");
  const rows = rowsOf<LevelRow>(
    await tx.execute(sql`
      with day_turnover as (
        select p.id, p.referred_by_id as parent, p.currency, ${settledTurnoverSql(p, from, to)} as amount
        from players p where p.referred_by_id is not null
      ),
      active as (
        select d.parent, d.currency, d.amount from day_turnover d join players p on p.id = d.id
        where d.amount > 0 and ${isActiveSql(p, settings, to)}
      ),
      -- Each earner counts only downlines playing in the earner's own currency (their rewards are paid in it).
      credited as (
        select e.id as earner, 1 as level, a.amount from active a
          join players e on e.id = a.parent and e.currency = a.currency
        union all
        select e.id, 2, a.amount from active a join players up1 on up1.id = a.parent
          join players e on e.id = up1.referred_by_id and e.currency = a.currency
        union all
        select e.id, 3, a.amount from active a join players up1 on up1.id = a.parent join players up2 on up2.id = up1.referred_by_id
          join players e on e.id = up2.referred_by_id and e.currency = a.currency
      )
      select earner,
        coalesce(sum(amount) filter (where level = 1), 0)::text as l1,
        coalesce(sum(amount) filter (where level = 2), 0)::text as l2,
        coalesce(sum(amount) filter (where level = 3), 0)::text as l3
      from credited group by earner order by earner`),
  );
  return { settings, rows };
}

export type DayResult = { day: string; computed: boolean; players: number; totalReward: bigint };

/** Computes one Dhaka day's rewards, unless that day is already done. */
export async function computeRewardsForDay(day: string): Promise<DayResult> {
  const dayNumber = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int4, ${dayNumber}::int4)`);
    const [done] = await tx.select().from(referralRewardDays).where(eq(referralRewardDays.day, day));
    if (done) return { day, computed: false, players: done.players, totalReward: done.totalReward };
    // One statement over every referred player: its cost estimate is high enough to trigger JIT compilation, which
    // costs seconds and saves nothing on these index lookups.
    await tx.execute(sql`set local jit = off`);
    const { settings, rows } = await levelTurnovers(tx, day);
    const values = rows.map((r) => {
      const levels = [BigInt(r.l1), BigInt(r.l2), BigInt(r.l3)] as const;
      const { turnover, tab, reward } = rewardFor(settings.board, levels);
      return {
        playerId: Number(r.earner),
        day,
        level1Turnover: levels[0],
        level2Turnover: levels[1],
        level3Turnover: levels[2],
        turnover,
        tabAbove: tab ? BigInt(tab.above) : null,
        ratesPpm: tab ? tab.ratesPpm : null,
        reward,
        status: reward > 0n ? ("claimable" as const) : ("below" as const),
      };
    });
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      await tx
        .insert(referralRewards)
        .values(values.slice(i, i + INSERT_CHUNK))
        .onConflictDoNothing();
    }
    const totalReward = values.reduce((sum, v) => sum + v.reward, 0n);
    await tx.insert(referralRewardDays).values({ day, players: values.length, totalReward });
    return { day, computed: true, players: values.length, totalReward };
  });
}

/** The last Dhaka day that may be computed at `now`: yesterday, once the grace after midnight has passed. */
export function lastDueDay(now: Date): string {
  return dhakaDayKey(now.getTime() - SETTLE_GRACE_MS - 86_400_000);
}

/**
 * Computes every due day not yet done, oldest first: the days after the last finished one up to yesterday (a
 * server that was down catches up); on a new install only yesterday. Stops at the first failure, so no gap is left.
 */
export async function runDueReferralRewards(now = new Date()): Promise<DayResult[]> {
  const last = lastDueDay(now);
  const [latest] = await db.select({ day: referralRewardDays.day }).from(referralRewardDays).orderBy(desc(referralRewardDays.day)).limit(1);
  const results: DayResult[] = [];
  for (let day = latest ? addDays(latest.day, 1) : last; day <= last; day = addDays(day, 1)) {
    results.push(await computeRewardsForDay(day));
  }
  return results;
}

const JOB_INTERVAL_MS = 5 * 60_000;
let timer: NodeJS.Timeout | undefined;
let running = false;

/** Started with the server (app/startup/startup.server.ts): checks every few minutes whether a day became due. */
export function startReferralRewards() {
  if (timer) return;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      for (const r of await runDueReferralRewards()) {
        if (r.computed) log.info(`${r.day}: ${r.players} players, ${r.totalReward} poisha in rewards`);
      }
    } catch (e) {
      log.error({ err: e }, "the daily reward job failed; it retries in a few minutes");
    } finally {
      running = false;
    }
  };
  timer = setInterval(() => void run(), JOB_INTERVAL_MS);
  timer.unref();
  void run();
}

/** The last finished day, for the back office. */
export async function lastComputedDay() {
  const [row] = await db.select().from(referralRewardDays).orderBy(desc(referralRewardDays.day)).limit(1);
  return row;
}
