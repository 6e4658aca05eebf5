// Crash events inside one process (subscribers: SSE streams, the engine's snapshot) and between app instances:
// with PostgreSQL every event is also NOTIFYed on `crash_events` as "<instance>|<json>" and each instance's
// engine LISTENs (on its leader-lock connection) and hands the others' events to its own subscribers.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getEnv } from "#app/config/env.server.ts";
import { logDatabaseFailure } from "#app/db/connection-errors.ts";
import { db } from "#app/db/db.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { betPageId } from "../../bet-link.server.ts";
import { type CrashEvent, parseCrashEvent, publicEventJson as publicJson } from "./events.ts";

const log = rootLog.child({ module: "crash" });

/** What this instance's pages receive of an event (a live-bets batch's items signed with its pages' ids). */
const publicEventJson = (event: CrashEvent) => publicJson(event, betPageId);
export const CRASH_CHANNEL = "crash_events";

/** `json` is what pages may receive (publicEventJson); `event` may carry more (a live-bets batch's player ids). */
export type CrashListener = (event: CrashEvent, json: string) => void;

export class CrashHub {
  readonly instanceId = randomUUID().slice(0, 8);
  private readonly listeners = new Set<CrashListener>();

  /** notify: also send events to other instances (PostgreSQL only). */
  notify: boolean;

  constructor(notify: boolean) {
    this.notify = notify;
  }

  subscribe(fn: CrashListener): () => void {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  }

  get subscriberCount() {
    return this.listeners.size;
  }

  /** To this process's subscribers only. */
  deliver(event: CrashEvent, json = publicEventJson(event)) {
    for (const fn of this.listeners) {
      try {
        fn(event, json);
      } catch (e) {
        log.error({ err: e }, "a subscriber failed");
      }
    }
  }

  /** To this process's subscribers at once and to the other instances through NOTIFY (never throws). */
  publish(event: CrashEvent): Promise<void> {
    const json = JSON.stringify(event);
    this.deliver(event, event.t === "hb" ? publicEventJson(event) : json);
    if (!this.notify) return Promise.resolve();
    return db
      .execute(sql`select pg_notify(${CRASH_CHANNEL}, ${`${this.instanceId}|${json}`})`)
      .then(() => undefined)
      .catch((e: unknown) => logDatabaseFailure(log, e, "NOTIFY failed"));
  }

  /** A NOTIFY payload from the channel: delivered unless this hub sent it. */
  relay(payload: string) {
    const bar = payload.indexOf("|");
    if (bar < 0 || payload.slice(0, bar) === this.instanceId) return;
    const json = payload.slice(bar + 1);
    const event = parseCrashEvent(json);
    if (event) this.deliver(event, event.t === "hb" ? publicEventJson(event) : json);
  }
}

const KEY = Symbol.for("deshplay.crashHub");
type WithHub = typeof globalThis & { [KEY]?: CrashHub };

/** This process's hub (one per process, also across dev-server module reloads). */
export function crashHub(): CrashHub {
  const g = globalThis as WithHub;
  g[KEY] ??= new CrashHub(Boolean(getEnv().DATABASE_URL));
  return g[KEY];
}

/** Subscribes to every Crash event this process sees; returns the unsubscribe function. */
export function subscribeCrash(fn: CrashListener): () => void {
  return crashHub().subscribe(fn);
}

export function publishCrash(event: CrashEvent): Promise<void> {
  return crashHub().publish(event);
}
