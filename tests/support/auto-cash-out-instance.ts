// One app instance of the auto cash-out test with two servers (app/modules/exchange/auto-cash-out-instances.test.ts):
// on "go" (a line on stdin, once both have said "ready") it places its share of the price changes (backs at the given price, each from the next of its players)
// all at once, each committed change making this process check the market's armed auto cash-outs in the background
// as a server does, and checks them itself as often; then it prints the players its own checks fired for.
// Run: tsx tests/support/auto-cash-out-instance.ts '<json>' (DATABASE_URL set).
import { randomUUID } from "node:crypto";
import { checkAutoCashOuts } from "#app/modules/exchange/auto-cash-out.server.ts";
import { marketChecksIdle } from "#app/modules/exchange/market-tx.server.ts";
import { placeOrder } from "#app/modules/exchange/orders.server.ts";
import { instanceInput, instanceReady, instanceResult } from "./instance-child.ts";

const input = instanceInput<{ marketId: number; runnerId: number; tick: number; stake: string; players: number[]; changes: number }>();
await instanceReady();
const [, checks] = await Promise.all([
  Promise.all(
    Array.from({ length: input.changes }, (_, i) =>
      placeOrder({
        playerId: input.players[i % input.players.length]!,
        marketId: input.marketId,
        runnerId: input.runnerId,
        side: "back",
        tick: input.tick,
        stake: BigInt(input.stake),
        requestKey: randomUUID(),
      }),
    ),
  ),
  Promise.all(Array.from({ length: input.changes }, () => checkAutoCashOuts(input.marketId))),
]);
await marketChecksIdle();
instanceResult({ fired: checks.flat() });
