// Shared by the wallet tests (not a test file itself): a provider with games, funded players, and the sums that
// tie the rounds to the ledger.
import { eq, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { gameProviders, games } from "../schema.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { openLaunch, startLaunch } from "../launch.server.ts";

export const SECRET = "test-secret-0123456789";
export const PLATFORM = "WT";
export const GAME = "WT-SLOT-TEST";

export async function createProvider(platform = PLATFORM, values: Partial<typeof gameProviders.$inferInsert> = {}) {
  const [existing] = await db.select().from(gameProviders).where(eq(gameProviders.platform, platform));
  if (existing) return existing;
  const [p] = await db
    .insert(gameProviders)
    .values({ platform, name: platform, secret: SECRET, ...values })
    .returning();
  await db
    .insert(games)
    .values({ code: `${platform}-SLOT-TEST`, name: "Test slot", type: "SLOT", providerId: p!.id })
    .onConflictDoNothing();
  return p!;
}

/** A bare player with `main` poisha (and `{ bonus }`), credited through the ledger. */
export { fundedPlayer } from "#tests/kit/players.ts";

/**
 * Launches `${platform}-SLOT-TEST` for the player and opens it (as /gamerun does), through the real launch code:
 * the token is what the provider got at launch and sends with its bets. Returns the token.
 */
export async function launchSession(playerId: number, platform = PLATFORM) {
  const { token } = await startLaunch({ playerId, gameCode: `${platform}-SLOT-TEST`, device: "desktop", returnTo: "/slot", lang: "en" });
  await openLaunch(token, playerId);
  return token;
}

const sessions = new Map<string, Promise<string>>();
/** The token of one live session per player and platform, launched on first use (for tests that bet often). */
export function sessionToken(playerId: number, platform = PLATFORM) {
  const key = `${platform}:${playerId}`;
  if (!sessions.has(key)) sessions.set(key, launchSession(playerId, platform));
  return sessions.get(key)!;
}

export async function blockPlayer(playerId: number) {
  await db.update(players).set({ status: "blocked" }).where(eq(players.id, playerId));
}

export async function balances(playerId: number) {
  const b = await getPlayerBalances(playerId);
  return { main: b.main.available, bonus: b.bonus.available };
}

/** Ledger transfers of `kind` minus the rollbacks of such transfers. */
const net = (kind: "bet" | "win") =>
  sql.raw(`(select coalesce(sum(case when t.kind = '${kind}' then t.amount else -t.amount end), 0)
  from ledger_transfers t left join ledger_transfers o on o.id = t.reversal_of
  where t.kind = '${kind}' or (t.kind = 'rollback' and o.kind = '${kind}'))::text`);

/** Stakes minus payouts of all rounds, and the ledger's net of bets, wins and rollbacks into the house shards. */
export async function roundsAgainstLedger() {
  const [row] = rowsOf<{ rounds: string; house: string; stake: string; bets: string; payout: string; wins: string }>(
    await db.execute(sql`
      select
        (select coalesce(sum(stake - payout), 0) from game_rounds)::text as rounds,
        (select coalesce(sum(posted), 0) from ledger_accounts where code like 'game:%')::text as house,
        (select coalesce(sum(stake), 0) from game_rounds)::text as stake,
        ${net("bet")} as bets,
        (select coalesce(sum(payout), 0) from game_rounds)::text as payout,
        ${net("win")} as wins`),
  );
  return {
    rounds: BigInt(row!.rounds),
    house: BigInt(row!.house),
    stake: BigInt(row!.stake),
    bets: BigInt(row!.bets),
    payout: BigInt(row!.payout),
    wins: BigInt(row!.wins),
  };
}
