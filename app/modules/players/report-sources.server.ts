// Set-based reads for the back-office reports (app/modules/reporting): SELECTs as SQL fragments.
import { sql, type SQL } from "drizzle-orm";

/** The players who signed up in [start, end): player_id. */
export function signupsSql(start: Date, end: Date): SQL {
  return sql`select p.id as player_id from players p
    where p.created_at >= ${start.toISOString()}::timestamptz and p.created_at < ${end.toISOString()}::timestamptz`;
}

/** The first sign-up (null: no player yet): where the reports start folding. */
export function firstSignupSql(): SQL {
  return sql`select min(created_at) as at from players`;
}
