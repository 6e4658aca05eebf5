// Balance-changed notices for SSE streams. In-process EventEmitter; with DATABASE_URL also Postgres
// LISTEN/NOTIFY on one channel so every app instance hears changes made by the others.
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import pg from "pg";
import { getEnv } from "#app/config/env.server.ts";
import { db } from "#app/db/db.server.ts";

const CHANNEL = "balance_changed";
const INSTANCE = randomUUID();
const RECONNECT_MS = 5_000;

const emitter = new EventEmitter();
emitter.setMaxListeners(0);

let listener: pg.Client | undefined;
let connecting: Promise<void> | undefined;
let stopped = false;

const topic = (playerId: number) => `player:${playerId}`;

/**
 * Tells this instance's subscribers at once and the other instances through NOTIFY. Call it after the
 * transaction that changed the balance has committed; a failed NOTIFY is logged, never thrown.
 * One NOTIFY statement is in flight at a time; players published meanwhile go out together in the next
 * one (a busy casino would otherwise spend a round trip per bet on it). Resolves once that one is sent.
 */
export function publishBalanceChanged(playerId: number): Promise<void> {
  emitter.emit(topic(playerId), playerId);
  if (!getEnv().DATABASE_URL) return Promise.resolve();
  if (!queued) {
    const batch = new Set<number>();
    queued = { players: batch, sent: inFlight.then(() => ((queued = undefined), sendNotices([...batch]))) };
    inFlight = queued.sent;
  }
  queued.players.add(playerId);
  return queued.sent;
}

let inFlight: Promise<void> = Promise.resolve();
let queued: { players: Set<number>; sent: Promise<void> } | undefined;
// A NOTIFY payload holds at most 8,000 bytes: ids go in chunks, several notices in one statement.
const IDS_PER_NOTICE = 500;

async function sendNotices(playerIds: number[]) {
  const payloads: string[] = [];
  for (let i = 0; i < playerIds.length; i += IDS_PER_NOTICE) {
    payloads.push(`${INSTANCE}:${playerIds.slice(i, i + IDS_PER_NOTICE).join(",")}`);
  }
  try {
    await db.execute(
      sql`select pg_notify(${CHANNEL}, p) from unnest(array[${sql.join(
        payloads.map((p) => sql`${p}`),
        sql`, `,
      )}]::text[]) as p`,
    );
  } catch (e) {
    console.error("events: NOTIFY failed", e);
  }
}

/** Calls `listener(playerId)` whenever that player's balance may have changed; returns the unsubscribe function. */
export function subscribeBalance(playerId: number, fn: (playerId: number) => void): () => void {
  const name = topic(playerId);
  emitter.on(name, fn);
  void startListening();
  return () => {
    emitter.off(name, fn);
  };
}

async function startListening() {
  const url = getEnv().DATABASE_URL;
  if (!url || listener || stopped) return;
  // A connection already in flight: wait for it, so readiness means LISTEN has been issued.
  if (connecting) return connecting;
  connecting = (async () => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      const [instance, ids = ""] = msg.payload.split(":");
      if (instance === INSTANCE) return;
      for (const id of ids.split(",")) {
        const playerId = Number(id);
        if (Number.isSafeInteger(playerId) && playerId > 0) emitter.emit(topic(playerId), playerId);
      }
    });
    client.on("error", (e) => {
      console.error("events: LISTEN connection lost", e);
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
      if (!stopped) setTimeout(() => void startListening(), RECONNECT_MS).unref();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      listener = client;
    } catch (e) {
      console.error("events: cannot LISTEN", e);
      await client.end().catch(() => {});
      if (!stopped) setTimeout(() => void startListening(), RECONNECT_MS).unref();
    }
  })().finally(() => {
    connecting = undefined;
  });
  return connecting;
}

/** For tests and shutdown: closes the LISTEN connection. */
export async function stopEventBus() {
  stopped = true;
  await connecting;
  const client = listener;
  listener = undefined;
  await client?.end().catch(() => {});
}

/** Test hook: resolves once the LISTEN connection is up (immediately without DATABASE_URL). */
export async function eventBusReady() {
  stopped = false;
  await startListening();
}
