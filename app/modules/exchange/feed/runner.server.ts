// Runs the exchange feed once across app instances: the instance that holds the feed's leader lock (app/db/
// leader.server.ts; on PGlite the only process) reads the feed every few seconds and applies each event's snapshot
// (feed-sync.server.ts), which also drives the market-maker. When the leader's connection dies, another instance
// takes over on its next try; snapshots are whole, so the new leader carries on from the feed's current state. Bets
// are taken on every instance, and every change reaches every instance's pages through the events bus.
import { LEADER_LOCKS, LeaderElection } from "#app/db/leader.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import type { ExchangeFeed } from "./feed.ts";
import { applyFeedEvent, type SyncOptions } from "./feed-sync.server.ts";

export type FeedRunnerOptions = {
  feed: ExchangeFeed;
  sync: SyncOptions;
  /** PostgreSQL's URL; none on PGlite, where this process is the only one. */
  databaseUrl?: string;
  /** Between two reads of the feed. */
  intervalMs?: number;
  leaderRetryMs?: number;
  lockKey?: number;
  /** The feed's clock (tests). */
  now?: () => Date;
};

const log = rootLog.child({ module: "exchange-feed" });
const REAPPLY_MS = 30_000;
const FRESH_PER_READ = 8;

export class FeedRunner {
  private readonly options: Required<Omit<FeedRunnerOptions, "databaseUrl">> & { databaseUrl?: string };
  private election: LeaderElection | undefined;
  private started = false;
  private leading = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** Feed reads this runner made (tests check that only the leader reads). */
  reads = 0;
  /**
   * The last snapshot applied per event and when: an unchanged one (most, between two balls) costs no query until
   * REAPPLY_MS has passed, when it is applied again so the market-maker tops up what players took from its quotes.
   */
  private readonly applied = new Map<string, { snapshot: string; at: number }>();

  constructor(options: FeedRunnerOptions) {
    this.options = { intervalMs: 2_000, leaderRetryMs: 2_000, lockKey: LEADER_LOCKS.exchangeFeed, now: () => new Date(), ...options };
  }

  get isLeader() {
    return this.leading;
  }

  /** The backend pid of the lock connection (PostgreSQL only; tests kill it). */
  get lockPid() {
    return this.election?.pid;
  }

  async start() {
    if (this.started) return;
    this.started = true;
    if (!this.options.databaseUrl) return this.lead();
    this.election = new LeaderElection({
      url: this.options.databaseUrl,
      lockKey: this.options.lockKey,
      retryMs: this.options.leaderRetryMs,
      log,
      onLead: () => {
        if (this.started) this.lead();
      },
      onLost: () => {
        this.leading = false;
        this.wake?.();
      },
    });
    await this.election.start();
  }

  async stop() {
    this.started = false;
    this.leading = false;
    this.wake?.();
    await this.loop;
    await this.election?.stop();
    this.election = undefined;
  }

  /** Reads the feed once and applies every event; an event that fails is logged and does not stop the others. */
  async tick() {
    this.reads += 1;
    const events = await this.options.feed.events(this.options.now());
    // Matches in play first, then the soonest; a first pass (two days of matches, each quoted by the market-maker)
    // is spread over several reads so that it does not hold up the site's pages at start-up.
    const ordered = [...events].sort((a, b) => Number(b.inPlay) - Number(a.inPlay) || a.startsAt.getTime() - b.startsAt.getTime());
    let fresh = 0;
    for (const event of ordered) {
      if (!this.started && this.loop) return;
      const snapshot = JSON.stringify(event);
      const last = this.applied.get(event.externalId);
      if (last?.snapshot === snapshot && Date.now() - last.at < REAPPLY_MS) continue;
      if (!last && ++fresh > FRESH_PER_READ) continue;
      try {
        await applyFeedEvent(event, this.options.sync);
        this.applied.set(event.externalId, { snapshot, at: Date.now() });
      } catch (e) {
        log.error({ err: e }, `${event.externalId} was not applied`);
      }
    }
    // Forget events the feed no longer lists.
    const listed = new Set(events.map((e) => e.externalId));
    for (const id of this.applied.keys()) if (!listed.has(id)) this.applied.delete(id);
  }

  private lead() {
    if (this.leading) return;
    this.leading = true;
    // Another instance may have led meanwhile: apply everything once more (applying is idempotent).
    this.applied.clear();
    const previous = this.loop ?? Promise.resolve();
    this.loop = previous.then(() => this.drive());
  }

  private async drive() {
    while (this.started && this.leading) {
      try {
        await this.tick();
      } catch (e) {
        log.error({ err: e }, "the feed could not be read");
      }
      if (!this.started || !this.leading) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.intervalMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }
}
