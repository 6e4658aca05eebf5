// Race standings: each settled wager adds its stake to the player's total for every active race that counts it, in
// the settlement's own transaction, by one upsert keyed by (race, period, player). Concurrent wagers of one player
// queue on that row, so none is lost. `reached_at` moves to the moment the total grew: equal totals rank by who
// reached them first. A page's live standings hear of a change through the event bus, at most once a second a race.
import { sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { publish } from "#app/modules/events/index.server.ts";
import { maskName } from "#app/modules/players/index.ts";
import { periodStartOf } from "./periods.ts";
import type { RaceProduct } from "./schema.ts";

/** How long an instance trusts its copy of which products any active race counts (another instance's edit). */
const CACHE_MS = 5_000;
/** A race's standings are announced at most this often (its live pages re-read them then). */
export const STANDINGS_PUSH_MS = 1_000;

type Counting = { at: number; products: Set<RaceProduct>; minStake: bigint };
let counting: Counting | undefined;

/** After a race was saved on this instance: the next wager reads the races again. */
export function forgetRaceCache() {
  counting = undefined;
}

async function whatCounts(ex: Executor): Promise<Counting> {
  if (counting && Date.now() - counting.at < CACHE_MS) return counting;
  // As JSON, so both drivers hand back an array (a text[] arrives as "{a,b}" from one of them).
  const rows = rowsOf<{ products: RaceProduct[]; min_stake: string }>(
    await ex.execute(sql`select to_json(products) as products, min_stake::text as min_stake from races where active`),
  );
  const products = new Set<RaceProduct>();
  let minStake: bigint | null = null;
  for (const r of rows) {
    for (const p of r.products) products.add(p);
    const m = BigInt(r.min_stake);
    if (minStake === null || m < minStake) minStake = m;
  }
  counting = { at: Date.now(), products, minStake: minStake ?? 0n };
  return counting;
}

const pending = new Map<number, NodeJS.Timeout>();
/** Announces a race's new standings once the wager's transaction has had time to commit (trailing, per race). */
function announce(raceId: number) {
  if (pending.has(raceId)) return;
  const timer = setTimeout(() => {
    pending.delete(raceId);
    void publish({ kind: "race", raceId });
  }, STANDINGS_PUSH_MS);
  timer.unref();
  pending.set(raceId, timer);
}

export type SettledWager = { playerId: number; stake: bigint; product: RaceProduct; at?: Date };

/**
 * Counts a settled wager (its whole stake, poisha) toward every active race of its product whose minimum stake it
 * meets, inside the settlement's transaction `ex` (a settlement happens once, so the wager counts once). Players
 * whose currency is not BDT do not race (prizes are in taka). Returns the races it counted for.
 */
export async function countWager(ex: Executor, { playerId, stake, product, at = new Date() }: SettledWager): Promise<number[]> {
  if (stake <= 0n) return [];
  const c = await whatCounts(ex);
  if (!c.products.has(product) || stake < c.minStake) return [];
  const daily = periodStartOf("daily", at);
  const weekly = periodStartOf("weekly", at);
  const rows = rowsOf<{ race_id: number }>(
    await ex.execute(sql`
      insert into race_entries (race_id, period_start, player_id, wagered, bets, reached_at)
      select r.id, case when r.period = 'daily' then ${daily}::date else ${weekly}::date end, ${playerId}, ${String(stake)}::bigint, 1, clock_timestamp()
        from races r
       where r.active and ${product} = any(r.products) and r.min_stake <= ${String(stake)}::bigint
         and exists (select 1 from players p where p.id = ${playerId} and p.currency = 'BDT')
      on conflict (race_id, period_start, player_id) do update
         set wagered = race_entries.wagered + excluded.wagered, bets = race_entries.bets + 1, reached_at = clock_timestamp()
      returning race_id`),
  );
  for (const r of rows) announce(Number(r.race_id));
  return rows.map((r) => Number(r.race_id));
}

/**
 * A settled wager rolled back by its provider (rare): its stake leaves the totals of the period it counted in, for
 * each race that counts its product and whose minimum it met (as `countWager` would have decided now), never below 0.
 * A period already paid keeps its payout. Inside the rollback's transaction.
 */
export async function uncountWager(ex: Executor, { playerId, stake, product, at }: Required<SettledWager>): Promise<number[]> {
  if (stake <= 0n) return [];
  const rows = rowsOf<{ race_id: number }>(
    await ex.execute(sql`
      update race_entries e set wagered = greatest(0, e.wagered - ${String(stake)}::bigint)
        from races r
       where r.id = e.race_id and ${product} = any(r.products) and r.min_stake <= ${String(stake)}::bigint
         and e.player_id = ${playerId}
         and e.period_start = case when r.period = 'daily' then ${periodStartOf("daily", at)}::date else ${periodStartOf("weekly", at)}::date end
      returning e.race_id`),
  );
  for (const r of rows) announce(Number(r.race_id));
  return rows.map((r) => Number(r.race_id));
}

export type Standing = { rank: number; playerId: number; name: string; wagered: bigint; bets: number };

/** The order of a period's standings: most wagered first, then who reached that total first. */
const ORDER = sql`e.wagered desc, e.reached_at asc, e.player_id asc`;

/** The top `limit` of a race period, names masked (blocked accounts left out). */
export async function topStandings(raceId: number, periodStart: string, limit: number, ex: Executor = db): Promise<Standing[]> {
  const rows = rowsOf<{ player_id: number; username: string; wagered: string; bets: number }>(
    await ex.execute(sql`
      select e.player_id, p.username, e.wagered::text as wagered, e.bets
        from race_entries e join players p on p.id = e.player_id
       where e.race_id = ${raceId} and e.period_start = ${periodStart}::date and p.status = 'active'
       order by ${ORDER}
       limit ${limit}`),
  );
  return rows.map((r, i) => ({
    rank: i + 1,
    playerId: Number(r.player_id),
    name: maskName(r.username),
    wagered: BigInt(r.wagered),
    bets: Number(r.bets),
  }));
}

/** The player's rank and total in a race period, or null when they have not wagered in it. */
export async function playerStanding(
  raceId: number,
  periodStart: string,
  playerId: number,
  ex: Executor = db,
): Promise<{ rank: number; wagered: bigint; bets: number } | null> {
  const [row] = rowsOf<{ wagered: string; bets: number; ahead: string }>(
    await ex.execute(sql`
      select me.wagered::text as wagered, me.bets,
             (select count(*) from race_entries e join players p on p.id = e.player_id
               where e.race_id = me.race_id and e.period_start = me.period_start and p.status = 'active'
                 and (e.wagered > me.wagered or (e.wagered = me.wagered and (e.reached_at < me.reached_at
                      or (e.reached_at = me.reached_at and e.player_id < me.player_id)))))::text as ahead
        from race_entries me
       where me.race_id = ${raceId} and me.period_start = ${periodStart}::date and me.player_id = ${playerId}`),
  );
  return row ? { rank: Number(row.ahead) + 1, wagered: BigInt(row.wagered), bets: Number(row.bets) } : null;
}
