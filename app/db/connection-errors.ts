// Errors that say the database connection went away (a restart, a failover, an administrator's pg_terminate_backend,
// the server not answering yet) rather than that a statement was wrong. The request that met one gets a 503 (see
// app/utils/unavailable.server.ts), the process goes on, and the pool opens new connections for the next requests.

/** SQLSTATEs of a lost or refused connection: class 08 (connection exception) and the shutdown codes of class 57. */
const LOST_STATES = /^(08[0-9A-Z]{3}|57P0[1-4]|53300)$/;
// 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now (the
// server is starting or in recovery), 57P04 database_dropped, 53300 too_many_connections.

/** Socket errors while connecting or talking to the server. */
const LOST_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ENOTFOUND"]);

/** What node-postgres (and pg-pool) say when a connection ended under a query or cannot be had. */
const LOST_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
  "timeout expired", // a client's connectionTimeoutMillis passed before the server answered
  "terminating connection due to administrator command",
  "the database system is",
];

function isLost(e: object): boolean {
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (LOST_STATES.test(code) || LOST_ERRNOS.has(code))) return true;
  return typeof message === "string" && LOST_MESSAGES.some((m) => message.startsWith(m));
}

/**
 * Whether `error` (or what it wraps: Drizzle puts the driver's error in `cause`, a refused connection to a host with
 * several addresses is an AggregateError) is a lost or refused database connection.
 */
export function isConnectionLost(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length > 0 && seen.size < 20) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    if (isLost(e)) return true;
    queue.push((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
  return false;
}

type FailureLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Logs a background database call that failed (a NOTIFY, a read for a live panel): a lost connection is expected now
 * and then (a restart, a failover; the pool opens a new one for the next call), so it is a warning; anything else is
 * an error.
 */
export function logDatabaseFailure(log: FailureLog, error: unknown, what: string, fields: object = {}) {
  if (isConnectionLost(error)) log.warn({ ...fields, err: error }, `${what}: database connection lost`);
  else log.error({ ...fields, err: error }, what);
}
