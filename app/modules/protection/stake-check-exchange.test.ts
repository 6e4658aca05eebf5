// A player's stake and loss limits count the exchange's bets as they count casino rounds, whichever product the next
// bet is on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelOrder, placeOrder } from "#app/modules/exchange/orders.server.ts";
import { placeBookmakerBet } from "#app/modules/exchange/quoted-bets.server.ts";
import { settleMarket } from "#app/modules/exchange/settlement.server.ts";
import { tickOf } from "#app/modules/exchange/ladder.ts";
import { createBookmakerMarket, createMatchOddsMarket, fundedPlayer, refusal, requestKey, taka } from "#app/modules/exchange/test-helpers.ts";
import { walletBet } from "#app/modules/games/wallet.server.ts";
import { createProvider, GAME, PLATFORM, sessionToken } from "#app/modules/games/wallet/test-helpers.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { changeLimit, limitOverview } from "./limits.server.ts";

let seq = 0;
const casinoBet = async (playerId: number, amount: bigint) => {
  seq++;
  const id = `rgx${Date.now()}${seq}`;
  return walletBet({ platform: PLATFORM, playerId, roundId: id, gameCode: GAME, txnId: `${id}b`, amount, token: await sessionToken(playerId) });
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

  it("count a match-odds lay's liability at the prices it matched at, and only its unmatched rest at the price asked", async () => {
    const maker = await fundedPlayer(taka(10_000));
    const p = await fundedPlayer(taka(10_000));
    await changeLimit(p, { kind: "loss", period: "day" }, taka(150));
    const { market, home } = await createMatchOddsMarket();
    // A back waits at 2.00; the player lays ৳100 asking 3.00. It matches at 2.00: a liability of ৳100, not ৳200.
    await placeOrder({
      playerId: maker,
      marketId: market.id,
      runnerId: home.id,
      side: "back",
      tick: tickOf(200)!,
      stake: taka(100),
      requestKey: requestKey(),
    });
    const lay = { playerId: p, marketId: market.id, runnerId: home.id, side: "lay" as const, tick: tickOf(300)! };
    const placed = await placeOrder({ ...lay, stake: taka(100), requestKey: requestKey() });
    expect(placed.order).toMatchObject({ matched: taka(100), status: "matched" });
    expect((await limitOverview(p)).find((l) => l.kind === "loss" && l.period === "day")).toMatchObject({ used: taka(100), remaining: taka(50) });
    // Nothing else on offer: a further ৳30 lay at 3.00 rests unmatched and risks ৳60 (৳160 in all), too much; ৳25 fits.
    expect((await refusal(placeOrder({ ...lay, stake: taka(30), requestKey: requestKey() }))).code).toBe("limit_exceeded");
    await placeOrder({ ...lay, stake: taka(25), requestKey: requestKey() });
    expect((await limitOverview(p)).find((l) => l.kind === "loss" && l.period === "day")).toMatchObject({ used: taka(150), remaining: 0n });
  });

  it("hold under 50 parallel bets spread over the casino and two exchange markets, with makers betting back", async () => {
    const p = await fundedPlayer(taka(10_000));
    const q = await fundedPlayer(taka(10_000));
    await changeLimit(p, { kind: "stake", period: "day" }, taka(1_000));
    await changeLimit(q, { kind: "stake", period: "day" }, taka(100_000));
    const a = await createMatchOddsMarket();
    const b = await createBookmakerMarket();
    const c = await createMatchOddsMarket();
    const tick = tickOf(200)!;
    // Q's lays wait on market A for P's backs; P's lays wait on market C for Q's backs: each bet moves both players'
    // money, one with the limited player as taker and one as maker.
    await placeOrder({ playerId: q, marketId: a.market.id, runnerId: a.home.id, side: "lay", tick, stake: taka(5_000), requestKey: requestKey() });
    await placeOrder({ playerId: p, marketId: c.market.id, runnerId: c.home.id, side: "lay", tick, stake: taka(100), requestKey: requestKey() });
    const stakeOf = taka(100);
    const tries = Array.from({ length: 50 }, (_, i) => {
      if (i % 3 === 0) return casinoBet(p, stakeOf).then((r) => r.ok);
      const bet =
        i % 3 === 1
          ? placeOrder({ playerId: p, marketId: a.market.id, runnerId: a.home.id, side: "back", tick, stake: stakeOf, requestKey: requestKey() })
          : placeBookmakerBet({
              playerId: p,
              marketId: b.market.id,
              runnerId: b.home.id,
              side: "back",
              rate: 45,
              stake: stakeOf,
              requestKey: requestKey(),
            });
      return bet.then(
        () => true,
        (e: { code?: string }) => (e.code === "limit_exceeded" ? false : Promise.reject(e)),
      );
    });
    const counterBets = Array.from({ length: 10 }, () =>
      placeOrder({ playerId: q, marketId: c.market.id, runnerId: c.home.id, side: "back", tick, stake: taka(10), requestKey: requestKey() }),
    );
    const [accepted] = await Promise.all([Promise.all(tries), Promise.all(counterBets)]);
    // P's lay on C counts ৳100 of liability already: nine more ৳100 stakes fit, the rest are refused.
    expect(accepted.filter(Boolean)).toHaveLength(9);
    expect((await limitOverview(p)).find((l) => l.kind === "stake" && l.period === "day")).toMatchObject({ used: taka(1_000), remaining: 0n });
  });
});
