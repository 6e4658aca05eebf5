// Where the referral programme reads a player's turnover and deposits. Each is one SQL expression about the player
// whose id is the expression `player`, so the daily job and the figures run it inside a single statement.
import { sql, type SQL } from "drizzle-orm";

const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** Settled casino stakes (poisha) in [from, to); `from` null means since the start. */
function casinoTurnover(player: SQL, from: Date | null, to: Date): SQL {
  return sql`(select coalesce(sum(g.stake), 0) from game_rounds g
    where g.player_id = ${player} and g.status = 'settled' ${from ? sql`and g.settled_at >= ${ts(from)}` : sql``} and g.settled_at < ${ts(to)})`;
}

/**
 * The turnover sources, summed: today the casino's settled rounds (game_rounds, by settled_at). The cricket exchange
 * adds its settled bets as another function of the same shape here, and every referral figure and reward counts it.
 */
const turnoverSources = [casinoTurnover];

/** A player's settled turnover (poisha, numeric) in [from, to). */
export function settledTurnoverSql(player: SQL, from: Date | null, to: Date): SQL {
  return sql`(${sql.join(
    turnoverSources.map((source) => source(player, from, to)),
    sql` + `,
  )})`;
}

/** A player's approved deposits (poisha) reviewed before `to`. */
export function approvedDepositsSql(player: SQL, to: Date): SQL {
  return sql`(select coalesce(sum(d.amount), 0) from deposits d where d.player_id = ${player} and d.status = 'approved' and d.reviewed_at < ${ts(to)})`;
}

/** True when the player met both requirements before `to` (an active downline). */
export function isActiveSql(player: SQL, requirements: { requiredDeposit: bigint; requiredTurnover: bigint }, to: Date): SQL {
  return sql`(${approvedDepositsSql(player, to)} >= ${String(requirements.requiredDeposit)}::numeric
    and ${settledTurnoverSql(player, null, to)} >= ${String(requirements.requiredTurnover)}::numeric)`;
}
