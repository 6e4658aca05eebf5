// The server's one logger (pino). Every server module logs through a child of `log` that names its domain:
//
//   const log = rootLog.child({ module: "payments" });
//   log.info(`deposit ${id} credited`);
//   log.error({ err: e, invoice }, "the refund failed; finance must refund it by hand");
//
// Levels: debug, info, warn, error (and silent). LOG_LEVEL sets the lowest one written; unset, it is warn under
// tests, debug in development and info otherwise. debug and info go to stdout, warn and error to stderr, as
// console.log and console.error did. In production (stdout not a terminal) each record is one JSON line; in
// development, under tests or on a terminal it is one readable line, `12:04:05.123 ERROR [payments] message key=value`,
// followed by the stack of an error. Errors are serialised under `err` with their type, message, stack and causes.
// Tests can read what was logged with captureLogs().
import pino, { type DestinationStream, type Logger } from "pino";
import { isDomainError, refusalLogFields } from "./domain-error.ts";

export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type { Logger };

/** One record as written: the level's name, the time (ISO), the message, the bindings and fields (err serialised). */
export type LogRecord = { level: Exclude<LogLevel, "silent">; time: string; msg?: string; module?: string; [field: string]: unknown };

const WARN = 40;

export function isLogLevel(value: unknown): value is LogLevel {
  return (LOG_LEVELS as readonly unknown[]).includes(value);
}

/** LOG_LEVEL when it names a level (app/config/env.server.ts refuses any other value); otherwise warn under tests (errors still show), debug in development, info elsewhere. */
export function defaultLogLevel(source: { LOG_LEVEL?: string; NODE_ENV?: string }): LogLevel {
  if (isLogLevel(source.LOG_LEVEL)) return source.LOG_LEVEL;
  if (source.NODE_ENV === "test") return "warn";
  return source.NODE_ENV === "development" ? "debug" : "info";
}

const PRETTY_SKIPPED = new Set(["level", "time", "msg", "module", "err", "pid", "hostname"]);

/** A JSON line as one readable line (plus the error's stack, indented, when there is one). */
export function prettyLine(line: string): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line;
  }
  const time = typeof record.time === "string" ? record.time.slice(11, 23) : "";
  const parts = [time, String(record.level).toUpperCase().padEnd(5)];
  if (record.module) parts.push(`[${record.module}]`);
  if (record.msg !== undefined) parts.push(record.msg);
  for (const [key, value] of Object.entries(record)) {
    if (!PRETTY_SKIPPED.has(key)) parts.push(`${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  }
  const err = record.err as { message?: string; stack?: string } | string | undefined;
  let tail = "";
  if (err && typeof err === "object") tail = `\n    ${(err.stack ?? err.message ?? JSON.stringify(err)).replaceAll("\n", "\n    ")}`;
  else if (err !== undefined) tail = ` err=${JSON.stringify(err)}`;
  return `${parts.filter(Boolean).join(" ")}${tail}\n`;
}

/** An error's type, message and stack; a refusal (DomainError) by its code and key, never the values shown with it. */
function serializeError(e: unknown) {
  if (!isDomainError(e)) return pino.stdSerializers.err(e as Error);
  return { type: e.name, message: e.message, stack: e.stack, ...refusalLogFields(e) };
}

/**
 * A logger writing to `destination`. The app's logger is `log` below; tests build their own with a stream they read.
 * A destination marked with pino's metadata symbol learns each record's level number (`lastLevel`) before its write.
 */
export function createLogger(options: { level?: LogLevel; destination: DestinationStream }): Logger {
  return pino(
    {
      level: options.level ?? "info",
      // The level's name ("error") instead of its number, and an ISO time, so a line reads without a table.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError, error: serializeError },
    },
    options.destination,
  );
}

type Sink = (line: string, level: number) => void;

const pretty = process.stdout.isTTY === true || process.env.NODE_ENV !== "production";
const consoleSink: Sink = (line, level) => (level >= WARN ? process.stderr : process.stdout).write(pretty ? prettyLine(line) : line);
let sink: Sink = consoleSink;

// The one destination of the app's logger: it passes each line to the current sink, so captureLogs can swap it
// after the modules have made their children.
const destination = {
  [Symbol.for("pino.metadata")]: true as const,
  lastLevel: 0,
  write(line: string) {
    sink(line, this.lastLevel);
  },
};

/** The app's root logger. Modules take a child naming their domain: `log.child({ module: "payments" })`. */
export const log: Logger = createLogger({ level: defaultLogLevel(process.env), destination: destination as unknown as DestinationStream });

export type CapturedLogs = {
  /** Every record logged at `level` or above since captureLogs was called, in order. */
  records: LogRecord[];
  /** The messages of those records (optionally only at one level). */
  messages(level?: LogRecord["level"]): string[];
  /** Back to the previous output and level. */
  restore(): void;
};

/**
 * Tests: collects what the app's logger writes (its children included) instead of printing it. `level` lowers or
 * raises the threshold while capturing (default debug: everything); `echo` picks records still to print.
 */
export function captureLogs(options: { level?: LogLevel; echo?: (record: LogRecord) => boolean } = {}): CapturedLogs {
  const records: LogRecord[] = [];
  const previous = { sink, level: log.level };
  sink = (line, level) => {
    const record = JSON.parse(line) as LogRecord;
    records.push(record);
    if (options.echo?.(record)) previous.sink(line, level);
  };
  // Children made without a level of their own follow their parent's.
  log.level = options.level ?? "debug";
  return {
    records,
    messages: (level) => records.filter((r) => level === undefined || r.level === level).map((r) => r.msg ?? ""),
    restore() {
      sink = previous.sink;
      log.level = previous.level;
    },
  };
}
