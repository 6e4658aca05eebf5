// What staff check before paying a withdrawal, for every player of a queue page in one statement.
import { sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";

/** Poisha. `held` is what open holds reserve on main (a pending withdrawal's amount); turnover is the active requirements. */
export type PlayerMoneyState = { main: bigint; held: bigint; bonus: bigint; turnoverCount: number; turnoverRemaining: bigint };

/** The players' main and bonus balances (in their own currency) and open turnover; unknown ids are left out. */
export async function playerMoneyStates(playerIds: number[], ex: Executor = db): Promise<Map<number, PlayerMoneyState>> {
  const ids = [...new Set(playerIds)].filter((id) => Number.isInteger(id) && id > 0);
  const result = new Map<number, PlayerMoneyState>();
  if (ids.length === 0) return result;
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = rowsOf<{ player_id: number; main: string; held: string; bonus: string; t_count: string; t_remaining: string }>(
    await ex.execute(sql`
      select p.id as player_id,
        (coalesce(m.posted, 0) - coalesce(m.pending, 0))::text as main,
        coalesce(m.pending, 0)::text as held,
        (coalesce(b.posted, 0) - coalesce(b.pending, 0))::text as bonus,
        coalesce(t.n, 0)::text as t_count,
        coalesce(t.remaining, 0)::text as t_remaining
      from players p
      left join ledger_accounts m on m.player_id = p.id and m.currency = p.currency and m.wallet = 'main'
      left join ledger_accounts b on b.player_id = p.id and b.currency = p.currency and b.wallet = 'bonus'
      left join (
        select player_id, count(*) as n, sum(remaining) as remaining from turnover_requirements
        where status = 'active' and player_id in (${list}) group by player_id
      ) t on t.player_id = p.id
      where p.id in (${list})`),
  );
  for (const r of rows) {
    result.set(Number(r.player_id), {
      main: BigInt(r.main),
      held: BigInt(r.held),
      bonus: BigInt(r.bonus),
      turnoverCount: Number(r.t_count),
      turnoverRemaining: BigInt(r.t_remaining),
    });
  }
  return result;
}
