// The demo's two races (a daily and a weekly race on casino wagers, small prize tables), seeded once when the site has
// no race yet; their prize terms start with the period running at seeding.
import type { Executor } from "#app/db/db.server.ts";
import { fromWholeTaka } from "#app/kernel/money.ts";
import { periodStartOf } from "./periods.ts";
import { racePrizeTables, races } from "./schema.ts";
import { forgetRaceCache } from "./standings.server.ts";

export async function seedRacesDemo(tx: Executor, now: Date = new Date()) {
  const [any] = await tx.select({ id: races.id }).from(races).limit(1);
  if (any) return false;
  const [daily, weekly] = await tx
    .insert(races)
    .values([
      { name: "Daily casino race", nameBn: "দৈনিক ক্যাসিনো রেস", period: "daily", products: ["house", "provider"], minStake: fromWholeTaka(10) },
      { name: "Weekly race", nameBn: "সাপ্তাহিক রেস", period: "weekly", products: ["house", "provider", "exchange"], minStake: fromWholeTaka(10) },
    ])
    .returning({ id: races.id });
  const taka = (...amounts: number[]) => amounts.map((a) => String(fromWholeTaka(a)));
  await tx.insert(racePrizeTables).values([
    { raceId: daily!.id, fromPeriod: periodStartOf("daily", now), prizes: taka(500, 300, 200, 100, 100), wallet: "main", turnoverMultiplier: 0 },
    {
      raceId: weekly!.id,
      fromPeriod: periodStartOf("weekly", now),
      prizes: taka(3_000, 2_000, 1_000, 500, 500, 250, 250, 250, 250, 250),
      wallet: "bonus",
      turnoverMultiplier: 1,
    },
  ]);
  forgetRaceCache();
  return true;
}
