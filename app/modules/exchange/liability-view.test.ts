// "A liability view that adds up" (issue 29): one realistic market state, and every reader the pages use asked what a
// player risks and what the house (or the market-maker) stands to win or lose. Per player and market, the exposure
// the market page, /exchange-account, the header, the player 360 and the open bets show equals the ledger's open hold
// for that market, and the worst case of the player's per-outcome book; the trader's per-outcome figure is minus the
// players' matched books summed (the market-maker left out); the trader list's totals are its markets summed.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { MINUS, parseTaka, takaText } from "#app/kernel/money.ts";
import { getHold, getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { ledgerTransfers } from "#app/modules/ledger/schema.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { priceNumber } from "#app/components/exchange/BetSlip.tsx";
import { projectionOf } from "#app/components/exchange/MarketTables.tsx";
import { headerBalance } from "#app/routes/payments/balance.server.ts";
import { playerPositions } from "./exposure.server.ts";
import { parseOdds } from "./ladder.ts";
import { marketKind } from "./market-kinds.ts";
import { ensureMarketMaker } from "./market-maker.server.ts";
import { cancelOrder, placeOrder } from "./orders.server.ts";
import { accountPage, oddsPage } from "./pages.server.ts";
import { exposureOf, oddsProfit } from "./pnl.ts";
import { placeBookmakerBet, placeFancyBet } from "./quoted-bets.server.ts";
import { listOpenExchangeRecords } from "./records.server.ts";
import { stakePoisha } from "./slip.ts";
import { exchangeExposures, type MarketKind } from "./schema.ts";
import { createBookmakerMarket, createFancyMarket, fundedPlayer, requestKey, taka } from "./test-helpers.ts";
import { traderEvent, traderEvents } from "./trader.server.ts";

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** "−৳1,234.50" or "৳12.00" (or without the symbol) as poisha. */
function poisha(text: string): bigint {
  const negative = text.startsWith(MINUS) || text.startsWith("-");
  const value = parseTaka(text.replace(/^[-−]?৳?/, "").replaceAll(",", ""));
  if (value === undefined) throw new Error(`not an amount: ${text}`);
  return negative ? -value : value;
}
const signed = (s: { text: string; negative: boolean } | null) => (s === null ? 0n : poisha(s.text));

/** The ledger's open exposure hold of this player in this market, found by its key (not through the exposure row). */
async function ledgerHold(playerId: number, marketId: number): Promise<bigint> {
  const holds = await db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.phase, "pending"), like(ledgerTransfers.key, `exchange:${marketId}:${playerId}:exposure:%`)));
  let open = 0n;
  let count = 0;
  for (const h of holds) {
    if ((await getHold(h.id)).status !== "open") continue;
    open += h.amount;
    count++;
  }
  expect(count, `one open hold at most (player ${playerId}, market ${marketId})`).toBeLessThanOrEqual(1);
  return open;
}

/** The player's book in a market as the kind works it out, matched only (what the house or the other side pays). */
async function matchedBook(playerId: number, marketId: number, kind: MarketKind, runnerIds: number[]) {
  return db.transaction(async (tx) => marketKind(kind).book(await playerPositions(tx, playerId, marketId), runnerIds, false));
}

/** A Fancy book (P&L at the results that matter) read at any result: the value at the last case not above it. */
function atResult(book: Map<number, bigint>, runs: number): bigint {
  let value = 0n;
  for (const [from, pnl] of [...book].sort(([a], [b]) => a - b)) if (from <= runs) value = pnl;
  return value;
}

/** The market page's data (the match odds market's own page, never the redirect of another kind's). */
async function marketPage(marketId: number, playerId: number, slip: Parameters<typeof oddsPage>[2] = {}) {
  const page = await oddsPage(marketId, playerId, slip);
  if (!page || page.redirectTo !== undefined) throw new Error("not the market page");
  return page;
}

const back = (playerId: number, marketId: number, runnerId: number, odds: string, stake: number) =>
  placeOrder({ playerId, marketId, runnerId, side: "back", tick: parseOdds(odds)!, stake: taka(stake), requestKey: requestKey() });
const lay = (playerId: number, marketId: number, runnerId: number, odds: string, stake: number) =>
  placeOrder({ playerId, marketId, runnerId, side: "lay", tick: parseOdds(odds)!, stake: taka(stake), requestKey: requestKey() });

/**
 * One event: match odds (Dhaka, Chattogram), Bookmaker (Dhaka 45 / 47, Chattogram 120 / 125), and two Fancy lines
 * (No 45 / Yes 46 at evens; No 60 / Yes 62 at 100 / 90). Four players and the market-maker:
 * - the maker lays Dhaka 300 at 2.5; p1 backs Dhaka 100 at 2.4 and gets 2.5 (price improvement);
 * - p2 lays Dhaka 200 at 2.6, p3 backs Dhaka 150 at 2.6 and takes 150 of it (p2's 50 waits);
 * - p3 backs Chattogram 100 at 1.8 (waits), p4 lays Chattogram 80 at 1.9 and gets 1.8 (p3's 20 waits);
 * - p1 backs Chattogram 50 at 3 and cancels it;
 * - Bookmaker: p1 backs Dhaka at 45 with 200, p4 lays Chattogram at 125 with 100, p2 backs Chattogram at 120 with 50;
 * - Fancy: p2 Yes 46 with 100, p4 No 45 with 120; p3 No 60 with 50, p1 Yes 62 (rate 90) with 70;
 * - p5 opens the slip to lay Dhaka 100 at 2.5 and places it (it waits).
 */
async function scenario() {
  const maker = await ensureMarketMaker();
  const bm = await createBookmakerMarket();
  const { market: line1 } = await createFancyMarket({ eventId: bm.event.id });
  const { market: line2 } = await createFancyMarket({
    eventId: bm.event.id,
    name: "10 over runs Dhaka",
    noLine: 60,
    yesLine: 62,
    noRate: 100,
    yesRate: 90,
  });
  const odds = bm.oddsMarket;
  const [H, A] = [bm.oddsHome.id, bm.oddsAway.id];
  const [p1, p2, p3, p4, p5] = await Promise.all([1, 2, 3, 4, 5].map(() => fundedPlayer(taka(10_000))));
  await lay(maker, odds.id, H, "2.5", 300);
  await back(p1!, odds.id, H, "2.4", 100);
  await lay(p2!, odds.id, H, "2.6", 200);
  await back(p3!, odds.id, H, "2.6", 150);
  await back(p3!, odds.id, A, "1.8", 100);
  await lay(p4!, odds.id, A, "1.9", 80);
  const cancelled = await back(p1!, odds.id, A, "3", 50);
  await cancelOrder(p1!, cancelled.order.id);
  const quoted = { marketId: bm.market.id, requestKey: "" };
  await placeBookmakerBet({ ...quoted, playerId: p1!, runnerId: bm.home.id, side: "back", rate: 45, stake: taka(200), requestKey: requestKey() });
  await placeBookmakerBet({ ...quoted, playerId: p4!, runnerId: bm.away.id, side: "lay", rate: 125, stake: taka(100), requestKey: requestKey() });
  await placeBookmakerBet({ ...quoted, playerId: p2!, runnerId: bm.away.id, side: "back", rate: 120, stake: taka(50), requestKey: requestKey() });
  await placeFancyBet({ playerId: p2!, marketId: line1.id, side: "yes", line: 46, rate: 100, stake: taka(100), requestKey: requestKey() });
  await placeFancyBet({ playerId: p4!, marketId: line1.id, side: "no", line: 45, rate: 100, stake: taka(120), requestKey: requestKey() });
  await placeFancyBet({ playerId: p3!, marketId: line2.id, side: "no", line: 60, rate: 100, stake: taka(50), requestKey: requestKey() });
  await placeFancyBet({ playerId: p1!, marketId: line2.id, side: "yes", line: 62, rate: 90, stake: taka(70), requestKey: requestKey() });
  const slip = await marketPage(odds.id, p5!, { market: odds.id, runner: H, side: "lay", price: "2.5", stake: "100" });
  await lay(p5!, odds.id, H, "2.5", 100);
  const markets = [
    { id: odds.id, kind: "match_odds" as const, runners: [H, A] },
    { id: bm.market.id, kind: "bookmaker" as const, runners: [bm.home.id, bm.away.id] },
    { id: line1.id, kind: "fancy" as const, runners: [] },
    { id: line2.id, kind: "fancy" as const, runners: [] },
  ];
  return { maker, event: bm.event, odds, bm, line1, line2, H, A, players: [p1!, p2!, p3!, p4!, p5!], markets, slip: slip.slip! };
}

describe("a liability view that adds up", () => {
  let s: Awaited<ReturnType<typeof scenario>>;
  beforeAll(async () => {
    s = await scenario();
  });

  it("shows each player the exposure the ledger holds, per market and in total, on every page", async () => {
    const [p1, p2, p3, p4, p5] = s.players;
    // What the rules say (README.md, "Exposure"), worked by hand for a few: p1 risks 100 on match odds (the back of
    // 100 at 2.5 loses 100 if Chattogram wins; the cancelled back counts nothing), p2 320 (the matched lay of 150 at
    // 2.6 loses 240 if Dhaka wins, its waiting 50 another 80), p3 86, p5 the slip's liability of 150.
    expect(await ledgerHold(p1!, s.odds.id)).toBe(taka(100));
    expect(await ledgerHold(p2!, s.odds.id)).toBe(taka(320));
    expect(await ledgerHold(p3!, s.odds.id)).toBe(taka(86));
    expect(await ledgerHold(p4!, s.odds.id)).toBe(taka(64));
    expect(await ledgerHold(s.maker, s.odds.id)).toBe(taka(450));
    expect(s.slip.liability).toBe("৳150.00");
    expect(await ledgerHold(p5!, s.odds.id)).toBe(poisha(s.slip.liability!));

    for (const player of s.players) {
      const page = await marketPage(s.odds.id, player);
      let eventHeld = 0n;
      for (const m of s.markets) {
        const hold = await ledgerHold(player, m.id);
        eventHeld += hold;
        // The exposure row the totals read names that hold.
        const [row] = await db
          .select()
          .from(exchangeExposures)
          .where(and(eq(exchangeExposures.playerId, player), eq(exchangeExposures.marketId, m.id)));
        expect(row?.amount ?? 0n, `exposure row, player ${player}, market ${m.id}`).toBe(hold);
        // The market page: the worst of the P&L under each runner name (match odds, Bookmaker), a line's exposure.
        const shown =
          m.kind === "match_odds"
            ? exposureOf(page.matchOdds!.runners.map((r) => signed(r.pnl)))
            : m.kind === "bookmaker"
              ? exposureOf(page.bookmaker!.runners.map((r) => signed(r.pnl)))
              : -signed(page.fancy.find((f) => f.id === m.id)!.exposure);
        expect(shown, `market page, player ${player}, market ${m.id}`).toBe(hold);
      }
      // The page's "Exposure" of the event.
      expect(poisha(page.exposure), `event exposure, player ${player}`).toBe(eventHeld);
      // /exchange-account (and the player 360, which shows its figure), and the header's available balance.
      const account = await accountPage(player, false);
      const balances = await getPlayerBalances(player);
      expect(balances.main.pending).toBe(eventHeld);
      expect(account.balance.exposure).toBe(takaText(eventHeld));
      expect(account.balance.available).toBe(takaText(balances.main.posted - eventHeld));
      expect((await headerBalance(player, false)).main).toBe(takaText(balances.main.posted - eventHeld, { symbol: false }));
    }
  });

  it("shows bets whose figures rebuild the P&L under each runner name", async () => {
    for (const player of s.players) {
      const page = await marketPage(s.odds.id, player);
      const { records } = await listOpenExchangeRecords(player);
      expect(page.bets.matched.length + page.bets.unmatched.length).toBeGreaterThanOrEqual(1);
      for (const m of s.markets.filter((x) => x.kind !== "fancy")) {
        const runners = m.kind === "match_odds" ? page.matchOdds!.runners : page.bookmaker!.runners;
        for (const runner of runners) {
          // Each open bet as the betting record shows it: what matched wins its profit or loses its liability, what
          // waits only loses (counted pessimistically, the exposure rule).
          let pnl = 0n;
          for (const r of records.filter((x) => x.marketId === m.id)) {
            const wins = r.selection === runner.name;
            const backs = r.betType === "back";
            const matched = r.plain.matched !== "0.00";
            if (matched) pnl += backs === wins ? poisha(r.potentialProfit) : -poisha(r.potentialLiability);
            if (r.unmatched) {
              // Waits at the price asked: a back loses its stake if another runner wins, a lay its liability if this one does.
              const waiting = poisha(r.unmatched);
              if (backs && !wins) pnl -= waiting;
              if (!backs && wins) pnl -= oddsProfit(waiting, parseOdds(r.plain.requestedOdds!)!);
            }
          }
          expect(pnl, `bets rebuild, player ${player}, market ${m.id}, ${runner.name}`).toBe(signed(runner.pnl));
        }
      }
    }
  });

  it("gives the trader minus the players' books per outcome, the holds per market, and list totals that are their sum", async () => {
    const view = (await traderEvent(s.event.id))!;
    const listed = (await traderEvents()).find((e) => e.id === s.event.id)!;
    const people = s.players;
    let held = 0n;
    let makerHeld = 0n;
    for (const m of s.markets) {
      const shown = view.markets.find((x) => x.id === m.id)!;
      let playersHeld = 0n;
      for (const p of people) playersHeld += await ledgerHold(p, m.id);
      const maker = await ledgerHold(s.maker, m.id);
      expect(poisha(shown.held), `held, market ${m.id}`).toBe(playersHeld);
      expect(poisha(shown.makerHeld), `maker held, market ${m.id}`).toBe(maker);
      held += playersHeld;
      makerHeld += maker;
      const books = await Promise.all(people.map((p) => matchedBook(p, m.id, m.kind, m.runners)));
      if (m.kind === "fancy") {
        // Every range the trader shows, at its first result and its last: minus the players' books there.
        for (const range of shown.runs!) {
          for (const runs of [range.from, range.to ?? range.from + 50]) {
            const sum = books.reduce((t, b) => t + atResult(b, runs), 0n);
            expect(poisha(range.pnl), `house P&L at ${runs} runs, market ${m.id}`).toBe(-sum);
          }
        }
      } else {
        for (const r of shown.runners) {
          const sum = books.reduce((t, b) => t + b.get(r.id)!, 0n);
          expect(poisha(r.pnl), `trader P&L if ${r.name} wins, market ${m.id}`).toBe(-sum);
        }
      }
      // The reconciliation line: the exposure the rules require of everyone (the maker too) is what the ledger holds.
      expect(shown.reconciliation, `reconciliation, market ${m.id}`).toEqual({
        required: takaText(playersHeld + maker),
        ledger: takaText(playersHeld + maker),
        matches: true,
      });
    }
    // The maker's worst case on match odds: Dhaka winning. The house's on the first Fancy line (p2's Yes 46 with 100,
    // p4's No 45 with 120): below 45 runs p2 loses 100 and p4 wins 120, so the house loses 20; at 45 both lose (the
    // house wins 220); from 46 p2 wins 100 and p4 loses 120 (the house wins 20).
    const worst = (id: number) => view.markets.find((x) => x.id === id)!.worst;
    expect(worst(s.odds.id)).toEqual({ pnl: `${MINUS}৳150.00`, negative: true, runner: "Dhaka", runs: null });
    expect(worst(s.line1.id)).toEqual({ pnl: `${MINUS}৳20.00`, negative: true, runner: null, runs: { from: 0, to: 44 } });
    expect(view.totals.reconciliation).toEqual({ required: takaText(held + makerHeld), ledger: takaText(held + makerHeld), matches: true });
    // The maker laid 100 at 2.5 to the players: −150 if Dhaka wins, +100 if not.
    expect(view.markets.find((x) => x.id === s.odds.id)!.runners.map((r) => r.pnl)).toEqual([`${MINUS}৳150.00`, "৳100.00"]);
    expect(poisha(view.totals.held)).toBe(held);
    expect(poisha(view.totals.makerHeld)).toBe(makerHeld);
    expect(poisha(listed.held)).toBe(held);
    expect(poisha(listed.makerHeld)).toBe(makerHeld);
    // And the holds summed are what the players' main wallets have reserved.
    let pending = 0n;
    for (const p of [...people, s.maker]) pending += (await getPlayerBalances(p)).main.pending;
    expect(held + makerHeld).toBe(pending);
  });

  it("projects the P&L under each runner name after the slip's bet, and a bet that matches whole lands on it", async () => {
    // Last: it changes the state the other tests read. p3 backs Dhaka 50 at 2.6, what remains of p2's lay. (At 2.5 it
    // would take those 50 at 2.6 first and do better than the slip's projection, which is at the price asked.)
    const p3 = s.players[2]!;
    const before = await marketPage(s.odds.id, p3, { market: s.odds.id, runner: s.H, side: "back", price: "2.6", stake: "50" });
    const slip = before.slip!;
    const projection = projectionOf(before.matchOdds!.runners, {
      kind: slip.kind,
      side: slip.side,
      runnerId: slip.runnerId!,
      price: priceNumber(marketKind(slip.kind), slip.price)!,
      stake: stakePoisha(slip.stake)!,
    });
    // p3 had +140 if Dhaka wins, −86 if Chattogram does; the back adds +80 and −50.
    expect([...projection.values()].map((p) => p.text)).toEqual(["৳220.00", `${MINUS}৳136.00`]);
    await back(p3, s.odds.id, s.H, "2.6", 50);
    const after = await marketPage(s.odds.id, p3);
    expect(after.matchOdds!.runners.map((r) => r.pnl)).toEqual([...projection.values()]);
    expect(await ledgerHold(p3, s.odds.id)).toBe(taka(136));
  });

  it("says so when the exposure recorded is not what the ledger holds", async () => {
    const [p1] = s.players;
    const where = and(eq(exchangeExposures.playerId, p1!), eq(exchangeExposures.marketId, s.bm.market.id));
    const [row] = await db.select().from(exchangeExposures).where(where);
    await db
      .update(exchangeExposures)
      .set({ amount: row!.amount + taka(5) })
      .where(where);
    try {
      const view = (await traderEvent(s.event.id))!;
      const market = view.markets.find((x) => x.id === s.bm.market.id)!;
      expect(market.reconciliation.matches).toBe(false);
      expect(poisha(market.held) - poisha(market.reconciliation.ledger)).toBe(taka(5));
      expect(view.totals.reconciliation.matches).toBe(false);
      expect(view.markets.filter((x) => x.reconciliation.matches)).toHaveLength(3);
    } finally {
      await db.update(exchangeExposures).set({ amount: row!.amount }).where(where);
    }
  });
});
