// The demo's market-maker: a system player who keeps back and lay prices around each runner's fair price, so a new
// player always sees a book. It trades like any player (placeOrder and cancelOrder, ledger holds for its exposure,
// its own play-money balance) and never bypasses the ledger. Demo (play-money) mode only.
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { getPlayerBalances, transfer } from "#app/modules/ledger/index.server.ts";
import { ensureSystemPlayer } from "#app/modules/players/index.server.ts";
import { LADDER, MAX_TICK, MIN_TICK } from "./ladder.ts";
import { cancelOrder, placeOrder } from "./orders.server.ts";
import { exchangeOrders } from "./schema.ts";

export const MARKET_MAKER_USERNAME = "market-maker";
/** The balance the market-maker is topped up to (play money, poisha). */
const FLOAT = 10n ** 11n;

/** The market-maker's player id, created (unable to log in) and topped up from house:market-maker on first use. */
export async function ensureMarketMaker(): Promise<number> {
  const id = await ensureSystemPlayer({
    username: MARKET_MAKER_USERNAME,
    phone: "01000000000",
    email: "market-maker@system.invalid",
    referralCode: "MARKETMAKER",
  });
  const balances = await getPlayerBalances(id);
  const missing = FLOAT - balances.main.posted;
  if (missing > FLOAT / 2n) {
    await transfer({
      key: `market-maker:float:${randomBytes(6).toString("hex")}`,
      debit: "house:market-maker",
      credit: `player:${id}:main`,
      amount: missing,
      currency: "BDT",
      kind: "market_maker_float",
    });
  }
  return id;
}

/** The ladder tick nearest to decimal odds of 1/probability. */
export function fairTick(probability: number): number {
  const hundredths = 100 / Math.min(Math.max(probability, 0.001), 0.99);
  let best = MIN_TICK;
  for (let t = MIN_TICK; t <= MAX_TICK; t++) if (Math.abs(LADDER[t]! - hundredths) < Math.abs(LADDER[best]! - hundredths)) best = t;
  return best;
}

export type Quote = { side: "back" | "lay"; tick: number; stake: bigint };

/**
 * The market-maker's resting orders for one runner: lays one to `levels` ticks below the fair price (what players can
 * back) and backs one to `levels` ticks above (what players can lay), so the book is never crossed.
 */
export function quotesAround(probability: number, { levels = 3, stake = 50_000n } = {}): Quote[] {
  const fair = fairTick(probability);
  const quotes: Quote[] = [];
  for (let i = 1; i <= levels; i++) {
    if (fair - i >= MIN_TICK) quotes.push({ side: "lay", tick: fair - i, stake: stake * BigInt(i) });
    if (fair + i <= MAX_TICK) quotes.push({ side: "back", tick: fair + i, stake: stake * BigInt(i) });
  }
  return quotes;
}

/**
 * Moves the market-maker's liquidity to the new fair prices: its unmatched orders that are no longer quoted are
 * cancelled, and every quote is topped up to its size. `fair` maps runner id → win probability.
 */
export async function refreshLiquidity(marketId: number, fair: Map<number, number>, options?: { levels?: number; stake?: bigint }) {
  const mm = await ensureMarketMaker();
  const open = await db
    .select()
    .from(exchangeOrders)
    .where(
      and(eq(exchangeOrders.marketId, marketId), eq(exchangeOrders.playerId, mm), inArray(exchangeOrders.status, ["unmatched", "partially_matched"])),
    );
  const wanted = new Map<string, Quote & { runnerId: number }>();
  for (const [runnerId, p] of fair) for (const q of quotesAround(p, options)) wanted.set(`${runnerId}:${q.side}:${q.tick}`, { ...q, runnerId });
  const resting = new Map<string, bigint>();
  for (const o of open) {
    const key = `${o.runnerId}:${o.side}:${o.tick}`;
    if (!wanted.has(key)) await cancelOrder(mm, o.id);
    else resting.set(key, (resting.get(key) ?? 0n) + (o.size - o.matched - o.cancelled));
  }
  for (const [key, q] of wanted) {
    const missing = q.stake - (resting.get(key) ?? 0n);
    if (missing >= 100n) {
      await placeOrder({
        playerId: mm,
        marketId,
        runnerId: q.runnerId,
        side: q.side,
        tick: q.tick,
        stake: missing - (missing % 100n),
        requestKey: `mm:${randomBytes(8).toString("hex")}`,
      });
    }
  }
}
