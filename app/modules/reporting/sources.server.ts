// The reports and where each one's rows come from: every source is a SELECT offered by the module that owns the
// rows (through its front door), over [start, end) of one Dhaka day. The job folds a day by inserting the source's
// rows under that day; the dashboard reads the days the job has not closed yet from the same sources (fold on read).
import { sql, type SQL } from "drizzle-orm";
import { casinoBettorsSql, casinoDailySql } from "#app/modules/games/index.server.ts";
import { exchangeBettorsSql, exchangeDailySql } from "#app/modules/exchange/index.server.ts";
import { adjustmentsSql, bonusCostSql } from "#app/modules/ledger/index.server.ts";
import { depositorsSql, paymentsDailySql } from "#app/modules/payments/index.server.ts";
import { signupsSql } from "#app/modules/players/index.server.ts";

export type Report = { table: string; columns: readonly string[]; source: (start: Date, end: Date) => SQL };

/** The players who did something counted in [start, end), one row each. */
function playerDaySql(start: Date, end: Date): SQL {
  return sql`
    select player_id, bool_or(signed_up) as signed_up, bool_or(deposited) as deposited, bool_or(first_deposit) as first_deposit,
           bool_or(active) as active
    from (
      select player_id, true as signed_up, false as deposited, false as first_deposit, false as active from (${signupsSql(start, end)}) s
      union all select player_id, false, true, first, false from (${depositorsSql(start, end)}) d
      union all select player_id, false, false, false, true from (${casinoBettorsSql(start, end)}) c
      union all select player_id, false, false, false, true from (${exchangeBettorsSql(start, end)}) e
    ) x group by player_id`;
}

/** The same players as four sets of ids (one row; bit strings, see the migration's `report_bits`). */
function playerBitsSql(start: Date, end: Date): SQL {
  return sql`
    select report_bits(player_id) filter (where signed_up) as signed_up, report_bits(player_id) filter (where deposited) as deposited,
           report_bits(player_id) filter (where first_deposit) as first_deposit, report_bits(player_id) filter (where active) as active
    from (${playerDaySql(start, end)}) p`;
}

export const reports = {
  casino: { table: "report_casino_daily", columns: ["product", "provider", "game", "rounds", "stakes", "wins"], source: casinoDailySql },
  exchange: {
    table: "report_exchange_daily",
    columns: ["market_kind", "market_id", "matched", "commission", "house_result"],
    source: exchangeDailySql,
  },
  bonus: { table: "report_bonus_daily", columns: ["promotion_id", "cost"], source: bonusCostSql },
  adjustments: { table: "report_adjustments_daily", columns: ["direction", "count", "amount"], source: adjustmentsSql },
  payments: {
    table: "report_payments_daily",
    columns: ["kind", "method_id", "channel", "requested_count", "requested_amount", "paid_count", "paid_amount"],
    source: paymentsDailySql,
  },
  players: {
    table: "report_player_bits",
    columns: ["signed_up", "deposited", "first_deposit", "active"],
    source: playerBitsSql,
  },
} as const satisfies Record<string, Report>;

export type ReportName = keyof typeof reports;
