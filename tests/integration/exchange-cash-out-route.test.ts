// The Cash Out page (/exchange-cashout/:marketId) called as the server calls it: a player sees and cashes out only
// their own position, bad input is a 4xx next to its field, a moved book answers 409 and writes nothing.
// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
import { afterAll, describe, expect, it } from "vitest";
import { parseOdds } from "#app/modules/exchange/ladder.ts";
import { marketChecksIdle } from "#app/modules/exchange/market-tx.server.ts";
import { placeOrder } from "#app/modules/exchange/orders.server.ts";
import { createMatchOddsMarket, fundedPlayer, mainOf, requestKey, taka } from "#app/modules/exchange/test-helpers.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import * as cashOutRoute from "#app/routes/exchange/cash-out.tsx";
import * as oddsViewRoute from "#app/routes/exchange/odds-view.tsx";
import { callRoute, sessionFor } from "../support/route-call.ts";

afterAll(async () => {
  await marketChecksIdle();
  await closeIdleConnections();
});

const T = (odds: string) => parseOdds(odds)!;

/** `player` backed Dhaka ৳100 at 3.0 (matched); another player offers backs at 2.0 (what the cash out lays into). */
async function position() {
  const m = await createMatchOddsMarket();
  const [player, maker, backer] = await Promise.all([fundedPlayer(taka(1000)), fundedPlayer(taka(1000)), fundedPlayer(taka(5000))]);
  const place = (playerId: number, side: "back" | "lay", odds: string, stake: number) =>
    placeOrder({ playerId, marketId: m.market.id, runnerId: m.home.id, side, tick: T(odds), stake: taka(stake), requestKey: requestKey() });
  await place(maker, "lay", "3", 100);
  await place(player, "back", "3", 100);
  await place(backer, "back", "2", 500);
  return { ...m, player, backer, place };
}

type Page = {
  quote: { kind: string; value?: { text: string }; shown?: string; max?: number };
  percent: number;
  percentError: string[] | null;
  requestKey: string;
  notice: string | null;
  auto: { status: string; target: string } | null;
};

describe("the Cash Out page", () => {
  it("quotes the player's own position; another player sees nothing to cash out; a guest goes to log in", async () => {
    const m = await position();
    const path = `/exchange-cashout/${m.market.id}`;
    const params = { marketId: String(m.market.id) };
    const { cookie } = await sessionFor({ id: m.player });
    const page = await callRoute(cashOutRoute, path, { cookie, params });
    expect(page.status).toBe(200);
    expect((page.data as Page).quote).toMatchObject({ kind: "ok", value: { text: "৳50.00" } });

    const stranger = await sessionFor({ id: await fundedPlayer(taka(10)) });
    const theirs = await callRoute(cashOutRoute, path, { cookie: stranger.cookie, params });
    expect((theirs.data as Page).quote).toEqual({ kind: "no_position" });
    // Nor can they cash it out by posting the owner's quote.
    const posted = await callRoute(cashOutRoute, path, {
      cookie: stranger.cookie,
      params,
      form: { intent: "confirm", percent: "100", shown: (page.data as Page).quote.shown!, requestKey: requestKey() },
    });
    expect(posted.status).toBe(409);
    expect(await mainOf(m.player)).toMatchObject({ available: taka(900) });

    expect((await callRoute(cashOutRoute, path, { params })).headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect((await callRoute(cashOutRoute, "/exchange-cashout/x", { cookie, params: { marketId: "x" } })).status).toBe(404);
    expect((await callRoute(cashOutRoute, "/exchange-cashout/2000000000", { cookie, params: { marketId: "2000000000" } })).status).toBe(404);

    // The market page shows the owner a Cash Out button's basis, and the stranger none.
    const odds = await callRoute(oddsViewRoute, `/odds-view?market=${m.market.id}`, { cookie });
    expect((odds.data as { cashOut: unknown }).cashOut).toMatchObject({
      position: [
        [m.home.id, String(taka(200))],
        [m.away.id, String(-taka(100))],
      ],
    });
    const oddsStranger = await callRoute(oddsViewRoute, `/odds-view?market=${m.market.id}`, { cookie: stranger.cookie });
    expect((oddsStranger.data as { cashOut: unknown }).cashOut).toBeNull();
  });

  it("refuses a bad percentage with a 400 next to the field, in the query and in the form", async () => {
    const m = await position();
    const path = `/exchange-cashout/${m.market.id}`;
    const params = { marketId: String(m.market.id) };
    const { cookie } = await sessionFor({ id: m.player });
    for (const percent of ["0", "101", "12.5", "abc"]) {
      const page = await callRoute(cashOutRoute, `${path}?percent=${percent}`, { cookie, params });
      expect(page.status, percent).toBe(400);
      expect((page.data as Page).percentError).toEqual(["exchange.errors.cashOutPercent"]);
      const posted = await callRoute(cashOutRoute, path, {
        cookie,
        params,
        form: { intent: "confirm", percent, shown: "1:0", requestKey: requestKey() },
      });
      expect(posted.status, percent).toBe(400);
      expect(JSON.stringify(posted.data)).toContain("exchange.errors.cashOutPercent");
    }
    const auto = await callRoute(cashOutRoute, path, { cookie, params, form: { intent: "auto", profitTarget: "-5" } });
    expect(auto.status).toBe(400);
    expect(JSON.stringify(auto.data)).toContain("exchange.errors.cashOutAmount");
    const garbled = await callRoute(cashOutRoute, path, {
      cookie,
      params,
      form: { intent: "confirm", percent: "100", shown: "nope", requestKey: requestKey() },
    });
    expect(garbled.status).toBe(400);
  });

  it("a partial percentage quotes and cashes out; a moved book answers 409 and writes nothing; then the new quote goes through", async () => {
    const m = await position();
    const path = `/exchange-cashout/${m.market.id}`;
    const params = { marketId: String(m.market.id) };
    const { cookie } = await sessionFor({ id: m.player });
    const half = (await callRoute(cashOutRoute, `${path}?percent=50`, { cookie, params })).data as Page;
    expect(half).toMatchObject({ percent: 50, quote: { kind: "ok" } });
    const done = await callRoute(cashOutRoute, `${path}?percent=50`, {
      cookie,
      params,
      form: { intent: "confirm", percent: "50", shown: half.quote.shown!, requestKey: half.requestKey },
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`${path}?done=1`);
    expect((await mainOf(m.player)).available).toBe(taka(975));

    const shown = (await callRoute(cashOutRoute, path, { cookie, params })).data as Page;
    // The 2.0 backs are taken; the next best is 2.2.
    const other = await fundedPlayer(taka(5000));
    await m.place(other, "back", "2.2", 500);
    await m.place(other, "lay", "2", 425);
    const before = await mainOf(m.player);
    const moved = await callRoute(cashOutRoute, path, {
      cookie,
      params,
      form: { intent: "confirm", percent: "100", shown: shown.quote.shown!, requestKey: shown.requestKey },
    });
    expect(moved.status).toBe(409);
    expect(await mainOf(m.player)).toEqual(before);
    const fresh = (await callRoute(cashOutRoute, path, { cookie, params })).data as Page;
    expect(fresh.quote.value!.text).not.toBe(shown.quote.value!.text);
    const confirmed = await callRoute(cashOutRoute, path, {
      cookie,
      params,
      form: { intent: "confirm", percent: "100", shown: fresh.quote.shown!, requestKey: fresh.requestKey },
    });
    expect(confirmed.status).toBe(302);
    expect(((await callRoute(cashOutRoute, path, { cookie, params })).data as Page).quote).toEqual({ kind: "no_position" });
  });

  it("sets and clears the auto cash-out", async () => {
    const m = await position();
    const path = `/exchange-cashout/${m.market.id}`;
    const params = { marketId: String(m.market.id) };
    const { cookie } = await sessionFor({ id: m.player });
    const set = await callRoute(cashOutRoute, path, { cookie, params, form: { intent: "auto", profitTarget: "80", lossLimit: "30" } });
    expect(set.headers.get("location")).toBe(`${path}?auto=saved`);
    expect(((await callRoute(cashOutRoute, path, { cookie, params })).data as Page).auto).toMatchObject({ status: "armed", target: "৳80" });
    const cleared = await callRoute(cashOutRoute, path, { cookie, params, form: { intent: "autoClear" } });
    expect(cleared.headers.get("location")).toBe(`${path}?auto=cleared`);
    expect(((await callRoute(cashOutRoute, path, { cookie, params })).data as Page).auto).toMatchObject({ status: "cleared" });
  });
});
