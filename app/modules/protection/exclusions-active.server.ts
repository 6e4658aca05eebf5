// Whether a player is under a time-out, self-exclusion or closure right now: for log-in, sessions, the stake check
// and marketing. Kept apart from exclusions.server.ts so the session code can use it without the payout's imports.
import { and, desc, eq, gt, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#app/db/db.server.ts";
import { type ExclusionKind, playerExclusions } from "./schema.ts";

export type ActiveExclusion = { id: number; kind: ExclusionKind; startsAt: Date; endsAt: Date | null };

/** The active exclusion of the player that ends last (a permanent one first), or null. */
export async function activeExclusion(executor: Executor, playerId: number, now: Date = new Date()): Promise<ActiveExclusion | null> {
  const [row] = await executor
    .select({ id: playerExclusions.id, kind: playerExclusions.kind, startsAt: playerExclusions.startsAt, endsAt: playerExclusions.endsAt })
    .from(playerExclusions)
    .where(
      and(
        eq(playerExclusions.playerId, playerId),
        lte(playerExclusions.startsAt, now),
        or(isNull(playerExclusions.endsAt), gt(playerExclusions.endsAt, now)),
      ),
    )
    .orderBy(sql`${playerExclusions.endsAt} desc nulls first`, desc(playerExclusions.id))
    .limit(1);
  return row ?? null;
}

/**
 * SQL true when the player (a column or value) has an exclusion covering the moment `at` (a column or value):
 * for one-statement checks such as the session lookup and the marketing filters.
 */
export function excludedAt(playerId: SQL | number | { getSQL(): SQL }, at: SQL | Date | { getSQL(): SQL }): SQL {
  const moment = at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at;
  return sql`exists (select 1 from player_exclusions e where e.player_id = ${playerId} and e.starts_at <= ${moment} and (e.ends_at is null or e.ends_at > ${moment}))`;
}
