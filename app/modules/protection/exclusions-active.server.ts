// Whether a player is under a time-out, self-exclusion or closure right now: for log-in, sessions, the stake check
// and marketing. Kept apart from exclusions.server.ts so the session code can use it without the payout's imports.
import { and, desc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#app/db/db.server.ts";
import { type ExclusionKind, playerExclusions } from "./schema.ts";

export type ActiveExclusion = { id: number; kind: ExclusionKind; startsAt: Date; endsAt: Date | null };

/**
 * A JavaScript moment has milliseconds and PostgreSQL's timestamps microseconds: an exclusion that began at
 * 10:00:00.000400 has begun for the moment 10:00:00.000 a Date taken in that same millisecond holds. So a Date is
 * compared with the start cut to whole milliseconds (the end stays exact: an exclusion still running within the
 * millisecond counts as running). Database moments (now(), a column) compare exactly.
 */
function startedBy(startsAt: SQL | { getSQL(): SQL }, at: SQL | Date | { getSQL(): SQL }): SQL {
  return at instanceof Date ? sql`date_trunc('milliseconds', ${startsAt}) <= ${at.toISOString()}::timestamptz` : sql`${startsAt} <= ${at}`;
}

function momentOf(at: SQL | Date | { getSQL(): SQL }): SQL | { getSQL(): SQL } {
  return at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at;
}

/** The active exclusion of the player that ends last (a permanent one first), or null. */
export async function activeExclusion(executor: Executor, playerId: number, now: Date = new Date()): Promise<ActiveExclusion | null> {
  const [row] = await executor
    .select({ id: playerExclusions.id, kind: playerExclusions.kind, startsAt: playerExclusions.startsAt, endsAt: playerExclusions.endsAt })
    .from(playerExclusions)
    .where(
      and(
        eq(playerExclusions.playerId, playerId),
        startedBy(playerExclusions.startsAt, now),
        or(isNull(playerExclusions.endsAt), gt(playerExclusions.endsAt, now)),
      ),
    )
    .orderBy(sql`${playerExclusions.endsAt} desc nulls first`, desc(playerExclusions.id))
    .limit(1);
  return row ?? null;
}

/**
 * SQL true when the player (a column or value) has an exclusion covering the moment `at` (a column or value):
 * for one-statement checks such as the session lookup and the marketing filters. A Date is compared as startedBy says.
 */
export function excludedAt(playerId: SQL | number | { getSQL(): SQL }, at: SQL | Date | { getSQL(): SQL }): SQL {
  const moment = momentOf(at);
  return sql`exists (select 1 from player_exclusions e where e.player_id = ${playerId} and ${startedBy(sql`e.starts_at`, at)} and (e.ends_at is null or e.ends_at > ${moment}))`;
}
