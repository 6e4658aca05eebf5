// Set-based reads of the exchange for the back-office reports (app/modules/reporting): SELECTs as SQL fragments.
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { exchangeEvents, exchangeMarkets } from "./schema.ts";
import { transfersInSql } from "#app/modules/ledger/index.server.ts";

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const SETTLEMENT_KINDS = ["exchange_win", "exchange_loss", "exchange_commission", "exchange_resettle"] as const;

/**
 * Per market (kind match_odds / bookmaker / fancy, id) in [start, end): matched volume (fills made then),
 * commission and the house result (players' losses less their winnings) as the ledger posted them then; a
 * re-settlement's reversal counts against its original's kind on the day it was posted.
 */
export function exchangeDailySql(start: Date, end: Date): SQL {
  return sql`
    with money as (
      select coalesce(t.meta, t.reversed_meta)->>'marketId' as market_id,
             case when t.kind = 'exchange_resettle' then -1 else 1 end as sign,
             case when t.kind = 'exchange_resettle' then t.reversed_kind else t.kind end as kind,
             t.amount
      from (${transfersInSql(start, end, SETTLEMENT_KINDS)}) t
    ), by_market as (
      select market_id::int as market_id,
             sum(case when kind = 'exchange_commission' then sign * amount else 0 end)::bigint as commission,
             sum(case when kind = 'exchange_loss' then sign * amount when kind = 'exchange_win' then -sign * amount else 0 end)::bigint as house_result
      from money where market_id is not null group by 1
    ), fills as (
      select f.market_id, sum(f.size)::bigint as matched from exchange_fills f
      where f.created_at >= ${ts(start)} and f.created_at < ${ts(end)} group by 1
    )
    select m.kind as market_kind, m.id as market_id, coalesce(f.matched, 0)::bigint as matched,
           coalesce(b.commission, 0)::bigint as commission, coalesce(b.house_result, 0)::bigint as house_result
    from (select market_id from by_market union select market_id from fills) ids
    join exchange_markets m on m.id = ids.market_id
    left join by_market b on b.market_id = ids.market_id
    left join fills f on f.market_id = ids.market_id`;
}

/** The players who placed an exchange bet in [start, end): player_id. */
export function exchangeBettorsSql(start: Date, end: Date): SQL {
  return sql`select distinct o.player_id from exchange_orders o where o.placed_at >= ${ts(start)} and o.placed_at < ${ts(end)}`;
}

/** Each market's event and market name by market id, for the reports' rows. */
export async function marketLabelsOf(ids: readonly number[], ex: Executor = db): Promise<Map<number, { event: string; market: string }>> {
  if (!ids.length) return new Map();
  const rows = await ex
    .select({ id: exchangeMarkets.id, market: exchangeMarkets.name, event: exchangeEvents.name })
    .from(exchangeMarkets)
    .innerJoin(exchangeEvents, eq(exchangeEvents.id, exchangeMarkets.eventId))
    .where(inArray(exchangeMarkets.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { event: r.event, market: r.market }]));
}
