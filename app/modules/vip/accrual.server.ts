// VP and experience from settled bets. Each source (the casino's settled rounds today; the exchange's settled bets
// later) lists settled stakes; a run claims those not yet accrued and posts one "received" row per bet, unique per
// (source, sourceId), so a bet accrues once even with several instances running the job at the same moment.
import { sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { readVipSettings } from "./levels.server.ts";
import { accrue } from "./rules.ts";

/** One settled bet: its stake (poisha) counts toward VP once. */
export type SettledStake = { sourceId: string; playerId: number; stake: bigint; currency: string; settledAt: Date };

/** A kind of settled bet. `settledSince` lists bets settled at or after `since`, not yet accrued, oldest first. */
export type VipSource = { name: string; settledSince(ex: Executor, since: Date, limit: number): Promise<SettledStake[]> };

type StakeRow = { source_id: string; player_id: number; stake: string | bigint; currency: string; settled_at: Date | string };
const toStake = (r: StakeRow): SettledStake => ({
  sourceId: String(r.source_id),
  playerId: Number(r.player_id),
  stake: BigInt(r.stake),
  currency: r.currency,
  settledAt: new Date(r.settled_at),
});

/** The casino: settled game rounds (house games and aggregator games alike), by their id. */
export const casinoSource: VipSource = {
  name: "casino",
  async settledSince(ex, since, limit) {
    const result = await ex.execute(sql`
      select r.id::text as source_id, r.player_id, r.stake, r.currency, r.settled_at
      from game_rounds r
      where r.status = 'settled' and r.settled_at >= ${since.toISOString()}::timestamptz and r.stake > 0
        and not exists (select 1 from vip_entries e where e.kind = 'received' and e.source = 'casino' and e.source_id = r.id::text)
      order by r.settled_at, r.id
      limit ${limit}`);
    return rowsOf<StakeRow>(result).map(toStake);
  },
};

const sources: VipSource[] = [casinoSource];

/** Adds a source of settled bets (the exchange registers its own). */
export function registerVipSource(source: VipSource) {
  if (!sources.some((s) => s.name === source.name)) sources.push(source);
}

/**
 * A bet's transaction takes its settled_at when it starts and becomes visible when it commits, so a run looks this far
 * back before the newest settlement it has seen; the anti-join skips what is already accrued.
 */
const LOOK_BACK_MS = 60 * 60_000;
const BATCH = 500;

async function markOf(source: string): Promise<Date> {
  const result = await db.execute(sql`select settled_at from vip_accrual_marks where source = ${source}`);
  const row = rowsOf<{ settled_at: Date | string }>(result)[0];
  return row ? new Date(new Date(row.settled_at).getTime() - LOOK_BACK_MS) : new Date(0);
}

async function advanceMark(source: string, settledAt: Date) {
  await db.execute(sql`
    insert into vip_accrual_marks (source, settled_at) values (${source}, ${settledAt.toISOString()}::timestamptz)
    on conflict (source) do update set settled_at = greatest(vip_accrual_marks.settled_at, excluded.settled_at), updated_at = now()`);
}

/**
 * Posts one player's stakes in one transaction. The player's VIP row is locked first, so two runs handling the same
 * player take turns; the second then sees the first's rows and skips them. Returns the rows posted.
 */
async function accruePlayer(source: string, playerId: number, stakes: SettledStake[], stakePerPoint: bigint): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into vip_accounts (player_id) values (${playerId}) on conflict do nothing`);
    const [account] = rowsOf<{ carry: string | bigint }>(
      await tx.execute(sql`select carry from vip_accounts where player_id = ${playerId} for update`),
    );
    const ids = stakes.map((s) => s.sourceId);
    const done = new Set(
      rowsOf<{ source_id: string }>(
        await tx.execute(sql`
          select source_id from vip_entries
          where kind = 'received' and source = ${source} and source_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`),
      ).map((r) => r.source_id),
    );
    let carry = BigInt(account!.carry);
    let total = 0n;
    const rows = [];
    for (const s of stakes) {
      if (done.has(s.sourceId)) continue;
      const step = accrue(s.stake, carry, stakePerPoint);
      carry = step.carry;
      total += step.points;
      rows.push(
        sql`(${playerId}, 'received', ${String(step.points)}::bigint, ${source}, ${s.sourceId}, ${String(s.stake)}::bigint, ${s.currency}, ${s.settledAt.toISOString()}::timestamptz)`,
      );
    }
    if (rows.length === 0) return 0;
    const inserted = rowsOf(
      await tx.execute(sql`
        insert into vip_entries (player_id, kind, points, source, source_id, stake, currency, created_at)
        values ${sql.join(rows, sql`, `)}
        on conflict do nothing
        returning id`),
    );
    // Under the row lock nobody else can have posted these; if it happened anyway, undo rather than count twice.
    if (inserted.length !== rows.length) throw new Error(`vip: ${rows.length - inserted.length} ${source} bets were accrued concurrently`);
    await tx.execute(sql`
      update vip_accounts set points = points + ${String(total)}::bigint, experience = experience + ${String(total)}::bigint,
        carry = ${String(carry)}::bigint, updated_at = now()
      where player_id = ${playerId}`);
    return rows.length;
  });
}

/** How long after its settlement a casino round is still watched for a rollback of one of its bets. */
const ROLLBACK_WATCH_MS = 3 * 86_400_000;

type Rolled = { player_id: number; source_id: string; points: string | bigint; stake: string | bigint };

/**
 * A provider may roll back a bet of a round already settled (the stake goes back to the player, and the turnover
 * module gives back the round's whole turnover). The VP and experience of that round are taken back the same way:
 * once per round, as a "used" row (source "rollback"), never below zero (VP already converted stay converted).
 */
export async function reverseRolledBackRounds(limit = BATCH): Promise<number> {
  const since = new Date(Date.now() - ROLLBACK_WATCH_MS).toISOString();
  const rolled = rowsOf<Rolled>(
    await db.execute(sql`
      select e.player_id, e.source_id, e.points, e.stake
      from vip_entries e join game_rounds r on r.id = e.source_id::bigint
      where e.kind = 'received' and e.source = 'casino' and e.created_at >= ${since}::timestamptz and r.stake < e.stake
        and not exists (select 1 from vip_entries x where x.kind = 'used' and x.player_id = e.player_id and x.source_id = 'casino:' || e.source_id)
      order by e.id
      limit ${limit}`),
  );
  let reversed = 0;
  for (const r of rolled) {
    const playerId = Number(r.player_id);
    const owed = BigInt(r.points);
    reversed += await db.transaction(async (tx) => {
      const [account] = rowsOf<{ points: string; experience: string }>(
        await tx.execute(sql`select points::text, experience::text from vip_accounts where player_id = ${playerId} for update`),
      );
      const take = owed < BigInt(account!.points) ? owed : BigInt(account!.points);
      const lower = owed < BigInt(account!.experience) ? owed : BigInt(account!.experience);
      const inserted = rowsOf(
        await tx.execute(sql`
          insert into vip_entries (player_id, kind, points, source, source_id, stake)
          values (${playerId}, 'used', ${String(take)}::bigint, 'rollback', ${`casino:${r.source_id}`}, ${String(r.stake)}::bigint)
          on conflict do nothing returning id`),
      );
      if (inserted.length === 0) return 0;
      await tx.execute(sql`
        update vip_accounts set points = points - ${String(take)}::bigint, experience = experience - ${String(lower)}::bigint, updated_at = now()
        where player_id = ${playerId}`);
      return 1;
    });
  }
  return reversed;
}

/** One pass over every source: posts what settled since the last pass. Returns how many bets it accrued. */
export async function accrueSettledStakes({ batch = BATCH, maxBatches = 20 } = {}): Promise<number> {
  const { stakePerPoint } = await readVipSettings();
  let posted = 0;
  for (const source of sources) {
    for (let i = 0; i < maxBatches; i++) {
      const stakes = await source.settledSince(db, await markOf(source.name), batch);
      if (stakes.length === 0) break;
      const byPlayer = new Map<number, SettledStake[]>();
      for (const s of stakes) byPlayer.set(s.playerId, [...(byPlayer.get(s.playerId) ?? []), s]);
      for (const [playerId, list] of byPlayer) posted += await accruePlayer(source.name, playerId, list, stakePerPoint);
      await advanceMark(source.name, stakes[stakes.length - 1]!.settledAt);
      if (stakes.length < batch) break;
    }
  }
  await reverseRolledBackRounds();
  return posted;
}

const log = rootLog.child({ module: "vip" });
let timer: NodeJS.Timeout | undefined;
let running = false;

/** Runs the accrual every few seconds (one pass at a time per process; other instances may run theirs). */
export function startVipAccrual(intervalMs = 5_000) {
  if (timer) return;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await accrueSettledStakes();
    } catch (e) {
      log.error({ err: e }, "the accrual job failed");
    } finally {
      running = false;
    }
  };
  timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();
}
