// A player's exposure in a market, recomputed from their orders (and fills) by the market's kind, and the ledger hold
// that reserves it on the main wallet: one open hold per (player, market), replaced whenever the amount changes.
// Call inside the transaction that holds the market's lock (orders.server.ts).
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "#app/db/db.server.ts";
import { preparedRows } from "#app/db/rows.server.ts";
import { applyLinked, type LedgerOp } from "#app/modules/ledger/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import type { Currency } from "#app/modules/players/index.ts";
import { ExchangeError } from "./errors.ts";
import { marketKind } from "./market-kinds.ts";
import { exposureOf, oddsProfit, type RunnerPosition } from "./pnl.ts";
import { type ExchangeOrder, exchangeExposures, exchangeFills, exchangeMarkets, exchangeOrders, exchangeRunners, type MarketKind } from "./schema.ts";

export const EXCHANGE_HOUSE = "house:exchange";

/** The player's matched positions (from fills, on either side) and unmatched remainders in a market. */
export async function playerPositions(tx: Tx, playerId: number, marketId: number) {
  const orders = await tx
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.marketId, marketId), eq(exchangeOrders.playerId, playerId)));
  const ids = orders.map((o) => o.id);
  const fills = ids.length
    ? await tx
        .select()
        .from(exchangeFills)
        .where(and(eq(exchangeFills.marketId, marketId), or(inArray(exchangeFills.takerOrderId, ids), inArray(exchangeFills.makerOrderId, ids))))
    : [];
  const byId = new Map(orders.map((o) => [o.id, o]));
  const matched: RunnerPosition[] = [];
  for (const f of fills) {
    // A player's own orders never match each other, so exactly one side of a fill is theirs.
    const mine = byId.get(f.takerOrderId) ?? byId.get(f.makerOrderId)!;
    matched.push({ runnerId: f.runnerId, side: mine.side as "back" | "lay", stake: f.size, profit: oddsProfit(f.size, f.tick) });
  }
  const unmatched: RunnerPosition[] = [];
  for (const o of orders) {
    const remaining = o.size - o.matched - o.cancelled;
    if (remaining > 0n && (o.status === "unmatched" || o.status === "partially_matched")) {
      unmatched.push({ runnerId: o.runnerId!, side: o.side as "back" | "lay", stake: remaining, profit: oddsProfit(remaining, o.tick!) });
    }
  }
  return { orders, fills, matched, unmatched };
}

async function runnerIdsOf(tx: Tx, marketId: number, kind: MarketKind): Promise<number[]> {
  if (!marketKind(kind).hasRunners) return [];
  const runners = await tx.select({ id: exchangeRunners.id }).from(exchangeRunners).where(eq(exchangeRunners.marketId, marketId));
  return runners.map((r) => r.id);
}

/**
 * The player's P&L in the market for each outcome, as its kind works it out: per runner winning (match odds, with
 * unmatched orders counted pessimistically; Bookmaker), or per result in runs that matters (Fancy).
 */
export async function marketBook(tx: Tx, playerId: number, marketId: number, kind?: MarketKind): Promise<Map<number, bigint>> {
  const marketKindId =
    kind ?? (await tx.select({ kind: exchangeMarkets.kind }).from(exchangeMarkets).where(eq(exchangeMarkets.id, marketId)))[0]!.kind;
  const runnerIds = await runnerIdsOf(tx, marketId, marketKindId);
  const { orders, fills } = await playerPositions(tx, playerId, marketId);
  return marketKind(marketKindId).book({ orders, fills }, runnerIds, true);
}

/**
 * A market's liability in one read of its orders, however many players bet in it: `book`, every player's matched P&L
 * summed per outcome (match odds and Bookmaker: per runner winning; Fancy: per result in runs that matters),
 * `leaveOut` (the market-maker) not counted: what the house pays or takes, P&L adding up so this is the players'
 * books summed; and `exposures`, each player's exposure as the rules work it out (their book with unmatched orders
 * counted pessimistically, its worst case: what the ledger should hold), the market-maker's too.
 */
export async function marketLiability(
  tx: Tx,
  marketId: number,
  kind: MarketKind,
  runnerIds: number[],
  leaveOut?: number,
): Promise<{ book: Map<number, bigint>; exposures: Map<number, bigint> }> {
  const spec = marketKind(kind);
  const orders = await tx.select().from(exchangeOrders).where(eq(exchangeOrders.marketId, marketId));
  const counted = orders.filter((o) => o.playerId !== leaveOut);
  // Both sides of a fill count when both are players' (their P&L cancels out); the market-maker's side does not. A
  // kind's book reads each order's matched part from its row (matched, matchedReturn), not its fills.
  const book = spec.book({ orders: counted, fills: [] }, runnerIds, false);
  const byPlayer = new Map<number, ExchangeOrder[]>();
  for (const o of orders) {
    const mine = byPlayer.get(o.playerId);
    if (mine) mine.push(o);
    else byPlayer.set(o.playerId, [o]);
  }
  const exposures = new Map([...byPlayer].map(([id, mine]) => [id, exposureOf(spec.book({ orders: mine, fills: [] }, runnerIds, true).values())]));
  return { book, exposures };
}

/** These players' orders in the market (a quoted kind's: taken whole, no fills). */
async function ordersOf(tx: Tx, marketId: number, ids: number[]) {
  return tx
    .select()
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.marketId, marketId), inArray(exchangeOrders.playerId, ids)));
}

type SummedRow = { player_id: number; runner_id: number; side: "back" | "lay"; tick: number | null; matched: string; ret: string; open: string };
type CurrentRaw = { playerId: number; currency: string; amount: string | null; holdId: number | null; version: number | null };
type Current = { playerId: number; currency: string; amount: bigint | null; holdId: number | null; version: number | null };

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );

/** These players' currencies and current exposures in the market (none yet: nulls), as one JSON array. */
const currentSql = (marketId: number, ids: number[]) =>
  sql`(select json_agg(json_build_object('playerId', p.id, 'currency', p.currency, 'amount', e.amount::text, 'holdId', e.hold_id,
      'version', e.version)) from ${players} p
    left join ${exchangeExposures} e on e.player_id = p.id and e.market_id = ${marketId}::int where p.id in (${idList(ids)}))`;

const toCurrent = (rows: CurrentRaw[] | null): Current[] => (rows ?? []).map((r) => ({ ...r, amount: r.amount === null ? null : BigInt(r.amount) }));

/**
 * A book kind's positions as few rows, whatever the players' history in the market: per player, runner and side the
 * matched stakes and what they return summed (their P&L adds up: kinds/match-odds.ts counts an order's matched part
 * from these two figures), and each unmatched remainder with its price. Shaped as orders for the kind's `book`. The
 * players' current exposures come in the same statement.
 */
async function summedPositions(tx: Tx, marketId: number, ids: number[]): Promise<{ orders: ExchangeOrder[]; current: Current[] }> {
  const who = idList(ids);
  const [raw] = await preparedRows<{ positions: SummedRow[] | null; current: CurrentRaw[] | null }>(
    tx,
    sql`select (select json_agg(s) from (
        select player_id, runner_id, side, null::int as tick, sum(matched)::text as matched, sum(matched_return)::text as ret, '0' as open
        from exchange_orders where market_id = ${marketId}::int and player_id in (${who}) and matched > 0
        group by player_id, runner_id, side
        union all
        select player_id, runner_id, side, tick, '0', '0', (size - matched - cancelled)::text
        from exchange_orders where market_id = ${marketId}::int and player_id in (${who}) and status in ('unmatched', 'partially_matched')
      ) s) as positions, ${currentSql(marketId, ids)} as current`,
  );
  const orders = (raw!.positions ?? []).map((r, i): ExchangeOrder => {
    const matched = BigInt(r.matched);
    const open = BigInt(r.open);
    return {
      id: -1 - i,
      marketId,
      runnerId: r.runner_id,
      playerId: r.player_id,
      side: r.side,
      tick: r.tick,
      rate: null,
      line: null,
      size: matched + open,
      matched,
      cancelled: 0n,
      lapsed: 0n,
      matchedReturn: BigInt(r.ret),
      matchedAt: null,
      status: open > 0n ? "unmatched" : "matched",
      persist: false,
      requestKey: "",
      profit: null,
      placedAt: new Date(0),
      updatedAt: new Date(0),
    };
  });
  return { orders, current: toCurrent(raw!.current) };
}

/** A quoted kind's orders of these players (taken whole, no fills) and their current exposures. */
async function quotedPositions(tx: Tx, marketId: number, ids: number[]): Promise<{ orders: ExchangeOrder[]; current: Current[] }> {
  const orders = await ordersOf(tx, marketId, ids);
  const [raw] = await preparedRows<{ current: CurrentRaw[] | null }>(tx, sql`select ${currentSql(marketId, ids)} as current`);
  return { orders, current: toCurrent(raw!.current) };
}

export type ExposureRow = { playerId: number; marketId: number; amount: bigint; holdId: number | null; version: number };

/**
 * Recomputes these players' exposures in the market and replaces the holds of those that changed, in a fixed number
 * of statements however many players: their positions (summed for a kind with a book, `summedPositions`) with their
 * current exposures and currencies, and one linked ledger write (each changed hold voided and its successor placed);
 * returns the exposure rows to write (syncExposures writes them with the market's version). Throws the ledger's
 * insufficient_funds when a larger exposure does not fit main's available balance (the caller rolls its transaction
 * back). `runnerIds`: the market's runners when the caller already read them.
 */
export async function syncExposureHolds(
  tx: Tx,
  marketId: number,
  kind: MarketKind,
  playerIds: readonly number[],
  runnerIds?: readonly number[],
): Promise<{ exposures: Map<number, bigint>; changed: ExposureRow[] }> {
  const ids = [...new Set(playerIds)].sort((a, b) => a - b);
  const exposures = new Map<number, bigint>();
  if (ids.length === 0) return { exposures, changed: [] };
  const spec = marketKind(kind);
  const { orders, current } = spec.hasBook ? await summedPositions(tx, marketId, ids) : await quotedPositions(tx, marketId, ids);
  const runners = runnerIds ?? (await runnerIdsOf(tx, marketId, kind));
  const ops: LedgerOp[] = [];
  const rows: ExposureRow[] = [];
  for (const id of ids) {
    const mine = orders.filter((o) => o.playerId === id);
    const amount = exposureOf(spec.book({ orders: mine, fills: [] }, runners, true).values());
    exposures.set(id, amount);
    const row = current.find((c) => c.playerId === id);
    if (!row) throw new ExchangeError("player_blocked");
    if ((row.amount ?? 0n) === amount) continue;
    const version = (row.version ?? 0) + 1;
    const base = `exchange:${marketId}:${id}:exposure:${version}`;
    if (row.holdId) ops.push({ op: "void", input: { key: `${base}:release`, holdId: row.holdId } });
    if (amount > 0n) {
      ops.push({
        op: "transfer",
        input: {
          key: base,
          debit: `player:${id}:main`,
          credit: EXCHANGE_HOUSE,
          amount,
          currency: row.currency as Currency,
          kind: "exchange_exposure",
          pending: true,
          memo: `Exchange market ${marketId} exposure`,
          meta: { marketId },
        },
      });
    }
    rows.push({ playerId: id, marketId, amount, holdId: null, version });
  }
  const holds = new Map<string, number>();
  // Linked, at most 40 operations a write (two per player).
  for (let i = 0; i < ops.length; i += 40) {
    for (const r of await applyLinked(ops.slice(i, i + 40), tx)) holds.set(r.transfer.key, r.transfer.id);
  }
  const changed = rows.map((r) => ({ ...r, holdId: holds.get(`exchange:${marketId}:${r.playerId}:exposure:${r.version}`) ?? null }));
  return { exposures, changed };
}
