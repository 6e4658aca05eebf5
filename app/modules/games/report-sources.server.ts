// Set-based reads of the casino for the back-office reports (app/modules/reporting): SELECTs as SQL fragments.
import { inArray, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { games } from "./schema.ts";

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Rounds settled in [start, end) by product (house: this app's own games; provider: an aggregator's), provider and
 * game: rounds, stakes, wins (payouts). A round belongs to the day it settled, when its last money moved.
 */
export function casinoDailySql(start: Date, end: Date): SQL {
  return sql`
    select case when gp.kind = 'house' then 'house' else 'provider' end as product, r.platform as provider,
           r.game_code as game, count(*)::int as rounds, sum(r.stake)::bigint as stakes, sum(r.payout)::bigint as wins
    from game_rounds r join game_providers gp on gp.id = r.provider_id
    where r.status = 'settled' and r.settled_at >= ${ts(start)} and r.settled_at < ${ts(end)}
    group by 1, 2, 3`;
}

/** The players who opened a casino round in [start, end): player_id. */
export function casinoBettorsSql(start: Date, end: Date): SQL {
  return sql`select distinct r.player_id from game_rounds r where r.created_at >= ${ts(start)} and r.created_at < ${ts(end)}`;
}

/** Game names by code, for the reports' rows (a code two providers share shows the first name). */
export async function gameNamesOf(codes: readonly string[], ex: Executor = db): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await ex
    .select({ code: games.code, name: games.name })
    .from(games)
    .where(inArray(games.code, [...codes]))
    .orderBy(games.id);
  const names = new Map<string, string>();
  for (const r of rows) if (!names.has(r.code)) names.set(r.code, r.name);
  return names;
}
