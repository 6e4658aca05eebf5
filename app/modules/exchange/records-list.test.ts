// The back office's site-wide list of exchange bets (listExchangeBets, betTotals): filters by player, event, market,
// kind, status and Dhaka day (the midnight boundary), totals, keyset pages, another player's bets never in a player's
// list, and the player 360's export reader as the same list with its player.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { createBookmakerMarket, createMatchOddsMarket, createPlayer, taka } from "#tests/kit/index.ts";
import { betTotals, listExchangeBets, listExchangeRecordsFrom } from "./records.server.ts";
import { exchangeOrders, type OrderStatus } from "./schema.ts";

// 1 March 2026 in Dhaka began at 18:00 UTC on 28 February.
const DAY_START = new Date("2026-02-28T18:00:00Z");
const DAY_END = new Date("2026-03-01T18:00:00Z");
const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);
let seq = 0;

type Order = { marketId: number; runnerId: number | null; playerId: number; placedAt: Date; status?: OrderStatus; size?: bigint; matched?: bigint };
async function order({ marketId, runnerId, playerId, placedAt, status = "won", size = taka(100), matched = size }: Order) {
  const settled = status === "won" || status === "lost";
  const [row] = await db
    .insert(exchangeOrders)
    .values({
      marketId,
      runnerId,
      playerId,
      side: "back",
      tick: runnerId ? 100 : null,
      rate: runnerId ? null : 50,
      size,
      matched,
      matchedReturn: matched > 0n ? matched * 2n : 0n,
      status,
      requestKey: `list-${++seq}`,
      profit: settled ? (status === "won" ? matched : -matched) : null,
      placedAt,
      matchedAt: matched > 0n ? placedAt : null,
    })
    .returning();
  return row!;
}

let a: { id: number };
let b: { id: number };
let odds: Awaited<ReturnType<typeof createMatchOddsMarket>>;
let bm: Awaited<ReturnType<typeof createBookmakerMarket>>;
let o: Record<string, { id: number }>;

beforeAll(async () => {
  a = await createPlayer();
  b = await createPlayer();
  odds = await createMatchOddsMarket();
  bm = await createBookmakerMarket();
  const m = { marketId: odds.market.id, runnerId: odds.home.id };
  o = {
    before: await order({ ...m, playerId: a.id, placedAt: ms(DAY_START, -1) }),
    atMidnight: await order({ ...m, playerId: a.id, placedAt: DAY_START, status: "lost", size: taka(200) }),
    open: await order({ ...m, playerId: b.id, placedAt: ms(DAY_START, 1000), status: "unmatched", size: taka(50), matched: 0n }),
    bookmaker: await order({ marketId: bm.market.id, runnerId: bm.home.id, playerId: b.id, placedAt: ms(DAY_END, -1), size: taka(30) }),
    next: await order({ ...m, playerId: b.id, placedAt: DAY_END }),
  };
});

const day = { start: DAY_START, end: DAY_END };
const ids = (list: { id: number }[]) => list.map((r) => r.id);

describe("listExchangeBets", () => {
  it("lists everyone's bets of the Dhaka day newest first, the midnight bet in and the one a millisecond before out", async () => {
    const list = await listExchangeBets(db, day, undefined, 50);
    expect(ids(list)).toEqual([o.bookmaker!.id, o.open!.id, o.atMidnight!.id]);
    expect(list[0]).toMatchObject({ playerId: b.id, kind: "bookmaker", marketId: bm.market.id, matchedStake: taka(30), status: "WON" });
    expect(list[2]).toMatchObject({ playerId: a.id, kind: "match_odds", event: "Dhaka v Chattogram", selection: "Dhaka", profit: -taka(200) });
  });

  it("filters by player, event, market, kind and status, never showing another player's bets", async () => {
    expect(ids(await listExchangeBets(db, { ...day, playerId: a.id }, undefined, 50))).toEqual([o.atMidnight!.id]);
    expect((await listExchangeBets(db, { playerId: b.id }, undefined, 50)).every((r) => r.playerId === b.id)).toBe(true);
    expect(ids(await listExchangeBets(db, { eventId: bm.event.id }, undefined, 50))).toEqual([o.bookmaker!.id]);
    expect(ids(await listExchangeBets(db, { ...day, marketId: odds.market.id }, undefined, 50))).toEqual([o.open!.id, o.atMidnight!.id]);
    expect(ids(await listExchangeBets(db, { ...day, kind: "bookmaker" }, undefined, 50))).toEqual([o.bookmaker!.id]);
    expect(ids(await listExchangeBets(db, { ...day, status: "unmatched" }, undefined, 50))).toEqual([o.open!.id]);
  });

  it("totals the filter: bets, stakes, matched and the settled bets' P&L", async () => {
    expect(await betTotals(day)).toEqual({ count: 3, stake: taka(280), matched: taka(230), profit: taka(30) - taka(200), capped: false });
    expect(await betTotals({ ...day, playerId: b.id })).toEqual({ count: 2, stake: taka(80), matched: taka(30), profit: taka(30), capped: false });
  });

  it("pages by id, and the 360's export reader is the list with its player", async () => {
    const first = await listExchangeBets(db, day, undefined, 2);
    const rest = await listExchangeBets(db, day, first.at(-1)!.id, 2);
    expect([...ids(first), ...ids(rest)]).toEqual([o.bookmaker!.id, o.open!.id, o.atMidnight!.id]);
    expect(ids(await listExchangeRecordsFrom(db, a.id, undefined, 50))).toEqual([o.atMidnight!.id, o.before!.id]);
  });
});
