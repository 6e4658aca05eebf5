// Leader election across app instances on one PostgreSQL: the instance holding a session-level advisory lock on
// its own connection does a job that must run once (the Crash rounds, the exchange feed). The same connection may
// LISTEN on a channel. If the connection dies the lock is released by PostgreSQL and another instance's next try
// takes it. A connection that stops answering (its network gone without a word, as in some failovers) is given up
// when a statement on it gets no answer in time: the leader checks its connection every try, so it stops its job
// rather than go on beside a new leader that took the lock on the database's new primary.
import pg from "pg";
import type { Logger } from "#app/kernel/log.server.ts";
import { isConnectionLost } from "./connection-errors.ts";

/** The jobs' lock keys: any fixed numbers, one per job; advisory locks are per database. */
export const LEADER_LOCKS = { crash: 7_240_406, exchangeFeed: 7_240_407 } as const;

export class LeaderConnection {
  private client: pg.Client | undefined;
  private lost = false;

  private readonly url: string;
  private readonly handlers: { notification: (payload: string) => void; lost: () => void };
  private readonly lockKey: number;
  private readonly channel: string | null;

  /** `channel`: one to LISTEN on with this connection (its notifications go to `handlers.notification`). */
  constructor(
    url: string,
    handlers: { notification: (payload: string) => void; lost: () => void },
    { lockKey, channel = null }: { lockKey: number; channel?: string | null },
  ) {
    this.url = url;
    this.handlers = handlers;
    this.lockKey = lockKey;
    this.channel = channel;
  }

  get connected() {
    return Boolean(this.client) && !this.lost;
  }

  /** The backend's process id (tests terminate it to play a dead leader). */
  pid: number | undefined;

  async connect() {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, connectionTimeoutMillis: 10_000 });
    this.lost = false;
    const onGone = () => {
      if (this.client !== client || this.lost) return;
      this.lost = true;
      this.handlers.lost();
    };
    this.gone = onGone;
    client.on("error", onGone);
    client.on("end", onGone);
    client.on("notification", (msg) => {
      if (this.channel && msg.channel === this.channel && msg.payload) this.handlers.notification(msg.payload);
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>(`select pg_backend_pid() as pid`);
      this.pid = rows[0]?.pid;
      if (this.channel) await client.query(`listen ${this.channel}`);
    } catch (e) {
      await client.end().catch(() => {});
      throw e;
    }
    this.client = client;
  }

  private gone: () => void = () => {};

  /**
   * A statement on the lock connection; one with no answer within `timeoutMs` gives the connection up (it counts
   * as lost, and is closed) and rejects.
   */
  private async ask<Row extends pg.QueryResultRow>(text: string, values: unknown[], timeoutMs: number): Promise<Row[]> {
    const client = this.client;
    if (!client || this.lost) throw new Error("the leader connection is lost");
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the database did not answer in ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return (await Promise.race([client.query<Row>(text, values), silence])).rows;
    } catch (e) {
      if (client === this.client && !this.lost) {
        this.gone();
        void client.end().catch(() => {});
      }
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  /** True when this connection holds (or now takes) the leader lock. */
  async tryLead(timeoutMs = 10_000): Promise<boolean> {
    if (!this.client || this.lost) return false;
    const rows = await this.ask<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [this.lockKey], timeoutMs);
    return rows[0]?.ok === true;
  }

  /** Whether the connection (and so the lock it holds) is still there: it answers a statement in time. */
  async alive(timeoutMs = 10_000): Promise<boolean> {
    if (!this.client || this.lost) return false;
    return this.ask("select 1", [], timeoutMs).then(
      () => true,
      () => false,
    );
  }

  async close() {
    const client = this.client;
    this.client = undefined;
    this.pid = undefined;
    await client?.end().catch(() => {});
  }
}

export type LeaderElectionOptions = {
  url: string;
  lockKey: number;
  /** How often a follower tries to take the lock. */
  retryMs: number;
  /** The job's logger (its module: "crash", "exchange-feed"). */
  log: Logger;
  channel?: string | null;
  onNotification?: (payload: string) => void;
  /** This instance took the lock: start the job. */
  onLead: () => void;
  /** The lock's connection was lost (the lock with it): stop the job. */
  onLost: () => void;
};

/**
 * Keeps trying to take a job's leader lock: connects (again after a loss), tries the lock every `retryMs`, and tells
 * the job when it leads and when it lost the connection. An instance whose connection failed waits three tries
 * before trying again, so that a healthy one takes over first.
 */
export class LeaderElection {
  private connection: LeaderConnection | undefined;
  private active = false;
  private trying = false;
  private backoffUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  leading = false;
  private readonly options: LeaderElectionOptions;

  constructor(options: LeaderElectionOptions) {
    this.options = options;
  }

  /** The backend's process id of the lock connection (tests terminate it to play a dead leader). */
  get pid() {
    return this.connection?.pid;
  }

  async start() {
    if (this.active) return;
    this.active = true;
    await this.tryToLead();
    this.timer = setInterval(() => void this.tryToLead(), this.options.retryMs);
    this.timer.unref();
  }

  /** Stops trying and closes the connection, which releases the lock. */
  async stop() {
    this.active = false;
    this.leading = false;
    clearInterval(this.timer);
    await this.connection?.close();
    this.connection = undefined;
  }

  /** How long a statement on the lock connection may go unanswered before the connection is given up. */
  private get answerWithinMs() {
    return Math.max(10_000, 3 * this.options.retryMs);
  }

  private async tryToLead() {
    if (!this.active || this.trying || Date.now() < this.backoffUntil) return;
    this.trying = true;
    try {
      // The leader checks that its lock is still held (a connection given up calls lost() and stops the job).
      if (this.leading) {
        await this.connection?.alive(this.answerWithinMs);
        return;
      }
      if (!this.connection?.connected) {
        await this.connection?.close();
        const { url, lockKey, channel, onNotification } = this.options;
        this.connection = new LeaderConnection(url, { notification: (p) => onNotification?.(p), lost: () => this.lost() }, { lockKey, channel });
        await this.connection.connect();
      }
      if (this.active && (await this.connection.tryLead(this.answerWithinMs))) {
        this.leading = true;
        this.options.onLead();
      }
    } catch (e) {
      // The database away (a restart, a failover): one line a try, not a stack.
      if (isConnectionLost(e)) this.options.log.error(`leader election failed (${(e as Error).message}); trying again`);
      else this.options.log.error({ err: e }, "leader election failed");
    } finally {
      this.trying = false;
    }
  }

  private lost() {
    if (this.leading) this.options.log.error("the leader connection was lost; another instance takes over");
    this.backoffUntil = Date.now() + 3 * this.options.retryMs;
    this.leading = false;
    this.options.onLost();
  }
}
