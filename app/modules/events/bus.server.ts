// Player notices for the one SSE stream of each open page (balance, inbox, chat), the staff chat console and the
// exchange's market pages (a market's prices or status changed).
// In-process EventEmitter; with DATABASE_URL also Postgres LISTEN/NOTIFY on one channel so every app instance
// hears what the others published.
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import pg from "pg";
import { getEnv } from "#app/config/env.server.ts";
import { logDatabaseFailure } from "#app/db/connection-errors.ts";
import { db } from "#app/db/db.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";

const log = rootLog.child({ module: "events" });
const CHANNEL = "balance_changed";
const INSTANCE = randomUUID();
// After the LISTEN connection is lost: the first try at once (a terminated connection, a quick restart), then
// doubling up to every 5 s while the database does not answer.
const RECONNECT_FIRST_MS = 200;
const RECONNECT_MS = 5_000;

/**
 * What happened, for whom. On the wire one short token each: "42" balance of player 42 (the original format),
 * "i42" inbox of player 42, "i*" inbox of every player (a broadcast), "c42" chat of player 42, "s" the staff chat
 * queue, "m7" exchange market 7, "r3" the standings of race 3. Subscribers re-read what they show; a notice carries no data, so nothing private goes
 * through NOTIFY.
 */
export type Notice =
  | { kind: "balance"; playerId: number }
  | { kind: "inbox"; playerId: number | "all" }
  | { kind: "chat"; playerId: number }
  | { kind: "staffChat" }
  | { kind: "market"; marketId: number }
  | { kind: "race"; raceId: number };

const emitter = new EventEmitter();
emitter.setMaxListeners(0);

let listener: pg.Client | undefined;
let connecting: Promise<void> | undefined;
let stopped = false;

function encode(n: Notice): string {
  switch (n.kind) {
    case "balance":
      return String(n.playerId);
    case "inbox":
      return n.playerId === "all" ? "i*" : `i${n.playerId}`;
    case "chat":
      return `c${n.playerId}`;
    case "staffChat":
      return "s";
    case "market":
      return `m${n.marketId}`;
    case "race":
      return `r${n.raceId}`;
  }
}

function decode(token: string): Notice | null {
  if (token === "s") return { kind: "staffChat" };
  if (token === "i*") return { kind: "inbox", playerId: "all" };
  if (token[0] === "m") {
    const marketId = Number(token.slice(1));
    return Number.isSafeInteger(marketId) && marketId > 0 ? { kind: "market", marketId } : null;
  }
  if (token[0] === "r") {
    const raceId = Number(token.slice(1));
    return Number.isSafeInteger(raceId) && raceId > 0 ? { kind: "race", raceId } : null;
  }
  const prefix = token[0] === "i" || token[0] === "c" ? token[0] : "";
  const playerId = Number(token.slice(prefix.length));
  if (!Number.isSafeInteger(playerId) || playerId <= 0) return null;
  return prefix === "i" ? { kind: "inbox", playerId } : prefix === "c" ? { kind: "chat", playerId } : { kind: "balance", playerId };
}

// Emitter topics: one per player (every kind for that player) and one for everyone's inbox and the staff queue.
const playerTopic = (playerId: number) => `player:${playerId}`;
const ALL_TOPIC = "all";
const STAFF_TOPIC = "staff";
const marketTopic = (marketId: number) => `market:${marketId}`;
const raceTopic = (raceId: number) => `race:${raceId}`;

function emitLocal(n: Notice) {
  if (n.kind === "staffChat") emitter.emit(STAFF_TOPIC, n);
  else if (n.kind === "market") emitter.emit(marketTopic(n.marketId), n);
  else if (n.kind === "race") emitter.emit(raceTopic(n.raceId), n);
  else if (n.playerId === "all") emitter.emit(ALL_TOPIC, n);
  else emitter.emit(playerTopic(n.playerId), n);
}

/**
 * Tells this instance's subscribers at once and the other instances through NOTIFY. Call it after the
 * transaction that made the change has committed; a failed NOTIFY is logged, never thrown.
 * One NOTIFY statement is in flight at a time; notices published meanwhile go out together in the next
 * one (a busy casino would otherwise spend a round trip per bet on it). Resolves once that one is sent.
 */
export function publish(notice: Notice): Promise<void> {
  emitLocal(notice);
  if (!getEnv().DATABASE_URL) return Promise.resolve();
  if (!queued) {
    const batch = new Set<string>();
    queued = { tokens: batch, sent: inFlight.then(() => ((queued = undefined), sendNotices([...batch]))) };
    inFlight = queued.sent;
  }
  queued.tokens.add(encode(notice));
  return queued.sent;
}

/** The player's balance may have changed. */
export function publishBalanceChanged(playerId: number): Promise<void> {
  return publish({ kind: "balance", playerId });
}

let inFlight: Promise<void> = Promise.resolve();
let queued: { tokens: Set<string>; sent: Promise<void> } | undefined;
// A NOTIFY payload holds at most 8,000 bytes: tokens go in chunks, several notices in one statement.
const TOKENS_PER_NOTICE = 500;

async function sendNotices(tokens: string[]) {
  const payloads: string[] = [];
  for (let i = 0; i < tokens.length; i += TOKENS_PER_NOTICE) {
    payloads.push(`${INSTANCE}:${tokens.slice(i, i + TOKENS_PER_NOTICE).join(",")}`);
  }
  try {
    await db.execute(
      sql`select pg_notify(${CHANNEL}, p) from unnest(array[${sql.join(
        payloads.map((p) => sql`${p}`),
        sql`, `,
      )}]::text[]) as p`,
    );
  } catch (e) {
    logDatabaseFailure(log, e, "NOTIFY failed");
  }
}

/** Calls `fn(playerId)` whenever that player's balance may have changed; returns the unsubscribe function. */
export function subscribeBalance(playerId: number, fn: (playerId: number) => void): () => void {
  return subscribePlayer(playerId, (n) => {
    if (n.kind === "balance") fn(playerId);
  });
}

/**
 * Every notice for this player (balance, inbox, chat), including inbox broadcasts to everyone; returns the
 * unsubscribe function. This is what one player's event stream listens to.
 */
export function subscribePlayer(playerId: number, fn: (notice: Notice) => void): () => void {
  const name = playerTopic(playerId);
  emitter.on(name, fn);
  emitter.on(ALL_TOPIC, fn);
  void startListening();
  return () => {
    emitter.off(name, fn);
    emitter.off(ALL_TOPIC, fn);
  };
}

/** The staff chat console: any conversation opened, written to, taken or closed. */
export function subscribeStaffChat(fn: () => void): () => void {
  emitter.on(STAFF_TOPIC, fn);
  void startListening();
  return () => {
    emitter.off(STAFF_TOPIC, fn);
  };
}

/** An exchange market's prices or status changed (on any instance); returns the unsubscribe function. */
export function subscribeMarket(marketId: number, fn: (marketId: number) => void): () => void {
  const name = marketTopic(marketId);
  const listener = () => fn(marketId);
  emitter.on(name, listener);
  void startListening();
  return () => {
    emitter.off(name, listener);
  };
}

/** A race's standings changed (on any instance); returns the unsubscribe function. */
export function subscribeRace(raceId: number, fn: (raceId: number) => void): () => void {
  const name = raceTopic(raceId);
  const listener = () => fn(raceId);
  emitter.on(name, listener);
  void startListening();
  return () => {
    emitter.off(name, listener);
  };
}

let failures = 0;
let everListened = false;
let retryTimer: NodeJS.Timeout | undefined;

function retryLater() {
  if (stopped || retryTimer) return;
  const wait = Math.min(RECONNECT_MS, RECONNECT_FIRST_MS * 2 ** failures++);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void startListening();
  }, wait);
  retryTimer.unref();
}

/**
 * After LISTEN came back: whatever was published while it was down was not heard, so every subscriber of this
 * instance is told to re-read what it shows (a notice carries no data; re-reading is what subscribers do anyway).
 */
function resyncSubscribers() {
  for (const topic of emitter.eventNames()) {
    if (typeof topic !== "string") continue;
    if (topic === STAFF_TOPIC) emitter.emit(STAFF_TOPIC, { kind: "staffChat" } satisfies Notice);
    else if (topic.startsWith("market:")) emitter.emit(topic, { kind: "market", marketId: Number(topic.slice(7)) } satisfies Notice);
    else if (topic.startsWith("race:")) emitter.emit(topic, { kind: "race", raceId: Number(topic.slice(5)) } satisfies Notice);
    else if (topic.startsWith("player:")) {
      const playerId = Number(topic.slice(7));
      for (const kind of ["balance", "inbox", "chat"] as const) emitter.emit(topic, { kind, playerId } satisfies Notice);
    }
  }
}

async function startListening() {
  const url = getEnv().DATABASE_URL;
  if (!url || listener || stopped) return;
  // A connection already in flight: wait for it, so readiness means LISTEN has been issued.
  if (connecting) return connecting;
  connecting = (async () => {
    // keepAlive: a connection whose network silently went away (a failover without a reset) is found out and ends.
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 10_000 });
    client.on("notification", (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      const at = msg.payload.indexOf(":");
      if (at < 0 || msg.payload.slice(0, at) === INSTANCE) return;
      for (const token of msg.payload.slice(at + 1).split(",")) {
        const notice = decode(token);
        if (notice) emitLocal(notice);
      }
    });
    // A lost connection says so once or twice (the server's message, then the socket's end): reconnect once.
    let lost = false;
    const onLost = (why: string) => {
      lost = true;
      if (listener !== client) return;
      log.error(`the LISTEN connection was lost (${why}); reconnecting`);
      listener = undefined;
      client.end().catch(() => {});
      retryLater();
    };
    client.on("error", (e) => onLost(e.message));
    client.on("end", () => onLost("it ended"));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      // Lost between the LISTEN's answer and here: try again rather than keep a dead connection.
      if (lost) throw new Error("the connection was lost right after LISTEN");
      if (stopped) {
        await client.end().catch(() => {});
        return;
      }
      listener = client;
      failures = 0;
      if (everListened) {
        log.info("LISTEN is back");
        resyncSubscribers();
      }
      everListened = true;
    } catch (e) {
      log.error(`cannot LISTEN (${e instanceof Error ? e.message : String(e)}); trying again`);
      await client.end().catch(() => {});
      retryLater();
    }
  })().finally(() => {
    connecting = undefined;
  });
  return connecting;
}

/** For tests and shutdown: closes the LISTEN connection. */
export async function stopEventBus() {
  stopped = true;
  clearTimeout(retryTimer);
  retryTimer = undefined;
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
