// What /races shows: each active race's current period (Dhaka), the time left, its prize table, the top of the
// standings with masked names, the player's own rank and wager, and the winners of its last paid periods.
import { desc, eq, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { maskName } from "#app/modules/players/index.ts";
import { periodBounds, periodStartOf } from "./periods.ts";
import { prizeTermsFor, upcomingTerms } from "./races.server.ts";
import { racePayouts, races } from "./schema.ts";
import { playerStanding, topStandings } from "./standings.server.ts";

export const TOP_N = 10;
const PAST_PERIODS = 3;

export type RaceView = Awaited<ReturnType<typeof racesPageData>>[number];

export async function racesPageData(playerId: number | null, now: Date = new Date()) {
  const list = await db.select().from(races).where(eq(races.active, true)).orderBy(races.period, races.id);
  return Promise.all(
    list.map(async (race) => {
      const periodStart = periodStartOf(race.period, now);
      const bounds = periodBounds(race.period, periodStart);
      const [terms, next, top, mine, past] = await Promise.all([
        prizeTermsFor(race.id, periodStart),
        upcomingTerms(race.id, periodStart),
        topStandings(race.id, periodStart, TOP_N),
        playerId ? playerStanding(race.id, periodStart, playerId) : Promise.resolve(null),
        pastWinners(race.id),
      ]);
      return {
        id: race.id,
        name: race.name,
        nameBn: race.nameBn,
        period: race.period,
        products: race.products,
        minStake: race.minStake,
        periodStart,
        endsAt: bounds.end,
        terms,
        next,
        top,
        mine,
        past,
      };
    }),
  );
}

/** The winners of the race's last paid periods, newest first (masked names). */
async function pastWinners(raceId: number) {
  const periods = await db
    .select({ periodStart: racePayouts.periodStart })
    .from(racePayouts)
    .where(eq(racePayouts.raceId, raceId))
    .orderBy(desc(racePayouts.periodStart))
    .limit(PAST_PERIODS);
  if (!periods.length) return [];
  const rows = rowsOf<{ period_start: string; rank: number; amount: string; username: string }>(
    await db.execute(sql`
      select to_char(z.period_start, 'YYYY-MM-DD') as period_start, z.rank, z.amount::text as amount, p.username
        from race_prizes z join players p on p.id = z.player_id
       where z.race_id = ${raceId} and z.period_start in (${sql.join(
         periods.map((p) => sql`${p.periodStart}::date`),
         sql`, `,
       )})
       order by z.period_start desc, z.rank`),
  ).map((r) => ({ periodStart: r.period_start, rank: Number(r.rank), amount: BigInt(r.amount), username: r.username }));
  return periods.map((p) => ({
    periodStart: p.periodStart,
    winners: rows.filter((r) => r.periodStart === p.periodStart).map((r) => ({ rank: r.rank, name: maskName(r.username), amount: r.amount })),
  }));
}
