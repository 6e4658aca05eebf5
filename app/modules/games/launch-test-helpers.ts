// Shared by the launch tests (not a test file itself): providers of each kind with one game each.
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { AGGREGATOR_BASE_URL, AGGREGATOR_OPERATOR_ID, AGGREGATOR_SECRET } from "#tests/mocks/aggregator.ts";
import { ensureHouseGames } from "./house/test-helpers.ts";
import { gameProviders, games } from "./schema.ts";

export const HTTP_GAME = "AGGT-SLOT-LUCKY-TEST";
export const SIM_GAME = "SIMT-SLOT-DEMO-SPIN";
export const DICE_GAME = "HOUSE-ARCADE-DICE";

async function provider(platform: string, values: Partial<typeof gameProviders.$inferInsert>) {
  const [existing] = await db.select().from(gameProviders).where(eq(gameProviders.platform, platform));
  return (
    existing ??
    (
      await db
        .insert(gameProviders)
        .values({ platform, name: platform, kind: "aggregator", ...values })
        .returning()
    )[0]!
  );
}

/** The house games, an HTTP aggregator at the msw mock and a provider without base URL (the simulated aggregator). */
export async function ensureLaunchProviders() {
  await ensureHouseGames();
  const http = await provider("AGGT", { baseUrl: AGGREGATOR_BASE_URL, operatorId: AGGREGATOR_OPERATOR_ID, secret: AGGREGATOR_SECRET });
  const sim = await provider("SIMT", { baseUrl: "" });
  await db
    .insert(games)
    .values([
      { code: HTTP_GAME, name: "Lucky Test", type: "SLOT", providerId: http.id },
      { code: SIM_GAME, name: "Demo Spin", type: "SLOT", providerId: sim.id, minStake: 1000n, maxStake: 100_000n },
    ])
    .onConflictDoNothing();
  return { http, sim };
}

export async function setGameActive(code: string, active: boolean) {
  await db.update(games).set({ active }).where(eq(games.code, code));
}
