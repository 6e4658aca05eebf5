// A player's stake and loss limits count the exchange's bets as they count casino rounds, whichever product the next
// bet is on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelOrder, placeOrder } from "#app/modules/exchange/orders.server.ts";
import { placeBookmakerBet } from "#app/modules/exchange/quoted-bets.server.ts";
import { settleMarket } from "#app/modules/exchange/settlement.server.ts";
import { tickOf } from "#app/modules/exchange/ladder.ts";
import { createBookmakerMarket, createMatchOddsMarket, fundedPlayer, refusal, requestKey, taka } from "#app/modules/exchange/test-helpers.ts";
import { walletBet } from "#app/modules/games/wallet.server.ts";
import { createProvider, GAME, PLATFORM } from "#app/modules/games/wallet/test-helpers.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { changeLimit, limitOverview } from "./limits.server.ts";

let seq = 0;
const casinoBet = (playerId: number, amount: bigint) => {
  seq++;
  const id = `rgx${Date.now()}${seq}`;
  return walletBet({ platform: PLATFORM, playerId, roundId: id, gameCode: GAME, txnId: `${id}b`, amount });
};

afterAll(closeIdleConnections);
beforeAll(async () => {
  await createProvider();
});

describe("stake and loss limits across the casino and the exchange", () => {
  it("count an exchange bet's stake toward a stake limit; a cancelled part frees room", async () => {
    const p = await fundedPlayer(taka(10_000));
    await changeLimit(p, { kind: "stake", period: "day" }, taka(1_000));
    const { market, home } = await createMatchOddsMarket();
    const order = { playerId: p, marketId: market.id, runnerId: home.id, side: "back" as const, tick: tickOf(200)! };
    const first = await placeOrder({ ...order, stake: taka(600), requestKey: requestKey() });
    expect((await refusal(placeOrder({ ...order, stake: taka(500), requestKey: requestKey() }))).code).toBe("limit_exceeded");
    expect(await casinoBet(p, taka(500))).toMatchObject({ ok: false, code: "limit_exceeded" });
    expect(await casinoBet(p, taka(400))).toMatchObject({ ok: true }); // exactly at the limit
    expect((await limitOverview(p)).find((l) => l.kind === "stake" && l.period === "day")).toMatchObject({ used: taka(1_000), remaining: 0n });

    // ৳200 of the unmatched back cancelled: it never was at risk.
    await cancelOrder(p, first.order.id, taka(200));
    expect(await casinoBet(p, taka(200))).toMatchObject({ ok: true });
    expect(await casinoBet(p, taka(1))).toMatchObject({ ok: false, code: "limit_exceeded" });
  });

  it("count a lay's liability as a possible loss until it settles, then its settled result", async () => {
    const p = await fundedPlayer(taka(10_000));
    await changeLimit(p, { kind: "loss", period: "week" }, taka(200));
    const { market, home, away } = await createBookmakerMarket();
    await placeBookmakerBet({
      playerId: p,
      marketId: market.id,
      runnerId: home.id,
      side: "lay",
      rate: 47,
      stake: taka(100),
      requestKey: requestKey(),
    });
    // The lay risks ৳47: a ৳160 casino stake could make the loss ৳207.
    expect(await casinoBet(p, taka(160))).toMatchObject({ ok: false, code: "limit_exceeded" });
    expect(await casinoBet(p, taka(150))).toMatchObject({ ok: true });

    // The lay wins ৳100: the loss is now ৳150 − ৳100 = ৳50, so ৳150 more fits and no more.
    await settleMarket(market.id, { winnerRunnerId: away.id });
    expect(await casinoBet(p, taka(151))).toMatchObject({ ok: false, code: "limit_exceeded" });
    expect(await casinoBet(p, taka(150))).toMatchObject({ ok: true });
  });
});
