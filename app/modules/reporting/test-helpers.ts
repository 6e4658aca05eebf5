// Generated activity for the reporting tests and `npm run bench:admin`: players, settled casino rounds, exchange bets
// with fills and settlement postings, approved deposits (with some bonuses) and paid withdrawals, spread over
// [start, end) by set-based SQL (generate_series). The ledger rows are inserted set-based with their times (transfers
// only: no entries and no balance updates, which no report reads), so the figures are checkable against the ledger
// exactly as the reports read it. Times are deterministic: row i falls at start + (i·7919 + salt) mod span seconds;
// rows are inserted in time order, as a live site writes them (a day's rows sit together on disk).
import { sql } from "drizzle-orm";
import type { Executor } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { reports } from "./sources.server.ts";

export type Generated = { tag: string; methodId: number; providers: string[]; playerIds: [number, number] };

let seq = 0;

/** Inserts the activity; returns what it created. `minutesToSettle` moves a round's settlement and a deposit's approval later. */
export async function generateActivity(
  ex: Executor,
  {
    start,
    end,
    players = 200,
    rounds = 2_000,
    bets = 400,
    deposits = 300,
    withdrawals = 100,
    adjustments = 20,
    markets = 12,
    minutesToSettle = 5,
    existingPlayers,
  }: {
    start: Date;
    end: Date;
    players?: number;
    rounds?: number;
    bets?: number;
    deposits?: number;
    withdrawals?: number;
    /** Staff's manual adjustments: every third a debit from the player, the rest credits. */
    adjustments?: number;
    markets?: number;
    minutesToSettle?: number;
    /** Spread the activity over these players (ids lo..hi, from an earlier call) instead of inserting new ones. */
    existingPlayers?: [number, number];
  },
): Promise<Generated> {
  const tag = `${process.pid.toString(36)}${Date.now().toString(36)}${++seq}`.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const span = Math.max(1, Math.floor((end.getTime() - start.getTime()) / 1000));
  const s = sql`${start.toISOString()}::timestamptz`;
  const at = (i: string, salt: number) => sql.raw(`(${i}::bigint * 7919 + ${salt}) % ${span}`);
  const later = sql.raw(`make_interval(mins => ${minutesToSettle})`);
  const exec = (q: ReturnType<typeof sql>) => ex.execute(q);

  const [first] = existingPlayers
    ? [{ lo: existingPlayers[0], hi: existingPlayers[1] }]
    : rowsOf<{ lo: number; hi: number }>(
        await exec(sql`
      with ins as (
        insert into players (username, password_hash, phone, email, referral_code, created_at, updated_at)
        select ${`rp${tag}_`} || i, 'x', '017' || lpad(i::text, 8, '0'), ${`rp${tag}_`} || i || '@example.test', ${`R${tag}`} || i,
               ${s} + make_interval(secs => ${at("i", 11)}), now()
        from generate_series(1, ${players}) i order by ${at("i", 11)} returning id)
      select min(id) as lo, max(id) as hi from ins`),
      );
  const lo = Number(first!.lo);
  const hi = Number(first!.hi);
  const pidText = (i: string) => `(${lo} + (${i}::bigint * 2654435761 % ${hi - lo + 1}))::int`;
  const pid = (i: string) => sql.raw(pidText(i));

  // Ledger accounts: each player's main, the house's.
  await exec(sql`
    insert into ledger_accounts (code, currency, player_id, wallet)
    select 'player:' || id || ':main', 'BDT', id, 'main' from players where id between ${lo} and ${hi}
    on conflict do nothing`);
  const [method] = rowsOf<{ id: number }>(await exec(sql`insert into payment_methods (name, icon) values (${`Gen${tag}`}, '/x.svg') returning id`));
  const methodId = Number(method!.id);
  await exec(sql`
    insert into ledger_accounts (code, currency, allow_negative) values
      (${`clearing:deposits:${methodId}`}, 'BDT', true), (${`clearing:payouts:${methodId}`}, 'BDT', true),
      ('expense:bonus', 'BDT', true), ('house:exchange', 'BDT', true), ('income:exchange-commission', 'BDT', true),
      ('house:adjustments', 'BDT', true)
    on conflict do nothing`);
  const acct = (code: string) => sql`(select id from ledger_accounts where code = ${code} and currency = 'BDT')`;
  const playerMain = (p: string) => sql.raw(`(select id from ledger_accounts where code = 'player:' || ${p} || ':main' and currency = 'BDT')`);

  // Casino: one house and one aggregator provider; settled rounds over 20 games each.
  const providers = [`H${tag}`.slice(0, 20), `A${tag}`.slice(0, 20)];
  await exec(
    sql`insert into game_providers (platform, name, kind) values (${providers[0]}, ${providers[0]}, 'house'), (${providers[1]}, ${providers[1]}, 'aggregator')`,
  );
  await exec(sql`
    insert into game_rounds (provider_id, player_id, round_id, game_code, game_type, platform, currency, stake, payout, status, created_at, settled_at)
    select gp.id, ${pid("i")}, 'r' || i, 'g' || (i % 20), 'slot', gp.platform, 'BDT', (1 + i % 50) * 1000,
           case when i % 3 = 0 then (1 + i % 50) * 1900 else 0 end, 'settled', t, t + ${later}
    from generate_series(1, ${rounds}) i
    cross join lateral (select ${s} + make_interval(secs => ${at("i", 23)}) as t) tt
    join game_providers gp on gp.platform = case when i % 2 = 0 then ${providers[0]} else ${providers[1]} end
    order by tt.t`);

  // Exchange: markets of the three kinds, one runner each; back bets, each matched against the previous order of
  // its market; every bet settled at once: a win (with 2% commission) or a loss against house:exchange.
  const [event] = rowsOf<{ id: number }>(
    await exec(sql`insert into exchange_events (sport, competition, name, starts_at) values ('cricket', 'Gen', ${`Gen ${tag}`}, ${s}) returning id`),
  );
  await exec(sql`
    insert into exchange_markets (event_id, kind, name)
    select ${event!.id}, (array['match_odds', 'bookmaker', 'fancy'])[1 + k % 3], 'M' || k from generate_series(0, ${markets - 1}) k`);
  await exec(sql`insert into exchange_runners (market_id, name) select id, 'R' from exchange_markets where event_id = ${event!.id}`);
  await exec(sql`
    insert into exchange_orders (market_id, runner_id, player_id, side, tick, size, matched, matched_return, status, request_key, placed_at, profit)
    select m.id, r.id, ${pid("i")}, 'back', 200, (1 + i % 20) * 10000, (1 + i % 20) * 10000, (1 + i % 20) * 20000, 'matched', ${`gen${tag}-`} || i,
           ${s} + make_interval(secs => ${at("i", 37)}), case when i % 2 = 0 then (1 + i % 20) * 10000 else -(1 + i % 20) * 10000 end
    from generate_series(1, ${bets}) i
    join lateral (select id from exchange_markets where event_id = ${event!.id} order by id offset (i % ${markets}) limit 1) m on true
    join exchange_runners r on r.market_id = m.id
    order by ${at("i", 37)}`);
  await exec(sql`
    insert into exchange_fills (market_id, runner_id, taker_order_id, maker_order_id, tick, size, created_at)
    select o.market_id, o.runner_id, o.id, coalesce(lag(o.id) over (partition by o.market_id order by o.id), o.id), 200, o.size, o.placed_at
    from exchange_orders o join exchange_markets m on m.id = o.market_id where m.event_id = ${event!.id}
    order by o.placed_at`);
  await exec(sql`
    insert into ledger_transfers (key, phase, debit_account_id, credit_account_id, amount, currency, kind, meta, created_at)
    select ${`gen:${tag}:x:`} || o.id || ':pnl', 'single',
           case when o.profit > 0 then ${acct("house:exchange")} else ${playerMain("o.player_id")} end,
           case when o.profit > 0 then ${playerMain("o.player_id")} else ${acct("house:exchange")} end,
           abs(o.profit), 'BDT', case when o.profit > 0 then 'exchange_win' else 'exchange_loss' end,
           jsonb_build_object('marketId', o.market_id), o.placed_at + ${later}
    from exchange_orders o join exchange_markets m on m.id = o.market_id where m.event_id = ${event!.id}
    union all
    select ${`gen:${tag}:x:`} || o.id || ':commission', 'single', ${playerMain("o.player_id")}, ${acct("income:exchange-commission")},
           o.profit * 2 / 100, 'BDT', 'exchange_commission', jsonb_build_object('marketId', o.market_id), o.placed_at + ${later}
    from exchange_orders o join exchange_markets m on m.id = o.market_id where m.event_id = ${event!.id} and o.profit > 0
    order by 9`);

  // Deposits: submitted, approved minutesToSettle later (the ledger credits then); every fifth with a bonus.
  await exec(sql`
    insert into deposits (player_id, method_id, channel_type, amount, currency, sender_number, trx_id, status, bonus_amount, idempotency_key, reviewed_at, created_at, updated_at)
    select ${pid("i")}, ${methodId}, case when i % 2 = 0 then 'Agent' else 'Personal' end, (5 + i % 40) * 10000, 'BDT', '01700000000',
           ${`T${tag}`} || i, 'approved', case when i % 5 = 0 then 5000 else 0 end, ${`gen${tag}-`} || i, t + ${later}, t, t + ${later}
    from generate_series(1, ${deposits}) i cross join lateral (select ${s} + make_interval(secs => ${at("i", 41)}) as t) tt
    order by tt.t`);
  await exec(sql`
    insert into ledger_transfers (key, phase, debit_account_id, credit_account_id, amount, currency, kind, meta, created_at)
    select 'deposit:' || d.id || ':main', 'single', ${acct(`clearing:deposits:${methodId}`)}, ${playerMain("d.player_id")}, d.amount, 'BDT', 'deposit',
           jsonb_build_object('depositId', d.id, 'trxId', d.trx_id), d.reviewed_at
    from deposits d where d.method_id = ${methodId}
    union all
    select 'deposit:' || d.id || ':bonus', 'single', ${acct("expense:bonus")}, ${playerMain("d.player_id")}, d.bonus_amount, 'BDT', 'bonus',
           jsonb_build_object('depositId', d.id), d.reviewed_at
    from deposits d where d.method_id = ${methodId} and d.bonus_amount > 0
    order by 9`);

  // Withdrawals: a hold when requested, posted (paid) minutesToSettle later.
  await exec(sql`
    with w as (
      select i, ${pid("i")} as player_id, (2 + i % 10) * 10000 as amount, ${s} + make_interval(secs => ${at("i", 53)}) as t
      from generate_series(1, ${withdrawals}) i
    ), holds as (
      insert into ledger_transfers (key, phase, debit_account_id, credit_account_id, amount, currency, kind, created_at)
      select ${`gen:${tag}:w:`} || i || ':hold', 'pending', ${playerMain("w.player_id")}, ${acct(`clearing:payouts:${methodId}`)}, amount, 'BDT', 'withdrawal', t
      from w returning id, key, amount, created_at
    )
    insert into withdrawals (player_id, method_id, amount, currency, account_number, hold_transfer_id, status, payout_reference, idempotency_key, reviewed_at, created_at, updated_at)
    select w.player_id, ${methodId}, w.amount, 'BDT', '01700000000', h.id, 'approved', 'P' || w.i, ${`gen${tag}-`} || w.i, w.t + ${later}, w.t, w.t + ${later}
    from w join holds h on h.key = ${`gen:${tag}:w:`} || w.i || ':hold'`);
  await exec(sql`
    insert into ledger_transfers (key, phase, debit_account_id, credit_account_id, amount, currency, kind, pending_id, created_at)
    select 'withdrawal:' || w.id || ':post', 'post_pending', h.debit_account_id, h.credit_account_id, w.amount, 'BDT', 'withdrawal', h.id, w.reviewed_at
    from withdrawals w join ledger_transfers h on h.id = w.hold_transfer_id where w.method_id = ${methodId}`);

  // Manual adjustments (as payments/adjustments.server.ts posts them): credits out of house:adjustments, debits into it.
  await exec(sql`
    insert into ledger_transfers (key, phase, debit_account_id, credit_account_id, amount, currency, kind, meta, created_at)
    select ${`gen:${tag}:a:`} || i, 'single',
           case when i % 3 = 0 then ${playerMain(pidText("i"))} else ${acct("house:adjustments")} end,
           case when i % 3 = 0 then ${acct("house:adjustments")} else ${playerMain(pidText("i"))} end,
           (1 + i % 7) * 10000, 'BDT', 'adjustment', '{}'::jsonb, ${s} + make_interval(secs => ${at("i", 61)})
    from generate_series(1, ${adjustments}) i order by 9`);

  return { tag, methodId, providers, playerIds: [lo, hi] };
}

/** Every daily table's rows as sorted JSON lines (tests compare two states of the tables). */
export async function reportSnapshot(ex: Executor): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of [...Object.values(reports).map((r) => r.table), "report_retention_daily"])
    out[table] = rowsOf(await ex.execute(sql`select * from ${sql.raw(table)} order by 1`))
      .map((r) => JSON.stringify(r))
      .sort();
  return out;
}
