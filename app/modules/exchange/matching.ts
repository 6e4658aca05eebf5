// The match-odds order book of one market: pure and synchronous (no I/O), so the caller loads a market's unmatched
// orders, runs one operation under the market's lock and persists the result in the same transaction.
// Rules (README.md, "Match odds"): price-time priority; a fill happens at the resting order's price; an
// incoming BACK at tick P takes resting LAYs at ticks >= P (highest first), an incoming LAY takes resting BACKs at
// ticks <= P (lowest first); partial fills leave the remainder resting; an order never matches its own player's
// resting orders (it skips them). Sizes are the backer's stake in poisha, whole taka only, so every P&L is exact.

export type Side = "back" | "lay";

export type RestingOrder = {
  id: string;
  playerId: number;
  runnerId: number;
  side: Side;
  /** Ladder tick (ladder.ts). */
  tick: number;
  /** Unmatched stake in poisha. */
  remaining: bigint;
  /** Arrival order (time priority): a later order has a larger seq. */
  seq: number;
  /** Kept when the market turns in-play (PERSIST) instead of lapsing. */
  persist: boolean;
};

export type IncomingOrder = Omit<RestingOrder, "remaining"> & { size: bigint };

export type Fill = {
  takerOrderId: string;
  makerOrderId: string;
  takerPlayerId: number;
  makerPlayerId: number;
  runnerId: number;
  /** The taker's side; the maker is on the other. */
  takerSide: Side;
  /** The maker's (resting) price. */
  tick: number;
  size: bigint;
};

export type PlaceResult = { fills: Fill[]; matched: bigint; remaining: bigint; rested: RestingOrder | null };
export type PriceLevel = { tick: number; size: bigint };
/** The levels a side the pages' tables and the API show (Betfair's EX_BEST_OFFERS default). */
export const BEST_OFFERS = 3;

const WHOLE_TAKA = 100n;

export function checkStake(size: bigint): void {
  if (typeof size !== "bigint" || size <= 0n || size % WHOLE_TAKA !== 0n) {
    throw new RangeError("A stake is a positive whole number of taka (in poisha)");
  }
}

export class OrderBook {
  /** `${runnerId}:${side}` → tick → FIFO queue. */
  private readonly queues = new Map<string, Map<number, RestingOrder[]>>();
  private readonly byId = new Map<string, RestingOrder>();

  /** A book holding these unmatched orders (any order; queues are rebuilt by seq). */
  static from(orders: Iterable<RestingOrder>): OrderBook {
    const book = new OrderBook();
    for (const o of [...orders].sort((a, b) => a.seq - b.seq)) book.rest({ ...o });
    return book;
  }

  /** Matches `order` against the book and rests what is left (unless `rest` is false: then it is killed). */
  place(order: IncomingOrder, { rest = true }: { rest?: boolean } = {}): PlaceResult {
    checkStake(order.size);
    if (this.byId.has(order.id)) throw new Error(`Order ${order.id} is already in the book`);
    const fills: Fill[] = [];
    let left = order.size;
    const opposite: Side = order.side === "back" ? "lay" : "back";
    const levels = this.queues.get(key(order.runnerId, opposite));
    if (levels) {
      // A back takes lays priced at or above its own, best (highest) first; a lay takes backs at or below, lowest first.
      const ticks = [...levels.keys()]
        .filter((t) => (order.side === "back" ? t >= order.tick : t <= order.tick))
        .sort((a, b) => (order.side === "back" ? b - a : a - b));
      for (const tick of ticks) {
        const queue = levels.get(tick)!;
        for (let i = 0; i < queue.length && left > 0n;) {
          const maker = queue[i]!;
          if (maker.playerId === order.playerId) {
            i++;
            continue;
          }
          const size = maker.remaining < left ? maker.remaining : left;
          fills.push({
            takerOrderId: order.id,
            makerOrderId: maker.id,
            takerPlayerId: order.playerId,
            makerPlayerId: maker.playerId,
            runnerId: order.runnerId,
            takerSide: order.side,
            tick,
            size,
          });
          left -= size;
          maker.remaining -= size;
          if (maker.remaining === 0n) {
            queue.splice(i, 1);
            this.byId.delete(maker.id);
          } else i++;
        }
        if (queue.length === 0) levels.delete(tick);
        if (left === 0n) break;
      }
    }
    const matched = order.size - left;
    let rested: RestingOrder | null = null;
    if (left > 0n && rest) {
      rested = {
        id: order.id,
        playerId: order.playerId,
        runnerId: order.runnerId,
        side: order.side,
        tick: order.tick,
        remaining: left,
        seq: order.seq,
        persist: order.persist,
      };
      this.rest(rested);
    }
    return { fills, matched, remaining: left, rested: rested ? { ...rested } : null };
  }

  /** Cancels `by` poisha of an unmatched order (all of it when omitted); a reduced order keeps its place in the queue. */
  cancel(orderId: string, by?: bigint): { cancelled: bigint; remaining: bigint } | null {
    const order = this.byId.get(orderId);
    if (!order) return null;
    const amount = by === undefined || by >= order.remaining ? order.remaining : by;
    if (by !== undefined) checkStake(amount);
    order.remaining -= amount;
    if (order.remaining === 0n) this.remove(order);
    return { cancelled: amount, remaining: order.remaining };
  }

  /** Removes every unmatched order `which` selects (turn-in-play: those not kept; suspension for settlement: all). */
  lapse(which: (o: RestingOrder) => boolean): RestingOrder[] {
    const gone = [...this.byId.values()].filter(which).sort((a, b) => a.seq - b.seq);
    for (const o of gone) this.remove(o);
    return gone.map((o) => ({ ...o }));
  }

  get(orderId: string): RestingOrder | null {
    const o = this.byId.get(orderId);
    return o ? { ...o } : null;
  }

  /** Every unmatched order, in arrival order. */
  orders(): RestingOrder[] {
    return [...this.byId.values()].sort((a, b) => a.seq - b.seq).map((o) => ({ ...o }));
  }

  /**
   * The best `depth` prices of a runner with their total unmatched size (the backer's stake): availableToBack are
   * the resting lays, best (highest) first; availableToLay are the resting backs, best (lowest) first.
   */
  depth(runnerId: number, depth = BEST_OFFERS): { availableToBack: PriceLevel[]; availableToLay: PriceLevel[] } {
    return { availableToBack: this.levels(runnerId, "lay", depth), availableToLay: this.levels(runnerId, "back", depth) };
  }

  private levels(runnerId: number, side: Side, depth: number): PriceLevel[] {
    const levels = this.queues.get(key(runnerId, side));
    if (!levels) return [];
    return [...levels.entries()]
      .map(([tick, queue]) => ({ tick, size: queue.reduce((s, o) => s + o.remaining, 0n) }))
      .sort((a, b) => (side === "lay" ? b.tick - a.tick : a.tick - b.tick))
      .slice(0, depth);
  }

  private rest(order: RestingOrder) {
    checkStake(order.remaining);
    const k = key(order.runnerId, order.side);
    let levels = this.queues.get(k);
    if (!levels) this.queues.set(k, (levels = new Map()));
    const queue = levels.get(order.tick);
    if (queue) queue.push(order);
    else levels.set(order.tick, [order]);
    this.byId.set(order.id, order);
  }

  private remove(order: RestingOrder) {
    const levels = this.queues.get(key(order.runnerId, order.side))!;
    const queue = levels.get(order.tick)!;
    queue.splice(queue.indexOf(order), 1);
    if (queue.length === 0) levels.delete(order.tick);
    this.byId.delete(order.id);
  }
}

const key = (runnerId: number, side: Side) => `${runnerId}:${side}`;
