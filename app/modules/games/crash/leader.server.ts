// Leader election across app instances on one PostgreSQL: the instance holding a session-level advisory lock on
// its own connection drives the Crash rounds. The same connection LISTENs on the crash channel. If the connection
// dies the lock is released by PostgreSQL and another instance's next try takes it.
import pg from "pg";
import { CRASH_CHANNEL } from "./hub.server.ts";

/** Any fixed number; advisory locks are per database. */
export const CRASH_LEADER_LOCK = 7_240_406;

export class LeaderConnection {
  private client: pg.Client | undefined;
  private lost = false;

  private readonly url: string;
  private readonly handlers: { notification: (payload: string) => void; lost: () => void };
  private readonly lockKey: number;

  constructor(url: string, handlers: { notification: (payload: string) => void; lost: () => void }, lockKey = CRASH_LEADER_LOCK) {
    this.url = url;
    this.handlers = handlers;
    this.lockKey = lockKey;
  }

  get connected() {
    return Boolean(this.client) && !this.lost;
  }

  /** The backend's process id (tests terminate it to play a dead leader). */
  pid: number | undefined;

  async connect() {
    const client = new pg.Client({ connectionString: this.url });
    this.lost = false;
    const onGone = () => {
      if (this.client !== client || this.lost) return;
      this.lost = true;
      this.handlers.lost();
    };
    client.on("error", onGone);
    client.on("end", onGone);
    client.on("notification", (msg) => {
      if (msg.channel === CRASH_CHANNEL && msg.payload) this.handlers.notification(msg.payload);
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>(`select pg_backend_pid() as pid`);
      this.pid = rows[0]?.pid;
      await client.query(`listen ${CRASH_CHANNEL}`);
    } catch (e) {
      await client.end().catch(() => {});
      throw e;
    }
    this.client = client;
  }

  /** True when this connection holds (or now takes) the leader lock. */
  async tryLead(): Promise<boolean> {
    if (!this.client || this.lost) return false;
    const { rows } = await this.client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [this.lockKey]);
    return rows[0]?.ok === true;
  }

  async close() {
    const client = this.client;
    this.client = undefined;
    this.pid = undefined;
    await client?.end().catch(() => {});
  }
}
