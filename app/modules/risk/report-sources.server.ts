// The risk queue for the back-office dashboard (app/modules/reporting).
import { sql, type SQL } from "drizzle-orm";

/** Open player reviews: queue 'reviews', how many, and when the oldest was opened. */
export function openReviewQueueSql(): SQL {
  return sql`select 'reviews' as queue, count(*)::int as n, min(created_at) as oldest from player_reviews where status = 'open'`;
}
