// Auto cash-out with two app servers on one PostgreSQL database: price changes committed through both at once each
// make their own server check the market's armed auto cash-outs (README.md, "Cash Out"), and both servers also check
// directly, over and over. The armed row fires exactly once: one hedge, the position level, the row `fired`. Each
// server is a real process (tests/support/auto-cash-out-instance.ts). PostgreSQL only: PGlite is one process's.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { isPostgres } from "#app/modules/payments/test-helpers.ts";
import { appInstance, runTogether } from "#tests/support/instance.ts";
import { autoCashOutOf, setAutoCashOut } from "./auto-cash-out.server.ts";
import { playerPositions } from "./exposure.server.ts";
import { parseOdds } from "./ladder.ts";
import { marketChecksIdle } from "./market-tx.server.ts";
import { placeOrder } from "./orders.server.ts";
import { runnerBook } from "./pnl.ts";
import { exchangeOrders } from "./schema.ts";
import { createMatchOddsMarket, fundedPlayer, requestKey, taka } from "./test-helpers.ts";

afterAll(async () => {
  await marketChecksIdle();
  await expectInvariants();
  await closeIdleConnections();
});

const T = (odds: string) => parseOdds(odds)!;
/** A server process (tests/support/auto-cash-out-instance.ts) placing its share of the price changes. */
const instance = (input: object) => appInstance<{ fired: number[] }>("tests/support/auto-cash-out-instance.ts", input);

describe.skipIf(!isPostgres())("auto cash-out with two app servers", () => {
  it("price changes reaching both servers at once fire an armed auto cash-out exactly once", async () => {
    const m = await createMatchOddsMarket();
    const [player, maker] = await Promise.all([fundedPlayer(taka(1000)), fundedPlayer(taka(1000))]);
    await placeOrder({
      playerId: maker,
      marketId: m.market.id,
      runnerId: m.home.id,
      side: "lay",
      tick: T("3"),
      stake: taka(100),
      requestKey: requestKey(),
    });
    await placeOrder({
      playerId: player,
      marketId: m.market.id,
      runnerId: m.home.id,
      side: "back",
      tick: T("3"),
      stake: taka(100),
      requestKey: requestKey(),
    });
    await setAutoCashOut(player, m.market.id, taka(40), null);
    await marketChecksIdle();
    expect((await autoCashOutOf(player, m.market.id))?.status).toBe("armed"); // no price to lay at yet

    const backers = await Promise.all(Array.from({ length: 10 }, () => fundedPlayer(taka(10_000))));
    // Both start together, once both processes have loaded.
    const common = { marketId: m.market.id, runnerId: m.home.id, tick: T("2"), stake: String(taka(200)), changes: 25 };
    const servers = [instance({ ...common, players: backers.slice(0, 5) }), instance({ ...common, players: backers.slice(5) })];
    const [a, b] = await runTogether(servers);
    expect([a!.code, b!.code], a!.stderr + b!.stderr).toEqual([0, 0]);
    await marketChecksIdle();

    // Fired once, by one server or the other: one row fired, one hedge placed, the position level.
    expect([...a!.result!.fired, ...b!.result!.fired].filter((id) => id === player).length).toBeLessThanOrEqual(1);
    expect((await autoCashOutOf(player, m.market.id))?.status).toBe("fired");
    const rows = await db
      .select()
      .from(exchangeOrders)
      .where(and(eq(exchangeOrders.playerId, player), eq(exchangeOrders.marketId, m.market.id)));
    expect(rows.map((o) => [o.side, o.status, o.size])).toEqual([
      ["back", "matched", taka(100)],
      ["lay", "matched", taka(150)],
    ]);
    const { matched } = await playerPositions(db as never, player, m.market.id);
    expect(runnerBook([m.home.id, m.away.id], matched)).toEqual(
      new Map([
        [m.home.id, taka(50)],
        [m.away.id, taka(50)],
      ]),
    );
    // Every price change went through on one server or the other.
    const backs = await db
      .select()
      .from(exchangeOrders)
      .where(and(eq(exchangeOrders.marketId, m.market.id), eq(exchangeOrders.side, "back")));
    expect(backs.length).toBe(1 + 50);
  }, 120_000);
});
