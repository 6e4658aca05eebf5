// Net deposits (RTS 1): money the player paid in minus money paid out to them, over the last 30 days, the last
// 12 months and the account's lifetime. Only money that moved counts: an approved deposit was credited and an
// approved withdrawal was paid (it carries the payout reference). A pending deposit was not credited yet, a
// pending withdrawal is only held, and a rejected one of either kind moved nothing. Dated by the review, when
// the money moved.
import { sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { deposits, withdrawals } from "#app/modules/payments/index.server.ts";

export type NetDepositWindow = { deposits: bigint; withdrawals: bigint; net: bigint };
export type NetDeposits = { days30: NetDepositWindow; months12: NetDepositWindow; lifetime: NetDepositWindow };

const windowOf = (d: string | null, w: string | null): NetDepositWindow => {
  const dep = BigInt(d ?? 0);
  const wd = BigInt(w ?? 0);
  return { deposits: dep, withdrawals: wd, net: dep - wd };
};

/** One query over the player's approved deposits and withdrawals, summed per window. */
export async function netDeposits(playerId: number, now = new Date()): Promise<NetDeposits> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with moved as (
      select 'd' as kind, ${deposits.amount} as amount, ${deposits.reviewedAt} as at from ${deposits}
        where ${deposits.playerId} = ${playerId} and ${deposits.status} = 'approved'
      union all
      select 'w', ${withdrawals.amount}, ${withdrawals.reviewedAt} from ${withdrawals}
        where ${withdrawals.playerId} = ${playerId} and ${withdrawals.status} = 'approved'
    )
    select
      sum(amount) filter (where kind = 'd' and at > ${at}::timestamptz - interval '30 days' and at <= ${at}::timestamptz)::text as d30,
      sum(amount) filter (where kind = 'w' and at > ${at}::timestamptz - interval '30 days' and at <= ${at}::timestamptz)::text as w30,
      sum(amount) filter (where kind = 'd' and at > ${at}::timestamptz - interval '12 months' and at <= ${at}::timestamptz)::text as d12,
      sum(amount) filter (where kind = 'w' and at > ${at}::timestamptz - interval '12 months' and at <= ${at}::timestamptz)::text as w12,
      sum(amount) filter (where kind = 'd' and at <= ${at}::timestamptz)::text as dall,
      sum(amount) filter (where kind = 'w' and at <= ${at}::timestamptz)::text as wall
    from moved`);
  const row = rowsOf<Record<string, string | null>>(result)[0];
  return {
    days30: windowOf(row?.d30 ?? null, row?.w30 ?? null),
    months12: windowOf(row?.d12 ?? null, row?.w12 ?? null),
    lifetime: windowOf(row?.dall ?? null, row?.wall ?? null),
  };
}

export const netDepositWindows = ["days30", "months12", "lifetime"] as const;
export type NetDepositsText = Record<(typeof netDepositWindows)[number], { deposits: string; withdrawals: string; net: string }>;

/** The player's net deposits as the pages show them: ৳ amounts, the net signed. */
export async function netDepositsText(playerId: number, now = new Date()): Promise<NetDepositsText> {
  const n = await netDeposits(playerId, now);
  const text = (w: NetDepositWindow) => ({
    deposits: takaText(w.deposits),
    withdrawals: takaText(w.withdrawals),
    net: takaText(w.net, { plus: true }),
  });
  return { days30: text(n.days30), months12: text(n.months12), lifetime: text(n.lifetime) };
}
