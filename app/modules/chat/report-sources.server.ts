// The support queue for the back-office dashboard (app/modules/reporting).
import { sql, type SQL } from "drizzle-orm";

/** Open chats: queue 'chats', how many, and when the oldest was opened. */
export function openChatQueueSql(): SQL {
  return sql`select 'chats' as queue, count(*)::int as n, min(created_at) as oldest from chats where status = 'open'`;
}
