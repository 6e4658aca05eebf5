// An exclusion begun within the millisecond a JavaScript moment holds has begun at that moment: PostgreSQL keeps
// microseconds and a Date only milliseconds, and the session lookup and the inbox's marketing filter pass a Date.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { createTestPlayer } from "#tests/kit/index.ts";
import { activeExclusion, excludedAt } from "./exclusions-active.server.ts";
import { playerExclusions } from "./schema.ts";

/** A player whose time-out starts `micros` microseconds after the moment `at` (a whole millisecond). */
async function timeOutAfter(at: Date, micros: number, hours = 1) {
  const playerId = await createTestPlayer();
  await db.insert(playerExclusions).values({
    playerId,
    kind: "timeout",
    startsAt: sql`${at.toISOString()}::timestamptz + ${`${micros} microseconds`}::interval`,
    endsAt: new Date(at.getTime() + hours * 3_600_000),
  });
  return playerId;
}

async function excluded(playerId: number, at: Date) {
  const [row] = await db
    .select({ excluded: excludedAt(playerId, at) })
    .from(players)
    .where(eq(players.id, playerId));
  return row!.excluded;
}

describe("excludedAt and activeExclusion with a JavaScript moment", () => {
  it("read an exclusion begun later in the same millisecond as begun", async () => {
    const at = new Date(Date.UTC(2026, 10, 29, 4, 0, 0, 123));
    const playerId = await timeOutAfter(at, 400);
    expect(await excluded(playerId, at)).toBe(true);
    expect(await activeExclusion(db, playerId, at)).toMatchObject({ kind: "timeout" });
  });

  it("still read one beginning in a later millisecond as not begun, and one ended as over", async () => {
    const at = new Date(Date.UTC(2026, 10, 29, 4, 0, 0, 123));
    const later = await timeOutAfter(at, 1_000);
    expect(await excluded(later, at)).toBe(false);
    expect(await activeExclusion(db, later, at)).toBeNull();
    const ended = await timeOutAfter(new Date(at.getTime() - 7_200_000), 0);
    expect(await excluded(ended, at)).toBe(false);
    expect(await activeExclusion(db, ended, at)).toBeNull();
  });

  it("compare database moments exactly", async () => {
    const at = new Date(Date.UTC(2026, 10, 29, 4, 0, 0, 123));
    const playerId = await timeOutAfter(at, 400);
    const [row] = await db
      .select({
        before: excludedAt(playerId, sql`${at.toISOString()}::timestamptz`),
        after: excludedAt(playerId, sql`${at.toISOString()}::timestamptz + interval '500 microseconds'`),
      })
      .from(players)
      .where(eq(players.id, playerId));
    expect(row).toEqual({ before: false, after: true });
  });
});
