// Conflation of market changes for the pages' live updates: at most one flush per market per interval, counted from
// when the last flush finished (it reads the database, so it takes a while). The first change after a quiet interval
// goes out at once; changes during the interval, or during a flush, are folded into one flush after it.

export class Conflator {
  private readonly last = new Map<number, number>();
  private readonly pending = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly flushing = new Set<number>();
  private readonly dirty = new Set<number>();
  private readonly intervalMs: number;
  private readonly flush: (marketId: number) => void | Promise<void>;
  private closed = false;

  constructor(intervalMs: number, flush: (marketId: number) => void | Promise<void>) {
    this.intervalMs = intervalMs;
    this.flush = flush;
  }

  /** A market changed. */
  mark(marketId: number) {
    if (this.closed || this.pending.has(marketId)) return;
    if (this.flushing.has(marketId)) {
      this.dirty.add(marketId);
      return;
    }
    const wait = (this.last.get(marketId) ?? -Infinity) + this.intervalMs - Date.now();
    if (wait <= 0) return void this.send(marketId);
    this.pending.set(
      marketId,
      setTimeout(() => void this.send(marketId), wait),
    );
  }

  /** Drops the pending flushes (the page went away). */
  close() {
    this.closed = true;
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  private async send(marketId: number) {
    this.pending.delete(marketId);
    this.flushing.add(marketId);
    try {
      await this.flush(marketId);
    } finally {
      this.last.set(marketId, Date.now());
      this.flushing.delete(marketId);
      if (this.dirty.delete(marketId)) this.mark(marketId);
    }
  }
}
